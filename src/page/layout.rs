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
}

impl ClueExtent {
    pub fn of(puzzle: &Puzzle) -> ClueExtent {
        ClueExtent {
            row_chars: puzzle.rows.iter().map(|c| c.to_string().len()).max().unwrap_or(1),
            column_runs: puzzle.columns.iter().map(|c| c.0.len()).max().unwrap_or(1),
        }
    }
}

/// Windows this narrow or narrower put the board below the input (as
/// `static/style.css` does).
pub const NARROW: f64 = 700.0;

/// The smallest and largest cells a fitted board gets, in CSS pixels: a
/// 5×5 or 10×10 fills a good part of the window (cells a finger can tap
/// and a player can see from arm's length), not a corner of it.
pub const FIT_CELLS: (f64, f64) = (0.3, 56.0);
/// The least font of clue numbers, in CSS pixels: smaller digits cannot be
/// read ("1 2 10 2" becomes "12102"), so boards whose cells are too small
/// for it show no clues (zoom in to read them).
pub const LEGIBLE_FONT: f64 = 9.0;
/// The least cell that shows its clues: the row clues' numbers sit in rows
/// a cell high.
pub const CLUE_CELL: f64 = 9.0;
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
    /// Font size of the clue numbers; 0 when the cells are too small for
    /// legible clues, which are then not drawn.
    pub font: f64,
}

/// A character of clue text is about 0.6 of its font (a digit of DejaVu
/// Sans is 0.64, of Arial 0.56: numbers are squeezed into their slots).
const CHAR: f64 = 0.6;
/// The room between the clue areas and the grid.
const GAP: f64 = 4.0;
/// How many device pixels a cell a fitted board may grow by, at most.
const GROW_STEPS: usize = 6;

impl Layout {
    /// A board with cells of side `cell`.
    pub fn at_cell(width: usize, height: usize, clues: ClueExtent, cell: f64) -> Layout {
        let font = clue_font(cell);
        // Clues too small to read are not drawn, and take no room: the
        // grid of a huge board gets the whole box until zooming in.
        let (left, top) = if font > 0.0 {
            (
                (CHAR * font * clues.row_chars.max(1) as f64 + 0.5 * cell).ceil(),
                (clues.column_runs.max(1) as f64 * cell).ceil(),
            )
        } else {
            (0.0, 0.0)
        };
        Layout { width, height, cell, left: left + GAP, top: top + GAP, font }
    }

    /// Whether the clues are drawn (their cells are large enough).
    pub fn shows_clues(&self) -> bool {
        self.font > 0.0
    }

    /// The largest board (cells up to `FIT_CELLS.1`) that fits `space` (width,
    /// height) whole, clues included, when its clues are legible there.
    /// Otherwise the cells pan under pinned clues: the board is as wide as
    /// `space` allows, at cells no smaller than legible clues need, while
    /// the canvas keeps a device pixel to a CSS pixel at `dpr`; a board too
    /// large even for that (a 1000×1000) is shown whole without its clues.
    pub fn fit(width: usize, height: usize, clues: ClueExtent, space: (f64, f64), dpr: f64) -> Layout {
        let whole = Layout::fit_whole(width, height, clues, space, dpr);
        if whole.shows_clues() {
            return whole;
        }
        let across = (space.0 - GAP - 2.0) / (width as f64 + row_clue_cells(clues));
        let panned = Layout::at_cell(width, height, clues, across.floor().clamp(CLUE_CELL, FIT_CELLS.1));
        if panned.backing_scale(dpr) >= 1.0 {
            panned
        } else {
            whole
        }
    }

