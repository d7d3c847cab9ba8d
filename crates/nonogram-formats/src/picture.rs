//! 0/1 pictures: `0`/`1`, `.`/`#` or `_`/`X` per cell, one row per line.
//! `|` separators (as the seeds print pictures) and spaces or tabs between
//! cells are ignored. Colour pictures: a palette line, then a character
//! per cell ([`parse_colour_picture`]).

use crate::text::numbered_lines;
use crate::text::shown;
use crate::ParseError;
use nonogram_core::colour::{default_palette, ColourPuzzle, Swatch, MAX_COLOURS};
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

/// A colour text picture: a palette line `palette: .=white #=black r=rust:b7410e …`
/// (character `=` name, then `:rrggbb` unless the name is one of the
/// default palette's: white, black, red, green, blue, yellow, orange,
/// purple, brown, pink, cyan, grey), then one row of characters per line.
/// The first entry is the background. Rows and the palette are refused
/// where they pass their limits ([`MAX_SIDE`], [`MAX_COLOURS`]), before
/// the rest is read.
pub fn parse_colour_picture(text: &str) -> Result<ColourPuzzle, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = numbered_lines(text).filter(|(_, l)| !l.trim().is_empty());
    let palette = match lines.next() {
        Some((n, l)) if l.trim_start().starts_with("palette:") => {
            let start = l.len() - l.trim_start().len() + "palette:".len();
            parse_palette(n, l, start)?
        }
        _ => {
            return Err(ParseError::new(
                "a colour picture starts with its palette line (palette: .=white r=red …)",
            ))
        }
    };
    let mut cells = Vec::new();
    let mut width = None;
    for (height, (n, line)) in lines.enumerate() {
        if height == MAX_SIDE {
            return Err(ParseError::at_line(
                n,
                format!("the picture has more than {MAX_SIDE} rows; the largest side accepted is {MAX_SIDE}"),
            ));
        }
        let row = line.trim();
        let indent = line[..line.len() - line.trim_start().len()].chars().count();
        let mut count = 0;
        for (c, ch) in row.chars().enumerate() {
            if count == MAX_SIDE {
                return Err(ParseError::at(
                    n,
                    indent + c + 1,
                    format!(
                        "this row has more than {MAX_SIDE} cells; the largest side accepted is {MAX_SIDE}"
                    ),
                ));
            }
            let index = palette.iter().position(|s| s.symbol == ch).ok_or_else(|| {
                ParseError::at(
                    n,
                    indent + c + 1,
                    format!("`{}` is not in the palette", shown(&ch.to_string())),
                )
            })?;
            cells.push(index as u8);
            count += 1;
        }
        match width {
            None => width = Some(count),
            Some(w) if w != count => {
                return Err(ParseError::at_line(
                    n,
                    format!("this row has {count} cells, the first row has {w}"),
                ))
            }
            Some(_) => {}
        }
    }
    let Some(width) = width else {
        return Err(ParseError::new("the picture has no rows"));
    };
    Ok(ColourPuzzle::from_picture_with(&cells, width, palette))
}

/// The palette line's entries, from byte `start` of `line` (line `n`).
fn parse_palette(n: usize, line: &str, start: usize) -> Result<Vec<Swatch>, ParseError> {
    let known = default_palette(11);
    let mut palette: Vec<Swatch> = Vec::new();
    let mut column = line[..start].chars().count();
    let mut rest = &line[start..];
    loop {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        let Some(entry) = rest.split_whitespace().next() else { break };
        let at = column + 1;
        column += entry.chars().count();
        rest = &rest[entry.len()..];
        let bad = || {
            ParseError::at(
                n,
                at,
                format!("`{}` is not a palette entry (like r=red or r=rust:b7410e)", shown(entry)),
            )
        };
        if palette.len() == MAX_COLOURS + 1 {
            return Err(ParseError::at(
                n,
                at,
                format!("at most {MAX_COLOURS} colours besides the background"),
            ));
        }
        let mut chars = entry.chars();
        let (Some(symbol), Some('=')) = (chars.next(), chars.next()) else { return Err(bad()) };
        if let Some(why) = nonogram_core::text::colour_character_fault(symbol) {
            return Err(ParseError::at(n, at, format!("the palette entry `{}`: {why}", shown(entry))));
        }
        let value = chars.as_str();
        let (name, rgb) = match value.split_once(':') {
            Some((name, hex)) => (name.to_string(), parse_hex(hex).ok_or_else(bad)?),
            None => match known.iter().find(|s| s.name == value) {
                Some(s) => (value.to_string(), s.rgb),
                None => {
                    return Err(ParseError::at(
                        n,
                        at,
                        format!(
                            "`{}` is no colour name known; give its value, like {symbol}={}:b7410e",
                            shown(value),
                            shown(value)
                        ),
                    ))
                }
            },
        };
        if let Some(why) = nonogram_core::text::name_fault(&name) {
            return Err(ParseError::at(n, at, format!("the colour \"{}\": {why}", shown(&name))));
        }
        if name.is_empty() || palette.iter().any(|s| s.symbol == symbol || s.name == name) {
            return Err(ParseError::at(n, at, format!("`{}` repeats a character or a name", shown(entry))));
        }
        palette.push(Swatch { name, rgb, symbol });
    }
    if palette.len() < 2 {
        return Err(ParseError::at_line(n, "the palette needs a colour besides the background"));
    }
    Ok(palette)
}

/// `rrggbb` or `#rrggbb`: six digits (webpbn XML's three-digit form is
/// not taken here).
fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    (hex.strip_prefix('#').unwrap_or(hex).len() == 6).then(|| crate::parse_rgb(hex)).flatten()
}
