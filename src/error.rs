//! Typed errors for every input path. Each variant renders as one line that
//! names what was wrong and where; the CLI prints it and the wasm module throws
//! it as a JS `Error` with the same message.

use crate::text::Piece;

/// Longest question accepted, in characters.
pub const MAX_QUESTION_CHARS: usize = 2000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A file could not be read or written.
    Io { path: String, message: String },
    /// A JSON document or line could not be parsed.
    Json {
        source: String,
        line: Option<usize>,
        message: String,
    },
    /// Input data is well-formed but not acceptable (duplicate ID, empty text…).
    Input(String),
    /// The question is empty or too long.
    Question(String),
    /// The scope is malformed.
    Scope(String),
    /// The plan cannot run: duplicate IDs, unknown prerequisites, cycles.
    Plan(String),
    /// The index bytes are not a valid index.
    Index(String),
    /// A bundle lacks parts this answer reads (their file names).
    Incomplete(Vec<String>),
}

impl Piece for Error {
    fn push_to(&self, out: &mut String) {
        out.push_str(&match self {
            Error::Io { path, message } => cat!("cannot read or write ", path, ": ", message),
            Error::Json {
                source,
                line: Some(line),
                message,
            } => cat!(source, ": line ", line, ": invalid JSON: ", message),
            Error::Json {
                source,
                line: None,
                message,
            } => cat!(source, ": invalid JSON: ", message),
            Error::Input(m) => cat!("invalid input: ", m),
            Error::Question(m) => cat!("invalid question: ", m),
            Error::Scope(m) => cat!("invalid scope: ", m),
            Error::Plan(m) => cat!("invalid plan: ", m),
            Error::Index(m) => cat!("invalid index: ", m),
            Error::Incomplete(parts) => cat!(
                "the bundle lacks ",
                parts.len(),
                " part(s) this answer reads (",
                parts.first().map_or("", String::as_str),
                "); add the parts neededChunks names first"
            ),
        });
    }
}

display_by_piece!(Error);

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
