//! The clue areas beside the grid, the digits in them, and their grouping
//! into numbers.
//!
//! Each column's clues lie in the strip above it, between its two lines;
//! each row's in the strip to its left. The areas end where a band of
//! background a cell and a bit high (or wide) begins, or at the picture's
//! edge. In a strip the blobs that may be digits are kept (size, then the
//! recogniser's say), then grouped: in a column's strip, blobs side by
//! side are one number and numbers stack; in a row's strip, numbers follow
//! each other, and whether two neighbouring digits are one number ("12")
//! or two ("1 2") is told by the gap between them, measured against the
//! gaps this picture uses inside numbers (its columns show them) and
//! between them. A gap that could be either is a doubt the check decides.

use crate::blob::{blobs, blobs_from, histogram, most_common, Blob, Ink, Rect};
use crate::grid::GridLines;
use crate::picture::Picture;

/// How two neighbouring digits of a line's clue relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Join {
    /// Digits of one number.
    Same,
    /// The last digit of a number and the first of the next.
    Apart,
    /// Probably one number; the gap is near the picture's threshold.
    DoubtfulSame,
    /// Probably two numbers; the gap is near the picture's threshold.
    DoubtfulApart,
}

impl Join {
    pub fn joins(self) -> bool {
        matches!(self, Join::Same | Join::DoubtfulSame)
    }

    pub fn is_doubtful(self) -> bool {
        matches!(self, Join::DoubtfulSame | Join::DoubtfulApart)
    }
}

/// The digits found in one line's clue area, in reading order, and how
/// each relates to the next.
#[derive(Debug, Clone, PartialEq)]
pub struct LineDigits {
    /// The strip searched.
    pub strip: Rect,
    /// Each digit's rectangle and the ink it was read against.
    pub digits: Vec<(Rect, Ink)>,
    /// `joins[i]` relates `digits[i]` and `digits[i + 1]`.
    pub joins: Vec<Join>,
}

/// The strips of every row and column.
#[derive(Debug, Clone, PartialEq)]
pub struct Strips {
    pub rows: Vec<Rect>,
    pub columns: Vec<Rect>,
}

/// Past the outermost clue box's line, how far clues may still be, in
/// cells (a rule's blur): set by hand on the boxed style, not swept.
const PAST_LAST_BOX: f32 = 0.1;

/// How near a clue box's own line a line across a strip is taken as that
/// line, in cells (at least half the rule and a pixel): set by hand on
/// the boxed style's photos, not swept.
const BOX_REACH: f32 = 0.1;

/// The band along a strip's sides where the grid's lines running on
/// through the clue area are looked for, in cells (at least 2 px): a
/// rule and its blur; set by hand on the rendered styles, not swept.
const SIDE_BAND: f32 = 0.15;

/// How near a cell's edge, in cells, a line across a strip of clue cells
/// is (a clue area drawn as cells): a levelled photo's drift over a strip
/// is under a tenth of a cell; set by hand, not swept.
const ON_CELL_EDGE: f32 = 0.12;

/// The least height of a digit, in cells (at least 4 px): dots, specks
/// and crosses' arms are smaller; set by hand on the rendered styles,
/// not swept.
const LEAST_DIGIT: f32 = 0.18;

/// The most a number spans across its strip, and its greatest height, in
/// cells: a digit fills at most its cell and a little of the rules'
/// blur; more is a drawing or a filled area.
const MOST_ACROSS: f32 = 1.2;

/// The widest a number is, in cells: two digits set in one cell (or a
/// little over); wider is two numbers touching or a drawing. Set by hand
/// on the rendered styles, not swept.
const WIDEST_NUMBER: f32 = 1.6;

/// The widest a remnant of a rule or the grid's border is, in cells (at
/// least 3 px): as [`SIDE_BAND`]; such a remnant is also as tall as its
/// strip, which a "1" is not (see where it is used).
const THIN: f32 = 0.15;

/// How near the grid's edge, in cells (at least 1.5 px), the grid's
/// border seen in a strip is: a levelled photo's border is within a tenth
/// of a cell of where the grid was found; set by hand, not swept.
const EDGE_REACH: f32 = 0.1;

/// The most ink a cell's outline has in its box (a digit's ink fills a
/// fifth of its box or more; a thin outline a tenth).
const HOLLOW: f32 = 0.13;

/// The least width of a hollow blob taken as a cell's outline, in cells:
/// half a cell (a hollow "0" is narrower).
const OUTLINE_WIDTH: f32 = 0.5;

/// The most a badge spans, in cells: its cell and a little of the next
/// (badges set edge to edge touch).
const BADGE_MOST: f32 = 1.1;

/// A badge is at least this share as wide as it is tall: a badge round a
/// "1" is the narrowest, about half as wide as tall.
const BADGE_WIDTH: f32 = 0.4;

/// How far apart, in digit heights, two digits' centres may be and stand
/// on one text line of a column's clue (lines of a clue are a digit and
/// a gap apart).
const SAME_TEXT_LINE: f32 = 0.5;

/// A row step wider than the widest step inside a number by this factor
/// (and a pixel) is a step between numbers (fonts set their digits
/// evenly); set by hand on the rendered fonts, not swept.
const CLEARLY_APART: f32 = 1.15;

/// With no row step clearly between numbers, the parting step is the
/// widest step inside a number times this (and a pixel); set by hand on
/// the rendered fonts, not swept.
const NO_STEP_APART: f32 = 1.6;

/// The least ratio of two neighbouring row steps taken as the step from
/// inside numbers to between them, when no column shows a two-digit
/// number: as [`NO_STEP_APART`].
const STEP_RATIO: f32 = 1.6;

/// With no clear step at all, the parting step in digit heights: a step
/// under it is inside a number in every font we render (digits are
/// narrower than tall).
const DEFAULT_PARTING: f32 = 0.85;

/// Steps within this factor of the parting step, either side, are a
/// doubt (a join the solver may undo); set by hand on the condensed and
/// the wide fonts, not swept.
const DOUBTFUL_PARTING: f32 = 1.12;

/// The share of a clue band that ink right across it covers, at least,
/// for it to be an edge or a box's line rather than clues (badges with
/// gaps between them cover nine tenths).
const WALL: f32 = 0.95;

/// A frame fainter than ink against the clue area: how far its colour is
/// from the area's, at least, and how far its pixels are from their
/// median, at most (set by hand).
const FRAME_OFF: i32 = 10;
const FRAME_SPREAD: i32 = 6;

/// The widest a box's line across a clue band is, in cells (at least
/// twice the grid's rule and two pixels): an edge wider is a frame's.
const WIDEST_RULE: f32 = 0.2;

/// The width of background that ends a clue area, in cells.
const AREA_END: f32 = 1.2;

/// How far from the grid, in cells, a clue area's colour is looked for,
/// and the share of that part it covers, at least.
const NEAR_GRID: f32 = 2.0;
const SHOWN_NEAR: f32 = 0.1;

