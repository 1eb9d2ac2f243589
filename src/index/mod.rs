//! Stage 2 — index: everything the read path looks up.
//!
//! An [`Index`] holds the passages, BM25F postings, the entity catalog
//! (declared entities + every title + every `meta.doc`), typed mention edges
//! (passage → entity, with the span), slot cues and derived lookups. It is
//! built once ([`Index::build`]) and stored in a checked binary file
//! ([`format`]) or cut into a bundle of parts loaded on demand
//! ([`bundle`], [`shard`]). Invariants after build or load: passage IDs are
//! unique; every mention, posting and lookup refers to an existing passage or
//! entity. Every per-passage, per-entity, per-term and per-ID read goes
//! through a [`shard`] table, so a partly loaded bundle answers "not loaded"
//! (and records the part) instead of anything else.

pub mod bundle;
pub mod catalog;
pub mod codec;
pub mod format;
pub mod postings;
pub mod shard;
pub mod terms;

use crate::analyze;
use crate::error::{Error, Result};
use crate::model::{Entity, Passage, DOC_TYPE, TITLE_TYPE};
pub use catalog::{Catalog, Mention};
use litemap::LiteMap as Map;
pub use postings::{Bm25, Postings};
use shard::{KeyRows, Misses, Pages, Part, Ranged};
use std::collections::HashMap;
/// A set: a map to `()`.
type Set<K> = litemap::LiteMap<K, ()>;
pub use terms::{Hit, QueryTerm, Terms};

/// How many of a passage's rarest terms [`Index::rare_terms`] keeps.
pub const RARE_TERMS: usize = 16;

/// Question vocabulary → attribute (`meta.slot`) table.
pub type Cues = Map<String, Vec<String>>;

/// The last name resolved in the catalog and its entity.
#[derive(Default)]
struct Recent(Option<(String, Option<u32>)>);

impl Recent {
    fn resolve(&mut self, catalog: &Catalog, name: &str, misses: &Misses) -> Option<u32> {
        match &self.0 {
            Some((n, e)) if n == name => *e,
            _ => {
                let e = catalog.resolve(name, misses);
                self.0 = Some((name.to_string(), e));
                e
            }
        }
    }
}

/// The title entity and the document entity of one passage.
pub(crate) type Named = (Option<u32>, Option<u32>);

/// Passage ID → passage number.
#[derive(Debug)]
pub(crate) enum Ids {
    /// Passage numbers sorted by passage ID (binary search over the passages).
    Sorted(Vec<u32>),
    /// A bundle's (ID, passage number) rows, sorted, in key ranges.
    Ranged(Ranged<KeyRows>),
}

/// The searchable index.
#[derive(Debug)]
pub struct Index {
    pub(crate) bm25: Bm25,
    pub(crate) passages: Pages<Passage>,
    pub(crate) catalog: Catalog,
    pub(crate) cues: Cues,
    pub(crate) terms: Terms,
    /// Mentions per passage (self-mentions of a passage's own title excluded).
    pub(crate) mentions: Pages<Vec<Mention>>,
    /// Passage → document/title entities its `meta.links` point at (page
    /// links from a site build: the same edges as mentions, without a span).
    pub(crate) page_links: Pages<Vec<u32>>,
    /// Passage ID → passage number.
    pub(crate) ids: Ids,
    /// Entity index → passages that carry it (title, `meta.doc`, `meta.entities`).
    pub(crate) owners: Pages<Vec<u32>>,
    /// Passage → the entities that name it: its title entity (an entity of
    /// the title type that its title resolves to) and its `meta.doc`
    /// entity. Resolved once at build, so a bundle answers from the passage
    /// part instead of fetching catalog parts (a round trip) per passage.
    pub(crate) named_by: Pages<Named>,
    /// Entity index → passages whose text mentions it or that link to it
    /// (the reverse edges).
    pub(crate) mentioned_by: Pages<Vec<u32>>,
    /// A bundle's stored [`Index::rare_terms`] per passage (`None` for an
    /// index file, which computes them from the postings).
    pub(crate) rare: Option<Pages<Vec<String>>>,
    /// Parts a lookup needed but found not loaded (bundles only).
    pub(crate) misses: Misses,
    /// Part names of a bundle (`None` for an index file).
    pub(crate) parts: Option<bundle::Directory>,
    /// Stemmed cue term → attributes.
    cue_terms: Map<String, Vec<String>>,
    /// Attribute → passages tagged with it in `meta.slot`.
    pub(crate) slot_members: Map<String, Vec<u32>>,
    pub(crate) meta_keys: Set<String>,
    /// Entity types of the catalog (folded), titles and docs excluded.
    types: Vec<String>,
    /// True when some passage carries a scope field (`access`,
    /// `environment`, `region`).
    scoped: bool,
    /// A bundle's largest part in bytes, as its manifest declares (0 for an
    /// index file).
    largest_part: u32,
}

