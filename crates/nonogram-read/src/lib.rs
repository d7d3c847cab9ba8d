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
//! - [`straighten`]: a picture taken at an angle or in perspective
//!   levelled (when read as it is gives no certain reading).
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
///
/// The picture is read as it is first (a screenshot's lines are level);
/// unless that reading is certain, it is read again straightened (see
/// [`straighten`]), and the better of the two readings is kept: certain
/// first, then one that passed the checks unchanged, then one that passed
/// them corrected, then any; between two alike, the one with fewer lines
/// read empty (between two failing ones, first the larger grid: a
/// photo's wrong grid is a part of the right one), then the one as it is.
pub fn read_picture(picture: &Picture, network: &Network) -> Result<(Reading, Checked), NotFound> {
    let checked = |reading: Reading| {
        let checked = check_reading(&reading);
        (reading, checked)
    };
    let as_it_is = read(picture, network).map(checked);
    if matches!(&as_it_is, Ok((_, c)) if c.status == Status::Certain) {
        return as_it_is;
    }
    let Some(level) = straighten::straighten(picture) else {
        return as_it_is;
    };
    let levelled = read(&level.picture, network).map(|r| checked(Reading { straightened: Some(level), ..r }));
    // Then, between two alike, the one with fewer lines read empty.
    let rank = |r: &Result<(Reading, Checked), NotFound>| match r {
        Ok((_, c)) if c.status == Status::Certain => (4, 0),
        Ok((_, c)) if c.failure.is_none() && c.changes.is_empty() => (3, -(c.empty_lines.len() as i64)),
        Ok((_, c)) if c.failure.is_none() => (2, -(c.empty_lines.len() as i64)),
        // Both failing: the larger grid (a photo's partial grid is the
        // usual wrong one), then fewer lines empty.
        Ok((r, c)) => (1, (r.grid.width() * r.grid.height()) as i64 * 1000 - c.empty_lines.len() as i64),
        Err(_) => (0, 0),
    };
    if rank(&levelled) > rank(&as_it_is) {
        levelled
    } else {
        as_it_is
    }
}
