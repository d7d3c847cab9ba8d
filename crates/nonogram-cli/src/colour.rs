//! Colour puzzles on the command line: `solve` (the same block as black
//! and white, solutions written with the palette's characters) and `--trace`.

use crate::outcome::{block_head, Outcome};
use nonogram_core::colour::{ColourPuzzle, ColourSolver, ColourStep, Colours};
use nonogram_core::symmetry::Symmetry;
use nonogram_core::text::escaped;
use nonogram_core::LineId;
use nonogram_formats::write_colour_grid;

/// What `--trace` does with each step of a colour solve: prints it, as
/// the cells were before it and are after it (nothing without `trace`).
pub fn tracer(trace: bool) -> impl FnMut(&ColourStep, &ColourSolver) {
    let mut before: Vec<Colours> = Vec::new();
    move |step, solver| {
        if !trace {
            return;
        }
        if before.is_empty() {
            before = vec![solver.puzzle().every_colour(); solver.cells().len()];
        }
        print_step(solver.puzzle(), solver.symmetries(), step, &before, solver.cells());
        before.clear();
        before.extend_from_slice(solver.cells());
    }
}

/// The stable block: as black and white's, with `colours:` and solutions
/// written with each colour's character.
pub fn result_block(
    name: &str,
    puzzle: &ColourPuzzle,
    solved: &Outcome<Vec<u8>>,
    max_solutions: usize,
    stats: bool,
) -> String {
    let mut s = block_head(name, solved, stats);
    let palette: Vec<String> = puzzle
        .palette
        .iter()
        .map(|c| format!("{}={}", escaped(&c.symbol.to_string()), escaped(&c.name)))
        .collect();
    s += &format!("colours: {}\n", palette.join(" "));
    for cells in solved.verdict.solutions().iter().take(max_solutions) {
        s += "solution:\n";
        s += &write_colour_grid(puzzle, cells);
    }
    s
}

/// A line's cells: a known cell as its colour's character, an unknown one as `?`.
fn line_text(puzzle: &ColourPuzzle, cells: &[Colours], line: LineId) -> String {
    line.cell_indices(puzzle.width(), puzzle.height())
        .map(|i| match cells[i] {
            c if c.count_ones() == 1 => puzzle.palette[c.trailing_zeros() as usize].symbol,
            _ => '?',
        })
        .collect()
}

fn print_step(
    puzzle: &ColourPuzzle,
    symmetries: &[Symmetry],
    step: &ColourStep,
    before: &[Colours],
    after: &[Colours],
) {
    let name = |c: u8| escaped(&puzzle.palette[usize::from(c)].name).into_owned();
    match step {
        ColourStep::Line { line, changes } => {
            let (from, to) = (line_text(puzzle, before, *line), line_text(puzzle, after, *line));
            let clue = escaped(&puzzle.clue_text(puzzle.clue(*line))).into_owned();
            if from == to {
                println!("{line} [{clue}]: {to}, {} cells lose colours", changes.len());
            } else {
                println!("{line} [{clue}]: {from} -> {to}");
            }
        }
        ColourStep::Contradiction { line, depth } => println!(
            "contradiction: {line} [{}]: {} fits no placement (depth {depth})",
            escaped(&puzzle.clue_text(puzzle.clue(*line))),
            line_text(puzzle, after, *line)
        ),
        ColourStep::Probe { row, col, narrowed } if *narrowed > 0 => println!(
            "probe: row {} column {}: trying each of its colours narrows {narrowed} cells",
            row + 1,
            col + 1
        ),
        ColourStep::Probe { .. } => {}
        ColourStep::Guess { row, col, colour, depth } => {
            println!("guess: row {} column {} = {} (depth {depth})", row + 1, col + 1, name(*colour))
        }
        ColourStep::Backtrack { row, col, colour, depth } => {
            println!("backtrack: row {} column {} is not {} (depth {depth})", row + 1, col + 1, name(*colour))
        }
        ColourStep::Learning { contradictions: 0, symmetric } => {
            println!("learning: clause learning takes over from the root (one variable per cell and colour)");
            if *symmetric {
                let names: Vec<&str> = symmetries.iter().map(|s| s.name()).collect();
                println!("symmetries: {}", names.join(", "));
                println!("learning: a second clause learning takes turns with it, among the grids they keep");
            }
        }
        ColourStep::Learning { .. } => {}
        ColourStep::Solution { index, from: Some((of, how)), .. } => {
            println!("solution {index} found: {}", how.describe(*of))
        }
        ColourStep::Solution { index, .. } => println!("solution {index} found"),
        ColourStep::Done { verdict } => println!("done: {}", verdict.word()),
    }
}
