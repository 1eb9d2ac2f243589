//! Reading what a host sends: scopes and plans (and the wasm options).
//! Every refusal is an [`Invalid`] naming the path of the bad field
//! (`tasks[1].kind`) and what was wrong with it.

use super::Json;
use crate::model::{check_fields, Op, Output, Plan, Scope, Task, TaskKind, SCOPE_FIELDS};
use std::collections::BTreeMap as Map;

/// A refused value: where (a path of fields and list positions) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    path: String,
    message: String,
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        f.write_str(&self.message)
    }
}

/// A value with a JSON form a host may send.
pub trait FromJson: Sized {
    /// The value of `value`; `None` once `r` has recorded why not.
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Self>;
}

/// Reads a `T` from a tree, or says what in it is wrong.
pub fn from_json<T: FromJson>(value: &Json<'_>) -> Result<T, Invalid> {
    let mut r = Reader::default();
    let value = T::read(&mut r, value);
    match (value, r.fault) {
        (Some(t), None) => Ok(t),
        // Every reader records a refusal before it gives `None`.
        (_, fault) => Err(fault.unwrap_or_else(|| Reader::default().refusal("unreadable"))),
    }
}

/// Where reading is (the path of the value being read) and the first
/// refusal. Readers return `None` after recording one, with no error
/// value to carry back up (each level used to wrap and move one: that was
/// most of the readers' code).
#[derive(Default)]
pub struct Reader {
    path: String,
    fault: Option<Invalid>,
}

impl Reader {
    fn refusal(&self, message: &str) -> Invalid {
        Invalid {
            path: self.path.clone(),
            message: message.to_string(),
        }
    }

    /// Records `message` as the refusal of the value being read (the
    /// first one is kept), and gives `None`.
    pub fn refuse<T>(&mut self, message: &str) -> Option<T> {
        if self.fault.is_none() {
            self.fault = Some(self.refusal(message));
        }
        None
    }

    fn expected<T>(&mut self, what: &str, got: &Json<'_>) -> Option<T> {
        self.refuse(&format!("expected {what}, got {}", got.kind()))
    }

    /// Reads `value` as `T` one step down the path: field `key`, or
    /// list item `i` when `key` is `None`.
    fn below<T: FromJson>(&mut self, key: Option<&str>, i: usize, value: &Json<'_>) -> Option<T> {
        let len = self.path.len();
        match key {
            Some(key) => {
                if len > 0 {
                    self.path.push('.');
                }
                self.path.push_str(key);
            }
            None => {
                self.path.push('[');
                self.path.push_str(&i.to_string());
                self.path.push(']');
            }
        }
        let out = T::read(self, value);
        self.path.truncate(len);
        out
    }

    /// `value`'s fields; refused for a non-object or an unknown field.
    pub fn object<'a>(&mut self, value: &'a Json<'a>, allowed: &[&str]) -> Option<Fields<'a>> {
        let Json::Obj(fields) = value else {
            return self.expected("an object", value);
        };
        match check_fields(fields.iter().map(|(k, _)| k.as_ref()), allowed) {
            Ok(()) => Some(Fields(value)),
            Err(message) => self.refuse(&message),
        }
    }

    /// Field `key` read as `T`; `None` when absent or `null` (or refused).
    pub fn opt<T: FromJson>(&mut self, fields: &Fields<'_>, key: &str) -> Option<T> {
        let value = fields.get(key)?;
        self.below(Some(key), 0, value)
    }

    /// Field `key` read as `T`; refused when absent.
    pub fn req<T: FromJson>(&mut self, fields: &Fields<'_>, key: &str) -> Option<T> {
        match fields.get(key) {
            Some(value) => self.below(Some(key), 0, value),
            None => self.refuse(&format!("missing field \"{key}\"")),
        }
    }
}

/// An object whose fields were checked against the names it may have.
pub struct Fields<'a>(&'a Json<'a>);

