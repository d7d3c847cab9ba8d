//! The worker. Its instances run on the page from the same script:
//! - the solver: receives a [`SolveRequest`], runs a [`Session`] in batches
//!   of about 30 ms, posts each batch's frames and the verdict at the end,
//!   and yields to its event loop between batches; it also reads texts
//!   (`Parse`), answers hints and checks (`Hint`), and times solves for
//!   the benchmarks (`Time`);
//! - racing workers (`Race`): the same solve from the root with a seed of
//!   their own, posting only the verdict;
//! - the picture worker: decodes an uploaded picture with the browser's own
//!   decoder (`createImageBitmap`, an `OffscreenCanvas`, its pixel data),
//!   keeps it in grey, averages it into cells for each grid size asked, and
//!   runs [`CheckJob`]s the same way as solves.
//!
//! A newer solve or check replaces the running one; the page can also
//! cancel at once by terminating the worker.

use crate::protocol::{CheckRequest, FromWorker, SolveRequest, ToWorker};
use crate::worker::check::CheckJob;
use crate::worker::session::{Framed, Session};
use nonogram_core::colour::ColourSolver;
use nonogram_core::SolveOptions;
use nonogram_core::Solver;
use nonogram_formats::quantise::{self, ColourImage};
use nonogram_formats::raster::{self, GreyImage, Sniffed, MAX_GRID_SIDE};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, ColorSpaceConversion, DedicatedWorkerGlobalScope, ImageBitmap, ImageBitmapOptions, MessageEvent,
    OffscreenCanvas, OffscreenCanvasRenderingContext2d,
};

/// Milliseconds a hint's first solve of its puzzle may take (it finds the
/// solution that catches wrong cells).
const HINT_SOLVE_MS: f64 = 1500.0;

/// Milliseconds of solving between two snapshots.
const BATCH_MS: f64 = 30.0;

/// Bytes of RGBA read from the canvas at once (a strip of rows).
const STRIP_BYTES: usize = 4 << 20;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    let bytes = js_sys::Uint8Array::from(&crate::protocol::encode(message)[..]);
    // The bytes move to the page rather than being copied; posting fails
    // only if the page is gone, and there is nothing to do then.
    let _ = scope().post_message_with_transfer(&bytes, &js_sys::Array::of1(&bytes.buffer()));
}

/// What the worker keeps between messages.
#[derive(Default)]
struct State {
    /// The id of the solve or check that should run; older ones stop.
    current_job: Cell<u32>,
    /// The id of the latest picture load; older loads are dropped.
    current_load: Cell<u32>,
    /// The loaded picture: its grey, and an image's colours.
    picture: RefCell<Option<(GreyImage, Option<ColourImage>)>>,
    /// The solutions of the last puzzle a player asked a hint for.
    solutions: RefCell<crate::worker::hinting::Solutions>,
}

/// The longest a puzzle is looked for, in ms.
const GENERATE_MS: f64 = 20_000.0;

/// Installs the message handler; called once when the worker starts.
pub fn start() {
    let state = Rc::new(State::default());
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        // A picture file or a large clue text travels beside its message
        // as [message, attachment]; everything else as the message alone.
        let (message, attachment) = match data.dyn_ref::<js_sys::Array>() {
            Some(pair) => (pair.get(0), Some(pair.get(1))),
            None => (data, None),
        };
        let bytes = message.dyn_into::<js_sys::Uint8Array>().map(|a| a.to_vec());
        match bytes.map(|b| crate::protocol::decode::<ToWorker>(&b)) {
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
            Ok(Some(ToWorker::Check(request))) => {
                state.current_job.set(request.id);
                wasm_bindgen_futures::spawn_local(check(request, state.clone()));
            }
            Ok(Some(ToWorker::LoadPicture { id, name })) => {
                state.current_load.set(id);
                match attachment.and_then(|a| a.dyn_into::<Blob>().ok()) {
                    Some(blob) => wasm_bindgen_futures::spawn_local(load(id, name, blob, state.clone())),
                    None => post(&FromWorker::PictureError {
                        id,
                        message: "no file came with the request".into(),
                    }),
                }
            }
            Ok(Some(ToWorker::Resample { id, width, height, colours })) => {
                post(&resample(id, width, height, colours, &state))
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
            Ok(None) => post(&FromWorker::Error { id: 0, message: "bad request: not a message".into() }),
            Err(_) => post(&FromWorker::Error { id: 0, message: "bad request: not bytes".into() }),
        }
    });
    scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    handler.forget();
    post(&FromWorker::Ready);
}

