//! Stage 6 — execute: reading one passage; which question words a text
//! writes.
//!
//! [`Reader::scan`] finds the question's words in a passage's text (or
//! title): where each stands, and whether the text writes it as a name,
//! apart as a hyphenated word's part ("born in Szeged" for "Szeged-born")
//! or joined with its particle ("rollback" for "roll back"). It runs on
//! every word of every passage a step reads, so [`Reader::pick`] stems only
//! the words that start as a question word's stem (or one of its irregular
//! forms) does, and leaves the rest unread.
//!
//! Guarantees: a term matches by its stem, irregular verb forms by their
//! base (kept = keeps); leaving words unread changes no scan (a test checks
//! it over the shipped corpora); hits are byte offsets of the text on char
//! boundaries, in text order; no input panics.

use super::Reader;
use crate::analyze::{self, lexicon};
use crate::decompose::frame::Role;
use crate::execute::hyphen;

/// A key of a word's first two chars: a passage's word is stemmed only when
/// its key is a question word's (compared as chars: this runs on every word
/// of every passage a step reads).
pub(super) type Key = (Option<char>, Option<char>);

pub(super) fn key(s: &str) -> Key {
    let mut c = s.chars();
    (c.next(), c.next())
}

/// The question words found in one text.
#[derive(Debug, PartialEq)]
pub(super) struct Scan {
    /// One flag per question word: the text has it.
    pub(super) in_text: Vec<bool>,
    /// One flag per question word: the text writes it as a name.
    pub(super) as_name: Vec<bool>,
    /// (question word, byte offset) in text order.
    pub(super) hits: Vec<(usize, usize)>,
    /// One flag per question word: a part of a hyphenated word the text
    /// writes apart, after its first ("born" of "Szeged-born" in "born in
    /// Szeged"), which a name need not write capitalised.
    pub(super) apart: Vec<bool>,
    /// One flag per question word: the text writes it joined with its
    /// particle, or apart from it ([`Particles`]); such a word counts as
    /// in the text, with no place among `hits`.
    ///
    /// [`Particles`]: crate::execute::particle::Particles
    pub(super) compound: Vec<bool>,
}

impl<'a> Reader<'a> {
    /// Which words of a passage are worth reading: those starting as a
    /// question word's stem does are stemmed, the irregular forms of such
    /// stems kept, and every other word dropped unread (it can match none).
    fn pick(&self, word: &str) -> analyze::Pick {
        if self.prefixes.contains(&key(word))
            || (self.file.is_some() && lexicon::is_file_name(word))
        {
            analyze::Pick::Stem
        } else if self.forms.contains(&word) {
            analyze::Pick::Keep
        } else {
            analyze::Pick::Drop
        }
    }

    /// The question words `text` has (by lemma), in text order.
    pub(super) fn matched(&self, text: &str) -> Vec<usize> {
        let mut out = Vec::new();
        for t in analyze::terms_where(text, &|w| self.pick(w)) {
            let lemma = lexicon::lemma(&t.term);
            let at = self.words.iter().position(|w| w.stem == lemma);
            out.extend(at);
            out.extend(self.particles.written(text, &t, &lemma, at));
        }
        out
    }

    /// One flag per question word: among `found`.
    pub(super) fn marks(&self, found: &[usize]) -> Vec<bool> {
        (0..self.words.len()).map(|i| found.contains(&i)).collect()
    }

    /// The question words a text has: where (in text order), and which of
    /// them it has at all and written as a name.
    pub(super) fn scan(&self, text: &str) -> Scan {
        self.scan_picking(text, &|w| self.pick(w))
    }

