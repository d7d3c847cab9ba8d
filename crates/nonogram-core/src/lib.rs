//! Exact nonogram solver core: no web dependency, used natively by the CLI and
//! tests, and compiled to wasm by the browser worker.
//!
//! # Vocabulary
//! Each word below names one concept and no synonym is used for it.
//! - **puzzle**: a W×H board with one **clue** per row and per column ([`Puzzle`]).
//! - **clue**: the ordered **run** lengths of one line ([`Clue`]); an empty clue
//!   means the line has no filled cell.
//! - **run**: a maximal block of consecutive filled cells.
//! - **line**: a row or a column ([`LineId`]).
//! - **cell**: `Unknown`, `Empty` or `Filled` ([`Cell`]); in a colour puzzle,
//!   the set of colours it may still take ([`colour::Colours`]).
//! - **grid**: the W×H cells of a puzzle as known so far ([`Grid`]).
//! - **placement**: one way to put every run of a clue into a line ([`line::placement`]).
//! - **deduction**: a cell that is the same in every valid placement of its line.
//! - **contradiction**: what is known so far admits no completion: a line
//!   with no valid placement ([`Contradiction`]), or in clause learning a
//!   clause every literal of which is false (what [`Stats::contradictions`]
//!   counts; the CDCL solver inside `sat/cdcl` calls it a *conflict*, its
//!   own term, and nothing outside it does).
//! - **guess**: a value tried for an unknown cell during search, undone on backtrack.
//! - **solution**: a grid with no unknown cell that satisfies every clue.
//! - **stopped**: a solve its caller ended before its verdict (a time
//!   limit, the page's Stop, a new puzzle): [`Verdict::Stopped`], and
//!   clause learning's `Outcome::Stopped`; the CLI prints it as `timeout`,
//!   its only cause there.
//! - **step**: one unit of solver work reported to the caller ([`Step`]).
//!   Below search each layer reports what one call did in its own terms:
//!   propagation a [`propagate::Progress`], a slice of clause learning a
//!   [`sat::SatProgress`], the turns between its two searches a `Turn`;
//!   search makes them steps (and the page's worker sends a step as a
//!   `Frame`).
//! - **snapshot**: a copy of the grid at some step, taken by a caller that
//!   wants one (the page's playback keeps them).
//! - **kind**: black and white or colour: what a kind of puzzle brings to
//!   propagation ([`kind::LineKind`]) and to search ([`search::Kind`]).
//! - **board**: the cells as search knows them, with a trail to undo them
//!   ([`kind::Trailed`]; each kind has its own: [`black_and_white::Board`],
//!   [`colour::board::ColourBoard`]).
//!
//! # Pipeline
//! clue → [`line`] (the exact line solver, its bit-parallel form, their
//! cache) → [`propagate`] (dirty lines to a fixed
//! point, in sweeps) → [`search`] (probing, guess and backtrack, steppable;
//! hands hard puzzles to clause learning in [`sat`]) → [`Verdict`].
//! One search serves both kinds of puzzle: [`kind::LineKind`] says what a
//! kind brings to propagation (its cells, board, line solver) and
//! [`search::Kind`] what it brings to search (its solutions, clause
//! learning, switches); [`black_and_white`] and [`colour`] are the two
//! kinds, laid out alike (`board`, `kind`, `sat`, `fix`). No import runs
//! back up this order (`scripts/import-order` checks it; clause learning,
//! a tool search hands the hard tail to, sits below search).
//! [`symmetry`] finds the mirrorings and turns that keep the clues, which
//! search uses to look among symmetric grids first; [`switch`] finds the
//! solutions four cells away from a solution, which search reports before
//! clause learning searches on.
//! The brute-force [`line::placement`] enumerator is the test oracle for [`line`].
//! [`fix`] builds on search for puzzle makers: single-cell changes of a
//! picture that make its puzzle unique.

pub mod black_and_white;
pub mod cell;
pub mod colour;
pub mod fix;
pub mod generate;
pub mod grid;
pub mod hint;
pub mod kind;
pub mod line;
pub mod propagate;
pub mod puzzle;
pub mod sat;
pub mod search;
pub mod switch;
pub mod symmetry;
#[cfg(test)]
mod testing;
pub mod text;

pub use cell::Cell;
pub use grid::Grid;
pub use line::{Contradiction, LineSolver};
pub use puzzle::{Clue, LineId, Metadata, Puzzle, PuzzleError, MAX_SIDE};
pub use search::{racing_fits, solve, Derivation, SolveOptions, Solver, Stats, Step, Verdict};
