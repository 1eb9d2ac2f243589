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

use crate::analyze::fold::Lower;
use crate::analyze::lexicon::{LIFE_EVENTS, LIFE_PLACES};
use crate::analyze::{self, lexicon};
use crate::compute::date::DateEvent;
use crate::compute::duration;
use crate::decompose::frame::{Answer, Frame, Role};
use crate::decompose::polar;
use crate::model::{Passage, Range};
use std::cell::RefCell;
use std::rc::Rc;

use super::hyphen::{self, Hyphenated};
use super::particle::Particles;

/// The term of the noun "file" ([`Reader::file`]).
const FILE: &str = "file";

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

/// One question term with the weight it is read with.
#[derive(Debug, Clone, PartialEq)]
pub struct Weighted {
    pub stem: String,
    pub role: Role,
    /// Rarity (IDF) in the corpus; the corpus' highest for a word it lacks.
    pub weight: f32,
    /// The corpus has no passage with this word.
    pub unknown: bool,
    /// Position of the word in the question (for order).
    pub position: usize,
    /// The word names an attribute only its tagged passages state ("my
    /// *diet*"): soft, and a passage without the tag does not answer.
    pub attribute: bool,
    /// An attribute word no passage writes in any form ("Is Priya
    /// *allergic* …?"): its tagged passages state it in their own words.
    pub unwritten: bool,
}

/// The question's terms with their corpus weights.
pub fn weigh(frame: &Frame, idf: &dyn Fn(&str) -> Option<f32>, max_idf: f32) -> Vec<Weighted> {
    let mut out: Vec<Weighted> = Vec::new();
    for (position, t) in frame.terms.iter().enumerate() {
        let stem = lexicon::lemma(&t.term);
        if out.iter().any(|w| w.stem == stem) {
            continue;
        }
        // A hyphenated word the corpus writes only apart weighs as its
        // rarest part ("Szeged-born": "born in Szeged").
        let found = idf(&t.term).or_else(|| {
            hyphen::parts(frame, t)?
                .iter()
                .map(|p| idf(&p.term))
                .try_fold(0.0f32, |m, w| Some(m.max(w?)))
        });
        out.push(Weighted {
            stem,
            role: t.role,
            weight: found.unwrap_or(max_idf),
            unknown: found.is_none(),
            position,
            attribute: false,
            unwritten: false,
        });
    }
    // A CJK pair no passage has is a rare word the corpus lacks (命数) or a
    // pair read across a word boundary (际功): it weighs as much as the
    // question's known words on average, not as the rarest of them.
    let known: Vec<f32> = out
        .iter()
        .filter(|w| !w.unknown && w.role != Role::Soft)
        .map(|w| w.weight)
        .collect();
    if !known.is_empty() {
        let mean = known.iter().sum::<f32>() / known.len() as f32;
        for w in out.iter_mut() {
            if w.unknown && w.stem.chars().any(analyze::is_cjk) {
                w.weight = mean;
            }
        }
    }
    out
}

/// Softens, in a description a follow step resolves, the verbs the corpus
/// never uses, and the nouns of their doers: such a word names a relation
/// its passages put in other words ("the band Callum Reid *sings* in" where
/// pages say "singer", "vocalist"; "the label Jean Cowie was the *founder*
/// of" where they say "founded by"), so it can rank sentences, not be
/// required. A word in `-ing` is a noun ("refund shipping") and stays what
/// it is. So are a role noun ("the *filmmaker* behind Salt Roads", where
/// pages say "film director": the candidate's page is held to the role
/// instead) and the preposition that ties the description to its anchor
/// ("behind").
pub fn soften_unknown_verbs(words: &mut [Weighted], frame: &Frame) {
    for w in words.iter_mut() {
        let Some(word) = written(frame, w) else {
            continue;
        };
        let relation = lexicon::is_verb(&word)
            || lexicon::agent_verb(&word).is_some()
            || super::kind::is_role(&word)
            || crate::decompose::links_description(&word);
        if w.unknown && w.role == Role::Topic && relation {
            w.role = Role::Soft;
        }
    }
}

/// Softens the words of the phrase that asks for the thing ("What
/// *software* company developed …?") that the corpus never uses: they say
/// what kind of thing the answer is, which its passage may put in other
/// words or only in its name ("developed by Marrow Bay Interactive"), so
/// they rank sentences but are not required. A word that restricts the
/// kind ("pirate-themed") stays what it is.
pub fn soften_asking_phrase(words: &mut [Weighted], frame: &Frame) {
    let Some(phrase) = super::kind::asking_phrase(&frame.question) else {
        return;
    };
    let phrase: Vec<String> = phrase
        .iter()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).lower())
        .collect();
    // A noun that names a kind ("software"), not a word that restricts it
    // ("pirate-themed", "award-winning", "retired"): those stay required.
    let kind_word = |x: &String| {
        phrase.contains(x)
            && x.chars().all(char::is_alphabetic)
            && !lexicon::is_participle(x)
            && !x.ends_with("ing")
    };
    for w in words.iter_mut() {
        if w.unknown && w.role == Role::Topic && written(frame, w).is_some_and(|x| kind_word(&x)) {
            w.role = Role::Soft;
        }
    }
}

/// The words of the question the corpus never uses that are verb forms
/// ("photographed", "deleted", "use"), read as the question writes them:
/// their stems, and whether each is a passive predicate (a participle after
/// a form of "be" or "get": "is deleted", "should be deleted"; not "a
/// single called Low Water"). What a verification cannot check.
pub fn unknown_verbs(frame: &Frame, words: &[Weighted]) -> Vec<(String, bool)> {
    words
        .iter()
        .filter(|w| w.unknown)
        .filter_map(|w| {
            let word = written(frame, w)?;
            let participle = lexicon::is_participle(&word);
            let before = frame
                .terms
                .get(w.position)
                .and_then(|t| frame.question.get(..t.start))
                .and_then(|b| b.split_whitespace().next_back())
                .unwrap_or("")
                .lower();
            let passive = participle
                && matches!(
                    before.as_str(),
                    "is" | "was"
                        | "are"
                        | "were"
                        | "be"
                        | "been"
                        | "being"
                        | "get"
                        | "gets"
                        | "got"
                );
            (participle || lexicon::is_verb(&word)).then(|| (w.stem.clone(), passive))
        })
        .collect()
}

