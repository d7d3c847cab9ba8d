//! Colour lines: the first piece of colour nonograms (issue 19). A colour
//! puzzle's run has a length and a colour; two consecutive runs of the same
//! colour need at least one background cell between them, runs of different
//! colours may touch. A cell's state is the set of colours it may still
//! take, background included, as a bitmask: bit 0 is the background, bit
//! `c` colour `c` (1 to 31).
//!
//! [`solve_colour_line`] is exact: a colour is kept in a cell exactly when
//! some placement of every run that fits the line gives the cell that
//! colour. It works without enumerating placements, in O(length × (runs +
//! colours)), as [`crate::line`] does for black and white.

/// The background's bit in a cell's set of colours.
pub const BACKGROUND: u32 = 1;

/// A run of a colour clue: its length and its colour (1 to 31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColourRun {
    pub len: u32,
    pub colour: u8,
}

/// The colours a cell of a line may still take (bit 0: background).
pub type Colours = u32;

/// No placement of the clue fits the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoPlacement;

/// The clue of a line of known cells (each cell one colour: 0 background).
pub fn colour_clue_of(cells: &[u8]) -> Vec<ColourRun> {
    let mut runs: Vec<ColourRun> = Vec::new();
    let mut previous = 0u8;
    for &c in cells {
        if c != 0 {
            match runs.last_mut() {
                Some(run) if previous == c => run.len += 1,
                _ => runs.push(ColourRun { len: 1, colour: c }),
            }
        }
        previous = c;
    }
    runs
}

