//! Stage 2 — index: the sharded bundle, Pagefind's model for large sites.
//!
//! A bundle is the index cut into parts a browser fetches on demand:
//!
//! | part | key | holds |
//! |---|---|---|
//! | `manifest.slc` | — | BM25 parameters, totals, entity types, cues, slot tags, the part directory |
//! | `t…` | term range | posting lists with each passage's field lengths inline |
//! | `p…` | page of passages ([`cut::passage_page`]) | passages (the fragments a report shows), mentions, links, rarest terms |
//! | `e…` | page of [`cut::ENTITY_PAGE`] entities | entity records, owners and reverse edges |
//! | `i…` | passage-ID range | (ID, passage number) rows |
//! | `k…` | entity-ID range | (folded entity ID, entity index) rows |
//! | `a…` | range of alias first words | aliases as words, with their entity |
//!
//! Every part is the checked container of [`super::format`], named
//! `{kind}{number}-{build}.slc` where `build` hashes the content of every
//! part: a rebuild that changes anything renames every part, so a part is
//! immutable and cacheable forever, and [`Index::add_part`] rejects a part
//! of another build (each part also names its build and number inside).
//! Names are computed, not listed, which keeps the manifest small (a list
//! of content-hashed names costs about 8 bytes per part). The protocol:
//! open the manifest ([`Index::from_manifest`]), run the question, add the
//! parts the run reports as [`Index::needed`], and repeat until nothing is
//! needed (see [`super::shard`] for why that final run equals the whole
//! index's).

mod cut;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod dir;

pub use cut::{
    passage_page, ALIAS_PART_BYTES, ENTITY_ID_PART_ROWS, ENTITY_PAGE, ID_PART_ROWS,
    MAX_PASSAGE_PAGE, PASSAGE_PAGE_BYTES, TERM_PART_BYTES,
};

use super::catalog::{AliasRows, IdRows};
use super::codec::{put_variant, record, Decode, Encode, Reader};
use super::format::{self, StoredPassage};
use super::shard::{page_count, KeyRows, Misses, Pages, Part, Ranged};
use super::{Bm25, Catalog, Cues, Ids, Index, Mention, Named, Postings, Terms};
use crate::error::{Error, Result};
use crate::model::Entity;
use litemap::LiteMap as Map;
/// A set: a map to `()`.
type Set<K> = litemap::LiteMap<K, ()>;

/// Most passages, and most entities, a bundle may hold: 2^25, over 400
/// times the Python docs. Search keeps a score per passage, so a manifest
/// claiming more is refused rather than trusted with the memory.
pub const MAX_ROWS: u32 = 1 << 25;

/// File name of the manifest inside a bundle directory.
pub const MANIFEST: &str = "manifest.slc";
const MANIFEST_MAGIC: &[u8; 8] = b"SLCHMAN\0";
const PART_MAGIC: &[u8; 8] = b"SLCHPRT\0";
/// The parts of a bundle: how many of each kind, and where key ranges start.
#[derive(Debug, Clone)]
pub struct Directory {
    /// Hash of every part's content.
    build: u32,
    /// First term of each term range.
    terms: Vec<String>,
    passages: u32,
    entities: u32,
    /// First passage ID of each ID range.
    ids: Vec<String>,
    /// First folded entity ID of each entity-ID range.
    entity_ids: Vec<String>,
    /// First word of each alias range.
    aliases: Vec<String>,
}

record!(Directory {
    build,
    terms,
    passages,
    entities,
    ids,
    entity_ids,
    aliases
});

/// One kind of part: its file-name letter, how to make a part of it from
/// its number, and how many of it a bundle has.
struct Kind {
    letter: char,
    make: fn(u32) -> Part,
    count: fn(&Directory) -> u32,
}

