//! Stage 4 — plan: validation and ordering.
//!
//! A plan runs only after it is proven runnable: task IDs are non-empty and
//! unique, every prerequisite exists, every `{id}` placeholder in a question or
//! constraint names a prerequisite, compare/compute tasks have inputs, and the
//! dependency graph has no cycle. Each failure is an [`Error::Plan`] naming the
//! offending task IDs. Sizes are bounded before anything else is looked at:
//! at most [`MAX_TASKS`] tasks, each with an ID and constraint keys of at most
//! [`MAX_ID_CHARS`] characters, a question, label and constraint values of at
//! most [`MAX_TASK_QUESTION_CHARS`], at most [`MAX_CONSTRAINTS`] constraints
//! and at most [`MAX_TASKS`] prerequisites. Ordering is Kahn's queue-based topological sort,
//! O(s + e); [`Schedule::waves`] groups tasks that can run together.

use crate::error::{Error, Result, MAX_QUESTION_CHARS};
use crate::model::{Plan, Task, TaskKind};
use std::collections::VecDeque;

/// Most tasks a plan may have.
pub const MAX_TASKS: usize = 256;
/// Most characters in a task's question (twice a question's limit, so that
/// every clause a decomposition makes fits with its placeholders) and in a
/// constraint value or a label.
pub const MAX_TASK_QUESTION_CHARS: usize = 2 * MAX_QUESTION_CHARS;
/// Most characters in a task ID or a constraint key.
pub const MAX_ID_CHARS: usize = 128;
/// Most constraints on one task.
pub const MAX_CONSTRAINTS: usize = 32;

/// A validated order: task positions in run order, grouped into waves.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Schedule {
    /// Task IDs in a valid run order.
    pub order: Vec<String>,
    /// Tasks whose prerequisites all lie in earlier waves.
    pub waves: Vec<Vec<String>>,
}

/// The placeholder that stands for task `id`'s output in a question or a
/// constraint: `{id}`.
pub fn placeholder(id: &str) -> String {
    format!("{{{id}}}")
}

/// Where each `{id}` placeholder of `text` is: (start, end) byte offsets of
/// the braces and the name between them. A name is one or more letters,
/// digits, `_` and `-`; a `{` that does not open one is text (`{"a": 1}`,
/// `{unclosed`). One pass: each byte is looked at a bounded number of times.
fn spans(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let mut from = 0;
    std::iter::from_fn(move || {
        while let Some(open) = text.get(from..).and_then(|rest| rest.find('{')) {
            let start = from + open;
            let after = text.get(start + 1..).unwrap_or("");
            let len = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(after.len());
            if len > 0 && after.get(len..).is_some_and(|r| r.starts_with('}')) {
                from = start + len + 2;
                return after.get(..len).map(|name| (start, from, name));
            }
            from = start + 1;
        }
        None
    })
}

/// The `{id}` placeholders named in a text, in order (with repeats).
pub fn placeholders(text: &str) -> Vec<String> {
    spans(text).map(|(_, _, name)| name.to_string()).collect()
}

/// Most characters a filled question or constraint may have: a longer one
/// is cut here ([`fill`]).
pub const MAX_FILLED_CHARS: usize = 4 * MAX_TASK_QUESTION_CHARS;

/// `text` with its `{id}` placeholders left out: the question as planned,
/// before any step's value went in ("{q1} lies on what river?" → " lies on
/// what river?").
pub fn without_placeholders(text: &str) -> String {
    fill(text, |_, _| true)
}

/// `text` with each `{id}` placeholder replaced by what `value` writes for
/// `id` (a placeholder it writes nothing for, returning false, stays as it
/// is). One pass over `text`: an inserted value is never scanned for
/// placeholders again, so a value holding `{id}` stays literal and the time
/// is linear in the text and the values. The result is cut at
/// [`MAX_FILLED_CHARS`] characters, so repeated placeholders of a long value
/// cannot make it grow without bound.
pub fn fill(text: &str, mut value: impl FnMut(&str, &mut String) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (start, end, name) in spans(text) {
        out.push_str(text.get(copied..start).unwrap_or(""));
        let before = out.len();
        if !value(name, &mut out) {
            out.truncate(before);
            out.push_str(text.get(start..end).unwrap_or(""));
        }
        copied = end;
        if out.len() > 4 * MAX_FILLED_CHARS {
            break;
        }
    }
    if out.len() <= 4 * MAX_FILLED_CHARS {
        out.push_str(text.get(copied..).unwrap_or(""));
    }
    if let Some((cut, _)) = out.char_indices().nth(MAX_FILLED_CHARS) {
        out.truncate(cut);
    }
    out
}

