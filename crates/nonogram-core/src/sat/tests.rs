//! Clause learning natively: the encoding against brute force, solutions
//! one after another, symmetric grids, splr's hand-over.

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

/// A solver built from the clauses and the last one's learnt clauses (a
/// new generation, forced here after each solution) still finds a
/// solution, and the search lists the solutions our solver lists.
#[cfg(feature = "splr")]
#[test]
fn a_new_generation_keeps_the_solutions() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut carried = 0;
    for (w, h, density) in [(12, 12, 45), (15, 15, 40), (25, 20, 45), (30, 20, 45), (30, 30, 50)] {
        let puzzle = random_puzzle(&mut state, w, h, density);
        let mut expected = Vec::new();
        let mut ours = SatSearch::new(&puzzle, &Grid::new(w, h), None);
        while expected.len() < 50 {
            match ours.run(10_000) {
                SatProgress::Solution(g) => expected.push(g.to_text()),
                SatProgress::Working => {}
                SatProgress::Exhausted => break,
            }
        }
        let mut search = SatSearch::new_long(&puzzle, &Grid::new(w, h), None, Some(1));
        let mut found = Vec::new();
        while found.len() < expected.len() {
            let Engine::Splr(long) = &mut search.engine else { unreachable!() };
            // A call of over a second ends its generation: call again.
            let solve = |long: &mut super::splr::SplrRun| loop {
                match long.run(w * h, None) {
                    Ok(Some(values)) => break values,
                    Ok(None) => {}
                    Err(()) => panic!("{w}×{h}: no solution left, after {} found", found.len()),
                }
            };
            let values = solve(long);
            long.next_generation();
            carried += long.learnt.len();
            let again = solve(long);
            let grid = |values: Vec<bool>| {
                let cells = values.into_iter().map(|f| if f { Cell::Filled } else { Cell::Empty }).collect();
                Grid::from_cells(w, h, cells).unwrap()
            };
            assert!(puzzle.is_solution(&grid(again)), "{w}×{h}");
            let values = grid(values);
            assert!(puzzle.is_solution(&values), "{w}×{h}");
            search.exclude(&values);
            found.push(values.to_text());
        }
        found.sort();
        found.dedup();
        assert_eq!(found.len(), expected.len(), "{w}×{h}: a solution found twice");
        // Where ours listed them all, so did splr, and no more are left.
        if expected.len() < 50 {
            assert_eq!(search.run(0), SatProgress::Exhausted, "{w}×{h}");
            expected.sort();
            assert!(found == expected, "{w}×{h}: not the solutions our solver lists");
        }
    }
    assert!(carried > 0, "no learnt clause was carried over");
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
