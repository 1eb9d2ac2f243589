//! The WebAssembly shell: translates between JS values and the core, nothing
//! more. Every error becomes a JS `Error` whose message is the CLI's message.
//!
//! - Input (scopes, plans, options) is read by serde-wasm-bindgen into a
//!   `serde_json::Value` and from there by [`crate::input`], as the CLI
//!   reads JSON text: the same bad input gets the same message. A JS value
//!   reads as `JSON.parse(JSON.stringify(value))` would, except that
//!   `undefined` reads as `null` (absent) and nesting deeper than
//!   [`MAX_DEPTH`] (a cycle, say) is refused rather than recursed into.
//! - Output (reports, search results, schedules) is written by
//!   serde-wasm-bindgen as plain objects and arrays (maps as objects).
//! - The module's start installs console_error_panic_hook: no input path
//!   panics, and were a bug to panic, its message and stack go to
//!   `console.error` before the module traps.
//! - `elapsed_us` is measured with `performance.now()` (web-sys), so it
//!   has sub-millisecond resolution; without a `performance` global it
//!   falls back to `Date.now()`.

use crate::index::Index;
use crate::input::{self, Value};
use crate::{AskOptions, Error, Plan, Report, Scope};
use serde::de::{DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Deepest nesting read from a JS value.
pub const MAX_DEPTH: usize = 64;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn js_error(e: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&e.to_string()).into()
}

/// A value as plain JS data: objects, arrays, strings, numbers, booleans.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(js_error)
}

/// Reads a host value as `T`; `what` makes the core's error of a message.
fn from_js<T: DeserializeOwned>(value: JsValue, what: fn(String) -> Error) -> Result<T, JsValue> {
    let tree = Nested(MAX_DEPTH)
        .deserialize(serde_wasm_bindgen::Deserializer::from(value))
        .map_err(|e| js_error(what(e.to_string())))?;
    input::from_value(tree).map_err(|m| js_error(what(m)))
}

/// An optional object (absent: `T::default()`).
fn optional<T: DeserializeOwned + Default>(
    value: JsValue,
    what: fn(String) -> Error,
) -> Result<T, JsValue> {
    if value.is_null() || value.is_undefined() {
        return Ok(T::default());
    }
    from_js(value, what)
}

fn scope_of(value: JsValue) -> Result<Scope, JsValue> {
    optional(value, Error::Scope)
}

fn options_of(value: JsValue) -> Result<(crate::Options, bool), JsValue> {
    let options: AskOptions = optional(value, |m| Error::Input(format!("options: {m}")))?;
    Ok(options.resolve())
}

/// A JS value as a `serde_json::Value`, at most `.0` levels deep.
struct Nested(usize);

