//! Stage "analyze" — the English stemmer.
//!
//! The Snowball "english" algorithm (Porter2), rule for rule as in the
//! Snowball source of rust-stemmers 1.2, which the index used before: the
//! tests compare the two on every word of the repository's corpora and on
//! hundreds of thousands of generated words, so indexes built by either
//! give the same terms. Written out here because the generated Snowball
//! code (its interpreter and tables) was 3.7 KB of the gzipped module; the
//! rules as a few small tables are 2.5 KB, and stem a word about a fifth
//! faster (270 vs 335 ns natively over Snowball's 29k-word vocabulary).
//!
//! Guarantees: [`stem`] returns a word for any input and never panics.
//! Characters other than ASCII are never vowels and never part of a suffix,
//! so the rules run on bytes: each such character stands in as one
//! placeholder byte (counting as one letter, as in Snowball) and is put
//! back, in order, at the end; no rule removes one, as rules only remove or
//! replace ASCII suffixes.

use std::sync::OnceLock;

/// Placeholder for a character outside ASCII.
const OTHER: u8 = 0xff;

/// The rule tables, one per line: space-separated `suffix=replacement/letters`
/// entries, longest suffix first (the first that ends a word is the one
/// Snowball picks). The replacement is empty when left out; with `/letters`,
/// the letter before the suffix must be one of them.
const TABLES: &str = "\
gently=gentl singly=singl cosmos=cosmos skies=sky dying=die lying=lie tying=tie \
early=earli atlas=atlas andes=andes skis=ski idly=idl ugly=ugli only=onli news=news \
howe=howe bias=bias sky=sky
canning herring earring proceed succeed inning outing exceed
's' 's '
sses=ss ied=ie ies=ie us=us ss=ss s=s
eedly=ee eed=ee
ingly edly ing ed
ization=ize ational=ate fulness=ful ousness=ous iveness=ive tional=tion biliti=ble \
lessli=less entli=ent ation=ate alism=al aliti=al ousli=ous iviti=ive fulli=ful enci=ence \
anci=ance abli=able izer=ize ator=ate alli=al bli=ble ogi=og/l li=/cdeghkmnrt
ative
ational=ate tional=tion alize=al icate=ic iciti=ic ical=ic ness ful
ement ance ence able ible ment ant ent ism ate iti ous ive ize ion/st al er ic
l/l";

/// Lines of [`TABLES`].
#[derive(Clone, Copy)]
enum Table {
    /// Whole words with a fixed stem.
    Exceptions,
    /// Whole words left as they are once step 1a has run.
    After1a,
    Apostrophe,
    Plural,
    /// Step 1b in R1.
    Eed,
    /// Step 1b after a vowel.
    Ed,
    /// In R1.
    Step2,
    /// Step 3 in R2.
    Ative,
    /// In R1.
    Step3,
    /// In R2.
    Step4,
    /// Step 5 in R2.
    Ll,
}

/// One entry of a rule table.
struct Rule {
    suffix: &'static [u8],
    to: &'static str,
    after: &'static [u8],
}

/// The rules of one table, and a filter of their suffixes' last letters
/// (bit `b % 32` for a last byte `b`): most words end in none of them and
/// skip the table.
type Rules = (u32, Vec<Rule>);

fn table(t: Table) -> &'static Rules {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    static NONE: Rules = (0, Vec::new());
    let tables = RULES.get_or_init(|| {
        TABLES
            .split('\n')
            .map(|line| {
                let rules: Vec<Rule> = line
                    .split(' ')
                    .filter(|e| !e.is_empty())
                    .map(|e| {
                        let (e, after) = e.split_once('/').unwrap_or((e, ""));
                        let (suffix, to) = e.split_once('=').unwrap_or((e, ""));
                        Rule {
                            suffix: suffix.as_bytes(),
                            to,
                            after: after.as_bytes(),
                        }
                    })
                    .collect();
                let ends = rules
                    .iter()
                    .filter_map(|r| r.suffix.last())
                    .fold(0, |set, &b| set | 1 << (b % 32));
                (ends, rules)
            })
            .collect()
    });
    tables.get(t as usize).unwrap_or(&NONE)
}

