//! The read path end to end: question (or host plan) → report.
//!
//! This is the one entry point the CLI and the wasm module call; they only
//! translate arguments and results. Timing is the caller's job (`elapsed_us`
//! is left at 0 here), since wasm has no clock of its own.

use crate::decompose;
use crate::error::Result;
use crate::execute::{self, Options};
use crate::index::Index;
use crate::model::{Plan, Report, Scope, TraceEntry};
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
    // The one-shot baseline is plain BM25: no decomposition, no hops.
    let one_shot = Options {
        hops: false,
        ..options.clone()
    };
    let options = if no_decompose { &one_shot } else { options };
    let (plan, notes) = if no_decompose {
        (
            decompose::one_shot(question)?,
            vec!["one-shot: decomposition skipped".to_string()],
        )
    } else {
        let d = decompose::decompose(question, scope, index)?;
        (d.plan, d.notes)
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
    execute_plan(index, question.trim(), &plan, scope, options, trace)
}

/// Validates and runs a host-supplied plan.
pub fn run(index: &Index, plan: &Plan, scope: &Scope, options: &Options) -> Result<Report> {
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
    execute_plan(index, &question, plan, scope, options, trace)
}

/// Checks a plan without running it.
pub fn validate(plan: &Plan) -> Result<Schedule> {
    schedule(plan)
}

fn execute_plan(
    index: &Index,
    question: &str,
    plan: &Plan,
    scope: &Scope,
    options: &Options,
    mut trace: Vec<TraceEntry>,
) -> Result<Report> {
    scope.check()?;
    let order = schedule(plan)?;
    let run = execute::execute(index, plan, &order, scope, options);
    trace.extend(run.trace);
    let context = merge(index, &run.ranked, options.k);
    Ok(Report {
        id: None,
        question: question.to_string(),
        coverage: report::coverage(&run.slots),
        answer: report::answer(question, &run.slots),
        slots: run.slots,
        waves: order.waves,
        context,
        trace,
        elapsed_us: 0,
    })
}
