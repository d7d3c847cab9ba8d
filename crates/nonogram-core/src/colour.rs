//! Colour nonograms (issue 19). A colour puzzle has a palette: a background
//! (index 0) and up to 31 colours, each with a name, an RGB value and a
//! symbol (the character it is written with). A run has a length and a
//! colour; two consecutive runs of the same colour need at least one
//! background cell between them, runs of different colours may touch.
//! A cell's state is the set of colours it may still take, background
//! included, as a bitmask ([`Colours`]): bit 0 the background, bit `c`
//! colour `c`. Black and white is the one-colour case, solved by the
//! faster [`crate::search`]; this module is for two colours or more.
//!
//! clue → [`line`] (exact colour line solver) → [`search`] (propagation,
//! probing, guess and backtrack, as a steppable state machine) → verdict.

pub mod fix;
pub mod line;
pub mod placement;
pub mod puzzle;
pub mod sat;
pub mod search;
pub mod switch;

pub use line::solve_colour_line;
pub use placement::colour_placements;
pub use puzzle::{
    black_view, colour_clue_of, default_palette, hex, ColourPuzzle, ColourRun, Colours, Swatch, BACKGROUND,
    MAX_COLOURS,
};
pub use search::{solve_colour, ColourSolver, ColourStep};
