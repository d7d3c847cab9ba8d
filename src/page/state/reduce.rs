//! The page's state, its actions and effects, and the reducer that
//! dispatches each action (see the module above).

use super::address::{Day, Order};
#[cfg(doc)]
use super::builtins::BUILTIN_URL;
use super::builtins::{Builtins, Catalogue};
use super::keys::{PICK_KEY, PLAYED_KEY, PLAYING_KEY, REPLACED_KEY};
use super::lines::{Lines, LinesAction, LinesBoard, LinesEffect};
use super::picture::{PictureAction, PictureEffect, PictureState};
use super::play::action::PlayAction;
use super::play::board::Play;
use super::progress::{self, Played};
use super::view::{OpenedLine, View};
use super::zoom::Zoom;
use crate::page::state::playback::Playback;
use crate::protocol::{
    Cells, FromWorker, GenerateRequest, HintRequest, ParseOutcome, SolveRequest, VerdictKind,
};
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::{Cell, Puzzle};
use std::rc::Rc;

/// The solving engines' state for the current solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Racer {
    /// No second engine (yet).
    Absent,
    /// Its worker is started, idle.
    Ready,
    /// It has been given the solve.
    Racing,
    /// The browser cannot run one (a single core, or it failed to start).
    Unavailable,
    /// The puzzle's encoding is too large for engines to race in the
    /// memory one solve may hold ([`nonogram_core::racing_fits`]).
    Unfit,
}

/// The input, as far as it is read.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// Being detected and parsed (in the worker when large): `bytes` long;
    /// `count` puzzles when it is another puzzle of a batch being read.
    Reading { bytes: usize, count: usize },
    /// A puzzle: the format it was read as, and how many puzzles the text
    /// holds (a batch); `index` (0-based) is the one shown. A colour
    /// puzzle's `puzzle` is its shape (run lengths), `colour` the rest.
    Puzzle {
        format: String,
        puzzle: Rc<Puzzle>,
        count: usize,
        index: usize,
        colour: Option<Rc<ColourPuzzle>>,
    },
    /// Not a puzzle: the located error (empty for no text at all).
    Invalid(String),
}

/// The hardest grade a first visit's puzzle has (Medium): a harder
/// day's puzzle is offered beside an Easy one.
pub const FIRST_GRADE: u8 = 2;

/// What the status says when an edit of the clues stops a running solve.
pub const STOPPED_BY_EDIT: &str = "The solve stopped: the clues changed. Press Solve to solve them.";

/// Playback speeds offered, in steps per second; 0 is "as fast as it comes".
pub const SPEEDS: [(u32, &str); 5] =
    [(2, "2 steps/s"), (10, "10 steps/s"), (60, "60 steps/s"), (300, "300 steps/s"), (0, "Fastest")];

