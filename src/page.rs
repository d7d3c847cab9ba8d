//! The page: clue input with format detection, the board on a canvas, the
//! worker's steps played back (play/pause, step, speed, jump to end), the
//! verdict, and the grid as text. The picture workflow (upload, settings,
//! check, fixes) and export and share live in [`picture_view`].

mod picture_view;

use crate::app::{plural, Action, Effect, Input, Racer, State, Zoom, SPEEDS};
use crate::draw;
use crate::lab::{self, SEED_CASES};
use crate::layout::{ClueExtent, Layout, LineId};
use crate::picture::Picture;
use crate::protocol::{parse_outcome, FromWorker, ToWorker};
use crate::samples::SAMPLES;
use gloo_timers::callback::Interval;
use picture_view::{CheckView, ExportMsg, PictureMsg};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    HtmlCanvasElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, MessageEvent, Worker,
};
use yew::prelude::*;

pub fn start() {
    yew::Renderer::<App>::new().render();
}

pub enum Msg {
    /// A change the reducer makes (see [`crate::app`]).
    Act(Action),
    Input(String),
    /// A text over [`SYNC_PARSE_BYTES`] in the text box (see `App::large_text`).
    LargeInput(js_sys::JsString),
    FromWorker(FromWorker),
    /// A message of the second, racing engine's worker.
    FromRacer(FromWorker),
    Key(KeyboardEvent),
    /// A key pressed while the board has focus.
    BoardKey(KeyboardEvent),
    /// Zoom in (true) or out from the cell size drawn now.
    Zoom(bool),
    Sample(usize),
    OpenFile(web_sys::File),
    /// The text of an opened file.
    Load(String),
    Resized,
    LabClue(String),
    LabLine(String),
    LabCase(usize),
    BoardClick(MouseEvent),
    Picture(PictureMsg),
    FromPicture(FromWorker),
    PictureWorkerCrashed(String),
    Export(ExportMsg),
    /// The page's address changed (a share link opened in this tab).
    HashChanged,
    /// Draw the board now (a new puzzle's first drawing, put off a task).
    Redraw,
}

/// Windows this narrow or narrower put the board below the input (as
/// `static/style.css` does).
const NARROW: f64 = 700.0;

/// Where the last input is kept between visits (this browser only).
const STORAGE_KEY: &str = "nonogram-studio.input";

/// Texts longer than this are detected and parsed in the worker, so that
/// no task of the page's takes over 50 ms (TAAI's 1000 puzzles are 630 KB).
const SYNC_PARSE_BYTES: usize = 64 * 1024;

