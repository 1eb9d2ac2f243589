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
//! as the passage text writes it, with the span where it does; `None`
//! whenever the kind asked or the page's kind is unknown, they share no
//! class, the question uses a word of the page's name (then it asks *about*
//! that thing, and the sentence is the answer), or the text never writes the
//! name. English only, as [`kind`] is.

use super::kind;
use crate::analyze;
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
    let start = analyze::word_at(&p.text, name)?;
    Some(analyze::char_span(&p.text, start, start + name.len()))
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
