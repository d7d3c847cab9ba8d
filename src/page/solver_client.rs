//! The solver's workers, as the page holds them: the solving worker
//! (replaced to cancel its work), and the racing engine's, started once
//! search begins. Carries out the reducer's worker [`Effect`]s.

use super::worker_handle::WorkerHandle;
use crate::app::{Action, Effect};
use crate::protocol::{FromWorker, SolveRequest, ToWorker};
use yew::Callback;

pub struct SolverClient {
    worker: Option<WorkerHandle>,
    /// The second engine, racing the first once clause learning has begun
    /// (when the browser has two cores or more): the first verdict wins.
    /// Its worker starts with the first guess, so it is ready when needed;
    /// puzzles that line logic solves never start one.
    racer: Option<WorkerHandle>,
    on_message: Callback<FromWorker>,
    on_crash: Callback<String>,
    on_racer: Callback<FromWorker>,
}

impl SolverClient {
    /// A client with no worker yet (see [`Self::respawn`]).
    pub fn new(
        on_message: Callback<FromWorker>,
        on_crash: Callback<String>,
        on_racer: Callback<FromWorker>,
    ) -> SolverClient {
        SolverClient { worker: None, racer: None, on_message, on_crash, on_racer }
    }

    /// Replaces the solving worker (terminating the old one and the racer).
    pub fn respawn(&mut self) -> Result<(), String> {
        self.racer = None;
        self.worker = None;
        self.worker = Some(WorkerHandle::spawn(self.on_message.clone(), self.on_crash.clone())?);
        Ok(())
    }

    /// Asks the worker to read a large text (it travels as the browser's string).
    pub fn parse(&self, version: u64, index: usize, text: &js_sys::JsString) {
        if let Some(w) = &self.worker {
            w.post(&ToWorker::Parse { id: version as u32, index }, Some(text));
        }
    }

    /// Carries out a worker effect; returns what followed, if anything.
    pub fn carry_out(&mut self, effect: Effect) -> Option<Action> {
        match effect {
            Effect::RespawnWorker => {
                self.respawn().err().map(|e| Action::Note(format!("The solver could not start: {e}")))
            }
            Effect::Post(request) => {
                let posted = self.worker.as_ref().is_some_and(|w| w.post(&ToWorker::Solve(request), None));
                (!posted).then(|| Action::WorkerCrashed("it could not start".into()))
            }
            Effect::SpawnRacer => (!self.spawn_racer()).then_some(Action::RacerUnavailable),
            Effect::Race(request) => {
                self.race(request);
                None
            }
            Effect::StopRacer => {
                self.racer = None;
                None
            }
            Effect::AskHint(request) => {
                let posted = self.worker.as_ref().is_some_and(|w| w.post(&ToWorker::Hint(request), None));
                (!posted).then(|| Action::WorkerCrashed("it could not start".into()))
            }
            // The page reads its text and keeps what is kept.
            Effect::Parse { .. } | Effect::Keep { .. } => None,
        }
    }

    /// Starts the racing engine's worker, idle, when the browser has a
    /// second core for it; false when there is none.
    fn spawn_racer(&mut self) -> bool {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
        if self.racer.is_none() && cores >= 2.0 {
            // A racer that fails is left alone: the first engine goes on.
            let on_crash = Callback::from(|_: String| {});
            self.racer = WorkerHandle::spawn(self.on_racer.clone(), on_crash).ok();
        }
        self.racer.is_some()
    }

    fn race(&self, request: SolveRequest) {
        if let Some(racer) = &self.racer {
            racer.post(&ToWorker::Race(request), None);
        }
    }
}
