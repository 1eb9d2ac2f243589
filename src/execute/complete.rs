//! Stage 6 — execute: a title a passage writes short.
//!
//! Pages are often named longer than passages name them: "the defeat of the
//! Russian armies at Tannenberg" speaks of the page "Battle of Tannenberg",
//! "the tenth laird of Skelmorlie" of "Skelmorlie Castle", "two older
//! brothers - Eden and Thorgan" (of Kylian Hazard) of "Thorgan Hazard". The
//! index links only titles and aliases written in full, so a follow step
//! whose passage links no title it can take would come back "no applicable
//! passage states a linked entity" with the answer right there.
//!
//! Each capitalised name of the answering sentence that links nothing is
//! completed with the question's head noun ("Battle of N", "N Castle") or
//! with the last word of a name the question gives ("N Hazard"); a
//! completion counts only when the corpus has a page by exactly that title
//! and that page (loaded) writes a word of the passage's sentence or title
//! besides the name and the completing word: the battle's page speaks of
//! the Russian army Hoffmann's sentence names, while "Tannenberg Castle", a
//! ruin in Hesse, shares nothing with it but "Tannenberg".
//!
//! Guarantees: only exact titles (case-insensitive, [`Index::resolve`]) are
//! returned, never the passage's own page, a name the question gives, or
//! the sentence's first word (capitalised anyway); each comes with the byte
//! range of the name as the passage writes it, inside the sentence.

use super::head::{self, normalized};
use crate::analyze;
use crate::decompose::frame::Frame;
use crate::index::{Index, Mention};
use crate::model::Passage;

/// The pages the unlinked names of `sentence` (a byte range of `p.text`)
/// are written short for, as mentions of `p.text`.
pub fn completed_titles(
    index: &Index,
    doc: u32,
    p: &Passage,
    frame: &Frame,
    sentence: (usize, usize),
) -> Vec<Mention> {
    let given = head::given(frame);
    let own = index.title_entity(doc);
    let linked = index.mentions(doc);
    // Titles resolve case-insensitively: the head as the question writes it.
    let head = head::described_word(frame);
    // The last word of each name of several words the question gives.
    let families: Vec<&str> = frame
        .names
        .iter()
        .filter_map(|&(s, e)| frame.question.get(s..e))
        .filter_map(|name| name.rsplit_once(' ').map(|(_, last)| last))
        .filter(|last| last.starts_with(char::is_uppercase))
        .collect();
    // The words that may corroborate a completion: the sentence's and the
    // title's (read once a title resolves).
    let source = std::cell::OnceCell::new();
    let source = || {
        source.get_or_init(|| {
            analyze::terms(p.text.get(sentence.0..sentence.1).unwrap_or(""))
                .into_iter()
                .chain(analyze::terms(&p.title))
                .map(|t| t.term)
                .collect::<Vec<String>>()
        })
    };
    let mut out: Vec<Mention> = Vec::new();
    for (start, end) in unlinked_names(p, sentence, linked)
        .into_iter()
        .flat_map(|r| parts(p, r))
    {
        let Some(name) = p.text.get(start..end) else {
            continue;
        };
        if given.contains(&normalized(name)) {
            continue;
        }
        let mut titles: Vec<String> = Vec::new();
        if let Some(h) = head {
            titles.push(format!("{h} of {name}"));
            titles.push(format!("{name} {h}"));
        }
        for last in &families {
            if !name.ends_with(last) {
                titles.push(format!("{name} {last}"));
            }
        }
        for title in titles {
            let Some(entity) = index.resolve(&title) else {
                continue;
            };
            let new = !out.iter().any(|m| m.entity == entity);
            if index.is_title(entity)
                && Some(entity) != own
                && new
                && corroborates(index, entity, &title, source())
            {
                // Byte offsets of a passage fit in u32 (the index stores them so).
                let (Ok(start), Ok(end)) = (u32::try_from(start), u32::try_from(end)) else {
                    continue;
                };
                out.push(Mention { entity, start, end });
            }
        }
    }
    out
}

/// The page of `entity` (loaded) writes one of the `source` terms that is
/// not a term of its `title`.
fn corroborates(index: &Index, entity: u32, title: &str, source: &[String]) -> bool {
    let Some(page) = super::extract::page_of(index, entity) else {
        return false;
    };
    let own: Vec<String> = analyze::terms(title).into_iter().map(|t| t.term).collect();
    analyze::terms(&page.text)
        .iter()
        .any(|t| !own.contains(&t.term) && source.contains(&t.term))
}