/// How far the clue areas reach: the row (or column) of pixels where ink
/// was last seen before a band of background `AREA_END` cells wide.
/// `along` gives the pixels to look at for each step away from the grid.
fn area_reach(picture: &Picture, band: Rect, towards_top: bool, grid: &GridLines) -> u32 {
    let cell = grid.cell();
    let gap_limit = (cell * AREA_END).ceil() as u32;
    // The clue area's colour: the band's commonest that shows next to
    // the grid too (the band may run on past a phone's frame into the
    // photo round it, whose colour can be the band's commonest: the
    // screen's then all ink; and badges set edge to edge may fill most of
    // what is next to the grid).
    let reach_near = (cell * NEAR_GRID).ceil() as u32;
    let near = if towards_top {
        Rect { y0: band.y1.saturating_sub(reach_near).max(band.y0), ..band }
    } else {
        Rect { x0: band.x1.saturating_sub(reach_near).max(band.x0), ..band }
    };
    let near = near.clipped(picture);
    let found = if near.is_empty() || band.clipped(picture).is_empty() {
        None
    } else {
        let (all, close) = (histogram(picture, band.clipped(picture)), histogram(picture, near));
        let shown = close.iter().sum::<u32>() as f32 * SHOWN_NEAR;
        let background = (0..256usize)
            .filter(|&l| close[l] as f32 >= shown)
            .max_by_key(|&l| (all[l], l))
            .map_or_else(|| most_common(&all), |l| l as u8);
        Ink::against(picture, band, background)
    };
    let Some(ink) = found else {
        return if towards_top { band.y1 } else { band.x1 };
    };
    // Pixels on the grid's own lines (which may run on through the clue
    // area) do not count.
    let margin = grid.thickness.div_ceil(2) + 1;
    let on_line = |v: u32, lines: &[f32]| lines.iter().any(|&l| (v as f32 - l).abs() <= margin as f32);
    let (start, end) = if towards_top { (band.y0, band.y1) } else { (band.x0, band.x1) };
    let mut reach = end;
    let mut since_ink = 0;
    let across = if towards_top { band.width() } else { band.height() } as usize;
    let widest_rule = (grid.thickness as f32 * 2.0 + 2.0).max(cell * WIDEST_RULE);
    let (lines, (from, to)) =
        if towards_top { (&grid.xs, (band.x0, band.x1)) } else { (&grid.ys, (band.y0, band.y1)) };
    let mut wall_run = 0;
    for step in (start..end).rev() {
        let at = |t: u32| if towards_top { picture.at(t, step) } else { picture.at(step, t) };
        // The ink across the band at this step: all of it, and that off
        // the grid's lines, in one pass.
        let (all, inked) = (from..to)
            .filter(|&t| ink.is_ink(at(t)))
            .fold((0, 0), |(all, inked), t| (all + 1, inked + !on_line(t, lines) as usize));
        // Ink right across the band, past a gap after the clues, is no
        // clue's (numbers stand apart, line by line, and badges have gaps
        // between them): a box's line, or an edge (a frame's, a panel's),
        // which counts as background: the clue area goes on past a box's
        // line to the numbers beyond it, and ends at a frame. (A shaded
        // clue area is inked along the whole band from the grid on, with
        // no gap before it.)
        // So is a band of one colour right across, off the area's though
        // fainter than ink (a black frame round a dark screen).
        let uniform_off = || {
            let mut seen: Vec<u8> = (from..to).filter(|&t| !on_line(t, lines)).map(at).collect();
            if seen.is_empty() {
                return false;
            }
            let middle = seen.len() / 2;
            let median = *seen.select_nth_unstable(middle).1 as i32;
            let alike = seen.iter().filter(|&&l| (l as i32 - median).abs() <= FRAME_SPREAD).count();
            (median - ink.background as i32).abs() >= FRAME_OFF && alike as f32 >= seen.len() as f32 * WALL
        };
        let is_wall = since_ink >= 2
            && reach < end
            && (all as f32 >= across as f32 * WALL || (all == 0 && uniform_off()));
        // A box's line is thin; an edge wider than a rule is a frame's or
        // a panel's: the clue area ends there.
        wall_run = if is_wall { wall_run + 1 } else { 0 };
        if wall_run as f32 > widest_rule {
            break;
        }
        let inked = if is_wall { 0 } else { inked };
        if inked > 0 {
            reach = step;
            since_ink = 0;
        } else {
            since_ink += 1;
            if since_ink > gap_limit {
                break;
            }
        }
    }
    // Two pixels more: the last ink seen is the darkest part of the
    // farthest digit, whose anti-aliased or blurred edge is fainter (a
    // strip starting there cut that digit short). A quarter of a cell
    // more read more screenshots too but fewer photos.
    reach.saturating_sub(2).max(start)
}

/// The clue strip of every row and column.
pub fn strips(picture: &Picture, grid: &GridLines) -> Strips {
    // The strips reach to their lines' centres less a pixel (a digit may
    // come close to a line, and a blurred line is wide); the lines that
    // run on through a clue area are taken out with the strip's other
    // lines (see `candidates`). The areas reach to the grid's border's
    // centre: a digit drawn close to it, or touching it, is cut whole (it
    // was cut short when the areas ended before the border, and dropped
    // as too small); the border's own pixels are taken out as a line
    // across the strip, or dropped as the grid's border.
    let margin = 1;
    let (gx0, gx1) = (grid.xs[0], grid.xs[grid.xs.len() - 1]);
    let (gy0, gy1) = (grid.ys[0], grid.ys[grid.ys.len() - 1]);
    let above = Rect { x0: gx0 as u32, y0: 0, x1: gx1 as u32, y1: gy0 as u32 };
    let left = Rect { x0: 0, y0: gy0 as u32, x1: gx0 as u32, y1: gy1 as u32 };
    let top = area_reach(picture, above.clipped(picture), true, grid);
    let leftmost = area_reach(picture, left.clipped(picture), false, grid);
    // Clue boxes end at their outermost line (a border round the whole):
    // past it there is no clue, and up to it the area goes on, over the
    // boxes' own lines (a photo's blurs them wider than a rule: as walls
    // they would end the area at the first).
    let past = |lines: &[f32]| {
        lines.first().map(|&l| (l + grid.thickness as f32 / 2.0 + grid.cell() * PAST_LAST_BOX) as u32)
    };
    // Where numbers stand in line with the lines a cell past the
    // outermost "box", those boxes were badges or tiles in line with the
    // grid (a game's, set in rows where every column has one): the area
    // goes on past them as it would from the grid.
    let outer_end = |boxes: &[f32], reach: u32, towards_top: bool| match past(boxes) {
        Some(p) if numbers_beyond(picture, grid, p, towards_top) => {
            let band = if towards_top { Rect { y1: p, ..above } } else { Rect { x1: p, ..left } };
            area_reach(picture, band.clipped(picture), towards_top, grid)
        }
        Some(p) => p,
        None => reach,
    };
    let top = outer_end(&grid.box_ys, top, true);
    let leftmost = outer_end(&grid.box_xs, leftmost, false);
    let columns = grid
        .xs
        .windows(2)
        .map(|w| Rect {
            x0: w[0] as u32 + margin,
            y0: top,
            x1: (w[1] as u32).saturating_sub(margin),
            y1: above.y1,
        })
        .collect();
    let rows = grid
        .ys
        .windows(2)
        .map(|w| Rect {
            x0: leftmost,
            y0: w[0] as u32 + margin,
            x1: left.x1,
            y1: (w[1] as u32).saturating_sub(margin),
        })
        .collect();
    Strips { rows, columns }
}

