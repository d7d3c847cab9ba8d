//! Finding the grid: its lines, then which of them are the grid's.
//!
//! A screenshot's grid is two families of straight, evenly spaced lines
//! ([`lines`]): ruled lines, or the gaps between a phone game's tiles,
//! darker or lighter than the cells beside them. Many presentations rule
//! their clue areas like the grid (a number a box), so the lines found may
//! run on through them: the grid is told apart by the numbers in those
//! boxes ([`boxes`]). A grid whose cells hold numbers is no nonogram's.

mod boxes;
mod lines;

pub use boxes::{content, Content};
pub use lines::background;
pub(crate) use lines::line_like_at;
use lines::{
    chain, grid_members, longest_chain, positions, span, stretches, trimmed, within, Candidate, Lines,
    Stretches,
};
use lines::{LINE_CONTRAST, LINE_REACH};

use crate::network::Network;
use crate::picture::Picture;

/// The grid found in a picture: the positions of its lines, in pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct GridLines {
    /// The x of each vertical line, left to right: one more than the grid
    /// has columns.
    pub xs: Vec<f32>,
    /// The y of each horizontal line, top to bottom: one more than the
    /// grid has rows.
    pub ys: Vec<f32>,
    /// How thick most lines are (pixels; every fifth may be thicker).
    pub thickness: u32,
    /// True when the lines are lighter than the picture (a dark theme).
    pub light_on_dark: bool,
    /// The lines of clue boxes ruled like the grid: the x of each left of
    /// the grid (the row clues' boxes), and the y of each above it (the
    /// column clues'), outermost first; empty when the clues are not
    /// ruled.
    pub box_xs: Vec<f32>,
    pub box_ys: Vec<f32>,
}

impl GridLines {
    pub fn width(&self) -> usize {
        self.xs.len() - 1
    }

    pub fn height(&self) -> usize {
        self.ys.len() - 1
    }

    /// The mean distance between neighbouring lines (a cell's side).
    pub fn cell(&self) -> f32 {
        let across = (self.xs[self.xs.len() - 1] - self.xs[0]) / self.width() as f32;
        let down = (self.ys[self.ys.len() - 1] - self.ys[0]) / self.height() as f32;
        (across + down) / 2.0
    }
}

/// Why no grid was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoGrid {
    /// No evenly spaced lines both ways, with square cells.
    NoLines,
    /// A grid whose cells hold numbers (a table, a sudoku): `width` ×
    /// `height` cells.
    NumbersInCells { width: usize, height: usize },
}

/// The line-like stretches of a picture, found once for each direction
/// and polarity (both kinds of line are looked for among them).
struct Found<'a> {
    picture: &'a Picture,
    /// By direction (vertical lines second) and polarity (light second).
    stretches: [[std::cell::OnceCell<Stretches>; 2]; 2],
}

impl Found<'_> {
    fn of(&self, transposed: bool, light: bool) -> &Stretches {
        self.stretches[transposed as usize][light as usize]
            .get_or_init(|| stretches(self.picture, transposed, light))
    }
}

