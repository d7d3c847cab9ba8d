//! Symmetries of a puzzle: moves of the cells that map every solution onto a
//! solution.
//!
//! Two kinds are found:
//! - **mirrorings and turns** of the grid that map every line onto a line
//!   with the same clue (read backwards where the line is reversed);
//! - **swaps of two lines** with the same clue, two apart, when the line
//!   between them and the lines on their other sides (or the border) are
//!   empty: a filled cell of such a line is a run of one on its own, so
//!   moving it to the other line keeps every crossing line's runs in the
//!   same order. webpbn's "Faase" has three such columns (clue `1`, with
//!   empty columns between).
//!
//! Search uses them two ways:
//! - a solution that the symmetry changes brings its image as a second
//!   solution, for free;
//! - a puzzle with a unique solution has a symmetric one (the image of the
//!   only solution is a solution), so search first looks among the symmetric
//!   grids, a far smaller problem, before it looks everywhere else.
//!
//! Empty rows and columns at the border (clue `0`) are left out before the
//! symmetries are looked for: they are empty in every solution, and a picture
//! drawn off-centre (webpbn's "Knotty" has an empty last row and column) is
//! still symmetric inside them. Their cells map onto themselves.

use crate::grid::Grid;
use crate::puzzle::{LineId, Puzzle};

/// A mirroring or turn of the grid that maps the puzzle's clues onto themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    name: String,
    /// `source[i]`: the cell whose value cell `i` takes in the image.
    source: Vec<usize>,
}

impl Symmetry {
    /// What the symmetry does: "quarter turn", "mirror left-right", "swap
    /// of columns 1 and 3" (1-based), …
    pub fn name(&self) -> &str {
        &self.name
    }

    /// For each grid index, the index of the cell it takes its value from in
    /// the image of a grid.
    pub fn source(&self) -> &[usize] {
        &self.source
    }

    /// The image of cells in grid order (a colour solution, say).
    pub fn apply_to<T: Copy>(&self, cells: &[T]) -> Vec<T> {
        self.source.iter().map(|&j| cells[j]).collect()
    }

    /// The image of `grid`: a solution's image is a solution.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let cells = self.source.iter().map(|&j| grid.cells()[j]).collect();
        Grid::from_cells(grid.width(), grid.height(), cells).expect("same size")
    }
}

/// For each cell of a grid of `size` cells, the lowest cell of its orbit:
/// the cells `symmetries` move into one another, which every grid they all
/// keep fills alike (clause learning among those grids gives an orbit one
/// variable).
pub(crate) fn orbit_roots(size: usize, symmetries: &[Symmetry]) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..size).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for symmetry in symmetries {
        for (i, &j) in symmetry.source().iter().enumerate() {
            let (a, b) = (root(&mut parent, i), root(&mut parent, j));
            parent[a.max(b)] = a.min(b);
        }
    }
    (0..size).map(|i| root(&mut parent, i)).collect()
}

/// The symmetries of `puzzle`: the mirrorings and turns that keep its clues
/// (at most seven, none the identity), then the swaps of lines.
pub fn symmetries(puzzle: &Puzzle) -> Vec<Symmetry> {
    let mut found = turns(puzzle);
    found.extend(swaps(puzzle));
    found
}

/// Swaps of lines `i` and `i + 2` with the same clue, where lines `i − 1`
/// (or the border), `i + 1` and `i + 3` (or the border) are empty.
fn swaps(puzzle: &Puzzle) -> Vec<Symmetry> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut found = Vec::new();
    for by_rows in [true, false] {
        let (n, len, word) = if by_rows { (h, w, "rows") } else { (w, h, "columns") };
        let line = |i| if by_rows { LineId::Row(i) } else { LineId::Column(i) };
        let cell = |i, k| if by_rows { i * w + k } else { k * w + i };
        let empty = |i| puzzle.clue(line(i)).runs().is_empty();
        for i in 0..n.saturating_sub(2) {
            let clue = puzzle.clue(line(i));
            let fenced = (i == 0 || empty(i - 1)) && empty(i + 1) && (i + 3 >= n || empty(i + 3));
            if !fenced || clue.runs().is_empty() || clue != puzzle.clue(line(i + 2)) {
                continue;
            }
            let mut source: Vec<usize> = (0..w * h).collect();
            for k in 0..len {
                source.swap(cell(i, k), cell(i + 2, k));
            }
            found.push(Symmetry { name: format!("swap of {word} {} and {}", i + 1, i + 3), source });
        }
    }
    found
}

/// The mirrorings and turns that keep the clues.
fn turns(puzzle: &Puzzle) -> Vec<Symmetry> {
    let same = |line: LineId, target: LineId, reversed: bool| {
        same_runs(puzzle.clue(line).runs(), puzzle.clue(target).runs(), reversed)
    };
    turns_by(puzzle.width(), puzzle.height(), &|line| puzzle.clue(line).runs().is_empty(), &same)
}

