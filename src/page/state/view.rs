//! What the page shows besides the puzzle and its solve: the line opened in
//! the lab, and which part of the page to bring into view after a change
//! (a phone shows one part at a time). Kept in [`super::State`], changed by
//! the reducer, carried out by the page as [`super::Effect::IntoView`].

use nonogram_core::colour::Swatch;
use std::rc::Rc;

/// A line opened in the lab from the board: its clue, its cells as shown,
/// and what the shown step did to it.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenedLine {
    pub clue: String,
    pub line: String,
    pub note: String,
    /// A colour puzzle's palette: the clue and the line are in its colours.
    pub palette: Option<Rc<Vec<Swatch>>>,
}

/// A part of the page to bring into view once it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The board and its tools (after Solve, or Play on a phone).
    Board,
    /// The line lab, unfolded (a clue clicked on the board).
    Lab,
    /// The tools that make a puzzle (Make mode, on a phone).
    Make,
}
