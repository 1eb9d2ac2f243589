//! Stage 3 — decompose: the phrase patterns a clause is read for.
//!
//! Each detector returns byte ranges into the clause it was given, so the
//! builder can cut the clause into sub-questions without re-parsing. English
//! patterns are matched on ASCII-lowercased text (same byte offsets);
//! Chinese patterns on the text itself. Nothing here looks at a data set's
//! wording: the vocabulary is the language's (comparatives, 比/一样, "the X
//! that …"), and entity types and document IDs come from the catalog.

use crate::analyze::fold::Lower;
use crate::analyze::is_cjk;
use crate::model::{Op, Output, Range};

/// Words that ask for a duration.
const DURATION_CUES: &[&str] = &[
    "期限",
    "多久",
    "多长时间",
    "几天",
    "多少天",
    "时限",
    "几个工作日",
    "多少个工作日",
    "how long",
    "how many days",
    "how many hours",
    "how many weeks",
    "how soon",
    "how quickly",
    "deadline",
    "window",
    "time limit",
    "within how",
];
const DIFFERENCE_CUES: &[&str] = &[
    "多少",
    "how much",
    "how many more",
    "how many fewer",
    "by how",
    "difference",
    "缩短",
    "延长",
    "减少",
    "增加",
];
const SAME_CUES: &[&str] = &["一样", "相同", "the same", "same as", "identical"];
const EARLY: &[&str] = &[
    "oldest", "older", "earliest", "earlier", "first", "更早", "最早", "先",
];
const LATE: &[&str] = &[
    "youngest",
    "younger",
    "newest",
    "newer",
    "latest",
    "later",
    "most recent",
    "更晚",
    "最晚",
];
/// English comparatives that make "X than <baseline>" a difference question.
const COMPARATIVES: &[&str] = &[
    "shorter", "longer", "more", "less", "fewer", "higher", "lower", "earlier", "later", "bigger",
    "smaller", "faster", "slower",
];
/// Chinese change words after "比<baseline>".
const ZH_CHANGE: &[&str] = &[
    "缩短", "减少", "降低", "延长", "增加", "提高", "多", "少", "长", "短",
];
/// Markers of "the document named by <DOC>" in Chinese, after the document ID.
const ZH_REFERENCE: &[&str] = &[
    "指定的",
    "引用的",
    "规定的",
    "提到的",
    "所指的",
    "列明的",
    "附带的",
];
/// Words a Chinese document's name ends with.
const ZH_DOCUMENT_NOUNS: &[&str] = &[
    "办法", "制度", "规定", "细则", "条例", "指引", "文件", "附件", "标准", "手册", "政策", "通知",
    "协议", "合同", "章程", "规范", "守则",
];
/// Markers of "<NP> referenced by <DOC>" in English, before the document ID.
const EN_REFERENCE: &[&str] = &[
    "referenced by",
    "referenced in",
    "cited by",
    "cited in",
    "named by",
    "named in",
    "specified by",
    "specified in",
    "listed in",
    "designated by",
    "designated in",
];

fn lower(text: &str) -> String {
    text.to_ascii_lowercase()
}

fn contains_any(text: &str, cues: &[&str]) -> bool {
    let l = lower(text);
    cues.iter().any(|c| l.contains(c))
}

/// The output type a retrieval question asks for.
pub fn output_of(question: &str) -> Output {
    // A cue, or a count of a time unit the frame reads ("how many *years*").
    let asks_duration = contains_any(question, DURATION_CUES)
        || super::frame::frame(question, super::frame::Strictness::Question).answer
            == super::frame::Answer::Duration;
    if asks_duration
        && !super::frame::asks_length(question)
        && !super::frame::asks_what_to_do(question)
    {
        Output::Duration
    } else {
        Output::Passage
    }
}

/// The operation a compare/compute question asks for, when the text says.
pub fn op_of(question: &str) -> Option<Op> {
    if contains_any(question, SAME_CUES) {
        Some(Op::Same)
    } else if contains_any(question, EARLY) {
        Some(Op::Earliest)
    } else if contains_any(question, LATE) {
        Some(Op::Latest)
    } else if contains_any(question, DIFFERENCE_CUES) || contains_any(question, COMPARATIVES) {
        Some(Op::Difference)
    } else {
        None
    }
}

/// Words that name a year relative to today, and how many years back.
const RELATIVE_YEARS: &[(&str, i64)] = &[
    ("the year before last", 2),
    ("this year's", 0),
    ("last year's", 1),
    ("previous year's", 1),
    ("this year", 0),
    ("current year", 0),
    ("last year", 1),
    ("previous year", 1),
    ("今年", 0),
    ("本年度", 0),
    ("去年", 1),
    ("上一年", 1),
    ("前年", 2),
];

/// True when `phrase` (lowercase) is one of the words that name a year
/// relative to today ("last year", "去年"), whole.
pub fn is_relative_year(phrase: &str) -> bool {
    RELATIVE_YEARS.iter().any(|(w, _)| *w == phrase)
}

/// The first word of a clause that names a year relative to today.
pub fn relative_year(clause: &str) -> Option<&'static str> {
    let l = lower(clause);
    RELATIVE_YEARS
        .iter()
        .filter_map(|(w, _)| l.find(w).map(|i| (i, *w)))
        .min()
        .map(|(_, w)| w)
}

/// A year named by a temporal word, with its byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Temporal {
    pub start: usize,
    pub end: usize,
    pub year: i64,
    /// True when the word follows 比 / "than": the comparison's baseline.
    pub baseline: bool,
}

