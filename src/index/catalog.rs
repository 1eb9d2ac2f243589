//! Stage 2 — index: the entity catalog.
//!
//! Holds canonical entities (from the entities file, every passage title and
//! every `meta.doc` value) and finds their mentions in text. Invariants:
//! every alias is matched on whole surface words (so `gateway west` and
//! `gateway-west` name the same entity, `gateway-westward` does not); matches
//! are longest-first and never overlap; an alias made only of stop words,
//! digits or a single short word is never registered (it would link noise);
//! a one-word alias right after a capitalised word of its sentence (not the
//! sentence's first) is the end of a longer name and names nothing ("King
//! Arthur" is not the page `Arthur (dog)`).
//!
//! Its three tables (entity records by index, folded IDs, aliases by first
//! word) hold every row for an index file, and the rows of the parts loaded
//! so far for a bundle ([`super::shard`]): a lookup into a missing part
//! answers nothing and records the part, so a site with thousands of titles
//! does not ship its whole catalog in the manifest.

use super::shard::{KeyRows, Misses, Pages, Part, Ranged};
use crate::analyze;
use crate::model::{Entity, Span};

/// A mention of a catalog entity inside a text: byte range + entity index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mention {
    pub entity: u32,
    pub start: u32,
    pub end: u32,
}

super::codec::record!(Mention { entity, start, end });

/// A title's short form: without a trailing parenthetical qualifier
/// (`Claudio López (footballer)` → `Claudio López`) or comma qualifier
/// (`Branford, Connecticut` → `Branford`), the way text refers to the page.
/// A comma qualifier is a name (`Connecticut`); a title whose comma is
/// followed by a lowercase word is a phrase (`Show, don't tell`) and keeps
/// its whole form.
pub fn title_base(title: &str) -> Option<&str> {
    let t = title.trim();
    let base = match t
        .strip_suffix(')')
        .and_then(|head| head.rfind(" (").and_then(|i| t.get(..i)))
    {
        Some(b) => b,
        None => {
            let i = t.rfind(", ")?;
            let qualifier = t.get(i + 2..)?;
            if qualifier.starts_with(char::is_lowercase) {
                return None;
            }
            t.get(..i)?
        }
    };
    let base = base.trim();
    (!base.is_empty() && base != t).then_some(base)
}

/// True when a mention in running text is written as a name: it starts
/// with a capital (or a character without case: a digit, a CJK character).
/// A page title is a proper name; "home" in "acting as home guards" is not
/// the page `Home (Carrie Akre album)`.
pub fn proper(text: &str, mention: &Mention) -> bool {
    text.get(mention.start as usize..)
        .and_then(|s| s.chars().next())
        .is_some_and(|c| !c.is_lowercase())
}

/// True when a one-word alias at word `i` is the last word of a longer
/// name: the word before it, in the same sentence and one space away, is
/// capitalised too ("King Arthur" does not name `Arthur (dog)`; "Harbour
/// Lights" does not name a page titled `Lights`). A sentence's first word
/// is no name for this ("Arthur is a dog", "In Arthur …" keep it).
fn inside_name(text: &str, words: &[analyze::Token], i: usize, alias: &[String]) -> bool {
    let ([_], Some(before), Some(word)) = (
        alias,
        i.checked_sub(1).and_then(|b| words.get(b)),
        words.get(i),
    ) else {
        return false;
    };
    let capital = |w: &analyze::Token| {
        text.get(w.start..)
            .and_then(|s| s.chars().next())
            .is_some_and(char::is_uppercase)
    };
    let opens_sentence = i < 2
        || words
            .get(i - 2)
            .and_then(|w| text.get(w.end..before.start))
            .is_none_or(|gap| gap.contains(['.', '!', '?', '\n']));
    text.get(before.end..word.start) == Some(" ")
        && capital(before)
        && capital(word)
        && !opens_sentence
}

/// (folded ID, entity index) rows, sorted by ID.
pub type IdRows = KeyRows;
/// Linkable aliases as surface words with their entity, sorted by first
/// word, then longest first, then words, then entity: the aliases starting
/// with a word are one contiguous run, found by binary search, and never
/// cut across two parts.
pub type AliasRows = Vec<(Vec<String>, u32)>;

/// The entity catalog and its alias matcher.
#[derive(Debug)]
pub struct Catalog {
    entities: Pages<Entity>,
    by_id: Ranged<IdRows>,
    aliases: Ranged<AliasRows>,
}

