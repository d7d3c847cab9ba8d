//! The solver's state between steps: the guess stack, where the state
//! machine is, what probing remembers, and the restarts' budgets.

use crate::cell::Cell;
use crate::puzzle::LineId;

/// One guess on the stack: the trail's length before it, its cell, the
/// value tried first, and whether the other value is being tried.
#[derive(Clone, Copy, Debug)]
pub(super) struct Guess {
    pub(super) trail_len: usize,
    pub(super) index: usize,
    pub(super) first: Cell,
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
pub(super) struct ProbeMemory {
    /// Next grid index to consider (wrapping).
    pub(super) cursor: usize,
    /// Board clock when each cell was last probed (0: never).
    pub(super) probed_at: Vec<u64>,
    /// Cells deduced by each value (filled, empty) at each cell's last probe.
    pub(super) deduced: Vec<(u32, u32)>,
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

    /// Branching score from the cells each value deduces, `a` and `b`. The
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

/// A probe under way: its cell, the value being tried, the filled value's
/// outcome once known, and, while suspended between steps, the cells its
/// trial had set (the board itself is back as before the trial, so the grid
/// a caller sees never holds a trial's cells).
#[derive(Debug)]
pub(super) struct ProbeRun {
    pub(super) index: usize,
    pub(super) value: Cell,
    pub(super) filled: Option<Trial>,
    pub(super) suspended: Vec<(u32, Cell)>,
}

/// What trying one value of a cell showed.
#[derive(Debug)]
pub(super) enum Trial {
    Contradiction(LineId),
    /// The cells (grid index, value) the value deduced, the probed cell first.
    Settled(Vec<(u32, Cell)>),
}
