//! Stage 2 — index: the binary index file.
//!
//! Layout (little endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `SLCHIDX\0` |
//! | 4 | format version ([`VERSION`]) |
//! | 8 | payload length |
//! | 4 | CRC-32 of the payload |
//! | n | payload: the stored index in the [`codec`] wire format |
//!
//! Guarantees: any byte string either decodes into an index whose internal
//! references are all in range, or gives [`Error::Index`] saying what is wrong
//! (wrong magic, other version, truncated, checksum mismatch, undecodable or
//! inconsistent payload). Decoding never panics.

use super::codec::{self, record, Decode, Encode, Reader};
use super::{Bm25, Catalog, Cues, Index, Mention, Postings};
use crate::error::{Error, Result};
use crate::model::{Entity, Meta, MetaValue, Passage};

/// The CRC-32 (IEEE, zlib's) of `bytes`, by the `crc` crate: slice-by-16
/// tables natively; in the wasm module its 1 KB byte-at-a-time table, as
/// crc32fast's and slice-by-16's 16 KB of tables, which gzip cannot shrink,
/// were 17.3 KB of the gzipped module.
fn checksum(bytes: &[u8]) -> u32 {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    type Table = crc::Table<1>;
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    type Table = crc::Table<16>;
    const CRC: crc::Crc<u32, Table> = crc::Crc::<u32, Table>::new(&crc::CRC_32_ISO_HDLC);
    CRC.checksum(bytes)
}

pub const MAGIC: &[u8; 8] = b"SLCHIDX\0";
/// Version 3: passages by column; postings in two streams with front-coded
/// terms, lengths optionally inline (bundles). Version 4: a bundle's catalog
/// lives in parts, not in its manifest, and the declared entities are no
/// longer stored apart from the catalog that merges them (nothing read
/// them). Version 5: a bundle's manifest declares its largest part, which
/// readers hold every part to. Older files need a rebuild.
pub const VERSION: u32 = 5;
const HEADER: usize = 8 + 4 + 8 + 4;

/// Metadata value in a non-self-describing, tagged form (variant number,
/// then the value).
enum StoredValue {
    Bool(bool),
    Int(i64),
    Num(f64),
    Str(String),
    List(Vec<String>),
}

impl Encode for StoredValue {
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            StoredValue::Bool(b) => codec::put_variant(out, 0, b),
            StoredValue::Int(i) => codec::put_variant(out, 1, i),
            StoredValue::Num(n) => codec::put_variant(out, 2, n),
            StoredValue::Str(s) => codec::put_variant(out, 3, s),
            StoredValue::List(l) => codec::put_variant(out, 4, l),
        }
    }
}

impl Decode for StoredValue {
    fn decode(r: &mut Reader<'_>) -> Self {
        match r.variant(5) {
            0 => StoredValue::Bool(Decode::decode(r)),
            1 => StoredValue::Int(Decode::decode(r)),
            2 => StoredValue::Num(Decode::decode(r)),
            3 => StoredValue::Str(Decode::decode(r)),
            _ => StoredValue::List(Decode::decode(r)),
        }
    }
}

pub(crate) struct StoredPassage {
    id: String,
    title: String,
    text: String,
    url: Option<String>,
    lang: Option<String>,
    meta: StoredMeta,
}

/// A passage's metadata as stored: (key, value) pairs in strictly
/// increasing key order, as [`store_passage`] writes them; decoding checks
/// it, so loading appends each pair (and a reordered payload is a fault,
/// never a quadratic insert nor a silently dropped `access`).
pub(crate) struct StoredMeta(Vec<(String, StoredValue)>);

impl Encode for StoredMeta {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out);
    }
}

impl Decode for StoredMeta {
    fn decode(r: &mut Reader<'_>) -> Self {
        let at = r.at();
        let pairs: Vec<(String, StoredValue)> = Decode::decode(r);
        if pairs
            .windows(2)
            .any(|w| matches!(w, [(a, _), (b, _)] if a >= b))
        {
            r.fail("metadata keys out of order", at);
        }
        StoredMeta(pairs)
    }
}

record!(StoredPassage {
    id,
    title,
    text,
    url,
    lang,
    meta
});

record!(Entity { id, kind, aliases });

