//! Stage 6 — execute: a verb and its particle written as one word.
//!
//! English names an act by a verb and its particle ("roll back", "set up",
//! "log in") and the act's noun by the same two words joined ("a rollback",
//! "the setup", "your login"). A question and a page often take opposite
//! sides: "How long does rolling back a deploy take?" over "A rollback …
//! takes seconds", "Does a rollback restart the servers?" under the heading
//! "Roll back a deploy". [`Particles`] reads a passage's word as the
//! question words it writes that way.
//!
//! Guarantees: only a word followed by one of [`PARTICLES`], with nothing
//! but whitespace between, is read with it, and the two joined must be the
//! other side's word (by stem): "roll out" is not "rollback", nor "back up".
//! The verb has at least [`MIN_VERB`] letters. A word the question writes
//! itself is never read this way (the passage's own word is matched first).

use crate::analyze::{self, fold, lexicon, Token};
use crate::decompose::frame::{Frame, Role};

use super::read::Weighted;

/// The particles a verb joins into its noun ("rollback", "setup", "login",
/// "checkout", "shutdown", "takeover", "layoff", "turnout").
pub const PARTICLES: &[&str] = &["back", "down", "in", "off", "on", "out", "over", "up"];

/// Fewest letters of a verb read with its particle: "go on" is no "goon".
pub const MIN_VERB: usize = 3;

/// The question's verbs with a particle, and its words that join one.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Particles {
    /// A verb the question writes with its particle ("roll back"): the
    /// stem of the two joined ("rollback"), the verb's word and the
    /// particle's (when the particle is a word of the question: "back" is,
    /// "up" is a stop word).
    apart: Vec<(String, usize, Option<usize>)>,
    /// A word of the question that ends in a particle ("rollback"): its
    /// index, its stem and the particle.
    joined: Vec<(usize, String, &'static str)>,
}

impl Particles {
    /// The verbs with particles and the joined words of a question.
    pub fn of(frame: &Frame, words: &[Weighted]) -> Self {
        let find = |term: &str| {
            let lemma = lexicon::lemma(term);
            words.iter().position(|w| w.stem == lemma)
        };
        let mut apart = Vec::new();
        for t in &frame.terms {
            let Some(p) = particle_after(&frame.question, t.end) else {
                continue;
            };
            let verb = lexicon::lemma(&t.term);
            if let Some(at) = find(&t.term).filter(|_| letters(&verb) >= MIN_VERB) {
                apart.push((joined(&verb, p), at, find(p)));
            }
        }
        // (A name is no verb and particle: "Kingston".)
        let joined = words
            .iter()
            .enumerate()
            .filter(|(_, w)| w.role != Role::Name)
            .filter_map(|(i, w)| {
                let p = PARTICLES.iter().find(|p| {
                    w.stem
                        .strip_suffix(**p)
                        .is_some_and(|verb| letters(verb) >= MIN_VERB)
                })?;
                Some((i, w.stem.clone(), *p))
            })
            .collect();
        Particles { apart, joined }
    }

    /// The question words a passage's word writes (`t`, a term of `text`,
    /// with its lemma), besides `found`, the one it is as written: the verb
    /// and particle the question writes apart,
    /// when it is them joined; a word the question joins, when it is that
    /// word's verb in its plain form and the next word its particle ("Roll
    /// back a deploy", "to roll back"). A verb inflected with its particle
    /// tells that the act happened ("was rolled back automatically"), which
    /// is not what the noun asks about ("the rollback rule").
    pub fn written(&self, text: &str, t: &Token, lemma: &str, found: Option<usize>) -> Vec<usize> {
        let mut out = Vec::new();
        for (stem, verb, particle) in &self.apart {
            if stem == lemma {
                out.push(*verb);
                out.extend(*particle);
            }
        }
        let plain = || {
            text.get(t.start..t.end)
                .is_some_and(|w| w.chars().map(fold::lower).eq(lemma.chars()))
        };
        if !self.joined.is_empty() && letters(lemma) >= MIN_VERB && plain() {
            if let Some(p) = particle_after(text, t.end) {
                let stem = joined(lemma, p);
                out.extend(
                    self.joined
                        .iter()
                        .filter(|(_, joined, q)| *q == p && *joined == stem)
                        .map(|&(i, _, _)| i),
                );
            }
        }
        out.retain(|&i| Some(i) != found);
        out
    }
}

