//! The fast line solvers agree with the brute-force oracle on random lines,
//! and the bitmask solver with the table solver on lines up to 126 cells.

use nonogram_core::line::bits::{to_masks, BitLineSolver, MAX_BITS_LINE};
use nonogram_core::line::placement::{brute_force_solve, count_placements, placements};
use nonogram_core::line::LineSolver;
use nonogram_core::{Cell, Clue};
use proptest::prelude::*;

/// A random line: a random picture line gives a clue that fits; some of its
/// cells are revealed, some flipped (so contradictions occur too).
fn line_case() -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
    line_case_up_to(30)
}

fn line_case_up_to(max: usize) -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
    (1usize..=max).prop_flat_map(|n| {
        (proptest::collection::vec(any::<bool>(), n), proptest::collection::vec(0u8..10, n), 0u8..10)
            .prop_map(|(picture, reveal, density)| {
                let cells: Vec<Cell> =
                    picture.iter().map(|&f| if f { Cell::Filled } else { Cell::Empty }).collect();
                let clue = Clue::of_line(&cells);
                let line = cells
                    .iter()
                    .zip(&reveal)
                    .map(|(&c, &r)| match r {
                        r if r < density / 2 => c.opposite(),
                        r if r < density => c,
                        _ => Cell::Unknown,
                    })
                    .collect();
                (clue.0, line)
            })
    })
}

/// The bitmask solver's answer as cells.
fn bit_solve(runs: &[u32], line: &[Cell]) -> Result<Vec<Cell>, nonogram_core::Contradiction> {
    let (f, e) = to_masks(line);
    let (f, e) = BitLineSolver::new().solve(runs, line.len(), f, e)?;
    Ok((0..line.len())
        .map(|i| match (f >> i & 1, e >> i & 1) {
            (1, 0) => Cell::Filled,
            (0, 1) => Cell::Empty,
            (0, 0) => Cell::Unknown,
            _ => panic!("cell {i} both filled and empty"),
        })
        .collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn bit_line_solver_equals_oracle((runs, line) in line_case()) {
        prop_assert_eq!(bit_solve(&runs, &line), brute_force_solve(&runs, &line));
    }

    #[test]
    fn bit_line_solver_equals_table_solver((runs, line) in line_case_up_to(MAX_BITS_LINE)) {
        let mut table = line.clone();
        let got = LineSolver::new().solve(&runs, &mut table).map(|_| table);
        prop_assert_eq!(bit_solve(&runs, &line), got);
    }

    #[test]
    fn fast_line_solver_equals_oracle((runs, line) in line_case()) {
        let mut fast = line.clone();
        let got = LineSolver::new().solve(&runs, &mut fast).map(|_| fast);
        prop_assert_eq!(got, brute_force_solve(&runs, &line));
    }

    #[test]
    fn placement_count_equals_enumeration((runs, line) in line_case()) {
        let (all, complete) = placements(&runs, &line, 100_000);
        prop_assume!(complete);
        prop_assert_eq!(count_placements(&runs, &line), all.len() as u64);
    }
}

#[test]
fn contradictions_and_edges() {
    let solve = |runs: &[u32], line: &str| {
        let mut cells = nonogram_core::cell::line_from_str(line).unwrap();
        LineSolver::new().solve(runs, &mut cells).map(|_| nonogram_core::cell::line_to_string(&cells))
    };
    assert_eq!(solve(&[], "???"), Ok("...".into()));
    assert!(solve(&[], "?#?").is_err());
    assert_eq!(solve(&[3], "???"), Ok("###".into()));
    assert!(solve(&[2], "#.#").is_err());
    assert!(solve(&[1, 1], "##?").is_err());
    assert_eq!(solve(&[1], "?"), Ok("#".into()));
}
