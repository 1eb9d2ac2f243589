//! Wasm shell: reads host inputs (scope, options, plan) from JS values
//! through the model's own serde derives, so the wasm module and the CLI
//! accept one format and say the same thing about a wrong one. It replaces
//! serde-wasm-bindgen's deserializer, which made the module 12 KB gzip larger
//! (`make wasm` sizes, before and after); its serializer still writes reports.
//!
//! Guarantees:
//! - A JS value reads as `serde_json::from_value` reads the same JSON: `null`
//!   and `undefined` are unit/none, a whole number within ±(2^53 − 1) is an
//!   integer, strings, booleans, arrays and objects map to themselves. One
//!   difference: a struct must be an object (serde_json also takes an array).
//! - Any other number is refused as serde refuses it, "floating point `1.5`".
//!   Error messages are written here, not by serde's `Unexpected` display,
//!   with floats formatted by JS: serde's would link Rust's float formatting
//!   (10 KB gzip of the 12) for a case no host input needs.
//! - Each typed entry point calls only the visitor method its type takes,
//!   so a struct's visitor never links the paths it would refuse.
//! - No input panics: every mismatch is a `DeError` with serde's words.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};

/// A serde error message.
#[derive(Debug)]
pub struct DeError(String);

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DeError(message.to_string())
    }

    fn invalid_type(unexpected: Unexpected, expected: &dyn de::Expected) -> Self {
        DeError(format!(
            "invalid type: {}, expected {expected}",
            describe(unexpected)
        ))
    }

    fn invalid_value(unexpected: Unexpected, expected: &dyn de::Expected) -> Self {
        DeError(format!(
            "invalid value: {}, expected {expected}",
            describe(unexpected)
        ))
    }
}

/// serde's wording for an unexpected value, with a float written by JS:
/// serde's own `Display` would link Rust's float formatting for a case no
/// host input reaches.
fn describe(unexpected: Unexpected) -> String {
    match unexpected {
        Unexpected::Bool(b) => format!("boolean `{b}`"),
        Unexpected::Unsigned(n) => format!("integer `{n}`"),
        Unexpected::Signed(n) => format!("integer `{n}`"),
        Unexpected::Float(n) => format!("floating point `{}`", js_number(n)),
        Unexpected::Char(c) => format!("character `{c}`"),
        Unexpected::Str(s) => format!("string {}", js_quoted(s)),
        Unexpected::Bytes(_) => "byte array".into(),
        Unexpected::Unit => "unit value".into(),
        Unexpected::Option => "Option value".into(),
        Unexpected::NewtypeStruct => "newtype struct".into(),
        Unexpected::Seq => "sequence".into(),
        Unexpected::Map => "map".into(),
        Unexpected::Enum => "enum".into(),
        Unexpected::UnitVariant => "unit variant".into(),
        Unexpected::NewtypeVariant => "newtype variant".into(),
        Unexpected::TupleVariant => "tuple variant".into(),
        Unexpected::StructVariant => "struct variant".into(),
        Unexpected::Other(other) => other.into(),
    }
}

/// A string quoted as JSON writes it: the same as Rust's `{:?}` for any
/// printable text, without linking Rust's Unicode printability tables.
fn js_quoted(s: &str) -> String {
    js_sys::JSON::stringify(&JsValue::from_str(s))
        .map(String::from)
        .unwrap_or_default()
}

/// A number as JS writes it (`1.5`, `NaN`, `1e+21`).
fn js_number(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// True for `null` and `undefined`: no value given.
pub fn absent(value: &JsValue) -> bool {
    value.is_null() || value.is_undefined()
}

/// Deserializes `T` from a JS value.
pub fn from_js<T: de::DeserializeOwned>(value: JsValue) -> Result<T, DeError> {
    T::deserialize(Js(value))
}

/// The largest integer a JS number holds exactly (2^53 − 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// What a JS value holds, read once; the generic code below only dispatches.
enum Kind {
    Unit,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Str(String),
    Array(js_sys::Array),
    Object(js_sys::Object),
    Other,
}

impl Kind {
    fn of(value: &JsValue) -> Kind {
        if absent(value) {
            Kind::Unit
        } else if let Some(b) = value.as_bool() {
            Kind::Bool(b)
        } else if let Some(n) = value.as_f64() {
            match (n.fract() == 0.0 && n.abs() <= MAX_SAFE, n >= 0.0) {
                (true, true) => Kind::Unsigned(n as u64),
                (true, false) => Kind::Signed(n as i64),
                (false, _) => Kind::Float(n),
            }
        } else if let Some(s) = value.as_string() {
            Kind::Str(s)
        } else if let Some(array) = value.dyn_ref::<js_sys::Array>() {
            Kind::Array(array.clone())
        } else if let Some(object) = value.dyn_ref::<js_sys::Object>() {
            Kind::Object(object.clone())
        } else {
            Kind::Other
        }
    }

    fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Kind::Unit => Unexpected::Unit,
            Kind::Bool(b) => Unexpected::Bool(*b),
            Kind::Unsigned(n) => Unexpected::Unsigned(*n),
            Kind::Signed(n) => Unexpected::Signed(*n),
            Kind::Float(n) => Unexpected::Float(*n),
            Kind::Str(s) => Unexpected::Str(s),
            Kind::Array(_) => Unexpected::Seq,
            Kind::Object(_) => Unexpected::Map,
            Kind::Other => Unexpected::Other("a JS value that is not JSON data"),
        }
    }

    fn refuse<'de, T, V: Visitor<'de>>(&self, visitor: V) -> Result<T, DeError> {
        Err(de::Error::invalid_type(self.unexpected(), &visitor))
    }
}

