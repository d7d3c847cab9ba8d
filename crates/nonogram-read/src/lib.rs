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
//! - [`edges`]: what the picture says beyond the clues read: numbers cut
//!   by its edge, a grid that runs on past the grid read.
//!
//! With the `train` feature, [`render`] draws digits and whole puzzle
//! pictures in several styles (the trainer's samples, the test set).
//!
//! No web dependency: the CLI's `read` and the page's reader worker both
//! use [`read_picture`].

pub mod bend;
pub mod blob;
pub mod check;
pub mod clues;
pub mod edges;
pub mod fit;
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
pub use straighten::Straightened;

/// How a blurred photo is sharpened for its second look (see
/// [`picture::sharpened`]): a 3 × 3 unsharp mask, the difference added
/// back once. Measured on the bench's photo-like pictures (seeds 7, 2026
/// and 99, 60 a style): 441 of 540 read exactly, against 413 without it;
/// a 5 × 5 box 439, a 7 × 7 box 433, twice the difference 425.
const SHARPEN_REACH: u32 = 1;
const SHARPEN_AMOUNT: f32 = 1.0;

/// `a`, and `b` beside it where there are threads and cores for it
/// (natively, two cores or more); else `b` is not run (the page's reader
/// worker has one thread: it makes nothing it may not need).
fn beside<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, Option<B>) {
    #[cfg(not(target_arch = "wasm32"))]
    if std::thread::available_parallelism().is_ok_and(|n| n.get() > 1) {
        return std::thread::scope(|scope| {
            let first = scope.spawn(a);
            let second = b();
            (first.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)), Some(second))
        });
    }
    // One thread (the page's worker): `b` is not run.
    #[cfg(target_arch = "wasm32")]
    drop(b);
    (a(), None)
}

/// How near a reading that fails the checks comes to passing: the rows'
/// and the columns' totals apart, and each line whose clue does not fit
/// counted as a cell's length apart too (the nearer, the likelier the
/// grid is right and a digit or two misread).
fn distance(reading: &Reading, checked: &Checked) -> i64 {
    let sum =
        |clues: &[nonogram_core::Clue]| clues.iter().map(|c| c.0.iter().sum::<u32>() as i64).sum::<i64>();
    let (rows, columns) = (&checked.puzzle.rows, &checked.puzzle.columns);
    let (w, h) = (reading.grid.width(), reading.grid.height());
    let too_long = |clues: &[nonogram_core::Clue], length: usize| {
        clues
            .iter()
            .filter(|c| c.0.iter().sum::<u32>() as usize + c.0.len().saturating_sub(1) > length)
            .count()
    };
    (sum(rows) - sum(columns)).abs() + ((too_long(rows, w) + too_long(columns, h)) * w.max(h)) as i64
}

