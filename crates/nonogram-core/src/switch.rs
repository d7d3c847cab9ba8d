//! Switches: the smallest change that turns one solution into another.
//!
//! Two solutions of a puzzle differ in at least four cells. A row that
//! changes changes at least two cells, since its count of filled cells (its
//! clue's sum) stays; so does a column. The changed cells therefore come at
//! least two to a row and two to a column, and four is reached only at the
//! corners of a rectangle: filled on one diagonal, empty on the other, each
//! corner turned over. Such a **switch** keeps every clue exactly when each
//! of its two rows and two columns keeps its runs with its two corners
//! turned over; no other line changes.
//!
//! A line keeps its runs with one filled and one empty cell turned over in
//! exactly two ways:
//! - a run moves one cell along: its first cell empties and the cell after
//!   its last fills (or the reverse), and a cell stays empty between it and
//!   the next run;
//! - a run of one cell moves to an empty cell whose neighbours are empty,
//!   passing only runs of one cell (its clue then reads the same).
//!
//! (Emptying a cell inside a run splits it, and one fill cannot mend the
//! count and the order of the runs at once; emptying an end of a longer run
//! shortens it, which only a fill at its other end makes good.)
//!
//! Random puzzles with several solutions nearly always have a switch: of
//! TAAI 2011's last 200 puzzles (all with several solutions), 199 have one
//! in the first solution found, and finding the second by clause learning
//! took 17 % of their contradictions. So clause learning looks for the
//! switches of each solution before it searches on (see `Solver::record`
//! and `Solver::start_learning`); they take a pass over the grid, some
//! 20 µs on a 25×25. Moves of a single-cell run past others are
//! listed only up to a bound per line (a line of many single-cell runs has
//! a number of them quadratic in its length): what the finder leaves out,
//! search still finds.

use crate::cell::Cell;
use crate::grid::Grid;

/// Four cells at the corners of a rectangle, turned over together; rows and
/// columns are 0-based, each pair in increasing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switch {
    pub rows: (usize, usize),
    pub columns: (usize, usize),
}

impl Switch {
    /// `grid` with the switch's four cells turned over.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut out = grid.clone();
        for row in [self.rows.0, self.rows.1] {
            for col in [self.columns.0, self.columns.1] {
                out.set(row, col, grid.get(row, col).opposite());
            }
        }
        out
    }
}

/// The moves a line allows (pairs of positions, the smaller first), at most
/// this many per cell of the line.
const MOVES_PER_CELL: usize = 8;

/// The switches of a solution that keep every clue, in order of their first
/// column, then rows, then second column; at most `limit` of them.
pub fn switches(solution: &Grid, limit: usize) -> Vec<Switch> {
    let (w, h) = (solution.width(), solution.height());
    let cells = solution.cells();
    // Each row's moves in both orders, so that a column's partners in it
    // are one range; each column's in one order, for lookups.
    let rows = Moves::of(h, w, |r, c| cells[r * w + c] == Cell::Filled, true);
    let columns = Moves::of(w, h, |c, r| cells[r * w + c] == Cell::Filled, false);
    let mut found = Vec::new();
    for c1 in 0..w {
        for (r1, r2) in columns.line(c1).iter().map(unpacked) {
            let row = rows.line(r1 as usize);
            let c = c1 as u32;
            let from = row.partition_point(|&m| m < packed(c, 0));
            for (_, c2) in row[from..].iter().map(unpacked).take_while(|&(a, _)| a == c) {
                if c2 > c
                    && rows.line(r2 as usize).binary_search(&packed(c, c2)).is_ok()
                    && columns.line(c2 as usize).binary_search(&packed(r1, r2)).is_ok()
                {
                    if found.len() == limit {
                        return found;
                    }
                    found.push(Switch { rows: (r1 as usize, r2 as usize), columns: (c1, c2 as usize) });
                }
            }
        }
    }
    found
}

/// A move's two positions in one number, ordered as the pair is: sorted
/// so, the worker's wasm sorts numbers alone (a sort of pairs took 8 KB
/// of it, 3 KB gzipped, of the first download's budget).
fn packed(a: u32, b: u32) -> u64 {
    (a as u64) << 32 | b as u64
}

