//! Black and white's board and line solver for the one search
//! ([`crate::search::Solver`]): the grid as known, with a trail of the
//! cells set and each line's cells as bitmasks; and the line solver
//! behind propagation, on those masks through the cache.

use crate::cell::Cell;
use crate::grid::Grid;
use crate::kind::{LineSteps, Trailed};
use crate::line::bits::{from_masks, to_masks, Masks, MAX_BITS_LINE};
use crate::line::cache::CachedLines;
use crate::line::exact::Contradiction;
use crate::line::LineSolver;
use crate::puzzle::{LineId, Puzzle};

/// `1 << k` in a 128-bit mask, built from a 64-bit shift: wasm has no
/// 128-bit words, and a variable 128-bit shift there is a call (it took 8 %
/// of webpbn #803's time in wasm).
#[inline(always)]
fn bit(k: usize) -> u128 {
    debug_assert!(k < 128);
    if k < 64 {
        u128::from(1u64 << k)
    } else {
        u128::from(1u64 << (k - 64)) << 64
    }
}

/// A grid with a trail of the cells set since the start, so search can undo.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    trail: Vec<u32>,
    unknown: usize,
    /// A clock ticked by every change made while `stamping` is on, and the
    /// tick at which each row and column last changed (probing uses them to
    /// skip cells whose lines did not change since they were last probed).
    clock: u64,
    row_stamp: Vec<u64>,
    column_stamp: Vec<u64>,
    stamping: bool,
    /// Each row's and column's cells as masks (known filled, known empty),
    /// kept when both sides are at most [`MAX_BITS_LINE`]: the line solver
    /// reads and writes lines as words, not cell by cell.
    masks: Option<LineMasks>,
    /// `⌈2³² / width⌉` when the grid has at most 2¹⁶ cells, else 0: then an
    /// index's row is `index × magic >> 32`, without a division (exact:
    /// the rounding error, under `index × width / 2³²` in all, stays below
    /// the `1 / width` that separates the fraction from the next integer).
    magic: u64,
}

#[derive(Clone, Debug)]
struct LineMasks {
    rows: Vec<Masks>,
    columns: Vec<Masks>,
}

impl Board {
    pub fn new(width: usize, height: usize) -> Board {
        Board {
            grid: Grid::new(width, height),
            trail: Vec::new(),
            unknown: width * height,
            clock: 1,
            row_stamp: vec![1; height],
            column_stamp: vec![1; width],
            stamping: true,
            masks: (width <= MAX_BITS_LINE && height <= MAX_BITS_LINE)
                .then(|| LineMasks { rows: vec![(0, 0); height], columns: vec![(0, 0); width] }),
            magic: if width > 0 && width * height <= 1 << 16 {
                (1u64 << 32).div_ceil(width as u64)
            } else {
                0
            },
        }
    }

    /// A line's masks, when the board keeps them.
    pub fn line_masks(&self, line: LineId) -> Option<Masks> {
        let m = self.masks.as_ref()?;
        Some(match line {
            LineId::Row(i) => m.rows[i],
            LineId::Column(i) => m.columns[i],
        })
    }

    /// A cell's row and column.
    #[inline(always)]
    fn row_column(&self, index: usize) -> (usize, usize) {
        let w = self.grid.width();
        let r = if self.magic != 0 { ((index as u64 * self.magic) >> 32) as usize } else { index / w };
        (r, index - r * w)
    }

    /// Sets or clears a cell's bits in its row's and column's masks.
    fn update_masks(&mut self, index: usize, cell: Cell, on: bool) {
        let (r, c) = self.row_column(index);
        let Some(m) = self.masks.as_mut() else { return };
        let (row, column) = (&mut m.rows[r], &mut m.columns[c]);
        let (row_bits, column_bits) = match cell {
            Cell::Filled => (&mut row.0, &mut column.0),
            Cell::Empty => (&mut row.1, &mut column.1),
            Cell::Unknown => return,
        };
        if on {
            *row_bits |= bit(c);
            *column_bits |= bit(r);
        } else {
            *row_bits &= !bit(c);
            *column_bits &= !bit(r);
        }
    }

    fn touch(&mut self, index: usize) {
        if self.stamping {
            let (r, c) = self.row_column(index);
            self.clock += 1;
            self.row_stamp[r] = self.clock;
            self.column_stamp[c] = self.clock;
        }
    }

