//! Stage 6 — execute: reading one passage; what the reader takes from the
//! question.
//!
//! [`Reader::new`] reads, once for all the passages of a step, what every
//! reading needs of the question: the keys of the words worth stemming, the
//! verb an agent noun names, the name a life or other event is asked of and
//! its verb, the subject, predicate and verbs of a yes/no question, the
//! preposition a place is asked with, the event a date or a duration counts
//! from. [`Reader::with_source`], [`Reader::with_saying`],
//! [`Reader::tagged`] and [`Reader::key_as_name`] add what a hop or a
//! verification gives, without reading the question again.
//!
//! Guarantees: no passage is read here but a hop's source (or the sentences
//! that name a proposal); every range is a byte range of the question on
//! char boundaries; every word index is an index into the question's
//! weighted words; no input panics.

use super::scan::{key, Key};
use super::states::{activity, asked_locative};
use super::weights::{written, Weighted};
use super::Reader;
use crate::analyze::fold::Lower;
use crate::analyze::lexicon::LIFE_EVENTS;
use crate::analyze::{self, lexicon};
use crate::compute::date::DateEvent;
use crate::decompose::frame::{Answer, Frame, Role};
use crate::decompose::polar;
use crate::execute::hyphen;
use crate::execute::particle::Particles;
use crate::model::Passage;

/// The term of the noun "file" ([`Reader::file`]).
const FILE: &str = "file";

/// The byte range of the name a life event is asked of: the question's
/// name right before the event's word ("Where was *Iona Fraser* born?",
/// "When did *Hugo Brandt* die?").
pub(super) fn life_subject(frame: &Frame) -> Option<(usize, usize)> {
    frame.names.iter().copied().find(|&(_, e)| {
        let next = frame
            .question
            .get(e..)
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or("");
        let next = next.trim_matches(|c: char| !c.is_alphanumeric()).lower();
        analyze::terms(&next)
            .first()
            .is_some_and(|t| LIFE_EVENTS.contains(&lexicon::lemma(&t.term).as_str()))
    })
}

/// Stems of verbs that say where a thing is, not what happened there
/// ("Where is skiff.toml *kept*?" is answered by "… in the root of your
/// repository").
pub(super) const LOCATING: &[&str] = &[
    "locat",
    "base",
    "situat",
    "headquart",
    "lie",
    "sit",
    "stand",
    "find",
    "keep",
    "store",
    "hous",
];

/// The byte range of the name the question asks an event of, as its
/// grammatical subject: after the auxiliary and before the verb ("Where did
/// *Callum Reid* study music?", "When was *Northgate Records* founded?").
pub(super) fn event_subject(frame: &Frame) -> Option<(usize, usize)> {
    const AUX: &[&str] = &[
        "did", "does", "do", "was", "is", "were", "are", "has", "had",
    ];
    frame.names.iter().copied().find(|&(s, e)| {
        let q = &frame.question;
        let before = q
            .get(..s)
            .and_then(|b| b.split_whitespace().last())
            .unwrap_or("");
        let next = q
            .get(e..)
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or("");
        let next = next.trim_matches(|c: char| !c.is_alphanumeric());
        AUX.contains(&before.lower().as_str())
            && next.starts_with(char::is_lowercase)
            && (lexicon::is_verb(next) || lexicon::is_participle(next))
    })
}

/// True when the question asks whether the act may be done, what follows
/// from it, or how what it touches is treated ("can I put HTML in the
/// title?", "what happens if I paste raw HTML …?", "how is raw HTML in the
/// title shown?"): a prohibition of the act answers it. (Not a question
/// after a thing: "which service should I restart?" is not answered by
/// "Never restart payments-api".)
pub(super) fn asks_about_the_act(frame: &Frame) -> bool {
    use crate::decompose::frame::{asks_how_treated, asks_what_to_do};
    frame.answer == Answer::YesNo
        || asks_what_to_do(&frame.question)
        || asks_how_treated(&frame.question)
}

