//! [`Cells`]: a grid's cells as they cross between page and worker.

use nonogram_core::{Cell, Grid};

/// A grid's cells, row-major, as they cross between page and worker. A
/// colour puzzle's cells also keep the colours each may still take (bit 0
/// the background, see `nonogram_core::colour`); their black-and-white
/// view is then: unknown while several colours are left, empty for the
/// background, filled for a colour.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cells {
    cells: Vec<Cell>,
    /// Empty for a black-and-white puzzle.
    colours: Vec<u32>,
}

impl Cells {
    pub fn of(grid: &Grid) -> Cells {
        Cells::from(grid.cells().to_vec())
    }

    /// `n` unknown cells.
    pub fn unknown(n: usize) -> Cells {
        Cells::from(vec![Cell::Unknown; n])
    }

    /// A colour puzzle's cells, each the set of colours it may still take.
    pub fn of_colours(colours: Vec<u32>) -> Cells {
        Cells { cells: colours.iter().map(|&c| colour_view(c)).collect(), colours }
    }

    /// A colour solution: one colour per cell.
    pub fn of_colour_solution(cells: &[u8]) -> Cells {
        Cells::of_colours(cells.iter().map(|&c| 1u32 << (c & 31)).collect())
    }

    /// Each cell's colours left (empty for black and white).
    pub fn colours(&self) -> &[u32] {
        &self.colours
    }

    /// Cell `i` as a set of colours: for black and white, `0b01` empty,
    /// `0b10` filled, `0b11` unknown (background and the one colour).
    pub fn set_of(&self, i: usize) -> u32 {
        match (self.colours.get(i), self.cells.get(i)) {
            (Some(&set), _) => set,
            (None, Some(Cell::Empty)) => 0b01,
            (None, Some(Cell::Filled)) => 0b10,
            _ => 0b11,
        }
    }

    /// Sets cell `i` to a set of colours (see [`Cells::set_of`]).
    pub fn set(&mut self, i: usize, set: u32) {
        if let Some(slot) = self.colours.get_mut(i) {
            *slot = set;
        }
        if let Some(cell) = self.cells.get_mut(i) {
            *cell = colour_view(set);
        }
    }

    /// Reads cells written as `#`, `.` and `?` (as on the wire).
    pub fn parse(text: &str) -> Option<Cells> {
        nonogram_core::cell::line_from_str(text).map(Cells::from)
    }

    /// The grid of these cells, if they are `width`×`height`.
    pub fn grid(&self, width: usize, height: usize) -> Option<Grid> {
        Grid::from_cells(width, height, self.cells.clone())
    }
}

/// A set of colours as black and white: known when one colour is left.
fn colour_view(set: u32) -> Cell {
    match set {
        1 => Cell::Empty,
        s if s.count_ones() == 1 => Cell::Filled,
        _ => Cell::Unknown,
    }
}

impl From<Vec<Cell>> for Cells {
    fn from(cells: Vec<Cell>) -> Cells {
        Cells { cells, colours: Vec::new() }
    }
}

impl std::ops::Deref for Cells {
    type Target = [Cell];
    fn deref(&self) -> &[Cell] {
        &self.cells
    }
}

/// Black and white only: a colour puzzle's cells change by [`Cells::set`].
impl std::ops::DerefMut for Cells {
    fn deref_mut(&mut self) -> &mut [Cell] {
        &mut self.cells
    }
}
