//! Puzzle text formats: detection, parsers and writers, outside the solver.
//!
//! Parsing never panics: every error is a [`ParseError`] that says what is
//! wrong and where (1-based line and column of the text, or the row/column of
//! the puzzle). Every parsed puzzle has passed [`Puzzle::validate`].

mod detect;
mod json;
mod non;
mod numeric;
mod picture;
pub mod quantise;
pub mod raster;
pub mod share;
mod taai;
mod text;
mod write;
mod xml;

pub use detect::detect;
pub use picture::{parse_colour_picture, parse_picture};
pub use text::shown;
pub use write::{write, write_colour, write_colour_grid, write_grid, write_picture};
pub use xml::parse_rgb;

use nonogram_core::colour::{default_palette, ColourPuzzle, Swatch};
use nonogram_core::Puzzle;
use std::fmt;

/// A text format the parsers know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Seed 004: `n`, then n row clues, then n column clues (square).
    Seed,
    /// `.nin`: `W H`, then H row clues, then W column clues (also the seed
    /// format's rectangular extension).
    Nin,
    /// Simpson `.non`: keyword lines, comma-separated runs, metadata, `goal`.
    Non,
    /// Row clues one per line, a blank line, column clues one per line.
    Plain,
    /// `{"rows": [[3], [2, 1]], "columns": [...]}` (or `"cols"`); a list of
    /// them is a batch.
    Json,
    /// webpbn XML, black and white or colour.
    WebpbnXml,
    /// A 0/1 picture (`0`/`1`, `.`/`#`, `_`/`X`) turned into clues.
    Picture,
    /// The TAAI tournament batch format: `$N`, column clues, row clues, repeated.
    TaaiBatch,
}

impl Format {
    /// All formats, in the order detection considers them.
    pub const ALL: [Format; 8] = [
        Format::WebpbnXml,
        Format::Json,
        Format::TaaiBatch,
        Format::Non,
        Format::Picture,
        Format::Nin,
        Format::Seed,
        Format::Plain,
    ];

    /// The name shown to people ("Detected: .non").
    pub fn name(self) -> &'static str {
        match self {
            Format::Seed => "seed (n, rows, columns)",
            Format::Nin => ".nin",
            Format::Non => ".non",
            Format::Plain => "plain",
            Format::Json => "JSON",
            Format::WebpbnXml => "webpbn XML",
            Format::Picture => "0/1 picture",
            Format::TaaiBatch => "TAAI batch",
        }
    }

    /// The short name used on the command line (`--to non`).
    pub fn key(self) -> &'static str {
        match self {
            Format::Seed => "seed",
            Format::Nin => "nin",
            Format::Non => "non",
            Format::Plain => "plain",
            Format::Json => "json",
            Format::WebpbnXml => "xml",
            Format::Picture => "picture",
            Format::TaaiBatch => "taai",
        }
    }

    pub fn from_key(key: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.key() == key)
    }

    /// Formats that [`write`] can produce.
    pub const WRITABLE: [Format; 6] =
        [Format::Non, Format::Nin, Format::Plain, Format::Json, Format::WebpbnXml, Format::Seed];
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What went wrong in a text, and where (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    /// 1-based line of the text, when the error has one.
    pub line: Option<usize>,
    /// 1-based column (in characters) of the text, when the error has one.
    pub column: Option<usize>,
}

impl ParseError {
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), line: None, column: None }
    }

    pub fn at(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), line: Some(line), column: Some(column) }
    }

    pub fn at_line(line: usize, message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), line: Some(line), column: None }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

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

/// A file's bytes as text: UTF-8 (a byte-order mark is kept for the
/// parsers to skip), or an error at the 1-based line and column of the
/// first byte that is not.
pub fn text_from_bytes(bytes: &[u8]) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        // The valid part is UTF-8: its lines and characters can be counted.
        let (line, column) = std::str::from_utf8(good).map_or((1, 1), |t| text::line_column(t, t.len()));
        ParseError::at(line, column, format!("not UTF-8 text (byte {} is not)", e.valid_up_to() + 1))
    })
}

/// Detects the format of `text` and parses it.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    check_length(text)?;
    detect::detect_and_parse(text)
}

fn check_length(text: &str) -> Result<(), ParseError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(ParseError::new(format!(
            "the text is {} MB; the largest read is {} MB",
            text.len() >> 20,
            MAX_TEXT_BYTES >> 20
        )));
    }
    Ok(())
}

/// Parses `text` as `format`; every puzzle is validated.
pub fn parse_as(format: Format, text: &str) -> Result<Parsed, ParseError> {
    check_length(text)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let read = match format {
        Format::Seed => Read::Black(vec![numeric::parse_seed(text)?]),
        Format::Nin => Read::Black(vec![numeric::parse_nin(text)?]),
        Format::Plain => Read::Black(vec![numeric::parse_plain(text)?]),
        Format::Non => Read::Black(non::parse(text)?),
        Format::Json => json::parse(text)?,
        Format::WebpbnXml => xml::parse(text)?,
        Format::Picture => Read::Black(vec![Puzzle::from_picture(&parse_picture(text)?)]),
        Format::TaaiBatch => Read::Black(taai::parse(text)?),
    };
    let (puzzles, colour) = match read {
        Read::Black(puzzles) => (puzzles, Vec::new()),
        Read::Colour(colour) => (Vec::new(), colour),
    };
    let many = puzzles.len() + colour.len() > 1;
    let checks = puzzles
        .iter()
        .map(|p| (p.meta.title.as_ref(), p.validate()))
        .chain(colour.iter().map(|p| (p.meta.title.as_ref(), p.validate())));
    for (i, (title, check)) in checks.enumerate() {
        check.map_err(|e| {
            let name = title.map_or_else(|| format!("puzzle {}", i + 1), |t| shown(t));
            ParseError::new(if many { format!("{name}: {e}") } else { e.to_string() })
        })?;
    }
    Ok(Parsed { format, puzzles, colour })
}
