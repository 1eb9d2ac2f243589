//! Stage 6 — execute: reading one passage for one part of a question.
//!
//! A [`Reading`] measures how a passage answers a question's [`Frame`]: the
//! share of its names and of its topic words (by rarity) the passage has, the
//! clause that matches the question best — its words, their order ("failed
//! after the second retry" against "failed after the first retry … second
//! try"), whether it states a value of the expected kind and whether a
//! negation covers the words it matched ("no service was marked failed").
//! Acceptance ([`super::accept`]) decides on these figures.
//!
//! Guarantees: a term matches by its stem, irregular verb forms by their base
//! (kept = keeps); a word inside a negated clause does not match a question
//! that is not negated; every range is a byte range of the passage text on
//! char boundaries; the figures are shares in 0..=1 and do not depend on the
//! corpus except through the term weights given; no input panics.

mod question;
mod scan;
mod sentence;
mod states;
mod weights;

use crate::analyze::fold::Lower;
use crate::analyze::lexicon::{LIFE_EVENTS, LIFE_PLACES};
use crate::analyze::{self, lexicon};
use crate::compute::date::DateEvent;
use crate::compute::duration;
use crate::decompose::frame::{Answer, Frame, Role};
use crate::model::Passage;

use super::hyphen::Hyphenated;
use super::particle::Particles;
use super::prescribed;

use scan::{Key, Scan};
use sentence::{layout, prohibition};
use states::{
    acts_on_it, capitalised_terms, has_year, instructs, names_person, opens_with_pronoun,
    refers_back,
};

pub use sentence::{clauses, negated, sentences};
pub use states::states;
pub(super) use weights::written;
pub use weights::{
    soften_asking_phrase, soften_unknown_verbs, unknown_verbs, weigh, weights, Weighted,
};

/// Weight of a soft term relative to a topic word, when ranking clauses.
const SOFT: f32 = 0.3;
/// How much the share of the question's topic words written in a clause
/// itself (not in its section's heading) adds when choosing among a
/// section's clauses.
const OWN: f32 = 0.5;
/// How much the order of matched words adds to a clause's score.
const ORDER: f32 = 0.5;
/// How much stating a value of the expected kind adds to a clause's score.
const TYPED: f32 = 0.5;
/// How much a heading that names only what the question asks adds to every
/// clause under it; a heading that names part of it, that part
/// ([`heading_named`]).
const HEADING: f32 = 0.5;

/// How a passage answers a frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// Share of the question's name weight found in the title or text (a
    /// name weighs as its rarest word), or in a hop's source.
    pub names: f32,
    /// For the names a hop supplied, the smallest share of their words
    /// found (1 when there are none).
    pub joined: f32,
    /// Share of name and topic-word weight found in the title or text (1
    /// when the question has neither).
    pub topic: f32,
    /// Share of name and topic weight inside the best clause (with the title).
    pub local: f32,
    /// Share of consecutive question words found in order in the best clause.
    pub order: f32,
    /// The best clause states a value of the expected kind.
    pub typed: bool,
    /// Share of soft-word weight found in the title or text.
    pub soft: f32,
    /// The best clause's byte range, and its sentence's.
    pub clause: (usize, usize),
    pub sentence: (usize, usize),
    /// A clause score that ranks clauses (and passages) for this question.
    pub score: f32,
    /// Byte offsets of the question words the best sentence matched (where
    /// a stated value is looked for nearby).
    pub anchors: Vec<usize>,
    /// The passage can date or place a life event the question asks about:
    /// its answering sentence names the event ("born", "died"), or, for a
    /// date, a life span in parentheses opens it ("Robin Gibb (22 December
    /// 1949 – 20 May 2012)"); true when the question asks about none.
    pub dates_life: bool,
    /// The byte range of a question's compound noun whose head the passage
    /// does not write ([`Frame::heads`]).
    pub unheaded: Option<(usize, usize)>,
    /// The verb a yes/no question asks about, as written, when the passage
    /// never writes it ("restart" for "should I restart the agents?").
    pub verb_unsaid: Option<String>,
}

/// The heading of a section's title ("Page › Section"); none for a page's
/// own title.
fn section_heading(title: &str) -> Option<&str> {
    title.rsplit_once('›').map(|(_, heading)| heading)
}

/// For a section ("Page › Section"), the share of its heading's content
/// words the question has, in any role: the section is about what is asked
/// ("Install with Homebrew" for "how do I install skiff with homebrew?",
/// all of it; not "Upgrade the CLI", whose sentence "… if you installed with
/// Homebrew" shares the question's words), and of two sections that answer
/// alike, the one whose heading adds less ("Roll back a deploy" over "Roll
/// back to a specific release" for "how do I roll back?"). A page's own
/// title is a name, which the names already weigh (on open text a bonus for
/// it took a bridge question's answer to the page the question names): 0.
fn heading_named(title: &str, words: &[Weighted]) -> f32 {
    let Some(heading) = section_heading(title) else {
        return 0.0;
    };
    let terms = analyze::terms(heading);
    if terms.is_empty() {
        return 0.0;
    }
    let asked = terms
        .iter()
        .filter(|t| words.iter().any(|w| w.stem == lexicon::lemma(&t.term)))
        .count();
    asked as f32 / terms.len() as f32
}

/// A parenthesis holding a year, as a biography opens with its subject's
/// life span or birth ("(born 6 September 1961)", "(1949 – 2012)").
fn life_span(text: &str) -> Option<&str> {
    // The page's opening: "(born …)" or "(1906 – 1984)" there, not a year in
    // parentheses further on ("Harbour Lights (1998) sold the most").
    let (_, opening) = sentences(text).next().unwrap_or((0, text.len()));
    text.match_indices('(')
        .take_while(|(i, _)| *i < opening)
        .find_map(|(i, _)| {
            let inside = text
                .get(i + 1..)
                .and_then(|r| r.split(')').next())
                .unwrap_or("");
            (inside.chars().count() <= 200 && has_year(inside)).then_some(inside)
        })
}

