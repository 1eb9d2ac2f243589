//! Evaluation harness — the metrics (not part of the read path).
//!
//! Pure functions over a ranking (passage IDs, best first) and the gold
//! passages of one question. Guarantees: every metric is computed on the first
//! `k` entries only (a shorter ranking counts as is); a passage listed twice in
//! a ranking counts once; a question without gold passages scores 0 (it never
//! inflates an average); nDCG uses the graded gains of the qrels linearly
//! (gain = grade, as trec_eval / BEIR do) with a log2(rank + 1) discount and
//! the ideal DCG of the qrels' own gains.

use std::collections::HashSet;

/// The first `k` entries of a ranking, each passage once.
fn top<S: AsRef<str>>(ranking: &[S], k: usize) -> Vec<&str> {
    let mut seen = HashSet::new();
    ranking
        .iter()
        .take(k)
        .map(AsRef::as_ref)
        .filter(|id| seen.insert(*id))
        .collect()
}

fn distinct<S: AsRef<str>>(gold: &[S]) -> Vec<&str> {
    let mut seen = HashSet::new();
    gold.iter()
        .map(AsRef::as_ref)
        .filter(|id| seen.insert(*id))
        .collect()
}

/// Complete-chain recall of one question: true when every gold passage is
/// among the first `k` entries (false when there is no gold).
pub fn complete_chain_at<S: AsRef<str>, G: AsRef<str>>(
    ranking: &[S],
    gold: &[G],
    k: usize,
) -> bool {
    let found = top(ranking, k);
    !gold.is_empty() && gold.iter().all(|g| found.contains(&g.as_ref()))
}

/// Share of the (distinct) gold passages found among the first `k` entries —
/// passage recall for multi-hop sets, recall@k for BEIR.
pub fn recall_at<S: AsRef<str>, G: AsRef<str>>(ranking: &[S], gold: &[G], k: usize) -> f64 {
    let gold = distinct(gold);
    if gold.is_empty() {
        return 0.0;
    }
    let found = top(ranking, k);
    let hits = gold.iter().filter(|g| found.contains(g)).count();
    hits as f64 / gold.len() as f64
}

/// Reciprocal rank of the first gold passage within the first `k` entries (0 when none).
pub fn reciprocal_rank_at<S: AsRef<str>, G: AsRef<str>>(
    ranking: &[S],
    gold: &[G],
    k: usize,
) -> f64 {
    top(ranking, k)
        .iter()
        .position(|id| gold.iter().any(|g| g.as_ref() == *id))
        .map_or(0.0, |i| 1.0 / (i + 1) as f64)
}

/// nDCG@k with graded gains: `gold` lists (passage, gain); gains ≤ 0 are not relevant.
pub fn ndcg_at<S: AsRef<str>, G: AsRef<str>>(ranking: &[S], gold: &[(G, f64)], k: usize) -> f64 {
    let gain_of = |id: &str| {
        gold.iter()
            .filter(|(g, _)| g.as_ref() == id)
            .map(|(_, gain)| *gain)
            .fold(0.0f64, f64::max)
    };
    let discount = |i: usize| 1.0 / ((i + 2) as f64).log2();
    let dcg: f64 = top(ranking, k)
        .iter()
        .enumerate()
        .map(|(i, id)| gain_of(id).max(0.0) * discount(i))
        .sum();
    let mut ideal: Vec<f64> = distinct(&gold.iter().map(|(g, _)| g.as_ref()).collect::<Vec<_>>())
        .into_iter()
        .map(gain_of)
        .filter(|g| *g > 0.0)
        .collect();
    ideal.sort_by(|a, b| b.total_cmp(a));
    let idcg: f64 = ideal
        .iter()
        .take(k)
        .enumerate()
        .map(|(i, g)| g * discount(i))
        .sum();
    if idcg > 0.0 {
        dcg / idcg
    } else {
        0.0
    }
}

/// `part / whole`, 0 when `whole` is 0.
pub fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Mean of a list (0 when empty).
pub fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

/// Wall-clock time per question, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Latency {
    pub mean_ms: f64,
    pub p50_ms: f64,
    pub p95_ms: f64,
}

/// Nearest-rank percentile (`p` in 0..=100) of sorted values (0 when empty).
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

