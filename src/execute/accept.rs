//! Stage 6 — execute: does this passage answer this part?
//!
//! The decision reads a [`Reading`] (what the passage has of the question's
//! [`Frame`]) and no fixed share of the whole question: the names a question
//! gives must be there, by rarity (a passage about another service, film or
//! person does not answer), in the passage or on a linked page that names
//! what it lacks, enough of the topic words by rarity (frame words such as
//! "window" or "期限" and the predicate verb of an inverted question are soft
//! and do not count), most of them inside one clause, and a value of the
//! expected kind in the answering sentence (a duration for "how long", an
//! instruction for "how do I", a year for "what year", a name or a role for
//! "who"). A passage that writes a compound noun's modifiers and not its
//! head speaks of another thing ("the health check *path*" is not answered
//! by the health check's section). A topic word the whole
//! corpus never uses ("shipping", "Kubernetes") sinks the part: the documents
//! cannot answer it, however well the rest matches.
//!
//! Cue membership (a passage tagged with the attribute the question's words
//! cue, seed 004) stands in for the topic words of an open question ("what
//! should I not eat?" is answered by diet facts that share no word with it),
//! never for a yes/no question's topic ("can I get cash instead of store
//! credit?" needs a passage about cash).
//!
//! Guarantees: the thresholds are shares in 0..=1, the same for every corpus
//! and language (chosen on HotpotQA and CMRC dev data, checked on MuSiQue and
//! the wording suite — see EVALUATION.md); a rejection always carries the
//! reason shown when no passage is accepted.

use super::read::{Reading, Weighted};
use crate::analyze::fold::Lower;
use crate::analyze::lexicon;
use crate::decompose::frame::{Answer, Frame, Role};

/// Share of the question's names a passage must name in full: one name of
/// one or two, half of more ("Which sport has been played at the BayArena in
/// Leverkusen, Germany, since 1958?" is answered by a page that names the
/// BayArena and Leverkusen; the other names weigh in the topic share).
pub const NAMES_MIN: f32 = 0.67;
/// The names share a verification needs: all of them (up to rounding).
pub const ALL_NAMES: f32 = 0.999;
/// Share of name and topic-word weight a passage must have.
pub const TOPIC_MIN: f32 = 0.5;
/// Share of name and topic-word weight a page must have when it is read
/// with the sentences of another page that name it: all of it (up to
/// rounding). What another page says completes the question; it does not
/// lift a share.
pub const SAID_ELSEWHERE_MIN: f32 = 0.999;
/// Share of name and topic weight the best clause must have.
pub const LOCAL_MIN: f32 = 0.34;
/// Share of the topic weight an unknown word may carry before the corpus is
/// taken not to cover the question at all.
pub const UNKNOWN_MAX: f32 = 0.34;
/// Share of soft-word weight a passage must have when the question has no
/// topic words ("where does Priya work?").
pub const SOFT_MIN: f32 = 0.5;

/// Why a passage was not accepted, in the order of the checks: the greatest
/// of a part's rejections is the candidate that came closest.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rejection {
    /// A first-person question with no user in the scope, over someone's facts.
    Person,
    /// Too few of the question's names are in the passage.
    Names,
    /// Too little of the topic (as a percentage of its weight).
    Topic(u32),
    /// The passage speaks of a compound noun's modifiers and never of its
    /// head (the phrase, "health check path").
    Head(String),
    /// The matching words are spread over the passage, not in one clause.
    Spread,
    /// A yes/no question's verb (as written) the passage never writes.
    Verb(String),
    /// A how-to whose act (the verb, as written) the passage never speaks of.
    Act(String),
    /// No value of the expected kind in the answering sentence.
    Kind(Answer),
    /// The question asks for a rule (policy, procedure) and the answering
    /// sentence only tells what happened ([`super::prescribed`]).
    Prescribed(String),
    /// The answering sentence does not name the kind of thing asked.
    Noun(String),
    /// What the answering sentence names of the kind asked has another
    /// nationality than the question gives it (nationality, kind noun).
    Nationality(String, String),
    /// The passage writes no ordinal of the rank the question puts on its
    /// noun (asked: "second studio album").
    Rank(String),
    /// The answering sentence puts another ordinal on the question's noun
    /// (asked, stated: "third office", "second office").
    Ordinal(String, String),
}

