//! What the page runs.
//!
//! Pure, and tested natively:
//! - [`state`]: the page's state and every change to it, as actions and a
//!   pure reducer (solving, playback, play mode, zoom).
//! - [`layout`]: the geometry of the board drawing.
//! - [`playback`]: the history of states built from the worker's frames.
//! - [`lab`]: the line lab: a clue's placements in a line, its deductions.
//! - [`picture`]: an uploaded picture's settings, edits and 0/1 grid.
//! - [`samples`]: the sample puzzles.
//!
//! wasm only: `app` (the root component: it turns what happens into
//! actions and carries out the reducer's effects), the components it
//! draws (`view`, `input_panel`, `panels`, `board`, `play_bar`, the
//! picture panel's `picture_*`, `lines_view` (clues line by line and a
//! puzzle read from a picture), `export_view`, `builtin_list`: the
//! built-in puzzles, `progress_list`: My progress, `board_text`: the
//! board in words), `draw` (the
//! canvas), `input` (reading the text, share links), `setup` (the first
//! render), `storage`, `location` (the address), `offline` (the service
//! worker), and the page's side of the workers (`worker_handle`,
//! `solver_client`).

pub mod lab;
pub mod layout;
pub mod picture;
pub mod samples;
pub mod state;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod board_text;
#[cfg(target_arch = "wasm32")]
mod builtin_list;
#[cfg(target_arch = "wasm32")]
pub mod draw;
#[cfg(target_arch = "wasm32")]
mod export_view;
#[cfg(target_arch = "wasm32")]
mod input;
#[cfg(target_arch = "wasm32")]
mod input_panel;
#[cfg(target_arch = "wasm32")]
mod lines_view;
#[cfg(target_arch = "wasm32")]
mod location;
#[cfg(target_arch = "wasm32")]
mod make_panel;
#[cfg(target_arch = "wasm32")]
mod offline;
#[cfg(target_arch = "wasm32")]
mod panels;
#[cfg(target_arch = "wasm32")]
mod picture_colour;
#[cfg(target_arch = "wasm32")]
mod picture_draw;
#[cfg(target_arch = "wasm32")]
mod picture_markup;
#[cfg(target_arch = "wasm32")]
mod picture_view;
#[cfg(target_arch = "wasm32")]
mod play_bar;
#[cfg(target_arch = "wasm32")]
mod progress_list;
#[cfg(target_arch = "wasm32")]
mod setup;
#[cfg(target_arch = "wasm32")]
mod solver_client;
#[cfg(target_arch = "wasm32")]
mod storage;
#[cfg(target_arch = "wasm32")]
mod view;
#[cfg(target_arch = "wasm32")]
mod worker_handle;

#[cfg(target_arch = "wasm32")]
pub use app::start;
