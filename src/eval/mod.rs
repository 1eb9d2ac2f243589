//! Evaluation harness (native only; not part of the read path).
//!
//! `slotchain eval` loads the evaluation data sets ([`datasets`]), builds each
//! one's index in memory and runs every question through exactly the code path
//! of `slotchain ask --batch` — [`crate::ask`] with the default scope — twice:
//! with decomposition (the pipeline) and without (the one-shot baseline), with
//! `k` = [`K`]. It scores the merged context with [`metrics`] and renders one
//! table per data set (pipeline and one-shot side by side), as text, Markdown
//! and JSON.
//!
//! Guarantees: the read path is called as a host would call it (no shortcut, no
//! other options than `k`); figures at k < 10 are read from the k = 10 context
//! only after checking, on a sample of questions, that the context at that k is
//! the same list as the prefix of the k = 10 context — if any sampled report
//! differs, every question is run again at each k instead (the results say which
//! mode was used); a question the read path rejects is counted as an error and
//! scores 0, it never stops the run; times are wall clock per `ask` call.

pub mod datasets;
pub mod metrics;
pub mod plans;
pub mod readings;
pub mod states;

use crate::error::{Error, Result};
use crate::execute::Options;
use crate::index::{Bm25, Index};
use crate::model::{Report, Scope};
use datasets::{Dataset, DatasetKind, Family, Question};
use metrics::Latency;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The context size every question runs with; smaller cut-offs are prefixes.
pub const K: usize = 10;

/// What `slotchain eval` was asked to do.
#[derive(Debug, Clone)]
pub struct Config {
    /// The data directory (holds `hotpotqa/`, `musique/`, `beir-scifact/`, …).
    pub data: PathBuf,
    /// Data sets to run, in this order (all when empty).
    pub datasets: Vec<DatasetKind>,
    /// Only the first N questions of each data set.
    pub limit: Option<usize>,
    /// Write every figure as JSON here.
    pub json: Option<PathBuf>,
    /// Write the tables as Markdown here.
    pub markdown: Option<PathBuf>,
    /// Write the multi-hop questions whose chain is incomplete (JSON lines) here.
    pub failures: Option<PathBuf>,
    /// Questions per data set on which the prefix property is checked.
    pub prefix_check: usize,
    /// Write one record per composite question of the state evaluation here.
    pub states_records: Option<PathBuf>,
    /// Write the figures acceptance decides on, per candidate, here.
    pub readings: Option<PathBuf>,
}

/// How a figure is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// A share or mean in 0..=1.
    Rate,
    /// A number of questions.
    Count,
    /// Milliseconds.
    Ms,
}

/// One figure for both paths.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// Stable key (`complete_chain_recall@5`, `ndcg@10`, `ms_mean`, …).
    pub metric: String,
    /// Human label for the table.
    pub label: String,
    pub unit: Unit,
    pub pipeline: Option<f64>,
    pub one_shot: Option<f64>,
}

/// The figures of a set of questions (all, or one HotpotQA type).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Group {
    pub name: String,
    pub questions: usize,
    pub rows: Vec<Row>,
}

/// Outcome of the prefix-stability check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PrefixCheck {
    /// Reports compared (questions × paths × cut-offs below [`K`]).
    pub compared: usize,
    pub mismatches: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_mismatch: Option<String>,
}

/// All figures of one data set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DatasetResult {
    pub name: String,
    pub passages: usize,
    pub questions: usize,
    pub index_seconds: f64,
    pub run_seconds: f64,
    /// `prefix` (cut-offs read from the k = 10 context) or `per-k` (run at each k).
    pub context_mode: String,
    pub prefix_check: PrefixCheck,
    /// The path whose figures are the headline (`pipeline`, or `one_shot` for BEIR).
    pub headline: String,
    pub groups: Vec<Group>,
}

/// A target from the issue, checked against the measured figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TargetCheck {
    pub dataset: String,
    pub metric: String,
    pub path: String,
    /// `>=` or `<`.
    pub relation: String,
    pub target: f64,
    pub measured: Option<f64>,
    pub met: bool,
}

/// The machine the figures come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Machine {
    pub nproc: usize,
    pub cpu: String,
    pub os: String,
}

/// Everything one `slotchain eval` run measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Results {
    pub generated_utc: String,
    pub machine: Machine,
    pub command: String,
    /// The source revision measured (`SLOTCHAIN_EVAL_REVISION`, set by scripts/eval.sh).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<String>,
    pub k: usize,
    pub total_seconds: f64,
    pub datasets: Vec<DatasetResult>,
    /// The composite-question state figures ([`states`]).
    pub states: Vec<states::StateResult>,
    pub targets: Vec<TargetCheck>,
}

/// One question run on one path.
#[derive(Debug, Clone, Default)]
struct PathRun {
    /// Context passage IDs at k = [`K`].
    ranking: Vec<String>,
    /// Contexts at smaller k, in per-k mode only.
    per_k: Vec<(usize, Vec<String>)>,
    micros: u64,
    /// Slots of kind retrieve/follow.
    retrieval_slots: usize,
    /// Of those, slots whose top evidence passage is gold.
    gold_top_slots: usize,
    /// What the plan looked like and what the answer stated.
    plan: plans::PlanFacts,
    error: Option<String>,
}