    /// [`Reader::scan`] with the passage's words chosen by `pick`.
    fn scan_picking(&self, text: &str, pick: &dyn Fn(&str) -> analyze::Pick) -> Scan {
        let words = self.words;
        let find = |stem: &str| words.iter().position(|w| w.stem == stem);
        // A soft word also matches a word of the same family: "founder" the
        // passage's "founded", "director" its "directed", "drummer" its "drums"
        // (one stem a prefix of the other, both at least four letters).
        // A parent is also named from the child's side ("father": the
        // passage's "daughter of …").
        // A place is also named by its people's adjective ("Africa": the
        // passage's "Southern African trees", "Korea": "Korean").
        let family = |stem: &str| {
            find(stem).or_else(|| {
                words.iter().zip(&self.doers).position(|(w, doer)| {
                    // An agent noun's verb: "written" for "screenwriter".
                    doer.as_deref() == Some(stem)
                        || (w.role == Role::Name
                            && w.stem.len() >= 4
                            && stem
                                .strip_prefix(w.stem.as_str())
                                .is_some_and(|rest| matches!(rest, "n" | "an" | "ian")))
                        || w.role == Role::Soft
                            && ((stem.len() >= 4
                                && w.stem.len() >= 4
                                && !stem.chars().any(analyze::is_cjk)
                                && (w.stem.starts_with(stem) || stem.starts_with(w.stem.as_str())))
                                || lexicon::child_terms(&w.stem).contains(&stem))
                })
            })
        };
        // Only the passage's terms that are question words matter: a word is
        // stemmed only when it starts as a question word's stem (or one of its
        // irregular forms) does.
        let mut in_text = vec![false; words.len()];
        // Words the text writes as a name (capitalised, or in a script without
        // capitals): "The Lighthouse Keeper" is not named by "an old lighthouse
        // keeper".
        let mut as_name = vec![false; words.len()];
        let mut hits: Vec<(usize, usize)> = Vec::new();
        let mut compound = vec![false; words.len()];
        for t in analyze::passage_terms_where(text, pick) {
            // "found" is "find" and "found": the lemma, else the word itself.
            let lemma = lexicon::lemma(&t.term);
            let at = family(&lemma)
                .or_else(|| (lemma != t.term).then(|| family(&t.term)).flatten())
                .or_else(|| self.file.filter(|_| lexicon::is_file_name(&t.term)));
            // A verb and its particle joined ("rollback" for "roll back"),
            // or apart ("Roll back" for "rollback").
            let joined = self.particles.written(text, &t, &lemma, at);
            for &i in at.iter().chain(&joined) {
                if let Some(seen) = in_text.get_mut(i) {
                    *seen = true;
                }
                // The whole word's first letter ("Christmas-themed" writes
                // "themed" as part of a name): looked for at most 64 characters
                // back, so a text without spaces is not rescanned per word.
                let word = text
                    .get(..t.start)
                    .unwrap_or_default()
                    .char_indices()
                    .rev()
                    .take(64)
                    .take_while(|(_, c)| !c.is_whitespace())
                    .last()
                    .map_or(t.start, |(i, _)| i);
                let first = text
                    .get(word..)
                    .and_then(|r| r.chars().find(|c| c.is_alphanumeric()));
                if first.is_some_and(|c| !c.is_lowercase()) {
                    if let Some(seen) = as_name.get_mut(i) {
                        *seen = true;
                    }
                }
                // (A compound says the words are in the text, not where.)
                match compound.get_mut(i).filter(|_| Some(i) != at) {
                    Some(c) => *c = true,
                    None => hits.push((i, t.start)),
                }
            }
        }
        let mut apart = vec![false; words.len()];
        for h in &self.hyphenated {
            if in_text.get(h.word) == Some(&true) {
                continue;
            }
            let Some(at) = hyphen::written_apart(text, &hits, &h.parts) else {
                continue;
            };
            // Written as a name where its first part is ("Szeged" in "born
            // in Szeged").
            let first_as_name = h.parts.first().and_then(|&p| as_name.get(p)) == Some(&true);
            if let Some(f) = in_text.get_mut(h.word) {
                *f = true;
            }
            if let Some(f) = as_name.get_mut(h.word) {
                *f = first_as_name;
            }
            for &p in h.parts.iter().skip(1) {
                if let Some(f) = apart.get_mut(p) {
                    *f = true;
                }
            }
            hits.insert(hits.partition_point(|&(_, o)| o <= at), (h.word, at));
        }
        Scan {
            in_text,
            as_name,
            hits,
            apart,
            compound,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};
    use crate::execute::read::weigh;

    /// The reader leaves unread every word that can match no question word
    /// ([`Reader::pick`]): its scan equals one that reads every word, over
    /// the shipped corpora's passages and questions of every kind, with
    /// irregular forms ("fought", "kept") and word families ("drummer":
    /// "drums", "father": "daughter", "Korea": "Korean").
    #[test]
    fn leaving_words_unread_changes_no_scan() {
        let mut texts: Vec<String> = Vec::new();
        for file in [
            include_str!("../../../corpus/encyclopedia/passages.jsonl"),
            include_str!("../../../corpus/helpcentre/passages.jsonl"),
        ] {
            for line in file.lines().filter(|l| !l.trim().is_empty()) {
                let v: serde_json::Value = serde_json::from_str(line).expect("corpus line");
                for key in ["title", "text"] {
                    texts.push(v[key].as_str().unwrap_or_default().to_string());
                }
            }
        }
        texts.push("Ali fought Frazier; the fighters kept their titles. He ran and led.".into());
        texts.push("Judy Lewis, the daughter of Clark Gable, played drums in Korean bands.".into());
        let questions = [
            "Which fighter fought in the 1971 bout?",
            "Which fighter won the 1971 bout?",
            "Who is the father of Judy Lewis?",
            "Who was the drummer of the band that recorded Harbour Lights?",
            "Which rollback rule applies to the service that failed after the second retry?",
            "How long are snapshots kept, and who keeps them?",
            "What is the refund window for electronics, and can I get cash instead of store credit?",
            "今年境内差旅报销的提交期限比去年缩短了多少?",
            "Which Korea-based runner led the race?",
            "Where was the well-known os.path module's author born?",
        ];
        for q in questions {
            for strict in [Strictness::Question, Strictness::Strict] {
                let f = frame(q, strict);
                let words = weigh(&f, &|_| Some(1.0), 5.0);
                let reader = Reader::new(&f, &words, None);
                // Every word read: stemmed as the reader would, else kept.
                let every = |w: &str| match reader.pick(w) {
                    analyze::Pick::Drop => analyze::Pick::Keep,
                    picked => picked,
                };
                for t in &texts {
                    assert_eq!(reader.scan(t), reader.scan_picking(t, &every), "{q} / {t}");
                }
            }
        }
    }
}
