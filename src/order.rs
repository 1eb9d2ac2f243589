//! Sorting by a comparator through one instantiation of std's sort.
//!
//! Each `sort_unstable_by` call with its own closure instantiates the whole
//! of std's unstable sort for that element type and closure (ipnsort, its
//! small-sort networks and heapsort fallback: about 4.5 KB of wasm each);
//! the 18 call sites were 81 KB of the module. [`sort_by`] sorts the
//! items' positions with one `&dyn Fn` comparator, so every caller shares a
//! single instantiation of `<[usize]>::sort_unstable_by`, then moves the
//! items into that order.
//!
//! Guarantees: callers give total comparators (ties broken by a stable key,
//! such as a passage number), so the order is the one any sort of the items
//! by that comparator gives; nothing panics.

use std::cmp::Ordering;

/// Sorts `items` by `cmp` (which must be a total order).
pub fn sort_by<T>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    sort_dyn(items, &cmp);
}

/// [`sort_by`], one copy per element type.
fn sort_dyn<T>(items: &mut Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    {
        let all = items.as_slice();
        let by_position = |a: &usize, b: &usize| match (all.get(*a), all.get(*b)) {
            (Some(x), Some(y)) => cmp(x, y),
            _ => a.cmp(b),
        };
        let by_position: &dyn Fn(&usize, &usize) -> Ordering = &by_position;
        order.sort_unstable_by(by_position);
    }
    let mut slots: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(
        order
            .iter()
            .filter_map(|&i| slots.get_mut(i).and_then(Option::take)),
    );
}

/// Sorts `items` by a key (which must tell any two items apart).
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_std_does() {
        let mut seed = 7u64;
        for n in 0..100 {
            let v: Vec<(u64, usize)> = (0..n)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (seed >> 60, i)
                })
                .collect();
            let mut ours = v.clone();
            sort_by(&mut ours, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let mut std = v;
            std.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            assert_eq!(ours, std);
        }
    }
}
