//! Stage 2 — index: inverted postings and BM25F scoring.
//!
//! Each term maps to the passages that contain it, with the term frequency in
//! the body and in the title. Scoring is BM25 over a weighted field sum
//! (BM25F): `tf = tf_body + w·tf_title`, `len = len_body + w·len_title`.
//!
//! Storage: all posting lists are one byte string; a posting is
//! `varint(passage delta) varint(tf_body << 1 | has_title) [varint(tf_title)]`.
//! Invariants (checked on load by [`Postings::validate`], so scoring never
//! reads out of bounds): terms are sorted and unique; list `i` spans
//! `data[offsets[i]..offsets[i+1]]` and decodes into exactly `dfs[i]`
//! postings with strictly increasing passage numbers below the passage count.

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

/// The inverted index.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Postings {
    terms: Vec<String>,
    offsets: Vec<u32>,
    dfs: Vec<u32>,
    #[serde(with = "bytes")]
    data: Vec<u8>,
    body_len: Vec<u32>,
    title_len: Vec<u32>,
}

/// `Vec<u8>` as one byte string (postcard: length + raw bytes), not a
/// sequence of `u8` values: loads a large index in one copy.
mod bytes {
    use serde::de::{Deserializer, Error, Visitor};
    use serde::Serializer;
    use std::fmt;

    pub fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }

    struct Bytes;

    impl Visitor<'_> for Bytes {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a byte string")
        }

        fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }

        fn visit_byte_buf<E: Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_byte_buf(Bytes)
    }
}

fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Decodes one posting list: (passage, tf_body, tf_title). Stops at the end
/// of the list or at the first malformed byte (load-time validation rules
/// that out for stored indexes).
struct List<'a> {
    data: &'a [u8],
    pos: usize,
    doc: u32,
    left: u32,
}

impl List<'_> {
    fn varint(&mut self) -> Option<u32> {
        let mut v: u32 = 0;
        for shift in [0u32, 7, 14, 21, 28] {
            let b = *self.data.get(self.pos)?;
            self.pos += 1;
            v |= u32::from(b & 0x7f).checked_shl(shift)?;
            if b < 0x80 {
                return Some(v);
            }
        }
        None
    }
}

