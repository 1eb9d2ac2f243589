//! Stage 6 — execute: run a scheduled plan wave by wave.
//!
//! Guarantees: a task runs only after its prerequisites; a dependant receives
//! only values an earlier task extracted with a source span (entity and
//! document IDs, durations, sentences) — `{id}` placeholders are filled from
//! those values and nothing else; when the first candidate value of a follow
//! step leads nowhere (the dependant finds nothing), the next ones are tried
//! — a hop that finds evidence which does not hold is reported, not retried
//! with another value; every passage examined
//! counts against a step budget; when the budget runs out the slot is
//! `unresolved` (never a confident answer). A task whose prerequisite is not
//! supported is `blocked`.

pub mod extract;

use crate::chain::{self, Broken};
use crate::compute;
use crate::index::{Bm25, Index};
use crate::model::{
    Constraints, Edge, Evidence, Op, Output, Plan, Scope, Slot, SlotState, Span, Task, TaskKind,
    TraceEntry, Value,
};
use crate::plan::{placeholder, placeholders, Schedule};
use crate::retrieve::{self, round, Ranked};

/// Knobs of a request. Every field has a default ([`Options::default`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Most passages in the merged context.
    pub k: usize,
    /// Candidates retrieved per slot.
    pub pool: usize,
    /// Most candidate passages examined in one request.
    pub budget: usize,
    /// Share of a question's IDF mass a passage must contain to apply.
    pub min_coverage: f32,
    /// Evidence entries kept per slot.
    pub evidence: usize,
    /// BM25 parameters (the index's own when `None`).
    pub bm25: Option<Bm25>,
    /// Follow the mention edges of passage slots' best candidates (the
    /// one-shot baseline turns this off).
    pub hops: bool,
    /// Find the sentence of each passage value that best matches its
    /// question (the answer's text and the evidence span). `search` turns
    /// this off: it returns passages, and no ranking depends on the sentence.
    pub sentences: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            k: 8,
            pool: 20,
            budget: 64,
            min_coverage: 0.5,
            evidence: 5,
            bm25: None,
            hops: true,
            sentences: true,
        }
    }
}

/// What execution produced: one slot per task (plan order), rankings for the
/// merge, and the trace.
#[derive(Debug, Clone)]
pub struct Execution {
    pub slots: Vec<Slot>,
    pub ranked: Vec<Ranked>,
    pub trace: Vec<TraceEntry>,
}

/// A small map keyed by task ID. Plans are short (at most
/// [`crate::plan::MAX_TASKS`]), so a vector is as fast as hashing here and
/// keeps hash-table code for these value types out of the wasm module.
struct ByTask<V>(Vec<(String, V)>);

impl<V> ByTask<V> {
    fn new() -> Self {
        ByTask(Vec::new())
    }

    fn get(&self, id: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == id).map(|(_, v)| v)
    }

    fn get_mut(&mut self, id: &str) -> Option<&mut V> {
        self.0.iter_mut().find(|(k, _)| k == id).map(|(_, v)| v)
    }

    fn insert(&mut self, id: String, value: V) {
        match self.get_mut(&id) {
            Some(v) => *v = value,
            None => self.0.push((id, value)),
        }
    }

    fn remove(&mut self, id: &str) -> Option<V> {
        let i = self.0.iter().position(|(k, _)| k == id)?;
        Some(self.0.swap_remove(i).1)
    }
}

impl<V> FromIterator<(String, V)> for ByTask<V> {
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        let mut m = ByTask::new();
        for (k, v) in iter {
            m.insert(k, v);
        }
        m
    }
}

/// One slot's outcome plus the alternatives a dependant may fall back on.
struct Outcome {
    slot: Slot,
    alternatives: Vec<(Value, Evidence)>,
    ranked: Vec<(u32, f64)>,
    /// Passages reached through mention edges, for the merge.
    hop: Vec<(u32, f64)>,
}

struct Runner<'a> {
    index: &'a Index,
    scope: &'a Scope,
    options: &'a Options,
    bm25: Bm25,
    steps: usize,
    trace: Vec<TraceEntry>,
}

