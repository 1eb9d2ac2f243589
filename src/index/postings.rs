//! Stage 2 — index: inverted postings, one list per term.
//!
//! Each term maps to the passages that contain it, with the term frequency in
//! the body and in the title. A [`Postings`] holds a sorted run of terms: all
//! of them (an index file) or one key range of a bundle ([`super::terms`]
//! reads across ranges and scores).
//!
//! Storage: all posting lists are one byte string; a posting is
//! `varint(passage delta) varint(tf_body << 1 | has_title) [varint(tf_title)]`,
//! followed by `varint(len_body) varint(len_title)` when lengths are inline
//! (bundle parts carry each passage's field lengths in its postings, so
//! scoring needs no per-passage table). Invariants (checked on load by
//! [`Postings::validate`], so scoring never reads out of bounds): terms are
//! sorted and unique; list `i` spans `data[offsets[i]..offsets[i+1]]` and
//! decodes into exactly `dfs[i]` postings with strictly increasing passage
//! numbers below the passage count; a length table has one row per passage.

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

/// Where the field lengths of passages are stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Lengths {
    /// One row per passage (an index file).
    Table { body: Vec<u32>, title: Vec<u32> },
    /// In each posting (a bundle part).
    Inline,
}

/// Posting lists of a sorted run of terms.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Postings {
    terms: Vec<String>,
    offsets: Vec<u32>,
    dfs: Vec<u32>,
    #[serde(with = "bytes")]
    data: Vec<u8>,
    lengths: Lengths,
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

/// One posting: a passage, its term frequencies and its field lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posting {
    pub doc: u32,
    pub tf_body: u32,
    pub tf_title: u32,
    pub len_body: u32,
    pub len_title: u32,
}

/// Decodes one posting list. Stops at the end of the list or at the first
/// malformed byte (load-time validation rules that out for stored indexes).
pub struct List<'a> {
    data: &'a [u8],
    lengths: &'a Lengths,
    pos: usize,
    doc: u32,
    left: u32,
}

impl List<'_> {
    /// A list with no postings.
    pub fn empty() -> List<'static> {
        const NONE: &Lengths = &Lengths::Inline;
        List {
            data: &[],
            lengths: NONE,
            pos: 0,
            doc: 0,
            left: 0,
        }
    }

    fn varint(&mut self) -> Option<u32> {
        // Most values fit one byte: decode those without the loop.
        let first = *self.data.get(self.pos)?;
        if first < 0x80 {
            self.pos += 1;
            return Some(u32::from(first));
        }
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
    type Item = Posting;

    fn next(&mut self) -> Option<Posting> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let delta = self.varint()?;
        let packed = self.varint()?;
        let tf_title = if packed & 1 == 1 { self.varint()? } else { 0 };
        self.doc = self.doc.checked_add(delta)?;
        let (len_body, len_title) = match self.lengths {
            Lengths::Inline => (self.varint()?, self.varint()?),
            Lengths::Table { body, title } => (
                body.get(self.doc as usize).copied()?,
                title.get(self.doc as usize).copied()?,
            ),
        };
        Some(Posting {
            doc: self.doc,
            tf_body: packed >> 1,
            tf_title,
            len_body,
            len_title,
        })
    }
}

