//! Stage 3 — decompose: what a later part's pronoun refers to, and what a
//! later part leaves out.
//!
//! A later part may also ask the part before's question of another owner
//! or time and leave out what it asks about ("…, and what was last
//! year's?", "…，同时去年是多久"): [`ellipsis`] reads it whole from the part
//! before, in English and Chinese, and only then.
//!
//! A compound question splits into parts, and a later part may name nothing
//! of its own: "When was Harbour Lights released, and who produced *it*?",
//! "Who directed Salt Roads, and when was *she* born?". Asked alone, such a
//! part finds whatever page matches "produced" or "born". [`pronoun`] finds
//! the pronoun; [`referent`] says what it stands for, from the part before:
//! the one thing that part names, or — when it asks for a person (for
//! "he"/"she") or for a thing of a kind ("which album …", for "it") — its
//! answer, which the later part then waits for; when it names nothing, the
//! noun phrase it asks about ("What does *the health check* request, and
//! how long does the server have to answer *it*?").
//!
//! "Do electronics carry a restocking fee, and how long do I have to return
//! *them*?": "them" is the first plural noun of the part before. Singular
//! "they"/"their" and "that person" are read as "he"/"she" are ("Who
//! directed Salt Roads, and where did *they* study?"), and "the same"/"that
//! same" before a noun, or "that"/"this" before a kind noun, stands for the
//! thing or person the part before asks for ("Which company published
//! Lantern Run, and what game did *the same company* publish?", "…, and
//! when was *that band* formed?"), else the one thing it names. Before a
//! catalog type ("that service") it stands for the latest step that found
//! a thing of that type, also across a part that asks something else (the
//! decomposer looks that up: it knows each step's output).
//!
//! Guarantees: English only; only a part whose frame names nothing; only
//! "he", "him", "his", "she", "her", "they", "their", "its", "them", "that
//! person", "the same …", "that"/"this" + a kind noun or a catalog type
//! ("that service"), and "it" as an object at the end or before a
//! participle ("was it released") or as the subject after do-support ("does
//! it rebuild …?", the thing asked about, never the answer), never a dummy
//! "it" ("is it possible", "does it take"); `None` whenever the part before
//! names no single thing, asks for nothing the pronoun fits and (for
//! "it"/"its") has no subject opened by "the" or "a" after its question
//! word and auxiliary.

use super::frame::{self, Answer};
use super::patterns;
use crate::analyze::{self, lexicon};

/// A pronoun in a part: its byte range, and whether it stands before a noun
/// it possesses ("his band", "her first feature", "its producer").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pronoun {
    pub start: usize,
    pub end: usize,
    pub possessive: bool,
    /// "he"/"she" forms: a person.
    pub personal: bool,
    /// "them", or "ones" after a word of its own: things in the plural.
    pub plural: bool,
    /// "ones" after a word of its own ("opened *ones*"): the part gives the
    /// qualifier, so it stands for the plural noun alone.
    pub ones: bool,
    /// "it" as the subject after do-support ("does *it* rebuild
    /// anything?"): the thing the part before asks about, never its answer
    /// (which may be a passage: "what endpoint does the health check hit,
    /// and within how many seconds must it respond").
    pub subject: bool,
    /// "the same"/"that same" and a noun, or "that"/"this" and a kind
    /// noun: the thing the part before found ("what game did *the same
    /// company* publish?", "when was *that band* formed?"), or the one it
    /// names.
    pub same: bool,
}

/// What a pronoun stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Referent {
    /// The one thing the part before names.
    Name(String),
    /// The part before's answer; `person` when that part asks for a
    /// person ("Who directed …?"), whom its passage names.
    Answer { person: bool },
}

