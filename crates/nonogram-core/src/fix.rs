//! Making a picture's puzzle fair: when the clues of a picture have another
//! solution, find single-cell changes of the picture whose clues have one.
//!
//! Candidates are the cells where the picture and the other solution
//! differ, then the cells around them (one ring, then two). Each candidate
//! is a whole solve; [`Search::run`] works in slices the caller bounds,
//! so a worker can yield between them. Each kind brings its picture and
//! its fix: [`crate::black_and_white::fix`] and [`crate::colour::fix`].

use crate::cell::Cell;
use crate::grid::Grid;
use crate::search::{until_verdict, Kind, Solver, Stats, Step, Verdict};

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
    // Distances are 0, 1 or 2: one pass each, in reading order (no sort,
    // which took 3.6 KB of the worker's wasm).
    let distance = &distance;
    (0..=2).flat_map(|d| (0..w * h).filter(move |&i| distance[i] == d)).map(|i| (i / w, i % w)).collect()
}

/// The picture with one cell switched.
pub fn toggled(picture: &Grid, row: usize, col: usize) -> Grid {
    let mut g = picture.clone();
    let flipped = if g.get(row, col) == Cell::Filled { Cell::Empty } else { Cell::Filled };
    g.set(row, col, flipped);
    g
}

/// A solver a fix search steps to its verdict.
pub trait FixSolver: Iterator {
    /// For the last step, whether the changed puzzle has one solution;
    /// `None` for any other step.
    fn unique(step: &Self::Item) -> Option<bool>;
    fn work(&self) -> Stats;
}

impl<P: Kind> FixSolver for Solver<P> {
    fn unique(step: &Step<P>) -> Option<bool> {
        match step {
            Step::Done { verdict } => Some(matches!(verdict, Verdict::Unique(_))),
            _ => None,
        }
    }
    fn work(&self) -> Stats {
        self.stats()
    }
}

/// What a fix search needs of its picture (black and white here, colour
/// in [`crate::colour::fix`]): how to start a candidate's solve, and the
/// fix a candidate whose puzzle is unique makes.
pub trait Fixable {
    type Candidate: Copy;
    type Solver: FixSolver;
    type Fix;
    /// The changed picture's solver; `None`: nothing to try.
    fn start(&self, candidate: Self::Candidate) -> Option<Self::Solver>;
    fn fix(&self, candidate: Self::Candidate, stats: &Stats) -> Self::Fix;
}

/// Tries candidates one solve at a time, keeping those that give one
/// solution: the candidates in the order to try, the one being solved, and
/// the fixes found, the easiest first (line logic, then fewest guesses,
/// then in the order tried). [`FixSearch`] for black and white,
/// [`crate::colour::fix::ColourFixSearch`] for colour.
pub struct Search<P: Fixable> {
    picture: P,
    candidates: Vec<P::Candidate>,
    next: usize,
    current: Option<(P::Candidate, P::Solver)>,
    fixes: Vec<P::Fix>,
    /// Each fix's ease: (not by line logic, guesses), in order.
    ease: Vec<(bool, u64)>,
    max_fixes: usize,
}

impl<P: Fixable> Search<P> {
    pub(crate) fn with(picture: P, candidates: Vec<P::Candidate>, max_fixes: usize) -> Search<P> {
        Search { picture, candidates, next: 0, current: None, fixes: Vec::new(), ease: Vec::new(), max_fixes }
    }

    /// Fixes found so far: line logic first, then by fewest guesses, then in
    /// the order tried.
    pub fn fixes(&self) -> &[P::Fix] {
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
                let candidate = self.candidates[self.next];
                self.next += 1;
                match self.picture.start(candidate) {
                    Some(solver) => self.current = Some((candidate, solver)),
                    None => continue,
                }
            }
            let (candidate, solver) = self.current.as_mut().expect("set above");
            let candidate = *candidate;
            let mut stopped = false;
            let unique = until_verdict(
                solver,
                |step| P::Solver::unique(&step),
                || {
                    stopped = !keep_going();
                    !stopped
                },
            );
            if stopped {
                return false;
            }
            let stats = solver.work();
            self.current = None;
            if unique == Some(true) {
                let key = (!stats.by_line_logic(), stats.guesses);
                let at = self.ease.partition_point(|k| *k <= key);
                self.ease.insert(at, key);
                self.fixes.insert(at, self.picture.fix(candidate, &stats));
            }
            if !keep_going() {
                return self.is_done();
            }
        }
        true
    }
}