/// Share of consecutive name/topic question words (`hard`, in question
/// order) found in order, at most three matched words apart, among a
/// clause's hits (word indices in text order).
fn order(hard: &[usize], words: &[Weighted], hits: &[usize]) -> f32 {
    if hard.len() < 2 {
        return 0.0;
    }
    let mut ordered: Vec<usize> = hard.to_vec();
    crate::order::sort_by_key(&mut ordered, |&i| {
        (words.get(i).map_or(0, |w| w.position), i)
    });
    let mut found = 0;
    for pair in ordered.windows(2) {
        let near = hits
            .iter()
            .enumerate()
            .any(|(k, &h)| h == pair[0] && hits.iter().skip(k + 1).take(3).any(|&n| n == pair[1]));
        found += usize::from(near);
    }
    found as f32 / (ordered.len() - 1) as f32
}

/// Reads a passage for a frame whose terms are weighed as `words`.
pub fn read(passage: &Passage, frame: &Frame, words: &[Weighted]) -> Reading {
    Reader::new(frame, words, None).read(passage)
}

/// True when `text` (a passage's text or title) writes the verb of stem
/// `stem`, or a noun made from it ("founder", "deployment"): a word of the
/// same family, not merely of the same first letters ("rest" is not
/// "restart"). Read through the passage memo, not the questions'.
fn writes_verb(text: &str, stem: &str) -> bool {
    analyze::passage_terms(text).iter().any(|t| {
        let lemma = lexicon::lemma(&t.term);
        lemma
            .strip_prefix(stem)
            .is_some_and(|rest| matches!(rest, "" | "er" | "or" | "ion" | "ment" | "al"))
    })
}

/// True when `text` writes `head` (lowercase, a whole word) right after a
/// word that is neither a stop word nor a word of `question`: its own
/// qualifier ("*Opened* electronics").
fn qualified_otherwise(text: &str, head: &str, question: &str) -> bool {
    let asked: Vec<String> = analyze::words(question)
        .into_iter()
        .map(|w| w.term)
        .collect();
    let words = analyze::words(text);
    words.windows(2).any(|pair| {
        let [before, word] = pair else {
            return false;
        };
        word.term == head
            && text
                .get(before.end..word.start)
                .is_some_and(|gap| gap.chars().all(char::is_whitespace))
            && !analyze::is_stop_word(&before.term)
            && !asked.contains(&before.term)
    })
}

/// What a step reads its passages with, built once for all of them: the
/// question's weighed words, the keys of the words worth stemming, and the
/// words a hop's source passage names.
pub struct Reader<'a> {
    frame: &'a Frame,
    words: &'a [Weighted],
    /// The keys of the question words' stems and of their irregular forms.
    prefixes: Vec<Key>,
    /// The irregular forms whose base form's key is among `prefixes`: the
    /// only words besides those of `prefixes` that can match a question word
    /// (every rule of [`Reader::scan`] compares a word, or its base form,
    /// with a stem of the same first two letters).
    forms: Vec<&'static str>,
    /// Per question word but a name's, the verb its agent noun names the
    /// doer of, as its term ("screenwriter": "write"): a passage states the
    /// role by the verb ("written by Oda Marsh" of "the screenwriter of
    /// Harrow Lane").
    doers: Vec<Option<String>>,
    /// The question word "file", when it asks of one: a passage names a
    /// file by its file name ("reads its settings from `skiff.toml`").
    file: Option<usize>,
    /// For a hop, which of `words` the source passage (the one the hop's
    /// key came from) names: they count as given, since the two passages
    /// of a chain answer the question together. Empty otherwise.
    in_source: Vec<bool>,
    /// Which of `words` the source passage writes as a name (or in its title).
    source_as_name: Vec<bool>,
    /// The source is what a page that names a proposal says of it (the
    /// sentences naming it): its topic words count as given too, not only
    /// its names ([`Reader::with_saying`]).
    source_says: bool,
    /// The preposition the question asks a place with ([`asked_locative`]).
    ///
    /// [`asked_locative`]: states::asked_locative
    locative: Option<&'static str>,
    /// A hop's key is a page's title or a name found in open text: it
    /// counts as a name of the question in the topic shares, as it would
    /// asked directly ("Ludwig van Beethoven passed away in which year?").
    /// A declared catalog key (a service, a document) does not: a passage
    /// must say what is asked of it.
    key_as_name: bool,
    /// Where a proposed name is verified (`key_as_name`), the word of
    /// `words` that is the kind noun asked ([`super::kind::asked_noun`]):
    /// the kind is the proposal's to fit, not a word a passage must write.
    asked_kind: Option<usize>,
    /// The event opposite to the one the question asks a date of ("When did
    /// X *die*?": a beginning), when it asks of one kind only.
    opposite: Option<lexicon::Event>,
    /// The question asks about a life event ([`LIFE_EVENTS`]).
    life: bool,
    /// The question names another event, which no date of a life span
    /// answers ([`super::life::names_other_event`]).
    other_event: bool,
    /// The question's hyphenated words a passage may write apart.
    hyphenated: Vec<Hyphenated>,
    /// Its verbs with a particle a passage may write joined, and its words
    /// a passage may write as a verb and its particle.
    particles: Particles,
    /// The name the question asks its event of: before a life event
    /// ([`life_subject`]), else, for a place, date or year, the subject of
    /// its verb ([`event_subject`]). The answering sentence or the page's
    /// title names it.
    ///
    /// [`life_subject`]: question::life_subject
    /// [`event_subject`]: question::event_subject
    subject: Option<(usize, usize)>,
    /// For a place asked of such a subject's event, the verb's stem the
    /// answering sentence writes ("study"); none for a verb of where a thing
    /// is ([`LOCATING`]).
    ///
    /// [`LOCATING`]: question::LOCATING
    place_verb: Option<String>,
    /// The verb a "who" question asks the doer of ([`super::kind::doer_verb`]):
    /// a sentence names that person only where it writes the verb or its
    /// agent noun ("Drummer Ruth Mackay" answers who drummed, not who sang).
    doer: Option<String>,
    /// The rule, policy or procedure an open question asks for
    /// ([`crate::execute::prescribed::asked`]): a sentence that only narrates
    /// an event does not state it.
    prescription: Option<String>,
    /// The one event a question counting days names ("after *approval*",
    /// "I *got back*"): a duration counted from another event does not
    /// answer it ("within 5 working days after approval" for the days left
    /// after a trip ends).
    counts_from: Option<DateEvent>,
    /// The question's names that stand in a list ("starring A, B, and C",
    /// [`crate::decompose::listed`]): a passage must write each of them.
    listed: Vec<(usize, usize)>,
    /// An open question's words but its names: a sentence that refers
    /// back to one of them is read with the one before ([`refers_back`]).
    open_terms: Vec<&'a str>,
    /// [`asks_about_the_act`]: a prohibition answers the question.
    ///
    /// [`asks_about_the_act`]: question::asks_about_the_act
    about_the_act: bool,
    /// Which of `words` a yes/no question's subject holds ("Does *a
    /// deploy* rebuild anything?", [`Frame::polar`]), soft words aside.
    polar_subject: Vec<usize>,
    /// Which of `words` its predicate holds ("Does Priya *eat* meat?"): a
    /// clause that negates it answers no.
    polar_predicate: Vec<usize>,
    /// Which of `words` is the verb a yes/no question asks about
    /// ([`polar::asked_verb`]): a page that never writes it does not answer.
    ///
    /// [`polar::asked_verb`]: crate::decompose::polar::asked_verb
    asked_verb: Option<usize>,
    /// Which of `words` is the verb of the condition a yes/no question
    /// sets (`Polar::condition`): a page that never writes it states the
    /// predicate of another occasion.
    condition_verb: Option<usize>,
    /// The question's names that are mentions of declared catalog
    /// entities, with each entity's ID ([`Reader::tagged`]).
    tagged: Vec<((usize, usize), String)>,
}

