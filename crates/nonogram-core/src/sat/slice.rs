//! When clause learning hands control back (on the caller's clock), and
//! what a slice of its work ended with.

use crate::grid::Grid;

/// The caller's clock, in milliseconds from any origin. The core reads no
/// clock of its own (WebAssembly's `std` has none): the CLI passes one
/// built on `Instant`, the worker `performance.now()`.
pub type Clock = std::sync::Arc<dyn Fn() -> f64 + Send + Sync>;

/// When a slice of clause learning should hand control back, on the
/// caller's clock: at `pause_at` (a batch's end: our solver stops and
/// resumes where it was), and at the latest at `limit_at` (the solve's
/// time limit).
#[derive(Clone)]
pub struct Until {
    pub clock: Clock,
    pub pause_at: Option<f64>,
    pub limit_at: Option<f64>,
}

impl std::fmt::Debug for Until {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Until").field("pause_at", &self.pause_at).field("limit_at", &self.limit_at).finish()
    }
}

impl Until {
    /// The earlier of the two times, if any.
    pub(crate) fn first(&self) -> Option<f64> {
        match (self.pause_at, self.limit_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// What a slice of SAT work ended with; a solution is a [`Grid`], or for
/// a colour puzzle one colour per cell (see [`crate::colour::sat`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatProgress<G = Grid> {
    /// The contradiction budget ran out; call [`SatSearch::run`] again.
    Working,
    /// A new solution (checked against every clue); the search goes on for the next.
    Solution(G),
    /// No solution is left: the solutions found so far are all there are.
    Exhausted,
}
