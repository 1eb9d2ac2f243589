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

use super::access::{access_like, Access};
use crate::model::MetaValue;

/// Parsed front matter: keys in source order, the access it declares, and
/// the body after it.
#[derive(Debug, Default)]
pub(crate) struct FrontMatter {
    pub fields: Vec<(String, MetaValue)>,
    /// True when the page has front matter the parser read.
    pub found: bool,
}

/// Nesting deeper than this in front matter makes the page unreadable
/// (no filter reads nested values; the walk over them is bounded).
const MAX_DEPTH: usize = 64;

/// A front matter value, YAML's or TOML's: a scalar (`None` for null), a
/// list or a mapping.
enum Tree {
    Scalar(Option<MetaValue>),
    List(Vec<Tree>),
    Map(Vec<(Option<String>, Tree)>),
}

/// Splits `text` into front matter and body; access declarations go to
/// `access`.
pub(crate) fn split<'t>(
    text: &'t str,
    access: &mut Access,
) -> Result<(FrontMatter, &'t str), String> {
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
    let tree = if yaml {
        yaml_tree(source)?
    } else {
        toml_tree(source)?
    };
    let fields = fields(tree, access)?;
    Ok((
        FrontMatter {
            fields,
            found: true,
        },
        body,
    ))
}

fn fields(tree: Tree, access: &mut Access) -> Result<Vec<(String, MetaValue)>, String> {
    let map = match tree {
        Tree::Scalar(None) => return Ok(Vec::new()),
        Tree::Map(map) => map,
        _ => return Err("front matter: it must be a mapping of keys to values".into()),
    };
    let mut out = Vec::new();
    for (key, value) in map {
        let Some(key) = key else {
            continue;
        };
        if key == "access" {
            access.declare("front matter", levels(&value));
            continue;
        }
        if access_like(&key) {
            access.refuse(format!(
                "the front matter key {key:?} is not read (only `access`, in lowercase)"
            ));
            continue;
        }
        if nested_access(&value) {
            access.refuse(format!(
                "the front matter key {key:?} holds an access key, which is not read (only a top-level `access`)"
            ));
        }
        if let Some(v) = meta_value(value) {
            out.push((key, v));
        }
    }
    Ok(out)
}

/// The levels of an `access` value: a text, or a list of texts.
fn levels(value: &Tree) -> Result<Vec<String>, String> {
    let one = |v: &Tree| match v {
        Tree::Scalar(Some(MetaValue::Str(s))) if !s.trim().is_empty() => Ok(s.trim().to_string()),
        Tree::Scalar(None) => Err("the front matter `access` is null".to_string()),
        Tree::Scalar(Some(MetaValue::Str(_))) => {
            Err("the front matter `access` has an empty level".to_string())
        }
        _ => Err("the front matter `access` is not a level name or a list of them".to_string()),
    };
    match value {
        Tree::List(items) => items.iter().map(one).collect(),
        other => one(other).map(|l| vec![l]),
    }
}

/// True when a mapping inside `value` (at any depth) has an access-like key.
fn nested_access(value: &Tree) -> bool {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Tree::Scalar(_) => {}
            Tree::List(items) => stack.extend(items),
            Tree::Map(entries) => {
                for (k, v) in entries {
                    if k.as_deref().is_some_and(access_like) {
                        return true;
                    }
                    stack.push(v);
                }
            }
        }
    }
    false
}