/// The first pronoun of an English part that names nothing of its own.
/// `types` are the catalog's entity types ("service"), nouns "that"/"this"
/// point back with as with a kind noun ("that service's rollback rule").
pub fn pronoun(part: &str, types: &[String]) -> Option<Pronoun> {
    if part.chars().any(analyze::is_cjk)
        || !frame::frame(part, frame::Strictness::Question)
            .names
            .is_empty()
    {
        return None;
    }
    let words = analyze::words(part);
    words.iter().enumerate().find_map(|(i, w)| {
        if let Some(p) = pointing(part, &words, i, types) {
            return Some(p);
        }
        let next = words.get(i + 1).map(|n| n.term.as_str());
        let prev = i
            .checked_sub(1)
            .and_then(|p| words.get(p))
            .map(|p| p.term.as_str());
        let noun_next = next.is_some_and(|n| !analyze::is_stop_word(n));
        let ones = w.term == "ones" && prev.is_some_and(|p| !analyze::is_stop_word(p));
        let plural = w.term == "them" || ones;
        let mut subject = false;
        let (possessive, personal) = match w.term.as_str() {
            // Singular "they" for the one person a part before asks
            // for, or the one thing it names.
            "he" | "him" | "she" | "they" => (false, true),
            "his" | "their" => (true, true),
            "her" => (noun_next, true),
            "its" => (true, false),
            "them" => (false, false),
            _ if ones => (false, false),
            "it" => {
                // The object of a verb ends its clause, or only the verb's
                // particle follows it ("how do I roll *it* back?").
                let after = words.get(i + 2);
                let object_at_end = next.is_none_or(|n| PARTICLES.contains(&n) && after.is_none());
                let before_participle = prev.is_some_and(|p| matches!(p, "was" | "is" | "were"))
                    && next.is_some_and(lexicon::is_participle);
                // The subject of a verb after do-support ("does *it*
                // rebuild anything?"), not a dummy one ("how long does it
                // take?").
                let verb = words
                    .iter()
                    .skip(i + 1)
                    .map(|w| w.term.as_str())
                    .find(|w| !w.ends_with("ly") && !ADVERBS.contains(w));
                subject = prev.is_some_and(|p| DO.contains(&p))
                    && verb.is_some_and(|v| !analyze::is_stop_word(v) && !DUMMY_VERBS.contains(&v));
                if !(object_at_end || before_participle || subject) {
                    return None;
                }
                (false, false)
            }
            _ => return None,
        };
        Some(Pronoun {
            start: w.start,
            end: w.end,
            possessive,
            personal,
            plural,
            ones,
            subject,
            same: false,
        })
    })
}

/// A phrase that points back at what the part before found, at word `i`:
/// "that person"/"this person" (a person), "the same"/"that same" and a
/// noun, or "that"/"this" and a kind noun or a catalog type ("that band",
/// "this filmmaker", "that service": the thing found, of any kind). "that"
/// before any other word is no reference ("can I buy that online?").
fn pointing(part: &str, words: &[analyze::Token], i: usize, types: &[String]) -> Option<Pronoun> {
    let term = |j: usize| words.get(j).map(|w| w.term.as_str());
    let first = words.get(i)?;
    let kind_noun = |w: &&analyze::Token| {
        let written = part.get(w.start..w.end).unwrap_or("");
        written.starts_with(char::is_lowercase)
            && (crate::execute::kind::class_of(written).is_some()
                || types.iter().any(|t| t == written))
    };
    let (last, personal, same) = match (term(i)?, term(i + 1)?) {
        ("that" | "this", "person") => (words.get(i + 1)?, true, false),
        ("the" | "that", "same") => (
            words
                .get(i + 2)
                .filter(|w| !analyze::is_stop_word(&w.term))?,
            false,
            true,
        ),
        ("that" | "this", _) => (words.get(i + 1).filter(kind_noun)?, false, true),
        _ => return None,
    };
    Some(Pronoun {
        start: first.start,
        end: last.end,
        possessive: false,
        personal,
        plural: false,
        ones: false,
        subject: false,
        same,
    })
}

/// What `p` refers to, read from the part before (`before`).
pub fn referent(p: &Pronoun, before: &str) -> Option<Referent> {
    if p.plural {
        let noun = plural_noun(before)?;
        let noun = match noun.rsplit_once(' ') {
            Some((_, head)) if p.ones => head.to_string(),
            _ => noun,
        };
        return Some(Referent::Name(noun));
    }
    let f = frame::frame(before, frame::Strictness::Question);
    let asks_kind = crate::execute::kind::asked_noun(before).is_some();
    let answer_fits = if p.personal {
        f.answer == Answer::Person
    } else if p.same {
        f.answer == Answer::Person || (f.answer == Answer::Open && asks_kind)
    } else {
        f.answer == Answer::Open && asks_kind
    };
    if answer_fits && !p.subject {
        return Some(Referent::Answer {
            person: f.answer == Answer::Person,
        });
    }
    match f.names.as_slice() {
        [(s, e)] => before
            .get(*s..*e)
            .map(|n| Referent::Name(n.trim().to_string())),
        [] if !p.personal => subject(before).map(Referent::Name),
        _ => None,
    }
}

