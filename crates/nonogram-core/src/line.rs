//! Lines: what one row or column's clue and cells say, the first stage of
//! the pipeline (clue → line → propagation → probing → search → verdict).
//!
//! - [`exact`]: the exact line solver (every cell the same in all valid
//!   placements, or a contradiction), O(length × runs), any length;
//! - [`bits`]: the same reasoning on bitmasks, black and white's fast path
//!   for lines of up to 128 cells;
//! - [`cache`]: the bit solver's results by line and state, shared by
//!   propagation, probing and search;
//! - [`placement`]: placements enumerated one by one, the seeds' method,
//!   kept as the oracle the solvers are tested against and shown in the
//!   line lab.
//!
//! Colour lines have their own exact solver, `colour::line`.

pub mod bits;
pub(crate) mod cache;
pub mod exact;
pub mod placement;

pub use exact::{solve_line, Contradiction, LineSolver};
