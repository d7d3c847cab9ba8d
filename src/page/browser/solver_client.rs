//! The solver's workers, as the page holds them: the solving worker
//! (replaced to cancel its work), and the racing engine's, started once
//! search begins. Carries out the reducer's worker [`Effect`]s.

use crate::page::browser::worker_handle::WorkerHandle;
use crate::page::state::{Action, Effect};
use crate::protocol::{FromWorker, SolveRequest, ToWorker};
use yew::Callback;

/// At most this many racing engines, whatever the cores (each holds a
/// clause-learning search in its own memory).
pub const MAX_RACERS: usize = 4;

/// The first racer's seed (`nonogram solve --learn-after 0 --seed 12345`).
const RACING_SEED: u64 = 12_345;

pub struct SolverClient {
    worker: Option<WorkerHandle>,
    /// More engines, racing the first once clause learning has begun: one
    /// per core beyond the first, at most [`MAX_RACERS`]; the first verdict
    /// wins. Their workers start with the first guess, so they are ready
    /// when needed; puzzles that line logic solves never start one.
    racers: Vec<WorkerHandle>,
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
        SolverClient { worker: None, racers: Vec::new(), on_message, on_crash, on_racer }
    }

    /// Replaces the solving worker (terminating the old one and the racers).
    pub fn respawn(&mut self) -> Result<(), String> {
        self.racers.clear();
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
                self.racers.clear();
                None
            }
            Effect::AskHint(request) => {
                let posted = self.worker.as_ref().is_some_and(|w| w.post(&ToWorker::Hint(request), None));
                (!posted).then(|| Action::WorkerCrashed("it could not start".into()))
            }
            Effect::Generate(request) => {
                let posted = self.worker.as_ref().is_some_and(|w| w.post(&ToWorker::Generate(request), None));
                (!posted).then(|| Action::WorkerCrashed("it could not start".into()))
            }
            // The page reads its text, keeps what is kept, starts play and
            // writes its address.
            Effect::Parse { .. }
            | Effect::Keep { .. }
            | Effect::Load(_)
            | Effect::StartPlay
            | Effect::IntoView(_)
            | Effect::KeepInput
            | Effect::Forget(_)
            | Effect::Check
            | Effect::Address(_)
            | Effect::FetchBuiltins
            | Effect::OpenShared(_)
            | Effect::Picture(_)
            | Effect::Lines(_)
            | Effect::Type(_) => None,
        }
    }

    /// Starts the racing engines' workers, idle, one per core beyond the
    /// first (at most [`MAX_RACERS`]); false when there is no core for one.
    fn spawn_racer(&mut self) -> bool {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency()) as usize;
        let wanted = cores.saturating_sub(1).min(MAX_RACERS);
        while self.racers.len() < wanted {
            // A racer that fails is left alone: the first engine goes on.
            let on_crash = Callback::from(|_: String| {});
            match WorkerHandle::spawn(self.on_racer.clone(), on_crash) {
                Ok(racer) => self.racers.push(racer),
                Err(_) => break,
            }
        }
        !self.racers.is_empty()
    }

    /// How many engines race the first.
    pub fn racers(&self) -> usize {
        self.racers.len()
    }

    /// Gives the solve to every racer, each with a seed of its own.
    fn race(&self, request: SolveRequest) {
        for (k, racer) in self.racers.iter().enumerate() {
            let seed = RACING_SEED + 7_919 * k as u64;
            racer.post(&ToWorker::Race { request: request.clone(), seed }, None);
        }
    }
}