fn all_matches(hay: &str, needle: &str) -> Vec<usize> {
    hay.match_indices(needle).map(|(i, _)| i).collect()
}

/// Temporal words (this year / last year / 今年 / 去年 / explicit years).
pub fn temporals(clause: &str, today_year: Option<i64>) -> Vec<Temporal> {
    let l = lower(clause);
    let mut out: Vec<Temporal> = Vec::new();
    let mut push = |start: usize, end: usize, year: i64| {
        if out.iter().all(|t| end <= t.start || start >= t.end) {
            out.push(Temporal {
                start,
                end,
                year,
                baseline: false,
            });
        }
    };
    if let Some(y) = today_year {
        for (word, back) in RELATIVE_YEARS {
            for i in all_matches(&l, word) {
                push(i, i + word.len(), y - back);
            }
        }
    }
    // Explicit years: 4 ASCII digits 1900–2099 not inside a longer token (IDs like
    // TRAVEL-2026-01 stay IDs), optionally followed by 年.
    let bytes = l.as_bytes();
    let mut i = 0;
    while i + 4 <= bytes.len() {
        let window = bytes.get(i..i + 4).unwrap_or(&[]);
        let digits = window.iter().all(u8::is_ascii_digit);
        let before = i.checked_sub(1).and_then(|b| bytes.get(b)).copied();
        let after = bytes.get(i + 4).copied();
        let glued =
            |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if digits && !glued(before) && !glued(after) {
            let year: i64 = l.get(i..i + 4).and_then(|s| s.parse().ok()).unwrap_or(0);
            if (1900..2100).contains(&year) {
                let end = if l.get(i + 4..).is_some_and(|r| r.starts_with('年')) {
                    i + 4 + '年'.len_utf8()
                } else {
                    i + 4
                };
                push(i, end, year);
            }
            i += 4;
        } else {
            i += 1;
        }
    }
    for t in &mut out {
        let head = l.get(..t.start).unwrap_or("").trim_end();
        let tail = l.get(t.end..).unwrap_or("").trim_start();
        // "than last year's", "than the 2025 one", "than in 2025".
        let after_the = before_year(head);
        t.baseline = head.ends_with('比')
            || (head.ends_with(['与', '和', '跟', '同']) && tail.starts_with("相比"))
            || ["than", "compared with", "compared to"]
                .iter()
                .any(|m| head.ends_with(m) || after_the.ends_with(m));
    }
    crate::order::sort_by_key(&mut out, |t| t.start);
    // "between 2025 and 2026", "from 2025 to 2026": the first year is the
    // baseline of a change.
    if let Some((first, _)) = span_of_years(&l, &out) {
        if let Some(t) = out.iter_mut().find(|t| t.start == first) {
            t.baseline = true;
        }
    }
    out
}

/// `head` (what precedes a year, trimmed) without the "the" or "in" that
/// introduces the year ("than *the* 2025 one", "than *in* 2025").
fn before_year(head: &str) -> &str {
    head.strip_suffix(" the")
        .or_else(|| head.strip_suffix(" in"))
        .unwrap_or(head)
}

/// Words that open a span of two years ("between 2025 and 2026", "from
/// 2025 to 2026"), each with the word between the years.
const YEAR_SPANS: &[(&str, &str)] = &[("between", "and"), ("from", "to")];

/// A span of two years in lowercase `l` ([`YEAR_SPANS`], "the" allowed
/// before the first year): the first year's start and the byte where the
/// span opens.
fn span_of_years(l: &str, years: &[Temporal]) -> Option<(usize, usize)> {
    years.windows(2).find_map(|pair| {
        let [a, b] = pair else { return None };
        let head = l.get(..a.start)?.trim_end();
        let head = head.strip_suffix(" the").unwrap_or(head).trim_end();
        let between = l.get(a.end..b.start)?.trim();
        YEAR_SPANS.iter().find_map(|(open, join)| {
            let opens = head.strip_suffix(open)?;
            let word_start = opens.is_empty() || opens.ends_with(' ');
            (word_start && between == *join).then_some((a.start, opens.len()))
        })
    })
}

/// English verbs of a value's change between two years ("shrink",
/// "change"), in the forms a question asks them.
const CHANGE_VERBS: &[&str] = &[
    "change",
    "changed",
    "shrink",
    "shrank",
    "shrunk",
    "grow",
    "grew",
    "grown",
    "increase",
    "increased",
    "decrease",
    "decreased",
    "drop",
    "dropped",
    "rise",
    "rose",
    "risen",
    "fall",
    "fell",
    "fallen",
    "shorten",
    "shortened",
    "lengthen",
    "lengthened",
    "differ",
];

