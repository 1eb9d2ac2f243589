//! The read path end to end: question (or host plan) → report.
//!
//! This is the one entry point the CLI and the wasm module call; they only
//! translate arguments and results. Timing is the caller's job (`elapsed_us`
//! is left at 0 here), since wasm has no clock of its own.
//!
//! On a bundle ([`crate::index::bundle`]) a report is only returned when the
//! run found every part it read loaded: otherwise [`Error::Incomplete`]
//! names the missing parts, never a partial answer. [`needed`] runs the same
//! path and returns those names, for a host that fetches them.

use crate::decompose;
use crate::decompose::Unplanned;
use crate::error::{Error, Result};
use crate::execute::{self, Options};
use crate::index::Index;
use crate::model::{
    Constraints, ContextEntry, Output, Plan, Report, Scope, Slot, SlotState, TaskKind, TraceEntry,
};
use crate::plan::{schedule, Schedule};
use crate::report;
use crate::retrieve::merge;

/// Answers a question: decomposes it (unless `no_decompose`), then runs the plan.
pub fn ask(
    index: &Index,
    question: &str,
    scope: &Scope,
    options: &Options,
    no_decompose: bool,
) -> Result<Report> {
    complete(index, || {
        answer(index, question, scope, options, no_decompose)
    })
}

/// The bundle parts answering `question` reads and lacks (empty when the
/// answer can be given; always empty for an index file).
pub fn needed(
    index: &Index,
    question: &str,
    scope: &Scope,
    options: &Options,
    no_decompose: bool,
) -> Result<Vec<String>> {
    missing(ask(index, question, scope, options, no_decompose))
}

/// [`needed`] for a host plan: the parts running it reads and lacks.
pub fn needed_for_plan(
    index: &Index,
    plan: &Plan,
    scope: &Scope,
    options: &Options,
) -> Result<Vec<String>> {
    missing(run(index, plan, scope, options))
}

/// The part names an [`Error::Incomplete`] carries; other errors stay errors.
fn missing(outcome: Result<Report>) -> Result<Vec<String>> {
    match outcome {
        Err(Error::Incomplete(parts)) => Ok(parts),
        Err(e) => Err(e),
        Ok(_) => Ok(Vec::new()),
    }
}

/// Most fetch rounds [`ask_loading`] makes before it gives up. Each round
/// adds at least one part, so a well-formed bundle never comes close.
pub const MAX_ROUNDS: usize = 32;

/// Runs `answer` (an [`ask`] or [`run`] call) on a bundle, fetching the parts
/// it reports missing through `fetch` (part name → bytes), in rounds until
/// it succeeds. Returns the report and the part names fetched, in order.
pub fn ask_loading(
    index: &mut Index,
    fetch: &mut dyn FnMut(&str) -> Result<Vec<u8>>,
    answer: &dyn Fn(&Index) -> Result<Report>,
) -> Result<(Report, Vec<String>)> {
    let mut fetched = Vec::new();
    for _ in 0..MAX_ROUNDS {
        match answer(index) {
            Err(Error::Incomplete(names)) => {
                for name in names {
                    let bytes = fetch(&name)?;
                    index.add_part(&name, &bytes)?;
                    fetched.push(name);
                }
            }
            other => return other.map(|report| (report, fetched)),
        }
    }
    Err(Error::Index(format!(
        "still missing parts after {} rounds of loading",
        MAX_ROUNDS
    )))
}

/// Plain ranked search, the search box's call: the one-shot slot's merged
/// context (the same passages, in the same order, as the `context` of
/// [`ask`] with `no_decompose`), without building a report.
pub fn search(
    index: &Index,
    query: &str,
    scope: &Scope,
    options: &Options,
) -> Result<Vec<ContextEntry>> {
    complete(index, || {
        scope.check()?;
        let plan = decompose::one_shot(query)?;
        let order = schedule(&plan)?;
        // No hops (one-shot), no evidence and no reading of passages:
        // they are not returned, and the ranking does not depend on them.
        let options = Options {
            hops: false,
            evidence: 0,
            read: false,
            ..options.clone()
        };
        let run = execute::execute(index, &plan, &order, scope, &options);
        Ok(merge(index, &run.ranked, options.k))
    })
}