/// Particles of phrasal verbs, which may follow their object ("roll it
/// *back*", "set it *up*", "turn it *off*").
const PARTICLES: &[&str] = &[
    "back", "up", "down", "off", "on", "out", "over", "in", "away",
];

/// Auxiliaries of a question whose subject comes before its verb ("What
/// *does* the health check request").
const DO: &[&str] = &[
    "do", "does", "did", "can", "could", "should", "will", "would", "must",
];
/// Verbs whose subject "it" is a dummy ("how long does it take?", "does it
/// matter?"), standing for nothing the part before names.
const DUMMY_VERBS: &[&str] = &[
    "take", "cost", "matter", "mean", "seem", "appear", "happen", "make",
];
/// Adverbs written between a subject and its verb ("does it *also*
/// rebuild …"), besides those in -ly.
const ADVERBS: &[&str] = &[
    "also", "still", "ever", "even", "really", "actually", "always", "often", "then",
];
/// Copulas: the subject is the rest of the question ("How long *is* the
/// health check timeout").
const BE: &[&str] = &["is", "are", "was", "were"];

/// The thing a question that names nothing asks about: its subject, a
/// noun phrase with "the" or "a" right after the question word and its
/// auxiliary ("How long does *a rollback* take").
/// After a copula it runs to the end ("How long is *the refund window for
/// electronics*"); after "do" it is the content words up to the verb, the
/// last of them ("What does *the health check* request", "How often does
/// *the agent* check for updates").
fn subject(before: &str) -> Option<String> {
    let words = analyze::words(before);
    let term = |i: usize| words.get(i).map_or("", |w| w.term.as_str());
    let aux = (1..3).find(|&i| DO.contains(&term(i)) || BE.contains(&term(i)))?;
    let det = words
        .get(aux + 1)
        .filter(|w| matches!(w.term.as_str(), "the" | "a" | "an"))?;
    let content = |w: &&analyze::Token| {
        !analyze::is_stop_word(&w.term)
            && before
                .get(w.start..)
                .is_some_and(|r| r.starts_with(char::is_lowercase))
    };
    let run: Vec<&analyze::Token> = words.iter().skip(aux + 2).take_while(content).collect();
    let end = if BE.contains(&term(aux)) {
        before.trim_end().trim_end_matches(['?', '.']).len()
    } else {
        // The verb ends the run: the subject is every word before it.
        let [.., last_noun, _verb] = run.as_slice() else {
            return None;
        };
        last_noun.end
    };
    let phrase = before.get(det.start..end)?.trim();
    phrase.contains(' ').then(|| phrase.to_string())
}

/// What "them" stands for: the first noun in the plural the part before
/// writes, with the word that qualifies it when that is no verb ("Do *gift
/// cards* carry …", "… on opened *electronics*"). Never a verb ("returns"),
/// a name, or a word in -ss ("address").
fn plural_noun(before: &str) -> Option<String> {
    let words = analyze::words(before);
    let plain = |w: &analyze::Token| {
        let written = before.get(w.start..w.end).unwrap_or("");
        !analyze::is_stop_word(&w.term)
            && written.chars().all(|c| c.is_lowercase())
            && !lexicon::is_verb(written)
    };
    let at = words.iter().position(|w| {
        let written = before.get(w.start..w.end).unwrap_or("");
        plain(w) && written.len() > 3 && written.ends_with('s') && !written.ends_with("ss")
    })?;
    let noun = words.get(at)?;
    let start = at
        .checked_sub(1)
        .and_then(|i| words.get(i))
        .filter(|w| plain(w))
        .map_or(noun.start, |w| w.start);
    before.get(start..noun.end).map(str::to_string)
}

/// Words that set the year or month a Chinese part asks about.
const ZH_TIMES: &[&str] = &[
    "今年", "去年", "明年", "前年", "本年", "上年", "本月", "上月", "下月",
];