/// Whether the band a cell deep past `past` (above the grid when
/// `towards_top`, else left of it) holds numbers in line with the grid's
/// strips: ink in two strips or more, and on few of the lines between
/// them (a title or a drawing past a border runs across the lines; the
/// numbers of a game's clues stand each in its strip).
fn numbers_beyond(picture: &Picture, grid: &GridLines, past: u32, towards_top: bool) -> bool {
    let deep = grid.cell().ceil() as u32;
    let (lines, band) = if towards_top {
        let (x0, x1) = (grid.xs[0] as u32, grid.xs[grid.xs.len() - 1] as u32);
        (&grid.xs, Rect { x0, x1, y0: past.saturating_sub(deep), y1: past })
    } else {
        let (y0, y1) = (grid.ys[0] as u32, grid.ys[grid.ys.len() - 1] as u32);
        (&grid.ys, Rect { x0: past.saturating_sub(deep), x1: past, y0, y1 })
    };
    let band = band.clipped(picture);
    let Some(ink) = Ink::of(picture, band) else { return false };
    let (start, end) = if towards_top { (band.y0, band.y1) } else { (band.x0, band.x1) };
    let inked = |at: u32| {
        (start..end).any(|d| ink.is_ink(if towards_top { picture.at(at, d) } else { picture.at(d, at) }))
    };
    let on_lines = lines.iter().filter(|&&l| inked(l.round() as u32)).count();
    let in_strips = lines
        .windows(2)
        .filter(|w| {
            let (a, b) = (w[0] + (w[1] - w[0]) * 0.25, w[0] + (w[1] - w[0]) * 0.75);
            (a.round() as u32..=b.round() as u32).any(inked)
        })
        .count();
    in_strips >= 2 && on_lines * NUMBERS_BEYOND_LINES <= in_strips
}

/// For numbers past the outermost box, the strips with ink against the
/// lines with ink between them, at least (`numbers_beyond`): set by hand.
const NUMBERS_BEYOND_LINES: usize = 4;

/// A blob that may be a digit, with the ink of its strip.
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    pub blob: Blob,
    pub ink: Ink,
    /// The badge it is on, if any (see `on_badge`): a two-digit number's
    /// digits are off their line's middle, their badge is not.
    pub badge: Option<Rect>,
}

/// How far from a strip's background a pixel of a line is, at least.
const LINE_INK: i32 = 24;

/// How far past its strip's sides a digit's blob may reach, in cells, and
/// in pixels at most (a digit set a pixel or two off its row).
const SPILL: f32 = 0.2;
const MOST_SPILL: f32 = 2.0;

/// The cell, in pixels, under which digits may reach past their strip.
const SPILL_CELLS_UNDER: f32 = 16.0;

