//! webpbn XML (`<puzzleset><puzzle type="grid">…`), black and white or
//! colour: `<color name="red" char="*">FF0000</color>` declarations, the
//! puzzle's `backgroundcolor` (white by default) and `defaultcolor` (black
//! by default: a `<count>` without a `color`), and a goal `<image>` written
//! with the colours' characters. A set whose runs are all of the default
//! colour is black and white.

mod reader;

use crate::read::{Batch, Reading};
use crate::text::{line_column, shown, Located};
use crate::ParseError;
use nonogram_core::colour::{ColourPuzzle, ColourRun, Swatch, MAX_COLOURS};
use reader::{Document, Node};

/// The most tags (`<`) and attributes (`=`) a document may have, counted
/// before it is read: they bound the reader's lists (a few dozen bytes an
/// element) to about 20 MB. A run is a `<count>` element, two tags, so a
/// puzzle of up to about 120 000 runs reads (webpbn's largest, 99×99,
/// have under 10 000); larger puzzles read from the other formats.
const MAX_TAGS: usize = 250_000;

pub(crate) fn parse(text: &str) -> Result<Reading, ParseError> {
    screen(text)?;
    // A DTD is skipped (webpbn's files name theirs), but one that declares
    // entities is refused above: they would have to be expanded, and one
    // 50 KB entity used 20 000 times is a gigabyte.
    let doc = Document::parse(text)
        .map_err(|(at, message)| error_at(text, at, format!("invalid XML: {message}")))?;
    let puzzles: Vec<Node> = doc.elements().filter(|n| n.has_tag_name("puzzle")).collect();
    if puzzles.is_empty() {
        return Err(ParseError::new("no <puzzle> element in the XML"));
    }
    let mut budget = crate::read::Budget::default();
    // Each puzzle's place, or why it is no puzzle (the others are read).
    let mut kept = crate::read::Kept::default();
    let mut batch: Batch<()> = Batch::default();
    let mut lines = crate::text::LineCounter::default();
    let located = Located::new(text);
    for node in puzzles {
        let read = parse_puzzle(&located, node);
        let line = lines.line(text, node.start());
        // A puzzle that cannot be read counts too (each keeps its error).
        let size = read.as_ref().map_or(0, |p| p.width() + p.height());
        budget.count(size, || located.locate(node.start()))?;
        batch.push(line, read.map(|p| kept.push(p)));
    }
    Ok(Reading { read: kept.read(), places: batch.places, rejected: batch.rejected })
}

/// Refuses, before the parser allocates anything, a text that declares an
/// entity (`<!ENTITY`, anywhere: in a DTD, where it would be expanded, or
/// elsewhere, where it cannot be valid; a webpbn puzzle needs none of its
/// own, and the five predefined ones (`&amp;` …) and character references
/// still work), or that has more than [`MAX_TAGS`] tags or attributes.
fn screen(text: &str) -> Result<(), ParseError> {
    if let Some(at) = text.find("<!ENTITY") {
        return Err(error_at(
            text,
            at,
            "the XML declares an entity (`<!ENTITY`); puzzle files need none, so it is refused".into(),
        ));
    }
    for (mark, what) in [(b'<', "tags"), (b'=', "attributes")] {
        if let Some((at, _)) = text.bytes().enumerate().filter(|&(_, b)| b == mark).nth(MAX_TAGS) {
            return Err(error_at(
                text,
                at,
                format!("the XML has more than {MAX_TAGS} {what}; a puzzle needs fewer"),
            ));
        }
    }
    Ok(())
}

/// An error at byte `at` of `text`, by 1-based line and column.
fn error_at(text: &str, at: usize, message: String) -> ParseError {
    let (line, column) = line_column(text, at);
    ParseError::at(line, column, message)
}

/// An error at an element's `<`.
fn located(text: &Located, node: Node, message: impl Into<String>) -> ParseError {
    let (line, column) = text.locate(node.start());
    ParseError::at(line, column, message)
}

fn child<'d, 'a>(node: Node<'d, 'a>, tag: &str) -> Option<Node<'d, 'a>> {
    node.children().find(|n| n.has_tag_name(tag))
}

fn text_of(node: Node, tag: &str) -> Option<String> {
    // Only whitespace written as such is trimmed: `&#32;` and `&#10;` are
    // kept, so a title written, read and written again is the same text.
    child(node, tag).map(|n| n.trimmed_text().to_string()).filter(|t| !t.is_empty())
}

