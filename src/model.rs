//! The shared vocabulary of every stage: passages and their metadata, the entity
//! catalog, the scope of a request, plans of tasks, and the report of slots.
//!
//! These types are what the index stores, what a host sends (plans, scopes,
//! options) and what a host receives (reports). Their serde derives are the
//! public JSON form the README documents: fields in declaration order, an
//! absent optional field left out rather than written as `null`. The CLI
//! writes them with serde_json and the wasm module with serde-wasm-bindgen,
//! and both read input through [`crate::input`], so the two accept the same
//! input, refuse it with the same message and give identical reports.
//!
//! Guarantees for input: an unknown field is refused (`deny_unknown_fields`),
//! and a `null` field counts as absent.

use serde::{Deserialize, Deserializer, Serialize};

/// One metadata value of a passage: a string, a number, a flag or a list of strings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MetaValue {
    Bool(bool),
    Int(i64),
    Num(f64),
    Str(String),
    List(Vec<String>),
}

impl MetaValue {
    /// True when this value equals `want` (numbers compare by their decimal
    /// form, lists by membership), the rule every metadata filter uses.
    pub fn matches(&self, want: &str) -> bool {
        match self {
            MetaValue::Bool(b) => want.eq_ignore_ascii_case(if *b { "true" } else { "false" }),
            MetaValue::Int(i) => want.trim().parse::<i64>().is_ok_and(|w| w == *i),
            MetaValue::Num(n) => {
                crate::compute::number::parse_decimal(want).is_some_and(|w| w == *n)
            }
            MetaValue::Str(s) => s.eq_ignore_ascii_case(want.trim()),
            MetaValue::List(items) => items.iter().any(|s| s.eq_ignore_ascii_case(want.trim())),
        }
    }

    /// The value as one string, when it is a scalar.
    pub fn as_text(&self) -> Option<String> {
        match self {
            MetaValue::Bool(b) => Some(b.to_string()),
            MetaValue::Int(i) => Some(i.to_string()),
            MetaValue::Num(n) => Some(crate::compute::number::format_amount(*n)),
            MetaValue::Str(s) => Some(s.clone()),
            MetaValue::List(_) => None,
        }
    }

    /// Every string this value carries (a scalar gives one).
    pub fn items(&self) -> Vec<String> {
        match self {
            MetaValue::List(items) => items.clone(),
            other => other.as_text().into_iter().collect(),
        }
    }
}

/// Per-passage metadata. Reserved keys: `entities`, `doc`, `year`,
/// `environment`, `region`, `revision`, `status`, `access`, `slot`; every other
/// key is a free filter attribute.
pub type Meta = litemap::LiteMap<String, MetaValue>;

/// The scope fields a passage's metadata and a request both carry, other
/// than access: a passage outside the request's value is not read, and a
/// question that names a value ("in staging") narrows its parts to that
/// value too (it cannot widen the request's).
pub const SCOPE_VALUE_FIELDS: [&str; 2] = ["environment", "region"];

/// The access level of a passage that carries none.
pub const DEFAULT_ACCESS: &str = "public";

/// One unit of retrievable text (a paragraph, a section, a memory).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Passage {
    pub id: String,
    #[serde(default)]
    pub title: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    #[serde(default, serialize_with = "as_object")]
    pub meta: Meta,
}

impl Passage {
    /// A passage with no URL, language or metadata.
    pub fn new(id: impl Into<String>, title: impl Into<String>, text: impl Into<String>) -> Self {
        Passage {
            id: id.into(),
            title: title.into(),
            text: text.into(),
            url: None,
            lang: None,
            meta: Meta::new(),
        }
    }

    /// A scalar metadata field as a string.
    pub fn meta_str(&self, key: &str) -> Option<String> {
        self.meta.get(key).and_then(MetaValue::as_text)
    }

    /// True when `meta.status` marks this passage as superseded.
    pub fn is_superseded(&self) -> bool {
        self.meta_str("status")
            .is_some_and(|s| s.eq_ignore_ascii_case("superseded"))
    }

    /// True when both passages are sections of one page: their URLs agree
    /// up to the fragment ("/upgrade/" and "/upgrade/#upgrade-the-agents").
    /// Passages without a URL are of no page.
    pub fn same_page(&self, other: &Passage) -> bool {
        fn page(p: &Passage) -> Option<&str> {
            p.url
                .as_deref()
                .map(|u| u.split_once('#').map_or(u, |(page, _)| page))
        }
        page(self).is_some() && page(self) == page(other)
    }

