//! The page's state and every change to it, as a pure reducer: the page
//! turns what happens (a keystroke, a worker's message, a timer's tick) into
//! an [`Action`], [`State::reduce`] changes the state and says which
//! [`Effect`]s to carry out (post to the worker, replace it, keep the input),
//! and the page carries them out. One state tree, one `reduce` entry run
//! from one place (`App::dispatch`). Tested natively (`cargo test`).
//!
//! The kinds of state are kept apart, as in Tatham's puzzles: the puzzle
//! and its solve (what the board shows), the player's view of it (playback
//! position, shown solution, zoom), and settings (speed). What is drawn on
//! the canvas is a cache of the page's, not state.

//! - `reduce`: the state, the actions and the effects, and the reducer
//!   that dispatches each action;
//! - `solve`: solving and playback (the worker's frames, the verdict);
//! - `play`: play mode (`play/board.rs` the player's board and its
//!   history, `play/action.rs` what a player does);
//! - `text`: the words the page shows; `zoom`: the board's zoom;
//! - `address`: what the address says after `#` (a shared or made puzzle);
//! - `builtins`: the built-in puzzles' list; `progress`: My progress;
//! - `picture`: the picture panel's state and reducer (a part of
//!   `State`, its actions handed on by `State::reduce`);
//! - `lines`: clues typed line by line, and a picture's reading under
//!   review (a part of `State` too, with its own reducer);
//! - `keys`: every key the page keeps in the browser's storage;
//! - `view`: the line opened in the lab, and the part of the page to
//!   bring into view.

pub mod address;
pub mod builtins;
pub mod keys;
pub mod lines;
pub mod picture;
mod play;
pub mod playback;
pub mod progress;
mod reduce;
mod solve;
#[cfg(test)]
mod tests;
pub mod text;
pub mod view;
mod zoom;

pub use address::{Address, Day, Order};
pub use builtins::{grid_path, Builtin, Builtins, Catalogue, Filter, Licence, BUILTIN_URL, GRADES, SIZES};
pub use lines::{line_name, Lines, LinesAction, LinesBoard, LinesEffect, NOTE_ID, SUMMARY_ID};
pub use picture::{CheckView, PictureAction, PictureClues, PictureEffect, PictureState};
pub use play::action::{HintView, PlayAction};
pub use play::board::{line_cells, line_done, lines_done, progress_key, Play};
pub use play::NO_PLAY;
pub use progress::Played;
pub use reduce::{Action, Effect, Input, Racer, State, SPEEDS, STOPPED_BY_EDIT};
pub use text::{clock_text, counts_text, millis, plural, verdict_text};
pub use view::{OpenedLine, View};
pub use zoom::{Zoom, ZOOM_CELLS, ZOOM_STEP};
