//! Ordering helpers shared by every stage: one small heapsort and a bounded
//! top-k, both driven by a `&dyn Fn` comparator.
//!
//! Why not `slice::sort_*`: each call site there instantiates the whole
//! driftsort/ipnsort machinery for its element type *and* closure, which was
//! measured at ~55 KB of the wasm module. Here each element type gets one
//! small instantiation. Both are O(n log n) (top-k: O(n log k)); neither is
//! stable, so every caller gives a total order (ties broken by an ID).

use std::cmp::Ordering;

fn sift_down<T>(v: &mut [T], mut root: usize, end: usize, cmp: &dyn Fn(&T, &T) -> Ordering) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && cmp(&v[child], &v[child + 1]) == Ordering::Less {
            child += 1;
        }
        if cmp(&v[root], &v[child]) != Ordering::Less {
            return;
        }
        v.swap(root, child);
        root = child;
    }
}

/// Sorts ascending by `cmp` (heapsort: in place, O(n log n), unstable).
pub fn sort_by<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering) {
    let n = v.len();
    // Invariant for the indexing below: every index is < `end` <= n.
    for root in (0..n / 2).rev() {
        sift_down(v, root, n, cmp);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift_down(v, 0, end, cmp);
    }
}

/// The `k` smallest items by `cmp`, sorted ascending, in O(n log k).
pub fn top_k<T>(
    items: impl IntoIterator<Item = T>,
    k: usize,
    cmp: &dyn Fn(&T, &T) -> Ordering,
) -> Vec<T> {
    let mut heap: Vec<T> = Vec::with_capacity(k.min(1024));
    if k == 0 {
        return heap;
    }
    for item in items {
        if heap.len() < k {
            heap.push(item);
            if heap.len() == k {
                for root in (0..k / 2).rev() {
                    sift_down(&mut heap, root, k, cmp);
                }
            }
        } else if cmp(&item, &heap[0]) == Ordering::Less {
            // heap[0] is the largest kept item (max-heap by cmp).
            heap[0] = item;
            sift_down(&mut heap, 0, k, cmp);
        }
    }
    sort_by(&mut heap, cmp);
    heap
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn sorts_like_the_standard_library() {
        let mut seed = 7;
        for n in 0..200 {
            let v: Vec<u64> = (0..n).map(|_| lcg(&mut seed) % 50).collect();
            let mut mine = v.clone();
            sort_by(&mut mine, &|a, b| a.cmp(b));
            let mut std = v.clone();
            std.sort();
            assert_eq!(mine, std);
            for k in [0, 1, 3, n / 2, n, n + 5] {
                let top = top_k(v.iter().copied(), k, &|a, b| a.cmp(b));
                assert_eq!(top, std[..k.min(n)].to_vec(), "n {n} k {k}");
            }
        }
    }
}
