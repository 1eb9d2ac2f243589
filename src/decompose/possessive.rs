//! Stage 3 — decompose: people described by a possessive.
//!
//! "the Tidewalkers' lead singer" and "Salt Roads's director" describe a
//! person as "the lead singer of the Tidewalkers" and "the director of Salt
//! Roads" do, and "their drummer" after one is the drummer of the same
//! owner. The decomposer unfolds and compares the "of" form (a follow step
//! per description, then the comparison: [`super::chain`]), so
//! [`of_form`] writes a comparison's possessive roles that way.
//!
//! Guarantees: the owner is a name (capitalised words, with a "the" before
//! them kept); the role is one or two lowercase words, the last a noun for
//! a person's role ([`crate::execute::kind::is_role`]); "their"/"its"
//! stand for the owner written last before them; anything else, and every
//! character outside a rewritten phrase, is kept as it is. `None` when the
//! clause has no such phrase.

use crate::analyze::fold::Lower;
use crate::execute::kind::is_role;

/// A whitespace-separated word as written and its byte range.
struct Word<'a> {
    text: &'a str,
    start: usize,
    end: usize,
}

fn words(clause: &str) -> Vec<Word<'_>> {
    crate::analyze::spaced_words(clause)
        .into_iter()
        .map(|(start, text)| Word {
            text,
            start,
            end: start + text.len(),
        })
        .collect()
}

/// The word without a possessive ending ("Roads's", "Tidewalkers'",
/// "Keeper’s"), when it has one.
fn owner_word(word: &str) -> Option<&str> {
    ["'s", "’s", "'", "’"]
        .iter()
        .find_map(|end| word.strip_suffix(end))
        .filter(|w| !w.is_empty())
}

fn capitalised(word: &str) -> bool {
    word.starts_with(|c: char| c.is_uppercase())
}

/// The role written from word `at` on: one or two lowercase words, the
/// last a role noun; its byte range without trailing punctuation.
fn role_at(ws: &[Word], at: usize) -> Option<(usize, usize)> {
    let start = ws.get(at)?.start;
    for last in [at, at + 1] {
        let w = ws.get(last)?;
        let bare = w.text.trim_end_matches(|c: char| !c.is_alphanumeric());
        if bare.is_empty() || !bare.chars().all(|c| c.is_lowercase() || c == '-') {
            return None;
        }
        if is_role(&bare.lower()) {
            return Some((start, w.start + bare.len()));
        }
        // A word ending in punctuation ends the phrase.
        if bare.len() < w.text.len() {
            return None;
        }
    }
    None
}

/// `clause` with each possessive role written as "the ROLE of OWNER".
pub fn of_form(clause: &str) -> Option<String> {
    let ws = words(clause);
    let mut out = String::with_capacity(clause.len() + 16);
    let mut copied = 0;
    let mut owner: Option<String> = None;
    let mut changed = false;
    let mut k = 0;
    while let Some(w) = ws.get(k) {
        let pronoun = matches!(w.text.lower().as_str(), "their" | "its");
        let possessed = owner_word(w.text).filter(|o| capitalised(o));
        let (from, named) = match (possessed, pronoun) {
            (Some(last), _) => {
                // The owner's name runs back over capitalised words, and a
                // "the" before them.
                let mut first = k;
                while first > 0 && ws.get(first - 1).is_some_and(|p| capitalised(p.text)) {
                    first -= 1;
                }
                if first > 0 && ws.get(first - 1).is_some_and(|p| p.text.lower() == "the") {
                    first -= 1;
                }
                let start = ws.get(first).map_or(w.start, |f| f.start);
                let name = format!("{}{last}", clause.get(start..w.start).unwrap_or(""));
                (start, Some(name))
            }
            (None, true) => (w.start, owner.clone()),
            (None, false) => (w.start, None),
        };
        if let (Some(name), Some((rs, re))) = (named, role_at(&ws, k + 1)) {
            let role = clause.get(rs..re).unwrap_or("");
            out.push_str(clause.get(copied..from).unwrap_or(""));
            out.push_str(&format!("the {role} of {name}"));
            copied = re;
            owner = Some(name);
            changed = true;
            k = ws
                .iter()
                .position(|x| x.end >= re)
                .map_or(ws.len(), |p| p + 1);
            continue;
        }
        k += 1;
    }
    out.push_str(clause.get(copied..).unwrap_or(""));
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::of_form;

    #[test]
    fn a_possessive_role_is_written_with_of() {
        for (typed, want) in [
            (
                "Who is younger - the Tidewalkers' lead singer or their drummer?",
                "Who is younger - the lead singer of the Tidewalkers or the drummer of the Tidewalkers?",
            ),
            (
                "Who was born first, Salt Roads's director or The Lantern Keeper's director?",
                "Who was born first, the director of Salt Roads or the director of The Lantern Keeper?",
            ),
        ] {
            assert_eq!(of_form(typed).as_deref(), Some(want), "{typed}");
        }
    }

    #[test]
    fn other_possessives_stay() {
        // Not a role; a lowercase owner; "their" with no owner before it.
        for typed in [
            "Which is longer, the Rhine's course or the Danube's course?",
            "Who is older, the band's singer or the drummer?",
            "Who is older, their singer or Callum Reid?",
        ] {
            assert_eq!(of_form(typed), None, "{typed}");
        }
    }
}
