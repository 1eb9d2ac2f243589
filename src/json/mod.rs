//! The public JSON form of what a host sends (scopes, plans) and receives
//! (reports, search results, schedules): one definition both shells use.
//!
//! Each type converts to and from [`Json`], a plain tree; the shells only
//! translate that tree — the CLI to and from JSON text ([`text`]), the wasm
//! module to and from JS values. So the two accept the same input, refuse
//! it with the same message and return the same output.
//!
//! Why not serde derives (the indexer's passage and entity files still use
//! them, natively): with serde-wasm-bindgen's serializer and a serde
//! deserializer of JS values, the wasm module was 4.9 KB gzip larger than
//! with this tree and these impls (`make wasm`, before and after).
//!
//! Guarantees: [`write`] emits fields in declaration order and leaves out
//! absent optional fields; [`read`] refuses unknown fields, wrong types and
//! bad values with a message naming the field (`tasks[1].kind: …`), and
//! treats `null` like an absent field.

pub mod read;
#[cfg(not(target_arch = "wasm32"))]
pub mod text;
pub mod write;

pub use read::{from_json, FromJson};
use std::borrow::Cow;
pub use write::ToJson;

/// An object's field name: static for what this crate writes (no
/// allocation, and the wasm shell reuses one JS string per name), owned for
/// what it reads.
pub type Key = Cow<'static, str>;

/// A JSON value. Whole numbers that fit an `i64` are [`Json::Int`] when the
/// source knows them as integers (Rust counts, JSON text); JS numbers are
/// all [`Json::Num`], and readers accept either where a count is expected.
#[derive(Debug, Clone, PartialEq)]
pub enum Json<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Num(f64),
    /// Borrowed from the value written; owned when read.
    Str(Cow<'a, str>),
    List(Vec<Json<'a>>),
    /// Fields in order (a key may not repeat: readers see the first).
    Obj(Vec<(Key, Json<'a>)>),
}

impl<'a> Json<'a> {
    /// The field `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// What this value is, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Int(_) | Json::Num(_) => "a number",
            Json::Str(_) => "a string",
            Json::List(_) => "a list",
            Json::Obj(_) => "an object",
        }
    }
}
