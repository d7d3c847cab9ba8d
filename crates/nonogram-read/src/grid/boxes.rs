//! Telling clue boxes from the grid by the numbers in them.
//!
//! A magazine rules its clue areas like its grid (every number in a box
//! of its own, thick rules every five running through them, one border
//! round the whole), and a column of right-aligned row clues can fall
//! into line at the grid's pitch: either way the evenly spaced lines found
//! run on past the grid, through clue boxes. A grid's cells never hold
//! numbers (they are empty, filled, crossed or dotted), a clue box does:
//! so the lattice's columns at its left whose cells hold numbers are the
//! row clues' boxes, and its rows at its top whose cells hold numbers, the
//! column clues'. What is left is the grid; were its cells to hold numbers
//! too, the picture is a table or a sudoku, not a nonogram.

use crate::blob::{blobs, glyph, histogram, Ink, Rect};
use crate::network::{Network, NO_DIGIT};
use crate::picture::Picture;

/// What a cell of the lattice holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    /// Nothing standing out: an empty cell or box.
    Empty,
    /// A number: ink the size of a digit that reads as one.
    Number,
    /// Something else: a filled cell, a cross, a dot, a drawing's part.
    Mark,
    /// Ink shaped like a number (a digit's height, narrower than tall,
    /// in the middle) that does not read as one: a blurred digit, most
    /// likely, but not known to be one; it counts for neither side.
    Unread,
}

/// The share of a cell's side left out at each edge when looking into
/// it, past its rules (their blurred edges stay out).
const CELL_MARGIN: f32 = 0.08;

/// The widest a rule's remnant in a cell is, as a share of its side (at
/// least 2 px); set by hand on the rendered styles, not swept.
const THIN_REMNANT: f32 = 0.15;

/// How far in from the inside's edges a number's middle is, at least, as
/// a share of the inside (0.5 is its middle): a two-digit number's middle
/// is further in across than a wide mark's; down, a digit sits centred.
/// Set by hand on the rendered styles, not swept.
const CENTRED_ACROSS: f32 = 0.2;
const CENTRED_DOWN: f32 = 0.25;

/// How far off its inside's middle, as a share of its width, a digit on a
/// filled cell may be.
const OFF_MIDDLE: f32 = 0.3;

/// The smallest a blob is, as a share of the cell's side, to be looked
/// at (a dot, JPEG's specks are smaller).
const LEAST_BLOB: f32 = 0.25;

/// The least height of a number's digit, as a share of its box's side
/// (clue digits are half of it or more).
const LEAST_DIGIT: f32 = 0.35;

/// The least width and height of a mark (a player's cross), as a share
/// of the cell's side.
const LEAST_MARK: f32 = 0.35;

/// The share of a cell's inside that ink covers, at least, for it to be a
/// filled cell (a digit covers a fifth at most).
const FILLED: f32 = 0.45;

/// How wide, at most, in tenths of its height, a blob that may be a
/// number is (a cross is as wide as tall; "10" in a narrow box is 0.7 of
/// its height); set by hand, not swept.
const NARROW: u32 = 8;

/// The probability of "no digit" under which a blob is a digit.
const DIGIT_ODDS: f32 = 0.5;

/// How far a cell's rules are peeled off its sides, at most, as a share
/// of its side.
const MOST_PEELED: f32 = 0.3;

/// The share of a row (or column) of pixels that ink covers, at least,
/// for it to be a rule's.
const RULE_SHARE: f32 = 0.6;

