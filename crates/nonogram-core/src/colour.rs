//! Colour nonograms (issue 19). A colour puzzle has a palette: a background
//! (index 0) and up to 31 colours, each with a name, an RGB value and a
//! symbol (the character it is written with). A run has a length and a
//! colour; two consecutive runs of the same colour need at least one
//! background cell between them, runs of different colours may touch.
//! A cell's state is the set of colours it may still take, background
//! included, as a bitmask ([`Colours`]): bit 0 the background, bit `c`
//! colour `c`. Black and white is the one-colour case, with its fast
//! bit-parallel line solver; this module is what two colours or more bring
//! to the one search ([`crate::search::Solver`], generic over the kind of
//! puzzle).
//!
//! clue → [`line`] (exact colour line solver) → [`board`] (the cells and
//! their trail, the line solver behind propagation) → [`kind`] (colour as
//! a [`crate::search::Kind`]: `Solver<ColourPuzzle>` propagates, probes,
//! guesses, restarts and hands over to clause learning in [`sat`] as black
//! and white does) → verdict.

pub mod board;
pub mod fix;
pub mod kind;
pub mod line;
pub mod placement;
pub mod puzzle;
pub mod sat;
pub mod switch;

pub use kind::{solve_colour, ColourSolver, ColourStep};
pub use line::solve_colour_line;
pub use placement::colour_placements;
pub use puzzle::{
    black_view, colour_clue_of, colours_of, default_palette, hex, ColourPuzzle, ColourRun, Colours, Swatch,
    BACKGROUND, MAX_COLOURS,
};
