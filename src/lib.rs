//! Nonogram Studio in the browser: a Yew page and a web worker that runs the
//! solver core ([`nonogram_core`]) and streams snapshots back.
//!
//! - [`app`]: the page's state and its pure reducer, play mode included.
//! - [`protocol`]: the small types that cross `postMessage` (as bytes).
//! - [`session`]: a solve cut into bounded batches of steps; each batch ends
//!   with a snapshot. Pure Rust, tested natively.
//! - [`check`]: the fairness check of a picture's puzzle, and its fixes.
//! - [`hinting`]: the worker's hints and checks of a player's cells.
//! - [`picture`]: an uploaded picture's settings, edits and 0/1 grid.
//! - [`lab`]: the line lab: placements of a clue in a line, and its deductions.
//! - [`layout`]: the geometry of the board drawing, pure and tested natively.
//! - [`playback`]: the history of states built from frames, and its cursor.
//! - `page` and `worker` (wasm only): the Yew component and the worker entry.

pub mod app;
pub mod check;
pub mod colour_session;
pub mod hinting;
pub mod lab;
pub mod layout;
pub mod picture;
pub mod playback;
pub mod protocol;
pub mod samples;
pub mod session;

#[cfg(target_arch = "wasm32")]
pub mod draw;
#[cfg(target_arch = "wasm32")]
pub mod page;
#[cfg(target_arch = "wasm32")]
pub mod worker;
