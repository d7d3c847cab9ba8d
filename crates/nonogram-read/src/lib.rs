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
//!   WebP file with the `decode` feature); huge pictures shrunk; a blurred
//!   one sharpened for a second look.
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

/// How a blurred photo is sharpened for its second look (see
/// [`Picture::sharpened`]): a 3 × 3 unsharp mask, the difference added
/// back once. Measured on the bench's photo-like pictures (seeds 7, 2026
/// and 99, 60 a style): 441 of 540 read exactly, against 413 without it;
/// a 5 × 5 box 439, a 7 × 7 box 433, twice the difference 425.
const SHARPEN_REACH: u32 = 1;
const SHARPEN_AMOUNT: f32 = 1.0;

/// Reads a picture's puzzle and checks it: the reading (for showing what
/// was read where) and the checked clues.
///
/// The picture is read as it is first (a screenshot's lines are level).
/// Unless a reading is certain, the picture is read again straightened
/// (see [`straighten`]), then sharpened (a photo's blur undone in part:
/// thin grid lines and the gaps between digits come back), then sharpened
/// and straightened; the first certain reading is taken, else the best:
/// one that passed the checks unchanged, then one that passed them
/// corrected, then any; between two alike, the one with fewer lines read
/// empty (between two failing ones, first the larger grid: a photo's wrong
/// grid is a part of the right one), then the earlier.
pub fn read_picture(picture: &Picture, network: &Network) -> Result<(Reading, Checked), NotFound> {
    let checked = |reading: Reading| {
        let mut checked = check_reading(&reading);
        checked.cut_lines = cut_lines(picture, &reading);
        if !checked.cut_lines.is_empty() {
            checked.status = Status::Doubtful;
        }
        (reading, checked)
    };
    let rank = |r: &Result<(Reading, Checked), NotFound>| match r {
        Ok((_, c)) if c.status == Status::Certain => (4, 0),
        Ok((_, c)) if c.failure.is_none() && c.changes.is_empty() => (3, -(c.empty_lines.len() as i64)),
        Ok((_, c)) if c.failure.is_none() => (2, -(c.empty_lines.len() as i64)),
        // Both failing: the larger grid (a photo's partial grid is the
        // usual wrong one), then fewer lines empty.
        Ok((r, c)) => (1, (r.grid.width() * r.grid.height()) as i64 * 1000 - c.empty_lines.len() as i64),
        Err(_) => (0, 0),
    };
    let mut best = read(picture, network).map(checked);
    let mut sharpened: Option<Picture> = None;
    // The next looks: (sharpened, straightened).
    for (sharp, level) in [(false, true), (true, false), (true, true)] {
        if rank(&best).0 == 4 {
            break;
        }
        let source = match sharp {
            false => picture,
            true => &*sharpened.get_or_insert_with(|| picture.sharpened(SHARPEN_REACH, SHARPEN_AMOUNT)),
        };
        let again = match level {
            false => read(source, network).map(checked),
            true => {
                let Some(level) = straighten::straighten(source) else { continue };
                read(&level.picture, network).map(|r| checked(Reading { straightened: Some(level), ..r }))
            }
        };
        if rank(&again) > rank(&best) {
            best = again;
        }
    }
    best
}

/// How far from the picture's background a pixel on its edge must be to be
/// ink, in luminance steps.
const EDGE_INK: i32 = 64;

/// How near the picture's edge a clue area's outer end must come for ink
/// on that edge to be a number of its line, in cells (a number cut off
/// may lie past the gap that ended the area).
const EDGE_NEAR: f64 = 2.0;

/// The lines whose clue area ends near the picture's left (a row's) or top
/// (a column's) edge with ink on that edge, in the line's band: a
/// screenshot cropped through its outer numbers, a photo cut short. What is
/// left of a number there may be read as another or dropped (and with an
/// equal number dropped from a line the other way the totals still agree),
/// so each is a doubt.
fn cut_lines(picture: &Picture, reading: &Reading) -> Vec<nonogram_core::LineId> {
    use nonogram_core::LineId;
    let background = grid::background(picture) as i32;
    let (w, h) = (picture.width(), picture.height());
    let near = EDGE_NEAR * reading.grid.cell() as f64;
    let to_picture = |x: f64, y: f64| match &reading.straightened {
        Some(level) => level.in_picture(x, y),
        None => (x, y),
    };
    let ink = |x: f64, y: f64| {
        let (x, y) = (x.clamp(0.0, (w - 1) as f64) as u32, y.clamp(0.0, (h - 1) as f64) as u32);
        (picture.at(x, y) as i32 - background).abs() >= EDGE_INK
    };
    let mut cut = Vec::new();
    for (i, line) in reading.rows.iter().enumerate() {
        let s = line.strip;
        let runs_off = (s.y0..s.y1).any(|y| {
            let (x, y) = to_picture(s.x0 as f64, y as f64 + 0.5);
            x < near && y >= 0.0 && y < h as f64 && (0..2).any(|dx| ink(dx as f64, y))
        });
        if runs_off {
            cut.push(LineId::Row(i));
        }
    }
    for (i, line) in reading.columns.iter().enumerate() {
        let s = line.strip;
        let runs_off = (s.x0..s.x1).any(|x| {
            let (x, y) = to_picture(x as f64 + 0.5, s.y0 as f64);
            y < near && x >= 0.0 && x < w as f64 && (0..2).any(|dy| ink(x, dy as f64))
        });
        if runs_off {
            cut.push(LineId::Column(i));
        }
    }
    cut
}