/// Sorted (key, value) pairs as a map from each key to its values, in
/// linear time.
fn grouped<K: Ord, V>(pairs: Vec<(K, V)>) -> Map<K, Vec<V>> {
    let mut groups: Vec<(K, Vec<V>)> = Vec::new();
    for (k, v) in pairs {
        match groups.last_mut() {
            Some((last, values)) if *last == k => values.push(v),
            _ => groups.push((k, vec![v])),
        }
    }
    codec::sorted_map(groups).unwrap_or_default()
}

impl Index {
    /// Builds an index. Passage IDs must be unique and texts non-empty.
    pub fn build(
        passages: Vec<Passage>,
        entities: Vec<Entity>,
        cues: Cues,
        bm25: Bm25,
    ) -> Result<Index> {
        let mut seen = HashMap::new();
        for (i, p) in passages.iter().enumerate() {
            if p.id.trim().is_empty() {
                return Err(Error::Input(format!("passage {} has an empty id", i + 1)));
            }
            if p.text.trim().is_empty() && p.title.trim().is_empty() {
                return Err(Error::Input(format!("passage {:?} has no text", p.id)));
            }
            if let Some(first) = seen.insert(p.id.clone(), i) {
                return Err(Error::Input(format!(
                    "duplicate passage id {:?} (passages {} and {})",
                    p.id,
                    first + 1,
                    i + 1
                )));
            }
        }
        for e in &entities {
            if e.id.trim().is_empty() {
                return Err(Error::Input("an entity has an empty id".into()));
            }
        }
        let postings =
            Postings::build(passages.iter().map(|p| (p.title.as_str(), p.text.as_str())));
        let catalog = Self::build_catalog(&entities, &passages);
        // A whole catalog never misses a part.
        let whole = Misses::default();
        // Neighbouring passages share their page's title: one lookup per run.
        let mut titles = Recent::default();
        let mentions = passages
            .iter()
            .map(|p| {
                let own = titles.resolve(&catalog, &p.title, &whole);
                catalog
                    .mentions(&p.text, &whole)
                    .into_iter()
                    .filter(|m| {
                        !catalog.is_title(m.entity, &whole)
                            || (Some(m.entity) != own && catalog::proper(&p.text, m))
                    })
                    .collect()
            })
            .collect();
        Ok(Self::assemble(
            bm25, passages, catalog, cues, postings, mentions,
        ))
    }

    fn build_catalog(entities: &[Entity], passages: &[Passage]) -> Catalog {
        let docs = passages
            .iter()
            .filter_map(|p| p.meta_str("doc"))
            .map(|doc| Entity {
                id: doc,
                kind: DOC_TYPE.into(),
                aliases: vec![],
            });
        let titles = passages
            .iter()
            .filter(|p| !p.title.trim().is_empty())
            .map(|p| Entity {
                id: p.title.clone(),
                kind: TITLE_TYPE.into(),
                aliases: catalog::title_base(&p.title)
                    .map(str::to_string)
                    .into_iter()
                    .collect(),
            });
        // A scope field's values (`environment: staging`) name what a
        // question may ask about by that word ("the rollback rule in
        // staging"): each is an entity of the field's type, which the plan
        // reads as a constraint (`decompose`'s facets). Declared entities
        // and titles of the same ID come first and are kept.
        let scope_values = passages.iter().flat_map(|p| {
            crate::model::SCOPE_VALUE_FIELDS
                .iter()
                .filter_map(|&field| {
                    p.meta_str(field).map(|value| Entity {
                        id: value,
                        kind: field.into(),
                        aliases: vec![],
                    })
                })
        });
        Catalog::new(
            entities
                .iter()
                .cloned()
                .chain(docs)
                .chain(titles)
                .chain(scope_values)
                .collect(),
        )
    }

