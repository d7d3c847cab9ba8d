//! The page's address: what follows its `#` names a made or shared puzzle
//! (see `state::address`).

use wasm_bindgen::JsValue;

/// Writes the address's part after `#` (or removes it) without a new
/// history entry or a `hashchange`.
pub fn show_address(fragment: Option<&str>) {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let url = format!(
        "{}{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default(),
        fragment.map(|f| format!("#{f}")).unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}
