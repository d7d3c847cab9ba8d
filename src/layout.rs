//! Geometry of the board: row clues on the left, column clues on top (read
//! downwards), square cells. Pure, so it is tested without a browser.

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
    /// Font size of the clues.
    pub font: f64,
}

impl Layout {
    /// Fits a `width`×`height` board whose longest row clue is `row_chars`
    /// characters as text ("3 12 1" is 6) and longest column clue has
    /// `column_runs` numbers into
    /// `max_width` pixels: cells between 14 and 32 pixels, clue text at least
    /// 9 pixels, so clues stay readable; past that the board scrolls.
    pub fn new(width: usize, height: usize, row_chars: usize, column_runs: usize, max_width: f64) -> Layout {
        // A character of clue text is about 0.6 of the font, the font 0.6 of a
        // cell: 0.36 cells across per character. A column clue takes a cell per number.
        let row_clue_cells = 0.36 * row_chars.max(1) as f64 + 0.5;
        let cell = (max_width / (width as f64 + row_clue_cells + 1.0)).clamp(14.0, 32.0).floor();
        let font = (cell * 0.6).max(9.0).floor();
        Layout {
            width,
            height,
            cell,
            left: (row_clue_cells * cell).ceil() + 4.0,
            top: (column_runs.max(1) as f64 * cell).ceil() + 4.0,
            font,
        }
    }

    /// The canvas size in CSS pixels.
    pub fn size(&self) -> (f64, f64) {
        (self.left + self.width as f64 * self.cell + 1.0, self.top + self.height as f64 * self.cell + 1.0)
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_square_and_fit() {
        for (w, h, max) in [(1, 1, 400.0), (5, 5, 800.0), (50, 50, 1200.0), (100, 100, 390.0)] {
            let l = Layout::new(w, h, 7, 4, max);
            let (cw, ch) = l.size();
            assert!(l.cell >= 14.0 && l.cell <= 32.0 && l.font >= 9.0);
            let (x, y) = l.cell_origin(h - 1, w - 1);
            assert!(x + l.cell <= cw && y + l.cell <= ch);
            assert_eq!(l.cell_at(x + l.cell / 2.0, y + l.cell / 2.0), Some((h - 1, w - 1)));
            assert_eq!(l.cell_at(l.left - 1.0, l.top + 1.0), None);
            if w <= 50 {
                assert!(cw <= max, "{w}×{h} fits {max}: {cw}");
            }
        }
    }
}
