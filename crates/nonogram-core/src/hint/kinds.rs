//! What each kind of puzzle brings to hints: its words ([`Said`]: how it
//! names its values and clues) and its line logic on one line's cells
//! ([`Hinted`]). Black and white's values are [`Cell`]s, a colour's its
//! index in the palette (0 the background).

use super::words::{clue_text, value_word, Said};
use super::{why_contradicted, Hinted};
use crate::colour::placement::count_colour_placements;
use crate::colour::{solve_colour_line, ColourPuzzle, Colours};
use crate::line::placement::count_placements;
use crate::line::solve_line;
use crate::{Cell, LineId, Puzzle};

impl Said for Puzzle {
    type Value = Cell;
    fn value_of(cell: Cell) -> Cell {
        cell
    }
    fn name(&self, value: Cell) -> String {
        value_word(value).into()
    }
    fn clue_words(&self, line: LineId) -> String {
        clue_text(self.clue(line))
    }
}

impl Hinted for Puzzle {
    fn line_logic(&self, line: LineId, cells: &[Cell]) -> Result<Vec<Cell>, String> {
        solve_line(self.clue(line).runs(), cells).map_err(|_| why_contradicted(self.clue(line), cells))
    }
    fn placements(&self, line: LineId, cells: &[Cell]) -> u64 {
        count_placements(self.clue(line).runs(), cells)
    }
    /// A guess is taken back as the other value: the player's board holds it.
    const REVEALS: bool = false;
}

impl Said for ColourPuzzle {
    type Value = u8;
    fn value_of(cell: Colours) -> u8 {
        cell.trailing_zeros() as u8
    }
    fn name(&self, colour: u8) -> String {
        self.palette.get(usize::from(colour)).map_or("?", |s| s.name.as_str()).to_string()
    }
    fn clue_words(&self, line: LineId) -> String {
        self.clue_text(self.clue(line))
    }
}

impl Hinted for ColourPuzzle {
    fn line_logic(&self, line: LineId, cells: &[Colours]) -> Result<Vec<Colours>, String> {
        solve_colour_line(self.clue(line), cells)
            .map_err(|_| format!("its clue {} does not fit its cells", self.clue_words(line)))
    }
    fn placements(&self, line: LineId, cells: &[Colours]) -> u64 {
        count_colour_placements(self.clue(line), cells)
    }
    /// A colour taken back leaves a cell's other colours, which the
    /// player's board cannot show: a cell of the solutions is shown.
    const REVEALS: bool = true;
}
