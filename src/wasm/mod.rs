//! The WebAssembly shell: translates between JS values and the core, nothing
//! more. Every error becomes a JS `Error` whose message is the CLI's message.
//!
//! - Input (scopes, plans, options) becomes a `serde_json::Value` and is
//!   read from there by [`crate::input`], as the CLI reads JSON text: the
//!   same bad input gets the same message. A JS value reads as
//!   `JSON.parse(JSON.stringify(value))` would, except that `undefined`
//!   reads as `null` (absent) and nesting deeper than [`MAX_DEPTH`] (a
//!   cycle, say) is refused rather than recursed into.
//! - Hostile values leave the engine usable. Every JS call that reading an
//!   input makes is a `catch` import (`Object.entries`, `Reflect.get`,
//!   `Array.isArray`, `Uint8Array.prototype.set`), so a throwing getter or
//!   Proxy trap becomes a typed error instead of a JS exception unwinding
//!   through the method — which left wasm-bindgen's borrow of the engine
//!   held forever. Strings and bytes are taken as JS values and checked
//!   (type, then length) before anything is allocated for them: a
//!   `{length: 4e9}` or a 2³²−1-item sparse array is refused at once, never
//!   copied. An input holds at most [`MAX_VALUES`] values and
//!   [`MAX_TEXT`] UTF-16 code units of text; an index file at most
//!   [`MAX_INDEX_BYTES`], a manifest [`crate::index::bundle::MAX_MANIFEST_BYTES`],
//!   a part what its manifest declares.
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
/// Most values (each string, number, item, field…) read from one JS input.
pub const MAX_VALUES: usize = 1 << 17;
/// Most UTF-16 code units of text in one JS input (all its strings).
pub const MAX_TEXT: usize = 4 << 20;
/// Largest index file `fromBytes` takes.
pub const MAX_INDEX_BYTES: usize = 1 << 30;
/// Longest question string taken, in UTF-16 code units (the pipeline then
/// holds it to its 2,000 characters).
const MAX_QUESTION_UNITS: usize = 1 << 16;
/// Longest part name taken.
const MAX_NAME_UNITS: usize = 256;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws on a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
    /// `Object.entries`, which runs getters and Proxy traps.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = entries)]
    fn entries(value: &JsValue) -> Result<js_sys::Array, JsValue>;
    /// A `Uint8Array` over wasm memory, to copy into.
    type View;
    /// `view.set(source)`, which reads an array-like source's items.
    #[wasm_bindgen(catch, method, js_name = set)]
    fn set_from(this: &View, source: &JsValue) -> Result<(), JsValue>;
}

/// The words for a JS exception met while reading an input (the exception
/// itself is not read: its getters could throw too).
fn threw(_: JsValue) -> String {
    "a getter or a Proxy threw while the value was read".into()
}

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
    let mut budget = Budget {
        values: MAX_VALUES,
        text: MAX_TEXT,
    };
    let tree = json_of(&value, MAX_DEPTH + 1, &mut budget).map_err(|m| js_error(what(m)))?;
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

/// A JS string of at most `limit` UTF-16 code units (checked before it is
/// copied), or `what`'s error.
fn text_of(value: &JsValue, limit: usize, what: fn(String) -> Error) -> Result<String, JsValue> {
    let Some(text) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(js_error(what("expected a string".into())));
    };
    let n = text.length() as usize;
    if n > limit {
        return Err(js_error(what(format!(
            "a string of {n} UTF-16 code units, more than the limit of {limit}"
        ))));
    }
    Ok(String::from(text))
}

/// The bytes of a `Uint8Array` of at most `limit` bytes: its length is read
/// (catching a trap) and checked before the copy is allocated.
fn bytes_of(value: &JsValue, limit: usize) -> Result<Vec<u8>, JsValue> {
    let refuse = |m: String| js_error(Error::Index(m));
    if !value.is_instance_of::<js_sys::Uint8Array>() {
        return Err(refuse("expected the bytes as a Uint8Array".into()));
    }
    let length = js_sys::Reflect::get(value, &JsValue::from_str("length"))
        .map_err(|e| refuse(threw(e)))?
        .as_f64()
        .unwrap_or(-1.0);
    if !(0.0..=limit as f64).contains(&length) || length.fract() != 0.0 {
        return Err(refuse(format!(
            "a length of {length} bytes, more than the limit of {limit}"
        )));
    }
    let n = length as usize;
    let mut out: Vec<u8> = Vec::new();
    out.try_reserve_exact(n)
        .map_err(|_| refuse(format!("no memory left for {n} bytes")))?;
    out.resize(n, 0);
    // SAFETY: the view covers exactly `out`'s `n` initialised bytes and is
    // used at once, before anything could allocate and move the memory.
    let view = unsafe { js_sys::Uint8Array::view_mut_raw(out.as_mut_ptr(), n) };
    view.unchecked_ref::<View>()
        .set_from(value)
        .map_err(|e| refuse(threw(e)))?;
    Ok(out)
}

/// What an input may still hold.
struct Budget {
    values: usize,
    text: usize,
}

