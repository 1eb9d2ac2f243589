//! Stage 5 — retrieve: candidates per slot, and the merged context.
//!
//! Guarantees: a passage the scope may not read is never a candidate (access
//! is filtered before anything else); constraints are hard metadata filters;
//! slot cues add the passages tagged with a cued attribute as extra candidates
//! with a score bonus (set membership — never a filter); [`merge`] gives each
//! slot its best passage before filling the remaining places by score.

use crate::analyze;
use crate::index::{postings, Hit, Index, QueryTerm};
use crate::model::{Constraints, ContextEntry, Passage, Scope};

/// How much a cue match adds, as a share of the slot's best BM25 score.
pub const CUE_BONUS: f32 = 0.5;
/// Score factor for a candidate that contains none of the question's focus
/// terms (the resolved user, an entity a previous hop supplied).
pub const OFF_FOCUS: f32 = 0.5;

/// One candidate passage for a slot.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub doc: u32,
    pub score: f32,
    /// Share of the query's IDF mass the passage contains.
    pub coverage: f32,
    /// True when the passage is tagged with an attribute the question cues.
    pub cued: bool,
}

/// The result of one slot's retrieval.
#[derive(Debug, Clone, Default)]
pub struct Retrieval {
    pub query: Vec<QueryTerm>,
    pub cues: Vec<String>,
    pub candidates: Vec<Candidate>,
}

/// True when `scope` may read the passage and its scope fields agree.
pub fn visible(p: &Passage, scope: &Scope) -> bool {
    scope.allows(&p.access())
        && field_agrees(p, "environment", scope.environment.as_deref())
        && field_agrees(p, "region", scope.region.as_deref())
}

fn field_agrees(p: &Passage, key: &str, want: Option<&str>) -> bool {
    match (want, p.meta.get(key)) {
        (Some(w), Some(v)) => v.matches(w),
        _ => true,
    }
}

/// True when the passage satisfies every constraint. `entities` matches a
/// passage linked to the entity; any other key compares `meta[key]`.
pub fn satisfies(index: &Index, doc: u32, constraints: &Constraints) -> bool {
    let Some(p) = index.passage(doc) else {
        return false;
    };
    constraints.iter().all(|(key, want)| match key.as_str() {
        "entities" | "entity" => index
            .catalog()
            .resolve(want)
            .is_some_and(|e| index.links(doc, e)),
        _ => p.meta.get(key).is_some_and(|v| v.matches(want)),
    })
}

/// Analyzed query terms of a question.
pub fn query_terms(question: &str) -> Vec<String> {
    analyze::terms(question)
        .into_iter()
        .map(|t| t.term)
        .collect()
}

/// Ranks candidates for one slot: BM25F under the constraints, plus cued passages.
pub fn retrieve(
    index: &Index,
    question: &str,
    constraints: &Constraints,
    scope: &Scope,
    bm25: &crate::index::Bm25,
    pool: usize,
    focus: &[String],
) -> Retrieval {
    let terms = query_terms(question);
    let query = index.postings().query(&terms);
    let focus_mask: u64 = query
        .iter()
        .enumerate()
        .filter(|(_, q)| focus.contains(&q.term))
        .fold(0, |m, (i, _)| m | (1u64 << i));
    let keep = |doc: u32| {
        index.passage(doc).is_some_and(|p| visible(p, scope)) && satisfies(index, doc, constraints)
    };
    let hits: Vec<Hit> = index.postings().search(&query, bm25, &keep, pool);
    let top = hits.first().map_or(1.0, |h| h.score.max(1e-6));
    let cues = index.cue_attributes(&terms);
    let mut found: Vec<(Candidate, u64)> = hits
        .iter()
        .map(|h| {
            let c = Candidate {
                doc: h.doc,
                score: h.score,
                coverage: postings::coverage(&query, h.matched),
                cued: false,
            };
            (c, h.matched)
        })
        .collect();
    for attribute in &cues {
        for &doc in index.slot_members(attribute) {
            if !keep(doc) {
                continue;
            }
            let at = match found.iter().position(|(c, _)| c.doc == doc) {
                Some(at) => at,
                None => {
                    let matched = index.postings().matched(&query, doc);
                    let c = Candidate {
                        doc,
                        score: 0.0,
                        coverage: postings::coverage(&query, matched),
                        cued: false,
                    };
                    found.push((c, matched));
                    found.len() - 1
                }
            };
            let Some((c, _)) = found.get_mut(at) else {
                continue;
            };
            if !c.cued {
                c.cued = true;
                c.score += CUE_BONUS * top;
            }
        }
    }
    let mut candidates: Vec<Candidate> = found
        .into_iter()
        .map(|(mut c, matched)| {
            if focus_mask != 0 && matched & focus_mask == 0 {
                c.score *= OFF_FOCUS;
            }
            c
        })
        .collect();
    crate::sort::sort_by(&mut candidates, &|a, b| {
        b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc))
    });
    candidates.truncate(pool.max(1));
    Retrieval {
        query,
        cues,
        candidates,
    }
}

/// One slot's ranked passages for the merge (best first).
#[derive(Debug, Clone)]
pub struct Ranked {
    pub slot: String,
    /// (passage number, score normalized to the slot's best = 1).
    pub docs: Vec<(u32, f64)>,
}

/// Merges per-slot rankings into at most `k` context entries: first each slot's
/// best passage (in slot order), then the rest by normalized score. A passage
/// that several slots rank appears once, labelled with all of them.
pub fn merge(index: &Index, ranked: &[Ranked], k: usize) -> Vec<ContextEntry> {
    let mut chosen: Vec<(u32, f64)> = Vec::new();
    let contains = |chosen: &[(u32, f64)], doc: u32| chosen.iter().any(|(d, _)| *d == doc);
    for r in ranked {
        if chosen.len() >= k {
            break;
        }
        if let Some(&(doc, score)) = r.docs.iter().find(|(d, _)| !contains(&chosen, *d)) {
            chosen.push((doc, score));
        }
    }
    let mut rest: Vec<(u32, f64)> = ranked.iter().flat_map(|r| r.docs.iter().copied()).collect();
    crate::sort::sort_by(&mut rest, &|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    for (doc, score) in rest {
        if chosen.len() >= k {
            break;
        }
        if !contains(&chosen, doc) {
            chosen.push((doc, score));
        }
    }
    chosen
        .into_iter()
        .filter_map(|(doc, _)| {
            let p = index.passage(doc)?;
            let mut best = 0.0f64;
            let slots: Vec<String> = ranked
                .iter()
                .filter_map(|r| {
                    let (_, s) = r.docs.iter().find(|(d, _)| *d == doc)?;
                    best = best.max(*s);
                    Some(r.slot.clone())
                })
                .collect();
            Some(ContextEntry {
                passage_id: p.id.clone(),
                title: p.title.clone(),
                url: p.url.clone(),
                slots,
                score: round(best),
            })
        })
        .collect()
}

/// Rounds a score for reports (stable JSON across platforms).
pub fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}