    /// The largest board (cells up to `FIT_CELLS.1`) that fits `space` (width,
    /// height) whole, clues included, or without its clues where the cells
    /// are too small for them. Cells of 4 pixels and more are whole device
    /// pixels (at `dpr` device pixels a CSS pixel), so that grid lines stay
    /// crisp: a phone's third of a pixel gives a 15×15 its width back.
    pub fn fit_whole(width: usize, height: usize, clues: ClueExtent, space: (f64, f64), dpr: f64) -> Layout {
        let dpr = dpr.max(1.0);
        let whole_pixels = |cell: f64| (cell * dpr).floor() / dpr;
        let across = width as f64 + row_clue_cells(clues);
        let down = height as f64 + clues.column_runs.max(1) as f64;
        // 6 pixels: the gaps of the clue areas, and the last grid line.
        let mut cell = ((space.0 - 6.0) / across).min((space.1 - 6.0) / down).clamp(FIT_CELLS.0, FIT_CELLS.1);
        // Cells too small for legible clues: the grid alone fills the box.
        let bare = ((space.0 - 6.0) / width as f64).min((space.1 - 6.0) / height as f64).max(FIT_CELLS.0);
        let without_clues =
            Layout::at_cell(width, height, clues, if bare >= 4.0 { bare.floor() } else { bare });
        if !without_clues.shows_clues() {
            return without_clues;
        }
        loop {
            let whole = if cell >= 4.0 { whole_pixels(cell) } else { cell };
            let l = Layout::at_cell(width, height, clues, whole);
            let (w, h) = l.size();
            // The font grows faster than 0.6 of a cell near the legible
            // least (see `clue_font`), so the row clues may need a smaller cell.
            if (w <= space.0 && h <= space.1) || whole <= FIT_CELLS.0 {
                return if whole >= 4.0 { Layout::grown(l, clues, space, dpr) } else { l };
            }
            cell = if whole > 4.0 { whole - 1.0 / dpr } else { (whole * 0.9).max(FIT_CELLS.0) };
        }
    }

    /// A fitted board grown a device pixel a cell at a time while it still
    /// fits `space` (the cell first tried is estimated from the clues'
    /// width, and may leave a few pixels over).
    fn grown(mut l: Layout, clues: ClueExtent, space: (f64, f64), dpr: f64) -> Layout {
        for _ in 0..GROW_STEPS {
            let next = Layout::at_cell(l.width, l.height, clues, ((l.cell * dpr).round() + 1.0) / dpr);
            let (w, h) = next.size();
            if w > space.0 || h > space.1 || next.cell > FIT_CELLS.1 {
                break;
            }
            l = next;
        }
        l
    }

    /// The slots of a row clue's numbers, left to right: x and width of
    /// each (one, for the "0" of an empty clue). Numbers are right-aligned
    /// against the grid, a character apart.
    pub fn row_clue_slots(&self, runs: &[u32]) -> Vec<(f64, f64)> {
        let char = CHAR * self.font;
        let mut right = self.left - GAP - 0.25 * self.cell;
        let mut slots: Vec<(f64, f64)> = if runs.is_empty() { &[0][..] } else { runs }
            .iter()
            .rev()
            .map(|&n| {
                let w = digits(n) as f64 * char;
                let slot = (right - w, w);
                right -= w + char;
                slot
            })
            .collect();
        slots.reverse();
        slots
    }

    /// The slot of number `k` of a column clue of `runs` numbers: y and
    /// height (a cell), stacked upwards from the grid.
    pub fn column_clue_slot(&self, runs: usize, k: usize) -> (f64, f64) {
        (self.top - GAP - (runs.max(1) - k) as f64 * self.cell, self.cell)
    }

    /// The widest a clue number of `digits` digits is drawn: its width at
    /// the font, or a column's width less a gap of a fifth of a cell (2 px
    /// at least) to the next column's numbers (squeezed to fit: "11" beside
    /// "30" ran together as "1130" with 8 % of a cell between them).
    pub fn number_width(&self, digits: usize) -> f64 {
        (digits as f64 * CHAR * self.font).min(self.cell - (self.cell * 0.2).max(2.0)).max(1.0)
    }

