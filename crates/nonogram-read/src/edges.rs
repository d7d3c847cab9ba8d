//! What the picture says of a reading beyond its clues: numbers cut by
//! the picture's edge, and a grid that runs on past the grid read (its
//! lines, or numbers above or beside where it would go on). Each is a
//! doubt: the reading may be right as far as it goes, and not all there.

use nonogram_core::LineId;

use crate::blob::{blobs, glyph, Ink, Rect};
use crate::grid::line_like_at;
use crate::network::{Network, NO_DIGIT};
use crate::picture::Picture;
use crate::reading::Reading;

/// Where the puzzle may run on past the grid read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beyond {
    /// Past its right edge: a column (or more) not read.
    Right,
    /// Past its bottom edge: a row (or more) not read.
    Below,
}

impl std::fmt::Display for Beyond {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Beyond::Right => {
                write!(f, "the grid or its clues go on past its right edge (a column not read?)")
            }
            Beyond::Below => write!(f, "the grid or its clues go on past its bottom edge (a row not read?)"),
        }
    }
}

/// The band along the picture's edge looked into for a digit cut by it,
/// in cells; a cut digit is also shorter than this along the edge (a
/// digit and a little of its neighbour's space). Set by hand, not swept.
const EDGE_BAND: f32 = 1.5;

/// A digit's height as a share of a cell when no digit was read to tell
/// it (clue digits are half a cell to two thirds of one in the renders'
/// styles; set by hand).
const DIGIT_OF_CELL: f32 = 0.6;

/// A blob beyond the grid is a number's digit when its height is within
/// these shares of the digits read, it is no wider than [`WIDEST`] of
/// them, and the network takes it for a digit at even odds or better;
/// set by hand on the pictures (a puzzle cropped inside its
/// border, a filled times table), not swept.
const SHORTEST: f32 = 0.7;
const TALLEST: f32 = 1.4;
const WIDEST: f32 = 1.2;
const NUMBER_ODDS: f32 = 0.5;

/// The margin kept from the grid's edge when looking beyond it, in cells
/// (the border's blur and a photo's drift).
const BEYOND_MARGIN: f32 = 0.15;

/// How far beyond the grid's corner numbers are looked for, in cells, at
/// most (a clue area is rarely deeper).
const BEYOND_CELLS: f32 = 4.0;

/// How near the picture's edge a clue area's outer end must come, in
/// cells, for a number there to be looked for cut by the edge: a clue
/// area ends at a gap of background as wide as `clues::AREA_END` (1.2
/// cells), so one ending further from the edge ended before it (at a
/// frame, or with nothing past it), and nothing of it is cut.
const EDGE_NEAR: f32 = 1.3;

/// A blob's least height, as a share of a cell, to be a digit's ink.
const DIGIT_LEAST: f32 = 0.3;

/// The lines whose clue runs off the picture's edge: a blob of ink the
/// size of a digit touches the edge in the line's band, where its clue
/// area ends near the edge (a screenshot cropped through its outer
/// numbers, a photo cut short). What is left of a number there may be
/// read as another or dropped (and with an equal number dropped from a
/// line the other way the totals still agree), so each is a doubt. A
/// rule, a box's side or a band's shading along the edge is no digit:
/// it runs along the whole band.
pub fn cut_lines(picture: &Picture, reading: &Reading) -> Vec<LineId> {
    let cell = reading.grid.cell();
    let (w, h) = (picture.width() as f32, picture.height() as f32);
    let near = EDGE_NEAR * cell;
    let mut cut = Vec::new();
    for (i, line) in reading.rows.iter().enumerate() {
        let s = line.strip;
        // The band's ends where its clue area ends, in the picture.
        let (xa, ya) = reading.in_picture(s.x0 as f64, s.y0 as f64);
        let (xb, yb) = reading.in_picture(s.x0 as f64, s.y1 as f64);
        if (xa.min(xb) as f32) < near && ya.max(yb) > 0.0 && (ya.min(yb) as f32) < h {
            let band = Rect {
                x0: 0,
                y0: ya.min(yb).max(0.0) as u32,
                x1: ((cell * EDGE_BAND) as u32).min(picture.width()),
                y1: (ya.max(yb) as f32).min(h) as u32,
            };
            if digit_at_edge(picture, band, cell, true) {
                cut.push(LineId::Row(i));
            }
        }
    }
    for (i, line) in reading.columns.iter().enumerate() {
        let s = line.strip;
        let (xa, ya) = reading.in_picture(s.x0 as f64, s.y0 as f64);
        let (xb, yb) = reading.in_picture(s.x1 as f64, s.y0 as f64);
        if (ya.min(yb) as f32) < near && xa.max(xb) > 0.0 && (xa.min(xb) as f32) < w {
            let band = Rect {
                x0: xa.min(xb).max(0.0) as u32,
                y0: 0,
                x1: (xa.max(xb) as f32).min(w) as u32,
                y1: ((cell * EDGE_BAND) as u32).min(picture.height()),
            };
            if digit_at_edge(picture, band, cell, false) {
                cut.push(LineId::Column(i));
            }
        }
    }
    cut
}

