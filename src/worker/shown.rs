//! What the worker shows of each kind of puzzle ([`Shown`]): the request
//! that asks for it, its cells as they cross `postMessage`, a line's
//! changes as a frame, a cell's values in words. The batch loop and the
//! frames are written once, in [`crate::worker::session`].

use crate::protocol::{Cells, Frame, SolveRequest};
use crate::worker::session::Shown;
use nonogram_core::black_and_white::Board;
use nonogram_core::colour::board::ColourBoard;
use nonogram_core::colour::{colours_of, ColourPuzzle, Colours};
use nonogram_core::{Cell, Grid, LineId, Puzzle};

impl Shown for Puzzle {
    fn puzzle_of(request: &SolveRequest) -> Option<Puzzle> {
        if request.colours.is_some() {
            return None;
        }
        Some(request.black_puzzle())
    }
    fn board_cells(board: &Board) -> Cells {
        Cells::of(&board.grid)
    }
    fn solution_cells(solution: &Grid) -> Cells {
        Cells::of(solution)
    }
    fn line_frame(&self, line: LineId, changes: &[(usize, Cell)]) -> Frame {
        let width = self.width();
        Frame::Line {
            line,
            changes: changes
                .iter()
                .map(|&(pos, cell)| (line.cell_index(width, pos) as u32, cell == Cell::Filled))
                .collect(),
        }
    }
    fn says(&self, cell: Cell) -> String {
        match cell {
            Cell::Filled => "filled",
            Cell::Empty => "empty",
            Cell::Unknown => "unknown",
        }
        .into()
    }
}

impl Shown for ColourPuzzle {
    fn puzzle_of(request: &SolveRequest) -> Option<ColourPuzzle> {
        request.colour_puzzle()
    }
    fn board_cells(board: &ColourBoard) -> Cells {
        Cells::of_colours(board.cells().to_vec())
    }
    fn solution_cells(solution: &Vec<u8>) -> Cells {
        Cells::of_colour_solution(solution)
    }
    fn line_frame(&self, line: LineId, changes: &[(usize, Colours)]) -> Frame {
        let width = self.width();
        Frame::ColourLine {
            line,
            changes: changes.iter().map(|&(pos, set)| (line.cell_index(width, pos) as u32, set)).collect(),
        }
    }
    fn says(&self, cell: Colours) -> String {
        let name = |c: u8| self.palette.get(usize::from(c)).map_or("?", |s| s.name.as_str());
        colours_of(cell).map(name).collect::<Vec<_>>().join(" or ")
    }
}
