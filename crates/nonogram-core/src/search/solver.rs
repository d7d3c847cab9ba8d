//! [`Solver`], the state machine: each step propagates, probes
//! (`probe.rs`), guesses, backtracks or learns clauses (`learning.rs`), and
//! reports the verdict. One state machine for every kind of puzzle
//! ([`Kind`]): `Solver` (`Solver<Puzzle>`) solves black and white,
//! `Solver<ColourPuzzle>` colour.

use super::kind::Kind;
use super::options::*;
use super::solutions::{images, most_solutions, Solutions};
use super::state::{Guess, ProbeMemory, ProbeRun, Restarts, State, Trial};
use super::verdict::{Derivation, Stats, Step, Verdict};
use crate::grid::Grid;
use crate::kind::Trailed;
use crate::propagate::{Progress, Propagation};
use crate::puzzle::{LineId, Puzzle, PuzzleError};
use crate::sat::Turns;
use crate::sat::{Clock, Until};
use crate::symmetry::Symmetry;
use std::collections::VecDeque;

/// A steppable solve of one puzzle of kind `P`; iterate it for its
/// [`Step`]s.
#[derive(Debug)]
pub struct Solver<P: Kind = Puzzle> {
    pub(super) puzzle: P,
    pub(super) options: SolveOptions,
    pub(super) board: P::Board,
    pub(super) propagation: Propagation<P>,
    pub(super) guesses: Vec<Guess<P::Cell>>,
    pub(super) state: State,
    pub(super) solutions: Solutions<P::Solution>,
    pub(super) root_contradiction: Option<LineId>,
    pub(super) stats: Stats,
    pub(super) probe: ProbeMemory<P::Cell>,
    pub(super) restart: Restarts,
    /// Scratch: for each cell, the probe's trials before the last that set
    /// it, and the union of the values they left it.
    pub(super) probe_marks: Vec<(u32, P::Cell)>,
    /// The probe under way when a step's work ran out in one of its trials.
    pub(super) probe_run: Option<ProbeRun<P::Cell>>,
    /// A probe's list of trial cells, kept for the next probe (an
    /// allocation per trial showed in TAAI's instruction counts).
    pub(super) spare_cells: Vec<(u32, P::Cell)>,
    /// Scratch: the cells a trial's list holds already (see
    /// [`super::kind::Trailed::REPEATS`]).
    pub(super) probe_seen: Vec<bool>,
    /// A probe's list of trials, kept for the next probe.
    pub(super) spare_trials: Vec<Trial<P::Cell>>,
    /// Clause learning, once the search has handed over to it: over every
    /// grid and, with symmetries, over the grids they keep, in turns.
    pub(super) learning: Option<Turns<P::Learning>>,
    /// Whether the puzzle's clauses are few enough for clause learning.
    pub(super) learning_fits: bool,
    /// Cells probed before the first guess (see [`Solver::learning_due`]).
    pub(super) probes_at_first_guess: u64,
    /// The clues' symmetries ([`crate::symmetry`]).
    pub(super) symmetries: Vec<Symmetry>,
    /// Steps to report before any further work: the images of a solution.
    pub(super) pending: VecDeque<Step<P>>,
    /// The caller's clock and times, for clause learning's slices.
    pub(super) until: Option<Until>,
}

impl Solver<Puzzle> {
    /// The grid as known now (under the guesses in force).
    pub fn grid(&self) -> &Grid {
        &self.board.grid
    }
}

impl<P: Kind> Solver<P> {
    /// Validates the puzzle and prepares a solve.
    pub fn new(puzzle: &P, options: SolveOptions) -> Result<Solver<P>, PuzzleError> {
        puzzle.check_clues()?;
        let (w, h) = puzzle.size();
        let open = P::Cell::default();
        Ok(Solver {
            puzzle: puzzle.clone(),
            options: SolveOptions {
                max_solutions: options.max_solutions.clamp(1, most_solutions(w * h)),
                ..options
            },
            board: puzzle.new_board(),
            propagation: Propagation::new(puzzle),
            guesses: Vec::new(),
            state: State::Propagate,
            solutions: Solutions::new(options.max_solutions, w * h),
            root_contradiction: None,
            stats: Stats::default(),
            probe: ProbeMemory {
                cursor: 0,
                probed_at: vec![0; w * h],
                deduced: vec![(0, 0); w * h],
                best: vec![open; w * h],
            },
            probe_marks: vec![(0, open); w * h],
            probe_run: None,
            spare_cells: Vec::new(),
            spare_trials: Vec::new(),
            probe_seen: vec![false; w * h],
            restart: Restarts::new(),
            learning: None,
            learning_fits: puzzle.clause_bound() <= MAX_LEARNING_CLAUSES,
            probes_at_first_guess: 0,
            symmetries: puzzle.symmetries_of(),
            pending: VecDeque::new(),
            until: None,
        })
    }