/// "比去年缩短了多少" / "shorter than last year": the range to cut from the
/// clause to leave the subject, when the clause is such a difference question.
pub fn difference(clause: &str, temporals: &[Temporal]) -> Option<(usize, usize)> {
    let baseline = temporals.iter().find(|t| t.baseline)?;
    let l = lower(clause);
    let head = l.get(..baseline.start)?;
    let tail = l.get(baseline.end..)?;
    let cut_end = l.trim_end_matches(['?', '？', '。', '.', ' ']).len();
    if head.trim_end().ends_with('比') {
        if asks_amount(tail) && ZH_CHANGE.iter().any(|w| tail.contains(w)) {
            let start = head.trim_end().len() - '比'.len_utf8();
            return Some((start, cut_end.max(baseline.end)));
        }
        return None;
    }
    // "与去年相比，今年…缩短了多少": the phrase is cut, the change stays asked.
    if tail.trim_start().starts_with("相比") {
        if !(asks_amount(&l) && ZH_CHANGE.iter().any(|w| l.contains(w))) {
            return None;
        }
        let h = head.trim_end();
        let start = h.len() - h.chars().last().map_or(0, char::len_utf8);
        let rest = tail.trim_start();
        let mut end = baseline.end + (tail.len() - rest.len()) + "相比".len();
        let after = l.get(end..).unwrap_or("");
        if let Some(c) = after.chars().next().filter(|c| matches!(c, '，' | ',')) {
            end += c.len_utf8();
        }
        return Some((start, end));
    }
    // English: "<comparative> than <baseline>" somewhere in the clause.
    let end = baseline.end + one_after(tail);
    if COMPARATIVES.iter().any(|c| head.contains(c)) {
        let h = before_year(head.trim_end());
        for marker in ["compared with", "compared to", "than"] {
            if let Some(start) = h.strip_suffix(marker).map(str::len) {
                return Some((start, end));
            }
        }
    }
    // "… shrink between the 2025 and 2026 policies?": a change asked over a
    // span of two years, cut with the noun the span ends with.
    let (_, open) = span_of_years(&l, temporals)?;
    let asks = asks_amount(&l);
    let changes = l
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| CHANGE_VERBS.contains(&w) || COMPARATIVES.contains(&w));
    let last = temporals.iter().find(|t| t.start > baseline.start)?;
    let rest = l.get(last.end..)?;
    let noun = rest.find([',', '?', '.']).unwrap_or(rest.len());
    let span_end = if rest.get(..noun)?.split_whitespace().count() <= 2 {
        last.end + noun
    } else {
        last.end
    };
    (asks && changes).then_some((open, span_end))
}

/// Words that ask the amount of a change ("how much shorter", "缩短了多少").
const AMOUNT_ASKED: &[&str] = &["how much", "how many", "by how", "多少", "几", "多久"];

/// True when `text` (lowercase) asks an amount ([`AMOUNT_ASKED`]).
fn asks_amount(text: &str) -> bool {
    AMOUNT_ASKED.iter().any(|w| text.contains(w))
}

/// "…, and how much shorter did it get?", "缩短了多少天？": a change asked
/// of nothing the clause names itself — a question of amount with a
/// comparative or a verb of change, and besides them only words that ask
/// (how, much, did, it, now, a unit of time).
pub fn bare_change(clause: &str) -> bool {
    let l = lower(clause);
    if l.chars().any(is_cjk) {
        let asks = asks_amount(&l);
        let Some(change) = ZH_CHANGE.iter().find(|w| l.contains(*w)) else {
            return false;
        };
        let rest = l
            .replacen(change, "", 1)
            .replace(
                ['了', '？', '?', '呢', '天', '日', '它', '又', '，', ' '],
                "",
            )
            .replace("多少", "")
            .replace("多久", "")
            .replace('几', "");
        return asks && rest.is_empty();
    }
    let words: Vec<&str> = l
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let asks = asks_amount(&l);
    let changes = words
        .iter()
        .any(|w| CHANGE_VERBS.contains(w) || COMPARATIVES.contains(w));
    let asking = |w: &str| {
        CHANGE_VERBS.contains(&w) || COMPARATIVES.contains(&w) || CHANGE_ASKING.contains(&w)
    };
    asks && changes && words.iter().all(|w| asking(w))
}

/// The words a change asked of nothing of its own may have besides its
/// comparative or verb of change ([`bare_change`]).
const CHANGE_ASKING: &[&str] = &[
    "how", "much", "many", "by", "did", "does", "do", "is", "was", "has", "had", "it", "its",
    "that", "get", "got", "become", "now", "then", "days", "day", "weeks", "months", "and", "so",
    "also", "calendar", "working",
];

/// The bytes of `tail` (what follows a baseline year) that belong to it:
/// "one"/"ones" standing for the compared noun ("than the 2025 *one*").
fn one_after(tail: &str) -> usize {
    let rest = tail.trim_start();
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
    if matches!(word.as_str(), "one" | "ones") {
        tail.len() - rest.len() + word.len()
    } else {
        0
    }
}

