//! Propagation to a fixed point: the exact line solver applied to dirty lines
//! only, in sweeps (every dirty row top to bottom, then every dirty column left
//! to right, repeated), as the seeds alternate rows and columns. A line is
//! dirty when one of its cells changed since it was last solved; a line whose
//! cells did not change cannot yield a new deduction, so only dirty lines are
//! re-solved, and the grid after each sweep is the one a full sweep would give.
//!
//! [`Propagation`] serves either kind of puzzle ([`crate::kind::LineKind`]):
//! black and white's board and line solver
//! ([`crate::black_and_white::board`]: lines of up to
//! [`crate::line::bits::MAX_BITS_LINE`] cells solved on bitmasks through a
//! cache, longer ones by the table solver), or colour's
//! ([`crate::colour::board`]).

use crate::cell::Cell;
use crate::kind::{LineKind, LineSteps, Trailed};
use crate::puzzle::{LineId, Puzzle};

/// The most line-solver work one call of [`Propagation::next`] (or of
/// [`Propagation::settle_bounded`]) does before it hands control back, in
/// units of a line's cells times its runs plus one (what the table solver's
/// time grows with). In black and white only lines the table solver takes
/// count (longer than [`crate::line::bits::MAX_BITS_LINE`]): on a board whose lines fit in
/// masks a whole sweep takes under a millisecond, and counting cost 3 % of
/// TAAI's instructions; every colour line counts.
/// A 1000-cell line of 250 runs is 251 000 units and took about 1.5 ms, so
/// a call stays within a few milliseconds on any board (a 1000×1000 sweep's
/// scan took 3 s in one call before this bound).
pub const WORK_PER_CALL: u64 = 300_000;

/// What one call of [`Propagation::next`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress<C = Cell> {
    /// A line was solved and these cells (position along the line, new value) changed.
    Line { line: LineId, changes: Vec<(usize, C)> },
    /// The line has no placement that fits its known cells.
    Contradiction(LineId),
    /// A sweep ended (1-based number) leaving this many unknown cells.
    SweepEnd { sweep: usize, unknown: usize },
    /// No dirty line is left: nothing more follows by line logic.
    FixedPoint,
    /// [`WORK_PER_CALL`] was reached with nothing to report yet: `lines`
    /// lines were solved without a change. The next call goes on from there.
    Paused { lines: usize },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    Rows,
    Columns,
}

/// The lines whose cells changed since they were last solved.
#[derive(Debug)]
struct Dirty {
    rows: Vec<bool>,
    columns: Vec<bool>,
    count: usize,
}

impl Dirty {
    fn mark(&mut self, line: LineId) {
        let flag = match line {
            LineId::Row(i) => &mut self.rows[i],
            LineId::Column(i) => &mut self.columns[i],
        };
        if !*flag {
            *flag = true;
            self.count += 1;
        }
    }
}

/// The dirty lines and where the current sweep is, for puzzles of kind `P`.
#[derive(Debug)]
pub struct Propagation<P: LineKind = Puzzle> {
    dirty: Dirty,
    phase: Phase,
    cursor: usize,
    sweeps: usize,
    line_solves: u64,
    /// Line-solver work done so far ([`WORK_PER_CALL`]'s units).
    work: u64,
    /// When set, changes are applied but not listed (no allocation per line).
    quiet: bool,
    /// The line solver and its cache.
    lines: P::Lines,
}