fn unpacked(m: &u64) -> (u32, u32) {
    ((m >> 32) as u32, *m as u32)
}

/// The moves of every line of one direction in one array, each line's
/// sorted: line `i`'s are `pairs[starts[i]..starts[i + 1]]`, packed.
struct Moves {
    pairs: Vec<u64>,
    starts: Vec<usize>,
}

impl Moves {
    /// The moves of `lines` lines of `len` cells, where `filled(i, k)` tells
    /// whether cell `k` of line `i` is filled; with `both_orders`, each pair
    /// is listed reversed too.
    fn of(lines: usize, len: usize, filled: impl Fn(usize, usize) -> bool, both_orders: bool) -> Moves {
        let (mut line, mut scratch) = (Vec::with_capacity(len), Scratch::default());
        let (mut pairs, mut moves) = (Vec::new(), Vec::new());
        let mut starts = Vec::with_capacity(lines + 1);
        starts.push(0);
        for i in 0..lines {
            line.clear();
            line.extend((0..len).map(|k| filled(i, k)));
            let from = pairs.len();
            moves.clear();
            line_moves(&line, &mut scratch, &mut moves);
            pairs.extend(moves.iter().map(|&(a, b)| packed(a, b)));
            if both_orders {
                pairs.extend(moves.iter().map(|&(a, b)| packed(b, a)));
            }
            pairs[from..].sort_unstable();
            starts.push(pairs.len());
        }
        Moves { pairs, starts }
    }

    fn line(&self, i: usize) -> &[u64] {
        &self.pairs[self.starts[i]..self.starts[i + 1]]
    }
}

/// Appends to `moves` the pairs of positions (the smaller first) of a
/// filled and an empty cell of `line` that keep its runs when turned over
/// (see the module's docs): every move of a run by one cell, and moves of
/// single-cell runs up to [`MOVES_PER_CELL`] per cell in all. `scratch`
/// holds the runs and the lone cells.
fn line_moves(line: &[bool], scratch: &mut Scratch, moves: &mut Vec<(u32, u32)>) {
    let n = line.len();
    let at = |i: usize| i < n && line[i];
    let Scratch { runs, lone } = scratch;
    let budget = moves.len() + MOVES_PER_CELL * n;
    runs.clear();
    lone.clear();
    let mut i = 0;
    while i < n {
        if line[i] {
            let start = i;
            while i < n && line[i] {
                i += 1;
            }
            runs.push((start, i - 1));
        } else if (i == 0 || !line[i - 1]) && !at(i + 1) {
            // An empty cell whose neighbours are empty. A single-cell run
            // at `s` moves to such a cell two or more away (one away is a
            // move by one cell): `s` is never its neighbour.
            lone.push(i);
        }
        i += 1;
    }
    for &(s, t) in runs.iter() {
        // One cell along, either way, still apart from the next run.
        if t + 1 < n && !at(t + 2) {
            moves.push((s as u32, t as u32 + 1));
        }
        if s >= 1 && (s < 2 || !at(s - 2)) {
            moves.push((s as u32 - 1, t as u32));
        }
    }
    // Single-cell runs to lone cells, passing single-cell runs only: from
    // the end of the previous longer run to the start of the next one
    // (`next`, which only moves forwards: one pass over the runs).
    let (mut begin, mut next) = (0, 0);
    for (k, &(s, t)) in runs.iter().enumerate() {
        if s != t {
            begin = t + 2;
            continue;
        }
        if next <= k {
            next = k + 1;
            while next < runs.len() && runs[next].0 == runs[next].1 {
                next += 1;
            }
        }
        let end = runs.get(next).map_or(n, |&(a, _)| a);
        let from = lone.partition_point(|&e| e < begin);
        for &e in lone[from..].iter().take_while(|&&e| e < end) {
            if moves.len() >= budget {
                return;
            }
            moves.push(if e < s { (e as u32, s as u32) } else { (s as u32, e as u32) });
        }
    }
}