/// Appends one posting in the storage format.
fn put_posting(out: &mut Vec<u8>, prev: u32, p: &Posting, inline: bool) {
    put_varint(out, p.doc - prev);
    put_varint(out, (p.tf_body << 1) | u32::from(p.tf_title > 0));
    if p.tf_title > 0 {
        put_varint(out, p.tf_title);
    }
    if inline {
        put_varint(out, p.len_body);
        put_varint(out, p.len_title);
    }
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
        let mut out = Postings {
            terms: Vec::with_capacity(map.len()),
            offsets: Vec::with_capacity(map.len()),
            dfs: Vec::with_capacity(map.len()),
            data: Vec::new(),
            lengths: Lengths::Table {
                body: body_len,
                title: title_len,
            },
        };
        for (term, mut list) in map {
            crate::sort::sort_by(&mut list, &|a, b| a.0.cmp(&b.0));
            let list = list.into_iter().map(|(doc, b, t)| Posting {
                doc,
                tf_body: u32::from(b),
                tf_title: u32::from(t),
                len_body: 0,
                len_title: 0,
            });
            out.push(term, list, false);
        }
        out
    }

    fn push(&mut self, term: String, list: impl Iterator<Item = Posting>, inline: bool) {
        self.offsets.push(self.data.len() as u32);
        let mut prev = 0;
        let mut df = 0;
        for p in list {
            put_posting(&mut self.data, prev, &p, inline);
            prev = p.doc;
            df += 1;
        }
        self.dfs.push(df);
        self.terms.push(term);
    }

    /// The terms `from..to` (term numbers) as a bundle part: lengths inline.
    pub fn part(&self, from: usize, to: usize) -> Postings {
        let mut out = Postings {
            terms: Vec::new(),
            offsets: Vec::new(),
            dfs: Vec::new(),
            data: Vec::new(),
            lengths: Lengths::Inline,
        };
        for i in from..to.min(self.terms.len()) {
            if let Some(term) = self.terms.get(i) {
                out.push(term.clone(), self.list(i as u32), true);
            }
        }
        out
    }

    /// Encoded bytes of term `i`'s list (to cut bundle parts by size).
    pub fn list_bytes(&self, i: usize) -> usize {
        let start = self.offsets.get(i).copied().unwrap_or(0) as usize;
        let end = self
            .offsets
            .get(i + 1)
            .map_or(self.data.len(), |&e| e as usize);
        end.saturating_sub(start)
    }

    /// The posting list of term number `term`.
    pub fn list(&self, term: u32) -> List<'_> {
        let i = term as usize;
        let start = self.offsets.get(i).copied().unwrap_or(0) as usize;
        let end = start + self.list_bytes(i);
        List {
            data: self.data.get(start..end).unwrap_or(&[]),
            lengths: &self.lengths,
            pos: 0,
            doc: 0,
            left: self.dfs.get(i).copied().unwrap_or(0),
        }
    }

    /// The passage-length table, if this holds one.
    pub fn table(&self) -> Option<(&[u32], &[u32])> {
        match &self.lengths {
            Lengths::Table { body, title } => Some((body, title)),
            Lengths::Inline => None,
        }
    }

    /// Checks the invariants (after decoding).
    pub fn validate(&self, passages: usize) -> Result<(), String> {
        let n = self.terms.len();
        if self.offsets.len() != n || self.dfs.len() != n {
            return Err("term, offset and frequency tables differ in length".into());
        }
        if let Some((body, title)) = self.table() {
            if body.len() != passages || title.len() != passages {
                return Err("passage length table does not match the passage count".into());
            }
        }
        if self.terms.windows(2).any(|w| w[0] >= w[1]) {
            return Err("terms are not sorted".into());
        }
        let mut prev_end = 0usize;
        for (i, term) in self.terms.iter().enumerate() {
            let start = self.offsets.get(i).copied().unwrap_or(0) as usize;
            let end = start + self.list_bytes(i);
            if start != prev_end || end > self.data.len() {
                return Err(format!("posting list of \"{term}\" is out of bounds"));
            }
            prev_end = end;
            let mut list = self.list(i as u32);
            let mut count = 0u32;
            let mut last: Option<u32> = None;
            for p in list.by_ref() {
                if last.is_some_and(|l| p.doc <= l) || p.doc as usize >= passages {
                    return Err(format!(
                        "posting list of \"{term}\" names a missing passage"
                    ));
                }
                last = Some(p.doc);
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
    pub fn term_id(&self, term: &str) -> Option<u32> {
        self.terms
            .binary_search_by(|t| t.as_str().cmp(term))
            .ok()
            .map(|i| i as u32)
    }

    /// The terms, sorted.
    pub fn terms(&self) -> &[String] {
        &self.terms
    }

    /// Document frequency of term number `term`.
    pub fn df_of(&self, term: u32) -> u32 {
        self.dfs.get(term as usize).copied().unwrap_or(0)
    }
}