#[derive(Clone, Debug)]
pub struct State {
    /// Bumped at each new input (or batch pick): a parse of an older
    /// version is dropped, and the board is drawn anew.
    pub version: u64,
    pub input: Input,
    /// The puzzle of the batch being read (0-based).
    pub(super) picked: usize,
    /// The running solve's id.
    pub running: Option<u32>,
    pub(super) next_id: u32,
    /// The running solve's request (for the racer), and when it began (ms).
    pub(super) request: Option<SolveRequest>,
    pub(super) started: f64,
    pub racer: Racer,
    /// The verdict line, or what happens ("Solving…", "Stopped", an error).
    pub status: String,
    pub verdict: Option<VerdictKind>,
    /// How hard the puzzle is for a person, once known (a unique verdict,
    /// or the worker's solve for a hint).
    pub difficulty: Option<nonogram_core::hint::Difficulty>,
    /// The solver's figures, while it runs and after its verdict.
    pub counts: String,
    /// What the running solve is doing, in a player's words with a count
    /// that moves (shown on the main view with its clock while it runs).
    pub progress: String,
    pub solutions: Vec<Rc<Cells>>,
    /// Which solution is shown after a `multiple` verdict.
    pub shown_solution: Option<usize>,
    pub playback: Playback,
    pub playing: bool,
    pub speed: u32,
    pub zoom: Zoom,
    /// Make mode: the tools that make a puzzle (New puzzle, the puzzle of
    /// the day, a picture read, clues typed line by line) come first, the
    /// solve's verdict and history out of the way. Solve and Play end it.
    pub make: bool,
    /// Nothing was kept from an earlier visit ("What is this?" starts open,
    /// the welcome line shows).
    pub first_visit: bool,
    /// A first visit on a day whose puzzle is Hard or Very hard: an Easy
    /// puzzle is shown instead, and the day's is offered beside it (its
    /// grade said) under New puzzle.
    pub day_offered: Option<(Day, &'static str)>,
    /// The line last opened in the lab from the board.
    pub opened_line: Option<Rc<OpenedLine>>,
    /// The player's own board, in play mode.
    pub play: Option<Play>,
    /// The screen is a touch screen (a coarse pointer): the page speaks of
    /// taps, not clicks.
    pub touch: bool,
    /// The id of the puzzle being made (see [`Action::Generate`]).
    pub generating: Option<u32>,
    /// What New puzzle says under its own controls: the puzzle being
    /// made, or why an order was declined or failed; empty otherwise. (The
    /// status says it too, but a phone shows the status under the board,
    /// off screen from the controls that were tapped.)
    pub new_puzzle_note: String,
    /// The puzzle made to order being made or shown: the address says it
    /// (its share link) until other text replaces it.
    pub order: Option<Order>,
    /// A new build of the app has taken over (the service worker's): a
    /// reload shows it.
    pub updated: bool,
    /// The built-in puzzles' list, fetched when first opened.
    pub builtins: Builtins,
    /// My progress: the puzzles played in this browser (see
    /// [`super::progress`]).
    pub played: Rc<Vec<Played>>,
    /// The next text read goes straight into play (a puzzle made to order).
    pub(super) play_when_read: bool,
    /// The clues last made from the picture panel's picture (their text,
    /// for export as a picture while `Clues` holds it unchanged).
    pub picture: Option<Rc<super::picture::PictureClues>>,
    /// The picture panel (see [`super::picture`]): the picture uploaded to
    /// be made a puzzle, its settings and its check.
    pub picture_panel: Rc<PictureState>,
    /// Clues typed line by line, and a picture's reading under review (see
    /// [`super::lines`]).
    pub lines: Rc<Lines>,
    /// The clue text (empty while it is too large to copy out of the
    /// browser: the page holds it as the browser's string then).
    pub text: String,
    /// Bumped at each new clue text.
    pub text_version: u64,
    /// The person's own input that a share link, a sample or a made
    /// puzzle replaced, offered back ("Restore my previous input").
    pub replaced: Option<String>,
    /// What the board shows of the line editor.
    pub lines_board: LinesBoard,
    /// The line whose field takes the keyboard's focus, and a count of
    /// such requests (the editor's `FocusField`, carried out by its view).
    pub lines_focus: (Option<nonogram_core::LineId>, u64),
    /// Bumped when the room the board may take changes (the window
    /// resized, the clue text's box, the line editor pinning the board).
    pub resized: u64,
    /// What becomes of the puzzle being made once it is read.
    pub(super) generated: Generated,
    /// The next text read is solved at once (clues read from a picture:
    /// the solver checks them).
    pub(super) check_when_read: bool,
    /// The solve running is a check (see [`Action::Check`]).
    pub(super) checking: bool,
}

/// What becomes of a puzzle made to order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Generated {
    /// It goes into play once read (a puzzle asked for).
    Played,
    /// It is shown, with Play as the first action (the first visit's
    /// puzzle of the day).
    Shown,
    /// The shown one's text is on its way to `Clues`: its order, and the
    /// title's grade, stay when it is read.
    Arriving,
}

