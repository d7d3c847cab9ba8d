//! What one kind of puzzle brings to the one search, beyond what it brings
//! to propagation ([`crate::kind::LineKind`]: its cells, its board, its
//! line solver): its solutions, its clause learning and its switches. Black and white ([`crate::Puzzle`]) and colour
//! ([`crate::colour::ColourPuzzle`]) are the two kinds; [`super::Solver`]
//! is generic over them, so propagation, probing, guessing, restarts, the
//! hand-over to clause learning, switches, symmetry and the verdict are
//! written once.
//!
//! A cell is the set of values it may still take: black and white's
//! [`crate::Cell`] (`Unknown` is both), colour's [`crate::colour::Colours`] (a bit
//! per colour). Search narrows cells: a guess sets one value, a backtrack
//! takes that value away, a probe tries each value in turn.

use crate::grid::Grid;
use crate::kind::LineKind;
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

/// A kind of puzzle (see the module's documentation): what search needs
/// of it beyond what propagation does ([`LineKind`]: its cells, board and
/// line solver). The puzzle type is the kind: `Solver<Puzzle>` solves black and white
/// ([`crate::black_and_white`]), `Solver<ColourPuzzle>` colour
/// ([`crate::colour::kind`]).
pub trait Kind: LineKind {
    /// A solution: a [`Grid`], or one colour per cell (row-major).
    type Solution: Solution + Debug + Send + 'static;
    /// Clause learning over the puzzle's cells.
    type Learning: ClauseSearch<Solution = Self::Solution> + Debug;

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
    /// Solutions four cells from `solution` ([`crate::switch`]), each with
    /// its switch, checked against the clues; at most `wanted` of them
    /// (the solutions asked for) or the kind's own bound.
    fn switches_of(&self, solution: &Self::Solution, wanted: usize) -> Vec<(Self::Solution, Switch)>;
}
