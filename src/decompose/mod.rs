//! Stage 3 — decompose: question → plan, by rules (no model call).
//!
//! Resolves first person to `scope.user`, splits compound questions
//! ([`split`]), maps temporal words to `meta.year` and catalog facet words (an
//! entity whose type is a metadata key, e.g. 境内 → `travel_scope=domestic`)
//! to constraints, turns differences and sameness into compute tasks over
//! retrieval tasks ([`compute`]), comparisons of named things into one slot
//! per thing plus a compare step ([`compare`]), and nested references — a
//! typed catalog entity ("the service that …"), a referenced document ("DOC
//! 指定的 X"), an open-text description ("the drummer from the album X") —
//! into follow steps whose span-backed output feeds the next step ([`chain`]).
//! A later part's pronoun ([`refer`]) or bare "the X" ([`definite`]) is read
//! from the part before.
//!
//! Guarantees: a simple question yields exactly one task; constraints are
//! only set on metadata keys the index actually carries; a sub-question asked
//! twice (same words, same constraints) becomes one task, but never one that
//! already answers another clause; every clause of the question ends as a
//! part of the plan, as a note saying which part already asks it, or as an
//! [`Unplanned`] part with the reason (a relative year with no
//! `scope.today`) — nothing is dropped silently.

mod chain;
mod compare;
mod compute;
mod contractions;
mod deadline;
mod definite;
pub mod frame;
mod greeting;
pub mod listed;
mod nested;
mod patterns;
pub mod polar;
mod possessive;
mod recase;
mod refer;
mod relative;
mod split;
mod typos;
mod variants;

pub use patterns::{op_of, output_of};
pub use split::{clauses, resolve_person, user_as_name};

use crate::analyze;
use crate::compute::date::Date;
use crate::error::{Error, Result, MAX_QUESTION_CHARS};
use crate::index::{Index, Mention};
use crate::model::{
    Constraints, Op, Output, Plan, Scope, Task, TaskKind, DOC_TYPE, SCOPE_VALUE_FIELDS, TITLE_TYPE,
};
use patterns::Temporal;
use std::cell::RefCell;

/// A clause that could not become a task, with the reason; it is reported as
/// a part in state `error`.
#[derive(Debug, Clone, PartialEq)]
pub struct Unplanned {
    /// Where the part belongs among the plan's tasks (the number of tasks
    /// planned before it).
    pub at: usize,
    pub clause: String,
    pub reason: String,
}

/// A plan, the notes that explain it (they go into the report's trace), and
/// the clauses that could not be planned.
#[derive(Debug, Clone, PartialEq)]
pub struct Decomposition {
    pub plan: Plan,
    pub notes: Vec<String>,
    pub unplanned: Vec<Unplanned>,
}