    /// The clue number under a point: its line and its index in the clue
    /// (`runs` gives a line's clue). None off the clues or between numbers.
    pub fn clue_number_at(
        &self,
        x: f64,
        y: f64,
        runs: impl Fn(LineId) -> Vec<u32>,
    ) -> Option<(LineId, usize)> {
        let line = self.clue_at(x, y)?;
        let clue = runs(line);
        let k = match line {
            LineId::Row(_) => {
                let half = CHAR * self.font / 2.0;
                self.row_clue_slots(&clue).iter().position(|&(sx, w)| x >= sx - half && x < sx + w + half)?
            }
            LineId::Column(_) => {
                let n = clue.len().max(1);
                (0..n).find(|&k| {
                    let (sy, h) = self.column_clue_slot(n, k);
                    (sy..sy + h).contains(&y)
                })?
            }
        };
        Some((line, k))
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

    /// The square a known-empty cell's cross spans (by grid index): its
    /// corner and side, the middle two fifths of the cell (a cell's
    /// quarter points stay clear).
    pub fn empty_mark(&self, i: usize) -> (f64, f64, f64) {
        let (x, y) = self.cell_origin(i / self.width, i % self.width);
        let d = (self.cell * 0.4).max(3.0).min(self.cell);
        (x + self.cell / 2.0 - d / 2.0, y + self.cell / 2.0 - d / 2.0, d)
    }

    /// The width of a cross's strokes: a tenth of a cell, a pixel and a
    /// half at least (thinner, its anti-aliased grey falls under 3:1).
    /// Square ends: the cell's quarter points stay clear.
    pub fn empty_stroke(&self) -> f64 {
        (self.cell * 0.1).clamp(1.5, 4.0)
    }
}

/// The clues' font for a cell: 0.65 of it, and never below the legible
/// least; none (0) on cells too small for that.
fn clue_font(cell: f64) -> f64 {
    if cell < CLUE_CELL {
        0.0
    } else {
        (cell * 0.65).floor().max(LEGIBLE_FONT)
    }
}

/// The row clues' width in cells, at a font of 0.65 cell.
fn row_clue_cells(clues: ClueExtent) -> f64 {
    0.65 * CHAR * clues.row_chars.max(1) as f64 + 0.5
}

/// The digits of a number.
pub fn digits(n: u32) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// Two fingers on the board: a pinch zooms one step each time their
/// distance grows or shrinks by the zoom step since the last one, and the
/// fingers moving together pan the board.
#[derive(Clone, Debug, Default)]
pub struct Pinch {
    /// The touching fingers: pointer id and position.
    fingers: Vec<(i32, f64, f64)>,
    /// The fingers' distance at the last step (or when the second touched).
    base: Option<f64>,
}

/// What a finger's move does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PinchMove {
    /// A zoom step: in (true) or out.
    pub zoom: Option<bool>,
    /// How far the two fingers' midpoint moved (x, y): the board follows it.
    pub pan: (f64, f64),
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

