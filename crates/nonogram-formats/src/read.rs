//! What the parsers read, and the limits every text is read within.

use crate::error::ParseError;
use crate::format::Format;
use nonogram_core::colour::{default_palette, ColourPuzzle, Swatch};
use nonogram_core::Puzzle;

/// The puzzles read from a text, and the format they were read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub format: Format,
    /// The black-and-white puzzles; empty when the text holds colour ones.
    pub puzzles: Vec<Puzzle>,
    /// The colour puzzles (two colours or more besides the background),
    /// when the text holds any: then every puzzle of the text is here, a
    /// black-and-white one as the one-colour case.
    pub colour: Vec<ColourPuzzle>,
    /// The puzzles of a batch that could not be read or are no puzzle
    /// (their clues' totals differ, …), in order: the others are read.
    pub rejected: Vec<Rejected>,
}

/// A puzzle of a batch that could not be read, with its number and the
/// line of the text where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// Its 1-based number in the text, counting every puzzle.
    pub number: usize,
    /// The 1-based line of the text where it starts.
    pub line: usize,
    pub error: ParseError,
}

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "puzzle {} (from line {}): {}", self.number, self.line, self.error)
    }
}

/// What a parser read of a text: its puzzles, each one's number and first
/// line, and the puzzles of a batch it could not read.
pub(crate) struct Reading {
    pub(crate) read: Read,
    /// The number and first line of each puzzle of `read`, in order.
    pub(crate) places: Vec<(usize, usize)>,
    pub(crate) rejected: Vec<Rejected>,
}

impl Reading {
    /// The one puzzle of a text that holds one.
    pub(crate) fn one(read: Read) -> Reading {
        Reading { read, places: vec![(1, 1)], rejected: Vec::new() }
    }
}

/// The puzzles of a batch as a parser reads them, one at a time: each
/// read with its place, or rejected with its error.
pub(crate) struct Batch<P> {
    pub(crate) puzzles: Vec<P>,
    pub(crate) places: Vec<(usize, usize)>,
    pub(crate) rejected: Vec<Rejected>,
}

impl<P> Default for Batch<P> {
    fn default() -> Batch<P> {
        Batch { puzzles: Vec::new(), places: Vec::new(), rejected: Vec::new() }
    }
}

impl<P> Batch<P> {
    /// The next puzzle, starting on `line`, or why it could not be read.
    pub(crate) fn push(&mut self, line: usize, puzzle: Result<P, ParseError>) {
        let number = self.puzzles.len() + self.rejected.len() + 1;
        match puzzle {
            Ok(p) => {
                self.puzzles.push(p);
                self.places.push((number, line));
            }
            Err(error) => self.rejected.push(Rejected { number, line, error }),
        }
    }

    /// How many puzzles were met, read or not.
    pub(crate) fn count(&self) -> usize {
        self.puzzles.len() + self.rejected.len()
    }
}

impl Batch<Puzzle> {
    pub(crate) fn reading(self) -> Reading {
        Reading { read: Read::Black(self.puzzles), places: self.places, rejected: self.rejected }
    }
}

/// What a parser read.
pub(crate) enum Read {
    Black(Vec<Puzzle>),
    Colour(Vec<ColourPuzzle>),
}

impl Read {
    /// Black and white when every puzzle is; colour otherwise.
    pub(crate) fn from_colour(puzzles: Vec<ColourPuzzle>) -> Read {
        let mut kept = Kept::default();
        puzzles.into_iter().for_each(|p| kept.push(p));
        kept.read()
    }
}

/// Puzzles as a parser reads them: a black-and-white one is kept as such
/// (half the memory of its colour form), with its palette only when it is
/// not the default white and black; should the text also hold a colour
/// one, all are given back in colour, as read.
#[derive(Default)]
pub(crate) struct Kept {
    puzzles: Vec<KeptPuzzle>,
    colour: bool,
}

enum KeptPuzzle {
    Black(Puzzle, Option<Vec<Swatch>>),
    Colour(ColourPuzzle),
}

impl Kept {
    pub(crate) fn push(&mut self, puzzle: ColourPuzzle) {
        match puzzle.to_black() {
            Some(black) => {
                let palette = (puzzle.palette != default_palette(1)).then_some(puzzle.palette);
                self.puzzles.push(KeptPuzzle::Black(black, palette));
            }
            None => {
                self.colour = true;
                self.puzzles.push(KeptPuzzle::Colour(puzzle));
            }
        }
    }

    pub(crate) fn read(self) -> Read {
        let puzzles = self.puzzles.into_iter();
        if !self.colour {
            return Read::Black(
                puzzles
                    .filter_map(|p| if let KeptPuzzle::Black(p, _) = p { Some(p) } else { None })
                    .collect(),
            );
        }
        Read::Colour(
            puzzles
                .map(|p| match p {
                    KeptPuzzle::Colour(p) => p,
                    KeptPuzzle::Black(black, palette) => {
                        let mut p = ColourPuzzle::from_black(&black);
                        if let Some(palette) = palette {
                            p.palette = palette;
                        }
                        p
                    }
                })
                .collect(),
        )
    }
}

/// The longest text the parsers take (64 MiB): a 1000×1000 puzzle's
/// clues are about 2 MB, TAAI's 1000-puzzle batch 0.6 MB.
pub const MAX_TEXT_BYTES: usize = 64 << 20;

/// The most puzzles one text may hold (TAAI's batch has 1000): each
/// costs about half a kilobyte besides its clues, so a text of millions
/// of tiny puzzles (7 bytes each in TAAI's format) would cost a hundred
/// times its bytes; this bounds them to about 50 MB.
pub const MAX_PUZZLES: usize = 100_000;

/// The most clue lines (rows and columns) the puzzles of one text may
/// have together: five hundred 1000×1000 puzzles. A line costs about 50
/// bytes besides its runs, so this bounds a text's lines to about 50 MB
/// (its runs take at most two bytes per byte of text).
pub const MAX_CLUE_LINES: usize = 1_000_000;

/// What the puzzles read from one text have taken of [`MAX_PUZZLES`] and
/// [`MAX_CLUE_LINES`]; every parser counts each puzzle as it reads it.
#[derive(Default)]
pub(crate) struct Budget {
    puzzles: usize,
    lines: usize,
}

impl Budget {
    /// Counts a puzzle of `lines` clue lines; `at` gives the text's line
    /// and column where it starts (1-based), asked only for an error.
    pub(crate) fn count(
        &mut self,
        lines: usize,
        at: impl FnOnce() -> (usize, usize),
    ) -> Result<(), ParseError> {
        self.puzzles += 1;
        self.lines = self.lines.saturating_add(lines);
        let message = if self.puzzles > MAX_PUZZLES {
            format!("the text holds more than {MAX_PUZZLES} puzzles; split it into smaller files")
        } else if self.lines > MAX_CLUE_LINES {
            format!(
                "the puzzles of the text have more than {MAX_CLUE_LINES} clue lines in all; split it into smaller files"
            )
        } else {
            return Ok(());
        };
        let (line, column) = at();
        Err(ParseError::at(line, column, message))
    }
}
