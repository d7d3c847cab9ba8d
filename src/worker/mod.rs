//! What the worker runs. The solver worker takes a solve and runs it as a
//! [`session::Session`] over the engine for its kind of puzzle (black and
//! white, or colour: [`colour_session::ColourSession`]), in bounded batches
//! of steps, each ending with the frames the page plays back; it answers a player's hints and checks
//! ([`hinting`]). The picture worker decodes pictures and runs the fairness
//! check of a picture's puzzle ([`check`]). `entry` (wasm only) is the
//! worker's event loop, which posts each batch's message back.

pub mod check;
pub mod colour_session;
pub mod generating;
pub mod hinting;
pub mod session;

#[cfg(target_arch = "wasm32")]
mod entry;
#[cfg(target_arch = "wasm32")]
pub use entry::start;
