//! The cell of black and white: unknown, known empty, or known filled (a
//! colour puzzle's cell is the set of colours it may still take,
//! [`crate::colour::Colours`]).

use std::fmt;

/// A cell of a black-and-white grid or line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    #[default]
    Unknown,
    Empty,
    Filled,
}

impl Cell {
    /// The text character: `#` filled, `.` empty, `?` unknown.
    pub fn to_char(self) -> char {
        match self {
            Cell::Unknown => '?',
            Cell::Empty => '.',
            Cell::Filled => '#',
        }
    }

    /// Reads the trace notation: `#` filled; `.`, `x`, `_` empty; `?` unknown.
    pub fn from_char(c: char) -> Option<Cell> {
        match c {
            '#' => Some(Cell::Filled),
            '.' | 'x' | '_' => Some(Cell::Empty),
            '?' => Some(Cell::Unknown),
            _ => None,
        }
    }

    pub fn is_known(self) -> bool {
        self != Cell::Unknown
    }

    /// The other known value (`Filled` ↔ `Empty`); `Unknown` stays.
    pub fn opposite(self) -> Cell {
        match self {
            Cell::Filled => Cell::Empty,
            Cell::Empty => Cell::Filled,
            Cell::Unknown => Cell::Unknown,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// Formats a line of cells as `#`, `.` and `?`.
pub fn line_to_string(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_char()).collect()
}

/// Parses a line written as `#`, `.`/`x`/`_` and `?`; `None` on any other character.
pub fn line_from_str(s: &str) -> Option<Vec<Cell>> {
    s.chars().map(Cell::from_char).collect()
}