/// What a difference asks the value of: the clause without its comparative
/// and its "how much" ("How much shorter is this year's deadline?" → "this
/// year's deadline"). Chinese subjects are already bare.
pub fn difference_subject(text: &str) -> String {
    if text.chars().any(crate::analyze::is_cjk) {
        // "…的提交期限缩短了多少" → "…的提交期限": the change is the compute
        // step's, not a word the passages state.
        return match ZH_CHANGE.iter().filter_map(|w| text.find(w)).min() {
            Some(i) if i > 0 => format!(
                "{}？",
                text.get(..i).unwrap_or(text).trim_end_matches(['，', ','])
            ),
            _ => text.to_string(),
        };
    }
    let drop = |w: &str| {
        let l = w.to_ascii_lowercase();
        let l = l.trim_matches(|c: char| !c.is_alphanumeric());
        COMPARATIVES.contains(&l)
            || matches!(
                l,
                "by" | "how"
                    | "much"
                    | "many"
                    | "is"
                    | "are"
                    | "was"
                    | "were"
                    | "days"
                    | "did"
                    | "does"
                    | "do"
                    | "has"
                    | "have"
                    | "had"
            )
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    // Leading question words, then the comparative wherever it is.
    let mut start = 0;
    while words.get(start).is_some_and(|w| drop(w)) {
        start += 1;
    }
    let bare = |w: &str| {
        w.to_ascii_lowercase()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_string()
    };
    let mut kept: Vec<&str> = words
        .iter()
        .skip(start)
        .filter(|w| {
            let l = bare(w);
            !COMPARATIVES.contains(&l.as_str()) && !CHANGE_VERBS.contains(&l.as_str())
        })
        .copied()
        .collect();
    // A preposition left without its year ("paid in [2026]") goes too.
    if kept
        .last()
        .is_some_and(|w| matches!(bare(w).as_str(), "in" | "of" | "for" | "during"))
    {
        kept.pop();
    }
    // "How many working days faster are claims paid": what follows "how
    // many" is a unit the passages state, and the rest a clause, not a
    // noun phrase: the question keeps asking how many.
    let unit_follows = start >= 2
        && words.get(start - 1).is_some_and(|w| bare(w) == "many")
        && words.get(start - 2).is_some_and(|w| bare(w) == "how");
    let out = kept.join(" ");
    let out = out.trim_end_matches(['?', '.', ',', ' ']);
    if unit_follows && out.split_whitespace().count() >= 2 {
        return format!("How many {out}?");
    }
    if out.split_whitespace().count() >= 2 {
        format!("{out}?")
    } else {
        text.to_string()
    }
}

/// Comparatives of length that ask a gap between two durations.
const LENGTH_COMPARATIVES: &[&str] = &["longer", "shorter"];
/// Chinese words of a length's change after "A比B".
const ZH_LENGTH_CHANGE: &[&str] = &["延长", "缩短", "长", "短", "多", "少"];

/// "How many days longer is A than B?" / "A比B短多少天": the ranges of the
/// two things whose durations are subtracted. The year-over-year form
/// ("… than last year's", [`difference`]) is checked first; this one is
/// for two things of the same year ("the submission deadline than the
/// payment period").
pub fn gap(clause: &str) -> Option<(Range, Range)> {
    let l = lower(clause);
    let end = l.trim_end_matches(['?', '？', '。', '.', ' ']).len();
    if l.chars().any(crate::analyze::is_cjk) {
        let than = l.find('比')?;
        let after = than + '比'.len_utf8();
        let tail = l.get(after..end)?;
        let (at, word) = ZH_LENGTH_CHANGE
            .iter()
            .filter_map(|w| tail.find(w).map(|i| (i, *w)))
            .min_by_key(|(i, _)| *i)?;
        let rest = tail.get(at + word.len()..)?.trim_start_matches('了');
        let asks = ["多少", "几", "多久"].iter().any(|q| rest.starts_with(q));
        let a = (0, than);
        let b = (after, after + at);
        return (asks && than > 0 && at > 0).then_some((a, b));
    }
    let words = crate::analyze::words(&l);
    let at = |i: usize| words.get(i).map_or("", |w| w.term.as_str());
    if at(0) != "how" || !matches!(at(1), "many" | "much") {
        return None;
    }
    // "how many days longer is", "how much shorter are".
    let c = (2..4).find(|&i| LENGTH_COMPARATIVES.contains(&at(i)))?;
    if !matches!(at(c + 1), "is" | "are" | "was" | "were") {
        return None;
    }
    let start = words.get(c + 2)?.start;
    let than = words.iter().skip(c + 2).find(|w| w.term == "than")?;
    (than.start > start && than.end < end).then_some(((start, than.start), (than.end, end)))
}

/// "境外的提交期限也与境内一样吗" / "is the overseas deadline the same as the
/// domestic one": (left subject range, right subject range).
pub fn same_as(clause: &str) -> Option<(Range, Range)> {
    let l = lower(clause);
    let end = l.trim_end_matches(['?', '？', '。', '.', ' ']).len();
    if let Some(i) = l.find(" the same as ") {
        let right = i + " the same as ".len();
        return Some(((0, i), (right, end)));
    }
    for word in ["一样", "相同"] {
        let Some(w) = l.rfind(word) else { continue };
        let head = l.get(..w)?;
        let (c, conn) = ['与', '和', '跟', '同']
            .iter()
            .filter_map(|c| head.rfind(*c).map(|i| (i, *c)))
            .max_by_key(|(i, _)| *i)?;
        let mut left_end = c;
        if l.get(..left_end)?.ends_with('也') {
            left_end -= '也'.len_utf8();
        }
        return Some(((0, left_end), (c + conn.len_utf8(), w)));
    }
    None
}

/// "Which is older, A or B?": (op, A range, B range).
/// True when a clause compares things: "both", "the same", "A or B", a
/// comparative in a which/who question, a yes/no question about "A and B"
/// ("Are A and B located in …?"), or "A and B are what …?".
pub fn compares(clause: &str) -> bool {
    let l = lower(clause);
    let words: Vec<&str> = l
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let has = |w: &str| words.contains(&w);
    let comparative = EARLY.iter().chain(LATE).chain(COMPARATIVES).any(|c| has(c));
    let yes_no = words.first().is_some_and(|w| {
        matches!(
            *w,
            "are" | "were" | "is" | "was" | "do" | "did" | "does" | "have" | "has"
        )
    });
    let are_what = words
        .windows(2)
        .any(|p| matches!(p, ["are" | "were", "what"]));
    (yes_no && has("and"))
        || are_what
        || has("both")
        || has("same")
        || has("or")
        || has("either")
        || has("common")
        || has("between")
        || (comparative && (has("which") || has("who")))
}

/// The nouns a catalog type is written as: singular and plural, with
/// spaces for underscores ("travel scope", "travel scopes").
fn type_nouns(t: &str) -> [String; 2] {
    let name = t.replace('_', " ");
    let plural = format!("{name}s");
    [name, plural]
}

/// True when a noun phrase's head is a catalog type ("the service", "the
/// services").
pub fn names_type(noun: &str, types: &[String]) -> bool {
    let noun = lower(noun);
    let noun = noun.trim();
    types.iter().any(|t| {
        type_nouns(&lower(t))
            .iter()
            .any(|t| noun == t || noun.ends_with(&format!(" {t}")))
    })
}

/// "the <type> that <relative clause>" (or "whose …"): (start of "the",
/// start of the relative clause, the type) for a catalog entity type.
pub fn nested_entity<'t>(clause: &str, types: &'t [String]) -> Option<(usize, usize, &'t str)> {
    let l = lower(clause);
    for t in types {
        for noun in type_nouns(t) {
            for rel in ["that", "which", "who", "whose"] {
                let pat = format!("the {noun} {rel} ");
                if let Some(i) = l.find(&pat) {
                    let boundary = i == 0 || l.get(..i).is_some_and(|h| h.ends_with(' '));
                    if boundary {
                        return Some((i, i + pat.len(), t.as_str()));
                    }
                }
            }
        }
    }
    None
}

