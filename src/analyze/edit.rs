//! Stage "analyze" — how far one word is from another.
//!
//! A misspelt word is one edit from the word meant: a letter added,
//! dropped or changed, or two neighbours swapped (optimal string alignment
//! distance 1). Readers of misspellings choose which edits they allow
//! ([`Edits`]): a changed letter turns one common word into another too
//! often ("shipping", "shopping") to be read as a typo of an ordinary word.
//!
//! Guarantees: [`edit_of`] compares chars (any script), is symmetric, and
//! is false for equal words and for words two edits or more apart;
//! [`distance`] is the optimal string alignment distance itself (0 only for
//! equal words, symmetric).

/// The edits a reading allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edits {
    /// A letter added, dropped, changed, or two neighbours swapped (a name).
    Any,
    /// A letter added or dropped, or two neighbours swapped: not a changed
    /// letter, which turns one common word into another too often
    /// ("shipping", "shopping"; "rule", "role").
    KeepingLetters,
}

/// True when `a` becomes `b` by one edit of the kinds `edits` allows: with
/// [`Edits::Any`], one insertion, deletion, substitution or swap of
/// neighbours (optimal string alignment distance 1).
pub fn edit_of(a: &[char], b: &[char], edits: Edits) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let Some(i) = short.iter().zip(long).position(|(x, y)| x != y) else {
        // One is the other plus a last letter.
        return long.len() == short.len() + 1;
    };
    let (s, l) = (&short[i..], &long[i..]);
    match long.len() - short.len() {
        0 => {
            let substituted = edits == Edits::Any && s.get(1..) == l.get(1..);
            let swapped = s.len() >= 2
                && s.first() == l.get(1)
                && s.get(1) == l.first()
                && s.get(2..) == l.get(2..);
            substituted || swapped
        }
        1 => s == &l[1..],
        _ => false,
    }
}

/// The optimal string alignment distance between `a` and `b`: the fewest
/// insertions, deletions, substitutions and swaps of neighbours, no letter
/// edited twice ("intrusment" is two from "instrument").
pub fn distance(a: &[char], b: &[char]) -> usize {
    // Rows i - 2, i - 1 and i of the table, each of b.len() + 1 cells.
    let mut before: Vec<usize> = Vec::new();
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, y) in b.iter().enumerate() {
            let cost = usize::from(x != y);
            let mut d = (last[j] + cost).min(last[j + 1] + 1).min(row[j] + 1);
            let swapped = i > 0 && j > 0 && a.get(i - 1) == Some(y) && b.get(j - 1) == Some(x);
            // (`swapped` holds only for j > 0.)
            if let Some(&t) = before.get(j.wrapping_sub(1)).filter(|_| swapped) {
                d = d.min(t + 1);
            }
            row[j + 1] = d;
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit_by(a: &str, b: &str, edits: Edits) -> bool {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        edit_of(&a, &b, edits)
    }

    fn edit(a: &str, b: &str) -> bool {
        edit_by(a, b, Edits::Any)
    }

    fn distance_of(a: &str, b: &str) -> usize {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        distance(&a, &b)
    }

    #[test]
    fn distance_counts_the_fewest_edits() {
        let cases = [
            ("instrument", "instrument", 0),
            ("intrusment", "instrument", 2),
            ("colour", "color", 1),
            ("wrok", "work", 1),
            ("currency", "current", 2),
            ("", "abc", 3),
            ("abc", "", 3),
            ("ca", "abc", 3),
            ("报销", "报销款", 1),
        ];
        for (a, b, d) in cases {
            assert_eq!(distance_of(a, b), d, "{a} {b}");
            assert_eq!(distance_of(b, a), d, "{b} {a}");
        }
        // One edit exactly when `edit_of` allows any edit.
        for (a, b) in [
            ("cash", "cahs"),
            ("rule", "role"),
            ("form", "from"),
            ("abc", "abd"),
        ] {
            assert_eq!(distance_of(a, b) == 1, edit(a, b), "{a} {b}");
        }
    }

    #[test]
    fn one_edit_is_exactly_one_insertion_deletion_substitution_or_swap() {
        for (a, b) in [
            ("kohn", "kahn"),
            ("bennet", "bennett"),
            ("bennett", "bennet"),
            ("kuklinsk", "kuklinski"),
            ("represnetatives", "representatives"),
            ("willian", "william"),
            ("ab", "ba"),
            ("köhn", "kohn"),
        ] {
            assert!(edit(a, b), "{a} {b}");
        }
        for (a, b) in [
            ("kahn", "kahn"),
            ("kuhm", "kahn"),
            ("lynd", "lend s"),
            ("kahn", "kahnns"),
            ("abc", "cba"),
            ("", ""),
            ("", "ab"),
        ] {
            assert!(!edit(a, b), "{a} {b}");
        }
        // Every one-letter change of a word is one edit; two are not.
        let word: Vec<char> = "gateway".chars().collect();
        for i in 0..word.len() {
            let mut changed = word.clone();
            changed[i] = 'x';
            assert!(edit_of(&word, &changed, Edits::Any));
            let mut dropped = word.clone();
            dropped.remove(i);
            assert!(edit_of(&word, &dropped, Edits::Any) && edit_of(&dropped, &word, Edits::Any));
            if i + 1 < word.len() {
                changed[i + 1] = 'x';
                assert!(!edit_of(&word, &changed, Edits::Any));
            }
        }
    }

    #[test]
    fn a_word_keeps_its_letters_a_name_may_change_one() {
        let keeps = |a: &str, b: &str| edit_by(a, b, Edits::KeepingLetters);
        for (a, b) in [
            ("refnud", "refund"),
            ("electronis", "electronics"),
            ("filmaker", "filmmaker"),
        ] {
            assert!(keeps(a, b) && keeps(b, a), "{a} {b}");
        }
        assert!(!keeps("shipping", "shopping"));
        assert!(!keeps("rule", "role"));
        assert!(edit("kohn", "kahn"));
    }
}
