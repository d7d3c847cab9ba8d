//! Reading a text as a given format, every puzzle validated.

use crate::error::ParseError;
use crate::format::Format;
use crate::picture::parse_picture;
use crate::read::{Parsed, Read, MAX_TEXT_BYTES};
use crate::text::{self, shown};
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
