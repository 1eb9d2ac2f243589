//! Stage 6 — execute: the value a typed question asks for, read out of the
//! sentence that answers it.
//!
//! "In what year was Scott Travis born?" is answered by 1961, not by the
//! sentence that states it; "How many people live in Boulder City?" by
//! 15,023. [`stated`] finds values of the expected kind — years, dates,
//! numbers (digits, English number words, Chinese numerals, with a unit or
//! measure word that follows), people and places (names the catalog links, or
//! capitalized names) — in the answering sentence, and picks the one nearest
//! the words of the question the sentence matched. A date asked of a life
//! event is one of that event ([`life::side`]: the death after a life span's
//! dash, not the birth before it).
//!
//! Guarantees: a value is a span of the sentence it is read from (byte range
//! and text); a year is 1000–2099 and not part of a longer number or ID; a
//! name is never one the question itself gives; `None` when the sentence
//! states no value of that kind — the part is then not answered by it.

use crate::analyze::fold::Lower;
use crate::analyze::{self, is_cjk, lexicon};
use crate::compute::number::{en_number, is_zh_numeral};
use crate::decompose::frame::Answer;

use super::life::{self, Life};

/// What a part asks for: the kind of value and, for a date, the life event
/// it dates ([`life::asked`]).
#[derive(Debug, Clone)]
pub struct Asked {
    pub answer: Answer,
    pub life: Option<Life>,
    /// The question names another event ([`life::names_other_event`]).
    pub other_event: bool,
    /// The verb a "who" question asks the doer of ([`super::kind::doer_verb`]).
    pub doer: Option<String>,
}

impl From<Answer> for Asked {
    fn from(answer: Answer) -> Self {
        Asked {
            answer,
            life: None,
            other_event: false,
            doer: None,
        }
    }
}

/// One value found in a sentence: its byte range in the passage and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub start: usize,
    pub end: usize,
    pub text: String,
}

/// Month abbreviations, besides [`lexicon::MONTHS`].
const MONTH_ABBREVIATIONS: &[&str] = &[
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
];
/// Words after a number that say what it counts.
const SCALES: &[&str] = &["hundred", "thousand", "million", "billion", "trillion"];
/// Chinese measure words and units after a number.
const ZH_UNITS: &[&str] = &[
    "分钟",
    "小时",
    "公里",
    "千米",
    "平方公里",
    "公顷",
    "亿元",
    "万元",
    "万人",
    "亿",
    "万",
    "元",
    "年",
    "月",
    "日",
    "天",
    "人",
    "个",
    "次",
    "座",
    "名",
    "位",
    "部",
    "种",
    "米",
    "岁",
    "届",
    "场",
    "集",
    "张",
    "本",
    "家",
    "条",
    "层",
    "项",
];

fn glued(text: &str, at: usize, before: bool) -> bool {
    let c = if before {
        text.get(..at).and_then(|h| h.chars().next_back())
    } else {
        text.get(at..).and_then(|t| t.chars().next())
    };
    c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '/')
}

/// Where an amount that starts at `at` begins with its currency: a symbol
/// written against it, with a country's capital letters in front ("$13",
/// "US$13", "€5", "HK$2"), not before `floor`.
fn with_currency(text: &str, at: usize, floor: usize) -> usize {
    let head = text.get(floor..at).unwrap_or("");
    let Some(sym) = head.chars().next_back().filter(|c| "$€£¥₹".contains(*c)) else {
        return at;
    };
    let start = at - sym.len_utf8();
    let code = text
        .get(floor..start)
        .unwrap_or("")
        .chars()
        .rev()
        .take_while(char::is_ascii_uppercase)
        .count();
    let start = start - code;
    // A code glued to a word ("FOOUS$5") is not a currency's.
    if code > 3 || (code > 0 && glued(text, start, true)) {
        return at - sym.len_utf8();
    }
    start
}

/// Years 1000–2099 in `text[s..e]`, as byte ranges.
fn years(text: &str, (s, e): (usize, usize)) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = s;
    while i + 4 <= e {
        let digits = bytes
            .get(i..i + 4)
            .is_some_and(|w| w.iter().all(u8::is_ascii_digit));
        if digits && !glued(text, i, true) && !glued(text, i + 4, false) {
            let year: u32 = text.get(i..i + 4).and_then(|y| y.parse().ok()).unwrap_or(0);
            if (1000..2100).contains(&year) {
                out.push((i, i + 4));
            }
            i += 4;
        } else {
            i += 1;
        }
    }
    out
}

/// Decades in `text[s..e]`, as byte ranges: "1960s", "1920's", with the
/// part of it said before ("late 1960s", "mid-1990s", "early 1920's"). A
/// decade that a capitalised word follows is part of a name ("The 1960s
/// Club").
fn decades(text: &str, (s, e): (usize, usize)) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = s;
    while i + 5 <= e {
        let digits = bytes
            .get(i..i + 4)
            .is_some_and(|w| w.iter().all(u8::is_ascii_digit) && w.get(3) == Some(&b'0'));
        let rest = text.get(i + 4..e).unwrap_or("");
        let plural = ["s", "'s", "’s"].iter().find(|p| rest.starts_with(**p));
        let mid = text.get(..i).is_some_and(|h| h.ends_with("mid-"));
        let (Some(plural), true) = (plural, digits && (mid || !glued(text, i, true))) else {
            i += 1;
            continue;
        };
        let end = i + 4 + plural.len();
        let next = text.get(end..).unwrap_or("");
        let year: u32 = text.get(i..i + 4).and_then(|y| y.parse().ok()).unwrap_or(0);
        let named = next
            .strip_prefix(' ')
            .is_some_and(|n| n.starts_with(char::is_uppercase));
        if (1000..2100).contains(&year) && !glued(text, end, false) && !named {
            let head = text.get(s..i).unwrap_or("");
            let part = ["early ", "mid-", "mid ", "late "]
                .iter()
                .find(|p| {
                    head.get(head.len().saturating_sub(p.len())..)
                        .is_some_and(|h| h.eq_ignore_ascii_case(p))
                })
                .map_or(0, |p| p.len());
            out.push((i - part, end));
        }
        i = end;
    }
    out
}

