//! Wasm shell: JS values to and from the [`Json`] tree, so that the module
//! reads and writes exactly what the CLI does (see [`crate::json`]).
//!
//! Guarantees: a JS value reads as `JSON.parse(JSON.stringify(value))`
//! would read, except that `undefined` reads as `null` and any nesting
//! deeper than [`MAX_DEPTH`] (a cycle, say) is refused, not recursed into.
//! A field whose value is `undefined` is left out, as `JSON.stringify`
//! leaves it out. Numbers are all [`Json::Num`]; the readers take whole
//! ones where a count is expected.

use crate::json::{Json, Key};
use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

#[wasm_bindgen]
extern "C" {
    /// A plain object being filled.
    type Record;

    /// `record[key] = value`: a plain assignment, which (unlike
    /// `Reflect.set`) needs no exception guard.
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &Record, key: &JsValue, value: JsValue);
}

/// Deepest nesting read from a JS value.
pub const MAX_DEPTH: usize = 64;

/// The tree of a JS value, or what in it is not JSON data.
pub fn read(value: &JsValue) -> Result<Json<'static>, String> {
    read_at(value, 0)
}

fn read_at(value: &JsValue, depth: usize) -> Result<Json<'static>, String> {
    if depth > MAX_DEPTH {
        return Err(format!("nested more than {} deep", MAX_DEPTH));
    }
    if value.is_null() || value.is_undefined() {
        return Ok(Json::Null);
    }
    if let Some(b) = value.as_bool() {
        return Ok(Json::Bool(b));
    }
    if let Some(n) = value.as_f64() {
        return Ok(Json::Num(n));
    }
    if let Some(s) = value.as_string() {
        return Ok(Json::Str(s.into()));
    }
    if let Some(array) = value.dyn_ref::<js_sys::Array>() {
        return array
            .iter()
            .map(|item| read_at(&item, depth + 1))
            .collect::<Result<_, _>>()
            .map(Json::List);
    }
    if value.is_function() || value.is_symbol() || value.is_bigint() {
        return Err("a JS value that is not JSON data (a function, symbol or bigint)".into());
    }
    let Some(object) = value.dyn_ref::<js_sys::Object>() else {
        return Err("a JS value that is not JSON data".into());
    };
    let mut fields = Vec::new();
    for entry in js_sys::Object::entries(object).iter() {
        let entry: js_sys::Array = entry.unchecked_into();
        let (key, value) = (entry.get(0), entry.get(1));
        if value.is_undefined() {
            continue;
        }
        let key = key.as_string().unwrap_or_default();
        fields.push((Key::Owned(key), read_at(&value, depth + 1)?));
    }
    Ok(Json::Obj(fields))
}

/// The JS value of a tree: plain objects, arrays, strings, numbers.
pub fn write(value: &Json<'_>) -> JsValue {
    match value {
        Json::Null => JsValue::NULL,
        Json::Bool(b) => JsValue::from_bool(*b),
        Json::Int(i) => JsValue::from_f64(*i as f64),
        Json::Num(n) => JsValue::from_f64(*n),
        Json::Str(s) => JsValue::from_str(s),
        Json::List(items) => items.iter().map(write).collect::<js_sys::Array>().into(),
        Json::Obj(fields) => {
            let record: Record = js_sys::Object::new().unchecked_into();
            for (k, v) in fields {
                let mut value = Some(write(v));
                with_key(k, &mut |key| {
                    if let Some(value) = value.take() {
                        record.set(key, value);
                    }
                });
            }
            record.into()
        }
    }
}

thread_local! {
    /// The JS string of each static field name written so far, by address
    /// and length: a few dozen names, and decoding one into JS costs more
    /// than finding it here.
    static KEYS: RefCell<Vec<((usize, usize), JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// Calls `f` with a field name as a JS string, reused (not copied) for
/// the names this crate writes.
fn with_key(k: &Key, f: &mut dyn FnMut(&JsValue)) {
    let Key::Borrowed(name) = k else {
        return f(&JsValue::from_str(k));
    };
    let id = (name.as_ptr() as usize, name.len());
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        let at = match keys.iter().position(|(at, _)| *at == id) {
            Some(at) => at,
            None => {
                keys.push((id, JsValue::from_str(name)));
                keys.len() - 1
            }
        };
        if let Some((_, js)) = keys.get(at) {
            f(js);
        }
    })
}