fn parse_puzzle(text: &Located, puzzle: Node) -> Result<ColourPuzzle, ParseError> {
    if let Some(t) = puzzle.attribute("type") {
        if t != "grid" {
            return Err(located(
                text,
                puzzle,
                format!("puzzle type \"{}\" is not supported (only \"grid\")", shown(t)),
            ));
        }
    }
    let palette = palette(text, puzzle)?;
    // Colour names are read trimmed everywhere (a declared name is): a
    // `defaultcolor` of tabs and "black" named a second, untrimmed black.
    let default = puzzle.attribute("defaultcolor").map_or("black", str::trim);
    let colour_of = |node: Node, name: &str| -> Result<u8, ParseError> {
        match palette.iter().position(|s| s.name == name) {
            Some(0) => Err(located(
                text,
                node,
                format!("a run cannot have the background colour \"{}\"", shown(name)),
            )),
            Some(c) => Ok(c as u8),
            None => Err(located(
                text,
                node,
                format!("the colour \"{}\" is not declared by a <color>", shown(name)),
            )),
        }
    };
    let clues = |kind: &str| -> Result<Vec<Vec<ColourRun>>, ParseError> {
        let section = puzzle
            .children()
            .find(|n| n.has_tag_name("clues") && n.attribute("type") == Some(kind))
            .ok_or_else(|| located(text, puzzle, format!("missing <clues type=\"{kind}\">")))?;
        section
            .children()
            .filter(|n| n.has_tag_name("line"))
            .map(|line| {
                let mut runs = Vec::new();
                for count in line.children().filter(|n| n.has_tag_name("count")) {
                    let colour = colour_of(count, count.attribute("color").map_or(default, str::trim))?;
                    let t = count.text().trim();
                    let len =
                        t.parse::<u32>().ok().filter(|&n| n <= 1_000_000).ok_or_else(|| {
                            located(text, count, format!("`{}` is not a run length", shown(t)))
                        })?;
                    runs.push(ColourRun { len, colour });
                }
                // A lone 0 is an empty line, as in webpbn's own files.
                if runs.len() == 1 && runs[0].len == 0 {
                    runs.clear();
                }
                Ok(runs)
            })
            .collect()
    };
    let rows = clues("rows")?;
    let columns = clues("columns")?;
    let mut palette = palette;
    // The default colour, when not declared, comes last: dropped if no run has it.
    let declared = puzzle
        .children()
        .any(|n| n.has_tag_name("color") && n.attribute("name").map(str::trim) == Some(default));
    let last = palette.len() - 1;
    if !declared && last > 1 && !rows.iter().chain(&columns).flatten().any(|r| usize::from(r.colour) == last)
    {
        palette.pop();
    }
    let mut p = ColourPuzzle::new(rows, columns, palette);
    p.meta.title = text_of(puzzle, "title");
    p.meta.author = text_of(puzzle, "author");
    p.meta.copyright = text_of(puzzle, "copyright");
    p.meta.catalogue = text_of(puzzle, "id").map(|id| format!("webpbn.com {id}"));
    if let Some(image) = puzzle
        .children()
        .find(|n| n.has_tag_name("solution") && n.attribute("type").is_none_or(|t| t == "goal"))
        .and_then(|s| child(s, "image"))
    {
        p.goal = Some(parse_image(text, image, &p)?);
    }
    Ok(p)
}