    /// Wires the derived lookups. `mentions` must have one list per passage.
    fn assemble(
        bm25: Bm25,
        passages: Vec<Passage>,
        catalog: Catalog,
        cues: Cues,
        postings: Postings,
        mentions: Vec<Vec<Mention>>,
    ) -> Index {
        let mut by_id: Vec<u32> = (0..passages.len() as u32).collect();
        crate::order::sort_by(&mut by_id, |&a, &b| {
            let id = |d: u32| passages.get(d as usize).map(|p| p.id.as_str());
            id(a).cmp(&id(b)).then(a.cmp(&b))
        });
        let whole = Misses::default();
        let mut owners: Vec<Vec<u32>> = vec![Vec::new(); catalog.len() as usize];
        let page_links: Vec<Vec<u32>> = passages
            .iter()
            .map(|p| {
                let targets = p
                    .meta
                    .get("links")
                    .map(crate::model::MetaValue::items)
                    .unwrap_or_default();
                let mut ids: Vec<u32> = targets
                    .iter()
                    .filter_map(|t| catalog.resolve(t, &whole))
                    .collect();
                crate::order::sort_by(&mut ids, u32::cmp);
                ids.dedup();
                ids
            })
            .collect();
        let mut mentioned_by: Vec<Vec<u32>> = vec![Vec::new(); catalog.len() as usize];
        for (i, (list, linked)) in mentions.iter().zip(&page_links).enumerate() {
            for e in list.iter().map(|m| m.entity).chain(linked.iter().copied()) {
                if let Some(by) = mentioned_by.get_mut(e as usize) {
                    if by.last() != Some(&(i as u32)) {
                        by.push(i as u32);
                    }
                }
            }
        }
        let mut slots: Vec<(String, u32)> = Vec::new();
        let mut keys: Vec<String> = Vec::new();
        let mut previous: Option<&Passage> = None;
        // Neighbouring passages mostly share their page's title and document:
        // resolve each once per run of equal names.
        let (mut titles, mut docs) = (Recent::default(), Recent::default());
        let mut named_by: Vec<Named> = Vec::with_capacity(passages.len());
        for (i, p) in passages.iter().enumerate() {
            let i = i as u32;
            let mut owned: Vec<u32> = p
                .meta_entities()
                .iter()
                .filter_map(|id| catalog.resolve(id, &whole))
                .collect();
            let doc = p
                .meta_str("doc")
                .and_then(|doc| docs.resolve(&catalog, &doc, &whole));
            let title = if p.title.trim().is_empty() {
                None
            } else {
                titles.resolve(&catalog, &p.title, &whole)
            };
            owned.extend(doc);
            owned.extend(title);
            named_by.push((title.filter(|&e| catalog.is_title(e, &whole)), doc));
            crate::order::sort_by(&mut owned, u32::cmp);
            owned.dedup();
            for e in owned {
                if let Some(list) = owners.get_mut(e as usize) {
                    list.push(i);
                }
            }
            if let Some(slot) = p.meta_str("slot") {
                slots.push((analyze::fold::lower_str(&slot), i));
            }
            // Neighbouring passages mostly carry the same keys: a key the
            // one before had is already collected.
            for key in p.meta.keys() {
                if !previous.is_some_and(|q| q.meta.contains_key(key)) {
                    keys.push(key.clone());
                }
            }
            previous = Some(p);
        }
        // Collected, then sorted once: inserting each new key into its
        // sorted place was quadratic in the number of distinct keys.
        crate::order::sort_by(&mut keys, String::cmp);
        keys.dedup();
        let meta_keys: Set<String> =
            codec::sorted_map(keys.into_iter().map(|k| (k, ())).collect()).unwrap_or_default();
        crate::order::sort_by(&mut slots, Ord::cmp);
        let slot_members = grouped(slots);
        let mut index = Index {
            bm25,
            terms: Terms::whole(postings, passages.len()),
            passages: Pages::whole(passages),
            catalog,
            cues,
            mentions: Pages::whole(mentions),
            page_links: Pages::whole(page_links),
            ids: Ids::Sorted(by_id),
            owners: Pages::whole(owners),
            named_by: Pages::whole(named_by),
            mentioned_by: Pages::whole(mentioned_by),
            rare: None,
            misses: Misses::default(),
            parts: None,
            cue_terms: Map::new(),
            slot_members,
            meta_keys,
            types: Vec::new(),
            scoped: false,
            largest_part: 0,
        };
        index.derive();
        index
    }