/// Reads a picture's puzzle and checks it: the reading (for showing what
/// was read where) and the checked clues.
///
/// The picture is read as it is first (a screenshot's lines are level).
/// Unless a reading is certain, it is read again straightened (see
/// [`straighten`]: turned and seen in perspective), then flattened (see
/// [`bend`]: each grid line traced on its own, a page that bends), then
/// sharpened in the best of those geometries (a photo's blur undone in
/// part: thin grid lines and the gaps between digits come back). The
/// first certain reading is taken, else the best: one that passed the
/// checks unchanged, then one that passed them corrected, then any that
/// failed, the nearest to passing first (see [`distance`]); between two
/// alike, the one with fewer lines read empty, then the earlier.
///
/// Natively, with two cores or more, the looks' pictures are made while
/// the look before is read (a 45×65 photo: 4.3 s to 3.0 s on two cores);
/// the reading taken is the same.
pub fn read_picture(picture: &Picture, network: &Network) -> Result<(Reading, Checked), NotFound> {
    let checked = |reading: Reading| {
        let mut checked = check_reading(&reading);
        checked.cut_lines = edges::cut_lines(picture, &reading);
        let read = reading.straightened.as_ref().map_or(picture, |s| &s.picture);
        checked.beyond = edges::beyond(read, &reading, network);
        if !checked.cut_lines.is_empty() || !checked.beyond.is_empty() {
            checked.status = Status::Doubtful;
        }
        // A second puzzle is looked for only where the reading would
        // otherwise be certain (it costs a look at the whole picture).
        if checked.status == Status::Certain && edges::another_grid(read, &reading) {
            checked.another = true;
            checked.status = Status::Doubtful;
        }
        (reading, checked)
    };
    let rank = |r: &Result<(Reading, Checked), NotFound>| match r {
        Ok((_, c)) if c.status == Status::Certain => (4, 0),
        Ok((_, c)) if c.failure.is_none() && c.changes.is_empty() => (3, -(c.empty_lines.len() as i64)),
        Ok((_, c)) if c.failure.is_none() => (2, -(c.empty_lines.len() as i64)),
        Ok((r, c)) => (1, -distance(r, c) * 1000 - c.empty_lines.len() as i64),
        Err(_) => (0, 0),
    };
    let mut best: Result<(Reading, Checked), NotFound> = Err(NotFound::NoGrid);
    // Which look the best reading so far came from.
    let mut best_look = "as it is";
    // Takes a look's reading when it is better; whether the best is now
    // certain.
    let consider = |best: &mut Result<(Reading, Checked), NotFound>,
                    best_look: &mut &'static str,
                    name: &'static str,
                    again: Result<(Reading, Checked), NotFound>| {
        if name == "as it is" || rank(&again) > rank(best) {
            *best = again;
            *best_look = name;
        }
        rank(best).0 == 4
    };
    let read_in = |geometry: &Straightened| {
        read(&geometry.picture, network)
            .map(|r| checked(Reading { straightened: Some(geometry.clone()), ..r }))
    };
    let sharpened_in = |geometry: Option<&Straightened>| {
        let source = geometry.map_or(picture, |g| &g.picture);
        let sharp = picture::sharpened(source, SHARPEN_REACH, SHARPEN_AMOUNT);
        read(&sharp, network).map(|r| checked(Reading { straightened: geometry.cloned(), ..r }))
    };
    if consider(&mut best, &mut best_look, "as it is", read(picture, network).map(checked)) {
        return best;
    }
    // The picture levelled (None: level as it is, or no grid at a slant).
    let level = straighten::straighten(picture);
    // Flattened: each line traced on its own (a page that bends).
    let flatten = || {
        let base = level.as_ref().map_or(picture, |l| &l.picture);
        bend::flatten(base).map(|(flat, mesh)| Straightened::flattened(level.as_ref(), flat, mesh))
    };
    // With a second core, the next look's picture is made while this one
    // is read, and the sharpened look in the flattened geometry (where
    // the best reading of a photo mostly is) read beside the flattened
    // one; the reading taken is the one the looks in turn would take.
    let mut flat = None;
    if let Some(level) = &level {
        let again;
        (again, flat) = beside(|| read_in(level), flatten);
        if consider(&mut best, &mut best_look, "straightened", again) {
            return best;
        }
    }
    let flat = flat.unwrap_or_else(flatten);
    let mut sharp_flat = None;
    if let Some(flat) = &flat {
        let again;
        (again, sharp_flat) = beside(|| read_in(flat), || sharpened_in(Some(flat)));
        if consider(&mut best, &mut best_look, "flattened", again) {
            return best;
        }
    }
    // Sharpened, in the best geometry so far.
    let again = match sharp_flat {
        Some(sharp) if best_look == "flattened" => sharp,
        _ => {
            let geometry = match &best {
                Ok((reading, _)) => reading.straightened.clone(),
                Err(_) => level.clone(),
            };
            sharpened_in(geometry.as_ref())
        }
    };
    consider(&mut best, &mut best_look, "sharpened", again);
    best
}