/// A JS value as JSON data, at most `depth` levels deep, within `budget`:
/// what `JSON.parse(JSON.stringify(value))` would give, except that
/// `undefined` is `null`. By hand with js-sys rather than
/// serde-wasm-bindgen's deserializer: that one's error path links core's
/// float formatting, and the module was 5 KB gzip larger with it. Every JS
/// call here catches (see the module's guarantees), and every length is
/// checked against the budget before it is iterated or copied.
fn json_of(value: &JsValue, depth: usize, budget: &mut Budget) -> Result<Value, String> {
    let Some(below) = depth.checked_sub(1) else {
        return Err(format!("nested more than {MAX_DEPTH} deep"));
    };
    let too_many = |n: f64| format!("{n} values, more than the {MAX_VALUES} an input may hold");
    budget.values = budget.values.checked_sub(1).ok_or_else(|| too_many(0.0))?;
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
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        let n = text.length() as usize;
        budget.text = budget.text.checked_sub(n).ok_or_else(|| {
            format!("more than {MAX_TEXT} UTF-16 code units of text in one input")
        })?;
        return Ok(Value::String(String::from(text)));
    }
    if value.is_function() || value.is_symbol() || value.is_bigint() || !value.is_object() {
        return Err("a JS value that is not JSON data (a function, symbol or bigint)".into());
    }
    if js_sys::ArrayBuffer::is_view(value) {
        return Err("a typed array or DataView, which is not JSON data".into());
    }
    if is_array(value).map_err(threw)? {
        let length = js_sys::Reflect::get(value, &JsValue::from_str("length"))
            .map_err(threw)?
            .as_f64()
            .unwrap_or(0.0);
        if length > budget.values as f64 {
            return Err(format!(
                "an array of {length} items, more than the {MAX_VALUES} values an input may hold"
            ));
        }
        return (0..length as u32)
            .map(|i| {
                let item = js_sys::Reflect::get_u32(value, i).map_err(threw)?;
                json_of(&item, below, budget)
            })
            .collect();
    }
    let pairs = entries(value).map_err(threw)?;
    let n = pairs.length();
    if n as usize > budget.values {
        return Err(too_many(f64::from(n)));
    }
    let mut fields = serde_json::Map::new();
    for entry in pairs.iter() {
        // `Object.entries` made these [key, value] arrays: reading them
        // runs no user code.
        let entry: js_sys::Array = entry.unchecked_into();
        let (key, field) = (entry.get(0), entry.get(1));
        if field.is_undefined() {
            continue;
        }
        fields.insert(
            key.as_string().unwrap_or_default(),
            json_of(&field, below, budget)?,
        );
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
    /// Loads an index from the bytes of an index file (a `Uint8Array`).
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<Engine, JsValue> {
        let bytes = bytes_of(&bytes, MAX_INDEX_BYTES)?;
        Index::from_bytes(&bytes)
            .map(|index| Engine { index })
            .map_err(js_error)
    }

    /// Opens a sharded bundle from its manifest's bytes (inflated); parts
    /// are added with `addChunk` as `neededChunks` names them.
    #[wasm_bindgen(js_name = fromManifest)]
    pub fn from_manifest(
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<Engine, JsValue> {
        let bytes = bytes_of(&bytes, crate::index::bundle::MAX_MANIFEST_BYTES as usize)?;
        Index::from_manifest(&bytes)
            .map(|index| Engine { index })
            .map_err(js_error)
    }

    /// The bundle parts answering this question reads and has not got yet
    /// (file names; empty when `ask` can answer). Fetch them, `addChunk`
    /// each, and call again: a later hop may need more.
    #[wasm_bindgen(js_name = neededChunks)]
    pub fn needed_chunks(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] question: JsValue,
        scope: JsValue,
        options: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let question = question_of(&question)?;
        let scope = scope_of(scope)?;
        let (options, no_decompose) = options_of(options)?;
        crate::needed(&self.index, &question, &scope, &options, no_decompose).map_err(js_error)
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

    /// Adds one bundle part (its inflated bytes, a `Uint8Array`) under its
    /// file name; at most the size the manifest declares for its largest part.
    #[wasm_bindgen(js_name = addChunk)]
    pub fn add_chunk(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<(), JsValue> {
        let name = text_of(&name, MAX_NAME_UNITS, |m| {
            Error::Index(format!("part name: {m}"))
        })?;
        let bytes = bytes_of(&bytes, self.index.part_limit())?;
        self.index.add_part(&name, &bytes).map_err(js_error)
    }

    /// Answers a question; returns the report as a plain object.
    pub fn ask(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] question: JsValue,
        scope: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let question = question_of(&question)?;
        let scope = scope_of(scope)?;
        let (options, no_decompose) = options_of(options)?;
        timed(|| crate::ask(&self.index, &question, &scope, &options, no_decompose))
    }

    /// Ranked passages for a search box: `[{passage_id, title, url, slots,
    /// score}]`, the one-shot `context` of `ask` without the report.
    pub fn search(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        scope: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let query = question_of(&query)?;
        let scope = scope_of(scope)?;
        let (options, _) = options_of(options)?;
        let hits = crate::search(&self.index, &query, &scope, &options).map_err(js_error)?;
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

/// A question (or query) string.
fn question_of(value: &JsValue) -> Result<String, JsValue> {
    text_of(value, MAX_QUESTION_UNITS, Error::Question)
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