impl Rejection {
    /// The reason a part is `missing` when every candidate was rejected.
    pub fn reason(&self) -> String {
        match self {
            Rejection::Names => "no passage names what the question names".into(),
            Rejection::Topic(p) => {
                format!("no passage applies (the best has {p}% of the question's topic)")
            }
            Rejection::Head(phrase) => format!("no passage speaks of the {phrase}"),
            Rejection::Spread => "no passage answers it in one place".into(),
            Rejection::Act(act) => format!("no passage says how to {act}"),
            Rejection::Kind(a) => format!("no passage states {}", kind_name(*a)),
            Rejection::Prescribed(noun) => {
                format!("no passage states a {noun}: the best only tells what happened")
            }
            Rejection::Noun(n) => format!("no passage names the {n} asked for"),
            Rejection::Nationality(nation, noun) => {
                let nation = capitalized(nation);
                let article = if nation.starts_with(['A', 'E', 'I', 'O', 'U']) {
                    "an"
                } else {
                    "a"
                };
                format!("no passage names {article} {nation} {noun}: the one named is of another nationality")
            }
            Rejection::Verb(verb) => format!("no passage speaks of “{verb}”"),
            Rejection::Rank(asked) => format!("no passage says which is the {asked}"),
            Rejection::Ordinal(asked, stated) => {
                format!("no passage states the {asked} (the best reads the {stated})")
            }
            Rejection::Person => {
                "first person: the scope names no user, and these facts are about someone".into()
            }
        }
    }
}

/// Demonyms (ASCII, joined by `-`) with their first letters in upper case
/// ("canadian-american" → "Canadian-American"; no Unicode case table).
fn capitalized(demonyms: &str) -> String {
    let part = |w: &str| {
        let mut w = w.to_string();
        if let Some(first) = w.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        w
    };
    demonyms.split('-').map(part).collect::<Vec<_>>().join("-")
}

/// The kind of value an answer needs, in words.
pub fn kind_name(answer: Answer) -> &'static str {
    match answer {
        Answer::Duration => "a duration",
        Answer::Year => "a year",
        Answer::Date => "a date",
        Answer::Number => "a number",
        Answer::Procedure => "how to do it",
        Answer::Person => "a person",
        Answer::Place => "a place",
        Answer::YesNo => "an answer",
        Answer::Reason => "a reason",
        Answer::Open => "an answer",
    }
}

/// Topic words the corpus never uses, and their share of the topic weight.
/// (Chinese pairs count once [`super::read::weights`] has softened those
/// read across words: the ones left are words the corpus lacks.)
pub fn unknown_topic(words: &[Weighted]) -> (Vec<&str>, f32) {
    let topic: Vec<&Weighted> = words.iter().filter(|w| w.role != Role::Soft).collect();
    let total: f32 = topic.iter().map(|w| w.weight).sum();
    let unknown: Vec<&Weighted> = topic.iter().copied().filter(|w| w.unknown).collect();
    let share = if total > 0.0 {
        unknown.iter().map(|w| w.weight).sum::<f32>() / total
    } else {
        0.0
    };
    (unknown.iter().map(|w| w.stem.as_str()).collect(), share)
}

/// What else the decision needs to know about a candidate.
#[derive(Debug, Clone, Copy, Default)]
pub struct Context {
    /// The passage carries an attribute the question cues.
    pub cued: bool,
    /// The passage is about a named person (`meta.subject`).
    pub personal: bool,
    /// First person in the question resolves to no one.
    pub unresolved_person: bool,
    /// The question has names or topic words at all.
    pub has_topic: bool,
    /// The question has topic words (not only names).
    pub has_words: bool,
    /// The question has a topic noun that no cue names.
    pub beyond_cue: bool,
    /// The passage verifies a proposal it is not the page of: every name
    /// the question gives must be there (what the question says of the
    /// proposal is checked, not most of it).
    pub vouching: bool,
    /// The step extracts an entity of a declared catalog type: the entity's
    /// type says the kind asked, which the passage need not write.
    pub entity_typed: bool,
}

/// Words after a name that make it another person's: "Hugo Brandt Jr." is
/// not Hugo Brandt.
const GENERATIONS: &[&str] = &[
    "jr", "jr.", "sr", "sr.", "junior", "senior", "ii", "iii", "iv",
];

