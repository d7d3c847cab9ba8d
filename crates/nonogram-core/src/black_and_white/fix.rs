//! Making a black-and-white picture's puzzle fair ([`crate::fix`]): a
//! candidate is a cell switched; a fix says which, and how hard the
//! changed puzzle is. As colour's ([`crate::colour::fix`]).

use crate::cell::Cell;
use crate::fix::{candidates, toggled, Fixable, Search};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::search::{SolveOptions, Solver, Stats};

/// A change that makes the puzzle unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub row: usize,
    pub col: usize,
    /// The cell's new value in the picture.
    pub cell: Cell,
    /// The changed puzzle falls to line logic alone.
    pub by_line_logic: bool,
    pub guesses: u64,
}

/// A black-and-white picture: a candidate is a cell (row, column), switched.
pub struct BlackAndWhite(Grid);

impl Fixable for BlackAndWhite {
    type Candidate = (usize, usize);
    type Solver = Solver;
    type Fix = Fix;
    fn start(&self, (r, c): (usize, usize)) -> Option<Solver> {
        let puzzle = Puzzle::from_picture(&toggled(&self.0, r, c));
        Some(Solver::new(&puzzle, SolveOptions::solutions(2)).expect("the clues of a picture are valid"))
    }
    fn fix(&self, (r, c): (usize, usize), stats: &Stats) -> Fix {
        Fix {
            row: r,
            col: c,
            cell: toggled(&self.0, r, c).get(r, c),
            by_line_logic: stats.by_line_logic(),
            guesses: stats.guesses,
        }
    }
}

/// The fix search of a black-and-white picture.
pub type FixSearch = Search<BlackAndWhite>;

impl FixSearch {
    /// `other` is a solution of the picture's clues that is not the picture.
    pub fn new(picture: &Grid, other: &Grid, max_fixes: usize) -> FixSearch {
        Search::with(BlackAndWhite(picture.clone()), candidates(picture, other), max_fixes)
    }
}