/// The question's word a weighted term stands for, lowercased as written.
pub(super) fn written(frame: &Frame, w: &Weighted) -> Option<String> {
    let t = frame.terms.get(w.position)?;
    Some(frame.question.get(t.start..t.end).unwrap_or("").lower())
}

/// The question's terms weighed by their rarity in this index.
pub fn weights(index: &crate::index::Index, frame: &Frame) -> Vec<Weighted> {
    let terms: Vec<String> = frame.terms.iter().map(|t| t.term.clone()).collect();
    let query = index.query(&terms);
    let max_idf = query.iter().map(|q| q.idf).fold(0.0f32, f32::max).max(1.0);
    // A word the corpus writes only in another form is known ("win" in a
    // corpus that says "won"): it weighs as that form.
    let idf = |t: &str| -> Option<f32> {
        if index.df(t) > 0 {
            return query.iter().find(|q| q.term == t).map(|q| q.idf);
        }
        let base = lexicon::lemma(t);
        let form = std::iter::once(base.clone())
            .chain(lexicon::forms_of(&base).map(String::from))
            .find(|f| f != t && index.df(f) > 0)?;
        index.query(&[form]).first().map(|q| q.idf)
    };
    let mut words = weigh(frame, &idf, max_idf);
    super::seams::soften(index, frame, &mut words);
    // A cue word no passage writes that names someone's attribute ("my
    // *diet*", "Sam's job *title*") is what the tagged passages state in
    // other words ("Priya eats fish"): it ranks, it is not required, and
    // only a passage tagged with it answers. So is one that qualifies a word
    // those passages write ("any *food* intolerance": "Priya has a gluten
    // intolerance"). A cue word asked as a value ("can I get *cash*?")
    // stays required.
    for w in words.iter_mut() {
        let attributes = index.cue_attributes(std::slice::from_ref(&w.stem));
        // (A word some passage writes is an attribute only by its name:
        // "job *title*", not a cue word such as "cash".)
        let named = attributes
            .iter()
            .any(|a| lexicon::names_attribute(a, &w.stem));
        if !w.unknown && !named {
            continue;
        }
        let qualifies = || {
            let next = frame
                .terms
                .get(w.position + 1)
                .map(|t| lexicon::lemma(&t.term));
            next.is_some_and(|n| attributes.iter().any(|a| tagged_write(index, a, &n)))
        };
        if !attributes.is_empty()
            && (owned(frame, w.position) || said_of_someone(frame, w.position) || qualifies())
        {
            w.unwritten = w.unknown;
            w.unknown = false;
            w.role = Role::Soft;
            w.attribute = true;
        }
    }
    words
}

/// True when a passage tagged with `attribute` writes the term `stem`.
fn tagged_write(index: &crate::index::Index, attribute: &str, stem: &str) -> bool {
    index.slot_members(attribute).iter().any(|&doc| {
        index.passage(doc).is_some_and(|p| {
            analyze::passage_terms(&p.text)
                .iter()
                .any(|t| lexicon::lemma(&t.term) == stem)
        })
    })
}

/// True when the question's term at `position` is in a noun phrase a
/// possessive opens ("my job", "Priya's role", "your diet", "my job
/// title").
fn owned(frame: &Frame, position: usize) -> bool {
    let Some(before) = frame
        .terms
        .get(position)
        .and_then(|t| frame.question.get(..t.start))
    else {
        return false;
    };
    let pronoun = |w: &str| {
        matches!(
            w.lower().as_str(),
            "my" | "your" | "his" | "her" | "their" | "our"
        )
    };
    // Someone's: "my", "Sam's", "my sister's"; not a thing's ("the
    // widget's title" is the widget's field, no one's job title).
    let words: Vec<&str> = before.split_whitespace().collect();
    let possessive = |at: usize| {
        let Some(w) = words.get(at) else {
            return false;
        };
        let genitive = w.ends_with("'s") || w.ends_with("’s");
        pronoun(w)
            || (genitive
                && (w.starts_with(char::is_uppercase)
                    || at
                        .checked_sub(1)
                        .and_then(|b| words.get(b))
                        .is_some_and(|b| pronoun(b))))
    };
    let mut back = words.iter().copied().enumerate().rev().peekable();
    // "my kind of diet", "Priya's sort of diet": the owner is the kind's.
    if back.peek().is_some_and(|(_, w)| w.lower() == "of") {
        back.next();
        if !back
            .next()
            .is_some_and(|(_, w)| matches!(w.lower().as_str(), "kind" | "sort" | "type"))
        {
            return false;
        }
    }
    match back.next() {
        Some((i, _)) if possessive(i) => true,
        // One plain word between ("my job title").
        Some((_, w)) if w.chars().all(char::is_lowercase) && !analyze::is_stop_word(w) => {
            back.next().is_some_and(|(i, _)| possessive(i))
        }
        _ => false,
    }
}

