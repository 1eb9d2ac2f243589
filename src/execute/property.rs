//! Stage 6 — execute: the property a "what is X's N?" question asks for.
//!
//! "What is Sam's salary?" names Sam and asks for a salary. Sam's one
//! passage ("Sam still works nights at the harbour bakery.") has the name,
//! which is half the question's weight, and says nothing of a salary. When
//! the noun asked is a word the corpus writes, a passage that never writes
//! it speaks of something else of X.
//!
//! Applied to someone's facts only (passages with `meta.subject`): an
//! encyclopedia page states a property in its own words ("what was the
//! nickname of Judy Lewis's father?" is answered by a page that never
//! writes "nickname").
//!
//! Guarantees: only the head of the noun phrase right after "what is/are/
//! was/were" and an optional determiner or possessive ("Sam's", "my",
//! "the"), ended by a preposition or the clause's end, is concerned; and
//! only when it is a topic word the corpus has — a frame noun ("the refund
//! *window*"), a cued attribute ("my *employer*"), a verbal attribute ("the
//! English *translation* of") or a word no passage writes is left to the
//! other checks.

use super::read::Weighted;
use crate::analyze;
use crate::analyze::fold::Lower;
use crate::decompose::frame::{Frame, Role};

/// Words after "what" that make the phrase after them the thing asked.
const COPULAS: &[&str] = &["is", "are", "was", "were"];

/// Words that open the noun phrase.
const OPENERS: &[&str] = &[
    "the", "a", "an", "my", "your", "our", "their", "its", "his", "her",
];

/// Words that end the noun phrase.
const ENDS: &[&str] = &[
    "of", "at", "for", "in", "on", "from", "to", "with", "by", "last", "this", "next", "now",
];

/// The property asked, as written and as the stem a passage must write
/// ("salary", "salari"); `None` when the question asks no such thing.
pub fn asked(frame: &Frame, words: &[Weighted]) -> Option<(String, String)> {
    let q = frame.question.as_str();
    let spaced = analyze::spaced_words(q);
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .lower()
    };
    let what = spaced.iter().position(|(_, w)| bare(w) == "what")?;
    let copula = spaced.get(what + 1).map(|(_, w)| bare(w))?;
    if !COPULAS.contains(&copula.as_str()) {
        return None;
    }
    let mut k = what + 2;
    let opener = spaced.get(k).map(|(_, w)| bare(w)).unwrap_or_default();
    if OPENERS.contains(&opener.as_str()) || opener.ends_with("'s") {
        k += 1;
    }
    let mut head: Option<(usize, &str)> = None;
    for (at, raw) in spaced.iter().skip(k) {
        let word = bare(raw);
        if word.is_empty() || ENDS.contains(&word.as_str()) || analyze::is_stop_word(&word) {
            break;
        }
        head = Some((*at, *raw));
        if raw.ends_with([',', '?', '.', ';', ':', '!']) {
            break;
        }
    }
    let (at, raw) = head?;
    let term = frame.terms.iter().position(|t| t.start == at)?;
    let w = words.iter().find(|w| w.position == term)?;
    (w.role == Role::Topic && !w.unknown && !w.attribute)
        .then(|| (bare(raw).trim_end_matches('\'').to_string(), w.stem.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};

    /// The head asked, over a weighing where every word is a known topic
    /// word unless the frame made it soft or a name.
    fn head(q: &str) -> Option<String> {
        let f = frame(q, Strictness::Question);
        let words = crate::execute::read::weigh(&f, &|_| Some(1.0), 1.0);
        asked(&f, &words).map(|(w, _)| w)
    }

    #[test]
    fn the_head_after_what_is_and_a_possessive_is_asked() {
        assert_eq!(head("what is Sam's salary?").as_deref(), Some("salary"));
        assert_eq!(
            head("what is Priya's salary at Northwind").as_deref(),
            Some("salary")
        );
        assert_eq!(
            head("What is the restocking fee for opened electronics?").as_deref(),
            Some("fee")
        );
        // Frame nouns, names and other questions ask nothing of this kind.
        assert_eq!(head("What is the refund window for electronics?"), None);
        assert_eq!(head("what is the name of the band?"), None);
        assert_eq!(head("Where does Sam work?"), None);
        assert_eq!(head("What did Sam eat?"), None);
    }
}
