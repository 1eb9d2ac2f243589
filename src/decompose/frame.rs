//! Stage 3 — decompose: what a (sub-)question asks for, read by rules.
//!
//! A [`Frame`] says which kind of answer a question expects (a duration, a
//! year or date, a number, a person, a place, yes/no, a procedure, a reason,
//! or an open noun phrase), whether it is negated ("what should I not eat?"),
//! the names it gives (capitalized runs, quoted titles, IDs, numbers,
//! 《书名》) and the role of each of its terms: part of a name, a topic word,
//! or a soft word. Soft words are the ones a passage that answers may well
//! not use: the predicate verb of an inverted question ("what does the health
//! check *request*?", "how long are snapshots *kept*?"), frame nouns
//! ("window", "rule", "期限"), the noun after "which"/"what" that names the
//! kind of answer ("which *sport*"), particles, and single CJK characters.
//! Acceptance (`execute::accept`) requires the names and weighs the topic
//! words; soft words only help choose the answering sentence.
//!
//! Guarantees: terms are exactly [`analyze::terms`] of the question, in order,
//! each with one role; a verb inside a relative clause ("the service that
//! *failed* …") or in a [`Strictness::Strict`] frame stays a topic word, since
//! there it is what must be matched; nothing here looks at a corpus.

use crate::analyze::fold::Lower;
use crate::analyze::{self, lexicon};
use std::cell::RefCell;

/// The kind of answer a question expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Answer {
    /// "how long", "deadline", "多久".
    Duration,
    /// "what year", "哪一年".
    Year,
    /// "when", "什么时候".
    Date,
    /// "how many", "how tall", "多少".
    Number,
    /// "who", "谁".
    Person,
    /// "where", "what city", "哪里".
    Place,
    /// "can I …?", "is there …?", "是否", "…吗".
    YesNo,
    /// "how do I …", "how to …", "怎么".
    Procedure,
    /// "why", "为什么".
    Reason,
    /// Any other "what"/"which" question, or a statement.
    Open,
}

/// The role of one question term in deciding whether a passage answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Part of a name the question gives: a passage that answers contains it.
    Name,
    /// A topic word: weighed by its rarity.
    Topic,
    /// A word an answer may express otherwise: it only helps rank sentences.
    Soft,
}

/// One analyzed question term and its role.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    pub term: String,
    pub role: Role,
    /// Byte range in the question.
    pub start: usize,
    pub end: usize,
}

/// Whether predicate verbs are soft (a question) or must match (the
/// description a follow step resolves: "which service failed after …").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strictness {
    Question,
    Strict,
}

/// What a question asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// The question read (the ranges below are into it).
    pub question: String,
    pub answer: Answer,
    /// The question is negated or asks for a restriction ("not", "avoid", "不").
    pub negated: bool,
    /// The question speaks in the first person ("I", "my", "我").
    pub first_person: bool,
    /// Each name the question gives, as its byte range.
    pub names: Vec<(usize, usize)>,
    /// Names an earlier step supplied (a hop's join key): a passage need
    /// only name them similarly, since the join itself checks the key.
    pub joined: Vec<(usize, usize)>,
    pub terms: Vec<Term>,
    /// The heads of the compound nouns a determiner or a preposition opens,
    /// each as (the phrase's byte range, its head's): "the health check
    /// *path*" asks about a path, and a passage on the health check alone
    /// speaks of something else.
    pub heads: Vec<((usize, usize), (usize, usize))>,
    /// A yes/no question asks whether a thing is in a place it names, by a
    /// verb no page need write ([`places_a_thing`]: "Is Velmaria *found* in
    /// Africa?"); that verb is soft.
    pub places: bool,
    /// A yes/no question's subject and predicate ([`super::polar`]: "Does
    /// *a deploy* *rebuild* anything?"); none for other questions.
    pub polar: super::polar::Polar,
}

impl Frame {
    /// Terms of one role.
    pub fn with_role(&self, role: Role) -> impl Iterator<Item = &Term> {
        self.terms.iter().filter(move |t| t.role == role)
    }
}

pub(super) const WH: &[&str] = &[
    "what", "which", "who", "whom", "whose", "where", "when", "why", "how", "whether",
];
pub(crate) const AUX: &[&str] = &[
    "am", "are", "can", "could", "did", "do", "does", "had", "has", "have", "is", "may", "might",
    "must", "shall", "should", "was", "were", "will", "would",
];
pub(super) const DETERMINERS: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "my", "your", "our", "their", "its", "his",
    "her", "each", "every", "any", "some",
];
/// The words an antecedent starts with ("*a* filmmaker who", "*another*
/// sport that").
pub(super) const ANTECEDENT_DETERMINERS: &[&str] = &["a", "an", "the", "another", "this"];
const COPULAS: &[&str] = &["is", "was", "are", "were", "be", "been"];
const RELATIVES: &[&str] = &["that", "which", "who", "whom", "whose", "where"];
/// Lowercase words that join two capitalized words into one name.
const NAME_JOINERS: &[&str] = &[
    "of", "the", "for", "de", "da", "del", "la", "le", "von", "van", "der", "du", "y", "&",
    // A case: "Selle v. Gibb", "Juan Manuel Márquez vs. Juan Díaz".
    "v", "vs",
];
const TIME_UNITS: &[&str] = &[
    "day", "days", "hour", "hours", "week", "weeks", "month", "months", "year", "years", "minute",
    "minutes", "second", "seconds",
];
/// Words that say which days a count of days counts ("how many *working*
/// days").
const DAY_KINDS: &[&str] = &["working", "business", "calendar", "natural", "school"];
/// Nouns that ask for a place ("which *town*"), and that name a place's
/// kind before its name ("on the river Wend").
pub(crate) const PLACE_NOUNS: &[&str] = &[
    "city",
    "country",
    "state",
    "town",
    "county",
    "region",
    "island",
    "islands",
    "continent",
    "place",
    "location",
    "province",
    "village",
    "nation",
    "neighborhood",
    "river",
    "mountain",
    "borough",
    "district",
    "suburb",
    "hamlet",
    "area",
    "sea",
    "ocean",
    "lake",
    // Where a file or a program is ("which folder", "in which directory").
    "folder",
    "directory",
];
const NUMBER_NOUNS: &[&str] = &[
    "percentage",
    "number",
    "amount",
    "population",
    "size",
    "length",
    "height",
    "total",
    "price",
    "cost",
    "capacity",
    "elevation",
    "age",
];
const NUMBER_ADJECTIVES: &[&str] = &[
    "tall", "high", "far", "big", "large", "old", "wide", "deep", "heavy", "fast", "often",
];
const DURATION_CUES: &[&str] = &[
    "deadline",
    "duration",
    "window",
    "time limit",
    "how long",
    "how soon",
    "how quickly",
];
const FIRST_PERSON: &[&str] = &["i", "me", "my", "mine", "myself"];
/// Units a "how many" question counts in.
const UNITS: &[&str] = &[
    "meters",
    "metres",
    "miles",
    "kilometers",
    "kilometres",
    "feet",
    "inches",
    "percent",
    "times",
    "people",
    "dollars",
    "euros",
    "pounds",
    "kilograms",
    "tons",
];
/// Comparatives: the operation of a comparison, not a topic a passage states.
const COMPARATIVES: &[&str] = &[
    "shorter", "longer", "more", "less", "fewer", "higher", "lower", "earlier", "later", "bigger",
    "smaller", "faster", "slower", "older", "younger", "newer", "larger", "taller", "greater",
    "first", "last", "most", "least", "oldest", "youngest", "earliest", "latest",
];

/// Words that put a rule or a document in force now ("the *active*
/// rollback rule", "the *newest* policy"): the revision filter already
/// keeps to current revisions, so a page need not write them.
const IN_FORCE: &[&str] = &[
    "active",
    "current",
    "newest",
    "present",
    "valid",
    "effective",
];

/// True when the word at `start..end` is an [`IN_FORCE`] word a
/// determiner or a possessive opens ("the active rule", "gateway-west's
/// current rule"), not a predicate ("the band was active").
fn in_force(q: &str, (start, end): (usize, usize)) -> bool {
    let word = q.get(start..end).unwrap_or("").lower();
    let before = q.get(..start).unwrap_or("").split_whitespace().next_back();
    IN_FORCE.contains(&word.as_str())
        && before.is_some_and(|b| {
            let b = b.lower();
            matches!(
                b.as_str(),
                "the" | "its" | "their" | "our" | "your" | "my" | "this" | "that"
            ) || b.ends_with("'s")
                || b.ends_with("’s")
        })
}

/// A word of the question with its byte range and both spellings.
struct Word<'q> {
    start: usize,
    text: &'q str,
    lower: String,
}

fn words(q: &str) -> Vec<Word<'_>> {
    analyze::words(q)
        .into_iter()
        .map(|t| Word {
            start: t.start,
            text: q.get(t.start..t.end).unwrap_or(""),
            lower: t.term,
        })
        .collect()
}

fn is_cjk_text(q: &str) -> bool {
    q.chars().any(analyze::is_cjk)
}

/// The position of the word that asks: the first WH word, unless it opens a
/// relative clause ([`relative_at`]) before the question's last word and a
/// later WH word asks in place ("… succeeded by the aristocrat who is
/// estimated to be worth how much?", "The band whose drummer left was
/// formed where?").
fn interrogative(q: &str, w: &[Word]) -> Option<usize> {
    let wh: Vec<usize> = (0..w.len())
        .filter(|&i| w.get(i).is_some_and(|x| WH.contains(&x.lower.as_str())))
        .filter(|&i| !subordinate(w, i))
        .collect();
    // A relative set off by commas ("The Low Water Tour, *which* started
    // in Cork, was by what band?") describes; a WH word after it asks.
    let set_off = |i: usize| {
        wh.last().is_some_and(|&l| l > i) && relative_at_any(q, w, i, true)
            || (i == 0 && after_time_clause(q, w).is_some())
    };
    wh.iter()
        .copied()
        .find(|&i| !(set_off(i) || relative_at(q, w, i) && i + 1 < w.len()))
        .or_else(|| wh.iter().copied().find(|&i| !set_off(i)))
}

