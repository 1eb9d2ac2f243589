//! Stage 2 — index: tables that hold either all of their rows or the parts
//! of a sharded index loaded so far.
//!
//! An index read from one file holds every row. An index opened from a
//! bundle ([`super::bundle`]) starts with none of the per-passage,
//! per-entity, per-term or per-ID rows; the host adds parts as the read path
//! asks for them. A lookup into a part that is not loaded answers "nothing"
//! and records the part in [`Misses`].
//!
//! The invariant the bundle protocol rests on: every read of sharded data
//! goes through [`Pages::get`] or [`Ranged::get`]. A run that records no miss
//! therefore read exactly the rows the whole index holds, and its report is
//! the report of the whole index.

use std::cell::RefCell;

/// One loadable part of a sharded index, by kind and number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// A range of terms with their posting lists.
    Terms(u32),
    /// A page of passages with their mentions and links.
    Passages(u32),
    /// A page of entity records with their owners and reverse edges.
    Entities(u32),
    /// A range of passage IDs with their passage numbers.
    Ids(u32),
    /// A range of folded entity IDs with their entity indexes.
    EntityIds(u32),
    /// A range of alias first words with their aliases.
    Aliases(u32),
}

impl Part {
    /// The part's number within its kind.
    pub fn number(self) -> u32 {
        match self {
            Part::Terms(n)
            | Part::Passages(n)
            | Part::Entities(n)
            | Part::Ids(n)
            | Part::EntityIds(n)
            | Part::Aliases(n) => n,
        }
    }
}

/// The parts a run needed but found missing.
#[derive(Debug, Default)]
pub struct Misses(RefCell<litemap::LiteMap<Part, ()>>);

impl Misses {
    pub fn record(&self, part: Part) {
        // No borrow is held across calls, so this never fails; a failure
        // would only lose a miss, never panic.
        if let Ok(mut set) = self.0.try_borrow_mut() {
            set.insert(part, ());
        }
    }