/// The lines of both families, one polarity (`light`: lighter than the
/// cells beside them): every line of the evenly spaced lattice found.
fn lattice_of(picture: &Picture, found: &Found, light: bool, kind: Lines) -> Option<GridLines> {
    let family = |transposed: bool, spacings| {
        chain(picture, found.of(transposed, light), transposed, light, kind, spacings)
    };
    let (mut h, mut v) = (family(false, None)?, family(true, None)?);
    // Cells are square: where the two families' longest chains are not,
    // the one at the finer pitch is another pattern's (a column of badges'
    // edges at half a big tile's pitch beside a board of few lines; the
    // strokes of a table's numbers), and that family is looked for again
    // at the other's pitch.
    if (h.2 - v.2).abs() > SQUARE * h.2.max(v.2) {
        let near = |pitch: f32| Some((pitch * (1.0 - SQUARE), pitch / (1.0 - SQUARE)));
        if h.2 > v.2 {
            v = family(true, near(h.2))?;
        } else {
            h = family(false, near(v.2))?;
        }
    }
    let ((h_lines, h_members, down), (v_lines, v_members, across)) = (h, v);
    let h_members = within(&h_lines, &h_members, down, span(&v_lines, &v_members, across));
    if h_members.len() < 2 {
        return None;
    }
    let v_members = within(&v_lines, &v_members, across, span(&h_lines, &h_members, down));
    if v_members.len() < 2 {
        return None;
    }
    if (down - across).abs() > SQUARE * down.max(across) {
        return None;
    }
    let mut thicknesses: Vec<u32> = h_members
        .iter()
        .map(|&m| h_lines[m].thickness)
        .chain(v_members.iter().map(|&m| v_lines[m].thickness))
        .collect();
    thicknesses.sort_unstable();
    let (mut xs, mut ys) = (positions(&v_lines, &v_members, across), positions(&h_lines, &h_members, down));
    outer_tiles(picture, &mut xs, &mut ys);
    Some(GridLines {
        xs,
        ys,
        thickness: thicknesses[thicknesses.len() / 2],
        light_on_dark: light,
        box_xs: Vec::new(),
        box_ys: Vec::new(),
    })
}

/// How far from the gaps' colour a tile's middle is, at least (a tile a
/// shade off the screen between tiles).
const TILE_CONTRAST: i32 = 16;

/// How near the middle of a tile past the last gap is to the colour of a
/// tile inside in its column (or row), at most.
const TILE_ALIKE: i32 = 12;

/// How far from a tile's middle, in cells, it is looked at to see that it
/// is one colour there (a digit on a badge is not).
const UNIFORM_REACH: f32 = 0.2;

/// The share of a band's tiles that must be seen for the band to be the
/// grid's: a board's outer tiles may be filled or crossed like the rest.
const TILES_SEEN: f32 = 0.8;

/// A board of tiles on the screen's own colour has no gap past its outer
/// tiles: its outer lines are their edges, no line at all. Where a band of
/// tiles lies past the last gap found (their middles off the gaps' colour,
/// alike the tiles inside in their columns or rows, or filled, and the
/// screen's colour past them), its outer line is put back, a cell's width
/// on.
fn outer_tiles(picture: &Picture, xs: &mut Vec<f32>, ys: &mut Vec<f32>) {
    let at = |x: f32, y: f32| -> Option<i32> {
        (x >= 0.0 && y >= 0.0 && (x as u32) < picture.width() && (y as u32) < picture.height())
            .then(|| picture.at(x as u32, y as u32) as i32)
    };
    let middles = |lines: &[f32]| -> Vec<f32> { lines.windows(2).map(|w| (w[0] + w[1]) / 2.0).collect() };
    // The gaps' colour: the vertical lines' pixels at the rows' middles.
    let mut gaps: Vec<i32> =
        xs.iter().flat_map(|&x| middles(ys).into_iter().filter_map(move |y| at(x, y))).collect();
    if gaps.is_empty() {
        return;
    }
    gaps.sort_unstable();
    let gap = gaps[gaps.len() / 2];
    // One end of one family (`lines`), the other family's lines `others`:
    // whether a band of tiles lies a cell past `lines[end]`.
    let tiles_past = |lines: &[f32], others: &[f32], first: bool, across: bool| {
        let step = (lines[lines.len() - 1] - lines[0]) / (lines.len() - 1) as f32;
        let outer = if first { lines[0] - step / 2.0 } else { lines[lines.len() - 1] + step / 2.0 };
        // The line put back lies inside the picture.
        let side = if across { picture.height() } else { picture.width() } as f32;
        let line = if first { outer - step / 2.0 } else { outer + step / 2.0 };
        if line < 0.0 || line > side - 1.0 {
            return false;
        }
        let inside = middles(lines);
        let looked = middles(others);
        // Each tile of the band looked at: `None` where it is no tile,
        // else its colour and whether a tile inside in its line is alike.
        let tiles: Vec<Option<(i32, bool)>> = looked
            .iter()
            .map(|&o| {
                let pixel = |t: f32| if across { at(o, t) } else { at(t, o) };
                let beyond = pixel(outer)?;
                // A tile is one colour over its middle; a badge past the
                // board holds a digit there.
                let reach = step * UNIFORM_REACH;
                let spots = [(-reach, 0.0), (reach, 0.0), (0.0, -reach), (0.0, reach)];
                let uniform = spots.iter().all(|&(a, b)| {
                    let (x, y) = if across { (o + a, outer + b) } else { (outer + b, o + a) };
                    at(x, y).is_some_and(|l| (l - beyond).abs() <= TILE_ALIKE)
                });
                let past = pixel(line);
                let tile = (beyond - gap).abs() >= TILE_CONTRAST
                    && uniform
                    && past.is_some_and(|p| (p - beyond).abs() >= TILE_CONTRAST);
                let alike = inside.iter().filter_map(|&t| pixel(t)).any(|l| (l - beyond).abs() <= TILE_ALIKE);
                tile.then_some((beyond, alike))
            })
            .collect();
        // A band's tiles are each alike a tile inside in its line, or
        // filled: an outer row of a board mid-play may be filled where no
        // tile inside is. Filled tiles are one colour, and the band holds
        // an empty tile too (a row of badges past the board is one colour
        // throughout, none alike the board's).
        let alike = tiles.iter().flatten().filter(|t| t.1).count();
        let mut others: Vec<i32> = tiles.iter().flatten().filter(|t| !t.1).map(|t| t.0).collect();
        others.sort_unstable();
        let filled = match (others.first(), others.last()) {
            (Some(low), Some(high)) if alike > 0 && high - low <= TILE_ALIKE => others.len(),
            _ => 0,
        };
        !looked.is_empty() && (alike + filled) as f32 >= looked.len() as f32 * TILES_SEEN
    };
    // A line put back a cell before the first, or after the last.
    let put_back = |lines: &mut Vec<f32>, first: bool| {
        let step = (lines[lines.len() - 1] - lines[0]) / (lines.len() - 1) as f32;
        if first {
            lines.insert(0, lines[0] - step)
        } else {
            lines.push(lines[lines.len() - 1] + step)
        }
    };
    for first in [true, false] {
        if tiles_past(ys, xs, first, true) {
            put_back(ys, first);
        }
    }
    for first in [true, false] {
        if tiles_past(xs, ys, first, false) {
            put_back(xs, first);
        }
    }
}