impl<'a> Reader<'a> {
    /// True when a clause states a value of the expected kind
    /// ([`states`]) that can answer the question: not the date of another
    /// event ([`Reader::cannot_date`]), nor only a life span's when the
    /// question asks of another event.
    ///
    /// [`states`]: fn@states
    fn typed(&self, text: &str, whole: &str) -> bool {
        let life_dates_only = self.other_event
            && matches!(self.frame.answer, Answer::Year | Answer::Date)
            && super::stated::only_life_years(text);
        states(self.frame.answer, text, self.locative)
            && (self.frame.answer != Answer::Person || names_person(text, whole))
            && self.doer.as_ref().is_none_or(|verb| {
                analyze::terms(text)
                    .iter()
                    .any(|t| lexicon::lemma(&t.term) == *verb || lexicon::names_doer(&t.term, verb))
            })
            && !self.cannot_date(text)
            && !life_dates_only
            && !self.counts_from_another_event(text)
            && self
                .prescription
                .as_deref()
                .is_none_or(|noun| prescribed::writes(whole, noun) || !prescribed::narrates(text))
    }

    /// The indices into `words` of the verbs a yes/no question asks: its
    /// predicate's, then its condition's (none for other questions).
    fn asked_verbs(&self) -> impl Iterator<Item = usize> {
        self.asked_verb.into_iter().chain(self.condition_verb)
    }

    /// True when every duration the clause states counts from an event,
    /// and none from the one the question names ([`Reader::counts_from`]).
    fn counts_from_another_event(&self, text: &str) -> bool {
        let Some(asked) = self.counts_from else {
            return false;
        };
        let events: Vec<Option<DateEvent>> = duration::durations(text)
            .iter()
            .map(|d| d.start.as_deref().and_then(DateEvent::of))
            .collect();
        !events.is_empty() && events.iter().all(|e| e.is_some_and(|e| e != asked))
    }

    /// Whether a sentence cannot date the event the question asks about: it
    /// names only the opposite event ("founded in 1985" for "When did it
    /// close?"), or no event of the kind asked at all ("Iona Fraser joined in
    /// 1995" for "When did the band break up?"). A life event (born, died)
    /// is left to [`Reading::dates_life`], which a life span also satisfies.
    fn cannot_date(&self, sentence: &str) -> bool {
        let Some(opposite) = self.opposite else {
            return false;
        };
        let events: Vec<lexicon::Event> = analyze::terms(sentence)
            .iter()
            .filter_map(|t| lexicon::event_of(&t.term))
            .collect();
        let own = events.iter().any(|e| *e != opposite);
        !own && (events.contains(&opposite) || !self.life)
    }