/// The inside of a cell: its rectangle with the rules along its sides
/// peeled off, whatever their thickness: from each side inwards, the rows
/// (columns) of pixels mostly ink are a rule's, up to the first that is
/// not; then [`CELL_MARGIN`] more (a rule's faint, blurred edge). A digit
/// inside stands apart from the rules, so the peeling stops before it.
fn inside(picture: &Picture, x0: f32, y0: f32, x1: f32, y1: f32) -> Option<Rect> {
    let side = (x1 - x0).min(y1 - y0);
    let clamp_x = |v: f32| (v.max(0.0) as u32).min(picture.width());
    let clamp_y = |v: f32| (v.max(0.0) as u32).min(picture.height());
    let whole = Rect { x0: clamp_x(x0), y0: clamp_y(y0), x1: clamp_x(x1), y1: clamp_y(y1) };
    if whole.width() < 6 || whole.height() < 6 {
        return None;
    }
    let most = ((side * MOST_PEELED) as u32).max(1);
    let m = (side * CELL_MARGIN).max(1.0) as u32;
    let Some(ink) = Ink::of(picture, whole) else {
        let r = Rect { x0: whole.x0 + m, y0: whole.y0 + m, x1: whole.x1 - m, y1: whole.y1 - m };
        return (r.width() >= 3 && r.height() >= 3).then_some(r);
    };
    // Weak ink counts: a thin grey rule beside a thick black one is a
    // rule too (the whole cell's contrast is the black one's).
    let row_inked = |y: u32, r: &Rect| {
        (r.x0..r.x1).filter(|&x| ink.is_weak_ink(picture.at(x, y))).count() as f32
            >= RULE_SHARE * r.width() as f32
    };
    let column_inked = |x: u32, r: &Rect| {
        (r.y0..r.y1).filter(|&y| ink.is_weak_ink(picture.at(x, y))).count() as f32
            >= RULE_SHARE * r.height() as f32
    };
    let mut r = whole;
    // Each side in turn, a row at a time, while it is a rule's.
    let (mut top, mut bottom, mut left, mut right) = (0, 0, 0, 0);
    while top < most && row_inked(r.y0, &r) {
        r.y0 += 1;
        top += 1;
    }
    while bottom < most && row_inked(r.y1 - 1, &r) {
        r.y1 -= 1;
        bottom += 1;
    }
    while left < most && column_inked(r.x0, &r) {
        r.x0 += 1;
        left += 1;
    }
    while right < most && column_inked(r.x1 - 1, &r) {
        r.x1 -= 1;
        right += 1;
    }
    let r = Rect { x0: r.x0 + m, y0: r.y0 + m, x1: r.x1.saturating_sub(m), y1: r.y1.saturating_sub(m) };
    (r.width() >= 3 && r.height() >= 3).then_some(r)
}

/// What the cell between `x0..x1` and `y0..y1` holds.
///
/// Its inside's blobs, but for what the peeling left of its rules (thin,
/// or off-centre, along the inside's edge): a filled cell covers much of
/// it; a number stands in its middle, a digit's height, and reads as
/// digits (a blob as wide as two digits is read as two); anything else
/// inside it, as large as a player's cross, is a mark. A blob smaller,
/// or touching the edge, is a speck or a smudge.
pub fn content(picture: &Picture, network: &Network, x0: f32, y0: f32, x1: f32, y1: f32) -> Content {
    let side = (x1 - x0).min(y1 - y0);
    let Some(inner) = inside(picture, x0, y0, x1, y1) else { return Content::Empty };
    let Some(ink) = Ink::of(picture, inner) else { return Content::Empty };
    match content_as(picture, network, inner, side, ink) {
        // A photo's blurred digit, its faint fringe joined to a rule's
        // remnant, may fill much of a small box as a filled cell does:
        // its core, the ink half-way dark and more, is looked at on its
        // own. Shaped like a number, it is not known to be one.
        (Content::Mark, true) => {
            let core = Ink { threshold: ink.contrast / 2, weak: ink.contrast / 2, ..ink };
            match content_as(picture, network, inner, side, core).0 {
                Content::Number | Content::Unread => Content::Unread,
                _ => Content::Mark,
            }
        }
        (found, _) => found,
    }
}