/// Cells are square in every presentation we know: line families whose
/// spacings differ by more than this share are not one grid (a photo's
/// perspective makes them differ a little); set by hand, not swept.
const SQUARE: f32 = 0.25;

/// Two lattices' lines within this share of a cell are the same line (a
/// line found twice, by two finders, is a pixel or two off).
const SAME_LINE: f32 = 0.2;

/// The least share of a grid's cells looked at that hold numbers for it
/// to be a table's (a few misread marks stay under it).
const NUMBERS_INSIDE: f32 = 0.2;

/// How many of a grid's cells [`NUMBERS_INSIDE`] looks at, at most.
const CELLS_LOOKED_AT: usize = 60;

/// The lattice of evenly spaced lines both ways, clue boxes ruled like
/// the grid included: dark lines and light ones are looked for, and the
/// lattice with more lines taken (on a tie, light lines on a dark picture,
/// dark ones on a light picture). A dark game's tiles are lighter than
/// the gaps between them: the gaps are dark lines on a dark picture, and
/// as light lines only the tiles' edges are seen, a line short.
pub fn lattice(picture: &Picture) -> Option<GridLines> {
    lattice_seen(picture).map(|(g, _)| g)
}

/// The [`lattice`] with its lines' share seen as lines ([`coverage`]).
pub(crate) fn lattice_seen(picture: &Picture) -> Option<(GridLines, f32)> {
    let light = background(picture) < 128;
    let mut best: Option<(f32, GridLines, f32)> = None;
    let found = Found { picture, stretches: Default::default() };
    for kind in [Lines::Ruled, Lines::Tiled] {
        for polarity in [light, !light] {
            let Some(found) = lattice_of(picture, &found, polarity, kind) else { continue };
            let covered = coverage(picture, &found);
            if covered < LEAST_COVERAGE {
                continue;
            }
            let score = (found.xs.len() + found.ys.len()) as f32 * covered;
            let better = match &best {
                None => true,
                // One lattice the other's lines and more (a family found
                // further by tiles' shorter stretches): the larger, when
                // its lines are about as well seen.
                Some((s, b, _)) if contains(&found, b) => score >= s * SUPERSET_SCORE,
                Some((s, b, _)) if contains(b, &found) => score > s / SUPERSET_SCORE,
                Some((s, _, _)) => score > *s,
            };
            if better {
                best = Some((score, found, covered));
            }
        }
    }
    best.map(|(_, g, covered)| (g, covered))
}