    /// Derives the lookups that depend only on the catalog, the cues and the
    /// metadata keys.
    fn derive(&mut self) {
        // Each attribute is lowered once, and a (term, attribute) pair is
        // kept once: the membership test compared the raw attribute with
        // the lowered ones stored, so an attribute with capitals was pushed
        // again for every cue word, and loading was quadratic.
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (attribute, words) in &self.cues {
            let attribute = analyze::fold::lower_str(attribute);
            for word in words {
                for t in analyze::terms(word) {
                    pairs.push((t.term, attribute.clone()));
                }
            }
        }
        crate::order::sort_by(&mut pairs, Ord::cmp);
        pairs.dedup();
        let cue_terms = grouped(pairs);
        // A bundle's manifest carries the types; a whole catalog lists them.
        if let Some((records, _, _)) = self.catalog.rows() {
            let mut types: Vec<String> = records
                .iter()
                .map(|e| analyze::fold::lower_str(&e.kind))
                .filter(|k| k != TITLE_TYPE && k != DOC_TYPE)
                .collect();
            crate::order::sort_by(&mut types, String::cmp);
            types.dedup();
            self.types = types;
        }
        self.cue_terms = cue_terms;
        self.scoped = ["access", "environment", "region"]
            .iter()
            .any(|k| self.meta_keys.contains_key(*k));
    }

    /// A passage's rarest terms: its distinct title and body terms that at
    /// least one other passage shares (document frequency ≥ 2), rarest first
    /// (ties by term), at most [`RARE_TERMS`]. What the feedback round draws
    /// on; a bundle stores them with the passage, so that round needs no
    /// document frequency of every word of the passage.
    pub fn rare_terms(&self, doc: u32) -> Vec<String> {
        match &self.rare {
            Some(pages) => pages
                .get(doc, &self.misses, Part::Passages)
                .cloned()
                .unwrap_or_default(),
            None => self.passage(doc).map_or_else(Vec::new, |p| {
                // The passage's terms from the memo its readers fill.
                let mut terms: Vec<(usize, String)> = analyze::terms(&p.title)
                    .into_iter()
                    .chain(analyze::passage_terms(&p.text))
                    .map(|t| (self.df(&t.term), t.term))
                    .filter(|(df, _)| *df >= 2)
                    .collect();
                crate::order::sort_by(&mut terms, Ord::cmp);
                terms.dedup();
                terms.into_iter().take(RARE_TERMS).map(|(_, t)| t).collect()
            }),
        }
    }

    /// The number of passages.
    pub fn passage_count(&self) -> u32 {
        self.passages.len()
    }

    /// A passage by number; `None` when there is none or (in a bundle) its
    /// part is not loaded yet.
    pub fn passage(&self, doc: u32) -> Option<&Passage> {
        self.passages.get(doc, &self.misses, Part::Passages)
    }

    /// True when passage `doc` exists but its bundle part is not loaded.
    /// Filters treat such a passage as passing, so that a run asks for the
    /// parts of the passages it would read and no more.
    pub fn pending(&self, doc: u32) -> bool {
        self.passages.pending_row(doc)
    }

    /// A passage ID that occurs twice, if any (IDs are sorted in `ids`, so
    /// duplicates are neighbours).
    pub(crate) fn duplicate_id(&self) -> Option<&str> {
        let Ids::Sorted(by_id) = &self.ids else {
            return None;
        };
        let id = |d: &u32| self.passage(*d).map(|p| p.id.as_str());
        by_id
            .windows(2)
            .find_map(|w| match (w.first().and_then(id), w.get(1).and_then(id)) {
                (Some(a), Some(b)) if a == b => Some(a),
                _ => None,
            })
    }

    /// The passage number of an ID.
    pub fn doc_of(&self, id: &str) -> Option<u32> {
        match &self.ids {
            Ids::Sorted(by_id) => {
                let at = by_id
                    .binary_search_by(|&d| self.passage(d).map_or("", |p| p.id.as_str()).cmp(id))
                    .ok()?;
                by_id.get(at).copied()
            }
            Ids::Ranged(ranges) => ranges.lookup(id, &self.misses, Part::Ids),
        }
    }

    /// The number of catalog entities.
    pub fn entity_count(&self) -> u32 {
        self.catalog.len()
    }

    /// The catalog entity at `index`.
    pub fn entity(&self, index: u32) -> Option<&Entity> {
        self.catalog.get(index, &self.misses)
    }

    /// True when entity `index` is a passage title ([`Catalog::is_title`]).
    pub fn is_title(&self, index: u32) -> bool {
        self.catalog.is_title(index, &self.misses)
    }

    /// The entity with this canonical ID or alias ([`Catalog::resolve`]).
    pub fn resolve(&self, name: &str) -> Option<u32> {
        self.catalog.resolve(name, &self.misses)
    }

    /// Catalog entities mentioned in `text` ([`Catalog::mentions`]).
    pub fn mentions_in(&self, text: &str) -> Vec<Mention> {
        self.catalog.mentions(text, &self.misses)
    }

    /// The entities with an alias whose first word is `word` (lower case),
    /// each once.
    pub fn aliased_from(&self, word: &str) -> Vec<u32> {
        self.catalog.aliased_from(word, &self.misses)
    }

