//! Format detection from the text alone; the first rule that matches wins.

use crate::non::keyword_of;
use crate::picture::picture_cell;
use crate::text::numbered_lines;
use crate::text::words;
use crate::{Format, ParseError, Parsed};

/// The format `text` is most likely in. Parsing as that format then gives
/// either the puzzles or an error that makes sense for what was pasted.
pub fn detect(text: &str) -> Format {
    match shape(text) {
        Shape::Known(format) => format,
        // The layouts of numbers can be ambiguous (`1 / 0 / blank / 1` is a 1×2
        // plain puzzle or a 1×1 square one): the first that reads as a valid puzzle wins.
        Shape::Numeric(candidates) => candidates
            .iter()
            .copied()
            .find(|&f| crate::parse::parse_as(f, text).is_ok())
            .unwrap_or(candidates[0]),
    }
}

/// Detects the format of `text` and parses it.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    crate::parse::check_length(text)?;
    detect_and_parse(text)
}

/// Detects and parses in one pass: a numeric text is parsed once per
/// candidate layout tried, not again after detection.
pub(crate) fn detect_and_parse(text: &str) -> Result<Parsed, ParseError> {
    match shape(text) {
        Shape::Known(format) => crate::parse::parse_as(format, text),
        Shape::Numeric(_)
            if !text.bytes().any(|b| b.is_ascii_digit()) && text.chars().any(|c| !c.is_whitespace()) =>
        {
            // Words with no number (a message, a web page's text): what
            // any layout of numbers would say of its first word (a width,
            // a run length) would mislead.
            let (line, at) = numbered_lines(text)
                .find_map(|(n, l)| l.chars().position(|c| !c.is_whitespace()).map(|c| (n, c + 1)))
                .unwrap_or((1, 1));
            Err(ParseError::at(
                line,
                at,
                "no clue numbers in the text: a clue is numbers, one line a row or a column",
            ))
        }
        Shape::Numeric(candidates) => {
            let mut first_error = None;
            for &format in &candidates {
                match crate::parse::parse_as(format, text) {
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

/// Non-blank lines, read afresh for each question: detection keeps no list
/// of the lines (a list per question took 40 MB each for 10 MB of text).
fn content_lines(text: &str) -> impl Iterator<Item = &str> + Clone {
    numbered_lines(text).map(|(_, l)| l).filter(|l| !l.trim().is_empty())
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
    let mut lines = content_lines(text);
    if lines.clone().next().is_some_and(|l| l.trim_start().starts_with('$')) {
        return Shape::Known(Format::TaaiBatch);
    }
    if lines.clone().any(|l| keyword_of(l).is_some()) {
        return Shape::Known(Format::Non);
    }
    if looks_like_picture(lines.clone()) {
        // Rows of 0/1 digits alone may also be clues (ten `1` rows, a blank
        // line, `10`: a plain 1×10 puzzle): a picture first, then the
        // numeric layouts; the picture's error is the one shown.
        if lines.all(|l| l.chars().all(|c| c.is_ascii_digit() || c.is_whitespace())) {
            let mut candidates = vec![Format::Picture];
            candidates.extend(numeric_candidates(text));
            return Shape::Numeric(candidates);
        }
        return Shape::Known(Format::Picture);
    }
    Shape::Numeric(numeric_candidates(text))
}

/// The numeric formats in the order the text's shape suggests them.
fn numeric_candidates(text: &str) -> Vec<Format> {
    let lines = content_lines(text);
    let first = lines.clone().next().map(words).unwrap_or_default();
    let header: Vec<usize> = first.iter().filter_map(|(_, w)| w.parse().ok()).collect();
    let header_words = first.len();
    let by_header = match header_words {
        2 => [Format::Nin, Format::Square],
        _ => [Format::Square, Format::Nin],
    };
    if two_blocks(text) {
        // Row clues, blank line, column clues; or a .nin/square file with a
        // blank line before its columns.
        return vec![Format::Plain, by_header[0], by_header[1]];
    }
    let clue_lines = lines.count().saturating_sub(1);
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

/// True when the text is exactly two groups of non-blank lines.
fn two_blocks(text: &str) -> bool {
    let (mut blocks, mut in_block) = (0, false);
    for (_, line) in numbered_lines(text) {
        let blank = line.trim().is_empty();
        if !blank && !in_block {
            blocks += 1;
            if blocks > 2 {
                return false;
            }
        }
        in_block = !blank;
    }
    blocks == 2
}

/// Every line made of picture characters only, and either a character that
/// cannot be a digit of a clue (`.#_X`) or rows of 0/1 that are not a square
/// file (`n`, then 2n one-digit clues). Reads the lines in place: a copy of
/// each took 90 MB of 10 MB of clue lines.
fn looks_like_picture<'a>(lines: impl Iterator<Item = &'a str> + Clone) -> bool {
    let mut count = 0;
    let mut wide = false;
    for line in lines.clone() {
        let Some(row) = picture_row(line) else { return false };
        if !row.digits {
            return lines.clone().all(|l| picture_row(l).is_some());
        }
        count += 1;
        wide |= row.cells >= 2;
    }
    if count == 0 {
        return false;
    }
    // All rows are digits (0/1) here: a picture unless it reads as a square
    // file (`n`, then 2n one-digit clues).
    let mut rest = lines.clone();
    // A size is a few digits: a longer first line is no square header (and is
    // not copied: it may be 64 MB of one row).
    let first: String = rest
        .next()
        .filter(|l| l.len() <= 40)
        .map(|l| l.chars().filter(|&c| c != '|').collect())
        .unwrap_or_default();
    let square_like = first.trim().parse::<usize>().is_ok_and(|n| n.checked_mul(2) == Some(count - 1))
        && rest.all(|l| picture_row(l).is_some_and(|r| r.cells == 1));
    wide && !square_like
}

/// A line read as a picture row (`|` ignored, blanks only around it).
#[derive(Clone, Copy)]
struct PictureRow {
    cells: usize,
    digits: bool,
}

fn picture_row(line: &str) -> Option<PictureRow> {
    let mut row = PictureRow { cells: 0, digits: true };
    let mut ended = false;
    for c in line.chars().filter(|&c| c != '|') {
        if c.is_whitespace() {
            ended = row.cells > 0;
            continue;
        }
        if ended {
            return None;
        }
        picture_cell(c)?;
        row.cells += 1;
        row.digits &= c.is_ascii_digit();
    }
    (row.cells > 0).then_some(row)
}