/// True when a page titled `title` is of another generation than a name the
/// question gives: the title is the name and a generational suffix ("Hugo
/// Brandt Jr." for "When did Hugo Brandt die?"), which the question does not
/// write after the name, or the question writes the name with a suffix the
/// title lacks ("Lantern Run II"). Its page speaks of someone else.
pub fn another_generation(frame: &Frame, title: &str) -> bool {
    // The suffix ends the title ("Hugo Brandt, Jr."), or its short form
    // ("Hugo Brandt Jr. (architect)").
    let base = crate::index::catalog::title_base(title).unwrap_or(title);
    // The other way round: the question writes the suffix the title lacks
    // ("Lantern Run II" is the sequel, not "Lantern Run (video game)").
    let sequel = frame.names.iter().any(|&(s, e)| {
        frame
            .question
            .get(s..e)
            .and_then(generation)
            .is_some_and(|(name, _)| name.eq_ignore_ascii_case(base.trim()))
    });
    if sequel {
        return true;
    }
    let Some((name, suffix)) = generation(title).or_else(|| generation(base)) else {
        return false;
    };
    frame.names.iter().any(|&(s, e)| {
        let (Some(given), Some(after)) = (frame.question.get(s..e), frame.question.get(e..)) else {
            return false;
        };
        let next = after
            .trim_start_matches([',', ' '])
            .split(|c: char| c.is_whitespace() || c == '?')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        given.eq_ignore_ascii_case(name) && next != suffix
    })
}

/// A name and the generational suffix (lowercase) that ends it.
fn generation(title: &str) -> Option<(&str, String)> {
    let (name, suffix) = title.trim().rsplit_once(' ')?;
    let suffix = suffix.to_ascii_lowercase();
    GENERATIONS
        .contains(&suffix.as_str())
        .then(|| (name.trim_end_matches(','), suffix))
}

/// Accepts or rejects one reading.
pub fn judge(frame: &Frame, reading: &Reading, ctx: Context) -> Result<(), Rejection> {
    if ctx.unresolved_person && ctx.personal {
        return Err(Rejection::Person);
    }
    // A hop's key need only be named similarly (more than half its words):
    // the join then says whether it is the same ID (`service-join`).
    let names_min = if ctx.vouching { ALL_NAMES } else { NAMES_MIN };
    if reading.names < names_min || reading.joined <= 0.5 {
        return Err(Rejection::Names);
    }
    let cue_stands_in = ctx.cued && frame.answer != Answer::YesNo;
    if !ctx.has_topic && !ctx.cued {
        // Nothing but soft words ("where do I work?" with no one to resolve
        // "I" to): only a cued attribute can say what is asked about.
        return Err(Rejection::Topic(0));
    }
    // For topic words of its own a cue does not stand in: "how long until a
    // refund reaches my *card*?" cues the refund window, which says nothing
    // of cards. Nor for a question it shares no word with: "how long does a
    // *deploy* run?" (every topic word a verb) is not about returns, where
    // "how long until I can no longer *return* a purchase?" is.
    let shares_a_word = reading.topic > 0.0 || reading.soft > 0.0;
    let cue_is_topic = cue_stands_in && !ctx.beyond_cue && shares_a_word;
    if reading.topic < TOPIC_MIN && !cue_is_topic {
        return Err(Rejection::Topic((reading.topic * 100.0).round() as u32));
    }
    if let Some((s, e)) = reading.unheaded.filter(|_| !cue_is_topic) {
        let phrase = frame.question.get(s..e).unwrap_or_default();
        return Err(Rejection::Head(phrase.lower()));
    }
    if reading.local < LOCAL_MIN && !cue_is_topic {
        return Err(Rejection::Spread);
    }
    // (A cued attribute says it in its own words: "Can Priya eat gluten?"
    // is answered by "Priya has a gluten intolerance.")
    if let Some(verb) = reading.verb_unsaid.as_ref().filter(|_| !ctx.cued) {
        return Err(Rejection::Verb(verb.clone()));
    }
    // Names and no topic word ("what should Priya not eat?"): the passage
    // must also say what is asked (the soft words), unless a cue says it.
    // (A typed answer is verified by its value instead: "When was Macworld
    // created?" is answered by the date its page states, in any words, and
    // "In which city was it founded?" by the place, without "city".)
    let soft_words = frame.with_role(Role::Soft).next().is_some();
    let typed = matches!(
        frame.answer,
        Answer::Year | Answer::Date | Answer::Number | Answer::Duration | Answer::Place
    );
    // Nor where a yes/no question gives the place a verb puts a thing in
    // ("Is Velmaria found in Africa?": the place, named, says it).
    if !ctx.has_words
        && soft_words
        && !typed
        && !frame.places
        && !ctx.entity_typed
        && reading.soft < SOFT_MIN
        && !ctx.cued
    {
        return Err(Rejection::Topic((reading.soft * 100.0).round() as u32));
    }
    // A how-to's act must be one the passage speaks of: "how do I roll the
    // agents back?" is not answered by "Run `skiff version`", which names
    // the agents and says nothing of rolling back (asking to see or check
    // a thing is answered by whatever shows it).
    if frame.answer == Answer::Procedure && reading.soft <= 0.0 && !ctx.cued {
        if let Some(act) = act(frame) {
            return Err(Rejection::Act(act));
        }
    }
    if !reading.typed && !cue_stands_in {
        return Err(match super::prescribed::asked(frame) {
            Some(noun) => Rejection::Prescribed(noun),
            None => Rejection::Kind(frame.answer),
        });
    }
    // A life date is written as one: a year elsewhere ("a 2004 film …
    // written by Judit Halasz") is not her birth, and a place named beside
    // her ("recorded in Leith with the producer Anna Brodie") not hers.
    if matches!(frame.answer, Answer::Year | Answer::Date | Answer::Place) && !reading.dates_life {
        return Err(Rejection::Kind(frame.answer));
    }
    Ok(())
}

