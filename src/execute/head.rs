//! Stage 5 — execute: where a follow step's described thing is named in a
//! passage.
//!
//! A follow step asks for a thing by a description ("which drummer from the
//! album X", "X was written by which screenwriter?"). Its head noun
//! ("drummer"), the verb an agent noun names ("the creator of X": "created")
//! and a closing relation ("written by") are where a passage names the
//! thing; extraction ranks the titles it links nearest them. When every
//! such place names someone the corpus has no page for ("guitarist Sean
//! Dalgleish", "written by Judit Halasz"), the passage has answered: the
//! thing exists but is no title, and no other title is the thing.
//!
//! Guarantees: positions are byte ranges of the passage text on char
//! boundaries; [`Head::unpaged`] is false when the head is never named.

use crate::analyze::{self, lexicon};
use crate::decompose::frame::{Frame, Term};
use crate::index::Index;
use crate::model::Passage;

/// The places a passage names a follow step's described thing.
pub struct Head {
    /// The question names a described thing ("which …"), not a whole
    /// question whose first word would be taken for a head.
    pub described: bool,
    /// Byte ranges of the head noun, its agent verb or the relation verb.
    pub at: Vec<(usize, usize)>,
}

impl Head {
    /// The head's places in `p`: the described head noun (else the
    /// question's first word), the verb of an agent noun, and a closing
    /// "VERBed by which …" relation.
    pub fn find(frame: &Frame, p: &Passage) -> Head {
        let described = described_head(frame);
        let relation = described
            .and_then(|_| {
                frame.terms.iter().find(|t| {
                    frame
                        .question
                        .get(t.end..)
                        .is_some_and(|r| r.starts_with(" by which "))
                })
            })
            .map(|t| lexicon::lemma(&t.term));
        let at = described
            .or(frame.terms.first())
            .map(|h| {
                let noun = lexicon::lemma(&h.term);
                let word = frame.question.get(h.start..).unwrap_or("");
                let verb = analyze::words(word.split_whitespace().next().unwrap_or(""))
                    .first()
                    .and_then(|w| lexicon::agent_verb(&w.term));
                analyze::terms(&p.text)
                    .into_iter()
                    .filter(|t| {
                        let l = lexicon::lemma(&t.term);
                        l == noun || verb.as_ref() == Some(&l) || relation.as_ref() == Some(&l)
                    })
                    .map(|t| (t.start, t.end))
                    .collect()
            })
            .unwrap_or_default();
        Head {
            described: described.is_some(),
            at,
        }
    }

    /// Every place of a described head names, right after it (or after its
    /// relation's "by"), a capitalised name that is not linked to a page, not
    /// the passage's own title and not a name the question gives (`given`,
    /// normalized): the thing described has no page.
    pub fn unpaged(&self, index: &Index, doc: u32, p: &Passage, given: &[String]) -> bool {
        let mentions = index.mentions(doc);
        let own = crate::index::catalog::title_base(&p.title).unwrap_or(&p.title);
        let names_unpaged = |&(_, end): &(usize, usize)| {
            let after = p.text.get(end..).unwrap_or("");
            let (end, after) = after
                .strip_prefix(" by")
                .map_or((end, after), |r| (end + 3, r));
            let name = after.trim_start();
            let at = end + (after.len() - name.len());
            name.starts_with(char::is_uppercase)
                && !name.starts_with(own)
                && !given
                    .iter()
                    .any(|g| normalized(name).starts_with(g.as_str()))
                && !mentions
                    .iter()
                    .any(|m| (m.start as usize) <= at && at < m.end as usize)
        };
        self.described && !self.at.is_empty() && self.at.iter().all(names_unpaged)
    }
}

/// The question's names, normalized ([`normalized`]).
pub fn given(frame: &Frame) -> Vec<String> {
    frame
        .names
        .iter()
        .filter_map(|&(s, e)| frame.question.get(s..e))
        .map(normalized)
        .collect()
}

/// A name compared by its terms ("Media Matters" = "media matter").
pub fn normalized(name: &str) -> String {
    analyze::terms(name)
        .into_iter()
        .filter(|t| !t.term.contains(['-', '_', '.']))
        .map(|t| t.term)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The head noun of a described thing a follow step asks for: the word
/// after a leading "which" ("which drummer from the album X"), or the last
/// word of a closing "which …?" phrase of a few words ("X was succeeded by
/// which British aristocrat?", see `decompose::relative`).
fn described_head(frame: &Frame) -> Option<&Term> {
    let q = frame.question.as_str();
    let first = frame.terms.first()?;
    if q.get(..first.start) == Some("which ") {
        return Some(first);
    }
    let last = frame.terms.last()?;
    let phrase = q.get(..last.start)?.rsplit_once(" which ")?.1;
    let closing = q.get(last.end..)?.trim() == "?";
    (closing && phrase.split_whitespace().count() < 4 && !phrase.contains(',')).then_some(last)
}