/// True when every year `text` states is a date of a life span or a birth
/// in parentheses ("Elena Sorensen (born 21 August 1962) is a director"),
/// and it states one: such a sentence dates no other event.
pub(super) fn only_life_years(text: &str) -> bool {
    let ys = years(text, (0, text.len()));
    !ys.is_empty() && ys.iter().all(|r| life::side(text, r.0).is_some())
}

/// Words of `text[s..e]` with byte ranges (lowercase).
fn words(text: &str, (s, e): (usize, usize)) -> Vec<(usize, usize, String)> {
    let slice = text.get(s..e).unwrap_or("");
    analyze::words(slice)
        .into_iter()
        .map(|w| (s + w.start, s + w.end, w.term))
        .collect()
}

/// Dates: "September 6, 1961", "6 September 1961", "March 2014", a year
/// alone, a decade ([`decades`]), "1998年3月", "1990年代"; a day of the week
/// ("on Sundays") where none of those is.
fn dates(text: &str, range: (usize, usize)) -> Vec<(usize, usize)> {
    let ws = words(text, range);
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (k, (ws_start, _, w)) in ws.iter().enumerate() {
        if !lexicon::MONTHS.contains(&w.as_str()) && !MONTH_ABBREVIATIONS.contains(&w.as_str()) {
            continue;
        }
        let mut start = *ws_start;
        // "6 September"
        if let Some((ds, _, d)) = k.checked_sub(1).and_then(|p| ws.get(p)) {
            if d.len() <= 2 && d.chars().all(|c| c.is_ascii_digit()) {
                start = *ds;
            }
        }
        // "September 6, 1961" / "September 1961": a day then a year, or a
        // year alone; a date ends at its year ("2 January 1905 – 8 January
        // 1998" reads "2 January 1905", never "… 1905 – 8").
        let mut end = ws.get(k).map_or(start, |x| x.1);
        let mut day_seen = start < *ws_start;
        for (_, we, n) in ws.iter().skip(k + 1).take(2) {
            if !n.chars().all(|c| c.is_ascii_digit()) {
                break;
            }
            if n.len() == 4 {
                end = *we;
                break;
            }
            if n.len() <= 2 && !day_seen {
                end = *we;
                day_seen = true;
            } else {
                break;
            }
        }
        // A range without its year takes the year its end states: "May 31
        // to June 12, 1864", "August 28–30, 1862".
        let year_stated = text.get(start..end).is_some_and(|d| {
            analyze::words(d)
                .iter()
                .any(|w| w.term.len() == 4 && w.term.chars().all(|c| c.is_ascii_digit()))
        });
        if !year_stated {
            let after = ws.iter().skip_while(|x| x.0 < end).take(5);
            for (_, we, n) in after {
                let digits = n.chars().all(|c| c.is_ascii_digit());
                if digits && n.len() == 4 {
                    end = *we;
                    break;
                }
                let joins = (digits && n.len() <= 2)
                    || matches!(n.as_str(), "to" | "through" | "until")
                    || lexicon::MONTHS.contains(&n.as_str());
                if !joins {
                    break;
                }
            }
        }
        // A month alone is a date after a preposition of time, written as
        // a name ("confirmed in March"; never the modal "may").
        let month_alone = k
            .checked_sub(1)
            .and_then(|p| ws.get(p))
            .is_some_and(|(_, _, p)| {
                matches!(
                    p.as_str(),
                    "in" | "since" | "by" | "until" | "till" | "during"
                )
            })
            && text
                .get(*ws_start..)
                .is_some_and(|m| m.starts_with(|c: char| c.is_uppercase()));
        if end > ws.get(k).map_or(start, |x| x.1) || start < *ws_start || month_alone {
            out.push((start, end));
        }
    }
    for d in decades(text, range) {
        if !out.iter().any(|&(s, e)| d.0 < e && s < d.1) {
            out.push(d);
        }
    }
    for y in years(text, range) {
        if !out.iter().any(|&(s, e)| y.0 >= s && y.1 <= e) {
            // "1998年3月5日", "1990年代"
            let mut end = y.1;
            let tail = text.get(end..range.1).unwrap_or("");
            if tail.starts_with("年代") {
                end += "年代".len();
            } else if tail.starts_with('年') {
                end += '年'.len_utf8();
                let rest = text.get(end..range.1).unwrap_or("");
                let month: usize = rest
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .map(char::len_utf8)
                    .sum();
                if month > 0 && rest.get(month..).is_some_and(|r| r.starts_with('月')) {
                    end += month + '月'.len_utf8();
                }
            }
            out.push((y.0, end));
        }
    }
    // "Priya runs along the river on Sundays": a day of the week says when
    // something recurs, where no date does. (Lowercase words only: "Bloody
    // Sunday" is a name.)
    if out.is_empty() {
        out.extend(
            ws.iter()
                .filter(|(s, _, w)| {
                    lexicon::is_calendar_word(w)
                        && !lexicon::MONTHS.contains(&w.as_str())
                        && !preceded_by_capital(text, *s)
                })
                .map(|&(s, e, _)| (s, e)),
        );
    }
    out
}

/// True when the word before byte `at` starts with a capital past a
/// sentence's first word (a name: "Bloody Sunday", "Easter Monday").
fn preceded_by_capital(text: &str, at: usize) -> bool {
    let before = text.get(..at).unwrap_or("").trim_end();
    let previous = before.rsplit(char::is_whitespace).next().unwrap_or("");
    let opens = before
        .get(..before.len() - previous.len())
        .is_none_or(|b| b.trim_end().is_empty() || b.trim_end().ends_with(['.', '!', '?']));
    previous.chars().next().is_some_and(char::is_uppercase) && !opens
}