fn names(ids: impl IntoIterator<Item = String>) -> String {
    let mut v: Vec<String> = ids.into_iter().collect();
    crate::order::sort_by(&mut v, String::cmp);
    v.dedup();
    v.join(", ")
}

/// Validates a plan and orders it.
pub fn schedule(plan: &Plan) -> Result<Schedule> {
    let tasks = &plan.tasks;
    if tasks.is_empty() {
        return Err(Error::Plan("the plan has no tasks".into()));
    }
    if tasks.len() > MAX_TASKS {
        return Err(Error::Plan(format!(
            "{} tasks, more than the limit of {}",
            tasks.len(),
            MAX_TASKS
        )));
    }
    for (i, t) in tasks.iter().enumerate() {
        check_sizes(i, t)?;
    }
    // Plans are short (≤ MAX_TASKS): positions are found by scanning.
    let position = |id: &str| tasks.iter().position(|t| t.id == id);
    let mut duplicates = Vec::new();
    for (i, t) in tasks.iter().enumerate() {
        if t.id.trim().is_empty() {
            return Err(Error::Plan(format!("task {} has an empty id", i + 1)));
        }
        if position(&t.id) != Some(i) {
            duplicates.push(t.id.clone());
        }
    }
    if !duplicates.is_empty() {
        return Err(Error::Plan(format!(
            "duplicate task id: {}",
            names(duplicates)
        )));
    }
    let mut unknown = Vec::new();
    let mut undeclared = Vec::new();
    let mut no_input = Vec::new();
    let mut empty = Vec::new();
    for t in tasks {
        if t.question.trim().is_empty() && t.kind.retrieves() {
            empty.push(t.id.clone());
        }
        for d in &t.depends_on {
            if position(d).is_none() {
                unknown.push(format!("{d} (needed by {})", t.id));
            }
        }
        let mut refs = placeholders(&t.question);
        refs.extend(t.constraints.values().flat_map(|v| placeholders(v)));
        for r in refs {
            if !t.depends_on.contains(&r) {
                undeclared.push(format!("{r} (used by {})", t.id));
            }
        }
        if matches!(t.kind, TaskKind::Compare | TaskKind::Compute) && t.depends_on.is_empty() {
            no_input.push(t.id.clone());
        }
    }
    if !unknown.is_empty() {
        return Err(Error::Plan(format!(
            "unknown prerequisite: {}",
            names(unknown)
        )));
    }
    if !undeclared.is_empty() {
        return Err(Error::Plan(format!(
            "placeholder names a task that is not a prerequisite: {}",
            names(undeclared)
        )));
    }
    if !no_input.is_empty() {
        return Err(Error::Plan(format!(
            "compare/compute task without inputs: {}",
            names(no_input)
        )));
    }
    if !empty.is_empty() {
        return Err(Error::Plan(format!(
            "task with an empty question: {}",
            names(empty)
        )));
    }
    topological(tasks, &position)
}

/// Refuses a task whose fields exceed the plan's bounds (named by its
/// number when its ID itself is too long). Lengths are counted in bytes
/// first: a field within its limit in bytes is within it in characters.
fn check_sizes(i: usize, t: &Task) -> Result<()> {
    let q = MAX_TASK_QUESTION_CHARS;
    let mut fields: Vec<(&str, &str, usize)> = vec![("id characters", &t.id, MAX_ID_CHARS)];
    fields.push(("question characters", &t.question, q));
    fields.extend(t.label.as_deref().map(|l| ("label characters", l, q)));
    for d in &t.depends_on {
        fields.push(("characters in a prerequisite", d, MAX_ID_CHARS));
    }
    for (k, v) in &t.constraints {
        fields.push(("characters in a constraint key", k, MAX_ID_CHARS));
        fields.push(("characters in a constraint value", v, q));
    }
    let counts = [
        ("prerequisites", t.depends_on.len(), MAX_TASKS),
        ("constraints", t.constraints.len(), MAX_CONSTRAINTS),
    ];
    let over = counts.into_iter().find(|&(_, n, max)| n > max).or_else(|| {
        fields
            .into_iter()
            .filter(|&(_, text, max)| text.len() > max)
            .map(|(what, text, max)| (what, text.chars().count(), max))
            .find(|&(_, n, max)| n > max)
    });
    let Some((what, n, max)) = over else {
        return Ok(());
    };
    let task = if what == "id characters" {
        (i + 1).to_string()
    } else {
        t.id.clone()
    };
    Err(Error::Plan(format!(
        "task {task}: {n} {what}, more than the limit of {max}"
    )))
}

