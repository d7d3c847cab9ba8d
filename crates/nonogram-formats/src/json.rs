//! JSON: `{"rows": [[3], [2, 1]], "columns": [...]}` (`"cols"` also accepted),
//! with an optional `"title"`; a list of such objects is a batch. An empty
//! line is `[]` or `[0]`.
//!
//! serde_json's values keep no positions, so an error in the structure is
//! located afterwards: [`locate`] walks the text along the path of the value
//! at fault (`rows`, 3, 1) to its line and column.

use crate::text::shown;
use crate::ParseError;
use nonogram_core::{Clue, Puzzle};
use serde_json::Value;

/// One step of a path into a JSON text: an object's member or a list's item.
#[derive(Clone, Copy, Debug)]
enum Key<'a> {
    Member(&'a str),
    Item(usize),
}

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let (line, column) = char_location(text, e.line(), e.column());
        ParseError::at(line, column, format!("invalid JSON: {}", strip_location(&e)))
    })?;
    match &value {
        Value::Array(items) if items.is_empty() => Err(at(text, &[], "the JSON list holds no puzzle")),
        Value::Array(items) => {
            items.iter().enumerate().map(|(i, item)| puzzle(text, item, &[Key::Item(i)])).collect()
        }
        _ => Ok(vec![puzzle(text, &value, &[])?]),
    }
}

/// An error located at the value that `path` leads to.
fn at(text: &str, path: &[Key], message: impl Into<String>) -> ParseError {
    let (line, column) = locate(text, path);
    ParseError::at(line, column, message)
}

fn puzzle(text: &str, value: &Value, path: &[Key]) -> Result<Puzzle, ParseError> {
    let Value::Object(obj) = value else {
        return Err(at(text, path, "a JSON puzzle must be an object with \"rows\" and \"columns\""));
    };
    let rows = obj.get("rows").ok_or_else(|| at(text, path, "the JSON puzzle has no \"rows\""))?;
    let (key, columns) = match (obj.get("columns"), obj.get("cols")) {
        (Some(c), _) => ("columns", c),
        (None, Some(c)) => ("cols", c),
        (None, None) => return Err(at(text, path, "the JSON puzzle has no \"columns\" (or \"cols\")")),
    };
    let with = |key| [path, &[Key::Member(key)]].concat();
    let mut p = Puzzle::new(
        clue_list(text, rows, &with("rows"), "row")?,
        clue_list(text, columns, &with(key), "column")?,
    );
    if let Some(Value::String(t)) = obj.get("title") {
        p.meta.title = Some(t.clone());
    }
    Ok(p)
}

fn clue_list(text: &str, value: &Value, path: &[Key], kind: &str) -> Result<Vec<Clue>, ParseError> {
    let Value::Array(items) = value else {
        return Err(at(text, path, format!("the {kind} clues must be a list of lists of numbers")));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let item_path = [path, &[Key::Item(i)]].concat();
            let (runs, bare) = match item {
                Value::Array(runs) => (runs.as_slice(), false),
                Value::Number(_) => (std::slice::from_ref(item), true),
                _ => {
                    return Err(at(
                        text,
                        &item_path,
                        format!("{kind} {}: a clue must be a list of numbers", i + 1),
                    ))
                }
            };
            let runs = runs
                .iter()
                .enumerate()
                .map(|(j, r)| match r.as_u64() {
                    Some(n) if n <= 1_000_000 => Ok(n as u32),
                    _ => {
                        let run_path =
                            if bare { item_path.clone() } else { [&item_path[..], &[Key::Item(j)]].concat() };
                        Err(at(
                            text,
                            &run_path,
                            format!("{kind} {}: `{}` is not a run length", i + 1, shown(&r.to_string())),
                        ))
                    }
                })
                .collect::<Result<Vec<u32>, _>>()?;
            Ok(Clue(if runs == [0] { Vec::new() } else { runs }))
        })
        .collect()
}

/// serde_json's message without its trailing " at line L column C".
fn strip_location(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// serde_json's location (1-based line; column in bytes, 0 at the start of
/// a line) as ours: 1-based line and column in characters.
fn char_location(text: &str, line: usize, byte_column: usize) -> (usize, usize) {
    let line = line.max(1);
    let Some(l) = text.split('\n').nth(line - 1) else { return (line, byte_column.max(1)) };
    let mut end = byte_column.saturating_sub(1).min(l.len());
    while !l.is_char_boundary(end) {
        end -= 1;
    }
    (line, l[..end].chars().count() + 1)
}

/// The 1-based line and column (in characters) of the value `path` leads
/// to in a valid JSON text; as far as the path can be followed, so at
/// worst the start of the text. Iterative: no recursion however deep.
fn locate(text: &str, path: &[Key]) -> (usize, usize) {
    let bytes = text.as_bytes();
    let mut pos = skip_space(bytes, 0);
    for key in path {
        match follow(bytes, pos, *key) {
            Some(next) => pos = next,
            None => break,
        }
    }
    let before = &text[..pos.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// From the value at `pos`, the start of its member or item `key`.
fn follow(bytes: &[u8], pos: usize, key: Key) -> Option<usize> {
    let (open, close) = match key {
        Key::Member(_) => (b'{', b'}'),
        Key::Item(_) => (b'[', b']'),
    };
    if bytes.get(pos) != Some(&open) {
        return None;
    }
    let mut at = skip_space(bytes, pos + 1);
    let mut index = 0;
    let mut found = None;
    while bytes.get(at).is_some_and(|&b| b != close) {
        let value_at = match key {
            Key::Member(name) => {
                let end = skip_value(bytes, at)?;
                let matches = bytes.get(at + 1..end - 1) == Some(name.as_bytes());
                at = skip_space(bytes, end);
                if bytes.get(at) != Some(&b':') {
                    return None;
                }
                let value_at = skip_space(bytes, at + 1);
                // The last of repeated members wins, as in serde_json.
                if matches {
                    found = Some(value_at);
                }
                value_at
            }
            Key::Item(i) => {
                if index == i {
                    return Some(at);
                }
                at
            }
        };
        index += 1;
        at = skip_space(bytes, skip_value(bytes, value_at)?);
        if bytes.get(at) == Some(&b',') {
            at = skip_space(bytes, at + 1);
        }
    }
    found
}

fn skip_space(bytes: &[u8], mut pos: usize) -> usize {
    while bytes.get(pos).is_some_and(|b| b.is_ascii_whitespace()) {
        pos += 1;
    }
    pos
}

/// The end of the value that starts at `pos` (a string, a number or word,
/// or a whole list or object, however deeply nested).
fn skip_value(bytes: &[u8], mut pos: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match *bytes.get(pos)? {
            b'"' => {
                pos += 1;
                loop {
                    match *bytes.get(pos)? {
                        b'\\' => pos += 2,
                        b'"' => break,
                        _ => pos += 1,
                    }
                }
                pos += 1;
            }
            b'[' | b'{' => {
                depth += 1;
                pos += 1;
                continue;
            }
            b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                pos += 1;
            }
            b',' | b':' if depth > 0 => {
                pos += 1;
                continue;
            }
            b if b.is_ascii_whitespace() && depth > 0 => {
                pos += 1;
                continue;
            }
            _ => {
                while bytes.get(pos).is_some_and(|&b| !b"[]{},:\"".contains(&b) && !b.is_ascii_whitespace()) {
                    pos += 1;
                }
            }
        }
        if depth == 0 {
            return Some(pos);
        }
    }
}
