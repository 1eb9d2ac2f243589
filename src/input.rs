//! Reading what a host sends — scopes, plans, options, batch lines — the one
//! way both shells read it. JSON text (the CLI) and JS values (the wasm
//! module) first become a [`serde_json::Value`]; the model's serde derives
//! then read that value through serde_path_to_error. So the same bad input
//! gets the same message from both, naming the path of the bad field:
//! `tasks[1].kind: unknown variant `fetch`, expected one of …`.
//!
//! Guarantees: an unknown field is refused and `null` counts as absent
//! (see [`crate::model`]); a record must be an object (serde would also
//! take a list of field values in declaration order: [`Object`] refuses
//! it); a syntax error gives serde_json's message with its line and
//! column; nothing here panics.

use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
pub use serde_json::Value;
use std::marker::PhantomData;

/// Reads a record `T` from a JSON object; the message names the bad
/// field's path.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_path_to_error::deserialize(value)
        .map(|Object(t)| t)
        .map_err(|e| e.to_string())
}

/// A record read only from an object (`{…}`), never from a list.
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Fields<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(Fields(PhantomData)).map(Object)
    }
}

/// A list of records, each read only from an object.
pub fn objects<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    let items: Vec<Object<T>> = Vec::deserialize(d)?;
    Ok(items.into_iter().map(|Object(t)| t).collect())
}

/// An optional record, read only from an object; `null` is absent.
pub fn optional_object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    let item: Option<Object<T>> = Option::deserialize(d)?;
    Ok(item.map(|Object(t)| t))
}

/// Parses JSON text into a value (serde_json's message on a syntax error,
/// with line and column).
pub fn parse(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{AskOptions, Plan, Scope, TaskKind};

    fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
        from_value(parse(text)?)
    }

    #[test]
    fn a_task_reads_with_its_defaults_and_null_is_absent() {
        let plan: Plan = read(
            r#"{"tasks":[{"id":"a","kind":"follow","question":"q?","output":null,"constraints":null}]}"#,
        )
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
            (r#"[]"#, Some("invalid type: sequence, expected an object")),
            (r#"3"#, Some("invalid type: integer `3`, expected an object")),
            (r#"{"tasks":[["a","retrieve","q"]]}"#, Some("tasks[0]: invalid type: sequence, expected an object")),
            (r#"{}"#, Some("missing field `tasks`")),
            (r#"{"tasks":{}}"#, Some("tasks: invalid type: map, expected a sequence")),
            (
                r#"{"tasks":[{"id":"a","kind":"fetch","question":"q"}]}"#,
                Some("tasks[0].kind: unknown variant `fetch`, expected one of `retrieve`, `follow`, `compare`, `compute`"),
            ),
            (
                r#"{"tasks":[{"id":"a","kind":"compare","question":"q","depends_on":["b",2]}]}"#,
                Some("tasks[0].depends_on[1]: invalid type: integer `2`, expected a string"),
            ),
            (
                r#"{"tasks":[{"id":"a","kind":"retrieve","question":"q","constraints":{"doc":1}}]}"#,
                Some("tasks[0].constraints.doc: invalid type: integer `1`, expected a string"),
            ),
            (
                r#"{"tasks":[{"id":"a","kind":"retrieve","question":"q","depends":[]}]}"#,
                Some("tasks[0].depends: unknown field `depends`, expected one of `id`, `kind`, `question`, `constraints`, `output`, `op`, `depends_on`, `label`"),
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
    fn access_is_one_level_or_a_list_and_null_is_absent() {
        let one: Scope = read(r#"{"access":"ops"}"#).unwrap();
        let many: Scope = read(r#"{"access":["ops","public"]}"#).unwrap();
        let absent: Scope = read(r#"{"access":null,"user":null}"#).unwrap();
        assert_eq!(one.access, ["ops"]);
        assert_eq!(many.access, ["ops", "public"]);
        assert_eq!(absent, Scope::default());
        assert_eq!(
            read::<Scope>(r#"{"access":true}"#).unwrap_err(),
            "access: invalid type: boolean `true`, expected an access level or a list of them"
        );
        assert_eq!(
            read::<Scope>(r#"{"access":[1]}"#).unwrap_err(),
            "access[0]: invalid type: integer `1`, expected a string"
        );
    }

    #[test]
    fn options_are_whole_counts_and_a_flag() {
        let o: AskOptions = read(r#"{"k":3,"noDecompose":true,"budget":null}"#).unwrap();
        assert_eq!((o.k, o.budget, o.no_decompose), (Some(3), None, true));
        for (bad, message) in [
            (
                r#"{"k":-1}"#,
                "k: invalid value: integer `-1`, expected usize",
            ),
            (
                r#"{"k":2.5}"#,
                "k: invalid type: floating point `2.5`, expected usize",
            ),
            (
                r#"{"k":"3"}"#,
                "k: invalid type: string \"3\", expected usize",
            ),
        ] {
            assert_eq!(read::<AskOptions>(bad).unwrap_err(), message, "{bad}");
        }
    }

    #[test]
    fn syntax_errors_say_where() {
        let err = parse("{\"a\": }").unwrap_err();
        assert!(err.contains("line 1 column 7"), "{err}");
    }
}
