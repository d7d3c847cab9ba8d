//! `--trace`: every step of a solve, in the seeds' spirit, for both kinds
//! of puzzle (one [`Trace`]; [`Traced`] says what differs: how a cell and
//! a clue are written).

use nonogram_core::colour::{colours_of, ColourPuzzle, Colours};
use nonogram_core::kind::Trailed;
use nonogram_core::search::Kind;
use nonogram_core::text::escaped;
use nonogram_core::{Cell, LineId, Puzzle, Solver, Step};

/// How the trace writes one kind of puzzle's cells and clues.
pub trait Traced: Kind {
    /// A cell as one character: known as its value's (`#`, `.`, a
    /// colour's symbol), unknown as `?`.
    fn cell_char(&self, cell: Self::Cell) -> char;
    /// A line's clue.
    fn clue_text(&self, line: LineId) -> String;
    /// A cell's values in words.
    fn says(&self, cell: Self::Cell) -> String;
    /// What a probe ruled out, when `left` is what it left the cell, as
    /// the words after the cell (" = # contradicts").
    fn ruled_out(&self, left: Self::Cell) -> String;
}

impl Traced for Puzzle {
    fn cell_char(&self, cell: Cell) -> char {
        cell.to_char()
    }
    fn clue_text(&self, line: LineId) -> String {
        self.clue(line).to_string()
    }
    fn says(&self, cell: Cell) -> String {
        cell.to_string()
    }
    fn ruled_out(&self, left: Cell) -> String {
        format!(" = {} contradicts", left.opposite())
    }
}

impl Traced for ColourPuzzle {
    fn cell_char(&self, cell: Colours) -> char {
        match cell {
            c if c.count_ones() == 1 => self.palette[c.trailing_zeros() as usize].symbol,
            _ => '?',
        }
    }
    fn clue_text(&self, line: LineId) -> String {
        escaped(&ColourPuzzle::clue_text(self, self.clue(line))).into_owned()
    }
    fn says(&self, cell: Colours) -> String {
        let name = |c: u8| escaped(&self.palette[usize::from(c)].name).into_owned();
        colours_of(cell).map(name).collect::<Vec<_>>().join(" or ")
    }
    fn ruled_out(&self, _left: Colours) -> String {
        ": its other colours contradict".into()
    }
}

/// Prints a solve's steps when on; counts contradictions per sweep.
pub struct Trace {
    on: bool,
    errors: usize,
}

impl Trace {
    pub fn new(on: bool) -> Trace {
        Trace { on, errors: 0 }
    }

    /// Prints `step`, with the solver as it is right after it.
    pub fn print<P: Traced>(&mut self, step: &Step<P>, solver: &Solver<P>) {
        if !self.on {
            return;
        }
        let puzzle = solver.puzzle();
        let (width, height) = puzzle.size();
        let board = solver.board();
        let line_text = |line: LineId| -> String {
            line.cell_indices(width, height).map(|i| puzzle.cell_char(board.cell(i))).collect()
        };
        let at = |row: &usize, col: &usize| format!("row {} column {}", row + 1, col + 1);
        match step {
            Step::Line { line, changes } => {
                let after = line_text(*line);
                // The cells a line changes had more than one value before.
                let mut before: Vec<char> = after.chars().collect();
                for &(pos, _) in changes {
                    before[pos] = '?';
                }
                let before: String = before.into_iter().collect();
                let clue = puzzle.clue_text(*line);
                if before == after {
                    println!("{line} [{clue}]: {after}, {} cells lose values", changes.len());
                } else {
                    println!("{line} [{clue}]: {before} -> {after}");
                }
            }
            Step::Sweep { sweep, unknown } => {
                println!("sweep {sweep} has {} errors and {unknown} unknown cells", self.errors);
                // The grid with each row's clue after it, as the seeds print it.
                for r in 0..height {
                    let row = LineId::Row(r);
                    println!("  {}  {}", line_text(row), puzzle.clue_text(row));
                }
                self.errors = 0;
            }
            Step::Contradiction { line, depth } => {
                self.errors += 1;
                println!(
                    "contradiction: {line} [{}]: {} fits no placement (depth {depth})",
                    puzzle.clue_text(*line),
                    line_text(*line)
                );
            }
            Step::Guess { row, col, cell, depth } => {
                println!("guess: {} = {} (depth {depth})", at(row, col), puzzle.says(*cell))
            }
            Step::Backtrack { row, col, cell, depth } => {
                println!("backtrack: {} = {} (depth {depth})", at(row, col), puzzle.says(*cell))
            }
            Step::Probe { row, col, forced: Some(cell), .. } => {
                println!("probe: {}{}, so {}", at(row, col), puzzle.ruled_out(*cell), puzzle.says(*cell))
            }
            Step::Probe { row, col, narrowed, .. } if *narrowed > 0 => {
                println!("probe: {}: trying each value narrows {narrowed} cells", at(row, col))
            }
            Step::Probe { .. } => {}
            Step::Restart { run } => {
                println!("restart: run {run} from the root with another branching order")
            }
            Step::Learning { contradictions: 0, symmetric } => {
                println!("learning: clause learning takes over from the root");
                if *symmetric {
                    let names: Vec<&str> = solver.symmetries().iter().map(|s| s.name()).collect();
                    println!("symmetries: {}", names.join(", "));
                    println!(
                        "learning: a second clause learning takes turns with it, among the grids they keep"
                    );
                }
            }
            Step::SymmetricExhausted { .. } => {
                println!(
                    "learning: the symmetric grids hold no more solutions; clause learning goes on over every grid alone"
                )
            }
            Step::Learning { .. } | Step::Working { .. } => {}
            Step::Solution { index, from: None, .. } => println!("solution {index} found"),
            Step::Solution { index, from: Some((of, how)), .. } => {
                println!("solution {index} found: {}", how.describe(*of))
            }
            Step::Done { verdict } => println!("done: {}", verdict.word()),
        }
    }
}
