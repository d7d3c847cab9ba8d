//! Simpson's `.non` format (and `.nonpack` bundles separated by `====`):
//! keyword lines, `rows`/`columns` sections of comma-separated runs (`0` or a
//! blank line for an empty line), metadata in optional quotes, `goal`.
//! Unknown lines are ignored, as the format asks.

use crate::picture::picture_cell;
use crate::read::{Batch, Reading};
use crate::text::{numbered_lines, parse_clue, parse_size, words};
use crate::ParseError;
use nonogram_core::{Cell, Clue, Grid, Puzzle};

/// Keywords that start a line of a `.non` file.
pub(crate) const KEYWORDS: [&str; 11] = [
    "width",
    "height",
    "rows",
    "columns",
    "goal",
    "title",
    "by",
    "copyright",
    "catalogue",
    "license",
    "color",
];

/// A line's keyword: its first word in any case, a colon after it allowed
/// (`Rows:` as a puzzle page heads a list), `cols` read as `columns`.
pub(crate) fn keyword_of(line: &str) -> Option<&'static str> {
    let first = line.split_whitespace().next()?;
    let first = first.strip_suffix(':').unwrap_or(first);
    if first.eq_ignore_ascii_case("cols") {
        return Some("columns");
    }
    KEYWORDS.iter().copied().find(|k| first.eq_ignore_ascii_case(k))
}

/// What follows a line's first word (its keyword), trimmed.
fn after_keyword(line: &str) -> &str {
    let line = line.trim_start();
    line[line.find(char::is_whitespace).unwrap_or(line.len())..].trim()
}

/// The most lines one puzzle of a file may have: a 1000×1000 puzzle needs
/// about 2000 and its metadata a few more. Puzzles are read one at a time,
/// so a long nonpack costs only its puzzles' memory (a 10 MB text of 5
/// million lines took 306 MB when every line was kept).
pub(crate) const MAX_PUZZLE_LINES: usize = 20_000;

/// The puzzles of a `.non` text or nonpack: a puzzle that cannot be read
/// is rejected with its number and first line, and the others are read.
pub(crate) fn parse(text: &str) -> Result<Reading, ParseError> {
    let mut batch = Batch::default();
    let mut budget = crate::read::Budget::default();
    let mut chunk: Vec<(usize, &str)> = Vec::new();
    // A puzzle past MAX_PUZZLE_LINES: its error, its lines skipped to the
    // next `====` (the puzzles after it are read).
    let mut too_long: Option<ParseError> = None;
    let mut finish =
        |chunk: &mut Vec<(usize, &str)>, too_long: &mut Option<ParseError>| -> Result<(), ParseError> {
            if let Some(&(first, _)) = chunk.iter().find(|(_, l)| !l.trim().is_empty()) {
                let puzzle = match too_long.take() {
                    Some(e) => Err(e),
                    None => parse_one(chunk),
                };
                // A puzzle that cannot be read counts too: each keeps its
                // error, and millions of them took a gigabyte.
                let size = puzzle.as_ref().map_or(0, |p| p.width() + p.height());
                budget.count(size, || (first, 1))?;
                batch.push(first, puzzle);
            }
            chunk.clear();
            Ok(())
        };
    for (n, line) in numbered_lines(text) {
        if line.trim() == "====" {
            finish(&mut chunk, &mut too_long)?;
        } else if too_long.is_some() {
        } else if chunk.len() == MAX_PUZZLE_LINES {
            too_long = Some(ParseError::at_line(
                n,
                format!("this puzzle has more than {MAX_PUZZLE_LINES} lines; no puzzle needs that many"),
            ));
        } else {
            chunk.push((n, line));
        }
    }
    finish(&mut chunk, &mut too_long)?;
    Ok(batch.reading())
}

