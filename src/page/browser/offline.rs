//! The app offline: the page registers the service worker that
//! `scripts/offline` writes into the build (`static/service-worker.js`),
//! and says when a new build has taken over.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

/// Registers the service worker, where the browser has them (a secure
/// page: https, or 127.0.0.1). `on_updated` is called when a new build
/// takes over a page a service worker already served (its files stay
/// cached for this page: see the worker's notes). Returns the handler to
/// keep alive.
pub fn register(on_updated: Callback<()>) -> Option<Closure<dyn FnMut()>> {
    let navigator = web_sys::window()?.navigator();
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false) {
        return None;
    }
    let container = navigator.service_worker();
    // Served by an earlier build's worker: a change of worker is a new build
    // (on a first visit the first worker takes the page over, nothing new).
    let served = container.controller().is_some();
    // A failed registration leaves the page as it was, online only.
    let failed = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
    let _ = container.register("./service-worker.js").catch(&failed);
    failed.forget();
    if !served {
        return None;
    }
    let on_change = Closure::<dyn FnMut()>::new(move || on_updated.emit(()));
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    Some(on_change)
}