/// Verbs after which a WH word opens an embedded question that asks ("Do
/// you know *when* …", "Can you tell me *where* …").
const EMBEDDING: &[&str] = &[
    "know",
    "tell",
    "say",
    "says",
    "ask",
    "wonder",
    "remember",
    "explain",
    "show",
    "find",
    "learn",
    "see",
    "check",
    "mention",
    "mentioned",
    "state",
    "stated",
];

/// True when the WH word at `i` opens a clause of time or place inside a
/// yes/no question: the question opens with an auxiliary, a clause of its
/// own stands between them ("*Are* environment variables injected *when* a
/// release starts?", "*Does* skiff restart the previous release *when* I
/// roll back?"), and no verb of knowing or telling embeds it ("Do you know
/// when …?" asks for the time). "for when" past the first words opens a
/// case in any question ("I need the emergency rule for gateway-west *for
/// when* the migration has run").
fn subordinate(w: &[Word], i: usize) -> bool {
    let at = |j: usize| w.get(j).map_or("", |x| x.lower.as_str());
    let before = i.checked_sub(1).map_or("", at);
    let object = matches!(before, "me" | "us" | "you" | "him" | "her" | "them");
    let embedded = EMBEDDING.contains(&before)
        || object && i.checked_sub(2).is_some_and(|j| EMBEDDING.contains(&at(j)));
    // "… for *when* the migration has run": a case the question is about.
    let case = at(i) == "when" && before == "for" && i >= 2;
    case || matches!(at(i), "when" | "where") && i >= 3 && AUX.contains(&at(0)) && !embedded
}

/// The index of the first word of the main clause when a "when" clause of
/// its own opens the question, set off by a comma before the main clause
/// that asks ("*When* deploying, which port …?", "*when* you upgrade,
/// should …": a WH word after the comma, or an auxiliary right after it);
/// not "When was it …" (an auxiliary after "when" asks).
fn after_time_clause(q: &str, w: &[Word]) -> Option<usize> {
    let (x, next) = (w.first()?, w.get(1)?);
    if x.lower != "when" || AUX.contains(&next.lower.as_str()) {
        return None;
    }
    let comma = q.find(',')?;
    let main = w.iter().position(|y| y.start > comma)?;
    let asks = w
        .get(main..)?
        .iter()
        .any(|y| WH.contains(&y.lower.as_str()))
        || w.get(main).is_some_and(|y| AUX.contains(&y.lower.as_str()));
    asks.then_some(main)
}

/// The byte offset of the main clause's first word when a "when" clause of
/// its own opens the question ([`after_time_clause`]: "When upgrading,
/// *should* I restart the agents?").
pub fn main_clause(q: &str) -> Option<usize> {
    let w = words(q);
    w.get(after_time_clause(q, &w)?).map(|x| x.start)
}

/// The byte range of the relative pronoun an English question asks past
/// ("… succeeded by the aristocrat *who* is estimated to be worth how
/// much?"): the relative clause describes a thing the question goes
/// through, a bridge. "that" opens one too when the word that asks comes
/// after it and it follows a noun phrase the main clause relates to ("…
/// located in a city *that* is the county seat of what county?"), not a
/// verb ("has said that …") or what the subject is ("X is a song that
/// features …": the clause describes X itself). `None` when the first WH
/// word asks.
pub fn relative_pronoun(q: &str) -> Option<(usize, usize)> {
    let w = words(q);
    let asks = interrogative(q, &w);
    let first = w.iter().enumerate().position(|(i, x)| {
        WH.contains(&x.lower.as_str()) && !subordinate(&w, i)
            || (x.lower == "that" && asks.is_some_and(|a| a > i) && that_relative(q, &w, i))
    })?;
    if asks == Some(first) {
        return None;
    }
    let word = w.get(first)?;
    Some((word.start, word.start + word.text.len()))
}

/// The byte offset of the WH word that asks (not a relative one: "the
/// company *which* owns …"), when the question has one.
pub fn asking_word(q: &str) -> Option<usize> {
    let w = words(q);
    w.get(interrogative(q, &w)?).map(|x| x.start)
}

/// True when a relative clause describes something an English question
/// goes through, restrictive or not ("… in a city *that* is the county seat
/// of what county?", "the English actor, *who* was born …, appear?"): a
/// relative word after a common noun, other than the word that asks. A
/// clause after a name or a number ("the album Brothers in Arms in 1985
/// *which* also featured …") describes a thing the question names already:
/// nothing is found through it.
pub fn has_relative_clause(q: &str) -> bool {
    let w = words(q);
    let asks = interrogative(q, &w);
    w.iter().enumerate().any(|(i, x)| {
        let prev = i.checked_sub(1).and_then(|p| w.get(p));
        Some(i) != asks
            && RELATIVES.contains(&x.lower.as_str())
            && (x.lower != "that" || that_relative(q, &w, i))
            && prev.is_some_and(|p| {
                let named = p
                    .text
                    .starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
                let p = p.lower.as_str();
                !(named || WH.contains(&p) || AUX.contains(&p) || analyze::is_stop_word(p))
            })
    })
}

/// Last words of a named thing that is a period or an event ("the Second
/// World War", "the Edinburgh Festival"): "how long" of it asks a duration.
const EVENT_HEADS: &[&str] = &[
    "war",
    "wars",
    "revolution",
    "dynasty",
    "era",
    "age",
    "period",
    "reign",
    "empire",
    "festival",
    "games",
    "olympics",
    "championship",
    "championships",
    "cup",
    "season",
    "tour",
    "series",
    "trial",
    "siege",
    "battle",
    "crisis",
    "strike",
    "rebellion",
    "show",
    "film",
    "movie",
    "album",
    "song",
    "opera",
    "musical",
    "play",
    "episode",
    "course",
    "programme",
    "program",
];

/// Words a name may hold besides capitalised ones ("Cliffs of Moher",
/// "Tour de France").
const NAME_LINKS: &[&str] = &["of", "de", "du", "la", "le", "the", "and", "on", "upon"];

/// True for a lowercase filler word ("roughly", "actually"): it asks nothing
/// and names nothing.
fn is_filler(lower: &str) -> bool {
    lexicon::is_function_stem(&analyze::stem(lower))
}

/// Parts of a named thing, described on its own page ("the main span of the
/// Golden Gate Bridge"): no things with pages of their own, and measured as
/// the thing is.
pub const PART_HEADS: &[&str] = &[
    "span", "deck", "mouth", "source", "summit", "top", "bottom", "base", "surface", "interior",
    "exterior", "entrance", "roof", "tip",
];

/// True for "how long is/are <a named thing>?": "how long", a copula in the
/// present, then only a name (capitalised words or numbers, after an optional
/// article) up to the end, whose last word names no period or event ("How
/// long is the Rhine?", "How long is Route 66?"), or a part of one ("How long
/// is the main span of the Golden Gate Bridge?"). It asks a length, a number
/// of units; "How long is the refund window?", "How long are snapshots
/// kept?" and "How long was the Second World War?" ask a duration. A
/// step's placeholder is a name ("How long is {q1}?").
pub fn asks_length(q: &str) -> bool {
    let w = words(q);
    let Some(i) = w.windows(2).position(|p| {
        p.first().is_some_and(|x| x.lower == "how") && p.get(1).is_some_and(|x| x.lower == "long")
    }) else {
        return false;
    };
    // "How long, roughly, is …": fillers may stand before the copula.
    let copula = (i + 2..w.len())
        .find(|&k| w.get(k).is_none_or(|x| !is_filler(&x.lower)))
        .unwrap_or(w.len());
    if !w
        .get(copula)
        .is_some_and(|x| matches!(x.lower.as_str(), "is" | "are"))
    {
        return false;
    }
    let mut name: &[Word] = w.get(copula + 1..).unwrap_or_default();
    let strip = |name: &mut &[Word]| {
        if let Some((first, rest)) = name.split_first() {
            if DETERMINERS.contains(&first.lower.as_str()) {
                *name = rest;
            }
        }
    };
    strip(&mut name);
    // "the main span of <Name>": a part of the thing is measured as it is.
    if let Some(of) = name.iter().position(|x| x.lower == "of") {
        let part = of
            .checked_sub(1)
            .and_then(|p| name.get(p))
            .is_some_and(|x| PART_HEADS.contains(&x.lower.as_str()));
        if part {
            name = name.get(of + 1..).unwrap_or_default();
            strip(&mut name);
        }
    }
    // A step's placeholder ("How long is {q1}?") stands for the thing an
    // earlier step found by its page: a name.
    let capital = |x: &Word| {
        x.text
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
            || q.get(..x.start).is_some_and(|head| head.ends_with('{'))
    };
    let Some(last) = name.last() else {
        return false;
    };
    capital(last)
        && !EVENT_HEADS.contains(&last.lower.as_str())
        && name
            .iter()
            .all(|x| capital(x) || NAME_LINKS.contains(&x.lower.as_str()))
}

