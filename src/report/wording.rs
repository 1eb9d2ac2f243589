//! Reader-facing grammar of the parts' questions.
//!
//! Decomposition puts the scope's user in place of "I" and "my", which
//! leaves the auxiliary in the first person ("where do Priya work?"). After
//! execution, [`agree`] makes an auxiliary next to the user's name agree
//! with it ("where does Priya work?", "Priya has …", "is Priya …"), in each
//! slot's question and label, so the cards and the answer read as English.
//!
//! Guarantees: only whole words are rewritten, only an auxiliary directly
//! before or after the user's name, and the case of its first letter is kept;
//! a question without the name, or a scope without a user, is unchanged.

use crate::analyze::fold::Lower;
use crate::decompose::frame;
use crate::model::Slot;

/// First-person auxiliary → third-person singular.
const AGREE: &[(&str, &str)] = &[
    ("am", "is"),
    ("are", "is"),
    ("do", "does"),
    ("have", "has"),
    ("were", "was"),
    ("aren't", "isn't"),
    ("don't", "doesn't"),
    ("haven't", "hasn't"),
    ("weren't", "wasn't"),
];

/// True when `word` defers the verb after its subject ("does", "can"),
/// negated too ("doesn't", "can't", "won't", "cannot").
fn defers(word: &str) -> bool {
    let lower = word.lower().replace('’', "'");
    let base = match lower.strip_suffix("n't") {
        Some("ca") => "can",
        Some("wo") => "will",
        Some("sha") => "shall",
        Some(b) => b,
        None if lower == "cannot" => "can",
        None => lower.as_str(),
    };
    frame::DEFERRING.contains(&base)
}

/// Makes the auxiliaries next to `user` agree with it in every slot.
pub fn agree(slots: &mut [Slot], user: Option<&str>) {
    let Some(user) = user.map(str::trim).filter(|u| !u.is_empty()) else {
        return;
    };
    // As the question was written with it ("priya" → "Priya").
    let user = crate::decompose::user_as_name(user);
    for slot in slots {
        slot.question = agree_text(&slot.question, &user);
        if let Some(label) = slot.label.as_mut() {
            *label = agree_text(label, &user);
        }
    }
}

/// `text` with each auxiliary directly before or after `user` (one space
/// apart) in the third person singular; not before a compound subject
/// ("do Priya and Sam").
pub fn agree_text(text: &str, user: &str) -> String {
    let pieces = split_words(text);
    let word = |i: usize| pieces.get(i).filter(|p| p.word).map(|p| p.text);
    let space = |i: usize| pieces.get(i).is_some_and(|p| p.text == " ");
    let is_user = |i: usize| word(i) == Some(user);
    let compound = |i: usize| {
        matches!(
            word(i).map(crate::analyze::fold::lower_str).as_deref(),
            Some("and" | "or")
        )
    };
    let mut out = String::with_capacity(text.len() + 8);
    for (i, p) in pieces.iter().enumerate() {
        // words alternate with the gaps between them: a neighbour word is two away
        let before = is_user(i + 2) && space(i + 1) && !(space(i + 3) && compound(i + 4));
        // (Not the verb of an inverted question: "does Priya have", "can
        // Priya have" keep the base form.)
        let inverted = i >= 4 && space(i - 3) && word(i - 4).is_some_and(defers);
        let after = i >= 2 && is_user(i - 2) && space(i - 1) && !inverted;
        let replaced = (p.word && (before || after))
            .then(|| third_person(p.text))
            .flatten();
        out.push_str(replaced.as_deref().unwrap_or(p.text));
    }
    out
}

fn third_person(word: &str) -> Option<String> {
    let lower = word.lower();
    let (_, to) = AGREE.iter().find(|(from, _)| *from == lower)?;
    let mut to = (*to).to_string();
    if word.chars().next().is_some_and(char::is_uppercase) {
        // AGREE's words are ASCII: no Unicode case table is needed.
        if let Some(first) = to.get_mut(..1) {
            first.make_ascii_uppercase();
        }
    }
    Some(to)
}

struct Piece<'a> {
    text: &'a str,
    word: bool,
}

/// `text` as alternating runs of word characters and of anything else.
fn split_words(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut current: Option<bool> = None;
    for (i, c) in text.char_indices() {
        let word = c.is_alphanumeric() || c == '\'' || c == '-';
        if current.is_some_and(|w| w != word) {
            out.push(Piece {
                text: &text[start..i],
                word: current == Some(true),
            });
            start = i;
        }
        current = Some(word);
    }
    if start < text.len() {
        out.push(Piece {
            text: &text[start..],
            word: current == Some(true),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::agree_text;

    #[test]
    fn the_auxiliary_agrees_with_the_user() {
        assert_eq!(
            agree_text("where do Priya work?", "Priya"),
            "where does Priya work?"
        );
        assert_eq!(
            agree_text("Do Priya and Sam share a desk?", "Priya"),
            "Do Priya and Sam share a desk?"
        );
        assert_eq!(
            agree_text("what should Priya not eat?", "Priya"),
            "what should Priya not eat?"
        );
        assert_eq!(
            agree_text("Priya have a refund pending", "Priya"),
            "Priya has a refund pending"
        );
        assert_eq!(
            agree_text("am Priya on call?", "Priya"),
            "is Priya on call?"
        );
        assert_eq!(
            agree_text("Do Priya have any allergies?", "Priya"),
            "Does Priya have any allergies?"
        );
        assert_eq!(
            agree_text("what food can Priya have", "Priya"),
            "what food can Priya have"
        );
        // Negated auxiliaries: "don't" agrees, and any of them defers.
        for (q, want) in [
            ("what food can't Priya have?", "what food can't Priya have?"),
            (
                "what food cannot Priya have?",
                "what food cannot Priya have?",
            ),
            ("what won't Priya have", "what won't Priya have"),
            ("what don't Priya have?", "what doesn't Priya have?"),
            ("why aren't Priya on call?", "why isn't Priya on call?"),
            ("Priya haven't a desk", "Priya hasn't a desk"),
        ] {
            assert_eq!(agree_text(q, "Priya"), want, "{q}");
        }
    }

    #[test]
    fn other_words_and_names_stay() {
        assert_eq!(
            agree_text("where do Priyanka work?", "Priya"),
            "where do Priyanka work?"
        );
        assert_eq!(
            agree_text("where do we work?", "Priya"),
            "where do we work?"
        );
        assert_eq!(
            agree_text("undo Priya's change", "Priya"),
            "undo Priya's change"
        );
        assert_eq!(agree_text("", "Priya"), "");
    }
}
