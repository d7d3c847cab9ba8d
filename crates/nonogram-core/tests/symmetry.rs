//! Puzzles whose clues are symmetric: search looks among the symmetric grids
//! first and takes a solution's images as solutions. These tests check that
//! this finds exactly the solutions there are, and never more than asked.

mod common;

use common::{all_solutions_seeded, brute_force};
use nonogram_core::symmetry::symmetries;
use nonogram_core::{solve, Cell, Derivation, Grid, Puzzle, SolveOptions, Solver, Step, Verdict};
use proptest::prelude::*;

/// A picture made symmetric under one of four groups: the quarter turns, the
/// left-right mirror, the half turn, the main-diagonal mirror. Each cell is
/// filled when a cell of its orbit is filled in `bits`. Group 4: every other
/// column empty, and column 3 a copy of column 1 moved down a cell when that
/// keeps its clue, so that the two swap.
fn symmetric_picture(n: usize, group: usize, bits: &[bool]) -> Grid {
    let orbit = |r: usize, c: usize| -> Vec<(usize, usize)> {
        match group {
            0 => vec![(r, c), (n - 1 - c, r), (n - 1 - r, n - 1 - c), (c, n - 1 - r)],
            1 => vec![(r, c), (r, n - 1 - c)],
            2 => vec![(r, c), (n - 1 - r, n - 1 - c)],
            3 => vec![(r, c), (c, r)],
            _ if c % 2 == 1 => vec![],
            _ => vec![(r, c)],
        }
    };
    let mut g = Grid::new(n, n);
    for r in 0..n {
        for c in 0..n {
            let filled = orbit(r, c).into_iter().any(|(a, b)| bits[a * n + b]);
            g.set(r, c, if filled { Cell::Filled } else { Cell::Empty });
        }
    }
    if group == 4 && n >= 3 {
        let shift = usize::from(g.get(n - 1, 0) == Cell::Empty);
        for r in 0..n {
            g.set(r, 2, g.get((r + n - shift) % n, 0));
        }
    }
    g
}

fn all_solutions(puzzle: &Puzzle, learn_after: Option<u64>) -> Vec<String> {
    all_solutions_seeded(puzzle, learn_after, None).0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Up to 4×4: both engines list exactly the brute-force solutions.
    #[test]
    fn symmetric_puzzles_have_exactly_the_brute_force_solutions(
        n in 2usize..=4, group in 0usize..5, bits in proptest::collection::vec(any::<bool>(), 16)
    ) {
        let puzzle = Puzzle::from_picture(&symmetric_picture(n, group, &bits));
        let expected = brute_force(&puzzle);
        prop_assert_eq!(&all_solutions(&puzzle, Some(0)), &expected);
        prop_assert_eq!(&all_solutions(&puzzle, None), &expected);
    }

    /// Larger and sparser: both engines list the same solutions, each one
    /// once; with two asked for, a verdict has two different solutions at
    /// most, and says `multiple` exactly when there are several.
    #[test]
    fn symmetric_puzzles_list_each_solution_once(
        n in 5usize..=8, group in 0usize..5, bits in proptest::collection::vec(any::<u8>(), 64)
    ) {
        let sparse: Vec<bool> = bits.iter().map(|&b| b % 7 < 2).collect();
        let puzzle = Puzzle::from_picture(&symmetric_picture(n, group, &sparse));
        if group < 4 {
            prop_assert!(!symmetries(&puzzle).is_empty() || sparse.iter().take(n * n).all(|&b| !b));
        }
        let learnt = all_solutions(&puzzle, Some(0));
        let searched = all_solutions(&puzzle, None);
        prop_assert_eq!(&learnt, &searched);
        let mut distinct = learnt.clone();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), learnt.len());
        for learn_after in [Some(0), None] {
            let options = SolveOptions { max_solutions: 2, learn_after, ..SolveOptions::default() };
            let (verdict, _) = solve(&puzzle, options, |_| true).unwrap();
            let found = verdict.solutions();
            prop_assert!(found.len() <= 2);
            prop_assert!(found.len() < 2 || found[0] != found[1]);
            prop_assert!(found.iter().all(|g| puzzle.is_solution(g)));
            prop_assert_eq!(verdict.word() == "multiple", learnt.len() >= 2);
        }
    }
}

/// Two diagonal pairs in a 2×2 square: the clues (1 / 1 for rows and columns)
/// have every symmetry, and neither solution is symmetric under the
/// mirrors. The second solution comes as the first's image, and the steps
/// say so.
#[test]
fn a_solution_s_image_is_reported_as_such() {
    let puzzle = Puzzle::from_picture(
        &Grid::from_rows(&[vec![Cell::Filled, Cell::Empty], vec![Cell::Empty, Cell::Filled]]).unwrap(),
    );
    assert_eq!(symmetries(&puzzle).len(), 7);
    let mut solver = Solver::new(&puzzle, SolveOptions::default()).unwrap();
    let mut found = Vec::new();
    let verdict = loop {
        match solver.next().expect("a solve ends with Done") {
            Step::Solution { index, grid, from } => found.push((index, grid, from)),
            Step::Done { verdict } => break verdict,
            _ => {}
        }
    };
    assert_eq!(found.len(), 2);
    assert_eq!((found[0].0, found[0].2.clone()), (1, None));
    let (index, image, from) = &found[1];
    assert_eq!(*index, 2);
    let (of, Derivation::Image(name)) = from.clone().expect("the second is an image") else {
        panic!("the second is an image")
    };
    assert_eq!(of, 1);
    let symmetry = symmetries(&puzzle).into_iter().find(|s| s.name() == name).unwrap();
    assert_eq!(&symmetry.apply(&found[0].1), image);
    assert_ne!(image, &found[0].1);
    assert_eq!(verdict, Verdict::Multiple(vec![found[0].1.clone(), image.clone()]));
}
