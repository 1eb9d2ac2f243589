//! The analyzer's English terms, word by word, against a committed golden
//! file: every distinct word of the repository's corpora and fixtures, and
//! generated stems followed by every suffix Snowball's English rules know,
//! with the terms `analyze::terms` gives each (stop words dropped, numbers
//! kept, Snowball English stems from rust-stemmers). The file was written by the
//! hand-written stemmer this crate had before it used rust-stemmers, so it
//! also records that the two agree on these words. A changed corpus needs
//! the file rewritten: `SLOTCHAIN_WRITE_GOLDEN=1 cargo test --test stem`.

use slotchain::analyze::{terms, words};
use std::collections::BTreeSet;
use std::path::Path;

const GOLDEN: &str = "tests/fixtures/stems.tsv";

/// Every suffix and whole word the rules look for, and common endings.
const SUFFIXES: &[&str] = &[
    "", "'", "'s", "'s'", "s", "es", "sses", "ied", "ies", "us", "ss", "ed", "eed", "edly",
    "eedly", "ing", "ingly", "at", "bl", "iz", "y", "ly", "tional", "enci", "anci", "abli",
    "entli", "izer", "ization", "ational", "ation", "ator", "alism", "aliti", "alli", "fulness",
    "ousli", "ousness", "iveness", "iviti", "biliti", "bli", "ogi", "logi", "fulli", "lessli",
    "li", "cli", "tli", "alize", "icate", "iciti", "ical", "ful", "ness", "ative", "al", "ance",
    "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate", "iti", "ous",
    "ive", "ize", "ion", "sion", "tion", "e", "l", "ll", "bb", "dd", "tt", "yed", "ying", "skis",
    "skies", "dying", "news", "inning", "proceed", "succeed", "gener", "commun", "arsen",
];

/// Pseudo-random stems (a fixed xorshift sequence) with every suffix and a
/// second ending.
fn generated(out: &mut BTreeSet<String>) {
    let mut state: u32 = 0x9e37_79b9;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as usize % n
    };
    let letters: Vec<char> = "aeiouybcdfghklmnprstvwxzé".chars().collect();
    for _ in 0..16 {
        let len = next(7);
        let base: String = (0..len)
            .map(|_| letters.get(next(letters.len())).copied().unwrap_or('a'))
            .collect();
        for first in SUFFIXES {
            for second in ["", "s", "ed", "ing", "ly", "ness", "e", "al"] {
                out.insert(format!("{base}{first}{second}"));
            }
        }
    }
}

fn text_files(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            text_files(&path, out);
        } else if path.extension().is_some_and(|e| e != "tsv") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.push(text);
            }
        }
    }
}

/// `word<TAB>terms joined by spaces`, one line per distinct corpus word.
fn analyzed() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    for dir in ["corpus", "js-tests/fixtures", "tests/fixtures"] {
        text_files(&root.join(dir), &mut texts);
    }
    let mut distinct: BTreeSet<String> = texts
        .iter()
        .flat_map(|t| words(t).into_iter().map(|w| w.term))
        .collect();
    generated(&mut distinct);
    let mut out = String::new();
    for word in &distinct {
        let stems: Vec<String> = terms(word).into_iter().map(|t| t.term).collect();
        out.push_str(&format!("{word}\t{}\n", stems.join(" ")));
    }
    out
}

#[test]
fn every_corpus_word_analyzes_as_the_golden_file_says() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    let got = analyzed();
    if std::env::var_os("SLOTCHAIN_WRITE_GOLDEN").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    let (got_lines, want_lines): (Vec<&str>, Vec<&str>) =
        (got.lines().collect(), want.lines().collect());
    for (g, w) in got_lines.iter().zip(&want_lines) {
        assert_eq!(g, w, "analyzer output differs from {GOLDEN}");
    }
    assert_eq!(
        got_lines.len(),
        want_lines.len(),
        "word count differs from {GOLDEN}"
    );
    assert!(want_lines.len() > 10_000, "only {} words", want_lines.len());
}

#[test]
fn stems_are_snowball_english() {
    let cases = [
        ("running", "run"),
        ("generously", "generous"),
        ("organization", "organ"),
        ("refunds", "refund"),
        ("skies", "sky"),
        ("news", "news"),
    ];
    for (word, stem) in cases {
        assert_eq!(slotchain::analyze::stem(word), stem, "{word}");
    }
}
