//! Clause learning for the hard tail: the puzzle as CNF for our CDCL SAT
//! solver ([`crate::sat::cdcl`]).
//!
//! # Encoding (order encoding, every clause of at most three literals)
//! One variable `x` per cell (true = filled). For each run `i` of a line, with
//! earliest start `e` and latest start `l` (runs packed left, packed right),
//! `U(i, p)` means "run `i` starts at or before position `p`": false below
//! `e`, true from `l` on, a variable in between. Then, for the line's runs
//! `r_0 … r_{k-1}`:
//! - monotone: `U(i, p) → U(i, p + 1)`;
//! - order: `U(i + 1, p) → U(i, p − r_i − 1)` (a gap after each run);
//! - cover: `U(i, c) ∧ ¬U(i, c − r_i) → x_c` (run `i` covers cell `c`);
//! - gaps: before run 0 (`¬U(0, c)`), between runs (`U(i, c − r_i) ∧
//!   ¬U(i + 1, c)`) and after the last (`U(k − 1, c − r_{k−1})`), `¬x_c`.
//!
//! A model gives each run exactly one start, the starts leave a gap between
//! runs, and a cell is filled exactly when a run covers it: the models are the
//! solutions, one to one. Cells already known (from line logic and probing)
//! go in as unit clauses. After a solution, a clause that forbids it asks for
//! another; none left proves uniqueness.
//!
//! Among the grids a puzzle's symmetries keep ([`SatSearch::new_symmetric`]),
//! the cells that the symmetries move into one another share one variable,
//! and of the lines that then read the same variables under the same clue
//! (forwards or backwards) only one is encoded: under Knotty's turns, a
//! quarter of the cells and lines (9 428 clauses against 36 717 with each
//! cell tied to its images by two clauses).
//!
//! [`SatSearch::run`] works for a bounded number of contradictions and can be
//! called again, so callers can slice the work and stop at any time.

pub(crate) mod cdcl;
mod encode;
mod search;
pub(crate) mod slice;
#[cfg(test)]
mod tests;
pub(crate) mod turns;

#[cfg(test)]
pub(crate) use encode::ClauseCount;
pub(crate) use encode::{add_terms, encode_runs, runs_clause_bound, ClauseSink, EncodedLines, Term};
pub use encode::{dimacs, write_dimacs};
pub(crate) use search::slice_for;
pub use search::SatSearch;
pub use slice::{Clock, SatProgress, Until};
pub(crate) use turns::excluding;
pub use turns::{ClauseSearch, Turn, Turns};