impl PathRun {
    fn at(&self, k: usize) -> &[String] {
        if let Some((_, ctx)) = self.per_k.iter().find(|(c, _)| *c == k) {
            return ctx;
        }
        &self.ranking[..k.min(self.ranking.len())]
    }

    fn decomposed(&self) -> bool {
        self.retrieval_slots >= 2
    }
}

/// One question with both runs.
struct Outcome<'q> {
    question: &'q Question,
    pipeline: PathRun,
    one_shot: PathRun,
}

impl Outcome<'_> {
    fn path(&self, pipeline: bool) -> &PathRun {
        if pipeline {
            &self.pipeline
        } else {
            &self.one_shot
        }
    }
}

fn options(k: usize) -> Options {
    Options {
        k,
        ..Options::default()
    }
}

fn context_ids(report: &Report) -> Vec<String> {
    report
        .context
        .iter()
        .map(|c| c.passage_id.clone())
        .collect()
}

/// Cut-offs below [`K`] a family reports.
fn small_ks(family: Family) -> &'static [usize] {
    match family {
        Family::MultiHop => &[2, 5],
        Family::SinglePassage => &[5],
        Family::Beir => &[],
    }
}

/// Runs one question on one path, exactly as `slotchain ask --batch` does.
fn ask_timed(index: &Index, question: &str, no_decompose: bool, k: usize) -> (Result<Report>, u64) {
    let started = Instant::now();
    let report = crate::ask(
        index,
        question,
        &Scope::default(),
        &options(k),
        no_decompose,
    );
    (report, started.elapsed().as_micros() as u64)
}

fn run_path(
    index: &Index,
    q: &Question,
    no_decompose: bool,
    per_k: &[usize],
) -> (PathRun, Option<Report>) {
    let (report, micros) = ask_timed(index, &q.question, no_decompose, K);
    let mut run = PathRun {
        micros,
        ..PathRun::default()
    };
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            run.error = Some(e.to_string());
            return (run, None);
        }
    };
    run.ranking = context_ids(&report);
    run.plan = plans::facts(&report, q);
    let gold = q.gold_ids();
    for slot in report.slots.iter().filter(|s| s.kind.retrieves()) {
        run.retrieval_slots += 1;
        if slot
            .evidence
            .first()
            .is_some_and(|e| gold.contains(&e.passage_id.as_str()))
        {
            run.gold_top_slots += 1;
        }
    }
    for &k in per_k {
        let (r, _) = ask_timed(index, &q.question, no_decompose, k);
        run.per_k
            .push((k, r.map(|r| context_ids(&r)).unwrap_or_default()));
    }
    (run, Some(report))
}

/// Compares the context at each small k with the prefix of the k = [`K`] context.
fn check_prefix(index: &Index, questions: &[Question], ks: &[usize]) -> PrefixCheck {
    let mut check = PrefixCheck {
        compared: 0,
        mismatches: 0,
        first_mismatch: None,
    };
    for q in questions {
        for no_decompose in [false, true] {
            let Ok(full) = crate::ask(
                index,
                &q.question,
                &Scope::default(),
                &options(K),
                no_decompose,
            ) else {
                continue;
            };
            let full = context_ids(&full);
            for &k in ks {
                let small = crate::ask(
                    index,
                    &q.question,
                    &Scope::default(),
                    &options(k),
                    no_decompose,
                )
                .map(|r| context_ids(&r))
                .unwrap_or_default();
                check.compared += 1;
                if small.as_slice() != &full[..k.min(full.len())] {
                    check.mismatches += 1;
                    if check.first_mismatch.is_none() {
                        check.first_mismatch = Some(format!(
                            "question {} ({}), k = {k}: {:?} vs prefix {:?}",
                            q.id,
                            if no_decompose { "one-shot" } else { "pipeline" },
                            small,
                            &full[..k.min(full.len())]
                        ));
                    }
                }
            }
        }
    }
    check
}

fn row(metric: &str, label: &str, unit: Unit, pipeline: Option<f64>, one_shot: Option<f64>) -> Row {
    Row {
        metric: metric.into(),
        label: label.into(),
        unit,
        pipeline,
        one_shot,
    }
}

/// Mean of a per-question figure on each path.
fn both(outcomes: &[&Outcome], f: impl Fn(&Question, &PathRun) -> f64) -> (f64, f64) {
    let p: Vec<f64> = outcomes
        .iter()
        .map(|o| f(o.question, &o.pipeline))
        .collect();
    let s: Vec<f64> = outcomes
        .iter()
        .map(|o| f(o.question, &o.one_shot))
        .collect();
    (metrics::mean(&p), metrics::mean(&s))
}

