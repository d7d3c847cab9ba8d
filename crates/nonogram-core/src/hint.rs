//! Hints for a player: the next deduction from the player's own cells,
//! found the way a person finds it, and said in words.
//!
//! In order: a line the player's cells already contradict (or, when the
//! solution is known, cells that differ from it); else the easiest line
//! whose clue and cells force a cell (fewest placements: the overlap of
//! few placements is easiest to see); else looking ahead one cell
//! (probing): if a cell were filled (or empty), line logic would leave a
//! line with no placement, so it is the other; else a guess is needed.

use crate::line::placement::count_placements;
use crate::line::solve_line;
use crate::propagate::{Board, Propagation};
use crate::{Cell, Clue, Grid, LineId, Puzzle};

/// The next step for a player, from their cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Every clue is satisfied.
    Solved,
    /// No placement of this line's clue fits the player's cells.
    Contradiction { line: LineId, why: String },
    /// These cells (grid indices) differ from the solution.
    Wrong { cells: Vec<usize> },
    /// The line's clue and its cells force these cells (positions along
    /// the line, and their values), whichever of its `placements` is true.
    Line { line: LineId, placements: u64, forced: Vec<(usize, Cell)> },
    /// Were cell `index` `assumed`, line logic would leave `contradiction`
    /// with no placement after `steps` line solves: it is the other value.
    Probe { index: usize, assumed: Cell, contradiction: LineId, steps: u64 },
    /// Neither a line nor looking ahead one cell deduces anything.
    Guess,
}

/// Probing stops looking for an easier contradiction past this many line
/// solves in all (a hint on a 50×50 board stays well under 200 ms).
const PROBE_BUDGET: u64 = 200_000;

/// The next hint for the player's `cells` (unknown where they marked
/// nothing); `solution`, when the puzzle's only one is known, catches wrong
/// cells that contradict no line yet.
pub fn hint(puzzle: &Puzzle, cells: &Grid, solution: Option<&Grid>) -> Hint {
    if cells.is_complete() && puzzle.is_solution(cells) {
        return Hint::Solved;
    }
    // Each line solved once: a contradiction comes first; what the others
    // force is kept for the line hints.
    let mut solved = Vec::new();
    for line in puzzle.lines() {
        let current = cells.line(line);
        match solve_line(puzzle.clue(line).runs(), &current) {
            Ok(after) => solved.push((line, current, after)),
            Err(_) => {
                return Hint::Contradiction { line, why: why_contradicted(puzzle.clue(line), &current) }
            }
        }
    }
    if let Some(solution) = solution {
        let wrong: Vec<usize> = (cells.cells().iter().zip(solution.cells()).enumerate())
            .filter(|(_, (&c, &s))| c.is_known() && c != s)
            .map(|(i, _)| i)
            .collect();
        if !wrong.is_empty() {
            return Hint::Wrong { cells: wrong };
        }
    }
    let mut best: Option<Hint> = None;
    for (line, current, after) in solved {
        let forced = forced_cells(&current, &after);
        if forced.is_empty() {
            continue;
        }
        let placements = count_placements(puzzle.clue(line).runs(), &current);
        let easier = match &best {
            Some(Hint::Line { placements: p, forced: f, .. }) => {
                (placements, usize::MAX - forced.len()) < (*p, usize::MAX - f.len())
            }
            _ => true,
        };
        if easier {
            best = Some(Hint::Line { line, placements, forced });
        }
    }
    best.unwrap_or_else(|| probe(puzzle, cells))
}

/// What a line's clue forces in its cells: how many placements fit, and
/// the cells every one of them agrees on that are unknown now (position,
/// value); `None` when nothing is forced or nothing fits.
pub fn line_hint(runs: &[u32], cells: &[Cell]) -> Option<(u64, Vec<(usize, Cell)>)> {
    let forced = forced_cells(cells, &solve_line(runs, cells).ok()?);
    (!forced.is_empty()).then(|| (count_placements(runs, cells), forced))
}

