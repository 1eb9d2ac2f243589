//! Stage 2 — index: inverted postings, one list per term.
//!
//! Each term maps to the passages that contain it, with the term frequency in
//! the body and in the title. A [`Postings`] holds a sorted run of terms: all
//! of them (an index file) or one key range of a bundle ([`super::terms`]
//! reads across ranges and scores).
//!
//! Storage: two byte streams. `docs` holds every posting's
//! `varint(passage delta)`; `freqs` holds its `varint(tf_body << 1 | has_title)
//! [varint(tf_title)]`, followed by `varint(len_body) varint(len_title)` when
//! lengths are inline (bundle parts carry each passage's field lengths in its
//! postings, so scoring needs no per-passage table). Kept apart, the
//! frequency stream (mostly "once, not in the title") compresses to little.
//! Invariants (checked on load by [`Postings::validate`], so scoring never
//! reads out of bounds): terms are sorted and unique; list `i` spans
//! `[offsets[i], offsets[i+1])` of each stream and decodes into exactly
//! `dfs[i]` postings with strictly increasing passage numbers below the
//! passage count, using up both spans; a length table has one row per passage.

use super::codec::{self, record, Decode, Encode, Reader};
use crate::analyze;
use std::collections::{BTreeMap, HashMap};

/// BM25 parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bm25 {
    pub k1: f32,
    pub b: f32,
    /// How much one title occurrence counts relative to one body occurrence.
    pub title_weight: f32,
}

record!(Bm25 {
    k1,
    b,
    title_weight
});

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
#[derive(Debug, Clone)]
pub enum Lengths {
    /// One row per passage (an index file).
    Table { body: Vec<u32>, title: Vec<u32> },
    /// In each posting (a bundle part).
    Inline,
}

/// Posting lists of a sorted run of terms.
#[derive(Debug, Clone)]
pub struct Postings {
    terms: Vec<String>,
    /// Where each list starts in (`docs`, `freqs`). Not stored: rebuilt by
    /// [`Postings::load`], which decodes every list anyway.
    offsets: Vec<(u32, u32)>,
    dfs: Vec<u32>,
    docs: Vec<u8>,
    freqs: Vec<u8>,
    lengths: Lengths,
}

/// Sorted terms front-coded: each as (bytes shared with the previous term,
/// the rest). Decoding rejects a shared length that is longer than the
/// previous term or splits a character.
fn encode_terms(terms: &[String], out: &mut Vec<u8>) {
    put_varint(out, terms.len() as u32);
    let mut prev = "";
    for t in terms {
        let shared = prev
            .char_indices()
            .zip(t.char_indices())
            .take_while(|((_, a), (_, b))| a == b)
            .last()
            .map_or(0, |((i, c), _)| i + c.len_utf8());
        put_varint(out, shared as u32);
        t.get(shared..).unwrap_or("").encode(out);
        prev = t;
    }
}

fn decode_terms(r: &mut Reader<'_>) -> Vec<String> {
    let n = r.count();
    let mut out: Vec<String> = Vec::with_capacity(codec::capacity::<String>(n));
    while out.len() < n && !r.failed() {
        let shared = u32::decode(r) as usize;
        let rest = r.str();
        let prev = out.last().map_or("", String::as_str);
        match prev.get(..shared) {
            Some(head) => out.push(format!("{head}{rest}")),
            None => r.fail(
                "a front-coded term sharing more than its predecessor has",
                r.at(),
            ),
        }
    }
    out
}

impl Encode for Lengths {
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Lengths::Table { body, title } => {
                put_varint(out, 0);
                body.encode(out);
                title.encode(out);
            }
            Lengths::Inline => put_varint(out, 1),
        }
    }
}

impl Decode for Lengths {
    fn decode(r: &mut Reader<'_>) -> Self {
        match r.variant(2) {
            0 => Lengths::Table {
                body: Decode::decode(r),
                title: Decode::decode(r),
            },
            _ => Lengths::Inline,
        }
    }
}

/// Stored as terms, dfs, the two streams as byte strings (read in one copy
/// each), then the lengths; `offsets` is rebuilt by [`Postings::load`].
impl Encode for Postings {
    fn encode(&self, out: &mut Vec<u8>) {
        encode_terms(&self.terms, out);
        self.dfs.encode(out);
        codec::put_bytes(out, &self.docs);
        codec::put_bytes(out, &self.freqs);
        self.lengths.encode(out);
    }
}

impl Decode for Postings {
    fn decode(r: &mut Reader<'_>) -> Self {
        Postings {
            terms: decode_terms(r),
            offsets: Vec::new(),
            dfs: Decode::decode(r),
            docs: r.bytes().to_vec(),
            freqs: r.bytes().to_vec(),
            lengths: Decode::decode(r),
        }
    }
}

fn put_varint(out: &mut Vec<u8>, v: u32) {
    codec::put_varint(out, u64::from(v));
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

/// A position in one stream of a posting list.
struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    // `inline(always)` here and on `List::next`: the wasm build optimises
    // for size and otherwise calls both once per posting (a sixth of the
    // time of a question in Node).
    #[inline(always)]
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

    fn at_end(&self) -> bool {
        self.pos == self.data.len()
    }
}

