//! Stage 2 — index: the sharded bundle, Pagefind's model for large sites.
//!
//! A bundle is the index cut into parts a browser fetches on demand:
//!
//! | part | key | holds |
//! |---|---|---|
//! | `manifest.slc` | — | BM25 parameters, totals, entity types, cues, slot tags, the part directory |
//! | `t…` | term range | posting lists with each passage's field lengths inline |
//! | `p…` | page of passages ([`passage_page`]) | passages (the fragments a report shows), mentions, links, rarest terms |
//! | `e…` | page of [`ENTITY_PAGE`] entities | entity records, owners and reverse edges |
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

use super::catalog::{first_word, AliasRows, IdRows};
use super::format::{self, StoredPassage};
use super::shard::{Misses, Pages, Part, Ranged};
use super::{Bm25, Catalog, Cues, Ids, Index, Mention, Postings, Terms};
use crate::error::{Error, Result};
use crate::model::Entity;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// File name of the manifest inside a bundle directory.
pub const MANIFEST: &str = "manifest.slc";
const MANIFEST_MAGIC: &[u8; 8] = b"SLCHMAN\0";
const PART_MAGIC: &[u8; 8] = b"SLCHPRT\0";
/// Most posting bytes in a term part (about, counting inline lengths as two
/// bytes per posting); a longer list gets a part of its own. Small parts
/// waste little on the rare terms a question and its feedback round add.
pub const TERM_PART_BYTES: usize = 2 * 1024;
/// Encoded passage rows per passage part (about): see [`passage_page`].
pub const PASSAGE_PAGE_BYTES: usize = TERM_PART_BYTES;
/// Most passages per passage part.
pub const MAX_PASSAGE_PAGE: u32 = 64;
/// Entities per entity part.
pub const ENTITY_PAGE: u32 = 16;
/// Passage IDs per ID part.
pub const ID_PART_ROWS: usize = 512;
/// Entity IDs per entity-ID part. Smaller than [`ID_PART_ROWS`]: a run
/// resolves the titles of scattered passages, one part each (on the Astro
/// docs, 512 rows cost a question 20 KB, 128 rows 6 KB).
pub const ENTITY_ID_PART_ROWS: usize = 128;
/// Most alias bytes in an alias part (about), as for terms; the aliases
/// sharing a first word are never split, so a larger group gets a part of
/// its own.
pub const ALIAS_PART_BYTES: usize = TERM_PART_BYTES;

/// The parts of a bundle: how many of each kind, and where key ranges start.
#[derive(Debug, Clone, Serialize, Deserialize)]
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

/// Makes a part of one kind from its number.
type MakePart = fn(u32) -> Part;

const KINDS: [(char, MakePart); 6] = [
    ('t', Part::Terms),
    ('p', Part::Passages),
    ('e', Part::Entities),
    ('i', Part::Ids),
    ('k', Part::EntityIds),
    ('a', Part::Aliases),
];

impl Directory {
    fn count(&self, kind: char) -> u32 {
        match kind {
            't' => self.terms.len() as u32,
            'p' => self.passages,
            'e' => self.entities,
            'i' => self.ids.len() as u32,
            'k' => self.entity_ids.len() as u32,
            _ => self.aliases.len() as u32,
        }
    }

    fn name(&self, part: Part) -> String {
        let (kind, n) = match part {
            Part::Terms(n) => ('t', n),
            Part::Passages(n) => ('p', n),
            Part::Entities(n) => ('e', n),
            Part::Ids(n) => ('i', n),
            Part::EntityIds(n) => ('k', n),
            Part::Aliases(n) => ('a', n),
        };
        part_name(kind, n, self.build)
    }

    /// The part a file name names in this bundle.
    fn part(&self, name: &str) -> Option<Part> {
        let stem = name.strip_suffix(".slc")?;
        let (head, build) = stem.split_once('-')?;
        if u32::from_str_radix(build, 16).ok()? != self.build {
            return None;
        }
        let mut chars = head.chars();
        let kind = chars.next()?;
        let n = chars.as_str().parse::<u32>().ok()?;
        let (_, make) = KINDS.iter().find(|(k, _)| *k == kind)?;
        (n < self.count(kind) && part_name(kind, n, self.build) == name).then(|| make(n))
    }

