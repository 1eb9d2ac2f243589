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

pub mod accept;
mod alias;
mod attempt;
mod complete;
pub mod extract;
mod head;
mod hyphen;
pub(crate) mod kind;
pub mod life;
mod listed;
mod ordinal;
mod particle;
mod prescribed;
mod property;
mod qualifier;
pub mod read;
mod seams;
mod spell;
pub mod stated;
mod subject;

use crate::compute;
use crate::decompose::frame;
use crate::index::{Bm25, Index};
use crate::model::{
    Constraints, Evidence, Op, Output, Plan, Scope, Slot, SlotState, Task, TaskKind, TraceEntry,
    Value,
};
use crate::plan::Schedule;
use crate::retrieve::Ranked;

/// Knobs of a request. Every field has a default ([`Options::default`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Most passages in the merged context.
    pub k: usize,
    /// Candidates retrieved per slot.
    pub pool: usize,
    /// Most candidate passages examined in one request.
    pub budget: usize,
    /// Evidence entries kept per slot.
    pub evidence: usize,
    /// BM25 parameters (the index's own when `None`).
    pub bm25: Option<Bm25>,
    /// Follow the mention edges of passage slots' best candidates (the
    /// one-shot baseline turns this off).
    pub hops: bool,
    /// Read candidates to decide which one answers (acceptance, values,
    /// answering sentences). `search` turns this off: it returns the ranking
    /// alone, and reads (in a bundle: fetches) no passage text.
    pub read: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            k: 8,
            pool: 20,
            budget: 64,
            evidence: 5,
            bm25: None,
            hops: true,
            read: true,
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
        Value::Stated { value, .. } => value.clone(),
        Value::Facts { facts } => facts
            .iter()
            .map(|f| f.text.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        Value::Difference { amount, .. } => crate::compute::number::format_amount(*amount),
        Value::Same { equal } => equal.to_string(),
        Value::Date { date, .. } => date.clone(),
        Value::Verdict { holds, .. } => holds.to_string(),
        Value::Choice { label, .. } => label.clone(),
        Value::Common { value, .. } => value.clone(),
    }
}

