//! Puzzles, clues and lines, and the validation every puzzle passes before solving.

use crate::cell::Cell;
use crate::grid::Grid;
pub use crate::grid::LineId;
use crate::text::shown;
use std::fmt;

/// The largest width or height accepted (a documented limit: it bounds the
/// memory of a solve to a few megabytes per line solver and grid copy).
pub const MAX_SIDE: usize = 1000;

/// The most colours of a colour puzzle besides the background (a cell's set
/// of colours is a `u32`).
pub const MAX_COLOURS: usize = 31;

/// The run lengths of one line, in order. Empty means the line has no filled cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Clue(pub Vec<u32>);

impl Clue {
    pub fn runs(&self) -> &[u32] {
        &self.0
    }

    /// Cells needed by the runs with one empty cell between runs.
    pub fn min_len(&self) -> u64 {
        let sum: u64 = self.0.iter().map(|&r| r as u64).sum();
        sum + self.0.len().saturating_sub(1) as u64
    }

    /// Filled cells the clue asks for.
    pub fn total(&self) -> u64 {
        self.0.iter().map(|&r| r as u64).sum()
    }

    /// The clue of a line of known cells (unknown cells count as empty).
    pub fn of_line(cells: &[Cell]) -> Clue {
        let mut runs = Vec::new();
        let mut len = 0u32;
        for &c in cells {
            if c == Cell::Filled {
                len += 1;
            } else if len > 0 {
                runs.push(len);
                len = 0;
            }
        }
        if len > 0 {
            runs.push(len);
        }
        Clue(runs)
    }
}

impl fmt::Display for Clue {
    /// Runs separated by spaces; `0` for an empty clue.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return write!(f, "0");
        }
        for (i, r) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

/// What a puzzle file says about a puzzle besides its clues.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Metadata {
    pub title: Option<String>,
    pub author: Option<String>,
    pub copyright: Option<String>,
    pub catalogue: Option<String>,
    pub license: Option<String>,
    /// The intended picture, when the file gives one.
    pub goal: Option<Grid>,
}

/// A nonogram: row clues (top to bottom) and column clues (left to right).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub rows: Vec<Clue>,
    pub columns: Vec<Clue>,
    pub meta: Metadata,
}

