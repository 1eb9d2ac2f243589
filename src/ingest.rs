//! Reading the input files of the native CLI: passages and entities as JSON
//! lines, cues as one JSON object, questions as JSON lines, plans and scopes as
//! JSON. Every malformed line is an error naming the file and line number;
//! blank lines are skipped. Not compiled for wasm (the browser never reads files).

use crate::error::{Error, Result};
use crate::index::Cues;
use crate::model::{check_fields, Entity, Passage, Plan, Scope, SCOPE_FIELDS};
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// Reads a whole file, naming it in the error.
pub fn read(path: &str) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| Error::Io {
        path: path.to_string(),
        message: e.to_string(),
    })
}

/// Parses JSON lines; `source` names the input in errors.
pub fn json_lines<T: DeserializeOwned>(source: &str, text: &str) -> Result<Vec<T>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let item = serde_json::from_str(line).map_err(|e| Error::Json {
            source: source.to_string(),
            line: Some(i + 1),
            message: e.to_string(),
        })?;
        out.push(item);
    }
    Ok(out)
}

/// Parses one JSON document.
pub fn json<T: DeserializeOwned>(source: &str, text: &str) -> Result<T> {
    serde_json::from_str(text).map_err(|e| Error::Json {
        source: source.to_string(),
        line: None,
        message: e.to_string(),
    })
}

pub fn passages(path: &str) -> Result<Vec<Passage>> {
    json_lines(path, &read(path)?)
}

pub fn entities(path: &str) -> Result<Vec<Entity>> {
    json_lines(path, &read(path)?)
}

pub fn cues(path: &str) -> Result<Cues> {
    json(path, &read(path)?)
}

pub fn plan(path: &str) -> Result<Plan> {
    json(path, &read(path)?)
}

/// A scope given inline as JSON (or `@FILE`).
pub fn scope(arg: &str) -> Result<Scope> {
    let (source, text) = match arg.strip_prefix('@') {
        Some(path) => (path.to_string(), read(path)?),
        None => ("--scope".to_string(), arg.to_string()),
    };
    let value: serde_json::Value = json(&source, &text).map_err(|e| Error::Scope(e.to_string()))?;
    let Some(object) = value.as_object() else {
        return Err(Error::Scope(format!("{source}: expected a JSON object")));
    };
    check_fields(object.keys().map(String::as_str), SCOPE_FIELDS).map_err(Error::Scope)?;
    let scope: Scope = serde_json::from_value(value).map_err(|e| Error::Scope(e.to_string()))?;
    scope.check()?;
    Ok(scope)
}

/// One line of a `--batch` file.
#[derive(Debug, Clone, Deserialize)]
pub struct BatchQuestion {
    pub id: String,
    pub question: String,
    #[serde(default)]
    pub scope: Option<Scope>,
}

pub fn batch(path: &str) -> Result<Vec<BatchQuestion>> {
    json_lines(path, &read(path)?)
}
