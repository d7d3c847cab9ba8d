//! The page's side of the picture worker (its own script, out of the first
//! download): started on first use, once for the whole page (the picture
//! panel's uploads and the reader's pictures alike), started again after
//! a crash.

use super::worker_handle::WorkerHandle;
use crate::protocol::{FromWorker, ToWorker};
use yew::Callback;

pub struct PictureClient {
    worker: Option<WorkerHandle>,
    on_message: Callback<FromWorker>,
    on_crash: Callback<String>,
}

impl PictureClient {
    pub fn new(on_message: Callback<FromWorker>, on_crash: Callback<String>) -> PictureClient {
        PictureClient { worker: None, on_message, on_crash }
    }

    /// Posts a request, with a file (an upload, a picture to read); the
    /// worker is started first when it is not running.
    pub fn post(&mut self, request: &ToWorker, file: Option<&web_sys::File>) -> Result<(), String> {
        if self.worker.is_none() {
            let worker =
                WorkerHandle::spawn_script("pictures", self.on_message.clone(), self.on_crash.clone())?;
            self.worker = Some(worker);
        }
        let worker = self.worker.as_ref().expect("started above");
        worker.post(request, file.map(AsRef::as_ref));
        Ok(())
    }

    /// The worker stopped: the next request starts another.
    pub fn crashed(&mut self) {
        self.worker = None;
    }
}