/// The time a Chinese part opens with: a word of [`ZH_TIMES`] or a year
/// written in digits ("2025年").
fn zh_time(text: &str) -> Option<&str> {
    if let Some(t) = ZH_TIMES.iter().find(|t| text.starts_with(*t)) {
        return Some(t);
    }
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let year = text.get(digits..)?.starts_with('年') && digits == 4;
    year.then(|| text.get(..digits + '年'.len_utf8())).flatten()
}

/// What a Chinese part that names only a time may ask with: the part
/// before's question, whole ("去年…要几个工作日，同时今年呢？").
const ZH_TAILS: &[&str] = &[
    "呢",
    "是多久",
    "多久",
    "是多少",
    "多少",
    "是几天",
    "几天",
    "怎么样",
    "如何",
    "是什么",
];

/// A later part that asks the part before's question of another owner or
/// time and leaves out what it asks about, read whole: "What is this year's
/// claim deadline, and what was *last year's*?" → "what was last year's
/// claim deadline?"; "今年境内报销提交期限是多久，同时*去年*是多久" →
/// "去年境内报销提交期限是多久". `None` when the part names what it asks
/// about, or the part before has no owner or time to swap.
pub fn ellipsis(part: &str, before: &str) -> Option<String> {
    let marks: &[char] = &['?', '？', ' '];
    let (bare, mark) = {
        let t = part.trim_end();
        let b = t.trim_end_matches(marks);
        (b, t.get(b.len()..).unwrap_or(""))
    };
    let previous = before.trim_end().trim_end_matches(marks);
    if part.chars().any(analyze::is_cjk) {
        let own = zh_time(bare)?;
        let rest = bare.get(own.len()..)?;
        // "去年的呢？", "2025年的是多少天": the owner's "的" before a tail.
        let rest = rest
            .strip_prefix('的')
            .filter(|r| ZH_TAILS.contains(r) || previous.ends_with(*r))
            .unwrap_or(rest);
        let theirs = zh_time(previous)?;
        let asked = previous.get(theirs.len()..)?;
        // "同时今年呢？", "今年是多久？": a bare tail asks the whole question.
        let (topic, rest) = match asked.strip_suffix(rest) {
            Some(topic) => (topic, rest),
            None if ZH_TAILS.contains(&rest) => (asked, ""),
            None => return None,
        };
        return (!asked.is_empty() && !topic.is_empty() && own != theirs)
            .then(|| format!("{own}{topic}{rest}{mark}"));
    }
    let words = analyze::words(bare);
    let first = words.first().map(|w| w.term.as_str())?;
    // "…, and in what city?": a question word after a preposition, and its
    // noun, asks the part before's question of a place or time ("When was
    // Callum Reid born, and in what city?" → "in what city was Callum Reid
    // born?").
    let asked_after = words
        .get(1)
        .is_some_and(|w| frame::WH.contains(&w.term.as_str()));
    if asked_after && words.len() <= 4 && crate::decompose::split::WH_PREPOSITIONS.contains(&first)
    {
        let lead = analyze::words(previous);
        let wh = lead
            .first()
            .filter(|w| frame::WH.contains(&w.term.as_str()))?;
        // "How long is X": the question word is two words.
        let wh = if wh.term == "how" { lead.get(1)? } else { wh };
        let rest = previous.get(wh.end..)?.trim();
        return (!rest.is_empty()).then(|| format!("{bare} {rest}{mark}"));
    }
    // "what is the 2026 one?": "one" stands for the part before's noun
    // after its own written year ("What was the 2025 domestic submission
    // deadline" → "what is the 2026 domestic submission deadline?").
    if let Some(read) = one_of_another_year(&words, bare, previous) {
        return Some(format!("{read}{mark}"));
    }
    // "What about 2025?", "how about last year?": the part before's
    // question, whole, of that time.
    if let [wh, about, ..] = words.as_slice() {
        let time = bare.get(about.end..)?.trim().to_ascii_lowercase();
        let written = written_year(&time);
        let of_time = patterns::is_relative_year(&time) || written;
        if matches!(wh.term.as_str(), "what" | "how") && about.term == "about" && of_time {
            let asked = without_years(previous, written);
            let time = if time.starts_with(['1', '2']) {
                format!("in {time}")
            } else {
                time
            };
            return Some(format!("{asked} {time}{mark}"));
        }
    }
    // "What was it last year?": "it" with only a time after it asks the
    // part before's question of that time.
    if let Some(read) = it_at_another_time(&words, bare, previous) {
        return Some(format!("{read}{mark}"));
    }
    // "… last year's?": the owner ends the part, with nothing it owns.
    let owner_last = bare.ends_with("'s") || bare.ends_with("’s");
    if !owner_last || words.len() > 6 || !frame::WH.contains(&first) {
        return None;
    }
    let at = previous.rfind("'s ").or_else(|| previous.rfind("’s "))?;
    let owned = previous.get(at..)?.split_once(' ').map(|(_, o)| o.trim())?;
    (!owned.is_empty()).then(|| format!("{bare} {owned}{mark}"))
}