/// A clause asking which entity of a declared catalog type a description
/// fits ("Which service failed after the second retry?", "what services
/// …"), or whose thing it fits ("Which service's canary was rolled
/// back …?"): the type.
pub fn asked_entity<'t>(clause: &str, types: &'t [String]) -> Option<&'t str> {
    let l = lower(clause);
    let l = l.trim_start();
    types.iter().map(String::as_str).find(|t| {
        ["which", "what"].iter().any(|wh| {
            type_nouns(t).iter().any(|noun| {
                ["", "'s", "’s"].iter().any(|possessive| {
                    l.strip_prefix(&format!("{wh} {noun}{possessive} "))
                        .is_some_and(|rest| !rest.trim().is_empty())
                })
            })
        })
    })
}

/// Words that name a revision before its ID ("revision r7", "rev. 8").
const REVISION_WORDS: &[&str] = &["revision", "rev", "rev."];
/// Words that may follow a scope value and go with it ("in the staging
/// *environment*", "在 staging *环境*").
const SCOPE_NOUNS: &[&str] = &[
    "environment",
    "environments",
    "env",
    "region",
    "环境",
    "区域",
];

/// Prepositions cut with a scope value ("… *in* staging", "在 staging").
const SCOPE_PREPOSITIONS: &[&str] = &["in", "on", "at", "for", "from", "under", "在"];

/// The byte range of the phrase that names a scope value at `start..end`
/// ("the rollback rule *in the staging environment*"): the value with a
/// scope noun after it and a preposition (with "the") before it, when the
/// text has them.
pub fn scope_phrase(text: &str, start: usize, end: usize) -> (usize, usize) {
    let rest = text.get(end..).unwrap_or_default();
    let gap = rest.len() - rest.trim_start().len();
    let after = rest.trim_start();
    let end = SCOPE_NOUNS
        .iter()
        .find(|noun| {
            after
                .get(..noun.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(noun))
                && after
                    .get(noun.len()..)
                    .and_then(|t| t.chars().next())
                    .is_none_or(|c| !c.is_alphanumeric() || is_cjk(c))
        })
        .map_or(end, |noun| end + gap + noun.len());
    let before = |at: usize| -> Option<(usize, String)> {
        let head = text.get(..at)?.trim_end();
        let word_start = match head.strip_suffix('在') {
            Some(rest) => rest.len(),
            None => head
                .char_indices()
                .rev()
                .find(|&(_, c)| c.is_whitespace())
                .map_or(0, |(i, c)| i + c.len_utf8()),
        };
        let word = head.get(word_start..)?;
        (!word.is_empty()).then(|| (word_start, lower(word)))
    };
    let preposition = |at: usize| {
        before(at)
            .filter(|(_, w)| SCOPE_PREPOSITIONS.contains(&w.as_str()))
            .map(|(p, _)| p)
    };
    // "the" goes only with a preposition ("in the staging environment"):
    // "the production rollback rule" keeps its article.
    let article = before(start).filter(|(_, w)| w == "the");
    let start = article
        .and_then(|(at, _)| preposition(at))
        .or_else(|| preposition(start))
        .unwrap_or(start);
    (start, end)
}

/// Prepositions cut with a revision phrase ("… *in* revision r7").
const REVISION_PREPOSITIONS: &[&str] = &["in", "at", "of", "for", "from", "under"];

/// A revision the text names by its ID ("in revision r7"): the byte range of
/// the phrase (with a preposition before it) and the ID as written.
pub fn revision(text: &str) -> Option<(usize, usize, String)> {
    let words = crate::analyze::spaced_words(text);
    let at = words
        .iter()
        .position(|(_, w)| REVISION_WORDS.contains(&lower(w).trim_end_matches(',')))?;
    let (id_start, id_word) = *words.get(at + 1)?;
    let id = id_word.trim_end_matches(['?', '.', ',', '!', ';', ':', '？', '，']);
    // An ID has a digit ("r7", "8", "2026"): "the revision history" names none.
    if !id.chars().any(|c| c.is_ascii_digit())
        || !id
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '-')
    {
        return None;
    }
    let start = at
        .checked_sub(1)
        .and_then(|p| words.get(p))
        .filter(|(_, w)| REVISION_PREPOSITIONS.contains(&lower(w).as_str()))
        .or_else(|| words.get(at))
        .map(|(s, _)| *s)?;
    Some((start, id_start + id.len(), id.to_string()))
}

/// Where a noun phrase after a document reference ends ("…补充办法，对…").
const NOUN_PHRASE_ENDS: [char; 6] = ['，', ',', '。', '?', '？', '；'];