    pub fn puzzle(&self) -> &P {
        &self.puzzle
    }

    /// Guesses before clause learning takes over (`None`: it never does;
    /// see [`SolveOptions::learn_after`]).
    pub fn set_learn_after(&mut self, learn_after: Option<u64>) {
        self.options.learn_after = learn_after;
    }

    /// Gives the solver the caller's clock (milliseconds, any origin) and
    /// the times on it by which a step should hand control back: `pause_at`
    /// (a batch's end; `None`: none) and `limit_at` (the solve's time
    /// limit). Steps of line solving are bounded by work whatever the
    /// clock; this bounds clause learning's slices, which otherwise run for
    /// a number of contradictions (a slice took 0.4 s on a random 100×100
    /// picture). The caller still reads its clock between steps to stop.
    pub fn set_clock(&mut self, clock: Clock, pause_at: Option<f64>, limit_at: Option<f64>) {
        self.until = Some(Until { clock, pause_at, limit_at });
    }

    /// Moves the time a step should hand control back by (see
    /// [`Solver::set_clock`]); nothing without a clock.
    pub fn set_pause_at(&mut self, pause_at: Option<f64>) {
        if let Some(until) = &mut self.until {
            until.pause_at = pause_at;
        }
    }

    /// The cells as known now (under the guesses in force).
    pub fn board(&self) -> &P::Board {
        &self.board
    }

    pub fn unknown(&self) -> usize {
        self.board.unknown()
    }

    /// The puzzle's symmetries ([`crate::symmetry`]).
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// Guesses in force now.
    pub fn depth(&self) -> usize {
        self.guesses.len()
    }

    pub fn stats(&self) -> Stats {
        Stats {
            line_solves: self.propagation.line_solves(),
            sweeps: self.propagation.sweeps(),
            contradictions: self.learning.as_ref().map_or(0, Turns::contradictions),
            ..self.stats
        }
    }

    /// The verdict when the search stops short of its end (a time limit,
    /// a person's Stop): [`Verdict::Multiple`] once two solutions are
    /// known (the solutions move into it), [`Verdict::Stopped`]
    /// before. A solver asked for it is over.
    pub fn verdict_so_far(&mut self) -> Verdict<P::Solution> {
        self.state = State::Reported;
        match self.solutions.len() {
            0 | 1 => Verdict::Stopped,
            _ => self.solutions.take_verdict(None),
        }
    }

    /// How many solutions are found so far.
    pub fn solutions_found(&self) -> usize {
        self.solutions.len()
    }

    /// The verdict, once the search is over (the solutions move into it).
    pub(super) fn make_verdict(&mut self) -> Verdict<P::Solution> {
        self.solutions.take_verdict(self.root_contradiction)
    }

    pub(super) fn coords(&self, index: usize) -> (usize, usize) {
        let w = self.puzzle.size().0;
        (index / w, index % w)
    }

    /// The unknown cell to guess: the one whose row and column are most known.
    pub(super) fn choose_cell(&self) -> Option<usize> {
        let board = &self.board;
        let (w, h) = self.puzzle.size();
        let mut row_known = vec![0usize; h];
        let mut col_known = vec![0usize; w];
        for i in 0..board.len() {
            if P::is_known(board.cell(i)) {
                row_known[i / w] += 1;
                col_known[i % w] += 1;
            }
        }
        // Compare known fractions k_r/w + k_c/h as integers: k_r*h + k_c*w.
        (0..board.len())
            .filter(|&i| !P::is_known(board.cell(i)))
            .max_by_key(|&i| (row_known[i / w] * h + col_known[i % w] * w, std::cmp::Reverse(i)))
    }

