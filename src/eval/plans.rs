//! What a report planned and what its answer states, read off the report
//! as a host would see it: chains, compare steps, the bridge value, the gold
//! answer in the answer text, and the number of hops.
//!
//! Guarantees: answers are compared after the usual reading-comprehension
//! normalization (lowercase, no punctuation, no English articles, single
//! spaces; CJK text without spaces), only against the value part of the
//! answer's lines (after " — ", without the `[citation]`s), never against the
//! gap lines or the question echoed before the value.

use super::datasets::Question;
use crate::model::{Report, Slot, TaskKind, Value};

/// The plan-shape facts of one report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlanFacts {
    /// A retrieval step depends on another retrieval step's value.
    pub chain: bool,
    /// The plan has a compare (or compute) step.
    pub compare: bool,
    /// A step's value is one of the gold passages' titles (the bridge).
    pub bridge_stated: bool,
    /// The gold answer is in the answer text's value part (and, when the
    /// question is a choice between two gold pages, the other one is not; a
    /// chain's answer names its bridge page by design).
    pub answer_has_gold: bool,
    /// Retrieval steps on the longest dependency path.
    pub hops: usize,
}

/// Lowercase, punctuation removed, articles dropped, spaces collapsed.
pub fn normalize(text: &str) -> String {
    let lower = text.to_lowercase();
    let cleaned: String = lower
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let words: Vec<&str> = cleaned
        .split_whitespace()
        .filter(|w| !matches!(*w, "a" | "an" | "the"))
        .collect();
    let joined = words.join(" ");
    if joined.chars().any(crate::analyze::is_cjk) {
        joined.chars().filter(|c| !c.is_whitespace()).collect()
    } else {
        joined
    }
}

/// The value part of an answer: each supported line after " — ", without
/// citations; gap lines are left out.
pub fn value_part(answer: &str) -> String {
    let gap = [
        "I couldn't find documented information on",
        "Could not confirm",
        "未能找到以下内容的资料",
        "找到了相关资料，但无法确认",
    ];
    answer
        .lines()
        .filter(|l| !gap.iter().any(|g| l.starts_with(g)))
        .map(|l| {
            let value = l.split_once(" — ").map_or(l, |(_, v)| v);
            strip_citations(value)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text without `[citations]` and without quoted evidence (“…”): a
/// stated value is judged by the value, not by the sentence quoted after it.
fn strip_citations(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '[' | '“' => depth += 1,
            ']' | '”' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn contains(hay: &str, needle: &str) -> bool {
    let needle = normalize(needle);
    if needle.is_empty() {
        return false;
    }
    if needle.chars().any(crate::analyze::is_cjk) {
        return hay.contains(&needle);
    }
    format!(" {hay} ").contains(&format!(" {needle} "))
}

fn is_retrieval(s: &Slot) -> bool {
    s.kind.retrieves()
}

/// Retrieval steps on the longest dependency path ending at `slot`.
fn depth(slot: &Slot, slots: &[Slot], seen: usize) -> usize {
    if seen > slots.len() {
        return 0;
    }
    let own = usize::from(is_retrieval(slot));
    let below = slot
        .depends_on
        .iter()
        .filter_map(|d| slots.iter().find(|s| s.id == *d))
        .map(|s| depth(s, slots, seen + 1))
        .max()
        .unwrap_or(0);
    own + below
}

/// The facts of one report for one question.
pub fn facts(report: &Report, q: &Question) -> PlanFacts {
    let slots = &report.slots;
    let chain = slots.iter().any(|s| {
        is_retrieval(s)
            && s.depends_on
                .iter()
                .any(|d| slots.iter().any(|o| o.id == *d && is_retrieval(o)))
    });
    let compare = slots
        .iter()
        .any(|s| matches!(s.kind, TaskKind::Compare | TaskKind::Compute));
    let gold_titles: Vec<String> = q.gold.iter().map(|g| normalize(&g.id)).collect();
    let bridge_stated = slots.iter().any(|s| match &s.value {
        Some(Value::Entity { id, .. }) | Some(Value::Document { id, .. }) => {
            gold_titles.contains(&normalize(id))
        }
        _ => false,
    });
    let values = normalize(&value_part(&report.answer));
    let others: Vec<&str> = q
        .gold
        .iter()
        .map(|g| g.id.as_str())
        .filter(|t| q.answers.iter().all(|a| normalize(a) != normalize(t)))
        .collect();
    // A choice between the gold pages ("Who is older, A or B?"): naming both
    // is no answer. A bridge question whose answer is its second page's
    // title ("… the former CEO of which company?" — Viglen) is answered by
    // naming the bridge first ("Bordan Tkachuk … the former CEO of Viglen").
    let is_candidate = q.kind.as_deref() != Some("bridge")
        && q.answers
            .iter()
            .any(|a| q.gold.iter().any(|g| normalize(&g.id) == normalize(a)));
    let answer_has_gold = q.answers.iter().any(|a| contains(&values, a))
        && !(is_candidate && others.iter().any(|o| contains(&values, o)));
    let hops = slots.iter().map(|s| depth(s, slots, 0)).max().unwrap_or(0);
    PlanFacts {
        chain,
        compare,
        bridge_stated,
        answer_has_gold,
        hops,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_normalized_and_read_from_the_value_part() {
        assert_eq!(
            normalize("The Seduction of Hillary Rodham!"),
            "seduction of hillary rodham"
        );
        assert_eq!(normalize("4 分钟"), "4分钟");
        let answer = "In what year was X born? — He was born in 1961. [Scott Travis]\n\
                      I couldn't find documented information on: who is 1999?";
        let v = normalize(&value_part(answer));
        assert!(contains(&v, "1961"));
        assert!(!contains(&v, "1999"), "gap lines are not values");
        assert!(!contains(&v, "Scott Travis"), "citations are not values");
        assert!(!contains(&v, "196"), "whole words only");
        let q = |kind: &str| Question {
            id: "q".into(),
            question: String::new(),
            kind: Some(kind.into()),
            gold: ["Bordan Tkachuk", "Viglen"]
                .iter()
                .map(|t| super::super::datasets::Gold {
                    id: (*t).into(),
                    gain: 1.0,
                })
                .collect(),
            answers: vec!["Viglen".into()],
            hops: 0,
        };
        let report = |answer: &str| -> Report {
            serde_json::from_value(serde_json::json!({
                "question": "", "slots": [], "waves": [], "context": [],
                "coverage": {"asked": 1, "answered": 1},
                "answer": answer, "trace": [], "elapsed_us": 0
            }))
            .expect("a report")
        };
        let both = report("Which company? — Bordan Tkachuk [a]; the former CEO of Viglen [b]");
        // A chain names its bridge and its answer: the answer holds.
        assert!(facts(&both, &q("bridge")).answer_has_gold);
        // A choice that names both candidates does not answer.
        assert!(!facts(&both, &q("comparison")).answer_has_gold);
        assert!(facts(&report("Which? — Viglen [b]"), &q("comparison")).answer_has_gold);
        let quoted = "When? — 1961 (“born 1961 in Marrero, Louisiana”) [Scott Travis]";
        let v = normalize(&value_part(quoted));
        assert!(
            contains(&v, "1961") && !contains(&v, "Marrero"),
            "quotes are not values"
        );
    }
}