/// Whether a blob of ink the size of a digit touches the picture's left
/// edge (a row's band, `left`) or top edge in the band: not one that runs
/// along the band (a rule, a box's side, shading's edge).
fn digit_at_edge(picture: &Picture, band: Rect, cell: f32, left: bool) -> bool {
    if band.width() < 2 || band.height() < 2 {
        return false;
    }
    let Some(ink) = Ink::of(picture, band) else { return false };
    let across = if left { band.height() } else { band.width() };
    blobs(picture, band, &ink, |_, _| false).into_iter().any(|b| {
        let r = b.rect;
        let touches = if left { r.x0 == 0 } else { r.y0 == 0 };
        let (extent, along) = if left { (r.height(), r.width()) } else { (r.width(), r.height()) };
        let tall = r.height().max(r.width()) as f32 >= cell * DIGIT_LEAST;
        let runs_along = extent * 10 >= across * 9;
        touches && tall && !runs_along && (along as f32) < cell * EDGE_BAND
    })
}

/// The share of the grid's lines one way that must run on past its edge
/// for the grid to go on there.
const RUNNING_ON: f32 = 0.6;

/// How far past the grid's edge a line must run on, in cells.
const RUN_ON: f32 = 0.5;

/// The fewest pixels past the border a line is looked at, running on.
const RUN_ON_LEAST: f32 = 4.0;

/// Where the puzzle goes on past the grid read: its lines one way run on
/// past its right (bottom) edge, or numbers stand above the space right of
/// it (beside the space below it) where the clues of another column (row)
/// would.
pub fn beyond(picture: &Picture, reading: &Reading, network: &Network) -> Vec<Beyond> {
    let grid = &reading.grid;
    let cell = grid.cell();
    let (w, h) = (picture.width() as f32, picture.height() as f32);
    let (gx0, gx1) = (grid.xs[0], grid.xs[grid.xs.len() - 1]);
    let (gy0, gy1) = (grid.ys[0], grid.ys[grid.ys.len() - 1]);
    let light = grid.light_on_dark;
    let mut out = Vec::new();
    // The lines one way, checked a little past the edge (clear of the
    // border's own thickness), to half a cell on: line-like there?
    let runs_on = |positions: &[f32], from: f32, vertical_lines: bool| -> bool {
        let start = from + grid.thickness as f32 + 2.0;
        // A few pixels at least (a thick border in small cells leaves
        // none: nothing seen is no line running on).
        let end = (from + cell * RUN_ON).max(start + RUN_ON_LEAST);
        let limit = if vertical_lines { h } else { w };
        if end >= limit - 1.0 {
            return false;
        }
        let inner = &positions[1..positions.len() - 1];
        let running = inner
            .iter()
            .filter(|&&at| {
                let steps = (start as u32..end as u32).collect::<Vec<_>>();
                let on = steps
                    .iter()
                    .filter(|&&t| {
                        let (x, y) = if vertical_lines { (at, t as f32) } else { (t as f32, at) };
                        let (x, y) = (x.round() as u32, y.round() as u32);
                        [-1i32, 0, 1].iter().any(|d| {
                            let (x, y) = if vertical_lines {
                                ((x as i32 + d).max(0) as u32, y)
                            } else {
                                (x, (y as i32 + d).max(0) as u32)
                            };
                            x < picture.width()
                                && y < picture.height()
                                && line_like_at(picture, x, y, vertical_lines, light)
                        })
                    })
                    .count();
                on * 10 >= steps.len() * 8
            })
            .count();
        !inner.is_empty() && running as f32 >= inner.len() as f32 * RUNNING_ON
    };
    // Numbers where another line's clue would stand: digits at even odds
    // or better, the size of the clue digits read.
    let heights: Vec<u32> = reading
        .rows
        .iter()
        .chain(&reading.columns)
        .flat_map(|l| l.digits.iter().map(|d| d.rect.height()))
        .collect();
    let digit_height = if heights.is_empty() {
        cell * DIGIT_OF_CELL
    } else {
        heights.iter().sum::<u32>() as f32 / heights.len() as f32
    };
    // The space is looked at from half a cell back toward the grid (a
    // badge wider than its column, over the grid's last one, stands
    // partly in it: a blob whose middle is not in the space is no
    // number of its own). `right`: the space right of the grid.
    let numbers_in = |x0: f32, y0: f32, x1: f32, y1: f32, right: bool| -> bool {
        let (bx0, by0) = if right { (x0 - cell / 2.0, y0) } else { (x0, y0 - cell / 2.0) };
        let r = Rect {
            x0: bx0.max(0.0) as u32,
            y0: by0.max(0.0) as u32,
            x1: x1.min(w) as u32,
            y1: y1.min(h) as u32,
        };
        if r.width() < 3 || r.height() < 3 {
            return false;
        }
        let Some(ink) = Ink::of(picture, r) else { return false };
        blobs(picture, r, &ink, |_, _| false).into_iter().any(|b| {
            let bh = b.rect.height() as f32;
            let middle =
                if right { (b.rect.x0 + b.rect.x1) as f32 } else { (b.rect.y0 + b.rect.y1) as f32 } / 2.0;
            middle >= if right { x0 } else { y0 }
                && bh >= digit_height * SHORTEST
                && bh <= digit_height * TALLEST
                && (b.rect.width() as f32) <= digit_height * WIDEST
                && network.classify(&glyph(picture, b.rect, &ink))[NO_DIGIT] < NUMBER_ODDS
        })
    };
    let top = reading.columns.iter().map(|l| l.strip.y0).min().unwrap_or(0) as f32;
    let left = reading.rows.iter().map(|l| l.strip.x0).min().unwrap_or(0) as f32;
    let margin = cell * BEYOND_MARGIN;
    if runs_on(&grid.ys, gx1, false)
        || numbers_in(
            gx1 + margin,
            top.max(gy0 - cell * BEYOND_CELLS).min(gy0 - cell),
            gx1 + cell,
            gy0 - margin,
            true,
        )
    {
        out.push(Beyond::Right);
    }
    if runs_on(&grid.xs, gy1, true)
        || numbers_in(
            left.max(gx0 - cell * BEYOND_CELLS).min(gx0 - cell),
            gy1 + margin,
            gx0 - margin,
            gy1 + cell,
            false,
        )
    {
        out.push(Beyond::Below);
    }
    out
}