/// "What was it last year?" after "What is the claim deadline this year?":
/// "What was the claim deadline last year". The part is a question word,
/// a word, "it" and a year relative to today
/// ([`patterns::is_relative_year`]); the part before opens with a question
/// word and another word, and what follows them is what it asks of, without
/// its own relative years ("this year"; a year written as a number stays).
fn it_at_another_time(words: &[analyze::Token], bare: &str, previous: &str) -> Option<String> {
    let [wh, _, it, ..] = words else {
        return None;
    };
    let time = bare.get(it.end..)?.trim().to_ascii_lowercase();
    let written = written_year(&time);
    if !frame::WH.contains(&wh.term.as_str())
        || it.term != "it"
        || !(patterns::is_relative_year(&time) || written)
    {
        return None;
    }
    let lead = analyze::words(previous);
    let [pwh, paux, ..] = lead.as_slice() else {
        return None;
    };
    if !frame::WH.contains(&pwh.term.as_str()) {
        return None;
    }
    let asked = without_years(previous.get(paux.end..)?, written);
    let opening = bare.get(..it.start)?.trim_end();
    (!asked.is_empty()).then(|| format!("{opening} {asked} {time}"))
}

/// True for a year written as a number, alone or after "in"/"for"/"of"
/// ("in 2025", "2025").
/// "… the 2026 one" after a part that writes "the 2025 X": the part with
/// "one" replaced by X, the words after the part before's own year up to
/// the end of its clause. `None` unless both years are written as numbers
/// and differ.
fn one_of_another_year(words: &[analyze::Token], bare: &str, previous: &str) -> Option<String> {
    let year_one = |w: &[analyze::Token]| match w {
        [the, year, one] if the.term == "the" && written_year(&year.term) && one.term == "one" => {
            Some((year.term.clone(), one.start, one.end))
        }
        _ => None,
    };
    let (year, start, end) = words.windows(3).find_map(year_one)?;
    let lead = analyze::words(previous);
    let noun_at = lead.windows(2).find_map(|w| match w {
        [the, theirs] if the.term == "the" && written_year(&theirs.term) && theirs.term != year => {
            Some(theirs.end)
        }
        _ => None,
    })?;
    let noun = previous.get(noun_at..)?.split([',', ';']).next()?.trim();
    let (head, tail) = (bare.get(..start)?, bare.get(end..)?);
    (!noun.is_empty()).then(|| format!("{head}{noun}{tail}"))
}

fn written_year(time: &str) -> bool {
    let year = ["in ", "for ", "of "]
        .iter()
        .find_map(|p| time.strip_prefix(p))
        .unwrap_or(time);
    year.len() == 4 && year.starts_with(['1', '2']) && year.chars().all(|c| c.is_ascii_digit())
}

/// `asked` without its years relative to today ("this year") and, when
/// `written` (another year written as a number replaces it), without the
/// years it writes as numbers ("in 2026", "the 2026 …"), spaces collapsed.
fn without_years(asked: &str, written: bool) -> String {
    let mut asked = asked.trim().to_string();
    while let Some(t) = patterns::relative_year(&asked) {
        let Some(at) = asked.to_ascii_lowercase().find(t) else {
            break;
        };
        asked.replace_range(at..at + t.len(), "");
    }
    let words: Vec<&str> = asked.split_whitespace().collect();
    let year_at = |i: usize| {
        written
            && words
                .get(i)
                .is_some_and(|w| written_year(w.trim_end_matches(['?', ','])))
    };
    let preposition = |w: &str| ["in", "for", "of"].contains(&w.to_ascii_lowercase().as_str());
    let kept: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|&(i, w)| !(year_at(i) || (preposition(w) && year_at(i + 1))))
        .map(|(_, w)| *w)
        .collect();
    kept.join(" ")
}