/// The palette: the background first, then the other declared colours in
/// their order, then the default run colour when it is not declared (a
/// black-and-white file need declare none: white `.`, black `X`).
fn palette(text: &Located, puzzle: Node) -> Result<Vec<Swatch>, ParseError> {
    let background = puzzle.attribute("backgroundcolor").map_or("white", str::trim);
    let default = puzzle.attribute("defaultcolor").map_or("black", str::trim);
    let mut declared: Vec<(Node, Swatch)> = Vec::new();
    for node in puzzle.children().filter(|n| n.has_tag_name("color")) {
        let name = node.attribute("name").map(str::trim).unwrap_or("");
        if name.is_empty() {
            return Err(located(text, node, "a <color> needs a name"));
        }
        // Control characters (`&#14;`) cannot be written back in XML 1.0,
        // and a name must print as it is.
        if let Some(why) = nonogram_core::text::name_fault(name) {
            return Err(located(text, node, format!("the colour \"{}\": {why}", shown(name))));
        }
        // The background and every colour: refused here, before the
        // checks below compare a name with every other.
        if declared.len() == MAX_COLOURS + 1 {
            return Err(located(
                text,
                node,
                format!("the puzzle declares more than {} colours; at most {MAX_COLOURS} besides the background are read", MAX_COLOURS + 1),
            ));
        }
        if declared.iter().any(|(_, s)| s.name == name) {
            return Err(located(text, node, format!("the colour \"{}\" is declared twice", shown(name))));
        }
        let value = node.text().trim();
        let rgb = parse_rgb(value).ok_or_else(|| {
            located(text, node, format!("`{}` is not a colour (six hex digits, like FF0000)", shown(value)))
        })?;
        let symbol = match node.attribute("char") {
            Some(c) => {
                let mut chars = c.chars();
                let (Some(symbol), None) = (chars.next(), chars.next()) else {
                    return Err(located(
                        text,
                        node,
                        format!(
                            "the char of \"{}\" is `{}`: it must be one character",
                            shown(name),
                            shown(c)
                        ),
                    ));
                };
                if let Some(why) = nonogram_core::text::colour_character_fault(symbol) {
                    return Err(located(text, node, format!("the colour \"{}\": {why}", shown(name))));
                }
                symbol
            }
            None => free_symbol(declared.iter().map(|(_, s)| s.symbol)),
        };
        if let Some((_, other)) = declared.iter().find(|(_, s)| s.symbol == symbol) {
            return Err(located(
                text,
                node,
                format!("\"{}\" and \"{}\" have the same char `{symbol}`", shown(&other.name), shown(name)),
            ));
        }
        declared.push((node, Swatch { name: name.to_string(), rgb, symbol }));
    }
    let mut swatches: Vec<Swatch> = declared.into_iter().map(|(_, s)| s).collect();
    for (name, rgb, symbol) in [(default, [0, 0, 0], 'X'), (background, [255, 255, 255], '.')] {
        if !swatches.iter().any(|s| s.name == name) {
            let taken: Vec<char> = swatches.iter().map(|s| s.symbol).collect();
            let symbol = if taken.contains(&symbol) { free_symbol(taken.into_iter()) } else { symbol };
            swatches.push(Swatch { name: name.to_string(), rgb, symbol });
        }
    }
    let at = swatches.iter().position(|s| s.name == background).unwrap_or(0);
    let background = swatches.remove(at);
    swatches.insert(0, background);
    if swatches.len() > MAX_COLOURS + 1 {
        return Err(located(
            text,
            puzzle,
            format!(
                "the puzzle declares {} colours; at most {MAX_COLOURS} besides the background are read",
                swatches.len() - 1
            ),
        ));
    }
    Ok(swatches)
}

/// `FF0000`, `#ff0000` or `f00`.
pub fn parse_rgb(value: &str) -> Option<[u8; 3]> {
    let hex = value.strip_prefix('#').unwrap_or(value);
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).ok();
    match hex.len() {
        6 => Some([0, 2, 4].map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0))),
        3 => Some([0, 1, 2].map(|i| digit(i).unwrap_or(0) * 17)),
        _ => None,
    }
}

/// A character no colour has yet.
pub(crate) fn free_symbol(taken: impl Iterator<Item = char> + Clone) -> char {
    "X*%@+=&$o~abcdefghijklmnopqrstuvwyz0123456789"
        .chars()
        .find(|c| !taken.clone().any(|t| t == *c))
        .unwrap_or('?')
}

/// `<image>` lines like `|.XX..|`, one character per cell, as the
/// palette's chars write them.
fn parse_image(text: &Located, image: Node, p: &ColourPuzzle) -> Result<Vec<u8>, ParseError> {
    let (width, height) = (p.width(), p.height());
    let rows: Vec<&str> = crate::text::numbered_lines(image.text())
        .map(|(_, l)| l.trim().trim_matches('|'))
        .filter(|l| !l.is_empty())
        .collect();
    if rows.len() != height || rows.iter().any(|r| r.chars().count() != width) {
        return Err(located(text, image, format!("the goal image is not {width}×{height}")));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let colour = p.palette.iter().position(|s| s.symbol == ch).ok_or_else(|| {
                located(
                    text,
                    image,
                    format!(
                        "the goal image's row {}, column {}: `{}` is no colour's char",
                        r + 1,
                        c + 1,
                        shown(&ch.to_string())
                    ),
                )
            })?;
            cells.push(colour as u8);
        }
    }
    Ok(cells)
}