/// The alias table's order: first word, then longest first, then words,
/// then entity.
fn alias_order((a, x): &(Vec<String>, u32), (b, y): &(Vec<String>, u32)) -> std::cmp::Ordering {
    a.first()
        .cmp(&b.first())
        .then(b.len().cmp(&a.len()))
        .then(a.cmp(b))
        .then(x.cmp(y))
}

/// The first word of an alias row (its key in the alias table).
pub fn first_word(row: &(Vec<String>, u32)) -> &str {
    row.0.first().map_or("", String::as_str)
}

fn key(id: &str) -> String {
    analyze::fold::lower_str(id.trim())
}

/// True when an alias (as surface words) is specific enough to link on.
fn linkable(words: &[String]) -> bool {
    if words.iter().all(|w| analyze::is_stop_word(w)) {
        return false;
    }
    if words.iter().all(|w| w.chars().all(|c| c.is_ascii_digit())) {
        return false;
    }
    match words {
        [single] => {
            let cjk = single.chars().any(analyze::is_cjk);
            !cjk && single.chars().count() >= 3
        }
        _ => true,
    }
}

/// Removes repeats from `items`, keeping each first occurrence in place;
/// `n log n`.
fn dedup_stable(items: &mut Vec<String>) {
    let mut order: Vec<usize> = (0..items.len()).collect();
    crate::order::sort_by(&mut order, |&a, &b| {
        items.get(a).cmp(&items.get(b)).then(a.cmp(&b))
    });
    let mut keep = vec![true; items.len()];
    for pair in order.windows(2) {
        if let [a, b] = pair {
            if items.get(*a) == items.get(*b) {
                if let Some(k) = keep.get_mut(*b) {
                    *k = false;
                }
            }
        }
    }
    let mut flags = keep.into_iter();
    items.retain(|_| flags.next().unwrap_or(true));
}

impl Catalog {
    /// Builds a catalog. An entity whose ID is already present only adds its
    /// aliases to the first one (so a title equal to a declared ID keeps the
    /// declared type).
    pub fn new(entities: Vec<Entity>) -> Catalog {
        let mut records: Vec<Entity> = Vec::new();
        let mut by_id: IdRows = Vec::new();
        let mut aliases: AliasRows = Vec::new();
        let keys: Vec<String> = entities.iter().map(|e| key(&e.id)).collect();
        // Group equal IDs by sorting (no hash table: this also runs at load
        // in wasm); the first entity of a group is the one kept.
        let mut order: Vec<usize> = (0..entities.len())
            .filter(|&i| keys.get(i).is_some_and(|k| !k.is_empty()))
            .collect();
        crate::order::sort_by(&mut order, |&a, &b| {
            keys.get(a).cmp(&keys.get(b)).then(a.cmp(&b))
        });
        let mut first = vec![usize::MAX; entities.len()];
        let mut group_head = usize::MAX;
        for (n, &i) in order.iter().enumerate() {
            let new_group = n == 0 || order.get(n - 1).and_then(|&p| keys.get(p)) != keys.get(i);
            if new_group {
                group_head = i;
            }
            if let Some(f) = first.get_mut(i) {
                *f = group_head;
            }
        }
        let mut index_of = vec![u32::MAX; entities.len()];
        let mut merged: Vec<u32> = Vec::new();
        for (i, entity) in entities.into_iter().enumerate() {
            let head = first.get(i).copied().unwrap_or(usize::MAX);
            if head == usize::MAX {
                continue;
            }
            let index = if head == i {
                let idx = records.len() as u32;
                records.push(entity.clone());
                idx
            } else {
                let idx = index_of.get(head).copied().unwrap_or(u32::MAX);
                if let Some(existing) = records.get_mut(idx as usize) {
                    // Deduplicated once at the end: testing each alias
                    // against the list was quadratic in repeats of an ID.
                    existing.aliases.extend(entity.aliases.iter().cloned());
                    merged.push(idx);
                }
                idx
            };
            if let Some(slot) = index_of.get_mut(i) {
                *slot = index;
            }
            for name in std::iter::once(&entity.id).chain(entity.aliases.iter()) {
                let words: Vec<String> = analyze::words(name).into_iter().map(|t| t.term).collect();
                if linkable(&words) {
                    aliases.push((words, index));
                }
            }
        }
        for &i in &order {
            if first.get(i) == Some(&i) {
                if let (Some(k), Some(&idx)) = (keys.get(i), index_of.get(i)) {
                    by_id.push((k.clone(), idx));
                }
            }
        }
        merged.dedup();
        for idx in merged {
            if let Some(record) = records.get_mut(idx as usize) {
                dedup_stable(&mut record.aliases);
            }
        }
        crate::order::sort_by(&mut aliases, alias_order);
        aliases.dedup();
        Catalog {
            entities: Pages::whole(records),
            by_id: Ranged::whole(by_id),
            aliases: Ranged::whole(aliases),
        }
    }

