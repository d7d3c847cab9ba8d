//! Making a colour picture's puzzle fair, as [`crate::fix`] does for black
//! and white: when the clues of a colour picture have another solution,
//! single-cell changes (a cell given another colour, the background
//! included) whose clues have one. Candidates: the cells where the picture
//! and the other solution differ, then those around them (see
//! [`crate::fix::nearby`]); at each, the other solution's colour first, then
//! the rest. Each candidate is a whole solve, in slices the caller bounds.

use super::{ColourPuzzle, ColourSolver, ColourStep, Swatch};
use crate::search::{until_verdict, Verdict};

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

/// Tries candidates one solve at a time, keeping those that give one solution.
pub struct ColourFixSearch {
    picture: Vec<u8>,
    width: usize,
    palette: Vec<Swatch>,
    candidates: Vec<(usize, u8)>,
    next: usize,
    current: Option<((usize, u8), ColourSolver)>,
    fixes: Vec<ColourFix>,
    max_fixes: usize,
}

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
        ColourFixSearch {
            picture: picture.to_vec(),
            width: width.max(1),
            palette,
            candidates,
            next: 0,
            current: None,
            fixes: Vec::new(),
            max_fixes,
        }
    }

    /// Fixes found so far: line logic first, then by fewest guesses, then in
    /// the order tried.
    pub fn fixes(&self) -> &[ColourFix] {
        &self.fixes
    }

    /// Candidates whose solve has ended.
    pub fn tried(&self) -> usize {
        self.next - usize::from(self.current.is_some())
    }

    pub fn total(&self) -> usize {
        self.candidates.len()
    }

    pub fn is_done(&self) -> bool {
        self.fixes.len() >= self.max_fixes || (self.current.is_none() && self.next >= self.candidates.len())
    }

    /// Runs solver steps while `keep_going()` (asked after each step) says
    /// so; returns true when the search is over.
    pub fn run(&mut self, mut keep_going: impl FnMut() -> bool) -> bool {
        while !self.is_done() {
            if self.current.is_none() {
                let (i, colour) = self.candidates[self.next];
                self.next += 1;
                let mut changed = self.picture.clone();
                changed[i] = colour;
                let puzzle = ColourPuzzle::from_picture_with(&changed, self.width, self.palette.clone());
                match ColourSolver::new(&puzzle, 2) {
                    Ok(solver) => self.current = Some(((i, colour), solver)),
                    Err(_) => continue, // a colour no run has any more: its palette still fits
                }
            }
            let ((i, colour), solver) = self.current.as_mut().expect("set above");
            let (i, colour) = (*i, *colour);
            let done = |step| if let ColourStep::Done { verdict } = step { Some(verdict) } else { None };
            let mut stopped = false;
            let verdict = until_verdict(solver, done, || {
                stopped = !keep_going();
                !stopped
            });
            if stopped {
                return false;
            }
            let stats = solver.stats();
            self.current = None;
            if let Some(Verdict::Unique(_)) = verdict {
                let fix = ColourFix {
                    row: i / self.width,
                    col: i % self.width,
                    colour,
                    by_line_logic: stats.by_line_logic(),
                    guesses: stats.guesses,
                };
                let key = |f: &ColourFix| (!f.by_line_logic, f.guesses);
                let at = self.fixes.partition_point(|f| key(f) <= key(&fix));
                self.fixes.insert(at, fix);
            }
            if !keep_going() {
                return self.is_done();
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::default_palette;

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