fn topological(tasks: &[Task], position: &dyn Fn(&str) -> Option<usize>) -> Result<Schedule> {
    let n = tasks.len();
    let mut indegree = vec![0usize; n];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut level = vec![0usize; n];
    for (i, t) in tasks.iter().enumerate() {
        let mut parents: Vec<usize> = t.depends_on.iter().filter_map(|d| position(d)).collect();
        crate::order::sort_by(&mut parents, usize::cmp);
        parents.dedup();
        if let Some(deg) = indegree.get_mut(i) {
            *deg = parents.len();
        }
        for p in parents {
            if let Some(list) = children.get_mut(p) {
                list.push(i);
            }
        }
    }
    let mut queue: VecDeque<usize> = (0..n).filter(|&i| indegree.get(i) == Some(&0)).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(i) = queue.pop_front() {
        order.push(i);
        let next_level = level.get(i).copied().unwrap_or(0) + 1;
        for &c in children.get(i).map_or(&[][..], Vec::as_slice) {
            if let Some(l) = level.get_mut(c) {
                *l = (*l).max(next_level);
            }
            if let Some(deg) = indegree.get_mut(c) {
                *deg -= 1;
                if *deg == 0 {
                    queue.push_back(c);
                }
            }
        }
    }
    if order.len() < n {
        let stuck = (0..n)
            .filter(|i| indegree.get(*i).is_some_and(|d| *d > 0))
            .filter_map(|i| tasks.get(i).map(|t| t.id.clone()));
        return Err(Error::Plan(format!(
            "dependency cycle among tasks: {}",
            names(stuck)
        )));
    }
    let depth = level.iter().copied().max().unwrap_or(0) + 1;
    let mut waves = vec![Vec::new(); depth];
    for &i in &order {
        if let (Some(t), Some(l)) = (tasks.get(i), level.get(i)) {
            if let Some(w) = waves.get_mut(*l) {
                w.push(t.id.clone());
            }
        }
    }
    Ok(Schedule {
        order: order
            .into_iter()
            .filter_map(|i| tasks.get(i).map(|t| t.id.clone()))
            .collect(),
        waves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(id: &str, deps: &[&str]) -> Task {
        Task {
            id: id.into(),
            kind: TaskKind::Retrieve,
            question: format!("question {id}"),
            constraints: Default::default(),
            output: None,
            op: None,
            depends_on: deps.iter().map(|d| d.to_string()).collect(),
            label: None,
        }
    }

    fn plan(tasks: Vec<Task>) -> Plan {
        Plan { tasks }
    }

    fn err(p: &Plan) -> String {
        schedule(p).unwrap_err().to_string()
    }

    #[test]
    fn seed_000_chain_orders_event_service_rule() {
        let p = plan(vec![
            task("lookup_rule", &["identify_service"]),
            task("identify_service", &["resolve_event"]),
            task("resolve_event", &[]),
        ]);
        let s = schedule(&p).unwrap();
        assert_eq!(
            s.order,
            vec!["resolve_event", "identify_service", "lookup_rule"]
        );
        assert_eq!(s.waves.len(), 3);
    }

    #[test]
    fn seed_002_waves_run_independent_retrievals_together() {
        let mut c1 = task("c1", &["q1", "q2"]);
        c1.kind = TaskKind::Compute;
        let mut c2 = task("c2", &["q1", "q4"]);
        c2.kind = TaskKind::Compare;
        let p = plan(vec![
            task("q1", &[]),
            task("q2", &[]),
            task("q3", &[]),
            task("q4", &[]),
            c1,
            c2,
        ]);
        let s = schedule(&p).unwrap();
        assert_eq!(
            s.waves,
            vec![vec!["q1", "q2", "q3", "q4"], vec!["c1", "c2"]]
        );
    }

    #[test]
    fn errors_name_the_offending_tasks() {
        assert_eq!(
            err(&plan(vec![task("a", &[]), task("a", &[])])),
            "invalid plan: duplicate task id: a"
        );
        assert_eq!(
            err(&plan(vec![task("a", &["ghost"])])),
            "invalid plan: unknown prerequisite: ghost (needed by a)"
        );
        assert_eq!(
            err(&plan(vec![
                task("service", &["rule"]),
                task("rule", &["service"]),
                task("free", &[])
            ])),
            "invalid plan: dependency cycle among tasks: rule, service"
        );
        assert_eq!(
            err(&plan(vec![task("self", &["self"])])),
            "invalid plan: dependency cycle among tasks: self"
        );
        assert_eq!(err(&plan(vec![])), "invalid plan: the plan has no tasks");
        let mut t = task("b", &[]);
        t.question = "rule for {a}".into();
        assert_eq!(
            err(&plan(vec![task("a", &[]), t])),
            "invalid plan: placeholder names a task that is not a prerequisite: a (used by b)"
        );
    }

    #[test]
    fn placeholders_are_found() {
        assert_eq!(placeholders("rule for {q1} in {q2}"), vec!["q1", "q2"]);
        assert!(placeholders("json {\"a\": 1}").is_empty());
        assert!(placeholders("{unclosed").is_empty());
        assert_eq!(
            placeholders("{a{b} {} {c}}{d-e_1}"),
            vec!["b", "c", "d-e_1"]
        );
    }

    fn filled(text: &str, values: &[(&str, &str)]) -> String {
        fill(text, |name, out| {
            match values.iter().find(|(k, _)| *k == name) {
                Some((_, v)) => {
                    out.push_str(v);
                    true
                }
                None => false,
            }
        })
    }

    #[test]
    fn fill_is_one_pass_over_the_original_text() {
        assert_eq!(
            filled("rule for {a} and {a}", &[("a", "x")]),
            "rule for x and x"
        );
        // A value holding a placeholder is inserted as it is, never expanded:
        // replace-until-done doubled the text per occurrence.
        assert_eq!(filled("{a} {a}", &[("a", "{a}{a}")]), "{a}{a} {a}{a}");
        assert_eq!(filled("{a} {b}", &[("a", "{b}"), ("b", "B")]), "{b} B");
        // Unknown names stay, as does text that is no placeholder.
        assert_eq!(
            filled("{zz} {\"j\": 1} {", &[("a", "x")]),
            "{zz} {\"j\": 1} {"
        );
        assert_eq!(filled("", &[]), "");
    }

    #[test]
    fn fill_is_linear_and_bounded() {
        // 40,000 repeats in a 120 KB text: was quadratic (7 s); one pass now.
        let text = "{a}".repeat(40_000);
        let started = std::time::Instant::now();
        let out = filled(&text, &[("a", "é")]);
        assert_eq!(
            out,
            "é".repeat(40_000)
                .chars()
                .take(MAX_FILLED_CHARS)
                .collect::<String>()
        );
        let long = "v".repeat(100_000);
        assert_eq!(filled("{a}{a}{a}", &[("a", &long)]).len(), MAX_FILLED_CHARS);
        assert!(
            started.elapsed().as_secs_f64() < 0.5,
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn oversized_plans_are_refused_naming_the_task() {
        let mut long = task("q", &[]);
        long.question = "x".repeat(MAX_TASK_QUESTION_CHARS + 1);
        assert_eq!(
            err(&plan(vec![long])),
            "invalid plan: task q: 4001 question characters, more than the limit of 4000"
        );
        let id = "i".repeat(MAX_ID_CHARS + 1);
        assert_eq!(
            err(&plan(vec![task("a", &[]), task(&id, &[])])),
            "invalid plan: task 2: 129 id characters, more than the limit of 128"
        );
        let many: Vec<String> = (0..=MAX_TASKS).map(|i| format!("t{i}")).collect();
        let mut wide = task("w", &[]);
        wide.depends_on = many;
        assert_eq!(
            err(&plan(vec![wide])),
            "invalid plan: task w: 257 prerequisites, more than the limit of 256"
        );
        let mut constrained = task("c", &[]);
        constrained
            .constraints
            .insert("doc".into(), "d".repeat(MAX_TASK_QUESTION_CHARS + 1));
        assert_eq!(
            err(&plan(vec![constrained])),
            "invalid plan: task c: 4001 characters in a constraint value, more than the limit of 4000"
        );
        let mut fits = task("f", &[]);
        fits.question = "x".repeat(MAX_TASK_QUESTION_CHARS);
        assert!(schedule(&plan(vec![fits])).is_ok());
    }

    #[test]
    fn every_small_graph_either_orders_or_names_a_cycle() {
        // Exhaustive over all dependency relations on three tasks.
        for bits in 0u32..(1 << 9) {
            let ids = ["a", "b", "c"];
            let tasks: Vec<Task> = (0..3)
                .map(|i| {
                    let deps: Vec<&str> = (0..3)
                        .filter(|j| bits & (1 << (i * 3 + j)) != 0)
                        .map(|j| ids[j])
                        .collect();
                    task(ids[i], &deps)
                })
                .collect();
            let p = plan(tasks.clone());
            match schedule(&p) {
                Ok(s) => {
                    let pos = |id: &str| s.order.iter().position(|x| x == id).unwrap();
                    for t in &tasks {
                        for d in &t.depends_on {
                            assert!(pos(d) < pos(&t.id), "bits {bits}");
                        }
                    }
                    assert_eq!(s.waves.iter().map(Vec::len).sum::<usize>(), 3);
                }
                Err(e) => assert!(e.to_string().contains("cycle"), "bits {bits}: {e}"),
            }
        }
    }
}