/// [`line_moves`]' buffers, kept from line to line.
#[derive(Default)]
struct Scratch {
    runs: Vec<(usize, usize)>,
    lone: Vec<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Clue, Puzzle};
    use crate::testing::{picture, Random};

    fn moves_of(line: &[bool]) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        line_moves(line, &mut Scratch::default(), &mut moves);
        moves.into_iter().map(|(a, b)| (a as usize, b as usize)).collect()
    }

    fn bits(text: &str) -> Vec<bool> {
        text.chars().map(|c| c == '#').collect()
    }

    /// Every pair of a filled and an empty cell whose turning keeps the
    /// line's runs, by trying each.
    fn brute_moves(line: &[bool]) -> Vec<(usize, usize)> {
        let cells = |l: &[bool]| -> Vec<Cell> {
            l.iter().map(|&f| if f { Cell::Filled } else { Cell::Empty }).collect()
        };
        let clue = Clue::of_line(&cells(line));
        let mut out = Vec::new();
        for i in 0..line.len() {
            for j in i + 1..line.len() {
                if line[i] != line[j] {
                    let mut l = line.to_vec();
                    l[i] = !l[i];
                    l[j] = !l[j];
                    if Clue::of_line(&cells(&l)) == clue {
                        out.push((i, j));
                    }
                }
            }
        }
        out
    }

    fn sorted(mut v: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
        v.sort_unstable();
        v
    }

    #[test]
    fn a_line_s_moves_are_exactly_those_that_keep_its_runs() {
        for text in
            ["#..", "..#..", "##.", ".##.#", "#...#...#", "#.#...#..##..#.", "###", "", "....", "#.#.#"]
        {
            let line = bits(text);
            assert_eq!(sorted(moves_of(&line)), brute_moves(&line), "line {text:?}");
        }
        // Every line of up to 10 cells.
        for n in 0..=10 {
            for mask in 0u32..1 << n {
                let line: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
                assert_eq!(sorted(moves_of(&line)), brute_moves(&line), "line {mask:0n$b}");
            }
        }
    }

    #[test]
    fn a_line_of_many_single_runs_is_bounded() {
        // Runs of one every four cells: a quadratic number of moves.
        let line: Vec<bool> = (0..400).map(|i| i % 4 == 0).collect();
        assert_eq!(moves_of(&line).len(), MOVES_PER_CELL * 400);
    }

    /// Every switch of `solution` that keeps its clues, by trying each rectangle.
    fn brute_switches(solution: &Grid) -> Vec<Switch> {
        let puzzle = Puzzle::from_picture(solution);
        let (w, h) = (solution.width(), solution.height());
        let mut out = Vec::new();
        for c1 in 0..w {
            for r1 in 0..h {
                for r2 in r1 + 1..h {
                    for c2 in c1 + 1..w {
                        let s = Switch { rows: (r1, r2), columns: (c1, c2) };
                        let other = s.apply(solution);
                        if other != *solution && puzzle.is_solution(&other) {
                            out.push(s);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn switches_are_those_of_every_rectangle_that_keep_the_clues() {
        let g = picture(&["#.", ".#"]);
        assert_eq!(switches(&g, 10), [Switch { rows: (0, 1), columns: (0, 1) }]);
        assert_eq!(switches(&g, 10)[0].apply(&g), picture(&[".#", "#."]));
        // Random pictures: all switches found, in brute force's order.
        let mut rng = Random(0x2545_f491_4f6c_dd1d);
        for round in 0..300 {
            let (w, h) = (2 + round % 9, 2 + round / 9 % 8);
            let cells: Vec<Cell> =
                (0..w * h).map(|_| if rng.below(2) == 0 { Cell::Filled } else { Cell::Empty }).collect();
            let g = Grid::from_cells(w, h, cells).unwrap();
            let expected = brute_switches(&g);
            let mut found = switches(&g, usize::MAX);
            let order = |s: &Switch| (s.columns.0, s.rows.0, s.rows.1, s.columns.1);
            found.sort_by_key(order);
            assert_eq!(found, expected, "{g}");
            assert_eq!(switches(&g, 1).len(), expected.len().min(1));
        }
    }

    #[test]
    fn a_switch_keeps_every_line_s_clue() {
        let g = picture(&["#..#.", ".#..#", "..##.", "#...#"]);
        let puzzle = Puzzle::from_picture(&g);
        for s in switches(&g, usize::MAX) {
            let other = s.apply(&g);
            for line in puzzle.lines() {
                assert_eq!(Clue::of_line(&other.line(line)), *puzzle.clue(line), "{line:?}");
            }
        }
    }
}