/// `text` with each prerequisite's value put in for its `{id}`, in one pass
/// ([`crate::plan::fill`]: a value is never scanned again).
fn fill(text: &str, values: &ByTask<Value>) -> String {
    crate::plan::fill(text, |name, out| match values.get(name) {
        Some(v) => {
            out.push_str(&display(v));
            true
        }
        None => false,
    })
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
        label: task.label.clone(),
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
    let mut whole = Vec::new();
    let mut whole_hops = Vec::new();
    for task in &plan.tasks {
        // A chain's whole clause also ranks passages, after its steps' own:
        // at its last retrieval, or at the follow step whose value answers
        // the clause ("Who is the director of X?").
        let last = !plan
            .tasks
            .iter()
            .any(|t| t.depends_on.contains(&task.id) && t.label == task.label);
        let chained = task.label.as_ref().is_some_and(|l| *l != task.question)
            && match task.kind {
                TaskKind::Retrieve => task.depends_on.iter().any(|d| {
                    plan.tasks
                        .iter()
                        .any(|t| t.id == *d && t.kind == TaskKind::Follow)
                }),
                TaskKind::Follow => last,
                TaskKind::Compare | TaskKind::Compute => false,
            };
        if chained && options.hops {
            if let Some((r, h)) = runner.context(task) {
                whole.push(Ranked {
                    slot: task.id.clone(),
                    docs: r,
                });
                whole_hops.push(Ranked {
                    slot: task.id.clone(),
                    docs: h,
                });
            }
        }
        if let Some(mut o) = done.remove(&task.id) {
            // Asked unless a step of its own part consumes it: a part that
            // waits for an earlier part's answer leaves that part asked.
            o.slot.asked = last;
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
    ranked.extend(whole);
    ranked.extend(hops);
    ranked.extend(whole_hops);
    Execution {
        slots,
        ranked,
        trace: runner.trace,
    }
}

/// The clause a proposal's verification asks ("clause {q1}", after a follow
/// step "clause"), to be asked as written when the proposal leads nowhere —
/// unless a relative clause describes another thing the value is of ("… in a
/// city that is the county seat of what county?"): the clause's own page
/// would then answer the first hop, not the question.
fn proposed_clause(task: &Task, done: &ByTask<Outcome>) -> Option<String> {
    let [d] = task.depends_on.as_slice() else {
        return None;
    };
    let step = done.get(d)?;
    // As written, up to spacing: the plan tidies the clause it fills in.
    let bare = |q: &str| {
        q.trim()
            .trim_end_matches(['?', '.', ' '])
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let asked = bare(&crate::plan::without_placeholders(&task.question));
    (task.kind == TaskKind::Retrieve
        && step.slot.kind == TaskKind::Follow
        && asked == bare(&step.slot.question)
        && !crate::decompose::frame::has_relative_clause(&asked))
    .then(|| step.slot.question.clone())
}

/// [`proposed_clause`] when the follow step found no page at all
/// (`missing`).
fn unproposed(task: &Task, done: &ByTask<Outcome>) -> Option<String> {
    let step = done.get(task.depends_on.first()?)?;
    proposed_clause(task, done).filter(|_| step.slot.state == SlotState::Missing)
}

/// The catalog entity a value names (its chain key), when the index holds
/// it.
fn entity_of(index: &Index, value: &Value) -> Option<u32> {
    crate::chain::key_of(value).and_then(|(key, _, _)| index.resolve(key))
}

/// True when passage `doc` is a page of `entity`: its own page.
fn own_page(index: &Index, entity: u32, doc: u32) -> bool {
    index.owners(entity).contains(&doc)
}

impl Runner<'_> {
    fn run(&mut self, task: &Task, done: &mut ByTask<Outcome>) -> Outcome {
        let output = output_of(task);
        let named = crate::plan::placeholders(&task.question);
        let unsupported: Vec<String> = task
            .depends_on
            .iter()
            .filter_map(|d| {
                let slot = done.get(d).map(|o| &o.slot);
                let state = slot.map_or(SlotState::Missing, |s| s.state);
                // A part waiting for an earlier part's answer asks about a
                // name: a sentence is none ("who produced The band has
                // released seven albums …?"). Within one part (or a plan
                // given as JSON, whose tasks carry no part) a value is put
                // in as it is.
                let sentence = slot.is_some_and(|s| {
                    s.label != task.label
                        && matches!(s.value, Some(Value::Passage { .. } | Value::Facts { .. }))
                });
                if state != SlotState::Supported {
                    Some(format!("{d} is {state}"))
                } else if sentence && task.kind.retrieves() && named.contains(d) {
                    Some(format!("{d} answered with a passage, not a name"))
                } else {
                    None
                }
            })
            .collect();
        if let Some(clause) = unproposed(task, done) {
            // A proposal that proposed nothing is no filter (seed 000: an
            // early guess must not prevent finding the evidence later): the
            // clause is asked as written.
            note(
                &mut self.trace,
                "plan",
                Some(&task.id),
                format!(
                    "revision: {} proposed nothing; {} asks the clause as written",
                    task.depends_on.join(", "),
                    task.id
                ),
            );
            let outcome = self.as_written(task, &output, clause);
            if outcome.slot.state == SlotState::Supported {
                return outcome;
            }
            // Nor does one passage state the clause: the pages it names may
            // list the thing ([`listed`]).
            let step = task.depends_on.first().cloned().unwrap_or_default();
            return self
                .choose_listed(task, &output, &step, done)
                .unwrap_or(outcome);
        }
        // "Which of {q1} …?" after a step that found no passage stating its
        // set: the pages the step names may list its members ([`listed`]).
        if let [step] = task.depends_on.as_slice() {
            let unfound = done.get(step).is_some_and(|o| {
                o.slot.kind == TaskKind::Follow && o.slot.state == SlotState::Missing
            });
            if unfound && listed::chooses(&task.question, step) {
                if let Some(outcome) = self.choose_listed(task, &output, step, done) {
                    return outcome;
                }
            }
        }
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
        if !task.kind.retrieves() {
            return self.operation(task, output, done);
        }
        let outcome = self.retrieval(task, output.clone(), done);
        if outcome.slot.state != SlotState::Missing {
            return outcome;
        }
        // No proposal held: the clause is asked as written, as when none was
        // made, and the proposal is withdrawn.
        let Some(clause) = proposed_clause(task, done) else {
            return outcome;
        };
        let direct = self.as_written(task, &output, clause);
        if direct.slot.state != SlotState::Supported {
            return outcome;
        }
        // The clause's own answer may be the proposal after all ("Gull
        // Island", stated without the value the verification looks for).
        let confirms = |step: &Outcome| {
            let Some(proposed) = step.slot.value.as_ref() else {
                return false;
            };
            let said = direct.slot.value.as_ref().map(display);
            said.is_some_and(|s| s.eq_ignore_ascii_case(&display(proposed)))
                || self.answered_on_own_page(&direct, proposed)
        };
        if let Some(step) = task
            .depends_on
            .first()
            .and_then(|d| done.get_mut(d))
            .filter(|step| !confirms(step))
        {
            let withdrawn = step
                .slot
                .value
                .take()
                .map(|v| display(&v))
                .unwrap_or_default();
            step.slot.state = SlotState::Missing;
            step.slot.reason = Some(format!("proposed {withdrawn}; no passage verified it"));
            step.slot.evidence.clear();
            note(
                &mut self.trace,
                "plan",
                Some(&task.id),
                format!(
                    "revision: {} ({withdrawn}) led nowhere; {} asks the clause as written",
                    step.slot.id, task.id
                ),
            );
        }
        direct
    }

    /// True when an outcome's best evidence is on the own page of the
    /// entity `value` names.
    fn answered_on_own_page(&self, outcome: &Outcome, value: &Value) -> bool {
        let Some(entity) = entity_of(self.index, value) else {
            return false;
        };
        outcome
            .slot
            .evidence
            .first()
            .and_then(|e| self.index.doc_of(&e.passage_id))
            .is_some_and(|doc| own_page(self.index, entity, doc))
    }

    /// A verification's clause asked without its proposal (a task of its
    /// own, with no prerequisite).
    fn as_written(&mut self, task: &Task, output: &Output, clause: String) -> Outcome {
        let direct = Task {
            question: clause,
            depends_on: Vec::new(),
            ..task.clone()
        };
        // Its answer must name the kind asked ("which festival …?": a
        // sentence about the film that names no festival is no answer),
        // unless the kind is a type of value the answer is checked for
        // anyway ("what town": a place, "Leith").
        let typed = frame::frame(&direct.question, frame::Strictness::Question).answer
            != frame::Answer::Open;
        let noun = kind::asked_noun(&direct.question).filter(|_| !typed);
        let held = attempt::Held {
            noun: noun.as_deref(),
            checks_verbs: true,
        };
        let mut outcome = self.attempt_naming(&direct, output, &ByTask::new(), held);
        outcome.slot.depends_on = task.depends_on.clone();
        // Nor is a nationality the question gives ("which *Danish* director
        // …?") checked on any page here, as no thing was found: the
        // answering sentence must state it.
        let asked = head::nationality(&frame::frame(&direct.question, frame::Strictness::Question));
        let states = |e: &Evidence| head::states_nationality(&e.span.text, &asked);
        if outcome.slot.state == SlotState::Supported
            && !asked.is_empty()
            && !outcome.slot.evidence.first().is_some_and(states)
        {
            let n = noun.unwrap_or_else(|| "thing".into());
            outcome.slot.state = SlotState::Missing;
            outcome.slot.value = None;
            outcome.slot.reason = Some(accept::Rejection::Nationality(asked.join("-"), n).reason());
        }
        outcome
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
        // Each input with what it is (its evidence's page title) and that page's text.
        let inputs: Vec<compute::Input> = task
            .depends_on
            .iter()
            .filter_map(|d| {
                let o = done.get(d)?;
                let value = o.slot.value.as_ref()?;
                let evidence = o.slot.evidence.first();
                Some(compute::Input {
                    slot: d.as_str(),
                    label: evidence.map_or(o.slot.question.as_str(), |e| e.title.as_str()),
                    value,
                    text: evidence.map_or("", |e| e.text.as_str()),
                })
            })
            .collect();
        match compute::apply(op, &task.question, &task.constraints, &inputs) {
            Ok(value) => {
                slot.state = SlotState::Supported;
                slot.value = Some(value);
                // A result cites what it was computed from, each input's
                // best evidence: a date counted by a rule cites the rule, a
                // comparison the passages of the values it compares.
                slot.evidence = task
                    .depends_on
                    .iter()
                    .filter_map(|d| done.get(d)?.slot.evidence.first().cloned())
                    .collect();
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
