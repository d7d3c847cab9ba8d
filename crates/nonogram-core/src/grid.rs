//! A W×H grid of cells, row-major, one byte per cell.

use crate::cell::Cell;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Grid {
    /// A grid of unknown cells.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid { width, height, cells: vec![Cell::Unknown; width * height] }
    }

    /// A grid from row-major cells; `None` when the count is not `width × height`.
    pub fn from_cells(width: usize, height: usize, cells: Vec<Cell>) -> Option<Grid> {
        (cells.len() == width * height).then_some(Grid { width, height, cells })
    }

    /// A grid from rows of equal length; `None` when lengths differ.
    pub fn from_rows(rows: &[Vec<Cell>]) -> Option<Grid> {
        let width = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != width) {
            return None;
        }
        Grid::from_cells(width, rows.len(), rows.concat())
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn get(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.width + col]
    }

    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        self.cells[row * self.width + col] = cell;
    }

    pub(crate) fn cells_mut(&mut self) -> &mut [Cell] {
        &mut self.cells
    }

    /// Number of cells of a line.
    pub fn line_len(&self, line: LineId) -> usize {
        match line {
            LineId::Row(_) => self.width,
            LineId::Column(_) => self.height,
        }
    }

    /// Index in [`Grid::cells`] of cell `pos` along `line`.
    pub fn index(&self, line: LineId, pos: usize) -> usize {
        line.cell_index(self.width, pos)
    }

    /// Copies the cells of a line into `out` (cleared first).
    pub fn read_line(&self, line: LineId, out: &mut Vec<Cell>) {
        out.clear();
        match line {
            LineId::Row(r) => out.extend_from_slice(&self.cells[r * self.width..(r + 1) * self.width]),
            LineId::Column(c) => out.extend(self.cells.iter().skip(c).step_by(self.width).copied()),
        }
    }

    /// The cells of a line as a new vector.
    pub fn line(&self, line: LineId) -> Vec<Cell> {
        let mut v = Vec::new();
        self.read_line(line, &mut v);
        v
    }

    pub fn unknown_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Unknown).count()
    }

    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&Cell::Unknown)
    }

    /// Rows of the grid as `#`, `.` and `?` text, one line per row, each ending in `\n`.
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.width.max(1)) {
            for c in row {
                write!(f, "{}", c.to_char())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A row or a column, 0-based inside; displayed 1-based ("row 3").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LineId {
    Row(usize),
    Column(usize),
}

impl LineId {
    /// The 0-based index of the row or column.
    pub fn index(self) -> usize {
        match self {
            LineId::Row(i) | LineId::Column(i) => i,
        }
    }

    /// The index, in a row-major grid `width` cells wide, of cell `pos`
    /// along this line.
    pub fn cell_index(self, width: usize, pos: usize) -> usize {
        match self {
            LineId::Row(r) => r * width + pos,
            LineId::Column(c) => pos * width + c,
        }
    }

    /// How many cells the line has in a `width`×`height` grid.
    pub fn len(self, width: usize, height: usize) -> usize {
        match self {
            LineId::Row(_) => width,
            LineId::Column(_) => height,
        }
    }

    /// The line's place among all the lines of a grid `height` rows high:
    /// rows first, then columns (the order of [`crate::Puzzle::lines`]).
    pub fn slot(self, height: usize) -> usize {
        match self {
            LineId::Row(r) => r,
            LineId::Column(c) => height + c,
        }
    }

    /// The indices of this line's cells, in order, in a row-major
    /// `width`×`height` grid.
    pub fn cell_indices(self, width: usize, height: usize) -> impl Iterator<Item = usize> {
        (0..self.len(width, height)).map(move |pos| self.cell_index(width, pos))
    }

    /// The line crossing this one at position `pos` along it.
    pub fn crossing(self, pos: usize) -> LineId {
        match self {
            LineId::Row(_) => LineId::Column(pos),
            LineId::Column(_) => LineId::Row(pos),
        }
    }
}

impl fmt::Display for LineId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineId::Row(i) => write!(f, "row {}", i + 1),
            LineId::Column(i) => write!(f, "column {}", i + 1),
        }
    }
}
