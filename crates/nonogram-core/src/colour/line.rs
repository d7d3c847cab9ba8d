//! The exact colour line solver: a colour is kept in a cell exactly when
//! some placement of every run that fits the line gives the cell that
//! colour. It works without enumerating placements, in O(length × (runs +
//! colours)), as [`crate::line`] does for black and white.

use super::puzzle::{colours_of, ColourPuzzle, ColourRun, Colours, BACKGROUND};
use crate::line::cache::FxHasher;
use crate::line::Contradiction;
use crate::puzzle::LineId;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Narrows each cell of `line` to the colours some fitting placement of
/// `runs` gives it; a [`Contradiction`] when none fits.
pub fn solve_colour_line(runs: &[ColourRun], line: &[Colours]) -> Result<Vec<Colours>, Contradiction> {
    ColourLineSolver::default().solve(runs, line).map(<[Colours]>::to_vec)
}

/// [`solve_colour_line`] with its working tables kept from one line to the
/// next (a colour puzzle's probing solves hundreds of thousands of lines;
/// allocating the tables afresh each time showed in its profile).
#[derive(Debug, Default)]
pub struct ColourLineSolver {
    colours: Vec<u8>,
    misses: Vec<u32>,
    least: Vec<usize>,
    tables: Vec<bool>,
    cover: Vec<i32>,
    out: Vec<Colours>,
}

impl ColourLineSolver {
    /// [`solve_colour_line`]: the line's cells narrowed, valid until the
    /// next call.
    pub fn solve(&mut self, runs: &[ColourRun], line: &[Colours]) -> Result<&[Colours], Contradiction> {
        self.narrow(runs, line)?;
        Ok(&self.out)
    }

    /// The solver itself: the result in `out`, every table cleared first.
    fn narrow(&mut self, runs: &[ColourRun], line: &[Colours]) -> Result<(), Contradiction> {
        let ColourLineSolver { colours, misses, least, tables, cover, out } = self;
        let (n, k) = (line.len(), runs.len());
        let width = n + 1;
        // `misses[c][p]`: cells before p that cannot take colour c, so that a
        // run's cells are checked in O(1).
        let used: u32 = runs.iter().fold(0, |set, r| set | 1 << (r.colour & 31));
        colours.clear();
        colours.extend(colours_of(used & !BACKGROUND));
        let mut slot = [0usize; 32];
        misses.clear();
        misses.resize(colours.len() * width, 0);
        for (i, &c) in colours.iter().enumerate() {
            slot[usize::from(c)] = i * width;
            let row = &mut misses[i * width..(i + 1) * width];
            for p in 0..n {
                row[p + 1] = row[p] + u32::from(line[p] & (1 << c) == 0);
            }
        }
        let fits = |j: usize, s: usize| {
            let (len, at) = (runs[j].len as usize, slot[usize::from(runs[j].colour)]);
            s + len <= n && misses[at + s + len] == misses[at + s]
        };
        let background = |p: usize| line[p] & BACKGROUND != 0;
        // The fewest cells the runs before run j fill (`before[j]`), and the
        // runs from run j on (`after[j]`), gaps between runs of one colour
        // included: the tables below are worked out only where the runs on
        // both sides fit (p from before[j] to n − after[j]); elsewhere no
        // placement passes, and their entries stay false. On clues of many
        // runs that is a fraction of the line.
        let gap_after = |j: usize| usize::from(j + 1 < k && runs[j + 1].colour == runs[j].colour);
        least.clear();
        least.resize(2 * (k + 1), 0);
        let (before, after) = least.split_at_mut(k + 1);
        for j in 0..k {
            before[j + 1] = before[j] + runs[j].len as usize + if j > 0 { gap_after(j - 1) } else { 0 };
        }
        for j in (0..k).rev() {
            after[j] = after[j + 1] + runs[j].len as usize + gap_after(j);
        }
        if after[0] > n {
            return Err(Contradiction);
        }
        // The four tables below, in one allocation.
        let size = (k + 1) * width;
        tables.clear();
        tables.resize(4 * size, false);
        let (loose, rest) = tables.split_at_mut(size);
        let (tight, rest) = rest.split_at_mut(size);
        let (open, starts) = rest.split_at_mut(size);
        // Left: the first j runs fill cells [0, p) with p-1 background
        // (`loose`) or the end of run j-1 (`tight`).
        loose[0] = true;
        for j in 0..=k {
            for p in before[j]..=n - after[j] {
                let here = j * width + p;
                if p < n && background(p) && (loose[here] || tight[here]) {
                    loose[here + 1] = true;
                }
                if j < k {
                    let after_same = j > 0 && runs[j - 1].colour == runs[j].colour;
                    let start = loose[here] || (tight[here] && !after_same);
                    if start && fits(j, p) {
                        tight[(j + 1) * width + p + runs[j].len as usize] = true;
                    }
                }
            }
        }
        if !loose[k * width + n] && !tight[k * width + n] {
            return Err(Contradiction);
        }
        // Right: runs j.. fill cells [p, n) with p background (`open`) or the
        // start of run j (`starts`).
        open[k * width + n] = true;
        for j in (0..=k).rev() {
            for p in (before[j]..=n - after[j]).rev() {
                let here = j * width + p;
                if p < n && background(p) && (open[here + 1] || starts[here + 1]) {
                    open[here] = true;
                }
                if j < k && fits(j, p) {
                    let end = (j + 1) * width + p + runs[j].len as usize;
                    let before_same = j + 1 < k && runs[j + 1].colour == runs[j].colour;
                    if open[end] || (starts[end] && !before_same) {
                        starts[here] = true;
                    }
                }
            }
        }
        // Each colour's cells: runs placed where both sides fit, added up by a
        // difference array; the background where it separates two halves that fit.
        out.clear();
        out.resize(n, 0);
        cover.clear();
        cover.resize(width, 0);
        for &c in colours.iter() {
            cover.fill(0);
            for (j, run) in runs.iter().enumerate().filter(|(_, r)| r.colour == c) {
                let len = run.len as usize;
                for s in before[j]..=n - after[j] {
                    let here = j * width + s;
                    let after_same = j > 0 && runs[j - 1].colour == c;
                    let left = loose[here] || (tight[here] && !after_same);
                    let end = (j + 1) * width + s + len;
                    let before_same = j + 1 < k && runs[j + 1].colour == c;
                    if left && fits(j, s) && (open[end] || (starts[end] && !before_same)) {
                        cover[s] += 1;
                        cover[s + len] -= 1;
                    }
                }
            }
            let mut running = 0;
            for p in 0..n {
                running += cover[p];
                if running > 0 {
                    out[p] |= 1 << c;
                }
            }
        }
        // Cell p is a gap between runs j − 1 and j only where the runs before
        // j fit before it and the runs from j on after it: j from `first`
        // (the runs after p fit) to `last` (the runs before p fit).
        let (mut first, mut last) = (0, 0);
        for (p, cell) in out.iter_mut().enumerate() {
            while last < k && before[last + 1] <= p {
                last += 1;
            }
            while after[first] + p + 1 > n {
                first += 1;
            }
            let gap = |j: usize| {
                let (left, right) = (j * width + p, j * width + p + 1);
                (loose[left] || tight[left]) && (open[right] || starts[right])
            };
            if background(p) && (first..=last).any(gap) {
                *cell |= BACKGROUND;
            }
        }
        Ok(())
    }
}