/// Whether a line's runs read as the image line's (backwards when `reversed`).
pub(crate) fn same_runs<T: PartialEq>(want: &[T], got: &[T], reversed: bool) -> bool {
    if reversed {
        want.iter().eq(got.iter().rev())
    } else {
        want == got
    }
}

/// The mirrorings and turns of a `w`×`h` grid (inside its empty border
/// lines, by `empty`) that send each line onto a line with the same clue
/// (`same(line, image, reversed)`: the image's clue read backwards when
/// `reversed`): for black and white, and for colour, whose clues compare
/// colours too ([`crate::colour::ColourPuzzle::symmetries`]).
pub(crate) fn turns_by(
    w: usize,
    h: usize,
    empty: &dyn Fn(LineId) -> bool,
    same: &dyn Fn(LineId, LineId, bool) -> bool,
) -> Vec<Symmetry> {
    let Some(top) = (0..h).find(|&r| !empty(LineId::Row(r))) else {
        return Vec::new();
    };
    let bottom = (0..h).rev().find(|&r| !empty(LineId::Row(r))).expect("a row with runs");
    let Some(left) = (0..w).find(|&c| !empty(LineId::Column(c))) else {
        return Vec::new();
    };
    let right = (0..w).rev().find(|&c| !empty(LineId::Column(c))).expect("a column with runs");
    let (bh, bw) = (bottom + 1 - top, right + 1 - left);
    // Each map takes a cell (r, c) of the box to the cell whose value it
    // takes in the image; all are their own kind of mirroring or turn.
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
    let mut maps: Vec<(&'static str, Map)> = vec![
        ("mirror left-right", |r, c, _, bw| (r, bw - 1 - c)),
        ("mirror top-bottom", |r, c, bh, _| (bh - 1 - r, c)),
        ("half turn", |r, c, bh, bw| (bh - 1 - r, bw - 1 - c)),
    ];
    if bh == bw {
        maps.extend_from_slice(&[
            ("mirror on the main diagonal", (|r, c, _, _| (c, r)) as Map),
            ("mirror on the other diagonal", |r, c, n, _| (n - 1 - c, n - 1 - r)),
            ("quarter turn", |r, c, n, _| (n - 1 - c, r)),
            ("three-quarter turn", |r, c, n, _| (c, n - 1 - r)),
        ]);
    }
    let mut found = Vec::new();
    for (name, map) in maps {
        let at = |r: usize, c: usize| map(r, c, bh, bw);
        if !keeps_clues((top, left), (bh, bw), &at, same) {
            continue;
        }
        let mut source: Vec<usize> = (0..w * h).collect();
        for r in 0..bh {
            for c in 0..bw {
                let (sr, sc) = at(r, c);
                source[(top + r) * w + left + c] = (top + sr) * w + left + sc;
            }
        }
        found.push(Symmetry { name: name.to_string(), source });
    }
    found
}

