//! A hint and its words, for both kinds of puzzle: [`Hint`], and [`Said`],
//! how a kind names its values and clues (each kind's in `kinds.rs`).

use crate::search::kind::Kind;
use crate::{Cell, Clue, LineId};

/// The next step for a player, from their cells; `V` is a known cell's
/// value as the player's board holds it (black and white's [`Cell`], a
/// colour's index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint<V = Cell> {
    /// Every clue is satisfied.
    Solved,
    /// No placement of this line's clue fits the player's cells.
    Contradiction { line: LineId, why: String },
    /// These cells (grid indices) differ from the solution (from every
    /// solution found).
    Wrong { cells: Vec<usize> },
    /// The line's clue and its cells force these cells (positions along
    /// the line, and their values), whichever of its `placements` is true
    /// (`None`: not counted).
    Line { line: LineId, placements: Option<u64>, forced: Vec<(usize, V)> },
    /// As `Line`, once the values other lines rule out of its cells are
    /// taken out too: line logic a player does in their head, as a colour
    /// board takes only a colour, not the colours a cell cannot be.
    Narrowed { line: LineId, forced: Vec<(usize, V)> },
    /// A dead end one cell ahead: cell `index` can be none of its values,
    /// each leaving its line (`ruled_out`) with no way to fit its clue: a
    /// cell set before (a guess, or a slip) is wrong.
    DeadEnd { index: usize, ruled_out: Vec<(V, LineId)> },
    /// Looking ahead one cell: were cell `index` any value of `ruled_out`,
    /// line logic would leave that value's line with no placement (after
    /// `steps` line solves in all), so it is `value`.
    Probe { index: usize, value: V, ruled_out: Vec<(V, LineId)>, steps: u64 },
    /// No line forces a cell: cell `index` is `value` in every solution found.
    Reveal { index: usize, value: V, solutions: usize },
    /// Neither a line nor looking ahead one cell deduces anything: time to
    /// guess, as players of hard puzzles do on paper. `cell`: the cell and
    /// value to try, the trial that deduced the most cells (the farthest
    /// to follow, and where a contradiction shows soonest); None when no
    /// trial was open (every value of some cell contradicts).
    Guess { cell: Option<(usize, V)> },
}

/// How a kind of puzzle's hints name its values and clues.
pub trait Said: Kind {
    /// A known cell's value as the player's board holds it.
    type Value: Copy + Eq + std::fmt::Debug;
    /// The value of a known cell.
    fn value_of(cell: Self::Cell) -> Self::Value;
    /// A value in a word: "filled", "empty", a colour's name.
    fn name(&self, value: Self::Value) -> String;
    /// A line's clue as a player reads it.
    fn clue_words(&self, line: LineId) -> String;
}

/// A clue as a player reads it: "4 1", or "0" when empty.
pub fn clue_text(clue: &Clue) -> String {
    if clue.runs().is_empty() {
        return "0".into();
    }
    clue.runs().iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// "row 3" → "Row 3".
fn capital(line: LineId) -> String {
    capitalised(&line.to_string())
}

/// "row 2, column 5" → "Row 2, column 5".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}

/// 1-based positions as ranges: "cells 4–5 and 8", "cell 2".
fn positions(list: &[usize]) -> String {
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for &p in list {
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == p => *end = p,
            _ => ranges.push((p, p)),
        }
    }
    let parts: Vec<String> = ranges
        .iter()
        .map(|&(a, b)| if a == b { format!("{}", a + 1) } else { format!("{}–{}", a + 1, b + 1) })
        .collect();
    let word = if list.len() == 1 { "cell" } else { "cells" };
    match parts.as_slice() {
        [] => String::new(),
        [one] => format!("{word} {one}"),
        [rest @ .., last] => format!("{word} {} and {last}", rest.join(", ")),
    }
}

/// A cell as a player names it: "row 3, column 7".
pub fn cell_name(index: usize, width: usize) -> String {
    format!("row {}, column {}", index / width + 1, index % width + 1)
}

pub(super) fn value_word(cell: Cell) -> &'static str {
    if cell == Cell::Filled {
        "filled"
    } else {
        "empty"
    }
}

