//! Stage 6 — execute: a misspelt name is read as the name the passages write.
//!
//! Real questions misspell names ("Phyllis Kohn" for Phyllis Kahn, "Richard
//! Kuklinsk"), and the names check then rejects the very page that answers.
//! Before a step reads its candidates, each name word the corpus lacks is
//! compared with the capitalised words of the step's first candidates; when
//! exactly one of them is one edit away, the question is read with it, and
//! the report says so ("“Kohn” read as “Kahn”").
//!
//! Other words are misspelt too ("refnud", "supernatrual", "filmaker"): a
//! word of six letters or more that no passage has is read as the one word
//! of the first candidates a letter added, dropped or two swapped away (or
//! as the stem a candidate writes inflected: "sumbit" as "submit" of
//! "submitted") —
//! never a changed letter, which turns a common word into another too
//! often ("shipping" is not "shopping": that part stays missing).
//!
//! Guarantees: only a word of the question with no passage in the corpus is
//! ever replaced, and only by a word of a candidate with the same first
//! letter that the corpus has: for a capitalised word of a name, of four
//! letters or more, a capitalised word one edit away (a letter added,
//! dropped or changed, or two neighbours swapped); for another word, of six
//! letters or more, a word one edit away that is not a changed letter. When
//! two different words qualify, nothing is replaced (no guess). Shorter
//! words and scripts without letters of this kind (Chinese) are never
//! corrected: a word the corpus lacks still sinks a part.
//!
//! A name of several words may also be misspelt with a word the corpus has
//! elsewhere ("Thomas Boutflower Bennet", where "Bennet" is Elizabeth
//! Bennet's; "Rodger Michell", where "Rodger" is Rodger Young's). When no
//! candidate writes the whole name and a candidate writes every word of it
//! but one, and for that one a word one edit away (same first letter, four
//! letters or more; three in a name of four words or more, "Livesey Hal War
//! Memorial"), the name is read as that candidate writes it — only
//! when every candidate that offers a word offers the same one, and never
//! when a candidate writes the name as asked ("Hugo Brand" is read as
//! written though Hugo Brandt is one letter away).

use crate::analyze;
use crate::analyze::edit::{edit_of, Edits};
use crate::analyze::fold::Lower;
use crate::decompose::frame::{Frame, Role};
use crate::index::Index;

/// Shortest name word that is corrected: under four letters, one edit makes
/// another common name ("Lnd", "Ann").
const MIN_CHARS: usize = 4;

/// Shortest other word that is corrected: under six letters, a swapped,
/// added or dropped letter makes another common word ("form", "from";
/// "trail", "trial"; "cahs" may be "cash" or "chas").
const MIN_WORD_CHARS: usize = 6;

/// One word read as another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// As the question writes it.
    pub from: String,
    /// As the passage writes it.
    pub to: String,
}

/// How a report says it: "“Kohn” read as “Kahn”".
pub fn describe(fixes: &[Fix]) -> String {
    fixes
        .iter()
        .map(|f| format!("“{}” read as “{}”", f.from, f.to))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Words of a name, besides the one off, written as asked that make a
/// word of three letters worth reading otherwise ("Livesey *Hal* War
/// Memorial"): with fewer, a short word one edit away may be another
/// person's ("Ana Brook" is not Anna Brook's page for sure).
const SHORT_WORD_CONTEXT: usize = 3;

/// A name word of three letters in a name whose other words a page writes
/// as asked, enough of them ([`SHORT_WORD_CONTEXT`]).
fn short_in_long_name(raw: &str, name_words: usize) -> bool {
    name_words > SHORT_WORD_CONTEXT && correctable_at(raw, MIN_CHARS - 1)
}

/// A name word worth correcting: capitalised, letters only (no CJK), long
/// enough.
fn correctable(raw: &str) -> bool {
    correctable_at(raw, MIN_CHARS)
}

/// [`correctable`] with `min` letters at least.
fn correctable_at(raw: &str, min: usize) -> bool {
    raw.chars().next().is_some_and(char::is_uppercase) && plain_word(raw, min)
}

/// A word of `min` letters or more, letters only, none of them CJK.
fn plain_word(raw: &str, min: usize) -> bool {
    raw.chars().count() >= min
        && raw
            .chars()
            .all(|c| c.is_alphabetic() && !analyze::is_cjk(c))
}

/// How a word no passage has is read, by its role: a name word as any
/// capitalised word one edit away; another word ("refnud", "Austrialian"
/// in "Austrialian-born") of [`MIN_WORD_CHARS`] letters or more as any word
/// one edit away that keeps its letters (see [`Edits::KeepingLetters`]).
/// None when it is not read at all.
fn reading_of(role: Role, raw: &str) -> Option<Edits> {
    match role {
        Role::Name => correctable(raw).then_some(Edits::Any),
        Role::Topic | Role::Soft => {
            plain_word(raw, MIN_WORD_CHARS).then_some(Edits::KeepingLetters)
        }
    }
}

/// Reads each misspelt name word of `frame` as the one word of the texts
/// one edit away (see the module's guarantees); returns what was replaced.
/// `texts` (the candidates' texts) is called only when the question has a
/// name word the corpus lacks or a name of several words: a bundle fetches
/// no text for the others.
pub fn correct<'t>(
    frame: &mut Frame,
    index: &Index,
    texts: impl FnOnce() -> Vec<&'t str>,
) -> Vec<Fix> {
    let question = frame.question.as_str();
    let unknown: Vec<(usize, String, Edits)> = frame
        .terms
        .iter()
        .enumerate()
        .filter(|(_, t)| index.df(&t.term) == 0)
        .filter_map(|(i, t)| {
            let raw = question.get(t.start..t.end)?;
            Some((i, raw.to_string(), reading_of(t.role, raw)?))
        })
        .collect();
    let names = several_word_names(frame);
    if unknown.is_empty() && names.is_empty() {
        return Vec::new();
    }
    let texts = texts();
    // (term index, the term of the word read, the reading)
    let mut found: Vec<(usize, String, Fix)> = Vec::new();
    for (i, raw, edits) in unknown {
        let near = near_words(&raw, texts.iter().copied(), edits);
        let [to] = near.as_slice() else { continue };
        let Some(term) = analyze::terms(to).into_iter().next() else {
            continue;
        };
        if index.df(&term.term) == 0 {
            continue;
        }
        let to = to.to_string();
        found.push((i, term.term, Fix { from: raw, to }));
    }
    // A name a candidate writes as asked needs no reading (the common case,
    // found without reading the candidates' words).
    for (_, name) in names
        .iter()
        .filter(|(written, _)| !texts.iter().any(|t| analyze::word_at(t, written).is_some()))
    {
        if let Some(fix) = name_fix(frame, name, &texts, &found) {
            found.push(fix);
        }
    }
    found.sort_by_key(|f| f.0);
    let fixes = found.iter().map(|(_, _, fix)| fix.clone()).collect();
    // Last first: a replacement shifts only the ranges after it.
    for (i, term, fix) in found.into_iter().rev() {
        rewrite(frame, i, term, &fix.to);
    }
    fixes
}

