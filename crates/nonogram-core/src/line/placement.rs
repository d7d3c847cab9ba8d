//! Placements of a clue in a line, enumerated one by one: the seeds'
//! brute-force method, kept as the oracle the fast line solver is tested
//! against, and used to show the placements of a line (the line lab).

use crate::cell::Cell;
use crate::line::Contradiction;

/// One placement: the start cell of each run, in order.
pub type Placement = Vec<usize>;

/// Every placement of `runs` consistent with the known cells of `line`, up to
/// `limit` of them, and whether the list is complete.
pub fn placements(runs: &[u32], line: &[Cell], limit: usize) -> (Vec<Placement>, bool) {
    let mut out = Vec::new();
    let mut starts = Vec::with_capacity(runs.len());
    let complete = place(runs, line, 0, &mut starts, &mut out, limit);
    (out, complete)
}

/// Places run `starts.len()` at or after `from`; false when `limit` was hit.
fn place(
    runs: &[u32],
    line: &[Cell],
    from: usize,
    starts: &mut Vec<usize>,
    out: &mut Vec<Placement>,
    limit: usize,
) -> bool {
    let j = starts.len();
    if j == runs.len() {
        // Every cell after the last run must be allowed to be empty.
        if line[from.min(line.len())..].contains(&Cell::Filled) {
            return true;
        }
        if out.len() == limit {
            return false;
        }
        out.push(starts.clone());
        return true;
    }
    let len = runs[j] as usize;
    let mut s = from;
    while s + len <= line.len() {
        // Cells skipped before this run are empty: stop at the first filled one.
        let fits = !line[s..s + len].contains(&Cell::Empty)
            && (s + len == line.len() || line[s + len] != Cell::Filled);
        if fits {
            starts.push(s);
            let ok = place(runs, line, s + len + 1, starts, out, limit);
            starts.pop();
            if !ok {
                return false;
            }
        }
        if line[s] == Cell::Filled {
            break;
        }
        s += 1;
    }
    true
}

/// The cells of a placement: runs filled, the rest empty.
pub fn placement_cells(runs: &[u32], starts: &[usize], len: usize) -> Vec<Cell> {
    let mut cells = vec![Cell::Empty; len];
    for (&r, &s) in runs.iter().zip(starts) {
        cells[s..s + r as usize].fill(Cell::Filled);
    }
    cells
}

/// A placement drawn as the seed prints it: run `i` as the `i`-th letter
/// (`A`, `B`, …; lowercase where the cell was already known filled), known
/// empty cells as `_`, other cells as `.`.
pub fn draw_placement(runs: &[u32], starts: &[usize], line: &[Cell]) -> String {
    let mut out: Vec<char> = line.iter().map(|&c| if c == Cell::Empty { '_' } else { '.' }).collect();
    for (i, (&r, &s)) in runs.iter().zip(starts).enumerate() {
        let letter = run_letter(i);
        for (p, slot) in out.iter_mut().enumerate().skip(s).take(r as usize) {
            *slot = if line[p] == Cell::Filled { letter.to_ascii_lowercase() } else { letter };
        }
    }
    out.into_iter().collect()
}

/// `A`–`Z` then `a`… wraps; lines with more than 26 runs reuse letters.
fn run_letter(i: usize) -> char {
    (b'A' + (i % 26) as u8) as char
}

/// The brute-force line solver: the cells common to every placement.
pub fn brute_force_solve(runs: &[u32], line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let (all, _) = placements(runs, line, usize::MAX);
    let mut result: Option<Vec<Cell>> = None;
    for starts in &all {
        let cells = placement_cells(runs, starts, line.len());
        result = Some(match result {
            None => cells,
            Some(acc) => {
                acc.iter().zip(&cells).map(|(&a, &b)| if a == b { a } else { Cell::Unknown }).collect()
            }
        });
    }
    result.ok_or(Contradiction)
}

/// Number of placements of `runs` consistent with `line`, saturating at `u64::MAX`.
pub fn count_placements(runs: &[u32], line: &[Cell]) -> u64 {
    // ways[i] = placements of the runs seen so far that end at or before cell i
    // (with their separator), leaving cells before i consistent.
    let n = line.len();
    let cell = |i: usize| if i < n { line[i] } else { Cell::Empty };
    let mut ways = vec![0u64; n + 2];
    ways[0] = 1;
    for i in 1..=n + 1 {
        ways[i] = if cell(i - 1) != Cell::Filled { ways[i - 1] } else { 0 };
    }
    for &r in runs {
        let len = r as usize;
        let mut next = vec![0u64; n + 2];
        for i in 1..=n + 1 {
            let gap = if cell(i - 1) != Cell::Filled { next[i - 1] } else { 0 };
            let block = if i > len {
                let s = i - len - 1;
                let ok = (s..s + len).all(|p| cell(p) != Cell::Empty) && cell(i - 1) != Cell::Filled;
                if ok {
                    ways[s]
                } else {
                    0
                }
            } else {
                0
            };
            next[i] = gap.saturating_add(block);
        }
        ways = next;
    }
    ways[n + 1]
}