/// Everything that changes the state.
#[derive(Clone, Debug)]
pub enum Action {
    /// New text in `Clues` (typed, opened, a sample, a share link).
    Edited {
        bytes: usize,
    },
    /// The text kept from the last visit, read at the batch's puzzle
    /// `pick` (1-based) where it was left.
    Reopened {
        bytes: usize,
        pick: usize,
    },
    /// The outcome of reading version `version` of the text.
    Parsed {
        version: u64,
        outcome: ParseOutcome,
    },
    /// Show puzzle `n` (1-based) of a batch.
    Pick(usize),
    /// Solve the puzzle; `now` is the time in ms.
    Solve {
        now: f64,
    },
    Stop,
    /// A message from the solving worker.
    FromWorker {
        message: FromWorker,
    },
    /// A message from the racing engine's worker.
    FromRacer {
        message: FromWorker,
        now: f64,
    },
    /// The racer's worker could not start (or there is one core).
    RacerUnavailable,
    WorkerCrashed(String),
    /// A file could not be read, a share link was wrong: say it, keep the rest.
    Note(String),
    Tick,
    PlayPause,
    StepBack,
    StepForward,
    Start,
    End,
    /// Show step `n` of the history.
    Seek(usize),
    Speed(u32),
    /// The screen is (or is not) a touch screen: the page speaks of taps.
    Touch(bool),
    /// A new build of the app has taken over: say that a reload shows it.
    Updated,
    /// The built-in puzzles' list is opened: fetch it, the first time.
    OpenBuiltins,
    /// The built-in puzzles' list as fetched, or why it could not be.
    BuiltinsFetched(Result<Catalogue, String>),
    /// Play built-in puzzle `n` (0-based, in the list's order).
    PlayBuiltin(usize),
    /// My progress as kept in the browser (read once, at the start).
    PlayedRead(String),
    /// Open a puzzle of My progress (by its progress key) and play on.
    Continue(String),
    /// Make a puzzle to order (New puzzle, the puzzle of the day, or an
    /// address that names one), in the worker, then play it.
    Generate(Order),
    /// Make mode on or off (see [`State::make`]).
    Make(bool),
    /// A first visit: the welcome shows, and the puzzle of this day (when
    /// the clock gives one) is made and shown, not played (Play is the
    /// first thing to press), the address left bare.
    FirstVisit(Option<Day>),
    /// A line of the board opened in the lab (a clue clicked).
    OpenLine(Rc<OpenedLine>),
    /// The puzzle `order` makes, kept from when it was last made (see
    /// [`super::address::GENERATED_KEY`]): play it without making it again.
    OpenGenerated {
        order: Order,
        text: String,
    },
    ShowSolution(usize),
    /// Zoom in or out from the cell size drawn now.
    /// Zoom in one step; `fitted` is the cell drawn when the board fits
    /// (several steps may come before the board is drawn again).
    ZoomIn {
        fitted: f64,
    },
    ZoomOut {
        fitted: f64,
    },
    Fit,
    /// Play mode (see [`PlayAction`]); `now` is the time in ms.
    Play {
        action: PlayAction,
        now: f64,
    },
    /// The text about to be put in `Clues` is to be checked once read
    /// (clues read from a picture: see [`Action::Check`]).
    CheckWhenRead,
    /// Solve the puzzle to check its clues, without giving the solution
    /// away: the board stays at the start where there is one solution
    /// (the player may want to play it), and shows what is wrong otherwise.
    Check {
        now: f64,
    },
    /// Play the text read next (it was left in play: see [`PLAYING_KEY`]).
    PlayWhenRead,
    /// Clues made from the picture panel's picture: they go in `Clues`.
    FromPicture(super::picture::PictureClues),
    /// A change of the picture panel (see [`super::picture`]).
    Picture(PictureAction),
    /// A change of the line editor (see [`super::lines`]).
    Lines(LinesAction),
    /// The window was resized: the board's room changes.
    Resized,
    /// New clue text (empty when it is too large to copy: the page keeps
    /// the browser's string); read once [`Action::Edited`] follows.
    Text(String),
    /// The person's own text, replaced by a share link, a sample or a made
    /// puzzle: offered back, and kept for the next visit unless it is
    /// `kept` already (the last visit's).
    Replaced {
        text: String,
        kept: bool,
    },
    /// The replaced text was put back: nothing to offer back any more.
    Restored,
}

