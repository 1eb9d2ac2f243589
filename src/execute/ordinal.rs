//! Stage 6 — execute: an ordinal the question puts on a noun, against the
//! one the answering sentence puts on it.
//!
//! "In what city did the label open a *third* office?" is not answered by
//! "In 2012 it opened a *second* office in Manchester": every other word
//! matches, and only the ordinal says the sentence is about another office.
//!
//! A follow step checks the same against the page of the thing it proposes
//! ([`Asked::page_conflict`]): "Callum Reid's first solo album" is not Harbour
//! Lights, whose page opens "… is the third studio album by …".
//!
//! Guarantees: [`Asked::conflict`] is `Some` only when the question and the
//! sentence each put an ordinal (a word, "third", a numeral, "3rd", or
//! "debut", which is "first") on the same lowercase noun (by stem; the
//! ordinal right before it or before up to one more lowercase word, "third
//! studio album"; a capitalised noun is a name's, "the 6th Duke of
//! Westminster") and the two ordinals differ; the same ordinal, written
//! either way, never conflicts; a noun the sentence writes without an
//! ordinal never conflicts.

use crate::analyze;
use crate::analyze::fold::Lower;
use crate::analyze::lexicon;

/// How many lowercase words an ordinal reaches over to its noun ("third
/// studio album"): the noun and one modifier before it.
const REACH: usize = 2;

/// An ordinal and the lowercase words it is on ("third studio album").
struct Ranked {
    rank: usize,
    /// The stems of the words it reaches ([`REACH`]).
    stems: Vec<String>,
    /// As written: "third studio album".
    phrase: String,
}

impl Ranked {
    /// The phrase with its rank as a word ("3rd album" → "third album").
    fn named(&self) -> String {
        let rest = self.phrase.split_once(' ').map_or("", |(_, r)| r);
        match lexicon::ORDINALS.get(self.rank.wrapping_sub(1)) {
            Some(w) => format!("{w} {rest}"),
            None => self.phrase.clone(),
        }
    }
}

/// The ordinals of `text` that are on a noun ([`ordinals`]).
fn ranked(text: &str) -> Vec<Ranked> {
    let mut all = ordinals(text);
    all.retain(|r| !r.stems.is_empty());
    all
}

/// Each ordinal in `text` with the words it is on: the lowercase words right
/// after it, up to [`REACH`], up to a stop word and before a verb form ("the
/// third studio album by" → studio, album; "first published" and "her debut
/// as a director" are on none). A "second" after a number is a unit ("a 30
/// second timeout").
fn ordinals(text: &str) -> Vec<Ranked> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let Some(rank) = lexicon::ordinal_rank(&w.lower()) else {
            continue;
        };
        let after_number = i
            .checked_sub(1)
            .and_then(|j| words.get(j))
            .is_some_and(|p| p.chars().all(|c| c.is_ascii_digit()));
        if after_number {
            continue;
        }
        // A capitalised noun is a name's ("the 6th Duke of Westminster"
        // is succeeded by the 7th): its rank is part of the name.
        let on: Vec<&str> = words
            .iter()
            .skip(i + 1)
            .take(REACH)
            .take_while(|n| {
                n.starts_with(char::is_lowercase)
                    && !analyze::is_stop_word(n)
                    && !lexicon::is_verb(n)
                    && !lexicon::is_participle(n)
            })
            .copied()
            .collect();
        out.push(Ranked {
            rank,
            stems: on.iter().map(|n| analyze::stem(n)).collect(),
            phrase: std::iter::once(*w).chain(on).collect::<Vec<_>>().join(" "),
        });
    }
    out
}

/// The ordinal phrases a question puts on nouns, read once for a step and
/// checked against each passage it reads.
pub struct Asked(Vec<Ranked>);

impl Asked {
    pub fn of(question: &str) -> Asked {
        Asked(ranked(question))
    }

    /// The question's and the sentence's ordinal phrases, when they put
    /// different ranks on the same noun ("third office", "second office").
    pub fn conflict(&self, sentence: &str) -> Option<(String, String)> {
        if self.0.is_empty() {
            return None;
        }
        let stated = ranked(sentence);
        self.0.iter().find_map(|q| {
            let s = stated
                .iter()
                .find(|s| s.stems.iter().any(|st| q.stems.contains(st)))?;
            (s.rank != q.rank).then(|| (q.named(), s.named()))
        })
    }

    /// True when the first sentence of a proposed thing's page puts another
    /// ordinal on a noun the question's ordinal is on: the page says it is
    /// another one of the series ("… is the third studio album by …" for
    /// "Callum Reid's first solo album").
    pub fn page_conflict(&self, page: &str) -> bool {
        self.conflict(super::kind::first_sentence(page)).is_some()
    }

    /// The question's ordinal phrase ("second studio album") when a passage
    /// writes its rank (or "debut" for "first") neither on the same noun
    /// nor on none: it does not say which of the series it speaks of ("The
    /// band has released seven studio albums, of which Harbour Lights …"),
    /// or gives the rank to something else ("it opened a second office").
    pub fn unstated(&self, passage: &str) -> Option<String> {
        if self.0.is_empty() {
            return None;
        }
        let written = ordinals(passage);
        self.0
            .iter()
            .find(|q| {
                !written.iter().any(|w| {
                    w.rank == q.rank
                        && (w.stems.is_empty() || w.stems.iter().any(|s| q.stems.contains(s)))
                })
            })
            .map(Ranked::named)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conflict(question: &str, sentence: &str) -> Option<(String, String)> {
        Asked::of(question).conflict(sentence)
    }

    fn unstated(question: &str, passage: &str) -> Option<String> {
        Asked::of(question).unstated(passage)
    }

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
        // The rank reaches over a modifier, and "debut" is "first".
        let page = "Harbour Lights is the third studio album by the band.";
        for q in [
            "When was Callum Reid's first solo album released?",
            "Which label released his debut album?",
            "What was the band's 2nd studio album?",
        ] {
            assert!(conflict(q, page).is_some(), "{q}");
        }
        for q in [
            "Which label released the band's third album?",
            "When was the 3rd studio album out?",
            "When was the first single released?",
        ] {
            assert!(conflict(q, page).is_none(), "{q}");
        }
        assert!(conflict(
            "When was the first album released?",
            "Northern Stars is the debut studio album by the band."
        )
        .is_none());
        // A number before "second" makes it a unit; a verb after an ordinal
        // is no noun it is on.
        assert!(conflict(
            "What happens after a 30 second timeout?",
            "The first timeout is retried."
        )
        .is_none());
        assert!(conflict("When was it first published?", "It was second published.").is_none());
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

    #[test]
    fn a_passage_must_say_which_of_the_series_it_is() {
        let q = "When was the band's second studio album released?";
        // Not written, or written on another noun.
        for p in [
            "The band has released seven studio albums.",
            "In 2012 it opened a second office.",
        ] {
            assert_eq!(
                unstated(q, p).as_deref(),
                Some("second studio album"),
                "{p}"
            );
        }
        // On the same noun, either way, or on none ("came second").
        for p in [
            "Tide is the band's second album.",
            "Their 2nd studio record, Tide, came out in 2003.",
            "Tide came second in the charts.",
        ] {
            assert_eq!(unstated(q, p), None, "{p}");
        }
        assert_eq!(
            unstated(
                "When was their first album released?",
                "Northern Stars is the debut studio album by the band."
            ),
            None
        );
        // A question with no ordinal on a noun asks no rank.
        assert_eq!(
            unstated("When was it first released?", "It was out in 2001."),
            None
        );
    }
}
