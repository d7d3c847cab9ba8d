//! Geometry of the board: row clues on the left, column clues on top (read
//! downwards), square cells; where a point falls (a cell, a clue); and how
//! many device pixels the canvas may hold. Pure, so it is tested without a
//! browser.

use nonogram_core::{LineId, Puzzle};

/// How much room a puzzle's clues take, in characters and numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClueExtent {
    /// The longest row clue as text ("3 12 1" is 6).
    pub row_chars: usize,
    /// The most numbers in a column clue.
    pub column_runs: usize,
    /// The most digits in a column clue's number.
    pub column_digits: usize,
}

impl ClueExtent {
    pub fn of(puzzle: &Puzzle) -> ClueExtent {
        let digits = |n: u32| n.to_string().len();
        ClueExtent {
            row_chars: puzzle.rows.iter().map(|c| c.to_string().len()).max().unwrap_or(1),
            column_runs: puzzle.columns.iter().map(|c| c.0.len()).max().unwrap_or(1),
            column_digits: puzzle
                .columns
                .iter()
                .flat_map(|c| c.0.iter().map(|&n| digits(n)))
                .max()
                .unwrap_or(1),
        }
    }
}

/// The largest and smallest cells a fitted board gets, in CSS pixels.
pub const FIT_CELLS: (f64, f64) = (0.3, 32.0);
/// Clue numbers smaller than this are not drawn (zoom in to read them).
pub const MIN_FONT: f64 = 5.0;
/// A canvas's backing store stays within these, in device pixels: Chromium
/// shows a broken canvas past 16384 a side or 268 M pixels, and a board at
/// devicePixelRatio 2 or 3 would pass both; 16 M pixels is 64 MB.
pub const MAX_CANVAS_SIDE: f64 = 16384.0;
pub const MAX_CANVAS_AREA: f64 = 16_777_216.0;

/// Where everything goes on the canvas, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub width: usize,
    pub height: usize,
    /// Side of a cell.
    pub cell: f64,
    /// Width of the row-clue area and height of the column-clue area.
    pub left: f64,
    pub top: f64,
    /// Font size of the row clues, and of the column clues (smaller when
    /// their numbers are wide, so that they never overlap).
    pub font: f64,
    pub column_font: f64,
}

/// A character of clue text is about 0.6 of the font, the font 0.6 of a cell.
const FONT: f64 = 0.6;
const CHAR: f64 = 0.6;

impl Layout {
    /// A board with cells of side `cell`.
    pub fn at_cell(width: usize, height: usize, clues: ClueExtent, cell: f64) -> Layout {
        let font = clue_font(cell);
        let column_font =
            font.min((cell * 0.95 / (CHAR * clues.column_digits.max(1) as f64)).floor()).max(1.0);
        // Clues too small to read are not drawn, and take no room: the
        // grid of a huge board gets the whole box until zooming in.
        let left = if font >= MIN_FONT {
            (CHAR * font * clues.row_chars.max(1) as f64 + 0.5 * cell).ceil()
        } else {
            0.0
        };
        let top = if column_font >= MIN_FONT { (clues.column_runs.max(1) as f64 * cell).ceil() } else { 0.0 };
        Layout { width, height, cell, left: left + 4.0, top: top + 4.0, font, column_font }
    }

    /// The largest board (cells up to 32 pixels) that fits `space` (width,
    /// height) whole, clues included. Cells of 4 pixels and more are whole
    /// pixels, so that grid lines stay crisp.
    pub fn fit(width: usize, height: usize, clues: ClueExtent, space: (f64, f64)) -> Layout {
        let across = width as f64 + row_clue_cells(clues);
        let down = height as f64 + clues.column_runs.max(1) as f64;
        // 6 pixels: the +4 of the clue areas, and the last grid line.
        let mut cell = ((space.0 - 6.0) / across).min((space.1 - 6.0) / down).clamp(FIT_CELLS.0, FIT_CELLS.1);
        // Cells too small for legible clues: the grid alone fills the box.
        let bare = ((space.0 - 6.0) / width as f64).min((space.1 - 6.0) / height as f64).max(FIT_CELLS.0);
        let without_clues =
            Layout::at_cell(width, height, clues, if bare >= 4.0 { bare.floor() } else { bare });
        if without_clues.font < MIN_FONT && without_clues.column_font < MIN_FONT {
            return without_clues;
        }
        loop {
            let whole = if cell >= 4.0 { cell.floor() } else { cell };
            let l = Layout::at_cell(width, height, clues, whole);
            let (w, h) = l.size();
            // Small cells get a larger font than 0.6 of a cell (see
            // `clue_font`), so the row clues may need a smaller cell.
            if (w <= space.0 && h <= space.1) || whole <= FIT_CELLS.0 {
                return l;
            }
            cell = if whole > 4.0 { whole - 1.0 } else { (whole * 0.9).max(FIT_CELLS.0) };
        }
    }

