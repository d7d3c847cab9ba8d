//! Black and white as a kind of puzzle for the one search
//! ([`crate::search::Kind`]): a cell is [`Cell`] (`Unknown` is both
//! values), a solution a [`Grid`], the board [`Board`]
//! with its line masks, the line solver [`BitLines`] (bit-parallel, through
//! a cache), clause learning [`SatSearch`] (with splr for long runs), and
//! switches four cells turned over ([`crate::switch`]).

use super::board::{BitLines, Board};
use crate::cell::Cell;
use crate::grid::Grid;
use crate::kind::LineKind;
use crate::puzzle::{Puzzle, PuzzleError};
use crate::sat::SatSearch;
use crate::search::Kind;
#[cfg(feature = "splr")]
use crate::search::SolveOptions;
use crate::switch::{self, Switch};
use crate::symmetry::{symmetries, Symmetry};

impl LineKind for Puzzle {
    type Cell = Cell;
    type Board = Board;
    type Lines = BitLines;

    fn check_clues(&self) -> Result<(), PuzzleError> {
        self.validate()
    }
    fn size(&self) -> (usize, usize) {
        (self.width(), self.height())
    }
    fn new_board(&self) -> Board {
        Board::new(self.width(), self.height())
    }
    fn new_lines(&self) -> BitLines {
        BitLines::new(self.width(), self.height())
    }
    fn values(cell: Cell) -> impl Iterator<Item = Cell> {
        let both: &[Cell] = match cell {
            Cell::Unknown => &[Cell::Filled, Cell::Empty],
            Cell::Filled => &[Cell::Filled],
            Cell::Empty => &[Cell::Empty],
        };
        both.iter().copied()
    }
    fn is_known(cell: Cell) -> bool {
        cell.is_known()
    }
    fn union(a: Cell, b: Cell) -> Cell {
        if a == b {
            a
        } else {
            Cell::Unknown
        }
    }
    fn without(cell: Cell, value: Cell) -> Cell {
        match cell {
            Cell::Unknown => value.opposite(),
            _ if cell == value => panic!("a cell without its one value"),
            _ => cell,
        }
    }
}

impl Kind for Puzzle {
    type Solution = Grid;
    type Learning = SatSearch;

    fn first_guess(_cell: Cell) -> Cell {
        Cell::Filled
    }
    fn value_in(solution: &Grid, index: usize) -> Cell {
        solution.cells()[index]
    }
    fn solution_of(board: &Board) -> Grid {
        board.grid.clone()
    }
    fn is_solution_of(&self, solution: &Grid) -> bool {
        self.is_solution(solution)
    }
    fn symmetries_of(&self) -> Vec<Symmetry> {
        symmetries(self)
    }
    fn clause_bound(&self) -> u64 {
        SatSearch::clause_bound(self)
    }
    fn new_learning(&self, board: &Board, seed: Option<u64>, symmetries: &[Symmetry]) -> SatSearch {
        SatSearch::new_symmetric(self, &board.grid, seed, symmetries)
    }
    fn learning_near(&self, board: &Board, seed: Option<u64>, solution: &Grid) -> Option<SatSearch> {
        Some(SatSearch::new_near(self, &board.grid, seed, Some(solution)))
    }
    /// [`SolveOptions::splr_after`], fewer in proportion where the encoding
    /// is larger than `LARGE_ENCODING` clauses. There each
    /// contradiction costs more, and the memory grows with the learnt
    /// clauses: on Faase (about 330 000 clauses) batsat's (our solver then)
    /// 200 000 contradictions took about two minutes, in which the process
    /// grew from 82 MB to 151 MB, and gave splr nothing (splr starts from
    /// the root's clauses). Never past `MAX_SPLR_CLAUSES`.
    #[cfg(feature = "splr")]
    fn splr_after(&self, options: &SolveOptions) -> Option<u64> {
        use crate::search::{LARGE_ENCODING, MAX_SPLR_CLAUSES};
        let bound = SatSearch::clause_bound(self).max(1);
        if bound > MAX_SPLR_CLAUSES {
            return None;
        }
        options.splr_after.map(|after| {
            if bound > LARGE_ENCODING {
                (after as u128 * LARGE_ENCODING as u128 / bound as u128) as u64
            } else {
                after
            }
        })
    }
    #[cfg(feature = "splr")]
    fn long_learning(&self, board: &Board, options: &SolveOptions) -> Option<SatSearch> {
        Some(SatSearch::new_long(self, &board.grid, options.splr_seconds, options.splr_generation))
    }
    fn switches_of(&self, solution: &Grid, wanted: usize) -> Vec<(Grid, Switch)> {
        // Each solution found so far may be one switch's: as many switches
        // as solutions asked for are enough.
        switch::switches(solution, wanted)
            .into_iter()
            .map(|switch| {
                let found = switch.apply(solution);
                assert!(self.is_solution(&found), "a switch broke a clue");
                (found, switch)
            })
            .collect()
    }
}