/// The expected answer of an English question.
fn answer_en(q: &str, w: &[Word], lower: &str) -> Answer {
    let at = |i: usize| w.get(i).map_or("", |x| x.lower.as_str());
    let first = at(after_time_clause(q, w).unwrap_or(0));
    if let Some(i) = interrogative(q, w) {
        let next = at(i + 1);
        let after = at(i + 2);
        let answer = match w.get(i).map_or("", |x| x.lower.as_str()) {
            "how" => match next {
                "long" if asks_length(q) => Some(Answer::Number),
                "long" | "soon" | "quickly" => Some(Answer::Duration),
                // "how many days", "how many working days", "how much time".
                "many" | "much"
                    if TIME_UNITS.contains(&after)
                        || after == "time"
                        || (DAY_KINDS.contains(&after) && TIME_UNITS.contains(&at(i + 3))) =>
                {
                    Some(Answer::Duration)
                }
                "many" | "much" => Some(Answer::Number),
                n if NUMBER_ADJECTIVES.contains(&n) => Some(Answer::Number),
                "do" | "does" | "did" | "can" | "could" | "should" | "would" | "will" | "to"
                | "may" | "might" | "must" => Some(Answer::Procedure),
                _ => Some(Answer::Open),
            },
            "when" => Some(Answer::Date),
            "who" | "whom" | "whose" => Some(Answer::Person),
            "where" => Some(Answer::Place),
            "why" => Some(Answer::Reason),
            "whether" => Some(Answer::YesNo),
            // "what"/"which": the noun after it names the kind.
            _ => {
                let noun = if matches!(next, "is" | "was" | "are" | "were") {
                    // "what is the year …"
                    let skip = usize::from(DETERMINERS.contains(&after));
                    at(i + 2 + skip)
                } else {
                    next
                };
                if noun == "year" || noun == "years" {
                    Some(Answer::Year)
                } else if matches!(noun, "date" | "day" | "time" | "month") {
                    Some(Answer::Date)
                } else if PLACE_NOUNS.contains(&noun) {
                    Some(Answer::Place)
                } else if NUMBER_NOUNS.contains(&noun) {
                    Some(Answer::Number)
                } else {
                    None
                }
            }
        };
        if let Some(a) = answer {
            if a != Answer::Open && a != Answer::Procedure {
                return a;
            }
            if DURATION_CUES.iter().any(|c| lower.contains(c)) {
                return Answer::Duration;
            }
            return a;
        }
    }
    if DURATION_CUES.iter().any(|c| lower.contains(c)) {
        return Answer::Duration;
    }
    // "Is there anything …?", "Are there any …?" ask for a list.
    if matches!(first, "is" | "are")
        && at(1) == "there"
        && matches!(at(2), "anything" | "any" | "something")
    {
        return Answer::Open;
    }
    if AUX.contains(&first) {
        return Answer::YesNo;
    }
    Answer::Open
}

/// True when a question asks what to do or what follows, not the thing
/// its words name: "超过期限提交的话要怎么办？", "粘贴 HTML 会怎么样？" and
/// "what happens if I miss the deadline?" ask about the deadline or the
/// act, not for it.
pub fn asks_what_to_do(q: &str) -> bool {
    const ZH: &[&str] = &[
        "怎么办",
        "怎么处理",
        "如何处理",
        "该怎么做",
        "会怎么样",
        "会怎样",
        "会发生什么",
    ];
    const EN: &[&str] = &[
        "what happens",
        "what will happen",
        "what would happen",
        "what do i do",
        "what should i do",
        "what can i do",
    ];
    let lower = q.lower();
    ZH.iter().any(|c| q.contains(c)) || EN.iter().any(|c| lower.contains(c))
}

/// True when an English question asks how a thing is treated, not how to
/// do something: "How is raw HTML in the widget title shown?" (how, a form
/// of "be", and a participle ending it). What a prohibition says happens to
/// the thing answers it. (Not yet Chinese "会怎么显示": without word
/// boundaries a noun the corpus lacks, 页脚 for 标题, is not told from a
/// pair read across two words, and the prohibition would answer for it.)
pub fn asks_how_treated(q: &str) -> bool {
    let w = words(q);
    let at = |i: usize| w.get(i).map_or("", |x| x.lower.as_str());
    at(0) == "how"
        && matches!(at(1), "is" | "are" | "was" | "were")
        && w.len() > 3
        && w.last().is_some_and(|x| lexicon::is_participle(&x.lower))
}

/// The expected answer of a Chinese question.
fn answer_zh(q: &str) -> Answer {
    let has = |cues: &[&str]| cues.iter().any(|c| q.contains(c));
    // What to do about a deadline asks what to do, not the deadline
    // ("超过期限提交的话要怎么办？").
    if asks_what_to_do(q) {
        return Answer::Procedure;
    }
    if has(&[
        "多久",
        "多长时间",
        "几天",
        "多少天",
        "几日",
        "多少日",
        "几周",
        "几个星期",
        "几个月",
        "多少个月",
        "几小时",
        "几个小时",
        "多少小时",
        "几分钟",
        "多少分钟",
        "期限",
        "时限",
        "几个工作日",
        "多少个工作日",
        "多少个自然日",
    ]) {
        Answer::Duration
    } else if has(&["哪一年", "哪年", "何年", "哪一年份"]) {
        Answer::Year
    } else if has(&[
        "什么时候",
        "几点",
        "何时",
        "哪天",
        "哪一天",
        "几月",
        "日期",
        "什么时间",
    ]) {
        Answer::Date
    } else if has(&["为什么", "为何", "原因"]) {
        Answer::Reason
    } else if has(&["谁", "哪位", "哪个人"]) {
        Answer::Person
    } else if has(&[
        "哪里",
        "哪儿",
        "在哪",
        "何处",
        "何地",
        "哪个国家",
        "哪个城市",
        "哪座",
        "哪个地区",
    ]) {
        Answer::Place
    } else if has(&[
        "多少", "几个", "几位", "几名", "几种", "几次", "几座", "几部", "几年",
    ]) {
        Answer::Number
    } else if has(&["怎么", "如何", "怎样"]) {
        Answer::Procedure
    } else if has(&[
        "吗",
        "是否",
        "能否",
        "可否",
        "有没有",
        "是不是",
        "可不可以",
        "能不能",
    ]) {
        Answer::YesNo
    } else {
        Answer::Open
    }
}

/// True when a chunk of text (no spaces) reads as (part of) a name.
fn name_like(chunk: &str) -> bool {
    let first = chunk.chars().next();
    let inner_joint = chunk
        .char_indices()
        .any(|(i, c)| matches!(c, '-' | '_' | '.' | '/' | '@') && i > 0 && i + 1 < chunk.len());
    first.is_some_and(char::is_uppercase)
        || chunk.chars().any(|c| c.is_ascii_digit())
        || (inner_joint && chunk.chars().any(char::is_alphabetic) && !english_compound(chunk))
}

/// First parts of hyphened English compounds ("well-known", "multi-platform").
const COMPOUND_HEADS: &[&str] = &[
    "well", "ill", "multi", "non", "self", "co", "single", "semi", "anti", "pre", "post", "ex",
    "long", "short", "high", "low", "full", "half", "all", "best", "first", "second", "third",
    "so", "much", "re", "under", "over", "out", "cross", "inter", "sub", "mid", "far", "near",
];

/// A lowercase hyphened English compound, not an ID: "well-known",
/// "season-ending", "multi-instrumentalist", "long-running" (its first part a
/// common head, or its last a participle). `gateway-west` is an ID.
fn english_compound(chunk: &str) -> bool {
    let parts: Vec<&str> = chunk.split('-').collect();
    let (Some(head), Some(last)) = (parts.first(), parts.last()) else {
        return false;
    };
    parts.len() > 1
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase()))
        && (COMPOUND_HEADS.contains(head)
            || ["ed", "ing", "en"]
                .iter()
                .any(|e| last.len() > 4 && last.ends_with(e))
            || ["known", "made", "born", "run", "based"].contains(last))
}

fn trim_chunk(chunk: &str) -> (usize, &str) {
    let start = chunk.len()
        - chunk
            .trim_start_matches(|c: char| !c.is_alphanumeric() && c != '@')
            .len();
    let core = chunk
        .get(start..)
        .unwrap_or("")
        .trim_end_matches(|c: char| !c.is_alphanumeric());
    // "Lewis's": the name is "Lewis".
    let core = ["'s", "’s"]
        .iter()
        .find_map(|p| core.strip_suffix(p))
        .unwrap_or(core);
    (start, without_modifier(core))
}

/// Lowercase words a capitalised name is made a modifier with ("Austin-based",
/// "Australian-born", "\"Virtual Choir\"-noted", "Victorian-era").
const MODIFIER_SUFFIXES: &[&str] = &[
    "based", "born", "noted", "era", "style", "like", "class", "wide", "speaking", "owned", "led",
    "made", "themed", "inspired", "bred", "raised",
];

/// A name without the modifier suffix it is joined to: "Austin-based" names
/// "Austin" (a name with a lowercase part of its own, "Sang-kyung", stays).
fn without_modifier(core: &str) -> &str {
    let Some((name, suffix)) = core.rsplit_once('-') else {
        return core;
    };
    let name = name.trim_end_matches(|c: char| !c.is_alphanumeric());
    if name.starts_with(char::is_uppercase) && MODIFIER_SUFFIXES.contains(&suffix) {
        name
    } else {
        core
    }
}

/// Names in an English question: runs of capitalized words (joined by
/// "of", "the", …), words with digits or inner joints (`gateway-west`,
/// `os.path`), and quoted spans; the question's first word only when it is
/// not a function word or a verb ("Which …", "Tell me …").
fn names_en(q: &str) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = quoted(q);
    let mut run: Option<(usize, usize)> = None;
    let mut pending_joiners = 0usize;
    let mut index = 0usize;
    let mut pos = 0usize;
    for raw in q.split_inclusive(char::is_whitespace) {
        let chunk_start = pos;
        pos += raw.len();
        let (lead, core) = trim_chunk(raw.trim_end());
        if core.is_empty() {
            continue;
        }
        let start = chunk_start + lead;
        let end = start + core.len();
        let lower = core.lower();
        let lower = ["'s", "'re", "'ll", "'ve", "'d", "’s"]
            .iter()
            .find_map(|c| lower.strip_suffix(c))
            .map_or(lower.clone(), str::to_string);
        let first_word = index == 0;
        index += 1;
        let function = analyze::is_stop_word(&lower)
            || WH.contains(&lower.as_str())
            || AUX.contains(&lower.as_str())
            || lower == "i";
        // A first word is capitalised anyway: "Roughly how long …" names nothing.
        let is_name = name_like(core)
            && !(first_word && (function || is_filler(&lower) || lexicon::is_verb(&lower)))
            && !(function && core.chars().skip(1).all(char::is_lowercase));
        // Punctuation after the chunk (a comma, a colon) ends a run.
        let broken = raw.trim_end().len() > lead + core.len();
        if is_name {
            run = Some(match run {
                Some((s, _)) => (s, end),
                None => (start, end),
            });
            pending_joiners = 0;
        } else if run.is_some() && NAME_JOINERS.contains(&lower.as_str()) && pending_joiners < 2 {
            pending_joiners += 1;
            continue;
        } else if let Some(r) = run.take() {
            out.push(r);
            pending_joiners = 0;
        }
        if broken {
            if let Some(r) = run.take() {
                out.push(r);
            }
            pending_joiners = 0;
        }
    }
    out.extend(run);
    out.retain(|&r| !adjectival_demonym(q, r));
    merge_ranges(out)
}

