//! The browser's local storage, where the page keeps the input, the
//! chosen puzzle of a batch (`input.rs`) and play progress (the reducer's
//! `Effect::Keep`) across a reload.

/// The page's local storage, if the browser gives one.
pub(super) fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}