    /// Canonical entity IDs listed in `meta.entities`.
    pub fn meta_entities(&self) -> Vec<String> {
        self.meta
            .get("entities")
            .map(MetaValue::items)
            .unwrap_or_default()
    }
}

/// A catalog entry: a canonical ID, its type and the surface forms that name it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub aliases: Vec<String>,
}

/// Entity type given to every passage title.
pub const TITLE_TYPE: &str = "title";
/// Entity type of a thing a passage names that has no page of its own
/// ("the producer Anna Brodie"): its ID is the name as written.
pub const NAME_TYPE: &str = "name";
/// Entity type given to every `meta.doc` value.
pub const DOC_TYPE: &str = "doc";

/// Who asks and what they may see.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scope {
    /// The account holder: first person in a question resolves to this name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// Access levels this request may read (one level may be given as a
    /// plain string).
    #[serde(deserialize_with = "access_levels")]
    pub access: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// The current date, `YYYY-MM-DD`; temporal words resolve against it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub today: Option<String>,
}

impl Default for Scope {
    fn default() -> Self {
        Scope {
            user: None,
            access: vec![DEFAULT_ACCESS.to_string()],
            environment: None,
            region: None,
            today: None,
        }
    }
}

/// A scope's `access`: one level, a list of them, or `null` (the default).
fn access_levels<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Vec<String>, D::Error> {
    struct Levels;
    impl<'de> serde::de::Visitor<'de> for Levels {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an access level or a list of them")
        }
        fn visit_str<E: serde::de::Error>(
            self,
            level: &str,
        ) -> std::result::Result<Self::Value, E> {
            Ok(vec![level.to_string()])
        }
        fn visit_unit<E: serde::de::Error>(self) -> std::result::Result<Self::Value, E> {
            Ok(Scope::default().access)
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> std::result::Result<Self::Value, A::Error> {
            let mut levels = Vec::new();
            while let Some(level) = seq.next_element::<String>()? {
                levels.push(level);
            }
            Ok(levels)
        }
    }
    d.deserialize_any(Levels)
}

/// A map as a JSON object, also when it is empty (litemap's own
/// `Serialize` writes an empty map as a list).
pub fn as_object<S, K, V>(
    map: &litemap::LiteMap<K, V>,
    s: S,
) -> std::result::Result<S::Ok, S::Error>
where
    S: serde::Serializer,
    K: Serialize,
    V: Serialize,
{
    s.collect_map(map.iter())
}

/// A field whose `null` counts as absent: the type's default.
pub fn null_as_default<'de, D, T>(d: D) -> std::result::Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

impl Scope {
    /// True when this scope may read the passage: its `meta.access` level
    /// (`public` when absent; any one of a list) is among `access`. Reads
    /// the level in place — this runs for every candidate of every search.
    pub fn may_read(&self, p: &Passage) -> bool {
        match p.meta.get("access") {
            None => self.allows(DEFAULT_ACCESS),
            Some(MetaValue::Str(level)) => self.allows(level),
            Some(MetaValue::List(levels)) => levels.iter().any(|l| self.allows(l)),
            Some(other) => other.as_text().is_some_and(|t| self.allows(&t)),
        }
    }

    /// True when a passage at `level` may be read under this scope.
    pub fn allows(&self, level: &str) -> bool {
        self.access.iter().any(|a| a.eq_ignore_ascii_case(level))
    }

    /// Rejects a malformed `today` and a `user` longer than
    /// [`crate::error::MAX_USER_CHARS`].
    pub fn check(&self) -> crate::Result<()> {
        let max = crate::error::MAX_USER_CHARS;
        if let Some(n) = self.user.as_ref().map(|u| u.chars().count()) {
            if n > max {
                return Err(crate::Error::Scope(format!(
                    "user: {n} characters, more than the limit of {max}"
                )));
            }
        }
        if let Some(today) = &self.today {
            let ok = today.len() == 10
                && today.char_indices().all(|(i, c)| {
                    if i == 4 || i == 7 {
                        c == '-'
                    } else {
                        c.is_ascii_digit()
                    }
                });
            if !ok {
                return Err(crate::Error::Scope(format!(
                    "today must be YYYY-MM-DD, got \"{today}\""
                )));
            }
        }
        Ok(())
    }

