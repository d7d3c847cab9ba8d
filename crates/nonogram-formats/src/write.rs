//! Writers: `.non`, `.nin`, plain, JSON, webpbn XML, and grids as text;
//! colour puzzles as webpbn XML or colour JSON.

use crate::{Format, ParseError};
use nonogram_core::colour::{ColourPuzzle, ColourRun};
use nonogram_core::{Cell, Clue, Grid, Puzzle};
use std::fmt::Write;

/// Writes a puzzle in `format` (`.non`, `.nin`, plain, JSON or webpbn XML;
/// the square format for square puzzles). Other formats are read-only.
pub fn write(format: Format, puzzle: &Puzzle) -> Result<String, ParseError> {
    Ok(match format {
        Format::Non => write_non(puzzle),
        Format::Nin => numeric(&format!("{} {}", puzzle.width(), puzzle.height()), puzzle, false),
        Format::Square if puzzle.width() == puzzle.height() => {
            numeric(&puzzle.width().to_string(), puzzle, false)
        }
        Format::Plain => numeric("", puzzle, true),
        Format::Json => write_json(puzzle),
        Format::WebpbnXml => write_xml(&ColourPuzzle::from_black(puzzle)),
        _ => {
            let why = if format == Format::Square { " for a puzzle that is not square" } else { "" };
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

/// A `.non` metadata value: quoted, with `&` and `"` escaped and every
/// control character (a line break above all, which would start a line
/// of its own: a title could add a puzzle) written as a character
/// reference, `&#10;`, which the reader decodes.
fn quote(v: &str) -> String {
    let mut out = String::with_capacity(v.len() + 2);
    out.push('"');
    for c in v.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => write!(out, "&#{};", u32::from(c)).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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

/// A string as JSON writes it: quoted, with `"`, `\\` and every control
/// character escaped (C1 ones too: U+009B is a terminal's CSI).
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Writes a colour puzzle as webpbn XML or colour JSON, the formats that
/// hold colours.
pub fn write_colour(format: Format, puzzle: &ColourPuzzle) -> Result<String, ParseError> {
    match format {
        Format::WebpbnXml => Ok(write_xml(puzzle)),
        Format::Json => Ok(write_colour_json(puzzle)),
        _ => Err(ParseError::new(format!(
            "the {} format cannot hold colours; write webpbn XML or JSON",
            format.name()
        ))),
    }
}

/// Text as XML holds it: markup characters escaped, and the control
/// characters XML 1.0 cannot hold (C0's, but for tab and line breaks, and
/// U+FFFE, U+FFFF) left out. Tabs, line breaks and the other control
/// characters XML 1.0 holds (U+007F to U+009F) are written as character
/// references: in an attribute's value a reader would take a tab or line
/// break for a space, and a C1 character is a terminal's escape.
fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_xml(&mut out, c);
    }
    out
}

fn push_xml(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\t' | '\n' | '\r' => write!(out, "&#{};", u32::from(c)).unwrap(),
        '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => {}
        c if c.is_control() => write!(out, "&#{};", u32::from(c)).unwrap(),
        c => out.push(c),
    }
}

/// An element's text, as [`xml_text`], with the whitespace at its start
/// and end written as references (`&#32;`): a reader trims the
/// whitespace written as such, so this reads back unchanged.
fn xml_element_text(text: &str) -> String {
    let body = text.trim();
    let (lead, rest) = text.split_at(text.len() - text.trim_start().len());
    let trail = &rest[body.len()..];
    let mut out = String::with_capacity(text.len() + 8);
    let reference = |out: &mut String, c: char| write!(out, "&#{};", u32::from(c)).unwrap();
    lead.chars().for_each(|c| reference(&mut out, c));
    body.chars().for_each(|c| push_xml(&mut out, c));
    trail.chars().for_each(|c| reference(&mut out, c));
    out
}

/// webpbn XML: the palette as `<color>`s, runs of the first colour
/// without a `color` attribute (it is the `defaultcolor`), the goal image.
fn write_xml(p: &ColourPuzzle) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n",
    );
    let name = |c: usize| xml_text(&p.palette[c].name);
    writeln!(s, "<puzzle type=\"grid\" defaultcolor=\"{}\" backgroundcolor=\"{}\">", name(1), name(0))
        .unwrap();
    let m = &p.meta;
    for (tag, value) in [("title", &m.title), ("author", &m.author), ("copyright", &m.copyright)] {
        if let Some(v) = value {
            // A title of characters XML cannot hold is none: written
            // empty, it would read as none and be left out the next time.
            let v = xml_element_text(v);
            if !v.is_empty() {
                writeln!(s, "<{tag}>{v}</{tag}>").unwrap();
            }
        }
    }
    if let Some(id) = m.catalogue.as_deref().and_then(|c| c.strip_prefix("webpbn.com ")) {
        writeln!(s, "<id>{}</id>", xml_element_text(id)).unwrap();
    }
    for (c, swatch) in p.palette.iter().enumerate() {
        let [r, g, b] = swatch.rgb;
        let symbol = xml_text(&swatch.symbol.to_string());
        writeln!(s, "<color name=\"{}\" char=\"{symbol}\">{r:02X}{g:02X}{b:02X}</color>", name(c)).unwrap();
    }
    for (kind, lines) in [("columns", &p.columns), ("rows", &p.rows)] {
        writeln!(s, "<clues type=\"{kind}\">").unwrap();
        for runs in lines.iter() {
            s.push_str("<line>");
            for run in runs {
                match run.colour {
                    1 => write!(s, "<count>{}</count>", run.len).unwrap(),
                    c => write!(s, "<count color=\"{}\">{}</count>", name(usize::from(c)), run.len).unwrap(),
                }
            }
            s.push_str("</line>\n");
        }
        s.push_str("</clues>\n");
    }
    if let Some(goal) = &p.goal {
        s.push_str("<solution type=\"goal\">\n<image>\n");
        for row in goal.chunks(p.width().max(1)) {
            let line: String =
                row.iter().map(|&c| p.palette.get(usize::from(c)).map_or('?', |s| s.symbol)).collect();
            writeln!(s, "|{}|", xml_text(&line)).unwrap();
        }
        s.push_str("</image>\n</solution>\n");
    }
    s.push_str("</puzzle>\n</puzzleset>\n");
    s
}