impl<'a> Fields<'a> {
    /// Field `key`, unless absent or `null`.
    pub fn get(&self, key: &str) -> Option<&'a Json<'a>> {
        self.0.get(key).filter(|v| **v != Json::Null)
    }
}

impl FromJson for String {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<String> {
        match value {
            Json::Str(s) => Some(s.to_string()),
            other => r.expected("a string", other),
        }
    }
}

impl FromJson for bool {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<bool> {
        match value {
            Json::Bool(b) => Some(*b),
            other => r.expected("true or false", other),
        }
    }
}

/// The largest whole number a JS number holds exactly (2^53 − 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

impl FromJson for usize {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<usize> {
        let n = match value {
            Json::Int(i) => usize::try_from(*i).ok(),
            Json::Num(n) if n.fract() == 0.0 && (0.0..=MAX_SAFE).contains(n) => {
                usize::try_from(*n as u64).ok()
            }
            _ => None,
        };
        n.or_else(|| r.expected("a whole number of 0 or more", value))
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Vec<T>> {
        let Json::List(items) = value else {
            return r.expected("a list", value);
        };
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            out.push(r.below(None, i, item)?);
        }
        Some(out)
    }
}

/// Constraints: an object of strings.
impl FromJson for Map<String, String> {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Self> {
        let Json::Obj(fields) = value else {
            return r.expected("an object", value);
        };
        let mut out = Map::new();
        for (k, v) in fields {
            out.insert(k.to_string(), r.below(Some(k), 0, v)?);
        }
        Some(out)
    }
}

/// One of `all`, by the name `name` gives it.
fn named<T: Copy>(
    r: &mut Reader,
    value: &Json<'_>,
    all: &[T],
    name: fn(T) -> &'static str,
) -> Option<T> {
    let s = String::read(r, value)?;
    all.iter().copied().find(|&t| name(t) == s).or_else(|| {
        let names: Vec<&str> = all.iter().map(|&t| name(t)).collect();
        r.refuse(&format!(
            "unknown value \"{s}\" (expected one of: {})",
            names.join(", ")
        ))
    })
}

impl FromJson for TaskKind {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<TaskKind> {
        named(r, value, &TaskKind::ALL, TaskKind::name)
    }
}

impl FromJson for Op {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Op> {
        named(r, value, &Op::ALL, Op::name)
    }
}

impl FromJson for Output {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Output> {
        let s = String::read(r, value)?;
        match Output::try_from(s) {
            Ok(output) => Some(output),
            Err(message) => r.refuse(&message),
        }
    }
}

/// The fields a task may carry.
pub const TASK_FIELDS: &[&str] = &[
    "id",
    "kind",
    "question",
    "constraints",
    "output",
    "op",
    "depends_on",
];

impl FromJson for Task {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Task> {
        let f = r.object(value, TASK_FIELDS)?;
        Some(Task {
            id: r.req(&f, "id")?,
            kind: r.req(&f, "kind")?,
            question: r.req(&f, "question")?,
            constraints: r.opt(&f, "constraints").unwrap_or_default(),
            output: r.opt(&f, "output"),
            op: r.opt(&f, "op"),
            depends_on: r.opt(&f, "depends_on").unwrap_or_default(),
        })
    }
}

impl FromJson for Plan {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Plan> {
        let f = r.object(value, &["tasks"])?;
        Some(Plan {
            tasks: r.req(&f, "tasks")?,
        })
    }
}

/// A scope; `access` may be one level or a list of them.
impl FromJson for Scope {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Scope> {
        let f = r.object(value, SCOPE_FIELDS)?;
        Some(Scope {
            user: r.opt(&f, "user"),
            access: r
                .opt(&f, "access")
                .map_or_else(|| Scope::default().access, |Access(levels)| levels),
            environment: r.opt(&f, "environment"),
            region: r.opt(&f, "region"),
            today: r.opt(&f, "today"),
        })
    }
}

/// A scope's access levels: one level, or a list of them.
struct Access(Vec<String>);

