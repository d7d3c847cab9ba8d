//! Reading clue text for the page: the puzzle asked for of a text, on the
//! page for small texts or in the worker for large ones (see [`ParsedText`]).

use nonogram_core::colour::{ColourPuzzle, ColourRun};

/// What a text read as: its format's name, the puzzle asked for, how many
/// puzzles it holds, and for a colour puzzle its colours (the puzzle is
/// then its shape: the run lengths without their colours, which is what the
/// board's layout needs); or the located error, as text.
pub type ParseOutcome = Result<(String, nonogram_core::Puzzle, usize, Option<Box<ColourPuzzle>>), String>;

/// Detects and parses clue text and picks puzzle `index` (0-based) of it,
/// the last one past the end (on the page for small texts, in the worker
/// for large ones).
pub fn parse_outcome(text: &str, index: usize) -> ParseOutcome {
    let parsed = nonogram_formats::parse(text).map_err(|e| e.to_string())?;
    let format = parsed.format.name().to_string();
    let count = parsed.puzzles.len() + parsed.colour.len();
    let index = index.min(count.saturating_sub(1));
    if let Some(colour) = parsed.colour.into_iter().nth(index) {
        return Ok((format, shape(&colour), count, Some(Box::new(colour))));
    }
    let puzzle = parsed.puzzles.into_iter().nth(index).ok_or("the text holds no puzzle")?;
    Ok((format, puzzle, count, None))
}

/// A colour puzzle's runs without their colours, and its title and so on.
pub fn shape(colour: &ColourPuzzle) -> nonogram_core::Puzzle {
    let lengths = |lines: &[Vec<ColourRun>]| -> Vec<nonogram_core::Clue> {
        lines.iter().map(|runs| nonogram_core::Clue(runs.iter().map(|r| r.len).collect())).collect()
    };
    let mut p = nonogram_core::Puzzle::new(lengths(&colour.rows), lengths(&colour.columns));
    p.meta = colour.meta.clone();
    p
}

/// A text the worker read, as it answers: its format's name, the puzzle
/// asked for written as `.non` (webpbn XML for a colour puzzle; read back
/// on the page: no puzzle type crosses the boundary, and no serializer for
/// it weighs on either side), and how many puzzles the text holds; or the
/// located error.
pub type ParsedText = Result<(String, String, usize), String>;

/// Reads a text for the page, in the worker (see [`ParsedText`]).
pub fn parse_for_page(text: &str, index: usize) -> ParsedText {
    let (format, puzzle, count, colour) = parse_outcome(text, index)?;
    let written = match colour {
        Some(colour) => nonogram_formats::write_colour(nonogram_formats::Format::WebpbnXml, &colour),
        None => nonogram_formats::write(nonogram_formats::Format::Non, &puzzle),
    };
    Ok((format, written.map_err(|e| e.message)?, count))
}

/// The worker's reading of a text, as the page's.
pub fn read_parsed(parsed: ParsedText) -> ParseOutcome {
    let (format, written, count) = parsed?;
    let (_, puzzle, _, colour) = parse_outcome(&written, 0)?;
    Ok((format, puzzle, count, colour))
}