/// True when the map sends each line of the box onto a line of the box with
/// the same clue, read backwards when the map reverses it.
fn keeps_clues(
    (top, left): (usize, usize),
    (bh, bw): (usize, usize),
    at: &dyn Fn(usize, usize) -> (usize, usize),
    same: &dyn Fn(LineId, LineId, bool) -> bool,
) -> bool {
    let rows = (0..bh).map(|r| (LineId::Row(top + r), (0..bw).map(|c| at(r, c)).collect::<Vec<_>>()));
    let cols = (0..bw).map(|c| (LineId::Column(left + c), (0..bh).map(|r| at(r, c)).collect::<Vec<_>>()));
    rows.chain(cols).all(|(line, image)| {
        let (first, last) = (image[0], image[image.len() - 1]);
        // The image is a row of the box when the row index stays the same;
        // a one-cell image (a box one line thick) is a line of the same
        // kind: the maps that would turn rows into columns need a square box.
        let is_row = if image.len() == 1 {
            matches!(line, LineId::Row(_))
        } else {
            image.iter().all(|p| p.0 == first.0)
        };
        let (target, reversed) = if is_row {
            (LineId::Row(top + first.0), first.1 > last.1)
        } else {
            (LineId::Column(left + first.1), first.0 > last.0)
        };
        same(line, target, reversed)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;
    use crate::testing::picture;

    fn names(puzzle: &Puzzle) -> Vec<String> {
        symmetries(puzzle).iter().map(|s| s.name().to_string()).collect()
    }

    #[test]
    fn a_pinwheel_has_the_turns_only() {
        // Turning it a quarter gives the same picture; mirroring does not.
        let pinwheel = picture(&["##.#", "...#", "#...", "#.##"]);
        let puzzle = Puzzle::from_picture(&pinwheel);
        assert_eq!(names(&puzzle), ["half turn", "quarter turn", "three-quarter turn"]);
        for s in symmetries(&puzzle) {
            assert_eq!(s.apply(&pinwheel), pinwheel, "{}", s.name());
        }
    }

    #[test]
    fn empty_border_lines_are_left_out() {
        // A left-right mirror image inside an empty last row and first column.
        let g = picture(&[".#..#", ".####", "..##.", "....."]);
        let puzzle = Puzzle::from_picture(&g);
        assert_eq!(names(&puzzle), ["mirror left-right"]);
        let s = &symmetries(&puzzle)[0];
        // Cell (0, 1) takes its value from (0, 4); the empty column stays.
        assert_eq!(s.source()[1], 4);
        assert_eq!(s.source()[0], 0);
        assert_eq!(s.apply(&g), g);
    }

    #[test]
    fn a_box_one_line_thick_keeps_its_mirrors() {
        // A full row alone: its box is one row high, and each column's image
        // is a single cell, of a column. (Found by the proptest: one-cell
        // images were taken for rows.)
        let g = picture(&[".....", "#####", ".....", "....."]);
        let puzzle = Puzzle::from_picture(&g);
        assert_eq!(names(&puzzle), ["mirror left-right", "mirror top-bottom", "half turn"]);
        let column = Puzzle::from_picture(&picture(&["..#..", "..#..", "..#.."]));
        assert_eq!(names(&column), ["mirror left-right", "mirror top-bottom", "half turn"]);
    }

    #[test]
    fn lines_fenced_by_empty_lines_swap() {
        // Columns 1 and 3 (clue 1) have empty columns beside them; column 5
        // has another clue. Rows 1 and 2 would need empty rows around them.
        let g = picture(&["#...#", "..#.#"]);
        let puzzle = Puzzle::from_picture(&g);
        assert_eq!(names(&puzzle), ["mirror top-bottom", "swap of columns 1 and 3"]);
        let swap = &symmetries(&puzzle)[1];
        assert_eq!(swap.apply(&g), picture(&["..#.#", "#...#"]));
        // Without the empty column 4, a filled cell of column 3 could join a
        // run of column 4's cells: no swap.
        let g = picture(&["#.##.", "..#.#"]);
        assert!(!names(&Puzzle::from_picture(&g)).iter().any(|n| n.starts_with("swap")));
        // Rows too, and a swap is found wherever it fits.
        let g = picture(&["...", "#..", "...", ".#.", "..."]);
        let puzzle = Puzzle::from_picture(&g);
        assert!(names(&puzzle).contains(&"swap of rows 2 and 4".to_string()));
        for s in symmetries(&puzzle) {
            assert!(puzzle.is_solution(&s.apply(&g)), "{}", s.name());
        }
    }

    #[test]
    fn every_image_of_a_solution_is_a_solution() {
        // Pseudo-random pictures made symmetric by construction, each way.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..300 {
            let n = 2 + round % 6;
            let mut g = Grid::new(n, n);
            for r in 0..n {
                for c in 0..n {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    g.set(r, c, if seed.is_multiple_of(2) { Cell::Filled } else { Cell::Empty });
                }
            }
            // Symmetrise by OR over the quarter turns, on some rounds only;
            // on others, empty every other column so that swaps fit.
            if round % 3 == 0 {
                let base = g.clone();
                for r in 0..n {
                    for c in 0..n {
                        let any = [(r, c), (n - 1 - c, r), (n - 1 - r, n - 1 - c), (c, n - 1 - r)]
                            .iter()
                            .any(|&(a, b)| base.get(a, b) == Cell::Filled);
                        g.set(r, c, if any { Cell::Filled } else { Cell::Empty });
                    }
                }
            }
            if round % 3 == 1 {
                for r in 0..n {
                    for c in (1..n).step_by(2) {
                        g.set(r, c, Cell::Empty);
                    }
                }
            }
            let puzzle = Puzzle::from_picture(&g);
            let found = symmetries(&puzzle);
            if round % 3 == 0 && g.cells().contains(&Cell::Filled) {
                assert!(found.iter().any(|s| s.name() == "quarter turn"), "round {round}");
            }
            for s in &found {
                assert!(puzzle.is_solution(&s.apply(&g)), "round {round}: {}", s.name());
            }
        }
    }

    #[test]
    fn an_asymmetric_puzzle_has_none() {
        // (Not even one that keeps the clues but changes this picture.)
        let puzzle = Puzzle::from_picture(&picture(&["###", "#..", "##."]));
        assert!(symmetries(&puzzle).is_empty());
    }
}
