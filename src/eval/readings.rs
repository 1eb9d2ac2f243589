//! The readings acceptance decides on, dumped for fitting and checking its
//! thresholds (`slotchain eval --readings FILE`).
//!
//! For each dev question, the one-shot slot's first [`DEPTH`] candidates are
//! read ([`crate::execute::read`]) over the full pool and over the pool
//! without that question's gold passages; each line holds the figures of one
//! candidate with its rank and whether it is gold. Nothing here changes what
//! the read path decides: it only shows the figures it decides on.
//!
//! Guarantees: the candidates are ranked exactly as a one-shot slot ranks
//! them (same retrieval, same options), and the frame is the one the
//! executor builds for a question.

use super::datasets::{self, DatasetKind};
use crate::decompose::frame::{self, Strictness};
use crate::error::Result;
use crate::execute::{accept, read};
use crate::index::{Bm25, Index};
use crate::model::{Constraints, Passage, Scope};
use crate::retrieve;
use serde::Serialize;
use std::collections::HashSet;
use std::path::Path;

/// Candidates read per question.
pub const DEPTH: usize = 8;

/// One candidate's figures.
#[derive(Debug, Clone, Serialize)]
pub struct Line {
    pub dataset: String,
    pub question: String,
    /// `full` or `reduced` (the question's gold passages removed).
    pub pool: String,
    pub rank: usize,
    pub gold: bool,
    pub answer: String,
    pub names_in_question: usize,
    pub unknown_share: f32,
    pub names: f32,
    pub topic: f32,
    pub local: f32,
    pub order: f32,
    pub typed: bool,
    pub soft: f32,
    pub score: f32,
    /// BM25 score relative to the slot's best.
    pub relative: f32,
    pub cued: bool,
    pub accepted: bool,
}

fn lines_of(
    index: &Index,
    kind: DatasetKind,
    q: &datasets::Question,
    pool: &str,
    out: &mut Vec<Line>,
) {
    let frame = frame::frame(&q.question, Strictness::Question);
    let words = read::weights(index, &frame);
    let (_, unknown_share) = accept::unknown_topic(&words);
    let has_topic = words.iter().any(|w| w.role != frame::Role::Soft);
    let has_words = words.iter().any(|w| w.role == frame::Role::Topic);
    let scope = Scope::default();
    let constraints = Constraints::new();
    let bm25 = index.bm25();
    let query = retrieve::SlotQuery {
        question: &q.question,
        constraints: &constraints,
        scope: &scope,
        bm25: &bm25,
        pool: DEPTH,
        focus: &[],
        anchors: &[],
    };
    let found = retrieve::retrieve(index, &query);
    let top = found.candidates.first().map_or(1.0, |c| c.score.max(1e-6));
    let gold = q.gold_ids();
    for (rank, c) in found.candidates.iter().enumerate() {
        let Some(p) = index.passage(c.doc) else {
            continue;
        };
        let r = read::read(p, &frame, &words);
        let ctx = accept::Context {
            cued: c.cued,
            personal: false,
            unresolved_person: false,
            has_topic,
            has_words,
            beyond_cue: false,
            vouching: false,
            entity_typed: false,
        };
        out.push(Line {
            dataset: kind.name().into(),
            question: q.id.clone(),
            pool: pool.into(),
            rank,
            gold: gold.contains(&p.id.as_str()),
            answer: format!("{:?}", frame.answer),
            names_in_question: frame.names.len(),
            unknown_share,
            names: r.names,
            topic: r.topic,
            local: r.local,
            order: r.order,
            typed: r.typed,
            soft: r.soft,
            score: r.score,
            relative: c.score / top,
            cued: c.cued,
            accepted: accept::judge(&frame, &r, ctx).is_ok(),
        });
    }
}

/// Reads every question of one data set on both pools.
pub fn run(data: &Path, kind: DatasetKind, limit: Option<usize>) -> Result<Vec<Line>> {
    let dataset = datasets::load(data, kind)?;
    let questions: Vec<&datasets::Question> = dataset
        .questions
        .iter()
        .filter(|q| !q.question.trim().is_empty())
        .take(limit.unwrap_or(usize::MAX))
        .collect();
    let full = Index::build(
        dataset.passages.clone(),
        vec![],
        Default::default(),
        Bm25::default(),
    )?;
    let mut out = Vec::new();
    for q in &questions {
        lines_of(&full, kind, q, "full", &mut out);
    }
    // One reduced pool per gold set would mean one index per question; the
    // pool without every gold passage of a random half of the questions is
    // the same test for that half.
    let half: Vec<&&datasets::Question> = questions.iter().step_by(2).collect();
    let removed: HashSet<&str> = half.iter().flat_map(|q| q.gold_ids()).collect();
    let reduced_passages: Vec<Passage> = dataset
        .passages
        .into_iter()
        .filter(|p| !removed.contains(p.id.as_str()))
        .collect();
    let reduced = Index::build(
        reduced_passages,
        vec![],
        Default::default(),
        Bm25::default(),
    )?;
    for q in half {
        lines_of(&reduced, kind, q, "reduced", &mut out);
    }
    Ok(out)
}