/// Every kind, in the order [`Directory::names`] lists them.
const KINDS: [Kind; 6] = [
    Kind {
        letter: 't',
        make: Part::Terms,
        count: |d| d.terms.len() as u32,
    },
    Kind {
        letter: 'p',
        make: Part::Passages,
        count: |d| d.passages,
    },
    Kind {
        letter: 'e',
        make: Part::Entities,
        count: |d| d.entities,
    },
    Kind {
        letter: 'i',
        make: Part::Ids,
        count: |d| d.ids.len() as u32,
    },
    Kind {
        letter: 'k',
        make: Part::EntityIds,
        count: |d| d.entity_ids.len() as u32,
    },
    Kind {
        letter: 'a',
        make: Part::Aliases,
        count: |d| d.aliases.len() as u32,
    },
];

impl Directory {
    fn name(&self, part: Part) -> String {
        let n = part.number();
        // Every variant has its kind in KINDS (tested), so '?' never shows.
        let letter = KINDS
            .iter()
            .find(|k| (k.make)(n) == part)
            .map_or('?', |k| k.letter);
        part_name(letter, n, self.build)
    }

    /// The part a file name names in this bundle.
    fn part(&self, name: &str) -> Option<Part> {
        let stem = name.strip_suffix(".slc")?;
        let (head, build) = stem.split_once('-')?;
        if u32::from_str_radix(build, 16).ok()? != self.build {
            return None;
        }
        let mut chars = head.chars();
        let letter = chars.next()?;
        let n = chars.as_str().parse::<u32>().ok()?;
        let kind = KINDS.iter().find(|k| k.letter == letter)?;
        (n < (kind.count)(self) && part_name(letter, n, self.build) == name).then(|| (kind.make)(n))
    }

    /// Every part name, kind by kind.
    pub fn names(&self) -> Vec<String> {
        KINDS
            .iter()
            .flat_map(|k| (0..(k.count)(self)).map(k.make))
            .map(|p| self.name(p))
            .collect()
    }
}

/// `<kind><n>-<build as 8 lowercase hex digits>.slc`.
fn part_name(kind: char, n: u32, build: u32) -> String {
    let hex = (0..8)
        .rev()
        .filter_map(|i| char::from_digit(build >> (4 * i) & 0xf, 16));
    let mut name = format!("{kind}{n}-");
    name.extend(hex);
    name.push_str(".slc");
    name
}

struct Manifest {
    bm25: Bm25,
    totals: super::terms::Totals,
    /// How many entities the catalog holds (their records are in `e` parts).
    entity_count: u32,
    types: Vec<String>,
    cues: Cues,
    slot_members: Map<String, Vec<u32>>,
    meta_keys: Set<String>,
    passage_page: u32,
    entity_page: u32,
    directory: Directory,
    /// Bytes of the largest part (inflated): a reader refuses a part that
    /// is larger, and stops inflating one there.
    largest_part: u32,
}

record!(Manifest {
    bm25,
    totals,
    entity_count,
    types,
    cues,
    slot_members,
    meta_keys,
    passage_page,
    entity_page,
    directory,
    largest_part
});

/// Most bytes any bundle part may have inflated, whatever its manifest
/// declares (the largest part of the 140k-passage bundle is far below it).
pub const MAX_PART_BYTES: u32 = 64 << 20;
/// Most bytes a manifest may have inflated.
pub const MAX_MANIFEST_BYTES: u32 = 64 << 20;

/// A passage, its mentions, its page links, its rarest terms and the
/// entities that name it.
type PassageRow = (StoredPassage, Vec<Mention>, Vec<u32>, Vec<String>, Named);

/// A part's content. Encoded by [`cut`] as its header fields followed by
/// the payload's encoding, which is this record's encoding.
struct Sealed {
    build: u32,
    part: (char, u32),
    payload: Payload,
}

impl Decode for Sealed {
    fn decode(r: &mut Reader<'_>) -> Self {
        Sealed {
            build: Decode::decode(r),
            part: Decode::decode(r),
            payload: Decode::decode(r),
        }
    }
}

