//! Stage 6 — execute: reading one passage; its sentences, clauses and
//! negations.
//!
//! [`sentences`] and [`clauses`] lay out a passage's text as the reader
//! walks it; the negation cues say where a negation or restriction covers
//! the words after it ([`negated`]), and [`prohibition`] which of them
//! forbid an act the sentence still speaks of ("Never paste raw HTML …").
//! A passage's [`Layout`] is kept in a memo: a question reads the same
//! passages again and again.
//!
//! Guarantees: every range is a byte range of the text on char boundaries,
//! in text order, none overlapping another; a blank piece is no sentence; a
//! decimal point ends no sentence, nor does an initial's or a title's full
//! stop unless a word that opens a sentence follows; no input panics.

use crate::analyze::fold::Lower;
use crate::analyze::{self, lexicon};
use crate::model::Range;
use std::cell::RefCell;
use std::rc::Rc;

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
pub(super) struct Layout {
    /// Each sentence with its clauses ([`sentences`], [`clauses`]).
    pub(super) sentences: Vec<(Range, Vec<Range>)>,
    /// [`negation_cues`] that negate the words after them.
    pub(super) cues: Vec<usize>,
}

thread_local! {
    static LAYOUTS: analyze::Memo<Rc<Layout>> = const { RefCell::new(Vec::new()) };
}

/// The [`Layout`] of a passage, kept in a memo as its words are
/// ([`analyze::passage_terms_where`]): a question reads the same passages
/// again and again.
pub(super) fn layout(text: &str) -> Rc<Layout> {
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
pub(super) fn prohibition(text: &str, sentence: usize, cue: usize) -> bool {
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

/// True when a negation or restriction covers part of the range.
pub fn negated(text: &str, (s, e): (usize, usize)) -> bool {
    !negation_cues(text.get(s..e).unwrap_or(""), true).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

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
