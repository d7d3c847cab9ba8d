//! Shared helpers: numbered lines and clue tokens with 1-based locations.

use crate::ParseError;
use nonogram_core::Clue;

pub use nonogram_core::text::shown;

/// The lines of a text with their 1-based numbers. A line ends at `\n`,
/// `\r\n` or a lone `\r` (old Mac files), as every location in an error
/// counts them ([`line_column`]); like [`str::lines`], a last line break
/// starts no empty line.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
    Lines { rest: Some(text), number: 0 }
}

#[derive(Clone)]
struct Lines<'a> {
    rest: Option<&'a str>,
    number: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = self.rest.filter(|r| !r.is_empty())?;
        self.number += 1;
        // A byte scan: both ends are ASCII, never inside a UTF-8 character.
        match rest.bytes().position(|b| b == b'\n' || b == b'\r') {
            Some(end) => {
                let width = if rest.as_bytes()[end..].starts_with(b"\r\n") { 2 } else { 1 };
                self.rest = Some(&rest[end + width..]);
                Some((self.number, &rest[..end]))
            }
            None => {
                self.rest = None;
                Some((self.number, rest))
            }
        }
    }
}

/// The lines of a text counted as a reader goes forward: the line of each
/// place asked costs only the text since the place before (a batch's
/// puzzles each asking [`line_column`] from the start cost the square of
/// the text).
#[derive(Default)]
pub(crate) struct LineCounter {
    at: usize,
    line: usize,
}

impl LineCounter {
    /// The 1-based line of byte `at` of `text`; `at` never goes back, nor
    /// falls between a `\r` and its `\n`.
    pub(crate) fn line(&mut self, text: &str, at: usize) -> usize {
        let at = at.max(self.at);
        self.line += line_column(&text[self.at..at], at - self.at).0 - 1;
        self.at = at;
        self.line + 1
    }
}

/// A text, and where the last error was found in it: a batch's errors
/// come in the text's order, so each is located from the one before (one
/// pass in all: located from the text's start each time, a JSON list of
/// 350 000 items that are no puzzle took minutes, 100 000 XML puzzles 24 s).
pub(crate) struct Located<'a> {
    text: &'a str,
    /// The byte, its 1-based line and column.
    last: std::cell::Cell<(usize, usize, usize)>,
}

impl<'a> Located<'a> {
    pub(crate) fn new(text: &'a str) -> Located<'a> {
        Located { text, last: std::cell::Cell::new((0, 1, 1)) }
    }

    /// The 1-based line and column (in characters) of byte `pos`, lines
    /// counted as [`numbered_lines`] counts them: from the last one found
    /// when `pos` is past it, else from the text's start.
    pub(crate) fn locate(&self, pos: usize) -> (usize, usize) {
        let pos = pos.min(self.text.len());
        let (from, mut line, mut column) = match self.last.get() {
            (at, line, column) if at <= pos => (at, line, column),
            _ => (0, 1, 1),
        };
        let bytes = self.text.as_bytes();
        for i in from..pos {
            let after_cr = i > 0 && bytes[i - 1] == b'\r';
            match bytes[i] {
                b'\r' => (line, column) = (line + 1, 1),
                b'\n' if !after_cr => (line, column) = (line + 1, 1),
                b'\n' => column = 1,
                // UTF-8 characters are counted by the bytes that start them.
                b if (b & 0xc0) != 0x80 => column += 1,
                _ => {}
            }
        }
        self.last.set((pos, line, column));
        (line, column)
    }
}

impl std::ops::Deref for Located<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        self.text
    }
}

/// The 1-based line and column (in characters) of byte `at` of `text`,
/// lines counted as [`numbered_lines`] counts them. One pass over the
/// text before `at` (see [`Located`] for many errors in one text).
pub(crate) fn line_column(text: &str, at: usize) -> (usize, usize) {
    Located::new(text).locate(at)
}

