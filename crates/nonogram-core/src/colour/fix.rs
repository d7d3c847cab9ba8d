//! Making a colour picture's puzzle fair, as [`crate::fix`] does for black
//! and white: when the clues of a colour picture have another solution,
//! single-cell changes (a cell given another colour, the background
//! included) whose clues have one. Candidates: the cells where the picture
//! and the other solution differ, then those around them (see
//! [`crate::fix::nearby`]); at each, the other solution's colour first, then
//! the rest. Each candidate is a whole solve, in slices the caller bounds.

use super::kind::ColourSolver;
use super::puzzle::{ColourPuzzle, Swatch};
use crate::fix::{Fixable, Search};
use crate::search::{SolveOptions, Stats};

/// A change that makes the colour puzzle unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourFix {
    pub row: usize,
    pub col: usize,
    /// The cell's new colour (0 the background).
    pub colour: u8,
    pub by_line_logic: bool,
    pub guesses: u64,
}

/// A colour picture: a candidate is a cell (grid index) and its new colour.
pub struct ColourPicture {
    picture: Vec<u8>,
    width: usize,
    palette: Vec<Swatch>,
}

impl Fixable for ColourPicture {
    type Candidate = (usize, u8);
    type Solver = ColourSolver;
    type Fix = ColourFix;
    fn start(&self, (i, colour): (usize, u8)) -> Option<ColourSolver> {
        let mut changed = self.picture.clone();
        changed[i] = colour;
        // A colour no run has any more still fits its palette; a puzzle
        // the solver refuses is no candidate.
        let puzzle = ColourPuzzle::from_picture_with(&changed, self.width, self.palette.clone());
        ColourSolver::new(&puzzle, SolveOptions::solutions(2)).ok()
    }
    fn fix(&self, (i, colour): (usize, u8), stats: &Stats) -> ColourFix {
        ColourFix {
            row: i / self.width,
            col: i % self.width,
            colour,
            by_line_logic: stats.by_line_logic(),
            guesses: stats.guesses,
        }
    }
}

/// The fix search of a colour picture.
pub type ColourFixSearch = Search<ColourPicture>;

impl ColourFixSearch {
    /// `other` is a solution of the picture's clues that is not the picture;
    /// `palette` has every colour a cell may take.
    pub fn new(
        picture: &[u8],
        width: usize,
        other: &[u8],
        palette: Vec<Swatch>,
        max_fixes: usize,
    ) -> ColourFixSearch {
        let height = picture.len() / width.max(1);
        let colours = palette.len() as u8;
        let cells = crate::fix::nearby(width, height, |i| picture.get(i) != other.get(i));
        let mut candidates = Vec::new();
        for (r, c) in cells {
            let i = r * width + c;
            let (own, theirs) = (picture[i], other.get(i).copied().unwrap_or(picture[i]));
            let order = std::iter::once(theirs).chain(0..colours);
            for colour in order.filter(|&k| k != own && k < colours) {
                if !candidates.contains(&(i, colour)) {
                    candidates.push((i, colour));
                }
            }
        }
        let picture = ColourPicture { picture: picture.to_vec(), width: width.max(1), palette };
        Search::with(picture, candidates, max_fixes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::default_palette;
    use crate::search::Verdict;

    #[test]
    fn a_fix_makes_a_two_solution_picture_unique() {
        // A red diagonal under a blue row has two solutions.
        let (picture, other) = ([1, 0, 0, 1, 2, 2], [0, 1, 1, 0, 2, 2]);
        let mut search = ColourFixSearch::new(&picture, 2, &other, default_palette(2), 6);
        assert!(search.total() > 0);
        while !search.run(|| true) {}
        assert!(!search.fixes().is_empty());
        for fix in search.fixes() {
            let mut changed = picture;
            changed[fix.row * 2 + fix.col] = fix.colour;
            let puzzle = ColourPuzzle::from_picture_with(&changed, 2, default_palette(2));
            let (verdict, _) = super::super::solve_colour(&puzzle, 2, |_| true).unwrap();
            assert_eq!(verdict, Verdict::Unique(changed.to_vec()), "{fix:?}");
        }
        assert!(search.tried() <= search.total());
    }
}
