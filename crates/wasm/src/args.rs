//! Arguments as JavaScript passes them, checked before use.
//!
//! wasm-bindgen's glue copies a `&str` argument into wasm memory by its `length`: given an object,
//! a symbol or a bigint instead of a string, that copy reads and writes out of bounds and the
//! instance traps (a `RuntimeError` that leaves the module unusable), and `null` fails with a
//! bare `TypeError`. So every exported function takes its arguments as `JsValue`s (typed as
//! `string` or `number` in the `.d.ts`) and checks them here, answering a wrong type or an
//! out-of-range number with an `Error` that names the argument and what it was given.

use wasm_bindgen::{JsError, JsValue};

/// What a value is, for a message: "null", "undefined", "the number 1.5", "an object", …
/// Never the text of a string or an object, which may be huge or hostile.
pub fn describe(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_string()
    } else if value.is_undefined() {
        "undefined".to_string()
    } else if let Some(n) = value.as_f64() {
        // As JavaScript writes it: "1.5", "NaN", "Infinity", "1e+300".
        format!(
            "the number {}",
            js_sys::Number::from(n)
                .to_string_with_radix(10)
                .map_or_else(|_| n.to_string(), String::from)
        )
    } else if let Some(b) = value.as_bool() {
        format!("{b}")
    } else if value.is_string() {
        "a string".to_string()
    } else if value.is_symbol() {
        "a symbol".to_string()
    } else if value.is_bigint() {
        "a bigint".to_string()
    } else if value.is_function() {
        "a function".to_string()
    } else if js_sys::Array::is_array(value) {
        "an array".to_string()
    } else {
        "an object".to_string()
    }
}

/// A string argument, e.g. `text("move text", &value)`.
///
/// # Errors
/// Anything but a string: "move text must be a string, not null".
pub fn text(name: &str, value: &JsValue) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| JsError::new(&format!("{name} must be a string, not {}", describe(value))))
}

/// An optional string argument: `undefined` or `null` is `None`.
///
/// # Errors
/// Anything but a string, `undefined` or `null`.
pub fn optional_text(name: &str, value: &JsValue) -> Result<Option<String>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| {
        JsError::new(&format!(
            "{name} must be a string or left out, not {}",
            describe(value)
        ))
    })
}

/// A whole-number argument from `low` to `high`, e.g. a level or a depth.
///
/// # Errors
/// Not a number, not whole, or out of the range: "level must be a whole number from 1 to 8,
/// not the number 1.5".
pub fn whole(name: &str, value: &JsValue, low: u32, high: u32) -> Result<u32, JsError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= f64::from(low) && n <= f64::from(high) => Ok(n as u32),
        _ => Err(JsError::new(&format!(
            "{name} must be a whole number from {low} to {high}, not {}",
            describe(value)
        ))),
    }
}

/// An optional whole-number argument from `low` to `high`: `undefined` or `null` is `None`.
///
/// # Errors
/// Anything else that is not a whole number in the range, as [`whole`] says it.
pub fn optional_whole(
    name: &str,
    value: &JsValue,
    low: u32,
    high: u32,
) -> Result<Option<u32>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    whole(name, value, low, high).map(Some)
}

/// Lines of move texts: a list of lists of strings, e.g. `[["b2-b5", "g7-g4"], ["a2-a4"]]`.
///
/// # Errors
/// Anything else: "the lines must be a list of lists of move texts".
pub fn lines(name: &str, value: &JsValue) -> Result<Vec<Vec<String>>, JsError> {
    serde_wasm_bindgen::from_value(value.clone())
        .map_err(|_| JsError::new(&format!("{name} must be a list of lists of move texts")))
}
