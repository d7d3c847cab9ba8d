//! The worker: receives a [`SolveRequest`], runs a [`Session`] in batches of
//! about 30 ms, posts a snapshot after each batch and the verdict at the end,
//! and yields to its event loop between batches. A newer request replaces
//! the running one; the page cancels at once by terminating the worker.

use crate::protocol::{FromWorker, SolveRequest};
use crate::session::Session;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Milliseconds of solving between two snapshots.
const BATCH_MS: f64 = 30.0;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    if let Ok(text) = serde_json::to_string(message) {
        // Posting fails only if the page is gone; nothing to do then.
        let _ = scope().post_message(&JsValue::from_str(&text));
    }
}

/// Installs the message handler; called once when the worker starts.
pub fn start() {
    let current = Rc::new(Cell::new(0u32));
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(text) = event.data().as_string() else { return };
        match serde_json::from_str::<SolveRequest>(&text) {
            Ok(request) => {
                current.set(request.id);
                wasm_bindgen_futures::spawn_local(run(request, current.clone()));
            }
            Err(e) => post(&FromWorker::Error { id: 0, message: format!("bad request: {e}") }),
        }
    });
    scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    handler.forget();
}

async fn run(request: SolveRequest, current: Rc<Cell<u32>>) {
    let start = js_sys::Date::now();
    let mut session = match Session::new(&request) {
        Ok(s) => s,
        Err(message) => return post(&message),
    };
    while current.get() == request.id {
        let batch_start = js_sys::Date::now();
        let mut steps = 0u32;
        let message = session.advance(
            || {
                steps += 1;
                // Reading the clock costs a call into JavaScript: every 32 steps.
                !steps.is_multiple_of(32) || js_sys::Date::now() - batch_start < BATCH_MS
            },
            js_sys::Date::now() - start,
        );
        post(&message);
        if session.is_done() {
            return;
        }
        yield_now().await;
    }
}

/// Lets the worker's event loop run (a new request may arrive).
async fn yield_now() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let _ = scope().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    let _ = JsFuture::from(promise).await;
}
