//! Placements of a colour clue in a line, counted and listed: what the line
//! lab shows for a colour line (black and white's are in
//! [`crate::line::placement`]). Two runs of one colour need a background cell
//! between them; runs of two colours may touch.

use super::puzzle::{ColourRun, Colours, BACKGROUND};

/// The placements of `runs` that fit `line` (each cell the set of colours
/// it may take): how many there are (saturating at `u64::MAX`), and the
/// first `limit` of them, each as one colour per cell (0 the background),
/// leftmost first.
pub fn colour_placements(runs: &[ColourRun], line: &[Colours], limit: usize) -> (u64, Vec<Vec<u8>>) {
    let table = Table::new(runs, line);
    let total = table.ways(0, 0);
    let mut listed = Vec::new();
    let mut cells = vec![0u8; line.len()];
    table.list(0, 0, &mut cells, &mut listed, limit);
    (total, listed)
}

/// How many placements of `runs` fit `line` (saturating at `u64::MAX`),
/// without listing any (what a hint needs: the worker links no listing).
pub fn count_colour_placements(runs: &[ColourRun], line: &[Colours]) -> u64 {
    Table::new(runs, line).ways(0, 0)
}

/// `after[j][p]`: the ways to place runs `j..` in cells `p..` when run
/// `j - 1` (if any) ends just before `p`; `from[j][q]`: the same with run
/// `j` starting at `q` or later and every cell from `q` to its start
/// background.
struct Table<'a> {
    runs: &'a [ColourRun],
    line: &'a [Colours],
    after: Vec<Vec<u64>>,
    from: Vec<Vec<u64>>,
}

impl<'a> Table<'a> {
    fn new(runs: &'a [ColourRun], line: &'a [Colours]) -> Table<'a> {
        let (n, k) = (line.len(), runs.len());
        let background = |p: usize| line[p] & BACKGROUND != 0;
        // `clear[c][p]`: cells `p..` that can take colour `c`, in a row.
        let mut clear: Vec<Vec<usize>> = vec![Vec::new(); 33];
        for r in runs {
            let c = usize::from(r.colour & 31);
            if clear[c].is_empty() {
                let mut row = vec![0; n + 1];
                for p in (0..n).rev() {
                    row[p] = if line[p] & (1 << c) != 0 { row[p + 1] + 1 } else { 0 };
                }
                clear[c] = row;
            }
        }
        let mut after = vec![vec![0u64; n + 1]; k + 1];
        let mut from = vec![vec![0u64; n + 2]; k + 1];
        // No run left: every cell to the end is background.
        after[k][n] = 1;
        for p in (0..n).rev() {
            after[k][p] = if background(p) { after[k][p + 1] } else { 0 };
        }
        for j in (0..k).rev() {
            let len = runs[j].len as usize;
            let c = usize::from(runs[j].colour & 31);
            for q in (0..=n).rev() {
                let here =
                    if q + len <= n && len > 0 && clear[c][q] >= len { after[j + 1][q + len] } else { 0 };
                let later = if q < n && background(q) { from[j][q + 1] } else { 0 };
                from[j][q] = here.saturating_add(later);
            }
            let gap = usize::from(j > 0 && runs[j - 1].colour == runs[j].colour);
            for p in 0..=n {
                after[j][p] = match gap {
                    0 => from[j][p],
                    _ if p < n && background(p) => from[j][p + 1],
                    _ => 0,
                };
            }
        }
        Table { runs, line, after, from }
    }

    /// Ways to place runs `j..` from `p`, run `j - 1` ending just before it.
    fn ways(&self, j: usize, p: usize) -> u64 {
        self.after[j][p]
    }

    /// Lists placements of runs `j..` from `p` into `listed`, `cells` holding
    /// the placement so far; false once `limit` is reached.
    fn list(&self, j: usize, p: usize, cells: &mut Vec<u8>, listed: &mut Vec<Vec<u8>>, limit: usize) -> bool {
        let n = self.line.len();
        if self.after[j][p] == 0 {
            return true;
        }
        if j == self.runs.len() {
            if listed.len() == limit {
                return false;
            }
            cells[p..].fill(0);
            listed.push(cells.clone());
            return true;
        }
        let gap = usize::from(j > 0 && self.runs[j - 1].colour == self.runs[j].colour);
        let len = self.runs[j].len as usize;
        let mut s = p + gap;
        cells[p..s.min(n)].fill(0);
        while s + len <= n && self.from[j][s] > 0 {
            let fits = self.line[s..s + len].iter().all(|&set| set & (1 << self.runs[j].colour) != 0);
            if fits && self.after[j + 1][s + len] > 0 {
                cells[s..s + len].fill(self.runs[j].colour);
                if !self.list(j + 1, s + len, cells, listed, limit) {
                    return false;
                }
            }
            if self.line[s] & BACKGROUND == 0 {
                break;
            }
            cells[s] = 0;
            s += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::solve_colour_line;
    use crate::testing::Random;

    fn run(len: u32, colour: u8) -> ColourRun {
        ColourRun { len, colour }
    }

    #[test]
    fn runs_of_two_colours_touch_and_of_one_colour_keep_apart() {
        let all = BACKGROUND | 0b110;
        let (total, listed) = colour_placements(&[run(2, 1), run(1, 2)], &[all; 4], 10);
        assert_eq!(total, 3);
        assert_eq!(listed, [vec![1, 1, 2, 0], vec![1, 1, 0, 2], vec![0, 1, 1, 2]]);
        let (total, listed) = colour_placements(&[run(1, 1), run(1, 1)], &[all; 3], 10);
        assert_eq!((total, listed), (1, vec![vec![1, 0, 1]]));
        assert_eq!(colour_placements(&[], &[all; 2], 10), (1, vec![vec![0, 0]]));
        assert_eq!(colour_placements(&[run(3, 1)], &[all, all, 0b100], 10), (0, vec![]));
    }

    /// On random lines, the placements listed are distinct, each fits, their
    /// number is the count, and what they share is the line solver's answer.
    #[test]
    fn agree_with_the_line_solver_on_random_lines() {
        let mut random = Random(0xc01_0a7);
        for _ in 0..3000 {
            let n = 1 + random.below(10) as usize;
            let colours = 1 + random.below(3) as u8;
            let picture: Vec<u8> = (0..n).map(|_| random.below(u64::from(colours) + 1) as u8).collect();
            let runs = crate::colour::colour_clue_of(&picture);
            let every: Colours = (1 << (colours + 1)) - 1;
            let line: Vec<Colours> = (0..n)
                .map(|i| {
                    if random.below(3) == 0 {
                        1 << picture[i]
                    } else {
                        every & !(1 << random.below(4)) | 1 << picture[i]
                    }
                })
                .collect();
            let (total, listed) = colour_placements(&runs, &line, usize::MAX);
            assert_eq!(total, listed.len() as u64);
            let mut distinct = listed.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), listed.len());
            let mut union = vec![0 as Colours; n];
            for cells in &listed {
                assert_eq!(crate::colour::colour_clue_of(cells), runs);
                for (p, &c) in cells.iter().enumerate() {
                    assert!(line[p] & (1 << c) != 0);
                    union[p] |= 1 << c;
                }
            }
            assert!(total > 0, "the picture itself fits");
            assert_eq!(solve_colour_line(&runs, &line), Ok(union), "{runs:?} {line:?}");
        }
    }
}
