//! Stage 5 — retrieve: candidates per slot, and the merged context.
//!
//! Guarantees: a passage the scope may not read is never a candidate (access
//! is filtered before anything else); constraints are hard metadata filters;
//! slot cues add the passages tagged with a cued attribute as extra candidates
//! with a score bonus (set membership — never a filter); [`merge`] gives each
//! slot its best passage before filling the remaining places by score.

mod admit;

pub use admit::Admission;

use crate::analyze;
use crate::index::{terms, Hit, Index, QueryTerm};
use crate::model::{Constraints, ContextEntry, Scope};

/// How much a cue match adds, as a share of the slot's best BM25 score.
pub const CUE_BONUS: f32 = 0.5;
/// How much naming a passage's title in the question adds, as a share of
/// the slot's best BM25 score (a title match weighs more than its words).
pub const ANCHOR_BONUS: f32 = 0.5;
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
    /// Which query terms the passage contains (bit `i` for term `i`).
    pub matched: u64,
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

/// Analyzed query terms of a question.
pub fn query_terms(question: &str) -> Vec<String> {
    analyze::terms(question)
        .into_iter()
        .map(|t| t.term)
        .collect()
}

/// What one slot's retrieval is asked for.
#[derive(Debug, Clone, Copy)]
pub struct SlotQuery<'a> {
    /// The query text (constraint values already removed).
    pub question: &'a str,
    pub constraints: &'a Constraints,
    pub scope: &'a Scope,
    pub bm25: &'a crate::index::Bm25,
    /// Candidates to return.
    pub pool: usize,
    /// Terms a good candidate contains; candidates with none are scaled by [`OFF_FOCUS`].
    pub focus: &'a [String],
    /// Passages whose title the question names; they get [`ANCHOR_BONUS`].
    pub anchors: &'a [u32],
}

/// Ranks candidates for one slot: BM25F under the constraints, plus cued
/// passages and anchors.
pub fn retrieve(index: &Index, q: &SlotQuery) -> Retrieval {
    let SlotQuery {
        question,
        constraints,
        scope,
        bm25,
        pool,
        focus,
        anchors,
    } = *q;
    let terms = query_terms(question);
    let query = index.query(&terms);
    let focus_mask: u64 = query
        .iter()
        .enumerate()
        .filter(|(_, q)| focus.contains(&q.term))
        .fold(0, |m, (i, _)| m | (1u64 << i));
    let admission = Admission::new(index, scope, constraints);
    let keep = |doc: u32| admission.admits(doc);
    let hits: Vec<Hit> = index.terms().search(&query, bm25, &keep, pool);
    let top = hits.first().map_or(1.0, |h| h.score.max(1e-6));
    let cues = index.cue_attributes(&terms);
    let mut found: Vec<(Candidate, u64)> = hits
        .iter()
        .map(|h| {
            let c = Candidate {
                doc: h.doc,
                score: h.score,
                coverage: terms::coverage(&query, h.matched),
                matched: h.matched,
                cued: false,
            };
            (c, h.matched)
        })
        .collect();
    // Extra candidates: passages tagged with a cued attribute (set
    // membership) and anchors (a title the question names).
    let cued = cues
        .iter()
        .flat_map(|a| index.slot_members(a).iter().map(|&d| (d, true)));
    let extra: Vec<(u32, bool)> = cued.chain(anchors.iter().map(|&d| (d, false))).collect();
    for (doc, cue) in extra {
        if !keep(doc) {
            continue;
        }
        let at = match found.iter().position(|(c, _)| c.doc == doc) {
            Some(at) => at,
            None => {
                let matched = index.terms().matched(&query, doc);
                let c = Candidate {
                    doc,
                    score: 0.0,
                    coverage: terms::coverage(&query, matched),
                    matched,
                    cued: false,
                };
                found.push((c, matched));
                found.len() - 1
            }
        };
        let Some((c, _)) = found.get_mut(at) else {
            continue;
        };
        if !cue {
            c.score += ANCHOR_BONUS * top;
        } else if !c.cued {
            c.cued = true;
            c.score += CUE_BONUS * top;
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
    crate::order::sort_by(&mut candidates, |a, b| {
        b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc))
    });
    candidates.truncate(pool.max(1));
    Retrieval {
        query,
        cues,
        candidates,
    }
}