/// A single capitalised word that is a nationality or language adjective
/// before a noun ("the English translation", "a Danish filmmaker"): it
/// says which kind of thing, like a topic word, and is weighed as one, not
/// required as a name ("The Four (film)" answers "the English translation
/// of The Four" without the word "English").
pub(crate) fn adjectival_demonym(q: &str, (s, e): (usize, usize)) -> bool {
    let Some(word) = q.get(s..e).filter(|w| !w.contains(char::is_whitespace)) else {
        return false;
    };
    let next = q
        .get(e..)
        .and_then(|rest| rest.split_whitespace().next())
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .unwrap_or_default();
    // A verb form, not a noun made from one ("play", "played"; not
    // "translation", whose stem is a verb's too).
    let verb = lexicon::is_verb(next) && analyze::stem(next).len() + 2 >= next.len();
    let noun = next.starts_with(char::is_lowercase)
        && !analyze::is_stop_word(next)
        && !WH.contains(&next)
        && !AUX.contains(&next)
        && !verb;
    noun && lexicon::is_demonym(&word.lower())
}

/// Spans inside quotes: "…", “…”, ‘…’, 《…》, 「…」, 『…』.
fn quoted(q: &str) -> Vec<(usize, usize)> {
    let pairs = [
        ('"', '"'),
        ('“', '”'),
        ('《', '》'),
        ('「', '」'),
        ('『', '』'),
    ];
    let mut out = Vec::new();
    for (open, close) in pairs {
        let mut from = 0;
        while let Some(i) = q.get(from..).and_then(|r| r.find(open)) {
            let s = from + i + open.len_utf8();
            let Some(j) = q.get(s..).and_then(|r| r.find(close)) else {
                break;
            };
            let e = s + j;
            if q.get(s..e)
                .is_some_and(|t| t.chars().any(char::is_alphanumeric))
            {
                out.push((s, e));
            }
            from = e + close.len_utf8();
        }
    }
    out
}

/// Names in a Chinese question: quoted titles and runs of Latin letters and
/// digits (`TRAVEL-2026-01`, `2026`); capitalised Latin words one space
/// apart are one name ("Thomas Boutflower Bennett 是谁？").
fn names_zh(q: &str) -> Vec<(usize, usize)> {
    let mut out = quoted(q);
    let mut run: Option<(usize, usize)> = None;
    for (i, c) in q.char_indices() {
        let capital_next = || {
            let next = q.get(i + 1..).and_then(|r| r.chars().next());
            next.is_some_and(|n| n.is_ascii_uppercase())
        };
        let capitalised = run
            .and_then(|(s, _)| q.get(s..))
            .is_some_and(|r| r.starts_with(|f: char| f.is_ascii_uppercase()));
        let latin = c.is_ascii_alphanumeric()
            || (run.is_some() && matches!(c, '-' | '_' | '.'))
            || (c == ' ' && capitalised && capital_next());
        if latin {
            let end = i + c.len_utf8();
            run = Some(run.map_or((i, end), |(s, _)| (s, end)));
        } else if let Some(r) = run.take() {
            out.push(r);
        }
    }
    out.extend(run);
    merge_ranges(
        out.into_iter()
            .map(|(s, e)| {
                let t = q.get(s..e).unwrap_or("");
                (s, s + t.trim_end_matches(['-', '_', '.']).len())
            })
            .filter(|(s, e)| e > s)
            .collect(),
    )
}

fn merge_ranges(mut ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    crate::order::sort_by_key(&mut ranges, |r| *r);
    let mut out: Vec<(usize, usize)> = Vec::new();
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.0 < last.1 => last.1 = last.1.max(r.1),
            _ => out.push(r),
        }
    }
    out
}

/// Byte ranges of relative clauses ("that failed after the second retry"):
/// from a relative word that follows a noun to the next comma or the end.
fn relative_clauses(q: &str, w: &[Word]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, word) in w.iter().enumerate() {
        if !relative_at(q, w, i) {
            continue;
        }
        let end = q
            .get(word.start..)
            .and_then(|r| r.find([',', ';', ':', '?']))
            .map_or(q.len(), |j| word.start + j);
        out.push((word.start, end));
    }
    out
}

/// Whether the `i`th word opens a relative clause: a relative pronoun after
/// a word that is not a question word, an auxiliary or a stop word ("the
/// band *that* recorded X", not "in *which* year"), with no punctuation
/// between ("For X, which rule applies?" asks).
fn relative_at(q: &str, w: &[Word], i: usize) -> bool {
    relative_at_any(q, w, i, false)
}

/// [`relative_at`], or (`set_off`) a relative pronoun after a comma that
/// follows its noun ("the tour, which …").
fn relative_at_any(q: &str, w: &[Word], i: usize, set_off: bool) -> bool {
    let (Some(word), Some(p)) = (w.get(i), i.checked_sub(1).and_then(|p| w.get(p))) else {
        return false;
    };
    let prev = p.lower.as_str();
    let between = q.get(p.start + p.text.len()..word.start).unwrap_or("");
    let punctuation = if set_off {
        between.trim() != ","
    } else {
        between.contains([',', ':', ';'])
    };
    RELATIVES.contains(&word.lower.as_str())
        && !(WH.contains(&prev) || AUX.contains(&prev) || analyze::is_stop_word(prev))
        && !punctuation
}

/// Most words between an antecedent's determiner and its relative pronoun
/// ("the British aristocrat who": two; "a novel by Lewis Carroll that":
/// four): a longer stretch is no noun phrase.
pub(super) const MAX_ANTECEDENT: usize = 4;

/// True when the "that" at `i` opens a relative clause on a noun phrase
/// the main clause relates to: after a noun, with a determiner at most
/// [`MAX_ANTECEDENT`] words before it that does not follow a copula.
fn that_relative(q: &str, w: &[Word], i: usize) -> bool {
    let prev = i.checked_sub(1).and_then(|p| w.get(p));
    // A verb's present form after a determiner and at most two modifiers is
    // a noun ("the record *label* that", "the TNT *show* that"); a past form
    // stays a verb ("the man *said* that").
    let after_determiner = |p: usize| {
        (p.saturating_sub(3)..p).rev().any(|d| {
            w.get(d)
                .is_some_and(|x| DETERMINERS.contains(&x.lower.as_str()))
                && (d + 1..p).all(|m| w.get(m).is_some_and(|x| !analyze::is_stop_word(&x.lower)))
        })
    };
    let verb = |p: &Word| {
        lexicon::is_verb(&p.lower)
            && lexicon::agent_verb(&p.lower).is_none()
            && (lexicon::is_participle(&p.lower) || !after_determiner(i - 1))
    };
    if !relative_at(q, w, i) || prev.is_some_and(verb) {
        return false;
    }
    let det = (i.saturating_sub(MAX_ANTECEDENT + 1)..i.saturating_sub(1))
        .rev()
        .find(|&d| {
            w.get(d)
                .is_some_and(|x| ANTECEDENT_DETERMINERS.contains(&x.lower.as_str()))
        });
    det.is_some_and(|d| {
        !d.checked_sub(1)
            .and_then(|b| w.get(b))
            .is_some_and(|b| COPULAS.contains(&b.lower.as_str()))
    })
}

/// The verbs of a question: what it says is done, which a passage that
/// answers may say in other words ("which rule *applies* to …", "what does
/// the health check *request*?"). A verb-form word right after a determiner
/// is a noun ("a *deploy*"), and a verb inside a relative clause is kept: it
/// describes what is asked about ("the service that *failed* …").
fn soft_verbs(q: &str, w: &[Word], relative: &[(usize, usize)]) -> Vec<usize> {
    w.iter()
        .enumerate()
        .filter(|&(i, x)| {
            let after_determiner = i
                .checked_sub(1)
                .and_then(|p| w.get(p))
                .is_some_and(|p| DETERMINERS.contains(&p.lower.as_str()));
            lexicon::is_verb(&x.lower)
                && !after_determiner
                && !inside_noun_phrase(q, w, i)
                && !object_of_preposition(q, w, i)
                && !object_of_verb(q, w, i)
                && !within(relative, x.start)
        })
        .map(|(_, x)| x.start)
        .collect()
}

/// True when a word can be part of a noun phrase: no determiner, stop
/// word or function word.
fn content(x: &Word) -> bool {
    !DETERMINERS.contains(&x.lower.as_str())
        && !analyze::is_stop_word(&x.lower)
        && !lexicon::is_function_stem(&analyze::stem(&x.lower))
}

/// True when a content word can go on a compound noun: not an adjective
/// or a participle written after it ("a research station *reachable* by
/// ferry", "a player *born* in 1972", "a film *released* in").
fn nominal(x: &Word) -> bool {
    let w = x.lower.as_str();
    let participle = w == "born"
        || (w.len() > 4 && w.ends_with("ed") && !w.ends_with("eed"))
        || lexicon::base(w) != w;
    content(x) && !participle && !["able", "ible"].iter().any(|end| w.ends_with(end))
}

/// True when only spaces lie between two words.
fn adjacent(q: &str, a: &Word, b: &Word) -> bool {
    q.get(a.start + a.text.len()..b.start)
        .is_some_and(|gap| !gap.is_empty() && gap.trim().is_empty())
}

/// True when `w[i]` is a noun inside a noun phrase a determiner opens: it
/// follows the determiner through lowercase content words and another
/// follows it, with nothing but spaces between them ("the health *check*
/// path"; not "a single *called* Low Water", nor an adverb: "The
/// Tidewalkers *originally* came"). The last word of such a run may still
/// be the verb ("what does the health check *request*?").
fn inside_noun_phrase(q: &str, w: &[Word], i: usize) -> bool {
    let (Some(x), Some(next)) = (w.get(i), w.get(i + 1)) else {
        return false;
    };
    let Some(d) = opened_at(q, w, i).filter(|&d| d + 1 < i) else {
        return false;
    };
    content(next)
        && adjacent(q, x, next)
        && lowercase(w.get(d + 1..=i + 1))
        && !x.lower.ends_with("ly")
}

