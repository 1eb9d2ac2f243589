//! Reading the input files of the native CLI: passages and entities as JSON
//! lines, cues as one JSON object, questions as JSON lines, plans and scopes as
//! JSON. Every malformed line is an error naming the file and line number;
//! blank lines are skipped. Not compiled for wasm (the browser never reads files).

use crate::error::{Error, Result};
use crate::index::Cues;
use crate::input::{self, Value};
use crate::model::{Entity, Passage, Plan, Scope};
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// Reads a whole file, naming it in the error.
pub fn read(path: &str) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| Error::Io {
        path: path.to_string(),
        message: e.to_string(),
    })
}

/// The lines of a JSON-lines text that are not blank, numbered from 1.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| (i + 1, line))
}

/// A JSON-lines error at `line` of `source`.
fn line_error(source: &str, line: usize, message: String) -> Error {
    Error::Json {
        source: source.to_string(),
        line: Some(line),
        message,
    }
}

/// Parses JSON lines; `source` names the input in errors.
pub fn json_lines<T: DeserializeOwned>(source: &str, text: &str) -> Result<Vec<T>> {
    numbered_lines(text)
        .map(|(n, line)| {
            serde_json::from_str(line).map_err(|e| line_error(source, n, e.to_string()))
        })
        .collect()
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

/// A JSON document as a value; a syntax error names `source`.
fn tree(source: &str, text: &str) -> Result<Value> {
    input::parse(text).map_err(|message| Error::Json {
        source: source.to_string(),
        line: None,
        message,
    })
}

/// A host plan `{"tasks": [...]}`, read as the wasm module reads one.
pub fn plan(path: &str) -> Result<Plan> {
    let value = tree(path, &read(path)?)?;
    input::from_value(value).map_err(Error::Plan)
}

/// A scope given inline as JSON (or `@FILE`).
pub fn scope(arg: &str) -> Result<Scope> {
    let (source, text) = match arg.strip_prefix('@') {
        Some(path) => (path.to_string(), read(path)?),
        None => ("--scope".to_string(), arg.to_string()),
    };
    let value = tree(&source, &text).map_err(|e| Error::Scope(e.to_string()))?;
    let scope: Scope = input::from_value(value).map_err(Error::Scope)?;
    scope.check()?;
    Ok(scope)
}

/// One line of a `--batch` file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchQuestion {
    pub id: String,
    pub question: String,
    #[serde(default, deserialize_with = "input::optional_object")]
    pub scope: Option<Scope>,
}

pub fn batch(path: &str) -> Result<Vec<BatchQuestion>> {
    numbered_lines(&read(path)?)
        .map(|(n, line)| {
            let value = input::parse(line).map_err(|m| line_error(path, n, m))?;
            input::from_value(value).map_err(|m| line_error(path, n, m))
        })
        .collect()
}
