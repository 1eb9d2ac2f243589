//! Stage 6 — execute: the thing a page is about, when that thing is the
//! answer.
//!
//! "What novel imagines the true story of Tobias Reed?" is answered by the
//! page of the novel: "The novel imagines the true story of Tobias Reed …".
//! That sentence answers, but only the page's title names the answer. When
//! a part asks for a thing of a known kind ([`kind::asked`]: "what novel",
//! "which band", "who") and the page that answers says in its first sentence
//! that it is a thing of that kind ([`kind::defined`]: "Harrow Lane is a
//! 2011 novel …"), the page's subject is the value: "Harrow Lane", quoted
//! with the sentence that answers.
//!
//! Guarantees: the value is the title's short form ([`title_base`]) exactly
//! as the passage text writes it, with the span where it does, or the
//! longer name the text opens with when it never writes the short one
//! ("Spiro Theodore \"Ted\" Agnew" for Spiro Agnew); `None`
//! whenever the kind asked or the page's kind is unknown, they share no
//! class, the question uses a word of the page's name (then it asks *about*
//! that thing, and the sentence is the answer), or the text never writes the
//! name. English only, as [`kind`] is.

use super::kind;
use crate::analyze;
use crate::analyze::fold::Lower;
use crate::decompose::frame::{Answer, Frame};
use crate::index::catalog::title_base;
use crate::model::{Passage, Span};

/// The page's subject as the answer to `frame`, with the span that names it.
pub fn subject(p: &Passage, frame: &Frame) -> Option<Span> {
    if !matches!(frame.answer, Answer::Open | Answer::Person) {
        return None;
    }
    let asked = kind::asked(&frame.question, frame.answer)?;
    let page = kind::defined(&p.text);
    if page.is_empty() || !kind::fits(&asked, &page) {
        return None;
    }
    let name = title_base(&p.title).unwrap_or(p.title.trim());
    if name.is_empty() || shares_a_word(&frame.question, name) {
        return None;
    }
    let (start, end) = analyze::word_at(&p.text, name)
        .map(|start| (start, start + name.len()))
        .or_else(|| opening_name(&p.text, name))?;
    Some(analyze::char_span(&p.text, start, end))
}

/// Where a page that never writes its short name opens with a longer one
/// ("Spiro Theodore \"Ted\" Agnew (…)" for "Spiro Agnew"): from the
/// name's first word, which opens the text, to its last word, before the
/// first "(" or ",".
fn opening_name(text: &str, name: &str) -> Option<(usize, usize)> {
    let (first, last) = (
        name.split_whitespace().next()?,
        name.split_whitespace().last()?,
    );
    if first == last || !text.starts_with(first) {
        return None;
    }
    let lead = text.get(..text.find(['(', ','])?)?.trim_end();
    let at = analyze::word_at(lead, last)?;
    (at > first.len()).then_some((0, at + last.len()))
}

