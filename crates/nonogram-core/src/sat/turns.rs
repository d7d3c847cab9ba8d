//! Clause learning in turns, for either kind of puzzle: a search over every
//! grid and, when the clues have symmetries, a second one over the grids
//! they keep ([`crate::symmetry`]), taking slices in turn until the second
//! has no solution left. Black and white's [`crate::sat::SatSearch`] and colour's
//! [`crate::colour::sat::ColourSatSearch`] are both a [`ClauseSearch`]; [`Turns`] is the one
//! place that schedules them.

use super::slice::{SatProgress, Until};

/// A clause-learning search that runs in slices of contradictions and
/// rules out the solutions it is given.
pub trait ClauseSearch {
    /// A solution: a [`crate::Grid`], or one colour per cell (row-major).
    type Solution;

    /// Searches for at most `contradictions` more contradictions, handing
    /// control back by the times `until` gives; a solution it returns is
    /// ruled out of its own next runs.
    fn run_until(&mut self, contradictions: u64, until: Option<&Until>) -> SatProgress<Self::Solution>;
    /// Rules out a solution found elsewhere.
    fn exclude(&mut self, solution: &Self::Solution);
    /// The contradictions a slice should allow.
    fn slice(&self) -> u64;
    /// Contradictions so far.
    fn contradictions(&self) -> u64;
}

/// `search` with the solutions `found` ruled out (a new search, started
/// after some were found).
pub(crate) fn excluding<S: ClauseSearch>(mut search: S, found: &[S::Solution]) -> S {
    for solution in found {
        search.exclude(solution);
    }
    search
}

/// What one turn came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Turn<G> {
    /// The slice ran out; take another turn.
    Working,
    /// A new solution, already ruled out of both searches; `symmetric`:
    /// the search among the symmetric grids found it.
    Solution { solution: G, symmetric: bool },
    /// The search among the symmetric grids has no solution left; the
    /// other goes on alone.
    SymmetricExhausted,
    /// No solution is left: the search is over.
    Exhausted,
}

/// Clause learning over every grid and, with symmetries, over the grids
/// they keep, in turns (the symmetric one first: a unique solution is
/// among its grids, in a far smaller problem, and the turns keep a puzzle
/// whose symmetric grids are hard to rule out from costing more than
/// twice).
#[derive(Debug)]
pub struct Turns<S> {
    /// The search over every grid (`None` once it has ended).
    every: Option<S>,
    symmetric: Option<S>,
    symmetric_turn: bool,
    /// A slice cut short by the caller's pause (a batch's end): whether it
    /// is the symmetric search's, and its contradictions left. The next
    /// turn finishes it before the turn passes, so the two searches share
    /// the work as they do unpaused however the batches fall (in the page,
    /// cut slices once passed the turn early, and Knotty took 30 000 to
    /// 46 000 contradictions against 27 274).
    slice_left: Option<(bool, u64)>,
    /// Contradictions of the searches that have ended.
    ended: u64,
}

impl<S: ClauseSearch> Turns<S> {
    pub fn new(every: S, symmetric: Option<S>) -> Turns<S> {
        let symmetric_turn = symmetric.is_some();
        Turns { every: Some(every), symmetric, symmetric_turn, slice_left: None, ended: 0 }
    }

    /// Whether the search among the symmetric grids is still going.
    pub fn has_symmetric(&self) -> bool {
        self.symmetric.is_some()
    }

    /// Contradictions of every search so far, ended ones included.
    pub fn contradictions(&self) -> u64 {
        self.ended + [&self.every, &self.symmetric].into_iter().flatten().map(S::contradictions).sum::<u64>()
    }

    /// Rules a solution found elsewhere out of both searches.
    pub fn exclude(&mut self, solution: &S::Solution) {
        for search in [&mut self.every, &mut self.symmetric].into_iter().flatten() {
            search.exclude(solution);
        }
    }

    /// One slice, to the search whose turn it is.
    pub fn take_turn(&mut self, until: Option<&Until>) -> Turn<S::Solution> {
        let (symmetric_turn, left) = match self.slice_left.take() {
            Some((symmetric, left)) if !symmetric || self.symmetric.is_some() => (symmetric, Some(left)),
            _ => {
                let turn = self.symmetric_turn && self.symmetric.is_some();
                self.symmetric_turn = !self.symmetric_turn;
                (turn, None)
            }
        };
        let (search, other) = if symmetric_turn {
            (&mut self.symmetric, &mut self.every)
        } else {
            (&mut self.every, &mut self.symmetric)
        };
        let search = search.as_mut().expect("the search whose turn it is");
        let budget = left.unwrap_or_else(|| search.slice());
        let before = search.contradictions();
        let progress = search.run_until(budget, until);
        let used = search.contradictions().saturating_sub(before);
        if matches!(progress, SatProgress::Working) && used < budget {
            self.slice_left = Some((symmetric_turn, budget - used));
        }
        match progress {
            SatProgress::Working => Turn::Working,
            SatProgress::Solution(solution) => {
                // The search that found it has ruled it out; the other must too.
                if let Some(other) = other {
                    other.exclude(&solution);
                }
                Turn::Solution { solution, symmetric: symmetric_turn }
            }
            SatProgress::Exhausted if symmetric_turn => {
                self.ended += search.contradictions();
                self.symmetric = None;
                Turn::SymmetricExhausted
            }
            SatProgress::Exhausted => Turn::Exhausted,
        }
    }
}