fn bool_rate(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// Sub-question coverage of one path: (decomposed questions, share of their
/// retrieval slots whose top evidence is gold — `None` when none was decomposed).
fn coverage(runs: &[&PathRun]) -> (usize, Option<f64>) {
    let decomposed: Vec<&&PathRun> = runs.iter().filter(|r| r.decomposed()).collect();
    let slots: usize = decomposed.iter().map(|r| r.retrieval_slots).sum();
    let gold: usize = decomposed.iter().map(|r| r.gold_top_slots).sum();
    let share = (!decomposed.is_empty()).then(|| metrics::share(gold, slots));
    (decomposed.len(), share)
}

/// A yes/no fact of one question's run.
type Shape = fn(&Question, &PathRun) -> bool;

fn group(name: &str, family: Family, outcomes: &[&Outcome]) -> Group {
    let mut rows = Vec::new();
    match family {
        Family::MultiHop => {
            for k in [2, 5, K] {
                let (p, s) = both(outcomes, |q, r| {
                    bool_rate(metrics::complete_chain_at(r.at(k), &q.gold_ids(), k))
                });
                rows.push(row(
                    &format!("complete_chain_recall@{k}"),
                    &format!("complete-chain recall@{k}"),
                    Unit::Rate,
                    Some(p),
                    Some(s),
                ));
            }
            for k in [2, 5, K] {
                let (p, s) = both(outcomes, |q, r| {
                    metrics::recall_at(r.at(k), &q.gold_ids(), k)
                });
                rows.push(row(
                    &format!("passage_recall@{k}"),
                    &format!("passage recall@{k}"),
                    Unit::Rate,
                    Some(p),
                    Some(s),
                ));
            }
            let pr: Vec<&PathRun> = outcomes.iter().map(|o| &o.pipeline).collect();
            let sr: Vec<&PathRun> = outcomes.iter().map(|o| &o.one_shot).collect();
            let (pd, pc) = coverage(&pr);
            let (sd, sc) = coverage(&sr);
            rows.push(row(
                "decomposed",
                "questions decomposed (≥ 2 retrieval slots)",
                Unit::Count,
                Some(pd as f64),
                Some(sd as f64),
            ));
            rows.push(row(
                "subquestion_coverage",
                "sub-question coverage (top evidence gold)",
                Unit::Rate,
                pc,
                sc,
            ));
            let shape: [(&str, &str, Shape); 5] = [
                (
                    "planned_chain",
                    "planned as a chain of dependent steps",
                    |_, r| r.plan.chain,
                ),
                ("planned_compare", "planned with a compare step", |_, r| {
                    r.plan.compare
                }),
                (
                    "bridge_stated",
                    "a step's value is a gold title (bridge)",
                    |_, r| r.plan.bridge_stated,
                ),
                (
                    "answer_has_gold",
                    "gold answer in the answer's values",
                    |_, r| r.plan.answer_has_gold,
                ),
                (
                    "hop_agreement",
                    "planned hops = gold decomposition's",
                    |q, r| q.hops > 0 && r.plan.hops == q.hops,
                ),
            ];
            for (metric, label, f) in shape {
                if metric == "hop_agreement" && outcomes.iter().all(|o| o.question.hops == 0) {
                    continue;
                }
                let (p, s) = both(outcomes, |q, r| bool_rate(f(q, r)));
                rows.push(row(metric, label, Unit::Rate, Some(p), Some(s)));
            }
        }
        Family::Beir => {
            let (p, s) = both(outcomes, |q, r| {
                let gold: Vec<(&str, f64)> =
                    q.gold.iter().map(|g| (g.id.as_str(), g.gain)).collect();
                metrics::ndcg_at(r.at(K), &gold, K)
            });
            rows.push(row("ndcg@10", "nDCG@10", Unit::Rate, Some(p), Some(s)));
            let (p, s) = both(outcomes, |q, r| {
                metrics::recall_at(r.at(K), &q.gold_ids(), K)
            });
            rows.push(row("recall@10", "recall@10", Unit::Rate, Some(p), Some(s)));
        }
        Family::SinglePassage => {
            let (p, s) = both(outcomes, |q, r| {
                metrics::recall_at(r.at(5), &q.gold_ids(), 5)
            });
            rows.push(row("recall@5", "recall@5", Unit::Rate, Some(p), Some(s)));
            let (p, s) = both(outcomes, |q, r| {
                metrics::reciprocal_rank_at(r.at(K), &q.gold_ids(), K)
            });
            rows.push(row("mrr@10", "MRR@10", Unit::Rate, Some(p), Some(s)));
            let (p, s) = both(outcomes, |_, r| bool_rate(r.plan.answer_has_gold));
            rows.push(row(
                "answer_has_gold",
                "gold answer in the answer's values",
                Unit::Rate,
                Some(p),
                Some(s),
            ));
        }
    }
    let lat = |pipeline: bool| {
        let micros: Vec<u64> = outcomes.iter().map(|o| o.path(pipeline).micros).collect();
        Latency::of_micros(&micros)
    };
    let (lp, ls) = (lat(true), lat(false));
    rows.push(row(
        "ms_mean",
        "ms / question, mean",
        Unit::Ms,
        Some(lp.mean_ms),
        Some(ls.mean_ms),
    ));
    rows.push(row(
        "ms_p50",
        "ms / question, p50",
        Unit::Ms,
        Some(lp.p50_ms),
        Some(ls.p50_ms),
    ));
    rows.push(row(
        "ms_p95",
        "ms / question, p95",
        Unit::Ms,
        Some(lp.p95_ms),
        Some(ls.p95_ms),
    ));
    let errors = |pipeline: bool| {
        outcomes
            .iter()
            .filter(|o| o.path(pipeline).error.is_some())
            .count() as f64
    };
    rows.push(row(
        "errors",
        "questions rejected (errors)",
        Unit::Count,
        Some(errors(true)),
        Some(errors(false)),
    ));
    Group {
        name: name.into(),
        questions: outcomes.len(),
        rows,
    }
}

/// A multi-hop question whose pipeline context misses a gold passage at k = 5 or 10.
#[derive(Serialize)]
struct FailureRecord<'a> {
    dataset: &'a str,
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'a str>,
    question: &'a str,
    gold: Vec<&'a str>,
    chain_at_5: bool,
    chain_at_10: bool,
    one_shot_chain_at_10: bool,
    /// Gold passages not in the pipeline's k = 10 context.
    missing: Vec<&'a str>,
    /// Rank (1-based) of each gold passage in the pipeline's context, 0 when absent.
    gold_ranks: Vec<usize>,
    /// Gold passages not in the one-shot k = 10 context.
    one_shot_missing: Vec<&'a str>,
    /// The pipeline's context: (passage, slots it serves).
    context: Vec<(String, Vec<String>)>,
    slots: Vec<FailureSlot>,
    decompose_notes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

#[derive(Serialize)]
struct FailureSlot {
    id: String,
    kind: String,
    question: String,
    state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    depends_on: Vec<String>,
    evidence: Vec<String>,
}

fn failure_record<'a>(
    dataset: &'a str,
    q: &'a Question,
    pipeline: &'a PathRun,
    one_shot: &'a PathRun,
    report: Option<&Report>,
) -> Option<String> {
    let gold = q.gold_ids();
    let chain_at_5 = metrics::complete_chain_at(pipeline.at(5), &gold, 5);
    let chain_at_10 = metrics::complete_chain_at(pipeline.at(K), &gold, K);
    if chain_at_5 && chain_at_10 {
        return None;
    }
    let record = FailureRecord {
        dataset,
        id: &q.id,
        kind: q.kind.as_deref(),
        question: &q.question,
        missing: gold
            .iter()
            .copied()
            .filter(|g| !pipeline.ranking.iter().any(|r| r == g))
            .collect(),
        gold_ranks: gold
            .iter()
            .map(|g| {
                pipeline
                    .ranking
                    .iter()
                    .position(|r| r == g)
                    .map_or(0, |i| i + 1)
            })
            .collect(),
        one_shot_missing: gold
            .iter()
            .copied()
            .filter(|g| !one_shot.ranking.iter().any(|r| r == g))
            .collect(),
        gold,
        chain_at_5,
        chain_at_10,
        one_shot_chain_at_10: metrics::complete_chain_at(one_shot.at(K), &q.gold_ids(), K),
        context: report
            .map(|r| {
                r.context
                    .iter()
                    .map(|c| (c.passage_id.clone(), c.slots.clone()))
                    .collect()
            })
            .unwrap_or_default(),
        slots: report
            .map(|r| {
                r.slots
                    .iter()
                    .map(|s| FailureSlot {
                        id: s.id.clone(),
                        kind: format!("{:?}", s.kind).to_lowercase(),
                        question: s.question.clone(),
                        state: s.state.to_string(),
                        reason: s.reason.clone(),
                        depends_on: s.depends_on.clone(),
                        evidence: s
                            .evidence
                            .iter()
                            .take(3)
                            .map(|e| e.passage_id.clone())
                            .collect(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        decompose_notes: report
            .map(|r| {
                r.trace
                    .iter()
                    .filter(|t| t.stage == "decompose" || t.stage == "plan")
                    .map(|t| t.message.clone())
                    .collect()
            })
            .unwrap_or_default(),
        error: pipeline.error.as_deref(),
    };
    serde_json::to_string(&record).ok()
}

/// Loads, indexes and runs one data set; returns its figures and failure lines.
fn run_dataset(config: &Config, kind: DatasetKind) -> Result<(DatasetResult, Vec<String>)> {
    let name = kind.name();
    let started = Instant::now();
    let Dataset {
        passages,
        mut questions,
        ..
    } = datasets::load(&config.data, kind)?;
    if let Some(limit) = config.limit {
        questions.truncate(limit);
    }
    let passage_count = passages.len();
    let index = Index::build(passages, vec![], Default::default(), Bm25::default())?;
    let index_seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{name}: {passage_count} passages indexed in {index_seconds:.2} s; {} questions",
        questions.len()
    );
    let family = kind.family();
    let ks = small_ks(family);
    let sample = &questions[..config.prefix_check.min(questions.len())];
    let prefix_check = check_prefix(&index, sample, ks);
    let per_k: &[usize] = if prefix_check.mismatches > 0 {
        eprintln!(
            "{name}: context at k < {K} is not a prefix of the k = {K} context ({} of {} reports); running each k",
            prefix_check.mismatches, prefix_check.compared
        );
        ks
    } else {
        &[]
    };
    let run_started = Instant::now();
    let total = questions.len();
    let step = (total / 10).max(1);
    let mut last_line = Instant::now();
    let mut outcomes = Vec::with_capacity(total);
    let mut failures = Vec::new();
    for (i, q) in questions.iter().enumerate() {
        let (pipeline, report) = run_path(&index, q, false, per_k);
        let (one_shot, _) = run_path(&index, q, true, per_k);
        if family == Family::MultiHop {
            failures.extend(failure_record(
                name,
                q,
                &pipeline,
                &one_shot,
                report.as_ref(),
            ));
        }
        outcomes.push(Outcome {
            question: q,
            pipeline,
            one_shot,
        });
        // A line every 10 % once a second has passed since the last one, and at the end.
        if ((i + 1).is_multiple_of(step) && last_line.elapsed().as_secs_f64() >= 1.0)
            || i + 1 == total
        {
            last_line = Instant::now();
            eprintln!(
                "{name}: {}/{total} questions, {:.1} s",
                i + 1,
                run_started.elapsed().as_secs_f64()
            );
        }
    }
    let run_seconds = run_started.elapsed().as_secs_f64();
    let all: Vec<&Outcome> = outcomes.iter().collect();
    let mut groups = vec![group("all", family, &all)];
    let mut kinds: Vec<&str> = questions.iter().filter_map(|q| q.kind.as_deref()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for k in kinds {
        let subset: Vec<&Outcome> = outcomes
            .iter()
            .filter(|o| o.question.kind.as_deref() == Some(k))
            .collect();
        groups.push(group(k, family, &subset));
    }
    let result = DatasetResult {
        name: name.into(),
        passages: passage_count,
        questions: total,
        index_seconds,
        run_seconds,
        context_mode: if per_k.is_empty() { "prefix" } else { "per-k" }.into(),
        prefix_check,
        headline: if family == Family::Beir {
            "one_shot"
        } else {
            "pipeline"
        }
        .into(),
        groups,
    };
    Ok((result, failures))
}

/// The targets of the issue: (data set, metric, path, relation, value).
const TARGETS: [(&str, &str, &str, &str, f64); 8] = [
    (
        "hotpotqa",
        "complete_chain_recall@5",
        "pipeline",
        ">=",
        0.85,
    ),
    (
        "hotpotqa",
        "complete_chain_recall@10",
        "pipeline",
        ">=",
        0.92,
    ),
    (
        "musique",
        "complete_chain_recall@10",
        "pipeline",
        ">=",
        0.45,
    ),
    ("scifact", "ndcg@10", "one_shot", ">=", 0.665),
    ("nfcorpus", "ndcg@10", "one_shot", ">=", 0.32),
    ("cmrc2018", "recall@5", "pipeline", ">=", 0.98),
    ("cmrc2018", "mrr@10", "pipeline", ">=", 0.97),
    ("hotpotqa", "ms_mean", "pipeline", "<", 5.0),
];

/// The state targets: (data set, metric, relation, value), path `states`.
const STATE_TARGETS: [(&str, &str, &str, f64); 6] = [
    ("hotpotqa", "both_supported", ">=", 0.72),
    ("hotpotqa", "b_not_found_a_supported", ">=", 0.60),
    ("hotpotqa", "b_falsely_answered", "<=", 0.15),
    ("cmrc2018", "both_supported", ">=", 0.80),
    ("cmrc2018", "b_not_found_a_supported", ">=", 0.85),
    ("cmrc2018", "b_falsely_answered", "<=", 0.08),
];

fn state_figure(s: &states::StateResult, metric: &str) -> Option<f64> {
    match metric {
        "both_supported" => Some(s.both_supported),
        "b_not_found_a_supported" => Some(s.b_not_found_a_supported),
        "b_falsely_answered" => Some(s.b_falsely_answered),
        _ => None,
    }
}

fn meets(relation: &str, measured: Option<f64>, target: f64) -> bool {
    measured.is_some_and(|v| match relation {
        "<" => v < target,
        "<=" => v <= target,
        _ => v >= target,
    })
}

fn check_state_targets(results: &[states::StateResult]) -> Vec<TargetCheck> {
    STATE_TARGETS
        .iter()
        .filter_map(|&(dataset, metric, relation, target)| {
            let s = results.iter().find(|s| s.name == dataset)?;
            let measured = state_figure(s, metric);
            Some(TargetCheck {
                dataset: dataset.into(),
                metric: metric.into(),
                path: "states".into(),
                relation: relation.into(),
                target,
                measured,
                met: meets(relation, measured, target),
            })
        })
        .collect()
}

fn check_targets(datasets: &[DatasetResult]) -> Vec<TargetCheck> {
    TARGETS
        .iter()
        .filter_map(|&(dataset, metric, path, relation, target)| {
            let d = datasets.iter().find(|d| d.name == dataset)?;
            let row = d.groups.first()?.rows.iter().find(|r| r.metric == metric)?;
            let measured = if path == "pipeline" {
                row.pipeline
            } else {
                row.one_shot
            };
            let met = meets(relation, measured, target);
            Some(TargetCheck {
                dataset: dataset.into(),
                metric: metric.into(),
                path: path.into(),
                relation: relation.into(),
                target,
                measured,
                met,
            })
        })
        .collect()
}

fn machine() -> Machine {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    Machine {
        nproc: std::thread::available_parallelism().map_or(1, |n| n.get()),
        cpu,
        os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
    }
}

/// `YYYY-MM-DD HH:MM` (UTC) of a Unix time.
pub fn utc_stamp(unix_seconds: u64) -> String {
    let days = (unix_seconds / 86_400) as i64;
    let secs = unix_seconds % 86_400;
    format!(
        "{} {:02}:{:02}",
        crate::compute::date::Date::from_days(days),
        secs / 3600,
        (secs % 3600) / 60
    )
}

fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quoted: Vec<String> = args
        .iter()
        .map(|a| {
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("'{a}'")
            } else {
                a.clone()
            }
        })
        .collect();
    format!("slotchain {}", quoted.join(" "))
        .trim_end()
        .to_string()
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    let io = |e: std::io::Error| Error::Io {
        path: path.to_string_lossy().into_owned(),
        message: e.to_string(),
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    std::fs::write(path, text).map_err(io)
}

/// Runs the evaluation: prints the tables to stdout and writes the requested files.
pub fn run(config: &Config) -> Result<Results> {
    if !config.data.is_dir() {
        return Err(Error::Io {
            path: config.data.to_string_lossy().into_owned(),
            message: "no such data directory".into(),
        });
    }
    let started = Instant::now();
    let kinds: Vec<DatasetKind> = if config.datasets.is_empty() {
        DatasetKind::ALL.to_vec()
    } else {
        let mut kinds: Vec<DatasetKind> = Vec::new();
        for d in &config.datasets {
            if !kinds.contains(d) {
                kinds.push(*d);
            }
        }
        kinds
    };
    let mut results = Vec::new();
    let mut failures = Vec::new();
    for kind in &kinds {
        let (result, lines) = run_dataset(config, *kind)?;
        results.push(result);
        failures.extend(lines);
    }
    let mut state_results = Vec::new();
    let mut records = Vec::new();
    for kind in [DatasetKind::HotpotQa, DatasetKind::Cmrc2018] {
        if kinds.contains(&kind) {
            let max = config.limit.unwrap_or(states::MAX_PAIRS);
            state_results.push(states::run(&config.data, kind, max, &mut records)?);
        }
    }
    if let Some(path) = &config.readings {
        let mut lines = Vec::new();
        for kind in [
            DatasetKind::HotpotQa,
            DatasetKind::Musique,
            DatasetKind::Cmrc2018,
        ] {
            if kinds.contains(&kind) {
                for l in readings::run(&config.data, kind, config.limit)? {
                    lines.extend(serde_json::to_string(&l).ok());
                }
            }
        }
        write_file(path, &(lines.join("\n") + "\n"))?;
    }
    let mut targets = check_targets(&results);
    targets.extend(check_state_targets(&state_results));
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let out = Results {
        generated_utc: utc_stamp(now),
        machine: machine(),
        command: command_line(),
        revision: std::env::var("SLOTCHAIN_EVAL_REVISION")
            .ok()
            .filter(|r| !r.trim().is_empty()),
        k: K,
        total_seconds: started.elapsed().as_secs_f64(),
        targets,
        datasets: results,
        states: state_results,
    };
    let table = markdown(&out);
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(table.as_bytes());
    if let Some(path) = &config.json {
        let json = serde_json::to_string_pretty(&out)
            .map_err(|e| Error::Input(format!("cannot encode the results: {e}")))?;
        write_file(path, &(json + "\n"))?;
    }
    if let Some(path) = &config.markdown {
        write_file(path, &table)?;
    }
    if let Some(path) = &config.states_records {
        let lines: Vec<String> = records
            .iter()
            .filter_map(|r| serde_json::to_string(r).ok())
            .collect();
        write_file(path, &(lines.join("\n") + "\n"))?;
    }
    if let Some(path) = &config.failures {
        let mut text = failures.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        write_file(path, &text)?;
    }
    Ok(out)
}

fn format_value(unit: Unit, v: Option<f64>) -> String {
    match (unit, v) {
        (_, None) => "—".into(),
        (Unit::Rate, Some(v)) => format!("{v:.3}"),
        (Unit::Count, Some(v)) => format!("{v:.0}"),
        (Unit::Ms, Some(v)) => format!("{v:.2}"),
    }
}

/// A Markdown table with padded columns (readable as plain text too).
/// The first `left` columns are left-aligned, the others right-aligned.
fn table(header: &[String], rows: &[Vec<String>], left: usize) -> String {
    let width = |i: usize| {
        rows.iter()
            .filter_map(|r| r.get(i))
            .chain(header.get(i))
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0)
            .max(3)
    };
    let widths: Vec<usize> = (0..header.len()).map(width).collect();
    let line = |cells: &[String]| {
        let mut s = String::from("|");
        for (i, w) in widths.iter().enumerate() {
            let c = cells.get(i).map_or("", String::as_str);
            let pad = w.saturating_sub(c.chars().count());
            if i < left {
                let _ = write!(s, " {c}{} |", " ".repeat(pad));
            } else {
                let _ = write!(s, " {}{c} |", " ".repeat(pad));
            }
        }
        s.push('\n');
        s
    };
    let mut out = line(header);
    out.push('|');
    for (i, w) in widths.iter().enumerate() {
        if i < left {
            let _ = write!(out, " {} |", "-".repeat(*w));
        } else {
            let _ = write!(out, " {}: |", "-".repeat(w.saturating_sub(1)));
        }
    }
    out.push('\n');
    for r in rows {
        out.push_str(&line(r));
    }
    out
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Renders all results as Markdown (the table printed on stdout).
pub fn markdown(r: &Results) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# slotchain evaluation\n");
    let _ = writeln!(out, "- generated: {} UTC", r.generated_utc);
    let _ = writeln!(
        out,
        "- machine: {} × {} ({}), nproc = {}",
        r.machine.nproc, r.machine.cpu, r.machine.os, r.machine.nproc
    );
    let _ = writeln!(out, "- command: `{}`", r.command);
    if let Some(rev) = &r.revision {
        let _ = writeln!(out, "- revision: `{rev}`");
    }
    let _ = writeln!(out, "- total time: {:.1} s", r.total_seconds);
    let _ = writeln!(
        out,
        "- context: k = {}; each question runs once per path (pipeline = decomposition, one-shot = the whole question as one slot)\n",
        r.k
    );
    for d in &r.datasets {
        let _ = writeln!(
            out,
            "## {} — {} questions, {} passages\n",
            d.name,
            thousands(d.questions),
            thousands(d.passages)
        );
        let mode = if d.prefix_check.compared == 0 {
            format!("only k = {} is scored", r.k)
        } else if d.context_mode == "prefix" {
            format!(
                "smaller k read as prefixes of the k = {} context (checked on {} reports, {} mismatches)",
                r.k, d.prefix_check.compared, d.prefix_check.mismatches
            )
        } else {
            format!(
                "each k run separately ({} of {} sampled reports were not prefixes)",
                d.prefix_check.mismatches, d.prefix_check.compared
            )
        };
        let headline = if d.headline == "one_shot" {
            "; headline: one-shot (single-query retrieval)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "index built in {:.2} s, questions run in {:.1} s; {mode}{headline}\n",
            d.index_seconds, d.run_seconds
        );
        let mut header = vec!["metric".to_string()];
        for g in &d.groups {
            let tag = if g.name == "all" {
                String::new()
            } else {
                format!("{} ({}) ", g.name, g.questions)
            };
            header.push(format!("{tag}pipeline"));
            header.push(format!("{tag}one-shot"));
        }
        let Some(first) = d.groups.first() else {
            continue;
        };
        let rows: Vec<Vec<String>> = first
            .rows
            .iter()
            .map(|row| {
                let mut cells = vec![row.label.clone()];
                for g in &d.groups {
                    let found = g.rows.iter().find(|x| x.metric == row.metric);
                    cells.push(format_value(row.unit, found.and_then(|x| x.pipeline)));
                    cells.push(format_value(row.unit, found.and_then(|x| x.one_shot)));
                }
                cells
            })
            .collect();
        out.push_str(&table(&header, &rows, 1));
        out.push('\n');
    }
    if !r.states.is_empty() {
        out.push_str(&states_markdown(&r.states));
    }
    if !r.targets.is_empty() {
        let _ = writeln!(out, "## Targets\n");
        let header: Vec<String> = ["data set", "metric", "path", "target", "measured", "met"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let rows: Vec<Vec<String>> = r
            .targets
            .iter()
            .map(|t| {
                let unit = if t.metric.starts_with("ms_") {
                    Unit::Ms
                } else {
                    Unit::Rate
                };
                let rel = match t.relation.as_str() {
                    "<" => "<",
                    "<=" => "≤",
                    _ => "≥",
                };
                vec![
                    t.dataset.clone(),
                    t.metric.clone(),
                    t.path.replace('_', "-"),
                    format!("{rel} {}", t.target),
                    format_value(unit, t.measured),
                    if t.met { "yes" } else { "no" }.into(),
                ]
            })
            .collect();
        out.push_str(&table(&header, &rows, 3));
        out.push('\n');
    }
    out
}

/// The composite-question table: one column per data set.
fn states_markdown(results: &[states::StateResult]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## States of composite questions\n");
    let _ = writeln!(
        out,
        "Pairs of dev questions joined into one (\"A, and b?\" / \"A？B？\"), over the full pool and over the pool \
         without every b's gold passages; \"supported with gold\" = every part of the clause supported and a gold \
         passage in its top {} evidence.\n",
        states::TOP_EVIDENCE
    );
    let mut header = vec!["metric".to_string()];
    header.extend(
        results
            .iter()
            .map(|s| format!("{} ({}, {} pairs)", s.name, s.lang, s.pairs)),
    );
    let row = |label: &str, f: &dyn Fn(&states::StateResult) -> f64| {
        let mut cells = vec![label.to_string()];
        cells.extend(results.iter().map(|s| format_value(Unit::Rate, Some(f(s)))));
        cells
    };
    let rows = vec![
        row("split into ≥ 2 parts", &|s| s.split),
        row("both parts supported with gold (full pool)", &|s| {
            s.both_supported
        }),
        row("single question supported with gold", &|s| {
            s.single_supported
        }),
        row("ceiling (product of the two sides' single rates)", &|s| {
            s.ceiling
        }),
        row("single question supported, answer states gold", &|s| {
            s.single_right
        }),
        row("single question supported, answer states no gold", &|s| {
            s.single_wrong
        }),
        row("reduced: b not found, a still supported", &|s| {
            s.b_not_found_a_supported
        }),
        row("reduced: b falsely answered", &|s| s.b_falsely_answered),
        row("reduced: b dropped (no part)", &|s| s.b_dropped),
        row("reduced: b alone falsely answered", &|s| {
            s.single_falsely_answered
        }),
    ];
    out.push_str(&table(&header, &rows, 1));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Passage;

    #[test]
    fn utc_stamps() {
        assert_eq!(utc_stamp(0), "1970-01-01 00:00");
        assert_eq!(utc_stamp(951_782_400), "2000-02-29 00:00");
        assert_eq!(utc_stamp(1_764_476_100), "2025-11-30 04:15");
    }

    #[test]
    fn table_pads_and_aligns() {
        let t = table(
            &["metric".into(), "p".into()],
            &[
                vec!["a".into(), "0.5".into()],
                vec!["longer".into(), "1".into()],
            ],
            1,
        );
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], "| metric |   p |");
        assert_eq!(lines[1], "| ------ | --: |");
        assert_eq!(lines[2], "| a      | 0.5 |");
        assert_eq!(lines[3], "| longer |   1 |");
        assert_eq!(thousands(2958), "2,958");
        assert_eq!(thousands(300), "300");
    }

    fn passage(id: &str, text: &str) -> Passage {
        Passage::new(id, id, text)
    }

    #[test]
    fn runs_a_tiny_multi_hop_set_end_to_end() {
        let index = Index::build(
            vec![
                passage(
                    "Alpha Band",
                    "Alpha Band is a rock group formed by Jo Smith.",
                ),
                passage("Jo Smith", "Jo Smith was born in Leeds in 1970."),
                passage("Leeds", "Leeds is a city in England."),
            ],
            vec![],
            Default::default(),
            Bm25::default(),
        )
        .unwrap();
        let q = Question {
            id: "q1".into(),
            question: "Where was the founder of Alpha Band born?".into(),
            kind: Some("bridge".into()),
            gold: vec![
                datasets::Gold {
                    id: "Alpha Band".into(),
                    gain: 1.0,
                },
                datasets::Gold {
                    id: "Jo Smith".into(),
                    gain: 1.0,
                },
            ],
            answers: Vec::new(),
            hops: 0,
        };
        let check = check_prefix(&index, std::slice::from_ref(&q), &[2, 5]);
        assert_eq!(check.compared, 4);
        assert_eq!(check.mismatches, 0, "{:?}", check.first_mismatch);
        let (pipeline, _) = run_path(&index, &q, false, &[]);
        let (one_shot, _) = run_path(&index, &q, true, &[2]);
        assert!(pipeline.error.is_none() && one_shot.error.is_none());
        assert!(!pipeline.ranking.is_empty());
        assert_eq!(one_shot.retrieval_slots, 1);
        assert_eq!(one_shot.at(2), one_shot.per_k[0].1.as_slice());
        let outcome = Outcome {
            question: &q,
            pipeline,
            one_shot,
        };
        let g = group("all", Family::MultiHop, &[&outcome]);
        let chain10 = g
            .rows
            .iter()
            .find(|r| r.metric == "complete_chain_recall@10")
            .unwrap();
        // Three passages, k = 10: every context holds both gold passages.
        assert_eq!(chain10.one_shot, Some(1.0));
        assert_eq!(chain10.pipeline, Some(1.0));
        let decomposed = g.rows.iter().find(|r| r.metric == "decomposed").unwrap();
        assert_eq!(decomposed.one_shot, Some(0.0));
        let cov = g
            .rows
            .iter()
            .find(|r| r.metric == "subquestion_coverage")
            .unwrap();
        assert_eq!(cov.one_shot, None);
    }

    #[test]
    fn targets_compare_the_right_path() {
        let d = DatasetResult {
            name: "scifact".into(),
            passages: 1,
            questions: 1,
            index_seconds: 0.0,
            run_seconds: 0.0,
            context_mode: "prefix".into(),
            prefix_check: PrefixCheck {
                compared: 0,
                mismatches: 0,
                first_mismatch: None,
            },
            headline: "one_shot".into(),
            groups: vec![Group {
                name: "all".into(),
                questions: 1,
                rows: vec![row("ndcg@10", "nDCG@10", Unit::Rate, Some(0.5), Some(0.7))],
            }],
        };
        let t = check_targets(&[d]);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].measured, Some(0.7));
        assert!(t[0].met);
    }
}