/// The Snowball English stem of `word` (expected folded to lowercase, as
/// [`super::terms`] does).
pub fn stem(word: &str) -> String {
    let mut w = Vec::with_capacity(word.len() + 1);
    w.extend(
        word.chars()
            .map(|c| u8::try_from(c).ok().filter(u8::is_ascii).unwrap_or(OTHER)),
    );
    if let Some(rule) = whole(&w, Table::Exceptions) {
        return rule.to.to_string();
    }
    if w.len() < 3 {
        return word.to_string();
    }
    let y_found = prelude(&mut w);
    let (p1, p2) = regions(&w);
    step_1a(&mut w);
    if whole(&w, Table::After1a).is_none() {
        step_1b(&mut w, p1);
        step_1c(&mut w);
        apply(&mut w, Table::Step2, p1);
        if apply(&mut w, Table::Ative, p2).is_none() {
            apply(&mut w, Table::Step3, p1);
        }
        apply(&mut w, Table::Step4, p2);
        step_5(&mut w, p1, p2);
    }
    let mut others = word.chars().filter(|c| !c.is_ascii());
    let mut out = String::with_capacity(word.len() + 1);
    out.extend(w.iter().filter_map(|&b| match b {
        OTHER => others.next(),
        b'Y' if y_found => Some('y'),
        b => Some(char::from(b)),
    }));
    out
}

fn vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

/// The longest rule of table `t` whose suffix ends `w`.
fn longest(w: &[u8], t: Table) -> Option<&'static Rule> {
    let (ends, rules) = table(t);
    let &last = w.last()?;
    if ends & 1 << (last % 32) == 0 {
        return None;
    }
    // The last letter first: most rules fail on it, without a compare call.
    rules
        .iter()
        .find(|r| r.suffix.last() == Some(&last) && w.ends_with(r.suffix))
}

/// The rule of table `t` whose suffix is the whole of `w`.
fn whole(w: &[u8], t: Table) -> Option<&'static Rule> {
    // The first rule is the longest: a longer word is none of them, and
    // needs no scan.
    if table(t).1.first().is_none_or(|r| r.suffix.len() < w.len()) {
        return None;
    }
    longest(w, t).filter(|r| r.suffix.len() == w.len())
}

/// Applies the longest rule of table `t` that ends `w` when its suffix
/// starts at or after `region` and follows a letter it allows. Gives the
/// suffix, applied or not: Snowball then tries no shorter one.
fn apply(w: &mut Vec<u8>, t: Table, region: usize) -> Option<&'static [u8]> {
    let rule = longest(w, t)?;
    let start = w.len().saturating_sub(rule.suffix.len());
    let before = start.checked_sub(1).and_then(|i| w.get(i));
    if start >= region && (rule.after.is_empty() || before.is_some_and(|b| rule.after.contains(b)))
    {
        w.truncate(start);
        w.extend_from_slice(rule.to.as_bytes());
    }
    Some(rule.suffix)
}

/// Drops a leading apostrophe and marks `y` as a consonant (`Y`) at the start
/// and after a vowel. True when some `y` was marked.
fn prelude(w: &mut Vec<u8>) -> bool {
    if w.first() == Some(&b'\'') {
        w.remove(0);
    }
    let mut found = false;
    let mut prev_vowel = true;
    for b in w.iter_mut() {
        if *b == b'y' && prev_vowel {
            *b = b'Y';
            found = true;
        }
        prev_vowel = vowel(*b);
    }
    found
}

/// R1 and R2: each starts after the first non-vowel that follows a vowel,
/// R2 looking inside R1 (and R1 fixed for `gener`, `commun`, `arsen`).
fn regions(w: &[u8]) -> (usize, usize) {
    let after = |from: usize| {
        let rest = w.get(from..)?;
        let v = rest.iter().position(|&b| vowel(b))?;
        let c = rest.get(v..)?.iter().position(|&b| !vowel(b))?;
        Some(from + v + c + 1)
    };
    let p1 = ["gener", "commun", "arsen"]
        .iter()
        .find(|p| w.starts_with(p.as_bytes()))
        .map(|p| p.len())
        .or_else(|| after(0));
    match p1 {
        Some(p1) => (p1, after(p1).unwrap_or(w.len())),
        None => (w.len(), w.len()),
    }
}

