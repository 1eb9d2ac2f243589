//! Stage 9 — report, as JSON: what a host receives. Field names and order
//! are the public format the README documents; an absent optional field is
//! left out rather than written as `null`.

use super::{Json, Key};
use crate::model::{
    ContextEntry, Coverage, DurationUnit, Edge, Evidence, Fact, Op, Output, Report, Slot,
    SlotState, Span, TaskKind, TraceEntry, Value,
};
use crate::plan::Schedule;
use std::borrow::Cow;
use std::collections::BTreeMap as Map;

/// A value with a JSON form.
pub trait ToJson {
    /// The JSON form, borrowing this value's strings.
    fn to_json(&self) -> Json<'_>;
}

/// An object under construction, field by field.
#[derive(Default)]
pub struct Object<'a>(Vec<(Key, Json<'a>)>);

impl<'a> Object<'a> {
    pub fn new() -> Object<'a> {
        Object::default()
    }

    /// Adds `key: value`.
    pub fn field(mut self, key: &'static str, value: &'a dyn ToJson) -> Object<'a> {
        self.0.push((Key::Borrowed(key), value.to_json()));
        self
    }

    /// Adds `key: value` when there is a value.
    pub fn some<T: ToJson>(self, key: &'static str, value: &'a Option<T>) -> Object<'a> {
        match value {
            Some(v) => self.field(key, v),
            None => self,
        }
    }

    pub fn done(self) -> Json<'a> {
        Json::Obj(self.0)
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn to_json(&self) -> Json<'_> {
        (**self).to_json()
    }
}

impl ToJson for Json<'_> {
    fn to_json(&self) -> Json<'_> {
        self.clone()
    }
}

impl ToJson for str {
    fn to_json(&self) -> Json<'_> {
        Json::Str(Cow::Borrowed(self))
    }
}

impl ToJson for String {
    fn to_json(&self) -> Json<'_> {
        Json::Str(Cow::Borrowed(self))
    }
}

impl ToJson for bool {
    fn to_json(&self) -> Json<'_> {
        Json::Bool(*self)
    }
}

impl ToJson for f64 {
    fn to_json(&self) -> Json<'_> {
        Json::Num(*self)
    }
}

impl ToJson for i64 {
    fn to_json(&self) -> Json<'_> {
        Json::Int(*self)
    }
}

impl ToJson for u32 {
    fn to_json(&self) -> Json<'_> {
        Json::Int(i64::from(*self))
    }
}

/// A count: an integer, or (past `i64`) the nearest number.
fn count(n: u64) -> Json<'static> {
    i64::try_from(n).map_or(Json::Num(n as f64), Json::Int)
}

impl ToJson for u64 {
    fn to_json(&self) -> Json<'_> {
        count(*self)
    }
}

impl ToJson for usize {
    fn to_json(&self) -> Json<'_> {
        count(*self as u64)
    }
}

impl<T: ToJson> ToJson for [T] {
    fn to_json(&self) -> Json<'_> {
        Json::List(self.iter().map(ToJson::to_json).collect())
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn to_json(&self) -> Json<'_> {
        self.as_slice().to_json()
    }
}

impl ToJson for Map<String, String> {
    fn to_json(&self) -> Json<'_> {
        Json::Obj(
            self.iter()
                .map(|(k, v)| (Key::Owned(k.clone()), v.to_json()))
                .collect(),
        )
    }
}

/// Enums written as their name.
macro_rules! by_name {
    ($($t:ty),+) => {
        $(impl ToJson for $t {
            fn to_json(&self) -> Json<'_> {
                Json::Str(Cow::Borrowed(self.name()))
            }
        })+
    };
}

by_name!(TaskKind, Op, SlotState, DurationUnit);

impl ToJson for Output {
    fn to_json(&self) -> Json<'_> {
        Json::Str(Cow::Owned(String::from(self.clone())))
    }
}

impl ToJson for Span {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("start", &self.start)
            .field("end", &self.end)
            .field("text", &self.text)
            .done()
    }
}

/// A value: `{"type": …}` followed by the variant's fields.
impl ToJson for Value {
    fn to_json(&self) -> Json<'_> {
        let tagged = |kind: &'static &'static str| Object::new().field("type", kind);
        match self {
            Value::Passage { passage_id, text } => tagged(&"passage")
                .field("passage_id", passage_id)
                .field("text", text),
            Value::Facts { facts } => tagged(&"facts").field("facts", facts),
            Value::Duration {
                amount,
                unit,
                start,
                text,
            } => tagged(&"duration")
                .field("amount", amount)
                .field("unit", unit)
                .some("start", start)
                .field("text", text),
            Value::Entity {
                id,
                entity_type,
                passage_id,
                span,
            } => tagged(&"entity")
                .field("id", id)
                .field("entity_type", entity_type)
                .field("passage_id", passage_id)
                .field("span", span),
            Value::Document {
                id,
                passage_id,
                span,
            } => tagged(&"document")
                .field("id", id)
                .field("passage_id", passage_id)
                .field("span", span),
            Value::Difference {
                amount,
                unit,
                direction,
                first,
                second,
            } => tagged(&"difference")
                .field("amount", amount)
                .field("unit", unit)
                .field("direction", direction)
                .field("first", first)
                .field("second", second),
            Value::Same { equal } => tagged(&"same").field("equal", equal),
            Value::Choice { slot, label, year } => tagged(&"choice")
                .field("slot", slot)
                .field("label", label)
                .field("year", year),
        }
        .done()
    }
}

