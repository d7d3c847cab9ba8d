//! Clause learning (`sat`) against the guess-and-backtrack search: the same
//! solutions, all of them, on random pictures and on puzzles with none.

mod common;

use common::{all_solutions_seeded, brute_force};
use nonogram_core::sat::{SatProgress, SatSearch};
use nonogram_core::{solve, Cell, Grid, Puzzle, SolveOptions};
use proptest::prelude::*;

/// Every solution, in a canonical order, with the search switching to clause
/// learning after `learn_after` guesses (`None`: never).
fn all_solutions(puzzle: &Puzzle, learn_after: Option<u64>) -> (Vec<String>, u64) {
    all_solutions_seeded(puzzle, learn_after, None)
}

/// Every solution our CDCL solver lists when it tries the cells of `near` first, in
/// a canonical order.
fn listed_near(puzzle: &Puzzle, near: &Grid) -> Vec<String> {
    let mut sat = SatSearch::new_near(puzzle, &Grid::new(puzzle.width(), puzzle.height()), None, Some(near));
    let mut found = Vec::new();
    loop {
        match sat.run(1000) {
            SatProgress::Working => {}
            SatProgress::Solution(g) => found.push(g.to_text()),
            SatProgress::Exhausted => break,
        }
    }
    found.sort();
    found
}

fn picture(w: usize, h: usize, bits: &[bool]) -> Grid {
    let cells = bits.iter().take(w * h).map(|&b| if b { Cell::Filled } else { Cell::Empty }).collect();
    Grid::from_cells(w, h, cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Pictures of up to 4×4 have few enough grids to try them all.
    #[test]
    fn learning_finds_exactly_the_brute_force_solutions(
        w in 1usize..=4, h in 1usize..=4, bits in proptest::collection::vec(any::<bool>(), 16)
    ) {
        let puzzle = Puzzle::from_picture(&picture(w, h, &bits));
        let expected = brute_force(&puzzle);
        prop_assert_eq!(&all_solutions(&puzzle, Some(0)).0, &expected);
        prop_assert_eq!(&all_solutions(&puzzle, None).0, &expected);
        // Started near the picture (a solution), or near its negative.
        let negative = Grid::from_cells(w, h, bits.iter().take(w * h).map(|&b| if b { Cell::Empty } else { Cell::Filled }).collect()).unwrap();
        prop_assert_eq!(&listed_near(&puzzle, &picture(w, h, &bits)), &expected);
        prop_assert_eq!(&listed_near(&puzzle, &negative), &expected);
    }

    /// Larger, sparser pictures have many solutions: both engines list the same ones.
    #[test]
    fn learning_and_search_list_the_same_solutions(
        w in 5usize..=9, h in 5usize..=9, bits in proptest::collection::vec(any::<u8>(), 81)
    ) {
        let dense: Vec<bool> = bits.iter().map(|&b| b % 5 < 2).collect();
        let puzzle = Puzzle::from_picture(&picture(w, h, &dense));
        let (learnt_solutions, learnt) = all_solutions(&puzzle, Some(0));
        let (searched, _) = all_solutions(&puzzle, None);
        prop_assert_eq!(&learnt_solutions, &searched);
        // The page's racing engine: seeded, from the root.
        let (raced, _) = all_solutions_seeded(&puzzle, Some(0), Some(12_345));
        prop_assert_eq!(&raced, &searched);
        prop_assert_eq!(listed_near(&puzzle, &picture(w, h, &dense)), searched);
        // Clause learning ran unless line logic and probing deduced it.
        let deduced = solve(&puzzle, SolveOptions { max_solutions: 2, learn_after: Some(0), ..SolveOptions::default() }, |_| true).unwrap().1;
        prop_assert!(learnt > 0 || deduced.guesses == 0);
    }
}

/// Started near a grid, our solver's first values are that grid's, and phase
/// saving keeps them: near a solution, that solution comes first. Every
/// permutation matrix solves the puzzle whose lines all have the clue 1.
#[test]
fn started_near_a_solution_it_comes_first() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for n in 4..=12 {
        let puzzle = Puzzle::from_picture(
            &Grid::from_cells(
                n,
                n,
                (0..n * n).map(|i| if i % (n + 1) == 0 { Cell::Filled } else { Cell::Empty }).collect(),
            )
            .unwrap(),
        );
        for _ in 0..5 {
            // A random permutation (Fisher–Yates).
            let mut columns: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                columns.swap(i, (state % (i as u64 + 1)) as usize);
            }
            let near = Grid::from_cells(
                n,
                n,
                (0..n * n)
                    .map(|i| if columns[i / n] == i % n { Cell::Filled } else { Cell::Empty })
                    .collect(),
            )
            .unwrap();
            let mut sat = SatSearch::new_near(&puzzle, &Grid::new(n, n), None, Some(&near));
            assert_eq!(sat.run(1000), SatProgress::Solution(near.clone()), "{n}×{n} near {columns:?}");
            assert_eq!(sat.contradictions(), 0, "{n}×{n} near {columns:?}");
        }
    }
}