/// What the page must do after a change.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Bring this part of the page into view once it is drawn.
    IntoView(View),
    /// Keep the clue text (the page holds it) for the next visit, up to its
    /// limit (see `state/keys.rs`'s `MAX_KEPT_BYTES`).
    KeepInput,
    /// Forget what is kept under this key.
    Forget(&'static str),
    /// Read version `version` of the text, puzzle `index` of it (0-based),
    /// in the worker (the parsers are not in the page's wasm); the outcome
    /// comes back as [`Action::Parsed`].
    Parse {
        version: u64,
        index: usize,
    },
    /// Replace the solving worker (cancels its work, and the racer's).
    RespawnWorker,
    /// Post to the solving worker.
    Post(SolveRequest),
    /// Start the racing engine's worker, idle.
    SpawnRacer,
    /// Give the racer the solve.
    Race(SolveRequest),
    StopRacer,
    /// Keep a value in the browser's storage (play progress).
    Keep {
        key: String,
        value: String,
    },
    /// Ask the worker for a hint, or a check of the player's cells.
    AskHint(HintRequest),
    /// Ask the worker to make a puzzle (see [`Action::Generate`]).
    Generate(GenerateRequest),
    /// Show this after the address's `#` (a made puzzle's), or nothing.
    Address(Option<String>),
    /// Fetch the built-in puzzles' list (see [`BUILTIN_URL`]); it comes
    /// back as [`Action::BuiltinsFetched`].
    FetchBuiltins,
    /// Put the puzzle of this share code in `Clues` (My progress's Continue).
    OpenShared(String),
    /// Put this text in `Clues`, as if typed (a puzzle made to order).
    Load(String),
    /// Start play mode on the puzzle just read.
    StartPlay,
    /// Check the puzzle just read (see [`Action::CheckWhenRead`]).
    Check,
    /// What the picture panel asks (its new clues are taken here, as
    /// [`Action::FromPicture`]).
    Picture(PictureEffect),
    /// What the line editor asks: a picture read, an element revealed
    /// (its clues and its focus are taken here).
    Lines(LinesEffect),
    /// Put this text in `Clues` as typed (the line editor's clues).
    Type(String),
}

impl Default for State {
    fn default() -> State {
        State {
            version: 0,
            input: Input::Invalid(String::new()),
            picked: 0,
            running: None,
            next_id: 1,
            request: None,
            started: 0.0,
            racer: Racer::Absent,
            status: String::new(),
            verdict: None,
            difficulty: None,
            counts: String::new(),
            progress: String::new(),
            solutions: Vec::new(),
            shown_solution: None,
            playback: Playback::new(0),
            playing: false,
            speed: 60,
            zoom: Zoom::Fit,
            play: None,
            touch: false,
            generating: None,
            new_puzzle_note: String::new(),
            order: None,
            updated: false,
            builtins: Builtins::Unopened,
            played: Rc::default(),
            play_when_read: false,
            generated: Generated::Played,
            picture: None,
            picture_panel: Rc::default(),
            lines: Rc::default(),
            text: String::new(),
            text_version: 0,
            replaced: None,
            lines_board: LinesBoard::default(),
            lines_focus: (None, 0),
            resized: 0,
            make: false,
            first_visit: false,
            day_offered: None,
            opened_line: None,
            check_when_read: false,
            checking: false,
        }
    }
}

impl State {
    /// When the running solve began (ms, the page's clock), if one runs.
    pub fn solving_since(&self) -> Option<f64> {
        self.running.map(|_| self.started)
    }

    /// The puzzle shown, if the input is one.
    pub fn puzzle(&self) -> Option<&Rc<Puzzle>> {
        match &self.input {
            Input::Puzzle { puzzle, .. } => Some(puzzle),
            _ => None,
        }
    }

    /// The colour puzzle shown, when it is one.
    pub fn colour(&self) -> Option<&Rc<ColourPuzzle>> {
        match &self.input {
            Input::Puzzle { colour, .. } => colour.as_ref(),
            _ => None,
        }
    }

    /// The puzzle shown of a batch and how many it holds (0-based), also
    /// while another is being read.
    pub fn batch(&self) -> Option<(usize, usize)> {
        match self.input {
            Input::Puzzle { count, index, .. } if count > 1 => Some((index, count)),
            Input::Reading { count, .. } if count > 1 => Some((self.picked, count)),
            _ => None,
        }
    }

    /// The cells the board shows: a chosen solution, or the playback's
    /// step; nothing when the input is no puzzle.
    pub fn shown_cells(&self) -> &[Cell] {
        self.shown().map_or(&[], |cells| &cells[..])
    }

    /// The cells the board shows, shared (see [`Self::shown_cells`]): the
    /// player's in play mode.
    pub fn shown(&self) -> Option<&Rc<Cells>> {
        self.puzzle()?;
        if let Some(play) = &self.play {
            return Some(&play.cells);
        }
        Some(self.shown_solution.and_then(|i| self.solutions.get(i)).unwrap_or(self.playback.cells()))
    }

