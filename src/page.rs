//! The page: clue input with format detection, the board on a canvas, the
//! worker's steps played back (play/pause, step, speed, jump to end), the
//! verdict, and the grid as text. The picture workflow (upload, settings,
//! check, fixes) and export and share live in [`picture_view`].

mod board;
mod export_view;
mod input;
mod input_panel;
mod panels;
mod picture_draw;
mod picture_view;
mod setup;
mod solver_client;
mod view;
mod worker_handle;

use crate::app::{Action, Effect, State};
use crate::draw;
use crate::picture::Picture;
use crate::protocol::FromWorker;
use crate::samples::SAMPLES;
use export_view::ExportMsg;
use gloo_timers::callback::Interval;
use panels::OpenedLine;
use picture_view::{CheckView, PictureMsg};
use solver_client::SolverClient;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
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
    solver: SolverClient,
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
    /// Two fingers on the board zoom (see `board::listen_to_pinch`).
    _on_pointer: Vec<Closure<dyn FnMut(web_sys::PointerEvent)>>,
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
            let next = match effect {
                Effect::Parse { version, index } => self.parse(version, index),
                effect => self.solver.carry_out(effect),
            };
            if let Some(action) = next {
                effects.extend(self.state.reduce(action));
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
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        App::new(ctx)
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
        self.view_page(ctx)
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        self.after_render(ctx, first_render);
    }
}
