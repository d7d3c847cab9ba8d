//! Single-cell fixes that make a picture's puzzle unique.

use nonogram_core::black_and_white::fix::FixSearch;
use nonogram_core::cell::line_from_str;
use nonogram_core::fix::{candidates, toggled};
use nonogram_core::{solve, Cell, Grid, Puzzle, SolveOptions, Verdict};

fn picture(rows: &[&str]) -> Grid {
    let rows: Vec<Vec<Cell>> = rows.iter().map(|r| line_from_str(r).unwrap()).collect();
    Grid::from_rows(&rows).unwrap()
}

fn verdict(p: &Grid) -> Verdict {
    solve(&Puzzle::from_picture(p), SolveOptions::default(), |_| true).unwrap().0
}

/// A 6×6 picture whose rows 3–4, columns 3–4 hold a 2×2 diagonal: the
/// other diagonal satisfies the same clues, and nothing else does.
const SWITCH: [&str; 6] = ["#####.", "##...#", "..#..#", "#..#.#", "##...#", "#.##.#"];

#[test]
fn a_diagonal_switch_has_two_solutions_and_single_cell_fixes() {
    let p = picture(&SWITCH);
    let Verdict::Multiple(solutions) = verdict(&p) else { panic!("expected two solutions") };
    let other = solutions.iter().find(|s| **s != p).expect("a solution other than the picture");
    let differing: Vec<(usize, usize)> = (0..6)
        .flat_map(|r| (0..6).map(move |c| (r, c)))
        .filter(|&(r, c)| p.get(r, c) != other.get(r, c))
        .collect();
    assert_eq!(solutions.len(), 2);
    assert_eq!(differing, [(2, 2), (2, 3), (3, 2), (3, 3)], "{other}");
    // The differing cells come first.
    let order = candidates(&p, other);
    assert_eq!(&order[..4], &differing[..]);
    assert!(order.len() > 4 && order.len() <= 36);

    let mut search = FixSearch::new(&p, other, 36);
    let mut slices = 0;
    // Tiny slices: the search resumes where it stopped.
    let mut budget = 0;
    while !search.run(|| {
        budget += 1;
        budget % 7 != 0
    }) {
        slices += 1;
    }
    assert!(slices > 1, "the search was cut into slices");
    assert_eq!(search.tried(), search.total());
    let fixes = search.fixes();
    assert!(!fixes.is_empty());
    for f in fixes {
        // Each fix really gives one solution: the changed picture.
        let changed = toggled(&p, f.row, f.col);
        assert_eq!(changed.get(f.row, f.col), f.cell);
        assert_eq!(verdict(&changed), Verdict::Unique(changed.clone()), "fix {f:?}");
    }
    // Line-logic fixes come first.
    let keys: Vec<(bool, u64)> = fixes.iter().map(|f| (!f.by_line_logic, f.guesses)).collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
    // And every candidate that is not listed really leaves several solutions.
    for &(r, c) in &order {
        if !fixes.iter().any(|f| (f.row, f.col) == (r, c)) {
            assert!(matches!(verdict(&toggled(&p, r, c)), Verdict::Multiple(_)), "({r}, {c})");
        }
    }
}

#[test]
fn the_search_stops_at_the_number_of_fixes_asked() {
    let p = picture(&SWITCH);
    let Verdict::Multiple(solutions) = verdict(&p) else { panic!() };
    let other = solutions.iter().find(|s| **s != p).unwrap();
    let mut search = FixSearch::new(&p, other, 1);
    assert!(search.run(|| true));
    assert_eq!(search.fixes().len(), 1);
    assert!(search.tried() < search.total());
}