/// What in a strip may be a digit, by size alone, and where the strip's
/// own separating lines are (a clue area drawn as cells: lines where the
/// grid finder found its boxes' lines, or a whole number of cells from
/// the grid's edge, at x for a row's strip, at y for a column's): their
/// positions along the strip.
pub fn candidates(
    picture: &Picture,
    strip: Rect,
    grid: &GridLines,
    is_row: bool,
    small_badges: bool,
) -> (Vec<Candidate>, Vec<u32>, bool) {
    let cell = grid.cell();
    let grid_edge = if is_row { grid.xs[0] } else { grid.ys[0] };
    // The clue boxes' own lines where the grid finder found them, and the
    // grid's border that closes the last box.
    let mut box_lines = if is_row { grid.box_xs.clone() } else { grid.box_ys.clone() };
    if !box_lines.is_empty() {
        box_lines.push(grid_edge);
    }
    let box_reach = (grid.thickness as f32 / 2.0 + 1.0).max(cell * BOX_REACH);
    let Some(ink) = Ink::of(picture, strip) else {
        return (Vec::new(), Vec::new(), false);
    };
    // The page round the clue area: past the strip's far end, or, where
    // the strip runs to the picture's edge (a crop through the clue
    // area's panel), what shows at its far end. What shows there is also
    // the page where what is past the strip is other (a frame round a
    // screen): `page_at_end`.
    let colour_of = |r: Rect| {
        let r = r.clipped(picture);
        (!r.is_empty()).then(|| most_common(&histogram(picture, r)))
    };
    let (page, page_at_end) = {
        let beyond = (cell * AREA_END) as u32;
        let edge = ((cell * PAGE_AT_EDGE).ceil() as u32).max(2);
        let (past, at_end) = if is_row {
            (
                Rect { x0: strip.x0.saturating_sub(beyond), x1: strip.x0, ..strip },
                Rect { x1: (strip.x0 + edge).min(strip.x1), ..strip },
            )
        } else {
            (
                Rect { y0: strip.y0.saturating_sub(beyond), y1: strip.y0, ..strip },
                Rect { y1: (strip.y0 + edge).min(strip.y1), ..strip },
            )
        };
        let at_end = colour_of(at_end);
        (colour_of(past).or(at_end), at_end)
    };
    // Lines are taken out before the blobs are cut, so that a digit that
    // touches one is not lost with it: the lines along the strip's sides
    // (the grid's, running on through a clue area drawn as cells), and
    // the lines across it on a cell's edge (that area's own), which part
    // numbers.
    let (along_len, across_len) =
        if is_row { (strip.width(), strip.height()) } else { (strip.height(), strip.width()) };
    let at = |along: u32, across: u32| {
        if is_row {
            (strip.x0 + along, strip.y0 + across)
        } else {
            (strip.x0 + across, strip.y0 + along)
        }
    };
    // A line may be fainter than the digits (grey lines, black digits):
    // its pixels need only stand out from the background.
    let deviation_at = |x: u32, y: u32| (picture.at(x, y) as i32 - ink.background as i32).abs();
    let deviation = |along: u32, across: u32| {
        let (x, y) = at(along, across);
        deviation_at(x, y)
    };
    let inked = |along: u32, across: u32| deviation(along, across) >= LINE_INK;
    let side = (cell * SIDE_BAND).ceil().max(2.0) as u32;
    let along_lines: Vec<u32> = (0..across_len)
        .filter(|&c| c < side || c + side >= across_len)
        .filter(|&c| (0..along_len).filter(|&a| inked(a, c)).count() * 10 >= along_len as usize * 7)
        .collect();
    // A finished row's clue struck through: a row of pixels along the
    // strip, away from its sides, inked in one run longer than any
    // number (a digit's stroke is shorter than a cell), in a band of
    // such rows as thin as a stroke, through the numbers' middles (badges
    // set edge to edge make runs as long above and below their digits).
    let strike = (cell * STRIKE_RUN).ceil() as u32;
    let thickest = (cell * STRIKE_THICKEST).max(3.0) as usize;
    let struck: Vec<u32> = if is_row {
        let off_middle = across_len as f32 * STRIKE_OFF_MIDDLE;
        let rows: Vec<u32> = (side..across_len.saturating_sub(side))
            .filter(|&c| (c as f32 + 0.5 - across_len as f32 / 2.0).abs() <= off_middle)
            .filter(|&c| {
                let mut longest = 0;
                let mut run = 0;
                for a in 0..along_len {
                    run = if inked(a, c) { run + 1 } else { 0 };
                    longest = longest.max(run);
                }
                longest >= strike
            })
            .collect();
        rows.chunk_by(|a, b| b - a == 1).filter(|band| band.len() <= thickest).flatten().copied().collect()
    } else {
        Vec::new()
    };
    let mut separators = Vec::new();
    // The grid's border's blurred edge, a pixel from its half thickness,
    // is on the grid's edge too where cells are small (a "1" set close to
    // the border is a pixel further).
    let border_reach = grid.thickness as f32 / 2.0 + 0.5;
    let on_border = |a: u32| {
        let position = if is_row { strip.x0 + a } else { strip.y0 + a } as f32;
        (grid_edge - position - 0.5).abs() <= border_reach
    };
    // A line across the strip runs on past its sides (through the rule
    // between strips, or the next strip): a "1" as tall as the strip,
    // whose stem falls on a cell's edge, ends at one side at least. (The
    // grid's border is where the grid says; at the first and last strip
    // it may end at the strip's side.)
    let runs_on = |a: u32| {
        let (x, y) = at(a, 0);
        let before = if is_row { y.checked_sub(1).map(|y| (x, y)) } else { x.checked_sub(1).map(|x| (x, y)) };
        let (x, y) = at(a, across_len - 1);
        let after = if is_row { (x, y + 1) } else { (x + 1, y) };
        let after = (after.0 < picture.width() && after.1 < picture.height()).then_some(after);
        [before, after].into_iter().all(|p| p.is_none_or(|(x, y)| deviation_at(x, y) >= LINE_INK))
    };
    let across_lines: Vec<u32> = (0..along_len)
        .filter(|&a| {
            let position = if is_row { strip.x0 + a } else { strip.y0 + a } as f32;
            let cells_away = (grid_edge - position) / cell;
            let on_box_line = box_lines.iter().any(|&l| (l - position).abs() <= box_reach);
            let inked_across = || (0..across_len).filter(|&c| inked(a, c)).count();
            ((cells_away - cells_away.round()).abs() <= ON_CELL_EDGE || on_border(a))
                && inked_across() * 10 >= across_len as usize * 9
                && (on_border(a) || runs_on(a))
                || (on_box_line && inked_across() * 10 >= across_len as usize * 5)
        })
        .collect();
    for run in across_lines.chunk_by(|a, b| b - a == 1) {
        let middle = (run[0] + run[run.len() - 1]) / 2;
        separators.push(if is_row { strip.x0 + middle } else { strip.y0 + middle });
    }
    // Lines are taken out whole, a pixel either side of each with it (a
    // blurred line's edges are fainter than its middle, and else bridge a
    // digit touching the line to what is left of it), but for the grid's
    // border, where a digit is set on it: there, a line's pixel is one no
    // darker than the line (a digit's stroke over the border's blurred
    // edge is darker than that edge, and stays ink: the digit keeps its
    // foot). A line's level there is its faintest quarter's (a digit's
    // foot may cover half a narrow column's line); a pixel half way from
    // it to the strip's darkest is a digit's, and one clearly darker at
    // least (digits fainter than the border: the line's own darkest
    // pixels are no digit's); a pixel beside the line is one as dark as
    // the line at most.
    let darkest_of = |mut line: Vec<i32>| {
        line.sort_unstable();
        let level = line[line.len() / 4];
        level + ((ink.contrast - level) / 2).max(LINE_INK)
    };
    let widened = |lines: &[u32], len: u32, level: &dyn Fn(u32) -> i32, side_level: &dyn Fn(u32) -> i32| {
        let mut darkest: Vec<Option<i32>> = vec![None; len as usize];
        for &c in lines {
            darkest[c as usize] = Some(level(c));
        }
        for &c in lines {
            let d = darkest[c as usize];
            for side in [c.checked_sub(1), Some(c + 1).filter(|&s| s < len)].into_iter().flatten() {
                if !lines.contains(&side) {
                    let own = d.map(|d| if d == i32::MAX { d } else { d.min(side_level(side)) });
                    darkest[side as usize] = darkest[side as usize].max(own);
                }
            }
        }
        darkest
    };
    let level_of = |a: u32| darkest_of((0..across_len).map(|c| deviation(a, c)).collect());
    let across_darkest =
        widened(&across_lines, along_len, &|a| if on_border(a) { level_of(a) } else { i32::MAX }, &level_of);
    let along_darkest =
        widened(&[&along_lines[..], &struck].concat(), across_len, &|_| i32::MAX, &|_| i32::MAX);
    // A line's pixels fainter than the digits' ink threshold are no ink
    // anyway; those above it are left out here.
    // The clue boxes' lines are left out whole, a band as wide as a
    // thick rule (a photo's, blurred, a few pixels off).
    let on_box_line = |along: u32| {
        let position = if is_row { strip.x0 + along } else { strip.y0 + along } as f32 + 0.5;
        box_lines.iter().any(|&l| (l - position).abs() <= box_reach)
    };
    // In small print a digit may run a pixel or two past its strip's
    // sides (set a little off its row, or wider than its column), and a
    // pixel cut off is much of a digit a few pixels tall: its blob reaches
    // out to `spill` pixels past them, but not into a line there, nor past
    // it. Not where the numbers are in boxes or cells (each stays in its
    // own, and a photo's box lines, not level, would join a number's
    // digits through the line under them), nor in larger print (a cut is
    // a sliver there, and a game's badges set edge to edge would join).
    let ruled = !box_lines.is_empty() || !along_lines.is_empty();
    let spill = if ruled || cell >= SPILL_CELLS_UNDER {
        0
    } else {
        (cell * SPILL).round().clamp(1.0, MOST_SPILL) as u32
    };
    let reach = if is_row {
        Rect { y0: strip.y0.saturating_sub(spill), y1: strip.y1 + spill, ..strip }
    } else {
        Rect { x0: strip.x0.saturating_sub(spill), x1: strip.x1 + spill, ..strip }
    }
    .clipped(picture);
    let (reach_from, reach_to) = if is_row {
        (strip.y0 - reach.y0, reach.y1.max(strip.y1) - strip.y1)
    } else {
        (strip.x0 - reach.x0, reach.x1.max(strip.x1) - strip.x1)
    };
    let past_lines = |before: bool, depth: u32| -> u32 {
        // The first pixel past the side that is a line's (or `depth`).
        (1..=depth)
            .find(|&d| {
                let across = if before {
                    if is_row {
                        strip.y0 - d
                    } else {
                        strip.x0 - d
                    }
                } else if is_row {
                    strip.y1 + d - 1
                } else {
                    strip.x1 + d - 1
                };
                let inked_along = (0..along_len)
                    .filter(|&a| {
                        let (x, y) = if is_row { (strip.x0 + a, across) } else { (across, strip.y0 + a) };
                        deviation_at(x, y) >= LINE_INK
                    })
                    .count();
                inked_along * 10 >= along_len as usize * 5
            })
            // A line's blurred edge goes with it.
            .map_or(depth, |d| d.saturating_sub(2))
    };
    let (open_from, open_to) = (past_lines(true, reach_from), past_lines(false, reach_to));
    // Past the strip's sides: whether a pixel is closed (past `spill`, or
    // on a line or past it), `None` within the strip.
    let closed_past = |x: u32, y: u32| {
        let across = if is_row { y as i64 - strip.y0 as i64 } else { x as i64 - strip.x0 as i64 };
        if across < 0 {
            Some(-across > open_from as i64)
        } else if across >= across_len as i64 {
            Some(across - across_len as i64 >= open_to as i64)
        } else {
            None
        }
    };
    let is_line = |x: u32, y: u32| {
        if let Some(closed) = closed_past(x, y) {
            return closed;
        }
        let (along, across) =
            if is_row { (x - strip.x0, y - strip.y0) } else { (y - strip.y0, x - strip.x0) };
        let line_at = |darkest: Option<i32>| darkest.is_some_and(|d| deviation(along, across) <= d);
        line_at(along_darkest[across as usize])
            || line_at(across_darkest[along as usize])
            || on_box_line(along)
    };
    // The digits' ink is told by the strip's contrast without its lines:
    // a finished clue greyed between black rules is fainter than they are.
    let ink = digit_ink(picture, strip, ink, &is_line);
    // Badges on a panel a shade off the page are looked for with the
    // page's colour no ink, not even a faint stroke's: else every badge
    // on the panel joins the next through the page between panels.
    let panel_ink = page
        .map(|p| (p as i32 - ink.background as i32).abs())
        .filter(|&d| d >= ink.weak && d < ink.threshold)
        .map(|d| Ink { weak: d + 1, ..ink });
    let mut kept = Vec::new();
    let least = least_digit(cell);
    // Where only a stroke's end (a third of the blob's width or less)
    // reaches into the grid's border's edge, the blob ends before it:
    // else the glyph holds the border's edge beside the stroke (a "7"
    // standing on the border read as a "2").
    let (along_base, across_base) = if is_row { (strip.x0, strip.y0) } else { (strip.y0, strip.x0) };
    let stroke_end = |r: Rect, along: u32, ink_of: &Ink| -> bool {
        let Some(darkest) = across_darkest.get(along as usize).copied().flatten().filter(|&d| d < i32::MAX)
        else {
            return false;
        };
        let span = if is_row { r.y0..r.y1 } else { r.x0..r.x1 };
        let width = span.len();
        let stroke = span
            .filter(|&across| (across_base..across_base + across_len).contains(&across))
            .filter(|&across| {
                let (x, y) = at(along, across - across_base);
                deviation_at(x, y) > darkest && ink_of.is_weak_ink(picture.at(x, y))
            })
            .count();
        stroke * 3 <= width
    };
    let trimmed = |mut b: Blob, ink_of: &Ink| -> Blob {
        for _ in 0..2 {
            let r = b.rect;
            let (from, to) = if is_row { (r.x0, r.x1) } else { (r.y0, r.y1) };
            if to - from <= 2 {
                break;
            }
            let (mut from_now, mut to_now) = (from, to);
            if from >= along_base && stroke_end(r, from - along_base, ink_of) {
                from_now += 1;
            }
            if to > along_base && stroke_end(r, to - 1 - along_base, ink_of) {
                to_now -= 1;
            }
            if (from_now, to_now) == (from, to) {
                break;
            }
            b.rect = if is_row {
                Rect { x0: from_now, x1: to_now, ..r }
            } else {
                Rect { y0: from_now, y1: to_now, ..r }
            };
        }
        b
    };
    let found_with = |ink: &Ink, left_out: &dyn Fn(u32, u32) -> bool, lines_out: bool| {
        // A blob whose middle is past the strip's side is its neighbour's.
        let own = |b: &Blob| {
            let (from, to, side_from, side_to) = if is_row {
                (b.rect.y0, b.rect.y1, strip.y0, strip.y1)
            } else {
                (b.rect.x0, b.rect.x1, strip.x0, strip.x1)
            };
            (side_from * 2..side_to * 2).contains(&(from + to))
        };
        let left_out = |x: u32, y: u32| closed_past(x, y).unwrap_or_else(|| left_out(x, y));
        // A digit's foot on the border's edge joins the digit; the edge's
        // darker pixels alone are no digit (a resampled border's edge is
        // darker here and there).
        let may_start = |x: u32, y: u32| {
            strip.contains(x, y) && {
                let along = if is_row { x - strip.x0 } else { y - strip.y0 };
                !lines_out || !across_lines.contains(&along)
            }
        };
        let found = blobs_from(picture, reach, ink, left_out, may_start).into_iter().filter(own).collect();
        let found: Vec<Blob> = merge_fragments(found);
        let found = if lines_out { found.into_iter().map(|b| trimmed(b, ink)).collect() } else { found };
        if struck.is_empty() {
            found
        } else {
            merge_struck(found, &struck, strip.y0)
        }
    };
    // Numbers are on badges when every blob the size of a digit is one,
    // one at least (a game sets all its numbers alike; a bold "0" or "8"
    // alone fills as much of its box as a badge).
    let sized = |b: &Blob| {
        let across = if is_row { b.rect.height() } else { b.rect.width() };
        b.rect.height() >= least && (across as f32) <= cell * MOST_ACROSS
    };
    // A neighbour's badge reaching in is cut by the strip's side, its
    // middle far off the strip's: it does not count. (A badge filling
    // its strip touches its sides too, its middle on the strip's.)
    let cut = |b: &Blob| {
        let r = b.rect;
        let (from, to, side_from, side_to) =
            if is_row { (r.y0, r.y1, strip.y0, strip.y1) } else { (r.x0, r.x1, strip.x0, strip.x1) };
        let off = ((from + to) as f32 - (side_from + side_to) as f32).abs() / 2.0;
        (from <= side_from || to >= side_to) && off > (side_to - side_from) as f32 * OFF_MIDDLE
    };
    // What lies past the clue area's far end (the page round a strip
    // of badges, the strip's own end) is read as ink against badges
    // filling most of the strip: it touches the far end and both sides,
    // as no digit does.
    let beyond = |b: &Blob| {
        let r = b.rect;
        let (from, to, side_from, side_to, end) = if is_row {
            (r.y0, r.y1, strip.y0, strip.y1, r.x0 <= strip.x0)
        } else {
            (r.x0, r.x1, strip.x0, strip.x1, r.y0 <= strip.y0)
        };
        end && from <= side_from + 1 && to + 1 >= side_to
    };
    let with_badges = |found: Vec<Blob>| {
        let badges: Vec<Option<Vec<Candidate>>> =
            found
                .iter()
                .map(|b| {
                    if sized(b) {
                        on_badge(picture, b, strip, cell, least, is_row, small_badges)
                    } else {
                        None
                    }
                })
                .collect();
        // A hole in a badge (a "4"'s or a "0"'s, the badge's colour like
        // what is round it) lies within it.
        let within =
            |b: &Blob| found.iter().zip(&badges).any(|(o, badge)| badge.is_some() && o.rect.holds(&b.rect));
        let on_badges = badges.iter().any(Option::is_some)
            && found
                .iter()
                .zip(&badges)
                .all(|(b, badge)| !sized(b) || cut(b) || beyond(b) || within(b) || badge.is_some());
        (found, badges, on_badges)
    };
    // A badge's side may fall on a cell's edge, where a clue area drawn
    // as cells has its lines, and a row of badges is inked along as a
    // line is: taken out as lines, they cut the badges. And badges may
    // fill most of their strip, their colour its most common: the page's
    // is past the clue area's far end. Badges seen only with every line
    // left in, or against the page's colour, are badges.
    let lines_in = !(across_lines.is_empty() && along_lines.is_empty() && struck.is_empty());
    // The page's colour shows between the badges (not at all: the
    // strip's own colour is the page's, and what is beyond is other).
    let shown = |page: u8| {
        let h = histogram(picture, strip.clipped(picture));
        let near: u32 = h
            .iter()
            .enumerate()
            .filter(|(l, _)| (*l as i32 - page as i32).abs() < LINE_INK)
            .map(|(_, n)| n)
            .sum();
        near as f32 >= h.iter().sum::<u32>() as f32 * PAGE_SHOWN
    };
    let page_ink = || {
        [page, page_at_end]
            .into_iter()
            .flatten()
            .find(|&b| (b as i32 - ink.background as i32).abs() >= LINE_INK && shown(b))
            .and_then(|b| Ink::against(picture, strip, b))
    };
    let search = |ink: &Ink| {
        let (mut found, mut badges, mut on_badges) = with_badges(found_with(ink, &is_line, true));
        // Every line left in, against the strip's own colour: tried first
        // where a badge was seen, else only where no badges were.
        let plain_tried = lines_in && badges.iter().any(Option::is_some);
        if plain_tried {
            let again = with_badges(found_with(ink, &|_, _| false, false));
            if again.2 {
                (found, badges, on_badges) = again;
            }
        }
        if !on_badges {
            for ink in [(lines_in && !plain_tried).then_some(*ink), page_ink()].into_iter().flatten() {
                let again = with_badges(found_with(&ink, &|_, _| false, false));
                if again.2 {
                    (found, badges, on_badges) = again;
                    break;
                }
            }
        }
        (found, badges, on_badges)
    };
    // Badges on a panel are looked for against the panel first (else one
    // joined to the page round it is taken for the page past the strip).
    let (found, badges, on_badges) = match panel_ink.map(|panel| search(&panel)).filter(|found| found.2) {
        Some(on_panel) => on_panel,
        None => search(&ink),
    };
    let on_small = on_badges
        && found
            .iter()
            .zip(&badges)
            .any(|(b, badge)| badge.is_some() && (b.rect.height() as f32) < cell * BADGE);
    // The badges' rectangles: a hole in one (a "0"'s, the badge's colour)
    // is no digit of its own.
    let badge_rects: Vec<Rect> = found
        .iter()
        .zip(&badges)
        .filter(|(_, badge)| on_badges && badge.is_some())
        .map(|(b, _)| b.rect)
        .collect();
    for (blob, badge) in found.into_iter().zip(badges) {
        let r = blob.rect;
        // A number on a badge (a filled, rounded shape the size of a
        // number): the digits are read against the badge's colour.
        if let Some(inside) = badge.filter(|_| on_badges) {
            kept.extend(inside);
            continue;
        }
        if badge_rects.iter().any(|o| o.holds(&r)) {
            continue;
        }
        // The grid's own border where the strip meets it, a little off
        // (a photo levelled not quite exactly): thin, across the strip, at
        // its end, and where the grid's edge is (a "1" set close to the
        // grid is as thin and as tall, a little further in).
        let thin = (cell * THIN).max(3.0);
        let on_edge =
            |from: u32, to: u32| ((from + to) as f32 / 2.0 - grid_edge).abs() <= (cell * EDGE_REACH).max(1.5);
        let at_the_grid = if is_row {
            r.x1 + 1 >= strip.x1
                && (r.width() as f32) <= thin
                && r.height() * 10 >= strip.height() * 8
                && on_edge(r.x0, r.x1)
        } else {
            r.y1 + 1 >= strip.y1
                && (r.height() as f32) <= thin
                && r.width() * 10 >= strip.width() * 8
                && on_edge(r.y0, r.y1)
        };
        // A rule's remnant in a strip of clue boxes: thin, across the
        // whole strip (a digit is shorter than its box).
        let (extent, across_extent) = if is_row { (r.width(), r.height()) } else { (r.height(), r.width()) };
        let full = if is_row { strip.height() } else { strip.width() };
        let rule = !box_lines.is_empty() && (extent as f32) <= thin && across_extent * 10 >= full * 9;
        if at_the_grid || rule {
            continue;
        }
        // A cell's outline (a shaded clue cell's edges, blurred): half a
        // cell wide or more, and hollow, where a digit's ink fills a fifth
        // of its box or more.
        let hollow = (blob.area as f32) < HOLLOW * (r.width() * r.height()) as f32;
        if hollow && r.width() as f32 >= cell * OUTLINE_WIDTH {
            continue;
        }
        if r.height() < least
            || r.height() as f32 > cell * MOST_ACROSS
            || r.width() as f32 > cell * WIDEST_NUMBER
        {
            continue;
        }
        kept.push(Candidate { blob, ink, badge: None });
    }
    (kept, separators, on_small)
}

