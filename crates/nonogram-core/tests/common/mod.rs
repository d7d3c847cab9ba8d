//! Helpers shared by the integration tests that compare engines.

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
    (texts, stats.learnt)
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
