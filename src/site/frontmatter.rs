//! Stage "index (site ingestion)" — front matter.
//!
//! Guarantees: a page that starts with a `---` line has YAML front matter up
//! to the next `---` (or `...`) line, one that starts with `+++` has TOML up to
//! the next `+++`; anything else has none and is all body. Front matter that
//! does not close, does not parse, or is not a mapping is an error (the caller
//! reports the file and skips it — a page is never indexed with half its
//! metadata). Values become [`MetaValue`]s: strings, booleans, integers,
//! floats, dates (as their text) and lists of scalars (as a string list);
//! nulls, nested mappings and nested lists are left out, since no metadata
//! filter can match them.

use crate::model::MetaValue;

/// Parsed front matter: keys in source order, and the body after it.
#[derive(Debug, Default)]
pub(crate) struct FrontMatter {
    pub fields: Vec<(String, MetaValue)>,
}

/// Splits `text` into front matter and body.
pub(crate) fn split(text: &str) -> Result<(FrontMatter, &str), String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_end = text.find('\n').unwrap_or(text.len());
    let first = text[..first_end].trim_end();
    let (yaml, closers): (bool, &[&str]) = match first {
        "---" => (true, &["---", "..."]),
        "+++" => (false, &["+++"]),
        _ => return Ok((FrontMatter::default(), text)),
    };
    let rest = text.get(first_end + 1..).unwrap_or("");
    let mut offset = 0;
    let mut close = None;
    for line in rest.split_inclusive('\n') {
        if closers.contains(&line.trim_end()) {
            close = Some((offset, offset + line.len()));
            break;
        }
        offset += line.len();
    }
    let Some((end, body_start)) = close else {
        let which = if yaml { "YAML" } else { "TOML" };
        return Err(format!(
            "front matter: the {which} block opened on line 1 is never closed with {first}"
        ));
    };
    let source = &rest[..end];
    let body = &rest[body_start..];
    let fields = if yaml {
        yaml_fields(source)?
    } else {
        toml_fields(source)?
    };
    Ok((FrontMatter { fields }, body))
}

fn yaml_fields(source: &str) -> Result<Vec<(String, MetaValue)>, String> {
    use serde_norway::Value;
    let value: Value =
        serde_norway::from_str(source).map_err(|e| format!("front matter: invalid YAML: {e}"))?;
    let map = match value {
        Value::Null => return Ok(Vec::new()),
        Value::Mapping(map) => map,
        _ => return Err("front matter: YAML must be a mapping of keys to values".into()),
    };
    let mut out = Vec::new();
    for (key, value) in map {
        let Some(key) = yaml_scalar(&key) else {
            continue;
        };
        if let Some(v) = yaml_value(value) {
            out.push((key, v));
        }
    }
    Ok(out)
}

fn yaml_scalar(value: &serde_norway::Value) -> Option<String> {
    use serde_norway::Value;
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Tagged(t) => yaml_scalar(&t.value),
        _ => None,
    }
}

fn yaml_value(value: serde_norway::Value) -> Option<MetaValue> {
    use serde_norway::Value;
    match value {
        Value::Null | Value::Mapping(_) => None,
        Value::Bool(b) => Some(MetaValue::Bool(b)),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Some(MetaValue::Int(i)),
            None => n.as_f64().map(MetaValue::Num),
        },
        Value::String(s) => Some(MetaValue::Str(s)),
        Value::Sequence(items) => items
            .iter()
            .map(yaml_scalar)
            .collect::<Option<Vec<_>>>()
            .map(MetaValue::List),
        Value::Tagged(t) => yaml_value(t.value),
    }
}

fn toml_fields(source: &str) -> Result<Vec<(String, MetaValue)>, String> {
    let table: toml::Table =
        toml::from_str(source).map_err(|e| format!("front matter: invalid TOML: {e}"))?;
    let mut out = Vec::new();
    for (key, value) in table {
        if let Some(v) = toml_value(value) {
            out.push((key, v));
        }
    }
    Ok(out)
}

fn toml_scalar(value: &toml::Value) -> Option<String> {
    use toml::Value;
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Float(f) => Some(f.to_string()),
        Value::Boolean(b) => Some(b.to_string()),
        Value::Datetime(d) => Some(d.to_string()),
        Value::Array(_) | Value::Table(_) => None,
    }
}

fn toml_value(value: toml::Value) -> Option<MetaValue> {
    use toml::Value;
    match value {
        Value::String(s) => Some(MetaValue::Str(s)),
        Value::Integer(i) => Some(MetaValue::Int(i)),
        Value::Float(f) => Some(MetaValue::Num(f)),
        Value::Boolean(b) => Some(MetaValue::Bool(b)),
        Value::Datetime(d) => Some(MetaValue::Str(d.to_string())),
        Value::Array(items) => items
            .iter()
            .map(toml_scalar)
            .collect::<Option<Vec<_>>>()
            .map(MetaValue::List),
        Value::Table(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_and_toml_become_meta() {
        let (fm, body) =
            split("---\ntitle: A\nyear: 2026\ntags: [x, 1]\nnested: {a: 1}\n---\nbody\n").unwrap();
        assert_eq!(body, "body\n");
        assert_eq!(
            fm.fields,
            vec![
                ("title".into(), MetaValue::Str("A".into())),
                ("year".into(), MetaValue::Int(2026)),
                ("tags".into(), MetaValue::List(vec!["x".into(), "1".into()])),
            ]
        );
        let (fm, body) = split("+++\ntitle = \"B\"\ndraft = true\n+++\nrest").unwrap();
        assert_eq!(body, "rest");
        assert!(fm.fields.contains(&("draft".into(), MetaValue::Bool(true))));
        assert!(split("---\ntitle: [unclosed\n---\n").is_err());
        assert!(split("---\ntitle: x\n").is_err());
        assert!(split("no front matter").unwrap().0.fields.is_empty());
    }
}