    pub(super) fn propagate(&mut self) -> Option<Step<P>> {
        match self.propagation.next(&self.puzzle, &mut self.board) {
            Progress::Line { line, changes } => Some(Step::Line { line, changes }),
            Progress::SweepEnd { sweep, unknown } => Some(Step::Sweep { sweep, unknown }),
            Progress::Paused { lines } => Some(Step::Working { lines }),
            Progress::Contradiction(line) => {
                if self.guesses.is_empty() {
                    self.root_contradiction = Some(line);
                }
                self.state = State::Backtrack;
                Some(Step::Contradiction { line, depth: self.guesses.len() })
            }
            Progress::FixedPoint if self.board.unknown() > 0 => {
                self.state = State::Probe;
                None
            }
            Progress::FixedPoint => {
                let grid = P::solution_of(&self.board);
                // Propagation checks every line a cell changed in; this second,
                // independent check guards the verdict itself.
                assert!(self.puzzle.is_solution_of(&grid), "propagation produced a grid that breaks a clue");
                self.state = State::Backtrack;
                if self.solutions.contains(&grid) {
                    // Found again after a restart, or the image of one found.
                    return None;
                }
                // Guessing goes on: it meets a second solution near this
                // one soon, or proves it unique; switches wait for clause
                // learning (see `start_learning`).
                Some(self.record(grid, false))
            }
        }
    }

    /// Adds a new solution, then the solutions found from it without search
    /// that are new too: its images under the symmetries, then, with
    /// `switches`, its switches (see [`crate::switch`]); their steps are
    /// queued, and clause learning rules them out. Up to the number asked
    /// for, which ends the search.
    pub(super) fn record(&mut self, grid: P::Solution, switches: bool) -> Step<P> {
        let of = self.solutions.add(grid.clone());
        for (found, how) in images(&grid, &self.symmetries) {
            self.derived(found, of, how);
        }
        if switches {
            self.add_switches(&grid, of);
        }
        if self.solutions.enough() {
            self.state = State::Finished;
        }
        Step::Solution { index: of, grid, from: None }
    }

    /// Queues the switches of `grid`, solution `of`, that are new solutions,
    /// up to the number asked for.
    pub(super) fn add_switches(&mut self, grid: &P::Solution, of: usize) {
        if self.solutions.enough() {
            return;
        }
        for (found, switch) in self.puzzle.switches_of(grid, self.solutions.max()) {
            self.derived(found, of, Derivation::Switch(switch));
        }
    }

    /// Queues `found`, a solution found from solution `of` as `how` says,
    /// unless it was found before or enough are.
    pub(super) fn derived(&mut self, found: P::Solution, of: usize, how: Derivation) {
        debug_assert!(self.puzzle.is_solution_of(&found), "a solution found without search breaks a clue");
        let Some(index) = self.solutions.add_derived(&found) else { return };
        if let Some(learning) = &mut self.learning {
            learning.exclude(&found);
        }
        self.pending.push_back(Step::Solution { index, grid: found, from: Some((of, how)) });
    }

    /// Sets an unknown cell (a guess, a probe's trial value, or a deduction)
    /// and marks its row and column for propagation.
    pub(super) fn assign(&mut self, index: usize, value: P::Cell) {
        self.board.set(index, value);
        self.propagation.mark_cell(self.puzzle.size().0, index);
    }