    /// The year of `today`, when it is set and well formed.
    pub fn year(&self) -> Option<i64> {
        let today = self.today.as_deref()?;
        let year = today.get(..4)?;
        year.parse().ok()
    }
}

/// What a task does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaskKind {
    /// Find evidence for a sub-question.
    Retrieve,
    /// Find evidence and extract an entity or document ID that later steps use.
    Follow,
    /// Compare the values of earlier tasks (same / which one).
    Compare,
    /// Calculate from the values of earlier tasks (a difference).
    Compute,
}

impl TaskKind {
    pub const ALL: [TaskKind; 4] = [
        TaskKind::Retrieve,
        TaskKind::Follow,
        TaskKind::Compare,
        TaskKind::Compute,
    ];

    /// The kind's name as it appears in JSON.
    pub fn name(self) -> &'static str {
        match self {
            TaskKind::Retrieve => "retrieve",
            TaskKind::Follow => "follow",
            TaskKind::Compare => "compare",
            TaskKind::Compute => "compute",
        }
    }

    /// Retrieval kinds read the index; the others only read earlier values.
    pub fn retrieves(self) -> bool {
        matches!(self, TaskKind::Retrieve | TaskKind::Follow)
    }
}

/// The operation of a compare or compute task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// First input minus second input ("shorter than last year by how much").
    Difference,
    /// Whether two inputs are the same ("the same as", "也与…一样吗").
    Same,
    /// The earlier (smaller) of the inputs ("which is older, A or B").
    Earliest,
    /// The later (larger) of the inputs ("which is newer", "more species").
    Latest,
    /// Whether every input is what the question says ("Are A and B both
    /// magazines?").
    Both,
    /// The one input that is what the question says ("Which is a comedy
    /// film, A or B?").
    Which,
    /// What the inputs have in common ("Cranium and Twin Tin Bots are both what?").
    Common,
    /// The date the one input's duration after the date in
    /// `constraints.from` ("the last day to submit" after a trip that ended
    /// 2026-03-02, over "within 30 calendar days after travel ends").
    After,
}

/// The type of value a task must produce to be supported. Its JSON form is a
/// string: `passage`, `duration`, `entity`, `entity:<type>`, `document`, `result`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Output {
    /// A passage that answers the sub-question.
    Passage,
    /// A duration with amount, unit and start event.
    Duration,
    /// A canonical entity ID (optionally of one type) linked in the evidence.
    Entity { entity_type: Option<String> },
    /// A document ID referenced by the evidence.
    Document,
    /// The result of a compare or compute task.
    Result,
}

impl TryFrom<String> for Output {
    type Error = String;

    fn try_from(s: String) -> std::result::Result<Self, String> {
        Ok(match s.as_str() {
            "passage" => Output::Passage,
            "duration" => Output::Duration,
            "entity" => Output::Entity { entity_type: None },
            "document" => Output::Document,
            "result" => Output::Result,
            other => match other.strip_prefix("entity:") {
                Some(t) if !t.is_empty() => Output::Entity {
                    entity_type: Some(t.to_string()),
                },
                _ => {
                    return Err(format!("unknown output \"{other}\" (passage, duration, entity, entity:<type>, document, result)"))
                }
            },
        })
    }
}

impl From<Output> for String {
    fn from(o: Output) -> String {
        match o {
            Output::Passage => "passage".into(),
            Output::Duration => "duration".into(),
            Output::Entity { entity_type: None } => "entity".into(),
            Output::Entity {
                entity_type: Some(t),
            } => format!("entity:{t}"),
            Output::Document => "document".into(),
            Output::Result => "result".into(),
        }
    }
}

/// A constraint map: metadata key → required value. A value may name an earlier
/// task's output as `{task_id}`.
pub type Constraints = litemap::LiteMap<String, String>;

/// One step of a plan. A host plan's task has only these eight fields:
/// any other is refused, so a misspelt `depends_on` cannot silently drop a
/// dependency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    pub id: String,
    pub kind: TaskKind,
    pub question: String,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        serialize_with = "as_object"
    )]
    pub constraints: Constraints,
    /// Inferred from the question and kind when a host plan leaves it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<Output>,
    /// Inferred from the question when a host plan leaves it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub op: Option<Op>,
    #[serde(default, deserialize_with = "null_as_default")]
    pub depends_on: Vec<String>,
    /// The part of the question this task answers, as it was asked: the
    /// answer names the part by it while the task waits for an earlier
    /// step's value (a decomposed question sets it; a host plan may).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// A set of tasks with dependencies; validated before it runs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    #[serde(deserialize_with = "crate::input::objects")]
    pub tasks: Vec<Task>,
}

