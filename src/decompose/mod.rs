//! Stage 3 — decompose: question → plan, by rules (no model call).
//!
//! Resolves first person to `scope.user`, splits compound questions, maps
//! temporal words to `meta.year` and catalog facet words (an entity whose type
//! is a metadata key, e.g. 境内 → `travel_scope=domestic`) to constraints,
//! turns comparisons into compute tasks over retrieval tasks, and nested
//! references into a follow step whose span-backed output feeds the next step.
//! Guarantees: a simple question yields exactly one task; constraints are only
//! set on metadata keys the index actually carries; a sub-question asked twice
//! (same words, same constraints) becomes one task.

pub mod frame;
mod patterns;
mod split;

pub use patterns::{op_of, output_of};
pub use split::{clauses, resolve_person};

use crate::analyze;
use crate::error::{Error, Result, MAX_QUESTION_CHARS};
use crate::index::Index;
use crate::model::{Constraints, Op, Output, Plan, Scope, Task, TaskKind, DOC_TYPE, TITLE_TYPE};
use crate::plan::placeholder;
use patterns::Temporal;

/// A plan and the notes that explain it (they go into the report's trace).
#[derive(Debug, Clone, PartialEq)]
pub struct Decomposition {
    pub plan: Plan,
    pub notes: Vec<String>,
}

/// Rejects empty and over-long questions.
pub fn check_question(question: &str) -> Result<&str> {
    let q = question.trim();
    if q.is_empty() {
        return Err(Error::Question("the question is empty".into()));
    }
    let n = q.chars().count();
    if n > MAX_QUESTION_CHARS {
        return Err(Error::Question(format!(
            "{n} characters, more than the limit of {}",
            MAX_QUESTION_CHARS
        )));
    }
    Ok(q)
}

/// The one-shot baseline: the whole question as one retrieval slot.
pub fn one_shot(question: &str) -> Result<Plan> {
    let q = check_question(question)?;
    Ok(Plan {
        tasks: vec![Task {
            id: "q1".into(),
            kind: TaskKind::Retrieve,
            question: q.to_string(),
            constraints: Constraints::new(),
            output: Some(Output::Passage),
            op: None,
            depends_on: vec![],
        }],
    })
}

/// Decomposes a question into a plan.
pub fn decompose(question: &str, scope: &Scope, index: &Index) -> Result<Decomposition> {
    let q = check_question(question)?;
    let resolved = resolve_person(q, scope.user.as_deref());
    let mut b = Builder {
        index,
        years: index.has_meta_key("year"),
        today: scope.year(),
        default_year: None,
        types: index.entity_types().to_vec(),
        tasks: Vec::new(),
        retrievals: 0,
        computes: 0,
        notes: Vec::new(),
    };
    if resolved != q {
        b.notes.push(format!("first person resolved: {resolved}"));
    }
    let parts = clauses(&resolved);
    if parts.len() > 1 {
        b.notes.push(format!("split into {} clauses", parts.len()));
    }
    for clause in &parts {
        b.clause(clause);
    }
    if b.tasks.is_empty() {
        b.plain(&resolved);
    }
    Ok(Decomposition {
        plan: Plan { tasks: b.tasks },
        notes: b.notes,
    })
}

struct Builder<'a> {
    index: &'a Index,
    /// Whether the corpus carries `meta.year` (else temporal words stay text).
    years: bool,
    today: Option<i64>,
    /// The year an earlier clause set ("今年…"), inherited by later clauses.
    default_year: Option<i64>,
    types: Vec<String>,
    tasks: Vec<Task>,
    retrievals: usize,
    computes: usize,
    notes: Vec<String>,
}

/// A facet word found in a clause: byte range, metadata key, value.
struct Facet {
    start: usize,
    end: usize,
    key: String,
    value: String,
}

fn cut(text: &str, ranges: &[(usize, usize)]) -> String {
    let mut out = String::new();
    let mut pos = 0;
    let mut sorted = ranges.to_vec();
    crate::order::sort_by(&mut sorted, Ord::cmp);
    for (s, e) in sorted {
        if s >= pos {
            out.push_str(text.get(pos..s).unwrap_or(""));
            pos = e.max(pos);
        }
    }
    out.push_str(text.get(pos..).unwrap_or(""));
    tidy(&out)
}

