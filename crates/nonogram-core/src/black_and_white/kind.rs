//! Black and white as a kind of puzzle for the one search
//! ([`crate::search::Kind`]): a cell is [`Cell`] (`Unknown` is both
//! values), a solution a [`Grid`], the board [`Board`]
//! with its line masks, the line solver [`BitLines`] (bit-parallel, through
//! a cache), clause learning [`SatSearch`], and
//! switches four cells turned over ([`crate::switch`]).

use super::board::{BitLines, Board};
use crate::cell::Cell;
use crate::grid::Grid;
use crate::kind::LineKind;
use crate::puzzle::{Puzzle, PuzzleError};
use crate::sat::SatSearch;
use crate::search::Kind;
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
