//! The WebAssembly shell: translates between JS values and the core, nothing
//! more. Every error becomes a JS `Error` whose message is the CLI's message.
//! No input path panics; were a bug to panic, the module is built with
//! `panic=immediate-abort` (see the Makefile) and traps as `unreachable`
//! with no message, which keeps the formatting machinery out of the module.

use crate::index::Index;
use crate::model::{check_fields, Plan, Scope, SCOPE_FIELDS};
use crate::{Error, Options, Report};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

mod de;

fn js_error(e: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&e.to_string()).into()
}

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

fn from_js<T: serde::de::DeserializeOwned>(
    value: JsValue,
    what: fn(String) -> Error,
) -> Result<T, JsValue> {
    de::from_js(value).map_err(|e| js_error(what(e.to_string())))
}

/// An optional JS object of `allowed` fields: the default when absent,
/// else its own keys checked by the core's field check, then read.
fn object_of<T: serde::de::DeserializeOwned + Default>(
    value: JsValue,
    allowed: &[&str],
    what: fn(String) -> Error,
) -> Result<T, JsValue> {
    if de::absent(&value) {
        return Ok(T::default());
    }
    if let Some(object) = value.dyn_ref::<js_sys::Object>() {
        let keys: Vec<String> = js_sys::Object::keys(object)
            .iter()
            .filter_map(|k| k.as_string())
            .collect();
        check_fields(keys.iter().map(String::as_str), allowed).map_err(|m| js_error(what(m)))?;
    }
    from_js(value, what)
}

fn scope_of(value: JsValue) -> Result<Scope, JsValue> {
    object_of(value, SCOPE_FIELDS, Error::Scope)
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct JsOptions {
    k: Option<usize>,
    budget: Option<usize>,
    #[serde(default)]
    no_decompose: bool,
}

fn options_of(value: JsValue) -> Result<(Options, bool), JsValue> {
    let what = |m: String| Error::Input(format!("options: {m}"));
    let o: JsOptions = object_of(value, &["k", "budget", "noDecompose"], what)?;
    let defaults = Options::default();
    Ok((
        Options {
            k: o.k.unwrap_or(defaults.k),
            budget: o.budget.unwrap_or(defaults.budget),
            ..defaults
        },
        o.no_decompose,
    ))
}

fn now_us() -> u64 {
    (js_sys::Date::now() * 1000.0) as u64
}

/// A report as a plain object, with the time its run took.
fn timed(run: impl FnOnce() -> crate::Result<Report>) -> Result<JsValue, JsValue> {
    let started = now_us();
    let mut report = run().map_err(js_error)?;
    report.elapsed_us = now_us().saturating_sub(started);
    to_js(&report)
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
        to_js(&crate::search(&self.index, query, &scope, &options).map_err(js_error)?)
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
        #[derive(serde::Serialize)]
        struct Stats {
            passages: usize,
            terms: usize,
            entities: usize,
        }
        to_js(&Stats {
            passages: self.index.passage_count() as usize,
            terms: self.index.terms().term_count(),
            entities: self.index.entity_count() as usize,
        })
    }
}

/// Talc in place of the default dlmalloc: the module is 2.7 KB gzip smaller.
/// Measured on the 77k-passage index in Node (7 interleaved runs, medians):
/// loading took 587 ms against 550, `ask` 2.26 ms against 2.30, and the
/// process held 3 MB more.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