/// True when `w[i]` ends a verb's object: the determiner that opens its run
/// of lowercase content words follows a verb right away ("retry *a failed
/// image push*", "put *the binary*"). The verb was said, so the run's last
/// word is its head noun, not a second verb ("push"); after an auxiliary
/// the run is the subject and its last word may still be the verb ("what
/// does the health check *request*?"). Only a phrase that ends its clause
/// counts, and a participle is no head ("had a single *called* Low
/// Water").
fn object_of_verb(q: &str, w: &[Word], i: usize) -> bool {
    let Some(d) = opened_at(q, w, i) else {
        return false;
    };
    let verb = d.checked_sub(1).and_then(|v| w.get(v));
    let opened = verb.zip(w.get(d)).is_some_and(|(v, det)| {
        lexicon::is_verb(&v.lower)
            && !DEFERRING.contains(&v.lower.as_str())
            && !COPULAS.contains(&v.lower.as_str())
            && adjacent(q, v, det)
    });
    // The phrase ends the clause: the question, a mark or "and"/"or" follows.
    let ends = match (w.get(i), w.get(i + 1)) {
        (Some(x), Some(n)) => {
            matches!(n.lower.as_str(), "and" | "or")
                || q.get(x.start + x.text.len()..n.start)
                    .is_some_and(|gap| gap.contains([',', ';', '?', '.', '!']))
        }
        _ => true,
    };
    opened && ends && lowercase(w.get(d + 1..=i)) && w.get(i).is_some_and(nominal)
}

/// Prepositions whose object is a noun phrase (not "to", which may open
/// an infinitive, nor "after"/"before", which may open a clause).
const NOUN_PREPOSITIONS: &[&str] = &[
    "for", "of", "with", "on", "in", "at", "from", "about", "by", "into", "under", "over",
    "between", "without", "per", "via", "within", "across", "through", "during", "among",
];

/// Auxiliaries that leave the main verb for later ("how long *did*
/// payment of approved claims *take*?"); a copula does not.
pub(crate) const DEFERRING: &[&str] = &[
    "do", "does", "did", "can", "could", "will", "would", "should", "may", "might", "must", "shall",
];

/// True when `w[i]` is a noun in a preposition's object: it follows the
/// preposition through lowercase content words ("for approved domestic
/// *claims*"). The run's last word is the verb still to come after an
/// auxiliary that defers it ("did payment of approved claims *take*"), or
/// when it is a participle ("a film of hers *released* in").
fn object_of_preposition(q: &str, w: &[Word], i: usize) -> bool {
    let Some(x) = w.get(i) else {
        return false;
    };
    let Some(p) = opened_by(q, w, i, NOUN_PREPOSITIONS) else {
        return false;
    };
    let run = w.get(p + 1..=i);
    let alphabetic =
        run.is_some_and(|r| r.iter().all(|r| r.lower.chars().all(char::is_alphabetic)));
    if !alphabetic || !lowercase(run) || x.lower.ends_with("ly") {
        return false;
    }
    let last = !w
        .get(i + 1)
        .is_some_and(|n| nominal(n) && adjacent(q, x, n) && lower_case(n));
    let deferred = w
        .get(..p)
        .is_some_and(|before| before.iter().any(|b| DEFERRING.contains(&b.lower.as_str())));
    let stem = analyze::stem(&x.lower);
    let irregular = lexicon::lemma(&stem) != stem;
    !last || (nominal(x) && !deferred && !irregular)
}

/// True when every word of a run is written in lower case (a compound
/// noun, not a name: "the health check path", not "The Tidewalkers").
fn lowercase(run: Option<&[Word]>) -> bool {
    run.is_some_and(|run| run.iter().all(lower_case))
}

/// True when a word is written with no capital letter.
fn lower_case(x: &Word) -> bool {
    !x.text.chars().any(char::is_uppercase)
}

/// The index of the determiner that opens the run of adjacent content words
/// `w[i]` ends.
fn opened_at(q: &str, w: &[Word], i: usize) -> Option<usize> {
    opened_by(q, w, i, DETERMINERS)
}

/// The index of the word of `openers` that opens the run of adjacent
/// content words `w[i]` ends.
fn opened_by(q: &str, w: &[Word], i: usize, openers: &[&str]) -> Option<usize> {
    let mut k = i;
    loop {
        let (p, cur) = (w.get(k.checked_sub(1)?)?, w.get(k)?);
        if !adjacent(q, p, cur) {
            return None;
        }
        if openers.contains(&p.lower.as_str()) {
            return Some(k - 1);
        }
        if !content(p) {
            return None;
        }
        k -= 1;
    }
}

/// A compound noun of the question: its phrase's and its head's byte ranges.
type Compound = ((usize, usize), (usize, usize));

/// The compound nouns a determiner or a preposition opens, as (phrase,
/// head) byte ranges: two or more adjacent lowercase content words after
/// it, where no other nor "of" follows ("change *the health check path*",
/// "a fee *for opened clothing*"). The last word is the head
/// unless it may be the verb: after an auxiliary ("what does the health
/// check request?") or a noun ("the path the health check calls"), a verb
/// form ends the subject, not a compound — there the noun before the
/// relative clause is the head ([`contact_relative`]).
fn compound_heads(q: &str, w: &[Word]) -> Vec<Compound> {
    let mut out = Vec::new();
    for (i, x) in w.iter().enumerate() {
        let continues = w
            .get(i + 1)
            .is_some_and(|n| nominal(n) && adjacent(q, x, n));
        // A head before "of" relates to what follows ("the south side of
        // …", "the founding member of …"), which pages word their own way.
        let relational = w.get(i + 1).is_some_and(|n| n.lower == "of");
        if continues || relational || !nominal(x) {
            continue;
        }
        // After a determiner: its own subject's verb may end the run. After
        // a preposition: its object's nouns ("for opened *clothing*").
        let (d, noun) = if let Some(d) = opened_at(q, w, i) {
            let before = d.checked_sub(1).and_then(|b| w.get(b));
            let object = before.is_some_and(|b| {
                lexicon::is_verb(&b.lower)
                    || (analyze::is_stop_word(&b.lower) && !AUX.contains(&b.lower.as_str()))
            });
            (d, object || !lexicon::is_verb(&x.lower))
        } else if let Some(p) = opened_by(q, w, i, NOUN_PREPOSITIONS) {
            (
                p,
                object_of_preposition(q, w, i) || !lexicon::is_verb(&x.lower),
            )
        } else {
            continue;
        };
        if d + 1 < i && lowercase(w.get(d + 1..=i)) && noun {
            let start = w.get(d + 1).map_or(x.start, |f| f.start);
            let end = x.start + x.text.len();
            out.push(((start, end), (x.start, end)));
        }
    }
    out.extend(contact_relative(q, w));
    out
}

/// A noun a relative clause without "that" ends the question with: "change
/// the *path* the health check calls" asks about the path as "the health
/// check path" does (the phrase runs to the clause's verb; nothing comes
/// before the head, so the head alone must be written).
fn contact_relative(q: &str, w: &[Word]) -> Option<((usize, usize), (usize, usize))> {
    let last = w.len().checked_sub(1)?;
    let verb = w.get(last)?;
    if !lexicon::is_verb(&verb.lower) || verb.lower.ends_with("ing") {
        return None;
    }
    // Back from the verb over the clause's subject to its determiner …
    let mut k = last.checked_sub(1)?;
    while k > 0
        && w.get(k)
            .is_some_and(|x| nominal(x) && lowercase(w.get(k..=k)))
    {
        k -= 1;
    }
    let subject_opener = w.get(k)?;
    if k + 1 >= last || !matches!(subject_opener.lower.as_str(), "the" | "a" | "an") {
        return None;
    }
    // … to the noun right before it, which a determiner opens.
    let i = k.checked_sub(1)?;
    let head = w.get(i)?;
    let opened = opened_at(q, w, i).is_some();
    let adjacent_run = w
        .get(i..=last)?
        .windows(2)
        .all(|p| adjacent(q, &p[0], &p[1]));
    (opened && nominal(head) && lowercase(w.get(i..=i)) && adjacent_run).then(|| {
        let end = verb.start + verb.text.len();
        (
            (head.start, end),
            (head.start, head.start + head.text.len()),
        )
    })
}

/// The byte starts of the words that name the kind of answer.
fn kind_nouns(q: &str, w: &[Word]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, x) in w.iter().enumerate() {
        let next = w.get(i + 1);
        match x.lower.as_str() {
            "how" => out.extend(next.map(|n| n.start)),
            // "how many days": a unit; "how many snapshots": the topic.
            "many" | "much" => {
                if let Some(n) = next.filter(|n| {
                    TIME_UNITS.contains(&n.lower.as_str()) || UNITS.contains(&n.lower.as_str())
                }) {
                    out.push(n.start);
                }
            }
            "what" | "which" => {
                let mut head = None;
                for n in w.iter().skip(i + 1) {
                    let l = n.lower.as_str();
                    if AUX.contains(&l)
                        || analyze::is_stop_word(l)
                        || WH.contains(&l)
                        || (head.is_some() && lexicon::is_verb(l))
                        // "which company *published* …", not "pirate-*themed*".
                        || (head.is_some()
                            && lexicon::is_participle(l)
                            && q.get(..n.start).is_some_and(|h| h.ends_with(' ')))
                    {
                        break;
                    }
                    head = Some(n.start);
                }
                out.extend(head);
            }
            _ => {}
        }
    }
    out
}