    /// Sets an unknown cell (by grid index) and records it on the trail.
    pub fn set(&mut self, index: usize, cell: Cell) {
        debug_assert_eq!(self.grid.cells()[index], Cell::Unknown);
        self.grid.cells_mut()[index] = cell;
        self.update_masks(index, cell, true);
        self.trail.push(index as u32);
        self.unknown -= 1;
        self.touch(index);
    }

    /// Makes unknown again every cell set after the trail had `len` entries.
    pub fn undo_to(&mut self, len: usize) {
        for k in len..self.trail.len() {
            let i = self.trail[k] as usize;
            let cell = self.grid.cells()[i];
            self.update_masks(i, cell, false);
            self.grid.cells_mut()[i] = Cell::Unknown;
            self.touch(i);
        }
        self.unknown += self.trail.len() - len;
        self.trail.truncate(len);
    }
}

impl Trailed for Board {
    type Cell = Cell;
    const REPEATS: bool = false;

    fn cell(&self, index: usize) -> Cell {
        self.grid.cells()[index]
    }
    fn len(&self) -> usize {
        self.grid.cells().len()
    }
    fn unknown(&self) -> usize {
        self.unknown
    }
    fn set(&mut self, index: usize, cell: Cell) {
        Board::set(self, index, cell);
    }
    fn trail_len(&self) -> usize {
        self.trail.len()
    }
    fn trail_since(&self, len: usize) -> &[u32] {
        &self.trail[len..]
    }
    fn undo_to(&mut self, len: usize) {
        Board::undo_to(self, len);
    }
    fn clock(&self) -> u64 {
        self.clock
    }
    fn cell_stamp(&self, index: usize) -> u64 {
        let w = self.grid.width();
        self.row_stamp[index / w].max(self.column_stamp[index % w])
    }
    fn set_stamping(&mut self, on: bool) {
        self.stamping = on;
    }
}

/// Black and white's line solver behind propagation: lines of up to
/// [`MAX_BITS_LINE`] cells on bitmasks through a cache (`CachedLines`),
/// longer ones with the table solver ([`LineSolver`]).
#[derive(Debug)]
pub struct BitLines {
    solver: LineSolver,
    buf: Vec<Cell>,
    out: Vec<Cell>,
    bits: CachedLines,
}

impl BitLines {
    pub fn new(width: usize, height: usize) -> BitLines {
        BitLines {
            solver: LineSolver::new(),
            buf: Vec::new(),
            out: Vec::new(),
            bits: CachedLines::new(width, height),
        }
    }
}

impl LineSteps<Puzzle> for BitLines {
    fn solve_line(
        &mut self,
        puzzle: &Puzzle,
        board: &mut Board,
        line: LineId,
        work: &mut u64,
        mut changed: impl FnMut(usize, Cell),
    ) -> Result<(), Contradiction> {
        if let Some(masks) = board.line_masks(line) {
            return self.solve_line_masks(puzzle, board, line, masks, changed);
        }
        *work += (board.grid.line_len(line) * (puzzle.clue(line).runs().len() + 1)) as u64;
        board.grid.read_line(line, &mut self.buf);
        let before_unknown = self.buf.iter().filter(|&&c| c == Cell::Unknown).count();
        if before_unknown == 0 && line_matches(puzzle.clue(line).runs(), &self.buf) {
            return Ok(());
        }
        self.out.clear();
        self.out.extend_from_slice(&self.buf);
        if !self.solve_cached(puzzle, line) {
            return Err(Contradiction);
        }
        for pos in 0..self.buf.len() {
            let (old, new) = (self.buf[pos], self.out[pos]);
            if old != new {
                board.set(board.grid.index(line, pos), new);
                changed(pos, new);
            }
        }
        Ok(())
    }

    fn release(&mut self) {
        self.bits.release();
    }
}