    /// The term dictionary and scorer.
    pub fn terms(&self) -> &Terms {
        &self.terms
    }

    /// Scored query terms ([`Terms::query`]).
    pub fn query(&self, terms: &[String]) -> Vec<QueryTerm> {
        self.terms.query(terms, &self.misses)
    }

    /// Document frequency of a term.
    pub fn df(&self, term: &str) -> usize {
        self.terms.df(term, &self.misses)
    }

    pub fn bm25(&self) -> Bm25 {
        self.bm25
    }

    /// Mentions in a passage's text.
    pub fn mentions(&self, doc: u32) -> &[Mention] {
        self.mentions
            .get(doc, &self.misses, Part::Passages)
            .map_or(&[], Vec::as_slice)
    }

    /// Passages that carry an entity (as title, `meta.doc` or `meta.entities`).
    pub fn owners(&self, entity: u32) -> &[u32] {
        self.owners
            .get(entity, &self.misses, Part::Entities)
            .map_or(&[], Vec::as_slice)
    }

    /// The title and document entities a passage points at: the titles and
    /// document IDs its text mentions, and the pages its `meta.links` name.
    pub fn forward(&self, doc: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let links = self
            .page_links
            .get(doc, &self.misses, Part::Passages)
            .map_or(&[][..], Vec::as_slice);
        for e in self
            .mentions(doc)
            .iter()
            .map(|m| m.entity)
            .chain(links.iter().copied())
        {
            if self
                .entity(e)
                .is_some_and(|x| x.kind == TITLE_TYPE || x.kind == DOC_TYPE)
            {
                out.push(e);
            }
        }
        out
    }

    /// The entities that name a passage: its title and its `meta.doc`.
    pub fn own_entities(&self, doc: u32) -> Vec<u32> {
        self.named_by
            .get(doc, &self.misses, Part::Passages)
            .map(|&(title, doc)| title.into_iter().chain(doc).collect())
            .unwrap_or_default()
    }

    /// Passages whose text mentions an entity or that link to it.
    pub fn mentioned_by(&self, entity: u32) -> &[u32] {
        self.mentioned_by
            .get(entity, &self.misses, Part::Entities)
            .map_or(&[], Vec::as_slice)
    }

    /// The title entity of a passage, if it has a title.
    pub fn title_entity(&self, doc: u32) -> Option<u32> {
        self.named_by
            .get(doc, &self.misses, Part::Passages)
            .and_then(|&(title, _)| title)
    }

    /// True when the passage is linked to the entity: it carries it or mentions it.
    pub fn links(&self, doc: u32, entity: u32) -> bool {
        self.owners(entity).contains(&doc) || self.mentions(doc).iter().any(|m| m.entity == entity)
    }

    /// Attributes whose cue words occur among the given query terms. An
    /// attribute's own name cues it when no passage writes it ("what is my
    /// *role*?" for passages tagged `meta.slot = "role"` that say "Priya is
    /// a staff engineer"): a word the text writes ("deploy" on a page tagged
    /// `deploy`) is matched as a word. Another word for its name cues it
    /// too, written or not ("job *title*" for `role`,
    /// [`analyze::lexicon::names_attribute`]).
    pub fn cue_attributes(&self, terms: &[String]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for t in terms {
            let named = (self.df(t) == 0)
                .then(|| {
                    self.slot_members
                        .keys()
                        .find(|k| *k == t || analyze::stem(k) == *t)
                })
                .flatten();
            let other_word = self
                .slot_members
                .keys()
                .filter(|k| analyze::lexicon::names_attribute(k, t));
            for a in self
                .cue_terms
                .get(t)
                .into_iter()
                .flatten()
                .chain(named)
                .chain(other_word)
            {
                if !out.contains(a) {
                    out.push(a.clone());
                }
            }
        }
        out
    }

    /// Passages tagged with an attribute in `meta.slot`.
    pub fn slot_members(&self, attribute: &str) -> &[u32] {
        self.slot_members
            .get(&analyze::fold::lower_str(attribute))
            .map_or(&[], Vec::as_slice)
    }

    /// True when some passage carries this metadata key.
    pub fn has_meta_key(&self, key: &str) -> bool {
        self.meta_keys.contains_key(key)
    }

    /// True when some passage carries a scope field (`access`,
    /// `environment`, `region`); otherwise every passage is visible to a
    /// scope exactly when its default access level is.
    pub fn has_scope_fields(&self) -> bool {
        self.scoped
    }

    /// Entity types of the catalog (lowercased), excluding titles and docs.
    pub fn entity_types(&self) -> &[String] {
        &self.types
    }
}