fn tidy(text: &str) -> String {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    t.trim_matches(|c: char| c == ',' || c == '，' || c == ' ')
        .to_string()
}

fn slice(text: &str, r: (usize, usize)) -> &str {
    text.get(r.0..r.1).unwrap_or("")
}

/// Content words of a question (surface words minus stop words).
fn content_words(text: &str) -> Vec<String> {
    analyze::words(text)
        .into_iter()
        .map(|t| t.term)
        .filter(|w| !analyze::is_stop_word(w) && !"的了吗呢是也与和".contains(w.as_str()))
        .collect()
}

impl Builder<'_> {
    fn facets(&self, text: &str) -> Vec<Facet> {
        self.index
            .mentions_in(text)
            .into_iter()
            .filter_map(|m| {
                let e = self.index.entity(m.entity)?;
                let key = e.kind.as_str();
                let facet = key != DOC_TYPE && key != TITLE_TYPE && self.index.has_meta_key(key);
                facet.then(|| Facet {
                    start: m.start as usize,
                    end: m.end as usize,
                    key: key.to_string(),
                    value: e.id.clone(),
                })
            })
            .collect()
    }

    fn docs(&self, text: &str) -> Vec<(usize, usize, String)> {
        self.index
            .mentions_in(text)
            .into_iter()
            .filter_map(|m| {
                let e = self.index.entity(m.entity)?;
                (e.kind == DOC_TYPE).then(|| (m.start as usize, m.end as usize, e.id.clone()))
            })
            .collect()
    }

    fn temporals(&self, text: &str) -> Vec<Temporal> {
        if self.years {
            patterns::temporals(text, self.today)
        } else {
            Vec::new()
        }
    }

    /// Constraints and cleaned query text for a piece of a clause.
    fn constrain(&self, text: &str, year: Option<i64>) -> (String, Constraints) {
        let mut constraints = Constraints::new();
        for f in self.facets(text) {
            constraints.insert(f.key, f.value);
        }
        let temporals = self.temporals(text);
        let own = temporals.iter().find(|t| !t.baseline).map(|t| t.year);
        if let Some(y) = own.or(year) {
            constraints.insert("year".into(), y.to_string());
        }
        let ranges: Vec<(usize, usize)> = temporals.iter().map(|t| (t.start, t.end)).collect();
        (cut(text, &ranges), constraints)
    }

    fn next_id(&mut self, compute: bool) -> String {
        if compute {
            self.computes += 1;
            format!("c{}", self.computes)
        } else {
            self.retrievals += 1;
            format!("q{}", self.retrievals)
        }
    }

    /// Adds a retrieval task, or returns the existing one asking the same.
    fn retrieval(&mut self, question: String, constraints: Constraints, output: Output) -> String {
        let words = content_words(&question);
        let existing = self.tasks.iter().find(|t| {
            t.kind == TaskKind::Retrieve
                && t.depends_on.is_empty()
                && t.constraints == constraints
                && t.output.as_ref() == Some(&output)
                && {
                    let have = content_words(&t.question);
                    words.iter().all(|w| have.contains(w))
                }
        });
        if let Some(t) = existing {
            return t.id.clone();
        }
        self.push_retrieve(question, constraints, output, vec![])
    }

    /// Appends a retrieval task; returns its ID.
    fn push_retrieve(
        &mut self,
        question: String,
        constraints: Constraints,
        output: Output,
        depends_on: Vec<String>,
    ) -> String {
        let id = self.next_id(false);
        self.tasks.push(Task {
            id: id.clone(),
            kind: TaskKind::Retrieve,
            question,
            constraints,
            output: Some(output),
            op: None,
            depends_on,
        });
        id
    }

    fn compute(&mut self, question: &str, op: Op, mut inputs: Vec<String>) -> String {
        let id = self.next_id(true);
        let kind = if op == Op::Difference {
            TaskKind::Compute
        } else {
            TaskKind::Compare
        };
        let order = |t: &String| self.tasks.iter().position(|x| x.id == *t);
        if op == Op::Same {
            crate::order::sort_by(&mut inputs, |a, b| {
                order(a).cmp(&order(b)).then_with(|| a.cmp(b))
            });
        }
        self.tasks.push(Task {
            id: id.clone(),
            kind,
            question: tidy(question),
            constraints: Constraints::new(),
            output: Some(Output::Result),
            op: Some(op),
            depends_on: inputs,
        });
        id
    }

    fn clause(&mut self, clause: &str) {
        let temporals = self.temporals(clause);
        let own_year = temporals.iter().find(|t| !t.baseline).map(|t| t.year);
        if self.default_year.is_none() {
            self.default_year = own_year;
        }
        if let Some(r) = patterns::difference(clause, &temporals) {
            self.difference(clause, r, &temporals);
        } else if let Some((left, right)) = patterns::same_as(clause) {
            self.same(clause, left, right);
        } else if let Some(names) = self.compared_titles(clause) {
            self.compare_titles(clause, &names);
        } else if let Some((op, a, b)) = patterns::choice(clause) {
            self.choice(clause, op, a, b);
        } else if let Some((start, rel, kind)) = patterns::nested_entity(clause, &self.types) {
            let kind = kind.to_string();
            self.nested_entity(clause, start, rel, &kind);
        } else if !self.doc_reference(clause) {
            self.plain(clause);
        }
    }

    fn plain(&mut self, clause: &str) {
        let (text, constraints) = self.constrain(clause, self.default_year);
        let output = patterns::output_of(&text);
        let id = self.retrieval(text, constraints, output);
        self.notes.push(format!("{id}: {clause}"));
    }

    fn difference(&mut self, clause: &str, r: (usize, usize), temporals: &[Temporal]) {
        let Some(base) = temporals.iter().find(|t| t.baseline) else {
            return self.plain(clause);
        };
        let subject = cut(clause, &[r]);
        let year = temporals
            .iter()
            .find(|t| !t.baseline)
            .map(|t| t.year)
            .or(self.default_year)
            .or(self.today);
        let (text, constraints) = self.constrain(&subject, year);
        let output = patterns::output_of(&text);
        let mut baseline = constraints.clone();
        baseline.insert("year".into(), base.year.to_string());
        let a = self.retrieval(text.clone(), constraints, output.clone());
        let b = self.retrieval(text, baseline, output);
        let c = self.compute(clause, Op::Difference, vec![a.clone(), b.clone()]);
        self.notes
            .push(format!("{c}: difference of {a} and {b} ({clause})"));
    }

    fn same(&mut self, clause: &str, left: (usize, usize), right: (usize, usize)) {
        let left_text = slice(clause, left).to_string();
        let right_text = slice(clause, right).to_string();
        let left_facets = self.facets(&left_text);
        // The compared attribute is the left side without its facet words; the
        // right side names the other facet ("境内", "the domestic one").
        let attribute = cut(
            &left_text,
            &left_facets
                .iter()
                .map(|f| (f.start, f.end))
                .collect::<Vec<_>>(),
        );
        let right_facets = self.facets(&right_text);
        let right_question = if right_facets.is_empty() {
            format!("{right_text} {attribute}")
        } else {
            let names: Vec<&str> = right_facets
                .iter()
                .map(|f| slice(&right_text, (f.start, f.end)))
                .collect();
            let joiner = if attribute.starts_with('的') || !attribute.is_ascii() {
                ""
            } else {
                " "
            };
            format!("{}{joiner}{attribute}", names.join(" "))
        };
        let (lq, lc) = self.constrain(&left_text, self.default_year);
        let (rq, rc) = self.constrain(&right_question, self.default_year);
        let output = patterns::output_of(&lq);
        let l = self.retrieval(lq, lc, output.clone());
        let r = self.retrieval(rq, rc, output);
        let c = self.compute(clause, Op::Same, vec![l.clone(), r.clone()]);
        self.notes
            .push(format!("{c}: is {l} the same as {r} ({clause})"));
    }

    fn choice(&mut self, clause: &str, op: Op, a: (usize, usize), b: (usize, usize)) {
        let start = a.0.min(b.0);
        let predicate = slice(clause, (0, start))
            .trim_end_matches([',', ' '])
            .to_string();
        let mut ids = Vec::new();
        for r in [a, b] {
            let name = tidy(slice(clause, r));
            let (text, constraints) =
                self.constrain(&format!("{name} {predicate}"), self.default_year);
            ids.push(self.retrieval(text, constraints, Output::Passage));
        }
        let c = self.compute(clause, op, ids.clone());
        self.notes
            .push(format!("{c}: {} of {}", op.name(), ids.join(", ")));
    }

    /// Two or more passage titles named in a comparison ("Were A and B of
    /// the same nationality?", "Which is older, A or B?"): their ranges.
    fn compared_titles(&self, clause: &str) -> Option<Vec<(usize, usize)>> {
        if !patterns::compares(clause) {
            return None;
        }
        let mut names: Vec<(usize, usize)> = Vec::new();
        for m in self.index.mentions_in(clause) {
            let title = self.index.is_title(m.entity);
            let range = (m.start as usize, m.end as usize);
            if title && !names.contains(&range) {
                names.push(range);
            }
        }
        (names.len() >= 2).then_some(names)
    }

    /// One slot per compared title (the clause minus the other titles), plus
    /// a compare task when the clause says how to compare.
    fn compare_titles(&mut self, clause: &str, names: &[(usize, usize)]) {
        let mut ids = Vec::new();
        for i in 0..names.len() {
            let others: Vec<(usize, usize)> = names
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, r)| *r)
                .collect();
            let text = cut(clause, &others);
            let (text, constraints) = self.constrain(&text, self.default_year);
            ids.push(self.retrieval(text, constraints, Output::Passage));
        }
        match patterns::op_of(clause) {
            Some(op) if op != Op::Difference => {
                let c = self.compute(clause, op, ids.clone());
                self.notes
                    .push(format!("{c}: {} of {}", op.name(), ids.join(", ")));
            }
            _ => self
                .notes
                .push(format!("compared titles: {}", ids.join(", "))),
        }
    }

    fn nested_entity(&mut self, clause: &str, start: usize, rel: usize, kind: &str) {
        let relative = tidy(clause.get(rel..).unwrap_or("").trim_end_matches(['?', '.']));
        let name = kind.replace('_', " ");
        let id = self.next_id(false);
        self.tasks.push(Task {
            id: id.clone(),
            kind: TaskKind::Follow,
            question: format!("which {name} {relative}?"),
            constraints: Constraints::new(),
            output: Some(Output::Entity {
                entity_type: Some(kind.to_string()),
            }),
            op: None,
            depends_on: vec![],
        });
        let head = clause.get(..start).unwrap_or("");
        let main = format!("{head}{}?", placeholder(&id));
        let (text, constraints) = self.constrain(&main, self.default_year);
        let next = self.dependant(&id, text, constraints);
        self.notes.push(format!(
            "{id} → {next}: the {name} is found first, then used ({clause})"
        ));
    }

    /// Adds the retrieval that uses follow step `on`'s value; returns its ID.
    fn dependant(&mut self, on: &str, question: String, constraints: Constraints) -> String {
        let output = patterns::output_of(&question);
        self.push_retrieve(question, constraints, output, vec![on.to_string()])
    }

    fn doc_reference(&mut self, clause: &str) -> bool {
        let found = self
            .docs(clause)
            .into_iter()
            .find_map(|(s, e, doc)| patterns::doc_reference(clause, s, e).map(|r| (r, doc)));
        let Some((r, doc)) = found else {
            return false;
        };
        let noun = tidy(slice(clause, r.noun));
        let id = self.next_id(false);
        let mut constraints = Constraints::new();
        constraints.insert("doc".into(), doc.clone());
        self.tasks.push(Task {
            id: id.clone(),
            kind: TaskKind::Follow,
            question: noun.clone(),
            constraints,
            output: Some(Output::Document),
            op: None,
            depends_on: vec![],
        });
        // What is asked of the referenced document: the clause with the
        // referring phrase reduced to the noun it names.
        let rest = tidy(&format!(
            "{}{noun}{}",
            clause.get(..r.phrase.0).unwrap_or(""),
            clause.get(r.phrase.1..).unwrap_or("")
        ));
        let (text, mut constraints) = self.constrain(&rest, self.default_year);
        constraints.insert("doc".into(), placeholder(&id));
        let next = self.dependant(&id, text, constraints);
        self.notes.push(format!(
            "{id} → {next}: the document {doc} references ({noun}) is read first"
        ));
        true
    }
}