/// Weight of a parent's normalized score passed on to a passage it reaches.
pub const HOP_WEIGHT: f32 = 0.5;
/// A backward edge (the target names the parent) carries this share of a
/// forward edge's weight: a page's own links say more about it than pages
/// that happen to name it.
pub const BACKWARD: f32 = 0.5;
/// How many of a slot's best passages have their mention edges followed.
pub const HOP_PARENTS: usize = 3;
/// Candidates scored for a slot whose hops are followed (targets outside
/// this pool count as sharing no word with the question).
pub const HOP_POOL: usize = 100;

/// Passages reached by following the typed mention edges of a slot's best
/// candidates, the way a reader follows a docs site's links: forward (a
/// title or document ID the parent's text names, or a page its `meta.links`
/// point at) and backward (passages that name or link to the parent's title
/// or document). Parents are the best [`HOP_PARENTS`]
/// candidates plus the `anchors` (passages whose title the question names).
///
/// A bridge passage answers the part of the question its parent does not,
/// so a target scores its own normalized BM25 score, plus the IDF share of
/// question terms it contains and its parent lacks, plus [`HOP_WEIGHT`] ×
/// the parent's normalized score (× [`BACKWARD`] for a backward edge).
/// A linked target that adds no question term is kept (the link itself is
/// the evidence) but earns no coverage share; the unlinked feedback round
/// is the one that drops such passages (measured: dropping them here cost
/// HotpotQA complete-chain recall@5 0.887 → 0.843).
/// Returns the best `limit` (target, score, parent) whose target passes
/// `keep`, best first; `keep` runs in rank order and only until `limit` have
/// passed (a target's score does not depend on other targets).
pub fn hops(
    index: &Index,
    query: &[QueryTerm],
    candidates: &[Candidate],
    anchors: &[u32],
    keep: &dyn Fn(u32) -> bool,
    limit: usize,
) -> Vec<(u32, f64, u32)> {
    let top = candidates.first().map_or(1.0, |c| c.score.max(1e-6));
    // Candidates by passage number, for binary search.
    let mut by_doc: Vec<&Candidate> = candidates.iter().collect();
    crate::order::sort_by_key(&mut by_doc, |c| c.doc);
    let known = |doc: u32| {
        by_doc
            .binary_search_by(|c| c.doc.cmp(&doc))
            .ok()
            .and_then(|i| by_doc.get(i).copied())
    };
    let score_of = |doc: u32| known(doc).map_or(0.0, |c| c.score / top);
    let mut parents: Vec<u32> = candidates.iter().take(HOP_PARENTS).map(|c| c.doc).collect();
    for a in anchors {
        if !parents.contains(a) {
            parents.push(*a);
        }
    }
    let mut edges: Vec<(u32, u32, f32)> = Vec::new();
    for &parent in &parents {
        let from = score_of(parent).max(if anchors.contains(&parent) { 1.0 } else { 0.0 });
        for entity in index.forward(parent) {
            for &target in index.owners(entity) {
                edges.push((target, parent, from));
            }
        }
        for own in index.own_entities(parent) {
            for &target in index.mentioned_by(own) {
                edges.push((target, parent, from * BACKWARD));
            }
        }
    }
    edges.retain(|&(target, parent, _)| target != parent);
    crate::order::sort_by(&mut edges, |a, b| {
        a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.total_cmp(&b.2))
    });
    // Term masks: the pool's are known; the rest in one pass over the postings.
    let mut unknown: Vec<u32> = edges
        .iter()
        .map(|e| e.0)
        .chain(parents.iter().copied())
        .filter(|&d| known(d).is_none())
        .collect();
    crate::order::sort_by(&mut unknown, u32::cmp);
    unknown.dedup();
    let masks = index.terms().matched_many(query, &unknown);
    let mask_of = |doc: u32| match known(doc) {
        Some(c) => c.matched,
        None => unknown
            .binary_search(&doc)
            .ok()
            .and_then(|i| masks.get(i).copied())
            .unwrap_or(0),
    };
    let mut out: Vec<(u32, f64, u32)> = Vec::new();
    for (target, parent, weight) in edges {
        let new_terms = mask_of(target) & !mask_of(parent);
        let score =
            f64::from(HOP_WEIGHT * weight + score_of(target) + terms::coverage(query, new_terms));
        // Edges are sorted by target: keep the best edge of each target.
        match out.last_mut() {
            Some(e) if e.0 == target => {
                if score > e.1 {
                    *e = (target, score, parent);
                }
            }
            _ => out.push((target, score, parent)),
        }
    }
    crate::order::sort_by(&mut out, |a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out.into_iter().filter(|t| keep(t.0)).take(limit).collect()
}

