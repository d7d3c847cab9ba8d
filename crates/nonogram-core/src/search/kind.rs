//! What one kind of puzzle brings to the one search: its cells, its board,
//! its line solver behind propagation, its clause learning and its
//! switches. Black and white ([`crate::Puzzle`]) and colour
//! ([`crate::colour::ColourPuzzle`]) are the two kinds; [`super::Solver`]
//! is generic over them, so propagation, probing, guessing, restarts, the
//! hand-over to clause learning, switches, symmetry and the verdict are
//! written once.
//!
//! A cell is the set of values it may still take: black and white's
//! [`crate::Cell`] (`Unknown` is both), colour's [`crate::colour::Colours`] (a bit
//! per colour). Search narrows cells: a guess sets one value, a backtrack
//! takes that value away, a probe tries each value in turn.

#[cfg(feature = "splr")]
use super::options::SolveOptions;
use crate::grid::Grid;
use crate::line::exact::Contradiction;
use crate::puzzle::{LineId, PuzzleError};
use crate::sat::turns::ClauseSearch;
use crate::switch::Switch;
use crate::symmetry::Symmetry;
use std::fmt::Debug;
use std::hash::Hash;

/// A solution of either kind: a [`Grid`], or one colour per cell.
pub trait Solution: Clone + Eq + Hash {
    /// Its image under a symmetry of the clues (a solution too).
    fn image(&self, symmetry: &Symmetry) -> Self;
}

impl Solution for Grid {
    fn image(&self, symmetry: &Symmetry) -> Grid {
        symmetry.apply(self)
    }
}

impl Solution for Vec<u8> {
    fn image(&self, symmetry: &Symmetry) -> Vec<u8> {
        symmetry.apply_to(self)
    }
}

/// A kind of puzzle (see the module's documentation). The puzzle type is
/// the kind: `Solver<Puzzle>` solves black and white
/// ([`crate::black_and_white`]), `Solver<ColourPuzzle>` colour
/// ([`crate::colour::kind`]).
pub trait Kind: Clone + Debug + Sized + 'static {
    /// What a cell may still be.
    type Cell: Copy + Eq + Debug + Default;
    /// A solution: a [`Grid`], or one colour per cell (row-major).
    type Solution: Solution + Debug + Send + 'static;
    /// The cells as known now, with a trail to undo them.
    type Board: Trailed<Cell = Self::Cell> + Debug;
    /// The line solver propagation calls, with its cache.
    type Lines: LineSteps<Self> + Debug;
    /// Clause learning over the puzzle's cells.
    type Learning: ClauseSearch<Solution = Self::Solution> + Debug;

    /// Why the clues cannot make a puzzle, if they cannot.
    fn check_clues(&self) -> Result<(), PuzzleError>;
    /// Width and height.
    fn size(&self) -> (usize, usize);
    /// A board with every cell open to every value.
    fn new_board(&self) -> Self::Board;
    /// The line solver, its cache empty.
    fn new_lines(&self) -> Self::Lines;
    /// The values of `cell`, one value each, in the order probing tries
    /// them (black and white: filled, then empty).
    fn values(cell: Self::Cell) -> impl Iterator<Item = Self::Cell>;
    /// True when `cell` has one value left.
    fn is_known(cell: Self::Cell) -> bool;
    /// The values of either.
    fn union(a: Self::Cell, b: Self::Cell) -> Self::Cell;
    /// `cell` without the values of `value`.
    fn without(cell: Self::Cell, value: Self::Cell) -> Self::Cell;
    /// The value to guess in `cell` when no probe scored it: black and
    /// white fills it, colour gives it a colour other than the background
    /// (placing a run deduces more than a gap does).
    fn first_guess(cell: Self::Cell) -> Self::Cell;
    /// The value of cell `index` in `solution`.
    fn value_in(solution: &Self::Solution, index: usize) -> Self::Cell;
    /// The board, every cell known, as a solution.
    fn solution_of(board: &Self::Board) -> Self::Solution;
    /// True when `solution` keeps every clue.
    fn is_solution_of(&self, solution: &Self::Solution) -> bool;
    /// The clues' symmetries ([`crate::symmetry`]).
    fn symmetries_of(&self) -> Vec<Symmetry>;
    /// An upper bound on clause learning's clauses.
    fn clause_bound(&self) -> u64;
    /// Clause learning from the board's cells, among the grids
    /// `symmetries` keep (none: every grid).
    fn new_learning(&self, board: &Self::Board, seed: Option<u64>, symmetries: &[Symmetry])
        -> Self::Learning;
    /// Clause learning that starts near `solution` (its values as the
    /// saved phases), where the kind has one.
    fn learning_near(
        &self,
        _board: &Self::Board,
        _seed: Option<u64>,
        _solution: &Self::Solution,
    ) -> Option<Self::Learning> {
        None
    }
    /// The contradictions our clause learning meets before splr takes
    /// over, where the kind has splr (`None`: it never does).
    #[cfg(feature = "splr")]
    fn splr_after(&self, _options: &SolveOptions) -> Option<u64> {
        None
    }
    /// splr's clause learning, where the kind has it.
    #[cfg(feature = "splr")]
    fn long_learning(&self, _board: &Self::Board, _options: &SolveOptions) -> Option<Self::Learning> {
        None
    }
    /// Solutions four cells from `solution` ([`crate::switch`]), each with
    /// its switch, checked against the clues; at most `wanted` of them
    /// (the solutions asked for) or the kind's own bound.
    fn switches_of(&self, solution: &Self::Solution, wanted: usize) -> Vec<(Self::Solution, Switch)>;
}