struct Stored {
    bm25: Bm25,
    passages: Columns,
    catalog: Vec<Entity>,
    cues: Cues,
    postings: Postings,
    mentions: Vec<Vec<Mention>>,
}

record!(Stored {
    bm25,
    passages,
    catalog,
    cues,
    postings,
    mentions
});

/// Passages stored column by column: neighbouring passages of one page share
/// their title and metadata, and a column of repeats compresses to almost
/// nothing (Python docs, 77k passages: the index file's gzip size drops by
/// the per-passage cost of interleaved titles and `meta.doc`).
#[derive(Default)]
struct Columns {
    ids: Vec<String>,
    titles: Vec<String>,
    texts: Vec<String>,
    urls: Vec<Option<String>>,
    langs: Vec<Option<String>>,
    meta: Vec<StoredMeta>,
}

record!(Columns {
    ids,
    titles,
    texts,
    urls,
    langs,
    meta
});

impl Columns {
    fn of<'a>(passages: impl Iterator<Item = &'a Passage>) -> Columns {
        let mut c = Columns::default();
        for p in passages {
            let s = store_passage(p);
            c.ids.push(s.id);
            c.titles.push(s.title);
            c.texts.push(s.text);
            c.urls.push(s.url);
            c.langs.push(s.lang);
            c.meta.push(s.meta);
        }
        c
    }

    fn into_passages(self) -> Result<Vec<Passage>> {
        let n = self.ids.len();
        if [
            self.titles.len(),
            self.texts.len(),
            self.urls.len(),
            self.langs.len(),
            self.meta.len(),
        ]
        .iter()
        .any(|&l| l != n)
        {
            return Err(Error::Index("passage columns differ in length".into()));
        }
        let mut columns = (
            self.titles.into_iter(),
            self.texts.into_iter(),
            self.urls.into_iter(),
            self.langs.into_iter(),
            self.meta.into_iter(),
        );
        let mut out = Vec::with_capacity(n);
        for id in self.ids {
            let (Some(title), Some(text), Some(url), Some(lang), Some(meta)) = (
                columns.0.next(),
                columns.1.next(),
                columns.2.next(),
                columns.3.next(),
                columns.4.next(),
            ) else {
                break;
            };
            out.push(load_passage(StoredPassage {
                id,
                title,
                text,
                url,
                lang,
                meta,
            }));
        }
        Ok(out)
    }
}