/// True when the digits at `at..end` are a side of a clock time ("gave up
/// at 14:02 UTC"): a time of day counts nothing.
fn clock(text: &str, at: usize, end: usize) -> bool {
    let digit_after = |r: &str| r.chars().next().is_some_and(|c| c.is_ascii_digit());
    let after = text.get(end..).unwrap_or("");
    let before = text.get(..at).unwrap_or("");
    after.strip_prefix(':').is_some_and(digit_after)
        || before
            .strip_suffix(':')
            .is_some_and(|b| b.ends_with(|c: char| c.is_ascii_digit()))
}

/// Clock times in `text[s..e]`: "14:02", "14:02 UTC", "9:30 pm" (hours
/// and two-digit minutes, a zone or am/pm after them kept with them).
fn clocks(text: &str, (s, e): (usize, usize)) -> Vec<(usize, usize)> {
    let slice = text.get(s..e).unwrap_or("");
    let bytes = slice.as_bytes();
    let digit = |k: usize| bytes.get(k).is_some_and(u8::is_ascii_digit);
    let mut out = Vec::new();
    for (k, &b) in bytes.iter().enumerate() {
        if b != b':' || k == 0 || !digit(k - 1) || !digit(k + 1) || !digit(k + 2) || digit(k + 3) {
            continue;
        }
        let hours = if k >= 2 && digit(k - 2) { k - 2 } else { k - 1 };
        if hours > 0 && (digit(hours - 1) || bytes.get(hours - 1) == Some(&b':')) {
            continue;
        }
        // Seconds ("14:02:33"); any other run of colons is no clock.
        let mut end = k + 3;
        if bytes.get(end) == Some(&b':') {
            if !digit(end + 1) || !digit(end + 2) || digit(end + 3) {
                continue;
            }
            end += 3;
        }
        let rest = slice.get(end..).unwrap_or("");
        let next = rest.trim_start();
        let word: String = next.chars().take_while(char::is_ascii_alphabetic).collect();
        if matches!(
            word.to_ascii_lowercase().as_str(),
            "utc" | "gmt" | "am" | "pm"
        ) {
            end += rest.len() - next.len() + word.len();
        }
        out.push((s + hours, s + end));
    }
    out
}

/// True when `text` states a clock time ("gave up at 14:02 UTC"): an answer
/// to "at what time" and "when".
pub fn has_clock(text: &str) -> bool {
    !clocks(text, (0, text.len())).is_empty()
}

/// Counts said as adverbs ("retries a failed check *twice*"), which
/// [`numbers`] does not read: a sentence's count when it writes no number.
fn adverb_counts(text: &str, range: (usize, usize)) -> Vec<(usize, usize)> {
    words(text, range)
        .into_iter()
        .filter(|(_, _, w)| matches!(w.as_str(), "once" | "twice"))
        .map(|(s, e, _)| (s, e))
        .collect()
}

/// Numbers: "15,023", "1.5", "140 million", "nine", "三十", with a Chinese
/// measure word after them ("4分钟").
fn numbers(text: &str, (s, e): (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let slice = text.get(s..e).unwrap_or("");
    let mut iter = slice.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let at = s + i;
        let digit = c.is_ascii_digit();
        if !(digit || is_zh_numeral(c)) || glued(text, at, true) && digit {
            continue;
        }
        let mut end = at + c.len_utf8();
        while let Some(&(j, d)) = iter.peek() {
            let joins = if digit {
                d.is_ascii_digit()
                    || ((d == ',' || d == '.')
                        && slice
                            .get(j + 1..)
                            .and_then(|r| r.chars().next())
                            .is_some_and(|n| n.is_ascii_digit()))
            } else {
                is_zh_numeral(d)
            };
            if !joins {
                break;
            }
            end = s + j + d.len_utf8();
            iter.next();
        }
        if digit && (glued(text, end, false) || clock(text, at, end)) {
            continue;
        }
        let rest = text.get(end..e).unwrap_or("");
        if let Some(u) = ZH_UNITS
            .iter()
            .filter(|u| rest.starts_with(*u))
            .max_by_key(|u| u.len())
        {
            end += u.len();
        } else if let Some((_, we, w)) = words(text, (end, e)).first() {
            if SCALES.contains(&w.as_str())
                && text
                    .get(end..*we)
                    .is_some_and(|g| g.trim_start().len() + 1 >= g.len())
            {
                end = *we;
            }
        }
        out.push((
            if digit {
                with_currency(text, at, s)
            } else {
                at
            },
            end,
        ));
    }
    for (ws, we, w) in words(text, (s, e)) {
        if en_number(&w).is_some() || w == "hundred" || w == "dozen" {
            out.push((ws, we));
        }
    }
    crate::order::sort_by_key(&mut out, |r| *r);
    out
}

/// Capitalized names of a sentence that the question does not give: runs of
/// capitalized words (joined by "of", "the", "de", …), not at the sentence's
/// start unless it goes on capitalized.
pub(crate) fn names(text: &str, range: (usize, usize), given: &[String]) -> Vec<(usize, usize)> {
    let ws = words(text, range);
    let mut out = Vec::new();
    let mut run: Option<(usize, usize)> = None;
    for (k, (s, e, w)) in ws.iter().enumerate() {
        let raw = text.get(*s..*e).unwrap_or("");
        let capital =
            raw.chars().next().is_some_and(char::is_uppercase) && !raw.chars().any(is_cjk);
        let joiner = matches!(
            w.as_str(),
            "of" | "the" | "de" | "da" | "van" | "von" | "and" | "la"
        );
        // The sentence's first word is capitalized anyway: a name only when
        // the next word is too ("Amongst women" is not one).
        let next_capital = ws
            .get(k + 1)
            .and_then(|(ns, _, _)| text.get(*ns..))
            .and_then(|r| r.chars().next())
            .is_some_and(char::is_uppercase);
        let sentence_start =
            *s == range.0 || text.get(range.0..*s).is_some_and(|h| h.trim().is_empty());
        if capital && !(sentence_start && (analyze::is_stop_word(w) || !next_capital)) {
            run = Some(run.map_or((*s, *e), |(rs, _)| (rs, *e)));
        } else if !(joiner && run.is_some()) {
            out.extend(run.take());
        }
    }
    out.extend(run);
    out.retain(|&(s, e)| !is_given(text.get(s..e).unwrap_or(""), given));
    out
}