/// Byte ranges of the capitalised names in `sentence` that no mention
/// covers, past its first word.
fn unlinked_names(p: &Passage, (s, e): (usize, usize), linked: &[Mention]) -> Vec<(usize, usize)> {
    let text = p.text.get(..e).unwrap_or("");
    let mut out = Vec::new();
    let mut at = s;
    let mut first = true;
    while let Some(rest) = text.get(at..) {
        let lead = rest.len() - rest.trim_start().len();
        let start = at + lead;
        let word_len = text
            .get(start..)
            .and_then(|r| r.split_whitespace().next())
            .map_or(0, str::len);
        if word_len == 0 {
            break;
        }
        let capital = text
            .get(start..)
            .is_some_and(|r| r.starts_with(char::is_uppercase));
        let len = if capital && !first {
            head::name_length(text.get(start..).unwrap_or(""))
        } else {
            0
        };
        first = false;
        if len > 0 {
            let end = start + len;
            let covered = linked
                .iter()
                .any(|m| (m.start as usize) < end && start < m.end as usize);
            if !covered {
                out.push((start, end));
            }
            at = end;
        } else {
            at = start + word_len;
        }
    }
    out
}

/// A name run and, when it joins two with "and" ("Eden and Thorgan"),
/// each of them.
fn parts(p: &Passage, (s, e): (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = vec![(s, e)];
    let run = p.text.get(s..e).unwrap_or("");
    if let Some(i) = run.find(" and ") {
        out.push((s, s + i));
        out.push((s + i + " and ".len(), e));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};
    use crate::index::Bm25;

    fn index(pages: &[(&str, &str)]) -> Index {
        let passages = pages
            .iter()
            .map(|(title, text)| Passage::new(*title, *title, *text))
            .collect();
        Index::build(passages, vec![], Default::default(), Bm25::default()).expect("it indexes")
    }

    fn completed(index: &Index, page: &str, question: &str) -> Vec<String> {
        let doc = index.doc_of(page).expect("the page");
        let p = index.passage(doc).expect("its passage");
        let f = frame(question, Strictness::Strict);
        completed_titles(index, doc, p, &f, (0, p.text.len()))
            .iter()
            .filter_map(|m| index.entity(m.entity).map(|e| e.id.clone()))
            .collect()
    }

    #[test]
    fn a_name_is_completed_to_a_title_with_the_head_or_a_family_name() {
        let index = index(&[
            (
                "Max Hoffmann",
                "Hoffmann masterminded the defeat of the Russian armies at Tannenberg and the \
                 Masurian Lakes.",
            ),
            (
                "Battle of Tannenberg",
                "The Battle of Tannenberg destroyed a Russian army in August 1914.",
            ),
            (
                "Kylian Hazard",
                "Kylian Hazard has two older brothers, Eden and Thorgan.",
            ),
            (
                "Thorgan Hazard",
                "Thorgan Hazard, a brother of Kylian, plays for Borussia Mönchengladbach.",
            ),
            (
                "Tannenberg Castle",
                "Tannenberg Castle housed the Russian armies.",
            ),
            ("Tannenberg Abbey", "Tannenberg Abbey is a ruin in Hesse."),
        ]);
        assert_eq!(
            completed(
                &index,
                "Max Hoffmann",
                "Max Hoffmann masterminded a defeat in which battle?"
            ),
            vec!["Battle of Tannenberg"]
        );
        // With another head, another page: the castle, not the battle.
        assert_eq!(
            completed(
                &index,
                "Max Hoffmann",
                "Max Hoffmann masterminded a defeat near which castle?"
            ),
            vec!["Tannenberg Castle"]
        );
        assert_eq!(
            completed(
                &index,
                "Kylian Hazard",
                "which older brothers of Kylian Hazard?"
            ),
            vec!["Thorgan Hazard"]
        );
        // No page by the completed title, or one that shares no word with
        // the sentence but the name: nothing.
        assert!(completed(&index, "Max Hoffmann", "Max Hoffmann won which war?").is_empty());
        assert!(completed(&index, "Max Hoffmann", "Max Hoffmann won near which abbey?").is_empty());
    }
}
