//! Typed errors for every input path. Each variant renders as one line that
//! names what was wrong and where; the CLI prints it and the wasm module throws
//! it as a JS `Error` with the same message.
//!
//! Guarantee: a rendered error is always one line of printable text. Strings
//! it quotes come from files, plans and indexes (passage IDs, task IDs, file
//! names), so control characters, line breaks and bidirectional overrides in
//! them are written as escapes ([`one_line`]: ESC as `\x1b`, a newline as
//! `\n`) and never reach a terminal raw.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Longest question accepted, in characters — also after first person is
/// replaced by `scope.user`.
pub const MAX_QUESTION_CHARS: usize = 2000;
/// Longest `scope.user` accepted, in characters.
pub const MAX_USER_CHARS: usize = 200;

/// `text` with every character that could move a terminal's cursor, change
/// its state or reorder what it shows written as an escape: C0 and C1
/// controls and DEL as `\xNN` (ESC is `\x1b`, a newline `\n`, a tab
/// `\t`), line and paragraph separators and bidirectional controls as
/// `\u{NNNN}`. Everything else is unchanged (borrowed when nothing was).
pub fn one_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if unsafe_char(c) && (c as u32) < 0x100 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if unsafe_char(c) => {
                let _ = write!(out, "\\u{{{:04x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{061c}'
        )
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

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
        let mut raw = String::new();
        self.write_raw(&mut raw)?;
        f.write_str(&one_line(&raw))
    }
}

impl Error {
    /// The message before [`one_line`] escapes it.
    fn write_raw(&self, f: &mut String) -> std::fmt::Result {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_a_message_is_one_line() {
        let e =
            Error::Index("duplicate passage id \"a\u{1b}[2J\u{7}\nb\rc\u{9b}\u{202e}d\"".into());
        assert_eq!(
            e.to_string(),
            "invalid index: duplicate passage id \"a\\x1b[2J\\x07\\nb\\rc\\x9b\\u{202e}d\""
        );
        let io = Error::Io {
            path: "a\u{7f}\u{2028}.idx".into(),
            message: "tab\there".into(),
        };
        assert_eq!(
            io.to_string(),
            "cannot read or write a\\x7f\\u{2028}.idx: tab\\there"
        );
        assert!(matches!(one_line("plain é 猫"), Cow::Borrowed(_)));
    }
}
