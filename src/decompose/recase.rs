//! Stage 3 — decompose: a name typed in lower case.
//!
//! People type "where was iona fraser born" into a search box. Read as
//! written, "iona" and "fraser" are topic words, and a page that lacks
//! them may borrow them from a page it is linked to: Callum Reid's page
//! ("Born in Dundee, he …") read with the album page that lists both
//! musicians answered where *she* was born. Capitalised, the same words
//! are a name a passage that answers must contain. [`recase`] writes such
//! a run the way the catalog writes the name, so the question is read as
//! the capitalised one is.
//!
//! Guarantees: a run is rewritten only when all of these hold —
//! - the catalog mentions it as a page's title or short title, or a name a
//!   page gives ([`Index::mentions_in`], as whole words) — not a typed
//!   catalog entity's alias ("east gateway" for gateway-east), which the
//!   executor already reads as that entity in any case;
//! - it is two words or more, and the question writes it with no capital
//!   letter at all (a name typed with any capital is left as typed);
//! - the catalog writes it as a proper name: every word capitalised but
//!   the small words of names ("of", "the", "and", …), so "rule of three"
//!   or "gateway-west" (written so) stay lower case.
//!
//! Only the letters of the run change case; every other character is
//! copied as it is (Chinese text comes back unchanged).

use crate::analyze::fold::Lower;
use crate::index::Index;
use crate::model::{NAME_TYPE, TITLE_TYPE};

/// Lowercase words a proper name may hold uncapitalised ("Bombing *of*
/// Tokyo", "Love *and* Other Drugs").
const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "at", "by", "de", "del", "for", "in", "of", "on", "or", "the", "to", "van",
    "von",
];

/// `question` with each name typed in lower case written as the catalog
/// writes it (see the module's guarantees).
pub fn recase(question: &str, index: &Index) -> String {
    let mut out = String::with_capacity(question.len());
    let mut copied = 0;
    for m in index.mentions_in(question) {
        let (start, end) = (m.start as usize, m.end as usize);
        let Some(typed) = question.get(start..end) else {
            continue;
        };
        if start < copied
            || typed.split_whitespace().count() < 2
            || typed.chars().any(char::is_uppercase)
        {
            continue;
        }
        let Some(entity) = index
            .entity(m.entity)
            .filter(|e| e.kind == TITLE_TYPE || e.kind == NAME_TYPE)
        else {
            continue;
        };
        let written = std::iter::once(&entity.id)
            .chain(&entity.aliases)
            .find(|name| name.lower() == typed && proper(name));
        if let (Some(name), Some(before)) = (written, question.get(copied..start)) {
            out.push_str(before);
            out.push_str(name);
            copied = end;
        }
    }
    out.push_str(question.get(copied..).unwrap_or(""));
    out
}

/// True when every word of `name` is capitalised (or a digit, or one of
/// [`SMALL_WORDS`]), and the first is.
fn proper(name: &str) -> bool {
    let mut words = name.split_whitespace();
    let capital = |w: &str| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
    words.next().is_some_and(capital) && words.all(|w| capital(w) || SMALL_WORDS.contains(&w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Bm25;
    use crate::model::{Entity, Passage};

    fn index() -> Index {
        let passages = vec![
            Passage::new("iona", "Iona Fraser", "Iona Fraser is a drummer."),
            Passage::new(
                "hl",
                "Harbour Lights (album)",
                "Harbour Lights is an album.",
            ),
            Passage::new("r3", "Rule of three", "The rule of three is a technique."),
            Passage::new("bt", "Bombing of Tokyo", "Tokyo was bombed in 1945."),
        ];
        let services = vec![Entity {
            id: "gateway-east".into(),
            kind: "service".into(),
            aliases: vec!["East Gateway".into()],
        }];
        Index::build(passages, services, Default::default(), Bm25::default()).unwrap()
    }

    #[test]
    fn a_name_typed_in_lower_case_is_written_as_the_catalog_writes_it() {
        let index = index();
        let cases = [
            ("where was iona fraser born", "where was Iona Fraser born"),
            (
                "who produced harbour lights?",
                "who produced Harbour Lights?",
            ),
            (
                "when was the bombing of tokyo",
                "when was the Bombing of Tokyo",
            ),
            (
                "did iona fraser play on harbour lights",
                "did Iona Fraser play on Harbour Lights",
            ),
        ];
        for (typed, read) in cases {
            assert_eq!(recase(typed, &index), read, "{typed}");
        }
    }

    #[test]
    fn other_runs_are_left_as_typed() {
        let index = index();
        for q in [
            // Typed with a capital: as the asker wrote it.
            "where was Iona fraser born",
            // Not a proper name in the catalog.
            "what is the rule of three",
            // One word only.
            "where was fraser born",
            // A typed catalog entity's alias.
            "rollback steps for east gateway",
            // No name at all, and Chinese.
            "how do I deploy?",
            "伊奥娜在哪里出生",
        ] {
            assert_eq!(recase(q, &index), q, "{q}");
        }
    }
}