/// True when `word` (lowercase) ties a description's head to its anchor in
/// a follow step's question ("the filmmaker *behind* Salt Roads").
pub fn links_description(word: &str) -> bool {
    nested::PREPOSITIONS.contains(&word)
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

/// A retrieval task with no dependencies.
fn retrieve_task(id: String, question: String, constraints: Constraints, output: Output) -> Task {
    Task {
        id,
        kind: TaskKind::Retrieve,
        question,
        constraints,
        output: Some(output),
        op: None,
        depends_on: vec![],
        label: None,
    }
}

/// The one-shot baseline: the whole question as one retrieval slot.
pub fn one_shot(question: &str) -> Result<Plan> {
    let q = check_question(question)?;
    Ok(Plan {
        tasks: vec![retrieve_task(
            "q1".into(),
            q.to_string(),
            Constraints::new(),
            Output::Passage,
        )],
    })
}

/// True when a clause has no word that can ask anything: single letters
/// or digits alone, as a stray key after the question mark leaves ("…?i,",
/// "? x"). A Chinese character is a word; so is every word of two letters
/// or more, stop words too ("where are they from?").
fn asks_nothing(clause: &str) -> bool {
    analyze::words(clause)
        .iter()
        .all(|t| t.term.chars().count() < 2 && !t.term.chars().any(analyze::is_cjk))
}

/// Decomposes a question into a plan.
pub fn decompose(question: &str, scope: &Scope, index: &Index) -> Result<Decomposition> {
    let q = check_question(question)?;
    scope.check()?;
    let greeted = greeting::strip(q);
    let contracted = contractions::expand(greeted);
    // A corpus writes a word in a passage, or names it in its catalog (an
    // environment only the passages' metadata gives).
    let writes = |word: &str| {
        analyze::terms(word)
            .first()
            .is_some_and(|t| index.df(&t.term) > 0)
            || index
                .mentions_in(word)
                .iter()
                .any(|m| m.start == 0 && m.end as usize == word.len())
    };
    let typed = recase::recase(
        &variants::expand(&typos::correct(&contracted, writes), writes),
        index,
    );
    let resolved = resolve_person(&typed, scope.user.as_deref());
    // The limit holds for the question as planned, after `scope.user` went in.
    let n = resolved.chars().count();
    if n > MAX_QUESTION_CHARS {
        return Err(Error::Question(format!(
            "{n} characters once first person is replaced by scope.user, more than the limit of {MAX_QUESTION_CHARS}"
        )));
    }
    let mut b = Builder {
        index,
        mentions: Default::default(),
        years: index.has_meta_key("year"),
        today: scope.year(),
        today_date: scope.today.as_deref().and_then(Date::parse),
        default_year: None,
        year_set: None,
        types: index.entity_types().to_vec(),
        tasks: Vec::new(),
        answers: Vec::new(),
        verified: Vec::new(),
        label: String::new(),
        scope: Constraints::new(),
        retrievals: 0,
        computes: 0,
        notes: Vec::new(),
        unplanned: Vec::new(),
    };
    if greeted != q {
        b.notes.push(format!("greeting dropped: {greeted}"));
    }
    if contracted != greeted {
        b.notes
            .push(format!("contractions written out: {contracted}"));
    }
    if typed != contracted {
        b.notes
            .push(format!("words written as the corpus writes them: {typed}"));
    }
    if resolved != typed {
        b.notes.push(format!("first person resolved: {resolved}"));
    }
    let parts = clauses(&resolved);
    if parts.len() > 1 {
        b.notes.push(format!("split into {} clauses", parts.len()));
    }
    for (n, clause) in parts.iter().enumerate() {
        if parts.len() > 1 && asks_nothing(clause) {
            b.notes
                .push(format!("clause {} asks nothing: {clause}", n + 1));
            continue;
        }
        let topic = split::topic_last(clause);
        if let Some(t) = &topic {
            b.notes.push(format!("topic asked at the end: {t}"));
        }
        let clause = topic.as_ref().unwrap_or(clause);
        let before = b.tasks.len();
        let unplanned = b.unplanned.len();
        b.label = clause.clone();
        let read = b.refer(clause, n.checked_sub(1).and_then(|p| parts.get(p)));
        b.clause(read.as_deref().unwrap_or(clause));
        if b.tasks.len() == before && b.unplanned.len() == unplanned {
            b.notes.push(format!(
                "clause {} asks what an earlier part asks: {clause}",
                n + 1
            ));
        }
    }
    if b.tasks.is_empty() && b.unplanned.is_empty() {
        b.label = resolved.clone();
        b.plain(&resolved);
    }
    Ok(Decomposition {
        plan: Plan { tasks: b.tasks },
        notes: b.notes,
        unplanned: b.unplanned,
    })
}

struct Builder<'a> {
    index: &'a Index,
    /// The catalog's mentions in each text looked up so far
    /// ([`Builder::mentions_in`]).
    mentions: RefCell<litemap::LiteMap<String, Vec<Mention>>>,
    /// Whether the corpus carries `meta.year` (else temporal words stay text).
    years: bool,
    today: Option<i64>,
    /// `scope.today` as a date: relative days count back from it.
    today_date: Option<Date>,
    /// The year the clause is asked of: its own, or the one an earlier
    /// clause about the same thing set ("今年…").
    default_year: Option<i64>,
    /// The first year a clause named, with that clause's content words.
    year_set: Option<(i64, Vec<String>)>,
    types: Vec<String>,
    tasks: Vec<Task>,
    /// Tasks that answer a clause: never reused as another's input.
    answers: Vec<String>,
    /// Each proposal's verification on the proposed thing's own page, as
    /// (verification, proposal): a later step that names the proposal
    /// waits for its verification too.
    verified: Vec<(String, String)>,
    /// The clause being planned (each of its tasks carries it).
    label: String,
    /// The scope values the clause names ("in staging"): constraints of
    /// each of its steps.
    scope: Constraints,
    retrievals: usize,
    computes: usize,
    notes: Vec<String>,
    unplanned: Vec<Unplanned>,
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
    // No space is left before the punctuation that followed a cut phrase
    // ("the rule for gateway-west ?").
    let mut tidied = tidy(&out);
    for mark in ['?', '.', ',', '!', ';', ':', '？'] {
        tidied = tidied.replace(&format!(" {mark}"), &mark.to_string());
    }
    tidied
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
    /// [`Index::mentions_in`], each text looked up once: the rules look up
    /// the same clause and the same names again and again (over the fuzzer's
    /// corpus of questions, each text 4.6 times). The index does not change
    /// while a question is planned, and looking a text up again would record
    /// the same missing parts of a bundle.
    fn mentions_in(&self, text: &str) -> Vec<Mention> {
        let known = self
            .mentions
            .try_borrow()
            .ok()
            .and_then(|known| known.get(text).cloned());
        if let Some(mentions) = known {
            return mentions;
        }
        let mentions = self.index.mentions_in(text);
        if let Ok(mut known) = self.mentions.try_borrow_mut() {
            known.insert(text.to_string(), mentions.clone());
        }
        mentions
    }

    fn facets(&self, text: &str) -> Vec<Facet> {
        self.mentions_in(text)
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
        // A year goes with the preposition that introduces it ("paid *in
        // 2026*"): the question reads on without a dangling "in".
        let mut ranges: Vec<(usize, usize)> = temporals
            .iter()
            .map(|t| {
                let numeric = text
                    .get(t.start..t.end)
                    .is_some_and(|y| y.starts_with(|c: char| c.is_ascii_digit()));
                let head = text.get(..t.start).unwrap_or("").to_ascii_lowercase();
                let preposition = ["in ", "during "]
                    .iter()
                    .find(|p| numeric && head.strip_suffix(*p).is_some_and(|h| h.ends_with(' ')))
                    .map_or(0, |p| p.len());
                (t.start.saturating_sub(preposition), t.end)
            })
            .collect();
        // A revision asked by its ID ("in revision r7") is a constraint: the
        // passages of that revision answer, superseded or not.
        if self.index.has_meta_key("revision") {
            if let Some((start, end, id)) = patterns::revision(text) {
                constraints.insert("revision".into(), id);
                ranges.push((start, end));
            }
        }
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

    /// Appends a task carrying the current clause as its label. A task
    /// depends on every step its question names ("when was {q1} born?", a
    /// part waiting for an earlier part's answer), as a valid plan must.
    fn push(&mut self, mut task: Task) -> String {
        task.label = Some(self.label.clone());
        if matches!(task.kind, TaskKind::Retrieve | TaskKind::Follow) {
            task.constraints = self.scoped(std::mem::take(&mut task.constraints));
        }
        for id in crate::plan::placeholders(&task.question) {
            let verification = self
                .verified
                .iter()
                .find(|(_, proposal)| *proposal == id)
                .map(|(v, _)| v.clone());
            for on in std::iter::once(id).chain(verification) {
                if !task.depends_on.contains(&on) {
                    task.depends_on.push(on);
                }
            }
        }
        let id = task.id.clone();
        self.tasks.push(task);
        id
    }

    /// Adds a retrieval task, or returns the existing one asking the same
    /// (never one that answers another clause).
    fn retrieval(&mut self, question: String, constraints: Constraints, output: Output) -> String {
        let constraints = self.scoped(constraints);
        let words = content_words(&question);
        let existing = self.tasks.iter().find(|t| {
            t.kind == TaskKind::Retrieve
                && t.depends_on.is_empty()
                && !self.answers.contains(&t.id)
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
        let id = self.next_id(false);
        self.push(retrieve_task(id, question, constraints, output))
    }

    /// Appends a retrieval task that depends on earlier ones; returns its ID.
    fn dependant(&mut self, question: String, constraints: Constraints, on: Vec<String>) -> String {
        let output = patterns::output_of(&question);
        let id = self.next_id(false);
        let mut task = retrieve_task(id, question, constraints, output);
        task.depends_on = on;
        self.push(task)
    }

    fn compute(&mut self, question: &str, op: Op, inputs: Vec<String>) -> String {
        self.compute_given(question, op, inputs, Constraints::new())
    }

    /// A compute or compare task with what the question gives it besides
    /// its inputs (`after`'s date: `{"from", "event"}`).
    fn compute_given(
        &mut self,
        question: &str,
        op: Op,
        mut inputs: Vec<String>,
        given: Constraints,
    ) -> String {
        let id = self.next_id(true);
        let kind = if matches!(op, Op::Difference | Op::After) {
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
        self.push(Task {
            id,
            kind,
            question: tidy(question),
            constraints: given,
            output: Some(Output::Result),
            op: Some(op),
            depends_on: inputs,
            label: None,
        })
    }

    /// Records that a task answers the current clause.
    fn answers(&mut self, id: &str) {
        self.answers.push(id.to_string());
    }

    /// A clause that cannot be planned: reported as an `error` part.
    fn unplanned(&mut self, clause: &str, reason: String) {
        self.notes.push(format!("not planned: {clause} ({reason})"));
        self.unplanned.push(Unplanned {
            at: self.tasks.len(),
            clause: clause.to_string(),
            reason,
        });
    }

    /// The scope values the clause names ("the rollback rule in staging"),
    /// cut from it: they live in metadata, not in the text ("production"
    /// is written by no passage), and they hold for every step of the
    /// clause ([`Builder::scoped`]). A clause that names two values of one
    /// field ("the production rule for the service rolled back in staging")
    /// gives each to a different step, which a clause-wide constraint
    /// cannot say: both stay words of the clause.
    fn scope_values(&mut self, clause: &str) -> String {
        let named: Vec<_> = self
            .facets(clause)
            .into_iter()
            .filter(|f| SCOPE_VALUE_FIELDS.contains(&f.key.as_str()))
            .collect();
        let mut ranges = Vec::new();
        self.scope = Constraints::new();
        for f in &named {
            if named.iter().all(|g| g.key != f.key || g.value == f.value) {
                ranges.push(patterns::scope_phrase(clause, f.start, f.end));
                self.scope.insert(f.key.clone(), f.value.clone());
            }
        }
        if ranges.is_empty() {
            return clause.to_string();
        }
        let cut = cut(clause, &ranges);
        self.notes.push(format!(
            "scope named in the question: {} ({cut})",
            self.scope
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        cut
    }

    /// A step's constraints with the clause's scope values added.
    fn scoped(&self, mut constraints: Constraints) -> Constraints {
        for (k, v) in self.scope.iter() {
            if !constraints.contains_key(k) {
                constraints.insert(k.clone(), v.clone());
            }
        }
        constraints
    }

    fn clause(&mut self, clause: &str) {
        let clause = &self.scope_values(clause);
        if self.years && self.today.is_none() {
            if let Some(word) = patterns::relative_year(clause) {
                let reason = format!("relative year: \"{word}\" needs scope.today");
                return self.unplanned(clause, reason);
            }
        }
        if deadline::asks_date(clause) {
            // The date it gives is no policy year.
            self.year_of(clause, None);
            if let Some(given) = deadline::given(clause, self.today_date) {
                return match self.deadline(clause, given) {
                    Ok(id) => self.answers(&id),
                    Err(reason) => self.unplanned(clause, reason),
                };
            }
        }
        // People described by a possessive and compared ("the Tidewalkers'
        // lead singer or their drummer") are described with "of".
        let of_form = patterns::compares(clause)
            .then(|| possessive::of_form(clause))
            .flatten();
        if let Some(of_form) = &of_form {
            self.notes
                .push(format!("possessive roles read with \"of\": {of_form}"));
        }
        let clause = of_form.as_deref().unwrap_or(clause);
        let temporals = self.temporals(clause);
        let own_year = temporals.iter().find(|t| !t.baseline).map(|t| t.year);
        self.year_of(clause, own_year);
        let answer = if let Some(r) = patterns::difference(clause, &temporals) {
            self.difference(clause, r, &temporals)
        } else if let Some((a, b)) = patterns::gap(clause) {
            Some(self.gap(clause, a, b))
        } else if let Some(id) = self.change_of_parts(clause) {
            Some(id)
        } else if let Some((left, right)) = patterns::same_as(clause) {
            self.same(clause, left, right)
        } else if let Some(id) = self.comparison(clause) {
            Some(id)
        } else if self.distributed(clause) {
            return;
        } else {
            self.nested(clause)
        };
        match answer {
            Some(id) => self.answers(&id),
            None => self.plain(clause),
        }
    }

    /// Sets the year `clause` is asked of ([`Builder::default_year`]): the
    /// first year a clause names holds for that clause and for later ones
    /// about the same thing (a content word in common: "…this year's
    /// domestic claim deadline? How soon are domestic claims paid?"), not
    /// for one about another ("…, and the restocking fee?"), whose passages
    /// may carry no year.
    fn year_of(&mut self, clause: &str, own: Option<i64>) {
        // What the clause is about: its content words but a request's verb
        // ("Give me …").
        let about = |text: &str| -> Vec<String> {
            content_words(text)
                .into_iter()
                .filter(|w| !split::REQUESTS.contains(&w.as_str()))
                .collect()
        };
        if let (Some(year), None) = (own, &self.year_set) {
            self.year_set = Some((year, about(clause)));
        }
        self.default_year = match (own, &self.year_set) {
            (Some(_), Some((first, _))) => Some(*first),
            (None, Some((first, words))) => about(clause)
                .iter()
                .any(|w| words.contains(w))
                .then_some(*first),
            (_, None) => None,
        };
    }

    /// `clause` with its pronoun put in for what it refers to in the part
    /// before ([`refer`]): that part's one name, or its answer's `{id}`.
    fn refer(&mut self, clause: &str, before: Option<&String>) -> Option<String> {
        if let Some(read) = refer::ellipsis(clause, before?) {
            self.notes.push(format!(
                "what the part leaves out read from the part before: {read}"
            ));
            return Some(read);
        }
        let Some(p) = refer::pronoun(clause, &self.types) else {
            return self.definite(clause, before?);
        };
        // "that service" is the service a step found, also when a part
        // between asks something else ("Which service failed …, when did
        // the orchestrator give up, and what is that service's rule?").
        if let Some(found) = p.same.then(|| self.found_of_type(clause, &p)).flatten() {
            let read = refer::replace(clause, &p, &crate::plan::placeholder(&found));
            self.notes
                .push(format!("a pronoun read from an earlier part: {read}"));
            return Some(read);
        }
        let what = match refer::referent(&p, before?)? {
            refer::Referent::Name(n) => n,
            // Where the catalog declares what things are (services), only
            // a step that finds one can be put in for "it": an answer that
            // is a passage ("which service's canary was rolled back …?",
            // answered by the log) names none. (On open text a passage's
            // answer is a page's title; a person is read off the passage
            // that answers "who …?".)
            refer::Referent::Answer { person } => {
                let last = self.answers.last()?;
                // A proposal verified on its own page: the later part asks
                // about the proposed thing (and waits for its verification).
                let last = self
                    .verified
                    .iter()
                    .find(|(v, _)| v == last)
                    .map_or(last, |(_, proposal)| proposal);
                let thing = self
                    .tasks
                    .iter()
                    .any(|t| t.id == *last && matches!(t.output, Some(Output::Entity { .. })));
                // Nor can a passage stand for "that band" or "the same
                // company" (the words stay as they are), unless the part
                // before asks for a person, whom its passage names ("Who
                // directed …, and where did this filmmaker study?").
                if !thing && !p.personal && !person && (!self.types.is_empty() || p.same) {
                    return None;
                }
                crate::plan::placeholder(last)
            }
        };
        let read = refer::replace(clause, &p, &what);
        self.notes
            .push(format!("a pronoun read from the part before: {read}"));
        Some(read)
    }

    /// The latest step that finds an entity of the catalog type the phrase
    /// `p` ends with ("that *service*"); `None` for a noun that is no
    /// catalog type.
    fn found_of_type(&self, clause: &str, p: &refer::Pronoun) -> Option<String> {
        let noun = clause.get(p.start..p.end)?.split_whitespace().last()?;
        let kind = self.types.iter().find(|t| *t == noun)?;
        self.tasks
            .iter()
            .rev()
            .find(
                |t| matches!(&t.output, Some(Output::Entity { entity_type: Some(e) }) if e == kind),
            )
            .map(|t| t.id.clone())
    }

    /// `clause` with its bare "the X" written with the name the part
    /// before gives X ([`definite`]), when the clause names nothing.
    fn definite(&mut self, clause: &str, before: &str) -> Option<String> {
        if !self.mentions_in(clause).is_empty() {
            return None;
        }
        let names: Vec<(usize, usize)> = self
            .mentions_in(before)
            .iter()
            .map(|m| (m.start as usize, m.end as usize))
            .collect();
        let read = definite::named(clause, before, &names)?;
        self.notes
            .push(format!("a noun named as the part before names it: {read}"));
        Some(read)
    }

    fn plain(&mut self, clause: &str) {
        let (text, constraints) = self.constrain(clause, self.default_year);
        let output = patterns::output_of(&text);
        let id = self.retrieval(text, constraints, output);
        self.answers(&id);
        self.notes.push(format!("{id}: {clause}"));
    }
}

#[cfg(test)]
mod tests {
    use super::asks_nothing;

    #[test]
    fn only_single_letters_or_digits_ask_nothing() {
        for stray in ["i", "i,", " x ", "a.", "2", "x y", ",", ""] {
            assert!(asks_nothing(stray), "{stray:?}");
        }
        for asks in ["where are they from?", "cash?", "Is it?", "42", "吗", "ok"] {
            assert!(!asks_nothing(asks), "{asks:?}");
        }
    }
}
