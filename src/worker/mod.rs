//! What the workers run, two scripts:
//! - the solver's worker (`entry`, wasm only, its event loop): takes a
//!   solve and runs it as a [`session::Session`] over the core's `Solver<P>` for its
//!   kind of puzzle (black and white, or colour; what each shows in
//!   [`shown`]), in bounded batches of steps, each
//!   ending with the frames the page plays back; it reads clue texts,
//!   answers a player's hints and checks ([`hinting`]) and makes puzzles
//!   ([`generating`]). Part of the page's first download.
//! - the picture worker (`pictures`, wasm only), loaded the first time a
//!   picture is used: decodes pictures with the browser (`bitmap`), makes
//!   a picture's puzzle and runs its fairness check ([`check`]), and reads
//!   a puzzle from a picture of it ([`reading`]).
//!
//! `browser` (wasm only) holds what both event loops use.

pub mod check;
pub mod generating;
pub mod hinting;
pub mod reading;
pub mod session;
pub mod shown;

#[cfg(target_arch = "wasm32")]
mod bitmap;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
pub mod pictures;

#[cfg(target_arch = "wasm32")]
mod entry;
#[cfg(target_arch = "wasm32")]
pub use entry::start;