    /// A finger moved: a zoom step and a pan while two fingers are down;
    /// None for one finger (or an unknown one).
    pub fn moved(&mut self, id: i32, x: f64, y: f64, step: f64) -> Option<PinchMove> {
        let before = self.midpoint();
        let finger = self.fingers.iter_mut().find(|f| f.0 == id)?;
        (finger.1, finger.2) = (x, y);
        let (now, base, before, after) = (self.distance()?, self.base?, before?, self.midpoint()?);
        let zoom = if now >= base * step {
            Some(true)
        } else if now * step <= base {
            Some(false)
        } else {
            None
        };
        if zoom.is_some() {
            self.base = Some(now);
        }
        Some(PinchMove { zoom, pan: (after.0 - before.0, after.1 - before.1) })
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

    fn midpoint(&self) -> Option<(f64, f64)> {
        match self.fingers.as_slice() {
            [a, b] => Some(((a.1 + b.1) / 2.0, (a.2 + b.2) / 2.0)),
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

    const CLUES: ClueExtent = ClueExtent { row_chars: 7, column_runs: 4 };

    #[test]
    fn boards_fit_their_space_whole_when_their_clues_are_legible() {
        for (w, h, space) in [
            (1, 1, (400.0, 300.0)),
            (5, 5, (800.0, 600.0)),
            (40, 40, (700.0, 560.0)),
            (25, 25, (358.0, 560.0)),
            (1000, 1000, (700.0, 560.0)),
            (100, 30, (390.0, 900.0)),
        ] {
            let l = Layout::fit(w, h, CLUES, space, 2.0);
            let (cw, ch) = l.size();
            // Whole, or panning under legible clues (the 100×30 on a phone).
            let whole = cw <= space.0 && ch <= space.1;
            assert!(whole || l.cell == CLUE_CELL, "{w}×{h} in {space:?}: {cw}×{ch}");
            assert!(l.cell <= FIT_CELLS.1);
            let (x, y) = l.cell_origin(h - 1, w - 1);
            assert_eq!(l.cell_at(x + l.cell / 2.0, y + l.cell / 2.0), Some((h - 1, w - 1)));
            assert_eq!(l.cell_at(l.left - 1.0, l.top + 1.0), None);
        }
        // The sizes the page promises: a 40×40 board in a 1280×800 window's
        // board box, a 25×25 one on a 390-pixel phone, whole with legible clues.
        for (n, space) in [(40, (700.0, 560.0)), (25, (358.0, 600.0))] {
            let l = Layout::fit(n, n, CLUES, space, 2.0);
            assert!(l.cell >= CLUE_CELL && l.font >= LEGIBLE_FONT, "{n}: {l:?}");
        }
        // Clues are legible or not drawn: never a font below the least.
        for tenth in 1..=640 {
            let l = Layout::at_cell(40, 40, CLUES, tenth as f64 / 10.0);
            assert!(l.font == 0.0 || l.font >= LEGIBLE_FONT, "{l:?}");
            assert_eq!(l.shows_clues(), l.cell >= CLUE_CELL);
        }
        // Whole pixels from 4 up; small boards stop at the largest fitted cell.
        assert_eq!(Layout::fit(40, 40, CLUES, (700.0, 560.0), 1.0).cell.fract(), 0.0);
        // Whole device pixels: at 3 a CSS pixel (a phone), thirds of one,
        // and a 15×15 spans a 390-pixel phone's box (358 px) but for a few
        // pixels (17 px cells left it 342 px wide).
        for (dpr, least) in [(1.0, 340.0), (2.0, 350.0), (3.0, 350.0)] {
            let l = Layout::fit(15, 15, CLUES, (358.0, 700.0), dpr);
            assert_eq!((l.cell * dpr).fract(), 0.0, "{l:?}");
            assert!(l.size().0 >= least && l.size().0 <= 358.0, "dpr {dpr}: {:?}", l.size());
        }
        assert_eq!(Layout::fit(2, 2, CLUES, (2000.0, 2000.0), 1.0).cell, FIT_CELLS.1);
    }

    #[test]
    fn boards_too_large_for_legible_clues_pan_under_them() {
        // A 100×100 in a desktop's box and on a phone: legible clues, the
        // board as wide as the box (or wider, at the legible least), panning.
        let clues = ClueExtent { row_chars: 40, column_runs: 20 };
        for (space, dpr) in [((824.0, 560.0), 1.0), ((358.0, 600.0), 2.0)] {
            let l = Layout::fit(100, 100, clues, space, dpr);
            assert!(l.shows_clues() && l.cell >= CLUE_CELL, "{space:?}: {l:?}");
            let (w, h) = l.size();
            assert!(h > space.1, "it pans: {h} in {}", space.1);
            assert!(w <= space.0 || l.cell == CLUE_CELL, "as wide as the box: {w} in {}", space.0);
            assert!(l.backing_scale(dpr) >= 1.0);
        }
        // A wide box gives larger cells.
        assert!(Layout::fit(100, 100, clues, (1800.0, 560.0), 1.0).cell > CLUE_CELL);
        // Too large to pan at a device pixel a CSS pixel: the whole grid,
        // no clues (a random 1000×1000 picture's, on a phone and a desktop).
        let long = ClueExtent { row_chars: 700, column_runs: 250 };
        for space in [(358.0, 600.0), (700.0, 560.0)] {
            let l = Layout::fit(1000, 1000, long, space, 2.0);
            let (cw, ch) = l.size();
            assert!(
                cw <= space.0 && ch <= space.1 && l.cell >= 0.35,
                "{space:?}: {cw}×{ch}, cell {}",
                l.cell
            );
            assert_eq!((l.left, l.top), (GAP, GAP));
            assert!(!l.shows_clues());
        }
    }

    #[test]
    fn clue_numbers_have_slots_that_never_overlap() {
        let l = Layout::at_cell(10, 10, CLUES, 20.0);
        let slots = l.row_clue_slots(&[3, 12, 1]);
        assert_eq!(slots.len(), 3);
        for pair in slots.windows(2) {
            assert!(pair[0].0 + pair[0].1 < pair[1].0, "{slots:?}");
        }
        assert!(slots[0].0 >= 0.0, "inside the clue area: {slots:?}");
        assert!(slots[2].0 + slots[2].1 < l.left, "left of the grid");
        assert!((slots[1].1 - 2.0 * slots[0].1).abs() < 1e-9, "two digits, twice one");
        assert_eq!(l.row_clue_slots(&[]).len(), 1, "the 0 of an empty clue");
        // Column numbers stack a cell apart, the last next to the grid.
        let (y0, h) = l.column_clue_slot(3, 0);
        let (y2, _) = l.column_clue_slot(3, 2);
        assert_eq!((h, y2 - y0), (l.cell, 2.0 * l.cell));
        assert!(y2 + h <= l.top && y0 >= 0.0);
        // Numbers wider than a column are squeezed into it, a gap from
        // the next column's.
        for digits in 1..=7 {
            assert!(l.cell - l.number_width(digits) >= (l.cell * 0.2).max(2.0) - 1e-9, "{digits} digits");
        }
    }

    #[test]
    fn clue_numbers_are_found_by_position() {
        let l = Layout::at_cell(5, 4, ClueExtent { row_chars: 6, column_runs: 3 }, 20.0);
        let runs = |line: LineId| match line {
            LineId::Row(1) => vec![3, 12, 1],
            LineId::Column(2) => vec![1, 1, 2],
            _ => vec![],
        };
        let (_, row_y) = l.cell_origin(1, 0);
        for (k, (x, w)) in l.row_clue_slots(&[3, 12, 1]).into_iter().enumerate() {
            assert_eq!(l.clue_number_at(x + w / 2.0, row_y + 5.0, runs), Some((LineId::Row(1), k)));
        }
        let (col_x, _) = l.cell_origin(0, 2);
        for k in 0..3 {
            let (y, h) = l.column_clue_slot(3, k);
            assert_eq!(l.clue_number_at(col_x + 3.0, y + h / 2.0, runs), Some((LineId::Column(2), k)));
        }
        assert_eq!(l.clue_number_at(1.0, row_y + 5.0, runs), None, "left of the first number");
        assert_eq!(l.clue_number_at(l.left + 5.0, l.top + 5.0, runs), None, "a cell");
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
    fn a_pinch_zooms_a_step_at_a_time_and_two_fingers_pan() {
        let mut p = Pinch::default();
        p.down(1, 100.0, 100.0);
        assert_eq!(p.moved(1, 90.0, 100.0, 1.25), None, "one finger is the browser's (or paints)");
        p.down(2, 240.0, 100.0); // 150 apart
        assert!(p.pinching());
        let zoom = |m: Option<PinchMove>| m.and_then(|m| m.zoom);
        assert_eq!(zoom(p.moved(2, 270.0, 100.0, 1.25)), None, "180: under a step");
        assert_eq!(zoom(p.moved(2, 280.0, 100.0, 1.25)), Some(true), "190: a step in");
        assert_eq!(zoom(p.moved(2, 290.0, 100.0, 1.25)), None, "200, from 190: not yet");
        assert_eq!(zoom(p.moved(1, 170.0, 100.0, 1.25)), Some(false), "120: a step out");
        // Both fingers down 30 pixels: the midpoint moves 15 with each.
        assert_eq!(p.moved(1, 170.0, 130.0, 1.25), Some(PinchMove { zoom: None, pan: (0.0, 15.0) }));
        assert_eq!(p.moved(2, 290.0, 130.0, 1.25), Some(PinchMove { zoom: None, pan: (0.0, 15.0) }));
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
