//! Stage 3 — decompose: a misspelt question word.
//!
//! People type fast: "wher do I work?", "waht is the restocking fee?", "…,
//! adn can I get cash?". A question word no passage writes sinks its part
//! ("no passage mentions \"wher\"") and hides what the question asks (a
//! place, a thing, a second part). [`correct`] writes such a word as the
//! question word it misspells.
//!
//! Guarantees: a word is rewritten only when all of these hold —
//! - it stands where a question word stands: first in the question or in a
//!   clause (after `,` `;` `:` `?` `!` or a dash), or after a connective
//!   ("and", "or", "but", "also", "plus", "then", "so") or a question word
//!   ("what *shoud* I avoid");
//! - it has three letters or more, ASCII letters only, and is no question
//!   word, no stop word ("here" is not "where"), no verb the lexicon knows
//!   ("show me …" is not "how me") and no word the corpus writes;
//! - exactly one of [`QUESTION_WORDS`] is one letter added, one dropped or
//!   two neighbours swapped away (never a changed letter; "hwo" is as near
//!   to "how" as to "who": kept as typed).
//!
//! Every other character is copied as it is; the first letter's case is
//! kept.

use super::contractions::cased_as;
use crate::analyze;
use crate::analyze::edit::{edit_of, Edits};
use crate::analyze::lexicon;

/// The words that open a question or its parts, and the connective that
/// joins parts: what a misspelling is read as.
const QUESTION_WORDS: &[&str] = &[
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "does", "did",
    "should", "could", "would", "can", "will", "have", "has", "are", "was", "were", "and",
];

/// Words after which a question word may follow.
const CONNECTIVES: &[&str] = &["and", "or", "but", "also", "plus", "then", "so"];

/// Shortest word read as a misspelt question word: "hw" or "wo" could be
/// too many things.
const MIN_CHARS: usize = 3;

/// `question` with each misspelt question word written as the question
/// word it misspells (see the module's guarantees); `writes(word)` says
/// whether the corpus writes a word.
pub fn correct(question: &str, writes: impl Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(question.len());
    let mut copied = 0;
    // Whether a question word may stand at the next word.
    let mut opens = true;
    let mut at = 0;
    while let Some(rest) = question.get(at..) {
        let Some(c) = rest.chars().next() else {
            break;
        };
        if !c.is_ascii_alphabetic() {
            if matches!(c, ',' | ';' | ':' | '?' | '!' | '—' | '–') {
                opens = true;
            } else if !c.is_whitespace() && c != '-' {
                opens = false;
            }
            at += c.len_utf8();
            continue;
        }
        let len = rest
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '\'' && c != '’')
            .unwrap_or(rest.len());
        let word = rest.get(..len).unwrap_or(rest);
        let lower = word.to_ascii_lowercase();
        let fix = if opens {
            misspelt(&lower, &writes)
        } else {
            None
        };
        if let Some(meant) = fix {
            out.push_str(question.get(copied..at).unwrap_or(""));
            out.push_str(&cased_as(word, meant.to_string()));
            copied = at + len;
        }
        let read = fix.unwrap_or(&lower);
        opens = CONNECTIVES.contains(&read) || QUESTION_WORDS.contains(&read);
        at += len;
    }
    out.push_str(question.get(copied..).unwrap_or(""));
    out
}

/// The one question word `word` (lowercase) misspells, if any.
fn misspelt(word: &str, writes: &impl Fn(&str) -> bool) -> Option<&'static str> {
    if word.len() < MIN_CHARS
        || !word.bytes().all(|b| b.is_ascii_lowercase())
        || QUESTION_WORDS.contains(&word)
        || analyze::is_stop_word(word)
        || lexicon::is_verb(word)
        || writes(word)
    {
        return None;
    }
    let typed: Vec<char> = word.chars().collect();
    let mut near = QUESTION_WORDS.iter().filter(|q| {
        let q: Vec<char> = q.chars().collect();
        edit_of(&typed, &q, Edits::KeepingLetters)
    });
    match (near.next(), near.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::correct;

    fn fixed(q: &str) -> String {
        // A corpus that writes only these words.
        correct(q, |w| ["hat", "fee", "cold"].contains(&w))
    }

    #[test]
    fn a_misspelt_question_word_is_read_where_one_stands() {
        for (typed, want) in [
            ("wher do I work?", "where do I work?"),
            ("Waht is the fee?", "What is the fee?"),
            ("whta should I avoid eating", "what should I avoid eating"),
            ("what shoud I avoid", "what should I avoid"),
            (
                "How long is it, adn can I get cash?",
                "How long is it, and can I get cash?",
            ),
            (
                "the fee; wich port is open?",
                "the fee; which port is open?",
            ),
            ("and wehn does it start", "and when does it start"),
        ] {
            assert_eq!(fixed(typed), want, "{typed}");
        }
    }

    #[test]
    fn a_word_elsewhere_or_two_ways_near_is_kept() {
        for typed in [
            // Not where a question word stands.
            "can I return the wat I bought?",
            // Near to "how" and to "who".
            "hwo do I deploy?",
            // A stop word, a verb, a word the corpus writes, a short word.
            "here is the fee?",
            "show me the fee",
            "cold drinks, hat sizes?",
            "wo is it?",
            // A question word as typed; another script.
            "Where is it?",
            "退款多久？",
        ] {
            assert_eq!(fixed(typed), typed);
        }
    }
}
