//! Stage 1 — analyze. One tokenizer for index and query time.
//!
//! PLACEHOLDER: a minimal ASCII tokenizer; the real analyzer (NFKC, Snowball,
//! stop words, CJK bigrams) replaces this file.

/// A token with its byte range in the original text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub term: String,
    pub start: usize,
    pub end: usize,
}

/// Index/query terms of `text`.
pub fn terms(text: &str) -> Vec<Token> {
    words(text)
}

/// Surface words of `text` (lowercased, unstemmed, CJK characters one word each).
pub fn words(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            if start.is_none() {
                start = Some(i);
            }
        } else if let Some(s) = start.take() {
            out.push(Token { term: text[s..i].to_lowercase(), start: s, end: i });
        }
    }
    if let Some(s) = start {
        out.push(Token { term: text[s..].to_lowercase(), start: s, end: text.len() });
    }
    out
}