fn parse_one(lines: &[(usize, &str)]) -> Result<Puzzle, ParseError> {
    let mut width = None;
    let mut height = None;
    // A section: its keyword's line, and where its lines are in `lines`.
    let mut rows: Option<(usize, std::ops::Range<usize>)> = None;
    let mut columns: Option<(usize, std::ops::Range<usize>)> = None;
    let mut goal: Option<(usize, String)> = None;
    let mut p = Puzzle::new(Vec::new(), Vec::new());
    // The first line of numbers outside the sections (after a keyword line
    // ended one): the format ignores it, but without a size to count
    // against, a clue lost so must be said.
    let mut stray: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i];
        i += 1;
        let Some(key) = keyword_of(line) else {
            if stray.is_none() && line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                stray = Some(n);
            }
            continue;
        };
        let value = after_keyword(line);
        match key {
            "width" | "height" => {
                let w = words(line);
                let Some(&(col, tok)) = w.get(1) else {
                    return Err(ParseError::at_line(n, format!("`{key}` needs a number")));
                };
                let size = parse_size(tok, n, col, key)?;
                *(if key == "width" { &mut width } else { &mut height }) = Some(size);
            }
            "rows" | "columns" => {
                let earlier = if key == "rows" { &rows } else { &columns };
                if let Some((first, _)) = earlier {
                    return Err(ParseError::at_line(
                        n,
                        format!("a second `{key}` section (the first is at line {first})"),
                    ));
                }
                // A heading's words after it (`Rows (top to bottom):`) are
                // no clue; numbers there are.
                if value.contains(|c: char| c.is_ascii_digit()) {
                    // `rows: 1 1, 3`: in this format a comma parts a clue's
                    // numbers, so a line of clues cannot be read.
                    let at = value.as_ptr() as usize - line.as_ptr() as usize;
                    let column = line[..at].chars().count() + 1;
                    return Err(ParseError::at(
                        n,
                        column,
                        format!("the clues go on the lines after `{key}`, one line a clue"),
                    ));
                }
                let start = i;
                while i < lines.len() && keyword_of(lines[i].1).is_none() && lines[i].1.trim() != "====" {
                    i += 1;
                }
                let section = (n, start..i);
                *(if key == "rows" { &mut rows } else { &mut columns }) = Some(section);
            }
            "goal" => goal = Some((n, unquote(value))),
            "title" => p.meta.title = Some(unquote(value)),
            "by" => p.meta.author = Some(unquote(value)),
            "copyright" => p.meta.copyright = Some(unquote(value)),
            "catalogue" => p.meta.catalogue = Some(unquote(value)),
            "license" => p.meta.license = Some(unquote(value)),
            "color" => {}
            _ => unreachable!("every keyword is handled"),
        }
    }
    // A missing line is reported at the puzzle's first line (in a nonpack,
    // the first line after its `====`).
    let first = lines.iter().find(|(_, l)| !l.trim().is_empty()).map_or(1, |&(n, _)| n);
    let missing = |what: &str| ParseError::at(first, 1, format!("this puzzle has no {what}"));
    let (rn, rlines) = rows.ok_or_else(|| missing("`rows` section"))?;
    let (cn, clines) = columns.ok_or_else(|| missing("`columns` section"))?;
    // Without `width` and `height` (clues pasted under `rows` and
    // `columns` headings alone) the size is the sections' lines: blank
    // lines at a section's ends are spacing, those between are empty clues.
    if let (Some(n), true) = (stray, width.is_none() || height.is_none()) {
        return Err(ParseError::at_line(
            n,
            "numbers outside the `rows` and `columns` sections (a keyword line above them ends a section)",
        ));
    }
    let height = height.map_or_else(|| counted(rn, &lines[rlines.clone()], "rows"), Ok)?;
    let width = width.map_or_else(|| counted(cn, &lines[clines.clone()], "columns"), Ok)?;
    // Letters in the clues of two lines or more read as colour clues
    // (`2r,1b`), which this reader does not take; a letter in one line
    // alone is a slip of the keys (a clue typed in the line editor).
    let lettered = lines[rlines.clone()]
        .iter()
        .chain(&lines[clines.clone()])
        .filter(|(_, l)| l.contains(|c: char| c.is_ascii_alphabetic()))
        .count();
    let colour = lettered >= 2;
    p.rows = section_clues(rn, &lines[rlines], height, "rows", "height", colour)?;
    p.columns = section_clues(cn, &lines[clines], width, "columns", "width", colour)?;
    if let Some((n, g)) = goal {
        p.meta.goal = Some(parse_goal(&g, width, height, n)?);
    }
    Ok(p)
}

