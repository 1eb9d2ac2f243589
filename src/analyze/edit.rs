//! Stage "analyze" — how far one word is from another.
//!
//! A misspelt word is one edit from the word meant: a letter added,
//! dropped or changed, or two neighbours swapped (optimal string alignment
//! distance 1). Readers of misspellings choose which edits they allow
//! ([`Edits`]): a changed letter turns one common word into another too
//! often ("shipping", "shopping") to be read as a typo of an ordinary word.
//!
//! Guarantees: [`edit_of`] compares chars (any script), is symmetric, and
//! is false for equal words and for words two edits or more apart.

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