/// The cells of a board as known now, with a trail of the cells set, so
/// search can undo them, and a clock that stamps the rows and columns
/// that change (probing skips cells whose lines did not change since their
/// last probe).
pub trait Trailed {
    type Cell: Copy + Eq;
    /// Whether a cell can be set twice on the trail (narrowed, then
    /// narrowed again): colour's can, black and white's are set once.
    const REPEATS: bool;

    /// Cell `index` (row-major).
    fn cell(&self, index: usize) -> Self::Cell;
    /// Cells in all.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Cells with more than one value left.
    fn unknown(&self) -> usize;
    /// Narrows cell `index` to `cell` (a subset of its values) and puts it
    /// on the trail.
    fn set(&mut self, index: usize, cell: Self::Cell);
    fn trail_len(&self) -> usize;
    /// The cells set since the trail had `len` entries (a cell narrowed
    /// twice is there twice).
    fn trail_since(&self, len: usize) -> &[u32];
    /// Puts back every cell set after the trail had `len` entries.
    fn undo_to(&mut self, len: usize);
    /// The change clock's current tick.
    fn clock(&self) -> u64;
    /// The tick at which the row or the column through a cell last changed.
    fn cell_stamp(&self, index: usize) -> u64;
    /// Whether changes tick the clock (a probe's trials put back a
    /// suspended trial's cells without a trace).
    fn set_stamping(&mut self, on: bool);
}

/// The line solver behind propagation, for one kind of puzzle.
pub trait LineSteps<P: Kind> {
    /// Solves `line` of `board`: sets each cell it deduces on the board,
    /// calling `changed` with its position along the line and its new
    /// value; `Err` when no placement fits. Adds the solve's cost to
    /// `work` (units of [`crate::propagate::WORK_PER_CALL`]).
    fn solve_line(
        &mut self,
        puzzle: &P,
        board: &mut P::Board,
        line: LineId,
        work: &mut u64,
        changed: impl FnMut(usize, P::Cell),
    ) -> Result<(), Contradiction>;
    /// Frees the cache, for a search that will solve no line for a long
    /// while (clause learning).
    fn release(&mut self);
}
