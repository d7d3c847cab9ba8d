//! Search: propagation, then guess and backtrack, as a steppable state machine.
//!
//! [`Solver`] is an iterator of [`Step`]s; each `next()` does a bounded amount
//! of work (one line solved, one sweep's scan, one guess or one backtrack), so
//! a caller can stream the steps, stop at any time, or enforce its own time
//! limit. Nothing recurses: guesses live on an explicit stack of frames and
//! undo uses the board's trail, so memory stays O(cells) however deep it goes.
//!
//! Branching: the unknown cell whose row and column are most known (the
//! guess most likely to settle further cells), tried filled first, then
//! empty. Every solution is checked against the clues before it is reported.

use crate::cell::Cell;
use crate::grid::Grid;
use crate::propagate::{Board, Progress, Propagation};
use crate::puzzle::{LineId, Puzzle, PuzzleError};

/// How far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Stop after this many solutions (at least 1; 2 proves uniqueness).
    pub max_solutions: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { max_solutions: 2 }
    }
}

/// One unit of solver work, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A line was solved; its changed cells (position along the line, new value).
    Line { line: LineId, changes: Vec<(usize, Cell)> },
    /// A sweep (all dirty rows, then all dirty columns) ended.
    Sweep { sweep: usize, unknown: usize },
    /// A line has no placement fitting its cells, with `depth` guesses in force.
    Contradiction { line: LineId, depth: usize },
    /// A guess: cell (row, col) set to `cell`; `depth` guesses are now in force.
    Guess { row: usize, col: usize, cell: Cell, depth: usize },
    /// A guess was undone and its cell set to the other value (`cell`), which
    /// holds in every solution still to be found under the `depth` earlier guesses.
    Backtrack { row: usize, col: usize, cell: Cell, depth: usize },
    /// A solution (1-based `index`), checked against every clue.
    Solution { index: usize, grid: Grid },
    /// The search is over.
    Done { verdict: Verdict },
}

/// The outcome of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution, proven by exhausting the search.
    Unique(Grid),
    /// At least two different solutions (the first `max_solutions` found).
    Multiple(Vec<Grid>),
    /// No solution; `line` names the line that contradicts before any guess.
    None { line: Option<LineId> },
    /// The caller stopped the solve before it ended (time limit or cancel).
    Interrupted,
}

impl Verdict {
    /// `unique`, `multiple`, `none` or `timeout` (the CLI's words).
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(_) => "multiple",
            Verdict::None { .. } => "none",
            Verdict::Interrupted => "timeout",
        }
    }

    pub fn solutions(&self) -> &[Grid] {
        match self {
            Verdict::Unique(g) => std::slice::from_ref(g),
            Verdict::Multiple(gs) => gs,
            _ => &[],
        }
    }
}

/// Counters of the work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub line_solves: u64,
    pub sweeps: usize,
    pub guesses: u64,
    pub backtracks: u64,
    pub max_depth: usize,
}

impl Stats {
    /// True when no guess was needed: the puzzle fell to line logic alone.
    pub fn by_line_logic(&self) -> bool {
        self.guesses == 0
    }
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    trail_len: usize,
    index: usize,
    first: Cell,
    tried_second: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Propagate,
    Branch,
    Backtrack,
    Finished,
    Reported,
}

/// A steppable solve of one puzzle; iterate it for its [`Step`]s.
#[derive(Debug)]
pub struct Solver {
    puzzle: Puzzle,
    options: SolveOptions,
    board: Board,
    propagation: Propagation,
    frames: Vec<Frame>,
    state: State,
    solutions: Vec<Grid>,
    root_contradiction: Option<LineId>,
    stats: Stats,
}

impl Solver {
    /// Validates the puzzle and prepares a solve.
    pub fn new(puzzle: &Puzzle, options: SolveOptions) -> Result<Solver, PuzzleError> {
        puzzle.validate()?;
        let (w, h) = (puzzle.width(), puzzle.height());
        Ok(Solver {
            puzzle: puzzle.clone(),
            options: SolveOptions { max_solutions: options.max_solutions.max(1) },
            board: Board::new(w, h),
            propagation: Propagation::new(w, h),
            frames: Vec::new(),
            state: State::Propagate,
            solutions: Vec::new(),
            root_contradiction: None,
            stats: Stats::default(),
        })
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The grid as known now (under the guesses in force).
    pub fn grid(&self) -> &Grid {
        &self.board.grid
    }

    pub fn unknown(&self) -> usize {
        self.board.unknown()
    }

    /// Guesses in force now.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    pub fn stats(&self) -> Stats {
        Stats { line_solves: self.propagation.line_solves(), sweeps: self.propagation.sweeps(), ..self.stats }
    }

    /// The verdict once the search is over; `None` while it is still running.
    pub fn verdict(&self) -> Option<Verdict> {
        matches!(self.state, State::Finished | State::Reported).then(|| self.make_verdict())
    }