impl Iterator for List<'_> {
    type Item = (u32, u32, u32);

    fn next(&mut self) -> Option<(u32, u32, u32)> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let delta = self.varint()?;
        let packed = self.varint()?;
        let title = if packed & 1 == 1 { self.varint()? } else { 0 };
        self.doc = self.doc.checked_add(delta)?;
        Some((self.doc, packed >> 1, title))
    }
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
        let mut offsets = Vec::with_capacity(map.len());
        let mut dfs = Vec::with_capacity(map.len());
        let mut data = Vec::new();
        for (term, mut list) in map {
            crate::sort::sort_by(&mut list, &|a, b| a.0.cmp(&b.0));
            offsets.push(data.len() as u32);
            dfs.push(list.len() as u32);
            let mut prev = 0;
            for (doc, body, title) in list {
                put_varint(&mut data, doc - prev);
                put_varint(&mut data, (u32::from(body) << 1) | u32::from(title > 0));
                if title > 0 {
                    put_varint(&mut data, u32::from(title));
                }
                prev = doc;
            }
            terms.push(term);
        }
        Postings {
            terms,
            offsets,
            dfs,
            data,
            body_len,
            title_len,
        }
    }

    fn list(&self, term: u32) -> List<'_> {
        let i = term as usize;
        let start = self.offsets.get(i).copied().unwrap_or(0) as usize;
        let end = self
            .offsets
            .get(i + 1)
            .map_or(self.data.len(), |&e| e as usize);
        List {
            data: self.data.get(start..end).unwrap_or(&[]),
            pos: 0,
            doc: 0,
            left: self.dfs.get(i).copied().unwrap_or(0),
        }
    }

    /// Checks the invariants (after decoding).
    pub fn validate(&self, passages: usize) -> Result<(), String> {
        let n = self.terms.len();
        if self.offsets.len() != n || self.dfs.len() != n {
            return Err("term, offset and frequency tables differ in length".into());
        }
        if self.body_len.len() != passages || self.title_len.len() != passages {
            return Err("passage length table does not match the passage count".into());
        }
        if self.terms.windows(2).any(|w| w[0] >= w[1]) {
            return Err("terms are not sorted".into());
        }
        let mut prev_end = 0usize;
        for (i, term) in self.terms.iter().enumerate() {
            let start = self.offsets.get(i).copied().unwrap_or(0) as usize;
            let end = self
                .offsets
                .get(i + 1)
                .map_or(self.data.len(), |&e| e as usize);
            if start != prev_end || end < start || end > self.data.len() {
                return Err(format!("posting list of \"{term}\" is out of bounds"));
            }
            prev_end = end;
            let mut list = self.list(i as u32);
            let mut count = 0u32;
            let mut last: Option<u32> = None;
            for (doc, _, _) in list.by_ref() {
                if last.is_some_and(|l| doc <= l) || doc as usize >= passages {
                    return Err(format!(
                        "posting list of \"{term}\" names a missing passage"
                    ));
                }
                last = Some(doc);
                count += 1;
            }
            if count != self.dfs.get(i).copied().unwrap_or(0) || list.pos != end - start {
                return Err(format!("posting list of \"{term}\" is malformed"));
            }
        }
        Ok(())
    }

    /// The number of a term (terms are sorted: a binary search, no hash table
    /// to build at load).
    fn term_id(&self, term: &str) -> Option<u32> {
        self.terms
            .binary_search_by(|t| t.as_str().cmp(term))
            .ok()
            .map(|i| i as u32)
    }

    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// Document frequency of a term.
    pub fn df(&self, term: &str) -> usize {
        self.term_id(term)
            .and_then(|i| self.dfs.get(i as usize))
            .map_or(0, |&d| d as usize)
    }

    /// Turns distinct query terms into scored query terms (at most 64 kept).
    pub fn query(&self, terms: &[String]) -> Vec<QueryTerm> {
        let n = self.body_len.len();
        let mut out: Vec<QueryTerm> = Vec::new();
        for term in terms {
            if out.len() == 64 || out.iter().any(|q| q.term == *term) {
                continue;
            }
            let posting = self.term_id(term);
            let df = posting
                .and_then(|i| self.dfs.get(i as usize))
                .map_or(0, |&d| d as usize);
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
        // Dense accumulators: score and matched-term mask per passage.
        let mut scores: Vec<(f32, u64)> = vec![(0.0, 0); n];
        let mut touched: Vec<u32> = Vec::new();
        for (qi, q) in query.iter().enumerate() {
            let Some(term) = q.posting else {
                continue;
            };
            for (doc, body, title) in self.list(term) {
                let (Some(&bl), Some(&tl), Some(acc)) = (
                    self.body_len.get(doc as usize),
                    self.title_len.get(doc as usize),
                    scores.get_mut(doc as usize),
                ) else {
                    continue;
                };
                let len = bl as f32 + w * tl as f32;
                let tf = body as f32 + w * title as f32;
                let norm = params.k1 * (1.0 - params.b + params.b * len / avg);
                if acc.1 == 0 {
                    touched.push(doc);
                }
                acc.0 += q.idf * tf * (params.k1 + 1.0) / (tf + norm);
                acc.1 |= 1u64 << qi;
            }
        }
        let hit = |doc: u32| {
            let &(score, matched) = scores.get(doc as usize)?;
            Some(Hit {
                doc,
                score,
                matched,
            })
        };
        let order = |a: &Hit, b: &Hit| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc));
        // The filter is costlier than scoring: run it on the best `limit`
        // first, and over every touched passage only when it refused one.
        let mut hits: Vec<Hit> = touched.into_iter().filter_map(hit).collect();
        let best = crate::sort::top_k(hits.iter().copied(), limit, &order);
        if best.iter().all(|h| keep(h.doc)) {
            return best;
        }
        hits.retain(|h| keep(h.doc));
        crate::sort::top_k(hits.iter().copied(), limit, &order)
    }

    /// [`Postings::matched`] for many passages at once: `docs` sorted and
    /// unique; one merge pass over each query term's list (not one per doc).
    pub fn matched_many(&self, query: &[QueryTerm], docs: &[u32]) -> Vec<u64> {
        let mut masks = vec![0u64; docs.len()];
        for (qi, q) in query.iter().enumerate() {
            let Some(term) = q.posting else {
                continue;
            };
            let mut at = 0;
            for (doc, _, _) in self.list(term) {
                while docs.get(at).is_some_and(|&d| d < doc) {
                    at += 1;
                }
                match (docs.get(at), masks.get_mut(at)) {
                    (Some(&d), Some(m)) if d == doc => *m |= 1u64 << qi,
                    (None, _) => break,
                    _ => {}
                }
            }
        }
        masks
    }

    /// Which query terms a passage contains (bit `i` for term `i`).
    pub fn matched(&self, query: &[QueryTerm], doc: u32) -> u64 {
        let mut mask = 0;
        for (qi, q) in query.iter().enumerate() {
            let Some(term) = q.posting else {
                continue;
            };
            if self
                .list(term)
                .take_while(|p| p.0 <= doc)
                .any(|p| p.0 == doc)
            {
                mask |= 1u64 << qi;
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
