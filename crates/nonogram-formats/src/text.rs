//! Shared helpers: numbered lines and clue tokens with 1-based locations.

use crate::ParseError;
use nonogram_core::Clue;

/// The most characters of a token an error message repeats.
const SHOWN_CHARS: usize = 40;

/// A token as an error message repeats it: at most 40 characters, then
/// "…" (a 100 KB token must not make a 100 KB message).
pub fn shown(token: &str) -> String {
    match token.char_indices().nth(SHOWN_CHARS) {
        Some((end, _)) => format!("{}…", &token[..end]),
        None => token.to_string(),
    }
}

/// The lines of a text with their 1-based numbers, `\r` removed.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
}

/// Parses a clue written as numbers separated by spaces, tabs or commas.
/// A blank line or a lone `0` is an empty clue. `line_no` is 1-based.
pub(crate) fn parse_clue(line: &str, line_no: usize) -> Result<Clue, ParseError> {
    let mut runs = Vec::new();
    let mut chars = line.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() || c == ',' {
            chars.next();
            continue;
        }
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() || c == ',' {
                break;
            }
            end = i + c.len_utf8();
            chars.next();
        }
        let token = &line[start..end];
        let column = line[..start].chars().count() + 1;
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
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((line[..s].chars().count() + 1, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}