/// A lattice holding another's lines and more is taken over it when its
/// score is this share of the other's or more.
const SUPERSET_SCORE: f32 = 0.9;

/// Whether lattice `a` has every line of `b` (within a fifth of a cell),
/// and more.
fn contains(a: &GridLines, b: &GridLines) -> bool {
    let near = a.cell().min(b.cell()) * SAME_LINE;
    let has =
        |mine: &[f32], theirs: &[f32]| theirs.iter().all(|t| mine.iter().any(|m| (m - t).abs() <= near));
    a.xs.len() + a.ys.len() > b.xs.len() + b.ys.len() && has(&a.xs, &b.xs) && has(&a.ys, &b.ys)
}

/// The least share of a lattice's lines, over its extent, that must be
/// line-like for it to be one (a ruled grid's, even with half its cells
/// filled, is over half; lines that fell evenly by chance, a frame's
/// edges and a title's strokes, are not).
const LEAST_COVERAGE: f32 = 0.15;

/// The share of the grid's lines that must run on through clue boxes for
/// them to be ruled.
const RULED_THROUGH: f32 = 0.5;

/// Whether the grid's lines one way (`lines`: y of its horizontal lines,
/// or x of its vertical ones when `vertical`) run on through the clue
/// boxes (`boxes`: their outermost line first) to the grid's edge `edge`:
/// line-like over most of that stretch, for most lines.
fn ruled_through(
    picture: &Picture,
    lines: &[f32],
    boxes: &[f32],
    edge: f32,
    vertical: bool,
    light: bool,
) -> bool {
    let Some(&outer) = boxes.first() else { return false };
    let (w, h) = (picture.width() as i64, picture.height() as i64);
    let running = lines
        .iter()
        .filter(|&&at| {
            let (mut on, mut looked) = (0, 0);
            let mut t = outer;
            while t < edge {
                looked += 1;
                on += (-1..=1).any(|d: i64| {
                    let (x, y) = if vertical { (at as i64 + d, t as i64) } else { (t as i64, at as i64 + d) };
                    x >= 0
                        && y >= 0
                        && x < w
                        && y < h
                        && line_like_at(picture, x as u32, y as u32, vertical, light)
                }) as usize;
                t += 2.0;
            }
            on * 10 >= looked * 6
        })
        .count();
    running as f32 >= lines.len() as f32 * RULED_THROUGH
}

/// The share of a lattice's lines that is a line on both sides, over its
/// extent (each line from the other family's first line to its last):
/// darker (lighter, for light lines) within half its thickness of where
/// it is than a few pixels out on either side. A ruled line is, and a
/// gap between tiles where the screen shows through; a tile's edge, seen
/// as a line the other way round, is lighter than the gap on one side
/// only, and so is a filled cell's edge.
fn coverage(picture: &Picture, g: &GridLines) -> f32 {
    let (x0, x1) = (g.xs[0], g.xs[g.xs.len() - 1]);
    let (y0, y1) = (g.ys[0], g.ys[g.ys.len() - 1]);
    let (on, looked) =
        g.ys.iter()
            .map(|&y| seen_both_sides(picture, g, y, x0, x1, false))
            .chain(g.xs.iter().map(|&x| seen_both_sides(picture, g, x, y0, y1, true)))
            .fold((0, 0), |(a, b), (on, looked)| (a + on, b + looked));
    on as f32 / looked.max(1) as f32
}

