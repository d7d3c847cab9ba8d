//! JSON: `{"rows": [[3], [2, 1]], "columns": [...]}` (`"cols"` also accepted),
//! with an optional `"title"`; a list of such objects is a batch. An empty
//! line is `[]` or `[0]`.
//!
//! Colour: `"colors"` (or `"colours"`) names each run colour with its
//! `#rrggbb`, in order, and a run is `[length, "name"]` (a bare length is
//! of the first colour): `{"colors": {"red": "#ff0000", "blue": "#0000ff"},
//! "rows": [[[2, "red"], 1]], …}`. `"background"` sets the background's
//! `#rrggbb` (white by default). A one-character name is written with that
//! character; a longer one with its first letter when free.
//!
//! Read by a small reader of our own that keeps where each value starts,
//! so that an error in the structure is located at its value. (serde_json
//! kept no positions, and took 15 KB of the page's and the worker's wasm.)
//! Nesting deeper than 127 is refused where it passes that depth.

use crate::read::{Batch, Read, Reading};
use crate::text::{shown, Located};
use crate::xml::{free_symbol, parse_rgb};
use crate::ParseError;
use nonogram_core::colour::{default_palette, ColourPuzzle, ColourRun, Swatch, MAX_COLOURS};

/// A JSON value. Numbers keep their text: a run length is read from it as
/// a whole number, and nothing else needs a number's value.
#[derive(Debug)]
enum Value<'a> {
    Null,
    Bool,
    Number(&'a str),
    String(String),
    /// Items, each with the byte offset where it starts.
    Array(Vec<(usize, Value<'a>)>),
    /// Members: name, the offset of the value, the value. The last of
    /// repeated members wins.
    Object(Vec<(String, usize, Value<'a>)>),
}

impl Value<'_> {
    fn member(&self, name: &str) -> Option<(usize, &Value<'_>)> {
        match self {
            Value::Object(members) => members.iter().rev().find(|m| m.0 == name).map(|m| (m.1, &m.2)),
            _ => None,
        }
    }
}

/// Nesting deeper than this is refused (as serde_json did).
const MAX_DEPTH: usize = 127;

/// The most values one puzzle's JSON may hold: the 1 000 000 runs and
/// 2000 clues of the largest black-and-white puzzle, 1000×1000 (a colour
/// run, `[2, "red"]`, is three values). A value held costs about 40
/// bytes, so one puzzle's values cost at most 44 MB, and they are dropped
/// once its clues are read.
const MAX_PUZZLE_VALUES: usize = 1_100_000;

/// The most items a list inside a puzzle may hold: no puzzle has more
/// lines, nor a line more runs. A batch's list of puzzles is read one
/// puzzle at a time and is not held.
const MAX_LIST_ITEMS: usize = nonogram_core::MAX_SIDE;

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
    /// False for the first pass over the text, which checks its syntax
    /// and keeps no value.
    keep: bool,
    /// The values kept so far, up to [`MAX_PUZZLE_VALUES`].
    kept: usize,
    /// The depth of puzzle objects: their members other than the ones a
    /// puzzle has ([`PUZZLE_MEMBERS`]) are read and not kept.
    puzzle_depth: usize,
}

/// The members of a puzzle object that are read; others are skipped.
const PUZZLE_MEMBERS: [&str; 7] = ["rows", "columns", "cols", "colors", "colours", "background", "title"];

/// A syntax error: where, and what.
type Syntax = (usize, &'static str);

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// A value, its leading space skipped; `eof` names what was being read.
    fn value(&mut self, eof: &'static str) -> Result<Value<'a>, Syntax> {
        self.skip_space();
        let start = self.pos;
        if self.keep {
            self.kept += 1;
            if self.kept > MAX_PUZZLE_VALUES {
                return Err((start, "a puzzle of more than 1100000 values; the largest puzzle needs fewer"));
            }
        }
        match self.peek().ok_or((start, eof))? {
            b'[' | b'{' => self.nested(),
            b'"' => self.string().map(Value::String),
            b'-' | b'0'..=b'9' => self.number(),
            _ => {
                for (word, value) in [("null", Value::Null), ("true", Value::Bool), ("false", Value::Bool)] {
                    if self.text[start..].starts_with(word) {
                        self.pos += word.len();
                        return Ok(value);
                    }
                }
                Err((start, "expected value"))
            }
        }
    }

    fn nested(&mut self) -> Result<Value<'a>, Syntax> {
        let list = self.peek() == Some(b'[');
        if self.depth == MAX_DEPTH {
            return Err((self.pos, "recursion limit exceeded"));
        }
        self.depth += 1;
        self.pos += 1;
        let (close, eof) =
            if list { (b']', "EOF while parsing a list") } else { (b'}', "EOF while parsing an object") };
        let mut items = Vec::new();
        let mut members = Vec::new();
        self.skip_space();
        if self.peek() == Some(close) {
            self.pos += 1;
        } else {
            loop {
                if list {
                    self.skip_space();
                    let at = self.pos;
                    let item = self.value(eof)?;
                    if self.keep {
                        if items.len() == MAX_LIST_ITEMS {
                            return Err((at, "a list of more than 1000 items; no puzzle has more lines, nor a line more runs"));
                        }
                        items.push((at, item));
                    }
                } else {
                    self.skip_space();
                    match self.peek() {
                        Some(b'"') => {}
                        Some(_) => return Err((self.pos, "key must be a string")),
                        None => return Err((self.pos, eof)),
                    }
                    let name = self.string()?;
                    self.skip_space();
                    match self.peek() {
                        Some(b':') => self.pos += 1,
                        Some(_) => return Err((self.pos, "expected `:`")),
                        None => return Err((self.pos, eof)),
                    }
                    self.skip_space();
                    let at = self.pos;
                    // A puzzle's other members (notes, ids, anything) are
                    // read for their syntax only: 10 MB of them cost nothing.
                    let keep = self.keep;
                    let wanted = self.depth != self.puzzle_depth || PUZZLE_MEMBERS.contains(&name.as_str());
                    self.keep = keep && wanted;
                    let member = self.value(eof);
                    self.keep = keep;
                    let member = member?;
                    if keep && wanted {
                        // The last of repeated members wins: at a puzzle's
                        // depth (seven names at most) the earlier is
                        // dropped, not held (a million repeated titles
                        // took 177 MB).
                        let earlier = (self.depth == self.puzzle_depth)
                            .then(|| members.iter().position(|m: &(String, usize, Value)| m.0 == name))
                            .flatten();
                        match earlier {
                            Some(i) => members[i] = (name, at, member),
                            None => members.push((name, at, member)),
                        }
                    }
                }
                self.skip_space();
                match self.peek() {
                    Some(b',') => self.pos += 1,
                    Some(b) if b == close => {
                        self.pos += 1;
                        break;
                    }
                    Some(_) if list => return Err((self.pos, "expected `,` or `]`")),
                    Some(_) => return Err((self.pos, "expected `,` or `}`")),
                    None => return Err((self.pos, eof)),
                }
            }
        }
        self.depth -= 1;
        Ok(if list { Value::Array(items) } else { Value::Object(members) })
    }

    /// A string at `"`, its escapes read.
    fn string(&mut self) -> Result<String, Syntax> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let rest = &self.text[self.pos..];
            // A byte scan: the three stops are ASCII. The syntax pass keeps
            // no text.
            let plain = rest.bytes().position(|b| b == b'"' || b == b'\\' || b < b' ').unwrap_or(rest.len());
            if self.keep {
                out.push_str(&rest[..plain]);
            }
            self.pos += plain;
            match self.peek() {
                None => return Err((self.pos, "EOF while parsing a string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let escape = self.text.as_bytes().get(self.pos + 1).copied();
                    self.pos += 2;
                    out.push(match escape {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode_escape()?,
                        None => return Err((self.pos - 2, "EOF while parsing a string")),
                        Some(_) => return Err((self.pos - 2, "invalid escape")),
                    });
                }
                Some(_) => {
                    return Err((
                        self.pos,
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ))
                }
            }
        }
    }

    /// The character of a `\\uXXXX` escape (a surrogate pair takes two).
    fn unicode_escape(&mut self) -> Result<char, Syntax> {
        let hex = |r: &mut Reader| -> Result<u32, Syntax> {
            let digits = r.text.get(r.pos..r.pos + 4).filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
            let value =
                digits.and_then(|d| u32::from_str_radix(d, 16).ok()).ok_or((r.pos, "invalid escape"))?;
            r.pos += 4;
            Ok(value)
        };
        let first = hex(self)?;
        let code = if (0xd800..0xdc00).contains(&first) && self.text[self.pos..].starts_with("\\u") {
            let at = self.pos;
            self.pos += 2;
            let second = hex(self)?;
            if !(0xdc00..0xe000).contains(&second) {
                return Err((at, "lone leading surrogate in hex escape"));
            }
            0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00)
        } else {
            first
        };
        char::from_u32(code).ok_or((self.pos, "lone leading surrogate in hex escape"))
    }

    fn number(&mut self) -> Result<Value<'a>, Syntax> {
        let start = self.pos;
        let digits = |r: &mut Reader| {
            let n = r.text[r.pos..].bytes().take_while(u8::is_ascii_digit).count();
            r.pos += n;
            n
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let whole = digits(self);
        let leading_zero = whole > 1 && self.text.as_bytes()[self.pos - whole] == b'0';
        if whole == 0 || leading_zero {
            return Err((start, "invalid number"));
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err((self.pos, "invalid number"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err((self.pos, "invalid number"));
            }
        }
        Ok(Value::Number(&self.text[start..self.pos]))
    }
}

pub(crate) fn parse(text: &str) -> Result<Reading, ParseError> {
    let located = Located::new(text);
    // First the syntax of the whole text, keeping no value: an error
    // anywhere in it is reported before any puzzle is read.
    let mut reader = Reader { text, pos: 0, depth: 0, keep: false, kept: 0, puzzle_depth: 1 };
    reader
        .value("EOF while parsing a value")
        .and_then(|_| {
            reader.skip_space();
            if reader.pos < text.len() {
                Err((reader.pos, "trailing characters"))
            } else {
                Ok(())
            }
        })
        .map_err(|(pos, message)| at(&located, pos, format!("invalid JSON: {message}")))?;
    let start = text.len() - text.trim_start().len();
    let syntax = |(pos, message): Syntax| at(&located, pos, format!("invalid JSON: {message}"));
    if !text[start..].starts_with('[') {
        let mut reader = Reader { text, pos: start, depth: 0, keep: true, kept: 0, puzzle_depth: 1 };
        let value = reader.value("").map_err(syntax)?;
        return Ok(Reading::one(Read::from_colour(vec![puzzle(&located, &value, start)?])));
    }
    // A batch: each puzzle's values are read, turned into its clues and
    // dropped before the next, so that one puzzle's values at most are held.
    let mut reader = Reader { text, pos: start + 1, depth: 1, keep: true, kept: 0, puzzle_depth: 2 };
    let mut budget = crate::read::Budget::default();
    let mut puzzles = crate::read::Kept::default();
    // Each puzzle's place, or why it is no puzzle (the others are read).
    let mut batch: Batch<()> = Batch::default();
    let mut lines = crate::text::LineCounter::default();
    loop {
        reader.skip_space();
        if reader.peek() == Some(b']') {
            break;
        }
        let item_at = reader.pos;
        reader.kept = 0;
        let item = reader.value("").map_err(syntax)?;
        let read = puzzle(&located, &item, item_at);
        drop(item);
        // Items that are no puzzle count too: each keeps its error, and a
        // list of millions of them took a gigabyte.
        let size = read.as_ref().map_or(0, |p| p.width() + p.height());
        budget.count(size, || located.locate(item_at))?;
        batch.push(lines.line(text, item_at), read.map(|p| puzzles.push(p)));
        reader.skip_space();
        if reader.peek() == Some(b',') {
            reader.pos += 1;
        }
    }
    if batch.count() == 0 {
        return Err(at(&located, start, "the JSON list holds no puzzle"));
    }
    Ok(Reading { read: puzzles.read(), places: batch.places, rejected: batch.rejected })
}

/// An error located at byte offset `pos`: 1-based line, column in characters.
fn at(text: &Located, pos: usize, message: impl Into<String>) -> ParseError {
    let (line, column) = text.locate(pos);
    ParseError::at(line, column, message)
}

fn puzzle(text: &Located, value: &Value, pos: usize) -> Result<ColourPuzzle, ParseError> {
    let Value::Object(_) = value else {
        return Err(at(text, pos, "a JSON puzzle must be an object with \"rows\" and \"columns\""));
    };
    let rows = value.member("rows").ok_or_else(|| at(text, pos, "the JSON puzzle has no \"rows\""))?;
    let columns = value
        .member("columns")
        .or_else(|| value.member("cols"))
        .ok_or_else(|| at(text, pos, "the JSON puzzle has no \"columns\" (or \"cols\")"))?;
    let palette = palette(text, value)?;
    let rows = clue_list(text, rows, "row", &palette)?;
    let columns = clue_list(text, columns, "column", &palette)?;
    let mut p = ColourPuzzle::new(rows, columns, palette);
    if let Some((_, Value::String(t))) = value.member("title") {
        p.meta.title = Some(t.clone());
    }
    Ok(p)
}

/// `"colors"` (or `"colours"`): each run colour's name and `#rrggbb`, in
/// order; `"background"`: the background's `#rrggbb` (white by default).
/// Without them, the puzzle is black and white.
fn palette(text: &Located, value: &Value) -> Result<Vec<Swatch>, ParseError> {
    let rgb = |pos: usize, v: &Value, what: &str| match v {
        Value::String(s) => parse_rgb(s)
            .ok_or_else(|| at(text, pos, format!("{what}: `{}` is not a colour (#rrggbb)", shown(s)))),
        _ => Err(at(text, pos, format!("{what}: a colour is a string like \"#ff0000\""))),
    };
    let background = match value.member("background") {
        Some((pos, v)) => rgb(pos, v, "the background")?,
        None => [255, 255, 255],
    };
    let Some((pos, colours)) = value.member("colors").or_else(|| value.member("colours")) else {
        return Ok(default_palette(1));
    };
    let Value::Object(members) = colours else {
        return Err(at(text, pos, "\"colors\" must be an object: {\"red\": \"#ff0000\", …}"));
    };
    if members.is_empty() || members.len() > MAX_COLOURS {
        return Err(at(text, pos, format!("\"colors\" must name 1 to {MAX_COLOURS} colours")));
    }
    let mut palette = vec![Swatch::new("white", background, '.')];
    for (name, pos, v) in members {
        if let Some(why) = nonogram_core::text::name_fault(name) {
            return Err(at(text, *pos, format!("the colour \"{}\": {why}", shown(name))));
        }
        if name.trim() != name {
            return Err(at(
                text,
                *pos,
                format!("the colour name \"{}\" must not start or end with a space", shown(name)),
            ));
        }
        if palette[1..].iter().any(|s| &s.name == name) {
            return Err(at(text, *pos, format!("the colour \"{}\" is named twice", shown(name))));
        }
        let rgb = rgb(*pos, v, &format!("colour \"{}\"", shown(name)))?;
        // A one-character name is its own symbol; others take their first
        // letter, or the first free one.
        let taken: Vec<char> = palette.iter().map(|s| s.symbol).collect();
        let first = name.chars().next().filter(|&c| {
            c.is_alphanumeric()
                && !taken.contains(&c)
                && nonogram_core::text::colour_character_fault(c).is_none()
        });
        let symbol = first.unwrap_or_else(|| free_symbol(taken.iter().copied()));
        palette.push(Swatch::new(name, rgb, symbol));
    }
    Ok(palette)
}

/// A clue is a list of runs (or one number); a run is a length, of the
/// first colour, or `[length, "colour"]`.
fn clue_list(
    text: &Located,
    (pos, value): (usize, &Value),
    kind: &str,
    palette: &[Swatch],
) -> Result<Vec<Vec<ColourRun>>, ParseError> {
    let Value::Array(items) = value else {
        return Err(at(text, pos, format!("the {kind} clues must be a list of lists of numbers")));
    };
    let length = |i: usize, run_pos: usize, r: &Value| match r {
        Value::Number(n) => match n.parse::<u64>() {
            Ok(n) if n <= 1_000_000 => Ok(n as u32),
            _ => Err(at(text, run_pos, format!("{kind} {}: `{}` is not a run length", i + 1, shown(n)))),
        },
        _ => Err(at(
            text,
            run_pos,
            format!("{kind} {}: `{}` is not a run length", i + 1, shown(source(text, run_pos))),
        )),
    };
    items
        .iter()
        .enumerate()
        .map(|(i, (item_pos, item))| {
            let runs: Vec<(usize, &Value)> = match item {
                Value::Array(runs) => runs.iter().map(|(p, r)| (*p, r)).collect(),
                Value::Number(_) => vec![(*item_pos, item)],
                _ => {
                    return Err(at(
                        text,
                        *item_pos,
                        format!("{kind} {}: a clue must be a list of numbers", i + 1),
                    ))
                }
            };
            let runs = runs
                .into_iter()
                .map(|(run_pos, r)| match r {
                    Value::Array(pair) => {
                        let [(len_pos, len), (name_pos, Value::String(name))] = &pair[..] else {
                            return Err(at(
                                text,
                                run_pos,
                                format!("{kind} {}: a coloured run is [length, \"colour\"]", i + 1),
                            ));
                        };
                        let colour =
                            palette.iter().skip(1).position(|s| &s.name == name).ok_or_else(|| {
                                at(
                                    text,
                                    *name_pos,
                                    format!(
                                        "{kind} {}: the colour \"{}\" is not in \"colors\"",
                                        i + 1,
                                        shown(name)
                                    ),
                                )
                            })?;
                        Ok(ColourRun { len: length(i, *len_pos, len)?, colour: colour as u8 + 1 })
                    }
                    r => Ok(ColourRun { len: length(i, run_pos, r)?, colour: 1 }),
                })
                .collect::<Result<Vec<ColourRun>, _>>()?;
            Ok(if runs.len() == 1 && runs[0].len == 0 { Vec::new() } else { runs })
        })
        .collect()
}

/// The text of the (valid) value starting at `pos`, as written.
fn source(text: &str, pos: usize) -> &str {
    let mut reader = Reader { text, pos, depth: 0, keep: false, kept: 0, puzzle_depth: 1 };
    match reader.value("") {
        Ok(_) => &text[pos..reader.pos],
        Err(_) => &text[pos..],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::Clue;

    fn error(text: &str) -> String {
        match parse(text) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{text} parsed"),
        }
    }

    fn black(text: &str) -> Vec<nonogram_core::Puzzle> {
        match parse(text) {
            Ok(Reading { read: Read::Black(puzzles), .. }) => puzzles,
            _ => panic!("{text} is not black and white"),
        }
    }

    #[test]
    fn strings_escapes_and_members() {
        let text = r#"{"title": "caf\u00e9 \"\ud83d\ude00\" a\\b\/c\n", "cols": [[1]], "rows": [1], "rows": [[1]], "x": [null, true, false, {}]}"#;
        let p = black(text).remove(0);
        assert_eq!(p.meta.title.as_deref(), Some("café \"😀\" a\\b/c\n"));
        assert_eq!((p.rows.len(), p.columns.len()), (1, 1));
        // A batch; `[0]` and `[]` are empty lines; a bare number is a clue.
        let batch =
            black(" [ {\"rows\": [[0], []], \"columns\": [2, [0]]}, {\"rows\":[[1]],\"columns\":[[1]]} ] ");
        assert_eq!(batch.len(), 2);
        assert_eq!(batch[0].rows, [Clue(vec![]), Clue(vec![])]);
        assert_eq!(batch[0].columns, [Clue(vec![2]), Clue(vec![])]);
    }

    #[test]
    fn syntax_errors_are_located_and_named() {
        for (text, expected) in [
            ("{\"rows\": [[1]] \"columns\": []}", "line 1, column 16: invalid JSON: expected `,` or `}`"),
            ("[[1] 2]", "line 1, column 6: invalid JSON: expected `,` or `]`"),
            ("{rows: []}", "line 1, column 2: invalid JSON: key must be a string"),
            ("{\"rows\" []}", "line 1, column 9: invalid JSON: expected `:`"),
            ("{\"rows\": [01]}", "line 1, column 11: invalid JSON: invalid number"),
            ("{\"rows\": [1.]}", "line 1, column 13: invalid JSON: invalid number"),
            ("{\"rows\": \"a\\qb\"}", "line 1, column 12: invalid JSON: invalid escape"),
            ("{\"rows\": \"a\u{1}\"}", "line 1, column 12: invalid JSON: control character (\\u0000-\\u001F) found while parsing a string"),
            ("{\"rows\": \"ab", "line 1, column 13: invalid JSON: EOF while parsing a string"),
            ("{} x", "line 1, column 4: invalid JSON: trailing characters"),
            ("{\"rows\": nope}", "line 1, column 10: invalid JSON: expected value"),
            ("{\"a\":", "line 1, column 6: invalid JSON: EOF while parsing an object"),
        ] {
            assert_eq!(error(text), expected, "{text}");
        }
    }

    #[test]
    fn run_lengths_are_whole_numbers_shown_as_written() {
        assert_eq!(
            error("{\"rows\": [[1.0]], \"columns\": [[1]]}"),
            "line 1, column 12: row 1: `1.0` is not a run length"
        );
        assert_eq!(
            error("{\"rows\": [[1e3]], \"columns\": [[1]]}"),
            "line 1, column 12: row 1: `1e3` is not a run length"
        );
        assert_eq!(
            error("{\"rows\": [[{\"a\": [1, 2]}]], \"columns\": [[1]]}"),
            "line 1, column 12: row 1: `{\"a\": [1, 2]}` is not a run length"
        );
        assert_eq!(
            error("{\"rows\": [[2000000]], \"columns\": [[1]]}"),
            "line 1, column 12: row 1: `2000000` is not a run length"
        );
    }
}
