//! Nonogram Studio in the browser: a Yew page and a web worker that runs the
//! solver core ([`nonogram_core`]) and streams its steps back as frames.
//!
//! - [`page`]: what the page runs: its state and pure reducer (play mode
//!   included), the board's layout, playback, the line lab, and (wasm only)
//!   the components and the canvas drawing.
//! - [`worker`]: what the worker runs: solve sessions cut into bounded
//!   batches, hints and checks of a player's cells, a picture's fairness
//!   check, and (wasm only) the worker's entry point.
//! - [`protocol`]: the small types that cross `postMessage` (as bytes),
//!   between the two.
//!
//! Everything but the components, the drawing and the two entry points is
//! pure Rust, tested natively (`cargo test`).

pub mod page;
pub mod protocol;
pub mod worker;
