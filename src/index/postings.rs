//! Stage 2 — index: inverted postings and BM25F scoring.
//!
//! Each term maps to the passages that contain it, with the term frequency in
//! the body and in the title. Scoring is BM25 over a weighted field sum
//! (BM25F): `tf = tf_body + w·tf_title`, `len = len_body + w·len_title`.
//! Invariants: terms are sorted and unique; posting lists are sorted by
//! passage number (stored as deltas); every passage number is below the
//! passage count (checked on load, so scoring never indexes out of bounds).

use crate::analyze;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// BM25 parameters.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Bm25 {
    pub k1: f32,
    pub b: f32,
    /// How much one title occurrence counts relative to one body occurrence.
    pub title_weight: f32,
}

impl Default for Bm25 {
    fn default() -> Self {
        Bm25 {
            k1: 1.2,
            b: 0.75,
            title_weight: 2.0,
        }
    }
}

/// One passage in a term's posting list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Posting {
    /// Passage number minus the previous posting's passage number.
    pub delta: u32,
    pub body: u16,
    pub title: u16,
}

/// The inverted index.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Postings {
    terms: Vec<String>,
    lists: Vec<Vec<Posting>>,
    body_len: Vec<u32>,
    title_len: Vec<u32>,
    #[serde(skip)]
    lookup: HashMap<String, u32>,
}

/// A scored passage; `matched` has bit `i` set when query term `i` occurs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    pub doc: u32,
    pub score: f32,
    pub matched: u64,
}

/// A query term with its inverse document frequency.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryTerm {
    pub term: String,
    pub idf: f32,
    posting: Option<u32>,
}