/// The ink of a strip's digits: `ink` (the whole strip's), its contrast
/// taken again without the pixels of lines (`is_line`) where that is
/// less.
fn digit_ink(picture: &Picture, strip: Rect, ink: Ink, is_line: &dyn Fn(u32, u32) -> bool) -> Ink {
    let r = strip.clipped(picture);
    let background = ink.background as i32;
    let contrast = (r.y0..r.y1)
        .flat_map(|y| (r.x0..r.x1).map(move |x| (x, y)))
        .filter(|&(x, y)| !is_line(x, y))
        .map(|(x, y)| (picture.at(x, y) as i32 - background).abs())
        .max()
        .unwrap_or(0);
    if contrast < ink.contrast {
        Ink::with_contrast(ink.background, contrast).unwrap_or(ink)
    } else {
        ink
    }
}

/// The least height of a digit, in pixels, for cells of `cell` pixels
/// ([`LEAST_DIGIT`], 4 pixels at least).
pub fn least_digit(cell: f32) -> u32 {
    (cell * LEAST_DIGIT).max(4.0) as u32
}

/// A struck row's run of ink, at least, as a share of a cell.
const STRIKE_RUN: f32 = 1.2;

/// A strike's thickness, at most, as a share of a cell (three pixels at
/// least): set by hand, a badge is half a cell high or more.
const STRIKE_THICKEST: f32 = 0.2;