/// The words of `texts` one edit of the kinds `edits` allows away from
/// `raw`, with its first letter (at most two: one is a reading, two are a
/// guess): capitalised words for a name, any plain word for another word
/// (as the text writes it: "Refunds" at a sentence's start is "refunds").
fn near_words<'t>(raw: &str, texts: impl Iterator<Item = &'t str>, edits: Edits) -> Vec<&'t str> {
    let from: Vec<char> = raw.lower().chars().collect();
    let mut near: Vec<&str> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for word in texts.flat_map(|text| text.split(|c: char| !c.is_alphabetic())) {
        let fits = match edits {
            Edits::Any => correctable(word),
            Edits::KeepingLetters => plain_word(word, MIN_CHARS),
        };
        if near.len() > 1 || !fits {
            continue;
        }
        let lower = word.lower();
        let to: Vec<char> = lower.chars().collect();
        if to.first() != from.first() {
            continue;
        }
        let reading = if edit_of(&from, &to, edits) {
            Some(word)
        } else {
            base_of(word, &lower, from.len(), edits)
                .filter(|base| edit_of(&from, &base.lower().chars().collect::<Vec<_>>(), edits))
        };
        // One reading however many forms write it ("return", "returned").
        if let Some(reading) = reading.filter(|r| !seen.contains(&r.lower())) {
            seen.push(reading.lower());
            near.push(reading);
        }
    }
    near
}

/// The stem a longer word is written with, where it is the word's own
/// beginning ("submit" of "submitted"): a misspelt verb ("sumbit") is as
/// far from it as from the word the corpus writes uninflected. Only for a
/// word that keeps its letters, and only when the stem is no shorter than
/// the misspelt word less one letter (one edit away at most).
fn base_of<'t>(word: &'t str, lower: &str, len: usize, edits: Edits) -> Option<&'t str> {
    if edits != Edits::KeepingLetters || lower.chars().count() <= len {
        return None;
    }
    let stem = analyze::stem(lower);
    let base = word.get(..stem.len())?;
    (stem.len() < lower.len() && stem.chars().count() + 1 >= len && base.lower() == stem)
        .then_some(base)
}

/// Each name of two words or more the question gives: as written, and its
/// words as (term index, word as written); names with a word that is no
/// plain word ("R2D2", "1995with") are left alone.
fn several_word_names(frame: &Frame) -> Vec<(String, Vec<(usize, String)>)> {
    frame
        .names
        .iter()
        .filter_map(|&(s, e)| {
            let words: Vec<(usize, String)> = frame
                .terms
                .iter()
                .enumerate()
                .filter(|(_, t)| t.role == Role::Name && t.start >= s && t.end <= e)
                .filter_map(|(i, t)| Some((i, frame.question.get(t.start..t.end)?.to_string())))
                .collect();
            let plain = words.len() >= 2
                && words
                    .iter()
                    .all(|(_, w)| w.chars().all(char::is_alphabetic));
            Some((frame.question.get(s..e)?.to_string(), words)).filter(|_| plain)
        })
        .collect()
}