/// Splits a line into tokens at the characters `split` accepts, with each
/// token's 1-based column in characters. Columns are counted as the line
/// is walked once: a line of a million tokens costs a million steps.
fn tokens(line: &str, split: impl Fn(char) -> bool) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = line.char_indices().peekable();
    let mut column = 0;
    std::iter::from_fn(move || {
        while let Some(&(_, c)) = chars.peek() {
            if !split(c) {
                break;
            }
            chars.next();
            column += 1;
        }
        let &(start, _) = chars.peek()?;
        let first = column + 1;
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if split(c) {
                break;
            }
            end = i + c.len_utf8();
            chars.next();
            column += 1;
        }
        Some((first, &line[start..end]))
    })
}

/// Parses a clue written as numbers separated by spaces, tabs or commas.
/// A blank line or a lone `0` is an empty clue. `line_no` is 1-based.
pub(crate) fn parse_clue(line: &str, line_no: usize) -> Result<Clue, ParseError> {
    let mut runs = Vec::new();
    for (column, token) in tokens(line, |c| c.is_whitespace() || c == ',') {
        runs.push(parse_run(token, line_no, column)?);
    }
    if runs == [0] {
        runs.clear();
    }
    Ok(Clue(runs))
}

fn parse_run(token: &str, line_no: usize, column: usize) -> Result<u32, ParseError> {
    if let Some(rest) = token.strip_prefix('-') {
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            return Err(ParseError::at(
                line_no,
                column,
                format!("negative run {}; runs are positive", shown(token)),
            ));
        }
    }
    if !token.chars().all(|c| c.is_ascii_digit()) {
        return Err(ParseError::at(
            line_no,
            column,
            format!("`{}` is not a run length (a whole number)", shown(token)),
        ));
    }
    token
        .parse::<u32>()
        .ok()
        .filter(|&n| n <= 1_000_000)
        .ok_or_else(|| ParseError::at(line_no, column, format!("run {} is too long", shown(token))))
}

/// Parses a size (`W H`, `n`): positive whole numbers, at most `limit`.
pub(crate) fn parse_size(
    token: &str,
    line_no: usize,
    column: usize,
    what: &str,
) -> Result<usize, ParseError> {
    let limit = nonogram_core::MAX_SIDE;
    match token.parse::<usize>() {
        Ok(0) => Err(ParseError::at(line_no, column, format!("{what} is 0; it must be at least 1"))),
        Ok(n) if n <= limit => Ok(n),
        Ok(n) => Err(ParseError::at(line_no, column, format!("{what} {n} is over the limit of {limit}"))),
        Err(_) if !token.is_empty() && token.chars().all(|c| c.is_ascii_digit()) => Err(ParseError::at(
            line_no,
            column,
            format!("{what} {} is over the limit of {limit}", shown(token)),
        )),
        Err(_) => {
            Err(ParseError::at(line_no, column, format!("{what} `{}` is not a whole number", shown(token))))
        }
    }
}

/// The whitespace-separated words of a line with their 1-based columns.
pub(crate) fn words(line: &str) -> Vec<(usize, &str)> {
    tokens(line, char::is_whitespace).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_lf_crlf_or_a_lone_cr() {
        let lines: Vec<_> = numbered_lines("a\r\nb\rc\n\nd\r").collect();
        assert_eq!(lines, [(1, "a"), (2, "b"), (3, "c"), (4, ""), (5, "d")]);
        assert_eq!(numbered_lines("").count(), 0);
        assert_eq!(numbered_lines("x").collect::<Vec<_>>(), [(1, "x")]);
        // Locations count the same breaks.
        let text = "a\r\nb\rcé\nd";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, text.find('é').unwrap() + 2), (3, 3));
        assert_eq!(line_column(text, text.len()), (4, 2));
    }

    #[test]
    fn tokens_have_their_columns_in_characters() {
        assert_eq!(words("  ab\tcé  d "), [(3, "ab"), (6, "cé"), (10, "d")]);
        let clue = parse_clue("1, 2,,é", 4).unwrap_err();
        assert_eq!(clue.to_string(), "line 4, column 7: `é` is not a run length (a whole number)");
    }
}