enum Payload {
    Terms(Postings),
    Passages(Vec<PassageRow>),
    /// Each entity's record, owners and reverse edges (the lists as
    /// ascending deltas).
    Entities(Vec<(Entity, Vec<u32>, Vec<u32>)>),
    Ids(KeyRows),
    EntityIds(IdRows),
    Aliases(AliasRows),
}

impl Encode for Payload {
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Payload::Terms(p) => put_variant(out, 0, p),
            Payload::Passages(rows) => put_variant(out, 1, rows),
            Payload::Entities(rows) => put_variant(out, 2, rows),
            Payload::Ids(rows) => put_variant(out, 3, rows),
            Payload::EntityIds(rows) => put_variant(out, 4, rows),
            Payload::Aliases(rows) => put_variant(out, 5, rows),
        }
    }
}

impl Decode for Payload {
    fn decode(r: &mut Reader<'_>) -> Self {
        match r.variant(6) {
            0 => Payload::Terms(Decode::decode(r)),
            1 => Payload::Passages(Decode::decode(r)),
            2 => Payload::Entities(Decode::decode(r)),
            3 => Payload::Ids(Decode::decode(r)),
            4 => Payload::EntityIds(Decode::decode(r)),
            _ => Payload::Aliases(Decode::decode(r)),
        }
    }
}

/// A bundle in memory: the manifest and the named parts.
pub struct Bundle {
    pub manifest: Vec<u8>,
    pub parts: Vec<(String, Vec<u8>)>,
}

/// Inverse of [`deltas`]; `None` when a value reaches `n` or overflows.
fn undo_deltas(gaps: &[u32], n: u32) -> Option<Vec<u32>> {
    let mut prev = 0u32;
    gaps.iter()
        .map(|&g| {
            prev = prev.checked_add(g)?;
            (prev < n).then_some(prev)
        })
        .collect()
}

impl Index {
    /// Opens a bundle from its manifest; no part is loaded yet.
    pub fn from_manifest(bytes: &[u8]) -> Result<Index> {
        let m: Manifest = format::open(MANIFEST_MAGIC, "a slotchain bundle manifest", bytes)?;
        let bad = |what: String| Error::Index(format!("manifest: {what}"));
        let n = m.totals.passages;
        let entities = m.entity_count;
        if m.largest_part > MAX_PART_BYTES {
            return Err(bad(format!(
                "it declares a part of {} bytes, more than the limit of {MAX_PART_BYTES}",
                m.largest_part
            )));
        }
        if n.max(entities) > MAX_ROWS {
            return Err(bad(format!(
                "{n} passages and {entities} entities: a bundle holds at most {} of each",
                MAX_ROWS
            )));
        }
        let d = &m.directory;
        let catalog = Catalog::pending(
            entities,
            m.entity_page,
            d.entity_ids.clone(),
            d.aliases.clone(),
        )
        .map_err(bad)?;
        if d.passages != page_count(n, m.passage_page)
            || d.entities != page_count(entities, m.entity_page)
        {
            return Err(bad(
                "the part directory does not match the passage and entity counts".into(),
            ));
        }
        if m.slot_members.values().flatten().any(|&doc| doc >= n) {
            return Err(bad("a slot tag names a missing passage".into()));
        }
        let mut index = Index {
            bm25: m.bm25,
            terms: Terms::pending(m.totals, d.terms.clone()).map_err(bad)?,
            passages: Pages::pending(n, m.passage_page),
            catalog,
            cues: m.cues,
            mentions: Pages::pending(n, m.passage_page),
            page_links: Pages::pending(n, m.passage_page),
            ids: Ids::Ranged(Ranged::pending(d.ids.clone()).map_err(bad)?),
            owners: Pages::pending(entities, m.entity_page),
            named_by: Pages::pending(n, m.passage_page),
            mentioned_by: Pages::pending(entities, m.entity_page),
            rare: Some(Pages::pending(n, m.passage_page)),
            misses: Misses::default(),
            parts: Some(m.directory),
            cue_terms: Map::new(),
            slot_members: m.slot_members,
            meta_keys: m.meta_keys,
            types: m.types,
            scoped: false,
            largest_part: m.largest_part,
        };
        index.derive();
        Ok(index)
    }

