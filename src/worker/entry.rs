//! The worker. Its instances run on the page from the same script:
//! - the solver: receives a [`SolveRequest`], runs a [`Session`] in batches
//!   of about 30 ms, posts each batch's frames and the verdict at the end,
//!   and yields to its event loop between batches; it also reads texts
//!   (`Parse`), answers hints and checks (`Hint`), and times solves for
//!   the benchmarks (`Time`);
//! - racing workers (`Race`): the same solve from the root with a seed of
//!   their own, posting only the verdict;
//!
//! Pictures have a worker of their own (`pictures`, a script loaded when
//! first used). A newer solve replaces the running one; the page can also
//! cancel at once by terminating the worker.

use super::browser::{batch_end, listen, post, scope, yield_now};
use crate::protocol::{FromWorker, SolveRequest, ToWorker};
use crate::worker::session::{Session, Shown};
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::Puzzle;
use nonogram_core::SolveOptions;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Milliseconds a hint's first solve of its puzzle may take (it finds the
/// solution that catches wrong cells).
const HINT_SOLVE_MS: f64 = 1500.0;

/// What the worker keeps between messages.
#[derive(Default)]
struct State {
    /// The id of the solve or check that should run; older ones stop.
    current_job: Cell<u32>,
    /// The solutions of the last puzzle a player asked a hint for.
    solutions: RefCell<crate::worker::hinting::Solutions>,
}

/// The longest a puzzle is looked for, in ms.
const GENERATE_MS: f64 = 20_000.0;

/// Installs the message handler; called once when the worker starts.
pub fn start() {
    let state = Rc::new(State::default());
    listen(move |request, attachment| {
        match request {
            Ok(Some(ToWorker::Solve(request))) => {
                state.current_job.set(request.id);
                wasm_bindgen_futures::spawn_local(solve(request, state.clone()));
            }
            Ok(Some(ToWorker::Time(request))) => {
                state.current_job.set(request.id);
                wasm_bindgen_futures::spawn_local(quiet(request, state.clone(), None));
            }
            Ok(Some(ToWorker::Race { request, seed })) => {
                state.current_job.set(request.id);
                wasm_bindgen_futures::spawn_local(quiet(request, state.clone(), Some(seed)));
            }
            Ok(Some(ToWorker::Parse { id, index })) => {
                let outcome = match attachment.and_then(|a| a.as_string()) {
                    Some(text) => crate::protocol::parse_for_page(&text, index),
                    None => Err("no text came with the request".into()),
                };
                post(&FromWorker::Parsed { id, outcome })
            }
            Ok(Some(ToWorker::Generate(request))) => {
                // Within a bound: the grade asked for may be rare at that size.
                let end = js_sys::Date::now() + GENERATE_MS;
                post(&crate::worker::generating::answer(&request, || js_sys::Date::now() < end))
            }
            Ok(Some(ToWorker::Hint(request))) => {
                // Solving for the solutions takes at most this long, once per puzzle.
                let end = js_sys::Date::now() + HINT_SOLVE_MS;
                let mut solutions = state.solutions.borrow_mut();
                post(&crate::worker::hinting::answer(&request, &mut solutions, || js_sys::Date::now() < end));
            }
            // The picture worker's requests (its own script, `pictures`).
            Ok(Some(
                ToWorker::ReadPicture { .. }
                | ToWorker::LoadPicture { .. }
                | ToWorker::Resample { .. }
                | ToWorker::Check(_),
            )) => post(&FromWorker::Error { id: 0, message: "a picture worker's request".into() }),
            Ok(None) => post(&FromWorker::Error { id: 0, message: "bad request: not a message".into() }),
            Err(()) => post(&FromWorker::Error { id: 0, message: "bad request: not bytes".into() }),
        }
    });
}

/// The solver's clock here (the core reads none of its own): `Date.now()`.
fn solver_clock() -> nonogram_core::sat::Clock {
    std::sync::Arc::new(js_sys::Date::now)
}

async fn solve(request: SolveRequest, state: Rc<State>) {
    if request.colours.is_some() {
        solve_as::<ColourPuzzle>(request, state).await
    } else {
        solve_as::<Puzzle>(request, state).await
    }
}

/// [`solve`] with the session for the request's kind of puzzle.
async fn solve_as<P: Shown>(request: SolveRequest, state: Rc<State>) {
    match Session::<P>::new(&request) {
        Some(Ok(session)) => in_batches(session, request.id, state).await,
        Some(Err(message)) => post(&message),
        None => post(&FromWorker::Error { id: request.id, message: "a request of the other kind".into() }),
    }
}

/// Posts a session's batches until its verdict, or until job `id` is no
/// longer the current one (cancelled or replaced).
async fn in_batches<P: Shown>(mut session: Session<P>, id: u32, state: Rc<State>) {
    let start = js_sys::Date::now();
    let clock = solver_clock();
    while state.current_job.get() == id {
        let end = batch_end();
        session.pause_at(&clock, end);
        let message = session.advance(move || js_sys::Date::now() < end, || js_sys::Date::now() - start);
        post(&message);
        if session.is_done() {
            return;
        }
        yield_now().await;
    }
}

/// Solves in batches like [`solve`], but posts only the verdict, with the
/// time spent solving. `race`: as a racing engine with that seed, with the
/// solutions; otherwise with the default options and no solutions (the
/// solver's own speed in wasm, for the benchmarks). Black and white or
/// colour.
async fn quiet(request: SolveRequest, state: Rc<State>, race: Option<u64>) {
    if request.colours.is_some() {
        quiet_as::<ColourPuzzle>(request, state, race).await
    } else {
        quiet_as::<Puzzle>(request, state, race).await
    }
}

/// [`quiet`] with the session for the request's kind of puzzle.
async fn quiet_as<P: Shown>(request: SolveRequest, state: Rc<State>, race: Option<u64>) {
    let options = match race {
        // A racer learns clauses from the root with a seed of its own
        // (docs/DECISIONS.md, "Racing engines": two engines, the first to
        // end taken, take TAAI's hardest puzzles in less time than one).
        Some(seed) => SolveOptions::default().racing(seed),
        None => SolveOptions::default(),
    };
    let mut session = match Session::<P>::start(&request, options) {
        Some(Ok(s)) => s,
        Some(Err(message)) => return post(&message),
        None => {
            return post(&FromWorker::Error { id: request.id, message: "a request of the other kind".into() })
        }
    };
    // performance.now(): sub-millisecond, unlike Date.now().
    let clock = scope().performance();
    let now = || clock.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
    let mut busy = 0.0;
    let solver_clock = solver_clock();
    while state.current_job.get() == request.id {
        let start = now();
        let end = batch_end();
        session.pause_at(&solver_clock, end);
        let budget = move || js_sys::Date::now() < end;
        let mut verdict = None;
        let solver = session.solver();
        for step in solver.by_ref() {
            if let Some(v) = step.verdict() {
                verdict = Some(v);
                break;
            }
            if !budget() {
                break;
            }
        }
        busy += now() - start;
        if let Some(v) = verdict {
            let mut done = crate::worker::session::done_message(request.id, &v, session.solver(), busy);
            if let (None, FromWorker::Done(finished)) = (race, &mut done) {
                // The benchmarks want the time, not the grids.
                finished.solutions.clear();
            }
            return post(&done);
        }
        yield_now().await;
    }
}