/// `part` with the pronoun replaced by `what` ("… produced Harbour Lights?",
/// "… was {q1}'s first feature?").
pub fn replace(part: &str, p: &Pronoun, what: &str) -> String {
    let s = match (p.possessive, what.ends_with('s')) {
        (true, true) => "'",
        (true, false) => "'s",
        (false, _) => "",
    };
    format!(
        "{}{what}{s}{}",
        part.get(..p.start).unwrap_or(""),
        part.get(p.end..).unwrap_or("")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(part: &str, before: &str) -> Option<String> {
        let p = pronoun(part, &[])?;
        Some(match referent(&p, before)? {
            Referent::Name(n) => replace(part, &p, &n),
            Referent::Answer { .. } => replace(part, &p, "{q1}"),
        })
    }

    #[test]
    fn them_is_the_first_plural_noun_of_the_part_before() {
        let cases = [
            (
                "how long do I have to return them?",
                "Do electronics carry a restocking fee?",
                Some("how long do I have to return electronics?"),
            ),
            (
                "can I send them back?",
                "Are gift cards refundable?",
                Some("can I send gift cards back?"),
            ),
            (
                "how long do I have to return them?",
                "is there a restocking fee on opened electronics?",
                Some("how long do I have to return electronics?"),
            ),
            // A verb in -s, a name, a singular: nothing "them" stands for.
            ("can I get them faster?", "How long do refunds take?", None),
            ("who manages them?", "Where do the Tidewalkers play?", None),
            ("how do I return them?", "What is the restocking fee?", None),
            // "ones" after a word of its own: the noun alone (the part
            // gives the qualifier); after a stop word it stands for nothing.
            (
                "is there a restocking fee on opened ones?",
                "How long is the return window for electronics?",
                Some("is there a restocking fee on opened electronics?"),
            ),
            (
                "what about sealed ones?",
                "Are gift cards refundable?",
                Some("what about sealed cards?"),
            ),
            ("which ones are final?", "Are gift cards refundable?", None),
        ];
        for (part, before, want) in cases {
            assert_eq!(read(part, before).as_deref(), want, "{part} / {before}");
        }
    }

    #[test]
    fn an_owner_or_a_time_alone_asks_the_part_before_of_it() {
        let cases = [
            (
                "what was last year's?",
                "What is this year's domestic travel claim deadline?",
                Some("what was last year's domestic travel claim deadline?"),
            ),
            (
                "what about Sam's?",
                "What is Priya's employer?",
                Some("what about Sam's employer?"),
            ),
            (
                "How long was last year's?",
                "How long is this year's claim deadline",
                Some("How long was last year's claim deadline?"),
            ),
            (
                "去年是多久",
                "今年境内差旅报销提交期限是多久",
                Some("去年境内差旅报销提交期限是多久"),
            ),
            (
                "去年是多久？",
                "今年的提交期限是多久？",
                Some("去年的提交期限是多久？"),
            ),
            // A part that names what it asks about, or a part before with
            // no owner or time to swap, is left alone.
            (
                "what was last year's deadline?",
                "What is this year's deadline?",
                None,
            ),
            ("who is Priya's?", "Where does Sam work?", None),
            ("去年付款要多久", "今年境内差旅报销提交期限是多久", None),
            // A place or time asked of the part before's question.
            (
                "in what city?",
                "When was Callum Reid born",
                Some("in what city was Callum Reid born?"),
            ),
            (
                "and at what time",
                "When did the orchestrator give up?",
                None,
            ),
            ("in what city is the firm based?", "Who founded it?", None),
            (
                "from what day?",
                "How long is the refund window for electronics",
                Some("from what day is the refund window for electronics?"),
            ),
            ("今年是多久", "今年境内差旅报销提交期限是多久", None),
            // A bare tail asks the part before's whole question.
            (
                "今年呢？",
                "去年境内报销付款要几个工作日",
                Some("今年境内报销付款要几个工作日？"),
            ),
            ("同时今年是多久？", "去年境内报销付款要几个工作日", None),
            (
                "今年是多久？",
                "去年境内报销付款要几个工作日",
                Some("今年境内报销付款要几个工作日？"),
            ),
            // Another tail that is no bare question keeps the part as it is.
            ("今年境外要多久？", "去年境内报销付款要几个工作日", None),
            (
                "去年的呢？",
                "今年境内报销付款要几个工作日",
                Some("去年境内报销付款要几个工作日？"),
            ),
            // "it" at another time asks the part before's question of it.
            (
                "What was it last year?",
                "What is the domestic claim deadline this year?",
                Some("What was the domestic claim deadline last year?"),
            ),
            // (A year the planner does not know, "next year", is no time
            // to ask of.)
            ("What is it next year?", "What is the fee this year?", None),
            ("What was it made of?", "What is the fee this year?", None),
            ("What was it last year?", "The fee this year", None),
            // Another year written as a number replaces the one the part
            // before writes; "what about …" asks that part whole.
            (
                "what was it in 2025",
                "what is the domestic submission deadline in 2026",
                Some("what was the domestic submission deadline in 2025"),
            ),
            (
                "What about 2025?",
                "How long is the 2026 deadline?",
                Some("How long is the deadline in 2025?"),
            ),
            (
                "what about last year?",
                "How long is the deadline?",
                Some("How long is the deadline last year?"),
            ),
            ("What about refunds?", "How long is the deadline?", None),
            ("what was it in 12", "What is the fee in 2026?", None),
            (
                "2025年的是多少天",
                "2026年的境内报销提交期限是多少天",
                Some("2025年的境内报销提交期限是多少天"),
            ),
            (
                "2026年呢？",
                "2025年境内差旅报销的提交期限是多久？",
                Some("2026年境内差旅报销的提交期限是多久？"),
            ),
            ("202年呢？", "2025年境内报销的提交期限是多久？", None),
            // "the 2026 one": the part before's noun after its own year.
            (
                "what is the 2026 one?",
                "What was the 2025 domestic submission deadline, and the fee",
                Some("what is the 2026 domestic submission deadline?"),
            ),
            (
                "and the 2025 one?",
                "what was the 2026 domestic deadline?",
                Some("and the 2025 domestic deadline?"),
            ),
            // The same year, or none before: nothing to put in.
            ("what is the 2026 one?", "What was the 2026 deadline?", None),
            ("what is the 2026 one?", "What was the deadline?", None),
        ];
        for (part, before, want) in cases {
            assert_eq!(ellipsis(part, before).as_deref(), want, "{part} / {before}");
        }
    }

    #[test]
    fn a_pronoun_is_the_thing_named_before() {
        let cases = [
            (
                "who produced it?",
                "When was Harbour Lights released",
                "who produced Harbour Lights?",
            ),
            (
                "when was it released?",
                "Who produced Harbour Lights",
                "when was Harbour Lights released?",
            ),
            (
                "where did he study?",
                "When was Tomas Varga born",
                "where did Tomas Varga study?",
            ),
            (
                "what was her first feature?",
                "Where was Elena Sorensen born",
                "what was Elena Sorensen's first feature?",
            ),
            (
                "who is its drummer?",
                "When were The Tidewalkers formed",
                "who is Tidewalkers' drummer?",
            ),
            // Before a verb's particle, as at the end of the clause.
            (
                "how do I roll it back?",
                "When did gateway-west fail",
                "how do I roll gateway-west back?",
            ),
        ];
        for (part, before, want) in cases {
            assert_eq!(read(part, before).as_deref(), Some(want), "{part}");
        }
        // A word after the particle: "it" is no object there.
        assert_eq!(
            read("can I turn it off at night?", "When did gateway-west fail"),
            None
        );
    }

    #[test]
    fn a_pronoun_is_the_thing_asked_about_before() {
        // The part before names nothing: "it" is its subject, a noun phrase.
        let cases = [
            (
                "how long does the server have to answer it?",
                "What does the health check request",
                "how long does the server have to answer the health check?",
            ),
            (
                "what happens if the deploy misses it?",
                "How long is the health check timeout",
                "what happens if the deploy misses the health check timeout?",
            ),
            (
                "who can change it?",
                "How often does the agent check for updates",
                "who can change the agent?",
            ),
            // The subject after do-support, opened by "a" too.
            (
                "does it rebuild anything?",
                "How long does a rollback take",
                "does a rollback rebuild anything?",
            ),
            (
                "does it also restart the servers?",
                "How long does a rollback take",
                "does a rollback also restart the servers?",
            ),
            // Not the answer the part before asks for: the thing it asks
            // about.
            (
                "within how many seconds must it respond",
                "what endpoint does the health check hit",
                "within how many seconds must the health check respond",
            ),
        ];
        for (part, before, want) in cases {
            assert_eq!(read(part, before).as_deref(), Some(want), "{part}");
        }
        // No noun phrase after the verb, or no determiner: nothing to read.
        assert_eq!(read("who answers it?", "What do agents request"), None);
        assert_eq!(read("who answers it?", "How do I deploy"), None);
    }

    #[test]
    fn a_pronoun_is_the_answer_asked_before() {
        assert_eq!(
            read("when was she born?", "Who directed Salt Roads").as_deref(),
            Some("when was {q1} born?")
        );
        assert_eq!(
            read(
                "who produced it?",
                "Which album did The Tidewalkers release in 1998"
            )
            .as_deref(),
            Some("who produced {q1}?")
        );
    }

    #[test]
    fn they_that_person_and_the_same_point_back() {
        let cases = [
            // Singular "they": the person asked for; else the thing named.
            (
                "where did they study?",
                "Who directed Salt Roads",
                "where did {q1} study?",
            ),
            (
                "what was their first feature?",
                "Who directed Salt Roads",
                "what was {q1}'s first feature?",
            ),
            (
                "where are they from?",
                "When were The Tidewalkers formed",
                "where are Tidewalkers from?",
            ),
            (
                "when was that person born?",
                "Who directed Salt Roads",
                "when was {q1} born?",
            ),
            // "the same" and a noun: the thing found, a company or a person.
            (
                "what game did the same company publish?",
                "Which company published Lantern Run",
                "what game did {q1} publish?",
            ),
            (
                "which game did that same publisher release?",
                "Who published Lantern Run",
                "which game did {q1} release?",
            ),
            (
                "who else played on the same album?",
                "When was Harbour Lights released",
                "who else played on Harbour Lights?",
            ),
        ];
        for (part, before, want) in cases {
            assert_eq!(read(part, before).as_deref(), Some(want), "{part}");
        }
        // "that"/"this" and a kind noun; "that" before another word.
        assert_eq!(
            read(
                "when was that band formed?",
                "Which band recorded Harbour Lights"
            )
            .as_deref(),
            Some("when was {q1} formed?")
        );
        assert_eq!(
            read("where did this filmmaker study?", "Who directed Salt Roads").as_deref(),
            Some("where did {q1} study?")
        );
        // A studio is a company: "that studio" is the one the part before
        // asks for, also when it asks "who".
        assert_eq!(
            read(
                "where is that studio based?",
                "Who developed Lantern Run II"
            )
            .as_deref(),
            Some("where is {q1} based?")
        );
        assert_eq!(
            read("can I buy that online?", "When was Harbour Lights released"),
            None
        );
        // Nothing asked for and nothing single named: no referent.
        assert_eq!(
            read("where do they ship?", "How long do refunds take"),
            None
        );
        // "the same" before no noun, or in a part that names its own thing.
        assert_eq!(read("is it the same?", "Who directed Salt Roads"), None);
        assert_eq!(
            read(
                "was Tomas Varga born the same year?",
                "When was Elena Sorensen born"
            ),
            None
        );
    }

    #[test]
    fn other_parts_are_left_alone() {
        // The part names its own thing.
        assert_eq!(
            read("when was Tomas Varga born?", "Who directed Salt Roads"),
            None
        );
        // A dummy "it"; no pronoun.
        assert_eq!(
            read(
                "is it possible to buy the album?",
                "When was Harbour Lights released"
            ),
            None
        );
        assert_eq!(
            read("how long does it take?", "How do I add a sitemap"),
            None
        );
        assert_eq!(
            read(
                "does it usually take long?",
                "How long does a rollback take"
            ),
            None
        );
        assert_eq!(
            read("where was the band formed?", "Who produced Harbour Lights"),
            None
        );
        // Two things named before, and no person asked: no single referent.
        assert_eq!(
            read(
                "where did he study?",
                "Were Tomas Varga and Elena Sorensen born in the same year"
            ),
            None
        );
        // Chinese is not read.
        assert_eq!(read("他在哪里出生？", "谁执导了盐路？"), None);
    }
}
