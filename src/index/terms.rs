//! Stage 2 — index: the term dictionary and BM25F scoring over it.
//!
//! [`Terms`] reads posting lists across key ranges of [`Postings`] (one range
//! for an index file, many for a bundle) and scores passages with BM25 over a
//! weighted field sum (BM25F): `tf = tf_body + w·tf_title`,
//! `len = len_body + w·len_title`. The average length comes from the exact
//! integer totals of the whole index, so a bundle and its index file score
//! every passage to the same bits.

use super::postings::{Bm25, Postings};
use super::shard::{Misses, Part, Ranged};
use crate::analyze;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

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
    /// (key range, term number inside it).
    posting: Option<(u32, u32)>,
}

fn idf(n: usize, df: usize) -> f32 {
    let (n, df) = (n as f32, df as f32);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// Collection statistics the scorer needs besides the postings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub passages: u32,
    pub terms: u32,
    pub body_len: u64,
    pub title_len: u64,
}

super::codec::record!(Totals {
    passages,
    terms,
    body_len,
    title_len
});

/// What a search reuses: see [`Terms::scratch`].
#[derive(Debug, Default)]
struct Scratch {
    slots: Vec<u32>,
    hits: Vec<Hit>,
    norms: Norms,
}

/// Per passage, the BM25 length normalisation `k1·(1 − b + b·len/avg)` of
/// an index file's length table, computed once for a parameter set instead
/// of once per posting: by the same function, so to the same bits as a
/// bundle part's inline lengths give.
#[derive(Debug, Default)]
struct Norms {
    /// The bits of (k1, b, title weight, average length) `of` is for.
    key: Option<[u32; 4]>,
    of: Vec<f32>,
}

impl Norms {
    /// The table for `key`, computed from the lengths when it is not yet.
    fn of(
        &mut self,
        key: [u32; 4],
        (body, title): (&[u32], &[u32]),
        norm: &dyn Fn(u32, u32) -> f32,
    ) -> &[f32] {
        if self.key != Some(key) || self.of.len() != body.len() {
            self.of = body.iter().zip(title).map(|(&b, &t)| norm(b, t)).collect();
            self.key = Some(key);
        }
        &self.of
    }
}

/// The term dictionary with its posting lists.
#[derive(Debug)]
pub struct Terms {
    totals: Totals,
    ranges: Ranged<Postings>,
    /// Per passage, where its accumulator is in a search's list of touched
    /// passages (1-based; 0 = untouched), reused across searches: all zero
    /// between searches (each search resets the entries it touched), so a
    /// search costs its postings, not the passage count. Four bytes a
    /// passage, so that the random accesses of scoring stay in cache; the
    /// accumulators themselves lie together in touch order, in a list also
    /// kept from one search to the next (no fresh pages for each search).
    scratch: RefCell<Scratch>,
}

impl Terms {
    /// All postings in one range (an index file); totals from its length table.
    pub fn whole(postings: Postings, passages: usize) -> Terms {
        let (body, title) = postings.table().unwrap_or((&[], &[]));
        let sum = |v: &[u32]| v.iter().map(|&x| u64::from(x)).sum();
        let totals = Totals {
            passages: passages as u32,
            terms: postings.terms().len() as u32,
            body_len: sum(body),
            title_len: sum(title),
        };
        Terms {
            totals,
            ranges: Ranged::whole(postings),
            scratch: RefCell::default(),
        }
    }

    /// Key ranges of a bundle, none loaded.
    pub fn pending(totals: Totals, first: Vec<String>) -> Result<Terms, String> {
        Ok(Terms {
            totals,
            ranges: Ranged::pending(first)?,
            scratch: RefCell::default(),
        })
    }

    pub fn totals(&self) -> Totals {
        self.totals
    }

    pub fn ranges(&self) -> &Ranged<Postings> {
        &self.ranges
    }

