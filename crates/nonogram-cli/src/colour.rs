//! Colour puzzles on the command line: `solve`'s result block (the same
//! as black and white's, solutions written with the palette's characters).

use crate::outcome::{block_head, Outcome};
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::text::escaped;
use nonogram_formats::write_colour_grid;

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