    /// A bundle's catalog: `count` entities in pages of `page`, ID rows in
    /// ranges starting at `ids`, alias rows in ranges starting at `aliases`
    /// (first words); nothing loaded.
    pub fn pending(
        count: u32,
        page: u32,
        ids: Vec<String>,
        aliases: Vec<String>,
    ) -> Result<Catalog, String> {
        Ok(Catalog {
            entities: Pages::pending(count, page),
            by_id: Ranged::pending(ids)?,
            aliases: Ranged::pending(aliases)?,
        })
    }

    /// The number of entities.
    pub fn len(&self) -> u32 {
        self.entities.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entities.is_empty()
    }

    /// Every table whole, or `None` for a bundle's catalog (which only a
    /// whole index can cut or store).
    pub fn rows(&self) -> Option<(Vec<&Entity>, &IdRows, &AliasRows)> {
        match (
            self.entities.all(),
            self.by_id.all().as_deref(),
            self.aliases.all().as_deref(),
        ) {
            (Some(records), Some([ids]), Some([aliases])) => Some((records, ids, aliases)),
            _ => None,
        }
    }

    /// The aliases whose first word is `word`, longest first.
    fn starting_with(&self, word: &str, misses: &Misses) -> &[(Vec<String>, u32)] {
        let Some((_, rows)) = self.aliases.get(word, misses, Part::Aliases) else {
            return &[];
        };
        let lo = rows.partition_point(|a| first_word(a) < word);
        let hi = rows.partition_point(|a| first_word(a) <= word);
        rows.get(lo..hi).unwrap_or(&[])
    }

    /// The entities with an alias whose first word is `word`, each once.
    pub fn aliased_from(&self, word: &str, misses: &Misses) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .starting_with(word, misses)
            .iter()
            .map(|&(_, e)| e)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The entity record at `index`.
    pub fn get(&self, index: u32, misses: &Misses) -> Option<&Entity> {
        self.entities.get(index, misses, Part::Entities)
    }

    /// True when entity `index` is a passage title.
    pub fn is_title(&self, index: u32, misses: &Misses) -> bool {
        self.get(index, misses)
            .is_some_and(|e| e.kind == crate::model::TITLE_TYPE)
    }

    /// The entity with this canonical ID or alias (case-insensitive).
    pub fn resolve(&self, name: &str, misses: &Misses) -> Option<u32> {
        if let Some(e) = self.by_id.lookup(&key(name), misses, Part::EntityIds) {
            return Some(e);
        }
        let words: Vec<String> = analyze::words(name).into_iter().map(|t| t.term).collect();
        let first = words.first()?;
        self.starting_with(first, misses)
            .iter()
            .find(|(w, _)| *w == words)
            .map(|&(_, e)| e)
    }

    /// Loads a page of entity records.
    pub fn fill_entities(&mut self, page: u32, rows: Vec<Entity>) -> Result<(), String> {
        self.entities.fill(page, rows)
    }

    /// Loads a range of ID rows: sorted, inside the range, naming entities
    /// that exist.
    pub fn fill_ids(&mut self, i: u32, rows: IdRows) -> Result<(), String> {
        let count = self.len();
        self.by_id.fill_keyed(
            i,
            rows,
            count,
            "entity ID rows are unsorted, out of range or name a missing entity",
        )
    }

    /// Loads a range of alias rows: in alias order, first words inside the
    /// range, naming entities that exist.
    pub fn fill_aliases(&mut self, i: u32, rows: AliasRows) -> Result<(), String> {
        let ordered = rows.windows(2).all(|w| alias_order(&w[0], &w[1]).is_lt());
        let count = self.len();
        if !ordered
            || rows
                .iter()
                .any(|r| r.0.is_empty() || r.1 >= count || !self.aliases.holds(i, first_word(r)))
        {
            return Err("alias rows are unordered, out of range or name a missing entity".into());
        }
        self.aliases.fill(i, rows)
    }