/// How a slot ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SlotState {
    /// Evidence found, the value extracted and every check passed.
    Supported,
    /// Nothing applicable was found.
    Missing,
    /// A task this one depends on is not supported.
    Blocked,
    /// Execution failed (an invalid input value, for instance).
    Error,
    /// Evidence was found but the chain or comparison does not hold.
    Unresolved,
}

impl SlotState {
    /// The state's name as it appears in JSON.
    pub fn name(self) -> &'static str {
        match self {
            SlotState::Supported => "supported",
            SlotState::Missing => "missing",
            SlotState::Blocked => "blocked",
            SlotState::Error => "error",
            SlotState::Unresolved => "unresolved",
        }
    }
}

impl std::fmt::Display for SlotState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A byte range of a text (a question, a clause, a passage): start, end.
pub type Range = (usize, usize);

/// A range of a passage's text, in Unicode scalar values (`char`s), with the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub text: String,
}

/// Units a duration can be counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DurationUnit {
    /// Natural / calendar days (天, 日, 自然日, days, calendar days).
    CalendarDay,
    /// Working / business days (工作日).
    WorkingDay,
    Second,
    Minute,
    Hour,
    Week,
    Month,
    Year,
}

impl DurationUnit {
    /// The unit's name as it appears in JSON (`calendar_day`, …).
    pub fn name(self) -> &'static str {
        match self {
            DurationUnit::CalendarDay => "calendar_day",
            DurationUnit::WorkingDay => "working_day",
            DurationUnit::Second => "second",
            DurationUnit::Minute => "minute",
            DurationUnit::Hour => "hour",
            DurationUnit::Week => "week",
            DurationUnit::Month => "month",
            DurationUnit::Year => "year",
        }
    }
}

impl Op {
    /// The operation's name as it appears in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Op::Difference => "difference",
            Op::Same => "same",
            Op::Earliest => "earliest",
            Op::Latest => "latest",
            Op::Both => "both",
            Op::Which => "which",
            Op::Common => "common",
            Op::After => "after",
        }
    }
}

/// A duration found in text: "30 个自然日 … 差旅结束后", "within 15 days of delivery".
#[derive(Debug, Clone, PartialEq)]
pub struct Duration {
    pub amount: f64,
    pub unit: DurationUnit,
    /// The event the duration counts from, normalized ("差旅结束", "delivery").
    pub start: Option<String>,
    /// Where in the passage text the duration (and its start event) is stated.
    pub span: Span,
}

/// One input of a comparison: its slot, what it is (the page title) and the
/// value it was compared by ("1966", "British", "a board game").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Compared {
    pub slot: String,
    pub label: String,
    pub value: String,
}

/// One fact of a set that answers a part together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fact {
    pub passage_id: String,
    /// The sentence that states it.
    pub text: String,
}

/// The value a slot produced: `{"type": …}` followed by the variant's fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Value {
    /// A passage answers the slot; `text` is its best-matching sentence.
    Passage { passage_id: String, text: String },
    /// Several facts answer it together ("what should Priya not eat?": the
    /// restrictions among her diet facts), each with its sentence.
    Facts { facts: Vec<Fact> },
    /// A value of the kind the question asks for (`year`, `date`, `number`,
    /// `person`, `place`), read from `sentence` at `span`.
    Stated {
        kind: String,
        value: String,
        passage_id: String,
        span: Span,
        sentence: String,
    },
    Duration {
        amount: f64,
        unit: DurationUnit,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<String>,
        text: String,
    },
    /// A canonical entity ID, extracted with a span from the evidence.
    Entity {
        id: String,
        entity_type: String,
        passage_id: String,
        span: Span,
    },
    /// A document ID referenced (with a span) by the evidence.
    Document {
        id: String,
        passage_id: String,
        span: Span,
    },
    /// `first - second` in a shared unit; `direction` is shorter/longer/same.
    Difference {
        amount: f64,
        unit: DurationUnit,
        direction: String,
        first: f64,
        second: f64,
    },
    /// Whether two values are the same.
    Same { equal: bool },
    /// A date counted from a given one: `amount` `unit`s after `from`.
    Date {
        date: String,
        from: String,
        amount: f64,
        unit: DurationUnit,
    },
    /// The input chosen by a comparison, with every input's compared value.
    Choice {
        slot: String,
        label: String,
        compared: Vec<Compared>,
    },
    /// Whether the inputs all are what the question says (`both`), or the
    /// same (`same`), with each input's compared value.
    Verdict {
        holds: bool,
        compared: Vec<Compared>,
    },
    /// What the inputs have in common.
    Common {
        value: String,
        compared: Vec<Compared>,
    },
}

