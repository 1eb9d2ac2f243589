//! Stage 6 — execute: a hyphenated name the passage writes apart.
//!
//! Questions join words that pages write separately: "the Szeged-born
//! director" for "He was born in Szeged", "the Austin-based ensemble" for
//! "based in Austin, Texas", "the Cavaliers-Warriors rivalry" for a page
//! written with an en dash. The analyzer indexes a hyphenated word as one
//! extra term besides its parts, so a question term no passage writes whole
//! would sink a part whose page is right there.
//!
//! Guarantees: only a word joined by hyphens alone whose pieces are all
//! letters or all digits, capitalised or a number ("Szeged-born",
//! "2007-2010"), is ever read as its parts — not a lowercase one
//! ("pirate-themed"); an ID ("INC-2041", "TRAVEL-2026-01") or an identifier
//! ("os.path", "max_retries") is named only whole. A passage writes such a word apart
//! only when every part is in it within [`APART_WORDS`] words of the first:
//! "Dundee" on one page and "born" on another, or far apart in one, is not
//! "Dundee-born". A compound the corpus lacks whose parts it has weighs as
//! its rarest part, not as an unknown word.

use crate::analyze::lexicon;
use crate::decompose::frame::{Frame, Term};

/// Most words from a written-apart name's first part to its last:
/// "born in Szeged" is two, "from Edinburgh, Scotland, formed" two.
pub const APART_WORDS: usize = 3;

/// A hyphenated word of the question that may be written apart, with the
/// question words of its parts in the question's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hyphenated {
    /// The whole word's index among the question's weighed words.
    pub word: usize,
    /// Its parts' indices (two or more).
    pub parts: Vec<usize>,
}

/// True when a term is a hyphenated word that may be written apart: pieces
/// joined by `-` only, all letters or all digits.
fn splits(term: &str) -> bool {
    if !term.contains('-') || term.contains(['.', '_']) {
        return false;
    }
    let pieces: Vec<&str> = term.split('-').collect();
    let all = |f: fn(char) -> bool| pieces.iter().all(|p| !p.is_empty() && p.chars().all(f));
    all(char::is_alphabetic) || all(|c| c.is_ascii_digit())
}

/// The question terms that are the parts of `t`, when `t` may be written
/// apart and has two or more parts (stop words among its pieces have none).
/// Only a name ("Szeged-born", capitalised in the question) or a range of
/// numbers is: a lowercase compound ("pirate-themed", "season-ending") says
/// what is asked, and its words apart on another page do not say it.
pub fn parts<'f>(frame: &'f Frame, t: &Term) -> Option<Vec<&'f Term>> {
    let surface = frame.question.get(t.start..t.end).unwrap_or("");
    let named = surface
        .chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
    if !splits(&t.term) || !named {
        return None;
    }
    let parts: Vec<&Term> = frame
        .terms
        .iter()
        .filter(|p| p.start >= t.start && p.end <= t.end && !p.term.contains('-'))
        .collect();
    (parts.len() >= 2).then_some(parts)
}

/// The question's hyphenated words that may be written apart, as indices
/// among `stems` (the weighed words' stems).
pub fn hyphenated(frame: &Frame, stems: &[&str]) -> Vec<Hyphenated> {
    let find = |term: &str| {
        let lemma = lexicon::lemma(term);
        stems.iter().position(|s| *s == lemma)
    };
    frame
        .terms
        .iter()
        .filter_map(|t| {
            let parts = parts(frame, t)?
                .iter()
                .map(|p| find(&p.term))
                .collect::<Option<Vec<usize>>>()?;
            Some(Hyphenated {
                word: find(&t.term)?,
                parts,
            })
        })
        .collect()
}

/// Where `text` writes `parts` apart: the byte offset of the first part of
/// a run of `hits` ((question word, byte offset) in text order) holding
/// every part within [`APART_WORDS`] words of it.
pub fn written_apart(text: &str, hits: &[(usize, usize)], parts: &[usize]) -> Option<usize> {
    let words_between = |from: usize, to: usize| {
        text.get(from..to)
            .map_or(usize::MAX, |s| s.split_whitespace().count())
    };
    hits.iter().enumerate().find_map(|(s, &(word, from))| {
        if !parts.contains(&word) {
            return None;
        }
        let near: Vec<usize> = hits
            .get(s..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&(_, at)| words_between(from, at) <= APART_WORDS)
            .map(|&(w, _)| w)
            .collect();
        parts.iter().all(|p| near.contains(p)).then_some(from)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_words_or_numbers_joined_by_hyphens_split() {
        assert!(splits("szeged-born"));
        assert!(splits("cavaliers-warriors"));
        assert!(splits("2007-2010"));
        assert!(splits("state-of-the-art"));
        assert!(!splits("inc-2041"));
        assert!(!splits("travel-2026-01"));
        assert!(!splits("os.path"));
        assert!(!splits("max_retries"));
        assert!(!splits("szeged"));
        assert!(!splits("a--b"));
    }

    #[test]
    fn only_names_and_numbers_have_parts() {
        use crate::decompose::frame::{frame, Strictness};
        let q = "Which pirate-themed resort did the Szeged-born director visit in 2007-2010?";
        let f = frame(q, Strictness::Question);
        let split: Vec<&str> = f
            .terms
            .iter()
            .filter(|t| parts(&f, t).is_some())
            .map(|t| t.term.as_str())
            .collect();
        assert_eq!(split, ["szeged-born", "2007-2010"]);
    }

    #[test]
    fn parts_must_stand_close() {
        // Question words: 0 = szeged, 1 = born.
        let text = "He was born in Szeged and studied in Budapest.";
        let hits = [(1, 7), (0, 15)];
        assert_eq!(written_apart(text, &hits, &[0, 1]), Some(7));
        // One part missing.
        assert_eq!(written_apart(text, &hits[..1], &[0, 1]), None);
        // Too far apart: "born" and "Szeged" five words away.
        let far = "She was born on a farm outside Szeged.";
        let hits = [(1, 8), (0, 31)];
        assert_eq!(written_apart(far, &hits, &[0, 1]), None);
        // An en dash joins nothing for the analyzer: adjacent parts.
        let dash = "The Cavaliers–Warriors rivalry";
        let hits = [(0, 4), (1, 16)];
        assert_eq!(written_apart(dash, &hits, &[0, 1]), Some(4));
    }
}
