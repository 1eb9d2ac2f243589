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
pub fn sort_by<T>(items: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    sort_dyn(items, &cmp);
}

/// [`sort_by`], one copy per element type: the sort and the moves are
/// shared by every type ([`positions`], [`permute`]).
fn sort_dyn<T>(items: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering) {
    let order = {
        let all = &*items;
        positions(all.len(), &|a, b| match (all.get(a), all.get(b)) {
            (Some(x), Some(y)) => cmp(x, y),
            _ => a.cmp(&b),
        })
    };
    permute(order, &mut |i, j| items.swap(i, j));
}

/// The positions `0..n` sorted by `cmp`.
fn positions(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by(|a, b| cmp(*a, *b));
    order
}

/// Moves the item at `order[k]` to position `k`, for every `k`, by swaps
/// along each cycle of the permutation `order`.
fn permute(mut order: Vec<usize>, swap: &mut dyn FnMut(usize, usize)) {
    for start in 0..order.len() {
        let mut at = start;
        // `order[at] = at` marks a position done.
        while let Some(from) = order.get_mut(at).map(|o| std::mem::replace(o, at)) {
            if from == start {
                break;
            }
            swap(at, from);
            at = from;
        }
    }
}

/// Sorts `items` by a key (which must tell any two items apart).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
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
