//! Helpers for the crate's own tests.

use crate::cell::Cell;
use crate::grid::Grid;

/// A picture from rows of text: `#` filled, anything else empty.
pub fn picture(rows: &[&str]) -> Grid {
    let rows: Vec<Vec<Cell>> = rows
        .iter()
        .map(|r| r.chars().map(|ch| if ch == '#' { Cell::Filled } else { Cell::Empty }).collect())
        .collect();
    Grid::from_rows(&rows).expect("rows of one length")
}

/// A small xorshift generator: the tests' random puzzles and lines are the
/// same every run.
pub struct Random(pub u64);

impl Random {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