/// The byte starts of attribute nouns made from a verb in "what is the
/// <adjectives> <noun> of …" ("What is the English *translation* of …"): a
/// predicate asked of what follows "of", which the answer may state with
/// the verb or not at all, soft as the verb is. A noun made from a verb
/// elsewhere is a topic ("when the database *migration* has run").
fn verbal_attributes(w: &[Word]) -> Vec<usize> {
    let attribute = |i: usize| -> Option<usize> {
        let aux = w.get(i + 1)?;
        if !AUX.contains(&aux.lower.as_str()) || w.get(i + 2)?.lower != "the" {
            return None;
        }
        let of = (i + 4..=i + 6).find(|&j| w.get(j).is_some_and(|x| x.lower == "of"))?;
        let noun = w.get(of - 1)?;
        lexicon::is_verb_stem(&analyze::stem(&noun.lower)).then_some(noun.start)
    };
    (0..w.len())
        .filter(|&i| w.get(i).is_some_and(|x| WH.contains(&x.lower.as_str())))
        .filter_map(attribute)
        .collect()
}

fn within(ranges: &[(usize, usize)], start: usize) -> bool {
    ranges.iter().any(|&(s, e)| start >= s && start < e)
}

/// Single characters and question words that carry no topic in Chinese.
fn soft_zh(term: &str) -> bool {
    term.chars().count() == 1
        || lexicon::is_frame_zh(term)
        || QUESTION_ZH
            .iter()
            .any(|w| term.contains(w) || w.contains(term))
        || term.chars().any(binds_words_zh)
}

/// Chinese question words.
const QUESTION_ZH: &[&str] = &["什么", "哪些", "哪个", "多少", "怎么", "如何", "是否", "吗"];

/// True when a Chinese term is a question word (哪个, 什么).
pub fn is_question_zh(term: &str) -> bool {
    QUESTION_ZH.contains(&term)
}

/// True for a Chinese character that asks or binds words rather than
/// naming a thing (吗, 的, 在, 什 …).
pub fn binds_words_zh(c: char) -> bool {
    "吗呢么哪谁几的了是什有对在和与及或把被将从向以于为也都就还又吧啊呀给个".contains(c)
}

thread_local! {
    static QUESTIONS: analyze::Memo<Frame> = const { RefCell::new(Vec::new()) };
    static DESCRIPTIONS: analyze::Memo<Frame> = const { RefCell::new(Vec::new()) };
}

/// Reads a question ([`Strictness::Question`]) or a description a follow
/// step resolves ([`Strictness::Strict`]).
pub fn frame(question: &str, strictness: Strictness) -> Frame {
    let memo = match strictness {
        Strictness::Question => &QUESTIONS,
        Strictness::Strict => &DESCRIPTIONS,
    };
    analyze::memoized(memo, question, || read(question, strictness))
}

/// Prepositions a yes/no question gives a thing's place with ("found *in*
/// Africa").
const PLACING: &[&str] = &["in", "at", "on", "near", "within", "inside"];
/// Most words after the preposition to the place's name.
const PLACE_WORDS: usize = 4;

/// True when the term at `range` of `question` is a verb that says where a
/// thing is ([`lexicon::PLACE_VERBS`], or "found" as the participle of
/// "find") and a place name follows it after a preposition ("Is Velmaria
/// *found* in Africa?", "Is Tarn Varley *situated* in the north of
/// England?"): what it asks is whether the thing is in that place, which a
/// page may say without the verb ("a genus of Southern African shrubs").
/// Not "founded", whose term is also "found".
fn places_a_thing(question: &str, (start, end): (usize, usize), term: &str) -> bool {
    let written = question.get(start..end).unwrap_or("");
    let locating = lexicon::PLACE_VERBS.contains(&term) || written.eq_ignore_ascii_case("found");
    let mut after = question.get(end..).unwrap_or("").split_whitespace();
    let preposition = after
        .next()
        .is_some_and(|p| PLACING.contains(&p.lower().as_str()));
    // A name within a few words ("in the north of England").
    let place = after
        .take(PLACE_WORDS)
        .any(|w| w.starts_with(char::is_uppercase));
    locating && preposition && place
}

/// [`frame`], without the memo.
fn read(question: &str, strictness: Strictness) -> Frame {
    let zh = is_cjk_text(question);
    let w = words(question);
    let lower = question.lower();
    let answer = if zh {
        answer_zh(question)
    } else {
        answer_en(question, &w, &lower)
    };
    let names = if zh {
        names_zh(question)
    } else {
        names_en(question)
    };
    let negated = if zh {
        lexicon::negates_zh(question)
    } else {
        w.iter()
            .any(|x| lexicon::is_negation(&x.lower) || lexicon::is_restriction(&x.lower))
            || question.contains("n't")
    };
    let first_person = question.contains('我')
        || w.iter().enumerate().any(|(k, x)| {
            let addressed = x.lower == "me"
                && k.checked_sub(1)
                    .and_then(|b| w.get(b))
                    .is_some_and(|b| super::split::addresses_the_asker(&b.lower));
            FIRST_PERSON.contains(&x.lower.as_str()) && x.text != "I'" && !addressed
        });
    let relative = relative_clauses(question, &w);
    let verbs: Vec<usize> = if strictness == Strictness::Question {
        let mut verbs = soft_verbs(question, &w, &relative);
        verbs.extend(verbal_attributes(&w));
        verbs
    } else {
        Vec::new()
    };
    // The head of the noun phrase after "what"/"which"/"how many" names the
    // kind of answer ("which rollback *rule* applies", "what 1996 *book* was
    // written"); the word after "how" ("long", "many") is part of the
    // question word.
    let kind_noun = kind_nouns(question, &w);
    let both = w.iter().any(|x| x.lower == "both");
    let comparatives: Vec<usize> = w
        .iter()
        .filter(|x| COMPARATIVES.contains(&x.lower.as_str()))
        .map(|x| x.start)
        .collect();
    let placing = |start: usize, end: usize, term: &str| {
        answer == Answer::YesNo && places_a_thing(question, (start, end), term)
    };
    let mut terms: Vec<Term> = analyze::terms(question)
        .into_iter()
        .map(|t| {
            let role = if within(&names, t.start) {
                Role::Name
            } else if t.term.chars().any(analyze::is_cjk) {
                if soft_zh(&t.term) {
                    Role::Soft
                } else {
                    Role::Topic
                }
            } else if lexicon::is_frame_stem(&t.term)
                || lexicon::is_function_stem(&t.term)
                || verbs.contains(&t.start)
                || kind_noun.contains(&t.start)
                || comparatives.contains(&t.start)
                || in_force(question, (t.start, t.end))
                // "install the CLI *using* Homebrew": a preposition here.
                || question
                    .get(t.start..t.end)
                    .is_some_and(|w| w.eq_ignore_ascii_case("using"))
                // "the date of X's death": a life span states it unworded.
                || (matches!(answer, Answer::Year | Answer::Date)
                    && lexicon::LIFE_EVENTS.contains(&t.term.as_str()))
                // "… is based in what city?": a place says where, unworded.
                // (Not where two things are "both based": one page's place
                // is not theirs in common, and the verb stays to be read.)
                || (answer == Answer::Place
                    && !both
                    && lexicon::PLACE_VERBS.contains(&t.term.as_str()))
                // "Is Velmaria *found* in Africa?": the place says it.
                || placing(t.start, t.end, &t.term)
            {
                Role::Soft
            } else {
                Role::Topic
            };
            Term {
                term: t.term,
                role,
                start: t.start,
                end: t.end,
            }
        })
        .collect();
    // A question whose only content word is its verb ("how do I deploy?"):
    // the verb is what it asks about, not a word to say otherwise. (Not
    // of a first person no one resolved, unless it asks how to do
    // something: "where do I work?" asks about someone, and no passage says
    // who.)
    if (!first_person || answer == Answer::Procedure) && !terms.iter().any(|t| t.role != Role::Soft)
    {
        for t in terms.iter_mut().filter(|t| verbs.contains(&t.start)) {
            t.role = Role::Topic;
        }
    }
    let polar = if answer == Answer::YesNo {
        super::polar::read(question)
    } else {
        super::polar::Polar::default()
    };
    let heads = if strictness == Strictness::Question {
        compound_heads(question, &w)
            .into_iter()
            .filter(|&(_, (s, _))| {
                terms
                    .iter()
                    .any(|t| t.start == s && t.role == Role::Topic && !within(&names, s))
            })
            .chain(subject_compound(&w, &polar, &terms))
            .collect()
    } else {
        Vec::new()
    };
    let places = terms
        .iter()
        .any(|t| t.role == Role::Soft && placing(t.start, t.end, &t.term));
    Frame {
        question: question.to_string(),
        answer,
        negated,
        first_person,
        names,
        joined: Vec::new(),
        heads,
        terms,
        places,
        polar,
    }
}

