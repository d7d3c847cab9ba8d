//! What a caller drives: a steppable solve of one puzzle, black and white
//! ([`Solver`]) or colour (`Solver<ColourPuzzle>`). The CLI's
//! `solve` and `bench`, their `--threads` race and the benchmarks take
//! either through this one trait, so both kinds have one solve path.

use super::kind::Kind;
use super::options::{SolveOptions, RACING_ENCODING};
use super::solver::Solver;
use super::verdict::{Stats, Step, Verdict};
use crate::puzzle::PuzzleError;
use crate::sat::Clock;

/// A steppable solve: an iterator of steps, the last one carrying the
/// verdict; each step does a bounded amount of work.
pub trait Engine: Iterator + Sized {
    /// The puzzle it solves.
    type Puzzle: Clone + Send + Sync + 'static;
    /// A solution: a [`crate::Grid`], or one colour per cell (row-major).
    type Solution: Send + 'static;

    /// Validates the puzzle and prepares its solve.
    fn start(puzzle: &Self::Puzzle, options: SolveOptions) -> Result<Self, PuzzleError>;
    /// Why the puzzle cannot be solved at all (its clues contradict their
    /// own lines' lengths, …), said before any engine starts.
    fn check(puzzle: &Self::Puzzle) -> Result<(), PuzzleError>;
    /// Whether engines may race on the puzzle within one solve's memory.
    fn racing_fits(puzzle: &Self::Puzzle) -> bool;
    /// The caller's clock, and the times by which clause learning's slices
    /// hand control back.
    fn set_clock(&mut self, clock: Clock, pause_at: Option<f64>, limit_at: Option<f64>);
    /// The work done so far.
    fn stats(&self) -> Stats;
    /// The verdict, when `step` is the last step.
    fn verdict_of(step: Self::Item) -> Option<Verdict<Self::Solution>>;
    /// The verdict when the search is stopped short: multiple once two
    /// solutions are known, interrupted before (see
    /// [`Solver::verdict_so_far`]).
    fn verdict_so_far(&mut self) -> Verdict<Self::Solution>;
}

impl<P: Kind + Send + Sync> Engine for Solver<P> {
    type Puzzle = P;
    type Solution = P::Solution;

    fn start(puzzle: &P, options: SolveOptions) -> Result<Solver<P>, PuzzleError> {
        Solver::new(puzzle, options)
    }
    fn check(puzzle: &P) -> Result<(), PuzzleError> {
        puzzle.check_clues()
    }
    /// Where the encoding is at most `RACING_ENCODING` (120 000) clauses.
    fn racing_fits(puzzle: &P) -> bool {
        puzzle.clause_bound() <= RACING_ENCODING
    }
    fn set_clock(&mut self, clock: Clock, pause_at: Option<f64>, limit_at: Option<f64>) {
        Solver::set_clock(self, clock, pause_at, limit_at);
    }
    fn stats(&self) -> Stats {
        Solver::stats(self)
    }
    fn verdict_of(step: Step<P>) -> Option<Verdict<P::Solution>> {
        match step {
            Step::Done { verdict } => Some(verdict),
            _ => None,
        }
    }
    fn verdict_so_far(&mut self) -> Verdict<P::Solution> {
        Solver::verdict_so_far(self)
    }
}