/// True when the question's term at `position` is said of someone: the
/// word before it in its clause, past forms of "be", "have" and "do" and a
/// determiner ("Is Priya *allergic*", "Priya is *allergic*", "does Priya
/// have any *allergies*", "am I *allergic*") and one plain word right
/// before it ("any *food* allergies"), is a name the question gives
/// or a personal pronoun. Such a word names the person's attribute, as
/// "Priya's allergies" does.
fn said_of_someone(frame: &Frame, position: usize) -> bool {
    let Some(start) = frame.terms.get(position).map(|t| t.start) else {
        return false;
    };
    let before = frame.question.get(..start).unwrap_or("");
    for (k, word) in before.split_whitespace().rev().enumerate() {
        // The clause ends at a mark ("Sam works nights, and is he …").
        if word.ends_with([',', ';', ':', '?', '.', '!']) {
            return false;
        }
        // (The word's byte offset: it is a slice of `before`.)
        let at = word.as_ptr() as usize - before.as_ptr() as usize;
        let lower = word.lower();
        if matches!(
            lower.as_str(),
            "is" | "are"
                | "am"
                | "was"
                | "were"
                | "be"
                | "been"
                | "have"
                | "has"
                | "had"
                | "do"
                | "does"
                | "did"
                | "any"
                | "a"
                | "an"
                | "some"
        ) {
            continue;
        }
        // One plain word that qualifies it ("does Priya have any *food*
        // allergies").
        if k == 0 && word.chars().all(char::is_lowercase) && !analyze::is_stop_word(word) {
            continue;
        }
        let named = frame.names.iter().any(|&(s, e)| s <= at && at < e);
        return named || matches!(lower.as_str(), "i" | "you" | "he" | "she" | "we" | "they");
    }
    false
}

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