    /// Every non-overlapping mention in `text`, longest alias first at each
    /// position. A mention never starts or ends inside a compound token
    /// (`gateway-west` is not mentioned by `gateway-west-legacy`).
    pub fn mentions(&self, text: &str, misses: &Misses) -> Vec<Mention> {
        let words = analyze::words(text);
        // glued[i]: word i continues into word i+1 through - _ . or /.
        let glued: Vec<bool> = words
            .iter()
            .zip(words.iter().skip(1))
            .map(|(a, b)| {
                text.get(a.end..b.start)
                    .is_some_and(|gap| matches!(gap, "-" | "_" | "." | "/"))
            })
            .collect();
        let glued_at = |i: usize| glued.get(i).copied().unwrap_or(false);
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(word) = words.get(i) {
            let starts_inside = i > 0 && glued_at(i - 1);
            let rest = words.get(i..).unwrap_or(&[]);
            let hit = self
                .starting_with(&word.term, misses)
                .iter()
                .find(|(alias, _)| {
                    alias.len() <= rest.len()
                        && !glued_at(i + alias.len() - 1)
                        && alias.iter().zip(rest).all(|(a, w)| *a == w.term)
                });
            let hit =
                hit.filter(|(alias, _)| !starts_inside && !inside_name(text, &words, i, alias));
            match hit {
                Some((alias, _)) => {
                    let last = words.get(i + alias.len() - 1).unwrap_or(word);
                    // An alias several entities share links to each of them.
                    for (_, entity) in self
                        .starting_with(&word.term, misses)
                        .iter()
                        .filter(|(a, _)| a == alias)
                    {
                        out.push(Mention {
                            entity: *entity,
                            start: word.start as u32,
                            end: last.end as u32,
                        });
                    }
                    i += alias.len();
                }
                None => i += 1,
            }
        }
        out
    }