    pub(super) fn branch(&mut self) -> Option<Step<P>> {
        if self.learning_due() {
            return self.start_learning();
        }
        let board = &self.board;
        let restart = &self.restart;
        let best = (0..board.len())
            .filter(|&i| !P::is_known(board.cell(i)) && self.probe.probed_at[i] > 0)
            .map(|i| (restart.score(self.probe.deduced[i]), restart.tie_break(i), i))
            .max_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)))
            .map(|(_, _, i)| i);
        let choice = match best {
            // The value that deduced most, while the cell still has it.
            Some(i)
                if P::is_known(self.probe.best[i])
                    && P::union(board.cell(i), self.probe.best[i]) == board.cell(i) =>
            {
                Some((i, self.probe.best[i]))
            }
            Some(i) => Some((i, P::first_guess(board.cell(i)))),
            None => self.choose_cell().map(|i| (i, P::first_guess(board.cell(i)))),
        };
        let Some((index, mut first)) = choice else {
            self.state = State::Propagate;
            return None;
        };
        // With a solution in hand, look for another: try a value it does
        // not have first, so the first branch leads away from it.
        if let Some(found) = self.solutions.first() {
            let there = P::value_in(found, index);
            first = P::values(self.board.cell(index)).find(|&v| v != there).unwrap_or(first);
        }
        if self.stats.guesses == 0 {
            self.probes_at_first_guess = self.stats.probes;
        }
        self.guesses.push(Guess { trail_len: self.board.trail_len(), index, first, tried_second: false });
        self.assign(index, first);
        self.stats.guesses += 1;
        self.stats.max_depth = self.stats.max_depth.max(self.guesses.len());
        self.state = State::Propagate;
        let (row, col) = self.coords(index);
        Some(Step::Guess { row, col, cell: first, depth: self.guesses.len() })
    }

    pub(super) fn backtrack(&mut self) -> Option<Step<P>> {
        if self.learning_due() && !self.guesses.is_empty() {
            return self.start_learning();
        }
        self.restart.backtracks += 1;
        if self.restart.backtracks > self.restart.budget && !self.guesses.is_empty() {
            // Back to the root, and a new run.
            self.back_to_root();
            self.restart.run += 1;
            self.restart.budget *= 2;
            self.restart.backtracks = 0;
            self.stats.restarts += 1;
            self.state = State::Probe;
            return Some(Step::Restart { run: self.restart.run as usize + 1 });
        }
        while self.guesses.last().is_some_and(|f| f.tried_second) {
            self.guesses.pop();
        }
        let Some(guess) = self.guesses.last_mut() else {
            self.state = State::Finished;
            return None;
        };
        guess.tried_second = true;
        let guess = *guess;
        self.board.undo_to(guess.trail_len);
        self.propagation.clear();
        let cell = P::without(self.board.cell(guess.index), guess.first);
        self.assign(guess.index, cell);
        self.stats.backtracks += 1;
        self.state = State::Propagate;
        let (row, col) = self.coords(guess.index);
        Some(Step::Backtrack { row, col, cell, depth: self.guesses.len() - 1 })
    }
}

impl<P: Kind> Iterator for Solver<P> {
    type Item = Step<P>;

    fn next(&mut self) -> Option<Step<P>> {
        if let Some(step) = self.pending.pop_front() {
            return Some(step);
        }
        loop {
            let step = match self.state {
                State::Propagate => self.propagate(),
                State::Probe => self.probe(),
                State::Branch => self.branch(),
                State::Backtrack => self.backtrack(),
                State::Learn => self.learn(),
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

/// Steps `steps` until `verdict_of` finds the verdict in a step, asking
/// `keep_going()` after every other step: `None` when it said stop first
/// (the caller steps on later), or when the steps ended without a verdict.
pub fn until_verdict<S, V>(
    steps: &mut impl Iterator<Item = S>,
    verdict_of: impl Fn(S) -> Option<V>,
    mut keep_going: impl FnMut() -> bool,
) -> Option<V> {
    for step in steps {
        match verdict_of(step) {
            Some(v) => return Some(v),
            None if !keep_going() => return None,
            None => {}
        }
    }
    None
}

/// Solves a puzzle to the end, or until `keep_going` (called after every step)
/// returns false, which gives [`Verdict::Stopped`].
pub fn solve<P: Kind>(
    puzzle: &P,
    options: SolveOptions,
    mut keep_going: impl FnMut(&Step<P>) -> bool,
) -> Result<(Verdict<P::Solution>, Stats), PuzzleError> {
    let mut solver = Solver::new(puzzle, options)?;
    while let Some(step) = solver.next() {
        if let Step::Done { verdict } = step {
            return Ok((verdict, solver.stats()));
        }
        if !keep_going(&step) {
            return Ok((Verdict::Stopped, solver.stats()));
        }
    }
    unreachable!("a solver always ends with Step::Done")
}