/// Terms of the best passage added to its slot's query in the feedback round.
pub const FEEDBACK_TERMS: usize = 8;
/// Weight of a feedback term relative to a question term.
pub const FEEDBACK_WEIGHT: f32 = 0.5;

/// The feedback round of a passage slot: the question plus the rarest
/// [`FEEDBACK_TERMS`] terms of its best passage that are not question terms
/// (drawn from [`Index::rare_terms`]: terms other passages share, at
/// [`FEEDBACK_WEIGHT`]) — how a later hop whose page is titled after
/// something else is still found through the bridge's words. Returns
/// (passage, normalized score) best first, only passages that contain a
/// question term the parent lacks.
pub fn feedback(
    index: &Index,
    query: &[QueryTerm],
    parent: u32,
    bm25: &crate::index::Bm25,
    keep: &dyn Fn(u32) -> bool,
    limit: usize,
) -> Vec<(u32, f64)> {
    // Only passages that bring a question term the parent lacks are kept
    // (below): when the parent has every question term the index holds, no
    // search can return any, and its terms need not even be looked up.
    let lacking = terms::held(query) & !index.terms().matched(query, parent);
    if lacking == 0 {
        return Vec::new();
    }
    // The passage's rarest terms come rarest first: the first that are not
    // question terms are the rarest such terms. A query holds at most 64
    // terms (one bit each in a match mask).
    let room = FEEDBACK_TERMS.min(64usize.saturating_sub(query.len()));
    let terms: Vec<String> = index
        .rare_terms(parent)
        .into_iter()
        .filter(|t| !query.iter().any(|q| q.term == *t))
        .take(room)
        .collect();
    let mut expanded: Vec<QueryTerm> = query.to_vec();
    for mut q in index.query(&terms) {
        q.idf *= FEEDBACK_WEIGHT;
        expanded.push(q);
    }
    let keep = |d: u32| d != parent && keep(d);
    let hits = index.terms().search(&expanded, bm25, &keep, limit);
    let top = hits.first().map_or(1.0, |h| h.score.max(1e-6));
    // As for hops: only passages that bring a question term the parent lacks.
    hits.into_iter()
        .filter(|h| h.matched & lacking != 0)
        .map(|h| (h.doc, f64::from(h.score / top)))
        .collect()
}

/// Share of the slot's best hop score that the best bridge passage gets:
/// a bridge passage rests on a guessed bridge value, so it ranks after the
/// passages that a mention edge or the feedback round reached first. Measured
/// on MuSiQue complete-chain recall@10: 0.5 → 0.45, 0.7 → 0.47, 0.8 → 0.49,
/// 0.9 / 0.99 → 0.48; at 1.0 (ties with the best hop) HotpotQA recall@2 falls
/// from 0.61 to 0.54.
pub const BRIDGE_WEIGHT: f64 = 0.8;

