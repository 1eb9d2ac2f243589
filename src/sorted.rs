//! Ordered maps and sets kept as sorted vectors: the one map type every stage
//! uses for metadata, constraints, cues and part sets.
//!
//! Why not `BTreeMap`/`BTreeSet`: each key and value type pair instantiates
//! the whole B-tree (node splits, search, iteration, drop). Seven of them
//! measured ~21 KB of the wasm module. These maps hold from a handful to a
//! few hundred entries and are read far more than written; a sorted vector
//! with binary search is as fast at that size and instantiates little.
//!
//! Invariant: keys are strictly ascending, hence unique. Every constructor
//! and mutator keeps it, so iteration is in key order as with `BTreeMap`,
//! and a key inserted twice keeps its last value. Building from many entries
//! sorts once (O(n log n)); only [`Map::insert`] of a key that does not
//! sort last moves the entries after it.
//!
//! Serialized as a map (a set as a sequence): the same JSON as the
//! standard collections. (The index's byte encoding is in
//! [`crate::index::codec`].)

use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::marker::PhantomData;

/// A map with keys in ascending order.
#[derive(Clone, PartialEq, Eq)]
pub struct Map<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for Map<K, V> {
    fn default() -> Self {
        Map {
            entries: Vec::new(),
        }
    }
}

