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

/// Largest plan or scope file read, in bytes (a plan at its limits, 256
/// tasks of 4,000-character questions, is about 1 MB).
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// A plan or scope file, refused before reading when it is larger than
/// [`MAX_INPUT_BYTES`].
fn read_input(path: &str) -> Result<String> {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if size > MAX_INPUT_BYTES {
        return Err(Error::Io {
            path: path.to_string(),
            message: format!("{size} bytes, more than the limit of {MAX_INPUT_BYTES}"),
        });
    }
    read(path)
}

/// A host plan `{"tasks": [...]}`, read as the wasm module reads one.
pub fn plan(path: &str) -> Result<Plan> {
    let value = tree(path, &read_input(path)?)?;
    input::from_value(value).map_err(Error::Plan)
}

/// A scope given inline as JSON (or `@FILE`).
pub fn scope(arg: &str) -> Result<Scope> {
    let (source, text) = match arg.strip_prefix('@') {
        Some(path) => (path.to_string(), read_input(path)?),
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

/// Longest batch line read, in bytes: a longer one is an error for that
/// line only.
pub const MAX_BATCH_LINE: usize = 1 << 20;

/// A batch line's outcome: the question, or the line's error (with the
/// line's `id` when it could be read).
pub type BatchLine = std::result::Result<BatchQuestion, (Option<String>, Error)>;

/// The lines of a `--batch` file, numbered from 1 (blank ones skipped), each
/// read on its own: a malformed line is an error for that line, never for
/// the file. Read line by line, so the file's size does not matter.
pub fn batch(path: &str) -> Result<impl Iterator<Item = (usize, BatchLine)>> {
    use std::io::{BufRead, Read};
    let io = |path: &str, e: std::io::Error| Error::Io {
        path: path.to_string(),
        message: e.to_string(),
    };
    let mut reader = std::io::BufReader::new(std::fs::File::open(path).map_err(|e| io(path, e))?);
    let source = path.to_string();
    let mut n = 0usize;
    let mut done = false;
    Ok(std::iter::from_fn(move || loop {
        if done {
            return None;
        }
        n += 1;
        let mut bytes = Vec::new();
        let read = (&mut reader)
            .take(MAX_BATCH_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes);
        let line = match read {
            Ok(0) => return None,
            Ok(_) if bytes.len() > MAX_BATCH_LINE && !bytes.ends_with(b"\n") => {
                // Skip the rest of the over-long line.
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    match (&mut reader).take(1 << 16).read_until(b'\n', &mut rest) {
                        Ok(0) => break,
                        Ok(_) if rest.ends_with(b"\n") => break,
                        Ok(_) => continue,
                        Err(_) => break,
                    }
                }
                let message = format!("a line longer than {MAX_BATCH_LINE} bytes");
                return Some((n, Err((None, line_error(&source, n, message)))));
            }
            Ok(_) => bytes,
            Err(e) => {
                done = true;
                return Some((n, Err((None, io(&source, e)))));
            }
        };
        let Ok(text) = std::str::from_utf8(&line) else {
            let message = "not UTF-8 text".to_string();
            return Some((n, Err((None, line_error(&source, n, message)))));
        };
        if text.trim().is_empty() {
            continue;
        }
        return Some((n, batch_line(&source, n, text)));
    }))
}

/// One batch line read as a question (the error names the file and line).
fn batch_line(source: &str, n: usize, text: &str) -> BatchLine {
    let value = input::parse(text).map_err(|m| (None, line_error(source, n, m)))?;
    let id = value.get("id").and_then(Value::as_str).map(str::to_string);
    input::from_value(value).map_err(|m| (id, line_error(source, n, m)))
}

/// An error of a batch line, said with its file and line (a JSON error
/// already is).
pub fn at_line(source: &str, line: usize, e: Error) -> Error {
    match e {
        Error::Json { .. } => e,
        other => Error::Input(format!("{source}: line {line}: {other}")),
    }
}