/// The colour table holds at most this many cells' colour sets, keys and
/// results together (4 bytes each: 8 MB of them; with each entry's two
/// allocations and the table's own room, about twice that), and is
/// cleared when full.
const COLOUR_CACHE_CELLS: usize = 1 << 21;

/// A colour line's slot and cells → the colours left, or a contradiction.
type ColourTable = HashMap<Box<[Colours]>, Option<Box<[Colours]>>, BuildHasherDefault<FxHasher>>;

/// The colour line solver with its results cached (its solver costs far
/// more than a lookup: on the noisy `colour-hard` pictures about 7 µs a
/// line, with 62 % of the states seen before, in probing above all): (line, each cell's
/// colours) → the colours left, or a contradiction. One puzzle's lines
/// per cache (its keys name a line, not its clue).
#[derive(Debug, Default)]
pub struct ColourLines {
    /// Keyed by the line's slot, then its cells.
    table: ColourTable,
    cells: usize,
    key: Vec<Colours>,
    solver: ColourLineSolver,
}

impl ColourLines {
    pub fn new() -> ColourLines {
        ColourLines::default()
    }

    /// Narrows `before`, the cells of `line`, to the colours some placement
    /// of its clue gives them; `None` when none fits.
    pub fn solve(&mut self, puzzle: &ColourPuzzle, line: LineId, before: &[Colours]) -> Option<&[Colours]> {
        self.key.clear();
        self.key.push(line.slot(puzzle.height()) as Colours);
        self.key.extend_from_slice(before);
        if !self.table.contains_key(self.key.as_slice()) {
            let after = self.solver.solve(puzzle.clue(line), before).ok().map(Box::from);
            if self.cells >= COLOUR_CACHE_CELLS {
                self.table.clear();
                self.cells = 0;
            }
            self.cells += 2 * self.key.len();
            self.table.insert(self.key.as_slice().into(), after);
        }
        self.table[self.key.as_slice()].as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::colour_clue_of;
    use crate::testing::Random;

    fn run(len: u32, colour: u8) -> ColourRun {
        ColourRun { len, colour }
    }

    /// Every placement, enumerated: the oracle.
    fn brute_force(runs: &[ColourRun], line: &[Colours]) -> Result<Vec<Colours>, Contradiction> {
        fn place(
            runs: &[ColourRun],
            line: &[Colours],
            at: usize,
            cells: &mut Vec<u8>,
            acc: &mut Option<Vec<Colours>>,
        ) {
            let n = line.len();
            if runs.is_empty() {
                let mut all = cells.clone();
                all.resize(n, 0);
                if all.iter().zip(line).all(|(&c, &allowed)| allowed & (1 << c) != 0) {
                    let got = acc.get_or_insert_with(|| vec![0; n]);
                    for (slot, &c) in got.iter_mut().zip(&all) {
                        *slot |= 1 << c;
                    }
                }
                return;
            }
            let r = runs[0];
            let len = r.len as usize;
            // A run after one of the same colour needs a gap.
            let gap = usize::from(cells.last().is_some_and(|&c| c == r.colour) && cells.len() == at);
            for s in at + gap..=n.saturating_sub(len) {
                if s + len > n {
                    break;
                }
                let before = cells.len();
                cells.resize(s, 0);
                cells.extend(std::iter::repeat_n(r.colour, len));
                place(&runs[1..], line, s + len, cells, acc);
                cells.truncate(before);
            }
        }
        let mut acc = None;
        place(runs, line, 0, &mut Vec::new(), &mut acc);
        acc.ok_or(Contradiction)
    }

    #[test]
    fn different_colours_touch_and_the_same_colour_needs_a_gap() {
        let all = BACKGROUND | 0b110;
        // Red 2, blue 2 in 4 cells: only "rrbb".
        assert_eq!(solve_colour_line(&[run(2, 1), run(2, 2)], &[all; 4]), Ok(vec![0b10, 0b10, 0b100, 0b100]));
        // Red 2, red 1 in 4 cells: only "rr.r".
        assert_eq!(solve_colour_line(&[run(2, 1), run(1, 1)], &[all; 4]), Ok(vec![0b10, 0b10, 1, 0b10]));
        // Red 2, red 2 do not fit in 4.
        assert_eq!(solve_colour_line(&[run(2, 1), run(2, 1)], &[all; 4]), Err(Contradiction));
        // An empty clue: all background, unless a cell cannot be.
        assert_eq!(solve_colour_line(&[], &[all; 3]), Ok(vec![1; 3]));
        assert_eq!(solve_colour_line(&[], &[all, 0b10, all]), Err(Contradiction));
        // Overlap: red 3 in 4 cells fixes the middle two.
        let out = solve_colour_line(&[run(3, 1)], &[all; 4]).unwrap();
        assert_eq!(out, vec![0b11, 0b10, 0b10, 0b11]);
    }

    #[test]
    fn clues_of_lines() {
        assert_eq!(colour_clue_of(&[0, 1, 1, 2, 0, 2, 2, 0]), vec![run(2, 1), run(1, 2), run(2, 2)]);
        assert_eq!(colour_clue_of(&[0, 0]), vec![]);
        assert_eq!(colour_clue_of(&[3, 3, 3]), vec![run(3, 3)]);
    }

    #[test]
    fn agrees_with_every_placement_enumerated_on_random_lines() {
        let mut random = Random(0x5eed_c010_u64);
        let mut fitting = 0;
        for _ in 0..6000 {
            let n = 1 + random.below(12) as usize;
            let colours = 1 + random.below(3) as u8;
            // Clues from a random line, so that most fit; some cells then narrowed.
            let picture: Vec<u8> = (0..n).map(|_| random.below(u64::from(colours) + 1) as u8).collect();
            let mut runs = colour_clue_of(&picture);
            if random.below(5) == 0 && !runs.is_empty() {
                let j = random.below(runs.len() as u64) as usize;
                runs[j].len += 1;
            }
            let every = (1u32 << (colours + 1)) - 1;
            let line: Vec<Colours> = (0..n)
                .map(|_| match random.below(4) {
                    0 => (1 << random.below(u64::from(colours) + 1)) as u32,
                    1 => every & !(1 << random.below(u64::from(colours) + 1)) as u32,
                    _ => every,
                })
                .collect();
            let expected = brute_force(&runs, &line);
            assert_eq!(solve_colour_line(&runs, &line), expected, "{runs:?} in {line:?}");
            fitting += usize::from(expected.is_ok());
        }
        assert!(fitting > 1500, "{fitting} lines fit");
    }
}
