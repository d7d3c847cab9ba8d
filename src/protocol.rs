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
    /// The frames of a batch of steps, in order, and the counts after it.
    Steps { id: u32, frames: Vec<Frame>, sweep: usize, unknown: usize, depth: usize, guesses: u64 },
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

/// One state change the page can play back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// A line was solved: its changed cells (grid index, new `#` or `.`).
    Line { line: String, changes: Vec<(u32, char)> },
    /// A sweep ended (all dirty rows, then all dirty columns), as seed 003
    /// reports its iterations; `errors` counts contradictions since the last.
    Sweep { sweep: usize, unknown: usize, errors: usize },
    /// The whole grid, after a guess, a backtrack, a restart, a contradiction,
    /// or many steps coalesced; `note` says which.
    Grid { cells: String, note: String },
}

/// A grid as protocol text: one character per cell, row-major.
pub fn cells_text(grid: &nonogram_core::Grid) -> String {
    grid.cells().iter().map(|c| c.to_char()).collect()
}