/// What a cell's inside holds, its ink seen as `ink` says (see
/// [`content`]), and whether its ink fills it (a filled cell's, or a
/// badge's).
fn content_as(picture: &Picture, network: &Network, inner: Rect, side: f32, ink: Ink) -> (Content, bool) {
    let least = (side * LEAST_BLOB).max(3.0);
    let thin = (side * THIN_REMNANT).max(2.0);
    let touches = |r: &Rect| r.x0 == inner.x0 || r.y0 == inner.y0 || r.x1 == inner.x1 || r.y1 == inner.y1;
    // Where a blob's middle is, from 0 (the inside's edge) to 0.5 (its
    // middle), the nearer way.
    let middle = |from: u32, to: u32, start: u32, end: u32| {
        let t = ((from + to) as f32 / 2.0 - start as f32) / (end - start).max(1) as f32;
        t.min(1.0 - t)
    };
    let centred = |r: &Rect| {
        middle(r.x0, r.x1, inner.x0, inner.x1) >= CENTRED_ACROSS
            && middle(r.y0, r.y1, inner.y0, inner.y1) >= CENTRED_DOWN
    };
    // Two rules' remnants meeting at a corner (an L, hollow) touch two
    // sides.
    let sides = |r: &Rect| {
        [r.x0 == inner.x0, r.y0 == inner.y0, r.x1 == inner.x1, r.y1 == inner.y1]
            .iter()
            .filter(|&&t| t)
            .count()
    };
    let remnant = |b: &crate::blob::Blob| {
        let r = &b.rect;
        let hollow = sides(r) >= 2 && b.area * 4 < r.width() * r.height();
        touches(r) && ((r.width().min(r.height()) as f32) <= thin || !centred(r) || hollow)
    };
    let found: Vec<_> = blobs(picture, inner, &ink, |_, _| false)
        .into_iter()
        .filter(|b| (b.rect.height() as f32 >= least || b.rect.width() as f32 >= least) && !remnant(b))
        .collect();
    let Some(tallest) = found.iter().max_by_key(|b| (b.rect.height(), b.area)) else {
        return (Content::Empty, false);
    };
    let area: u32 = found.iter().map(|b| b.area).sum();
    let spans = |b: &crate::blob::Blob| {
        b.rect.width() * 10 >= inner.width() * 9 && b.rect.height() * 10 >= inner.height() * 9
    };
    if area as f32 >= FILLED * (inner.width() * inner.height()) as f32 || spans(tallest) {
        // A badge (a number on a filled shape, a phone game's clue) fills
        // its cell too: a digit stands out from the fill in its middle.
        let found = if on_fill(picture, network, inner, side) { Content::Number } else { Content::Mark };
        return (found, true);
    }
    // The number: the blobs of about the tallest's height, together in
    // the cell's middle.
    let r = tallest.rect;
    let number =
        found.iter().filter(|b| b.rect.height() * 10 >= r.height() * 6).fold(r, |u, b| u.union(&b.rect));
    let digit = |rect: Rect| network.classify(&glyph(picture, rect, &ink))[NO_DIGIT] < DIGIT_ODDS;
    let tall = r.height() as f32 >= side * LEAST_DIGIT;
    let is_number = tall
        && centred(&number)
        && !is_cross(picture, r, &ink)
        && (digit(r)
            || (r.width() * 10 >= r.height() * 7 && {
                // Two digits run together: each half read on its own.
                let half = r.x0 + r.width() / 2;
                digit(Rect { x1: half, ..r }) && digit(Rect { x0: half, ..r })
            }));
    if is_number {
        return (Content::Number, false);
    }
    // A cross is about as wide as tall, a filled cell fills: a blob
    // narrower than tall, of a digit's height, in the middle, is a number
    // the recogniser could not make out (a blurred photo's) or a stroke.
    if tall && centred(&number) && !touches(&number) && number.width() * 10 <= number.height() * NARROW {
        return (Content::Unread, false);
    }
    let large = r.width().min(r.height()) as f32 >= side * LEAST_MARK;
    if touches(&r) || !large {
        (Content::Empty, false)
    } else {
        (Content::Mark, false)
    }
}

/// The share of a blob's box, at each corner and at each side's middle,
/// looked at to tell a cross.
const CROSS_SPOT: f32 = 0.2;

/// Whether the ink in `r` is a player's cross (×): ink in each corner of
/// its box and in its middle, none at the middle of any side (no digit
/// has ink in all four corners and none between them).
fn is_cross(picture: &Picture, r: Rect, ink: &Ink) -> bool {
    let (w, h) = (r.width() as f32, r.height() as f32);
    let spot = |fx: f32, fy: f32| {
        // The spot's box, `CROSS_SPOT` of the blob's each way, at (fx, fy)
        // of the blob (0 to 1), kept inside it.
        let (sw, sh) = ((w * CROSS_SPOT).max(1.0), (h * CROSS_SPOT).max(1.0));
        let x0 = (r.x0 as f32 + (w - sw) * fx) as u32;
        let y0 = (r.y0 as f32 + (h - sh) * fy) as u32;
        let (x1, y1) = ((x0 + sw.ceil() as u32).min(r.x1), (y0 + sh.ceil() as u32).min(r.y1));
        (y0..y1).any(|y| (x0..x1).any(|x| ink.is_ink(picture.at(x, y))))
    };
    let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].iter().all(|&(x, y)| spot(x, y));
    let sides = [(0.5, 0.0), (0.0, 0.5), (1.0, 0.5), (0.5, 1.0)].iter().any(|&(x, y)| spot(x, y));
    r.width() >= 4 && r.height() >= 4 && corners && spot(0.5, 0.5) && !sides
}