/// How far off its strip's middle a strike is, at most, as a share of
/// the strip (it runs through the digits' middles): set by hand.
const STRIKE_OFF_MIDDLE: f32 = 0.2;

/// The blobs of a struck row with each digit's two halves (above and
/// below the strike, `struck` the rows of pixels taken out, from the
/// strip's top `top`) put together again: one above, one below, the
/// strike between them, overlapping across.
fn merge_struck(mut found: Vec<Blob>, struck: &[u32], top: u32) -> Vec<Blob> {
    let (first, last) = (top + struck[0], top + struck[struck.len() - 1]);
    let mut k = 0;
    while k < found.len() {
        let a = found[k].rect;
        let partner = found.iter().position(|b| {
            let b = b.rect;
            let overlap = a.x1.min(b.x1) as i64 - a.x0.max(b.x0) as i64;
            let narrower = a.width().min(b.width()) as i64;
            a.y1 + 2 >= first
                && a.y1 <= first + 2
                && b.y0 <= last + 3
                && b.y0 + 2 >= last
                && overlap * 2 >= narrower
        });
        match partner {
            Some(j) if j != k => {
                let b = found[j];
                found[k] = Blob { rect: a.union(&b.rect), area: found[k].area + b.area };
                found.remove(j);
                if j < k {
                    k -= 1;
                }
            }
            _ => k += 1,
        }
    }
    found
}

