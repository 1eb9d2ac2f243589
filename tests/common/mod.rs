//! Helpers shared by the tests that run the real `slotchain` binary (each
//! suite uses some of them).
#![allow(dead_code)]

use slotchain::index::{Bm25, Index};
use slotchain::model::{Passage, Report, Scope};
use std::path::PathBuf;
use std::process::{Command, Output};

pub const BIN: &str = env!("CARGO_BIN_EXE_slotchain");
pub const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/helpcentre");

/// A fresh, empty directory for one test (`slotchain-<suite>-<name>-<pid>`).
pub fn temp_dir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slotchain-{suite}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with these arguments.
pub fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// The trimmed standard error of a run.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).trim().to_string()
}

/// An index of invented pages `(id, title, text)`, with no entities or cues.
pub fn pool(pages: &[(&str, &str, &str)]) -> Index {
    let passages = pages
        .iter()
        .map(|(id, title, text)| Passage::new(*id, *title, *text))
        .collect();
    Index::build(passages, vec![], Default::default(), Bm25::default()).expect("it indexes")
}

/// The pipeline's report for a question, with the default scope and options.
pub fn ask_default(index: &Index, q: &str) -> Report {
    slotchain::ask(
        index,
        q,
        &Scope::default(),
        &slotchain::Options::default(),
        false,
    )
    .expect("it answers")
}

/// Asks each case `(question, a, b)` over `index` with the default scope
/// and tallies it as passed when `check(report, a, b)` holds; every case
/// must pass.
pub fn tally_each(
    name: &str,
    index: &Index,
    cases: &[(&str, &str, &str)],
    check: impl Fn(&Report, &str, &str) -> bool,
) {
    let outcomes: Vec<_> = cases
        .iter()
        .map(|&(q, a, b)| {
            let r = ask_default(index, q);
            (q, check(&r, a, b), r)
        })
        .collect();
    tally(name, &outcomes, cases.len());
}

/// Tallies one group of cases, each (question, passed, report): prints each
/// failure with its answer and its asked slots' states, then the count, and
/// fails when fewer than `want` passed.
pub fn tally(name: &str, cases: &[(&str, bool, Report)], want: usize) {
    let mut passed = 0;
    for (q, ok, r) in cases {
        if *ok {
            passed += 1;
        } else {
            let states: Vec<_> = r
                .slots
                .iter()
                .filter(|s| s.asked)
                .map(|s| s.state)
                .collect();
            eprintln!("FAIL {q}\n     {states:?}\n     {}", r.answer);
        }
    }
    eprintln!("{passed} of {} {name} cases pass", cases.len());
    assert!(
        passed >= want,
        "{passed} of {} {name} cases pass",
        cases.len()
    );
}