/// A short syllable ends `w`: non-vowel, vowel, then a non-vowel other than
/// `w`, `x` and `Y`; or vowel, non-vowel as the whole word.
fn short_syllable(w: &[u8]) -> bool {
    match w {
        [a, b] => vowel(*a) && !vowel(*b),
        [.., a, b, c] => !vowel(*a) && vowel(*b) && !vowel(*c) && !b"wxY".contains(c),
        _ => false,
    }
}

fn step_1a(w: &mut Vec<u8>) {
    apply(w, Table::Apostrophe, 0);
    let n = w.len();
    match apply(w, Table::Plural, 0) {
        // `ie` after one letter, `i` after more.
        Some(b"ied" | b"ies") if n > 4 => {
            w.pop();
        }
        // `s` goes when a vowel comes before the letter that precedes it.
        Some(b"s") if w.iter().take(n.saturating_sub(2)).any(|&b| vowel(b)) => {
            w.pop();
        }
        _ => {}
    }
}

fn step_1b(w: &mut Vec<u8>, p1: usize) {
    if apply(w, Table::Eed, p1).is_some() {
        return;
    }
    let Some(rule) = longest(w, Table::Ed) else {
        return;
    };
    let start = w.len().saturating_sub(rule.suffix.len());
    if !w.iter().take(start).any(|&b| vowel(b)) {
        return;
    }
    w.truncate(start);
    match w.as_slice() {
        [.., b'a', b't'] | [.., b'b', b'l'] | [.., b'i', b'z'] => w.push(b'e'),
        [.., a, b] if a == b && b"bdfgmnprt".contains(a) => {
            w.pop();
        }
        _ if w.len() == p1 && short_syllable(w) => w.push(b'e'),
        _ => {}
    }
}

/// Final `y` or `Y` after a non-vowel that is not the first letter → `i`.
fn step_1c(w: &mut [u8]) {
    if let [_, .., a, last @ (b'y' | b'Y')] = w {
        if !vowel(*a) {
            *last = b'i';
        }
    }
}

/// A final `e` in R2, or in R1 after no short syllable; `ll` in R2 → `l`.
fn step_5(w: &mut Vec<u8>, p1: usize, p2: usize) {
    let start = w.len().saturating_sub(1);
    let short = w.get(..start).is_none_or(short_syllable);
    if w.last() == Some(&b'e') && (start >= p2 || (start >= p1 && !short)) {
        w.pop();
    } else {
        apply(w, Table::Ll, p2);
    }
}

#[cfg(test)]
mod tests {
    use super::{stem, table, Table, TABLES};

    #[test]
    fn every_table_lists_longer_suffixes_first() {
        assert_eq!(TABLES.lines().count(), Table::Ll as usize + 1);
        for line in 0..=Table::Ll as usize {
            let t = [
                Table::Exceptions,
                Table::After1a,
                Table::Apostrophe,
                Table::Plural,
                Table::Eed,
                Table::Ed,
                Table::Step2,
                Table::Ative,
                Table::Step3,
                Table::Step4,
                Table::Ll,
            ][line];
            let lengths: Vec<usize> = table(t).1.iter().map(|r| r.suffix.len()).collect();
            assert!(!lengths.is_empty(), "table {line} is empty");
            assert!(
                lengths.windows(2).all(|p| p[0] >= p[1]),
                "table {line}: {lengths:?}"
            );
        }
    }

    #[test]
    fn porter2_examples() {
        for (word, want) in [
            ("consign", "consign"),
            ("consigned", "consign"),
            ("consignment", "consign"),
            ("generously", "generous"),
            ("generate", "generat"),
            ("caresses", "caress"),
            ("ponies", "poni"),
            ("ties", "tie"),
            ("cats", "cat"),
            ("gas", "gas"),
            ("hopping", "hop"),
            ("hoped", "hope"),
            ("skies", "sky"),
            ("news", "news"),
            ("yelling", "yell"),
            ("enjoy", "enjoy"),
            ("cry", "cri"),
            ("by", "by"),
            ("relational", "relat"),
            ("café", "café"),
            ("naïvely", "naïv"),
        ] {
            assert_eq!(stem(word), want, "{word}");
        }
    }
}