/// The act a how-to asks about: its first soft word that is a verb and
/// does not ask to learn something ([`lexicon::asks_to_learn`]), as
/// written; `None` when there is none.
fn act(frame: &Frame) -> Option<String> {
    frame.with_role(Role::Soft).find_map(|t| {
        let word = frame.question.get(t.start..t.end)?.lower();
        (lexicon::is_verb(&word) && !lexicon::asks_to_learn(&word)).then_some(word)
    })
}

#[cfg(test)]
mod tests {
    use super::{another_generation, Rejection};
    use crate::decompose::frame::{frame, Strictness};

    #[test]
    fn a_how_to_asks_about_its_first_verb_that_changes_something() {
        let act = |q: &str| super::act(&frame(q, Strictness::Question));
        assert_eq!(
            act("How do I roll back the agents?").as_deref(),
            Some("roll")
        );
        assert_eq!(
            act("how can I revert the CLI to an older version").as_deref(),
            Some("revert")
        );
        // Asking to learn or reach something names no act.
        assert_eq!(act("how do I check the CLI version?"), None);
        assert_eq!(act("How can I see which version I have?"), None);
        assert_eq!(
            Rejection::Act("roll".into()).reason(),
            "no passage says how to roll"
        );
    }

    #[test]
    fn a_nationality_rejection_names_the_thing_asked() {
        let reason = |n: &str, k: &str| Rejection::Nationality(n.into(), k.into()).reason();
        assert_eq!(
            reason("english", "drummer"),
            "no passage names an English drummer: the one named is of another nationality"
        );
        assert!(reason("danish", "director").starts_with("no passage names a Danish director"));
        assert!(reason("canadian-american", "actress").contains("a Canadian-American actress"));
    }

    #[test]
    fn a_generational_suffix_the_question_does_not_write_is_another_person() {
        let of = |q: &str, title: &str| another_generation(&frame(q, Strictness::Question), title);
        for q in [
            "When did Hugo Brandt die?",
            "In which year was Hugo Brandt born?",
            "Where did Hugo Brandt teach painting?",
        ] {
            for title in [
                "Hugo Brandt Jr.",
                "Hugo Brandt Sr.",
                "Hugo Brandt II",
                "Hugo Brandt, Jr.",
            ] {
                assert!(of(q, title), "{q} / {title}");
            }
            // The person's own page, a qualified title, another surname.
            for title in ["Hugo Brandt", "Hugo Brandt (painter)", "Hugo Brandtner"] {
                assert!(!of(q, title), "{q} / {title}");
            }
        }
        // The question writes the suffix: the page is that person's.
        assert!(!of("When did Hugo Brandt Jr. die?", "Hugo Brandt Jr."));
        assert!(!of("When did Hugo Brandt, Jr. die?", "Hugo Brandt Jr."));
        // … and not the page of the name without it (a sequel, a son).
        assert!(of(
            "What company developed Lantern Run II?",
            "Lantern Run (video game)"
        ));
        assert!(of("When did Hugo Brandt Jr. die?", "Hugo Brandt"));
        assert!(!of(
            "What company developed Lantern Run?",
            "Lantern Run (video game)"
        ));
    }
}