impl ToJson for Fact {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("passage_id", &self.passage_id)
            .field("text", &self.text)
            .done()
    }
}

impl ToJson for Evidence {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("passage_id", &self.passage_id)
            .field("title", &self.title)
            .some("url", &self.url)
            .field("score", &self.score)
            .field("span", &self.span)
            .field("text", &self.text)
            .done()
    }
}

impl ToJson for Edge {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("from_slot", &self.from_slot)
            .field("to_slot", &self.to_slot)
            .field("from_passage", &self.from_passage)
            .field("to_passage", &self.to_passage)
            .field("key", &self.key)
            .field("key_type", &self.key_type)
            .field("span", &self.span)
            .field("valid", &self.valid)
            .some("reason", &self.reason)
            .done()
    }
}

impl ToJson for Slot {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("id", &self.id)
            .field("question", &self.question)
            .field("kind", &self.kind)
            .field("output", &self.output)
            .field("constraints", &self.constraints)
            .field("depends_on", &self.depends_on)
            .field("state", &self.state)
            .some("reason", &self.reason)
            .some("value", &self.value)
            .field("evidence", &self.evidence)
            .field("chain", &self.chain)
            .field("asked", &self.asked)
            .done()
    }
}

impl ToJson for ContextEntry {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("passage_id", &self.passage_id)
            .field("title", &self.title)
            .some("url", &self.url)
            .field("slots", &self.slots)
            .field("score", &self.score)
            .done()
    }
}

impl ToJson for Coverage {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("asked", &self.asked)
            .field("answered", &self.answered)
            .done()
    }
}

impl ToJson for TraceEntry {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("stage", &self.stage)
            .some("slot", &self.slot)
            .field("message", &self.message)
            .done()
    }
}

impl ToJson for Report {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .some("id", &self.id)
            .field("question", &self.question)
            .field("slots", &self.slots)
            .field("waves", &self.waves)
            .field("context", &self.context)
            .field("coverage", &self.coverage)
            .field("answer", &self.answer)
            .field("trace", &self.trace)
            .field("elapsed_us", &self.elapsed_us)
            .done()
    }
}

impl ToJson for Schedule {
    fn to_json(&self) -> Json<'_> {
        Object::new()
            .field("order", &self.order)
            .field("waves", &self.waves)
            .done()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::text::to_text;

    fn span(text: &str) -> Span {
        Span {
            start: 0,
            end: text.chars().count(),
            text: text.into(),
        }
    }

    #[test]
    fn a_value_is_tagged_and_leaves_out_what_is_absent() {
        let duration = Value::Duration {
            amount: 30.0,
            unit: DurationUnit::CalendarDay,
            start: None,
            text: "30 days".into(),
        };
        assert_eq!(
            to_text(&duration),
            r#"{"type":"duration","amount":30.0,"unit":"calendar_day","text":"30 days"}"#
        );
        let entity = Value::Entity {
            id: "svc-a".into(),
            entity_type: "service".into(),
            passage_id: "p1".into(),
            span: span("svc-a"),
        };
        assert_eq!(
            to_text(&entity),
            r#"{"type":"entity","id":"svc-a","entity_type":"service","passage_id":"p1","span":{"start":0,"end":5,"text":"svc-a"}}"#
        );
    }

    #[test]
    fn fields_keep_their_declared_order() {
        let entry = ContextEntry {
            passage_id: "p1".into(),
            title: "Refunds".into(),
            url: Some("/refunds".into()),
            slots: vec!["q1".into()],
            score: 1.5,
        };
        assert_eq!(
            to_text(&entry),
            r#"{"passage_id":"p1","title":"Refunds","url":"/refunds","slots":["q1"],"score":1.5}"#
        );
        let schedule = Schedule {
            order: vec!["a".into(), "b".into()],
            waves: vec![vec!["a".into()], vec!["b".into()]],
        };
        assert_eq!(
            to_text(&schedule),
            r#"{"order":["a","b"],"waves":[["a"],["b"]]}"#
        );
    }
}
