//! Black and white as a kind of puzzle, laid out as colour is
//! ([`crate::colour`]): its board and line solver ([`board`]), its
//! clause learning's face to the search ([`sat`]), what it brings to the
//! one search ([`kind`]), and the fixes that make a picture's puzzle
//! unique ([`fix`]). Its puzzle and clues are the
//! crate's own ([`crate::Puzzle`]), its cell [`crate::Cell`].

pub mod board;
pub mod fix;
pub mod kind;
pub mod sat;

pub use board::{BitLines, Board};