/// Along one line (at `at`, from `from` to `to`, every other pixel; a
/// vertical one when `vertical`), how many of the pixels looked at are a
/// line on both sides, of how many: darker (lighter, for light lines)
/// within half its thickness of where it is than a few pixels out on
/// either side.
fn seen_both_sides(
    picture: &Picture,
    g: &GridLines,
    at: f32,
    from: f32,
    to: f32,
    vertical: bool,
) -> (usize, usize) {
    let (w, h) = (picture.width() as i64, picture.height() as i64);
    let half = (g.thickness / 2) as i64;
    let out = half + LINE_REACH as i64 + 1;
    let sign = if g.light_on_dark { -1 } else { 1 };
    let (mut on, mut looked) = (0usize, 0usize);
    let mut t = from;
    while t < to {
        let luma = |d: i64| -> Option<i32> {
            let (x, y) =
                if vertical { (at.round() as i64 + d, t as i64) } else { (t as i64, at.round() as i64 + d) };
            (x >= 0 && y >= 0 && x < w && y < h).then(|| picture.at(x as u32, y as u32) as i32)
        };
        // The line's darkest (lightest) pixel near where it is.
        let core = (-half - 1..=half + 1).filter_map(luma).map(|l| sign * l).min();
        if let (Some(core), Some(before), Some(after)) = (core, luma(-out), luma(out)) {
            let contrast = (sign * before - core).min(sign * after - core);
            on += (contrast >= LINE_CONTRAST) as usize;
        }
        looked += 1;
        t += 2.0;
    }
    (on, looked)
}

/// Whether the clue boxes' own lines (`boxes`, across the grid's lines
/// from `from` to `to`) are ruled lines over most of that stretch, most of
/// them: a line on both sides, not a badge's edge or a seam between
/// badges set edge to edge that fell into line with the grid's pitch.
fn boxes_ruled(picture: &Picture, g: &GridLines, boxes: &[f32], from: f32, to: f32, vertical: bool) -> bool {
    let ruled = boxes
        .iter()
        .filter(|&&at| {
            let (on, looked) = seen_both_sides(picture, g, at, from, to, vertical);
            on as f32 >= looked as f32 * BOX_LINE_SEEN
        })
        .count();
    !boxes.is_empty() && ruled as f32 >= boxes.len() as f32 * RULED_THROUGH
}

/// The share of a clue box's line, along the grid's side, that must be
/// seen as a line on both sides for it to be ruled (digits touching it,
/// a photo's blur, break it here and there).
const BOX_LINE_SEEN: f32 = 0.6;

/// Finds the grid of a puzzle in a picture: the [`lattice`] without the
/// clue boxes at its top and left; at least two cells each way.
pub fn find_grid(picture: &Picture, network: &Network) -> Result<GridLines, NoGrid> {
    let lattice = lattice(picture).ok_or(NoGrid::NoLines)?;
    let (width, height) = (lattice.width(), lattice.height());
    let (c0, r0) = boxes::grid_start(picture, network, &lattice.xs, &lattice.ys)
        .ok_or(NoGrid::NumbersInCells { width, height })?;
    let mut grid = GridLines {
        xs: lattice.xs[c0..].to_vec(),
        ys: lattice.ys[r0..].to_vec(),
        box_xs: lattice.xs[..c0].to_vec(),
        box_ys: lattice.ys[..r0].to_vec(),
        ..lattice
    };
    // Clue "boxes" whose lines the grid's own lines do not run on
    // through are no ruled boxes: a column of right-aligned digits fell
    // into line with the grid (dropped from it all the same).
    // Nor are they when their own lines do not run along the grid's
    // side: badges set edge to edge, or tiles in a row here and there,
    // fell into line with the grid's pitch.
    let light = grid.light_on_dark;
    let (first_x, last_x) = (grid.xs[0], grid.xs[grid.xs.len() - 1]);
    let (first_y, last_y) = (grid.ys[0], grid.ys[grid.ys.len() - 1]);
    if !ruled_through(picture, &grid.ys, &grid.box_xs, first_x, false, light)
        || !boxes_ruled(picture, &grid, &grid.box_xs, first_y, last_y, true)
    {
        grid.box_xs.clear();
    }
    if !ruled_through(picture, &grid.xs, &grid.box_ys, first_y, true, light)
        || !boxes_ruled(picture, &grid, &grid.box_ys, first_x, last_x, false)
    {
        grid.box_ys.clear();
    }
    if grid.xs.len() < 3 || grid.ys.len() < 3 {
        return Err(NoGrid::NoLines);
    }
    let (width, height) = (grid.width(), grid.height());
    let (numbers, looked) = boxes::numbers_inside(picture, network, &grid.xs, &grid.ys, CELLS_LOOKED_AT);
    if numbers >= 3 && numbers as f32 >= looked as f32 * NUMBERS_INSIDE {
        return Err(NoGrid::NumbersInCells { width, height });
    }
    let max_side = nonogram_core::MAX_SIDE;
    if width > max_side || height > max_side {
        return Err(NoGrid::NoLines);
    }
    Ok(grid)
}