/// The cells unknown `before` and known `after` a line solve (position, value).
fn forced_cells(before: &[Cell], after: &[Cell]) -> Vec<(usize, Cell)> {
    (before.iter().zip(after).enumerate())
        .filter(|(_, (a, b))| !a.is_known() && b.is_known())
        .map(|(p, (_, &b))| (p, b))
        .collect()
}

/// Looks ahead one cell: the trial whose contradiction comes soonest.
fn probe(puzzle: &Puzzle, cells: &Grid) -> Hint {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut board = Board::new(width, height);
    board.stamping = false;
    for (i, &c) in cells.cells().iter().enumerate() {
        if c.is_known() {
            board.set(i, c);
        }
    }
    let base = board.trail_len();
    // The player's cells are at a fixed point of line logic (no line hint
    // was found): a trial starts from the two lines through its cell.
    let mut propagation = Propagation::new(puzzle);
    propagation.clear();
    let mut best: Option<Hint> = None;
    for index in (0..width * height).filter(|&i| !cells.cells()[i].is_known()) {
        for assumed in [Cell::Filled, Cell::Empty] {
            let before = propagation.line_solves();
            board.set(index, assumed);
            propagation.mark_cell(width, index);
            let outcome = loop {
                if let Some(outcome) = propagation.settle_bounded(puzzle, &mut board) {
                    break outcome;
                }
            };
            board.undo_to(base);
            propagation.clear();
            let steps = propagation.line_solves() - before;
            let spent = propagation.line_solves();
            if let Err(contradiction) = outcome {
                if !matches!(best, Some(Hint::Probe { steps: s, .. }) if s <= steps) {
                    best = Some(Hint::Probe { index, assumed, contradiction, steps });
                }
            }
            // A contradiction in the cell's own two lines is as easy as it gets.
            if matches!(best, Some(Hint::Probe { steps, .. }) if steps <= 2)
                || (best.is_some() && spent > PROBE_BUDGET)
            {
                return best.unwrap_or(Hint::Guess);
            }
        }
    }
    best.unwrap_or(Hint::Guess)
}