/// A yes/no question's subject with no determiner, as a compound noun
/// ([`compound_heads`]): two or more lowercase content words ("Do
/// *refurbished electronics* carry …?"), its last a topic word; `None`
/// when a determiner opens it (the compound is found there) or it is one
/// word. (It starts right after the auxiliary, which opens no compound:
/// [`compound_heads`] never finds the same phrase.)
fn subject_compound(w: &[Word], polar: &super::polar::Polar, terms: &[Term]) -> Option<Compound> {
    let (s, e) = polar.subject?;
    let run: Vec<&Word> = w
        .iter()
        .filter(|x| x.start >= s && x.start + x.text.len() <= e)
        .collect();
    let (first, last) = (run.first()?, run.last()?);
    let compound = run.len() >= 2
        && !DETERMINERS.contains(&first.lower.as_str())
        && run.iter().all(|x| lower_case(x) && content(x))
        && terms
            .iter()
            .any(|t| t.start == last.start && t.role == Role::Topic);
    compound.then_some(((s, e), (last.start, e)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::patterns;
    use crate::model::Output;

    #[test]
    fn a_folder_or_a_directory_asked_for_is_a_place() {
        for q in [
            "In which directory does skiff install the binary?",
            "Which folder holds the release files?",
        ] {
            assert_eq!(frame(q, Strictness::Question).answer, Answer::Place, "{q}");
        }
    }

    /// The role of the term at the first occurrence of `word` in `q`.
    fn role(q: &str, word: &str) -> Option<Role> {
        let f = frame(q, Strictness::Question);
        let at = q.find(word).unwrap();
        f.terms.iter().find(|t| t.start == at).map(|t| t.role)
    }

    #[test]
    fn a_word_that_puts_a_rule_in_force_is_soft_after_a_determiner() {
        for (q, word) in [
            (
                "what's the active rollback rule for gateway-west?",
                "active",
            ),
            (
                "tell me the newest rollback rule for gateway-west",
                "newest",
            ),
            ("what is gateway-west's current rollback rule", "current"),
        ] {
            assert_eq!(role(q, word), Some(Role::Soft), "{q}");
        }
        // A predicate says something of its subject.
        assert_eq!(
            role("Which band was active in 1995?", "active"),
            Some(Role::Topic)
        );
        assert_eq!(role("Is the rule still valid?", "valid"), Some(Role::Topic));
    }

    #[test]
    fn the_last_word_of_a_verbs_object_is_a_noun() {
        let q = "how many times does the deploy controller retry a failed image push";
        assert_eq!(role(q, "push"), Some(Role::Topic));
        assert_eq!(role(q, "retry"), Some(Role::Soft));
        assert_eq!(
            role("Does the controller retry a failed push, and when?", "push"),
            Some(Role::Topic)
        );
        // After an auxiliary the phrase is the subject: its last word may
        // be the verb.
        assert_eq!(
            role("what does the health check request?", "request"),
            Some(Role::Soft)
        );
        // A participle is no head, and a phrase the clause goes on after
        // is left as it was.
        assert_eq!(
            role(
                "Which band released it, which had a single called Low Water?",
                "called"
            ),
            Some(Role::Soft)
        );
    }

    #[test]
    fn a_verb_placing_a_thing_before_a_named_place_is_soft() {
        assert_eq!(
            role("Is Velmaria found in Africa?", "found"),
            Some(Role::Soft)
        );
        assert_eq!(
            role(
                "Is Tarn Varley situated in the north of England?",
                "situated"
            ),
            Some(Role::Soft)
        );
        assert!(frame("Is Velmaria found in Africa?", Strictness::Question).places);
        assert!(!frame("Was Nike founded in Oregon?", Strictness::Question).places);
        // No place named after it; and "founded" is no placing verb.
        assert_eq!(
            role("Is the situated lake deep?", "situated"),
            Some(Role::Topic)
        );
        assert!(!places_a_thing(
            "Was Nike founded in Oregon?",
            (8, 15),
            "found"
        ));
        assert!(places_a_thing(
            "Is Velmaria found in Africa?",
            (12, 17),
            "found"
        ));
        assert!(!places_a_thing(
            "Is Velmaria found all over?",
            (12, 17),
            "found"
        ));
    }

    fn roles(q: &str, s: Strictness) -> Vec<(String, Role)> {
        frame(q, s)
            .terms
            .into_iter()
            .map(|t| (t.term, t.role))
            .collect()
    }

    fn of(q: &str, role: Role) -> Vec<String> {
        roles(q, Strictness::Question)
            .into_iter()
            .filter(|(_, r)| *r == role)
            .map(|(t, _)| t)
            .collect()
    }

    fn names(q: &str) -> Vec<&str> {
        frame(q, Strictness::Question)
            .names
            .iter()
            .map(|&(s, e)| &q[s..e])
            .collect()
    }

    /// "How long is <a named thing>?" asks a length, a number of units;
    /// "how long" of a period, an event or an action asks a duration.
    #[test]
    fn the_memo_gives_each_text_its_own_frame() {
        let texts: Vec<String> = (0..80)
            .map(|i| format!("Which rollback rule applies to the service that failed {i} times?"))
            .collect();
        for _ in 0..2 {
            for text in &texts {
                for s in [Strictness::Question, Strictness::Strict] {
                    assert_eq!(frame(text, s), read(text, s), "{text}");
                }
            }
        }
    }

    #[test]
    fn how_long_of_a_named_thing_is_a_length() {
        let a = |q: &str| frame(q, Strictness::Question).answer;
        for q in [
            "How long is the Rhine?",
            "how long is the Golden Gate Bridge",
            "How long are the Cliffs of Moher?",
            "Roughly how long is Route 66?",
            "How long, roughly, is the Danube?",
            "How long is {q1}?",
        ] {
            assert_eq!(a(q), Answer::Number, "{q}");
            assert_eq!(patterns::output_of(q), Output::Passage, "{q}");
        }
        for q in [
            "How long is the refund window for electronics?",
            "How long are snapshots kept?",
            "How long is the warranty valid?",
            "How long was the Second World War?",
            "How long is the flight to Lisbon?",
            "How long does a Rhine river cruise take?",
            "How long is the Tour de France Festival?",
            "How long does {q1} take?",
            "多久付款?",
        ] {
            assert_eq!(a(q), Answer::Duration, "{q}");
            assert_eq!(patterns::output_of(q), Output::Duration, "{q}");
        }
    }

    #[test]
    fn a_clause_of_time_set_off_before_the_question_does_not_ask() {
        let a = |q: &str| frame(q, Strictness::Question).answer;
        assert_eq!(
            a("When upgrading, should I restart the agents?"),
            Answer::YesNo
        );
        assert_eq!(
            a("when you deploy, which port do agents listen on?"),
            Answer::Open
        );
        assert_eq!(
            a("When upgrading, how long does it take?"),
            Answer::Duration
        );
        // "When" that asks: an auxiliary after it, or no main clause after
        // the comma.
        assert_eq!(a("When was the band formed, and who sang?"), Answer::Date);
        assert_eq!(a("When did Skiff ship its CLI, roughly?"), Answer::Date);
    }

    #[test]
    fn answer_kinds_in_both_languages() {
        let a = |q: &str| frame(q, Strictness::Question).answer;
        assert_eq!(
            a("What is the refund window for electronics?"),
            Answer::Duration
        );
        assert_eq!(a("how long are snapshots kept?"), Answer::Duration);
        assert_eq!(
            a("How many days do I have to return electronics?"),
            Answer::Duration
        );
        assert_eq!(a("How many releases are kept?"), Answer::Number);
        assert_eq!(a("In what year was Scott Travis born?"), Answer::Year);
        assert_eq!(a("When was the band formed?"), Answer::Date);
        assert_eq!(
            a("At what time did the orchestrator give up?"),
            Answer::Date
        );
        assert_eq!(a("编排器几点放弃了部署？"), Answer::Date);
        assert_eq!(a("Who directed Up?"), Answer::Person);
        assert_eq!(a("Scott Derrickson was born where?"), Answer::Place);
        // A clause of time or place inside a yes/no question does not ask;
        // after a verb of knowing or telling it does.
        assert_eq!(
            a("Are environment variables injected when a release starts?"),
            Answer::YesNo
        );
        assert_eq!(
            a("Does skiff restart the previous release when I roll back?"),
            Answer::YesNo
        );
        assert_eq!(a("Do you know when the store opens?"), Answer::Date);
        assert_eq!(a("Can you tell me where Priya works?"), Answer::Place);
        // A relative "who"/"whose" does not ask; the WH word in place does.
        assert_eq!(
            a("Gerald Grosvenor was succeeded by the aristocrat who is estimated to be worth how much?"),
            Answer::Number
        );
        assert_eq!(
            a("The singer who recorded Blue Harbour was born in what year?"),
            Answer::Year
        );
        assert_eq!(
            a("The band whose drummer left in 2001 was formed where?"),
            Answer::Place
        );
        assert_eq!(
            a("Who was the singer who recorded Blue Harbour?"),
            Answer::Person
        );
        assert_eq!(
            a("In which city was the label that signed the band who toured Japan founded?"),
            Answer::Place
        );
        assert_eq!(
            a("Which label signed the band who toured Japan?"),
            Answer::Open
        );
        assert_eq!(a("What city is the firm based in?"), Answer::Place);
        assert_eq!(a("can I get cash instead of store credit?"), Answer::YesNo);
        assert_eq!(a("How do I install the CLI?"), Answer::Procedure);
        assert_eq!(a("how to roll back a deploy"), Answer::Procedure);
        assert_eq!(a("What does the health check request?"), Answer::Open);
        assert_eq!(a("境内报销审批后多久付款?"), Answer::Duration);
        assert_eq!(a("境外的提交期限也与境内一样吗?"), Answer::Duration);
        // What to do about a deadline is no deadline.
        assert_eq!(a("超过期限提交的话要怎么办？"), Answer::Procedure);
        assert_eq!(a("逾期提交该怎么做"), Answer::Procedure);
        assert_eq!(a("玩家用什么泡封敌人？"), Answer::Open);
        assert_eq!(a("这部电影是哪一年上映的？"), Answer::Year);
        assert_eq!(a("可以用现金退款吗？"), Answer::YesNo);
    }

    #[test]
    fn names_are_capitalized_runs_ids_numbers_and_quotes() {
        assert_eq!(
            names(
                "Which sport has been played at the BayArena in Leverkusen, Germany, since 1958?"
            ),
            vec!["BayArena", "Leverkusen", "Germany", "1958"]
        );
        assert_eq!(
            names("What is the name of the fight song of the Kingdom of the Isles?"),
            vec!["Kingdom of the Isles"]
        );
        assert_eq!(
            names("Were Scott Derrickson and Ed Wood of the same nationality?"),
            vec!["Scott Derrickson", "Ed Wood"]
        );
        assert_eq!(
            names("Which rollback rule applies to gateway-west?"),
            vec!["gateway-west"]
        );
        // An English compound is no ID.
        assert_eq!(
            names("Which well-known region of Denmark had a season-ending multi-platform game?"),
            vec!["Denmark"]
        );
        assert_eq!(names("Is db-main-2 up?"), vec!["db-main-2"]);
        assert_eq!(names("Tell me where Priya works."), vec!["Priya"]);
        // A modifier suffix is not part of the name; a name's own part is.
        assert_eq!(
            names("Which \"Virtual Choir\"-noted conductor wrote for the Austin-based ensemble Conspirare?"),
            vec!["Virtual Choir", "Austin", "Conspirare"]
        );
        assert_eq!(
            names("Who starred with Kim Sang-kyung in 2013?"),
            vec!["Kim Sang-kyung", "2013"]
        );
        assert_eq!(
            names("\"Hold On\" is a song by which singer?"),
            vec!["Hold On"]
        );
        assert_eq!(
            names("TRAVEL-2026-01 指定的《海外差旅补充办法》有什么要求？"),
            vec!["TRAVEL-2026-01", "海外差旅补充办法"]
        );
        // Capitalised Latin words one space apart are one name; a lowercase
        // word or a digit run after a space starts another.
        assert_eq!(
            names("Thomas Boutflower Bennett 在哪所学院任教？"),
            vec!["Thomas Boutflower Bennett"]
        );
        assert_eq!(
            names("Python 3 和 Rust 哪个快？"),
            vec!["Python", "3", "Rust"]
        );
    }

    #[test]
    fn a_nationality_before_a_noun_is_a_topic_word_and_a_case_is_one_name() {
        // Adjectives of nationality or language say which kind of thing.
        assert_eq!(
            names("What is the English translation of the name of The Four III?"),
            vec!["Four III"]
        );
        assert_eq!(
            names("What English-American actor starred in The Lodger?"),
            vec!["Lodger"]
        );
        assert_eq!(
            names("Which film was directed by a Danish filmmaker in 2011?"),
            vec!["2011"]
        );
        assert_eq!(
            of(
                "Which film was directed by a Danish filmmaker?",
                Role::Topic
            ),
            vec!["danish", "filmmak"]
        );
        // Used as a noun, or a name that only ends like one, it stays a name.
        assert_eq!(
            names("The bands are named for at least one German what?"),
            vec!["German"]
        );
        assert_eq!(names("Did Brian play for Leeds?"), vec!["Brian", "Leeds"]);
        assert_eq!(
            names("Did Adrian Varga win in Hungarian?"),
            vec!["Adrian Varga", "Hungarian"]
        );
        assert_eq!(
            names("Which case was decided first, Selle v. Gibb or Reynolds v. Sims?"),
            vec!["Selle v. Gibb", "Reynolds v. Sims"]
        );
    }

    #[test]
    fn a_verb_form_inside_a_compound_noun_is_a_noun() {
        // "check" between a determiner's noun and another noun is a noun.
        for q in [
            "How do I change the health check path?",
            "how can I change the path the health check calls",
            "what does the health check request?",
        ] {
            assert!(of(q, Role::Topic).contains(&"check".to_string()), "{q}");
        }
        // Not right after the determiner's noun before a stop word, a name
        // or an adverb.
        assert!(!of(
            "What happens if a server fails the health check during a deploy?",
            Role::Topic
        )
        .contains(&"check".to_string()));
        assert!(of(
            "Which British band released it, which had a single called Low Water?",
            Role::Soft
        )
        .contains(&"call".to_string()));
        assert!(of(
            "The Tidewalkers originally came from which city?",
            Role::Soft
        )
        .contains(&"origin".to_string()));
    }

    #[test]
    fn a_verb_form_in_a_prepositions_object_is_a_noun() {
        let topic = |q: &str| of(q, Role::Topic);
        // "approved" and "claims" are what the period is of.
        let t = topic("what was the payment period for approved domestic claims");
        assert!(
            t.contains(&"approv".to_string()) && t.contains(&"claim".to_string()),
            "{t:?}"
        );
        // The run's last word is the verb an auxiliary deferred ("did …
        // take"), or an irregular form; words before it are still nouns.
        let t = topic("how long did payment of approved domestic claims take?");
        assert!(
            t.contains(&"claim".to_string()) && !t.contains(&"take".to_string()),
            "{t:?}"
        );
        // Not "to" (an infinitive), nor across a name or a number.
        assert!(!topic("how do I get a refund to arrive sooner?").contains(&"arriv".to_string()));
        assert!(!topic("Where did a film made in 1998 win a prize?").contains(&"win".to_string()));
    }

    #[test]
    fn how_a_thing_is_treated() {
        assert!(asks_how_treated(
            "How is raw HTML in the widget title shown?"
        ));
        assert!(asks_how_treated("how are refunds for opened items paid"));
        // How to do it, or a "how" that asks for a value.
        assert!(!asks_how_treated("How do I show raw HTML in the title?"));
        assert!(!asks_how_treated("How is the refund window?"));
        assert!(!asks_how_treated("How long is it kept?"));
    }

    #[test]
    fn compound_heads_are_nouns_after_a_determiner() {
        let heads = |q: &str| -> Vec<String> {
            let f = frame(q, Strictness::Question);
            f.heads
                .iter()
                .map(|&(p, _)| f.question.get(p.0..p.1).unwrap_or_default().to_string())
                .collect()
        };
        assert_eq!(
            heads("How do I change the health check path?"),
            ["health check path"]
        );
        // A yes/no question's bare subject is one too; a name, or one
        // word, is not.
        assert_eq!(
            heads("Do refurbished electronics carry a restocking fee?"),
            ["restocking fee", "refurbished electronics"]
        );
        assert_eq!(
            heads("Do electronics carry a restocking fee?"),
            ["restocking fee"]
        );
        assert_eq!(heads("Does Priya Nair eat meat?"), Vec::<String>::new());
        assert_eq!(
            heads("Who maintains the rollback command"),
            ["rollback command"]
        );
        // The verb after an auxiliary's subject ends no compound.
        assert!(heads("what does the health check request?").is_empty());
        // A noun a relative clause without "that" ends the question with
        // is asked about (not the clause's subject, "health check").
        assert_eq!(
            heads("how can I change the path the health check calls"),
            ["path the health check calls"]
        );
        assert_eq!(
            heads("how do I restore the volume a snapshot holds?"),
            ["volume a snapshot holds"]
        );
        assert!(heads("how do I restore the volume?").is_empty());
        assert!(heads("which path does the health check call?").is_empty());
        // An adjective or a participle after the noun is no head; a frame
        // word ("window") no topic; a name no compound.
        assert_eq!(
            heads("Which island has a marine research station reachable by ferry?"),
            ["marine research station"]
        );
        assert_eq!(
            heads("Where did a rugby player born in 1972 grow up?"),
            ["rugby player"]
        );
        // An irregular participle, too: "shown" is the passive's verb.
        assert_eq!(
            heads("How is raw HTML in the widget footer shown?"),
            ["widget footer"]
        );
        assert!(heads("What is the refund window for electronics?").is_empty());
        assert!(heads("It borders on the south side of what coastal area?").is_empty());
        assert!(heads("When did the Greywell Sisters form?").is_empty());
        // After a preposition, its object's nouns.
        assert_eq!(
            heads("is there a restocking fee for opened clothing"),
            ["restocking fee", "opened clothing"]
        );
        // A description a follow step resolves has none.
        assert!(frame("the health check path", Strictness::Strict)
            .heads
            .is_empty());
    }

    #[test]
    fn predicate_verbs_frame_nouns_and_kind_nouns_are_soft() {
        assert_eq!(
            of("what does the health check request?", Role::Soft),
            vec!["request"]
        );
        assert_eq!(
            of("how long are snapshots kept?", Role::Soft),
            vec!["long", "kept"]
        );
        assert_eq!(
            of("How long does Skiff retain snapshots?", Role::Soft),
            vec!["long", "retain"]
        );
        assert_eq!(
            of("which port do agents listen on?", Role::Soft),
            vec!["port", "listen"]
        );
        assert_eq!(
            of("What is the refund window for electronics?", Role::Topic),
            vec!["refund", "electron"]
        );
        // A verb that is all a question asks about is its topic ("how do I
        // deploy?"), not of a first person no one resolved ("where do I
        // work?": the verb says nothing of whom).
        assert_eq!(of("how do I deploy?", Role::Topic), vec!["deploy"]);
        assert_eq!(of("How can we roll back?", Role::Topic), vec!["roll"]);
        assert!(of("where do I work?", Role::Topic).is_empty());
        assert_eq!(of("where does Priya work?", Role::Soft), vec!["work"]);
        assert!(of("Where is the studio based?", Role::Soft).contains(&"base".to_string()));
        assert!(of("In what city is the firm located?", Role::Soft).contains(&"locat".to_string()));
        assert!(of("Are A and B both based where?", Role::Topic).contains(&"base".to_string()));
        // Asked as no place, it is a topic word.
        assert!(of("What is the based rate?", Role::Topic).contains(&"base".to_string()));
        // The topic of a yes/no question is not a verb, even in -ing form.
        assert_eq!(of("do you refund shipping?", Role::Topic), vec!["ship"]);
        // Inside a relative clause, and in a strict frame, verbs must match.
        assert!(of(
            "Which rule applies to the service that failed after the retry?",
            Role::Topic
        )
        .contains(&"fail".to_string()));
        let strict = roles(
            "which service failed after the second retry?",
            Strictness::Strict,
        );
        assert!(
            strict.contains(&("fail".to_string(), Role::Topic)),
            "{strict:?}"
        );
    }

    #[test]
    fn negation_and_first_person() {
        let f = frame("what should I not eat?", Strictness::Question);
        assert!(f.negated && f.first_person);
        let f = frame("What foods should Priya avoid?", Strictness::Question);
        assert!(f.negated && !f.first_person);
        assert!(!frame("What does Priya eat?", Strictness::Question).negated);
        assert!(frame("Priya不吃什么？", Strictness::Question).negated);
    }

    #[test]
    fn a_relative_set_off_by_commas_does_not_ask() {
        let asks = |q: &str| {
            asking_word(q)
                .and_then(|at| q.get(at..))
                .map(|r| r.to_string())
        };
        let q = "The Low Water Tour, which started in Cork, was by what band?";
        assert_eq!(asks(q).as_deref(), Some("what band?"));
        let q = "The Tidewalkers, who are from Cork, recorded which song in 2003?";
        assert_eq!(asks(q).as_deref(), Some("which song in 2003?"));
        // With no WH word after it, the one after the comma asks.
        let q = "The tour started in Cork, which city?";
        assert_eq!(asks(q).as_deref(), Some("which city?"));
        // A WH word after a conjunction or a verb asks, as before.
        let q = "Where is Cork, and which band is from there?";
        assert_eq!(asks(q).as_deref(), Some(q));
        let q = "Which band, from Cork, toured in what year?";
        assert_eq!(asks(q).as_deref(), Some(q));
    }
}
