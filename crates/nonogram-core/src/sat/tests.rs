//! Clause learning natively: the encoding against brute force, solutions
//! one after another, symmetric grids.

use super::encode::*;
use super::search::*;
use super::slice::*;
use crate::cell::Cell;
use crate::grid::Grid;
use crate::puzzle::{LineId, Puzzle};

/// The clues of a random `w`×`h` picture with `density` % filled cells
/// (xorshift from `state`).
fn random_puzzle(state: &mut u64, w: usize, h: usize, density: u64) -> Puzzle {
    let cells = (0..w * h)
        .map(|_| {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            if *state % 100 < density {
                Cell::Filled
            } else {
                Cell::Empty
            }
        })
        .collect();
    Puzzle::from_picture(&Grid::from_cells(w, h, cells).unwrap())
}

/// Every model of `search`, sorted by text; `None` past `cap`.
fn all_models(mut search: SatSearch, cap: usize) -> Option<Vec<Grid>> {
    let mut found = Vec::new();
    loop {
        match search.run(10_000) {
            SatProgress::Solution(g) => found.push(g),
            SatProgress::Working => {}
            SatProgress::Exhausted => break,
        }
        if found.len() > cap {
            return None;
        }
    }
    found.sort_by_key(Grid::to_text);
    Some(found)
}

/// The encoding over the symmetric grids (a variable per orbit of cells,
/// a line per orbit of lines) has exactly the symmetric solutions as
/// models: on pictures made symmetric under turns, mirrors and swaps,
/// some off-centre in an empty border, with nothing known and with the
/// empty lines known (as at the root), the solutions the symmetries keep
/// among all the puzzle's solutions are the symmetric search's models.
#[test]
fn the_symmetric_encoding_has_the_symmetric_solutions() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut compared = 0;
    let mut with_lines_left_out = 0;
    let mut with_solutions = 0;
    for round in 0..120 {
        let n = 4 + round % 5;
        let mut g = Grid::new(n, n);
        for r in 0..n {
            for c in 0..n {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                g.set(r, c, if state % 100 < 40 { Cell::Filled } else { Cell::Empty });
            }
        }
        let picture = g.clone();
        for r in 0..n {
            for c in 0..n {
                let images: &[(usize, usize)] = match round % 4 {
                    0 => &[(n - 1 - c, r), (n - 1 - r, n - 1 - c), (c, n - 1 - r)],
                    1 => &[(r, n - 1 - c)],
                    2 => &[(n - 1 - r, n - 1 - c)],
                    _ => &[],
                };
                let filled =
                    images.iter().chain([(r, c)].iter()).any(|&(a, b)| picture.get(a, b) == Cell::Filled);
                // Every other column empty on the last kind: swaps fit.
                let fenced = round % 4 == 3 && c % 2 == 1;
                g.set(r, c, if filled && !fenced { Cell::Filled } else { Cell::Empty });
            }
        }
        // Off-centre on odd rounds: an empty last row and column.
        let g = if round % 2 == 1 {
            let mut wider = Grid::new(n + 1, n + 1);
            for r in 0..n {
                for c in 0..n {
                    wider.set(r, c, g.get(r, c));
                }
            }
            wider
        } else {
            g
        };
        let puzzle = Puzzle::from_picture(&g);
        let symmetries = crate::symmetry::symmetries(&puzzle);
        if symmetries.is_empty() {
            continue;
        }
        let (w, h) = (g.width(), g.height());
        let mut root = Grid::new(w, h);
        for r in 0..h {
            for c in 0..w {
                if puzzle.clue(LineId::Row(r)).runs().is_empty()
                    || puzzle.clue(LineId::Column(c)).runs().is_empty()
                {
                    root.set(r, c, Cell::Empty);
                }
            }
        }
        for known in [Grid::new(w, h), root] {
            let Some(all) = all_models(SatSearch::new(&puzzle, &known, None), 400) else { continue };
            let expected: Vec<Grid> =
                all.into_iter().filter(|grid| symmetries.iter().all(|s| s.apply(grid) == *grid)).collect();
            let search = SatSearch::new_symmetric(&puzzle, &known, None, &symmetries);
            let mut lines = ClauseCount::default();
            encode(&puzzle, &known, &symmetries, &mut lines);
            let mut every = ClauseCount::default();
            encode(&puzzle, &known, &[], &mut every);
            if lines.clauses < every.clauses {
                with_lines_left_out += 1;
            }
            assert_eq!(all_models(search, 400), Some(expected.clone()), "round {round}");
            compared += 1;
            if !expected.is_empty() {
                with_solutions += 1;
            }
        }
    }
    assert!(compared >= 100, "only {compared} compared");
    assert!(with_lines_left_out >= 50, "lines left out in only {with_lines_left_out}");
    assert!(with_solutions >= 50, "symmetric solutions in only {with_solutions}");
}

#[test]
fn clause_bound_holds_and_is_not_loose() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for (w, h, density) in [(30, 30, 50), (25, 40, 30), (60, 20, 70), (1, 50, 50), (7, 3, 10)] {
        let puzzle = random_puzzle(&mut state, w, h, density);
        let mut count = ClauseCount::default();
        encode(&puzzle, &Grid::new(w, h), &[], &mut count);
        let (clauses, bound) = (count.clauses, SatSearch::clause_bound(&puzzle));
        assert!(clauses <= bound && bound <= 2 * clauses + 100, "{w}×{h}: {clauses} clauses, bound {bound}");
    }
}