/// The byte range of the name a life event is asked of: the question's
/// name right before the event's word ("Where was *Iona Fraser* born?",
/// "When did *Hugo Brandt* die?").
fn life_subject(frame: &Frame) -> Option<(usize, usize)> {
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
const LOCATING: &[&str] = &[
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
fn event_subject(frame: &Frame) -> Option<(usize, usize)> {
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

/// Sentences of a text as byte ranges (ends at . ! ? 。 ！ ？ ； or a newline),
/// found lazily: a caller that wants the first sentence reads no further.
pub fn sentences(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut ends = text.char_indices().filter_map(move |(i, c)| {
        if !matches!(c, '.' | '!' | '?' | '。' | '！' | '？' | '；' | '\n') {
            return None;
        }
        let rest = text.get(i + c.len_utf8()..).unwrap_or("");
        let next = rest.chars().next();
        // "3.13" and "e.g." are not sentence ends, nor are an initial
        // or a title before a name ("H. G. Wells", "Dr. Smith", "Jr.").
        if c == '.'
            && (next.is_some_and(|n| !n.is_whitespace())
                || (abbreviation(text.get(..i).unwrap_or("")) && !opens_sentence(rest)))
        {
            return None;
        }
        Some(i + c.len_utf8())
    });
    let mut start = 0;
    std::iter::from_fn(move || loop {
        let end = ends.next();
        let (s, e) = (start, end.unwrap_or(text.len()));
        if s >= text.len() {
            return None;
        }
        start = e;
        if text.get(s..e).is_some_and(|t| !t.trim().is_empty()) {
            return Some((s, e));
        }
        end?;
    })
}

/// True when a text ends with an initial or a title that a full stop
/// abbreviates ("H", "Dr", "St", "Jr", "vs").
fn abbreviation(head: &str) -> bool {
    let word = head
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    let initial = word.chars().count() == 1 && word.chars().all(char::is_uppercase);
    initial
        || [
            "Mr", "Mrs", "Ms", "Dr", "St", "Jr", "Sr", "Prof", "Gen", "Lt", "Col", "vs", "No",
            "Co", "Inc", "Ltd", "Mt", "Ft",
        ]
        .contains(&word)
}

/// True when `rest` starts with a word that opens a sentence, never a
/// name an initial or a title abbreviates ("… the 92nd Street Y. She
/// served …", "… Jr. He was …").
fn opens_sentence(rest: &str) -> bool {
    const OPENERS: &[&str] = &[
        "He", "She", "It", "They", "We", "His", "Her", "Its", "Their", "The", "This", "These",
        "Those", "There", "In", "On", "At", "After", "During", "However",
    ];
    let word = rest
        .trim_start()
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    OPENERS.contains(&word)
}

/// Clauses of a sentence: split at , ; : — ( ) and before "but". A call
/// written in the text (`alert(1)`, `os.path.join(a, b)`: "(" right after a
/// word) is code, not an aside: nothing inside it up to its ")" splits.
pub fn clauses(text: &str, (s, e): (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = s;
    let slice = text.get(s..e).unwrap_or("");
    let mut call = 0usize;
    let mut prev: Option<char> = None;
    let mut next = 0;
    while let Some(c) = char_at(slice, next) {
        let i = next;
        next += c.len_utf8();
        let at = s + i;
        let after_word = prev.is_some_and(|p| p.is_ascii_alphanumeric() || p == '_');
        prev = Some(c);
        if c == '(' && (call > 0 || after_word) {
            call += 1;
            continue;
        }
        if call > 0 {
            call -= usize::from(c == ')');
            continue;
        }
        let boundary = matches!(
            c,
            ',' | ';' | ':' | '—' | '(' | ')' | '，' | '；' | '：' | '、' | '（' | '）'
        ) || (c == ' ' && slice.get(i..).is_some_and(|r| r.starts_with(" but ")));
        if boundary && at > start {
            out.push((start, at));
            start = at + c.len_utf8();
        }
    }
    if e > start {
        out.push((start, e));
    }
    if out.is_empty() {
        out.push((s, e));
    }
    out
}

/// The character at byte `i` of `text` (a character boundary), ASCII read
/// in place: the loops over every character of a candidate's text walk it
/// this way because core's `char_indices` is a call per character in the
/// size-optimised wasm build.
#[inline(always)]
fn char_at(text: &str, i: usize) -> Option<char> {
    let b = *text.as_bytes().get(i)?;
    if b < 0x80 {
        Some(char::from(b))
    } else {
        text.get(i..)?.chars().next()
    }
}

/// Byte offsets of the negation and restriction cues of a text ("not",
/// "n't", "never", "intolerance", 不, 没 …), in order: one cheap pass.
/// Without `nouns`, only the cues that negate the words after them: not a
/// restriction's name ([`lexicon::is_restriction_noun`]).
fn negation_cues(text: &str, nouns: bool) -> Vec<usize> {
    let mut out = Vec::new();
    let mut word_start: Option<usize> = None;
    let mut lower = String::new();
    let mut flush = |start: usize, end: usize, out: &mut Vec<usize>| {
        let raw = text.get(start..end).unwrap_or("");
        // Every cue has two letters or more and starts with one of these
        // letters or ends in n't / -free.
        let first = raw.chars().next().map(|c| c.to_ascii_lowercase());
        let may = (raw.len() > 1 && first.is_some_and(|c| "nwcaibfpr".contains(c)))
            || raw.ends_with("n't")
            || raw.ends_with("-free");
        if !may {
            return;
        }
        lower.clear();
        lower.push_str(raw);
        lower.make_ascii_lowercase();
        let restriction =
            lexicon::is_restriction(&lower) && (nouns || !lexicon::is_restriction_noun(&lower));
        if lexicon::is_negation(&lower) || restriction {
            out.push(start);
        }
    };
    let mut next = 0;
    while let Some(c) = char_at(text, next) {
        let i = next;
        next += c.len_utf8();
        if c.is_ascii_alphanumeric() || c == '\'' || c == '-' {
            word_start.get_or_insert(i);
            continue;
        }
        if let Some(s) = word_start.take() {
            flush(s, i, &mut out);
        }
        if "不没无未非别勿禁忌".contains(c) {
            out.push(i);
        }
    }
    if let Some(s) = word_start {
        flush(s, text.len(), &mut out);
    }
    out
}

/// What every reading of a passage needs of its text besides the words:
/// its sentences, split into clauses, and its negation cues.
struct Layout {
    /// Each sentence with its clauses ([`sentences`], [`clauses`]).
    sentences: Vec<(Range, Vec<Range>)>,
    /// [`negation_cues`] that negate the words after them.
    cues: Vec<usize>,
}

thread_local! {
    static LAYOUTS: analyze::Memo<Rc<Layout>> = const { RefCell::new(Vec::new()) };
}

/// The [`Layout`] of a passage, kept in a memo as its words are
/// ([`analyze::passage_terms_where`]): a question reads the same passages
/// again and again.
fn layout(text: &str) -> Rc<Layout> {
    analyze::memoized_upto(&LAYOUTS, text, analyze::MEMO_PASSAGES, || {
        Rc::new(Layout {
            sentences: sentences(text).map(|s| (s, clauses(text, s))).collect(),
            cues: negation_cues(text, false),
        })
    })
}

/// How a Chinese prohibition opens its sentence ("请勿粘贴……", "不要重启……");
/// not 别 alone, which is also "other" (别的服务).
const PROHIBITIONS_ZH: &[&str] = &[
    "请勿",
    "切勿",
    "请不要",
    "不要",
    "千万不要",
    "千万别",
    "请别",
    "不得",
    "禁止",
    "严禁",
];

/// True when the negation cue at `cue` opens its sentence as a prohibition
/// ("Never paste raw HTML …", "Do not restart …", "Don't …", "请勿粘贴……"):
/// the sentence still speaks of the act it forbids.
fn prohibition(text: &str, sentence: usize, cue: usize) -> bool {
    let opening = text.get(sentence..).unwrap_or("").trim_start();
    let start = text.len() - opening.len();
    if PROHIBITIONS_ZH
        .iter()
        .any(|p| opening.starts_with(p) && cue >= start && cue < start + p.len())
    {
        return true;
    }
    let before = text.get(sentence..cue).unwrap_or("").trim().lower();
    let word: String = text
        .get(cue..)
        .unwrap_or("")
        .chars()
        .take_while(|c| c.is_alphabetic() || matches!(c, '\'' | '’'))
        .collect::<String>()
        .lower();
    match before.as_str() {
        "" | "please" => matches!(word.as_str(), "never" | "don't" | "don’t"),
        "do" | "please do" => word == "not",
        _ => false,
    }
}

/// True when the question asks whether the act may be done, what follows
/// from it, or how what it touches is treated ("can I put HTML in the
/// title?", "what happens if I paste raw HTML …?", "how is raw HTML in the
/// title shown?"): a prohibition of the act answers it. (Not a question
/// after a thing: "which service should I restart?" is not answered by
/// "Never restart payments-api".)
fn asks_about_the_act(frame: &Frame) -> bool {
    use crate::decompose::frame::{asks_how_treated, asks_what_to_do};
    frame.answer == Answer::YesNo
        || asks_what_to_do(&frame.question)
        || asks_how_treated(&frame.question)
}

/// True when a negation or restriction covers part of the range.
pub fn negated(text: &str, (s, e): (usize, usize)) -> bool {
    !negation_cues(text.get(s..e).unwrap_or(""), true).is_empty()
}

const NUMBER_WORDS: &[&str] = &[
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "thousand",
    "million",
    "billion",
    "dozen",
    "once",
    "twice",
    "half",
];

fn has_year(text: &str) -> bool {
    crate::compute::first_year(text).is_some()
}

fn has_number(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_ascii_digit() || "一二三四五六七八九十百千万亿两".contains(c))
        || analyze::words(text)
            .iter()
            .any(|w| NUMBER_WORDS.contains(&w.term.as_str()))
}

/// An instruction: a sentence that starts with a verb ("Run …", "To install
/// the CLI, run …", "Rollback rule for gateway-west in staging: delete the
/// namespace …"), or names a command in `code`.
fn instructs(text: &str) -> bool {
    let t = text.trim_start();
    if t.contains('`')
        || [
            "点击", "运行", "执行", "使用", "打开", "选择", "输入", "安装",
        ]
        .iter()
        .any(|w| t.contains(w))
    {
        return true;
    }
    let ws = analyze::words(t);
    let to = ws.first().is_some_and(|w| w.term == "to");
    // "To install the CLI, run the install script": the verb after the
    // comma; a heading before a colon, the verb after it.
    let after = |marks: &[char]| {
        t.find(marks)
            .is_some_and(|i| leads_with_verb(&analyze::words(t.get(i + 1..).unwrap_or(""))))
    };
    leads_with_verb(&ws) || (to && after(&[',', ':'])) || after(&[':']) || addresses_reader(&ws)
}

/// True when a sentence opens with a pronoun that speaks of what the
/// sentence before it does ("It prints …", "This restarts …", "它不会…").
fn opens_with_pronoun(sentence: &str) -> bool {
    let first = sentence.split_whitespace().next().unwrap_or("");
    matches!(first, "It" | "This" | "That" | "These") || sentence.starts_with('它')
}

/// True when `sentence` refers back with a demonstrative to one of the
/// question's words (`asked`, stemmed) that the sentence `before` writes:
/// "Open *that port* …" after "… on port 7420."; in Chinese, to the noun
/// `question` asks for ("开放*该端口*" after "通过 7420 端口……" for "哪个端口").
fn refers_back(sentence: &str, before: &str, asked: &[&str], question: &str) -> bool {
    if asked.is_empty() {
        return false;
    }
    if refers_back_zh(sentence, before, question) {
        return true;
    }
    let demonstrative = |w: &str| {
        ["that", "this", "these", "those"]
            .iter()
            .any(|d| w.eq_ignore_ascii_case(d))
    };
    let mut words = sentence.split_whitespace();
    let mut previous = words.next();
    words.any(|w| {
        let after_demonstrative = previous.replace(w).is_some_and(demonstrative);
        after_demonstrative && {
            let noun = analyze::stem(w.trim_matches(|c: char| !c.is_alphanumeric()));
            asked.contains(&noun.as_str()) && analyze::terms(before).iter().any(|t| t.term == noun)
        }
    })
}

/// Chinese words that ask which thing, before its noun ("哪个端口").
const WHICH_ZH: &[&str] = &["哪个", "哪些", "哪一", "哪", "什么"];

/// [`refers_back`] in Chinese: a demonstrative (该, 此, 这, 那, with 个 or
/// 些 after it) right before the character pair the question asks for
/// after a which-word, which the sentence before writes ("该端口",
/// "这个端口"). Not any pair the question shares: "该银行荣获……" states
/// what "获得了什么奖项" asks on its own.
fn refers_back_zh(sentence: &str, before: &str, question: &str) -> bool {
    let asked = |noun: &str| {
        WHICH_ZH
            .iter()
            .any(|w| question.contains(&format!("{w}{noun}")))
    };
    sentence.char_indices().any(|(i, c)| {
        if !"该此这那".contains(c) {
            return false;
        }
        let rest = sentence.get(i + c.len_utf8()..).unwrap_or("");
        let rest = rest.strip_prefix(['个', '些']).unwrap_or(rest);
        let noun: String = rest.chars().take(2).collect();
        noun.chars().count() == 2
            && noun.chars().all(analyze::is_cjk)
            && asked(&noun)
            && before.contains(&noun)
    })
}

/// True when a sentence's words tell the reader what to do with a modal:
/// "you can install the CLI with Homebrew", "you need to restart the agent".
fn addresses_reader(ws: &[analyze::Token]) -> bool {
    ws.windows(3).any(|w| {
        let modal = matches!(
            w[1].term.as_str(),
            "can" | "should" | "must" | "need" | "may"
        );
        let verb = if w[1].term == "need" {
            w[2].term == "to"
        } else {
            lexicon::is_verb(&w[2].term)
        };
        w[0].term == "you" && modal && verb
    })
}

/// True when words start with a verb in the imperative: not "be"/"have",
/// nor a verb that is the sentence's noun subject ("Deploy of gateway-west
/// failed …", "Restart was slow").
fn leads_with_verb(ws: &[analyze::Token]) -> bool {
    let first = ws.first().map_or("", |w| w.term.as_str());
    let second = ws.get(1).map_or("", |w| w.term.as_str());
    let noun = matches!(second, "of" | "is" | "was" | "were" | "are" | "has" | "had");
    lexicon::is_verb(first) && first != "be" && first != "have" && !noun
}

/// The activity the words after "go" name: a word in -ing ("go
/// running"), or the noun after "for"/"on" and a determiner or possessive
/// ("go for a run", "go on her runs", "go for Priya's walk").
fn activity<'q>(mut words: impl Iterator<Item = &'q str>) -> Option<&'q str> {
    let bare = |w: &'q str| w.trim_end_matches(|c: char| !c.is_alphanumeric());
    let first = words.next()?;
    if bare(first).ends_with("ing") {
        return Some(first);
    }
    if !matches!(bare(first).lower().as_str(), "for" | "on") {
        return None;
    }
    let determiner = words.next()?;
    let owner = determiner.ends_with("'s") || determiner.ends_with("’s");
    let known = matches!(
        bare(determiner).lower().as_str(),
        "a" | "an" | "the" | "my" | "her" | "his" | "their" | "your" | "our" | "its"
    );
    (known || owner).then(|| words.next()).flatten()
}

/// Prepositions a place follows ("born in Szeged", "works at the bakery",
/// "written to `/var/log`").
const LOCATIVES: &[&str] = &[
    "in", "at", "from", "near", "to", "into", "inside", "under", "within", "outside", "along",
    "beside", "across", "around", "through",
];

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

/// Prepositions that say where only when the question asks with them ("lies
/// *on* what river?" is answered "on the river Wend"; elsewhere "on the
/// album" says no place).
const ASKED_LOCATIVES: &[&str] = &["on", "along", "across", "over", "beside", "off", "upon"];

/// The preposition an English question asks a place with, when it is one of
/// [`ASKED_LOCATIVES`] ("Aldermoor lies *on* what river?").
fn asked_locative(question: &str) -> Option<&'static str> {
    let at = crate::decompose::frame::asking_word(question)?;
    let prev = question.get(..at)?.split_whitespace().last()?.lower();
    ASKED_LOCATIVES.iter().copied().find(|p| *p == prev)
}

