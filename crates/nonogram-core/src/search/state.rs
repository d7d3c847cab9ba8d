//! The solver's state between steps: the guess stack, where the state
//! machine is, what probing remembers, and the restarts' budgets.

use crate::puzzle::LineId;

/// One guess on the stack: the trail's length before it, its cell, the
/// value tried first, and whether the cell's other values are being tried
/// (the guess's second branch: the cell is not `first`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Guess<C> {
    pub(super) trail_len: usize,
    pub(super) index: usize,
    pub(super) first: C,
    pub(super) tried_second: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    Propagate,
    Probe,
    Branch,
    Backtrack,
    Learn,
    Finished,
    Reported,
}

/// Per-cell probing memory: when each cell was last probed and what it showed.
#[derive(Clone, Debug, Default)]
pub(super) struct ProbeMemory<C> {
    /// Next grid index to consider (wrapping).
    pub(super) cursor: usize,
    /// Board clock when each cell was last probed (0: never).
    pub(super) probed_at: Vec<u64>,
    /// The fewest and the most cells one value deduced at each cell's last
    /// probe (each cell counted once).
    pub(super) deduced: Vec<(u32, u32)>,
    /// The value that deduced the most (the first tried among equals).
    pub(super) best: Vec<C>,
}

/// Restarts: search runs with a budget of backtracks that doubles each run
/// (so some run always finishes, and the search stays complete), each with
/// its own branching score and tie-break. Hard puzzles vary a lot with these
/// choices; restarts keep one unlucky choice from costing minutes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Restarts {
    pub(super) run: u32,
    pub(super) budget: u64,
    pub(super) backtracks: u64,
}

impl Restarts {
    pub(super) const FIRST_BUDGET: u64 = 500;

    pub(super) fn new() -> Restarts {
        Restarts { run: 0, budget: Self::FIRST_BUDGET, backtracks: 0 }
    }

    /// Branching score from the cells each value deduces, `a` and `b` (the
    /// fewest and the most where a cell has more than two values). The
    /// runs take turns among three scores, since hard puzzles differ in which
    /// one suits them (measured on TAAI #836: 22 s with the first score
    /// alone, 1.4 s in turns; Forever stays with the first):
    /// - min(a, b): a guess that deduces much either way;
    /// - (a + 1)(b + 1): both counts, so an unbalanced cell can win;
    /// - min(a, b) + 1.85 ln(1 + |a − b|): a bonus for imbalance (one value
    ///   likely to fail fast), the score issue 5 suggests.
    pub(super) fn score(&self, (a, b): (u32, u32)) -> f64 {
        let (a, b) = (f64::from(a), f64::from(b));
        match self.run % 3 {
            0 => a.min(b),
            1 => (a + 1.0) * (b + 1.0),
            _ => a.min(b) + 1.85 * (1.0 + (a - b).abs()).ln(),
        }
    }

    /// Orders cells of equal score: lowest index first in the first run,
    /// then a different pseudo-random order each run.
    pub(super) fn tie_break(&self, index: usize) -> u64 {
        if self.run == 0 {
            u64::MAX - index as u64
        } else {
            (index as u64 ^ u64::from(self.run)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 8
        }
    }
}

/// A probe under way: its cell, the cell's values when it began (each
/// tried in turn), the outcomes of those tried before, and, while
/// suspended between steps, the cells its trial had set
/// (the board itself is back as before the trial, so the grid a caller sees
/// never holds a trial's cells).
#[derive(Debug)]
pub(super) struct ProbeRun<C> {
    pub(super) index: usize,
    pub(super) values: C,
    pub(super) trials: Vec<Trial<C>>,
    pub(super) suspended: Vec<(u32, C)>,
}

/// What trying one value of a cell showed.
#[derive(Debug)]
pub(super) enum Trial<C> {
    Contradiction(LineId),
    /// The cells (grid index, value) the value deduced, each once, the
    /// probed cell first.
    Settled(Vec<(u32, C)>),
}

impl<C> Trial<C> {
    /// The cells a settled trial deduced.
    pub(super) fn cells(&self) -> &[(u32, C)] {
        match self {
            Trial::Settled(cells) => cells,
            Trial::Contradiction(_) => unreachable!("a settled trial"),
        }
    }
}