fn entries(object: &js_sys::Object) -> Entries {
    Entries {
        entries: Items::new(js_sys::Object::entries(object)),
        value: JsValue::UNDEFINED,
    }
}

/// One JS value being read.
struct Js(JsValue);

/// Entry points that read as another one does (serde's
/// `forward_to_deserialize_any`, for a target other than `any`).
macro_rules! forward_to {
    ($target:ident: $($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
                self.$target(visitor)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for Js {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match Kind::of(&self.0) {
            Kind::Unit => visitor.visit_unit(),
            Kind::Bool(b) => visitor.visit_bool(b),
            Kind::Unsigned(n) => visitor.visit_u64(n),
            Kind::Signed(n) => visitor.visit_i64(n),
            Kind::Str(s) => visitor.visit_string(s),
            Kind::Array(array) => visitor.visit_seq(Items::new(array)),
            Kind::Object(object) => visitor.visit_map(entries(&object)),
            other => other.refuse(visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match Kind::of(&self.0) {
            Kind::Bool(b) => visitor.visit_bool(b),
            other => other.refuse(visitor),
        }
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match Kind::of(&self.0) {
            Kind::Unsigned(n) => visitor.visit_u64(n),
            Kind::Signed(n) => visitor.visit_i64(n),
            other => other.refuse(visitor),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match Kind::of(&self.0) {
            Kind::Str(s) => visitor.visit_string(s),
            other => other.refuse(visitor),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match Kind::of(&self.0) {
            Kind::Array(array) => visitor.visit_seq(Items::new(array)),
            other => other.refuse(visitor),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match Kind::of(&self.0) {
            Kind::Object(object) => visitor.visit_map(entries(&object)),
            other => other.refuse(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if absent(&self.0) {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    /// Only unit variants, given as strings, as every input enum is.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match Kind::of(&self.0) {
            Kind::Str(s) => visitor.visit_enum(IntoDeserializer::<DeError>::into_deserializer(s)),
            other => other.refuse(visitor),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    forward_to!(deserialize_string: deserialize_str deserialize_identifier);
    // Every integer reads as either sign; the visitor checks its range.
    forward_to!(deserialize_u64: deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64);

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_seq(visitor)
    }

    serde::forward_to_deserialize_any! {
        i128 u128 f32 f64 char bytes byte_buf unit unit_struct newtype_struct
        tuple_struct
    }
}

/// The elements of a JS array (or the `[key, value]` pairs of an object).
struct Items {
    array: js_sys::Array,
    next: u32,
}

impl Items {
    fn new(array: js_sys::Array) -> Self {
        Items { array, next: 0 }
    }

    fn next(&mut self) -> Option<JsValue> {
        (self.next < self.array.length()).then(|| {
            self.next += 1;
            self.array.get(self.next - 1)
        })
    }
}

impl<'de> de::SeqAccess<'de> for Items {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        self.next()
            .map(|item| seed.deserialize(Js(item)))
            .transpose()
    }
}

/// The own enumerable entries of a JS object, read key then value.
struct Entries {
    entries: Items,
    value: JsValue,
}

impl<'de> de::MapAccess<'de> for Entries {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        let pair = js_sys::Array::from(&entry);
        self.value = pair.get(1);
        seed.deserialize(Js(pair.get(0))).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        seed.deserialize(Js(std::mem::replace(&mut self.value, JsValue::UNDEFINED)))
    }
}