    /// Every part name, kind by kind.
    pub fn names(&self) -> Vec<String> {
        KINDS
            .iter()
            .flat_map(|&(kind, make)| (0..self.count(kind)).map(make))
            .map(|p| self.name(p))
            .collect()
    }
}

fn part_name(kind: char, n: u32, build: u32) -> String {
    format!("{kind}{n}-{build:08x}.slc")
}

#[derive(Serialize, Deserialize)]
struct Manifest {
    bm25: Bm25,
    totals: super::terms::Totals,
    /// How many entities the catalog holds (their records are in `e` parts).
    entity_count: u32,
    types: Vec<String>,
    declared: Vec<Entity>,
    cues: Cues,
    slot_members: BTreeMap<String, Vec<u32>>,
    meta_keys: BTreeSet<String>,
    passage_page: u32,
    entity_page: u32,
    directory: Directory,
}

/// A passage, its mentions, its page links and its rarest terms.
type PassageRow = (StoredPassage, Vec<Mention>, Vec<u32>, Vec<String>);

#[derive(Serialize, Deserialize)]
struct Sealed {
    build: u32,
    part: (char, u32),
    payload: Payload,
}

#[derive(Serialize, Deserialize)]
enum Payload {
    Terms(Postings),
    Passages(Vec<PassageRow>),
    /// Each entity's record, owners and reverse edges (the lists as
    /// ascending deltas).
    Entities(Vec<(Entity, Vec<u32>, Vec<u32>)>),
    Ids(Vec<(String, u32)>),
    EntityIds(IdRows),
    Aliases(AliasRows),
}

/// A bundle in memory: the manifest and the named parts.
pub struct Bundle {
    pub manifest: Vec<u8>,
    pub parts: Vec<(String, Vec<u8>)>,
}