    /// The playback timer's period in ms, when it must run. At Fastest a
    /// live solve needs none (each batch of steps jumps to the end), but
    /// Play steps replays the history (it did nothing at Fastest before).
    pub fn tick_ms(&self) -> Option<u32> {
        let live = self.speed == 0 && self.running.is_some();
        (self.playing && !live).then(|| (1000 / self.replay_speed()).max(16))
    }

    /// Steps a second: the chosen speed, or at Fastest the whole history
    /// in about two seconds (60 steps a second at least).
    fn replay_speed(&self) -> u32 {
        match self.speed {
            0 => (self.playback.len() as u32 / 2).max(60),
            speed => speed,
        }
    }

    /// Steps to advance per tick: one a tick, at most 60 ticks a second.
    fn steps_per_tick(&self) -> usize {
        let ms = self.tick_ms().unwrap_or(1000);
        ((self.replay_speed() * ms) as f64 / 1000.0).ceil().max(1.0) as usize
    }

    /// A change of the line editor: its clues go into `Clues` (checked
    /// when read, for a reading used), its focus is asked of its view, and
    /// what the board shows of it follows it.
    fn lines_action(&mut self, action: LinesAction) -> Vec<Effect> {
        let before = self.lines.board_key();
        let mut effects = Vec::new();
        for effect in Rc::make_mut(&mut self.lines).reduce(action) {
            match effect {
                LinesEffect::Clues { text, check } => {
                    if check {
                        effects.extend(self.reduce(Action::CheckWhenRead));
                    }
                    effects.push(Effect::Type(text));
                }
                LinesEffect::FocusField(line) => self.lines_focus = (Some(line), self.lines_focus.1 + 1),
                effect => effects.push(Effect::Lines(effect)),
            }
        }
        if self.lines.board_key() != before {
            let board = self.lines.board(self.lines_board.version + 1);
            if board.room() != self.lines_board.room() {
                self.resized += 1;
            }
            self.lines_board = board;
        }
        effects
    }

