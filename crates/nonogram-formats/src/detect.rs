//! Format detection from the text alone; the first rule that matches wins.

use crate::non::keyword_of;
use crate::numeric::{blocks, content_lines};
use crate::picture::picture_cell;
use crate::text::words;
use crate::{Format, ParseError, Parsed};

/// The format `text` is most likely in. Parsing as that format then gives
/// either the puzzles or an error that makes sense for what was pasted.
pub fn detect(text: &str) -> Format {
    match shape(text) {
        Shape::Known(format) => format,
        // The layouts of numbers can be ambiguous (`1 / 0 / blank / 1` is a 1×2
        // plain puzzle or a 1×1 seed one): the first that reads as a valid puzzle wins.
        Shape::Numeric(candidates) => {
            candidates.iter().copied().find(|&f| crate::parse_as(f, text).is_ok()).unwrap_or(candidates[0])
        }
    }
}

/// Detects and parses in one pass: a numeric text is parsed once per
/// candidate layout tried, not again after detection.
pub(crate) fn detect_and_parse(text: &str) -> Result<Parsed, ParseError> {
    match shape(text) {
        Shape::Known(format) => crate::parse_as(format, text),
        Shape::Numeric(candidates) => {
            let mut first_error = None;
            for &format in &candidates {
                match crate::parse_as(format, text) {
                    Ok(parsed) => return Ok(parsed),
                    Err(e) => first_error = first_error.or(Some(e)),
                }
            }
            Err(first_error.expect("there is always a candidate layout"))
        }
    }
}

/// What the text's shape tells: a format, or layouts of digits to try in order.
enum Shape {
    Known(Format),
    Numeric(Vec<Format>),
}

fn shape(text: &str) -> Shape {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim_start();
    if trimmed.starts_with('<') {
        return Shape::Known(Format::WebpbnXml);
    }
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        // An object is a puzzle, an array a list of puzzles.
        return Shape::Known(Format::Json);
    }
    let lines = content_lines(text);
    if lines.first().is_some_and(|(_, l)| l.trim_start().starts_with('$')) {
        return Shape::Known(Format::TaaiBatch);
    }
    if lines.iter().any(|(_, l)| keyword_of(l).is_some()) {
        return Shape::Known(Format::Non);
    }
    if looks_like_picture(&lines) {
        // Rows of 0/1 digits alone may also be clues (ten `1` rows, a blank
        // line, `10`: a plain 1×10 puzzle): a picture first, then the
        // numeric layouts; the picture's error is the one shown.
        if lines.iter().all(|(_, l)| l.chars().all(|c| c.is_ascii_digit() || c.is_whitespace())) {
            let mut candidates = vec![Format::Picture];
            candidates.extend(numeric_candidates(text, &lines));
            return Shape::Numeric(candidates);
        }
        return Shape::Known(Format::Picture);
    }
    Shape::Numeric(numeric_candidates(text, &lines))
}

/// The numeric formats in the order the text's shape suggests them.
fn numeric_candidates(text: &str, lines: &[(usize, &str)]) -> Vec<Format> {
    let header: Vec<usize> = lines
        .first()
        .map(|(_, l)| words(l).iter().filter_map(|(_, w)| w.parse().ok()).collect())
        .unwrap_or_default();
    let header_words = lines.first().map_or(0, |(_, l)| words(l).len());
    let by_header = match header_words {
        2 => [Format::Nin, Format::Seed],
        _ => [Format::Seed, Format::Nin],
    };
    let b = blocks(text);
    if b.len() == 2 {
        // Row clues, blank line, column clues; or a .nin/seed file with a
        // blank line before its columns.
        return vec![Format::Plain, by_header[0], by_header[1]];
    }
    let clue_lines = lines.len().saturating_sub(1);
    let fits = match (header_words, header.as_slice()) {
        // Header numbers are the user's: checked arithmetic (a header of
        // 18446744073709551615 1 must not overflow).
        (2, &[w, h]) => w.checked_add(h) == Some(clue_lines),
        (1, &[n]) => n.checked_mul(2) == Some(clue_lines),
        _ => false,
    };
    if fits || header_words <= 2 {
        vec![by_header[0], by_header[1], Format::Plain]
    } else {
        vec![Format::Plain, by_header[0], by_header[1]]
    }
}

/// Every line made of picture characters only, and either a character that
/// cannot be a digit of a clue (`.#_X`) or rows of 0/1 that are not a seed
/// file (`n`, then 2n one-digit clues).
fn looks_like_picture(lines: &[(usize, &str)]) -> bool {
    let rows: Vec<String> =
        lines.iter().map(|(_, l)| l.chars().filter(|&c| c != '|').collect::<String>()).collect();
    let rows: Vec<&str> = rows.iter().map(|r| r.trim()).collect();
    if rows.is_empty() || !rows.iter().all(|r| !r.is_empty() && r.chars().all(|c| picture_cell(c).is_some()))
    {
        return false;
    }
    if rows.iter().any(|r| r.chars().any(|c| !c.is_ascii_digit())) {
        return true;
    }
    let seed_like = rows[0].parse::<usize>().is_ok_and(|n| n.checked_mul(2) == Some(rows.len() - 1))
        && rows[1..].iter().all(|r| r.len() == 1);
    rows.iter().any(|r| r.len() >= 2) && !seed_like
}
