//! Stage 2 — index: the entity catalog.
//!
//! Holds canonical entities (from the entities file, every passage title and
//! every `meta.doc` value) and finds their mentions in text. Invariants:
//! every alias is matched on whole surface words (so `gateway west` and
//! `gateway-west` name the same entity, `gateway-westward` does not); matches
//! are longest-first and never overlap; an alias made only of stop words,
//! digits or a single short word is never registered (it would link noise).

use crate::analyze;
use crate::model::{Entity, Span};

/// A mention of a catalog entity inside a text: byte range + entity index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mention {
    pub entity: u32,
    pub start: u32,
    pub end: u32,
}

/// A title's short form: without a trailing parenthetical qualifier
/// (`Claudio López (footballer)` → `Claudio López`) or comma qualifier
/// (`Branford, Connecticut` → `Branford`), the way text refers to the page.
pub fn title_base(title: &str) -> Option<&str> {
    let t = title.trim();
    let base = match t
        .strip_suffix(')')
        .and_then(|head| head.rfind(" (").and_then(|i| t.get(..i)))
    {
        Some(b) => b,
        None => t.rfind(", ").and_then(|i| t.get(..i))?,
    };
    let base = base.trim();
    (!base.is_empty() && base != t).then_some(base)
}

/// The entity catalog and its alias matcher.
#[derive(Debug, Default)]
pub struct Catalog {
    entities: Vec<Entity>,
    /// (folded ID, entity index), sorted by ID.
    by_id: Vec<(String, u32)>,
    /// Every linkable alias as surface words, sorted by first word, then
    /// longest first, then entity: the aliases starting with a word are one
    /// contiguous run, found by binary search.
    aliases: Vec<(Vec<String>, u32)>,
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

impl Catalog {
    /// Builds a catalog. An entity whose ID is already present only adds its
    /// aliases to the first one (so a title equal to a declared ID keeps the
    /// declared type).
    pub fn new(entities: Vec<Entity>) -> Catalog {
        let mut catalog = Catalog::default();
        let keys: Vec<String> = entities.iter().map(|e| key(&e.id)).collect();
        // Group equal IDs by sorting (no hash table: this also runs at load
        // in wasm); the first entity of a group is the one kept.
        let mut order: Vec<usize> = (0..entities.len())
            .filter(|&i| keys.get(i).is_some_and(|k| !k.is_empty()))
            .collect();
        crate::sort::sort_by(&mut order, &|&a, &b| {
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
        for (i, entity) in entities.into_iter().enumerate() {
            let head = first.get(i).copied().unwrap_or(usize::MAX);
            if head == usize::MAX {
                continue;
            }
            let index = if head == i {
                let idx = catalog.entities.len() as u32;
                catalog.entities.push(entity.clone());
                idx
            } else {
                let idx = index_of.get(head).copied().unwrap_or(u32::MAX);
                if let Some(existing) = catalog.entities.get_mut(idx as usize) {
                    for alias in &entity.aliases {
                        if !existing.aliases.contains(alias) {
                            existing.aliases.push(alias.clone());
                        }
                    }
                }
                idx
            };
            if let Some(slot) = index_of.get_mut(i) {
                *slot = index;
            }
            for name in std::iter::once(&entity.id).chain(entity.aliases.iter()) {
                let words: Vec<String> = analyze::words(name).into_iter().map(|t| t.term).collect();
                if linkable(&words) {
                    catalog.aliases.push((words, index));
                }
            }
        }
        for &i in &order {
            if first.get(i) == Some(&i) {
                if let (Some(k), Some(&idx)) = (keys.get(i), index_of.get(i)) {
                    catalog.by_id.push((k.clone(), idx));
                }
            }
        }
        crate::sort::sort_by(&mut catalog.aliases, &|(a, x), (b, y)| {
            a.first()
                .cmp(&b.first())
                .then(b.len().cmp(&a.len()))
                .then(a.cmp(b))
                .then(x.cmp(y))
        });
        catalog.aliases.dedup();
        catalog
    }

    /// The aliases whose first word is `word`, longest first.
    fn starting_with(&self, word: &str) -> &[(Vec<String>, u32)] {
        fn first(a: &(Vec<String>, u32)) -> &str {
            a.0.first().map_or("", String::as_str)
        }
        let lo = self.aliases.partition_point(|a| first(a) < word);
        let hi = self.aliases.partition_point(|a| first(a) <= word);
        self.aliases.get(lo..hi).unwrap_or(&[])
    }

    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    pub fn get(&self, index: u32) -> Option<&Entity> {
        self.entities.get(index as usize)
    }

    /// The entity with this canonical ID or alias (case-insensitive).
    pub fn resolve(&self, name: &str) -> Option<u32> {
        let k = key(name);
        if let Ok(at) = self
            .by_id
            .binary_search_by(|(id, _)| id.as_str().cmp(k.as_str()))
        {
            return self.by_id.get(at).map(|&(_, i)| i);
        }
        let words: Vec<String> = analyze::words(name).into_iter().map(|t| t.term).collect();
        let first = words.first()?;
        self.starting_with(first)
            .iter()
            .find(|(w, _)| *w == words)
            .map(|&(_, e)| e)
    }

    /// Every non-overlapping mention in `text`, longest alias first at each
    /// position. A mention never starts or ends inside a compound token
    /// (`gateway-west` is not mentioned by `gateway-west-legacy`).
    pub fn mentions(&self, text: &str) -> Vec<Mention> {
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
            let hit = self.starting_with(&word.term).iter().find(|(alias, _)| {
                alias.len() <= rest.len()
                    && !glued_at(i + alias.len() - 1)
                    && alias.iter().zip(rest).all(|(a, w)| *a == w.term)
            });
            let hit = hit.filter(|_| !starts_inside);
            match hit {
                Some((alias, _)) => {
                    let last = words.get(i + alias.len() - 1).unwrap_or(word);
                    // An alias several entities share links to each of them.
                    for (_, entity) in self
                        .starting_with(&word.term)
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
            .mentions(text)
            .iter()
            .map(|m| text[m.start as usize..m.end as usize].to_string())
            .collect()
    }

    #[test]
    fn aliases_match_whole_words_and_whole_compounds() {
        assert_eq!(found("deploy of gateway-west failed"), vec!["gateway-west"]);
        assert_eq!(found("the gateway west pods"), vec!["gateway west"]);
        assert_eq!(found("see West Gateway."), vec!["West Gateway"]);
        assert!(found("gateway-west-legacy failed").is_empty());
        assert!(found("old-gateway-west failed").is_empty());
        assert!(found("gateway-westward").is_empty());
        assert_eq!(catalog().resolve("GW West"), None);
        assert_eq!(catalog().resolve("west gateway"), Some(0));
    }

    #[test]
    fn titles_have_short_forms() {
        assert_eq!(
            title_base("Claudio López (footballer)"),
            Some("Claudio López")
        );
        assert_eq!(title_base("Branford, Connecticut"), Some("Branford"));
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
            .mentions("he starred in The Lodger.")
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
        assert!(c.mentions("the 42 ab x1").is_empty());
    }
}
