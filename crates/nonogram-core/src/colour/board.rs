//! Colour's board for the one search ([`crate::search::Solver`]): each
//! cell's colours left, with a trail of the colours each narrowing took
//! away, and the change clock probing reads; and the colour line solver
//! behind propagation.

use super::line::ColourLines;
use super::puzzle::{ColourPuzzle, Colours};
use crate::kind::{LineSteps, Trailed};
use crate::line::exact::Contradiction;
use crate::propagate::{Progress, Propagation};
use crate::puzzle::LineId;

/// The cells of a colour puzzle as known now (see the module's documentation).
#[derive(Clone, Debug)]
pub struct ColourBoard {
    cells: Vec<Colours>,
    width: usize,
    /// The cells narrowed, in order, and the colours each had before.
    trail: Vec<u32>,
    before: Vec<Colours>,
    unknown: usize,
    clock: u64,
    row_stamp: Vec<u64>,
    column_stamp: Vec<u64>,
    stamping: bool,
}

impl ColourBoard {
    /// Every cell open to every colour of `puzzle`.
    pub fn new(puzzle: &ColourPuzzle) -> ColourBoard {
        let (width, height) = (puzzle.width(), puzzle.height());
        let every = puzzle.every_colour();
        ColourBoard {
            cells: vec![every; width * height],
            width,
            trail: Vec::new(),
            before: Vec::new(),
            unknown: if every.count_ones() > 1 { width * height } else { 0 },
            clock: 1,
            row_stamp: vec![1; height],
            column_stamp: vec![1; width],
            stamping: true,
        }
    }

    /// Each cell's colours left, row-major.
    pub fn cells(&self) -> &[Colours] {
        &self.cells
    }

    fn touch(&mut self, index: usize) {
        if self.stamping {
            self.clock += 1;
            self.row_stamp[index / self.width] = self.clock;
            self.column_stamp[index % self.width] = self.clock;
        }
    }
}

impl Trailed for ColourBoard {
    type Cell = Colours;
    const REPEATS: bool = true;

    fn cell(&self, index: usize) -> Colours {
        self.cells[index]
    }
    fn len(&self) -> usize {
        self.cells.len()
    }
    fn unknown(&self) -> usize {
        self.unknown
    }
    fn set(&mut self, index: usize, colours: Colours) {
        let old = self.cells[index];
        debug_assert!(colours & !old == 0 && colours != 0, "a cell is narrowed to some of its colours");
        if old == colours {
            return;
        }
        self.cells[index] = colours;
        self.trail.push(index as u32);
        self.before.push(old);
        if old.count_ones() > 1 && colours.count_ones() == 1 {
            self.unknown -= 1;
        }
        self.touch(index);
    }
    fn trail_len(&self) -> usize {
        self.trail.len()
    }
    fn trail_since(&self, len: usize) -> &[u32] {
        &self.trail[len..]
    }
    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let index = self.trail.pop().expect("longer than len") as usize;
            let old = self.before.pop().expect("one colour set a narrowing");
            if old.count_ones() > 1 && self.cells[index].count_ones() == 1 {
                self.unknown += 1;
            }
            self.cells[index] = old;
            self.touch(index);
        }
    }
    fn clock(&self) -> u64 {
        self.clock
    }
    fn cell_stamp(&self, index: usize) -> u64 {
        self.row_stamp[index / self.width].max(self.column_stamp[index % self.width])
    }
    fn set_stamping(&mut self, on: bool) {
        self.stamping = on;
    }
}

/// The colour line solver behind propagation: the line's cells read from
/// the board, solved through the cache (`ColourLines`), the colours it
/// takes away set back.
#[derive(Debug, Default)]
pub struct ColourLineSteps {
    lines: ColourLines,
    before: Vec<Colours>,
}

impl LineSteps<ColourPuzzle> for ColourLineSteps {
    fn solve_line(
        &mut self,
        puzzle: &ColourPuzzle,
        board: &mut ColourBoard,
        line: LineId,
        work: &mut u64,
        mut changed: impl FnMut(usize, Colours),
    ) -> Result<(), Contradiction> {
        let (width, height) = (puzzle.width(), puzzle.height());
        self.before.clear();
        self.before.extend(line.cell_indices(width, height).map(|i| board.cells[i]));
        *work += (self.before.len() * (puzzle.clue(line).len() + 1)) as u64;
        let after = self.lines.solve(puzzle, line, &self.before).ok_or(Contradiction)?;
        for (pos, (&old, &new)) in self.before.iter().zip(after).enumerate() {
            if old != new {
                board.set(line.cell_index(width, pos), new);
                changed(pos, new);
            }
        }
        Ok(())
    }

    fn release(&mut self) {
        self.lines = ColourLines::new();
    }
}

impl ColourPuzzle {
    /// Line logic alone to its fixed point (the search's propagation, no
    /// probing, no guess): each cell's colours left, or the line that no
    /// placement fits.
    pub fn solve_by_lines(&self) -> Result<Vec<Colours>, LineId> {
        let mut board = ColourBoard::new(self);
        let mut propagation = Propagation::new(self);
        loop {
            match propagation.next(self, &mut board) {
                Progress::FixedPoint => return Ok(board.cells),
                Progress::Contradiction(line) => return Err(line),
                Progress::Line { .. } | Progress::SweepEnd { .. } | Progress::Paused { .. } => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::default_palette;
    use crate::colour::kind::tests::{picture, run};
    use crate::testing::Random;

    #[test]
    fn line_logic_on_colour_pictures_deduces_only_what_the_picture_has() {
        let mut random = Random(0xc010_0047);
        let (mut deduced, mut whole) = (0, 0);
        for _ in 0..400 {
            let (width, height) = (2 + random.below(14) as usize, 2 + random.below(14) as usize);
            let colours = 2 + random.below(4) as u8;
            let picture = picture(&mut random, width, height, colours);
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let cells = puzzle.solve_by_lines().expect("a picture's clues fit it");
            for (i, (&set, &colour)) in cells.iter().zip(&picture).enumerate() {
                assert!(set & (1 << colour) != 0, "cell {i} lost the picture's colour");
                deduced += usize::from(set.count_ones() == 1);
            }
            whole += usize::from(cells.iter().all(|c| c.count_ones() == 1));
        }
        // Line logic alone deduces many cells, and some whole pictures.
        assert!(deduced > 25_000 && whole > 300, "{deduced} cells, {whole} pictures");
    }

    #[test]
    fn a_contradiction_names_its_line() {
        // Rows red 2 / blue 1 over two columns whose clues want blue on top.
        let puzzle = ColourPuzzle::new(
            vec![vec![run(2, 1)], vec![run(1, 2)]],
            vec![vec![run(1, 2)], vec![run(1, 1)]],
            default_palette(2),
        );
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