fn note(trace: &mut Vec<TraceEntry>, stage: &str, slot: Option<&str>, message: String) {
    trace.push(TraceEntry {
        stage: stage.into(),
        slot: slot.map(str::to_string),
        message,
    });
}

/// The text a value puts into a question.
fn display(value: &Value) -> String {
    match value {
        Value::Entity { id, .. } | Value::Document { id, .. } => id.clone(),
        Value::Duration { text, .. } | Value::Passage { text, .. } => text.clone(),
        Value::Difference { amount, .. } => crate::compute::number::format_amount(*amount),
        Value::Same { equal } => equal.to_string(),
        Value::Choice { label, .. } => label.clone(),
    }
}

fn fill(text: &str, values: &ByTask<Value>) -> String {
    let mut out = text.to_string();
    for name in placeholders(text) {
        if let Some(v) = values.get(&name) {
            out = out.replace(&placeholder(&name), &display(v));
        }
    }
    out
}

fn slot_for(task: &Task, question: String, constraints: Constraints, output: Output) -> Slot {
    Slot {
        id: task.id.clone(),
        question,
        kind: task.kind,
        output,
        constraints,
        depends_on: task.depends_on.clone(),
        state: SlotState::Missing,
        reason: None,
        value: None,
        evidence: Vec::new(),
        chain: Vec::new(),
        asked: false,
    }
}

/// The output a task must produce (inferred when the plan leaves it out).
pub fn output_of(task: &Task) -> Output {
    if let Some(o) = &task.output {
        return o.clone();
    }
    match task.kind {
        TaskKind::Compare | TaskKind::Compute => Output::Result,
        TaskKind::Follow
            if task.question.chars().any(crate::analyze::is_cjk)
                || task.constraints.contains_key("doc") =>
        {
            Output::Document
        }
        TaskKind::Follow => Output::Entity { entity_type: None },
        TaskKind::Retrieve => crate::decompose::output_of(&task.question),
    }
}

/// Runs a plan that [`crate::plan::schedule`] accepted.
pub fn execute(
    index: &Index,
    plan: &Plan,
    schedule: &Schedule,
    scope: &Scope,
    options: &Options,
) -> Execution {
    let mut runner = Runner {
        index,
        scope,
        options,
        bm25: options.bm25.unwrap_or(index.bm25()),
        steps: 0,
        trace: Vec::new(),
    };
    let mut done: ByTask<Outcome> = ByTask::new();
    for (w, wave) in schedule.waves.iter().enumerate() {
        note(
            &mut runner.trace,
            "execute",
            None,
            format!("wave {}: {}", w + 1, wave.join(", ")),
        );
        for id in wave {
            let Some(task) = plan.tasks.iter().find(|t| t.id == *id) else {
                continue;
            };
            let outcome = runner.run(task, &mut done);
            note(
                &mut runner.trace,
                "execute",
                Some(id),
                format!(
                    "{}{}",
                    outcome.slot.state,
                    outcome
                        .slot
                        .reason
                        .as_ref()
                        .map(|r| format!(": {r}"))
                        .unwrap_or_default()
                ),
            );
            done.insert(id.clone(), outcome);
        }
    }
    let mut slots = Vec::new();
    let mut ranked = Vec::new();
    let mut hops = Vec::new();
    for task in &plan.tasks {
        if let Some(mut o) = done.remove(&task.id) {
            o.slot.asked = !plan.tasks.iter().any(|t| t.depends_on.contains(&task.id));
            if !o.ranked.is_empty() {
                ranked.push(Ranked {
                    slot: task.id.clone(),
                    docs: o.ranked,
                });
            }
            if !o.hop.is_empty() {
                hops.push(Ranked {
                    slot: task.id.clone(),
                    docs: o.hop,
                });
            }
            slots.push(o.slot);
        }
    }
    // Every slot's own best passage comes before any hop's.
    ranked.extend(hops);
    Execution {
        slots,
        ranked,
        trace: runner.trace,
    }
}

