//! Search: propagation, then guess and backtrack, as a steppable state machine.
//!
//! One search for every kind of puzzle: [`Solver<P>`] is generic over the
//! puzzle's [`Kind`] (`kind.rs`: solutions, clause learning, switches,
//! over [`crate::kind::LineKind`]: the cell's values, the board and its
//! trail, the line solver behind propagation).
//! Black and white ([`crate::black_and_white`]) is the kind whose cell has
//! two values, with the bit-parallel line solver; colour
//! ([`crate::colour::kind`]) the kind whose cell is a set of colours. Where
//! this documentation says "both values", read "each of the cell's values".
//!
//! [`Solver`] is an iterator of [`Step`]s; each `next()` does a bounded amount
//! of work (one line solved, one sweep's scan, one probe, one guess, one
//! backtrack or one restart, and never much more line solving than
//! [`crate::propagate::WORK_PER_CALL`]: past it, a scan or a probe's trial is suspended with a
//! [`Step::Working`] and goes on at the next call), so a caller can stream
//! the steps, stop at any time, or enforce its own time limit, on a
//! 1000×1000 board too. Nothing recurses: guesses live on an explicit stack and
//! undo uses the board's trail, so memory stays O(cells) however deep it goes.
//!
//! Probing: when propagation stalls, each unknown cell is tried both ways
//! (each of its values) with full propagation (one probe per step). A value
//! that contradicts is taken away (in black and white, the other is
//! forced); a cell every trial narrowed keeps only the values some trial
//! left it (in black and white: cells that come out the same both ways are
//! forced too).
//! A cell is probed again only when its row or column changed since its last
//! probe (skipping one can miss a deduction, never make a wrong one); when no
//! cell needs a probe, search branches.
//!
//! Branching: on the cell whose probes deduce the most cells either way,
//! scored from the `a` and `b` cells its two values deduce (the fewest and
//! the most one value deduced, where a cell has more values): the restart
//! runs take turns among `min(a, b)`, `(a + 1)(b + 1)` and
//! `min(a, b) + 1.85·ln(1 + |a − b|)` (see `state.rs`), trying first the
//! value that deduces most; cells no probe has scored fall back to the one
//! whose row and column are most known. Measured on webpbn #6574 "Forever":
//! `min(a, b)` needs 74–350 guesses whatever the tie-break, while
//! `min(a, b) + 1.85·ln(1 + |a − b|)` needed 43 290. Every solution is
//! checked against the clues before it is reported.
//!
//! Solutions found without search: each new solution brings its images
//! under the clues' symmetries ([`crate::symmetry`]) as further solutions,
//! and its switches ([`crate::switch`]: four cells at a rectangle's corners
//! turned over), checked against the clues, before clause learning goes on
//! (solutions found by guessing, when it hands over: guessing meets a
//! second solution near the first soon, or proves the first unique, and
//! looking costs some 20 µs on a 25×25).
//! Of TAAI 2011's last 200 puzzles, 199 have a switch in the first solution
//! found; clause learning had spent 17 % of their contradictions finding
//! the second (198 884 in all, 164 537 with switches).
//!
//! Clause learning: after [`SolveOptions::learn_after`] guesses, or once
//! their probing has tried as many cells as the grid has, the search
//! returns to the root and hands over to [`crate::sat`], which runs in slices
//! (one [`Step::Learning`] each) with the root's known cells and the
//! solutions found so far. On TAAI 2011's hard puzzles it turned minutes of
//! guessing into seconds; Forever went from about 50 ms to about 20 ms.
//! Our CDCL solver ([`crate::sat::cdcl`]) runs to the end: splr, which
//! took over long runs before, no longer earned its place
//! (docs/DECISIONS.md, "splr no longer earns its place").

pub mod kind;
mod learning;
mod options;
mod probe;
mod solutions;
mod solver;
mod state;
mod verdict;

pub use kind::Kind;
pub use options::{racing_fits, SolveOptions};
pub use solutions::{most_solutions, solution_bytes, SOLUTIONS_MEMORY};
pub use solver::{solve, until_verdict, Solver};
pub use verdict::{Derivation, Stats, Step, Verdict};
