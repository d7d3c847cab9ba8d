//! Reading a text as a given format, every puzzle validated.

use crate::error::ParseError;
use crate::format::Format;
use crate::picture::parse_picture;
use crate::read::{Parsed, Read, Reading, Rejected, MAX_TEXT_BYTES};
use crate::text;
use crate::{json, non, numeric, taai, xml};
use nonogram_core::Puzzle;

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

pub(crate) fn check_length(text: &str) -> Result<(), ParseError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(ParseError::new(format!(
            "the text is {} MB; the largest read is {} MB",
            text.len() >> 20,
            MAX_TEXT_BYTES >> 20
        )));
    }
    Ok(())
}

/// Parses `text` as `format`; every puzzle is validated. A puzzle of a
/// batch that cannot be read or is no puzzle is rejected (with its
/// number and first line, in [`Parsed::rejected`]) and the others are
/// read; a text whose every puzzle is rejected is an error: its one
/// puzzle's, or its first rejection's.
pub fn parse_as(format: Format, text: &str) -> Result<Parsed, ParseError> {
    check_length(text)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let one = |puzzle: Puzzle| Reading::one(Read::Black(vec![puzzle]));
    let Reading { read, places, mut rejected } = match format {
        Format::Square => one(numeric::parse_square(text)?),
        Format::Nin => one(numeric::parse_nin(text)?),
        Format::Plain => one(numeric::parse_plain(text)?),
        Format::Non => non::parse(text)?,
        Format::Json => json::parse(text)?,
        Format::WebpbnXml => xml::parse(text)?,
        Format::Picture => one(Puzzle::from_picture(&parse_picture(text)?)),
        Format::TaaiBatch => taai::parse(text)?,
    };
    let (mut puzzles, mut colour) = match read {
        Read::Black(puzzles) => (puzzles, Vec::new()),
        Read::Colour(colour) => (Vec::new(), colour),
    };
    let total = places.len() + rejected.len();
    // A puzzle's title names it in its error (escaped and cut).
    let named = |title: &Option<String>, e: &dyn std::fmt::Display| match title {
        Some(title) if total > 1 => format!("{}: {e}", text::shown(title)),
        _ => e.to_string(),
    };
    // Each puzzle read, in order, with its place: kept, or rejected.
    let mut places_left = places.iter();
    let mut keep = |title: &Option<String>, check: Result<(), nonogram_core::PuzzleError>| {
        let Some(&(number, line)) = places_left.next() else { return true };
        let Err(e) = check else { return true };
        rejected.push(Rejected { number, line, error: ParseError::new(named(title, &e)) });
        false
    };
    puzzles.retain(|p| keep(&p.meta.title, p.validate()));
    colour.retain(|p| keep(&p.meta.title, p.validate()));
    rejected.sort_by_key(|r| r.number);
    if puzzles.is_empty() && colour.is_empty() {
        let first = rejected.first().cloned().ok_or_else(|| ParseError::new("the text holds no puzzle"))?;
        if total == 1 {
            return Err(first.error);
        }
        let more = match rejected.len() - 1 {
            0 => String::new(),
            1 => " (and 1 more puzzle that could not be read)".to_string(),
            n => format!(" (and {n} more puzzles that could not be read)"),
        };
        return Err(ParseError::new(format!("{first}{more}")));
    }
    Ok(Parsed { format, puzzles, colour, rejected })
}