impl<V: Copy + Eq> Hint<V> {
    /// The hint in one or two sentences, as a player would say it (the
    /// ways a clue's runs fit its line, where they all agree; a line that
    /// could not be finished), naming values as the puzzle's kind does.
    pub fn explain<P: Said<Value = V>>(&self, puzzle: &P) -> String {
        let width = puzzle.size().0;
        // What trying a value of a cell does to a line: its own line
        // cannot fit its clue; another, reached by filling in what
        // follows, cannot be finished.
        let outcome = |index: usize, line: &LineId| {
            if [LineId::Row(index / width), LineId::Column(index % width)].contains(line) {
                format!("{line} could not fit its clue")
            } else {
                format!("{line} could not be finished")
            }
        };
        match self {
            Hint::Solved => "Solved: every clue is satisfied.".into(),
            Hint::Contradiction { line, why } => format!("{} cannot be finished: {why}.", capital(*line)),
            Hint::DeadEnd { index, ruled_out } => {
                let each: Vec<String> =
                    ruled_out.iter().map(|(v, line)| format!("{}, {}", puzzle.name(*v), outcome(*index, line))).collect();
                format!(
                    "A dead end at {}: {}. So a cell you set before is wrong.",
                    cell_name(*index, width),
                    each.join("; ")
                )
            }
            Hint::Wrong { cells } => {
                let first = cell_name(cells[0], width);
                match cells.len() {
                    1 => format!("A mistake: {first} is not as in the solution; outlined."),
                    n => format!("{n} mistakes, the first at {first}: those cells are not as in the solution; outlined."),
                }
            }
            Hint::Line { line, forced, placements } => {
                let what = forced_words(puzzle, forced);
                let clue = puzzle.clue_words(*line);
                if clue == "0" {
                    return format!("{}, clue 0: it has no run, so {what}.", capital(*line));
                }
                match placements {
                    Some(1) => format!("{}, clue {clue}: its runs fit its cells one way only: {what}.", capital(*line)),
                    Some(n) => format!(
                        "{}, clue {clue}: its runs fit its cells {n} ways, and in every one {what}.",
                        capital(*line)
                    ),
                    None => format!("{}, clue {clue}: every way its runs fit its cells, {what}.", capital(*line)),
                }
            }
            Hint::Narrowed { line, forced } => format!(
                "{}, clue {}: every way its runs fit its cells and the colours its crossing lines leave them, {}.",
                capital(*line),
                puzzle.clue_words(*line),
                forced_words(puzzle, forced)
            ),
            Hint::Probe { index, value, ruled_out, .. } => {
                let cell = cell_name(*index, width);
                let outcome = |line: &LineId| outcome(*index, line);
                match &ruled_out[..] {
                    [(other, line)] => format!(
                        "Looking ahead: if {cell} were {}, {}, so it is {}.",
                        puzzle.name(*other),
                        outcome(line),
                        puzzle.name(*value)
                    ),
                    each => {
                        let each: Vec<String> =
                            each.iter().map(|(v, line)| format!("as {}, {}", puzzle.name(*v), outcome(line))).collect();
                        format!("Looking ahead at {cell}: {}; so it is {}.", each.join("; "), puzzle.name(*value))
                    }
                }
            }
            Hint::Reveal { index, value, solutions } => format!(
                "No row or column settles a cell from your cells alone. {} is {} in {}.",
                capitalised(&cell_name(*index, width)),
                puzzle.name(*value),
                if *solutions == 1 { "the solution" } else { "every solution found" }
            ),
            Hint::Guess { cell: Some((index, value)) } => format!(
                "No row or column settles a cell here, even trying a cell each way: time for a guess. \
                 Try {} {v}: Apply hint \
                 keeps a checkpoint. If that leads to a contradiction, go back to it: the cell is not {v}.",
                cell_name(*index, width),
                v = puzzle.name(*value)
            ),
            Hint::Guess { cell: None } => {
                "No row or column settles a cell here, even trying a cell each way: this puzzle needs a guess."
                    .into()
            }
        }
    }

    /// The cells the hint deduces (grid index, value): to apply it.
    pub fn cells(&self, width: usize) -> Vec<(usize, V)> {
        match self {
            Hint::Line { line, forced, .. } | Hint::Narrowed { line, forced } => {
                forced.iter().map(|&(p, v)| (line.cell_index(width, p), v)).collect()
            }
            Hint::Probe { index, value, .. }
            | Hint::Reveal { index, value, .. }
            | Hint::Guess { cell: Some((index, value)) } => vec![(*index, *value)],
            _ => Vec::new(),
        }
    }

    /// The line to highlight, if the hint is about one.
    pub fn line(&self) -> Option<LineId> {
        match self {
            Hint::Contradiction { line, .. } | Hint::Line { line, .. } | Hint::Narrowed { line, .. } => {
                Some(*line)
            }
            Hint::Probe { ruled_out, .. } | Hint::DeadEnd { ruled_out, .. } => {
                ruled_out.first().map(|&(_, line)| line)
            }
            _ => None,
        }
    }
}

/// A line's forced cells in words: each value once, in the order the line
/// meets them ("cells 2–3 and 9 are filled, and cell 6 is empty").
fn forced_words<P: Said>(puzzle: &P, forced: &[(usize, P::Value)]) -> String {
    let mut values: Vec<P::Value> = Vec::new();
    for &(_, v) in forced {
        if !values.contains(&v) {
            values.push(v);
        }
    }
    let what: Vec<String> = values
        .into_iter()
        .map(|v| {
            let at: Vec<usize> = forced.iter().filter(|f| f.1 == v).map(|f| f.0).collect();
            format!("{} {} {}", positions(&at), if at.len() == 1 { "is" } else { "are" }, puzzle.name(v))
        })
        .collect();
    what.join(", and ")
}
