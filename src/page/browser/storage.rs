//! The browser's local storage: what reads and writes it. Its keys are
//! declared in `state/keys.rs` (the input and the chosen puzzle of a
//! batch, the text a sample or a link replaced, play progress and My
//! progress, a made puzzle's text); it is written only by the page's
//! effect runner (`components/app.rs`), for the reducer's effects.
//! Nothing leaves the browser. A storage that is missing (private modes)
//! or full loses what was to be kept, never the page's work.

use wasm_bindgen::JsValue;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// What is kept under `key`, if anything.
pub(crate) fn read(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Keeps `value` under `key`; false when the browser would not (full, or
/// no storage).
pub(crate) fn keep(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Keeps the browser's own string under `key` (web-sys's `set_item` takes
/// a Rust string: a copy of up to 1 MB of clue text); false when the
/// browser would not.
pub(crate) fn keep_js(key: &str, value: &js_sys::JsString) -> bool {
    let Some(s) = storage() else { return false };
    let set_item = js_sys::Reflect::get(&s, &JsValue::from_str("setItem"));
    set_item
        .ok()
        .map(js_sys::Function::from)
        .is_some_and(|f| f.call2(&s, &JsValue::from_str(key), value).is_ok())
}

/// Forgets what is kept under `key`.
pub(crate) fn forget(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}