    /// Changes the state; returns what the page must do.
    pub fn reduce(&mut self, action: Action) -> Vec<Effect> {
        let mut effects = Vec::new();
        let was_playing = self.play.is_some();
        match action {
            Action::Edited { bytes } => {
                // The text box's height may change, and with it the board's room.
                self.resized += 1;
                // Text of the player's own: the address no longer names it,
                // and a puzzle being made would replace it: it is stopped.
                let arriving =
                    std::mem::replace(&mut self.generated, Generated::Played) == Generated::Arriving;
                if !self.play_when_read && !arriving {
                    self.stop_making(&mut effects);
                    self.forget_order(&mut effects);
                }
                let stopped = self.cancel(&mut effects);
                // New text: kept for the next visit, from its first puzzle.
                effects.push(Effect::KeepInput);
                effects.push(Effect::Forget(PICK_KEY));
                self.read(bytes, 0, &mut effects);
                if stopped {
                    self.status = STOPPED_BY_EDIT.into();
                }
            }
            Action::Reopened { bytes, pick } => {
                self.resized += 1;
                let _ = self.cancel(&mut effects);
                self.read(bytes, pick.max(1) - 1, &mut effects);
            }
            Action::Parsed { version, outcome } => self.parsed(version, outcome, &mut effects),
            Action::Pick(n) => {
                if let Some((index, count)) = self.batch() {
                    let pick = n.clamp(1, count.max(1)) - 1;
                    if pick != index {
                        let _ = self.cancel(&mut effects);
                        // Kept, so that a reload comes back to it.
                        effects.push(Effect::Keep { key: PICK_KEY.into(), value: (pick + 1).to_string() });
                        self.read(0, pick, &mut effects);
                        self.input = Input::Reading { bytes: 0, count };
                    }
                }
            }
            Action::Check { now } => {
                // Its verdict is what to look at: Make's tools step aside.
                self.make = false;
                self.solve(now, &mut effects);
                self.checking = self.running.is_some();
                self.playing = false;
                if self.checking {
                    self.status = "Checking the clues…".into();
                }
            }
            Action::Solve { now } => {
                self.make = false;
                self.solve(now, &mut effects);
                if self.running.is_some() {
                    effects.push(Effect::IntoView(View::Board));
                }
            }
            Action::Make(on) => {
                self.make = on;
                if on {
                    // Make leaves play, its progress kept (up to the last move).
                    if self.leave_play(None, &mut effects) {
                        self.status.clear();
                    }
                    effects.push(Effect::IntoView(View::Make));
                }
            }
            Action::OpenLine(line) => {
                self.opened_line = Some(line);
                effects.push(Effect::IntoView(View::Lab));
            }
            Action::CheckWhenRead => self.check_when_read = true,
            Action::PlayWhenRead => self.play_when_read = true,
            Action::FromPicture(clues) => {
                effects.push(Effect::Load(clues.text.clone()));
                self.picture = Some(Rc::new(clues));
            }
            Action::Lines(action) => effects = self.lines_action(action),
            Action::Resized => self.resized += 1,
            Action::Text(text) => {
                self.text = text;
                self.text_version += 1;
            }
            Action::Replaced { text, kept } => {
                if !kept {
                    // Kept across a reload too: a made puzzle reopens from
                    // the address, and the text it replaced must not be
                    // lost with it.
                    effects.push(Effect::Keep { key: REPLACED_KEY.into(), value: text.clone() });
                }
                self.replaced = Some(text);
            }
            Action::Restored => {
                if self.replaced.take().is_some() {
                    effects.push(Effect::Forget(REPLACED_KEY));
                }
            }
            Action::Picture(action) => {
                for effect in Rc::make_mut(&mut self.picture_panel).reduce(action) {
                    match effect {
                        PictureEffect::Clues(clues) => {
                            effects.extend(self.reduce(Action::FromPicture(clues)))
                        }
                        effect => effects.push(Effect::Picture(effect)),
                    }
                }
            }
            Action::Stop => {
                if self.running.take().is_some() {
                    self.respawn(&mut effects);
                    self.status = "Stopped".into();
                    self.playing = false;
                } else if self.stop_making(&mut effects) {
                    self.status = "Stopped making the puzzle.".into();
                }
            }
            Action::FromWorker { message } => self.worker_message(message, &mut effects),
            Action::FromRacer { message: FromWorker::Done(done), now } if Some(done.id) == self.running => {
                // The first engine is still at work: stop it. The time shown
                // is the solve's (the racer started later), not the racer's.
                self.respawn(&mut effects);
                let ms = now - self.started;
                self.finish(*done, ms, "; a second engine, racing the first, answered", &mut effects);
            }
            // A racer that failed is left alone; the first engine goes on.
            Action::FromRacer { .. } => {}
            Action::RacerUnavailable => self.racer = Racer::Unavailable,
            Action::WorkerCrashed(what) => {
                self.running = None;
                self.playing = false;
                self.status = format!("The solver stopped unexpectedly ({what}); it was restarted.");
                self.respawn(&mut effects);
            }
            Action::Note(message) => self.status = message,
            Action::Tick => {
                let n = self.steps_per_tick();
                self.playback.forward(n);
                if self.playback.at_end() && self.running.is_none() {
                    self.playing = false;
                }
            }
            Action::PlayPause => {
                self.shown_solution = None;
                if !self.playing && self.playback.at_end() && self.running.is_none() {
                    // Play from the start: the history is replayed.
                    self.playback.seek(0);
                }
                self.playing = !self.playing;
            }
            Action::StepBack => self.seek(self.playback.position().saturating_sub(1)),
            Action::StepForward => self.seek(self.playback.position() + 1),
            Action::Start => self.seek(0),
            Action::End => self.seek(usize::MAX),
            Action::Seek(n) => self.seek(n),
            Action::Touch(touch) => self.touch = touch,
            Action::Updated => self.updated = true,
            Action::OpenBuiltins => {
                if matches!(self.builtins, Builtins::Unopened | Builtins::Failed(_)) {
                    self.builtins = Builtins::Loading;
                    effects.push(Effect::FetchBuiltins);
                }
            }
            Action::BuiltinsFetched(fetched) => {
                self.builtins = match fetched {
                    Ok(catalogue) => Builtins::Loaded(Rc::new(catalogue)),
                    Err(e) => Builtins::Failed(e),
                };
            }
            Action::PlayedRead(text) => self.played = Rc::new(progress::read_list(&text)),
            Action::Continue(key) => {
                if let Some(entry) = self.played.iter().find(|p| p.key == key) {
                    let open = Effect::OpenShared(entry.code.clone());
                    self.open_to_play(open, &mut effects);
                }
            }
            Action::PlayBuiltin(n) => {
                let Builtins::Loaded(catalogue) = &self.builtins else { return effects };
                if let Some(puzzle) = catalogue.puzzles.get(n) {
                    let open = Effect::Load(puzzle.text.clone());
                    self.open_to_play(open, &mut effects);
                }
            }
            Action::OpenGenerated { order, text } => {
                self.open_to_play(Effect::Load(text), &mut effects);
                self.order = Some(order);
                effects.push(Effect::Address(Some(order.fragment())));
            }
            // Rare in colour (the colours tell more): the worker would try
            // for its whole time limit, mostly in vain (10×10 two colours
            // took 10 s for seed 1; 15×15 none within 20 s). Said once,
            // under the controls that asked (the status line beside the
            // board said it too: twice on a wide screen).
            Action::Generate(Order::Chosen { colours: 1.., difficulty: 4, .. }) => {
                self.new_puzzle_note = "Very hard is rare in colour (the colours tell more): choose Hard or \
                                        easier, or black and white."
                    .into();
            }
            Action::FirstVisit(None) => self.first_visit = true,
            Action::FirstVisit(Some(day)) => {
                self.first_visit = true;
                // A newcomer's first puzzle is one they can finish: on a
                // day whose puzzle is Hard or Very hard (Friday to Sunday),
                // an Easy 10×10 of that day, the day's offered beside it.
                let (_, difficulty, seed) = Order::of_day(day);
                let hard = difficulty > FIRST_GRADE;
                let order = if hard {
                    Order::Chosen { width: 10, height: 10, difficulty: 1, seed, colours: 0 }
                } else {
                    Order::Day(day)
                };
                effects = self.reduce(Action::Generate(order));
                // Offered until another puzzle is made (see `Generate`).
                if hard {
                    self.day_offered = Order::Day(day).grade().map(|grade| (day, grade));
                }
                effects.retain(|e| !matches!(e, Effect::Address(_)));
                self.generated = Generated::Shown;
                // The title says what comes; a line in the verdict that
                // goes when it comes would move the tools under it.
                self.status.clear();
            }
            Action::Generate(order) => {
                self.day_offered = None;
                // The latest order wins: one being made is stopped.
                self.stop_making(&mut effects);
                self.generated = Generated::Played;
                let id = self.next_id;
                self.next_id += 1;
                self.generating = Some(id);
                let request = order.request(id);
                self.status = match order {
                    Order::Day(day) => format!("Making the puzzle of {}…", day.words()),
                    Order::Chosen { width, height, colours: 0, .. } => {
                        format!("Making {} puzzle…", nonogram_core::text::a_size(width, height))
                    }
                    Order::Chosen { width, height, colours, .. } => {
                        format!(
                            "Making {} puzzle in {colours} colours…",
                            nonogram_core::text::a_size(width, height)
                        )
                    }
                };
                self.new_puzzle_note = self.status.clone();
                self.order = Some(order);
                effects.push(Effect::Generate(request));
                effects.push(Effect::Address(Some(order.fragment())));
            }
            Action::Speed(speed) => {
                self.speed = speed;
                if speed == 0 {
                    self.playback.jump_to_end();
                }
            }
            Action::ShowSolution(i) if i < self.solutions.len() => {
                self.playing = false;
                self.shown_solution = Some(i);
            }
            Action::ShowSolution(_) => {}
            Action::ZoomIn { fitted } => self.zoom = self.zoom.step(fitted, true),
            Action::ZoomOut { fitted } => self.zoom = self.zoom.step(fitted, false),
            Action::Fit => self.zoom = Zoom::Fit,
            Action::Play { action, now } => self.play_action(action, now, &mut effects),
        }
        if self.play.is_some() != was_playing {
            effects.push(match self.play {
                Some(_) => Effect::Keep { key: PLAYING_KEY.into(), value: "1".into() },
                None => Effect::Forget(PLAYING_KEY),
            });
        }
        effects
    }