pub(crate) fn store_passage(p: &Passage) -> StoredPassage {
    StoredPassage {
        id: p.id.clone(),
        title: p.title.clone(),
        text: p.text.clone(),
        url: p.url.clone(),
        lang: p.lang.clone(),
        meta: StoredMeta(
            p.meta
                .iter()
                .map(|(k, v)| {
                    let v = match v {
                        MetaValue::Bool(b) => StoredValue::Bool(*b),
                        MetaValue::Int(i) => StoredValue::Int(*i),
                        MetaValue::Num(n) => StoredValue::Num(*n),
                        MetaValue::Str(s) => StoredValue::Str(s.clone()),
                        MetaValue::List(l) => StoredValue::List(l.clone()),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
    }
}

pub(crate) fn load_passage(p: StoredPassage) -> Passage {
    // Stored in key order (checked when decoded), so each entry appends.
    let meta: Meta = codec::sorted_map(
        p.meta
            .0
            .into_iter()
            .map(|(k, v)| {
                let v = match v {
                    StoredValue::Bool(b) => MetaValue::Bool(b),
                    StoredValue::Int(i) => MetaValue::Int(i),
                    StoredValue::Num(n) => MetaValue::Num(n),
                    StoredValue::Str(s) => MetaValue::Str(s),
                    StoredValue::List(l) => MetaValue::List(l),
                };
                (k, v)
            })
            .collect(),
    )
    .unwrap_or_default();
    Passage {
        id: p.id,
        title: p.title,
        text: p.text,
        url: p.url,
        lang: p.lang,
        meta,
    }
}

/// Wraps a value in the checked container: magic, version, length, CRC.
pub(crate) fn seal<T: Encode>(magic: &[u8; 8], value: &T) -> Vec<u8> {
    seal_bytes(magic, &codec::to_bytes(value))
}

/// [`seal`] for a payload already encoded.
pub(crate) fn seal_bytes(magic: &[u8; 8], payload: &[u8]) -> Vec<u8> {
    let mut head = magic.to_vec();
    head.extend_from_slice(&VERSION.to_le_bytes());
    seal_after(&head, payload)
}

/// `head` (magic and version), then the payload's length and checksum,
/// then the payload.
fn seal_after(head: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(head);
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// `bytes` (a sealed index file, manifest or part, maybe altered) with its
/// header's length and checksum recomputed for the payload after the
/// header: what a test or a fuzz target uses to reach the decoder with
/// hostile payloads, past the checksum that would reject them. Bytes
/// shorter than the header come back as they are.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn reseal(bytes: &[u8]) -> Vec<u8> {
    match (bytes.get(..12), bytes.get(HEADER..)) {
        (Some(head), Some(payload)) => seal_after(head, payload),
        _ => bytes.to_vec(),
    }
}

/// [`reseal`] of a payload as an index file's (this build's magic and
/// version).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn seal_index_payload(payload: &[u8]) -> Vec<u8> {
    seal_bytes(MAGIC, payload)
}

/// Checks the container and decodes its payload. `what` names the expected
/// content in the wrong-magic message.
pub(crate) fn open<T: Decode>(magic: &[u8; 8], what: &str, bytes: &[u8]) -> Result<T> {
    let field = |from: usize, len: usize| {
        bytes.get(from..from + len).ok_or_else(|| {
            Error::Index(format!(
                "truncated: {} bytes, shorter than the {}-byte header",
                bytes.len(),
                HEADER
            ))
        })
    };
    if field(0, 8)? != magic {
        return Err(Error::Index(format!("not {what} (wrong magic number)")));
    }
    let version = u32::from_le_bytes(le(field(8, 4)?));
    if version != VERSION {
        return Err(Error::Index(format!("format version {version} is not supported (this build reads version {}); rebuild the index", VERSION)));
    }
    let len = u64::from_le_bytes(le(field(12, 8)?));
    let crc = u32::from_le_bytes(le(field(20, 4)?));
    let payload = bytes.get(HEADER..).unwrap_or(&[]);
    if (payload.len() as u64) < len {
        return Err(Error::Index(format!(
            "truncated: payload has {} of {len} bytes",
            payload.len()
        )));
    }
    if (payload.len() as u64) > len {
        return Err(Error::Index(format!(
            "{} unexpected bytes after the payload",
            payload.len() as u64 - len
        )));
    }
    if checksum(payload) != crc {
        return Err(Error::Index(
            "checksum mismatch: the file is corrupt".into(),
        ));
    }
    codec::from_bytes(payload).map_err(|e| Error::Index(format!("cannot decode payload: {e}")))
}

/// Checks that a passage's mention spans lie on its text's character
/// boundaries and name existing entities.
pub(crate) fn check_mentions(p: &Passage, list: &[Mention], entities: u32) -> Result<()> {
    let bad = |m: &Mention| {
        m.entity >= entities
            || m.start > m.end
            || !p.text.is_char_boundary(m.start as usize)
            || !p.text.is_char_boundary(m.end as usize)
            || m.end as usize > p.text.len()
    };
    if list.iter().any(bad) {
        return Err(Error::Index(format!(
            "mention table of passage \"{}\" is inconsistent",
            p.id
        )));
    }
    Ok(())
}

impl Index {
    /// Encodes the index into the binary file format. A bundle opened with
    /// [`Index::from_manifest`] cannot be written back as one file.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let whole = || Error::Index("a bundle cannot be written as one index file".into());
        if self.parts.is_some() {
            return Err(whole());
        }
        let postings = match self.terms.ranges().all().as_deref() {
            Some([one]) => (*one).clone(),
            _ => return Err(whole()),
        };
        let passages = self.passages.all().ok_or_else(whole)?;
        let mentions = self.mentions.all().ok_or_else(whole)?;
        let stored = Stored {
            bm25: self.bm25,
            passages: Columns::of(passages.into_iter()),
            catalog: self
                .catalog
                .rows()
                .ok_or_else(whole)?
                .0
                .into_iter()
                .cloned()
                .collect(),
            cues: self.cues.clone(),
            postings,
            mentions: mentions.into_iter().cloned().collect(),
        };
        Ok(seal(MAGIC, &stored))
    }

    /// Decodes an index from the binary file format.
    pub fn from_bytes(bytes: &[u8]) -> Result<Index> {
        let stored: Stored = open(MAGIC, "a slotchain index", bytes)?;
        Self::from_stored(stored)
    }

    fn from_stored(stored: Stored) -> Result<Index> {
        let passages: Vec<Passage> = stored.passages.into_passages()?;
        let mut postings = stored.postings;
        postings.load(passages.len()).map_err(Error::Index)?;
        if postings.table().is_none() {
            return Err(Error::Index(
                "an index file must hold its passage length table".into(),
            ));
        }
        let catalog = Catalog::new(stored.catalog);
        let entity_count = catalog.len();
        if stored.mentions.len() != passages.len() {
            return Err(Error::Index(
                "mention table does not match the passage count".into(),
            ));
        }
        for (p, list) in passages.iter().zip(&stored.mentions) {
            check_mentions(p, list, entity_count)?;
        }
        let index = Index::assemble(
            stored.bm25,
            passages,
            catalog,
            stored.cues,
            postings,
            stored.mentions,
        );
        if let Some(id) = index.duplicate_id() {
            return Err(Error::Index(format!("duplicate passage id \"{id}\"")));
        }
        Ok(index)
    }
}

fn le<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, b) in out.iter_mut().zip(bytes) {
        *o = *b;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Passage;

    fn sample() -> Vec<u8> {
        let passages = vec![Passage::new("a", "Alpha", "alpha beta gamma")];
        let index = Index::build(passages, vec![], Cues::new(), Bm25::default()).unwrap();
        index.to_bytes().unwrap()
    }

    fn err(bytes: &[u8]) -> String {
        Index::from_bytes(bytes).unwrap_err().to_string()
    }

    #[test]
    fn round_trip_keeps_passages() {
        let bytes = sample();
        let index = Index::from_bytes(&bytes).unwrap();
        assert_eq!(index.passage_count(), 1);
        assert_eq!(index.to_bytes().unwrap(), bytes);
    }

    #[test]
    fn bad_inputs_are_named_errors() {
        let bytes = sample();
        assert!(err(b"").contains("truncated"));
        assert!(err(b"GARBAGE!GARBAGE!GARBAGE!GARBAGE").contains("wrong magic"));
        let mut v2 = bytes.clone();
        v2[8] = 9;
        assert!(err(&v2).contains("format version 9"));
        assert!(err(&bytes[..bytes.len() - 3]).contains("truncated: payload"));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0xff;
        assert!(err(&flipped).contains("checksum mismatch"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(err(&longer).contains("unexpected bytes"));
    }

    #[test]
    fn every_truncation_and_bit_flip_is_an_error_not_a_panic() {
        let bytes = sample();
        for cut in 0..bytes.len() {
            assert!(Index::from_bytes(&bytes[..cut]).is_err());
        }
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x55;
            let _ = Index::from_bytes(&b);
        }
    }

    #[test]
    fn a_stored_index_with_a_repeated_passage_id_is_rejected() {
        // A consistent payload (checksum fixed) whose two passages share an ID.
        let bytes = sample();
        let mut stored: Stored = codec::from_bytes(&bytes[HEADER..]).unwrap();
        let twin = |text: &str| Passage::new("a", "Alpha", text);
        stored.passages = Columns::of([twin("alpha beta gamma"), twin("delta")].iter());
        stored.mentions = vec![vec![], vec![]];
        stored.postings =
            Postings::build([("Alpha", "alpha beta gamma"), ("Alpha", "delta")].into_iter());
        let out = seal(MAGIC, &stored);
        assert_eq!(err(&out), "invalid index: duplicate passage id \"a\"");
    }

    #[test]
    fn consistent_payload_with_fixed_checksum_is_still_validated() {
        // A payload that decodes but points past the passage table.
        let bytes = sample();
        let mut stored: Stored = codec::from_bytes(&bytes[HEADER..]).unwrap();
        stored.mentions = vec![vec![Mention {
            entity: 99,
            start: 0,
            end: 1,
        }]];
        let out = seal(MAGIC, &stored);
        assert!(err(&out).contains("mention table"));
    }
}