/// The text after a document mention at `..doc_end`, without its leading
/// spaces, and the byte offset where it starts.
fn after_doc(clause: &str, doc_end: usize) -> Option<(usize, &str)> {
    let tail = clause.get(doc_end..)?;
    let trimmed = tail.trim_start();
    Some((doc_end + (tail.len() - trimmed.len()), trimmed))
}

/// Which-words before the noun a "DOC 指定了哪份 X" question asks about.
const ZH_WHICH: &[&str] = &["哪一份", "哪份", "哪一个", "哪个", "哪部", "什么"];
/// Verbs of "Which X does DOC designate?" (any form).
const EN_DESIGNATE: &[&str] = &[
    "designat", "referenc", "cite", "name", "specif", "point to", "refer to",
];

/// The document a named document designates, asked by itself ("DOC
/// 指定了哪份海外补充办法？", "Which supplement does DOC designate for
/// overseas travel?"): the byte range of the noun phrase asked.
pub fn doc_asked(clause: &str, doc_start: usize, doc_end: usize) -> Option<(usize, usize)> {
    let (offset, trimmed) = after_doc(clause, doc_end)?;
    for marker in ZH_REFERENCE {
        let verb = marker.trim_end_matches('的');
        let Some(rest) = trimmed.strip_prefix(verb) else {
            continue;
        };
        let rest = rest.strip_prefix('了').unwrap_or(rest);
        let which = ZH_WHICH.iter().find(|w| rest.starts_with(**w))?;
        let np_start = offset + (trimmed.len() - rest.len()) + which.len();
        let np = clause.get(np_start..)?;
        let end = np.find(NOUN_PHRASE_ENDS).unwrap_or(np.len());
        return (end > 0).then_some((np_start, np_start + end));
    }
    let l = lower(clause);
    let head = l.get(..doc_start)?.trim_end();
    let head = [" does", " did", " do"]
        .iter()
        .find_map(|aux| head.strip_suffix(aux))?;
    let np_start = ["which ", "what "]
        .iter()
        .find_map(|w| head.strip_prefix(w).map(|_| w.len()))?;
    let after = l.get(doc_end..)?.trim_start();
    (head.len() > np_start && EN_DESIGNATE.iter().any(|v| after.starts_with(v)))
        .then_some((np_start, head.len()))
}

/// A reference to another document through a named document: (start, end of
/// the referring phrase, end of the noun phrase) around a doc mention at
/// `doc_start..doc_end`.
pub fn doc_reference(clause: &str, doc_start: usize, doc_end: usize) -> Option<Reference> {
    let (offset, trimmed) = after_doc(clause, doc_end)?;
    for marker in ZH_REFERENCE {
        if trimmed.starts_with(marker) {
            let np_start = offset + marker.len();
            let rest = clause.get(np_start..)?;
            let stop = rest.find(NOUN_PHRASE_ENDS).unwrap_or(rest.len());
            // The noun ends with the first document word ("…补充办法对…").
            let np_len = ZH_DOCUMENT_NOUNS
                .iter()
                .filter_map(|n| rest.get(..stop)?.find(n).map(|i| i + n.len()))
                .min()
                .unwrap_or(stop);
            return Some(Reference {
                phrase: (doc_start, np_start + np_len),
                noun: (np_start, np_start + np_len),
            });
        }
    }
    let l = lower(clause);
    let head = l.get(..doc_start)?.trim_end();
    for marker in EN_REFERENCE {
        if head.ends_with(marker) {
            let marker_start = head.len() - marker.len();
            let np_start = l.get(..marker_start)?.rfind("the ")?;
            return Some(Reference {
                phrase: (np_start, doc_end),
                noun: (np_start, marker_start),
            });
        }
    }
    None
}

/// Where a document reference sits in a clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reference {
    /// The whole referring phrase ("TRAVEL-2026-01 指定的海外补充办法").
    pub phrase: (usize, usize),
    /// The noun phrase naming what is referenced ("海外补充办法").
    pub noun: (usize, usize),
}

/// True when an open question asks for a property of what it names ("What
/// is the primary duty of the Austrian Pinscher?"), not for a thing of a
/// kind ("What conductor has created works for Conspirare?"): its wh-word is
/// followed by a form of "be" and a determiner.
pub fn asks_property(clause: &str) -> bool {
    let words: Vec<String> = clause
        .split_whitespace()
        .take(3)
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).lower())
        .collect();
    matches!(
        words
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        [
            "what" | "which",
            "is" | "was" | "are" | "were",
            "the" | "a" | "an" | "his" | "her" | "its" | "their"
        ]
    )
}