/// True when a name is one the question gives (lowercase `given`): the
/// same, a part of one, or one with a qualifier after it ("Gainesville,
/// Florida" for Gainesville). A place in a given one is not ("Alachua
/// County, Florida" for "what county in Florida?").
fn is_given(name: &str, given: &[String]) -> bool {
    let t = name.lower();
    let bare = t.strip_prefix("the ").unwrap_or(&t);
    given
        .iter()
        .any(|g| g.contains(t.as_str()) || bare.starts_with(g.as_str()))
}

/// The byte offset of the last lowercase verb or participle before byte
/// `at` among `words` (a sentence's): the verb a place after it belongs to
/// ("studied at the University of … in Budapest"). Capitalised words are
/// names, never verbs ("Film Arts").
fn governing_verb(text: &str, words: &[(usize, usize, String)], at: usize) -> Option<usize> {
    words
        .iter()
        .rev()
        .filter(|(s, _, _)| *s < at)
        .find(|(s, _, w)| {
            let lower = text
                .get(*s..)
                .and_then(|r| r.chars().next())
                .is_some_and(char::is_lowercase);
            lower && !analyze::is_stop_word(w) && (lexicon::is_verb(w) || lexicon::is_participle(w))
        })
        .map(|(s, _, _)| *s)
}

/// True when the word before byte `at` is one of `words` (any case): "in
/// 1991", "born in Porto".
fn follows(text: &str, at: usize, words: &[&str]) -> bool {
    let before = text.get(..at).unwrap_or("").trim_end();
    let last = before.rsplit(' ').next().unwrap_or("");
    words.iter().any(|w| last.eq_ignore_ascii_case(w))
}

/// Prepositions that date the year after them ("in", "of", "since", …).
const DATING: &[&str] = &[
    "in", "of", "since", "until", "by", "from", "to", "after", "before", "during",
];
/// Prepositions a place follows ("in", "at", "from", …).
const LOCATIVE: &[&str] = &["in", "at", "from", "near", "of", "on", "to"];

/// How far a value is from the matched words; a value before them counts
/// double ("born in 1961", "joined Judas Priest in 1989": the value usually
/// follows what it is the value of).
fn distance(r: (usize, usize), anchors: &[usize]) -> usize {
    anchors
        .iter()
        .map(|&a| {
            if a < r.0 {
                r.0 - a
            } else {
                2 * a.saturating_sub(r.1)
            }
        })
        .min()
        .unwrap_or(usize::MAX / 2)
}