/// The name the answering sentence `range` of `text` gives a thing of the
/// kind asked: the capitalised words right before the kind noun that asks
/// ("Which festival …?" — "premiered at the Karlovy Vary festival": Karlovy
/// Vary festival; "Which party …?" — "She belongs to the
/// Democratic-Farmer-Labor Party."), and after it when it is capitalised
/// ("What battle …?" — "fought in the Battle of the Rosebud"). `None` for a
/// question that asks no kind noun, when no capitalised word but a
/// nationality precedes the noun ("an American film"), or when the name
/// shares a word with the question (it is what the question asks about).
pub fn named_with_kind(text: &str, (s, e): (usize, usize), frame: &Frame) -> Option<Span> {
    if frame.answer != Answer::Open {
        return None;
    }
    let asked = kind::asked_noun(&frame.question)?;
    // A kind phrase is lowercase ("what 1942 film"); capitals there are a
    // value a hop filled in ("… based on what Workers' self-management").
    let wh = crate::decompose::frame::asking_word(&frame.question)?;
    let after = frame.question.get(wh..)?.split_once(' ')?.1;
    let through = after.find(asked.as_str()).unwrap_or(after.len());
    if after.get(..through)?.chars().any(char::is_uppercase) {
        return None;
    }
    let noun = analyze::stem(&asked);
    let sentence = text.get(s..e)?;
    let words: Vec<(usize, &str)> = sentence
        .split_whitespace()
        .map(|w| (s + (w.as_ptr() as usize - sentence.as_ptr() as usize), w))
        .collect();
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).lower();
    let capital = |w: &str| {
        w.trim_start_matches(|c: char| !c.is_alphanumeric())
            .starts_with(char::is_uppercase)
            && !matches!(bare(w).as_str(), "the" | "a" | "an")
            // A word that closes a clause ("1998,") ends no name before it.
            && !w.ends_with([',', ';', ':', '.'])
    };
    for (i, (at, word)) in words.iter().enumerate() {
        if analyze::stem(&bare(word)) != noun || word.starts_with(['(', '"', '“']) {
            continue;
        }
        let first = words
            .get(..i)?
            .iter()
            .rposition(|(_, w)| !capital(w))
            .map_or(0, |p| p + 1);
        // The sentence's first word is capitalised whatever it is.
        let first = if first == 0 { 1 } else { first };
        // A nationality alone ("an American film") names no thing.
        let before = first < i
            && words.get(first..i).is_some_and(|run| {
                run.iter()
                    .any(|(_, w)| !crate::analyze::lexicon::is_demonym(&bare(w)))
            });
        let core = word.trim_end_matches(|c: char| !c.is_alphanumeric());
        // The kind noun may open the name too ("the Battle of the Rosebud",
        // "the USC Marshall School of Business").
        let after = (i > 0 && word.starts_with(char::is_uppercase))
            .then(|| continued(&words, i))
            .flatten();
        if !before && after.is_none() {
            continue;
        }
        let start = if before { words.get(first)?.0 } else { *at };
        let end = after.unwrap_or(at + core.len());
        // What the name says besides the kind noun.
        let others = format!(
            "{} {}",
            text.get(start..*at)?,
            text.get(at + core.len()..end)?
        );
        if shares_a_word(&frame.question, &others) {
            return None;
        }
        return Some(analyze::char_span(text, start, end));
    }
    None
}

/// Where the name that goes on after the capitalised kind noun `words[i]`
/// ends: the capitalised words after it, joined by "of", "the", "de" ("Battle
/// of the Rosebud"), up to a word that closes a clause. `None` when no
/// capitalised word follows, or the noun itself closes a clause.
fn continued(words: &[(usize, &str)], i: usize) -> Option<usize> {
    let (_, noun) = *words.get(i)?;
    if noun.ends_with([',', ';', ':', '.']) {
        return None;
    }
    let mut end = None;
    for (at, w) in words.iter().skip(i + 1) {
        let core = w.trim_end_matches(|c: char| !c.is_alphanumeric());
        if core.starts_with(char::is_uppercase) {
            end = Some(at + core.len());
        } else if !matches!(core, "of" | "the" | "de") {
            break;
        }
        if w.ends_with([',', ';', ':', '.']) {
            break;
        }
    }
    end
}