    /// The canvas size in CSS pixels.
    pub fn size(&self) -> (f64, f64) {
        (self.left + self.width as f64 * self.cell + 1.0, self.top + self.height as f64 * self.cell + 1.0)
    }

    /// Device pixels per CSS pixel for the canvas: the screen's ratio, less
    /// where the backing store would pass the browser's limits.
    pub fn backing_scale(&self, device_pixel_ratio: f64) -> f64 {
        let (w, h) = self.size();
        let area = (MAX_CANVAS_AREA / (w * h)).sqrt();
        device_pixel_ratio.max(1.0).min(area).min(MAX_CANVAS_SIDE / w).min(MAX_CANVAS_SIDE / h)
    }

    /// Top-left corner of cell (row, col).
    pub fn cell_origin(&self, row: usize, col: usize) -> (f64, f64) {
        (self.left + col as f64 * self.cell, self.top + row as f64 * self.cell)
    }

    /// The cell under a point, if any.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        let (c, r) = ((x - self.left) / self.cell, (y - self.top) / self.cell);
        (c >= 0.0 && r >= 0.0 && (c as usize) < self.width && (r as usize) < self.height)
            .then_some((r as usize, c as usize))
    }

    /// The line whose clue is under a point, if any.
    pub fn clue_at(&self, x: f64, y: f64) -> Option<LineId> {
        let (w, h) = (self.width as f64 * self.cell, self.height as f64 * self.cell);
        if (0.0..self.left).contains(&x) && (self.top..self.top + h).contains(&y) {
            Some(LineId::Row(((y - self.top) / self.cell) as usize))
        } else if (0.0..self.top).contains(&y) && (self.left..self.left + w).contains(&x) {
            Some(LineId::Column(((x - self.left) / self.cell) as usize))
        } else {
            None
        }
    }

    /// The grid indices (row-major) of a line's cells.
    pub fn line_cells(&self, line: LineId) -> Vec<usize> {
        line.cell_indices(self.width, self.height).collect()
    }

    /// A line's rectangle on the board: x, y, width, height.
    pub fn line_rect(&self, line: LineId) -> (f64, f64, f64, f64) {
        match line {
            LineId::Row(i) => {
                let (x, y) = self.cell_origin(i, 0);
                (x, y, self.width as f64 * self.cell, self.cell)
            }
            LineId::Column(i) => {
                let (x, y) = self.cell_origin(0, i);
                (x, y, self.cell, self.height as f64 * self.cell)
            }
        }
    }

    /// The square mark of a known-empty cell (by grid index): corner and side.
    pub fn empty_mark(&self, i: usize) -> (f64, f64, f64) {
        let (x, y) = self.cell_origin(i / self.width, i % self.width);
        let d = (self.cell * 0.16).max(1.5).min(self.cell);
        (x + self.cell / 2.0 - d / 2.0, y + self.cell / 2.0 - d / 2.0, d)
    }
}

/// The clues' font for a cell: 0.6 of it, but 6 pixels (the least that
/// reads) while that is no more than 0.75 of it, so that cells of 8 pixels
/// still show their clues.
fn clue_font(cell: f64) -> f64 {
    (cell * FONT).max((cell * 0.75).min(6.0)).floor().max(1.0)
}

/// The row clues' width in cells, at a font of 0.6 cell.
fn row_clue_cells(clues: ClueExtent) -> f64 {
    FONT * CHAR * clues.row_chars.max(1) as f64 + 0.5
}

/// Two fingers on the board: a pinch zooms one step each time their
/// distance grows or shrinks by the zoom step since the last one.
#[derive(Clone, Debug, Default)]
pub struct Pinch {
    /// The touching fingers: pointer id and position.
    fingers: Vec<(i32, f64, f64)>,
    /// The fingers' distance at the last step (or when the second touched).
    base: Option<f64>,
}