/// Narrows each cell of `line` to the colours some fitting placement of
/// `runs` gives it; [`NoPlacement`] when none fits.
pub fn solve_colour_line(runs: &[ColourRun], line: &[Colours]) -> Result<Vec<Colours>, NoPlacement> {
    let (n, k) = (line.len(), runs.len());
    let width = n + 1;
    // `misses[c][p]`: cells before p that cannot take colour c, so that a
    // run's cells are checked in O(1).
    let colours: Vec<u8> = {
        let mut list: Vec<u8> = runs.iter().map(|r| r.colour).collect();
        list.sort_unstable();
        list.dedup();
        list
    };
    let mut misses = vec![vec![0u32; width]; 32];
    for &c in &colours {
        let row = &mut misses[usize::from(c)];
        for p in 0..n {
            row[p + 1] = row[p] + u32::from(line[p] & (1 << c) == 0);
        }
    }
    let fits = |j: usize, s: usize| {
        let (len, c) = (runs[j].len as usize, usize::from(runs[j].colour));
        s + len <= n && misses[c][s + len] == misses[c][s]
    };
    let background = |p: usize| line[p] & BACKGROUND != 0;
    // Left: the first j runs fill cells [0, p) with p-1 background
    // (`loose`) or the end of run j-1 (`tight`).
    let mut loose = vec![false; (k + 1) * width];
    let mut tight = vec![false; (k + 1) * width];
    loose[0] = true;
    for j in 0..=k {
        for p in 0..=n {
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
        return Err(NoPlacement);
    }
    // Right: runs j.. fill cells [p, n) with p background (`open`) or the
    // start of run j (`starts`).
    let mut open = vec![false; (k + 1) * width];
    let mut starts = vec![false; (k + 1) * width];
    open[k * width + n] = true;
    for j in (0..=k).rev() {
        for p in (0..=n).rev() {
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
    let mut out = vec![0 as Colours; n];
    let mut cover = vec![0i32; width];
    for &c in &colours {
        cover.fill(0);
        for (j, run) in runs.iter().enumerate().filter(|(_, r)| r.colour == c) {
            let len = run.len as usize;
            for s in 0..=n.saturating_sub(len) {
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
    for (p, cell) in out.iter_mut().enumerate() {
        let gap = (0..=k).any(|j| {
            let (left, right) = (j * width + p, j * width + p + 1);
            (loose[left] || tight[left]) && (open[right] || starts[right])
        });
        if background(p) && gap {
            *cell |= BACKGROUND;
        }
    }
    Ok(out)
}

/// A colour puzzle: a clue of coloured runs for each row and column, and
/// how many colours (besides the background) it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourPuzzle {
    pub rows: Vec<Vec<ColourRun>>,
    pub columns: Vec<Vec<ColourRun>>,
    pub colours: u8,
}

impl ColourPuzzle {
    /// The clues of a picture: one colour per cell (0 background), row-major.
    pub fn from_picture(cells: &[u8], width: usize) -> ColourPuzzle {
        let height = cells.len() / width.max(1);
        let column = |c: usize| (0..height).map(|r| cells[r * width + c]).collect::<Vec<u8>>();
        ColourPuzzle {
            rows: cells.chunks(width.max(1)).map(colour_clue_of).collect(),
            columns: (0..width).map(|c| colour_clue_of(&column(c))).collect(),
            colours: cells.iter().copied().max().unwrap_or(0),
        }
    }

    pub fn width(&self) -> usize {
        self.columns.len()
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Line logic to its fixed point: every row and column solved again
    /// while a crossing line changed. Returns each cell's colours left, or
    /// the line that no placement fits.
    pub fn solve_by_lines(&self) -> Result<Vec<Colours>, crate::LineId> {
        use crate::LineId;
        let (width, height) = (self.width(), self.height());
        let every: Colours = (1u32 << (u32::from(self.colours) + 1)) - 1;
        let mut cells = vec![every; width * height];
        let mut dirty: Vec<LineId> =
            (0..height).map(LineId::Row).chain((0..width).map(LineId::Column)).collect();
        let mut queued = vec![true; width + height];
        let slot = |line: LineId| match line {
            LineId::Row(r) => r,
            LineId::Column(c) => height + c,
        };
        while let Some(line) = dirty.pop() {
            queued[slot(line)] = false;
            let runs = match line {
                LineId::Row(r) => &self.rows[r],
                LineId::Column(c) => &self.columns[c],
            };
            let indices: Vec<usize> = line.cell_indices(width, height).collect();
            let before: Vec<Colours> = indices.iter().map(|&i| cells[i]).collect();
            let after = solve_colour_line(runs, &before).map_err(|_| line)?;
            for (pos, (&i, (&old, &new))) in indices.iter().zip(before.iter().zip(&after)).enumerate() {
                if old != new {
                    cells[i] = new;
                    let crossing = line.crossing(pos);
                    if !std::mem::replace(&mut queued[slot(crossing)], true) {
                        dirty.push(crossing);
                    }
                }
            }
        }
        Ok(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Random;

    fn run(len: u32, colour: u8) -> ColourRun {
        ColourRun { len, colour }
    }

    /// Every placement, enumerated: the oracle.
    fn brute_force(runs: &[ColourRun], line: &[Colours]) -> Result<Vec<Colours>, NoPlacement> {
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
        acc.ok_or(NoPlacement)
    }

    #[test]
    fn different_colours_touch_and_the_same_colour_needs_a_gap() {
        let all = BACKGROUND | 0b110;
        // Red 2, blue 2 in 4 cells: only "rrbb".
        assert_eq!(solve_colour_line(&[run(2, 1), run(2, 2)], &[all; 4]), Ok(vec![0b10, 0b10, 0b100, 0b100]));
        // Red 2, red 1 in 4 cells: only "rr.r".
        assert_eq!(solve_colour_line(&[run(2, 1), run(1, 1)], &[all; 4]), Ok(vec![0b10, 0b10, 1, 0b10]));
        // Red 2, red 2 do not fit in 4.
        assert_eq!(solve_colour_line(&[run(2, 1), run(2, 1)], &[all; 4]), Err(NoPlacement));
        // An empty clue: all background, unless a cell cannot be.
        assert_eq!(solve_colour_line(&[], &[all; 3]), Ok(vec![1; 3]));
        assert_eq!(solve_colour_line(&[], &[all, 0b10, all]), Err(NoPlacement));
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

    #[test]
    fn line_logic_on_colour_pictures_settles_only_what_the_picture_has() {
        let mut random = Random(0xc010_0047);
        let (mut settled, mut whole) = (0, 0);
        for _ in 0..400 {
            let (width, height) = (2 + random.below(14) as usize, 2 + random.below(14) as usize);
            let colours = 2 + random.below(4) as u8;
            // Blocky pictures, as colour puzzles are drawn: each cell copies
            // its left or upper neighbour half of the time.
            let mut picture = vec![0u8; width * height];
            for i in 0..picture.len() {
                picture[i] = match random.below(4) {
                    0 if i % width > 0 => picture[i - 1],
                    1 if i >= width => picture[i - width],
                    _ => random.below(u64::from(colours) + 1) as u8,
                };
            }
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let cells = puzzle.solve_by_lines().expect("a picture's clues fit it");
            for (i, (&set, &colour)) in cells.iter().zip(&picture).enumerate() {
                assert!(set & (1 << colour) != 0, "cell {i} lost the picture's colour");
                settled += usize::from(set.count_ones() == 1);
            }
            whole += usize::from(cells.iter().all(|c| c.count_ones() == 1));
        }
        // Line logic alone settles many cells, and some whole pictures.
        assert!(settled > 25_000 && whole > 300, "{settled} cells, {whole} pictures");
    }

    #[test]
    fn a_contradiction_names_its_line() {
        // Rows red 2 / blue 1 over two columns whose clues want blue on top.
        let puzzle = ColourPuzzle {
            rows: vec![vec![run(2, 1)], vec![run(1, 2)]],
            columns: vec![vec![run(1, 2)], vec![run(1, 1)]],
            colours: 2,
        };
        assert!(puzzle.solve_by_lines().is_err());
        // A small picture line logic solves whole: red and blue touching.
        let picture = [1, 1, 2, 0, 1, 2, 2, 2, 0];
        let puzzle = ColourPuzzle::from_picture(&picture, 3);
        let cells = puzzle.solve_by_lines().unwrap();
        let solved: Vec<u8> = cells.iter().map(|c| c.trailing_zeros() as u8).collect();
        assert_eq!(solved, picture);
        assert!(cells.iter().all(|c| c.count_ones() == 1));
    }
}
