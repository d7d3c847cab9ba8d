//! What the page runs, grouped by role.
//!
//! Pure, and tested natively:
//! - [`state`]: the page's state and every change to it, as actions and a
//!   pure reducer (solving, playback, play mode, zoom, the picture panel,
//!   the line editor), with the effects it asks the browser for.
//! - [`layout`]: the geometry of the board drawing.
//! - [`lab`]: the line lab: a clue's placements in a line, its deductions.
//! - [`upload`]: a picture uploaded to be made a puzzle: its settings,
//!   edits and 0/1 or colour grid.
//! - [`samples`]: the sample puzzles.
//!
//! In the browser only (wasm):
//! - `components`: the root component (`app.rs`, which turns what happens
//!   into actions and carries out the reducer's effects) and the
//!   components it draws;
//! - `draw`: the canvas (the board, the picture panel's preview);
//! - `browser`: the page's outside world: reading the clue text and share
//!   links, storage, the address, the service worker, and the page's side
//!   of the workers.

pub mod lab;
pub mod layout;
pub mod samples;
pub mod state;
pub mod upload;

#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod components;
#[cfg(target_arch = "wasm32")]
pub mod draw;

#[cfg(target_arch = "wasm32")]
pub use components::app::start;