/// The least share of a second grid's lines seen as lines (a real
/// grid's are nine tenths; a title's strokes and a row of buttons that
/// fall in line at one pitch, a fifth): set by hand.
const ANOTHER_COVERAGE: f32 = 0.4;

/// The least cells a side a second grid has, to be said.
const ANOTHER_SIDE: usize = 4;

/// Whether the picture holds another grid besides the puzzle read (two
/// puzzles on a page, a game's preview of the next): the lattice looked
/// for again with the puzzle read (its grid and clue strips) painted
/// over in the picture's background.
pub fn another_grid(picture: &Picture, reading: &Reading) -> bool {
    let grid = &reading.grid;
    let strips = reading.rows.iter().chain(&reading.columns).map(|l| l.strip);
    let (gx0, gy0) = (grid.xs[0].max(0.0) as u32, grid.ys[0].max(0.0) as u32);
    let (gx1, gy1) = (grid.xs[grid.xs.len() - 1] as u32 + 2, grid.ys[grid.ys.len() - 1] as u32 + 2);
    let (x0, y0, x1, y1) = strips
        .fold((gx0, gy0, gx1, gy1), |(a, b, c, d), s| (a.min(s.x0), b.min(s.y0), c.max(s.x1), d.max(s.y1)));
    let margin = grid.cell() as u32;
    let (x0, y0) = (x0.saturating_sub(margin), y0.saturating_sub(margin));
    let (x1, y1) = ((x1 + margin).min(picture.width()), (y1 + margin).min(picture.height()));
    let background = crate::grid::background(picture);
    let (w, h) = (picture.width(), picture.height());
    let luma: Vec<u8> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| if x >= x0 && x < x1 && y >= y0 && y < y1 { background } else { picture.at(x, y) })
        .collect();
    let Ok(rest) = Picture::from_luma(w, h, luma) else { return false };
    crate::grid::lattice_seen(&rest)
        .is_some_and(|(g, covered)| g.width().min(g.height()) >= ANOTHER_SIDE && covered >= ANOTHER_COVERAGE)
}
