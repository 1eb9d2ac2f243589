//! Stage 3 — decompose: words a corpus writes otherwise.
//!
//! People type "in prod", "the config file", "the repo", "my trip", "a
//! faulty item"; documentation and policies write "production",
//! "configuration", "repository", "travel", "defective". A word no passage
//! writes sinks its part ("no passage mentions \"trip\""), though the corpus
//! says exactly what was asked. [`expand`] writes such a word the corpus's
//! way — only when the corpus never writes the word as typed and does write
//! the other one, so a corpus that says "prod" or "trip" keeps it, and a
//! word whose other form the corpus lacks ("dev" for "development" in a
//! corpus with no development environment) changes nothing.
//!
//! Two tables: [`CLIPPED`] forms and the words they clip, and [`EVERYDAY`]
//! words with the one plain synonym a formal text uses for them. A third,
//! [`IDIOMS`], writes a phrase as the plain word it means: "stay away
//! from", "steer clear of" as "avoid" (which the frame reads as asking for
//! restrictions), "turned out to be" as "was" — unless the corpus writes
//! every word of the phrase.
//!
//! Guarantees: only whole words and idioms of the tables (any case; the
//! first letter's case kept) are rewritten, and only under the rules above;
//! every other character is copied as it is, so Chinese text comes back
//! unchanged.

use super::contractions::{cased_as, rewrite_words};
use crate::analyze::fold::Lower;

/// Common clipped forms of English words and the words they clip. Only
/// forms with one common reading ("sec" may be seconds or security: left
/// out).
const CLIPPED: &[(&str, &str)] = &[
    ("acct", "account"),
    ("admin", "administrator"),
    ("admins", "administrators"),
    ("app", "application"),
    ("apps", "applications"),
    ("approx", "approximately"),
    ("auth", "authentication"),
    ("config", "configuration"),
    ("configs", "configurations"),
    ("db", "database"),
    ("dbs", "databases"),
    ("dept", "department"),
    ("dev", "development"),
    ("dir", "directory"),
    ("dirs", "directories"),
    ("docs", "documentation"),
    ("env", "environment"),
    ("envs", "environments"),
    ("info", "information"),
    // The platform: documentation writes the system's name.
    ("mac", "macOS"),
    ("msg", "message"),
    ("msgs", "messages"),
    ("perms", "permissions"),
    ("prefs", "preferences"),
    ("prod", "production"),
    ("pwd", "password"),
    ("repo", "repository"),
    ("repos", "repositories"),
    ("spec", "specification"),
    ("specs", "specifications"),
    ("stg", "staging"),
];

/// Everyday words and the word formal texts (policies, help centres) write
/// for them. Only pairs where the everyday word has that one meaning
/// ("file" may be a document: left out, but "filed" and "filing" a claim
/// are submitting it; "money" is no refund).
const EVERYDAY: &[(&str, &str)] = &[
    ("faulty", "defective"),
    ("filed", "submitted"),
    ("filing", "submitting"),
    ("journey", "travel"),
    ("journeys", "travel"),
    ("normal", "standard"),
    ("trip", "travel"),
    ("trips", "travel"),
];

/// Idioms, each form with the plain word's form that says it: "avoid",
/// which the frame reads as asking for restrictions ("does not eat meat")
/// as it reads "not"; "be", which says nothing a passage must write;
/// "working days", which policies write for business days.
const IDIOMS: &[(&str, &str)] = &[
    ("business day", "working day"),
    ("business days", "working days"),
    ("keep away from", "avoid"),
    ("keeping away from", "avoiding"),
    ("keeps away from", "avoids"),
    ("kept away from", "avoided"),
    ("stay away from", "avoid"),
    ("stayed away from", "avoided"),
    ("staying away from", "avoiding"),
    ("stays away from", "avoids"),
    ("steer clear of", "avoid"),
    ("steered clear of", "avoided"),
    ("steering clear of", "avoiding"),
    ("steers clear of", "avoids"),
    ("turn out to be", "be"),
    ("turned out to be", "was"),
    ("turning out to be", "being"),
    ("turns out to be", "is"),
];

/// `question` with each word of the tables written the corpus's way where
/// the corpus writes only that (`writes(word)`: some passage writes it, in
/// any form), and each of the [`IDIOMS`] written as its plain word unless
/// the corpus writes every word of it (then it may write the idiom itself).
pub fn expand(question: &str, writes: impl Fn(&str) -> bool) -> String {
    let words = rewrite_words(question, |word| {
        let lower = word.lower();
        let (_, full) = CLIPPED
            .iter()
            .chain(EVERYDAY)
            .find(|(typed, _)| *typed == lower)?;
        if writes(&lower) || !writes(full) {
            return None;
        }
        // An abbreviation in capitals ("the DB migration") is a word in
        // lower case once written out; a capitalised word keeps its capital.
        let acronym = word.len() > 1 && word.chars().all(|c| c.is_ascii_uppercase());
        // A name with capitals of its own ("macOS") is written as it is.
        let cased = full.chars().any(|c| c.is_ascii_uppercase());
        Some(if acronym || cased {
            (*full).to_string()
        } else {
            cased_as(word, (*full).to_string())
        })
    });
    idioms(&words, &writes)
}

