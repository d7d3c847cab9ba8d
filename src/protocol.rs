//! Messages between the page and the worker, sent as JSON text. Grids travel
//! as strings of `#` (filled), `.` (empty) and `?` (unknown), row by row.

use serde::{Deserialize, Serialize};

/// Page → worker: solve these clues (rows top to bottom, columns left to right).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveRequest {
    pub id: u32,
    pub rows: Vec<Vec<u32>>,
    pub columns: Vec<Vec<u32>>,
}

/// Worker → page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The grid after a batch of steps.
    Snapshot {
        id: u32,
        cells: String,
        /// Sweeps so far, unknown cells left, guesses in force and made.
        sweep: usize,
        unknown: usize,
        depth: usize,
        guesses: u64,
        /// The last line solved ("row 3"), for highlighting.
        line: Option<String>,
    },
    /// The solve is over.
    Done {
        id: u32,
        /// `unique`, `multiple`, `none` or `timeout`.
        verdict: String,
        solutions: Vec<String>,
        /// For `none`: the line that contradicts before any guess.
        line: Option<String>,
        by_line_logic: bool,
        guesses: u64,
        ms: f64,
    },
    /// The request could not be solved (invalid clues).
    Error { id: u32, message: String },
}

/// A grid as protocol text: one character per cell, row-major.
pub fn cells_text(grid: &nonogram_core::Grid) -> String {
    grid.cells().iter().map(|c| c.to_char()).collect()
}