    /// Loads key range `i` (a bundle part), after checking it.
    pub fn fill(&mut self, i: u32, mut part: Postings) -> Result<(), String> {
        part.load(self.totals.passages as usize)?;
        if !part.terms().iter().all(|t| self.ranges.holds(i, t)) {
            return Err(format!("term part {i} holds terms outside its key range"));
        }
        self.ranges.fill(i, part)
    }

    pub fn term_count(&self) -> usize {
        self.totals.terms as usize
    }

    fn find(&self, term: &str, misses: &Misses) -> Option<(u32, u32)> {
        let (range, postings) = self.ranges.get(term, misses, Part::Terms)?;
        Some((range, postings.term_id(term)?))
    }

    fn list(&self, posting: (u32, u32)) -> super::postings::List<'_> {
        match self.ranges.chunk(posting.0) {
            Some(p) => p.list(posting.1),
            None => super::postings::List::empty(),
        }
    }

    /// Document frequency of a term.
    pub fn df(&self, term: &str, misses: &Misses) -> usize {
        self.df_at(self.find(term, misses))
    }

    /// Document frequency of a term [`Terms::find`] located (0 when absent).
    fn df_at(&self, posting: Option<(u32, u32)>) -> usize {
        posting
            .and_then(|(r, t)| Some(self.ranges.chunk(r)?.df_of(t) as usize))
            .unwrap_or(0)
    }

    /// Turns distinct query terms into scored query terms (at most 64 kept).
    pub fn query(&self, terms: &[String], misses: &Misses) -> Vec<QueryTerm> {
        let n = self.totals.passages as usize;
        let mut out: Vec<QueryTerm> = Vec::new();
        for term in terms {
            if out.len() == 64 || out.iter().any(|q| q.term == *term) {
                continue;
            }
            let posting = self.find(term, misses);
            let df = self.df_at(posting);
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

    /// Scores every passage that contains a query term; returns the best
    /// `limit` that pass `keep`, best first (ties by passage number). `keep`
    /// runs on passages in rank order and only until `limit` have passed.
    pub fn search(
        &self,
        query: &[QueryTerm],
        params: &Bm25,
        keep: &dyn Fn(u32) -> bool,
        limit: usize,
    ) -> Vec<Hit> {
        let n = self.totals.passages as usize;
        if n == 0 || limit == 0 {
            return Vec::new();
        }
        let w = params.title_weight;
        let total = self.totals.body_len as f32 + w * self.totals.title_len as f32;
        let avg = (total / n as f32).max(1.0);
        let norm_of = |len_body: u32, len_title: u32| {
            let len = len_body as f32 + w * len_title as f32;
            params.k1 * (1.0 - params.b + params.b * len / avg)
        };
        let key = [params.k1, params.b, w, avg].map(f32::to_bits);
        // The shared scratch; a fresh one only if it is in use (no search
        // runs inside another, so that never happens).
        let mut shared = self.scratch.try_borrow_mut().ok();
        let mut own = Scratch::default();
        let Scratch { slots, hits, norms } = shared.as_deref_mut().unwrap_or(&mut own);
        if slots.len() != n {
            *slots = vec![0; n];
        }
        // Accumulators of the touched passages, in the order first touched.
        hits.clear();
        for (qi, q) in query.iter().enumerate() {
            let Some((range, term)) = q.posting else {
                continue;
            };
            let Some(chunk) = self.ranges.chunk(range) else {
                continue;
            };
            let table = chunk
                .table()
                .map(|lengths| norms.of(key, lengths, &norm_of));
            for p in chunk.counts(term) {
                let Some(slot) = slots.get_mut(p.doc as usize) else {
                    continue;
                };
                let norm = match table {
                    // `load` checked the table has a row per passage.
                    Some(t) => t.get(p.doc as usize).copied().unwrap_or(0.0),
                    None => norm_of(p.len_body, p.len_title),
                };
                if *slot == 0 {
                    hits.push(Hit {
                        doc: p.doc,
                        score: 0.0,
                        matched: 0,
                    });
                    *slot = hits.len() as u32;
                }
                let Some(acc) = hits.get_mut(*slot as usize - 1) else {
                    continue;
                };
                let tf = p.tf_body as f32 + w * p.tf_title as f32;
                acc.score += q.idf * tf * (params.k1 + 1.0) / (tf + norm);
                acc.matched |= bit(qi);
            }
        }
        // The filter is costlier than scoring: run it down the ranking only
        // as far as needed. Rank the best `depth` (a partial sort), and rank
        // twice as deep only when the filter refused too many of those.
        let mut depth = limit;
        let kept = loop {
            let ranked = best_first(hits.iter().copied(), depth);
            let kept: Vec<Hit> = ranked
                .iter()
                .copied()
                .filter(|h| keep(h.doc))
                .take(limit)
                .collect();
            if kept.len() == limit || ranked.len() == hits.len() {
                break kept;
            }
            depth = depth.saturating_mul(2);
        };
        for h in hits.iter() {
            if let Some(slot) = slots.get_mut(h.doc as usize) {
                *slot = 0;
            }
        }
        kept
    }

    /// [`Terms::matched`] for many passages at once: `docs` sorted and
    /// unique; one merge pass over each query term's list (not one per doc).
    pub fn matched_many(&self, query: &[QueryTerm], docs: &[u32]) -> Vec<u64> {
        let mut masks = vec![0u64; docs.len()];
        for (qi, q) in query.iter().enumerate() {
            let Some(posting) = q.posting else {
                continue;
            };
            let mut at = 0;
            for p in self.list(posting) {
                while docs.get(at).is_some_and(|&d| d < p.doc) {
                    at += 1;
                }
                match (docs.get(at), masks.get_mut(at)) {
                    (Some(&d), Some(m)) if d == p.doc => *m |= bit(qi),
                    (None, _) => break,
                    _ => {}
                }
            }
        }
        masks
    }

    /// Which query terms a passage contains (bit `i` for term `i`).
    pub fn matched(&self, query: &[QueryTerm], doc: u32) -> u64 {
        self.matched_many(query, &[doc])
            .first()
            .copied()
            .unwrap_or(0)
    }
}

/// The match-mask bits of the query terms the index holds a posting list
/// for: the most [`Terms::matched`] can give any passage.
pub fn held(query: &[QueryTerm]) -> u64 {
    query
        .iter()
        .enumerate()
        .filter(|(_, q)| q.posting.is_some())
        .fold(0, |mask, (i, _)| mask | bit(i))
}

/// A hit in rank order: the higher score first, then the lower passage
/// number (`Less` = better).
#[derive(Debug, Clone, Copy)]
struct Ranked(Hit);

// `inline(always)` on the comparisons: the top-k heap of every search
// makes them, and the size-optimised wasm build would call each.
impl Ord for Ranked {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        (other.0.score.total_cmp(&self.0.score)).then(self.0.doc.cmp(&other.0.doc))
    }
}

impl PartialOrd for Ranked {
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

/// The first `k` of `items` in rank order ([`Ranked`]): a bounded heap of
/// the `k` best so far (std's `BinaryHeap`, its top the worst kept),
/// O(n log k) with no copy of all the items.
fn best_first(items: impl Iterator<Item = Hit>, k: usize) -> Vec<Hit> {
    if k == 0 {
        return Vec::new();
    }
    let mut heap: BinaryHeap<Ranked> = BinaryHeap::with_capacity(k.min(1024));
    for item in items.map(Ranked) {
        if heap.len() < k {
            heap.push(item);
        } else if let Some(mut worst) = heap.peek_mut() {
            if item < *worst {
                *worst = item;
            }
        }
    }
    heap.into_sorted_vec().into_iter().map(|r| r.0).collect()
}

/// The match-mask bit of query term `i`; terms past the 64th have none.
fn bit(i: usize) -> u64 {
    u32::try_from(i)
        .ok()
        .and_then(|i| 1u64.checked_shl(i))
        .unwrap_or(0)
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
