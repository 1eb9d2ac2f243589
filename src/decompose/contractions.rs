//! Stage 3 — decompose: contractions as questions are typed.
//!
//! A search box gets "whats the refund window …", "what cant I eat" and
//! "what's the refund window …, and can I …": apostrophes dropped, and the
//! question word contracted with its verb. The splitter and the frame read a
//! question word followed by its auxiliary, and a negation with its
//! apostrophe ("can't"); [`expand`] writes the typed forms out before they
//! read the question: a question word's "s"/"'s" as "is" ("whats" → "what
//! is"), a negation typed without its apostrophe with it ("cant" → "can't").
//!
//! Guarantees: only whole words of the two tables (any case) are rewritten,
//! with the first letter's case kept; every other character is copied as it
//! is, so text without such a word (and any Chinese text) comes back
//! unchanged.

use crate::analyze::fold::Lower;

/// Question words that contract with "is" ("what's", typed "whats").
const QUESTION_WORDS: &[&str] = &["what", "where", "who", "how", "when", "why"];

/// Negations typed without their apostrophe, and the place it goes (before
/// the final "t").
const NEGATIONS: &[&str] = &[
    "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "wont", "couldnt",
    "shouldnt", "wouldnt", "havent", "hasnt", "hadnt",
];

/// The written-out form of one typed word, when it is a contraction.
fn written_out(word: &str) -> Option<String> {
    let lower = word.lower();
    let bare = lower
        .strip_suffix("'s")
        .or_else(|| lower.strip_suffix("’s"))
        .or_else(|| lower.strip_suffix('s'))
        .filter(|w| QUESTION_WORDS.contains(w));
    let out = match bare {
        Some(wh) => format!("{wh} is"),
        None if NEGATIONS.contains(&lower.as_str()) => {
            let stem = lower.strip_suffix('t')?;
            format!("{stem}'t")
        }
        None => return None,
    };
    Some(cased_as(word, out))
}

/// `out` with its first letter in the case of the typed `word`'s (both
/// ASCII): "Whats" → "What is", "Prod" → "Production".
pub(super) fn cased_as(word: &str, mut out: String) -> String {
    if word.starts_with(|c: char| c.is_ascii_uppercase()) {
        if let Some(first) = out.get_mut(..1) {
            first.make_ascii_uppercase();
        }
    }
    out
}

/// `question` with its typed contractions written out.
pub fn expand(question: &str) -> String {
    rewrite_words(question, written_out)
}

/// `text` with each word (ASCII letters, and an apostrophe inside) replaced
/// by what `rewrite` gives for it, when it gives something; every other
/// character copied as it is.
pub(super) fn rewrite_words(text: &str, rewrite: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match rewrite(word) {
            Some(w) => out.push_str(&w),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        let inside = c.is_ascii_alphabetic() || (!word.is_empty() && matches!(c, '\'' | '’'));
        if inside {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::expand;

    #[test]
    fn typed_contractions_are_written_out() {
        for (typed, want) in [
            (
                "whats the refund window for electronics",
                "what is the refund window for electronics",
            ),
            ("What's the window?", "What is the window?"),
            ("Where’s the office", "Where is the office"),
            ("what cant i eat", "what can't i eat"),
            ("Dont I get cash?", "Don't I get cash?"),
            (
                "whos the drummer, hows it going",
                "who is the drummer, how is it going",
            ),
        ] {
            assert_eq!(expand(typed), want, "{typed}");
        }
    }

    #[test]
    fn other_words_are_copied() {
        for text in [
            "What is the refund window?",
            "Whatsapp support hours",
            "the cantor's house",
            "Do the agents' logs rotate?",
            "今年境内差旅报销的提交期限",
            "what can't I eat",
        ] {
            assert_eq!(expand(text), text);
        }
    }
}
