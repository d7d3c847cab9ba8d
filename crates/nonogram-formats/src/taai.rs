//! The TAAI tournament batch format: `$N` starts puzzle N, then its column
//! clues (left to right), then its row clues (top to bottom), one per line,
//! numbers separated by tabs; an empty line is an empty clue. Puzzles are
//! square: the lines of a puzzle are split half columns, half rows.

use crate::read::{Batch, Reading};
use crate::text::{numbered_lines, parse_clue, shown};
use crate::ParseError;
use nonogram_core::{Puzzle, MAX_SIDE};

/// A puzzle being read: the line of its `$N`, its name, its clue lines,
/// and, past the most clue lines a puzzle has, its error (its further
/// lines skipped).
type Pending<'a> = (usize, String, Vec<(usize, &'a str)>, Option<ParseError>);

pub(crate) fn parse(text: &str) -> Result<Reading, ParseError> {
    let mut batch = Batch::default();
    let mut budget = crate::read::Budget::default();
    let mut current: Option<Pending> = None;
    let mut done = |mut pending: Pending, batch: &mut Batch<Puzzle>| -> Result<(), ParseError> {
        budget.count(pending.2.len(), || (pending.0, 1))?;
        let line = pending.0;
        let puzzle = match pending.3.take() {
            Some(e) => Err(e),
            None => finish(pending),
        };
        batch.push(line, puzzle);
        Ok(())
    };
    for (n, line) in numbered_lines(text) {
        if let Some(name) = line.trim().strip_prefix('$') {
            if let Some(pending) = current.take() {
                done(pending, &mut batch)?;
            }
            current = Some((n, name.trim().to_string(), Vec::new(), None));
        } else if let Some((_, name, body, too_long)) = current.as_mut() {
            // A side is at most MAX_SIDE: no puzzle has more clue lines
            // (and one with millions would cost their memory).
            if too_long.is_some() {
            } else if body.len() == 2 * MAX_SIDE + 1 {
                *too_long = Some(ParseError::at_line(
                    n,
                    format!("puzzle ${} has more than {} clue lines", shown(name), 2 * MAX_SIDE + 1),
                ));
            } else {
                body.push((n, line));
            }
        } else if !line.trim().is_empty() {
            return Err(ParseError::at_line(n, "expected `$1` (a puzzle number) before the clues"));
        }
    }
    if let Some(pending) = current.take() {
        done(pending, &mut batch)?;
    }
    if batch.count() == 0 {
        return Err(ParseError::new("no puzzle found (a batch puzzle starts with `$N`)"));
    }
    Ok(batch.reading())
}

fn finish((header, name, mut body, _): Pending) -> Result<Puzzle, ParseError> {
    // Blank lines at the end belong to no clue unless they are needed to make
    // the count even (an empty last row clue).
    while body.len() % 2 == 1 && body.last().is_some_and(|(_, l)| l.trim().is_empty()) {
        body.pop();
    }
    if body.is_empty() || body.len() % 2 == 1 {
        return Err(ParseError::at_line(
            header,
            format!(
                "puzzle ${} has {} clue lines; a square puzzle needs an even number",
                shown(&name),
                body.len()
            ),
        ));
    }
    let n = body.len() / 2;
    let parse =
        |lines: &[(usize, &str)]| lines.iter().map(|&(l, t)| parse_clue(t, l)).collect::<Result<Vec<_>, _>>();
    let columns = parse(&body[..n])?;
    let rows = parse(&body[n..])?;
    let mut p = Puzzle::new(rows, columns);
    p.meta.title = Some(format!("#{name}"));
    Ok(p)
}
