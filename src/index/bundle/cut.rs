//! Stage 2 — index: cutting a whole index into a bundle ([`super`] says
//! what each part holds). Guarantees: every row lands in exactly one part;
//! key ranges start at the empty key and never split the rows one key
//! lookup reads (a term's list, the aliases sharing a first word); the
//! build hash covers every part's payload, so any change renames every part.

use super::{
    part_name, Bundle, Directory, Manifest, PassageRow, Payload, MANIFEST_MAGIC, PART_MAGIC,
};
use crate::error::{Error, Result};
use crate::index::catalog::{first_word, AliasRows};
use crate::index::shard::KeyRows;
use crate::index::{codec, format};
use crate::index::{Ids, Index};
use std::collections::BTreeMap;

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
        let bytes = codec::to_bytes(payload);
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
        let rows = self.passage_count().max(self.entity_count());
        if rows > super::MAX_ROWS {
            return Err(Error::Index(format!(
                "{rows} passages or entities: a bundle holds at most {}; write an index file",
                super::MAX_ROWS
            )));
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
        let named_by = self.named_by.all().ok_or_else(incomplete)?;
        let rows: Vec<PassageRow> = passages
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (
                    format::store_passage(p),
                    mentions.get(i).map(|m| m.to_vec()).unwrap_or_default(),
                    links.get(i).map(|l| l.to_vec()).unwrap_or_default(),
                    self.rare_terms(i as u32),
                    named_by.get(i).map_or((None, None), |n| **n),
                )
            })
            .collect();
        let mut row_bytes = 0;
        for row in &rows {
            row_bytes += codec::to_bytes(row).len();
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
        let rows: KeyRows = by_id
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
            let mut bytes = codec::to_bytes(&(directory.build, *kind, *n));
            bytes.extend_from_slice(payload);
            parts.push((
                part_name(*kind, *n, directory.build),
                format::seal_bytes(PART_MAGIC, &bytes),
            ));
        }
        let largest = parts
            .iter()
            .map(|(_, bytes)| bytes.len())
            .max()
            .unwrap_or(0);
        let largest_part = u32::try_from(largest)
            .ok()
            .filter(|&n| n <= super::MAX_PART_BYTES)
            .ok_or_else(|| {
                Error::Index(format!(
                    "a bundle part of {largest} bytes, more than the limit of {}",
                    super::MAX_PART_BYTES
                ))
            })?;
        let manifest = Manifest {
            bm25: self.bm25,
            totals: self.terms.totals(),
            entity_count: self.catalog.len(),
            types: self.entity_types().to_vec(),
            cues: self.cues.clone(),
            slot_members: self.slot_members.clone(),
            meta_keys: self.meta_keys.clone(),
            passage_page: page,
            entity_page: ENTITY_PAGE,
            directory,
            largest_part,
        };
        Ok(Bundle {
            manifest: format::seal(MANIFEST_MAGIC, &manifest),
            parts,
        })
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
