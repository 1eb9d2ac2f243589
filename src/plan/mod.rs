//! Stage 4 — plan: validation and ordering.
//!
//! A plan runs only after it is proven runnable: task IDs are non-empty and
//! unique, every prerequisite exists, every `{id}` placeholder in a question or
//! constraint names a prerequisite, compare/compute tasks have inputs, and the
//! dependency graph has no cycle. Each failure is an [`Error::Plan`] naming the
//! offending task IDs. Ordering is Kahn's queue-based topological sort,
//! O(s + e); [`Schedule::waves`] groups tasks that can run together.

use crate::error::{Error, Result};
use crate::model::{Plan, Task, TaskKind};
use std::collections::VecDeque;

/// Most tasks a plan may have.
pub const MAX_TASKS: usize = 256;

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

/// The `{id}` placeholders named in a text.
pub fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = rest.get(open + 1..).unwrap_or("");
        match after.find('}') {
            Some(close) => {
                let name = after.get(..close).unwrap_or("");
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                {
                    out.push(name.to_string());
                }
                rest = after.get(close + 1..).unwrap_or("");
            }
            None => break,
        }
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
