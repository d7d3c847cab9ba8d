//! The page: clue input with format detection, the board on a canvas, the
//! worker's steps played back (play/pause, step, speed, jump to end), the
//! verdict, and the grid as text. The picture workflow (upload, settings,
//! check, fixes) lives in `picture_view`, export and share in
//! `export_view`.

use crate::page::browser::picture_client::PictureClient;
use crate::page::browser::solver_client::SolverClient;
use crate::page::browser::storage;
use crate::page::samples::SAMPLES;
use crate::page::state::keys::{INPUT_KEY, MAX_KEPT_BYTES};
use crate::page::state::{Action, Effect, LinesAction, LinesEffect, PictureAction, PictureEffect, State};
use crate::protocol::FromWorker;
use gloo_timers::callback::Interval;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

pub fn start() {
    yew::Renderer::<App>::new().render();
}

pub enum Msg {
    /// A change the reducer makes (see [`crate::page::state`]).
    Act(Action),
    Input(String),
    /// A text over [`crate::page::components::input_panel::SYNC_PARSE_BYTES`] in the text box (see `App::large_text`).
    LargeInput(js_sys::JsString),
    FromWorker(FromWorker),
    /// A message of the second, racing engine's worker.
    FromRacer(FromWorker),
    Key(KeyboardEvent),
    Sample(usize),
    OpenFile(web_sys::File),
    /// The text of an opened file.
    Load(String),
    Resized,
    /// A row or column clue was clicked on the board.
    Clue(nonogram_core::LineId),
    /// A file chosen in the picture panel: posted to the picture worker.
    PictureFile(web_sys::File),
    /// A message of the picture worker.
    FromPictures(FromWorker),
    /// The picture worker stopped.
    PicturesCrashed(String),
    /// Put back the input a share link replaced.
    RestoreInput,
    /// Play mode on (with the progress kept for the puzzle) or off.
    TogglePlay,
    Play(crate::page::state::PlayAction),
    /// The page's address changed (a share link opened in this tab).
    HashChanged,
    /// A picture chosen, pasted or dropped to be read: posted to the
    /// picture worker.
    ReadFile(web_sys::File),
}

pub struct App {
    /// The puzzle, its solve and the view of it: every change goes through
    /// [`State::reduce`] (see [`App::dispatch`]).
    pub(crate) state: State,
    /// A text over [`crate::page::components::input_panel::SYNC_PARSE_BYTES`] typed or pasted into the text box,
    /// as the browser's string: it is posted to the worker as it is, never
    /// copied into the page's memory (reading 5 MB out of the box took
    /// 160 ms). The state's `text` is empty then.
    pub(crate) large_text: Option<js_sys::JsString>,
    /// The version of the text the text box shows (the DOM's, not the
    /// page's state): the page sets the box only when the text changed
    /// elsewhere (a sample, a file, a picture), since setting 5 MB there
    /// took the browser 158 ms.
    pub(crate) text_shown: Cell<u64>,
    pub(crate) clues_ref: NodeRef,
    pub(crate) solver: SolverClient,
    /// The picture worker, started on first use.
    pub(crate) pictures: PictureClient,
    /// The picture panel's upload, posted with its `LoadPicture`.
    pub(crate) picture_file: Option<web_sys::File>,
    /// The picture to read, posted with each `ReadPicture`.
    pub(crate) read_file: Option<web_sys::File>,
    /// Pending: the picture panel's `Sync` once its threshold slider rests.
    pub(crate) picture_sync: Option<gloo_timers::callback::Timeout>,
    /// The playback timer and its period.
    pub(crate) timer: Option<(u32, Interval)>,
    pub(crate) _on_resize: Option<Closure<dyn FnMut()>>,
    /// A part of the page to bring into view after the next render (the
    /// reducer's `Effect::IntoView`).
    pub(crate) into_view: Option<crate::page::state::View>,
    pub(crate) _on_hash: Option<Closure<dyn FnMut()>>,
    pub(crate) _on_update: Option<Closure<dyn FnMut()>>,
    pub(crate) _on_visibility: Option<Closure<dyn FnMut()>>,
}

