//! The page: clue input with format detection, the board on a canvas, the
//! worker's steps played back (play/pause, step, speed, jump to end), the
//! verdict, and the grid as text. The picture workflow (upload, settings,
//! check, fixes) and export and share live in [`picture_view`].

mod board;
mod panels;
mod picture_view;
mod worker_handle;

use crate::app::{Action, Effect, Input, Racer, State};
use crate::draw;
use crate::picture::Picture;
use crate::protocol::{parse_outcome, FromWorker, ToWorker};
use crate::samples::SAMPLES;
use gloo_timers::callback::Interval;
use panels::{About, BatchPicker, Lab, OpenedLine, PlaybackBar, VerdictPanel, ZoomBar};
use picture_view::{CheckView, ExportMsg, PictureMsg};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use worker_handle::WorkerHandle;
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
    /// The line last opened from the board, for the lab.
    opened_line: Option<Rc<OpenedLine>>,
    /// Nothing was kept from an earlier visit: "What is this?" starts open.
    first_visit: bool,
    /// Bring the lab into view after the next render (a clue was clicked).
    lab_into_view: bool,
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
    picture_layout: std::cell::Cell<Option<crate::layout::Layout>>,
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
            opened_line: None,
            lab_into_view: false,
            first_visit: false,
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
        app.first_visit = saved.is_none();
        app.respawn(ctx);
        // Reduced motion: no animated playback; the board shows each
        // snapshot as it comes, and the history stays to step through.
        let reduced = web_sys::window()
            .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
            .is_some_and(|m| m.matches());
        if reduced {
            app.dispatch(ctx, Action::Speed(0));
        }
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
        let on_action = link.callback(Msg::Act);
        html! {
            <main>
                <h1>{ "Nonogram Studio" }</h1>

                <section class="input">
                    <label for="clues">{ "Clues" }</label>
                    <textarea id="clues" ref={self.clues_ref.clone()} rows="10" spellcheck="false"
                        aria-describedby="detected input-error" aria-invalid={(!error.is_empty()).to_string()} {oninput} {onkeydown} />
                    <p id="detected" class="detected">{ detected }</p>
                    <p id="input-error" class="error" role="alert" hidden={error.is_empty()}>{ error }</p>
                    if let Some((index, count)) = state.batch() {
                        <BatchPicker {index} {count} on_action={on_action.clone()} />
                    }
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
                        <button id="stop" onclick={link.callback(|_| Msg::Act(Action::Stop))} disabled={state.running.is_none()}>{ "Stop" }</button>
                    </div>
                    <About open={self.first_visit} on_use={link.callback(|text: &'static str| Msg::Load(text.to_string()))} />
                </section>
                <section class="board">
                    <PlaybackBar step={state.playback.position()} last={state.playback.len().saturating_sub(1)}
                        playing={state.playing} speed={state.speed} on_action={on_action.clone()} />
                    <ZoomBar zoom={state.zoom} on_zoom={link.callback(Msg::Zoom)} on_action={on_action.clone()} />
                    <p id="progress" class="progress">{ state.playback.note() }</p>
                    <div class="canvas-wrap" tabindex="0" role="group" aria-label="Board: ← → step, Home and End jump, Space plays or pauses"
                        onkeydown={link.callback(Msg::BoardKey)}>
                        <canvas ref={self.canvas.clone()} role="img" aria-label={self.board_summary()}
                            onclick={link.callback(Msg::BoardClick)}></canvas>
                    </div>
                    <VerdictPanel status={state.status.clone()} counts={state.counts.clone()} racing={state.racer == Racer::Racing}
                        solutions={state.solutions.len()} on_action={on_action.clone()} />
                    <Lab opened={self.opened_line.clone()} />
                    <label for="grid-text">{ "Grid as text" }</label>
                    <textarea id="grid-text" readonly=true spellcheck="false" rows="6" value={grid_text} />
                </section>
                { self.view_picture(ctx) }
                { self.view_export(ctx) }
            </main>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.listen_to_wheel(ctx);
        }
        if std::mem::take(&mut self.lab_into_view) {
            let lab = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector("section.lab").ok().flatten());
            if let Some(lab) = lab {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                lab.scroll_into_view_with_scroll_into_view_options(&options);
            }
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