/// The longest input kept across a reload (in local storage).
const MAX_KEPT_BYTES: usize = 1 << 20;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The worker and the handlers that must live as long as it. Messages
/// posted before the worker said `Ready` wait in a queue: a message that
/// arrives before the worker's handler is installed would be lost.
struct WorkerHandle {
    worker: Worker,
    /// `Some` until the worker is ready: the messages waiting for it.
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl WorkerHandle {
    fn spawn(on_worker: Callback<FromWorker>, on_crash: Callback<String>) -> Result<WorkerHandle, String> {
        // Trunk's loader shim imports the classic (no-modules) worker script.
        let worker = Worker::new("./worker_loader.js").map_err(|e| format!("{e:?}"))?;
        let queue: Rc<RefCell<Option<Vec<JsValue>>>> = Rc::new(RefCell::new(Some(Vec::new())));
        let (waiting, target) = (queue.clone(), worker.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            match e.data().as_string().and_then(|t| serde_json::from_str(&t).ok()) {
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
    fn post(&self, request: &ToWorker, attachment: Option<&JsValue>) -> bool {
        let Ok(text) = serde_json::to_string(request) else { return false };
        let text = JsValue::from_str(&text);
        let message: JsValue = match attachment {
            Some(f) => js_sys::Array::of2(&text, f).into(),
            None => text,
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

pub struct App {
    /// The puzzle, its solve and the view of it: every change goes through
    /// [`State::reduce`] (see [`App::dispatch`]).
    state: State,
    text: String,
    /// A text over [`SYNC_PARSE_BYTES`] typed or pasted into the text box,
    /// as the browser's string: it is posted to the worker as it is, never
    /// copied into the page's memory (reading 5 MB out of the box took
    /// 160 ms). `text` is empty then.
    large_text: Option<js_sys::JsString>,
    /// The version of the text the text box shows: the page sets the box
    /// only when the text changed elsewhere (a sample, a file, a picture),
    /// since setting 5 MB there took the browser 158 ms.
    text_shown: Cell<u64>,
    /// Bumped at each new text.
    text_version: u64,
    clues_ref: NodeRef,
    /// Ids of picture requests.
    next_id: u32,
    worker: Option<WorkerHandle>,
    /// The second engine, racing the first once clause learning has begun
    /// (when the browser has two cores or more): the first verdict wins.
    /// Its worker starts with the first guess, so it is ready when needed;
    /// puzzles that line logic solves never start one.
    racer: Option<WorkerHandle>,
    /// The playback timer and its period.
    timer: Option<(u32, Interval)>,
    canvas: NodeRef,
    /// The board's draw cache.
    board: draw::Board,
    /// The room the board may take (width, height), read from the page
    /// when unknown: reading it forces a layout of the page, which costs
    /// tens of milliseconds with large text areas.
    board_space: std::cell::Cell<Option<(f64, f64)>>,
    /// Ctrl+wheel on the board zooms (a listener that may cancel the page's zoom).
    _on_wheel: Option<Closure<dyn FnMut(web_sys::WheelEvent)>>,
    _on_resize: Option<Closure<dyn FnMut()>>,
    lab_clue: String,
    lab_line: String,
    lab_note: String,
    /// The uploaded picture, once read.
    picture: Option<Picture>,
    picture_worker: Option<WorkerHandle>,
    /// The latest upload (its id and file name) and what the panel says.
    picture_load: (u32, String),
    picture_note: String,
    picture_error: String,
    /// The clue text last made from the picture (to see hand edits of Clues).
    picture_text: String,
    check: CheckView,
    picture_canvas: NodeRef,
    own_canvas: NodeRef,
    other_canvas: NodeRef,
    /// Bumped when the picture panel must be drawn anew.
    picture_version: u64,
    picture_drawn: std::cell::Cell<(u64, f64)>,
    picture_layout: std::cell::Cell<Option<Layout>>,
    export_format: String,
    export_note: String,
    share_link: String,
    /// The input replaced by a share link, offered back.
    before_link: Option<String>,
    _on_hash: Option<Closure<dyn FnMut()>>,
    export_cache: ExportCache,
    /// Pending: make the clues of the picture once the threshold slider rests.
    picture_sync: Option<gloo_timers::callback::Timeout>,
    /// Pending: the board's drawing for a new puzzle.
    redraw: Option<gloo_timers::callback::Timeout>,
}

/// The export text and what it was made from.
type ExportCache = RefCell<Option<((u64, u64, usize, String), Result<String, String>)>>;

const SAMPLE: &str = "01110\n11010\n01110\n00110\n00111\n";

impl App {
    /// Changes the state (see [`crate::app`]), carries out what it asks,
    /// and runs the playback timer when it must.
    fn dispatch(&mut self, ctx: &Context<Self>, action: Action) {
        let mut effects: std::collections::VecDeque<Effect> = self.state.reduce(action).into();
        while let Some(effect) = effects.pop_front() {
            match effect {
                Effect::Parse { version, index } => {
                    if let Some(action) = self.parse(version, index) {
                        effects.extend(self.state.reduce(action));
                    }
                }
                Effect::RespawnWorker => self.respawn(ctx),
                Effect::Post(request) => {
                    let posted =
                        self.worker.as_ref().is_some_and(|w| w.post(&ToWorker::Solve(request), None));
                    if !posted {
                        effects.extend(self.state.reduce(Action::WorkerCrashed("it could not start".into())));
                    }
                }
                Effect::SpawnRacer => {
                    self.spawn_racer(ctx);
                    if self.racer.is_none() {
                        effects.extend(self.state.reduce(Action::RacerUnavailable));
                    }
                }
                Effect::Race(request) => {
                    if let Some(racer) = &self.racer {
                        racer.post(&ToWorker::Race(request), None);
                    }
                }
                Effect::StopRacer => self.racer = None,
            }
        }
        let period = self.state.tick_ms();
        if self.timer.as_ref().map(|(p, _)| *p) != period {
            self.timer = period.map(|ms| {
                let tick = ctx.link().callback(|_| Msg::Act(Action::Tick));
                (ms, Interval::new(ms, move || tick.emit(())))
            });
        }
    }

    /// Reads puzzle `index` of the text: at once when small (the outcome
    /// is returned), in the worker when large (a 5 MB text held the page
    /// for 260 ms here; the outcome comes as a message).
    fn parse(&self, version: u64, index: usize) -> Option<Action> {
        match &self.large_text {
            Some(text) if text.length() as usize > SYNC_PARSE_BYTES => {
                if let Some(w) = &self.worker {
                    w.post(&ToWorker::Parse { id: version as u32, index }, Some(text));
                }
                None
            }
            _ => Some(Action::Parsed { version, outcome: parse_outcome(&self.text, index) }),
        }
    }

    /// The clue text, copied out of the browser's string if it is large.
    fn current_text(&self) -> String {
        self.large_text.as_ref().map_or_else(|| self.text.clone(), String::from)
    }

    /// Takes new clue text (typed, opened, a sample, or made from the
    /// picture): cancels a running solve, keeps the text for the next visit.
    fn load_input(&mut self, ctx: &Context<Self>, text: String) {
        if let Some(s) = storage() {
            // Over the limit (or the browser's quota) it is not kept: storing
            // 5 MB took 38 ms of the page's time at each change.
            if text.len() <= MAX_KEPT_BYTES {
                let _ = s.set_item(STORAGE_KEY, &text);
            } else {
                let _ = s.remove_item(STORAGE_KEY);
            }
        }
        let bytes = text.len();
        self.text = text;
        // Over the limit, the text goes to the worker as the browser's string.
        self.large_text = (bytes > SYNC_PARSE_BYTES).then(|| js_sys::JsString::from(self.text.as_str()));
        self.input_changed(ctx, bytes);
    }

    /// Takes a large text typed or pasted into the text box (see
    /// `large_text`); it is not kept for the next visit.
    fn load_large_input(&mut self, ctx: &Context<Self>, text: js_sys::JsString) {
        if let Some(s) = storage() {
            let _ = s.remove_item(STORAGE_KEY);
        }
        let bytes = text.length() as usize;
        self.text = String::new();
        self.large_text = Some(text);
        self.input_changed(ctx, bytes);
    }

    fn input_changed(&mut self, ctx: &Context<Self>, bytes: usize) {
        self.text_version += 1;
        self.board_space.set(None);
        self.share_link.clear();
        self.export_note.clear();
        self.dispatch(ctx, Action::Edited { bytes });
    }

    /// Starts the racing engine's worker (idle until it is given the solve)
    /// when the browser has a second core for it. A racer that cannot start
    /// changes nothing: the first engine goes on alone.
    fn spawn_racer(&mut self, ctx: &Context<Self>) {
        if self.racer.is_some() {
            return;
        }
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
        if cores >= 2.0 {
            let on_crash = ctx.link().callback(|_: String| Msg::FromRacer(FromWorker::Ready));
            self.racer = WorkerHandle::spawn(ctx.link().callback(Msg::FromRacer), on_crash).ok();
        }
    }

    /// On a narrow screen the board is below the input: Solve scrolls it
    /// into view, with room for the verdict (see [`Self::board_space`]).
    fn bring_board_into_view(&self) {
        let narrow = web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
            .is_some_and(|w| w <= NARROW);
        let board =
            self.canvas.cast::<web_sys::Element>().and_then(|c| c.closest("section.board").ok().flatten());
        if let (true, Some(board)) = (narrow, board) {
            board.scroll_into_view();
        }
    }

    /// Ctrl+wheel (and a touchpad's pinch, which the browser sends as one)
    /// on the board zooms it, not the page: the listener must be able to
    /// cancel the event, which Yew's own listeners cannot.
    fn listen_to_wheel(&mut self, ctx: &Context<Self>) {
        let Some(wrap) = self.canvas.cast::<web_sys::Element>().and_then(|c| c.parent_element()) else {
            return;
        };
        let zoom = ctx.link().callback(Msg::Zoom);
        let on_wheel = Closure::<dyn FnMut(web_sys::WheelEvent)>::new(move |e: web_sys::WheelEvent| {
            if e.ctrl_key() && e.delta_y() != 0.0 {
                e.prevent_default();
                zoom.emit(e.delta_y() < 0.0);
            }
        });
        let options = web_sys::AddEventListenerOptions::new();
        options.set_passive(false);
        let _ = wrap.add_event_listener_with_callback_and_add_event_listener_options(
            "wheel",
            on_wheel.as_ref().unchecked_ref(),
            &options,
        );
        self._on_wheel = Some(on_wheel);
    }

    /// The side of a cell as drawn now, in CSS pixels.
    fn drawn_cell(&self) -> f64 {
        self.board.layout().map_or(16.0, |l| l.cell)
    }

    /// Replaces the solving worker (and drops the racer's).
    fn respawn(&mut self, ctx: &Context<Self>) {
        self.racer = None;
        self.worker = None; // terminates the old worker
        match WorkerHandle::spawn(
            ctx.link().callback(Msg::FromWorker),
            ctx.link().callback(|what| Msg::Act(Action::WorkerCrashed(what))),
        ) {
            Ok(w) => self.worker = Some(w),
            Err(e) => self.state.status = format!("The solver could not start: {e}"),
        }
    }

    /// A click on a row or column clue opens that line, as shown, in the lab.
    fn open_line_in_lab(&mut self, x: f64, y: f64) -> bool {
        let (Some(p), Some(l)) = (self.state.puzzle(), self.board.layout()) else { return false };
        let Some(line) = l.clue_at(x, y) else { return false };
        let indices = l.line_cells(line);
        let cells = self.state.shown_cells().as_bytes();
        self.lab_line = indices
            .iter()
            .map(|&k| match cells.get(k) {
                Some(b'#') => '#',
                Some(b'.') => 'x',
                _ => '.',
            })
            .collect();
        let clue = match line {
            LineId::Row(i) => &p.rows[i],
            LineId::Column(i) => &p.columns[i],
        };
        self.lab_clue = format!("[{clue}]");
        let name = line.name();
        let fresh: Vec<String> = indices
            .iter()
            .enumerate()
            .filter(|(_, k)| self.state.playback.fresh_cells().contains(&(**k as u32)))
            .map(|(pos, _)| (pos + 1).to_string())
            .collect();
        self.lab_note = if fresh.is_empty() {
            format!(
                "{name} as shown at step {}; that step deduced nothing in it",
                self.state.playback.position()
            )
        } else {
            format!(
                "{name} as shown at step {}; that step deduced its cells {}",
                self.state.playback.position(),
                fresh.join(", ")
            )
        };
        true
    }

    /// The room the board may take: its box's width, and the window's
    /// height below the box less room for the verdict (on a narrow screen,
    /// where the board comes below the input, the window's height less its
    /// controls: Solve brings the board into view).
    fn board_space(&self, canvas: &HtmlCanvasElement) -> (f64, f64) {
        if let Some(space) = self.board_space.get() {
            return space;
        }
        let window = web_sys::window();
        let px = |v: Option<Result<JsValue, JsValue>>| v.and_then(|v| v.ok()).and_then(|v| v.as_f64());
        let (window_w, window_h) = (
            px(window.as_ref().map(|w| w.inner_width())).unwrap_or(800.0),
            px(window.as_ref().map(|w| w.inner_height())).unwrap_or(600.0),
        );
        let wrap = canvas.parent_element();
        let width =
            wrap.as_ref().map(|p| p.client_width() as f64).filter(|&w| w > 0.0).unwrap_or(window_w - 32.0);
        let height = if window_w <= NARROW {
            window_h - 190.0
        } else {
            let scrolled = window.as_ref().and_then(|w| w.scroll_y().ok()).unwrap_or(0.0);
            let top = wrap.as_ref().map_or(150.0, |p| p.get_bounding_client_rect().top() + scrolled);
            window_h - top - 110.0
        };
        let space = (width.max(120.0), height.max(200.0));
        self.board_space.set(Some(space));
        space
    }

    /// Draws the board (see [`draw::Board::draw`]), or clears it when the
    /// input is no puzzle: never another puzzle's cells.
    fn draw(&self) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else { return };
        let state = &self.state;
        let Some(puzzle) = state.puzzle() else {
            self.board.clear(&canvas);
            return;
        };
        let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let space = self.board_space(&canvas);
        let clues = ClueExtent::of(puzzle);
        let (w, h) = (puzzle.width(), puzzle.height());
        let l = match state.zoom {
            Zoom::Fit => Layout::fit(w, h, clues, space),
            Zoom::Cell(cell) => Layout::at_cell(w, h, clues, cell),
        };
        if let Some(wrap) = canvas.parent_element().and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok()) {
            // Zoomed in, the board pans inside its box, never the page.
            let _ = wrap.style().set_property("max-height", &format!("{}px", space.1.ceil()));
        }
        let comparing = state.shown_solution.is_some();
        let view = draw::BoardView {
            puzzle,
            version: state.version,
            cells: state.shown_cells(),
            fresh: if comparing { &[] } else { state.playback.fresh_cells() },
            mark: if comparing { None } else { state.playback.line_mark() },
            differ: match (comparing, state.solutions.as_slice()) {
                (true, [a, b, ..]) => Some((a.as_str(), b.as_str())),
                _ => None,
            },
        };
        self.board.draw(&canvas, l, dpr, &view);
    }
}

impl App {
    /// "Puzzle N of M" with previous/next and a number field, for a batch.
    fn view_batch(&self, ctx: &Context<Self>) -> Html {
        let Some((index, count)) = self.state.batch() else { return html! {} };
        let link = ctx.link();
        let n = index + 1;
        let onchange = link.batch_callback(|e: Event| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            value.trim().parse().ok().map(|n| Msg::Act(Action::Pick(n)))
        });
        html! {
            <div class="buttons batch" role="group" aria-label="Puzzle of the batch">
                <button id="previous-puzzle" disabled={n == 1} onclick={link.callback(move |_| Msg::Act(Action::Pick(n - 1)))}>{ "◀ Previous" }</button>
                <label class="inline" for="puzzle-number">{ "Puzzle" }</label>
                <input id="puzzle-number" type="number" min="1" max={count.to_string()} value={n.to_string()} {onchange} />
                <span id="puzzle-count">{ format!("of {count}") }</span>
                <button id="next-puzzle" disabled={n == count} onclick={link.callback(move |_| Msg::Act(Action::Pick(n + 1)))}>{ "Next ▶" }</button>
            </div>
        }
    }

    /// The board's text alternative: its size, what is known, the verdict.
    fn board_summary(&self) -> String {
        let state = &self.state;
        let Some(p) = state.puzzle() else {
            return match &state.input {
                Input::Reading { .. } => "Board: reading the clues".into(),
                _ => "Board: no puzzle (the clues are not valid)".into(),
            };
        };
        let cells = state.shown_cells();
        let known = cells.bytes().filter(|&c| c != b'?').count() as u64;
        let filled = cells.bytes().filter(|&c| c == b'#').count() as u64;
        let verdict = if state.status.is_empty() { String::new() } else { format!(" {}.", state.status) };
        format!(
            "Board, {}×{}: {} of {} known, {} filled, at step {} of {}.{verdict} Click a clue to explain its line.",
            p.width(),
            p.height(),
            plural(known, "cell", "cells"),
            cells.len(),
            filled,
            state.playback.position(),
            state.playback.len().saturating_sub(1),
        )
    }

    fn view_lab(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let result = lab::run(&self.lab_clue, &self.lab_line);
        html! {
            <section class="lab" aria-labelledby="lab-title">
                <h2 id="lab-title">{ "Line lab" }</h2>
                <div class="lab-inputs">
                    <label class="inline" for="lab-clue">{ "Clue" }</label>
                    <input id="lab-clue" spellcheck="false" value={self.lab_clue.clone()}
                        oninput={link.callback(|e: InputEvent| Msg::LabClue(e.target_unchecked_into::<HtmlInputElement>().value()))} />
                    <label class="inline" for="lab-line">{ "Line" }</label>
                    <input id="lab-line" spellcheck="false" value={self.lab_line.clone()}
                        oninput={link.callback(|e: InputEvent| Msg::LabLine(e.target_unchecked_into::<HtmlInputElement>().value()))} />
                    <label class="inline" for="lab-cases">{ "Seed cases" }</label>
                    <select id="lab-cases" onchange={link.callback(|e: Event| {
                        Msg::LabCase(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(usize::MAX))
                    })}>
                        <option value="" selected=true disabled=true>{ "Choose a case…" }</option>
                        { for SEED_CASES.iter().enumerate().map(|(i, (name, clue, _))| html! {
                            <option value={i.to_string()}>{ format!("{name} {clue}") }</option>
                        }) }
                    </select>
                </div>
                <p class="hint">{ "Line: # or 1 filled, x or _ empty, . or ? unknown. Click a clue on the board to open its line here." }</p>
                <p id="lab-note" class="progress">{ &self.lab_note }</p>
                {
                    match result {
                        Ok(r) => html! {
                            <>
                                <p>{ format!("{} placement{}{}", r.total, if r.total == 1 { "" } else { "s" },
                                    if (r.placements.len() as u64) < r.total { format!(", the first {} shown", r.placements.len()) } else { String::new() }) }</p>
                                <pre id="lab-placements">{ r.placements.join("\n") }</pre>
                                <p>{ "Resultant fixes: " }<code id="lab-fixes">{ r.fixes }</code>{ "  as text: " }<code id="lab-text">{ r.text }</code></p>
                            </>
                        },
                        Err(e) => html! { <p id="lab-error" class="error" role="alert">{ e }</p> },
                    }
                }
            </section>
        }
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let mut app = App {
            state: State::default(),
            text: String::new(),
            large_text: None,
            text_shown: Cell::new(0),
            text_version: 0,
            clues_ref: NodeRef::default(),
            next_id: 1,
            worker: None,
            racer: None,
            timer: None,
            canvas: NodeRef::default(),
            board: draw::Board::default(),
            board_space: Default::default(),
            _on_wheel: None,
            _on_resize: None,
            lab_clue: SEED_CASES[3].1.to_string(),
            lab_line: SEED_CASES[3].2.to_string(),
            lab_note: format!("Seed case: {}", SEED_CASES[3].0),
            picture: None,
            picture_worker: None,
            picture_load: (0, String::new()),
            picture_note: String::new(),
            picture_error: String::new(),
            picture_text: String::new(),
            check: CheckView::default(),
            picture_canvas: NodeRef::default(),
            own_canvas: NodeRef::default(),
            other_canvas: NodeRef::default(),
            picture_version: 0,
            picture_drawn: Default::default(),
            picture_layout: Default::default(),
            export_format: "non".into(),
            export_note: String::new(),
            share_link: String::new(),
            before_link: None,
            _on_hash: None,
            export_cache: RefCell::new(None),
            picture_sync: None,
            redraw: None,
        };
        // The last input survives a reload; nothing leaves the browser.
        let saved = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
        app.respawn(ctx);
        app.load_input(ctx, saved.unwrap_or_else(|| SAMPLE.to_string()));
        let resized = ctx.link().callback(|_| Msg::Resized);
        let on_resize = Closure::<dyn FnMut()>::new(move || resized.emit(()));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
        }
        app._on_resize = Some(on_resize);
        let hash = ctx.link().callback(|_| Msg::HashChanged);
        let on_hash = Closure::<dyn FnMut()>::new(move || hash.emit(()));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
        }
        app._on_hash = Some(on_hash);
        app.open_share_link(ctx);
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Act(action) => {
                let solving = matches!(action, Action::Solve { .. });
                self.dispatch(ctx, action);
                if solving {
                    self.bring_board_into_view();
                }
            }
            Msg::Input(text) => {
                self.load_input(ctx, text);
                // The text box holds it already.
                self.text_shown.set(self.text_version);
            }
            Msg::LargeInput(text) => {
                self.load_large_input(ctx, text);
                self.text_shown.set(self.text_version);
            }
            Msg::FromWorker(message) => self.dispatch(ctx, Action::FromWorker { message }),
            Msg::FromRacer(message) => {
                self.dispatch(ctx, Action::FromRacer { message, now: js_sys::Date::now() })
            }
            Msg::Picture(m) => return self.update_picture(ctx, m),
            Msg::FromPicture(m) => return self.on_picture_message(ctx, m),
            Msg::PictureWorkerCrashed(what) => {
                self.picture_worker = None;
                self.picture = None;
                self.picture_error =
                    format!("The picture worker stopped unexpectedly ({what}); upload the picture again.");
                self.picture_version += 1;
            }
            Msg::Export(m) => return self.update_export(ctx, m),
            Msg::HashChanged => self.open_share_link(ctx),
            Msg::Redraw => {
                self.redraw = None;
                self.draw();
                return false;
            }
            Msg::Sample(i) => {
                let Some(&(_, text)) = SAMPLES.get(i) else { return false };
                self.load_input(ctx, text.to_string());
            }
            Msg::OpenFile(file) => {
                let loaded = ctx.link().callback(Msg::Load);
                let failed = ctx.link().callback(|message| Msg::Act(Action::Note(message)));
                let name = file.name();
                wasm_bindgen_futures::spawn_local(async move {
                    match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                        Ok(text) => match text.as_string() {
                            Some(t) => loaded.emit(t),
                            None => failed.emit(format!("{name}: not a text file")),
                        },
                        Err(_) => failed.emit(format!("{name}: the file could not be read")),
                    }
                });
                return false;
            }
            Msg::Load(text) => self.load_input(ctx, text),
            Msg::Resized => self.board_space.set(None),
            Msg::LabClue(t) => {
                self.lab_clue = t;
                self.lab_note.clear();
            }
            Msg::LabLine(t) => {
                self.lab_line = t;
                self.lab_note.clear();
            }
            Msg::LabCase(i) => {
                let Some(&(name, clue, line)) = SEED_CASES.get(i) else { return false };
                self.lab_clue = clue.into();
                self.lab_line = line.into();
                self.lab_note = format!("Seed case: {name}");
            }
            Msg::BoardClick(e) => return self.open_line_in_lab(e.offset_x() as f64, e.offset_y() as f64),
            Msg::Key(e) => {
                if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                    e.prevent_default();
                    self.dispatch(ctx, Action::Solve { now: js_sys::Date::now() });
                } else {
                    return false;
                }
            }
            Msg::Zoom(inward) => {
                let cell = self.drawn_cell();
                self.dispatch(ctx, if inward { Action::ZoomIn { cell } } else { Action::ZoomOut { cell } });
            }
            Msg::BoardKey(e) => {
                let action = match e.key().as_str() {
                    "ArrowLeft" => Action::StepBack,
                    "ArrowRight" => Action::StepForward,
                    "Home" => Action::Start,
                    "End" => Action::End,
                    " " => Action::PlayPause,
                    "+" | "=" => Action::ZoomIn { cell: self.drawn_cell() },
                    "-" => Action::ZoomOut { cell: self.drawn_cell() },
                    "0" => Action::Fit,
                    _ => return false,
                };
                e.prevent_default();
                self.dispatch(ctx, action);
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = &self.state;
        let oninput = link.callback(|e: InputEvent| {
            let area = e.target_unchecked_into::<HtmlTextAreaElement>();
            // The value as the browser's string: its length costs nothing,
            // its copy into the page's memory does (160 ms for 5 MB).
            let value = js_sys::Reflect::get(&area, &JsValue::from_str("value")).ok();
            match value.and_then(|v| v.dyn_into::<js_sys::JsString>().ok()) {
                Some(v) if v.length() as usize > SYNC_PARSE_BYTES => Msg::LargeInput(v),
                _ => Msg::Input(area.value()),
            }
        });
        let onkeydown = link.callback(Msg::Key);
        let onspeed = link.callback(|e: Event| {
            Msg::Act(Action::Speed(
                e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(0),
            ))
        });
        let grid_text = match state.puzzle() {
            Some(p) if p.width() > 0 => state
                .shown_cells()
                .as_bytes()
                .chunks(p.width())
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        };
        let (detected, error) = match &state.input {
            Input::Reading { bytes: 0, .. } => ("Reading…".to_string(), ""),
            Input::Reading { bytes, .. } => (format!("Reading {} KB of text…", bytes / 1000), ""),
            Input::Puzzle { format, puzzle, .. } => {
                (format!("Detected: {format}, {}×{}", puzzle.width(), puzzle.height()), "")
            }
            Input::Invalid(e) => (String::new(), e.as_str()),
        };
        let (step, last) = (state.playback.position(), state.playback.len().saturating_sub(1));
        let act = move |action: Action| link.callback(move |_| Msg::Act(action.clone()));
        let onseek = link.callback(|e: InputEvent| {
            Msg::Act(Action::Seek(e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0)))
        });
        html! {
            <main>
                <h1>{ "Nonogram Studio" }</h1>
                <section class="input">
                    <label for="clues">{ "Clues" }</label>
                    <textarea id="clues" ref={self.clues_ref.clone()} rows="10" spellcheck="false"
                        aria-describedby="detected input-error" aria-invalid={(!error.is_empty()).to_string()} {oninput} {onkeydown} />
                    <p id="detected" class="detected">{ detected }</p>
                    <p id="input-error" class="error" role="alert" hidden={error.is_empty()}>{ error }</p>
                    { self.view_batch(ctx) }
                    <div class="buttons">
                        <label class="inline" for="samples">{ "Samples" }</label>
                        <select id="samples" onchange={link.callback(|e: Event| {
                            Msg::Sample(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(usize::MAX))
                        })}>
                            <option value="" selected=true disabled=true>{ "Choose a sample…" }</option>
                            { for SAMPLES.iter().enumerate().map(|(i, (name, _))| html! {
                                <option value={i.to_string()}>{ *name }</option>
                            }) }
                        </select>
                        <input id="open-file" class="visually-hidden" type="file" onchange={link.batch_callback(|e: Event| {
                            let input = e.target_unchecked_into::<HtmlInputElement>();
                            let file = input.files().and_then(|f| f.get(0));
                            input.set_value("");
                            file.map(Msg::OpenFile)
                        })} />
                        <label class="file-button" for="open-file">{ "Open file" }</label>
                    </div>
                    <div class="buttons">
                        <button id="solve" onclick={link.callback(|_| Msg::Act(Action::Solve { now: js_sys::Date::now() }))}
                            disabled={state.puzzle().is_none()}>{ "Solve" }</button>
                        <button id="stop" onclick={act(Action::Stop)} disabled={state.running.is_none()}>{ "Stop" }</button>
                    </div>
                </section>
                <section class="board">
                    <div class="playback" role="group" aria-label="Playback">
                        <button id="start" onclick={act(Action::Start)}>{ "Start" }</button>
                        <button id="back" onclick={act(Action::StepBack)} aria-label="Step back">{ "◀ Step" }</button>
                        <button id="play" onclick={act(Action::PlayPause)}>{ if state.playing { "Pause" } else { "Play" } }</button>
                        <button id="forward" onclick={act(Action::StepForward)} aria-label="Step forward">{ "Step ▶" }</button>
                        <button id="end" onclick={act(Action::End)}>{ "End" }</button>
                        <label class="inline" for="speed">{ "Speed" }</label>
                        <select id="speed" onchange={onspeed}>
                            { for SPEEDS.iter().map(|&(v, name)| html! {
                                <option value={v.to_string()} selected={v == state.speed}>{ name }</option>
                            }) }
                        </select>
                    </div>
                    <div class="scrubber">
                        <label class="inline" for="step">{ "Step" }</label>
                        <input id="step" type="range" min="0" max={last.to_string()} value={step.to_string()} oninput={onseek} />
                        <span id="frame" class="frame">{ format!("step {step} of {last}") }</span>
                    </div>
                    <div class="zoom" role="group" aria-label="Zoom">
                        <button id="zoom-out" onclick={link.callback(|_| Msg::Zoom(false))}>{ "Zoom out" }</button>
                        <button id="fit" onclick={act(Action::Fit)} aria-pressed={(state.zoom == Zoom::Fit).to_string()}>{ "Fit" }</button>
                        <button id="zoom-in" onclick={link.callback(|_| Msg::Zoom(true))}>{ "Zoom in" }</button>
                    </div>
                    <p id="progress" class="progress">{ state.playback.note() }</p>
                    <div class="canvas-wrap" tabindex="0" role="group" aria-label="Board: ← → step, Home and End jump, Space plays or pauses"
                        onkeydown={link.callback(Msg::BoardKey)}>
                        <canvas ref={self.canvas.clone()} role="img" aria-label={self.board_summary()}
                            onclick={link.callback(Msg::BoardClick)}></canvas>
                    </div>
                    <p id="verdict" role="status">{ &state.status }</p>
                    if state.solutions.len() > 1 {
                        <div class="buttons">
                            { for (0..state.solutions.len()).map(|i| html! {
                                <button class="solution" onclick={act(Action::ShowSolution(i))}>
                                    { format!("Show solution {}", i + 1) }
                                </button>
                            }) }
                        </div>
                    }
                    <p id="counts" class="progress">
                        { &state.counts }{ if state.racer == Racer::Racing { "; a second engine races it" } else { "" } }
                    </p>
                    <label for="grid-text">{ "Grid as text" }</label>
                    <textarea id="grid-text" readonly=true spellcheck="false" rows="6" value={grid_text} />
                </section>
                { self.view_picture(ctx) }
                { self.view_export(ctx) }
                { self.view_lab(ctx) }
            </main>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.listen_to_wheel(ctx);
        }
        if self.text_shown.get() != self.text_version {
            if let Some(area) = self.clues_ref.cast::<HtmlTextAreaElement>() {
                area.set_value(&self.text);
                self.text_shown.set(self.text_version);
            }
        }
        // A new puzzle's board (all its clue texts) is drawn in a task of its
        // own, so that it does not add to the work of the change that made it.
        let new_puzzle = self.board.version().is_some_and(|v| v != self.state.version);
        if new_puzzle && self.redraw.is_none() {
            let redraw = ctx.link().callback(|_| Msg::Redraw);
            self.redraw = Some(gloo_timers::callback::Timeout::new(0, move || redraw.emit(())));
        } else if !new_puzzle {
            self.draw();
        }
        self.draw_picture();
    }
}