    /// The recorded parts (sorted), clearing the record.
    pub fn take(&self) -> Vec<Part> {
        self.0
            .try_borrow_mut()
            .map(|mut set| {
                std::mem::take(&mut *set)
                    .into_iter()
                    .map(|(p, ())| p)
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Rows numbered `0..len`, in pages of `size` rows. Page slots are made as
/// pages are loaded, so a pending table costs nothing until then, whatever
/// row count its manifest claims.
#[derive(Debug)]
pub struct Pages<T> {
    len: u32,
    size: u32,
    /// Page `i` at index `i` once loaded; missing or `None` until then.
    pages: Vec<Option<Vec<T>>>,
}

/// How many pages of `size` rows (at least one) `len` rows fill.
pub fn page_count(len: u32, size: u32) -> u32 {
    len.div_ceil(size.max(1))
}

impl<T> Pages<T> {
    /// Every row, loaded (one page).
    pub fn whole(rows: Vec<T>) -> Pages<T> {
        let len = rows.len() as u32;
        Pages {
            len,
            size: len.max(1),
            pages: vec![Some(rows)],
        }
    }

    /// `len` rows in pages of `size`, none loaded.
    pub fn pending(len: u32, size: u32) -> Pages<T> {
        Pages {
            len,
            size: size.max(1),
            pages: Vec::new(),
        }
    }

    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Row `i`; `None` when it does not exist or its page is not loaded
    /// (then the page is recorded in `misses` as `part(page)`).
    pub fn get(&self, i: u32, misses: &Misses, part: fn(u32) -> Part) -> Option<&T> {
        if i >= self.len {
            return None;
        }
        let page = i / self.size;
        match self.pages.get(page as usize) {
            Some(Some(rows)) => rows.get((i % self.size) as usize),
            _ => {
                misses.record(part(page));
                None
            }
        }
    }

    /// True when row `i` exists but its page is not loaded.
    pub fn pending_row(&self, i: u32) -> bool {
        i < self.len
            && self
                .pages
                .get((i / self.size) as usize)
                .is_none_or(Option::is_none)
    }

    /// The rows page `page` must hold.
    pub fn rows_of(&self, page: u32) -> std::ops::Range<u32> {
        let start = page.saturating_mul(self.size).min(self.len);
        start..start.saturating_add(self.size).min(self.len)
    }

    /// The number of pages.
    fn page_count(&self) -> u32 {
        page_count(self.len, self.size)
    }

    /// Loads a page; the row count must match.
    pub fn fill(&mut self, page: u32, rows: Vec<T>) -> Result<(), String> {
        if page >= self.page_count() {
            return Err(format!("page {page} does not exist"));
        }
        let want = self.rows_of(page).len();
        if rows.len() != want {
            return Err(format!(
                "page {page} holds {} rows, expected {want}",
                rows.len()
            ));
        }
        let at = page as usize;
        if self.pages.len() <= at {
            self.pages.resize_with(at + 1, || None);
        }
        if let Some(slot) = self.pages.get_mut(at) {
            *slot = Some(rows);
        }
        Ok(())
    }

    /// Every row in order, or `None` when some page is not loaded.
    pub fn all(&self) -> Option<Vec<&T>> {
        if self.pages.len() < self.page_count() as usize {
            return None;
        }
        let mut out = Vec::with_capacity(self.len as usize);
        for page in &self.pages {
            out.extend(page.as_ref()?.iter());
        }
        Some(out)
    }
}

/// (key, number) rows sorted by key: the chunks of a key → number table.
pub type KeyRows = Vec<(String, u32)>;

impl Ranged<KeyRows> {
    /// The number stored under `key`; `None` when there is none or its
    /// chunk is not loaded (then recorded in `misses`).
    pub fn lookup(&self, key: &str, misses: &Misses, part: fn(u32) -> Part) -> Option<u32> {
        let (_, rows) = self.get(key, misses, part)?;
        let at = rows.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok()?;
        rows.get(at).map(|&(_, n)| n)
    }

    /// Loads chunk `i` of a key → number table after checking that its keys
    /// ascend strictly inside the chunk's range and its numbers are below
    /// `limit`; otherwise nothing is loaded and the error is `refused`.
    pub fn fill_keyed(
        &mut self,
        i: u32,
        rows: KeyRows,
        limit: u32,
        refused: &str,
    ) -> Result<(), String> {
        let sorted = rows.windows(2).all(|w| w[0].0 < w[1].0);
        if !sorted || rows.iter().any(|(k, n)| *n >= limit || !self.holds(i, k)) {
            return Err(refused.to_string());
        }
        self.fill(i, rows)
    }
}

/// Rows keyed by strings, cut into chunks of consecutive keys: chunk `i`
/// holds the keys in `[first[i], first[i + 1])`. `first` is sorted, unique
/// and starts with the empty string, so every key has exactly one chunk.
#[derive(Debug)]
pub struct Ranged<T> {
    first: Vec<String>,
    chunks: Vec<Option<T>>,
}

impl<T> Ranged<T> {
    /// One chunk holding every key, loaded.
    pub fn whole(chunk: T) -> Ranged<T> {
        Ranged {
            first: vec![String::new()],
            chunks: vec![Some(chunk)],
        }
    }

    /// Chunks starting at `first`, none loaded.
    pub fn pending(first: Vec<String>) -> Result<Ranged<T>, String> {
        if first.first().is_none_or(|f| !f.is_empty()) {
            return Err("the first key range does not start at the empty key".into());
        }
        if first.windows(2).any(|w| w[0] >= w[1]) {
            return Err("key ranges are not sorted".into());
        }
        Ok(Ranged {
            chunks: first.iter().map(|_| None).collect(),
            first,
        })
    }

    /// The number of the chunk whose range holds `key`.
    pub fn locate(&self, key: &str) -> u32 {
        self.first
            .partition_point(|f| f.as_str() <= key)
            .saturating_sub(1) as u32
    }

    /// The chunk holding `key` with its number; `None` when not loaded (then
    /// recorded in `misses` as `part(chunk)`).
    pub fn get(&self, key: &str, misses: &Misses, part: fn(u32) -> Part) -> Option<(u32, &T)> {
        let i = self.locate(key);
        match self.chunks.get(i as usize) {
            Some(Some(chunk)) => Some((i, chunk)),
            _ => {
                misses.record(part(i));
                None
            }
        }
    }

    /// A loaded chunk by number (a number [`Ranged::get`] returned).
    pub fn chunk(&self, i: u32) -> Option<&T> {
        self.chunks.get(i as usize).and_then(Option::as_ref)
    }

    /// The key range of chunk `i`: its first key and the next chunk's.
    pub fn range(&self, i: u32) -> (Option<&str>, Option<&str>) {
        let at = |j: usize| self.first.get(j).map(String::as_str);
        (at(i as usize), at(i as usize + 1))
    }

    /// True when `key` belongs to chunk `i`'s range.
    pub fn holds(&self, i: u32, key: &str) -> bool {
        let (from, to) = self.range(i);
        from.is_some_and(|f| key >= f) && to.is_none_or(|e| key < e)
    }

    /// Loads chunk `i`.
    pub fn fill(&mut self, i: u32, chunk: T) -> Result<(), String> {
        let slot = self
            .chunks
            .get_mut(i as usize)
            .ok_or_else(|| format!("key range {i} does not exist"))?;
        *slot = Some(chunk);
        Ok(())
    }

    /// Every chunk in key order, or `None` when some chunk is not loaded.
    pub fn all(&self) -> Option<Vec<&T>> {
        self.chunks.iter().map(Option::as_ref).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_answer_loaded_rows_and_record_missing_pages() {
        let misses = Misses::default();
        let mut pages: Pages<u32> = Pages::pending(5, 2);
        assert_eq!(pages.rows_of(2), 4..5);
        assert_eq!(pages.get(3, &misses, Part::Passages), None);
        assert_eq!(pages.get(4, &misses, Part::Passages), None);
        assert_eq!(pages.get(9, &misses, Part::Passages), None, "out of range");
        assert_eq!(misses.take(), vec![Part::Passages(1), Part::Passages(2)]);
        assert!(pages.pending_row(3));
        pages.fill(1, vec![30, 31]).unwrap();
        assert_eq!(
            pages.fill(2, vec![1, 2]).unwrap_err(),
            "page 2 holds 2 rows, expected 1"
        );
        assert_eq!(pages.get(3, &misses, Part::Passages), Some(&31));
        assert!(!pages.pending_row(3));
        assert!(misses.take().is_empty());
        assert!(pages.all().is_none());
        let whole = Pages::whole(vec![7, 8, 9]);
        assert_eq!(whole.all(), Some(vec![&7, &8, &9]));
        assert_eq!(whole.get(2, &misses, Part::Passages), Some(&9));
        assert!(Pages::<u8>::whole(vec![]).all().unwrap().is_empty());
    }

    #[test]
    fn pending_pages_cost_nothing_until_loaded() {
        let misses = Misses::default();
        // A claim of four billion one-row pages allocates no slot up front.
        let mut huge: Pages<u8> = Pages::pending(u32::MAX, 1);
        assert_eq!(huge.get(7, &misses, Part::Passages), None);
        assert!(huge.pending_row(7));
        assert_eq!(misses.take(), vec![Part::Passages(7)]);
        assert!(huge.fill(u32::MAX, vec![1]).is_err(), "past the last page");
        huge.fill(3, vec![9]).unwrap();
        assert_eq!(huge.get(3, &misses, Part::Passages), Some(&9));
        assert_eq!(huge.get(2, &misses, Part::Passages), None);
        assert_eq!(misses.take(), vec![Part::Passages(2)]);
        assert!(huge.all().is_none());
    }

    #[test]
    fn ranged_places_every_key_in_exactly_one_chunk() {
        let misses = Misses::default();
        let first = vec![String::new(), "d".into(), "m".into()];
        let mut r: Ranged<&str> = Ranged::pending(first).unwrap();
        for (key, chunk) in [
            ("", 0),
            ("a", 0),
            ("czz", 0),
            ("d", 1),
            ("lz", 1),
            ("m", 2),
            ("zz", 2),
        ] {
            assert_eq!(r.locate(key), chunk, "{key}");
        }
        assert!(r.get("k", &misses, Part::Terms).is_none());
        assert_eq!(misses.take(), vec![Part::Terms(1)]);
        r.fill(1, "d..m").unwrap();
        assert_eq!(r.get("k", &misses, Part::Terms), Some((1, &"d..m")));
        assert_eq!(r.range(1), (Some("d"), Some("m")));
        assert_eq!(r.range(2), (Some("m"), None));
        assert!(r.holds(1, "d") && r.holds(1, "lzz") && !r.holds(1, "m") && !r.holds(0, "d"));
        assert!(r.holds(2, "zz") && r.holds(0, ""));
        assert!(r.fill(3, "x").is_err());
        assert!(Ranged::<u8>::pending(vec!["a".into()]).is_err());
        assert!(Ranged::<u8>::pending(vec![String::new(), "b".into(), "a".into()]).is_err());
    }
}