/// A clock check that says whether the batch still has time. It reads the
/// clock (a call into JavaScript, tens of nanoseconds) after every step:
/// every step is bounded (line solving by work; clause learning's slices by
/// [`batch_end`] on the solver's clock, [`solver_clock`]).
fn batch_budget() -> impl FnMut() -> bool {
    let end = batch_end();
    move || js_sys::Date::now() < end
}

/// When a batch that starts now ends, on `Date.now()`'s clock.
fn batch_end() -> f64 {
    js_sys::Date::now() + BATCH_MS
}

/// The solver's clock here (the core reads none of its own): `Date.now()`.
fn solver_clock() -> nonogram_core::sat::Clock {
    std::sync::Arc::new(js_sys::Date::now)
}

async fn solve(request: SolveRequest, state: Rc<State>) {
    if request.colours.is_some() {
        solve_as::<ColourSolver>(request, state).await
    } else {
        solve_as::<Solver>(request, state).await
    }
}

/// [`solve`] with the engine for the request's kind of puzzle.
async fn solve_as<E: Framed>(request: SolveRequest, state: Rc<State>) {
    match Session::<E>::new(&request) {
        Some(Ok(session)) => in_batches(session, request.id, state).await,
        Some(Err(message)) => post(&message),
        None => post(&FromWorker::Error { id: request.id, message: "a request of the other kind".into() }),
    }
}

/// Posts a session's batches until its verdict, or until job `id` is no
/// longer the current one (cancelled or replaced).
async fn in_batches<E: Framed>(mut session: Session<E>, id: u32, state: Rc<State>) {
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
        quiet_as::<ColourSolver>(request, state, race).await
    } else {
        quiet_as::<Solver>(request, state, race).await
    }
}