/// A place: a locative preposition (or the one the question asks with)
/// followed by a name, an article or a path (not a year or a month:
/// "released in May 1998" says when). Text in a script without capitals
/// always may.
fn names_place(text: &str, asked: Option<&str>) -> bool {
    if text.chars().any(analyze::is_cjk) {
        return true;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).any(|pair| {
        let [prep, next] = pair else { return false };
        let prep = prep.trim_matches(|c: char| !c.is_alphanumeric());
        let prep = prep.lower();
        if !LOCATIVES.contains(&prep.as_str()) && asked != Some(prep.as_str()) {
            return false;
        }
        let bare = next.trim_start_matches(['(', '"', '\'', '“']);
        let lower = bare
            .trim_end_matches(|c: char| !c.is_alphanumeric())
            .lower();
        let name = bare.chars().next().is_some_and(char::is_uppercase)
            && !lexicon::is_calendar_word(&lower);
        name || matches!(lower.as_str(), "the" | "a" | "an") || bare.starts_with(['`', '/', '~'])
    })
}

/// The terms of the words of `text[s..e]` that start with a capital letter
/// (a term of a hyphenated word counts with its word).
fn capitalised_terms(text: &str, (s, e): (usize, usize)) -> Vec<String> {
    text.get(s..e)
        .unwrap_or("")
        .split_whitespace()
        .filter(|w| {
            w.chars()
                .find(|c| c.is_alphanumeric())
                .is_some_and(char::is_uppercase)
        })
        .flat_map(|w| analyze::terms(w).into_iter().map(|t| t.term))
        .filter(|t| !t.contains(['-', '_', '.']))
        .collect()
}

