//! The exact line solver: from a clue and a partly known line, every cell that
//! is the same in all valid placements, or a contradiction.
//!
//! Method (O(length × runs) time and memory, no enumeration): the line is
//! padded with one known-empty cell at its end, so every run can be followed
//! by a separator cell. `fwd[j][i]` says the first `j` runs, each with its
//! separator, fit the first `i` cells consistently; `bwd[j][i]` says runs
//! `j..` fit the cells from `i` to the end. Since a prefix counted by `fwd`
//! always ends on an empty cell (a gap or a separator), cell `p` can be empty
//! when `fwd[j][p+1] && bwd[j][p+1]` for some `j`; a run can start
//! at `s` when `fwd[j][s]`, its cells and separator agree with the line, and
//! `bwd[j+1][s+len+1]`. Cells covered by some possible start can be filled
//! (marked with a difference array). A cell that can be both stays unknown.

use crate::cell::Cell;
use std::fmt;

/// A line (or a grid) that no placement of its clue fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no placement of the clue fits the line")
    }
}

impl std::error::Error for Contradiction {}

/// Reusable scratch space for the line solver: solving allocates only when a
/// line is longer, or its clue has more runs, than any seen before.
#[derive(Default, Debug)]
pub struct LineSolver {
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    empties: Vec<u32>,
    cover: Vec<i32>,
}

impl LineSolver {
    pub fn new() -> LineSolver {
        LineSolver::default()
    }

    /// Solves `line` in place for `runs`: known cells stay, deduced cells are
    /// set. Returns `Err(Contradiction)` (line unchanged) when nothing fits.
    pub fn solve(&mut self, runs: &[u32], line: &mut [Cell]) -> Result<(), Contradiction> {
        let n = line.len();
        let big_n = n + 1; // padded length
        let k = runs.len();
        let width = big_n + 1;
        let cell = |i: usize| if i < n { line[i] } else { Cell::Empty };

        // empties[i] = number of known-empty cells among padded cells 0..i.
        self.empties.clear();
        self.empties.push(0);
        for i in 0..big_n {
            let e = self.empties[i] + u32::from(cell(i) == Cell::Empty);
            self.empties.push(e);
        }
        let empties = &self.empties;
        let block_ok = |s: usize, len: usize| empties[s + len] == empties[s];

        let fwd = &mut self.fwd;
        fwd.clear();
        fwd.resize((k + 1) * width, false);
        fwd[0] = true;
        for i in 1..=big_n {
            fwd[i] = fwd[i - 1] && cell(i - 1) != Cell::Filled;
        }
        for j in 1..=k {
            let len = runs[j - 1] as usize;
            let (prev, cur) = fwd.split_at_mut(j * width);
            let prev = &prev[(j - 1) * width..];
            let cur = &mut cur[..width];
            for i in 0..=big_n {
                let gap = i > 0 && cur[i - 1] && cell(i - 1) != Cell::Filled;
                let block = i > len && {
                    let s = i - len - 1;
                    prev[s] && cell(i - 1) != Cell::Filled && block_ok(s, len)
                };
                cur[i] = gap || block;
            }
        }
        if !fwd[k * width + big_n] {
            return Err(Contradiction);
        }

        let bwd = &mut self.bwd;
        bwd.clear();
        bwd.resize((k + 1) * width, false);
        bwd[k * width + big_n] = true;
        for i in (0..big_n).rev() {
            bwd[k * width + i] = bwd[k * width + i + 1] && cell(i) != Cell::Filled;
        }
        for j in (0..k).rev() {
            let len = runs[j] as usize;
            let (cur, next) = bwd.split_at_mut((j + 1) * width);
            let cur = &mut cur[j * width..];
            for i in (0..=big_n).rev() {
                let gap = i < big_n && cur[i + 1] && cell(i) != Cell::Filled;
                let block =
                    i + len < big_n && block_ok(i, len) && cell(i + len) != Cell::Filled && next[i + len + 1];
                cur[i] = gap || block;
            }
        }

        // Which cells can be filled: a difference array over possible run starts.
        let cover = &mut self.cover;
        cover.clear();
        cover.resize(big_n + 1, 0);
        for j in 0..k {
            let len = runs[j] as usize;
            for s in 0..big_n.saturating_sub(len) {
                if fwd[j * width + s]
                    && block_ok(s, len)
                    && cell(s + len) != Cell::Filled
                    && bwd[(j + 1) * width + s + len + 1]
                {
                    cover[s] += 1;
                    cover[s + len] -= 1;
                }
            }
        }
        let mut covered = 0;
        for p in 0..n {
            covered += cover[p];
            let can_fill = covered > 0;
            // fwd[j][p+1] ends on an empty cell (a gap or a run's separator).
            let can_empty = (0..=k).any(|j| fwd[j * width + p + 1] && bwd[j * width + p + 1]);
            line[p] = match (can_fill, can_empty) {
                (true, true) => Cell::Unknown,
                (true, false) => Cell::Filled,
                (false, true) => Cell::Empty,
                (false, false) => unreachable!("a fitting clue leaves every cell some value"),
            };
        }
        Ok(())
    }
}

/// Solves one line with a fresh [`LineSolver`]; see [`LineSolver::solve`].
pub fn solve_line(runs: &[u32], line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let mut out = line.to_vec();
    LineSolver::new().solve(runs, &mut out)?;
    Ok(out)
}