/// The particle that follows byte `end` of `text` after whitespace alone
/// ("roll back", "Roll\nback"), lowercased, if the next word is one.
fn particle_after(text: &str, end: usize) -> Option<&'static str> {
    let rest = text.get(end..)?;
    let word = rest.trim_start();
    if word.len() == rest.len() {
        return None;
    }
    let len = word
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(word.len());
    let next = word.get(..len)?;
    PARTICLES
        .iter()
        .find(|p| p.eq_ignore_ascii_case(next))
        .copied()
}

/// The word a verb and its particle make joined, as a question word's stem
/// is read: "roll" and "back" make "rollback".
fn joined(verb: &str, particle: &str) -> String {
    lexicon::lemma(&analyze::stem(&format!("{verb}{particle}")))
}

/// Number of letters of a word (its characters).
fn letters(word: &str) -> usize {
    word.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};
    use crate::execute::read::weigh;

    /// The question words (stems) each word of `text` writes through a
    /// particle, for the question `q`.
    fn written_in(q: &str, text: &str) -> Vec<String> {
        let f = frame(q, Strictness::Question);
        let words = weigh(&f, &|_| Some(1.0), 1.0);
        let particles = Particles::of(&f, &words);
        analyze::terms(text)
            .iter()
            .flat_map(|t| particles.written(text, t, &lexicon::lemma(&t.term), None))
            .filter_map(|i| words.get(i).map(|w| w.stem.clone()))
            .collect()
    }

    #[test]
    fn a_verb_and_its_particle_are_the_noun_joined() {
        let q = "How long does rolling back a deploy take?";
        assert_eq!(written_in(q, "A rollback takes seconds."), ["roll", "back"]);
        assert_eq!(written_in(q, "Rollbacks take seconds."), ["roll", "back"]);
        // Another particle is another act.
        assert!(written_in(q, "A rollout takes minutes.").is_empty());
        assert!(written_in(q, "A backup takes minutes.").is_empty());
        // A particle that is a stop word is no question word: the verb is.
        let q = "How do I set up the agents?";
        assert_eq!(written_in(q, "The setup takes a minute."), ["set"]);
    }

    #[test]
    fn a_noun_is_its_verb_in_plain_form_and_particle() {
        let q = "Does a rollback restart the servers?";
        assert_eq!(written_in(q, "Roll back a deploy"), ["rollback"]);
        assert_eq!(
            written_in(q, "To roll back a deploy, run it."),
            ["rollback"]
        );
        assert_eq!(written_in(q, "Roll\nback"), ["rollback"]);
        // An inflected verb tells that the act happened.
        assert!(written_in(q, "The canary was rolled back automatically.").is_empty());
        assert!(written_in(q, "It rolls back.").is_empty());
        // Only whitespace between, and the particle the noun ends in.
        assert!(written_in(q, "Roll, back").is_empty());
        assert!(written_in(q, "Roll out a deploy").is_empty());
        assert!(written_in(q, "Back up the database").is_empty());
        let q = "What does a backup keep?";
        assert_eq!(written_in(q, "Back up the database"), ["backup"]);
        assert!(written_in(q, "Roll back a deploy").is_empty());
    }

    #[test]
    fn a_verb_needs_three_letters() {
        assert!(written_in("Does the show go on?", "a goon").is_empty());
        assert!(written_in("Is there a goon?", "go on").is_empty());
    }
}