/// The bridge round of a passage slot: the question plus the `names` its best
/// passage gives the bridge value by (see
/// [`crate::execute::extract::bridge_names`]), at full weight — how a later
/// hop whose page is titled after something else and shares no word with the
/// question but the bridge value ("the spouse of the director of X": X's page
/// names the director, the director's other film names the spouse) is still
/// found. Returns (passage, normalized score) best first, only passages other
/// than `parent` that contain one of the names.
pub fn bridge(
    index: &Index,
    query: &[QueryTerm],
    parent: u32,
    names: &[String],
    bm25: &crate::index::Bm25,
    keep: &dyn Fn(u32) -> bool,
    limit: usize,
) -> Vec<(u32, f64)> {
    // A name no other passage contains leads nowhere (the parent is excluded).
    let extra: Vec<QueryTerm> = index
        .query(names)
        .into_iter()
        .filter(|q| !query.iter().any(|o| o.term == q.term))
        .filter(|q| index.df(&q.term) >= 2)
        .collect();
    let room = 64usize.saturating_sub(query.len());
    if extra.is_empty() || room == 0 {
        return Vec::new();
    }
    let mut expanded: Vec<QueryTerm> = query.to_vec();
    expanded.extend(extra.into_iter().take(room));
    let names_mask = (query.len()..expanded.len()).fold(0u64, |m, i| m | (1u64 << i));
    let keep = |d: u32| d != parent && keep(d);
    let hits: Vec<Hit> = index
        .terms()
        .search(&expanded, bm25, &keep, limit)
        .into_iter()
        .filter(|h| h.matched & names_mask != 0)
        .collect();
    let top = hits.first().map_or(1.0, |h| h.score.max(1e-6));
    hits.into_iter()
        .map(|h| (h.doc, f64::from(h.score / top)))
        .collect()
}

/// Passages whose title the question names (by full title or short form).
pub fn anchors(index: &Index, question: &str, keep: &dyn Fn(u32) -> bool) -> Vec<u32> {
    let mut out = Vec::new();
    for m in index.mentions_in(question) {
        if index.is_title(m.entity) {
            for &doc in index.owners(m.entity) {
                if keep(doc) && !out.contains(&doc) {
                    out.push(doc);
                }
            }
        }
    }
    out
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
    crate::order::sort_by(&mut rest, |a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
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
            let mut slots: Vec<String> = Vec::new();
            for r in ranked {
                if let Some((_, s)) = r.docs.iter().find(|(d, _)| *d == doc) {
                    best = best.max(*s);
                    if !slots.contains(&r.slot) {
                        slots.push(r.slot.clone());
                    }
                }
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Passage;

    fn index(texts: &[&str]) -> Index {
        let passages = texts
            .iter()
            .enumerate()
            .map(|(i, t)| Passage::new(format!("p{i}"), "", *t))
            .collect();
        Index::build(passages, vec![], Default::default(), Default::default())
            .expect("an index of plain passages")
    }

    fn docs(found: &[(u32, f64)]) -> Vec<u32> {
        let mut d: Vec<u32> = found.iter().map(|&(d, _)| d).collect();
        d.sort_unstable();
        d
    }

    #[test]
    fn feedback_keeps_only_passages_with_a_question_term_the_parent_lacks() {
        let index = index(&[
            "kiwi mango orchard",     // 0: both question terms
            "mango papaya orchard",   // 1: mango only, shares `orchard`
            "kiwi papaya orchard",    // 2: kiwi only, shares `orchard`
            "papaya orchard harvest", // 3: no question term
        ]);
        let query = index.query(&["kiwi".to_string(), "mango".to_string()]);
        let bm25 = index.bm25();
        let all = |_: u32| true;
        // Passage 0 holds every question term: nothing can be kept.
        assert!(feedback(&index, &query, 0, &bm25, &all, 10).is_empty());
        // Passage 2 lacks `mango`: only passages with `mango`, never itself.
        assert_eq!(docs(&feedback(&index, &query, 2, &bm25, &all, 10)), [0, 1]);
        // A question term the index lacks cannot be brought by any passage.
        let with_unknown = index.query(&["kiwi".to_string(), "durian".to_string()]);
        assert!(feedback(&index, &with_unknown, 2, &bm25, &all, 10).is_empty());
    }
}