/// Whether a filled cell's `inside` holds a number against its fill: a
/// blob of another colour, not touching the inside's edge, in its middle,
/// a digit's height, that reads as a digit (a filled grid cell is one
/// colour throughout).
fn on_fill(picture: &Picture, network: &Network, inside: Rect, side: f32) -> bool {
    let Some(ink) = Ink::of(picture, inside) else { return false };
    // The fill may not be the inside's most common colour (a badge
    // smaller than its cell, the screen round it): its digits are seen
    // against the commonest colour of the ink too.
    let counts = histogram(picture, inside);
    let fill = (0..256usize)
        .filter(|&l| (l as i32 - ink.background as i32).abs() >= ink.threshold)
        .max_by_key(|&l| counts[l])
        .filter(|&l| counts[l] > 0)
        .and_then(|l| Ink::against(picture, inside, l as u8));
    [Some(ink), fill].into_iter().flatten().any(|ink| digit_on(picture, network, inside, side, &ink))
}

/// Whether a digit stands out from `ink`'s background in a filled cell's
/// `inside` (see [`on_fill`]).
fn digit_on(picture: &Picture, network: &Network, inside: Rect, side: f32, ink: &Ink) -> bool {
    let touches = |r: &Rect| r.x0 == inside.x0 || r.y0 == inside.y0 || r.x1 == inside.x1 || r.y1 == inside.y1;
    blobs(picture, inside, ink, |_, _| false).into_iter().any(|b| {
        let r = b.rect;
        let middle = (r.x0 + r.x1) as f32 / 2.0 - inside.x0 as f32;
        !touches(&r)
            && r.height() as f32 >= side * LEAST_DIGIT
            && (middle / inside.width().max(1) as f32 - 0.5).abs() <= OFF_MIDDLE
            && network.classify(&glyph(picture, r, ink))[NO_DIGIT] < DIGIT_ODDS
    })
}

/// How a line of lattice cells (a column's, or a row's) reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    /// Numbers, at least as many as marks: a line of clue boxes.
    Clues,
    /// Nothing in it, or too little to tell.
    Empty,
    /// Marks, more than numbers: the grid's.
    Grid,
}

/// A line of cells' kind: numbers in two of its cells at least (one in a
/// line of under six looked at), and as many as marks, make clue boxes (a
/// mark misread as a number, alone, does not); marks as many, and more
/// than numbers, make the grid's (a blurred digit taken for a mark,
/// alone in the outermost column of clues, does not).
fn line_kind(cells: impl Iterator<Item = Content>) -> LineKind {
    let (mut numbers, mut marks, mut looked) = (0, 0, 0);
    for c in cells {
        looked += 1;
        match c {
            Content::Number => numbers += 1,
            Content::Mark => marks += 1,
            Content::Empty | Content::Unread => {}
        }
    }
    let enough = if looked < 6 { 1 } else { 2 };
    match (numbers, marks) {
        (0, 0) => LineKind::Empty,
        (n, m) if n >= enough && n >= m => LineKind::Clues,
        (n, m) if m >= enough && m > n => LineKind::Grid,
        _ => LineKind::Empty,
    }
}