    /// The most bytes a part of this bundle may have (inflated): what its
    /// manifest declares for its largest part, within [`MAX_PART_BYTES`];
    /// 0 for an index file.
    pub fn part_limit(&self) -> usize {
        self.largest_part.min(MAX_PART_BYTES) as usize
    }

    /// Adds one part of a bundle opened with [`Index::from_manifest`]. The
    /// name must be one of this bundle's parts, and the bytes that part.
    pub fn add_part(&mut self, name: &str, bytes: &[u8]) -> Result<()> {
        let unknown = || Error::Index(format!("part {name}: not a part of this bundle"));
        let directory = self.parts.as_ref().ok_or_else(unknown)?;
        let part = directory.part(name).ok_or_else(unknown)?;
        let bad = |what: String| Error::Index(format!("part {name}: {what}"));
        if bytes.len() > self.part_limit() {
            return Err(bad(format!(
                "{} bytes, more than the {} the manifest declares for its largest part",
                bytes.len(),
                self.part_limit()
            )));
        }
        let sealed: Sealed = format::open(PART_MAGIC, "a slotchain bundle part", bytes)
            .map_err(|e| bad(e.to_string()))?;
        if sealed.build != directory.build
            || directory.part(&part_name(sealed.part.0, sealed.part.1, sealed.build)) != Some(part)
        {
            return Err(bad(
                "its content is another part or from another build (stale file)".into(),
            ));
        }
        let payload = sealed.payload;
        let n = self.passages.len();
        let entities = self.catalog.len();
        match (part, payload) {
            (Part::Terms(i), Payload::Terms(postings)) => self.terms.fill(i, postings).map_err(bad),
            (Part::Passages(page), Payload::Passages(rows)) => {
                let mut passages = Vec::with_capacity(rows.len());
                let mut mentions = Vec::with_capacity(rows.len());
                let mut links = Vec::with_capacity(rows.len());
                let mut rare = Vec::with_capacity(rows.len());
                let mut named_by = Vec::with_capacity(rows.len());
                for (p, m, l, r, named) in rows {
                    let p = format::load_passage(p);
                    format::check_mentions(&p, &m, entities).map_err(|e| bad(e.to_string()))?;
                    let (title, doc) = named;
                    if l.iter().chain(&title).chain(&doc).any(|&e| e >= entities) {
                        return Err(bad(format!("passage \"{}\" links a missing entity", p.id)));
                    }
                    passages.push(p);
                    mentions.push(m);
                    links.push(l);
                    rare.push(r);
                    named_by.push(named);
                }
                if let Some(pages) = &mut self.rare {
                    pages.fill(page, rare).map_err(bad)?;
                }
                self.named_by.fill(page, named_by).map_err(bad)?;
                self.passages.fill(page, passages).map_err(bad)?;
                self.mentions.fill(page, mentions).map_err(bad)?;
                self.page_links.fill(page, links).map_err(bad)
            }
            (Part::Entities(page), Payload::Entities(rows)) => {
                let mut records = Vec::with_capacity(rows.len());
                let mut owners = Vec::with_capacity(rows.len());
                let mut mentioned_by = Vec::with_capacity(rows.len());
                for (e, o, m) in rows {
                    match (undo_deltas(&o, n), undo_deltas(&m, n)) {
                        (Some(o), Some(m)) => {
                            records.push(e);
                            owners.push(o);
                            mentioned_by.push(m);
                        }
                        _ => return Err(bad("an entity edge names a missing passage".into())),
                    }
                }
                self.catalog.fill_entities(page, records).map_err(bad)?;
                self.owners.fill(page, owners).map_err(bad)?;
                self.mentioned_by.fill(page, mentioned_by).map_err(bad)
            }
            (Part::EntityIds(i), Payload::EntityIds(rows)) => {
                self.catalog.fill_ids(i, rows).map_err(bad)
            }
            (Part::Aliases(i), Payload::Aliases(rows)) => {
                self.catalog.fill_aliases(i, rows).map_err(bad)
            }
            (Part::Ids(i), Payload::Ids(rows)) => {
                let Ids::Ranged(ranges) = &mut self.ids else {
                    return Err(unknown());
                };
                ranges
                    .fill_keyed(
                        i,
                        rows,
                        n,
                        "ID rows are unsorted, out of range or name a missing passage",
                    )
                    .map_err(bad)
            }
            _ => Err(bad("its content is not the kind its name says".into())),
        }
    }