    /// Reads one passage.
    pub fn read(&self, passage: &Passage) -> Reading {
        let (frame, words) = (self.frame, self.words);
        let in_source = self.in_source.as_slice();
        let text = passage.text.as_str();
        let find = |stem: &str| words.iter().position(|w| w.stem == stem);
        let Scan {
            in_text,
            as_name,
            hits,
            apart,
            compound,
        } = self.scan(text);
        let title_hits = self.matched(&passage.title);
        let in_title = self.marks(&title_hits);
        // Whether the passage has a word at all does not depend on negation ("Never
        // paste raw HTML" names HTML); whether a clause states the question's
        // predicate does ("no service was marked failed").
        let anywhere = |i: usize| in_text.get(i) == Some(&true) || in_title.get(i) == Some(&true);
        // A name the source has counts as given; the rest of the question
        // (what is said of the names) must be in this passage.
        let given = |i: usize| {
            in_source.get(i) == Some(&true)
                && words.get(i).is_some_and(|w| {
                    w.role == Role::Name || (self.source_says && w.role == Role::Topic)
                })
        };
        let named = |i: usize| anywhere(i) || given(i);
        let named_as_name = |i: usize| {
            as_name.get(i) == Some(&true)
                || apart.get(i) == Some(&true)
                || in_title.get(i) == Some(&true)
                || self.source_as_name.get(i) == Some(&true)
        };
        let terms_in = |(s, e): (usize, usize), compounds: bool| -> Vec<Option<usize>> {
            frame
                .terms
                .iter()
                .filter(|t| t.start >= s && t.start < e)
                .filter(|t| compounds || !t.term.contains(['-', '_', '.']))
                .map(|t| find(&lexicon::lemma(&t.term)))
                .collect()
        };
        // A hop's key is checked by the join, not counted as matched topic.
        let joined: Vec<usize> = frame
            .joined
            .iter()
            .flat_map(|&r| terms_in(r, true))
            .flatten()
            .collect();
        let of_role = |role: Role| -> Vec<usize> {
            (0..words.len())
                .filter(|&i| words.get(i).is_some_and(|w| w.role == role) && !joined.contains(&i))
                .collect()
        };
        let names_w = of_role(Role::Name);
        let topic_w = of_role(Role::Topic);
        let soft_w = of_role(Role::Soft);
        // What the soft words say is read from those the corpus uses: no
        // passage writes a kind noun it never has ("What company published
        // Lantern Run?" over pages that say "published by Kestrel Soft"),
        // unless none of them is used (then nothing says it).
        // Nor, where a proposed name is verified, the kind noun asked: the
        // kind is the proposal's to fit ("Which monarch established …?" is
        // verified by "established in 1829 by King George IV").
        let known: Vec<usize> = soft_w
            .iter()
            .copied()
            .filter(|&i| Some(i) != self.asked_kind && words.get(i).is_some_and(|w| !w.unknown))
            .collect();
        let soft_said = if known.is_empty() {
            soft_w.clone()
        } else {
            known
        };
        let hard: Vec<usize> = names_w.iter().chain(&topic_w).copied().collect();
        // An open-text key counts in the topic shares as a name, as if it
        // were asked directly; whether it is the same thing is the join's
        // to say.
        let key_names = joined
            .iter()
            .filter(|&&i| self.key_as_name && words.get(i).is_some_and(|w| w.role == Role::Name));
        let topical: Vec<usize> = hard.iter().chain(key_names).copied().collect();
        let weight = |i: &usize| words.get(*i).map_or(0.0, |w| w.weight);
        let share = |set: &[usize], present: &dyn Fn(usize) -> bool| -> f32 {
            let total: f32 = set.iter().map(weight).sum();
            if total <= 0.0 {
                return 1.0;
            }
            set.iter().filter(|&&i| present(i)).map(weight).sum::<f32>() / total
        };
        // Names: the share of names with every term present; a name of several
        // words written as a name, too.
        let names = if frame.names.is_empty() {
            1.0
        } else {
            let name_weight = |r: (usize, usize)| -> f32 {
                terms_in(r, true)
                    .iter()
                    .flatten()
                    .map(weight)
                    .fold(0.0, f32::max)
            };
            let total: f32 = frame.names.iter().map(|&r| name_weight(r)).sum();
            // Only a question that names a declared entity reads the tags.
            let tags = if self.tagged.is_empty() {
                Vec::new()
            } else {
                passage.meta_entities()
            };
            let tagged = |(s, e): (usize, usize)| {
                self.tagged
                    .iter()
                    .any(|&((ts, te), ref id)| ts <= s && e <= te && tags.contains(id))
            };
            let written = |r: (usize, usize)| {
                if tagged(r) {
                    return true;
                }
                let idx = terms_in(r, true);
                // A proper name of two capitalised words or more ("The
                // Lighthouse Keeper", not "Western action-adventure"): its
                // capitalised words written as a name.
                let capital = capitalised_terms(&frame.question, r);
                let proper = capital.len() > 1;
                !idx.is_empty()
                    && idx.iter().all(|i| i.is_some_and(named))
                    && (!proper
                        || capital
                            .iter()
                            .all(|t| find(&lexicon::lemma(t)).is_some_and(named_as_name)))
            };
            let whole: f32 = frame
                .names
                .iter()
                .filter(|&&r| written(r))
                .map(|&r| name_weight(r))
                .sum();
            // A list of names ("starring A, B, and C") is matched whole: a
            // page that writes two of them is another thing's.
            let list_broken = self.listed.iter().any(|&r| !written(r));
            if list_broken {
                0.0
            } else if total > 0.0 {
                whole / total
            } else {
                1.0
            }
        };
        // A joined name: the smallest share of its words (not its compound).
        let joined_share = frame
            .joined
            .iter()
            .map(|&r| {
                let idx = terms_in(r, false);
                if idx.is_empty() {
                    return 1.0;
                }
                idx.iter().filter(|i| i.is_some_and(anywhere)).count() as f32 / idx.len() as f32
            })
            .fold(1.0, f32::min);
        // A compound whose modifiers the passage writes and whose head it
        // never does: it speaks of the modifiers' thing, not the one asked
        // ("the health check path" over the health check). (Where the
        // modifiers are missing too, the passage may say it in other words:
        // "a movie adaptation" of a "film".)
        let unheaded = frame
            .heads
            .iter()
            .find(|&&((start, _), head)| {
                let modifiers = terms_in((start, head.0), true);
                let lacks_head = terms_in(head, true)
                    .iter()
                    .any(|i| i.is_some_and(|i| topic_w.contains(&i) && !named(i)));
                // A kind noun's page says it in its own words ("a rugby
                // league player" of a "rugby league footballer").
                let kind = frame
                    .question
                    .get(head.0..head.1)
                    .is_some_and(|h| super::kind::class_of(&h.lower()).is_some());
                let unheaded =
                    lacks_head && !kind && modifiers.iter().all(|i| i.is_some_and(named));
                // A modifier no passage writes on a head the passage gives a
                // word of its own ("used electronics" over "Opened
                // electronics may carry a fee"): it speaks of other ones.
                let unknown_modifier = modifiers.iter().any(|i| {
                    i.and_then(|i| words.get(i))
                        .is_some_and(|w| w.unknown && w.role != Role::Name)
                });
                let requalified = unknown_modifier
                    && frame
                        .question
                        .get(head.0..head.1)
                        .is_some_and(|h| qualified_otherwise(text, &h.lower(), &frame.question));
                unheaded || requalified
            })
            .map(|&(phrase, _)| phrase);
        let mut best = Reading {
            names,
            joined: joined_share,
            unheaded,
            verb_unsaid: self
                .asked_verbs()
                .filter_map(|i| words.get(i))
                .find(|w| !writes_verb(&passage.title, &w.stem) && !writes_verb(text, &w.stem))
                .and_then(|w| written(frame, w)),
            topic: share(&topical, &named),
            local: 0.0,
            order: 0.0,
            typed: false,
            soft: share(&soft_said, &anywhere),
            clause: (0, 0),
            sentence: (0, 0),
            score: f32::MIN,
            anchors: Vec::new(),
            dates_life: true,
        };
        // The life event asked: a place of one only the page's own words
        // give ("grew up in Oban"; a place she worked is none).
        let place = frame.answer == Answer::Place;
        let life: Vec<usize> = (0..words.len())
            .filter(|&i| {
                words.get(i).is_some_and(|w| {
                    LIFE_EVENTS.contains(&w.stem.as_str())
                        || (place && LIFE_PLACES.contains(&w.stem.as_str()))
                })
            })
            .collect();
        let titled = hard.iter().any(|&i| in_title.get(i) == Some(&true));
        let section = section_heading(&passage.title).is_some();
        // The best clause's score with its own topic words ([`OWN`]).
        let mut picked = f32::MIN;
        // A yes/no question's answer is quoted from a clause that writes a
        // verb it asks (its predicate's, its condition's) when the best
        // clause writes no topic word beyond its title's: "Values are …
        // *injected* when a release *starts*", not "Set runtime variables
        // with …" under the heading "Environment variables". (A clause that
        // writes more stays: "Sale items are final." for "Can I return sale
        // stuff?".) The shares that decide acceptance stay the best clause's.
        let mut best_writes_asked = false;
        let mut best_beyond_title = false;
        // (The best such clause's pick, and its clause and sentence.)
        let mut asked_pick = f32::MIN;
        let mut asked_at = None;
        let title_order = order(&hard, words, &title_hits);
        let layout = layout(text);
        let mut typed_cache: Vec<((usize, usize), bool)> = Vec::new();
        // A duration said by its unit alone ("so it takes seconds") answers
        // "how long?" where the text itself writes a name or topic word of
        // the question, or its act as a noun ("A rollback …" for "how long
        // does it take to roll back a deploy?"): under the heading "Roll
        // back a deploy" it is the rollback's, not the deploy's.
        let vague_duration_said = frame.answer == Answer::Duration
            && (hits.iter().any(|&(i, _)| hard.contains(&i)) || compound.contains(&true));
        let vague_duration = |sentence: &str| {
            duration::durations(sentence).is_empty()
                && !crate::compute::unit_alone::phrases(sentence).is_empty()
        };
        // A sentence that says a yes/no question's predicate of "it" ("It
        // does not rebuild anything") answers only when it, or the sentence
        // before it that "it" stands for, writes a word of the question's
        // subject ([`Reader::polar_subject`]) — not when only the page's
        // title does ("Roll back a deploy").
        let subject = &self.polar_subject;
        let predicate = &self.polar_predicate;
        let writes_subject = |(s, e): (usize, usize)| {
            hits.iter()
                .any(|&(i, at)| at >= s && at < e && subject.contains(&i))
        };
        let mut h = 0;
        // The question words of the clause at hand (one buffer for all).
        let mut inside: Vec<usize> = Vec::new();
        let mut previous: Option<(usize, usize)> = None;
        for (s, clauses) in &layout.sentences {
            let s = *s;
            // "Run `skiff version`. It prints the CLI version …": a sentence
            // that says what the instruction before it does answers "how do
            // I …?" with that instruction (the two are read as one).
            // "The CLI talks to agents on port 7420. Open that port …": a
            // sentence that refers back to the thing asked ("which port?")
            // answers with the sentence before it, which names it.
            // "A rollback switches servers back … It does not rebuild
            // anything, so it takes seconds.": a duration said by its unit
            // alone of "it" is said of what the sentence before speaks of,
            // whose words count for it.
            let mut carried = None;
            let before = previous;
            let continued = previous.replace(s).filter(|&p| {
                let (here, before) = (
                    text.get(s.0..s.1).unwrap_or(""),
                    text.get(p.0..p.1).unwrap_or(""),
                );
                if vague_duration_said && opens_with_pronoun(here) && vague_duration(here) {
                    carried = Some(p);
                    return true;
                }
                (frame.answer == Answer::Procedure && opens_with_pronoun(here) && instructs(before))
                    || refers_back(here, before, &self.open_terms, &frame.question)
                    || (matches!(frame.answer, Answer::Procedure | Answer::Open)
                        && acts_on_it(here))
            });
            let answering = continued.map_or(s, |p| (p.0, s.1));
            if !subject.is_empty()
                && opens_with_pronoun(text.get(s.0..s.1).unwrap_or(""))
                && !writes_subject(s)
                && !before.is_some_and(writes_subject)
            {
                continue;
            }
            for &c in clauses {
                let negation = layout
                    .cues
                    .iter()
                    .find(|&&p| p >= c.0 && p < c.1)
                    .copied()
                    .filter(|&n| !(self.about_the_act && prohibition(text, s.0, n)));
                // A negated clause answers a negated question, and a yes/no
                // one whose predicate it negates: "Priya does not eat meat."
                // says no to "Does Priya eat meat?"; "no service was marked
                // failed" nothing to "can I restart a service after a failed
                // deploy?".
                let polar = frame.negated
                    || negation.is_some_and(|n| {
                        hits.iter()
                            .any(|&(i, at)| at >= n && at < c.1 && predicate.contains(&i))
                    });
                while hits.get(h).is_some_and(|&(_, at)| at < c.0) {
                    h += 1;
                }
                inside.clear();
                inside.extend(
                    hits.iter()
                        .skip(h)
                        .take_while(|&&(_, at)| at < c.1)
                        .filter(|&&(_, at)| polar || negation.is_none_or(|n| at < n))
                        .map(|&(i, _)| i),
                );
                if let Some((ps, pe)) = carried {
                    inside.extend(
                        hits.iter()
                            .filter(|&&(i, at)| at >= ps && at < pe && hard.contains(&i))
                            .map(|&(i, _)| i),
                    );
                }
                // A clause with no question word cannot beat one that has some,
                // unless the title speaks for it ("It started life as a print
                // magazine in 1984" on the page Macworld).
                if inside.is_empty() && best.score > f32::MIN && !titled {
                    continue;
                }
                let here = |i: usize| inside.contains(&i);
                // A title (a page's subject, a section's heading) speaks for
                // every clause under it; a section's heading only for the
                // words its text never writes: where the text writes one,
                // the clause that does is the one that says it ("You can
                // get cash …" under "Cash or store credit", not "Refunds go
                // back …").
                let titled_word = |i: usize| {
                    in_title.get(i) == Some(&true) && !(section && in_text.get(i) == Some(&true))
                };
                let local = share(&topical, &|i| here(i) || titled_word(i) || given(i));
                // Under a section heading, the topic words a clause writes
                // itself choose among its clauses: one that writes one reads
                // above one the heading speaks for ("You can get cash …"
                // over "Refunds go back …" under "Cash or store credit").
                // Not between passages (a page's intro has no heading to
                // lean on), nor on a page's own title, its subject, which
                // its text refers to as "he" or "it" (counting it on
                // HotpotQA lost 3 questions and won 1).
                let own = if section { share(&topic_w, &here) } else { 0.0 };
                let soft_here = share(&soft_w, &here);
                // The title's word order speaks for a clause under it, too.
                let ord = order(&hard, words, &inside).max(title_order);
                // The sentence states the value (a duration may sit in the next clause).
                let typed = continued.is_some()
                    || match typed_cache.iter().find(|(r, _)| *r == s) {
                        Some((_, t)) => *t,
                        None => {
                            let sentence = text.get(s.0..s.1).unwrap_or("");
                            let t = self.typed(sentence, text)
                                || (vague_duration_said && vague_duration(sentence));
                            typed_cache.push((s, t));
                            t
                        }
                    };
                let score =
                    local + SOFT * soft_here + ORDER * ord + if typed { TYPED } else { 0.0 };
                let pick = score + OWN * own;
                let writes_asked = self.asked_verbs().any(here);
                if writes_asked && pick > asked_pick {
                    asked_pick = pick;
                    asked_at = Some((c, answering));
                }
                if pick > picked {
                    picked = pick;
                    best_writes_asked = writes_asked;
                    best_beyond_title = inside
                        .iter()
                        .any(|&i| topical.contains(&i) && in_title.get(i) != Some(&true));
                    best.local = local;
                    best.order = ord;
                    best.typed = typed;
                    best.clause = c;
                    best.sentence = answering;
                    best.score = score;
                }
            }
        }
        if let Some((clause, sentence)) =
            asked_at.filter(|_| !best_writes_asked && !best_beyond_title)
        {
            best.clause = clause;
            best.sentence = sentence;
        }
        if best.score == f32::MIN {
            best.score = 0.0;
            best.typed = self.typed(text, text);
        }
        let (s, e) = best.sentence;
        // The life event is named in the answering sentence itself ("London-
        // born Violet Lee" elsewhere does not date the author's birth), or a
        // life span opens the page.
        // And it is the life of the one the question names right before the
        // event ("Where was Iona Fraser born?"): the sentence names them, or
        // the page's title does ("Born in Dundee, he …" on Callum Reid's page
        // is his birth, not hers).
        // Of another event asked of a named subject, the same holds: "She …
        // studied music in Glasgow" on Iona Fraser's page is hers, not
        // Callum Reid's ([`Reader::subject`]).
        let whose = self.subject.is_none_or(|r| {
            let name = frame.question.get(r.0..r.1).unwrap_or("");
            let base = crate::index::catalog::title_base(&passage.title).unwrap_or(&passage.title);
            // (The title may give more of the name: "Hiscott" of "Leslie S.
            // Hiscott".)
            base.lower().contains(&name.lower())
                || terms_in(r, true)
                    .iter()
                    .flatten()
                    .any(|i| hits.iter().any(|&(h, at)| h == *i && at >= s && at < e))
        });
        // And the sentence says it of the asked verb: "formed in 1991 by
        // Callum Reid" on the band's page does not say where he studied.
        // (A verb of where a thing is — located, based — asks no event.)
        let said = self.place_verb.as_ref().is_none_or(|verb| {
            hits.iter()
                .any(|&(i, at)| at >= s && at < e && words.get(i).is_some_and(|w| w.stem == *verb))
        });
        best.dates_life = (life.is_empty() && whose && said)
            || whose
                && ((frame.answer != Answer::Place
                    && life_span(text).is_some_and(|span| !self.cannot_date(span)))
                    || hits
                        .iter()
                        .any(|&(i, at)| at >= s && at < e && life.contains(&i)));
        best.anchors = hits
            .iter()
            .filter(|&&(_, at)| at >= s && at < e)
            .map(|&(_, at)| at)
            .collect();
        best.score += HEADING * heading_named(&passage.title, words);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_is_qualified_otherwise_by_a_word_the_question_lacks() {
        let text = "Opened electronics may carry a restocking fee of 10 percent.";
        assert!(qualified_otherwise(
            text,
            "electronics",
            "a fee on used electronics?"
        ));
        // The question's own qualifier, a stop word, or the head first.
        assert!(!qualified_otherwise(
            text,
            "electronics",
            "a fee on opened electronics?"
        ));
        assert!(!qualified_otherwise(
            "The electronics may carry a fee.",
            "electronics",
            "used electronics"
        ));
        assert!(!qualified_otherwise(
            "Electronics can be returned.",
            "electronics",
            "used electronics"
        ));
        // Punctuation between is no qualifier.
        assert!(!qualified_otherwise(
            "Returns, electronics too.",
            "electronics",
            "used electronics"
        ));
    }
    use crate::decompose::frame::{frame, Strictness};

    fn passage(title: &str, text: &str) -> Passage {
        Passage::new("p", title, text)
    }

    fn reading(q: &str, strict: Strictness, title: &str, text: &str) -> Reading {
        let f = frame(q, strict);
        let words = weigh(&f, &|_| Some(1.0), 5.0);
        read(&passage(title, text), &f, &words)
    }

    #[test]
    fn where_someone_grew_up_is_read_where_the_page_says_so() {
        let ruth = "Ruth Mackay (born 30 June 1976) is an English drummer. She played with The \
                    Greywell Sisters from 1997 until the band split up, and later worked as a \
                    session musician in London.";
        let iona = "Iona Fraser (born 14 March 1971) is a Scottish drummer. She grew up in Oban, \
                    where she played in a pipe band as a teenager.";
        let q = |q: &str, title: &str, text: &str| reading(q, Strictness::Question, title, text);
        // Where she worked is not where she grew up, in any wording.
        for asked in [
            "Where did Ruth Mackay grow up?",
            "In which town did Ruth Mackay grow up?",
            "where did ruth mackay grow up",
        ] {
            assert!(!q(asked, "Ruth Mackay", ruth).dates_life, "{asked}");
        }
        assert!(q("Where did Iona Fraser grow up?", "Iona Fraser", iona).dates_life);
        assert!(
            q(
                "Which town did Iona Fraser grow up in?",
                "Iona Fraser",
                iona
            )
            .dates_life
        );
        // Asked where she worked, the same sentence answers.
        assert!(q("Where did Ruth Mackay work?", "Ruth Mackay", ruth).dates_life);
    }

    #[test]
    fn a_life_date_is_written_as_one() {
        // A year in parentheses later on the page is no life span.
        let band = "The Tidewalkers are a folk-rock band formed in 1991 by Callum Reid and Sean \
                    Dalgleish. The band has released seven albums, of which Harbour Lights (1998) \
                    sold the most copies.";
        let q = "In what year was Sean Dalgleish born?";
        assert!(!reading(q, Strictness::Question, "The Tidewalkers", band).dates_life);
        let q = "When was Judit Halasz born?";
        let film = "The Lantern Keeper is a 2004 drama film directed by Tomas Varga and written by Judit Halasz.";
        assert!(!reading(q, Strictness::Question, "The Lantern Keeper", film).dates_life);
        // "born", or a life span in parentheses, dates it.
        let born = "Judit Halasz was born in Pecs in 1961 and studied in Budapest.";
        assert!(reading(q, Strictness::Question, "Judit Halasz", born).dates_life);
        // The event named in another sentence, about someone else, does not.
        let other = "The Dark Heroine is a series of novels by Abigail Gibbs, published in 2012. \
                     Its first novel is about London-born Violet Lee.";
        let gibbs = "When was the writer Abigail Gibbs born?";
        assert!(!reading(gibbs, Strictness::Question, "The Dark Heroine", other).dates_life);
        let hers = "Abigail Gibbs is an English author. She was born in Bath in 1991.";
        assert!(
            reading(
                "In what year was Abigail Gibbs born?",
                Strictness::Question,
                "Abigail Gibbs",
                hers
            )
            .dates_life
        );
        // A place of birth is stated with the event, not by a life span.
        let place = "Anna Brodie was born in which city?";
        let album = "Harbour Lights (1998) was recorded in Leith with the producer Anna Brodie.";
        assert!(!reading(place, Strictness::Question, "Harbour Lights", album).dates_life);
        let brodie = "Anna Brodie (born 1960 in Perth) is a record producer.";
        assert!(reading(place, Strictness::Question, "Anna Brodie", brodie).dates_life);
        // The event in a sentence of someone else's page is theirs.
        let reid = "Callum Reid (born 2 November 1966) is a Scottish singer. Born in Dundee, \
                    he started busking in Edinburgh.";
        for other in [
            "Where was Iona Fraser born?",
            "In which town was Iona Fraser born?",
        ] {
            assert!(!reading(other, Strictness::Question, "Callum Reid", reid).dates_life);
        }
        for own in ["Where was Callum Reid born?", "When was Callum Reid born?"] {
            assert!(
                reading(own, Strictness::Question, "Callum Reid", reid).dates_life,
                "{own}"
            );
        }
        let span = "Robin Gibb (22 December 1949 – 20 May 2012) was a singer.";
        let died = "In what year did Robin Gibb die?";
        assert!(reading(died, Strictness::Question, "Robin Gibb", span).dates_life);
        assert!(
            reading(
                q,
                Strictness::Question,
                "",
                "Judit Halasz (b. 1961) is a writer."
            )
            .dates_life
        );
        // A question about no life event is not held to it.
        let founded = "When was Northgate Records founded?";
        assert!(
            reading(
                founded,
                Strictness::Question,
                "",
                "Northgate Records opened in 1985."
            )
            .dates_life
        );
    }

    #[test]
    fn a_negated_statement_answers_a_yes_no_question() {
        let quoted = |q: &str, title: &str, text: &str| {
            let r = reading(q, Strictness::Question, title, text);
            text.get(r.sentence.0..r.sentence.1)
                .unwrap_or("")
                .trim()
                .to_string()
        };
        // "No" is an answer: the negated sentence is the one to quote.
        let diet = "Priya eats fish. Priya does not eat meat.";
        assert_eq!(
            quoted("Does Priya eat meat?", "", diet),
            "Priya does not eat meat."
        );
        assert_eq!(quoted("Does Priya eat fish?", "", diet), "Priya eats fish.");
        // A sentence that says it of "it" speaks of what the sentence
        // before names, not of the title's other words.
        let rollback = "A rollback switches servers back. It does not rebuild anything.";
        let title = "Roll back a deploy";
        assert_eq!(
            quoted("Does a rollback rebuild anything?", title, rollback),
            "It does not rebuild anything."
        );
        assert_ne!(
            quoted("Does a deploy rebuild anything?", title, rollback),
            "It does not rebuild anything."
        );
    }

    #[test]
    fn order_and_negation_decide_between_look_alikes() {
        let q = "which service failed after the second retry?";
        let real = reading(
            q,
            Strictness::Strict,
            "",
            "Deploy of West Gateway failed after the second retry: the orchestrator gave up.",
        );
        let first = reading(q, Strictness::Strict, "", "Deploy of gateway-east failed after the first retry: the health check passed on the second try.");
        let negated = reading(
            q,
            Strictness::Strict,
            "",
            "After the second retry of auth-core, no service was marked failed.",
        );
        assert_eq!(real.local, 1.0);
        assert_eq!(real.order, 1.0);
        assert!(first.local < 1.0 && first.order < 1.0, "{first:?}");
        assert!(negated.local < 1.0, "{negated:?}");
        assert!(real.score > first.score && real.score > negated.score);
    }

    #[test]
    fn a_prohibition_speaks_of_the_act_it_forbids() {
        let text = "Never paste raw HTML into the title field: it is shown as text.";
        // Asked whether it may be done, or what follows from it: the
        // forbidden act's words count.
        for q in [
            "can I put raw HTML in the title field?",
            "what happens if I paste raw HTML into the title field?",
        ] {
            let r = reading(q, Strictness::Question, "", text);
            assert!(r.local > 0.99, "{q}: {r:?}");
        }
        // Asked after a thing, they do not; nor in a negated fact.
        let text = "Never restart payments-api after a failed deploy.";
        let r = reading(
            "which service should I restart after a failed deploy?",
            Strictness::Question,
            "",
            text,
        );
        assert!(r.local < 0.5, "{r:?}");
        let r = reading(
            "can I restart payments-api after a failed deploy?",
            Strictness::Question,
            "",
            text,
        );
        assert!(r.local > 0.99, "{r:?}");
        let r = reading(
            "can I restart a service after a failed deploy?",
            Strictness::Question,
            "",
            "After the deploy, no service was marked failed.",
        );
        assert!(r.local < 0.5, "{r:?}");
        assert!(prohibition("Do not restart it.", 0, 3));
        assert!(prohibition("Don't restart it.", 0, 0));
        assert!(!prohibition("It is not restarted.", 0, 6));
        assert!(!prohibition("Not every service restarts.", 0, 0));
        // In Chinese, as the sentence opens ("请勿", "不要", "禁止"), not a
        // negation inside it, nor 别 alone ("别的服务" is "other services").
        let zh = "请在页面中加入标签。请勿粘贴原始 HTML。";
        let at = |t: &str, p: &str| t.find(p).unwrap();
        assert!(prohibition(zh, at(zh, "请勿"), at(zh, "勿")));
        assert!(prohibition("不要重启支付服务。", 0, 0));
        assert!(prohibition("禁止在工作时间重启。", 0, 0));
        let inside = "支付服务不要在工作时间重启。";
        assert!(!prohibition(inside, 0, at(inside, "不")));
        let other = "别的服务没有重启。";
        assert!(!prohibition(other, 0, 0));
        assert!(!prohibition(other, 0, at(other, "没")));
    }

    #[test]
    fn a_duration_said_by_its_unit_alone_is_said_of_what_it_refers_to() {
        let text = "A rollback switches servers back to a kept release. It does not rebuild anything, so it takes seconds.";
        let title = "Roll back a deploy";
        let r = reading(
            "how long does a rollback take?",
            Strictness::Question,
            title,
            text,
        );
        assert!(r.typed, "{r:?}");
        assert_eq!(&text[r.sentence.0..r.sentence.1], text);
        // The heading's object is not what "it" stands for.
        let r = reading(
            "how long does a deploy take?",
            Strictness::Question,
            title,
            text,
        );
        assert!(!r.typed, "{r:?}");
        // An amount is a duration proper; no unit, no duration.
        let r = reading(
            "how long does a rollback take?",
            Strictness::Question,
            "",
            "A rollback switches servers back. It is fast.",
        );
        assert!(!r.typed, "{r:?}");
    }

    #[test]
    fn a_sentence_that_refers_back_answers_with_the_one_before() {
        let text = "The CLI talks to agents on port 7420. Open that port from your runner.";
        let r = reading(
            "which port should I open from my runner?",
            Strictness::Question,
            "",
            text,
        );
        assert_eq!(&text[r.sentence.0..r.sentence.1], text);
        // Not when the sentence before does not name it, nor for a word the
        // question does not ask.
        let other = "The CLI talks to agents. Open that port from your runner.";
        let r = reading(
            "which port should I open from my runner?",
            Strictness::Question,
            "",
            other,
        );
        assert_eq!(
            other[r.sentence.0..r.sentence.1].trim(),
            "Open that port from your runner."
        );
        let q = "which port?";
        assert!(refers_back(
            "Open that port.",
            "on port 7420.",
            &["port"],
            q
        ));
        assert!(!refers_back(
            "Open that port.",
            "on port 7420.",
            &["runner"],
            q
        ));
        assert!(!refers_back(
            "Open the port.",
            "on port 7420.",
            &["port"],
            q
        ));
        let before = "命令行工具通过 7420 端口与代理通信。";
        let open = |sentence: &str, before: &str, q: &str| refers_back(sentence, before, &["_"], q);
        assert!(open("请开放该端口。", before, "需要开放哪个端口？"));
        assert!(open("请开放这个端口。", before, "要开什么端口"));
        assert!(!open("请开放端口。", before, "需要开放哪个端口？"));
        // The pair must be the noun asked for, not a word the question shares.
        assert!(!open("请开放该端口。", before, "端口要开放给哪个代理？"));
        assert!(!open(
            "请开放该端口。",
            "代理需要网络。",
            "需要开放哪个端口？"
        ));
    }

    #[test]
    fn a_restriction_s_name_negates_nothing_after_it() {
        let r = reading(
            "when was the gluten intolerance confirmed?",
            Strictness::Question,
            "",
            "Priya's coeliac test in March confirmed the gluten intolerance.",
        );
        assert_eq!(r.local, 1.0, "{r:?}");
        // A restriction verb or adjective still does ("avoids", "allergic
        // to"), and the sentence still states a restriction.
        let r = reading(
            "which service restarts the gateway?",
            Strictness::Question,
            "",
            "auth-core avoids restarting the gateway.",
        );
        assert!(r.local < 1.0, "{r:?}");
        assert!(negated("Priya has a gluten intolerance.", (0, 31)));
    }

    #[test]
    fn other_words_for_the_same_answer() {
        let r = reading(
            "how long are snapshots kept?",
            Strictness::Question,
            "Backups › Retention",
            "Skiff keeps 14 daily snapshots of each volume.",
        );
        assert_eq!((r.topic, r.typed), (1.0, true));
        assert!(r.soft > 0.0, "kept matches keeps");
        let r = reading(
            "what does the health check request?",
            Strictness::Question,
            "Deploy › Health checks",
            "The health check is an HTTP `GET /up` that must answer 200 within 30 seconds.",
        );
        assert_eq!(r.topic, 1.0);
    }
}