/// The clue lines of a section: `count` lines, where a blank line is an
/// empty clue. A section may have blank lines beyond its clues (a blank
/// line before the next keyword, or after `rows`): the ones at its end are
/// dropped first, then those at its start, until `count` remain; so an
/// empty first row written as a blank line right after `rows` is kept.
fn section_clues(
    header: usize,
    lines: &[(usize, &str)],
    count: usize,
    name: &str,
    size: &str,
    colour: bool,
) -> Result<Vec<Clue>, ParseError> {
    let blank = |i: usize| lines[i].1.trim().is_empty();
    let (mut first, mut last) = (0, lines.len());
    while last - first > count && blank(last - 1) {
        last -= 1;
    }
    while last - first > count && blank(first) {
        first += 1;
    }
    if last - first > count {
        // The first line past the clues that is not blank.
        let extra = (first + count..last).find(|&i| !blank(i)).unwrap_or(first + count);
        return Err(ParseError::at_line(
            lines[extra].0,
            format!(
                "`{name}` has more than {count} clue {} (the {size} is {count})",
                if count == 1 { "line" } else { "lines" }
            ),
        ));
    }
    if last - first < count {
        let found = (first..last).filter(|&i| !blank(i)).count();
        return Err(ParseError::at_line(
            header,
            format!("`{name}` needs {count} clue lines (the {size}); found {found}"),
        ));
    }
    lines[first..last]
        .iter()
        .map(|&(n, l)| {
            // A letter in a clue of what reads as colour clues: say where
            // colour puzzles go.
            parse_clue(l, n).map_err(|mut e| {
                if colour && l.contains(|c: char| c.is_ascii_alphabetic()) {
                    e.message += "; colour clues are read from webpbn XML or JSON";
                }
                e
            })
        })
        .collect()
}

/// The clue lines of a section given no size: its lines less the blank
/// ones at its ends; none is an error at its heading.
fn counted(header: usize, lines: &[(usize, &str)], name: &str) -> Result<usize, ParseError> {
    let clue = |l: &&(usize, &str)| !l.1.trim().is_empty();
    let first = lines.iter().position(|l| clue(&l));
    let last = lines.iter().rposition(|l| clue(&l));
    match (first, last) {
        (Some(first), Some(last)) => Ok(last - first + 1),
        _ => Err(ParseError::at_line(header, format!("`{name}` has no clue lines after it"))),
    }
}

fn parse_goal(text: &str, width: usize, height: usize, line: usize) -> Result<Grid, ParseError> {
    let cells: Vec<Cell> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '0' { Some(Cell::Empty) } else { picture_cell(c).or(Some(Cell::Filled)) })
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    Grid::from_cells(width, height, cells.clone()).ok_or_else(|| {
        ParseError::at_line(
            line,
            format!("`goal` has {} cells; a {width}×{height} puzzle has {}", cells.len(), width * height),
        )
    })
}

/// A metadata value without its quotes, with the common HTML escapes and
/// decimal character references (`&#10;`, as the writer puts a line
/// break) decoded, in one pass.
fn unquote(value: &str) -> String {
    let v = value.trim();
    let v = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(v);
    let mut out = String::with_capacity(v.len());
    let mut rest = v;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.bytes().take(10).position(|b| b == b';');
        let decoded = end.and_then(|end| match &rest[1..end] {
            "quot" => Some('"'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "copy" => Some('©'),
            "amp" => Some('&'),
            name => name.strip_prefix('#').and_then(|n| n.parse::<u32>().ok()).and_then(char::from_u32),
        });
        match (decoded, end) {
            (Some(c), Some(end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}