impl Latency {
    /// Summarises per-question times given in microseconds.
    pub fn of_micros(micros: &[u64]) -> Latency {
        let mut ms: Vec<f64> = micros.iter().map(|&us| us as f64 / 1000.0).collect();
        ms.sort_by(f64::total_cmp);
        Latency {
            mean_ms: mean(&ms),
            p50_ms: percentile(&ms, 50.0),
            p95_ms: percentile(&ms, 95.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn complete_chain_needs_every_gold_passage_in_the_prefix() {
        let ranking = ["a", "x", "b", "y", "c"];
        assert!(!complete_chain_at(&ranking, &["a", "b"], 2));
        assert!(complete_chain_at(&ranking, &["a", "b"], 3));
        assert!(complete_chain_at(&ranking, &["a", "b"], 10));
        assert!(!complete_chain_at(&ranking, &["a", "b", "z"], 10));
        assert!(complete_chain_at(&ranking, &["c"], 5));
        assert!(!complete_chain_at(&ranking, &["c"], 4));
        let none: [&str; 0] = [];
        assert!(!complete_chain_at(&ranking, &none, 5));
        assert!(!complete_chain_at(&none, &["a"], 5));
    }

    #[test]
    fn recall_averages_over_distinct_gold() {
        let ranking = ["a", "x", "b", "y"];
        assert!(close(recall_at(&ranking, &["a", "b", "c"], 1), 1.0 / 3.0));
        assert!(close(recall_at(&ranking, &["a", "b", "c"], 3), 2.0 / 3.0));
        assert!(close(recall_at(&ranking, &["a", "a", "b"], 3), 1.0));
        assert!(close(recall_at(&ranking, &["z"], 10), 0.0));
        // A duplicated entry does not count twice.
        assert!(close(recall_at(&["a", "a", "b"], &["a", "b"], 2), 0.5));
    }

    #[test]
    fn reciprocal_rank_of_first_gold_within_k() {
        let ranking = ["x", "y", "g", "h"];
        assert!(close(reciprocal_rank_at(&ranking, &["g"], 10), 1.0 / 3.0));
        assert!(close(
            reciprocal_rank_at(&ranking, &["h", "g"], 10),
            1.0 / 3.0
        ));
        assert!(close(reciprocal_rank_at(&ranking, &["g"], 2), 0.0));
        assert!(close(reciprocal_rank_at(&["g"], &["g"], 10), 1.0));
        // MRR over three questions: ranks 1, 2, none → (1 + 0.5 + 0) / 3.
        let mrr = mean(&[
            reciprocal_rank_at(&["g", "x"], &["g"], 10),
            reciprocal_rank_at(&["x", "g"], &["g"], 10),
            reciprocal_rank_at(&["x", "y"], &["g"], 10),
        ]);
        assert!(close(mrr, 0.5));
    }

    #[test]
    fn ndcg_with_graded_gains() {
        // Qrels: a = 2, b = 1, c = 1. Ranking: b, x, a.
        let gold = [("a", 2.0), ("b", 1.0), ("c", 1.0)];
        let ranking = ["b", "x", "a"];
        // DCG  = 1/log2(2) + 0 + 2/log2(4) = 1 + 1 = 2
        // IDCG = 2/log2(2) + 1/log2(3) + 1/log2(4) = 2 + 0.6309298 + 0.5 = 3.1309298
        let want = 2.0 / (2.0 + 1.0 / 3f64.log2() + 0.5);
        assert!(close(ndcg_at(&ranking, &gold, 10), want));
        // Cut at 2: DCG = 1; IDCG@2 = 2 + 1/log2(3).
        let want2 = 1.0 / (2.0 + 1.0 / 3f64.log2());
        assert!(close(ndcg_at(&ranking, &gold, 2), want2));
        // The ideal ranking scores 1; nothing relevant scores 0.
        assert!(close(ndcg_at(&["a", "b", "c"], &gold, 10), 1.0));
        assert!(close(ndcg_at(&["x", "y"], &gold, 10), 0.0));
        // Zero-grade qrels are not relevant and do not enter the ideal DCG.
        let with_zero = [("a", 1.0), ("z", 0.0)];
        assert!(close(ndcg_at(&["a"], &with_zero, 10), 1.0));
        let empty: [(&str, f64); 0] = [];
        assert!(close(ndcg_at(&["a"], &empty, 10), 0.0));
    }

    #[test]
    fn latency_percentiles_are_nearest_rank() {
        let micros: Vec<u64> = (1..=20).map(|i| i * 1000).collect();
        let l = Latency::of_micros(&micros);
        assert!(close(l.mean_ms, 10.5));
        assert!(close(l.p50_ms, 10.0));
        assert!(close(l.p95_ms, 19.0));
        let one = Latency::of_micros(&[2500]);
        assert!(close(one.p50_ms, 2.5) && close(one.p95_ms, 2.5));
        assert!(close(Latency::of_micros(&[]).mean_ms, 0.0));
    }

    #[test]
    fn share_of_nothing_is_zero() {
        assert!(close(share(0, 0), 0.0));
        assert!(close(share(3, 4), 0.75));
    }
}
