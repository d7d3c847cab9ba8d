//! Making a picture's puzzle fair: when the clues of a picture have another
//! solution, find single-cell changes of the picture whose clues have one.
//!
//! Candidates are the cells where the picture and the other solution
//! differ, then the cells around them (one ring, then two). Each candidate
//! is a whole solve; [`FixSearch::run`] works in slices the caller bounds,
//! so a worker can yield between them.

use crate::cell::Cell;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::search::{until_verdict, SolveOptions, Solver, Step, Verdict};

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

/// Cells to try, nearest to the differences first: the differing cells,
/// then those within 1, then within 2 (Chebyshev distance), each group in
/// reading order.
pub fn candidates(picture: &Grid, other: &Grid) -> Vec<(usize, usize)> {
    let (w, h) = (picture.width(), picture.height());
    nearby(w, h, |i| picture.cells()[i] != other.cells().get(i).copied().unwrap_or(Cell::Unknown))
}

/// The cells of a `w`×`h` grid within 2 (Chebyshev distance) of a cell
/// where `differs(index)`, nearest first, each distance in reading order.
pub fn nearby(w: usize, h: usize, differs: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let differing: Vec<(usize, usize)> =
        (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| differs(r * w + c)).collect();
    let mut distance = vec![usize::MAX; w * h];
    for &(r, c) in &differing {
        for rr in r.saturating_sub(2)..(r + 3).min(h) {
            for cc in c.saturating_sub(2)..(c + 3).min(w) {
                let d = rr.abs_diff(r).max(cc.abs_diff(c));
                distance[rr * w + cc] = distance[rr * w + cc].min(d);
            }
        }
    }
    let mut cells: Vec<(usize, usize, usize)> =
        (0..w * h).filter(|&i| distance[i] <= 2).map(|i| (distance[i], i / w, i % w)).collect();
    cells.sort_unstable();
    cells.into_iter().map(|(_, r, c)| (r, c)).collect()
}

/// The picture with one cell switched.
pub fn toggled(picture: &Grid, row: usize, col: usize) -> Grid {
    let mut g = picture.clone();
    let flipped = if g.get(row, col) == Cell::Filled { Cell::Empty } else { Cell::Filled };
    g.set(row, col, flipped);
    g
}

/// Tries candidates one solve at a time, keeping those that give one solution.
pub struct FixSearch {
    picture: Grid,
    candidates: Vec<(usize, usize)>,
    next: usize,
    current: Option<((usize, usize), Solver)>,
    fixes: Vec<Fix>,
    max_fixes: usize,
}

impl FixSearch {
    /// `other` is a solution of the picture's clues that is not the picture.
    pub fn new(picture: &Grid, other: &Grid, max_fixes: usize) -> FixSearch {
        FixSearch {
            picture: picture.clone(),
            candidates: candidates(picture, other),
            next: 0,
            current: None,
            fixes: Vec::new(),
            max_fixes,
        }
    }

    /// Fixes found so far: line logic first, then by fewest guesses, then in
    /// the order tried.
    pub fn fixes(&self) -> &[Fix] {
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
                let (r, c) = self.candidates[self.next];
                self.next += 1;
                let puzzle = Puzzle::from_picture(&toggled(&self.picture, r, c));
                let solver = Solver::new(&puzzle, SolveOptions::solutions(2))
                    .expect("the clues of a picture are valid");
                self.current = Some(((r, c), solver));
            }
            let ((r, c), solver) = self.current.as_mut().expect("set above");
            let (r, c) = (*r, *c);
            let done = |step| if let Step::Done { verdict } = step { Some(verdict) } else { None };
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
                let cell = toggled(&self.picture, r, c).get(r, c);
                let fix = Fix {
                    row: r,
                    col: c,
                    cell,
                    by_line_logic: stats.by_line_logic(),
                    guesses: stats.guesses,
                };
                let key = |f: &Fix| (!f.by_line_logic, f.guesses);
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
