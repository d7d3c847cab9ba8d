//! A web worker owned by the page: spawned, posted to (with a queue until it
//! says `Ready`), and terminated when dropped, which cancels its work.

use crate::protocol::{FromWorker, ToWorker};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

/// The worker and the handlers that must live as long as it. Messages
/// posted before the worker said `Ready` wait in a queue: a message that
/// arrives before the worker's handler is installed would be lost.
pub struct WorkerHandle {
    worker: Worker,
    /// `Some` until the worker is ready: the messages waiting for it.
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

/// A worker's loader script (`script`: `worker`, the solver's, or
/// `pictures`). Its name holds a hash of the worker's files, as the page's
/// own do (`scripts/offline`, Trunk's post-build hook, names it in
/// index.html's `<meta name="nonogram-worker">`, `nonogram-pictures`), so a
/// page never starts a worker of another build; Trunk's own name where a
/// build has no such line.
fn loader_url(script: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&format!("meta[name=nonogram-{script}]")).ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| format!("./{script}_loader.js"))
}

impl WorkerHandle {
    /// The solver's worker (also the racer's and the picture panel's).
    pub fn spawn(
        on_worker: Callback<FromWorker>,
        on_crash: Callback<String>,
    ) -> Result<WorkerHandle, String> {
        WorkerHandle::spawn_script("worker", on_worker, on_crash)
    }

    /// The worker of the script `script` (see [`loader_url`]).
    pub fn spawn_script(
        script: &str,
        on_worker: Callback<FromWorker>,
        on_crash: Callback<String>,
    ) -> Result<WorkerHandle, String> {
        // Trunk's loader shim imports the classic (no-modules) worker script.
        let worker = Worker::new(&loader_url(script)).map_err(|e| format!("{e:?}"))?;
        let queue: Rc<RefCell<Option<Vec<JsValue>>>> = Rc::new(RefCell::new(Some(Vec::new())));
        let (waiting, target) = (queue.clone(), worker.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let bytes = e.data().dyn_into::<js_sys::Uint8Array>().map(|a| a.to_vec()).unwrap_or_default();
            match crate::protocol::decode(&bytes) {
                Some(FromWorker::Ready) => {
                    for message in waiting.borrow_mut().take().unwrap_or_default() {
                        let _ = target.post_message(&message);
                    }
                }
                Some(m) => on_worker.emit(m),
                None => {}
            }
        });
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            on_crash.emit(e.type_());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerHandle { worker, queue, _on_message: on_message, _on_error: on_error })
    }

    /// Posts a request; a picture file or a large clue text goes with it
    /// as `[message, attachment]`.
    pub fn post(&self, request: &ToWorker, attachment: Option<&JsValue>) -> bool {
        let bytes: JsValue = js_sys::Uint8Array::from(&crate::protocol::encode(request)[..]).into();
        let message: JsValue = match attachment {
            Some(f) => js_sys::Array::of2(&bytes, f).into(),
            None => bytes,
        };
        match self.queue.borrow_mut().as_mut() {
            Some(waiting) => {
                waiting.push(message);
                true
            }
            None => self.worker.post_message(&message).is_ok(),
        }
    }
}

impl Drop for WorkerHandle {
    fn drop(&mut self) {
        // Unhook first: a message already queued (say, a new worker's
        // `Ready`) must not reach the closures dropped with this handle.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