/// The event opposite to the one a question's words name, when they name
/// events of one kind only (the reader asks it only of a question for a
/// date: "the town that *starts* with B" asks no date).
fn opposite_event(words: &[Weighted]) -> Option<lexicon::Event> {
    use lexicon::Event::{Begins, Ends};
    let events: Vec<lexicon::Event> = words
        .iter()
        .filter_map(|w| lexicon::event_of(&w.stem))
        .collect();
    let first = *events.first()?;
    events.iter().all(|e| *e == first).then_some(match first {
        Begins => Ends,
        Ends => Begins,
    })
}

/// The indices of `words` whose question term lies in `range` (none for
/// `None`); soft words only with `soft`.
fn words_within(
    frame: &Frame,
    words: &[Weighted],
    range: Option<(usize, usize)>,
    soft: bool,
) -> Vec<usize> {
    let Some((s, e)) = range else {
        return Vec::new();
    };
    (0..words.len())
        .filter(|&i| {
            words.get(i).is_some_and(|w| {
                (soft || w.role != Role::Soft)
                    && frame
                        .terms
                        .get(w.position)
                        .is_some_and(|t| t.start >= s && t.end <= e)
            })
        })
        .collect()
}

impl<'a> Reader<'a> {
    pub fn new(frame: &'a Frame, words: &'a [Weighted], source: Option<&Passage>) -> Self {
        let doers: Vec<Option<String>> = words
            .iter()
            .map(|w| {
                (w.role != Role::Name)
                    .then(|| written(frame, w))
                    .flatten()
                    .and_then(|word| lexicon::agent_verb(&word))
            })
            .collect();
        let file = words
            .iter()
            .position(|w| w.stem == FILE && w.role != Role::Name);
        let mut prefixes: Vec<Key> = Vec::new();
        for (w, doer) in words.iter().zip(&doers) {
            let stems = std::iter::once(w.stem.as_str()).chain(doer.as_deref());
            let forms = stems
                .clone()
                .flat_map(lexicon::forms_of)
                .map(|f| -> &str { f });
            let kin = lexicon::child_terms(&w.stem).iter().copied();
            for s in stems.chain(forms).chain(kin) {
                let p = key(s);
                if !prefixes.contains(&p) {
                    prefixes.push(p);
                }
            }
        }
        let forms = lexicon::irregular()
            .filter(|(_, base)| prefixes.contains(&key(base)))
            .map(|(form, _)| form)
            .collect();
        let reader = Reader {
            frame,
            words,
            prefixes,
            forms,
            doers,
            file,
            in_source: Vec::new(),
            source_as_name: Vec::new(),
            source_says: false,
            locative: asked_locative(&frame.question),
            key_as_name: false,
            asked_kind: None,
            opposite: matches!(frame.answer, Answer::Year | Answer::Date)
                .then(|| opposite_event(words))
                .flatten(),
            life: words.iter().any(|w| LIFE_EVENTS.contains(&w.stem.as_str())),
            other_event: crate::execute::life::names_other_event(&frame.question),
            hyphenated: hyphen::hyphenated(
                frame,
                &words.iter().map(|w| w.stem.as_str()).collect::<Vec<_>>(),
            ),
            particles: Particles::of(frame, words),
            subject: None,
            place_verb: None,
            doer: crate::execute::kind::doer_verb(frame),
            prescription: crate::execute::prescribed::asked(frame),
            counts_from: matches!(frame.answer, Answer::Duration | Answer::Date)
                .then(|| DateEvent::of(&frame.question))
                .flatten(),
            listed: crate::decompose::listed::lists(&frame.question, &frame.names)
                .into_iter()
                .flatten()
                .collect(),
            open_terms: match frame.answer {
                Answer::Open => frame
                    .terms
                    .iter()
                    .filter(|t| t.role != Role::Name)
                    .map(|t| t.term.as_str())
                    .collect(),
                _ => Vec::new(),
            },
            about_the_act: asks_about_the_act(frame),
            polar_subject: words_within(frame, words, frame.polar.subject, false),
            polar_predicate: words_within(frame, words, frame.polar.predicate, true),
            // (Only a yes/no question has a predicate.)
            asked_verb: polar::asked_verb(&frame.question, &frame.polar)
                .and_then(|r| words_within(frame, words, Some(r), true).first().copied()),
            condition_verb: words_within(frame, words, frame.polar.condition, true)
                .first()
                .copied(),
            tagged: Vec::new(),
        };
        let reader = reader.with_subject();
        match source {
            Some(src) => reader.with_source(src),
            None => reader,
        }
    }