/// Where the subject of "Where AUX SUBJECT …?" may start, as byte offsets:
/// its first word, and after an article a capitalised word after it too
/// ("Where was Ada Lund born?": Ada; "Where is the Greenland shark found?":
/// the, and Greenland — a title may hold its article, "The Tidewalkers", or
/// not). Empty when the clause does not open so.
pub fn where_subject(clause: &str) -> Vec<usize> {
    let mut words = clause
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - clause.as_ptr() as usize, w));
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).lower();
    let opens = |wh: Option<(usize, &str)>, aux: Option<(usize, &str)>| {
        wh.is_some_and(|(_, w)| bare(w) == "where")
            && aux.is_some_and(|(_, a)| {
                matches!(
                    bare(a).as_str(),
                    "is" | "was" | "are" | "were" | "did" | "does" | "do"
                )
            })
    };
    if !opens(words.next(), words.next()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Some((at, first)) = words.next() {
        out.push(at);
        if matches!(bare(first).as_str(), "the" | "a" | "an") {
            // Only a name: "the home of …" is a role of something else.
            let name = words
                .next()
                .filter(|(_, w)| w.chars().next().is_some_and(char::is_uppercase));
            out.extend(name.map(|(next, _)| next));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(s: &str, r: (usize, usize)) -> &str {
        &s[r.0..r.1]
    }

    #[test]
    fn which_entity_or_whose_thing_of_a_declared_type_is_asked() {
        let types = vec!["service".to_string()];
        for q in [
            "Which service failed after the second retry?",
            "which service's deploy failed after the second retry",
            "Which service’s canary was rolled back?",
        ] {
            assert_eq!(asked_entity(q, &types), Some("service"), "{q}");
        }
        for q in [
            "Which services?",
            "What is the rollback rule for gateway-west?",
            "Which serviceman was on call?",
        ] {
            assert_eq!(asked_entity(q, &types), None, "{q}");
        }
    }

    #[test]
    fn a_scope_value_is_cut_with_its_preposition_article_and_noun() {
        let phrase = |q: &'static str, value: &str| {
            let start = q.find(value).unwrap();
            let (s, e) = scope_phrase(q, start, start + value.len());
            &q[s..e]
        };
        assert_eq!(
            phrase("the rollback rule in the staging environment?", "staging"),
            "in the staging environment"
        );
        assert_eq!(
            phrase("In production, how do we roll back?", "production"),
            "In production"
        );
        assert_eq!(
            phrase("how do I roll back on staging", "staging"),
            "on staging"
        );
        // Without a preposition the article stays with the noun it opens.
        assert_eq!(
            phrase("What is the production rollback rule?", "production"),
            "production"
        );
        assert_eq!(
            phrase("gateway-west 在 staging 环境的回滚规则", "staging"),
            "在 staging 环境"
        );
        // A word that only begins with a scope noun is not one.
        assert_eq!(phrase("in eu-west regional mode", "eu-west"), "in eu-west");
    }

    #[test]
    fn a_revision_is_named_by_an_id_with_a_digit() {
        let rev = |q: &'static str| revision(q).map(|(s, e, id)| (&q[s..e], id));
        assert_eq!(
            rev("What was the rollback rule for gateway-west in revision r7?"),
            Some(("in revision r7", "r7".to_string()))
        );
        assert_eq!(
            rev("In revision r7, which rollback rule applied?"),
            Some(("In revision r7", "r7".to_string()))
        );
        assert_eq!(
            rev("which rule did rev. 8 set"),
            Some(("rev. 8", "8".to_string()))
        );
        // No ID: a noun after "revision", or nothing.
        assert_eq!(rev("What changed in the revision history?"), None);
        assert_eq!(rev("Which revision is current?"), None);
        assert_eq!(rev("What does the latest revision say"), None);
    }

    #[test]
    fn where_subject_is_the_name_after_its_article() {
        let at = |q: &'static str| -> Vec<&'static str> {
            where_subject(q)
                .into_iter()
                .map(|i| q[i..].split(' ').next().unwrap_or(""))
                .collect()
        };
        assert_eq!(at("Where was Ada Lund born?"), ["Ada"]);
        assert_eq!(
            at("Where is the Greenland shark normally found?"),
            ["the", "Greenland"]
        );
        assert_eq!(
            at("where are The Tidewalkers from?"),
            ["The", "Tidewalkers"]
        );
        // Not a "where" question, or nothing after it.
        assert!(at("When was the Greenland shark described?").is_empty());
        assert!(at("Where is").is_empty());
    }

    #[test]
    fn temporal_words_map_to_years() {
        let q = "今年境内差旅报销的提交期限比去年缩短了多少?";
        let t = temporals(q, Some(2026));
        assert_eq!(
            t.iter().map(|t| (t.year, t.baseline)).collect::<Vec<_>>(),
            vec![(2026, false), (2025, true)]
        );
        let e = temporals(
            "How much shorter is this year's deadline than last year's?",
            Some(2026),
        );
        assert_eq!(
            e.iter().map(|t| (t.year, t.baseline)).collect::<Vec<_>>(),
            vec![(2026, false), (2025, true)]
        );
        assert!(temporals("TRAVEL-2026-01 指定的办法", Some(2026)).is_empty());
        assert_eq!(temporals("the 2025年 policy", None)[0].year, 2025);
        assert!(temporals("this year", None).is_empty());
    }

    #[test]
    fn gap_takes_two_sides_of_one_year() {
        let sides = |q: &str| {
            gap(q).map(|(a, b)| (cut(q, a).trim().to_string(), cut(q, b).trim().to_string()))
        };
        assert_eq!(
            sides("How many days longer is the submission deadline than the payment period?"),
            Some((
                "the submission deadline".into(),
                "the payment period".into()
            ))
        );
        assert_eq!(
            sides("how much shorter are refunds for electronics than for most items"),
            Some(("refunds for electronics".into(), "for most items".into()))
        );
        assert_eq!(
            sides("今年境内报销的付款期限比提交期限短多少天？"),
            Some(("今年境内报销的付款期限".into(), "提交期限".into()))
        );
        assert_eq!(
            sides("提交期限比付款期限长了几天"),
            Some(("提交期限".into(), "付款期限".into()))
        );
        // Not a gap: no "how many/much", another comparative, no amount asked.
        for q in [
            "Is the submission deadline longer than the payment period?",
            "How many more claims are paid than submitted?",
            "提交期限比付款期限长吗？",
            "How long is the deadline?",
        ] {
            assert_eq!(gap(q), None, "{q}");
        }
    }

    #[test]
    fn difference_cuts_the_comparison() {
        let q = "今年境内差旅报销的提交期限比去年缩短了多少?";
        let t = temporals(q, Some(2026));
        let (a, _) = difference(q, &t).unwrap();
        assert_eq!(&q[..a], "今年境内差旅报销的提交期限");
        let e = "Is this year's deadline shorter than last year's?";
        let t = temporals(e, Some(2026));
        let (a, b) = difference(e, &t).unwrap();
        assert_eq!(&e[a..b], "than last year's");
        assert!(difference("比去年好吗", &temporals("比去年好吗", Some(2026))).is_none());
    }

    #[test]
    fn a_change_asked_of_nothing_of_its_own() {
        for q in [
            "and how much shorter did it get?",
            "By how many days did it shrink",
            "How many days shorter is it now?",
            "缩短了多少天？",
        ] {
            assert!(bare_change(q), "{q}");
        }
        for q in [
            "how much shorter is the deadline?",
            "how much did it cost?",
            "is it shorter?",
            "付款缩短了多少天？",
            "缩短了吗？",
        ] {
            assert!(!bare_change(q), "{q}");
        }
    }

    #[test]
    fn a_change_between_two_written_years_is_a_difference() {
        let cut_of = |q: &str| {
            let t = temporals(q, None);
            difference(q, &t).map(|(a, b)| q[a..b].to_string())
        };
        assert_eq!(
            cut_of("By how many days did the deadline shrink between the 2025 and 2026 policies?")
                .as_deref(),
            Some("between the 2025 and 2026 policies")
        );
        assert_eq!(
            cut_of("How much did the deadline change from 2025 to 2026?").as_deref(),
            Some("from 2025 to 2026")
        );
        assert_eq!(
            cut_of("How much shorter is the 2026 deadline than the 2025 one?").as_deref(),
            Some("than the 2025 one")
        );
        // Two years with no change asked, or no span.
        assert_eq!(
            cut_of("Which policies were in force between 2025 and 2026?"),
            None
        );
        assert_eq!(
            cut_of("How much did the deadline change in 2025 and 2026?"),
            None
        );
        assert_eq!(
            difference_subject("How many working days faster are claims paid in 2026?"),
            "How many working days are claims paid in 2026?"
        );
        assert_eq!(
            difference_subject("By how many days did the deadline shrink?"),
            "the deadline?"
        );
    }

    #[test]
    fn same_as_finds_both_sides() {
        let q = "境外的提交期限也与境内一样吗?";
        let (l, r) = same_as(q).unwrap();
        assert_eq!((cut(q, l), cut(q, r)), ("境外的提交期限", "境内"));
        let e = "Is the overseas deadline the same as the domestic one?";
        let (l, r) = same_as(e).unwrap();
        assert_eq!(
            (cut(e, l), cut(e, r)),
            ("Is the overseas deadline", "the domestic one")
        );
    }

    #[test]
    fn nested_entity_reference() {
        let types = vec!["service".to_string()];
        let q = "Which rollback rule applies to the service that failed after the second retry?";
        let (s, r, t) = nested_entity(q, &types).unwrap();
        assert_eq!(
            (&q[..s], &q[r..], t),
            (
                "Which rollback rule applies to ",
                "failed after the second retry?",
                "service"
            )
        );
    }

    #[test]
    fn document_references() {
        let q = "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?";
        let r = doc_reference(q, 0, "TRAVEL-2026-01".len()).unwrap();
        assert_eq!(cut(q, r.noun), "海外补充办法");
        assert_eq!(cut(q, r.phrase), "TRAVEL-2026-01 指定的海外补充办法");
        let e = "What does the supplement referenced by TRAVEL-2026-01 require?";
        let d = e.find("TRAVEL").unwrap();
        let r = doc_reference(e, d, d + 14).unwrap();
        assert_eq!(cut(e, r.noun), "the supplement ");
    }

    #[test]
    fn comparisons_are_recognized() {
        assert!(compares(
            "Were Scott Derrickson and Ed Wood of the same nationality?"
        ));
        assert!(compares(
            "Who was born first, Pablo Trapero or Aleksander Ford?"
        ));
        assert!(compares("Are both bands from Wales?"));
        assert!(compares(
            "What kind of group does At the Drive-In and Muse have in common?"
        ));
        assert!(!compares(
            "Which NCAA record does the quarterback of the Minnesota Vikings hold?"
        ));
        assert!(!compares("Oregon is north of California"));
    }

    #[test]
    fn outputs_and_ops() {
        assert_eq!(output_of("境内报销审批后多久付款?"), Output::Duration);
        assert_eq!(
            output_of("What is the refund window for electronics?"),
            Output::Duration
        );
        assert_eq!(output_of("can Priya get cash?"), Output::Passage);
        // A count of a time unit asks a duration.
        assert_eq!(
            output_of("How many years did Harbour Nights run?"),
            Output::Duration
        );
        assert_eq!(output_of("How many awards did it win?"), Output::Passage);
        // What to do about a deadline is no duration.
        assert_eq!(output_of("超过期限提交的话要怎么办？"), Output::Passage);
        assert_eq!(
            output_of("What happens if I miss the deadline?"),
            Output::Passage
        );
        assert_eq!(
            output_of("境内差旅报销的提交期限是多久？"),
            Output::Duration
        );
        assert_eq!(op_of("境外的提交期限也与境内一样吗"), Some(Op::Same));
        assert_eq!(op_of("比去年缩短了多少"), Some(Op::Difference));
        assert_eq!(op_of("which is older"), Some(Op::Earliest));
    }
}