/// FNV-1a: the build hash over every part's payload.
fn hash(h: u32, bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// Parts being cut: encoded payloads by kind and number, and the running hash.
struct Cutter {
    payloads: Vec<((char, u32), Vec<u8>)>,
    /// Parts of each kind so far.
    counts: BTreeMap<char, u32>,
    build: u32,
}

impl Cutter {
    /// Adds the next part of a kind (numbered from 0 per kind).
    fn add(&mut self, kind: char, payload: &Payload) -> Result<()> {
        let n = self.count(kind);
        let bytes = postcard::to_allocvec(payload)
            .map_err(|e| Error::Index(format!("cannot encode: {e}")))?;
        self.build = hash(self.build, &bytes);
        self.payloads.push(((kind, n), bytes));
        self.counts.insert(kind, n + 1);
        Ok(())
    }

    fn count(&self, kind: char) -> u32 {
        self.counts.get(&kind).copied().unwrap_or(0)
    }
}

/// An ascending list as differences (first value, then gaps): the passages
/// of one page are consecutive, so most gaps are 1 and compress to nothing.
fn deltas(list: &[u32]) -> Vec<u32> {
    let mut prev = 0;
    list.iter()
        .map(|&d| {
            let gap = d.wrapping_sub(prev);
            prev = d;
            gap
        })
        .collect()
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

/// Passages per passage part: as many as fill about [`PASSAGE_PAGE_BYTES`]
/// at the corpus's mean encoded row size (`bytes` over `rows`), from 1 to
/// [`MAX_PASSAGE_PAGE`]. A question pays for whole pages of which it reads a
/// passage or two; measured over 30 heading questions each, from 16
/// passages a page to 2, the parts fetched fell from 66 to 49 KB (Python
/// docs, 312-byte rows) and from 120 to 68 KB (Astro docs, 1,154-byte rows),
/// while the part count per question hardly moved (30 to 33; 45 to 49).
pub fn passage_page(bytes: usize, rows: usize) -> u32 {
    let mean = bytes.div_ceil(rows.max(1)).max(1);
    (PASSAGE_PAGE_BYTES.div_ceil(mean) as u32).clamp(1, MAX_PASSAGE_PAGE)
}

fn incomplete() -> Error {
    Error::Index("a bundle can only be cut from a whole index".into())
}

/// Cuts a sorted run into chunks of at most `budget` (a row larger than
/// the budget gets a chunk of its own); returns where each chunk's key range
/// starts, and its rows. The first range starts at the empty key, so that
/// every key has a chunk; the others at the shortest prefix of their first
/// key that still sorts after the previous chunk's last key (the manifest
/// lists these starts, so shorter is smaller).
fn ranges<T>(
    rows: Vec<T>,
    key: impl Fn(&T) -> String,
    size: impl Fn(&T) -> usize,
    budget: usize,
) -> Vec<(String, Vec<T>)> {
    let mut out: Vec<(String, Vec<T>)> = Vec::new();
    let mut current: Vec<T> = Vec::new();
    let mut used = 0;
    for row in rows {
        let s = size(&row);
        if !current.is_empty() && used + s > budget {
            out.push((String::new(), std::mem::take(&mut current)));
            used = 0;
        }
        used += s;
        current.push(row);
    }
    if !current.is_empty() || out.is_empty() {
        out.push((String::new(), current));
    }
    let mut previous: Option<String> = None;
    for (start, rows) in out.iter_mut() {
        if let (Some(last), Some(first)) = (&previous, rows.first().map(&key)) {
            *start = separator(last, &first);
        }
        previous = rows.last().map(&key);
    }
    out
}

/// The shortest prefix of `first` that sorts after `last` (`first` itself
/// when `last < first` holds for no shorter one).
fn separator(last: &str, first: &str) -> String {
    first
        .char_indices()
        .map(|(i, c)| &first[..i + c.len_utf8()])
        .find(|p| *p > last)
        .unwrap_or(first)
        .to_string()
}

impl Index {
    /// Cuts the whole index into a bundle.
    pub fn to_bundle(&self) -> Result<Bundle> {
        if self.parts.is_some() {
            return Err(incomplete());
        }
        let mut cut = Cutter {
            payloads: Vec::new(),
            counts: BTreeMap::new(),
            build: 0x811c_9dc5,
        };
        // Terms: consecutive lists until a part reaches TERM_PART_BYTES.
        let postings = match self.terms.ranges().all().as_deref() {
            Some([one]) => *one,
            _ => return Err(incomplete()),
        };
        let numbered: Vec<usize> = (0..postings.terms().len()).collect();
        let term_ranges = ranges(
            numbered,
            |&i| postings.terms().get(i).cloned().unwrap_or_default(),
            |&i| postings.list_bytes(i) + 2 * postings.df_of(i as u32) as usize,
            TERM_PART_BYTES,
        );
        let mut terms = Vec::new();
        for (first, run) in term_ranges {
            let (from, to) = (
                run.first().copied().unwrap_or(0),
                run.last().map_or(0, |l| l + 1),
            );
            cut.add('t', &Payload::Terms(postings.part(from, to)))?;
            terms.push(first);
        }
        // Passages, with their mentions and links, in pages.
        let passages = self.passages.all().ok_or_else(incomplete)?;
        let mentions = self.mentions.all().ok_or_else(incomplete)?;
        let links = self.page_links.all().ok_or_else(incomplete)?;
        let rows: Vec<PassageRow> = passages
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (
                    format::store_passage(p),
                    mentions.get(i).map(|m| m.to_vec()).unwrap_or_default(),
                    links.get(i).map(|l| l.to_vec()).unwrap_or_default(),
                    self.rare_terms(i as u32),
                )
            })
            .collect();
        let mut row_bytes = 0;
        for row in &rows {
            row_bytes += postcard::to_allocvec(row)
                .map_err(|e| Error::Index(format!("cannot encode: {e}")))?
                .len();
        }
        let page = passage_page(row_bytes, rows.len());
        let mut rows = rows.into_iter();
        loop {
            let run: Vec<PassageRow> = rows.by_ref().take(page as usize).collect();
            if run.is_empty() {
                break;
            }
            cut.add('p', &Payload::Passages(run))?;
        }
        // Entity records with their owners and reverse edges, in pages.
        let (records, entity_ids, aliases) = self.catalog.rows().ok_or_else(incomplete)?;
        let owners = self.owners.all().ok_or_else(incomplete)?;
        let mentioned_by = self.mentioned_by.all().ok_or_else(incomplete)?;
        for start in (0..records.len()).step_by(ENTITY_PAGE as usize) {
            let end = (start + ENTITY_PAGE as usize).min(records.len());
            let rows = (start..end)
                .filter_map(|e| {
                    let list = |t: &[&Vec<u32>]| t.get(e).map(|l| deltas(l)).unwrap_or_default();
                    Some((
                        (*records.get(e)?).clone(),
                        list(&owners),
                        list(&mentioned_by),
                    ))
                })
                .collect();
            cut.add('e', &Payload::Entities(rows))?;
        }
        // Passage IDs, sorted, in ranges.
        let Ids::Sorted(by_id) = &self.ids else {
            return Err(incomplete());
        };
        let rows: Vec<(String, u32)> = by_id
            .iter()
            .filter_map(|&d| Some((passages.get(d as usize)?.id.clone(), d)))
            .collect();
        let mut ids = Vec::new();
        for (first, run) in ranges(rows, |r| r.0.clone(), |_| 1, ID_PART_ROWS) {
            cut.add('i', &Payload::Ids(run))?;
            ids.push(first);
        }
        // Folded entity IDs, sorted, in ranges.
        let mut entity_id_starts = Vec::new();
        for (first, run) in ranges(
            entity_ids.clone(),
            |r| r.0.clone(),
            |_| 1,
            ENTITY_ID_PART_ROWS,
        ) {
            cut.add('k', &Payload::EntityIds(run))?;
            entity_id_starts.push(first);
        }
        // Aliases, cut only between first words.
        let mut groups: Vec<AliasRows> = Vec::new();
        for row in aliases {
            match groups.last_mut() {
                Some(g) if g.first().map(first_word) == Some(first_word(row)) => {
                    g.push(row.clone())
                }
                _ => groups.push(vec![row.clone()]),
            }
        }
        let alias_bytes = |g: &AliasRows| -> usize {
            g.iter()
                .map(|(words, _)| words.iter().map(|w| w.len() + 1).sum::<usize>() + 2)
                .sum()
        };
        let mut alias_starts = Vec::new();
        let group_key = |g: &AliasRows| g.first().map(first_word).unwrap_or("").to_string();
        for (first, run) in ranges(groups, group_key, alias_bytes, ALIAS_PART_BYTES) {
            cut.add('a', &Payload::Aliases(run.into_iter().flatten().collect()))?;
            alias_starts.push(first);
        }
        let directory = Directory {
            build: cut.build,
            terms,
            passages: cut.count('p'),
            entities: cut.count('e'),
            ids,
            entity_ids: entity_id_starts,
            aliases: alias_starts,
        };
        let mut parts = Vec::with_capacity(cut.payloads.len());
        for ((kind, n), payload) in &cut.payloads {
            // A `Sealed` value's encoding: its header fields, then the payload.
            let mut bytes = postcard::to_allocvec(&(directory.build, *kind, *n))
                .map_err(|e| Error::Index(format!("cannot encode: {e}")))?;
            bytes.extend_from_slice(payload);
            parts.push((
                part_name(*kind, *n, directory.build),
                format::seal_bytes(PART_MAGIC, &bytes),
            ));
        }
        let manifest = Manifest {
            bm25: self.bm25,
            totals: self.terms.totals(),
            entity_count: self.catalog.len(),
            types: self.entity_types().to_vec(),
            declared: self.declared.clone(),
            cues: self.cues.clone(),
            slot_members: self.slot_members.clone(),
            meta_keys: self.meta_keys.clone(),
            passage_page: page,
            entity_page: ENTITY_PAGE,
            directory,
        };
        Ok(Bundle {
            manifest: format::seal(MANIFEST_MAGIC, &manifest)?,
            parts,
        })
    }

    /// Opens a bundle from its manifest; no part is loaded yet.
    pub fn from_manifest(bytes: &[u8]) -> Result<Index> {
        let m: Manifest = format::open(MANIFEST_MAGIC, "a slotchain bundle manifest", bytes)?;
        let bad = |what: String| Error::Index(format!("manifest: {what}"));
        let n = m.totals.passages;
        let entities = m.entity_count;
        let d = &m.directory;
        let catalog = Catalog::pending(
            entities,
            m.entity_page,
            d.entity_ids.clone(),
            d.aliases.clone(),
        )
        .map_err(bad)?;
        let pages = |count: u32, size: u32| count.div_ceil(size.max(1)) as usize;
        if d.passages as usize != pages(n, m.passage_page)
            || d.entities as usize != pages(entities, m.entity_page)
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
            declared: m.declared,
            cues: m.cues,
            mentions: Pages::pending(n, m.passage_page),
            page_links: Pages::pending(n, m.passage_page),
            ids: Ids::Ranged(Ranged::pending(d.ids.clone()).map_err(bad)?),
            owners: Pages::pending(entities, m.entity_page),
            mentioned_by: Pages::pending(entities, m.entity_page),
            rare: Some(Pages::pending(n, m.passage_page)),
            misses: Misses::default(),
            parts: Some(m.directory),
            cue_terms: BTreeMap::new(),
            slot_members: m.slot_members,
            meta_keys: m.meta_keys,
            types: m.types,
            scoped: false,
        };
        index.derive();
        Ok(index)
    }

    /// Adds one part of a bundle opened with [`Index::from_manifest`]. The
    /// name must be one of this bundle's parts, and the bytes that part.
    pub fn add_part(&mut self, name: &str, bytes: &[u8]) -> Result<()> {
        let unknown = || Error::Index(format!("part {name}: not a part of this bundle"));
        let directory = self.parts.as_ref().ok_or_else(unknown)?;
        let part = directory.part(name).ok_or_else(unknown)?;
        let bad = |what: String| Error::Index(format!("part {name}: {what}"));
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
                for (p, m, l, r) in rows {
                    let p = format::load_passage(p);
                    format::check_mentions(&p, &m, entities).map_err(|e| bad(e.to_string()))?;
                    if l.iter().any(|&e| e >= entities) {
                        return Err(bad(format!("passage \"{}\" links a missing entity", p.id)));
                    }
                    passages.push(p);
                    mentions.push(m);
                    links.push(l);
                    rare.push(r);
                }
                if let Some(pages) = &mut self.rare {
                    pages.fill(page, rare).map_err(bad)?;
                }
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
                if rows.windows(2).any(|w| w[0].0 >= w[1].0)
                    || rows.iter().any(|(k, d)| *d >= n || !ranges.holds(i, k))
                {
                    return Err(bad(
                        "ID rows are unsorted, out of range or name a missing passage".into(),
                    ));
                }
                ranges.fill(i, rows).map_err(bad)
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

    #[test]
    fn separators_are_the_shortest_prefix_between_two_keys() {
        assert_eq!(separator("apple", "banana"), "b");
        assert_eq!(separator("bam", "banana"), "ban");
        assert_eq!(separator("ab", "abc"), "abc");
        assert_eq!(separator("a", "é"), "é");
        // every separator sorts after `last` and at or before `first`
        let keys = ["", "a", "aa", "ab", "b", "ba", "bz", "c", "日本", "日本語"];
        for w in keys.windows(2) {
            let s = separator(w[0], w[1]);
            assert!(w[0] < s.as_str() && s.as_str() <= w[1], "{w:?} → {s}");
        }
    }

    #[test]
    fn passage_pages_hold_about_the_byte_budget() {
        assert_eq!(passage_page(312 * 100, 100), 7);
        assert_eq!(passage_page(1154 * 10, 10), 2);
        assert_eq!(passage_page(50_000, 1), 1, "a huge passage is a page alone");
        assert_eq!(passage_page(10, 10), MAX_PASSAGE_PAGE);
        assert_eq!(passage_page(0, 0), MAX_PASSAGE_PAGE, "an empty corpus");
    }

    #[test]
    fn ranges_cut_by_budget_and_start_at_the_empty_key() {
        let rows: Vec<&str> = vec!["alpha", "beta", "bravo", "charlie", "delta"];
        let cut = ranges(rows, |r| r.to_string(), |r| r.len(), 10);
        let starts: Vec<&str> = cut.iter().map(|(s, _)| s.as_str()).collect();
        let sizes: Vec<usize> = cut.iter().map(|(_, r)| r.len()).collect();
        assert_eq!(starts, ["", "br", "c", "d"]);
        assert_eq!(sizes, [2, 1, 1, 1]);
        let one = ranges(Vec::<&str>::new(), |r| r.to_string(), |_| 1, 10);
        assert_eq!(one.len(), 1, "an empty run still has one (empty) range");
    }
}
