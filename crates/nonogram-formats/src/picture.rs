//! 0/1 pictures: `0`/`1`, `.`/`#` or `_`/`X` per cell, one row per line.
//! `|` separators (as the seeds print pictures) and spaces or tabs between
//! cells are ignored.

use crate::text::numbered_lines;
use crate::ParseError;
use nonogram_core::{Cell, Grid, MAX_SIDE};

/// The cell a picture character stands for.
pub(crate) fn picture_cell(c: char) -> Option<Cell> {
    match c {
        '1' | '#' | 'X' | 'x' => Some(Cell::Filled),
        '0' | '.' | '_' => Some(Cell::Empty),
        _ => None,
    }
}

/// Reads a picture; the grid has no unknown cell.
pub fn parse_picture(text: &str) -> Result<Grid, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
    let mut blank_after: Option<usize> = None;
    for (n, line) in numbered_lines(text) {
        if line.trim().is_empty() {
            if !rows.is_empty() && blank_after.is_none() {
                blank_after = Some(n);
            }
            continue;
        }
        if let Some(b) = blank_after {
            return Err(ParseError::at_line(b, "blank line inside the picture"));
        }
        let mut row = Vec::new();
        for (col, c) in line.chars().enumerate() {
            if c == '|' || c == ' ' || c == '\t' {
                continue;
            }
            let cell = picture_cell(c).ok_or_else(|| {
                ParseError::at(n, col + 1, format!("`{c}` is not a picture cell (use 0/1, ./# or _/X)"))
            })?;
            if row.len() == MAX_SIDE {
                return Err(ParseError::at(
                    n,
                    col + 1,
                    format!(
                        "this row has more than {MAX_SIDE} cells; the largest side accepted is {MAX_SIDE}"
                    ),
                ));
            }
            row.push(cell);
        }
        if row.is_empty() {
            // Found by fuzzing: `|` alone was a row of no cells, a 0×1 grid.
            return Err(ParseError::at_line(n, "this row has no cells, only `|` separators"));
        }
        if let Some((first_line, first)) = rows.first() {
            if first.len() != row.len() {
                return Err(ParseError::at_line(
                    n,
                    format!(
                        "this row has {} cells but the first row (line {first_line}) has {}",
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        if rows.len() == MAX_SIDE {
            return Err(ParseError::at_line(
                n,
                format!("the picture has more than {MAX_SIDE} rows; the largest side accepted is {MAX_SIDE}"),
            ));
        }
        rows.push((n, row));
    }
    if rows.is_empty() {
        return Err(ParseError::new("the picture is empty"));
    }
    let rows: Vec<Vec<Cell>> = rows.into_iter().map(|(_, r)| r).collect();
    Ok(Grid::from_rows(&rows).expect("rows checked equal"))
}