    /// The same reader with `src` as its source (the words it names count
    /// as given), without weighing the question's words again.
    pub fn with_source(&self, src: &Passage) -> Self {
        let scan = self.scan(&src.text);
        let title = self.marks(&self.matched(&src.title));
        let or =
            |a: &[bool]| -> Vec<bool> { a.iter().zip(&title).map(|(x, y)| *x || *y).collect() };
        Reader {
            frame: self.frame,
            words: self.words,
            prefixes: self.prefixes.clone(),
            forms: self.forms.clone(),
            doers: self.doers.clone(),
            file: self.file,
            in_source: or(&scan.in_text),
            source_as_name: or(&scan.as_name),
            source_says: false,
            locative: self.locative,
            key_as_name: self.key_as_name,
            asked_kind: self.asked_kind,
            opposite: self.opposite,
            life: self.life,
            other_event: self.other_event,
            hyphenated: self.hyphenated.clone(),
            particles: self.particles.clone(),
            subject: self.subject,
            place_verb: self.place_verb.clone(),
            doer: self.doer.clone(),
            prescription: self.prescription.clone(),
            counts_from: self.counts_from,
            listed: self.listed.clone(),
            open_terms: self.open_terms.clone(),
            about_the_act: self.about_the_act,
            polar_subject: self.polar_subject.clone(),
            polar_predicate: self.polar_predicate.clone(),
            asked_verb: self.asked_verb,
            condition_verb: self.condition_verb,
            tagged: self.tagged.clone(),
        }
    }

    /// [`Reader::with_source`] of the sentences of a page that name a
    /// proposal: what they say of it counts as given, its topic words too
    /// ("Among the main players … were … striker Claudio Ferraz" says he
    /// was a main player; his own page says he is an Argentine forward).
    pub fn with_saying(&self, said: &Passage) -> Self {
        Reader {
            source_says: true,
            ..self.with_source(said)
        }
    }

    /// The reader with the question's event subject and place verb, read
    /// once for every passage.
    fn with_subject(self) -> Self {
        let frame = self.frame;
        let life = life_subject(frame);
        let other = life
            .is_none()
            .then(|| event_subject(frame))
            .flatten()
            .filter(|_| matches!(frame.answer, Answer::Place | Answer::Date | Answer::Year));
        let place_verb = other
            .filter(|_| frame.answer == Answer::Place)
            .and_then(|(_, end)| {
                let mut after = frame.question.get(end..)?.split_whitespace();
                let mut next = after.next()?;
                // "go running", "go for a run", "go on her runs": the
                // activity is the verb asked.
                if next.eq_ignore_ascii_case("go") {
                    next = activity(after).unwrap_or(next);
                }
                let verb = lexicon::lemma(&analyze::terms(next).first()?.term);
                (!LOCATING.contains(&verb.as_str())).then_some(verb)
            });
        Reader {
            subject: life.or(other),
            place_verb,
            ..self
        }
    }

    /// The same reader, counting a name of the question as written in a
    /// passage whose `meta.entities` lists the catalog entity it mentions
    /// (`mentions`: byte ranges in the question and entity IDs). "West
    /// Gateway", an alias the corpus writes only in other passages' titles,
    /// is the service of the appendix tagged `gateway-west`, which writes
    /// only the ID.
    pub fn tagged(self, mentions: Vec<((usize, usize), String)>) -> Self {
        Reader {
            tagged: mentions,
            ..self
        }
    }

    /// The same reader, counting a hop's key as a name ([`Reader::key_as_name`]).
    pub fn key_as_name(self, yes: bool) -> Self {
        let asked_kind = yes
            .then(|| crate::execute::kind::asked_noun(&self.frame.question))
            .flatten()
            .and_then(|n| {
                self.words
                    .iter()
                    .position(|w| written(self.frame, w).as_deref() == Some(n.as_str()))
            });
        Reader {
            key_as_name: yes,
            asked_kind,
            ..self
        }
    }
}
