//! Reading clue text for the page: the worker detects and parses every
//! text (the parsers are not in the page's wasm: they took 41 KB of its
//! gzipped size) and answers with the puzzle asked for as [`PuzzleData`].

use super::colour_runs::{coloured_runs, run_colours};
use nonogram_core::colour::{black_view, ColourPuzzle, Swatch};
use nonogram_core::{Cell, Clue, Puzzle};

/// What a text read as: its format's name, the puzzle asked for, how many
/// puzzles it holds, and for a colour puzzle its colours (the puzzle is
/// then its shape: the run lengths without their colours, which is what the
/// board's layout needs); or the located error, as text.
pub type ParseOutcome = Result<(String, nonogram_core::Puzzle, usize, Option<Box<ColourPuzzle>>), String>;

/// Detects and parses clue text and picks puzzle `index` (0-based) of it,
/// the last one past the end (in the worker; natively in tests).
pub fn parse_outcome(text: &str, index: usize) -> ParseOutcome {
    let parsed = nonogram_formats::parse(text).map_err(|e| e.to_string())?;
    let format = parsed.format.name().to_string();
    let count = parsed.puzzles.len() + parsed.colour.len();
    let index = index.min(count.saturating_sub(1));
    if let Some(colour) = parsed.colour.into_iter().nth(index) {
        return Ok((format, colour.shape(), count, Some(Box::new(colour))));
    }
    let puzzle = parsed.puzzles.into_iter().nth(index).ok_or("the text holds no puzzle")?;
    Ok((format, puzzle, count, None))
}

/// A puzzle as the worker sends it to the page: run lengths, and for a
/// colour puzzle each run's colour and the palette (names, RGB three bytes
/// each, characters); title, author, copyright, catalogue and licence; the
/// goal's cells (0/1, or colours).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleData {
    pub rows: Vec<Vec<u32>>,
    pub columns: Vec<Vec<u32>>,
    pub row_colours: Vec<Vec<u8>>,
    pub column_colours: Vec<Vec<u8>>,
    pub names: Vec<String>,
    pub rgb: Vec<u8>,
    pub symbols: Vec<u32>,
    pub meta: Vec<Option<String>>,
    pub goal: Option<Vec<u8>>,
}

impl PuzzleData {
    /// A puzzle (for a colour one, its shape and its colours) as data.
    pub fn of(puzzle: &Puzzle, colour: Option<&ColourPuzzle>) -> PuzzleData {
        let lengths = |lines: &[Clue]| lines.iter().map(|c| c.0.clone()).collect();
        let m = colour.map_or(&puzzle.meta, |c| &c.meta);
        let palette = colour.map_or(&[][..], |c| &c.palette[..]);
        let goal = match colour {
            Some(c) => c.goal.clone(),
            None => puzzle
                .meta
                .goal
                .as_ref()
                .map(|g| g.cells().iter().map(|&c| u8::from(c == Cell::Filled)).collect()),
        };
        PuzzleData {
            rows: lengths(&puzzle.rows),
            columns: lengths(&puzzle.columns),
            row_colours: colour.map_or_else(Vec::new, |c| run_colours(&c.rows)),
            column_colours: colour.map_or_else(Vec::new, |c| run_colours(&c.columns)),
            names: palette.iter().map(|s| s.name.clone()).collect(),
            rgb: palette.iter().flat_map(|s| s.rgb).collect(),
            symbols: palette.iter().map(|s| u32::from(s.symbol)).collect(),
            meta: vec![
                m.title.clone(),
                m.author.clone(),
                m.copyright.clone(),
                m.catalogue.clone(),
                m.license.clone(),
            ],
            goal,
        }
    }

    /// The puzzle again (a colour one: its shape, and its colours).
    pub fn puzzle(self) -> (Puzzle, Option<ColourPuzzle>) {
        let clues = |lines: Vec<Vec<u32>>| lines.into_iter().map(Clue).collect::<Vec<_>>();
        let mut meta = self.meta.into_iter();
        let mut next = || meta.next().flatten();
        let m = nonogram_core::Metadata {
            title: next(),
            author: next(),
            copyright: next(),
            catalogue: next(),
            license: next(),
            goal: None,
        };
        let (width, height) = (self.columns.len(), self.rows.len());
        if self.names.is_empty() {
            let mut p = Puzzle::new(clues(self.rows), clues(self.columns));
            p.meta = m;
            p.meta.goal = self.goal.and_then(|g| black_view(&g, width, height));
            return (p, None);
        }
        let palette = (self.names.into_iter().zip(self.rgb.as_chunks::<3>().0).zip(self.symbols))
            .map(|((name, &rgb), symbol)| Swatch { name, rgb, symbol: char::from_u32(symbol).unwrap_or('?') })
            .collect();
        let mut c = ColourPuzzle::new(
            coloured_runs(&self.rows, &self.row_colours),
            coloured_runs(&self.columns, &self.column_colours),
            palette,
        );
        c.meta = m;
        c.goal = self.goal;
        (c.shape(), Some(c))
    }
}

/// A text the worker read, as it answers: its format's name, the puzzle
/// asked for, and how many puzzles the text holds; or the located error.
pub type ParsedText = Result<(String, Box<PuzzleData>, usize), String>;

/// Reads a text for the page, in the worker (see [`ParsedText`]).
pub fn parse_for_page(text: &str, index: usize) -> ParsedText {
    let (format, puzzle, count, colour) = parse_outcome(text, index)?;
    Ok((format, Box::new(PuzzleData::of(&puzzle, colour.as_deref())), count))
}

/// The worker's reading of a text, as the page's.
pub fn read_parsed(parsed: ParsedText) -> ParseOutcome {
    let (format, data, count) = parsed?;
    let (puzzle, colour) = data.puzzle();
    Ok((format, puzzle, count, colour.map(Box::new)))
}
