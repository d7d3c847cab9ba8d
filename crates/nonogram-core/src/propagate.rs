//! Propagation to a fixed point: the exact line solver applied to dirty lines
//! only, in sweeps (every dirty row top to bottom, then every dirty column left
//! to right, repeated), as the seeds alternate rows and columns. A line is
//! dirty when one of its cells changed since it was last solved; a line whose
//! cells did not change cannot yield a new deduction, so only dirty lines are
//! re-solved, and the grid after each sweep is the one a full sweep would give.

use crate::cell::Cell;
use crate::grid::Grid;
use crate::line::LineSolver;
use crate::puzzle::{LineId, Puzzle};

/// A grid with a trail of the cells set since the start, so search can undo.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    trail: Vec<u32>,
    unknown: usize,
}

impl Board {
    pub fn new(width: usize, height: usize) -> Board {
        Board { grid: Grid::new(width, height), trail: Vec::new(), unknown: width * height }
    }

    pub fn unknown(&self) -> usize {
        self.unknown
    }

    pub fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// Sets an unknown cell (by grid index) and records it on the trail.
    pub fn set(&mut self, index: usize, cell: Cell) {
        debug_assert_eq!(self.grid.cells()[index], Cell::Unknown);
        self.grid.cells_mut()[index] = cell;
        self.trail.push(index as u32);
        self.unknown -= 1;
    }

    /// Makes unknown again every cell set after the trail had `len` entries.
    pub fn undo_to(&mut self, len: usize) {
        for &i in &self.trail[len..] {
            self.grid.cells_mut()[i as usize] = Cell::Unknown;
        }
        self.unknown += self.trail.len() - len;
        self.trail.truncate(len);
    }
}

/// What one call of [`Propagation::next`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A line was solved and these cells (position along the line, new value) changed.
    Line { line: LineId, changes: Vec<(usize, Cell)> },
    /// The line has no placement that fits its known cells.
    Contradiction(LineId),
    /// A sweep ended (1-based number) leaving this many unknown cells.
    SweepEnd { sweep: usize, unknown: usize },
    /// No dirty line is left: nothing more follows by line logic.
    FixedPoint,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    Rows,
    Columns,
}

/// The dirty lines and where the current sweep is.
#[derive(Debug)]
pub struct Propagation {
    dirty_rows: Vec<bool>,
    dirty_columns: Vec<bool>,
    dirty_count: usize,
    phase: Phase,
    cursor: usize,
    sweeps: usize,
    line_solves: u64,
    solver: LineSolver,
    buf: Vec<Cell>,
    out: Vec<Cell>,
}

impl Propagation {
    /// Every line starts dirty.
    pub fn new(width: usize, height: usize) -> Propagation {
        Propagation {
            dirty_rows: vec![true; height],
            dirty_columns: vec![true; width],
            dirty_count: width + height,
            phase: Phase::Idle,
            cursor: 0,
            sweeps: 0,
            line_solves: 0,
            solver: LineSolver::new(),
            buf: Vec::new(),
            out: Vec::new(),
        }
    }

    /// Sweeps started so far.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// Line solver calls so far.
    pub fn line_solves(&self) -> u64 {
        self.line_solves
    }

    pub fn mark(&mut self, line: LineId) {
        let flag = match line {
            LineId::Row(i) => &mut self.dirty_rows[i],
            LineId::Column(i) => &mut self.dirty_columns[i],
        };
        if !*flag {
            *flag = true;
            self.dirty_count += 1;
        }
    }

    /// Marks the row and the column through a cell (by grid index).
    pub fn mark_cell(&mut self, width: usize, index: usize) {
        self.mark(LineId::Row(index / width));
        self.mark(LineId::Column(index % width));
    }

    /// Forgets every dirty line and ends the current sweep (after an undo the
    /// grid is back at a fixed point).
    pub fn clear(&mut self) {
        self.dirty_rows.fill(false);
        self.dirty_columns.fill(false);
        self.dirty_count = 0;
        self.phase = Phase::Idle;
        self.cursor = 0;
    }

    /// Does a bounded amount of work (at most one sweep's scan) and reports it.
    pub fn next(&mut self, puzzle: &Puzzle, board: &mut Board) -> Progress {
        loop {
            let line = match self.phase {
                Phase::Idle => {
                    if self.dirty_count == 0 {
                        return Progress::FixedPoint;
                    }
                    self.sweeps += 1;
                    self.phase = Phase::Rows;
                    self.cursor = 0;
                    continue;
                }
                Phase::Rows => match find_from(&self.dirty_rows, self.cursor) {
                    Some(i) => LineId::Row(i),
                    None => {
                        self.phase = Phase::Columns;
                        self.cursor = 0;
                        continue;
                    }
                },
                Phase::Columns => match find_from(&self.dirty_columns, self.cursor) {
                    Some(i) => LineId::Column(i),
                    None => {
                        self.phase = Phase::Idle;
                        return Progress::SweepEnd { sweep: self.sweeps, unknown: board.unknown() };
                    }
                },
            };
            self.cursor = line.index() + 1;
            match line {
                LineId::Row(i) => self.dirty_rows[i] = false,
                LineId::Column(i) => self.dirty_columns[i] = false,
            }
            self.dirty_count -= 1;
            if let Some(progress) = self.solve_line(puzzle, board, line) {
                return progress;
            }
        }
    }

    /// Solves one line and applies its deductions; `None` when nothing changed.
    fn solve_line(&mut self, puzzle: &Puzzle, board: &mut Board, line: LineId) -> Option<Progress> {
        self.line_solves += 1;
        board.grid.read_line(line, &mut self.buf);
        let before_unknown = self.buf.iter().filter(|&&c| c == Cell::Unknown).count();
        if before_unknown == 0 && line_matches(puzzle.clue(line).runs(), &self.buf) {
            return None;
        }
        self.out.clear();
        self.out.extend_from_slice(&self.buf);
        if self.solver.solve(puzzle.clue(line).runs(), &mut self.out).is_err() {
            return Some(Progress::Contradiction(line));
        }
        let changes: Vec<(usize, Cell)> = (self.buf.iter().zip(&self.out).enumerate())
            .filter(|(_, (old, new))| old != new)
            .map(|(pos, (_, &new))| (pos, new))
            .collect();
        for &(pos, new) in &changes {
            board.set(board.grid.index(line, pos), new);
            self.mark(line.crossing(pos));
        }
        (!changes.is_empty()).then_some(Progress::Line { line, changes })
    }
}

fn find_from(flags: &[bool], from: usize) -> Option<usize> {
    flags.get(from..)?.iter().position(|&f| f).map(|p| p + from)
}

/// True when a complete line's runs are exactly `runs`.
fn line_matches(runs: &[u32], cells: &[Cell]) -> bool {
    let mut it = runs.iter();
    let mut len = 0u32;
    for &c in cells.iter().chain(std::iter::once(&Cell::Empty)) {
        if c == Cell::Filled {
            len += 1;
        } else if len > 0 {
            if it.next() != Some(&len) {
                return false;
            }
            len = 0;
        }
    }
    it.next().is_none()
}
