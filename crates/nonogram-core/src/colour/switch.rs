//! Switches of a colour solution: two colours traded at the corners of a
//! rectangle, black and white's switches ([`crate::switch`]) for colour.
//!
//! A line keeps how many cells of each colour it has (its clue's runs), so
//! a line that changes changes at least two cells, one from colour `a` to
//! `b` and one from `b` to `a`; two solutions four cells apart therefore
//! differ at the corners of a rectangle, `a` on one diagonal and `b` on the
//! other, traded. Such a switch keeps every clue exactly when each of its
//! two rows and two columns keeps its runs with its two corners traded.
//! The finder lists each row's trades that keep its runs (at most a bound
//! per cell of the row), pairs rows that trade the same two columns the
//! other way, and checks the two columns.

use super::puzzle::{ColourPuzzle, ColourRun};
use crate::switch::Switch;
use std::collections::HashMap;

/// Trades listed per cell of a line, at most: a line of many short runs
/// has a number of them quadratic in its length; what the finder leaves
/// out, search still finds.
const TRADES_PER_CELL: usize = 4;

/// The switches of `cells` (one colour per cell, row-major) that keep every
/// clue of `puzzle`, up to `limit`.
pub fn colour_switches(puzzle: &ColourPuzzle, cells: &[u8], limit: usize) -> Vec<Switch> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut by_trade: HashMap<(usize, usize, u8, u8), Vec<usize>> = HashMap::new();
    let mut row = Vec::with_capacity(width);
    for r in 0..height {
        row.clear();
        row.extend_from_slice(&cells[r * width..(r + 1) * width]);
        for (c1, c2) in trades(&row, &puzzle.rows[r]) {
            by_trade.entry((c1, c2, row[c1], row[c2])).or_default().push(r);
        }
    }
    let mut column = vec![0u8; height];
    let mut found = Vec::new();
    // The trades in order, each packed into one number (columns below
    // `MAX_SIDE`, so 24 bits each) in the order of its fields: a sort of
    // numbers is already in the worker's wasm, one of tuples took 4.5 KB
    // gzipped.
    let mut keys: Vec<u64> = by_trade
        .keys()
        .map(|&(c1, c2, a, b)| (c1 as u64) << 40 | (c2 as u64) << 16 | (a as u64) << 8 | b as u64)
        .collect();
    keys.sort_unstable();
    for key in keys {
        let (c1, c2) = ((key >> 40) as usize, (key >> 16 & 0xff_ffff) as usize);
        let (a, b) = ((key >> 8) as u8, key as u8);
        let Some(others) = by_trade.get(&(c1, c2, b, a)) else { continue };
        for &r1 in &by_trade[&(c1, c2, a, b)] {
            for &r2 in others.iter().filter(|&&r2| r2 > r1) {
                let keeps = |c: usize, column: &mut Vec<u8>| {
                    for (r, slot) in column.iter_mut().enumerate() {
                        *slot = cells[r * width + c];
                    }
                    column.swap(r1, r2);
                    super::puzzle::colour_clue_of(column) == puzzle.columns[c]
                };
                if keeps(c1, &mut column) && keeps(c2, &mut column) {
                    found.push(Switch { rows: (r1, r2), columns: (c1, c2) });
                    if found.len() == limit {
                        return found;
                    }
                }
            }
        }
    }
    found
}

/// The pairs of positions (the smaller first) whose two cells, of two
/// colours, can be traded keeping `line`'s runs `clue`.
fn trades(line: &[u8], clue: &[ColourRun]) -> Vec<(usize, usize)> {
    let n = line.len();
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if line[i] != line[j] && keeps_runs(line, i, j, clue) {
                out.push((i, j));
                if out.len() >= TRADES_PER_CELL * n {
                    return out;
                }
            }
        }
    }
    out
}

/// Whether `line` with cells `i` and `j` traded reads `clue`.
fn keeps_runs(line: &[u8], i: usize, j: usize, clue: &[ColourRun]) -> bool {
    let at = |p: usize| match p {
        _ if p == i => line[j],
        _ if p == j => line[i],
        _ => line[p],
    };
    let mut runs = clue.iter();
    let mut p = 0;
    while p < line.len() {
        let colour = at(p);
        if colour == 0 {
            p += 1;
            continue;
        }
        let start = p;
        while p < line.len() && at(p) == colour {
            p += 1;
        }
        match runs.next() {
            Some(run) if run.colour == colour && run.len as usize == p - start => {}
            _ => return false,
        }
    }
    runs.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_colours_traded_at_a_rectangles_corners() {
        // A red diagonal over a blue row: the diagonal's red and white
        // corners trade (every row and column keeps its runs).
        let picture = [1, 0, 0, 1, 2, 2];
        let puzzle = ColourPuzzle::from_picture(&picture, 2);
        let switches = colour_switches(&puzzle, &picture, 10);
        assert_eq!(switches, [Switch { rows: (0, 1), columns: (0, 1) }]);
        let mut traded = picture.to_vec();
        traded.swap(0, 1);
        traded.swap(2, 3);
        assert!(puzzle.is_solution(&traded));
        // A unique picture has none.
        let unique = [1, 1, 2, 0, 1, 2, 2, 2, 0];
        assert!(colour_switches(&ColourPuzzle::from_picture(&unique, 3), &unique, 10).is_empty());
    }

    /// On random pictures, every switch found gives another solution.
    #[test]
    fn every_switch_found_is_a_solution() {
        let mut random = crate::testing::Random(0x0057_17c4);
        let mut found = 0;
        for _ in 0..400 {
            let (w, h) = (3 + random.below(8) as usize, 3 + random.below(8) as usize);
            let picture: Vec<u8> = (0..w * h).map(|_| random.below(3) as u8).collect();
            let puzzle = ColourPuzzle::from_picture(&picture, w);
            for s in colour_switches(&puzzle, &picture, 50) {
                let mut other = picture.clone();
                let (a, b) = (s.rows.0 * w, s.rows.1 * w);
                other.swap(a + s.columns.0, a + s.columns.1);
                other.swap(b + s.columns.0, b + s.columns.1);
                assert_ne!(other, picture);
                assert!(puzzle.is_solution(&other), "{s:?}");
                found += 1;
            }
        }
        assert!(found > 50, "{found} switches");
    }
}
