//! A W×H grid of cells, row-major, one byte per cell.

use crate::cell::Cell;
use crate::puzzle::LineId;
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