impl Runner<'_> {
    fn run(&mut self, task: &Task, done: &mut ByTask<Outcome>) -> Outcome {
        let output = output_of(task);
        let unsupported: Vec<String> = task
            .depends_on
            .iter()
            .filter_map(|d| {
                let state = done.get(d).map_or(SlotState::Missing, |o| o.slot.state);
                (state != SlotState::Supported).then(|| format!("{d} is {state}"))
            })
            .collect();
        if !unsupported.is_empty() {
            let mut slot = slot_for(
                task,
                task.question.clone(),
                task.constraints.clone(),
                output,
            );
            slot.state = SlotState::Blocked;
            slot.reason = Some(format!("needs {}", unsupported.join(", ")));
            return Outcome {
                slot,
                alternatives: Vec::new(),
                ranked: Vec::new(),
                hop: Vec::new(),
            };
        }
        if task.kind.retrieves() {
            self.retrieval(task, output, done)
        } else {
            self.operation(task, output, done)
        }
    }

    /// Runs a retrieval task, falling back on a follow prerequisite's next
    /// candidate value when the first leads nowhere.
    fn retrieval(&mut self, task: &Task, output: Output, done: &mut ByTask<Outcome>) -> Outcome {
        let mut values: ByTask<Value> = task
            .depends_on
            .iter()
            .filter_map(|d| Some((d.clone(), done.get(d)?.slot.value.clone()?)))
            .collect();
        let pivot = task
            .depends_on
            .iter()
            .find(|d| done.get(d).is_some_and(|o| o.alternatives.len() > 1))
            .cloned();
        let Some(pivot) = pivot else {
            return self.attempt(task, &output, &values);
        };
        let alternatives: Vec<(Value, Evidence)> = done
            .get(&pivot)
            .map(|o| o.alternatives.clone())
            .unwrap_or_default();
        let mut first: Option<Outcome> = None;
        for (i, (alt, evidence)) in alternatives.into_iter().enumerate() {
            if self.steps >= self.options.budget {
                break;
            }
            values.insert(pivot.clone(), alt.clone());
            let outcome = self.attempt(task, &output, &values);
            if outcome.slot.state == SlotState::Supported {
                if i > 0 {
                    if let Some(p) = done.get_mut(&pivot) {
                        p.slot.value = Some(alt.clone());
                        p.slot
                            .evidence
                            .retain(|e| e.passage_id != evidence.passage_id);
                        p.slot.evidence.insert(0, evidence);
                    }
                    note(
                        &mut self.trace,
                        "plan",
                        Some(&task.id),
                        format!("revision: {pivot} = {} (candidate {} of {pivot}; earlier ones led nowhere)", display(&alt), i + 1),
                    );
                }
                return outcome;
            }
            note(
                &mut self.trace,
                "execute",
                Some(&task.id),
                format!(
                    "with {pivot} = {}: {}",
                    display(&alt),
                    outcome
                        .slot
                        .reason
                        .clone()
                        .unwrap_or_else(|| outcome.slot.state.to_string())
                ),
            );
            // Only a hop that leads nowhere is retried with the next candidate;
            // evidence that was found but does not hold is reported as it is.
            if outcome.slot.state != SlotState::Missing {
                return first.unwrap_or(outcome);
            }
            if first.is_none() {
                first = Some(outcome);
            }
        }
        first.unwrap_or_else(|| self.attempt(task, &output, &values))
    }

    /// One retrieval with the given prerequisite values.
    fn attempt(&mut self, task: &Task, output: &Output, values: &ByTask<Value>) -> Outcome {
        let question = fill(&task.question, values);
        let mut constraints = Constraints::new();
        let mut slot = slot_for(
            task,
            question.clone(),
            task.constraints.clone(),
            output.clone(),
        );
        for (key, raw) in &task.constraints {
            let names = placeholders(raw);
            let mut value = raw.clone();
            for name in names {
                match values.get(&name).and_then(chain::key_of) {
                    Some((id, _, _)) => value = value.replace(&placeholder(&name), id),
                    None => {
                        slot.state = SlotState::Error;
                        slot.reason = Some(format!(
                            "constraint {key} needs an ID from {name}, which produced none"
                        ));
                        return Outcome {
                            slot,
                            alternatives: Vec::new(),
                            ranked: Vec::new(),
                            hop: Vec::new(),
                        };
                    }
                }
            }
            constraints.insert(key.clone(), value);
        }
        slot.constraints = constraints.clone();
        // The key this hop must join on: the value of the prerequisite it names.
        let hop: Option<(String, Value)> = task
            .depends_on
            .iter()
            .filter_map(|d| values.get(d).map(|v| (d.clone(), v.clone())))
            .find(|(_, v)| chain::key_of(v).is_some());
        if let Some(doc) = constraints.get("doc") {
            if let Some(reason) = self.unreachable_doc(doc) {
                slot.state = if reason.starts_with("access") {
                    SlotState::Unresolved
                } else {
                    SlotState::Missing
                };
                slot.reason = Some(reason);
                return Outcome {
                    slot,
                    alternatives: Vec::new(),
                    ranked: Vec::new(),
                    hop: Vec::new(),
                };
            }
        }
        // Constraint values are enforced by the filter; their words carry no ranking signal.
        // Constraint values and the requested entity type are enforced
        // elsewhere (filter, output type); their words carry no ranking signal.
        let mut query_text = crate::analyze::fold::lower_str(&question);
        let mut enforced: Vec<String> = constraints
            .values()
            .map(|v| crate::analyze::fold::lower_str(v))
            .collect();
        if let Output::Entity {
            entity_type: Some(t),
        } = output
        {
            enforced.push(crate::analyze::fold::lower_str(&t.replace('_', " ")));
        }
        for v in enforced.iter().filter(|v| !v.trim().is_empty()) {
            query_text = query_text.replace(v.as_str(), " ");
        }
        let focus = self.focus(&question, task, values);
        let wide = self.options.hops && *output == Output::Passage;
        let pool = if wide {
            self.options.pool.max(retrieve::HOP_POOL)
        } else {
            self.options.pool
        };
        let keep = |doc: u32| retrieve::admits(self.index, self.scope, &constraints, doc);
        let anchors = if wide {
            retrieve::anchors(self.index, &question, &keep)
        } else {
            Vec::new()
        };
        let query = retrieve::SlotQuery {
            question: &query_text,
            constraints: &constraints,
            scope: self.scope,
            bm25: &self.bm25,
            pool,
            focus: &focus,
            anchors: &anchors,
        };
        let mut r = retrieve::retrieve(self.index, &query);
        // The wide pool only scores hop targets; the slot itself sees `pool`.
        let wide_pool = r.clone();
        r.candidates.truncate(self.options.pool);
        if !r.cues.is_empty() {
            note(
                &mut self.trace,
                "retrieve",
                Some(&task.id),
                format!("slot cues: {}", r.cues.join(", ")),
            );
        }
        let terms: Vec<String> = r.query.iter().map(|q| q.term.clone()).collect();
        let top = r.candidates.first().map_or(1.0, |c| c.score.max(1e-6));
        let explicit_version =
            constraints.contains_key("year") || constraints.contains_key("revision");
        let mut accepted: Option<(usize, Value, Span)> = None;
        let mut alternatives = Vec::new();
        let mut applicable = Vec::new();
        let mut broken: Option<Broken> = None;
        let mut stale: Option<u32> = None;
        let mut valueless = false;
        let mut exhausted = false;
        let mut best_coverage = 0.0f32;
        for (i, c) in r.candidates.iter().enumerate() {
            let single = !matches!(output, Output::Entity { .. } | Output::Document);
            if accepted.is_some() && single {
                // Decided: only gather further applicable passages as evidence.
                if applicable.len() >= self.options.evidence {
                    break;
                }
                if c.cued || c.coverage >= self.options.min_coverage {
                    applicable.push(i);
                }
                continue;
            }
            if self.steps >= self.options.budget {
                exhausted = true;
                break;
            }
            self.steps += 1;
            let Some(p) = self.index.passage(c.doc) else {
                continue;
            };
            best_coverage = best_coverage.max(c.coverage);
            if !(c.cued || c.coverage >= self.options.min_coverage) {
                continue;
            }
            applicable.push(i);
            if hop.is_none() && p.is_superseded() && !explicit_version {
                stale.get_or_insert(c.doc);
                continue;
            }
            let found =
                extract::values(self.index, c.doc, p, output, &terms, self.options.sentences);
            let Some((value, span)) = found.first().cloned() else {
                valueless = true;
                continue;
            };
            if let Some((from, v)) = &hop {
                let check = chain::check(self.index, self.scope, v, c.doc);
                if let Err(b) = check {
                    if broken.is_none() {
                        slot.chain.push(self.edge(from, task, v, c.doc, Some(&b)));
                        broken = Some(b);
                    }
                    continue;
                }
            }
            if accepted.is_none() {
                if let Some((from, v)) = &hop {
                    slot.chain.retain(|e| e.valid);
                    slot.chain.push(self.edge(from, task, v, c.doc, None));
                }
                accepted = Some((i, value, span));
            }
            if !single {
                for (v, s) in found {
                    alternatives.push((v, self.evidence(c.doc, c.score, s)));
                }
                if applicable.len() >= self.options.evidence {
                    break;
                }
            }
        }
        // Evidence: the accepted passage first, then other applicable ones.
        let mut order: Vec<usize> = accepted.iter().map(|(i, _, _)| *i).collect();
        order.extend(
            applicable
                .iter()
                .copied()
                .filter(|i| Some(*i) != accepted.as_ref().map(|a| a.0)),
        );
        for i in order.into_iter().take(self.options.evidence) {
            let Some(c) = r.candidates.get(i) else {
                continue;
            };
            let Some(p) = self.index.passage(c.doc) else {
                continue;
            };
            let span = match &accepted {
                Some((a, _, s)) if *a == i => s.clone(),
                _ => extract::best_sentence(&p.text, &terms),
            };
            slot.evidence.push(self.evidence(c.doc, c.score, span));
        }
        let mut ranked: Vec<(u32, f64)> = r
            .candidates
            .iter()
            .map(|c| (c.doc, f64::from(c.score / top)))
            .collect();
        if let Some((i, value, _)) = accepted {
            if let Some(c) = r.candidates.get(i) {
                ranked.retain(|(d, _)| *d != c.doc);
                ranked.insert(0, (c.doc, 1.0));
            }
            slot.state = SlotState::Supported;
            slot.value = Some(value);
        } else if let Some(b) = broken {
            slot.state = SlotState::Unresolved;
            slot.reason = Some(format!("{}: {}", b.reason, b.detail));
        } else if exhausted {
            slot.state = SlotState::Unresolved;
            slot.reason = Some(format!(
                "budget: the step budget of {} passages ran out before this was confirmed",
                self.options.budget
            ));
        } else if valueless {
            slot.state = SlotState::Missing;
            slot.reason = Some(format!(
                "no applicable passage states a {}",
                output_name(output)
            ));
        } else if let Some(doc) = stale {
            let id = self
                .index
                .passage(doc)
                .map(|p| p.id.clone())
                .unwrap_or_default();
            slot.state = SlotState::Unresolved;
            slot.reason = Some(format!("stale-rule: only superseded passages apply ({id})"));
        } else if r.candidates.is_empty() {
            slot.state = SlotState::Missing;
            slot.reason = Some("no passage matches".into());
        } else {
            slot.state = SlotState::Missing;
            slot.reason = Some(format!(
                "no passage applies (the best covers {}% of the question)",
                (best_coverage * 100.0).round() as u32
            ));
        }
        if alternatives.is_empty() {
            if let (Some(v), Some(e)) = (&slot.value, slot.evidence.first()) {
                alternatives.push((v.clone(), e.clone()));
            }
        }
        let hop = self.hop(task, output, &constraints, &wide_pool, &ranked, &anchors);
        Outcome {
            slot,
            alternatives,
            ranked,
            hop,
        }
    }

    /// The passages a passage slot reaches through mention edges, the
    /// feedback round and the bridge round, minus the slot's own best passage
    /// (already placed by the merge).
    fn hop(
        &mut self,
        task: &Task,
        output: &Output,
        constraints: &Constraints,
        wide: &retrieve::Retrieval,
        ranked: &[(u32, f64)],
        anchors: &[u32],
    ) -> Vec<(u32, f64)> {
        if !self.options.hops || *output != Output::Passage {
            return Vec::new();
        }
        let keep = |doc: u32| retrieve::admits(self.index, self.scope, constraints, doc);
        let best = ranked.first().map(|(d, _)| *d);
        let hop_keep = |doc: u32| Some(doc) != best && keep(doc);
        let found: Vec<(u32, f64, u32)> = retrieve::hops(
            self.index,
            &wide.query,
            &wide.candidates,
            anchors,
            &hop_keep,
            self.options.pool,
        );
        if let Some((to, _, from)) = found.first() {
            let id = |d: u32| {
                self.index
                    .passage(d)
                    .map(|p| p.id.clone())
                    .unwrap_or_default()
            };
            let message = format!("follows mentions: {} → {}", id(*from), id(*to));
            note(&mut self.trace, "retrieve", Some(&task.id), message);
        }
        let top = found.first().map_or(1.0, |h| h.1.max(1e-9));
        let mut list: Vec<(u32, f64)> = found
            .into_iter()
            .map(|(d, score, _)| (d, score / top))
            .collect();
        let Some(parent) = best else {
            return list;
        };
        let pool = self.options.pool;
        let add = |list: &mut Vec<(u32, f64)>, doc: u32, score: f64| match list
            .iter_mut()
            .find(|(d, _)| *d == doc)
        {
            Some(e) => e.1 = e.1.max(score),
            None => list.push((doc, score)),
        };
        // The feedback round: the question plus the best passage's rarest terms.
        for (doc, score) in
            retrieve::feedback(self.index, &wide.query, parent, &self.bm25, &keep, pool)
        {
            add(&mut list, doc, score);
        }
        // The bridge round: the question plus the names the best passage gives
        // its answer by, ranked after what the edges and feedback reached.
        if let Some(p) = self.index.passage(parent) {
            let terms: Vec<String> = wide.query.iter().map(|q| q.term.clone()).collect();
            let names = extract::bridge_names(p, &terms);
            for (doc, score) in retrieve::bridge(
                self.index,
                &wide.query,
                parent,
                &names,
                &self.bm25,
                &keep,
                pool,
            ) {
                add(&mut list, doc, score * retrieve::BRIDGE_WEIGHT);
            }
        }
        crate::order::sort_by(&mut list, |a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        list
    }

    /// Terms a good candidate should contain: the resolved user's name and the
    /// IDs earlier hops supplied.
    fn focus(&self, question: &str, task: &Task, values: &ByTask<Value>) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        if let Some(user) = self.scope.user.as_deref().filter(|u| !u.trim().is_empty()) {
            if crate::analyze::fold::lower_str(question)
                .contains(&crate::analyze::fold::lower_str(user))
            {
                names.push(user.to_string());
            }
        }
        for d in &task.depends_on {
            if let Some((id, _, _)) = values.get(d).and_then(chain::key_of) {
                if task.question.contains(&placeholder(d)) {
                    names.push(id.to_string());
                }
            }
        }
        names
            .iter()
            .flat_map(|n| retrieve::query_terms(n))
            .collect()
    }

    /// Why a document constraint cannot be met, if it cannot.
    fn unreachable_doc(&self, doc: &str) -> Option<String> {
        let entity = self.index.resolve(doc)?;
        let owners = self.index.owners(entity);
        if owners.is_empty() {
            return Some(format!("document {doc} is not in the index"));
        }
        let readable = owners.iter().any(|&d| {
            self.index
                .passage(d)
                .is_some_and(|p| self.scope.may_read(p))
        });
        (!readable).then(|| format!("access: document {doc} is outside the allowed access levels"))
    }

    fn evidence(&self, doc: u32, score: f32, span: Span) -> Evidence {
        let p = self.index.passage(doc);
        Evidence {
            passage_id: p.map(|p| p.id.clone()).unwrap_or_default(),
            title: p.map(|p| p.title.clone()).unwrap_or_default(),
            url: p.and_then(|p| p.url.clone()),
            score: round(f64::from(score)),
            span,
            text: p.map(|p| p.text.clone()).unwrap_or_default(),
        }
    }

    fn edge(
        &self,
        from: &str,
        task: &Task,
        value: &Value,
        to: u32,
        broken: Option<&Broken>,
    ) -> Edge {
        let (key, key_type, from_passage) = chain::key_of(value).unwrap_or(("", "", ""));
        let span = match value {
            Value::Entity { span, .. } | Value::Document { span, .. } => span.clone(),
            _ => Span {
                start: 0,
                end: 0,
                text: String::new(),
            },
        };
        Edge {
            from_slot: from.to_string(),
            to_slot: task.id.clone(),
            from_passage: from_passage.to_string(),
            to_passage: self
                .index
                .passage(to)
                .map(|p| p.id.clone())
                .unwrap_or_default(),
            key: key.to_string(),
            key_type: key_type.to_string(),
            span,
            valid: broken.is_none(),
            reason: broken.map(|b| b.reason.clone()),
        }
    }

    /// Runs a compare or compute task over its prerequisites' values.
    fn operation(&mut self, task: &Task, output: Output, done: &ByTask<Outcome>) -> Outcome {
        let mut slot = slot_for(
            task,
            task.question.clone(),
            task.constraints.clone(),
            output,
        );
        let Some(op) = task.op.or_else(|| crate::decompose::op_of(&task.question)) else {
            slot.state = SlotState::Error;
            slot.reason =
                Some("no operation: the task gives no op and its question names none".into());
            return Outcome {
                slot,
                alternatives: Vec::new(),
                ranked: Vec::new(),
                hop: Vec::new(),
            };
        };
        let inputs: Vec<(&str, &Value)> = task
            .depends_on
            .iter()
            .filter_map(|d| Some((d.as_str(), done.get(d)?.slot.value.as_ref()?)))
            .collect();
        let texts: Vec<&str> = task
            .depends_on
            .iter()
            .map(|d| {
                done.get(d)
                    .and_then(|o| o.slot.evidence.first())
                    .map_or("", |e| e.text.as_str())
            })
            .collect();
        match compute::apply(op, &inputs, &texts) {
            Ok(mut value) => {
                if let Value::Choice {
                    slot: chosen,
                    label,
                    ..
                } = &mut value
                {
                    if let Some(t) = done.get(chosen.as_str()) {
                        *label = t
                            .slot
                            .evidence
                            .first()
                            .map_or_else(|| t.slot.question.clone(), |e| e.title.clone());
                    }
                }
                slot.state = SlotState::Supported;
                slot.value = Some(value);
            }
            Err(u) => {
                slot.state = SlotState::Unresolved;
                slot.reason = Some(format!("{}: {}", u.reason, u.detail));
            }
        }
        if op == Op::Difference {
            note(
                &mut self.trace,
                "compute",
                Some(&task.id),
                format!("difference over {}", task.depends_on.join(", ")),
            );
        }
        Outcome {
            slot,
            alternatives: Vec::new(),
            ranked: Vec::new(),
            hop: Vec::new(),
        }
    }
}

fn output_name(output: &Output) -> &'static str {
    match output {
        Output::Passage => "passage",
        Output::Duration => "duration",
        Output::Entity { .. } => "linked entity",
        Output::Document => "document reference",
        Output::Result => "result",
    }
}