fn idf(n: usize, df: usize) -> f32 {
    let (n, df) = (n as f32, df as f32);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

impl Postings {
    /// Builds postings from (title, body) texts.
    pub fn build<'a>(docs: impl Iterator<Item = (&'a str, &'a str)>) -> Postings {
        let mut map: BTreeMap<String, Vec<(u32, u16, u16)>> = BTreeMap::new();
        let mut body_len = Vec::new();
        let mut title_len = Vec::new();
        for (doc, (title, body)) in docs.enumerate() {
            let doc = doc as u32;
            let mut counts: HashMap<String, (u16, u16)> = HashMap::new();
            let title_terms = analyze::terms(title);
            let body_terms = analyze::terms(body);
            title_len.push(title_terms.len() as u32);
            body_len.push(body_terms.len() as u32);
            for t in title_terms {
                let c = counts.entry(t.term).or_default();
                c.1 = c.1.saturating_add(1);
            }
            for t in body_terms {
                let c = counts.entry(t.term).or_default();
                c.0 = c.0.saturating_add(1);
            }
            for (term, (b, t)) in counts {
                map.entry(term).or_default().push((doc, b, t));
            }
        }
        let mut terms = Vec::with_capacity(map.len());
        let mut lists = Vec::with_capacity(map.len());
        for (term, mut list) in map {
            list.sort_unstable_by_key(|p| p.0);
            let mut prev = 0;
            lists.push(
                list.into_iter()
                    .map(|(doc, body, title)| {
                        let p = Posting {
                            delta: doc - prev,
                            body,
                            title,
                        };
                        prev = doc;
                        p
                    })
                    .collect(),
            );
            terms.push(term);
        }
        let mut postings = Postings {
            terms,
            lists,
            body_len,
            title_len,
            lookup: HashMap::new(),
        };
        postings.rebuild_lookup();
        postings
    }

    /// Rebuilds the term lookup and checks the invariants (after decoding).
    pub fn validate(&mut self, passages: usize) -> Result<(), String> {
        if self.terms.len() != self.lists.len() {
            return Err("term and posting list counts differ".into());
        }
        if self.body_len.len() != passages || self.title_len.len() != passages {
            return Err("passage length table does not match the passage count".into());
        }
        for (term, list) in self.terms.iter().zip(&self.lists) {
            let mut doc: u64 = 0;
            for (i, p) in list.iter().enumerate() {
                if i > 0 && p.delta == 0 {
                    return Err(format!("posting list of {term:?} is not sorted"));
                }
                doc += u64::from(p.delta);
                if doc >= passages as u64 {
                    return Err(format!("posting list of {term:?} names a missing passage"));
                }
            }
        }
        self.rebuild_lookup();
        Ok(())
    }

    fn rebuild_lookup(&mut self) {
        self.lookup = self
            .terms
            .iter()
            .enumerate()
            .map(|(i, t)| (t.clone(), i as u32))
            .collect();
    }

    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// Document frequency of a term.
    pub fn df(&self, term: &str) -> usize {
        self.lookup
            .get(term)
            .and_then(|&i| self.lists.get(i as usize))
            .map_or(0, Vec::len)
    }

    /// Turns distinct query terms into scored query terms (at most 64 kept).
    pub fn query(&self, terms: &[String]) -> Vec<QueryTerm> {
        let n = self.body_len.len();
        let mut out: Vec<QueryTerm> = Vec::new();
        for term in terms {
            if out.len() == 64 || out.iter().any(|q| q.term == *term) {
                continue;
            }
            let posting = self.lookup.get(term).copied();
            let df = posting
                .and_then(|i| self.lists.get(i as usize))
                .map_or(0, Vec::len);
            // A CJK bigram no passage contains is an artefact of reading across
            // a word boundary (的海, 外补): it says nothing about coverage.
            let cjk_pair = term.chars().count() == 2 && term.chars().all(analyze::is_cjk);
            if df == 0 && cjk_pair {
                continue;
            }
            out.push(QueryTerm {
                term: term.clone(),
                idf: idf(n, df),
                posting,
            });
        }
        out
    }

    /// Scores every passage that contains a query term and passes `keep`;
    /// returns hits sorted best first (ties by passage number), at most `limit`.
    pub fn search(
        &self,
        query: &[QueryTerm],
        params: &Bm25,
        keep: &dyn Fn(u32) -> bool,
        limit: usize,
    ) -> Vec<Hit> {
        let n = self.body_len.len();
        if n == 0 || limit == 0 {
            return Vec::new();
        }
        let w = params.title_weight;
        let total: f32 = self
            .body_len
            .iter()
            .zip(&self.title_len)
            .map(|(&b, &t)| b as f32 + w * t as f32)
            .sum();
        let avg = (total / n as f32).max(1.0);
        let mut scores: HashMap<u32, (f32, u64)> = HashMap::new();
        for (qi, q) in query.iter().enumerate() {
            let Some(list) = q.posting.and_then(|i| self.lists.get(i as usize)) else {
                continue;
            };
            let mut doc = 0u32;
            for p in list {
                doc += p.delta;
                let len = self.body_len.get(doc as usize).copied().unwrap_or(0) as f32
                    + w * self.title_len.get(doc as usize).copied().unwrap_or(0) as f32;
                let tf = f32::from(p.body) + w * f32::from(p.title);
                let norm = params.k1 * (1.0 - params.b + params.b * len / avg);
                let s = q.idf * tf * (params.k1 + 1.0) / (tf + norm);
                let e = scores.entry(doc).or_insert((0.0, 0));
                e.0 += s;
                e.1 |= 1u64 << qi;
            }
        }
        let mut hits: Vec<Hit> = scores
            .into_iter()
            .filter(|(doc, _)| keep(*doc))
            .map(|(doc, (score, matched))| Hit {
                doc,
                score,
                matched,
            })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
        hits.truncate(limit);
        hits
    }

    /// Which query terms a passage contains (bit `i` for term `i`).
    pub fn matched(&self, query: &[QueryTerm], doc: u32) -> u64 {
        let mut mask = 0;
        for (qi, q) in query.iter().enumerate() {
            let Some(list) = q.posting.and_then(|i| self.lists.get(i as usize)) else {
                continue;
            };
            let mut d = 0u32;
            for p in list {
                d += p.delta;
                if d == doc {
                    mask |= 1u64 << qi;
                    break;
                }
                if d > doc {
                    break;
                }
            }
        }
        mask
    }
}

/// Share of the query's IDF mass that `matched` covers (0 for an empty query).
pub fn coverage(query: &[QueryTerm], matched: u64) -> f32 {
    let total: f32 = query.iter().map(|q| q.idf).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let hit: f32 = query
        .iter()
        .enumerate()
        .filter(|(i, _)| matched & (1u64 << i) != 0)
        .map(|(_, q)| q.idf)
        .sum();
    hit / total
}
