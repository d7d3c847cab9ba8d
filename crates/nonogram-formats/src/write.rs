//! Writers: `.non`, `.nin`, plain, JSON, and grids as text.

use crate::{Format, ParseError};
use nonogram_core::{Cell, Clue, Grid, Puzzle};
use std::fmt::Write;

/// Writes a puzzle in `format` (`.non`, `.nin`, plain or JSON; the seed
/// format for square puzzles). Other formats are read-only.
pub fn write(format: Format, puzzle: &Puzzle) -> Result<String, ParseError> {
    Ok(match format {
        Format::Non => write_non(puzzle),
        Format::Nin => numeric(&format!("{} {}", puzzle.width(), puzzle.height()), puzzle, false),
        Format::Seed if puzzle.width() == puzzle.height() => {
            numeric(&puzzle.width().to_string(), puzzle, false)
        }
        Format::Plain => numeric("", puzzle, true),
        Format::Json => write_json(puzzle),
        _ => {
            let why = if format == Format::Seed { " for a puzzle that is not square" } else { "" };
            return Err(ParseError::new(format!("cannot write the {} format{why}", format.name())));
        }
    })
}

fn numeric(header: &str, p: &Puzzle, blank_between: bool) -> String {
    let mut s = String::new();
    if !header.is_empty() {
        writeln!(s, "{header}").unwrap();
    }
    for c in &p.rows {
        writeln!(s, "{c}").unwrap();
    }
    if blank_between {
        s.push('\n');
    }
    for c in &p.columns {
        writeln!(s, "{c}").unwrap();
    }
    s
}

fn comma_clue(c: &Clue) -> String {
    if c.0.is_empty() {
        "0".into()
    } else {
        c.0.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }
}

fn quote(v: &str) -> String {
    format!("\"{}\"", v.replace('&', "&amp;").replace('"', "&quot;"))
}

fn write_non(p: &Puzzle) -> String {
    let mut s = String::new();
    let m = &p.meta;
    for (key, value) in [
        ("catalogue", &m.catalogue),
        ("title", &m.title),
        ("by", &m.author),
        ("copyright", &m.copyright),
        ("license", &m.license),
    ] {
        if let Some(v) = value {
            writeln!(s, "{key} {}", quote(v)).unwrap();
        }
    }
    writeln!(s, "width {}\nheight {}\n\nrows", p.width(), p.height()).unwrap();
    for c in &p.rows {
        writeln!(s, "{}", comma_clue(c)).unwrap();
    }
    s.push_str("\ncolumns\n");
    for c in &p.columns {
        writeln!(s, "{}", comma_clue(c)).unwrap();
    }
    if let Some(goal) = &m.goal {
        let bits: String = goal.cells().iter().map(|&c| if c == Cell::Filled { '1' } else { '0' }).collect();
        writeln!(s, "\ngoal \"{bits}\"").unwrap();
    }
    s
}

fn write_json(p: &Puzzle) -> String {
    let list = |clues: &[Clue]| {
        let items: Vec<String> = clues
            .iter()
            .map(|c| format!("[{}]", c.0.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")))
            .collect();
        format!("[\n    {}\n  ]", items.join(",\n    "))
    };
    let mut s = String::from("{\n");
    if let Some(t) = &p.meta.title {
        writeln!(s, "  \"title\": {},", json_string(t)).unwrap();
    }
    write!(s, "  \"rows\": {},\n  \"columns\": {}\n}}\n", list(&p.rows), list(&p.columns)).unwrap();
    s
}

/// A grid as rows of `#` (filled), `.` (empty) and `?` (unknown).
pub fn write_grid(grid: &Grid) -> String {
    grid.to_text()
}

/// A grid as a 0/1 picture (unknown cells as `0`).
pub fn write_picture(grid: &Grid) -> String {
    let mut s = String::new();
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            s.push(if grid.get(r, c) == Cell::Filled { '1' } else { '0' });
        }
        s.push('\n');
    }
    s
}

/// A string as JSON writes it: quoted, with `"`, `\\` and control
/// characters escaped.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