    /// True for an index opened from a bundle manifest.
    pub fn is_bundle(&self) -> bool {
        self.parts.is_some()
    }

    /// Every part name of the bundle (empty for an index file).
    pub fn part_names(&self) -> Vec<String> {
        self.parts
            .as_ref()
            .map(Directory::names)
            .unwrap_or_default()
    }

    /// The parts lookups needed but found not loaded since the last call,
    /// by file name (sorted by kind, then number); clears the record.
    pub fn needed(&self) -> Vec<String> {
        let Some(d) = &self.parts else {
            return Vec::new();
        };
        self.misses.take().into_iter().map(|p| d.name(p)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Passage;

    fn bundle() -> Bundle {
        let passage = |id: &str, text: &str| Passage::new(id, format!("Page {id}"), text);
        let passages = vec![passage("a", "alpha beta"), passage("b", "beta gamma")];
        Index::build(passages, vec![], Cues::default(), Bm25::default())
            .and_then(|index| index.to_bundle())
            .expect("a two-passage bundle")
    }

    #[test]
    fn part_names_carry_the_build_as_eight_hex_digits() {
        assert_eq!(part_name('p', 3, 0x0a1b_2c3d), "p3-0a1b2c3d.slc");
        assert_eq!(part_name('t', 12, 0), "t12-00000000.slc");
        assert_eq!(part_name('e', 0, u32::MAX), "e0-ffffffff.slc");
    }

    #[test]
    fn a_manifest_claiming_too_many_rows_is_refused_before_allocating() {
        let b = bundle();
        let mut m: Manifest =
            format::open(MANIFEST_MAGIC, "a slotchain bundle manifest", &b.manifest)
                .expect("the manifest opens");
        assert!(Index::from_manifest(&b.manifest).is_ok());
        m.totals.passages = u32::MAX;
        let sealed = format::seal(MANIFEST_MAGIC, &m);
        let err = Index::from_manifest(&sealed).unwrap_err().to_string();
        assert!(err.contains("a bundle holds at most 33554432"), "{err}");
        // Within the cap but unlike the directory: refused, nothing allocated.
        m.totals.passages = MAX_ROWS;
        let sealed = format::seal(MANIFEST_MAGIC, &m);
        let err = Index::from_manifest(&sealed).unwrap_err().to_string();
        assert!(
            err.contains("does not match the passage and entity counts"),
            "{err}"
        );
    }

    #[test]
    fn every_part_kind_names_and_parses_back() {
        let directory = Directory {
            build: 0xabc,
            terms: vec!["".into(), "m".into()],
            passages: 2,
            entities: 2,
            ids: vec!["".into(), "m".into()],
            entity_ids: vec!["".into(), "m".into()],
            aliases: vec!["".into(), "m".into()],
        };
        let names = directory.names();
        assert_eq!(names.len(), 12);
        let letters: Set<char> = names
            .iter()
            .filter_map(|n| n.chars().next())
            .map(|c| (c, ()))
            .collect();
        assert_eq!(letters.len(), KINDS.len(), "{names:?}");
        for name in &names {
            let part = directory.part(name).expect("a listed name parses");
            assert_eq!(&directory.name(part), name);
        }
        // Out of range, another build, or an unknown letter: not a part.
        for stranger in ["t2-00000abc.slc", "t0-00000abd.slc", "x0-00000abc.slc"] {
            assert_eq!(directory.part(stranger), None, "{stranger}");
        }
    }
}