/// `text` with the [`IDIOMS`] written as their plain words (whole words,
/// any case; the first letter's case kept).
fn idioms(text: &str, writes: &impl Fn(&str) -> bool) -> String {
    // ASCII lower case keeps every byte offset.
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut at = 0;
    let boundary = |i: usize| {
        lower
            .get(i..)
            .and_then(|r| r.chars().next())
            .is_none_or(|c| !c.is_alphanumeric())
    };
    while let Some(rest) = lower.get(at..) {
        let Some(c) = rest.chars().next() else {
            break;
        };
        let opens = at == 0
            || lower
                .get(..at)
                .and_then(|b| b.chars().next_back())
                .is_some_and(|b| !b.is_alphanumeric());
        let found = IDIOMS
            .iter()
            .find(|(idiom, _)| opens && rest.starts_with(idiom) && boundary(at + idiom.len()));
        match found {
            Some((idiom, plain)) if !idiom.split(' ').all(writes) => {
                let typed = text.get(at..at + idiom.len()).unwrap_or(idiom);
                out.push_str(text.get(copied..at).unwrap_or(""));
                out.push_str(&cased_as(typed, (*plain).to_string()));
                at += idiom.len();
                copied = at;
            }
            _ => at += c.len_utf8(),
        }
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    out
}

#[cfg(test)]
mod tests {
    use super::expand;

    fn corpus(words: &'static [&'static str]) -> impl Fn(&str) -> bool {
        // As the index does: any case.
        move |w| words.iter().any(|x| x.eq_ignore_ascii_case(w))
    }

    #[test]
    fn a_clipped_word_is_written_out_where_only_the_full_one_is_written() {
        let writes = corpus(&[
            "production",
            "configuration",
            "repository",
            "macos",
            "database",
        ]);
        for (typed, want) in [
            ("rollback rule in prod?", "rollback rule in production?"),
            ("Prod rollback rule", "Production rollback rule"),
            (
                "where is the config file",
                "where is the configuration file",
            ),
            ("the root of the repo.", "the root of the repository."),
            ("On my Mac, how?", "On my macOS, how?"),
            ("if the DB migration ran", "if the database migration ran"),
        ] {
            assert_eq!(expand(typed, &writes), want, "{typed}");
        }
    }

    #[test]
    fn an_everyday_word_is_written_as_the_corpus_writes_it() {
        let writes = corpus(&["travel", "defective", "standard"]);
        assert_eq!(
            expand("How long after my trip?", &writes),
            "How long after my travel?"
        );
        assert_eq!(expand("Faulty items", &writes), "Defective items");
        // A corpus that writes the word as typed keeps it.
        assert_eq!(
            expand("a normal trip", corpus(&["trip", "normal", "travel"])),
            "a normal trip"
        );
    }

    #[test]
    fn an_idiom_is_written_as_its_plain_word() {
        let writes = corpus(&["eat", "meat", "keep"]);
        for (typed, want) in [
            (
                "what foods should I stay away from?",
                "what foods should I avoid?",
            ),
            ("Steer clear of which foods", "Avoid which foods"),
            ("what does Priya keep away from", "what does Priya avoid"),
            ("she stayed away from meat", "she avoided meat"),
            (
                "electronics that turned out to be faulty",
                "electronics that was faulty",
            ),
        ] {
            assert_eq!(expand(typed, &writes), want, "{typed}");
        }
        // Not inside a longer word, nor without the whole idiom, nor where
        // the corpus writes each of its words.
        for typed in [
            "what does Priya keep eating",
            "homestay away from town",
            "stay away fromage",
        ] {
            assert_eq!(expand(typed, &writes), typed);
        }
        let all = corpus(&["stay", "away", "from"]);
        assert_eq!(expand("stay away from it", all), "stay away from it");
    }

    #[test]
    fn other_words_stay() {
        // The corpus writes the clipped form itself; the full word is
        // written nowhere; a longer word; Chinese.
        let writes = corpus(&["prod", "production"]);
        assert_eq!(expand("in prod", &writes), "in prod");
        assert_eq!(expand("in dev", corpus(&["production"])), "in dev");
        assert_eq!(
            expand("the product page", corpus(&["production"])),
            "the product page"
        );
        assert_eq!(expand("生产环境的回滚规则", &writes), "生产环境的回滚规则");
    }
}