/// How much of a strip's far end, in cells, is taken as the page where
/// the strip runs to the picture's edge.
const PAGE_AT_EDGE: f32 = 0.1;

/// The least share of a strip in the page's colour for its badges to be
/// seen against it (between badges that fill most of the strip).
const PAGE_SHOWN: f32 = 0.1;

/// How far off its strip's middle, as a share of the strip, the middle
/// of a badge touching the strip's side is at most, for the strip's own.
const OFF_MIDDLE: f32 = 0.25;

/// How tall a badge is at least, in cells: taller than a number's digits
/// (at most about three fifths of a cell), with room above and below them;
/// a bold "0", as tall as a digit, fills as much of its box as a badge.
const BADGE: f32 = 0.66;

/// The least height of a badge whose digits stand in its middle, in
/// cells; their least height, as a share of it, and how far off its
/// middle they may be.
const SMALL_BADGE: f32 = 0.5;
const SMALL_BADGE_DIGIT: f32 = 0.5;
const SMALL_BADGE_OFF: f32 = 0.12;

/// How far past a strip's side a badge cut by it is looked at, in cells.
const BADGE_BEYOND: f32 = 0.5;

/// The digits on a badge, when `blob` is one: filled (ink over three
/// fifths of its box), taller than a number's digits ([`BADGE`]) and at
/// most a cell, holding blobs that stand out from the badge's colour
/// (lighter or darker). Each is read against the badge's colour.
fn on_badge(
    picture: &Picture,
    blob: &Blob,
    strip: Rect,
    cell: f32,
    least: u32,
    is_row: bool,
    small_badges: bool,
) -> Option<Vec<Candidate>> {
    let r = blob.rect;
    let filled = blob.area * 10 >= r.width() * r.height() * 6;
    let (height, width) = (r.height() as f32, r.width() as f32);
    // A badge round a "1" is narrower than tall; badges that touch make
    // one blob, a row of them (a row's strip) or a stack (a column's).
    // A badge shorter than [`BADGE`] (a pixel font's, its digits a whole
    // number of pixels) is as tall as a bold digit: it is one only when
    // its digits stand in its middle, half its height or more (a bold
    // digit's holes are smaller, or off its middle).
    let small = height < cell * BADGE;
    let tall_enough = height >= cell * if small && small_badges { SMALL_BADGE } else { BADGE };
    let shaped = if is_row {
        tall_enough && height <= cell * BADGE_MOST && width >= height * BADGE_WIDTH
    } else {
        tall_enough && width <= cell * BADGE_MOST && width >= height.min(cell) * BADGE_WIDTH
    };
    // Ink over the whole strip, side to side and end to end, is no badge
    // (a ruled strip's lines, their faint edges joined).
    let whole = r.x0 <= strip.x0 && r.y0 <= strip.y0 && r.x1 >= strip.x1 && r.y1 >= strip.y1;
    if !filled || !shaped || whole {
        return None;
    }
    // A badge cut by the strip's side (wider than its strip: a two-digit
    // number in a column's) is looked at whole: half a cell past each cut
    // side, its digits those that reach into the strip's part of it.
    // (A row's badge fills its strip's height: past it are the next
    // row's badges; its strip's end is the grid's edge.)
    let grow = if is_row { 0 } else { (cell * BADGE_BEYOND) as u32 };
    let area = Rect {
        x0: if r.x0 == strip.x0 { r.x0.saturating_sub(grow) } else { r.x0 },
        y0: r.y0,
        x1: if r.x1 == strip.x1 { (r.x1 + grow).min(picture.width()) } else { r.x1 },
        y1: r.y1,
    };
    // Against the badge's own colour (a badge looked at past its strip
    // has the page round it, which may be the commonest there).
    let ink = Ink::against(picture, area, most_common(&histogram(picture, r.clipped(picture))))?;
    let inside: Vec<Candidate> = blobs(picture, area, &ink, |_, _| false)
        .into_iter()
        .filter(|b| {
            // The badge's rounded corners, and the strip's colour round a
            // badge looked at past the strip, touch the box's edge.
            let b = &b.rect;
            let touches = b.x0 == area.x0 || b.y0 == area.y0 || b.x1 == area.x1 || b.y1 == area.y1;
            let reaches_in = b.x0 < r.x1 && b.x1 > r.x0 && b.y0 < r.y1 && b.y1 > r.y0;
            b.height() >= least.min(r.height() * 4 / 10) && !touches && reaches_in
        })
        .map(|blob| Candidate { blob, ink, badge: Some(area) })
        .collect();
    let centred = |c: &Candidate| {
        let b = c.blob.rect;
        let off = ((b.y0 + b.y1) as f32 - (r.y0 + r.y1) as f32).abs() / 2.0;
        b.height() as f32 >= height * SMALL_BADGE_DIGIT && off <= height * SMALL_BADGE_OFF
    };
    let fits = !small || inside.iter().all(centred);
    (!inside.is_empty() && fits).then_some(inside)
}

/// Blobs with the pieces of a broken digit put together: a thin stroke's
/// anti-aliased pixels can fall under the ink threshold and cut a digit in
/// two or three. Two blobs merge when one is small (under 70 % of the
/// tallest), they are at most two pixels apart and overlap side to side
/// (a comma after a number stands beside its last digit, low: it is no
/// piece of it), and together they are no wider than tall (so that
/// neighbouring digits stay apart).
fn merge_fragments(mut found: Vec<Blob>) -> Vec<Blob> {
    let tallest = found.iter().map(|b| b.rect.height()).max().unwrap_or(0);
    let small = |b: &Blob| b.rect.height() * 10 < tallest * 7;
    let near = |a: &Rect, b: &Rect| {
        let dx = (b.x0 as i64 - a.x1 as i64).max(a.x0 as i64 - b.x1 as i64);
        let dy = (b.y0 as i64 - a.y1 as i64).max(a.y0 as i64 - b.y1 as i64);
        dx <= 2 && dy <= 2 && a.x0.max(b.x0) < a.x1.min(b.x1)
    };
    loop {
        let mut merged = false;
        'pairs: for i in 0..found.len() {
            for j in i + 1..found.len() {
                let (a, b) = (found[i], found[j]);
                let union = a.rect.union(&b.rect);
                if (small(&a) || small(&b)) && near(&a.rect, &b.rect) && union.width() <= union.height() {
                    found[i] = Blob { rect: union, area: a.area + b.area };
                    found.swap_remove(j);
                    merged = true;
                    break 'pairs;
                }
            }
        }
        if !merged {
            return found;
        }
    }
}

/// Splits a blob that is too wide for one digit (two digits touching, as
/// "10" can at small sizes) at its thinnest column near the middle.
pub fn split_wide(picture: &Picture, c: Candidate) -> Vec<Candidate> {
    let r = c.blob.rect;
    if r.width() * 100 <= r.height() * 115 {
        return vec![c];
    }
    split(picture, c)
}

