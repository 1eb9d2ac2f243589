//! JSON text to and from [`Json`], for the native CLI (serde_json parses
//! and formats scalars; the tree decides the shape and field order).

use super::{FromJson, Json, ToJson};
use std::fmt::Write;

/// Parses JSON text; the message is serde_json's (with line and column).
pub fn parse(text: &str) -> Result<Json<'static>, String> {
    serde_json::from_str(text)
        .map(from_value)
        .map_err(|e| e.to_string())
}

/// Parses JSON text and reads a `T` from it.
pub fn read<T: FromJson>(text: &str) -> Result<T, String> {
    super::read::from_json(&parse(text)?).map_err(|e| e.to_string())
}

fn from_value(value: serde_json::Value) -> Json<'static> {
    use serde_json::Value;
    match value {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Json::Int(i),
            None => Json::Num(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Json::Str(s.into()),
        Value::Array(items) => Json::List(items.into_iter().map(from_value).collect()),
        Value::Object(fields) => Json::Obj(
            fields
                .into_iter()
                .map(|(k, v)| (k.into(), from_value(v)))
                .collect(),
        ),
    }
}

/// `value`'s JSON form as compact text.
pub fn to_text<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    write(&value.to_json(), &mut out);
    out
}

fn write(value: &Json, out: &mut String) {
    // serde_json formats every scalar (string escapes, shortest float
    // form, `null` for a non-finite number); its `to_string` of a scalar
    // cannot fail.
    let scalar = |out: &mut String, text: serde_json::Result<String>| {
        out.push_str(text.as_deref().unwrap_or("null"));
    };
    match value {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Json::Num(n) => scalar(out, serde_json::to_string(n)),
        Json::Str(s) => scalar(out, serde_json::to_string(s)),
        Json::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        Json::Obj(fields) => {
            out.push('{');
            for (i, (k, v)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                scalar(out, serde_json::to_string(k.as_ref()));
                out.push(':');
                write(v, out);
            }
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_through_the_tree() {
        let text = r#"{"b":[1,-2,2.5,1e300],"a":"é\"\n","n":null,"t":true}"#;
        let tree = parse(text).unwrap();
        assert_eq!(tree.get("t"), Some(&Json::Bool(true)));
        assert_eq!(
            tree.get("b"),
            Some(&Json::List(vec![
                Json::Int(1),
                Json::Int(-2),
                Json::Num(2.5),
                Json::Num(1e300)
            ]))
        );
        let back = to_text(&tree);
        assert_eq!(parse(&back).unwrap(), tree);
        assert!(back.contains(r#""é\"\n""#), "{back}");
    }

    #[test]
    fn whole_floats_keep_their_point_and_non_finite_numbers_are_null() {
        let tree = Json::List(vec![Json::Num(30.0), Json::Int(30), Json::Num(f64::NAN)]);
        assert_eq!(to_text(&tree), "[30.0,30,null]");
    }

    #[test]
    fn syntax_errors_say_where() {
        let err = parse("{\"a\": }").unwrap_err();
        assert!(err.contains("line 1 column 7"), "{err}");
    }
}