impl Nested {
    fn below<E: serde::de::Error>(&self) -> Result<Nested, E> {
        match self.0.checked_sub(1) {
            Some(depth) => Ok(Nested(depth)),
            None => Err(E::custom(format!("nested more than {MAX_DEPTH} deep"))),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Nested {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Nested {
    type Value = Value;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JSON data")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        // A non-finite number is `null`, as in JSON.stringify.
        Ok(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.below()?)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self.below()?)?;
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }
}

/// Milliseconds from `performance.now()`, or `Date.now()` without it.
fn now_ms() -> f64 {
    thread_local! {
        static PERFORMANCE: Option<web_sys::Performance> =
            js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
                .ok()
                .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
    }
    PERFORMANCE.with(|p| match p {
        Some(p) => p.now(),
        None => js_sys::Date::now(),
    })
}

/// A report as a plain object, with the time its run took.
fn timed(run: impl FnOnce() -> crate::Result<Report>) -> Result<JsValue, JsValue> {
    let started = now_ms();
    let mut report = run().map_err(js_error)?;
    report.elapsed_us = ((now_ms() - started).max(0.0) * 1000.0) as u64;
    to_js(&report)
}

/// Counts of what an index holds (`stats()`).
#[derive(Serialize)]
struct Stats {
    passages: u32,
    terms: usize,
    entities: u32,
}

/// A loaded index.
#[wasm_bindgen]
pub struct Engine {
    index: Index,
}

#[wasm_bindgen]
impl Engine {
    /// Loads an index from the bytes of an index file.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<Engine, JsValue> {
        Index::from_bytes(bytes)
            .map(|index| Engine { index })
            .map_err(js_error)
    }

    /// Opens a sharded bundle from its manifest's bytes (inflated); parts
    /// are added with `addChunk` as `neededChunks` names them.
    #[wasm_bindgen(js_name = fromManifest)]
    pub fn from_manifest(bytes: &[u8]) -> Result<Engine, JsValue> {
        Index::from_manifest(bytes)
            .map(|index| Engine { index })
            .map_err(js_error)
    }

    /// The bundle parts answering this question reads and has not got yet
    /// (file names; empty when `ask` can answer). Fetch them, `addChunk`
    /// each, and call again: a later hop may need more.
    #[wasm_bindgen(js_name = neededChunks)]
    pub fn needed_chunks(
        &self,
        question: &str,
        scope: JsValue,
        options: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let scope = scope_of(scope)?;
        let (options, no_decompose) = options_of(options)?;
        crate::needed(&self.index, question, &scope, &options, no_decompose).map_err(js_error)
    }

    /// `neededChunks` for a host plan `{tasks: [...]}` run with `run`.
    #[wasm_bindgen(js_name = neededChunksForPlan)]
    pub fn needed_chunks_for_plan(
        &self,
        plan: JsValue,
        scope: JsValue,
        options: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let plan: Plan = from_js(plan, Error::Plan)?;
        let scope = scope_of(scope)?;
        let (options, _) = options_of(options)?;
        crate::needed_for_plan(&self.index, &plan, &scope, &options).map_err(js_error)
    }

    /// Adds one bundle part (its inflated bytes) under its file name.
    #[wasm_bindgen(js_name = addChunk)]
    pub fn add_chunk(&mut self, name: &str, bytes: &[u8]) -> Result<(), JsValue> {
        self.index.add_part(name, bytes).map_err(js_error)
    }

    /// Answers a question; returns the report as a plain object.
    pub fn ask(
        &self,
        question: &str,
        scope: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let scope = scope_of(scope)?;
        let (options, no_decompose) = options_of(options)?;
        timed(|| crate::ask(&self.index, question, &scope, &options, no_decompose))
    }

    /// Ranked passages for a search box: `[{passage_id, title, url, slots,
    /// score}]`, the one-shot `context` of `ask` without the report.
    pub fn search(
        &self,
        query: &str,
        scope: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let scope = scope_of(scope)?;
        let (options, _) = options_of(options)?;
        let hits = crate::search(&self.index, query, &scope, &options).map_err(js_error)?;
        to_js(&hits)
    }

    /// Validates and runs a host plan `{tasks: [...]}`.
    pub fn run(&self, plan: JsValue, scope: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
        let plan: Plan = from_js(plan, Error::Plan)?;
        let scope = scope_of(scope)?;
        let (options, _) = options_of(options)?;
        timed(|| crate::run(&self.index, &plan, &scope, &options))
    }

    /// Checks a plan; returns `{order, waves}` or throws naming the bad task IDs.
    #[wasm_bindgen(js_name = validatePlan)]
    pub fn validate_plan(&self, plan: JsValue) -> Result<JsValue, JsValue> {
        let plan: Plan = from_js(plan, Error::Plan)?;
        to_js(&crate::validate(&plan).map_err(js_error)?)
    }

    /// Counts of passages, terms and entities.
    pub fn stats(&self) -> Result<JsValue, JsValue> {
        to_js(&Stats {
            passages: self.index.passage_count(),
            terms: self.index.terms().term_count(),
            entities: self.index.entity_count(),
        })
    }
}

/// Panics on purpose, so that a test can see the panic hook print the
/// message. Only in builds with the `panic-test` feature (the debug module
/// the Node tests build), never in the release module.
#[cfg(feature = "panic-test")]
#[wasm_bindgen(js_name = __panicForTest)]
pub fn panic_for_test(message: &str) {
    panic!("{message}");
}

/// Talc in place of the default dlmalloc: the module is 2.7 KB gzip smaller.
/// Measured on the 77k-passage index in Node (7 interleaved runs, medians):
/// loading took 587 ms against 550, `ask` 2.26 ms against 2.30, and the
/// process held 3 MB more.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
