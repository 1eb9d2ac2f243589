//! The hand-written stemmer against the Snowball reference (rust-stemmers,
//! English): every word of the repository's corpora, every short string over
//! an alphabet that reaches each rule, and generated stems followed by every
//! suffix the rules know. One differing word fails the test and names it.

use rust_stemmers::{Algorithm, Stemmer};
use slotchain::analyze::{stem::stem, words};
use std::path::Path;

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

struct Reference(Stemmer, usize);

impl Reference {
    fn check(&mut self, word: &str) {
        let want = self.0.stem(word);
        assert_eq!(stem(word), want, "stem of {word:?}");
        self.1 += 1;
    }
}

fn reference() -> Reference {
    Reference(Stemmer::create(Algorithm::English), 0)
}

fn text_files(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            text_files(&path, out);
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            out.push(text);
        }
    }
}

#[test]
fn every_corpus_word_stems_as_snowball() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    for dir in ["corpus", "js-tests/fixtures", "tests", "README.md"] {
        text_files(&root.join(dir), &mut texts);
    }
    let mut reference = reference();
    for text in &texts {
        for w in words(text) {
            reference.check(&w.term);
        }
    }
    assert!(reference.1 > 10_000, "only {} corpus words", reference.1);
}

/// Every string of up to `len` characters over `alphabet`.
fn all_strings(alphabet: &[char], len: usize, reference: &mut Reference) {
    let mut word = Vec::new();
    fn walk(alphabet: &[char], left: usize, word: &mut Vec<char>, r: &mut Reference) {
        r.check(&word.iter().collect::<String>());
        if left > 0 {
            for &c in alphabet {
                word.push(c);
                walk(alphabet, left - 1, word, r);
                word.pop();
            }
        }
    }
    walk(alphabet, len, &mut word, reference);
}

#[test]
fn every_short_string_stems_as_snowball() {
    let mut reference = reference();
    all_strings(
        &"aeiouyYbdlstgnrwxz'é".chars().collect::<Vec<_>>(),
        4,
        &mut reference,
    );
    all_strings(&"aeyYlstdbé".chars().collect::<Vec<_>>(), 5, &mut reference);
    assert_eq!(reference.1, 168_421 + 111_111);
}

#[test]
fn generated_stems_with_every_suffix_stem_as_snowball() {
    // A fixed pseudo-random sequence (xorshift), so a failure repeats.
    let mut state: u32 = 0x9e37_79b9;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as usize % n
    };
    let letters: Vec<char> = "aeiouybcdfghklmnprstvwxzYé".chars().collect();
    let mut reference = reference();
    for _ in 0..400 {
        let len = next(7);
        let base: String = (0..len)
            .map(|_| letters.get(next(letters.len())).copied().unwrap_or('a'))
            .collect();
        for first in SUFFIXES {
            for second in ["", "s", "ed", "ing", "ly", "ness", "e", "al"] {
                reference.check(&format!("{base}{first}{second}"));
            }
        }
    }
    assert_eq!(reference.1, 400 * SUFFIXES.len() * 8);
}