/// The value of kind `answer` the sentence `sentence` states — in its
/// answering `clause` first — nearest the question words it matched
/// (`anchors`, byte offsets), if any. `linked`
/// holds the byte ranges of names the catalog links in the passage; `given`
/// the question's own names (lowercase), which are never the answer.
pub fn stated(
    asked: impl Into<Asked>,
    text: &str,
    sentence: (usize, usize),
    clause: (usize, usize),
    anchors: &[usize],
    linked: &[(usize, usize)],
    given: &[String],
) -> Option<Found> {
    let Asked {
        answer,
        life,
        other_event,
        doer,
    } = asked.into();
    let inside = |r: &(usize, usize)| r.0 >= sentence.0 && r.1 <= sentence.1;
    // A date of a life span is the event its side of the dash is: the
    // death for "When did X die?", never the birth before it; and a
    // question that asks no life event (a film's release) is not answered
    // by a birth or a death.
    let of_event = |r: &(usize, usize)| match (life, life::side(text, r.0)) {
        (_, None) => true,
        (Some(asked), Some(side)) => asked == side,
        (None, Some(_)) => !other_event,
    };
    // A place or a person of the asked verb beats a nearer one of another:
    // "born in Szeged and *studied* … in Budapest" for "where did he
    // study?", "directed by Tomas Varga and *written* by Judit Halasz" for
    // "who wrote it?".
    let sentence_words = if matches!(answer, Answer::Place | Answer::Person) {
        words(text, sentence)
    } else {
        Vec::new()
    };
    let of_asked_verb = |r: (usize, usize)| {
        governing_verb(text, &sentence_words, r.0).is_some_and(|v| anchors.contains(&v))
    };
    // The doer asked is the one its agent noun names ("drummer Iona
    // Fraser" for "who drummed on it?", not the singer listed first, in
    // whichever clause of the list it stands).
    let by_agent_noun = |r: (usize, usize)| {
        doer.as_deref().is_some_and(|verb| {
            let before = text.get(..r.0).unwrap_or("").trim_end();
            let before = before.strip_suffix(" the").unwrap_or(before);
            before
                .rsplit(|c: char| !c.is_alphanumeric())
                .next()
                .is_some_and(|w| {
                    analyze::terms(w)
                        .iter()
                        .any(|t| lexicon::names_doer(&t.term, verb))
                })
        })
    };
    let candidates: Vec<(usize, usize)> = match answer {
        Answer::Year => years(text, sentence).into_iter().filter(of_event).collect(),
        Answer::Date => dates(text, sentence)
            .into_iter()
            .filter(of_event)
            .chain(clocks(text, sentence))
            .collect(),
        Answer::Number => {
            let ys = years(text, sentence);
            // "in 1991", "As of 2017", "since 1920": a date, never a count.
            let dated = |n: &(usize, usize)| ys.contains(n) && follows(text, n.0, DATING);
            let all: Vec<(usize, usize)> = numbers(text, sentence)
                .into_iter()
                .filter(|n| !dated(n))
                .collect();
            let plain: Vec<(usize, usize)> =
                all.iter().copied().filter(|n| !ys.contains(n)).collect();
            if !plain.is_empty() {
                plain
            } else if !all.is_empty() {
                all
            } else {
                adverb_counts(text, sentence)
            }
        }
        Answer::Person | Answer::Place => {
            let not_given =
                |&(s, e): &(usize, usize)| !is_given(text.get(s..e).unwrap_or(""), given);
            // A place follows "in", "at", "from" …; a person does not; and it
            // is named in the answering clause itself ("founded by Tom Poe,
            // who was born in Porto" does not say where a label was founded).
            // So does one after its kind noun there ("on the river Wend").
            let place_like = |&(s, _): &(usize, usize)| {
                follows(text, s, LOCATIVE) || {
                    let before = text.get(..s).unwrap_or("").trim_end();
                    let (rest, kind) = before.rsplit_once(' ').unwrap_or(("", before));
                    let rest = rest.trim_end();
                    let rest = rest
                        .strip_suffix(" the")
                        .or_else(|| rest.strip_suffix(" The"))
                        .unwrap_or(rest);
                    crate::decompose::frame::PLACE_NOUNS.contains(&kind)
                        && follows(text, rest.len(), LOCATIVE)
                }
            };
            // "in May 2008", "on Sundays" say when: a month or a day is
            // neither a place nor a person.
            let month = |&(s, e): &(usize, usize)| {
                let t = text.get(s..e).unwrap_or("").lower();
                lexicon::is_calendar_word(&t)
            };
            // "a Hungarian film director": a nationality said of someone is
            // neither a person nor a place.
            let demonym = |&(s, e): &(usize, usize)| {
                let t = text.get(s..e).unwrap_or("").lower();
                let next = text.get(e..).unwrap_or("").trim_start();
                lexicon::is_demonym(&t) && next.chars().next().is_some_and(char::is_lowercase)
            };
            // "Born in Dundee, he started busking …" does not say where he
            // studied: a place of a birth or a death answers only a
            // question about one.
            let life_place = |&(s, _): &(usize, usize)| {
                answer == Answer::Place && other_event && follows(text, s, LOCATIVE) && {
                    let before = text.get(..s).unwrap_or("").trim_end();
                    let rest = before.rsplit_once(' ').map_or("", |(rest, _)| rest);
                    let verb = rest.trim_end().rsplit(' ').next().unwrap_or("").lower();
                    lexicon::LIFE_EVENTS.iter().any(|e| verb.starts_with(e))
                }
            };
            // "at Robert Frost's former home": an owner is not the place.
            let owner = |&(_, e): &(usize, usize)| {
                let next = text.get(e..).unwrap_or("");
                answer == Answer::Place && (next.starts_with("'s ") || next.starts_with("’s "))
            };
            // A place may also be in a clause the answering one goes on with
            // by "and" (same subject) that holds a question word: "… until
            // the band split up, and later worked … in London".
            let and_clauses: Vec<(usize, usize)> = if answer == Answer::Place {
                super::read::clauses(text, sentence)
                    .into_iter()
                    .filter(|c| c.0 >= clause.1)
                    .filter(|c| {
                        let t = text.get(c.0..c.1).unwrap_or("").trim_start();
                        t.starts_with("and ") && anchors.iter().any(|&a| a >= c.0 && a < c.1)
                    })
                    .collect()
            } else {
                Vec::new()
            };
            // A name begun in a clause may run past the comma that ends it
            // ("in Franconia, New Hampshire").
            let within = |r: &(usize, usize), c: &(usize, usize)| r.0 >= c.0 && r.0 < c.1;
            // An answering clause that opens with a participle goes on
            // describing the sentence's subject ("a band from Edinburgh,
            // Scotland, *formed* in 1991"): a place before it is the
            // subject's too.
            let participial = text
                .get(clause.0..clause.1)
                .and_then(|c| c.split_whitespace().next())
                .is_some_and(|w| lexicon::is_participle(&w.lower()));
            let before_clause = (sentence.0, clause.0);
            let fits = |r: &(usize, usize)| {
                !month(r)
                    && !demonym(r)
                    && !owner(r)
                    && !life_place(r)
                    && (answer == Answer::Place) == place_like(r)
                    && (within(r, &clause)
                        || and_clauses.iter().any(|c| within(r, c))
                        || by_agent_noun(*r)
                        || (participial && answer == Answer::Place && within(r, &before_clause)))
                    && not_given(r)
            };
            let mut found: Vec<(usize, usize)> = linked
                .iter()
                .filter(|r| inside(r) && fits(r))
                .copied()
                .collect();
            // Names without a page count when no page's does, or when only
            // they are of the asked verb ("written by Judit Halasz").
            if found.is_empty() {
                // A name with no page written all in capitals is a term
                // ("an HTTP GET"), no one who did something.
                let spelt_out = |&(s, e): &(usize, usize)| {
                    answer == Answer::Place
                        || text
                            .get(s..e)
                            .unwrap_or("")
                            .split_whitespace()
                            .any(|w| w.chars().any(char::is_lowercase))
                };
                found = names(text, sentence, given)
                    .into_iter()
                    .filter(|r| fits(r) && spelt_out(r))
                    .collect();
            } else if !found.iter().any(|&r| of_asked_verb(r)) {
                found.extend(
                    names(text, sentence, given)
                        .into_iter()
                        .filter(|&r| fits(&r) && of_asked_verb(r)),
                );
            }
            found
        }
        _ => return None,
    };
    let best = candidates.into_iter().filter(inside).min_by_key(|&r| {
        let in_clause = r.0 < clause.1 && r.1 > clause.0;
        (
            !by_agent_noun(r),
            !in_clause,
            !of_asked_verb(r),
            distance(r, anchors),
            r.0,
        )
    })?;
    Some(Found {
        start: best.0,
        end: best.1,
        text: text.get(best.0..best.1)?.trim().to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_of_the_week_is_a_date_where_none_other_is() {
        let of = |t: &str| -> Vec<String> {
            dates(t, (0, t.len()))
                .into_iter()
                .filter_map(|(s, e)| t.get(s..e).map(str::to_string))
                .collect()
        };
        assert_eq!(of("Priya runs along the river on Sundays."), ["Sundays"]);
        assert_eq!(of("Sunday is her rest day."), ["Sunday"]);
        // A named day is a name; a full date wins over a weekday.
        assert!(of("It happened on Bloody Sunday.").is_empty());
        assert_eq!(
            of("On Monday, 6 September 1961, he left."),
            ["6 September 1961"]
        );
    }

    fn value(answer: Answer, text: &str, near: &str) -> Option<String> {
        let anchor = text.find(near).unwrap_or(0);
        let all = (0, text.len());
        stated(answer, text, all, all, &[anchor], &[], &[]).map(|f| f.text)
    }

    #[test]
    fn a_month_alone_is_a_date_after_a_preposition_of_time() {
        let t = "Priya's coeliac test in March confirmed the gluten intolerance.";
        assert_eq!(
            value(Answer::Date, t, "confirmed").as_deref(),
            Some("March")
        );
        // Not the modal, nor a month with no preposition of time before it.
        assert_eq!(value(Answer::Date, "You may return it.", "return"), None);
        assert_eq!(
            value(Answer::Date, "March is the month it opened.", "opened"),
            None
        );
    }

    #[test]
    fn a_clock_time_answers_when_and_is_no_count() {
        let t = "Deploy of gateway-west failed after the second retry: the orchestrator gave up at 14:02 UTC.";
        assert_eq!(
            value(Answer::Date, t, "gave up").as_deref(),
            Some("14:02 UTC")
        );
        assert_eq!(
            value(Answer::Date, "It opens at 9:30 am daily.", "opens").as_deref(),
            Some("9:30 am")
        );
        assert!(has_clock("ran from 07:15 to 07:40"));
        assert_eq!(
            value(Answer::Date, "It failed at 14:02:33 UTC.", "failed").as_deref(),
            Some("14:02:33 UTC")
        );
        // A ratio, a verse, an ID or a longer run of digits is no clock.
        for t in [
            "a ratio of 3:2",
            "John 3:16:2",
            "build 12:345",
            "at 1402 UTC",
        ] {
            assert!(!has_clock(t), "{t}");
        }
        assert_eq!(value(Answer::Number, t, "retry"), None);
    }

    #[test]
    fn a_day_or_a_month_is_no_place() {
        let t = "Priya runs along the river on Sundays.";
        assert_eq!(place_at(t, "runs"), None);
        assert_eq!(
            place_at("She moved to Porto in May.", "moved").as_deref(),
            Some("Porto")
        );
    }

    #[test]
    fn a_place_in_a_clause_that_goes_on_with_and() {
        // The place is in the clause joined by "and" that holds a question
        // word ("worked"), not in the answering clause.
        let place = |t: &str, clause_end: &str, words: &[&str]| {
            let all = (0, t.len());
            let clause = (0, t.find(clause_end).unwrap() + clause_end.len());
            let anchors: Vec<usize> = words.iter().map(|w| t.find(w).unwrap()).collect();
            stated(Answer::Place, t, all, clause, &anchors, &[], &[]).map(|f| f.text)
        };
        let t = "She played with The Greywell Sisters from 1997 until the band split up, and later worked as a session musician in London.";
        assert_eq!(
            place(t, "split up", &["split", "band", "worked"]).as_deref(),
            Some("London")
        );
        // In other words: "Where did he teach music?"
        let t = "He left the band in 2003, and taught music at a school in Glasgow until 2010.";
        assert_eq!(
            place(t, "in 2003", &["left", "band", "taught"]).as_deref(),
            Some("Glasgow")
        );
        // A clause that holds no question word says nothing asked.
        let t = "The band was formed in 1991, and recorded its first album in Leith.";
        assert_eq!(place(t, "in 1991", &["formed"]), None);
        // Nor does a relative clause, which speaks of someone else.
        let t = "The label was founded by Tom Poe, who was born in Porto.";
        assert_eq!(place(t, "Tom Poe", &["founded", "born"]), None);
    }

    /// The place a whole sentence states for a question whose one matched
    /// word is `word`.
    fn place_at(t: &str, word: &str) -> Option<String> {
        let all = (0, t.len());
        let at = [t.find(word).unwrap()];
        stated(Answer::Place, t, all, all, &at, &[], &[]).map(|f| f.text)
    }

    #[test]
    fn a_person_of_the_asked_verb_beats_a_nearer_one_of_another() {
        let t = "The Lantern Keeper is a 2004 drama film directed by Tomas Varga and written by Judit Halasz.";
        let all = (0, t.len());
        let person = |verb: &str, linked: &[(usize, usize)]| {
            let at = [t.find(verb).unwrap(), t.find("Lantern").unwrap()];
            stated(Answer::Person, t, all, all, &at, linked, &[]).map(|f| f.text)
        };
        assert_eq!(person("written", &[]).as_deref(), Some("Judit Halasz"));
        assert_eq!(person("directed", &[]).as_deref(), Some("Tomas Varga"));
        // Only the director has a page: the writer, who has none, is still
        // the one "written" governs.
        let varga = t.find("Tomas").unwrap();
        let linked = [(varga, varga + "Tomas Varga".len())];
        assert_eq!(person("written", &linked).as_deref(), Some("Judit Halasz"));
        assert_eq!(person("directed", &linked).as_deref(), Some("Tomas Varga"));
    }

    #[test]
    fn a_place_of_the_asked_verb_beats_a_nearer_one_of_another() {
        let place = place_at;
        let t = "He was born in Szeged and studied at the University of Theatre and Film Arts in Budapest.";
        assert_eq!(place(t, "studied").as_deref(), Some("Budapest"));
        assert_eq!(place(t, "born").as_deref(), Some("Szeged"));
        // In other words.
        let t = "She grew up in Oban and later trained as a session drummer in Glasgow.";
        assert_eq!(place(t, "trained").as_deref(), Some("Glasgow"));
        assert_eq!(place(t, "grew").as_deref(), Some("Oban"));
        // No place after the asked verb: the nearest one stays.
        let t = "Founded in Leith, the label later signed many bands.";
        assert_eq!(place(t, "signed").as_deref(), Some("Leith"));
    }

    #[test]
    fn an_owner_is_no_place() {
        // "Robert Frost's former home" is a home, not a place named Robert
        // Frost: the place is where the home is.
        let place = place_at;
        let t = "The Frost Place is a museum located at Robert Frost's former home in Franconia, New Hampshire.";
        let given = ["the frost place".to_string()];
        let all = (0, t.len());
        let at = [t.find("located").unwrap()];
        let got = stated(Answer::Place, t, all, all, &at, &[], &given).map(|f| f.text);
        assert_eq!(got.as_deref(), Some("Franconia, New Hampshire"));
        // The answering clause ends at the comma inside the place's name.
        let clause = (0, t.find(',').unwrap());
        let got = stated(Answer::Place, t, all, clause, &at, &[], &given).map(|f| f.text);
        assert_eq!(got.as_deref(), Some("Franconia, New Hampshire"));
        // In other words, with a curly apostrophe.
        let t = "The archive is housed at Ada Lund’s childhood house in Bergen.";
        assert_eq!(place(t, "housed").as_deref(), Some("Bergen"));
        // Only an owner: no place is stated.
        let t = "The archive is housed at Ada Lund's old office.";
        assert_eq!(place(t, "housed"), None);
        // A person may still be named with "'s" ("directed by Tom Poe's
        // brother" is not asked here; a plain name after "at" still is).
        let t = "The archive is housed at Bergen Hall.";
        assert_eq!(place(t, "housed").as_deref(), Some("Bergen Hall"));
    }

    #[test]
    fn a_term_in_capitals_is_no_person() {
        let person = |text: &str| {
            let all = (0, text.len());
            stated(Answer::Person, text, all, all, &[0], &[], &[]).map(|f| f.text)
        };
        assert_eq!(
            person("The health check is an HTTP GET that must answer within 30 seconds."),
            None
        );
        assert_eq!(person("The agent speaks TLS to the CLI."), None);
        // A name written with lowercase letters still is one.
        assert_eq!(
            person("The health check was written by Ada Lund.").as_deref(),
            Some("Ada Lund")
        );
    }

    #[test]
    fn a_nationality_is_no_person() {
        let t = "Tomas Varga is a Hungarian film director.";
        let given = ["tomas varga".to_string()];
        let all = (0, t.len());
        let person = |text: &str| {
            let all = (0, text.len());
            stated(Answer::Person, text, all, all, &[0], &[], &given).map(|f| f.text)
        };
        assert_eq!(person(t), None);
        assert_eq!(stated(Answer::Place, t, all, all, &[0], &[], &given), None);
        // A name used before a lowercase word is still a name.
        assert_eq!(
            person("Tomas Varga met Hungarian actor Zsolt Kovacs.").as_deref(),
            Some("Zsolt Kovacs")
        );
        assert_eq!(
            person("The film stars Kovacs alongside Tomas Varga.").as_deref(),
            Some("Kovacs")
        );
    }

    #[test]
    fn years_dates_and_numbers_nearest_the_matched_words() {
        let t = "Scott Travis (born September 6, 1961) joined Judas Priest in 1989.";
        assert_eq!(value(Answer::Year, t, "born").as_deref(), Some("1961"));
        // The answering clause decides first.
        let clause = (t.find("joined").unwrap(), t.len());
        let v = stated(Answer::Year, t, (0, t.len()), clause, &[clause.0], &[], &[]);
        assert_eq!(v.map(|f| f.text).as_deref(), Some("1989"));
        assert_eq!(
            value(Answer::Date, t, "born").as_deref(),
            Some("September 6, 1961")
        );
        let t = "The town had a population of 15,023 at the 2010 census.";
        assert_eq!(
            value(Answer::Number, t, "population").as_deref(),
            Some("15,023")
        );
        // A clock time counts nothing; the count is a number word or none.
        let t = "The health check timed out twice and the orchestrator gave up at 14:02 UTC.";
        assert_ne!(value(Answer::Number, t, "timed").as_deref(), Some("14"));
        assert_ne!(value(Answer::Number, t, "timed").as_deref(), Some("02"));
        let t = "The deploy controller retries a failed health check twice.";
        assert_eq!(
            value(Answer::Number, t, "retries").as_deref(),
            Some("twice")
        );
        let t = "It is one of the largest towns and has five bridges.";
        assert_eq!(value(Answer::Number, t, "bridges").as_deref(), Some("five"));
        let t = "At 09:30 the team had restarted 3 pods.";
        assert_eq!(value(Answer::Number, t, "restarted").as_deref(), Some("3"));
        let t = "She sold 140 million records worldwide.";
        assert_eq!(
            value(Answer::Number, t, "records").as_deref(),
            Some("140 million")
        );
        // An amount keeps its currency.
        let t = "The duke is estimated to be worth US$13 billion, making him rich.";
        assert_eq!(
            value(Answer::Number, t, "worth").as_deref(),
            Some("US$13 billion")
        );
        assert_eq!(
            value(Answer::Number, "Tickets cost €40 each.", "cost").as_deref(),
            Some("€40")
        );
        assert_eq!(
            value(Answer::Number, "It raised $2.5 million.", "raised").as_deref(),
            Some("$2.5 million")
        );
        assert_eq!(
            value(Answer::Number, "The show ran for nine seasons.", "ran").as_deref(),
            Some("nine")
        );
        assert_eq!(
            value(
                Answer::Number,
                "若游戏中离，则4分钟内不得进行配对。",
                "配对"
            )
            .as_deref(),
            Some("4分钟")
        );
        assert_eq!(
            value(Answer::Year, "该片于1998年上映。", "上映").as_deref(),
            Some("1998")
        );
        assert_eq!(
            value(Answer::Year, "Release TRAVEL-2026-01 is out.", "out"),
            None
        );
    }

    #[test]
    fn a_decade_is_a_date_not_a_year() {
        let t = "His recording and performing career began in the late 1960s, although it \
                 was not until 1980 that his commercial success began.";
        assert_eq!(
            value(Answer::Date, t, "began").as_deref(),
            Some("late 1960s")
        );
        // Other wordings: a hyphenated period, a bare decade, an apostrophe.
        let t = "The band was formed in Leeds in the mid-1990s by two brothers.";
        assert_eq!(
            value(Answer::Date, t, "formed").as_deref(),
            Some("mid-1990s")
        );
        let t = "The magazine first appeared in the 1980s.";
        assert_eq!(value(Answer::Date, t, "appeared").as_deref(), Some("1980s"));
        let t = "The style spread in the early 1920's across Europe.";
        assert_eq!(
            value(Answer::Date, t, "spread").as_deref(),
            Some("early 1920's")
        );
        // A decade in a name is no date of the event; a year still is.
        let t = "The 1960s Club opened in 1985.";
        assert_eq!(value(Answer::Date, t, "opened").as_deref(), Some("1985"));
        // A decade is not a year: "In what year …?" is not answered by one.
        let t = "The band was formed in the mid-1990s.";
        assert_eq!(value(Answer::Year, t, "formed"), None);
        // Chinese: 1990年代.
        assert_eq!(
            value(Answer::Date, "该乐队成立于1990年代。", "成立").as_deref(),
            Some("1990年代")
        );
    }

    #[test]
    fn a_date_ends_at_its_year() {
        // A life span: the day after the dash belongs to the death date.
        let t = "Sir Michael Tippett (2 January 1905 – 8 January 1998) was an English composer.";
        assert_eq!(
            value(Answer::Date, t, "(2").as_deref(),
            Some("2 January 1905")
        );
        let t = "Luigi Cherubini (14 September 1760 – 15 March 1842) was an Italian composer.";
        assert_eq!(
            value(Answer::Date, t, "(14").as_deref(),
            Some("14 September 1760")
        );
        // US order, and a month with its year, still read whole.
        let t = "Pat Lee (born March 5, 1950 – 1990) was a singer.";
        assert_eq!(
            value(Answer::Date, t, "born").as_deref(),
            Some("March 5, 1950")
        );
        // A range takes the year its end states.
        let t = "The Battle of Cold Harbor was fought from May 31 to June 12, 1864, near Mechanicsville.";
        assert_eq!(
            value(Answer::Date, t, "fought").as_deref(),
            Some("May 31 to June 12, 1864")
        );
        let t = "The battle was fought August 28–30, 1862 in Prince William County.";
        assert_eq!(
            value(Answer::Date, t, "fought").as_deref(),
            Some("August 28–30, 1862")
        );
        // Other words between them: no range.
        let t = "On May 31 the 12 delegates met, and in 1864 they met again.";
        assert_eq!(value(Answer::Date, t, "On").as_deref(), Some("May 31"));
        let t = "The bridge opened in May 1937, 12 years after work began.";
        assert_eq!(
            value(Answer::Date, t, "opened").as_deref(),
            Some("May 1937")
        );
    }

    #[test]
    fn a_year_after_a_preposition_is_no_count_and_a_month_no_place() {
        // "how many seasons?" is not answered by "As of 2017".
        let t = "As of 2017, he portrays the playwright in the TNT series Will.";
        assert_eq!(value(Answer::Number, t, "series"), None);
        let t = "He was gunned down in 1991 in the car park of a pub.";
        assert_eq!(value(Answer::Number, t, "gunned"), None);
        // A year that is the count's own number still is one.
        let t = "The club has 1500 members and was founded in 1920.";
        assert_eq!(value(Answer::Number, t, "members").as_deref(), Some("1500"));
        // A bare number beside a year is still preferred.
        let t = "In 2017 the show was cancelled after one season.";
        assert_eq!(value(Answer::Number, t, "season").as_deref(), Some("one"));
        // "in May 2008" says when, not where.
        let t =
            "It is a recording of his live performance at London's Bloomsbury Theatre in May 2008.";
        let all = (0, t.len());
        let at = [t.find("performance").unwrap()];
        let place = stated(Answer::Place, t, all, all, &at, &[], &[]).map(|f| f.text);
        assert_ne!(place.as_deref(), Some("May"));
    }

    #[test]
    fn names_are_not_the_question_s_own() {
        let t = "Angel of Retribution features Scott Travis on drums.";
        let given = vec!["angel of retribution".to_string()];
        let all = (0, t.len());
        let v = stated(
            Answer::Person,
            t,
            all,
            all,
            &[t.find("drums").unwrap()],
            &[],
            &given,
        );
        assert_eq!(v.map(|f| f.text).as_deref(), Some("Scott Travis"));
    }
}