    /// Opens a puzzle (`open` puts it in `Clues`) straight into play once
    /// read, as a made puzzle; the address no longer names a made one.
    fn open_to_play(&mut self, open: Effect, effects: &mut Vec<Effect>) {
        self.stop_making(effects);
        self.forget_order(effects);
        self.play_when_read = true;
        effects.push(open);
    }

    /// Stops a puzzle being made (the worker is replaced: making one runs
    /// to its end otherwise, and what is asked after it waits); true when
    /// one was. Its address goes too.
    pub(super) fn stop_making(&mut self, effects: &mut Vec<Effect>) -> bool {
        self.new_puzzle_note.clear();
        if self.generating.take().is_none() {
            return false;
        }
        self.forget_order(effects);
        self.respawn(effects);
        true
    }

    /// No made puzzle is shown any more: the address no longer names one.
    pub(super) fn forget_order(&mut self, effects: &mut Vec<Effect>) {
        if self.order.take().is_some() {
            effects.push(Effect::Address(None));
        }
    }

    /// New input, or another puzzle of the batch: the board is cleared at
    /// once (never another puzzle's cells) until the text is read.
    fn read(&mut self, bytes: usize, index: usize, effects: &mut Vec<Effect>) {
        self.version += 1;
        self.picked = index;
        if self.generating.is_none() {
            self.new_puzzle_note.clear();
        }
        self.input = Input::Reading { bytes, count: 0 };
        self.playback = Playback::new(0);
        self.zoom = Zoom::Fit;
        self.leave_play(None, effects);
        self.clear_outcome();
        effects.push(Effect::Parse { version: self.version, index });
    }

