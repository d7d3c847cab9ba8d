//! What the worker runs. The solver worker takes a solve and runs it as a
//! [`session::Session`] (black and white) or a
//! [`colour_session::ColourSession`], in bounded batches of steps, each
//! ending with a snapshot; it answers a player's hints and checks
//! ([`hinting`]). The picture worker decodes pictures and runs the fairness
//! check of a picture's puzzle ([`check`]). `entry` (wasm only) is the
//! worker's event loop, which posts each batch's message back.

pub mod check;
pub mod colour_session;
pub mod hinting;
pub mod session;

#[cfg(target_arch = "wasm32")]
mod entry;
#[cfg(target_arch = "wasm32")]
pub use entry::start;
