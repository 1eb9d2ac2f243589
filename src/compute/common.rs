//! Stage 8 — compute: what compared things have in common, read from the
//! words their pages write.
//!
//! Two readings beside the pages' kinds (which [`super::compare`] reads from
//! their definitions):
//! - [`modified_noun`]: "Arbutus and Aspidistra are what types of *plants*?"
//!   is answered by the word every page puts before "plants" ("flowering
//!   plants"), not by their kind ("genus");
//! - [`shared_name`]: a name every page writes, as a whole word — a place
//!   for "in what country are both …?", and for "… have both been given
//!   what?" (no kind asked) a name of two words or more ("Pulitzer Prize").
//!
//! Guarantees: a value is returned only when every input's page writes it;
//! it is never an input's own name, a word of the question or a month, and
//! never a nationality unless the caller allows one.

use super::compare::{definition, Input};
use crate::analyze::fold::Lower;
use crate::analyze::{self, lexicon};
use crate::execute::read::sentences;

/// The kind noun `noun` as the answer to `question`: its plural when the
/// question asks a plural predicate of the things compared ("A and B are
/// both what?", "What are A and B?" — games, not game). A noun that is not
/// one lowercase word, ends in "s" already or is a nationality stays as
/// the page writes it.
pub fn agreeing(question: &str, noun: &str) -> String {
    let lower = question.lower();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let copula = |w: &str| matches!(w, "are" | "were");
    let asks_plural = words.windows(3).any(|w| {
        (copula(w[0]) && w[1] == "both" || w[0] == "both" && copula(w[1])) && w[2] == "what"
    }) || (words.first() == Some(&"what")
        && words.get(1).is_some_and(|w| copula(w))
        && words.iter().any(|w| matches!(*w, "and" | "both")));
    let plain = !noun.is_empty() && noun.chars().all(|c| c.is_ascii_lowercase());
    if !asks_plural || !plain || noun.ends_with('s') || lexicon::is_demonym(noun) {
        return noun.to_string();
    }
    let consonant_y = noun.ends_with('y')
        && !noun
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| "aeiou".contains(c));
    if let Some(stem) = noun.strip_suffix('y').filter(|_| consonant_y) {
        format!("{stem}ies")
    } else if ["x", "z", "ch", "sh"].iter().any(|e| noun.ends_with(e)) {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

/// Words that ask for a kind of the noun after "of" ("what *types of*
/// plants").
const KIND_WORDS: &[&str] = &["type", "types", "kind", "kinds", "sort", "sorts"];

/// The noun a question asks a kind of ("what types of plants are …" →
/// plants), when it is the whole noun phrase: not "plant" in "what type of
/// plant categorization" (a kind of categorization).
fn asked_kind_of(question: &str) -> Option<String> {
    let words: Vec<String> = analyze::words(question)
        .into_iter()
        .map(|w| w.term)
        .collect();
    (0..words.len()).find_map(|i| {
        let (kind, of, noun) = (words.get(i)?, words.get(i + 1)?, words.get(i + 2)?);
        let closed = words
            .get(i + 3)
            .is_none_or(|next| analyze::is_stop_word(next));
        (KIND_WORDS.contains(&kind.as_str()) && of == "of" && closed).then(|| noun.clone())
    })
}

/// "What types of plants are A and B?": the modifier every input's
/// definition puts right before the noun, with the noun as the first page
/// writes it ("flowering plants").
pub fn modified_noun(question: &str, inputs: &[Input]) -> Option<String> {
    let noun = analyze::stem(&asked_kind_of(question)?);
    // Each page's (modifier, noun as written) pairs.
    let pairs = |text: &str| -> Vec<(String, String)> {
        let def = definition(text);
        let words = analyze::words(&def);
        words
            .windows(2)
            .filter(|w| {
                w.get(1).is_some_and(|n| analyze::stem(&n.term) == noun)
                    && w.first().is_some_and(|m| {
                        !analyze::is_stop_word(&m.term) && m.term.chars().all(char::is_alphabetic)
                    })
            })
            .filter_map(|w| {
                let (m, n) = (w.first()?, w.get(1)?);
                Some((m.term.clone(), def.get(m.start..n.end)?.to_string()))
            })
            .collect()
    };
    let (first, rest) = inputs.split_first()?;
    let others: Vec<Vec<(String, String)>> = rest.iter().map(|i| pairs(i.text)).collect();
    pairs(first.text)
        .into_iter()
        .find(|(m, _)| others.iter().all(|o| o.iter().any(|(x, _)| x == m)))
        .map(|(_, phrase)| phrase)
}

/// The first name of the first input's page that every other page writes
/// too, as a whole word, of at least `min_words` words: not one of the
/// inputs, not a word of the question, not a month, and a nationality only
/// when `nationality` ("native to … southern Chile" and "… northern Chile";
/// "the 1924 Pulitzer Prize" and "the Pulitzer Prize for Poetry"); with a
/// `kind` asked ("what Soviet *feature*"), one that some page calls so.
pub fn shared_name(
    question: &str,
    inputs: &[Input],
    min_words: usize,
    nationality: bool,
    kind: Option<&str>,
) -> Option<String> {
    let given: Vec<String> = inputs
        .iter()
        .map(|i| {
            crate::index::catalog::title_base(i.label)
                .unwrap_or(i.label)
                .lower()
        })
        .collect();
    let asked = question.lower();
    // Names of every page in turn, the first page's first: a name one page
    // lists with another ("the features \"A\" and \"B\"") is one run there.
    inputs
        .iter()
        .flat_map(|i| {
            sentences(i.text)
                .flat_map(|range| crate::execute::stated::names(i.text, range, &given))
                .filter_map(|(s, e)| i.text.get(s..e))
        })
        .map(str::trim)
        .filter(|n| n.split_whitespace().count() >= min_words)
        .filter(|n| !lexicon::MONTHS.contains(&n.lower().as_str()))
        .filter(|n| nationality || !lexicon::is_demonym(&n.lower()))
        .filter(|n| analyze::word_at(&asked, &n.lower()).is_none())
        .filter(|n| inputs.iter().all(|i| analyze::word_at(i.text, n).is_some()))
        .find(|n| kind.is_none_or(|k| called(inputs, n, k)))
        .map(str::to_string)
}

/// Some input's page calls `name` a `kind`: a sentence that writes the name
/// also writes a word of the kind's stem ("the Soviet *features* … and
/// "Nebo Zovyot"").
fn called(inputs: &[Input], name: &str, kind: &str) -> bool {
    let kind = analyze::stem(kind);
    inputs.iter().any(|i| {
        sentences(i.text).any(|(s, e)| {
            let sentence = i.text.get(s..e).unwrap_or("");
            analyze::word_at(sentence, name).is_some()
                && analyze::words(sentence)
                    .iter()
                    .any(|w| analyze::stem(&w.term) == kind)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::agreeing;

    #[test]
    fn a_plural_predicate_takes_the_plural() {
        let both = "Cranium and Twin Tin Bots are both what?";
        assert_eq!(agreeing(both, "game"), "games");
        assert_eq!(agreeing(both, "city"), "cities");
        assert_eq!(agreeing(both, "box"), "boxes");
        assert_eq!(agreeing(both, "day"), "days");
        assert_eq!(
            agreeing("What were Cranium and Twin Tin Bots?", "game"),
            "games"
        );
        // Already plural, a nationality, a phrase or a name: as written.
        assert_eq!(agreeing(both, "genus"), "genus");
        assert_eq!(agreeing(both, "american"), "american");
        assert_eq!(agreeing(both, "board game"), "board game");
        assert_eq!(agreeing(both, "Pulitzer"), "Pulitzer");
        // A singular or no predicate: as written.
        assert_eq!(
            agreeing("What is Cranium, like Twin Tin Bots?", "game"),
            "game"
        );
        assert_eq!(agreeing("What industry did both work in?", "film"), "film");
        assert_eq!(
            agreeing("What do Cranium and Twin Tin Bots share?", "game"),
            "game"
        );
    }
}