/// True when a clause states a value of the expected kind; a place may also
/// follow `locative`, the preposition the question asks with ("lies *on*
/// what river?").
pub fn states(answer: Answer, text: &str, locative: Option<&str>) -> bool {
    match answer {
        Answer::Duration => !duration::durations(text).is_empty(),
        Answer::Year => has_year(text),
        // "within 5 working days after approval" says when, too.
        Answer::Date => {
            has_year(text)
                || super::stated::has_clock(text)
                || !duration::durations(text).is_empty()
                || analyze::words(text)
                    .iter()
                    .any(|w| lexicon::is_calendar_word(&w.term))
                // 1998年3月, 东汉末年, 隋代, 十九世纪, 战国时期
                || ["年", "月", "世纪", "时期", "朝", "代", "初", "末"]
                    .iter()
                    .any(|w| text.contains(w))
        }
        Answer::Number => has_number(text),
        // 怎么/怎样 asks how something came about as often as how to do it.
        Answer::Procedure if text.chars().any(analyze::is_cjk) => true,
        Answer::Procedure => instructs(text),
        Answer::Place => names_place(text, locative),
        // A person is read against the whole passage ([`names_person`]).
        Answer::Person | Answer::YesNo | Answer::Reason | Answer::Open => true,
    }
}

/// True when an English clause names someone: a name (a capitalised word
/// that is no function word, past the clause's first or first before a
/// verb or another name; an acronym that is no technical term), or a noun for a person, a group or a role
/// ("the platform lead", "the finance team"). A capitalised word the
/// passage (`whole`) also writes in lower case names a thing ("Skiff waits
/// …" beside "run skiff deploy"). Chinese text is not read.
fn names_person(text: &str, whole: &str) -> bool {
    if text.chars().any(analyze::is_cjk) {
        return true;
    }
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let capitalised = |w: &str| {
        let lower = w.lower();
        w.chars().next().is_some_and(char::is_uppercase)
            && analyze::word_at(whole, &lower).is_none()
            && !lexicon::is_calendar_word(&lower)
            && !analyze::is_stop_word(&lower)
            && !lexicon::is_function_stem(&analyze::stem(&lower))
            && (w.chars().any(char::is_lowercase)
                || !lexicon::TECHNICAL_ACRONYMS.contains(&lower.as_str()))
    };
    // A sentence's first word is a name before another name or a verb
    // ("Eva Holm (born 1961) is …", "Sam still works …"), not before a noun
    // ("Rollback rule for …").
    let subject = |next: &str| {
        let lower = next.lower();
        capitalised(next)
            || lexicon::is_verb(&lower)
            || matches!(
                lower.as_str(),
                "is" | "was" | "has" | "had" | "does" | "did"
            )
    };
    let second = words
        .iter()
        .skip(1)
        .find(|n| !lexicon::is_function_stem(&analyze::stem(&n.lower())));
    let named = words
        .iter()
        .enumerate()
        .any(|(i, w)| capitalised(w) && (i > 0 || second.is_some_and(|n| subject(n))));
    named
        || words.iter().any(|w| {
            let lower = w.lower();
            let singular = lower.strip_suffix('s').unwrap_or(&lower);
            [lower.as_str(), singular]
                .iter()
                .any(|w| lexicon::ROLES.contains(w) || super::kind::names_someone(w))
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

/// A key of a word's first two chars: a passage's word is stemmed only when
/// its key is a question word's (compared as chars: this runs on every word
/// of every passage a step reads).
type Key = (Option<char>, Option<char>);

fn key(s: &str) -> Key {
    let mut c = s.chars();
    (c.next(), c.next())
}

/// The question words found in one text.
#[derive(Debug, PartialEq)]
struct Scan {
    /// One flag per question word: the text has it.
    in_text: Vec<bool>,
    /// One flag per question word: the text writes it as a name.
    as_name: Vec<bool>,
    /// (question word, byte offset) in text order.
    hits: Vec<(usize, usize)>,
    /// One flag per question word: a part of a hyphenated word the text
    /// writes apart, after its first ("born" of "Szeged-born" in "born in
    /// Szeged"), which a name need not write capitalised.
    apart: Vec<bool>,
    /// One flag per question word: the text writes it joined with its
    /// particle, or apart from it ([`Particles`]); such a word counts as
    /// in the text, with no place among `hits`.
    compound: Vec<bool>,
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
    subject: Option<(usize, usize)>,
    /// For a place asked of such a subject's event, the verb's stem the
    /// answering sentence writes ("study"); none for a verb of where a thing
    /// is ([`LOCATING`]).
    place_verb: Option<String>,
    /// The verb a "who" question asks the doer of ([`super::kind::doer_verb`]):
    /// a sentence names that person only where it writes the verb or its
    /// agent noun ("Drummer Ruth Mackay" answers who drummed, not who sang).
    doer: Option<String>,
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
    about_the_act: bool,
    /// Which of `words` a yes/no question's subject holds ("Does *a
    /// deploy* rebuild anything?", [`Frame::polar`]), soft words aside.
    polar_subject: Vec<usize>,
    /// Which of `words` its predicate holds ("Does Priya *eat* meat?"): a
    /// clause that negates it answers no.
    polar_predicate: Vec<usize>,
    /// Which of `words` is the verb a yes/no question asks about
    /// ([`polar::asked_verb`]): a page that never writes it does not answer.
    asked_verb: Option<usize>,
    /// Which of `words` is the verb of the condition a yes/no question
    /// sets (`Polar::condition`): a page that never writes it states the
    /// predicate of another occasion.
    condition_verb: Option<usize>,
    /// The question's names that are mentions of declared catalog
    /// entities, with each entity's ID ([`Reader::tagged`]).
    tagged: Vec<((usize, usize), String)>,
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
            other_event: super::life::names_other_event(&frame.question),
            hyphenated: hyphen::hyphenated(
                frame,
                &words.iter().map(|w| w.stem.as_str()).collect::<Vec<_>>(),
            ),
            particles: Particles::of(frame, words),
            subject: None,
            place_verb: None,
            doer: super::kind::doer_verb(frame),
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
            .then(|| super::kind::asked_noun(&self.frame.question))
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

    /// True when a clause states a value of the expected kind
    /// ([`states`]) that can answer the question: not the date of another
    /// event ([`Reader::cannot_date`]), nor only a life span's when the
    /// question asks of another event.
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
    fn matched(&self, text: &str) -> Vec<usize> {
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
    fn marks(&self, found: &[usize]) -> Vec<bool> {
        (0..self.words.len()).map(|i| found.contains(&i)).collect()
    }

    /// The question words a text has: where (in text order), and which of
    /// them it has at all and written as a name.
    fn scan(&self, text: &str) -> Scan {
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

    #[test]
    fn a_person_is_a_name_or_a_role_not_a_product_or_an_acronym() {
        let alone = |t: &str| names_person(t, t);
        for says in [
            "Priya does not eat meat.",
            "Sam still works nights at the harbour bakery.",
            "Eva Holm (born 1961) is a critic.",
            "It was produced by Anna Brodie.",
            "Page the platform lead when a rollback fails twice.",
            "Approval is given by your manager.",
            "境外报销由部门负责人审核。",
        ] {
            assert!(alone(says), "{says}");
        }
        for not in [
            "The health check is an HTTP GET /up that must answer 200 within 30 seconds.",
            "The binary is not on your PATH.",
            "To install the CLI, run the install script.",
            "Rollback rule for gateway-west: restart every pod.",
            "It ships apps with one command.",
            "Runs are held on Sundays in March.",
        ] {
            assert!(!alone(not), "{not}");
        }
        // A capitalised word the passage also writes in lower case names a
        // thing: the product, not its maker.
        let whole = "Skiff waits for each server. Run skiff deploy.";
        assert!(!names_person("Skiff waits for each server.", whole));
        assert!(names_person(
            "Skiff waits for each server.",
            "Skiff waits for each server."
        ));
    }

    #[test]
    fn char_at_walks_a_text_as_char_indices_does() {
        for text in [
            "",
            "Priya eats fish.",
            "境内报销单经审批后5个工作日内付款，（见附件）",
            "naïve café — 1–2 days",
            "a\u{10348}b\u{7f}\u{80}",
        ] {
            let mut walked = Vec::new();
            let mut i = 0;
            while let Some(c) = char_at(text, i) {
                walked.push((i, c));
                i += c.len_utf8();
            }
            assert_eq!(walked, text.char_indices().collect::<Vec<_>>(), "{text}");
        }
    }

    #[test]
    fn a_word_said_of_a_named_person_or_a_pronoun_is_theirs() {
        let said = |q: &str, word: &str| {
            let f = frame(q, Strictness::Question);
            let at = f
                .terms
                .iter()
                .position(|t| q.get(t.start..t.end) == Some(word))
                .unwrap_or_else(|| panic!("{word} is no term of {q}"));
            said_of_someone(&f, at)
        };
        assert!(said("Is Priya allergic to anything?", "allergic"));
        assert!(said("What is Priya allergic to?", "allergic"));
        assert!(said("Priya is allergic to what", "allergic"));
        assert!(said("Does Priya have any allergies?", "allergies"));
        assert!(said("is she allergic to anything", "allergic"));
        // A thing's, not someone's; another word between; another clause.
        assert!(!said("Is the widget allergic to anything?", "allergic"));
        assert!(!said("Does Priya keep spare allergies?", "allergies"));
        assert!(!said("Priya eats fish, allergic or not?", "allergic"));
    }

    #[test]
    fn an_unknown_verb_is_one_a_verification_cannot_check() {
        let known = ["lantern", "keeper", "direct", "supernatur", "drama"];
        let idf = |t: &str| known.contains(&t).then_some(1.0);
        let unknown = |q: &str| {
            let f = frame(q, Strictness::Question);
            unknown_verbs(&f, &weigh(&f, &idf, 5.0))
        };
        let verb = |stem: &str, participle: bool| vec![(stem.to_string(), participle)];
        assert_eq!(
            unknown("Who photographed The Lantern Keeper?"),
            verb("photograph", false)
        );
        assert!(unknown("Who directed The Lantern Keeper?").is_empty());
        // The predicate a frame makes soft is a verb all the same.
        assert_eq!(
            unknown("Which is deleted first, the Lantern or the Keeper?"),
            verb("delet", true)
        );
        assert_eq!(
            unknown("Which drama does the Keeper use?"),
            verb("use", false)
        );
        assert_eq!(
            unknown("Which drama was photographed first?"),
            verb("photograph", true)
        );
        // A participle that names, after a noun, is no predicate.
        assert_eq!(
            unknown("Which drama had a keeper called Lantern?"),
            verb("call", false)
        );
        // A misspelt noun is unknown, not a verb.
        assert!(unknown("Which supernatrual drama had The Lantern Keeper?").is_empty());
    }

    fn reading(q: &str, strict: Strictness, title: &str, text: &str) -> Reading {
        let f = frame(q, strict);
        let words = weigh(&f, &|_| Some(1.0), 5.0);
        read(&passage(title, text), &f, &words)
    }

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
    fn a_call_written_in_the_text_is_no_clause_boundary() {
        let text = "Never paste HTML such as <img onerror=alert(1)> into the title, or os.path.join(a, b) (see below).";
        let got: Vec<&str> = clauses(text, (0, text.len()))
            .into_iter()
            .map(|(s, e)| &text[s..e])
            .collect();
        assert_eq!(
            got,
            [
                "Never paste HTML such as <img onerror=alert(1)> into the title",
                " or os.path.join(a, b) ",
                "see below",
                ".",
            ]
        );
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

    #[test]
    fn kinds_of_values() {
        assert!(states(Answer::Duration, "within 30 seconds", None));
        assert!(!states(Answer::Duration, "the second retry", None));
        assert!(states(Answer::Year, "born September 6, 1961", None));
        assert!(states(Answer::Number, "keeps the last five releases", None));
        assert!(states(Answer::Place, "He was born in Szeged.", None));
        assert!(states(
            Answer::Place,
            "Sam still works nights at the harbour bakery.",
            None
        ));
        assert!(states(
            Answer::Place,
            "Logs are written to `/var/log/skiff`.",
            None
        ));
        assert!(!states(
            Answer::Place,
            "Elena Sorensen (born 21 August 1962) is a Danish film director.",
            None
        ));
        assert!(!states(
            Answer::Place,
            "It was released in May 1998, and reissued in 2004.",
            None
        ));
        // "on" says where only when the question asks with it.
        assert!(!states(
            Answer::Place,
            "It came out on the Northgate label.",
            None
        ));
        assert!(states(
            Answer::Place,
            "Aldermoor is a market town on the river Wend.",
            Some("on")
        ));
        fn of(q: &str) -> Option<&str> {
            activity(q.split_whitespace())
        }
        assert_eq!(of("running along the river?"), Some("running"));
        assert_eq!(of("for a run?"), Some("run?"));
        assert_eq!(of("on her runs"), Some("runs"));
        assert_eq!(of("for Priya's walk"), Some("walk"));
        // "go to work", "go for lunch": no activity named this way.
        assert_eq!(of("to work"), None);
        assert_eq!(of("for lunch"), None);
        assert_eq!(asked_locative("Aldermoor lies on what river?"), Some("on"));
        assert_eq!(asked_locative("Which river does Aldermoor lie on?"), None);
        assert_eq!(asked_locative("In what town was it recorded?"), None);
        assert!(states(
            Answer::Procedure,
            "To install the CLI, run the install script.",
            None
        ));
        assert!(states(Answer::Procedure, "Run `skiff version`.", None));
        // A verb after a heading's colon, and a modal said to the reader,
        // instruct; a verb that is the sentence's noun subject, a question
        // to the reader, and a noun after a colon do not.
        for says in [
            "Deploy the app from main.",
            "Rollback rule for gateway-west in staging: delete the namespace and redeploy.",
            "On macOS you can install the CLI with Homebrew instead: brew install skiff.",
            "If it hangs, you need to restart the agent.",
        ] {
            assert!(states(Answer::Procedure, says, None), "{says}");
        }
        for not in [
            "Incident INC-2291 timeline: Deploy of gateway-west failed at 14:02.",
            "Can you believe the agent was down?",
            "Deploy of gateway-west failed after the second retry.",
            "Restart was slow on the first night.",
        ] {
            assert!(!states(Answer::Procedure, not, None), "{not}");
        }
        assert!(!states(
            Answer::Procedure,
            "The skiff CLI is a single static binary.",
            None
        ));
        assert!(!states(
            Answer::Procedure,
            "A rollback switches servers back to a release.",
            None
        ));
    }

    #[test]
    fn sentences_respect_decimals() {
        let split = |t: &'static str| -> Vec<&'static str> {
            sentences(t).map(|(a, b)| t[a..b].trim()).collect()
        };
        assert_eq!(
            split("H. G. Wells was a writer. Dr. Smith met him. Python 3.13 is out. It is fast! 审批后付款。"),
            vec![
                "H. G. Wells was a writer.",
                "Dr. Smith met him.",
                "Python 3.13 is out.",
                "It is fast!",
                "审批后付款。"
            ]
        );
        // An initial or a title before a word that opens a sentence ends one.
        assert_eq!(
            split("She taught at the 92nd Street Y. She served as Director. Tom Jones Jr. He sang. Written by J. R. R. Tolkien."),
            vec![
                "She taught at the 92nd Street Y.",
                "She served as Director.",
                "Tom Jones Jr.",
                "He sang.",
                "Written by J. R. R. Tolkien."
            ]
        );
        // Blank pieces are no sentences; text after the last end is one.
        let ranges = |t: &str| sentences(t).collect::<Vec<_>>();
        assert_eq!(ranges(""), vec![]);
        assert_eq!(ranges(" \n \n"), vec![]);
        assert_eq!(ranges("One.\n\nTwo"), vec![(0, 4), (6, 9)]);
        assert_eq!(ranges("One. "), vec![(0, 4)]);
    }
}