impl BitLines {
    /// [`LineSteps::solve_line`] on a board that keeps line masks: the
    /// line is read, solved (through the cache) and compared as words.
    fn solve_line_masks(
        &mut self,
        puzzle: &Puzzle,
        board: &mut Board,
        line: LineId,
        masks: Masks,
        mut changed: impl FnMut(usize, Cell),
    ) -> Result<(), Contradiction> {
        let (f, e) = masks;
        let Some((nf, ne)) = self.bits.solve(puzzle, line, board.grid.line_len(line), f, e) else {
            return Err(Contradiction);
        };
        let (new_filled, new_empty) = (nf & !f, ne & !e);
        // In position order as they come (a sort took 5.8 KB of the
        // worker's wasm), a 64-bit half at a time (wasm has no 128-bit
        // words: shifting them by a variable is a call there).
        for (filled, empty, offset) in [
            (new_filled as u64, new_empty as u64, 0),
            ((new_filled >> 64) as u64, (new_empty >> 64) as u64, 64),
        ] {
            let mut bits = filled | empty;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let cell = if filled >> pos & 1 == 1 { Cell::Filled } else { Cell::Empty };
                let pos = offset + pos;
                board.set(board.grid.index(line, pos), cell);
                changed(pos, cell);
            }
        }
        Ok(())
    }

    /// Solves `self.out` in place for `line`: lines of up to
    /// [`MAX_BITS_LINE`] cells on bitmasks through the cache, longer ones
    /// with the table solver; false on a contradiction.
    fn solve_cached(&mut self, puzzle: &Puzzle, line: LineId) -> bool {
        let runs = puzzle.clue(line).runs();
        let n = self.out.len();
        if n > MAX_BITS_LINE {
            return self.solver.solve(runs, &mut self.out).is_ok();
        }
        let (f, e) = to_masks(&self.out);
        let result = self.bits.solve(puzzle, line, n, f, e);
        result.map(|m| from_masks(m, &mut self.out)).is_some()
    }
}

/// True when a complete line's runs are exactly `runs`.
fn line_matches(runs: &[u32], cells: &[Cell]) -> bool {
    let mut it = runs.iter();
    let mut len = 0u32;
    for &c in cells.iter().chain(std::iter::once(&Cell::Empty)) {
        if c == Cell::Filled {
            len += 1;
        } else if len > 0 {
            if it.next() != Some(&len) {
                return false;
            }
            len = 0;
        }
    }
    it.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagate::{Progress, Propagation};

    /// Propagation on line masks (through the line cache, narrow and wide
    /// lines) reaches the grid, or the contradiction, that the table
    /// solver reaches cell by cell, on random pictures up to 126 wide, some
    /// cells set wrong on purpose.
    #[test]
    fn masks_propagate_as_cells_do() {
        let mut rng = crate::testing::Random(17);
        for (width, height) in [(20, 30), (64, 65), (100, 70), (126, 126), (7, 120)] {
            for wrong in [0, 3] {
                let mut picture = Grid::new(width, height);
                for r in 0..height {
                    for c in 0..width {
                        picture.set(r, c, if rng.below(100) < 80 { Cell::Filled } else { Cell::Empty });
                    }
                }
                let puzzle = Puzzle::from_picture(&picture);
                let fixed_point = |masks: bool, rng: &mut crate::testing::Random| {
                    let mut board = Board::new(width, height);
                    assert!(board.masks.is_some());
                    if !masks {
                        board.masks = None;
                    }
                    for _ in 0..wrong {
                        let index = rng.below((width * height) as u64) as usize;
                        if board.grid.cells()[index] == Cell::Unknown {
                            let cell = picture.cells()[index];
                            board.set(index, if cell == Cell::Filled { Cell::Empty } else { Cell::Filled });
                        }
                    }
                    let mut propagation = Propagation::new(&puzzle);
                    loop {
                        match propagation.next(&puzzle, &mut board) {
                            Progress::FixedPoint => return Ok(board.grid),
                            Progress::Contradiction(line) => return Err(line),
                            _ => {}
                        }
                    }
                };
                let seed = rng.next();
                let with = fixed_point(true, &mut crate::testing::Random(seed));
                let without = fixed_point(false, &mut crate::testing::Random(seed));
                assert_eq!(with, without, "{width}×{height}, {wrong} wrong");
                if wrong == 0 {
                    let grid = with.expect("the picture fits its clues");
                    assert!(
                        grid.cells().iter().any(|&c| c != Cell::Unknown),
                        "{width}×{height}: nothing deduced"
                    );
                }
            }
        }
    }

    #[test]
    fn rows_and_columns_come_out_without_a_division() {
        for width in 1..=300 {
            let height = (1 << 16) / width;
            let board = Board::new(width, height);
            assert_ne!(board.magic, 0);
            for index in 0..width * height {
                assert_eq!(board.row_column(index), (index / width, index % width), "{width}×{height}");
            }
        }
        // Past 2¹⁶ cells, a division.
        let board = Board::new(300, 300);
        assert_eq!(board.magic, 0);
        assert_eq!(board.row_column(300 * 299 + 7), (299, 7));
    }
}