impl<P: LineKind> Propagation<P> {
    /// Every line of `puzzle` starts dirty.
    pub fn new(puzzle: &P) -> Propagation<P> {
        let (width, height) = puzzle.size();
        Propagation {
            dirty: Dirty { rows: vec![true; height], columns: vec![true; width], count: width + height },
            phase: Phase::Idle,
            cursor: 0,
            sweeps: 0,
            line_solves: 0,
            work: 0,
            quiet: false,
            lines: puzzle.new_lines(),
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
        self.dirty.mark(line);
    }

    /// Marks the row and the column through a cell (by grid index).
    pub fn mark_cell(&mut self, width: usize, index: usize) {
        self.mark(LineId::Row(index / width));
        self.mark(LineId::Column(index % width));
    }

    /// Frees the cache of line results, for a search that will not solve
    /// lines for a long while (clause learning).
    pub fn release_cache(&mut self) {
        self.lines.release();
    }

    /// Forgets every dirty line and ends the current sweep (after an undo the
    /// grid is back at a fixed point).
    pub fn clear(&mut self) {
        self.dirty.rows.fill(false);
        self.dirty.columns.fill(false);
        self.dirty.count = 0;
        self.phase = Phase::Idle;
        self.cursor = 0;
    }

    /// Does a bounded amount of work (at most one sweep's scan, and at most
    /// about [`WORK_PER_CALL`]) and reports it.
    pub fn next(&mut self, puzzle: &P, board: &mut P::Board) -> Progress<P::Cell> {
        let (limit, solves) = (self.work + WORK_PER_CALL, self.line_solves);
        loop {
            let line = match self.phase {
                Phase::Idle => {
                    if self.dirty.count == 0 {
                        return Progress::FixedPoint;
                    }
                    // Probing's hypothetical sweeps are not the puzzle's sweeps.
                    self.sweeps += usize::from(!self.quiet);
                    self.phase = Phase::Rows;
                    self.cursor = 0;
                    continue;
                }
                Phase::Rows => match find_from(&self.dirty.rows, self.cursor) {
                    Some(i) => LineId::Row(i),
                    None => {
                        self.phase = Phase::Columns;
                        self.cursor = 0;
                        continue;
                    }
                },
                Phase::Columns => match find_from(&self.dirty.columns, self.cursor) {
                    Some(i) => LineId::Column(i),
                    None => {
                        self.phase = Phase::Idle;
                        return Progress::SweepEnd { sweep: self.sweeps, unknown: board.unknown() };
                    }
                },
            };
            self.cursor = line.index() + 1;
            match line {
                LineId::Row(i) => self.dirty.rows[i] = false,
                LineId::Column(i) => self.dirty.columns[i] = false,
            }
            self.dirty.count -= 1;
            if let Some(progress) = self.solve_line(puzzle, board, line) {
                return progress;
            }
            if self.work >= limit {
                return Progress::Paused { lines: (self.line_solves - solves) as usize };
            }
        }
    }

    /// Propagates towards a fixed point without reporting lines (probing's
    /// trials), doing about [`WORK_PER_CALL`] at most: `None` when that ran
    /// out first (call again to go on: the dirty lines are kept), else the
    /// outcome, `Err(line)` naming the line that contradicted.
    pub fn settle_bounded(&mut self, puzzle: &P, board: &mut P::Board) -> Option<Result<(), LineId>> {
        self.quiet = true;
        let limit = self.work + WORK_PER_CALL;
        let result = loop {
            match self.next(puzzle, board) {
                Progress::FixedPoint => break Some(Ok(())),
                Progress::Contradiction(line) => break Some(Err(line)),
                Progress::Paused { .. } => break None,
                Progress::Line { .. } | Progress::SweepEnd { .. } => {}
            }
            if self.work >= limit {
                break None;
            }
        };
        self.quiet = false;
        result
    }

    /// Solves one line and applies its deductions; `None` when nothing changed.
    fn solve_line(&mut self, puzzle: &P, board: &mut P::Board, line: LineId) -> Option<Progress<P::Cell>> {
        self.line_solves += 1;
        let (dirty, quiet) = (&mut self.dirty, self.quiet);
        let (mut changed, mut changes) = (false, Vec::new());
        let solved = self.lines.solve_line(puzzle, board, line, &mut self.work, |pos, cell| {
            changed = true;
            dirty.mark(line.crossing(pos));
            if !quiet {
                changes.push((pos, cell));
            }
        });
        if solved.is_err() {
            return Some(Progress::Contradiction(line));
        }
        changed.then_some(Progress::Line { line, changes })
    }
}

fn find_from(flags: &[bool], from: usize) -> Option<usize> {
    flags.get(from..)?.iter().position(|&f| f).map(|p| p + from)
}