impl<K: Ord, V> Map<K, V> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The map of `entries`; of equal keys the last one wins.
    fn from_vec(entries: Vec<(K, V)>) -> Self {
        let mut numbered: Vec<(usize, (K, V))> = entries.into_iter().enumerate().collect();
        // Key ascending, then the later entry first, so that `dedup_by`
        // (which keeps the first of a run) keeps the last one inserted.
        crate::sort::sort_by(&mut numbered, &|a, b| {
            a.1 .0.cmp(&b.1 .0).then(b.0.cmp(&a.0))
        });
        numbered.dedup_by(|next, kept| next.1 .0 == kept.1 .0);
        Map {
            entries: numbered.into_iter().map(|(_, e)| e).collect(),
        }
    }

    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.entries.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        let at = self.find(key).ok()?;
        self.entries.get(at).map(|(_, v)| v)
    }

    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`, returning the value it replaced.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(at) => self
                .entries
                .get_mut(at)
                .map(|(_, v)| std::mem::replace(v, value)),
            Err(at) => {
                self.entries.insert(at, (key, value));
                None
            }
        }
    }

    /// The value of `key`, inserted as `V::default()` when absent.
    pub fn entry_or_default(&mut self, key: K) -> &mut V
    where
        V: Default,
    {
        let at = match self.find(&key) {
            Ok(at) => at,
            Err(at) => {
                self.entries.insert(at, (key, V::default()));
                at
            }
        };
        // `at` is in range: found, or just inserted there.
        &mut self.entries[at].1
    }

    pub fn iter(&self) -> Iter<'_, K, V> {
        self.into_iter()
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for Map<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Self::from_vec(iter.into_iter().collect())
    }
}

/// Borrowed entries in key order.
pub type Iter<'a, K, V> =
    std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;

impl<'a, K, V> IntoIterator for &'a Map<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

impl<K, V> IntoIterator for Map<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for Map<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self).finish()
    }
}

impl<K: Serialize, V: Serialize> Serialize for Map<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self)
    }
}

impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for Map<K, V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for Entries<K, V> {
            type Value = Map<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = access.next_entry()? {
                    entries.push(entry);
                }
                Ok(Map::from_vec(entries))
            }
        }
        deserializer.deserialize_map(Entries(PhantomData))
    }
}

/// A set with members in ascending order.
#[derive(Clone, PartialEq, Eq)]
pub struct Set<K>(Map<K, ()>);

impl<K> Default for Set<K> {
    fn default() -> Self {
        Set(Map::default())
    }
}

impl<K: Ord> Set<K> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.0.contains_key(key)
    }

    /// Adds `key`; false when it was already there.
    pub fn insert(&mut self, key: K) -> bool {
        self.0.insert(key, ()).is_none()
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.0.keys()
    }
}

impl<K: Ord> FromIterator<K> for Set<K> {
    fn from_iter<I: IntoIterator<Item = K>>(iter: I) -> Self {
        Set(iter.into_iter().map(|k| (k, ())).collect())
    }
}

impl<K> IntoIterator for Set<K> {
    type Item = K;
    type IntoIter = std::iter::Map<std::vec::IntoIter<(K, ())>, fn((K, ())) -> K>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter().map(|(k, ())| k)
    }
}

impl<K: fmt::Debug> fmt::Debug for Set<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.0.entries.iter().map(|(k, ())| k))
            .finish()
    }
}

impl<K: Serialize> Serialize for Set<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.entries.iter().map(|(k, ())| k))
    }
}

impl<'de, K: Ord + Deserialize<'de>> Deserialize<'de> for Set<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Members<K>(PhantomData<K>);
        impl<'de, K: Ord + Deserialize<'de>> Visitor<'de> for Members<K> {
            type Value = Set<K>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut members = Vec::new();
                while let Some(k) = access.next_element()? {
                    members.push((k, ()));
                }
                Ok(Set(Map::from_vec(members)))
            }
        }
        deserializer.deserialize_seq(Members(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// A small deterministic generator (xorshift), so the sequences below
    /// are the same on every run.
    fn numbers(seed: u64, n: usize, below: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % below
            })
            .collect()
    }

    #[test]
    fn every_operation_agrees_with_the_standard_map() {
        for seed in 1..=200u64 {
            let keys = numbers(seed, (seed % 40) as usize, 16);
            let mut ours: Map<u64, u64> = Map::new();
            let mut theirs: BTreeMap<u64, u64> = BTreeMap::new();
            for (i, &k) in keys.iter().enumerate() {
                let i = i as u64;
                if i.is_multiple_of(3) {
                    *ours.entry_or_default(k) += i;
                    *theirs.entry(k).or_default() += i;
                } else {
                    assert_eq!(ours.insert(k, i), theirs.insert(k, i), "seed {seed}");
                }
            }
            let pairs = |m: &Map<u64, u64>| m.iter().map(|(k, v)| (*k, *v)).collect::<Vec<_>>();
            let want: Vec<(u64, u64)> = theirs.iter().map(|(k, v)| (*k, *v)).collect();
            assert_eq!(pairs(&ours), want, "seed {seed}");
            assert_eq!(ours.len(), theirs.len());
            for k in 0..16 {
                assert_eq!(ours.get(&k), theirs.get(&k));
                assert_eq!(ours.contains_key(&k), theirs.contains_key(&k));
            }
            // Collecting keeps the last value of a repeated key, as BTreeMap does.
            let listed: Vec<(u64, u64)> = keys
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, i as u64))
                .collect();
            let collected: Map<u64, u64> = listed.iter().copied().collect();
            let standard: BTreeMap<u64, u64> = listed.into_iter().collect();
            assert_eq!(
                collected.into_iter().collect::<Vec<_>>(),
                standard.into_iter().collect::<Vec<_>>(),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn sets_agree_with_the_standard_set() {
        for seed in 1..=100u64 {
            let keys = numbers(seed, 30, 20);
            let mut ours = Set::new();
            let mut theirs = BTreeSet::new();
            for &k in &keys {
                assert_eq!(ours.insert(k), theirs.insert(k));
            }
            let collected: Set<u64> = keys.iter().copied().collect();
            assert!(collected == ours);
            assert_eq!(
                ours.iter().copied().collect::<Vec<_>>(),
                theirs.iter().copied().collect::<Vec<_>>()
            );
            assert_eq!(
                ours.into_iter().collect::<Vec<_>>(),
                theirs.into_iter().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn the_wire_form_is_the_standard_collections_one() {
        let standard: BTreeMap<String, Vec<u32>> =
            [("b".into(), vec![2]), ("a".into(), vec![1, 3])].into();
        let ours: Map<String, Vec<u32>> = standard.clone().into_iter().collect();
        assert_eq!(
            serde_json::to_string(&ours).ok(),
            serde_json::to_string(&standard).ok()
        );
        let set: BTreeSet<String> = ["y".into(), "x".into()].into();
        let our_set: Set<String> = set.iter().cloned().collect();
        assert_eq!(
            serde_json::to_string(&our_set).ok(),
            serde_json::to_string(&set).ok()
        );
        let back: Map<String, Vec<u32>> =
            serde_json::from_str(r#"{"b":[2],"a":[1],"a":[1,3]}"#).unwrap();
        assert!(back == ours);
        let refused = serde_json::from_str::<Map<String, String>>("[1]").unwrap_err();
        let standard_refusal = serde_json::from_str::<BTreeMap<String, String>>("[1]").unwrap_err();
        assert_eq!(refused.to_string(), standard_refusal.to_string());
    }
}
