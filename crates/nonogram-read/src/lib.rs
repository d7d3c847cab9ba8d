//! Reads a nonogram's clues from a picture of it (a screenshot), and
//! checks the reading with the solver.
//!
//! The pipeline, one module a stage:
//!
//! ```text
//! picture ─▶ straighten ─▶ grid ─▶ clues (strips, blobs, numbers) ─▶ network (digits) ─▶ reading ─▶ check
//! ```
//!
//! - [`picture`]: the pixels as luminance (from RGBA, or a PNG, JPEG or
//!   WebP file with the `decode` feature); huge pictures shrunk.
//! - [`straighten`]: a picture taken at an angle levelled first.
//! - [`grid`]: the grid's lines, by projection profiles.
//! - [`clues`] and [`blob`]: the clue areas beside the grid, the blobs of
//!   ink in them, their grouping into numbers.
//! - [`network`]: the digit recogniser, a small convolutional network
//!   trained by `examples/train.rs` on digits rendered from many fonts.
//! - [`reading`]: the numbers of every line, with each digit's choices.
//! - [`check`]: the solver's checks and the bounded correction.
//!
//! With the `train` feature, [`render`] draws digits and whole puzzle
//! pictures in several styles (the trainer's samples, the test set).
//!
//! No web dependency: the CLI's `read` and the page's reader worker both
//! use [`read_picture`].

pub mod blob;
pub mod check;
pub mod clues;
pub mod grid;
pub mod network;
pub mod picture;
pub mod reading;
#[cfg(feature = "train")]
pub mod render;
pub mod straighten;

pub use check::{check_reading, Checked, Status};
pub use network::Network;
pub use picture::{Picture, PictureError};
pub use reading::{read, NotFound, Reading};

/// Reads a picture's puzzle and checks it: the reading (for showing what
/// was read where) and the checked clues.
pub fn read_picture(picture: &Picture, network: &Network) -> Result<(Reading, Checked), NotFound> {
    let reading = read(picture, network)?;
    let checked = check_reading(&reading);
    Ok((reading, checked))
}
