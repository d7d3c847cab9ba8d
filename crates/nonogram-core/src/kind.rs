//! What a kind of puzzle brings to propagation: its cells, its board (the
//! cells as known, with a trail to undo them) and its line solver. Below
//! propagation in the pipeline, so that propagation needs nothing of
//! search; [`crate::search::Kind`] adds what search needs (solutions,
//! clause learning, switches). Black and white ([`crate::Puzzle`],
//! [`crate::black_and_white`]) and colour ([`crate::colour::ColourPuzzle`],
//! [`crate::colour`]) are the two kinds.

use crate::line::exact::Contradiction;
use crate::puzzle::{LineId, PuzzleError};
use std::fmt::Debug;

/// A kind of puzzle as propagation sees it: its cells, its board and its
/// line solver.
pub trait LineKind: Clone + Debug + Sized + 'static {
    /// What a cell may still be.
    type Cell: Copy + Eq + Debug + Default;
    /// The cells as known now, with a trail to undo them.
    type Board: Trailed<Cell = Self::Cell> + Debug;
    /// The line solver propagation calls, with its cache.
    type Lines: LineSteps<Self> + Debug;

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
pub trait LineSteps<P: LineKind> {
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