/// Decodes one posting list. Stops at the end of the list or at the first
/// malformed byte (load-time validation rules that out for stored indexes).
pub struct List<'a> {
    docs: Cursor<'a>,
    freqs: Cursor<'a>,
    lengths: &'a Lengths,
    /// False for a scorer that keeps its own per-passage table: a table's
    /// lengths are then not looked up (each posting says 0).
    table_lengths: bool,
    doc: u32,
    left: u32,
}

impl List<'_> {
    /// A list with no postings.
    pub fn empty() -> List<'static> {
        const NONE: &Lengths = &Lengths::Inline;
        List {
            docs: Cursor { data: &[], pos: 0 },
            freqs: Cursor { data: &[], pos: 0 },
            lengths: NONE,
            table_lengths: true,
            doc: 0,
            left: 0,
        }
    }
}

impl Iterator for List<'_> {
    type Item = Posting;

    #[inline(always)]
    fn next(&mut self) -> Option<Posting> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let delta = self.docs.varint()?;
        let packed = self.freqs.varint()?;
        let tf_title = if packed & 1 == 1 {
            self.freqs.varint()?
        } else {
            0
        };
        self.doc = self.doc.checked_add(delta)?;
        let (len_body, len_title) = match self.lengths {
            Lengths::Inline => (self.freqs.varint()?, self.freqs.varint()?),
            Lengths::Table { .. } if !self.table_lengths => (0, 0),
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

/// Appends one posting to the two streams.
fn put_posting(docs: &mut Vec<u8>, freqs: &mut Vec<u8>, prev: u32, p: &Posting, inline: bool) {
    put_varint(docs, p.doc - prev);
    put_varint(freqs, (p.tf_body << 1) | u32::from(p.tf_title > 0));
    if p.tf_title > 0 {
        put_varint(freqs, p.tf_title);
    }
    if inline {
        put_varint(freqs, p.len_body);
        put_varint(freqs, p.len_title);
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
            let title_terms = analyze::read_terms(title);
            let body_terms = analyze::read_terms(body);
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
            docs: Vec::new(),
            freqs: Vec::new(),
            lengths: Lengths::Table {
                body: body_len,
                title: title_len,
            },
        };
        for (term, mut list) in map {
            list.sort_unstable_by_key(|p| p.0);
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
        self.offsets
            .push((self.docs.len() as u32, self.freqs.len() as u32));
        let mut prev = 0;
        let mut df = 0;
        for p in list {
            put_posting(&mut self.docs, &mut self.freqs, prev, &p, inline);
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
            docs: Vec::new(),
            freqs: Vec::new(),
            lengths: Lengths::Inline,
        };
        for i in from..to.min(self.terms.len()) {
            if let Some(term) = self.terms.get(i) {
                out.push(term.clone(), self.list(i as u32), true);
            }
        }
        out
    }

    /// Where list `i` lies in the two streams (empty ranges past the end).
    fn spans(&self, i: usize) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let (d0, f0) = self.offsets.get(i).copied().unwrap_or_default();
        let (d1, f1) = self
            .offsets
            .get(i + 1)
            .map_or((self.docs.len(), self.freqs.len()), |&(d, f)| {
                (d as usize, f as usize)
            });
        (d0 as usize..d1, f0 as usize..f1)
    }

    /// Encoded bytes of term `i`'s list (to cut bundle parts by size).
    pub fn list_bytes(&self, i: usize) -> usize {
        let (d, f) = self.spans(i);
        d.len() + f.len()
    }

    /// The posting list of term number `term`.
    pub fn list(&self, term: u32) -> List<'_> {
        let i = term as usize;
        let (d, f) = self.spans(i);
        List {
            docs: Cursor {
                data: self.docs.get(d).unwrap_or(&[]),
                pos: 0,
            },
            freqs: Cursor {
                data: self.freqs.get(f).unwrap_or(&[]),
                pos: 0,
            },
            lengths: &self.lengths,
            table_lengths: true,
            doc: 0,
            left: self.dfs.get(i).copied().unwrap_or(0),
        }
    }

    /// [`Postings::list`] without the lengths of a [`Postings::table`]
    /// (each posting says 0): for a scorer that keeps its own per-passage
    /// table. Lengths stored inline are still given.
    pub fn counts(&self, term: u32) -> List<'_> {
        List {
            table_lengths: false,
            ..self.list(term)
        }
    }

    /// The passage-length table, if this holds one.
    pub fn table(&self) -> Option<(&[u32], &[u32])> {
        match &self.lengths {
            Lengths::Table { body, title } => Some((body, title)),
            Lengths::Inline => None,
        }
    }

    /// Rebuilds the list offsets of decoded postings and checks the
    /// invariants in one pass: every list decodes, in order, into its `df`
    /// postings with strictly increasing passage numbers below `passages`.
    pub fn load(&mut self, passages: usize) -> Result<(), String> {
        let n = self.terms.len();
        if self.dfs.len() != n {
            return Err("term and frequency tables differ in length".into());
        }
        if let Some((body, title)) = self.table() {
            if body.len() != passages || title.len() != passages {
                return Err("passage length table does not match the passage count".into());
            }
        }
        if self.terms.windows(2).any(|w| w[0] >= w[1]) {
            return Err("terms are not sorted".into());
        }
        let mut docs = Cursor {
            data: &self.docs,
            pos: 0,
        };
        let mut freqs = Cursor {
            data: &self.freqs,
            pos: 0,
        };
        let extra_lengths = if matches!(self.lengths, Lengths::Inline) {
            2
        } else {
            0
        };
        let mut offsets = Vec::with_capacity(n);
        for (term, &df) in self.terms.iter().zip(&self.dfs) {
            offsets.push((docs.pos as u32, freqs.pos as u32));
            let mut last: Option<u32> = None;
            for _ in 0..df {
                let decoded = docs.varint().and_then(|delta| {
                    let packed = freqs.varint()?;
                    let extra = u32::from(packed & 1 == 1) + extra_lengths;
                    (0..extra).try_for_each(|_| freqs.varint().map(drop))?;
                    Some(delta)
                });
                let Some(delta) = decoded else {
                    return Err(format!("posting list of \"{term}\" is truncated"));
                };
                // The first delta is the passage number itself.
                let doc = match last {
                    Some(_) if delta == 0 => None,
                    Some(l) => l.checked_add(delta),
                    None => Some(delta),
                };
                match doc {
                    Some(d) if (d as usize) < passages => last = Some(d),
                    _ => {
                        return Err(format!(
                            "posting list of \"{term}\" names a missing passage"
                        ))
                    }
                }
            }
        }
        if !docs.at_end() || !freqs.at_end() {
            return Err("posting streams have bytes after the last list".into());
        }
        self.offsets = offsets;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Postings {
        Postings::build(
            [
                ("Alpha", "alpha beta beta"),
                ("", "beta gamma"),
                ("Привет", "приветствие привал"),
            ]
            .into_iter(),
        )
    }

    fn lists(p: &Postings) -> Vec<(String, Vec<Posting>)> {
        (0..p.terms().len())
            .map(|i| (p.terms()[i].clone(), p.list(i as u32).collect()))
            .collect()
    }

    #[test]
    fn stored_postings_decode_to_the_same_lists() {
        let built = sample();
        let bytes = codec::to_bytes(&built);
        let mut loaded: Postings = codec::from_bytes(&bytes).unwrap();
        loaded.load(3).unwrap();
        assert_eq!(lists(&loaded), lists(&built));
        let beta = built.term_id("beta").unwrap();
        let got: Vec<(u32, u32, u32)> = built
            .list(beta)
            .map(|p| (p.doc, p.tf_body, p.len_body))
            .collect();
        assert_eq!(got, vec![(0, 2, 3), (1, 1, 2)]);
        // A bundle part carries the lengths inline and decodes the same.
        let mut part: Postings = codec::from_bytes(&codec::to_bytes(&built.part(0, 99))).unwrap();
        part.load(3).unwrap();
        assert_eq!(lists(&part), lists(&built));
    }

    #[test]
    fn damaged_postings_are_rejected_on_load() {
        let built = sample();
        let mut extra = built.clone();
        extra.docs.push(1);
        assert!(extra
            .load(3)
            .unwrap_err()
            .contains("bytes after the last list"));
        let mut short = built.clone();
        short.freqs.pop();
        assert!(short.load(3).unwrap_err().contains("truncated"));
        let mut few = built.clone();
        assert!(few
            .load(2)
            .unwrap_err()
            .contains("length table does not match"));
        let mut part = built.part(0, 99);
        assert!(part
            .load(2)
            .unwrap_err()
            .contains("names a missing passage"));
        let mut unsorted = built.clone();
        unsorted.terms.swap(0, 1);
        assert_eq!(unsorted.load(3).unwrap_err(), "terms are not sorted");
    }

    #[test]
    fn front_coding_round_trips_and_rejects_overlong_prefixes() {
        let built = sample();
        let bytes = codec::to_bytes(&built);
        let back: Postings = codec::from_bytes(&bytes).unwrap();
        assert_eq!(back.terms(), built.terms());
        assert!(
            built
                .terms()
                .iter()
                .filter(|t| t.starts_with("при"))
                .count()
                >= 2,
            "shared multi-byte prefixes: {:?}",
            built.terms()
        );
        // (shared 5, "x") after a 1-byte term: more than the predecessor has.
        let mut fake = Vec::new();
        vec![(0u32, "a".to_string()), (5, "x".to_string())].encode(&mut fake);
        let err = codec::from_bytes::<Postings>(&fake).unwrap_err();
        assert_eq!(
            err.what,
            "a front-coded term sharing more than its predecessor has"
        );
        // A shared length that splits a character: refused too.
        let mut split = Vec::new();
        vec![(0u32, "п".to_string()), (1, "x".to_string())].encode(&mut split);
        assert!(codec::from_bytes::<Postings>(&split).is_err());
    }
}