/// Puzzles with no solution: the rows of one picture with the columns of
/// another that has as many filled cells. On 4×4 both engines say `none`
/// exactly when brute force finds no grid; on 8×8 they agree with each other.
/// (Such puzzles fall to probing at the root; clause learning's own proofs of
/// "no more" are its uniqueness proofs, tested on the shared sets.)
#[test]
fn no_solution_agrees_with_brute_force_and_search() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next_picture = |side: usize| {
        let cells = (0..side * side)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state % 100 < 45 {
                    Cell::Filled
                } else {
                    Cell::Empty
                }
            })
            .collect();
        Grid::from_cells(side, side, cells).unwrap()
    };
    let filled = |g: &Grid| g.cells().iter().filter(|&&c| c == Cell::Filled).count();
    let mut none = [0; 2];
    for (k, side) in [4, 8].into_iter().enumerate() {
        for _ in 0..3000 {
            let (a, b) = (next_picture(side), next_picture(side));
            if filled(&a) != filled(&b) {
                continue;
            }
            let p = Puzzle::new(Puzzle::from_picture(&a).rows, Puzzle::from_picture(&b).columns);
            let run = |learn_after| {
                solve(&p, SolveOptions { max_solutions: 2, learn_after, ..SolveOptions::default() }, |_| true)
                    .unwrap()
            };
            let ((learning, _), (searching, _)) = (run(Some(0)), run(None));
            assert_eq!(learning.word(), searching.word(), "{p:?}");
            if side == 4 {
                assert_eq!(learning.word() == "none", brute_force(&p).is_empty(), "{p:?}");
            }
            if learning.word() == "none" {
                none[k] += 1;
            }
        }
    }
    assert!(none[0] >= 20 && none[1] >= 20, "{none:?} without solution");
}

/// The models of a DIMACS text, read back by batsat (a SAT solver other
/// than ours, so the text is checked independently) and projected on
/// its first `cells` variables, as grids.
fn dimacs_models(text: &str, w: usize, h: usize) -> Vec<String> {
    use batsat::{lbool, Lit, SolverInterface};
    let mut solver = batsat::BasicSolver::default();
    batsat::dimacs::parse(&mut text.as_bytes(), &mut solver, true, false).expect("valid DIMACS");
    let vars: Vec<batsat::Var> = (0..w * h).map(|i| batsat::Var::unsafe_from_idx(i as u32)).collect();
    let mut found = Vec::new();
    while solver.solve_limited(&[]) == lbool::TRUE {
        let values: Vec<bool> = vars.iter().map(|&v| solver.value_var(v) == lbool::TRUE).collect();
        found.push(picture(w, h, &values).to_text());
        let mut block: Vec<Lit> = vars.iter().zip(&values).map(|(&v, &b)| Lit::new(v, !b)).collect();
        solver.add_clause_reuse(&mut block);
    }
    found.sort();
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// `nonogram cnf`'s text: its models are exactly the solutions, with
    /// cell (r, c) as variable 1 + r·width + c.
    #[test]
    fn dimacs_models_are_the_solutions(
        w in 1usize..=4, h in 1usize..=4, bits in proptest::collection::vec(any::<bool>(), 16)
    ) {
        let puzzle = Puzzle::from_picture(&picture(w, h, &bits));
        let text = nonogram_core::sat::dimacs(&puzzle, &Grid::new(w, h));
        prop_assert_eq!(dimacs_models(&text, w, h), brute_force(&puzzle));
    }
}

/// An n×n picture with the cells `filled` picks, as a puzzle.
fn pictured(n: usize, filled: impl Fn(usize, usize) -> bool) -> Puzzle {
    let cells = (0..n * n).map(|i| if filled(i / n, i % n) { Cell::Filled } else { Cell::Empty });
    Puzzle::from_picture(&Grid::from_cells(n, n, cells.collect()).unwrap())
}

/// One cell per row and column: n! solutions, no contradiction needed to find two.
fn diagonal(n: usize) -> Puzzle {
    pictured(n, |r, c| r == c)
}

/// Solves `puzzle` with `options`, checks its two solutions against the
/// clues, and counts the clause-learning steps.
fn learning_steps(puzzle: &Puzzle, options: SolveOptions) -> usize {
    let mut learning = 0;
    let (verdict, _) = solve(puzzle, options, |step| {
        learning += usize::from(matches!(step, nonogram_core::Step::Learning { .. }));
        true
    })
    .unwrap();
    assert!(verdict.solutions().iter().all(|s| puzzle.is_solution(s)));
    assert_eq!(verdict.solutions().len(), 2);
    learning
}

/// Engines race only where the encoding is small; a racer starts clause
/// learning at once.
#[test]
fn racers_fit_small_encodings_and_stay_with_our_solver() {
    // A diagonal's bound is (5·n − 2)·2·n: one run of 1 in each of 2·n
    // lines. Up to 120 000 clauses race: 109×109 (118 374), not 110×110.
    for (n, fits) in [(109, true), (110, false)] {
        assert_eq!(nonogram_core::racing_fits(&diagonal(n)), fits, "{n}×{n}");
    }
    for (n, fits) in [(20, true), (120, false)] {
        let puzzle = diagonal(n);
        assert_eq!(nonogram_core::racing_fits(&puzzle), fits, "{n}×{n}");
        let racer = SolveOptions::default().racing(7);
        assert!(learning_steps(&puzzle, racer) > 0, "{n}×{n}: clause learning from the root");
    }
}
