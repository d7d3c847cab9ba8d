//! Helpers shared by the integration tests (and the `step_times` example).
// Each test binary uses a part of them.
#![allow(dead_code)]

use nonogram_core::{solve, Cell, Grid, Puzzle, SolveOptions};

/// Every solution, in a canonical order, and the contradictions clause
/// learning met; the search switches to clause learning after `learn_after`
/// guesses (`None`: never), seeded with `seed`.
pub fn all_solutions_seeded(
    puzzle: &Puzzle,
    learn_after: Option<u64>,
    seed: Option<u64>,
) -> (Vec<String>, u64) {
    all_solutions_with(puzzle, SolveOptions { learn_after, seed, ..SolveOptions::default() })
}

/// Every solution with `options` (up to 100 000 of them), in a canonical
/// order, and the contradictions clause learning met.
pub fn all_solutions_with(puzzle: &Puzzle, options: SolveOptions) -> (Vec<String>, u64) {
    let options = SolveOptions { max_solutions: 100_000, ..options };
    let (verdict, stats) = solve(puzzle, options, |_| true).unwrap();
    let mut texts: Vec<String> = verdict.solutions().iter().map(Grid::to_text).collect();
    texts.sort();
    (texts, stats.contradictions)
}

/// A pseudo-random picture (xorshift from `state`) with about
/// `density_percent` of its cells filled: dense pictures are line-solvable,
/// half-filled ones need search.
pub fn picture(w: usize, h: usize, density_percent: u64, mut state: u64) -> Grid {
    let cells = (0..w * h)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if state % 100 < density_percent {
                Cell::Filled
            } else {
                Cell::Empty
            }
        })
        .collect();
    Grid::from_cells(w, h, cells).expect("w × h cells")
}

/// Brute force: every grid of a tiny puzzle that satisfies its clues.
pub fn brute_force(puzzle: &Puzzle) -> Vec<String> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut found: Vec<String> = (0u32..1 << (w * h))
        .filter_map(|bits| {
            let cells =
                (0..w * h).map(|i| if bits >> i & 1 == 1 { Cell::Filled } else { Cell::Empty }).collect();
            let g = Grid::from_cells(w, h, cells).unwrap();
            puzzle.is_solution(&g).then(|| g.to_text())
        })
        .collect();
    found.sort();
    found
}
