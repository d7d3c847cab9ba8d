//! Puzzle text formats: detection, parsers and writers, outside the solver.
//!
//! Parsing never panics: every error is a [`ParseError`] that says what is
//! wrong and where (1-based line and column of the text, or the row/column of
//! the puzzle). Every parsed puzzle has passed [`nonogram_core::Puzzle::validate`].
//!
//! [`parse`] detects the format ([`detect`]) and reads the text with
//! [`parse_as`]; each format has its reader (`numeric`, `non`, `json`,
//! `xml`, `taai`, `picture`), all within the limits of [`read`]; [`write`]
//! and its siblings write puzzles back out.

mod detect;
mod error;
mod format;
mod json;
mod non;
mod numeric;
mod parse;
mod picture;
pub mod quantise;
pub mod raster;
mod read;
pub mod share;
mod taai;
mod text;
mod write;
mod xml;

pub use detect::{detect, parse};
pub use error::ParseError;
pub use format::Format;
pub use parse::{parse_as, text_from_bytes};
pub use picture::{parse_colour_picture, parse_picture};
pub use read::{Parsed, Rejected, MAX_CLUE_LINES, MAX_PUZZLES, MAX_TEXT_BYTES};
pub use text::shown;
pub use write::{write, write_colour, write_colour_grid, write_grid, write_picture};
pub use xml::parse_rgb;