/// True when the question uses a word of the name (any form): then the page
/// is what the question asks about ("The Monarchs" for "Old Dominion
/// Monarchs baseball"; "bird attacks" for "The Birds"), not its answer.
fn shares_a_word(question: &str, name: &str) -> bool {
    let asked: Vec<String> = analyze::terms(question)
        .into_iter()
        .map(|t| t.term)
        .collect();
    analyze::terms(name)
        .into_iter()
        .any(|t| asked.contains(&t.term))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};

    fn subject_of(title: &str, text: &str, question: &str) -> Option<String> {
        let p = Passage::new("p", title, text);
        subject(&p, &frame(question, Strictness::Question)).map(|s| s.text)
    }

    #[test]
    fn the_page_of_the_kind_asked_names_the_answer() {
        let text = "Harrow Lane is a 2011 novel by Mira Castell. The novel imagines a ferryman.";
        let q = "What novel imagines the story of a ferryman?";
        assert_eq!(
            subject_of("Harrow Lane", text, q).as_deref(),
            Some("Harrow Lane")
        );
        // A qualified title is named by its short form.
        assert_eq!(
            subject_of("Harrow Lane (novel)", text, q).as_deref(),
            Some("Harrow Lane")
        );
        // Paraphrase: another noun of the same class.
        assert_eq!(
            subject_of(
                "Harrow Lane",
                text,
                "Which book imagines a ferryman's story?"
            )
            .as_deref(),
            Some("Harrow Lane")
        );
    }

    #[test]
    fn a_person_page_answers_who_or_what_person() {
        let text = "Imelda Marcos (née Romuáldez, born 2 July 1929) is the widow of \
                    Ferdinand Marcos. She remains rich through accounts under the \
                    pseudonym \"Jane Ryan\".";
        for q in [
            "What person, known also as Jane Ryan, has a highway named after her?",
            "Who kept money under the pseudonym Jane Ryan?",
        ] {
            assert_eq!(
                subject_of("Imelda Marcos", text, q).as_deref(),
                Some("Imelda Marcos"),
                "{q}"
            );
        }
        // Another kind asked: the page is no answer.
        assert_eq!(
            subject_of(
                "Imelda Marcos",
                text,
                "What company used the pseudonym Jane Ryan?"
            ),
            None
        );
    }

    #[test]
    fn a_page_that_opens_with_a_longer_name_names_the_answer() {
        let text = "Spiro Theodore \"Ted\" Agnew ( ; November 9, 1918 – September 17, 1996) \
                    was the 39th Vice President of the United States. He served under Nixon.";
        for q in [
            "Who is the 39th Vice President of the United States?",
            "Which politician served as the 39th Vice President of the United States?",
        ] {
            assert_eq!(
                subject_of("Spiro Agnew", text, q).as_deref(),
                Some("Spiro Theodore \"Ted\" Agnew"),
                "{q}"
            );
        }
        // The opening is another name: the title's first word does not open
        // it, or its last word is not in the name before "(" or ",".
        assert_eq!(
            subject_of(
                "Ted Agnew",
                text,
                "Who is the 39th Vice President of the United States?"
            ),
            None
        );
        let wife = "Elinor Judefind, the wife of Spiro Agnew, was born in Baltimore.";
        assert_eq!(
            subject_of("Spiro Agnew", wife, "Who was born in Baltimore?"),
            None
        );
    }

    fn named_of(text: &str, question: &str) -> Option<String> {
        named_with_kind(
            text,
            (0, text.len()),
            &frame(question, Strictness::Question),
        )
        .map(|s| s.text)
    }

    #[test]
    fn a_name_the_kind_noun_opens_answers_which_n() {
        let text = "The Other Magpie was a Crow woman who fought in the Battle of the Rosebud on the side of General Crook.";
        for q in [
            "What 1876 battle featured the Other Magpie?",
            "In which battle did the Other Magpie fight?",
        ] {
            assert_eq!(
                named_of(text, q).as_deref(),
                Some("Battle of the Rosebud"),
                "{q}"
            );
        }
        // A name on both sides of the noun is one name.
        assert_eq!(
            named_of(
                "Condit holds a B.B.A from the USC Marshall School of Business.",
                "The congressman holds a B.B.A from what school?"
            )
            .as_deref(),
            Some("USC Marshall School of Business")
        );
        assert_eq!(
            named_of(
                "Williams attended school at the University of Maryland, where he played forward.",
                "Which university did Walt Williams attend?"
            )
            .as_deref(),
            Some("University of Maryland")
        );
        // A lowercase kind noun opens no name.
        assert_eq!(
            named_of(
                "She fought in a battle near the Rosebud river.",
                "In which battle did the Other Magpie fight?"
            ),
            None
        );
        // A name the question writes is what it asks about.
        assert_eq!(
            named_of(
                "He studied at the University of Maryland.",
                "Which university did the Maryland alumnus attend?"
            ),
            None
        );
    }

    #[test]
    fn the_name_before_the_kind_noun_answers_which_n() {
        let text = "The film premiered at the Karlovy Vary festival, where it won a prize.";
        for q in [
            "Which festival did The Lantern Keeper win a prize at?",
            "At which festival did The Lantern Keeper win a prize?",
            "the lantern keeper won a prize at what festival",
        ] {
            assert_eq!(
                named_of(text, q).as_deref(),
                Some("Karlovy Vary festival"),
                "{q}"
            );
        }
        assert_eq!(
            named_of(
                "She belongs to the Democratic-Farmer-Labor Party.",
                "Which party is Phyllis Kahn a member of?"
            )
            .as_deref(),
            Some("Democratic-Farmer-Labor Party")
        );
        // No capitalised word before the noun: no name.
        assert_eq!(
            named_of(
                "The film premiered at a small festival, where it won a prize.",
                "Which festival did The Lantern Keeper win a prize at?"
            ),
            None
        );
        // A name the question writes is what it asks about.
        assert_eq!(
            named_of(
                "It premiered at the Lantern festival.",
                "Which festival did The Lantern Keeper win a prize at?"
            ),
            None
        );
        // A value a hop put into the question is no kind phrase.
        assert_eq!(
            named_of(
                "It was a vehicle for the Yugoslav Workers' self-management.",
                "It was a vehicle for management based on what Workers' self-management?"
            ),
            None
        );
        // A nationality is no name.
        assert_eq!(
            named_of(
                "It is a 1942 American film by Michael Curtiz.",
                "What 1942 film did Hal Wallis produce?"
            ),
            None
        );
        // No kind noun asked ("who"), or a typed answer: no name.
        assert_eq!(named_of(text, "Who won a prize at Karlovy Vary?"), None);
        assert_eq!(
            named_of(text, "In which year did it premiere at the festival?"),
            None
        );
    }

    #[test]
    fn no_subject_when_a_kind_is_unknown_or_differs_or_the_question_names_it() {
        let text = "Harrow Lane is a 2011 novel by Mira Castell. The novel imagines a ferryman.";
        // … or a word of it, in any form.
        assert_eq!(
            subject_of(
                "Harrow Lane",
                text,
                "Which novel set on lanes imagines a ferryman?"
            ),
            None
        );
        // The question names the page.
        assert_eq!(
            subject_of(
                "Harrow Lane",
                text,
                "What does the novel Harrow Lane imagine?"
            ),
            None
        );
        // Another class: a city is not answered by a novel.
        assert_eq!(
            subject_of("Harrow Lane", text, "Which city imagines a ferryman?"),
            None
        );
        // A kind noun the table does not hold ("exhibit").
        assert_eq!(
            subject_of("Harrow Lane", text, "What exhibit imagines a ferryman?"),
            None
        );
        // A page that says no kind.
        assert_eq!(
            subject_of(
                "Harrow Lane",
                "Harrow Lane imagines a ferryman.",
                "What novel imagines a ferryman?"
            ),
            None
        );
        // A name the text never writes as whole words.
        assert_eq!(
            subject_of(
                "Lane",
                "Harrow Laneway is a 2011 novel. It imagines a ferryman.",
                "What novel imagines a ferryman?"
            ),
            None
        );
        // Chinese asks no kind.
        assert_eq!(
            subject_of("Harrow Lane", text, "哪部小说想象了一个摆渡人？"),
            None
        );
    }
}
