//! Stage 6 — execute: an ordinal the question puts on a noun, against the
//! one the answering sentence puts on it.
//!
//! "In what city did the label open a *third* office?" is not answered by
//! "In 2012 it opened a *second* office in Manchester": every other word
//! matches, and only the ordinal says the sentence is about another office.
//!
//! Guarantees: [`conflict`] is `Some` only when the question and the
//! sentence each put an ordinal (a word, "third", or a numeral, "3rd")
//! right before the same lowercase noun (by stem; a capitalised one is a
//! name's, "the 6th Duke of Westminster") and the two ordinals differ; the
//! same ordinal, written either way, never conflicts; a noun the sentence
//! writes without an ordinal never conflicts.

use crate::analyze;
use crate::analyze::fold::Lower;

/// Ordinal words, in order from first.
const WORDS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
];

/// The rank an ordinal word or numeral names ("third", "3rd" → 3).
fn rank(word: &str) -> Option<usize> {
    if let Some(i) = WORDS.iter().position(|w| *w == word) {
        return Some(i + 1);
    }
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = word.get(digits.len()..)?;
    if digits.is_empty() || !matches!(suffix, "st" | "nd" | "rd" | "th") {
        return None;
    }
    digits.parse().ok()
}

/// (rank, noun stem, noun) for each ordinal right before a noun in `text`.
fn ranked_nouns(text: &str) -> Vec<(usize, String, String)> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .filter_map(|pair| {
            let r = rank(&pair[0].lower())?;
            // A capitalised noun is a name's ("the 6th Duke of Westminster"
            // is succeeded by the 7th): its rank is part of the name.
            let noun = pair[1];
            let plain = noun.starts_with(char::is_lowercase) && !analyze::is_stop_word(noun);
            plain.then(|| (r, analyze::stem(noun), noun.to_string()))
        })
        .collect()
}

/// The question's and the sentence's ordinal phrases, when they put
/// different ranks on the same noun ("third office", "second office").
pub fn conflict(question: &str, sentence: &str) -> Option<(String, String)> {
    let asked = ranked_nouns(question);
    if asked.is_empty() {
        return None;
    }
    let stated = ranked_nouns(sentence);
    let name = |r: usize, noun: &str| match WORDS.get(r.wrapping_sub(1)) {
        Some(w) => format!("{w} {noun}"),
        None => format!("#{r} {noun}"),
    };
    asked.iter().find_map(|(qr, qs, qn)| {
        let (sr, _, sn) = stated.iter().find(|(_, ss, _)| ss == qs)?;
        (sr != qr).then(|| (name(*qr, qn), name(*sr, sn)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_rank_on_the_same_noun_conflicts() {
        let s = "In 2012 it opened a second office in Manchester.";
        for q in [
            "In what city did the label open a third office?",
            "Where is the label's 3rd office?",
            "The record label that opened a first office in what city?",
        ] {
            assert!(conflict(q, s).is_some(), "{q}");
        }
        // The same rank, written either way; another noun; no ordinal.
        for q in [
            "In what city did the label open a second office?",
            "Where did the label open its 2nd office?",
            "Which city has the label's second studio?",
            "Where did the label open an office?",
        ] {
            assert!(conflict(q, s).is_none(), "{q}");
        }
        // A rank in a name: the 6th Duke's successor is the 7th Duke.
        assert!(conflict(
            "The 6th Duke of Westminster was succeeded by whom?",
            "Hugh Grosvenor, 7th Duke of Westminster, is a British aristocrat."
        )
        .is_none());
        // A sentence that writes the noun with no rank says nothing against it.
        assert!(conflict("Where is the third office?", "The office is in Leeds.").is_none());
        assert_eq!(
            conflict(
                "What did the band's third album sell?",
                "Their fourth albums sold."
            )
            .map(|(a, b)| format!("{a} / {b}")),
            Some("third album / fourth albums".into())
        );
    }
}