pub(crate) const SAMPLE: &str = "01110\n11010\n01110\n00110\n00111\n";

impl App {
    /// Changes the state (see [`crate::page::state`]), carries out what it asks,
    /// and runs the playback timer when it must.
    pub(crate) fn dispatch(&mut self, ctx: &Context<Self>, action: Action) {
        let mut effects: std::collections::VecDeque<Effect> = self.state.reduce(action).into();
        while let Some(effect) = effects.pop_front() {
            let next = match effect {
                Effect::Parse { version, index } => self.parse(version, index),
                Effect::Load(text) => {
                    // Your own text stays to bring back, as for a sample.
                    self.keep_replaced(ctx, &text);
                    self.load_input(ctx, text);
                    None
                }
                Effect::OpenShared(code) => {
                    self.open_code(ctx, &code, false);
                    None
                }
                Effect::FetchBuiltins => {
                    let done = ctx.link().callback(|fetched| Msg::Act(Action::BuiltinsFetched(fetched)));
                    crate::page::components::builtin_list::fetch(done);
                    None
                }
                Effect::Address(fragment) => {
                    crate::page::browser::location::show_address(fragment.as_deref());
                    None
                }
                Effect::StartPlay => {
                    ctx.link().send_message(Msg::TogglePlay);
                    None
                }
                Effect::IntoView(view) => {
                    self.into_view = Some(view);
                    None
                }
                Effect::KeepInput => {
                    self.keep_input();
                    None
                }
                Effect::Forget(key) => {
                    storage::forget(key);
                    None
                }
                Effect::Check => {
                    ctx.link().send_message(Msg::Act(Action::Check { now: js_sys::Date::now() }));
                    None
                }
                Effect::Keep { key, value } => {
                    // A full storage loses the progress, not the game.
                    storage::keep(&key, &value);
                    None
                }
                Effect::Picture(effect) => self.picture_effect(ctx, effect),
                Effect::Lines(LinesEffect::Read(request)) => {
                    let file = self.read_file.clone();
                    let failed = self.pictures.post(&request, file.as_ref()).err();
                    failed.map(|e| {
                        Action::Lines(LinesAction::ReaderFailed(format!(
                            "The picture worker could not start: {e}"
                        )))
                    })
                }
                Effect::Lines(LinesEffect::Reveal(id)) => {
                    // After this render, and after a focus asked with it.
                    let reveal = move || crate::page::components::lines_view::reveal(id);
                    gloo_timers::callback::Timeout::new(0, reveal).forget();
                    None
                }
                // Taken by the reducer (see `Action::Lines`).
                Effect::Lines(_) => None,
                Effect::Type(text) => {
                    self.load_input(ctx, text);
                    None
                }
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

impl App {
    /// Keeps the clue text for the next visit (the reducer's
    /// `Effect::KeepInput`), up to [`MAX_KEPT_BYTES`]: over it, or over the
    /// browser's quota, it is not kept (storing 5 MB took 38 ms of the
    /// page's time at each change). A large text goes to the storage as
    /// the browser's string, never copied into the page's memory.
    fn keep_input(&self) {
        let kept = match &self.large_text {
            Some(text) => text.length() as usize <= MAX_KEPT_BYTES && storage::keep_js(INPUT_KEY, text),
            None => self.state.text.len() <= MAX_KEPT_BYTES && storage::keep(INPUT_KEY, &self.state.text),
        };
        if !kept {
            storage::forget(INPUT_KEY);
        }
    }

    /// Carries out what the picture panel's reducer asks.
    fn picture_effect(&mut self, ctx: &Context<Self>, effect: PictureEffect) -> Option<Action> {
        match effect {
            PictureEffect::Post(request) => {
                let file = match request {
                    crate::protocol::ToWorker::LoadPicture { .. } => self.picture_file.take(),
                    _ => None,
                };
                let failed = self.pictures.post(&request, file.as_ref()).err()?;
                let failed = format!("The picture worker could not start: {failed}");
                Some(Action::Picture(PictureAction::WorkerFailed(failed)))
            }
            PictureEffect::SyncSoon => {
                let sync = ctx.link().callback(|_| Msg::Act(Action::Picture(PictureAction::Sync)));
                self.picture_sync = Some(gloo_timers::callback::Timeout::new(150, move || sync.emit(())));
                None
            }
            PictureEffect::CancelSync => {
                self.picture_sync = None;
                None
            }
            // Taken by the reducer (see `Action::Picture`).
            PictureEffect::Clues(_) => None,
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
            Msg::Act(action) => self.dispatch(ctx, action),
            Msg::Input(text) => {
                self.load_input(ctx, text);
                // The text box holds it already.
                self.text_shown.set(self.state.text_version);
            }
            Msg::LargeInput(text) => {
                self.load_large_input(ctx, text);
                self.text_shown.set(self.state.text_version);
            }
            Msg::FromWorker(message) => self.dispatch(ctx, Action::FromWorker { message }),
            Msg::FromRacer(message) => {
                self.dispatch(ctx, Action::FromRacer { message, now: js_sys::Date::now() })
            }
            Msg::PictureFile(file) => {
                let name = file.name();
                self.picture_file = Some(file);
                self.dispatch(ctx, Action::Picture(PictureAction::Upload { name }));
            }
            // A reading is the reader's; the rest, the picture panel's.
            Msg::FromPictures(FromWorker::Read(answer)) => {
                self.dispatch(ctx, Action::Lines(LinesAction::Read(*answer)))
            }
            Msg::FromPictures(message) => {
                self.dispatch(ctx, Action::Picture(PictureAction::FromWorker(message)))
            }
            Msg::PicturesCrashed(what) => {
                self.pictures.crashed();
                let failed =
                    format!("The picture worker stopped unexpectedly ({what}); upload the picture again.");
                self.dispatch(ctx, Action::Picture(PictureAction::WorkerFailed(failed)));
                let failed = format!("The reader stopped unexpectedly ({what}); try the picture again.");
                self.dispatch(ctx, Action::Lines(LinesAction::ReaderFailed(failed)));
            }
            Msg::RestoreInput => self.restore_input(ctx),
            Msg::ReadFile(file) => self.read_file = Some(file),
            Msg::TogglePlay => {
                let saved = match (&self.state.play, self.state.puzzle()) {
                    (None, Some(puzzle)) => storage::read(&crate::page::state::progress_key(
                        puzzle,
                        self.state.colour().map(|c| &**c),
                    )),
                    _ => None,
                };
                let action = crate::page::state::PlayAction::Toggle { saved };
                self.dispatch(ctx, Action::Play { action, now: js_sys::Date::now() });
            }
            Msg::Play(action) => self.dispatch(ctx, Action::Play { action, now: js_sys::Date::now() }),
            Msg::HashChanged => self.open_share_link(ctx),
            Msg::Sample(i) => {
                let Some(&(name, text)) = SAMPLES.get(i) else { return false };
                self.load_sample(ctx, name, text);
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
            Msg::Resized => self.dispatch(ctx, Action::Resized),
            // While clues are typed line by line, a clue clicked on the
            // board is the line to type.
            Msg::Clue(line) if self.state.lines_board.typed.is_some() => {
                self.dispatch(ctx, Action::Lines(crate::page::state::LinesAction::Goto(line)))
            }
            Msg::Clue(line) => match self.opened_line(line) {
                Some(opened) => self.dispatch(ctx, Action::OpenLine(Rc::new(opened))),
                None => return false,
            },
            Msg::Key(e) => {
                if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                    e.prevent_default();
                    self.dispatch(ctx, Action::Solve { now: js_sys::Date::now() });
                } else {
                    return false;
                }
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.view_page(ctx)
    }

    fn rendered(&mut self, _: &Context<Self>, _: bool) {
        self.after_render();
    }
}