/// [`quiet`] with the engine for the request's kind of puzzle.
async fn quiet_as<E: Framed>(request: SolveRequest, state: Rc<State>, race: Option<u64>) {
    let options = match race {
        // A racer learns clauses from the root with a seed of its own and
        // stays with our CDCL solver (on TAAI's 40 hardest puzzles the first
        // of the two took 26.5 s in all natively, against 36.1 s for the
        // first engine alone, measured with batsat; docs/BENCHMARKS.md).
        Some(seed) => SolveOptions::default().racing(seed),
        None => SolveOptions::default(),
    };
    let mut session = match Session::<E>::start(&request, options) {
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
            if let Some(v) = E::verdict_of(step) {
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

async fn check(request: CheckRequest, state: Rc<State>) {
    let start = js_sys::Date::now();
    let mut job = match CheckJob::new(&request) {
        Ok(job) => job,
        Err(message) => return post(&message),
    };
    while state.current_job.get() == request.id && !job.is_done() {
        if let Some(message) = job.advance(batch_budget(), || js_sys::Date::now() - start) {
            post(&message);
        }
        yield_now().await;
    }
}

fn resample(id: u32, width: usize, height: usize, colours: u8, state: &State) -> FromWorker {
    let picture = state.picture.borrow();
    let Some((image, colour)) = picture.as_ref() else {
        return FromWorker::PictureError { id, message: "no picture is loaded".into() };
    };
    if !(1..=MAX_GRID_SIDE).contains(&width) || !(1..=MAX_GRID_SIDE).contains(&height) {
        return FromWorker::PictureError {
            id,
            message: format!("a grid of {width}×{height}: each side must be 1 to {MAX_GRID_SIDE} cells"),
        };
    }
    if colours >= 3 {
        let Some(colour) = colour else {
            return FromWorker::PictureError {
                id,
                message: "a 0/1 text picture has no colours: upload an image".into(),
            };
        };
        let (cells, palette) =
            quantise::quantise(&colour.cell_colours(width, height), width, usize::from(colours));
        return FromWorker::ColourCells { id, width, height, cells, palette: palette.concat() };
    }
    let values = image.cell_means(width, height);
    let otsu = raster::otsu(&values);
    FromWorker::Cells { id, width, height, values, otsu }
}

async fn load(id: u32, name: String, blob: Blob, state: Rc<State>) {
    let result = read_picture(&blob).await;
    if state.current_load.get() != id {
        return; // a newer upload replaced this one
    }
    match result {
        Ok((image, kind)) => {
            let (grid_width, grid_height) = image.0.default_grid();
            let (width, height) = (image.0.width(), image.0.height());
            *state.picture.borrow_mut() = Some(image);
            post(&FromWorker::PictureLoaded { id, kind, width, height, grid_width, grid_height });
            post(&resample(id, grid_width, grid_height, 2, &state));
        }
        Err(message) => post(&FromWorker::PictureError { id, message: format!("{name}: {message}") }),
    }
}

/// Reads a file as an image (by its header) or as a 0/1 text picture.
async fn read_picture(blob: &Blob) -> Result<((GreyImage, Option<ColourImage>), String), String> {
    let buffer =
        JsFuture::from(blob.array_buffer()).await.map_err(|_| "the file could not be read".to_string())?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    match raster::sniff(&bytes).map_err(|e| e.to_string())? {
        Sniffed::Image { format, .. } => {
            let image = decode(blob).await.map_err(|e| {
                format!(
                    "the {} image could not be decoded ({e}); it may be truncated or damaged",
                    format.name()
                )
            })?;
            Ok((image, format.name().to_string()))
        }
        Sniffed::Other => {
            let text = std::str::from_utf8(&bytes).map_err(|_| {
                "not a PNG, JPEG, GIF, WebP or BMP image, and not text (a 0/1 picture)".to_string()
            })?;
            let grid = nonogram_formats::parse_picture(text).map_err(|e| {
                format!("not an image, and not a 0/1 text picture: {e} (to open clues, use Open file)")
            })?;
            Ok(((GreyImage::from_grid(&grid), None), "0/1 text picture".to_string()))
        }
    }
}

/// Decodes with the browser and reads the pixels back in strips of rows.
async fn decode(blob: &Blob) -> Result<(GreyImage, Option<ColourImage>), String> {
    // Not `{e:?}`: JsValue's Debug formats numbers, which links the float
    // formatting code (about 1.5 KB of the download) for this one message.
    let describe = |e: JsValue| match (e.dyn_ref::<js_sys::Error>(), e.as_string()) {
        (Some(e), _) => String::from(e.message()),
        (None, Some(text)) => text,
        (None, None) => "the browser gave no reason".into(),
    };
    let options = ImageBitmapOptions::new();
    // The pixels as stored: a picture that is already a grid stays exact.
    options.set_color_space_conversion(ColorSpaceConversion::None);
    let promise =
        scope().create_image_bitmap_with_blob_and_image_bitmap_options(blob, &options).map_err(describe)?;
    let bitmap: ImageBitmap = JsFuture::from(promise).await.map_err(describe)?.unchecked_into();
    let (w, h) = (bitmap.width(), bitmap.height());
    let canvas = OffscreenCanvas::new(w, h).map_err(describe)?;
    let context: OffscreenCanvasRenderingContext2d =
        canvas.get_context("2d").map_err(describe)?.ok_or("no 2D canvas in this worker")?.unchecked_into();
    context.draw_image_with_image_bitmap(&bitmap, 0.0, 0.0).map_err(describe)?;
    bitmap.close();
    let (w, h) = (w as usize, h as usize);
    let mut image = GreyImage::with_width(w, h);
    let mut colour = ColourImage::with_size(w, h);
    let strip = (STRIP_BYTES / (4 * w.max(1))).max(1);
    for y in (0..h).step_by(strip) {
        let rows = strip.min(h - y);
        let data = context.get_image_data(0.0, y as f64, w as f64, rows as f64).map_err(describe)?;
        let rgba = data.data();
        image.push_rgba(&rgba);
        colour.push_rgba(&rgba);
    }
    colour.finish();
    Ok((image, Some(colour)))
}

/// Lets the worker's event loop run (a new request may arrive).
async fn yield_now() {
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