/// A blob cut in two at its thinnest column between 30 % and 70 % of its
/// width, each part shrunk to its ink.
pub fn split(picture: &Picture, c: Candidate) -> Vec<Candidate> {
    let r = c.blob.rect;
    let (from, to) = (r.x0 + r.width() * 3 / 10, r.x0 + r.width() * 7 / 10);
    let ink_in = |x: u32| (r.y0..r.y1).filter(|&y| c.ink.is_ink(picture.at(x, y))).count();
    let cut = (from..to.max(from + 1)).min_by_key(|&x| ink_in(x)).unwrap_or(r.x0 + r.width() / 2);
    let left = Rect { x1: cut, ..r };
    let right = Rect { x0: cut + 1, ..r };
    [left, right]
        .into_iter()
        .filter(|part| !part.is_empty())
        .map(|rect| Candidate {
            blob: Blob { rect: tight(picture, rect, &c.ink), area: 0 },
            ink: c.ink,
            badge: c.badge,
        })
        .filter(|part| !part.blob.rect.is_empty())
        .collect()
}

/// A rectangle shrunk to the ink in it.
fn tight(picture: &Picture, r: Rect, ink: &Ink) -> Rect {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in r.y0..r.y1 {
        for x in r.x0..r.x1 {
            if ink.is_ink(picture.at(x, y)) {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1);
                y1 = y1.max(y + 1);
            }
        }
    }
    if x0 == u32::MAX {
        return Rect { x0: r.x0, y0: r.y0, x1: r.x0, y1: r.y0 };
    }
    Rect { x0, y0, x1, y1 }
}

/// A column's digits in reading order: text lines top to bottom, each one
/// number read left to right.
pub fn group_column(digits: &[Candidate], strip: Rect, digit_height: f32) -> LineDigits {
    let mut sorted: Vec<&Candidate> = digits.iter().collect();
    sorted.sort_by_key(|c| (c.blob.rect.y0 + c.blob.rect.y1, c.blob.rect.x0));
    let mut lines: Vec<Vec<&Candidate>> = Vec::new();
    for c in sorted {
        let centre = (c.blob.rect.y0 + c.blob.rect.y1) as f32 / 2.0;
        match lines.last_mut() {
            Some(line)
                if {
                    let first = line[0].blob.rect;
                    ((first.y0 + first.y1) as f32 / 2.0 - centre).abs() <= digit_height * SAME_TEXT_LINE
                } =>
            {
                line.push(c)
            }
            _ => lines.push(vec![c]),
        }
    }
    let mut out = LineDigits { strip, digits: Vec::new(), joins: Vec::new() };
    for line in &mut lines {
        line.sort_by_key(|c| c.blob.rect.x0);
        for (i, c) in line.iter().enumerate() {
            if !out.digits.is_empty() {
                out.joins.push(if i == 0 { Join::Apart } else { Join::Same });
            }
            out.digits.push((c.blob.rect, c.ink));
        }
    }
    out
}

/// How far apart two digits side by side are, in pixels: from centre to
/// centre. Most fonts give every digit the same advance, so that inside a
/// number this is that advance whatever the digits ("11" as "38"), and
/// between numbers the advance and a space; the gap between their inks
/// would make a "1"'s wide margins look like a space.
pub fn step(left: &Rect, right: &Rect) -> f32 {
    (right.x0 + right.x1) as f32 / 2.0 - (left.x0 + left.x1) as f32 / 2.0
}

/// The steps (in digit heights, see [`step`]) between side-by-side digits
/// of a row's strip, with no separator line between them.
pub fn row_gaps(digits: &[Candidate], separators: &[u32], digit_height: f32) -> Vec<f32> {
    let sorted = sorted_by_x(digits);
    sorted
        .windows(2)
        .filter(|w| !separators.iter().any(|&s| s >= w[0].blob.rect.x1 && s <= w[1].blob.rect.x0))
        .map(|w| step(&w[0].blob.rect, &w[1].blob.rect) / digit_height)
        .collect()
}

fn sorted_by_x(digits: &[Candidate]) -> Vec<&Candidate> {
    let mut sorted: Vec<&Candidate> = digits.iter().collect();
    sorted.sort_by_key(|c| c.blob.rect.x0);
    sorted
}

/// The step (in digit heights, see [`step`]) that parts two numbers in a
/// row's strip, told from the picture's own steps: those inside numbers
/// that its column clues show, and those of its rows, some inside numbers,
/// most between them. `pixel` is one pixel in digit heights (positions are
/// whole pixels, so that at small sizes two kinds may differ by one).
pub fn parting_gap(inside: &[f32], rows: &[f32], pixel: f32) -> f32 {
    let widest_inside = inside.iter().copied().fold(f32::NAN, f32::max);
    let mut gaps: Vec<f32> = rows.iter().copied().filter(|g| *g > 0.0).collect();
    gaps.sort_by(f32::total_cmp);
    if !widest_inside.is_nan() {
        // Half-way between the widest step inside a number and the
        // narrowest row step clearly wider.
        let apart = gaps.iter().copied().find(|&g| g > widest_inside * CLEARLY_APART + pixel);
        return match apart {
            Some(apart) => (widest_inside + apart) / 2.0,
            None => widest_inside * NO_STEP_APART + pixel,
        };
    }
    // No number of two digits in the columns: the largest step between
    // neighbouring row gaps, when it is a clear one.
    let step = gaps
        .windows(2)
        .filter(|w| w[1] - w[0] >= 2.0 * pixel)
        .map(|w| (w[1] / w[0].max(0.02), w[0], w[1]))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match step {
        Some((ratio, low, high)) if ratio >= STEP_RATIO => (low + high) / 2.0,
        _ => DEFAULT_PARTING,
    }
}

/// A row's digits left to right, each step judged against `parting`.
/// In a strip of ruled boxes (`boxed`) the boxes part the numbers: two
/// digits in one box are one number, however far apart a font sets them.
pub fn group_row(
    digits: &[Candidate],
    separators: &[u32],
    strip: Rect,
    digit_height: f32,
    parting: f32,
    boxed: bool,
) -> LineDigits {
    let sorted = sorted_by_x(digits);
    let mut out = LineDigits { strip, digits: Vec::new(), joins: Vec::new() };
    for (i, c) in sorted.iter().enumerate() {
        if i > 0 {
            let before = sorted[i - 1].blob.rect;
            let gap = step(&before, &c.blob.rect) / digit_height;
            let separated = separators.iter().any(|&s| s >= before.x1 && s <= c.blob.rect.x0);
            out.joins.push(if separated {
                Join::Apart
            } else if boxed || gap < parting / DOUBTFUL_PARTING {
                Join::Same
            } else if gap < parting {
                Join::DoubtfulSame
            } else if gap < parting * DOUBTFUL_PARTING {
                Join::DoubtfulApart
            } else {
                Join::Apart
            });
        }
        out.digits.push((c.blob.rect, c.ink));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parting_gap_lies_between_the_two_kinds_of_row_gaps() {
        let rows = [0.6, 0.62, 0.61, 1.2, 1.22, 1.19, 1.25];
        let gap = parting_gap(&[0.6, 0.62], &rows, 0.05);
        assert!(gap > 0.62 && gap < 1.19, "{gap}");
        // No column number of two digits: the rows' own two kinds.
        let gap = parting_gap(&[], &rows, 0.05);
        assert!(gap > 0.62 && gap < 1.19, "{gap}");
        // Whole pixels: inside 7 and 8 pixels of 11, apart from 10.
        let px = 1.0 / 11.0;
        let gap =
            parting_gap(&[7.0 * px, 8.0 * px], &[7.0 * px, 9.0 * px, 10.0 * px, 10.0 * px, 11.0 * px], px);
        assert!(gap > 8.0 * px && gap < 10.0 * px, "{gap}");
    }
}
