//! The WebAssembly shell: translates between JS values and the core, nothing
//! more. Every error becomes a JS `Error` whose message is the CLI's message.
//!
//! - Input (scopes, plans, options) becomes a `serde_json::Value` and is
//!   read from there by [`crate::input`], as the CLI reads JSON text: the
//!   same bad input gets the same message. A JS value reads as
//!   `JSON.parse(JSON.stringify(value))` would, except that `undefined`
//!   reads as `null` (absent) and nesting deeper than [`MAX_DEPTH`] (a
//!   cycle, say) is refused rather than recursed into.
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
use serde::de::DeserializeOwned;
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
    let tree = json_of(&value, MAX_DEPTH + 1).map_err(|m| js_error(what(m)))?;
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

/// A JS value as JSON data, at most `depth` levels deep: what
/// `JSON.parse(JSON.stringify(value))` would give, except that `undefined`
/// is `null`. By hand with js-sys rather than serde-wasm-bindgen's
/// deserializer: that one's error path links core's float formatting, and
/// the module was 5 KB gzip larger with it.
fn json_of(value: &JsValue, depth: usize) -> Result<Value, String> {
    let Some(below) = depth.checked_sub(1) else {
        return Err(format!("nested more than {MAX_DEPTH} deep"));
    };
    if value.is_null() || value.is_undefined() {
        return Ok(Value::Null);
    }
    if let Some(b) = value.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = value.as_f64() {
        // A whole number is an integer, as JSON text would give it; a
        // non-finite one is `null`, as in JSON.stringify.
        let whole = n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0;
        return Ok(if whole {
            Value::from(n as i64)
        } else {
            serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)
        });
    }
    if let Some(s) = value.as_string() {
        return Ok(Value::String(s));
    }
    if let Some(items) = value.dyn_ref::<js_sys::Array>() {
        return items.iter().map(|item| json_of(&item, below)).collect();
    }
    if value.is_function() || value.is_symbol() || value.is_bigint() || !value.is_object() {
        return Err("a JS value that is not JSON data (a function, symbol or bigint)".into());
    }
    let mut fields = serde_json::Map::new();
    for entry in js_sys::Object::entries(value.unchecked_ref()).iter() {
        let entry: js_sys::Array = entry.unchecked_into();
        let (key, field) = (entry.get(0), entry.get(1));
        if field.is_undefined() {
            continue;
        }
        fields.insert(key.as_string().unwrap_or_default(), json_of(&field, below)?);
    }
    Ok(Value::Object(fields))
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