    /// Play mode ends (Solve, Make, new text): the player's board is kept
    /// for the next Play, its clock up to `now` (`None`: up to the last
    /// move). Whether play mode was on.
    pub(super) fn leave_play(&mut self, now: Option<f64>, effects: &mut Vec<Effect>) -> bool {
        let Some(play) = self.play.take() else { return false };
        keep_progress(&play, now.unwrap_or_else(|| play.seen()), &mut self.played, effects);
        true
    }

    /// New input cancels a running solve and playback; whether a solve
    /// was running.
    fn cancel(&mut self, effects: &mut Vec<Effect>) -> bool {
        let running = self.running.take().is_some();
        if running {
            self.respawn(effects);
        }
        self.playing = false;
        running
    }

    pub(super) fn clear_outcome(&mut self) {
        self.status.clear();
        self.counts.clear();
        self.progress.clear();
        self.verdict = None;
        // A puzzle made to order is of the grade asked: known from the
        // start (its title may name it), and again after a reload.
        self.difficulty = self.order.as_ref().and_then(Order::difficulty);
        self.solutions.clear();
        self.shown_solution = None;
    }

    /// The outcome of reading a text: dropped when the text changed since.
    /// A text read (on the page, or in the worker): its puzzle, or its
    /// error; a puzzle made to order goes straight into play.
    pub(super) fn parsed(&mut self, version: u64, outcome: ParseOutcome, effects: &mut Vec<Effect>) {
        if version != self.version || !matches!(self.input, Input::Reading { .. }) {
            return;
        }
        if std::mem::take(&mut self.play_when_read) && outcome.is_ok() && self.play.is_none() {
            effects.push(Effect::StartPlay);
        }
        if std::mem::take(&mut self.check_when_read) && outcome.is_ok() && self.play.is_none() {
            effects.push(Effect::Check);
        }
        self.input = match outcome {
            Ok((format, puzzle, count, colour)) => {
                self.playback = Playback::of_puzzle(&puzzle, colour.as_deref());
                let index = self.picked.min(count.saturating_sub(1));
                Input::Puzzle {
                    format,
                    puzzle: Rc::new(puzzle),
                    count,
                    index,
                    colour: colour.map(|c| Rc::new(*c)),
                }
            }
            Err(e) => Input::Invalid(e),
        };
    }

    fn seek(&mut self, step: usize) {
        self.playing = false;
        self.shown_solution = None;
        self.playback.seek(step);
    }
}

/// Keeps the board of a puzzle played (at `now`), and its line in My
/// progress: solved, the time played, the hints used.
pub(super) fn keep_progress(play: &Play, now: f64, played: &mut Rc<Vec<Played>>, effects: &mut Vec<Effect>) {
    effects.push(Effect::Keep { key: play.key.clone(), value: play.saved(now) });
    if played.iter().any(|p| p.key == play.key) {
        let played = Rc::make_mut(played);
        progress::played_again(played, &play.key, now, |entry| {
            entry.solved |= play.solved.is_some();
            entry.ms = play.elapsed(now).max(0.0) as u64;
            entry.hints = play.hints;
        });
        effects.push(Effect::Keep { key: PLAYED_KEY.into(), value: progress::write_list(played) });
    }
}
