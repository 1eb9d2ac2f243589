//! Stage 6 — execute: a qualifier the passage lacks, which another passage
//! about the same thing writes.
//!
//! "What is the *emergency* rollback rule for gateway-west?" shares every
//! word but one with gateway-west's ordinary runbook, and the emergency rule
//! is another passage (one the request may not even read). When a compound
//! of the question ("the emergency rollback rule") opens with a word that a
//! passage linked to the same declared entity writes right before the rest,
//! a candidate that never writes the word speaks of the unqualified thing
//! (or of another altogether): it does not answer.
//!
//! Guarantees: only in a question that names a declared entity (a service,
//! not a page title: open text words its qualifiers freely); a qualifier no
//! passage about that entity writes before the noun ("current", "latest")
//! changes nothing; a candidate that writes the qualifier anywhere is never
//! rejected by it; the qualifying passage is only read, never cited.

use crate::analyze;
use crate::analyze::fold::Lower;
use crate::decompose::frame::Frame;
use crate::index::{Index, QueryTerm};

/// Most passages read to find the qualifier written before its noun: those
/// that hold the most of the compound's words come first.
const LOOKED_AT: usize = 32;

/// A compound of the question whose first word qualifies the rest.
pub struct Qualified {
    /// The compound's byte range in the question.
    pub phrase: (usize, usize),
    /// The compound's terms, the qualifier first.
    query: Vec<QueryTerm>,
}

impl Qualified {
    /// True when passage `doc` never writes the qualifier: it speaks of the
    /// unqualified thing (the ordinary rollback rule), or of another thing
    /// altogether (the incident log).
    pub fn lacked_by(&self, index: &Index, doc: u32) -> bool {
        index.terms().matched(&self.query, doc) & 1 == 0
    }
}

/// Words that open a noun phrase.
const DETERMINERS: &[&str] = &["the", "a", "an", "my", "our", "your", "its", "their"];

/// The noun phrases a determiner opens, as byte ranges: two or more
/// adjacent lowercase words that are no stop words ("the *emergency
/// rollback rule* for …"); a word followed by punctuation ends one.
fn compounds(question: &str) -> Vec<(usize, usize)> {
    let words = analyze::spaced_words(question);
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let opens = words
            .get(i)
            .is_some_and(|(_, w)| DETERMINERS.contains(&w.lower().as_str()));
        i += 1;
        if !opens {
            continue;
        }
        let mut run: Vec<(usize, &str)> = Vec::new();
        while let Some(&(start, w)) = words.get(i) {
            let bare = w.trim_end_matches(|c: char| !c.is_alphanumeric());
            let word = !bare.is_empty()
                && bare.chars().all(|c| c.is_lowercase() || c == '-')
                && !analyze::is_stop_word(bare);
            if !word {
                break;
            }
            run.push((start, bare));
            i += 1;
            if bare.len() < w.len() {
                break;
            }
        }
        if let (Some(&(s, _)), Some(&(e, last))) = (run.first(), run.last()) {
            if run.len() >= 2 {
                out.push((s, e + last.len()));
            }
        }
    }
    out
}

/// The compounds of `frame` whose qualifier a passage linked to one of the
/// `named` entities writes right before the rest of the compound.
pub fn qualified(index: &Index, frame: &Frame, named: &[u32]) -> Vec<Qualified> {
    if named.is_empty() {
        return Vec::new();
    }
    compounds(&frame.question)
        .into_iter()
        .filter_map(|phrase| {
            let words = analyze::terms(frame.question.get(phrase.0..phrase.1)?);
            let terms: Vec<String> = words.into_iter().map(|t| t.term).collect();
            // Bit masks hold one bit a term.
            if terms.len() < 2 || terms.len() > 63 {
                return None;
            }
            let query = index.query(&terms);
            let (first, next) = (terms.first()?, terms.get(1)?);
            let hits = index
                .terms()
                .search(&query, &index.bm25(), &|_| true, LOOKED_AT);
            let written = hits.iter().any(|h| {
                h.matched & 0b11 == 0b11
                    && named.iter().any(|&e| index.links(h.doc, e))
                    && index.passage(h.doc).is_some_and(|p| {
                        writes_before(&p.title, first, next) || writes_before(&p.text, first, next)
                    })
            });
            written.then_some(Qualified { phrase, query })
        })
        .collect()
}

/// True when `text` writes the term `first` right before the term `next`
/// (a space or a hyphen between them).
fn writes_before(text: &str, first: &str, next: &str) -> bool {
    analyze::terms(text).windows(2).any(|w| match w {
        [a, b] if a.term == first && b.term == next => text
            .get(a.end..b.start)
            .is_some_and(|gap| gap.trim().is_empty() || gap == "-"),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::{compounds, writes_before};

    #[test]
    fn a_qualifier_is_written_right_before_its_noun() {
        let stem = |w: &str| crate::analyze::terms(w).remove(0).term;
        let (emergency, rollback) = (stem("emergency"), stem("rollback"));
        assert!(writes_before(
            "Emergency rollback rule for gateway-west when the migration ran",
            &emergency,
            &rollback
        ));
        assert!(!writes_before(
            "In an emergency, the rollback rule is the same",
            &emergency,
            &rollback
        ));
    }

    #[test]
    fn a_determiner_opens_a_compound_of_lowercase_words() {
        let of = |q: &'static str| -> Vec<&'static str> {
            compounds(q).into_iter().map(|(s, e)| &q[s..e]).collect()
        };
        assert_eq!(
            of("What is the emergency rollback rule for gateway-west?"),
            ["emergency rollback rule"]
        );
        assert_eq!(of("what's the emergency rollback?"), ["emergency rollback"]);
        assert_eq!(
            of("What is the rollback rule for gateway-west?"),
            ["rollback rule"]
        );
        assert!(of("What is the rule for Gateway West?").is_empty());
        assert!(of("Who wrote the Lighthouse Keeper?").is_empty());
    }
}
