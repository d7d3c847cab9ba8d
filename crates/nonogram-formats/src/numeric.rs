//! Formats made only of clue lines: square (`n`, the seed post 004's), `.nin` (`W H`), plain blocks.
//! In the first two, every non-blank line is one clue (`0` for an empty line);
//! `.nin` ignores lines after its last column clue.

use crate::text::{numbered_lines, parse_clue, parse_size, shown, words};
use crate::ParseError;
use nonogram_core::{Clue, Puzzle, MAX_SIDE};

/// Non-blank lines with their 1-based numbers.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    numbered_lines(text).filter(|(_, l)| !l.trim().is_empty())
}

/// The groups of consecutive non-blank lines: the lines of the first two
/// (at most [`MAX_SIDE`] + 1 each: no side is longer, so no more are kept,
/// however long the text), how many groups there are, and the first line
/// of the third.
struct Blocks<'a> {
    first_two: Vec<Vec<(usize, &'a str)>>,
    count: usize,
    third: Option<usize>,
}

fn blocks(text: &str) -> Blocks<'_> {
    let mut b = Blocks { first_two: Vec::new(), count: 0, third: None };
    let mut in_block = false;
    for (n, l) in numbered_lines(text) {
        let blank = l.trim().is_empty();
        if !blank && !in_block {
            b.count += 1;
            if b.count <= 2 {
                b.first_two.push(Vec::new());
            } else if b.count == 3 {
                b.third = Some(n);
            }
        }
        in_block = !blank;
        if let Some(block) =
            b.first_two.last_mut().filter(|blk| !blank && b.count <= 2 && blk.len() <= MAX_SIDE)
        {
            block.push((n, l));
        }
    }
    b
}

fn clues(lines: &[(usize, &str)]) -> Result<Vec<Clue>, ParseError> {
    lines.iter().map(|&(n, l)| parse_clue(l, n)).collect()
}

/// The first non-blank line, which must have `count` words, and the lines
/// after it.
fn header<'a>(text: &'a str, count: usize, expected: &str) -> Result<Header<'a>, ParseError> {
    let mut lines = content_lines(text);
    let Some((line, header)) = lines.next() else {
        return Err(ParseError::new("the text is empty"));
    };
    let words = words(header);
    if words.len() != count {
        return Err(ParseError::at_line(line, expected.to_string()));
    }
    Ok(Header { line, text: header, words, rest: Box::new(lines) })
}

struct Header<'a> {
    line: usize,
    text: &'a str,
    words: Vec<(usize, &'a str)>,
    rest: Box<dyn Iterator<Item = (usize, &'a str)> + 'a>,
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
    let clues: Vec<_> = h.rest.take(width + height).collect();
    split_rows_columns(&clues, width, height, h.line, h.text)
}

/// `n`, then n row clues, then n column clues.
pub(crate) fn parse_square(text: &str) -> Result<Puzzle, ParseError> {
    let h = header(text, 1, "this format starts with the puzzle size `n` alone on a line")?;
    let n = h.size(0, "size")?;
    // One line more than the clues, to report it.
    let clues: Vec<_> = h.rest.take(2 * n + 1).collect();
    split_rows_columns(&clues, n, n, h.line, h.text)
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
    if let Some(line) = b.third {
        return Err(ParseError::at_line(
            line,
            format!("expected two blocks (row clues, blank line, column clues); found {} blocks", b.count),
        ));
    }
    for (block, what) in b.first_two.iter().zip(["row", "column"]) {
        if let Some(&(line, _)) = block.get(MAX_SIDE) {
            return Err(ParseError::at_line(
                line,
                format!("more than {MAX_SIDE} {what} clues; the largest side accepted is {MAX_SIDE}"),
            ));
        }
    }
    match b.first_two.as_slice() {
        [rows, columns] => Ok(Puzzle::new(clues(rows)?, clues(columns)?)),
        [] => Err(ParseError::new("the text is empty")),
        [rows] => Err(ParseError::at_line(
            rows.last().map_or(1, |l| l.0),
            "expected a blank line and then the column clues after the row clues",
        )),
        _ => unreachable!("at most two blocks are kept"),
    }
}
