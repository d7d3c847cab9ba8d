//! A CDCL SAT solver shaped for nonogram encodings: most clauses are binary
//! (the order encoding's chains), the rest ternary. Binary clauses live in
//! implication lists (no clause memory to read on the hot path), merged into
//! one array in literal order so that neighbouring literals' lists share
//! cache lines; longer ones in one arena watched by two literals with a
//! blocker.
//!
//! The search: VSIDS decisions, first-UIP learning with recursive
//! minimisation, Luby restarts (a unit of 100 contradictions), and
//! reductions that keep the clauses of LBD 2 or less for good, those of
//! LBD 6 or less while they take part in contradictions, and the better
//! half of the rest. Each decision tries its variable's *target* value
//! first: its value in the longest assignment without a contradiction met
//! since the last rephasing (as CaDiCaL and Kissat do in their "stable"
//! mode), else the value it last had (phase saving). Rephasing (at 1000
//! contradictions, then after 1000, 2000, 3000 … more) makes those longest
//! values the saved ones and starts the targets afresh. docs/BENCHMARKS.md
//! has the figures behind each choice.

//!
//! Its parts: `lit.rs` (variables and literals), `store.rs` (the arena's
//! layout, watches, reasons, constants), `solver.rs` (the state, clauses
//! added, the search loop), `propagate.rs`, `analyze.rs` (learning),
//! `order.rs` (decisions and phases), `reduce.rs` (the learnt clauses).

mod analyze;
mod lit;
mod order;
mod propagate;
mod reduce;
mod solver;
mod store;
#[cfg(test)]
mod tests;

pub(crate) use lit::{Lit, Var};
pub(crate) use solver::Cdcl;