/// Colour JSON: `"colors"` in palette order, runs as `[length, "name"]`.
fn write_colour_json(p: &ColourPuzzle) -> String {
    let run = |r: &ColourRun| format!("[{}, {}]", r.len, json_string(&p.palette[usize::from(r.colour)].name));
    let list = |lines: &[Vec<ColourRun>]| {
        let items: Vec<String> = lines
            .iter()
            .map(|runs| format!("[{}]", runs.iter().map(run).collect::<Vec<_>>().join(", ")))
            .collect();
        format!("[\n    {}\n  ]", items.join(",\n    "))
    };
    let mut s = String::from("{\n");
    if let Some(t) = &p.meta.title {
        writeln!(s, "  \"title\": {},", json_string(t)).unwrap();
    }
    let colours: Vec<String> =
        p.palette[1..].iter().map(|c| format!("{}: \"{}\"", json_string(&c.name), c.hex())).collect();
    writeln!(s, "  \"background\": \"{}\",", p.palette[0].hex()).unwrap();
    writeln!(s, "  \"colors\": {{{}}},", colours.join(", ")).unwrap();
    write!(s, "  \"rows\": {},\n  \"columns\": {}\n}}\n", list(&p.rows), list(&p.columns)).unwrap();
    s
}

/// A colour solution, one symbol per cell (the palette's), a line per row.
pub fn write_colour_grid(puzzle: &ColourPuzzle, cells: &[u8]) -> String {
    let mut s = String::new();
    for row in cells.chunks(puzzle.width().max(1)) {
        s.extend(row.iter().map(|&c| puzzle.palette.get(usize::from(c)).map_or('?', |s| s.symbol)));
        s.push('\n');
    }
    s
}