    /// The span of a mention inside `text`.
    pub fn span(text: &str, mention: &Mention) -> Span {
        analyze::char_span(text, mention.start as usize, mention.end as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog::new(vec![Entity {
            id: "gateway-west".into(),
            kind: "service".into(),
            aliases: vec!["West Gateway".into()],
        }])
    }

    fn found(text: &str) -> Vec<String> {
        catalog()
            .mentions(text, &Misses::default())
            .iter()
            .map(|m| text[m.start as usize..m.end as usize].to_string())
            .collect()
    }

    #[test]
    fn a_one_word_alias_inside_a_longer_name_names_nothing() {
        let c = Catalog::new(vec![Entity {
            id: "Arthur (dog)".into(),
            kind: "title".into(),
            aliases: vec!["Arthur".into()],
        }]);
        let found = |text: &str| c.mentions(text, &Misses::default()).len();
        assert_eq!(found("his roles as King Arthur in Camelot"), 0);
        assert_eq!(found("roles as \"\", King Arthur in Camelot"), 0);
        // The name alone: at a sentence's start, after a lowercase word, or
        // after a capitalised sentence opener.
        assert_eq!(found("Arthur is a dog."), 1);
        assert_eq!(found("It was held in Ecuador. Arthur followed them."), 1);
        assert_eq!(found("the stray dog Arthur flew home"), 1);
        assert_eq!(found("Later Arthur flew home"), 1);
        assert_eq!(found("He met King, Arthur and Ann"), 1);
    }

    #[test]
    fn aliases_match_whole_words_and_whole_compounds() {
        assert_eq!(found("deploy of gateway-west failed"), vec!["gateway-west"]);
        assert_eq!(found("the gateway west pods"), vec!["gateway west"]);
        assert_eq!(found("see West Gateway."), vec!["West Gateway"]);
        assert!(found("gateway-west-legacy failed").is_empty());
        assert!(found("old-gateway-west failed").is_empty());
        assert!(found("gateway-westward").is_empty());
        let misses = Misses::default();
        assert_eq!(catalog().resolve("GW West", &misses), None);
        assert_eq!(catalog().resolve("west gateway", &misses), Some(0));
    }

    #[test]
    fn a_pending_catalog_answers_as_the_whole_one_once_its_parts_are_loaded() {
        let entity = |id: &str, aliases: &[&str]| Entity {
            id: id.into(),
            kind: "service".into(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
        };
        let whole = Catalog::new(vec![
            entity("gateway-west", &["West Gateway"]),
            entity("billing-api", &["payments service"]),
            entity("search-api", &["query service"]),
        ]);
        let text = "payments service and West Gateway failed; billing-api too";
        let none = Misses::default();
        let (records, ids, aliases) = whole.rows().unwrap();
        let records: Vec<Entity> = records.into_iter().cloned().collect();
        let (low, high): (AliasRows, AliasRows) =
            aliases.iter().cloned().partition(|a| first_word(a) < "p");
        assert!(!low.is_empty() && !high.is_empty());
        let mut lazy =
            Catalog::pending(3, 2, vec![String::new()], vec![String::new(), "p".into()]).unwrap();
        assert_eq!(lazy.len(), 3);

        // Nothing loaded: no mention, no entity, every lookup recorded.
        assert!(lazy.mentions(text, &none).is_empty());
        assert_eq!(lazy.get(2, &none), None);
        assert_eq!(lazy.resolve("search-api", &none), None);
        assert_eq!(
            none.take(),
            vec![
                Part::Entities(1),
                Part::EntityIds(0),
                Part::Aliases(0),
                Part::Aliases(1)
            ]
        );

        // Rows that do not belong where they are put are refused.
        assert!(lazy.fill_aliases(0, high.clone()).is_err(), "out of range");
        let mut reversed = low.clone();
        reversed.reverse();
        assert!(low.len() < 2 || lazy.fill_aliases(0, reversed).is_err());
        assert!(lazy
            .fill_aliases(0, vec![(vec!["gateway".into()], 3)])
            .is_err());
        let mut unsorted = ids.clone();
        unsorted.reverse();
        assert!(lazy.fill_ids(0, unsorted).is_err());
        assert!(lazy.fill_entities(1, records.clone()).is_err(), "row count");

        lazy.fill_aliases(0, low).unwrap();
        lazy.fill_aliases(1, high).unwrap();
        lazy.fill_ids(0, ids.clone()).unwrap();
        lazy.fill_entities(0, records[..2].to_vec()).unwrap();
        lazy.fill_entities(1, records[2..].to_vec()).unwrap();
        assert_eq!(lazy.mentions(text, &none), whole.mentions(text, &none));
        assert_eq!(lazy.mentions(text, &none).len(), 3);
        for name in ["search-api", "query service", "West Gateway", "nothing"] {
            assert_eq!(
                lazy.resolve(name, &none),
                whole.resolve(name, &none),
                "{name}"
            );
        }
        assert_eq!(lazy.get(2, &none), whole.get(2, &none));
        assert!(none.take().is_empty());
    }

    #[test]
    fn titles_have_short_forms() {
        assert_eq!(
            title_base("Claudio López (footballer)"),
            Some("Claudio López")
        );
        assert_eq!(title_base("Branford, Connecticut"), Some("Branford"));
        assert_eq!(title_base("Show, don't tell"), None);
        assert_eq!(title_base("The Lodger (2009 film)"), Some("The Lodger"));
        assert_eq!(title_base("Landwehr"), None);
        assert_eq!(title_base("(1)"), None);
    }

    #[test]
    fn a_shared_alias_links_every_entity_that_has_it() {
        let c = Catalog::new(vec![
            Entity {
                id: "The Lodger (1927 film)".into(),
                kind: "title".into(),
                aliases: vec!["The Lodger".into()],
            },
            Entity {
                id: "The Lodger (2009 film)".into(),
                kind: "title".into(),
                aliases: vec!["The Lodger".into()],
            },
        ]);
        let found: Vec<u32> = c
            .mentions("he starred in The Lodger.", &Misses::default())
            .iter()
            .map(|m| m.entity)
            .collect();
        assert_eq!(found, vec![0, 1]);
    }

    #[test]
    fn noisy_aliases_are_not_registered() {
        let c = Catalog::new(vec![Entity {
            id: "x1".into(),
            kind: "t".into(),
            aliases: vec!["the".into(), "42".into(), "ab".into()],
        }]);
        assert!(c.mentions("the 42 ab x1", &Misses::default()).is_empty());
    }
}
