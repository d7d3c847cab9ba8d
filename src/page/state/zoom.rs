//! How large the board is drawn: fitted to its box, or zoomed.

/// How large the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Zoom {
    /// The whole board fits its box.
    Fit,
    /// Cells of this side, in CSS pixels; the board pans inside its box.
    Cell(f64),
}

/// Zoom steps multiply or divide the cell's side by this.
pub const ZOOM_STEP: f64 = 1.25;
/// The smallest and largest cell a zoom gives, in CSS pixels.
pub const ZOOM_CELLS: (f64, f64) = (1.0, 64.0);

impl Zoom {
    /// The cell a zoom step starts from: the zoom's own, or the fitted one.
    fn from(self, fitted: f64) -> f64 {
        match self {
            Zoom::Cell(cell) => cell,
            Zoom::Fit => fitted,
        }
    }

    /// One zoom step in (or out) from the cell drawn now (`fitted` when the
    /// board fits; several steps may come before it is drawn again).
    pub fn step(self, fitted: f64, inward: bool) -> Zoom {
        let from = self.from(fitted);
        if inward {
            Zoom::Cell(zoomed(from * ZOOM_STEP))
        } else {
            // Never larger: a fitted huge board's cells are below the zoom's least.
            Zoom::Cell(zoomed(from / ZOOM_STEP).min(from))
        }
    }
}

/// A zoomed cell side, within [`ZOOM_CELLS`]: whole pixels from 4 up, as
/// fitted cells are, so that grid lines stay crisp (a step of 1.25 from 4
/// up always moves a pixel at least).
fn zoomed(cell: f64) -> f64 {
    let cell = cell.clamp(ZOOM_CELLS.0, ZOOM_CELLS.1);
    if cell >= 4.0 {
        cell.round()
    } else {
        cell
    }
}