    fn make_verdict(&self) -> Verdict {
        match self.solutions.len() {
            0 => Verdict::None { line: self.root_contradiction },
            1 => Verdict::Unique(self.solutions[0].clone()),
            _ => Verdict::Multiple(self.solutions.clone()),
        }
    }

    fn coords(&self, index: usize) -> (usize, usize) {
        let w = self.puzzle.width();
        (index / w, index % w)
    }

    /// The unknown cell to guess: the one whose row and column are most known.
    fn choose_cell(&self) -> Option<usize> {
        let grid = &self.board.grid;
        let (w, h) = (grid.width(), grid.height());
        let mut row_known = vec![0usize; h];
        let mut col_known = vec![0usize; w];
        for (i, c) in grid.cells().iter().enumerate() {
            if c.is_known() {
                row_known[i / w] += 1;
                col_known[i % w] += 1;
            }
        }
        // Compare known fractions k_r/w + k_c/h as integers: k_r*h + k_c*w.
        grid.cells()
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_known())
            .max_by_key(|&(i, _)| (row_known[i / w] * h + col_known[i % w] * w, std::cmp::Reverse(i)))
            .map(|(i, _)| i)
    }

    fn propagate(&mut self) -> Option<Step> {
        match self.propagation.next(&self.puzzle, &mut self.board) {
            Progress::Line { line, changes } => Some(Step::Line { line, changes }),
            Progress::SweepEnd { sweep, unknown } => Some(Step::Sweep { sweep, unknown }),
            Progress::Contradiction(line) => {
                if self.frames.is_empty() {
                    self.root_contradiction = Some(line);
                }
                self.state = State::Backtrack;
                Some(Step::Contradiction { line, depth: self.frames.len() })
            }
            Progress::FixedPoint if self.board.unknown() > 0 => {
                self.state = State::Branch;
                None
            }
            Progress::FixedPoint => {
                let grid = self.board.grid.clone();
                // Propagation checks every line a cell changed in; this second,
                // independent check guards the verdict itself.
                assert!(self.puzzle.is_solution(&grid), "propagation produced a grid that breaks a clue");
                self.solutions.push(grid.clone());
                self.state = if self.solutions.len() >= self.options.max_solutions {
                    State::Finished
                } else {
                    State::Backtrack
                };
                Some(Step::Solution { index: self.solutions.len(), grid })
            }
        }
    }

    fn branch(&mut self) -> Option<Step> {
        let Some(index) = self.choose_cell() else {
            self.state = State::Propagate;
            return None;
        };
        let first = Cell::Filled;
        self.frames.push(Frame { trail_len: self.board.trail_len(), index, first, tried_second: false });
        self.board.set(index, first);
        self.propagation.mark_cell(self.puzzle.width(), index);
        self.stats.guesses += 1;
        self.stats.max_depth = self.stats.max_depth.max(self.frames.len());
        self.state = State::Propagate;
        let (row, col) = self.coords(index);
        Some(Step::Guess { row, col, cell: first, depth: self.frames.len() })
    }

    fn backtrack(&mut self) -> Option<Step> {
        while self.frames.last().is_some_and(|f| f.tried_second) {
            self.frames.pop();
        }
        let Some(frame) = self.frames.last_mut() else {
            self.state = State::Finished;
            return None;
        };
        frame.tried_second = true;
        let frame = *frame;
        self.board.undo_to(frame.trail_len);
        self.propagation.clear();
        let cell = frame.first.opposite();
        self.board.set(frame.index, cell);
        self.propagation.mark_cell(self.puzzle.width(), frame.index);
        self.stats.backtracks += 1;
        self.state = State::Propagate;
        let (row, col) = self.coords(frame.index);
        Some(Step::Backtrack { row, col, cell, depth: self.frames.len() - 1 })
    }
}

impl Iterator for Solver {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        loop {
            let step = match self.state {
                State::Propagate => self.propagate(),
                State::Branch => self.branch(),
                State::Backtrack => self.backtrack(),
                State::Finished => {
                    self.state = State::Reported;
                    Some(Step::Done { verdict: self.make_verdict() })
                }
                State::Reported => return None,
            };
            if step.is_some() {
                return step;
            }
        }
    }
}

/// Solves a puzzle to the end, or until `keep_going` (called after every step)
/// returns false, which gives [`Verdict::Interrupted`].
pub fn solve(
    puzzle: &Puzzle,
    options: SolveOptions,
    mut keep_going: impl FnMut(&Step) -> bool,
) -> Result<(Verdict, Stats), PuzzleError> {
    let mut solver = Solver::new(puzzle, options)?;
    while let Some(step) = solver.next() {
        if let Step::Done { verdict } = step {
            return Ok((verdict, solver.stats()));
        }
        if !keep_going(&step) {
            return Ok((Verdict::Interrupted, solver.stats()));
        }
    }
    unreachable!("a solver always ends with Step::Done")
}