impl Pinch {
    pub fn down(&mut self, id: i32, x: f64, y: f64) {
        self.fingers.retain(|f| f.0 != id);
        self.fingers.push((id, x, y));
        self.base = self.distance();
    }

    pub fn up(&mut self, id: i32) {
        self.fingers.retain(|f| f.0 != id);
        self.base = self.distance();
    }

    /// A finger moved: `Some(true)` to zoom in, `Some(false)` out.
    pub fn moved(&mut self, id: i32, x: f64, y: f64, step: f64) -> Option<bool> {
        let finger = self.fingers.iter_mut().find(|f| f.0 == id)?;
        (finger.1, finger.2) = (x, y);
        let (now, base) = (self.distance()?, self.base?);
        let zoom = if now >= base * step {
            true
        } else if now * step <= base {
            false
        } else {
            return None;
        };
        self.base = Some(now);
        Some(zoom)
    }

    /// Two fingers are down (the page must not scroll or zoom itself).
    pub fn pinching(&self) -> bool {
        self.fingers.len() == 2
    }

    fn distance(&self) -> Option<f64> {
        match self.fingers.as_slice() {
            [a, b] => Some((a.1 - b.1).hypot(a.2 - b.2)),
            _ => None,
        }
    }
}

/// A length for CSS or an attribute, to a thousandth, without `f64`'s
/// `Display` (which brings 11 KB of float formatting into the page).
pub fn css(v: f64) -> String {
    let thousandths = (v.max(0.0) * 1000.0).round() as u64;
    let (whole, part) = (thousandths / 1000, thousandths % 1000);
    if part == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{part:03}").trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLUES: ClueExtent = ClueExtent { row_chars: 7, column_runs: 4, column_digits: 1 };

    #[test]
    fn boards_fit_their_space_whole() {
        for (w, h, space) in [
            (1, 1, (400.0, 300.0)),
            (5, 5, (800.0, 600.0)),
            (40, 40, (700.0, 560.0)),
            (25, 25, (358.0, 560.0)),
            (1000, 1000, (700.0, 560.0)),
            (100, 30, (390.0, 900.0)),
        ] {
            let l = Layout::fit(w, h, CLUES, space);
            let (cw, ch) = l.size();
            assert!(cw <= space.0 && ch <= space.1, "{w}×{h} in {space:?}: {cw}×{ch}");
            assert!(l.cell <= FIT_CELLS.1);
            let (x, y) = l.cell_origin(h - 1, w - 1);
            assert_eq!(l.cell_at(x + l.cell / 2.0, y + l.cell / 2.0), Some((h - 1, w - 1)));
            assert_eq!(l.cell_at(l.left - 1.0, l.top + 1.0), None);
        }
        // The sizes the page promises: a 40×40 board in a 1280×800 window's
        // board box, a 25×25 one on a 390-pixel phone, at 8 pixels or more.
        assert!(Layout::fit(40, 40, CLUES, (700.0, 560.0)).cell >= 8.0);
        assert!(Layout::fit(25, 25, CLUES, (358.0, 600.0)).cell >= 8.0);
        // Cells of 8 pixels show their clues.
        assert!(Layout::at_cell(40, 40, CLUES, 8.0).font >= MIN_FONT);
        assert!(
            Layout::at_cell(40, 40, ClueExtent { column_digits: 2, ..CLUES }, 8.0).column_font >= MIN_FONT
        );
        // Clues too small to draw take no room: a huge board with long
        // clues (a random 1000×1000 picture's) fits a phone's box whole.
        let long = ClueExtent { row_chars: 700, column_runs: 250, ..CLUES };
        for space in [(358.0, 600.0), (700.0, 560.0)] {
            let l = Layout::fit(1000, 1000, long, space);
            let (cw, ch) = l.size();
            assert!(
                cw <= space.0 && ch <= space.1 && l.cell >= 0.35,
                "{space:?}: {cw}×{ch}, cell {}",
                l.cell
            );
            assert_eq!((l.left, l.top), (4.0, 4.0));
        }
        // Whole pixels from 4 up; small boards stop at 32.
        assert_eq!(Layout::fit(40, 40, CLUES, (700.0, 560.0)).cell.fract(), 0.0);
        assert_eq!(Layout::fit(2, 2, CLUES, (2000.0, 2000.0)).cell, 32.0);
    }

    #[test]
    fn column_numbers_never_overlap() {
        for digits in 1..=7 {
            for cell in [8.0, 14.0, 32.0] {
                let l = Layout::at_cell(10, 10, ClueExtent { column_digits: digits, ..CLUES }, cell);
                // A number's width: a character is 0.6 of the font.
                assert!(
                    digits as f64 * CHAR * l.column_font <= cell || l.column_font < MIN_FONT,
                    "{digits} digits in {cell}: {}",
                    l.column_font
                );
                assert!(l.column_font <= l.font);
            }
        }
    }

    #[test]
    fn the_backing_store_stays_within_the_browsers_limits() {
        let small = Layout::at_cell(10, 10, CLUES, 20.0);
        assert_eq!(small.backing_scale(2.0), 2.0);
        assert_eq!(small.backing_scale(0.5), 1.0);
        for dpr in [1.0, 2.0, 3.0] {
            for cell in [1.0, 8.0, 32.0, 64.0] {
                let l = Layout::at_cell(1000, 1000, CLUES, cell);
                let (w, h) = l.size();
                let s = l.backing_scale(dpr);
                assert!(s > 0.0 && s <= dpr);
                assert!(
                    w * s <= MAX_CANVAS_SIDE
                        && h * s <= MAX_CANVAS_SIDE
                        && w * h * s * s <= MAX_CANVAS_AREA * 1.0001
                );
            }
        }
    }

    #[test]
    fn clues_and_lines_are_found_by_position() {
        let l = Layout::at_cell(5, 4, CLUES, 10.0);
        let (row3_y, col2_x) = (l.top + 2.5 * l.cell, l.left + 1.5 * l.cell);
        assert_eq!(l.clue_at(1.0, row3_y), Some(LineId::Row(2)));
        assert_eq!(l.clue_at(col2_x, 1.0), Some(LineId::Column(1)));
        assert_eq!(l.clue_at(col2_x, row3_y), None, "a cell is not a clue");
        assert_eq!(l.clue_at(1.0, 1.0), None, "the corner");
        assert_eq!(l.clue_at(1.0, l.top + 4.0 * l.cell + 1.0), None, "below the last row");
        assert_eq!(l.line_cells(LineId::Row(1)), [5, 6, 7, 8, 9]);
        assert_eq!(l.line_cells(LineId::Column(4)), [4, 9, 14, 19]);
        assert_eq!(l.line_rect(LineId::Column(0)), (l.left, l.top, 10.0, 40.0));
        let (x, y, d) = l.empty_mark(6);
        assert!(x > l.left + 10.0 && y > l.top + 10.0 && d < 10.0);
    }

    #[test]
    fn a_pinch_zooms_a_step_at_a_time() {
        let mut p = Pinch::default();
        p.down(1, 100.0, 100.0);
        assert_eq!(p.moved(1, 90.0, 100.0, 1.25), None, "one finger pans");
        p.down(2, 240.0, 100.0); // 150 apart
        assert!(p.pinching());
        assert_eq!(p.moved(2, 270.0, 100.0, 1.25), None, "180: under a step");
        assert_eq!(p.moved(2, 280.0, 100.0, 1.25), Some(true), "190: a step in");
        assert_eq!(p.moved(2, 290.0, 100.0, 1.25), None, "200, from 190: not yet");
        assert_eq!(p.moved(1, 170.0, 100.0, 1.25), Some(false), "120: a step out");
        p.up(1);
        assert!(!p.pinching());
        assert_eq!(p.moved(2, 400.0, 100.0, 1.25), None);
        assert_eq!(p.moved(7, 0.0, 0.0, 1.25), None, "an unknown finger");
    }

    #[test]
    fn lengths_are_written_to_a_thousandth() {
        assert_eq!(css(12.0), "12");
        assert_eq!(css(12.5), "12.5");
        assert_eq!(css(0.6251), "0.625");
        assert_eq!(css(7.0004), "7");
        assert_eq!(css(-3.0), "0");
        let l = Layout::at_cell(1000, 1000, CLUES, 0.6);
        assert_eq!(css(l.size().0).parse::<f64>().unwrap(), (l.size().0 * 1000.0).round() / 1000.0);
    }
}
