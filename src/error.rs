//! Typed errors for every input path. Each variant renders as one line that
//! names what was wrong and where; the CLI prints it and the wasm module throws
//! it as a JS `Error` with the same message.

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

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io { path, message } => write!(f, "cannot read or write {path}: {message}"),
            Error::Json {
                source,
                line: Some(line),
                message,
            } => write!(f, "{source}: line {line}: invalid JSON: {message}"),
            Error::Json {
                source,
                line: None,
                message,
            } => write!(f, "{source}: invalid JSON: {message}"),
            Error::Input(m) => write!(f, "invalid input: {m}"),
            Error::Question(m) => write!(f, "invalid question: {m}"),
            Error::Scope(m) => write!(f, "invalid scope: {m}"),
            Error::Plan(m) => write!(f, "invalid plan: {m}"),
            Error::Index(m) => write!(f, "invalid index: {m}"),
            Error::Incomplete(parts) => write!(
                f,
                "the bundle lacks {} part(s) this answer reads ({}); add the parts neededChunks names first",
                parts.len(),
                parts.first().map_or("", String::as_str)
            ),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