/// Why a puzzle cannot be solved as given; every message names the line 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    NoRows,
    NoColumns,
    TooLarge {
        width: usize,
        height: usize,
    },
    ZeroRun {
        line: LineId,
        run: usize,
    },
    DoesNotFit {
        line: LineId,
        clue: Clue,
        need: u64,
        have: usize,
    },
    TotalsDiffer {
        rows: u64,
        columns: u64,
    },
    /// A colour puzzle's palette has no colour besides the background, or
    /// more than [`MAX_COLOURS`].
    Palette {
        colours: usize,
    },
    /// A colour of the palette (0 the background) whose name or character
    /// cannot be written or printed, or is another's.
    Swatch {
        colour: usize,
        name: String,
        why: &'static str,
    },
    /// A colour clue's run names a colour the palette does not have.
    UnknownColour {
        line: LineId,
        run: usize,
    },
    ColourDoesNotFit {
        line: LineId,
        clue: String,
        need: u64,
        have: usize,
    },
    ColourTotalsDiffer {
        colour: String,
        rows: u64,
        columns: u64,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::NoRows => write!(f, "the puzzle has no rows"),
            PuzzleError::NoColumns => write!(f, "the puzzle has no columns"),
            PuzzleError::TooLarge { width, height } => {
                write!(f, "the puzzle is {width}×{height}; the largest side accepted is {MAX_SIDE}")
            }
            PuzzleError::ZeroRun { line, run } => {
                write!(f, "{line}: run {run} is 0; runs must be positive (a lone 0 means an empty line)")
            }
            PuzzleError::DoesNotFit { line, clue, need, have } => {
                let kind = match line {
                    LineId::Row(_) => "row",
                    LineId::Column(_) => "column",
                };
                let (runs, need_word) = if clue.0.len() == 1 { ("run", "needs") } else { ("runs", "need") };
                let clue = shown(&clue.to_string());
                write!(f, "{line}: {runs} {clue} {need_word} {need} cells, the {kind} has {have}")
            }
            PuzzleError::TotalsDiffer { rows, columns } => {
                write!(f, "the row clues fill {rows} cells but the column clues fill {columns}")
            }
            PuzzleError::Palette { colours } => write!(
                f,
                "the puzzle has {colours} colours besides the background; 1 to {} are accepted",
                MAX_COLOURS
            ),
            PuzzleError::Swatch { colour: 0, name, why } => {
                write!(f, "the background, \"{}\": {why}", shown(name))
            }
            PuzzleError::Swatch { colour, name, why } => {
                write!(f, "colour {colour} of the palette, \"{}\": {why}", shown(name))
            }
            PuzzleError::UnknownColour { line, run } => {
                write!(f, "{line}: run {run} has a colour the palette does not declare")
            }
            PuzzleError::ColourDoesNotFit { line, clue, need, have } => {
                let kind = match line {
                    LineId::Row(_) => "row",
                    LineId::Column(_) => "column",
                };
                write!(f, "{line}: runs {} need {need} cells, the {kind} has {have}", shown(clue))
            }
            PuzzleError::ColourTotalsDiffer { colour, rows, columns } => {
                let colour = shown(colour);
                write!(f, "the row clues fill {rows} {colour} cells but the column clues fill {columns}")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

/// A grid has rows and columns, at most [`MAX_SIDE`] a side (black and
/// white or colour).
pub(crate) fn check_size(width: usize, height: usize) -> Result<(), PuzzleError> {
    if height == 0 {
        return Err(PuzzleError::NoRows);
    }
    if width == 0 {
        return Err(PuzzleError::NoColumns);
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(PuzzleError::TooLarge { width, height });
    }
    Ok(())
}

impl Puzzle {
    pub fn new(rows: Vec<Clue>, columns: Vec<Clue>) -> Puzzle {
        Puzzle { rows, columns, meta: Metadata::default() }
    }

    /// The puzzle whose clues describe a picture (the seeds' `pic2gram`);
    /// unknown cells count as empty. The picture becomes the goal.
    pub fn from_picture(picture: &Grid) -> Puzzle {
        let rows = (0..picture.height()).map(|r| Clue::of_line(&picture.line(LineId::Row(r)))).collect();
        let columns = (0..picture.width()).map(|c| Clue::of_line(&picture.line(LineId::Column(c)))).collect();
        let mut p = Puzzle::new(rows, columns);
        p.meta.goal = Some(picture.clone());
        p
    }

    pub fn width(&self) -> usize {
        self.columns.len()
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    pub fn clue(&self, line: LineId) -> &Clue {
        match line {
            LineId::Row(i) => &self.rows[i],
            LineId::Column(i) => &self.columns[i],
        }
    }

    /// All lines: rows top to bottom, then columns left to right.
    pub fn lines(&self) -> impl Iterator<Item = LineId> {
        (0..self.height()).map(LineId::Row).chain((0..self.width()).map(LineId::Column))
    }

    /// Checks sizes, runs, fit and totals; the first problem found is returned.
    pub fn validate(&self) -> Result<(), PuzzleError> {
        check_size(self.width(), self.height())?;
        for line in self.lines() {
            let clue = self.clue(line);
            if let Some(i) = clue.0.iter().position(|&r| r == 0) {
                return Err(PuzzleError::ZeroRun { line, run: i + 1 });
            }
            let have = line.len(self.width(), self.height());
            if clue.min_len() > have as u64 {
                return Err(PuzzleError::DoesNotFit { line, clue: clue.clone(), need: clue.min_len(), have });
            }
        }
        let rows: u64 = self.rows.iter().map(Clue::total).sum();
        let columns: u64 = self.columns.iter().map(Clue::total).sum();
        if rows != columns {
            return Err(PuzzleError::TotalsDiffer { rows, columns });
        }
        Ok(())
    }

    /// True when the grid is complete and every line's runs equal its clue.
    pub fn is_solution(&self, grid: &Grid) -> bool {
        grid.width() == self.width()
            && grid.height() == self.height()
            && grid.is_complete()
            && self.lines().all(|l| Clue::of_line(&grid.line(l)) == *self.clue(l))
    }
}

#[cfg(test)]
mod tests {
    use super::LineId;

    #[test]
    fn a_line_s_cells_in_a_row_major_grid() {
        // A 4×3 grid: row 2 is 4..8, column 3 is 2, 6, 10.
        assert_eq!(LineId::Row(1).cell_indices(4, 3).collect::<Vec<_>>(), [4, 5, 6, 7]);
        assert_eq!(LineId::Column(2).cell_indices(4, 3).collect::<Vec<_>>(), [2, 6, 10]);
        assert_eq!(LineId::Column(2).cell_index(4, 1), 6);
    }
}