/// A line found elsewhere (by [`crate::straighten`], which finds slanted
/// lines): where it crosses the middle of the picture, and its line-like
/// stretches along it.
pub(crate) struct FoundLine {
    pub at: f32,
    pub runs: Vec<(u32, u32)>,
}

/// The grid among lines found elsewhere, by the same rules as
/// [`find_grid`]: for each family, the members (indices into its lines)
/// with their place in the grid (0 the first line), and the spacing.
#[allow(clippy::type_complexity)]
pub(crate) fn grid_among(
    across: &[FoundLine],
    down: &[FoundLine],
) -> Option<((Vec<(usize, usize)>, f32), (Vec<(usize, usize)>, f32))> {
    let candidates = |found: &[FoundLine]| -> Vec<Candidate> {
        found.iter().map(|f| Candidate { at: f.at, thickness: 1, runs: f.runs.clone() }).collect()
    };
    let (h, v) = (candidates(across), candidates(down));
    let family = |lines: &[Candidate]| -> Option<(Vec<usize>, f32)> {
        let (members, spacing) = longest_chain(lines, None)?;
        Some((trimmed(lines, members, spacing), spacing))
    };
    let (h_members, h_spacing) = family(&h)?;
    let (v_members, v_spacing) = family(&v)?;
    if (h_spacing - v_spacing).abs() > SQUARE * h_spacing.max(v_spacing) {
        return None;
    }
    let h_chain = positions(&h, &h_members, h_spacing);
    let v_chain = positions(&v, &v_members, v_spacing);
    let placed = |lines: &[Candidate], members: Vec<usize>, spacing: f32| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut index = 0;
        for (k, &m) in members.iter().enumerate() {
            if k > 0 {
                index += ((lines[m].at - lines[members[k - 1]].at) / spacing).round().max(1.0) as usize;
            }
            out.push((m, index));
        }
        out
    };
    let h_grid = grid_members(&h, &h_members, &v_chain);
    let v_grid = grid_members(&v, &v_members, &h_chain);
    if h_grid.len() < 3 || v_grid.len() < 3 {
        return None;
    }
    Some(((placed(&h, h_grid, h_spacing), h_spacing), (placed(&v, v_grid, v_spacing), v_spacing)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 10×10 grid of 17-pixel cells at (x0, y0) on white, one-pixel lines.
    fn grid_picture(stems_left: usize) -> (Picture, u32) {
        let (cell, cells, x0, y0) = (17u32, 10u32, 120u32, 60u32);
        let (w, h) = (x0 + cell * cells + 20, y0 + cell * cells + 20);
        let mut luma = vec![255u8; (w * h) as usize];
        let mut dark = |x: u32, y: u32| luma[(y * w + x) as usize] = 40;
        for k in 0..=cells {
            for t in 0..=cell * cells {
                dark(x0 + k * cell, y0 + t);
                dark(x0 + t, y0 + k * cell);
            }
        }
        // Right-aligned row clues, blurred: a digit's stem in each row,
        // joined down the rows as blur joins them, that falls near where
        // a line would be at the grid's pitch (a pixel off).
        for s in 2..2 + stems_left as u32 {
            let x = x0 - s * cell - 1;
            for y in y0 + 2..y0 + cell * cells - 2 {
                dark(x, y);
                dark(x + 1, y);
            }
        }
        (Picture::from_luma(w, h, luma).unwrap(), x0)
    }

    /// A board of 8 × 6 tiles of 20 pixels (gaps of 2 in `gap`) on a
    /// screen of the gaps' colour, its first and fourth rows filled in
    /// every other column; above it, from its top edge up, `above(column)`
    /// in each column. The lattice as found without the top row's outer
    /// line.
    fn tiles_under(above: impl Fn(usize) -> u8) -> (Picture, Vec<f32>, Vec<f32>) {
        let (cell, x0, y0, gap) = (20u32, 10u32, 60u32, 228u8);
        let (w, h) = (x0 * 2 + cell * 8, y0 + cell * 6 + 10);
        let mut luma = vec![gap; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                let (c, r) = ((x.saturating_sub(x0) / cell) as usize, (y.saturating_sub(y0) / cell) as usize);
                let inside = x >= x0 && x < x0 + cell * 8 && y >= y0 && y < y0 + cell * 6;
                let (dx, dy) = ((x - x0.min(x)) % cell, (y - y0.min(y)) % cell);
                luma[(y * w + x) as usize] =
                    if inside && (1..cell - 1).contains(&dx) && (1..cell - 1).contains(&dy) {
                        if (r == 0 || r == 3) && c % 2 == 0 {
                            100
                        } else {
                            250
                        }
                    } else if !inside && y < y0 && x >= x0 && x < x0 + cell * 8 {
                        above(c)
                    } else {
                        luma[(y * w + x) as usize]
                    };
            }
        }
        let xs = (0..=8).map(|k| (x0 + k * cell) as f32).collect();
        let ys = (1..=6).map(|k| (y0 + k * cell) as f32).collect();
        (Picture::from_luma(w, h, luma).unwrap(), xs, ys)
    }

    #[test]
    fn an_outer_row_of_tiles_is_put_back_under_shaded_strips_but_not_a_row_of_badges() {
        // Every other column's clue strip shaded down to the board: the
        // top row is the board's (a tile's edge past it, not the gaps'
        // colour there).
        let (picture, mut xs, mut ys) = tiles_under(|c| if c % 2 == 0 { 202 } else { 228 });
        outer_tiles(&picture, &mut xs, &mut ys);
        assert_eq!((ys.len(), ys[0]), (7, 60.0), "{ys:?}");
        // Badges with a digit in their middle in line above it: no tiles.
        let (picture, mut xs, mut ys) = tiles_under(|_| 228);
        // (Drawn over the board's top row.)
        let mut luma: Vec<u8> = (0..picture.height())
            .flat_map(|y| (0..picture.width()).map(move |x| (x, y)))
            .map(|(x, y)| picture.at(x, y))
            .collect();
        let w = picture.width();
        for c in 0..8u32 {
            for y in 62..78u32 {
                for x in 12 + c * 20..28 + c * 20 {
                    // The badge, a light digit's stroke across its middle.
                    luma[(y * w + x) as usize] =
                        if (67..73).contains(&y) && (16..24).contains(&(x - c * 20)) { 250 } else { 160 };
                }
            }
        }
        let picture = Picture::from_luma(w, picture.height(), luma).unwrap();
        // The badges' row is the first row of the board's place: the
        // board is the rows below it, and nothing is put back above them.
        outer_tiles(&picture, &mut xs, &mut ys);
        assert_eq!(ys[0], 80.0, "{ys:?}");
    }

    #[test]
    fn stacked_clue_digits_beside_the_grid_are_not_its_lines() {
        for stems in [0, 3] {
            let (picture, x0) = grid_picture(stems);
            let grid = find_grid(&picture, &crate::network::Network::shipped()).expect("a grid");
            assert_eq!((grid.width(), grid.height()), (10, 10), "{stems} stems: {:?}", grid.xs);
            assert!((grid.xs[0] - x0 as f32).abs() <= 1.0, "{stems} stems: starts at {}", grid.xs[0]);
        }
    }
}