/// Where the grid starts among the lattice's lines: how many columns and
/// rows at the lattice's left and top are clue boxes, or `None` when
/// numbers fill its cells past the middle (a table, a sudoku).
///
/// The columns are looked at first in the lattice's lower half (a column
/// clue area never reaches so far down), then the rows at the grid's
/// columns so found (the corner, maybe holding a drawing, left out), then
/// the columns again below the rows of boxes: each time, left to right
/// (top to bottom), the lines of numbers at the start are clue boxes.
pub fn grid_start(picture: &Picture, network: &Network, xs: &[f32], ys: &[f32]) -> Option<(usize, usize)> {
    let (columns, rows) = (xs.len() - 1, ys.len() - 1);
    // Each cell is looked at once: the columns are looked at twice, and
    // the rows cross them.
    let seen: Vec<std::cell::OnceCell<Content>> =
        (0..columns * rows).map(|_| std::cell::OnceCell::new()).collect();
    let cell = |c: usize, r: usize| {
        *seen[r * columns + c].get_or_init(|| content(picture, network, xs[c], ys[r], xs[c + 1], ys[r + 1]))
    };
    let column_kind = |from_row: usize| move |c: usize| line_kind((from_row..rows).map(|r| cell(c, r)));
    let first_column = first_of_grid(columns, column_kind(rows / 2))?;
    let first_row = first_of_grid(rows, |r| line_kind((first_column..columns).map(|c| cell(c, r))))?;
    let first_column = first_of_grid(columns, column_kind(first_row))?;
    Some((first_column, first_row))
}

/// The first of `count` lines that is the grid's, by `kind`: past the
/// lines of clue boxes at the start (empty lines before them, and one
/// between two of them, allowed), or 0 when none; `None` when lines of
/// clue boxes run on past the half.
fn first_of_grid(count: usize, kind: impl Fn(usize) -> LineKind) -> Option<usize> {
    let half = count / 2;
    let mut last_clues: Option<usize> = None;
    let mut empty_run = 0;
    for i in 0..count {
        match kind(i) {
            LineKind::Clues => {
                if i >= half.max(1) {
                    return None;
                }
                last_clues = Some(i);
                empty_run = 0;
            }
            LineKind::Empty => {
                empty_run += 1;
                if last_clues.is_some() && empty_run > 1 || i >= half {
                    break;
                }
            }
            LineKind::Grid => break,
        }
    }
    Some(last_clues.map_or(0, |i| i + 1))
}

/// How many of the grid's cells hold numbers, of how many looked at (a
/// sample spread over it, at most `most`).
pub fn numbers_inside(
    picture: &Picture,
    network: &Network,
    xs: &[f32],
    ys: &[f32],
    most: usize,
) -> (usize, usize) {
    let (columns, rows) = (xs.len() - 1, ys.len() - 1);
    let looked = (columns * rows).min(most);
    let numbers = (0..looked)
        .filter(|&k| {
            // Spread down the rows, and across them by a stride that
            // visits every column.
            let r = k * rows / looked;
            let c = (k * 7 + r) % columns;
            content(picture, network, xs[c], ys[r], xs[c + 1], ys[r + 1]) == Content::Number
        })
        .count();
    (numbers, looked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 20×20 picture, white, with ink (black) where `inked(x, y)`.
    fn drawn(inked: impl Fn(i32, i32) -> bool) -> Picture {
        let luma = (0..20 * 20).map(|i| if inked(i % 20, i / 20) { 0 } else { 255 }).collect();
        Picture::from_luma(20, 20, luma).unwrap()
    }

    #[test]
    fn a_cross_is_told_from_shapes_a_digit_has() {
        let ink = Ink { background: 255, contrast: 255, threshold: 100, weak: 50 };
        let r = Rect { x0: 3, y0: 3, x1: 17, y1: 17 };
        let inside = |x: i32, y: i32| (3..17).contains(&x) && (3..17).contains(&y);
        let cross = drawn(|x, y| inside(x, y) && ((x - y).abs() <= 1 || (x + y - 19).abs() <= 1));
        assert!(is_cross(&cross, r, &ink));
        // A "0"'s ring, a "+" and a "7" (a bar along the top, a stroke down
        // to the bottom left) are no crosses.
        let ring = drawn(|x, y| inside(x, y) && !((5..15).contains(&x) && (5..15).contains(&y)));
        let plus = drawn(|x, y| inside(x, y) && ((x - 10).abs() <= 1 || (y - 10).abs() <= 1));
        let seven = drawn(|x, y| inside(x, y) && (y <= 4 || (x + y - 19).abs() <= 1));
        for shape in [ring, plus, seven] {
            assert!(!is_cross(&shape, r, &ink));
        }
    }
}