/// One passage offered as support for a slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    pub passage_id: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub score: f64,
    /// The supporting text inside the passage.
    pub span: Span,
    /// The passage text, so that a front end can show the span in place.
    pub text: String,
    /// The passage is marked superseded (`meta.status`); absent when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub superseded: bool,
}

/// One hop of a chain: an earlier slot's passage links, through a canonical
/// key, to a later slot's passage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Edge {
    pub from_slot: String,
    pub to_slot: String,
    pub from_passage: String,
    pub to_passage: String,
    /// The join key: a canonical entity or document ID.
    pub key: String,
    pub key_type: String,
    /// Where the earlier passage states the key.
    pub span: Span,
    pub valid: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The outcome of one task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Slot {
    pub id: String,
    /// The question as executed (dependency values filled in).
    pub question: String,
    pub kind: TaskKind,
    pub output: Output,
    #[serde(serialize_with = "as_object")]
    pub constraints: Constraints,
    pub depends_on: Vec<String>,
    pub state: SlotState,
    /// Why the slot is in its state when it is not supported ("no passage
    /// states a year"); for a supported slot, a reading its support depends
    /// on ("“Kohn” read as “Kahn”"), or none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    pub evidence: Vec<Evidence>,
    pub chain: Vec<Edge>,
    /// True when the question asked this part directly (no other task consumes it).
    pub asked: bool,
    /// The part as it was asked (from the task).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// One entry of the merged context handed to a reader.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContextEntry {
    pub passage_id: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The slots this passage serves.
    pub slots: Vec<String>,
    pub score: f64,
}

/// Parts answered out of parts asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    pub asked: usize,
    pub answered: usize,
}

/// One line of the execution record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TraceEntry {
    pub stage: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    pub message: String,
}

/// Everything a request produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub question: String,
    pub slots: Vec<Slot>,
    pub waves: Vec<Vec<String>>,
    pub context: Vec<ContextEntry>,
    /// Evidence passages the index marks superseded (`meta.status`), so a
    /// front end can badge them; absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub superseded: Vec<String>,
    pub coverage: Coverage,
    pub answer: String,
    pub trace: Vec<TraceEntry>,
    /// Wall-clock time of the request in microseconds (the only field that
    /// differs between two runs of the same request).
    pub elapsed_us: u64,
}

/// The options a host passes with a question (the CLI's flags, the wasm
/// module's `{k, budget, noDecompose}`); what is absent keeps its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct AskOptions {
    /// Most passages in the merged context.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
    /// Most candidate passages examined per question.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<usize>,
    /// The question as a single slot (the one-shot baseline); only `ask`
    /// and `neededChunks` read it.
    #[serde(deserialize_with = "null_as_default")]
    pub no_decompose: bool,
}

impl AskOptions {
    /// The pipeline's options, and whether to skip decomposition.
    pub fn resolve(self) -> (crate::Options, bool) {
        let defaults = crate::Options::default();
        let options = crate::Options {
            k: self.k.unwrap_or(defaults.k),
            budget: self.budget.unwrap_or(defaults.budget),
            ..defaults
        };
        (options, self.no_decompose)
    }
}

#[cfg(test)]
mod tests {
    use super::Passage;

    fn at(url: Option<&str>) -> Passage {
        Passage {
            url: url.map(String::from),
            ..Passage::new("p", "", "")
        }
    }

    #[test]
    fn sections_of_one_page_agree_up_to_the_fragment() {
        let page = at(Some("/upgrade/"));
        assert!(page.same_page(&at(Some("/upgrade/#upgrade-the-agents"))));
        assert!(at(Some("/a#x")).same_page(&at(Some("/a#y"))));
        assert!(!page.same_page(&at(Some("/upgrade/cli/"))));
        assert!(!page.same_page(&at(Some("/install/#upgrade"))));
        // No URL, no page.
        assert!(!at(None).same_page(&at(None)));
        assert!(!at(None).same_page(&page));
    }
}