/// Runs `f` and fails with [`Error::Incomplete`] when it read a missing part.
fn complete<T>(index: &Index, f: impl FnOnce() -> Result<T>) -> Result<T> {
    index.needed();
    let out = f()?;
    let missing = index.needed();
    if missing.is_empty() {
        Ok(out)
    } else {
        Err(Error::Incomplete(missing))
    }
}

fn answer(
    index: &Index,
    question: &str,
    scope: &Scope,
    options: &Options,
    no_decompose: bool,
) -> Result<Report> {
    // The one-shot baseline is plain BM25: no decomposition, no hops.
    let one_shot = Options {
        hops: false,
        ..options.clone()
    };
    let options = if no_decompose { &one_shot } else { options };
    let (plan, notes, unplanned) = if no_decompose {
        (
            decompose::one_shot(question)?,
            vec!["one-shot: decomposition skipped".to_string()],
            Vec::new(),
        )
    } else {
        let d = decompose::decompose(question, scope, index)?;
        (d.plan, d.notes, d.unplanned)
    };
    let mut trace: Vec<TraceEntry> = notes
        .into_iter()
        .map(|message| TraceEntry {
            stage: "decompose".into(),
            slot: None,
            message,
        })
        .collect();
    trace.push(TraceEntry {
        stage: "plan".into(),
        slot: None,
        message: format!("revision 1: {} task(s) from the question", plan.tasks.len()),
    });
    execute_plan(
        index,
        question.trim(),
        &plan,
        &unplanned,
        scope,
        options,
        trace,
    )
}

/// Validates and runs a host-supplied plan.
pub fn run(index: &Index, plan: &Plan, scope: &Scope, options: &Options) -> Result<Report> {
    complete(index, || run_plan(index, plan, scope, options))
}

fn run_plan(index: &Index, plan: &Plan, scope: &Scope, options: &Options) -> Result<Report> {
    let question = plan
        .tasks
        .iter()
        .filter(|t| !plan.tasks.iter().any(|o| o.depends_on.contains(&t.id)))
        .map(|t| t.question.as_str())
        .collect::<Vec<_>>()
        .join(" / ");
    let trace = vec![TraceEntry {
        stage: "plan".into(),
        slot: None,
        message: format!("revision 1: host plan with {} task(s)", plan.tasks.len()),
    }];
    execute_plan(index, &question, plan, &[], scope, options, trace)
}

/// Checks a plan without running it.
pub fn validate(plan: &Plan) -> Result<Schedule> {
    schedule(plan)
}

/// The slot of a clause the decomposition could not plan.
fn unplanned_slot(n: usize, u: &Unplanned) -> Slot {
    Slot {
        id: format!("e{n}"),
        question: u.clause.clone(),
        kind: TaskKind::Retrieve,
        output: Output::Passage,
        constraints: Constraints::new(),
        depends_on: Vec::new(),
        state: SlotState::Error,
        reason: Some(u.reason.clone()),
        value: None,
        evidence: Vec::new(),
        chain: Vec::new(),
        asked: true,
        label: Some(u.clause.clone()),
    }
}

fn execute_plan(
    index: &Index,
    question: &str,
    plan: &Plan,
    unplanned: &[Unplanned],
    scope: &Scope,
    options: &Options,
    mut trace: Vec<TraceEntry>,
) -> Result<Report> {
    scope.check()?;
    let (mut slots, waves, ranked) = if plan.tasks.is_empty() && !unplanned.is_empty() {
        (Vec::new(), Vec::new(), Vec::new())
    } else {
        let order = schedule(plan)?;
        let run = execute::execute(index, plan, &order, scope, options);
        trace.extend(run.trace);
        (run.slots, order.waves, run.ranked)
    };
    // Unplanned parts take their clause's place among the slots.
    for (n, u) in unplanned.iter().enumerate().rev() {
        slots.insert(u.at.min(slots.len()), unplanned_slot(n + 1, u));
    }
    let context = merge(index, &ranked, options.k);
    report::agree(&mut slots, scope.user.as_deref());
    Ok(Report {
        id: None,
        question: question.to_string(),
        superseded: report::superseded(&slots),
        coverage: report::coverage(&slots),
        answer: report::answer(question, &slots),
        slots,
        waves,
        context,
        trace,
        elapsed_us: 0,
    })
}
