//! What both workers' event loops use (wasm only): posting to the page,
//! yielding to the event loop between batches, and the batches' clock.

use crate::protocol::{FromWorker, ToWorker};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Milliseconds of work between two messages to the page.
const BATCH_MS: f64 = 30.0;

pub fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Installs `handle` as the worker's message handler, for as long as the
/// worker lives, and tells the page it is ready. `handle` gets each
/// request decoded (`Ok(None)`: bytes that are no request; `Err`: not
/// bytes at all) and what travelled beside it (a picture, a large clue
/// text: posted as `[message, attachment]`).
pub fn listen(mut handle: impl FnMut(Result<Option<ToWorker>, ()>, Option<JsValue>) + 'static) {
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        let (message, attachment) = match data.dyn_ref::<js_sys::Array>() {
            Some(pair) => (pair.get(0), Some(pair.get(1))),
            None => (data, None),
        };
        let request = message
            .dyn_into::<js_sys::Uint8Array>()
            .map(|a| crate::protocol::decode::<ToWorker>(&a.to_vec()));
        handle(request.map_err(|_| ()), attachment);
    });
    scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    handler.forget();
    post(&FromWorker::Ready);
}

/// Posts a message to the page.
pub fn post(message: &FromWorker) {
    let bytes = js_sys::Uint8Array::from(&crate::protocol::encode(message)[..]);
    // The bytes move to the page rather than being copied; posting fails
    // only if the page is gone, and there is nothing to do then.
    let _ = scope().post_message_with_transfer(&bytes, &js_sys::Array::of1(&bytes.buffer()));
}

/// A clock check that says whether the batch still has time. It reads the
/// clock (a call into JavaScript, tens of nanoseconds) after every step:
/// every step is bounded (line solving by work; clause learning's slices by
/// [`batch_end`] on the solver's clock, `entry.rs`'s `solver_clock`).
pub fn batch_budget() -> impl FnMut() -> bool {
    let end = batch_end();
    move || js_sys::Date::now() < end
}

/// When a batch that starts now ends, on `Date.now()`'s clock.
pub fn batch_end() -> f64 {
    js_sys::Date::now() + BATCH_MS
}

/// Lets the worker's event loop run (a new request may arrive).
pub async fn yield_now() {
    // A message to ourselves through a channel of its own: a task, queued
    // after the page's messages, with no delay. (`setTimeout(0)` is held
    // back 4 ms once nested five deep: 12 % of every 30 ms batch.) The
    // channel is held here until it has answered.
    let channel = web_sys::MessageChannel::new().ok();
    let promise = js_sys::Promise::new(&mut |resolve, _reject| match &channel {
        Some(c) => {
            c.port1().set_onmessage(Some(&resolve));
            let _ = c.port2().post_message(&JsValue::NULL);
        }
        None => {
            let _ = scope().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = JsFuture::from(promise).await;
    drop(channel);
}
