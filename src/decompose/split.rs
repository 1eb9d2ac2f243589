//! Stage 3 — decompose: resolving the speaker and splitting compound questions.
//!
//! Guarantees: first person is replaced only by the scope's user (never
//! guessed); a question is split only at a question mark or at a conjunction
//! followed by an interrogative — a plain list ("Priya eats fish and does not
//! eat meat") is never split, and no part shorter than two words is produced.

/// English interrogative words that open a new question.
const WH: &[&str] = &[
    "how", "what", "when", "where", "which", "who", "whom", "whose", "why",
];
/// Auxiliaries that open a yes/no question when followed by a subject.
const AUX: &[&str] = &[
    "are", "can", "could", "did", "do", "does", "has", "have", "is", "may", "might", "must",
    "should", "was", "were", "will", "would",
];
const CONJ: &[&str] = &["and", "but", "also", "plus"];
const NEGATION: &[&str] = &["not", "never", "n't", "no"];

/// Replaces first-person words with the scope's user.
pub fn resolve_person(question: &str, user: Option<&str>) -> String {
    let Some(user) = user.map(str::trim).filter(|u| !u.is_empty()) else {
        return question.to_string();
    };
    let mut out = String::with_capacity(question.len() + 16);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let replaced = match word.as_str() {
            "I" | "me" | "Me" | "ME" | "myself" | "Myself" => Some(user.to_string()),
            "my" | "My" | "MY" | "mine" | "Mine" => Some(format!("{user}'s")),
            _ => None,
        };
        out.push_str(replaced.as_deref().unwrap_or(word));
        word.clear();
    };
    let chars: Vec<char> = question.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_alphabetic() {
            word.push(c);
            continue;
        }
        flush(&mut word, &mut out);
        if c == '我' && chars.get(i + 1) != Some(&'们') {
            out.push_str(user);
        } else {
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Splits on question marks (ASCII and fullwidth), keeping the mark.
fn split_marks(question: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for c in question.chars() {
        current.push(c);
        if c == '?' || c == '？' {
            parts.push(std::mem::take(&mut current));
        }
    }
    parts.push(current);
    parts
        .into_iter()
        .map(|p| {
            p.trim()
                .trim_start_matches([',', '，', ';', '；'])
                .trim()
                .to_string()
        })
        .filter(|p| p.chars().any(char::is_alphanumeric))
        .collect()
}

fn bare(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
        .to_ascii_lowercase()
}

/// Splits one clause at "conjunction + interrogative".
fn split_conjunctions(clause: &str) -> Vec<String> {
    let words: Vec<(usize, &str)> = clause
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - clause.as_ptr() as usize, w))
        .collect();
    let asks = clause.trim_end().ends_with('?');
    let mut cuts = Vec::new();
    for (i, (pos, w)) in words.iter().enumerate() {
        if i < 2 || !CONJ.contains(&bare(w).as_str()) {
            continue;
        }
        let next = words.get(i + 1).map(|(_, w)| bare(w)).unwrap_or_default();
        let after = words.get(i + 2).map(|(_, w)| bare(w)).unwrap_or_default();
        let opens = WH.contains(&next.as_str())
            || (asks
                && AUX.contains(&next.as_str())
                && !after.is_empty()
                && !NEGATION.contains(&after.as_str())
                && !after.ends_with("n't"));
        if opens && words.len() - i > 2 {
            cuts.push(*pos);
        }
    }
    if cuts.is_empty() {
        return vec![clause.to_string()];
    }
    let mut parts = Vec::new();
    let mut start = 0;
    for cut in cuts {
        let left = clause.get(start..cut).unwrap_or("");
        parts.push(left.to_string());
        // Skip the conjunction itself.
        let rest = clause.get(cut..).unwrap_or("");
        let skip = rest.find(char::is_whitespace).unwrap_or(rest.len());
        start = cut + skip;
    }
    parts.push(clause.get(start..).unwrap_or("").to_string());
    parts
        .into_iter()
        .map(|p| {
            let p = p.trim().trim_end_matches([',', ';']).trim().to_string();
            if asks && !p.ends_with('?') {
                format!("{p}?")
            } else {
                p
            }
        })
        .filter(|p| p.split_whitespace().count() >= 2)
        .collect()
}

/// Splits a question into clauses (one clause for a simple question).
pub fn clauses(question: &str) -> Vec<String> {
    split_marks(question)
        .iter()
        .flat_map(|c| split_conjunctions(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_004_resolves_and_splits() {
        let q = resolve_person("where do I work and what should I not eat?", Some("Priya"));
        assert_eq!(q, "where do Priya work and what should Priya not eat?");
        assert_eq!(
            clauses(&q),
            vec!["where do Priya work?", "what should Priya not eat?"]
        );
    }

    #[test]
    fn plain_lists_are_not_split() {
        assert_eq!(
            clauses("Priya eats fish and does not eat meat"),
            vec!["Priya eats fish and does not eat meat"]
        );
        assert_eq!(
            clauses("Is tea and coffee allowed?"),
            vec!["Is tea and coffee allowed?"]
        );
        assert_eq!(
            clauses("Do cats and dogs eat fish?"),
            vec!["Do cats and dogs eat fish?"]
        );
    }

    #[test]
    fn seed_003_splits_before_auxiliary_question() {
        assert_eq!(
            clauses("What is the refund window for electronics, and can I get cash instead of store credit?"),
            vec!["What is the refund window for electronics?", "can I get cash instead of store credit?"]
        );
    }

    #[test]
    fn seed_002_splits_on_question_marks() {
        let q = "今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?";
        assert_eq!(
            clauses(q),
            vec![
                "今年境内差旅报销的提交期限比去年缩短了多少?",
                "境内报销审批后多久付款?",
                "境外的提交期限也与境内一样吗?"
            ]
        );
    }

    #[test]
    fn first_person_only_with_a_user() {
        assert_eq!(resolve_person("where do I work?", None), "where do I work?");
        assert_eq!(
            resolve_person("我的经理是谁？我们呢", Some("Priya")),
            "Priya的经理是谁？我们呢"
        );
        assert_eq!(
            resolve_person("Is my iPhone covered?", Some("Sam")),
            "Is Sam's iPhone covered?"
        );
    }

    #[test]
    fn odd_input_does_not_panic() {
        for q in [
            "",
            "?",
            "and",
            "and what",
            "??and what?",
            "a and b and c and what is it?",
            "é and which ü?",
        ] {
            let _ = clauses(q);
            let _ = resolve_person(q, Some("X"));
        }
    }
}