/// Why no placement of `clue` fits `cells`, as specifically as it can say.
fn why_contradicted(clue: &Clue, cells: &[Cell]) -> String {
    let runs = clue.runs();
    let filled = cells.iter().filter(|&&c| c == Cell::Filled).count() as u64;
    let mut longest = 0;
    let mut run = 0;
    for &c in cells {
        run = if c == Cell::Filled { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let clue_longest = runs.iter().copied().max().unwrap_or(0);
    if longest > clue_longest {
        return if runs.is_empty() {
            format!("its clue is empty, and it has {}", plural(filled, "filled cell", "filled cells"))
        } else {
            format!("its filled cells make a run of {longest}, the clue's longest is {clue_longest}")
        };
    }
    if filled > clue.total() {
        return format!("it has {filled} filled cells, the clue adds up to {}", clue.total());
    }
    let room = cells.iter().filter(|&&c| c != Cell::Empty).count() as u64;
    if room < clue.total() {
        return format!("only {room} of its cells are not crossed out, the clue needs {}", clue.total());
    }
    format!("no placement of its clue {} fits its cells", clue_text(clue))
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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

fn cell_name(index: usize, width: usize) -> String {
    format!("row {}, column {}", index / width + 1, index % width + 1)
}

fn value_word(cell: Cell) -> &'static str {
    if cell == Cell::Filled {
        "filled"
    } else {
        "empty"
    }
}

impl Hint {
    /// The hint in one or two sentences, in the seeds' words (placements,
    /// the overlap of placements, forced cells).
    pub fn explain(&self, puzzle: &Puzzle) -> String {
        let width = puzzle.width();
        match self {
            Hint::Solved => "Solved: every clue is satisfied.".into(),
            Hint::Contradiction { line, why } => format!("{} cannot be completed: {why}.", capital(*line)),
            Hint::Wrong { cells } => {
                let first = cell_name(cells[0], width);
                match cells.len() {
                    1 => format!("A mistake: {first} is not as in the solution. Check outlines it."),
                    n => format!("{n} mistakes, the first at {first}: those cells are not as in the solution. Check outlines them."),
                }
            }
            Hint::Line { line, placements, forced } => {
                let clue = clue_text(puzzle.clue(*line));
                let of = |value: Cell| -> Vec<usize> {
                    forced.iter().filter(|(_, c)| *c == value).map(|(p, _)| *p).collect()
                };
                let (filled, empty) = (of(Cell::Filled), of(Cell::Empty));
                let mut what = Vec::new();
                if !filled.is_empty() {
                    what.push(format!(
                        "{} {}",
                        positions(&filled),
                        if filled.len() == 1 { "is filled" } else { "are filled" }
                    ));
                }
                if !empty.is_empty() {
                    what.push(format!(
                        "{} {}",
                        positions(&empty),
                        if empty.len() == 1 { "is empty" } else { "are empty" }
                    ));
                }
                let how = if *placements == 1 {
                    "only one placement of the clue fits its cells".to_string()
                } else {
                    format!("whichever of its {placements} placements is true (their overlap)")
                };
                format!("{}, clue {clue}: {how}, {}.", capital(*line), what.join(", and "))
            }
            Hint::Probe { index, assumed, contradiction, .. } => {
                let cell = cell_name(*index, width);
                let own = [LineId::Row(index / width), LineId::Column(index % width)].contains(contradiction);
                let outcome = if own {
                    format!("{contradiction} would have no valid placement")
                } else {
                    format!("line logic would leave {contradiction} with no valid placement")
                };
                format!(
                    "Looking ahead: if {cell} were {}, {outcome}, so it is {}.",
                    value_word(*assumed),
                    value_word(assumed.opposite()),
                )
            }
            Hint::Guess => {
                "No line and no single cell's look-ahead forces a cell here: this puzzle needs a guess."
                    .into()
            }
        }
    }

    /// The cells the hint deduces (grid index, value): to apply it.
    pub fn cells(&self, width: usize) -> Vec<(usize, Cell)> {
        match self {
            Hint::Line { line, forced, .. } => {
                forced.iter().map(|&(p, c)| (line.cell_index(width, p), c)).collect()
            }
            Hint::Probe { index, assumed, .. } => vec![(*index, assumed.opposite())],
            _ => Vec::new(),
        }
    }

    /// The line to highlight, if the hint is about one.
    pub fn line(&self) -> Option<LineId> {
        match self {
            Hint::Contradiction { line, .. } | Hint::Line { line, .. } => Some(*line),
            Hint::Probe { contradiction, .. } => Some(*contradiction),
            _ => None,
        }
    }
}

/// How hard a puzzle is for a person, from how the solver solved it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Difficulty {
    /// Line logic alone, in a few passes over the lines.
    Easy,
    /// Line logic alone, needing many passes.
    Medium,
    /// Needs looking ahead (probing), no guess.
    Hard,
    /// Needs guessing (search, or clause learning).
    VeryHard,
}

/// Line logic in at most this many sweeps (all changed rows, then all
/// changed columns) is easy.
pub const EASY_SWEEPS: usize = 6;

impl Difficulty {
    pub fn of(stats: &crate::Stats) -> Difficulty {
        if stats.guesses > 0 || stats.contradictions > 0 {
            Difficulty::VeryHard
        } else if stats.probes > 0 {
            Difficulty::Hard
        } else if stats.sweeps <= EASY_SWEEPS {
            Difficulty::Easy
        } else {
            Difficulty::Medium
        }
    }

    /// The grade in a word, as the CLI prints it.
    pub fn word(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::VeryHard => "very hard",
        }
    }

    /// The grade as players read it.
    pub fn describe(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy: simple line logic",
            Difficulty::Medium => "Medium: line logic needing many passes",
            Difficulty::Hard => "Hard: needs looking ahead (probing)",
            Difficulty::VeryHard => "Very hard: needs guessing",
        }
    }
}

pub mod colour;

#[cfg(test)]
mod tests;