/// The one word of a name no text writes in full, read as the page that
/// writes every other word of it writes that one (one edit away, same first
/// letter): "Thomas Boutflower Bennet" on Thomas Boutflower Bennett's page,
/// though "Bennet" is Elizabeth Bennet's. None when a text writes the whole
/// name, when two pages (or two words of one) offer different words, or
/// when more than one word is off.
fn name_fix(
    frame: &Frame,
    name: &[(usize, String)],
    texts: &[&str],
    fixed: &[(usize, String, Fix)],
) -> Option<(usize, String, Fix)> {
    let term_of = |i: usize| {
        fixed
            .iter()
            .find(|f| f.0 == i)
            .map(|f| f.1.as_str())
            .or_else(|| frame.terms.get(i).map(|t| t.term.as_str()))
    };
    let mut offered: Vec<(usize, &str)> = Vec::new();
    for text in texts {
        let written = analyze::terms(text);
        let missing: Vec<&(usize, String)> = name
            .iter()
            .filter(|(i, _)| term_of(*i).is_none_or(|t| !written.iter().any(|w| w.term == t)))
            .collect();
        match missing.as_slice() {
            [] => return None,
            [(i, raw)] if correctable(raw) || short_in_long_name(raw, name.len()) => {
                for word in near_words(raw, std::iter::once(*text), Edits::Any) {
                    if !offered.contains(&(*i, word)) {
                        offered.push((*i, word));
                    }
                }
            }
            _ => {}
        }
    }
    let [(i, to)] = offered.as_slice() else {
        return None;
    };
    let from = name.iter().find(|(j, _)| j == i)?.1.clone();
    let term = analyze::terms(to).into_iter().next()?.term;
    let to = to.to_string();
    Some((*i, term, Fix { from, to }))
}

/// Writes term `i` of the frame as `to` (its question text and its term),
/// shifting every range after it by the change in length.
fn rewrite(frame: &mut Frame, i: usize, term: String, to: &str) {
    let Some((start, end)) = frame.terms.get(i).map(|t| (t.start, t.end)) else {
        return;
    };
    if frame.question.get(start..end).is_none() {
        return;
    }
    frame.question.replace_range(start..end, to);
    let shift = |at: usize| {
        if at >= end {
            at + to.len() - (end - start)
        } else {
            at
        }
    };
    for t in frame.terms.iter_mut() {
        t.start = shift(t.start);
        t.end = shift(t.end);
    }
    if let Some(t) = frame.terms.get_mut(i) {
        t.end = start + to.len();
        t.term = term;
    }
    // A compound the word is a part of ("Austrialian-born") is written anew.
    let question = frame.question.as_str();
    for (j, t) in frame.terms.iter_mut().enumerate() {
        if j == i || t.start > start || t.end < start + to.len() {
            continue;
        }
        let Some(whole) = question.get(t.start..t.end) else {
            continue;
        };
        if let Some(c) = analyze::terms(whole)
            .into_iter()
            .find(|c| c.start == 0 && c.end == whole.len())
        {
            t.term = c.term;
        }
    }
    for r in frame.names.iter_mut().chain(frame.joined.iter_mut()) {
        *r = (shift(r.0), shift(r.1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inflected_word_offers_its_stem_where_it_begins_the_word() {
        fn base(w: &str, len: usize, e: Edits) -> Option<&str> {
            super::base_of(w, &w.lower(), len, e)
        }
        assert_eq!(base("submitted", 6, Edits::KeepingLetters), Some("submit"));
        assert_eq!(base("Submitted", 6, Edits::KeepingLetters), Some("Submit"));
        // A name's word is read as written; a stem much shorter than the
        // misspelt word is more than one edit away; an uninflected word is
        // compared as it is.
        assert_eq!(base("submitted", 6, Edits::Any), None);
        assert_eq!(base("submitted", 9, Edits::KeepingLetters), None);
        assert_eq!(base("submit", 6, Edits::KeepingLetters), None);
    }

    #[test]
    fn a_word_is_read_keeping_its_letters_a_name_changing_one() {
        assert_eq!(
            reading_of(Role::Topic, "shipping"),
            Some(Edits::KeepingLetters)
        );
        assert_eq!(reading_of(Role::Topic, "cahs"), None);
        assert_eq!(reading_of(Role::Name, "Kohn"), Some(Edits::Any));
        assert_eq!(reading_of(Role::Soft, "报销报销报销"), None);
    }

    #[test]
    fn only_capitalised_latin_words_of_four_letters_are_correctable() {
        assert!(correctable("Kohn"));
        assert!(correctable("Ødegaard"));
        assert!(!correctable("kohn"));
        assert!(!correctable("Lnd"));
        assert!(!correctable("R2D2"));
        assert!(!correctable("科恩科恩"));
    }
}