impl FromJson for Access {
    fn read(r: &mut Reader, value: &Json<'_>) -> Option<Access> {
        match value {
            Json::Str(level) => Some(Access(vec![level.to_string()])),
            Json::List(_) => Vec::read(r, value).map(Access),
            other => r.expected("an access level or a list of them", other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::text::parse;

    fn read<T: FromJson>(text: &str) -> Result<T, String> {
        from_json(&parse(text).unwrap()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_task_reads_with_its_defaults() {
        let plan: Plan =
            read(r#"{"tasks":[{"id":"a","kind":"follow","question":"q?","output":null}]}"#)
                .unwrap();
        let task = &plan.tasks[0];
        assert_eq!((task.id.as_str(), task.kind), ("a", TaskKind::Follow));
        assert!(task.constraints.is_empty() && task.depends_on.is_empty());
        assert_eq!((task.output.clone(), task.op), (None, None));
    }

    #[test]
    fn refusals_name_the_path_of_the_bad_value() {
        for (text, message) in [
            (r#"{"tasks":[]}"#, None),
            (r#"[]"#, Some("expected an object, got a list")),
            (r#"{}"#, Some("missing field \"tasks\"")),
            (r#"{"tasks":{}}"#, Some("tasks: expected a list, got an object")),
            (
                r#"{"tasks":[{"id":"a","kind":"fetch","question":"q"}]}"#,
                Some("tasks[0].kind: unknown value \"fetch\" (expected one of: retrieve, follow, compare, compute)"),
            ),
            (
                r#"{"tasks":[{"id":"a","kind":"compare","question":"q","depends_on":["b",2]}]}"#,
                Some("tasks[0].depends_on[1]: expected a string, got a number"),
            ),
            (
                r#"{"tasks":[{"id":"a","kind":"retrieve","question":"q","constraints":{"doc":1}}]}"#,
                Some("tasks[0].constraints.doc: expected a string, got a number"),
            ),
            (
                r#"{"tasks":[{"id":"a","kind":"retrieve","question":"q","depends":[]}]}"#,
                Some("tasks[0]: unknown field \"depends\" (expected one of: id, kind, question, constraints, output, op, depends_on)"),
            ),
            (
                r#"{"tasks":[{"id":"a","kind":"retrieve","question":"q","output":"poem"}]}"#,
                Some("tasks[0].output: unknown output \"poem\" (passage, duration, entity, entity:<type>, document, result)"),
            ),
        ] {
            assert_eq!(read::<Plan>(text).err().as_deref(), message, "{text}");
        }
    }

    #[test]
    fn the_first_refusal_is_the_one_reported() {
        let err = read::<Scope>(r#"{"user":1,"region":2}"#).unwrap_err();
        assert_eq!(err, "user: expected a string, got a number");
    }

    #[test]
    fn access_is_one_level_or_a_list_and_null_is_absent() {
        let one: Scope = read(r#"{"access":"ops"}"#).unwrap();
        let many: Scope = read(r#"{"access":["ops","public"]}"#).unwrap();
        let absent: Scope = read(r#"{"access":null,"user":null}"#).unwrap();
        assert_eq!(one.access, ["ops"]);
        assert_eq!(many.access, ["ops", "public"]);
        assert_eq!(absent, Scope::default());
        assert_eq!(
            read::<Scope>(r#"{"access":true}"#).unwrap_err(),
            "access: expected an access level or a list of them, got a boolean"
        );
    }

    #[test]
    fn counts_are_whole_and_not_negative() {
        assert_eq!(read::<usize>("3"), Ok(3));
        assert_eq!(from_json::<usize>(&Json::Num(3.0)), Ok(3));
        for bad in ["-1", "2.5", "\"3\""] {
            assert!(read::<usize>(bad).is_err(), "{bad}");
        }
        assert!(from_json::<usize>(&Json::Num(f64::NAN)).is_err());
    }
}
