//! Formats made only of clue lines: seed 004 (`n`), `.nin` (`W H`), plain blocks.
//! In the first two, every non-blank line is one clue (`0` for an empty line);
//! `.nin` ignores lines after its last column clue.

use crate::text::{numbered_lines, parse_clue, parse_size, shown, words};
use crate::ParseError;
use nonogram_core::{Clue, Puzzle};

/// Non-blank lines with their 1-based numbers.
pub(crate) fn content_lines(text: &str) -> Vec<(usize, &str)> {
    numbered_lines(text).filter(|(_, l)| !l.trim().is_empty()).collect()
}

/// Groups of consecutive non-blank lines.
pub(crate) fn blocks(text: &str) -> Vec<Vec<(usize, &str)>> {
    let mut out: Vec<Vec<(usize, &str)>> = vec![Vec::new()];
    for (n, l) in numbered_lines(text) {
        if l.trim().is_empty() {
            if !out.last().is_some_and(Vec::is_empty) {
                out.push(Vec::new());
            }
        } else {
            if let Some(b) = out.last_mut() {
                b.push((n, l));
            }
        }
    }
    out.retain(|b| !b.is_empty());
    out
}

fn clues(lines: &[(usize, &str)]) -> Result<Vec<Clue>, ParseError> {
    lines.iter().map(|&(n, l)| parse_clue(l, n)).collect()
}

/// The first non-blank line, which must have `count` words, and the lines.
fn header<'a>(text: &'a str, count: usize, expected: &str) -> Result<Header<'a>, ParseError> {
    let lines = content_lines(text);
    let Some(&(line, header)) = lines.first() else {
        return Err(ParseError::new("the text is empty"));
    };
    let words = words(header);
    if words.len() != count {
        return Err(ParseError::at_line(line, expected.to_string()));
    }
    Ok(Header { line, text: header, words, lines })
}

struct Header<'a> {
    line: usize,
    text: &'a str,
    words: Vec<(usize, &'a str)>,
    lines: Vec<(usize, &'a str)>,
}

impl Header<'_> {
    fn size(&self, i: usize, what: &str) -> Result<usize, ParseError> {
        parse_size(self.words[i].1, self.line, self.words[i].0, what)
    }
}

/// `W H`, then H row clues, then W column clues.
pub(crate) fn parse_nin(text: &str) -> Result<Puzzle, ParseError> {
    let h = header(text, 2, "a .nin puzzle starts with its width and height: `W H`")?;
    let (width, height) = (h.size(0, "width")?, h.size(1, "height")?);
    // Lines after the last column clue are ignored, as jwilk's reader, which
    // defines .nin, does (jwilk's data142.nin has 180 such lines).
    let clues = &h.lines[1..h.lines.len().min(1 + width + height)];
    split_rows_columns(clues, width, height, h.line, h.text)
}

/// `n`, then n row clues, then n column clues.
pub(crate) fn parse_seed(text: &str) -> Result<Puzzle, ParseError> {
    let h = header(text, 1, "this format starts with the puzzle size `n` alone on a line")?;
    let n = h.size(0, "size")?;
    split_rows_columns(&h.lines[1..], n, n, h.line, h.text)
}

fn split_rows_columns(
    lines: &[(usize, &str)],
    width: usize,
    height: usize,
    header_line: usize,
    header: &str,
) -> Result<Puzzle, ParseError> {
    let expected = width + height;
    if lines.len() < expected {
        return Err(ParseError::at_line(
            header_line,
            format!(
                "`{}` needs {expected} clue lines ({height} rows, then {width} columns); found {}",
                shown(header.trim()),
                lines.len()
            ),
        ));
    }
    if let Some(&(n, _)) = lines.get(expected) {
        return Err(ParseError::at_line(
            n,
            format!(
                "unexpected line after the {width} column clues (`{}` gives {expected} clue lines)",
                shown(header.trim())
            ),
        ));
    }
    let rows = clues(&lines[..height])?;
    let columns = clues(&lines[height..])?;
    Ok(Puzzle::new(rows, columns))
}

/// Row clues, a blank line, column clues.
pub(crate) fn parse_plain(text: &str) -> Result<Puzzle, ParseError> {
    let b = blocks(text);
    match b.len() {
        2 => Ok(Puzzle::new(clues(&b[0])?, clues(&b[1])?)),
        0 => Err(ParseError::new("the text is empty")),
        1 => Err(ParseError::at_line(
            b[0].last().map_or(1, |l| l.0),
            "expected a blank line and then the column clues after the row clues",
        )),
        _ => Err(ParseError::at_line(
            b[2][0].0,
            format!("expected two blocks (row clues, blank line, column clues); found {} blocks", b.len()),
        )),
    }
}