/// A top-level value as metadata: scalars, and lists of scalars (as
/// strings); nulls, mappings and nested lists are left out, since no
/// metadata filter can match them.
fn meta_value(value: Tree) -> Option<MetaValue> {
    match value {
        Tree::Scalar(v) => v,
        Tree::List(items) => items
            .iter()
            .map(|item| match item {
                Tree::Scalar(Some(v)) => v.as_text(),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .map(MetaValue::List),
        Tree::Map(_) => None,
    }
}

/// A list of converted values (the first error stops it).
fn list<V>(
    items: impl IntoIterator<Item = V>,
    convert: impl Fn(V) -> Result<Tree, String>,
) -> Result<Tree, String> {
    Ok(Tree::List(
        items.into_iter().map(convert).collect::<Result<_, _>>()?,
    ))
}

fn too_deep() -> String {
    format!("front matter: nested more than {MAX_DEPTH} levels deep")
}

fn yaml_tree(source: &str) -> Result<Tree, String> {
    let value: serde_norway::Value =
        serde_norway::from_str(source).map_err(|e| format!("front matter: invalid YAML: {e}"))?;
    yaml(value, MAX_DEPTH)
}

fn yaml(value: serde_norway::Value, depth: usize) -> Result<Tree, String> {
    use serde_norway::Value;
    let below = depth.checked_sub(1).ok_or_else(too_deep)?;
    Ok(match value {
        Value::Null => Tree::Scalar(None),
        Value::Bool(b) => Tree::Scalar(Some(MetaValue::Bool(b))),
        Value::Number(n) => Tree::Scalar(match n.as_i64() {
            Some(i) => Some(MetaValue::Int(i)),
            None => n.as_f64().map(MetaValue::Num),
        }),
        Value::String(s) => Tree::Scalar(Some(MetaValue::Str(s))),
        Value::Sequence(items) => list(items, |v| yaml(v, below))?,
        Value::Mapping(map) => Tree::Map(
            map.into_iter()
                .map(|(k, v)| Ok((yaml_key(&k), yaml(v, below)?)))
                .collect::<Result<_, String>>()?,
        ),
        Value::Tagged(t) => yaml(t.value, below)?,
    })
}

fn yaml_key(value: &serde_norway::Value) -> Option<String> {
    use serde_norway::Value;
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Tagged(t) => yaml_key(&t.value),
        _ => None,
    }
}

fn toml_tree(source: &str) -> Result<Tree, String> {
    let table: toml::Table =
        toml::from_str(source).map_err(|e| format!("front matter: invalid TOML: {e}"))?;
    toml(toml::Value::Table(table), MAX_DEPTH)
}

fn toml(value: toml::Value, depth: usize) -> Result<Tree, String> {
    use toml::Value;
    let below = depth.checked_sub(1).ok_or_else(too_deep)?;
    Ok(match value {
        Value::String(s) => Tree::Scalar(Some(MetaValue::Str(s))),
        Value::Integer(i) => Tree::Scalar(Some(MetaValue::Int(i))),
        Value::Float(f) => Tree::Scalar(Some(MetaValue::Num(f))),
        Value::Boolean(b) => Tree::Scalar(Some(MetaValue::Bool(b))),
        Value::Datetime(d) => Tree::Scalar(Some(MetaValue::Str(d.to_string()))),
        Value::Array(items) => list(items, |v| toml(v, below))?,
        Value::Table(table) => Tree::Map(
            table
                .into_iter()
                .map(|(k, v)| Ok((Some(k), toml(v, below)?)))
                .collect::<Result<_, String>>()?,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_and_toml_become_meta() {
        let a = &mut Access::default();
        let (fm, body) = split(
            "---\ntitle: A\nyear: 2026\ntags: [x, 1]\nnested: {a: 1}\n---\nbody\n",
            a,
        )
        .unwrap();
        assert_eq!(body, "body\n");
        assert_eq!(
            fm.fields,
            vec![
                ("title".into(), MetaValue::Str("A".into())),
                ("year".into(), MetaValue::Int(2026)),
                ("tags".into(), MetaValue::List(vec!["x".into(), "1".into()])),
            ]
        );
        let (fm, body) = split("+++\ntitle = \"B\"\ndraft = true\n+++\nrest", a).unwrap();
        assert_eq!(body, "rest");
        assert!(fm.fields.contains(&("draft".into(), MetaValue::Bool(true))));
        assert!(split("---\ntitle: [unclosed\n---\n", a).is_err());
        assert!(split("---\ntitle: x\n", a).is_err());
        assert!(split("no front matter", a).unwrap().0.fields.is_empty());
        assert_eq!(a.levels(), Ok(vec!["public".to_string()]));
    }

    fn access_of(text: &str) -> Result<Vec<String>, String> {
        let mut parsed = Ok(());
        let levels = super::super::access::declared_by(|a| parsed = split(text, a).map(drop));
        parsed.and(levels)
    }

    #[test]
    fn access_is_read_exactly_or_refused() {
        let ok = |levels: &[&str]| Ok(levels.iter().map(|l| l.to_string()).collect::<Vec<_>>());
        assert_eq!(access_of("---\naccess: internal\n---\n"), ok(&["internal"]));
        assert_eq!(access_of("---\naccess: [a, b]\n---\n"), ok(&["a", "b"]));
        assert_eq!(access_of("---\naccess:\n  - a\n---\n"), ok(&["a"]));
        assert_eq!(access_of("+++\naccess = [\"a\"]\n+++\n"), ok(&["a"]));
        for bad in [
            "---\naccess: ~\n---\n",
            "---\naccess:\n---\n",
            "---\naccess: \"\"\n---\n",
            "---\naccess: []\n---\n",
            "---\naccess: [a, \"\"]\n---\n",
            "---\naccess: 3\n---\n",
            "---\naccess: {a: 1}\n---\n",
            "---\nAccess: internal\n---\n",
            "---\nslotchain:\n  access: internal\n---\n",
            "+++\nACCESS = \"internal\"\n+++\n",
            "+++\n[meta]\naccess = \"internal\"\n+++\n",
        ] {
            assert!(
                access_of(bad).is_err(),
                "{bad:?} must not be read as public"
            );
        }
    }
}
