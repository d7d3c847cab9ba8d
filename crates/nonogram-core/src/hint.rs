//! Hints for a player: the next deduction from the player's own cells,
//! found the way a person finds it, and said in words. One [`Hint`] for
//! both kinds of puzzle (a value is black and white's [`Cell`] or a
//! colour's index), one way of saying it ([`Hint::explain`], with
//! [`Said`]: how a kind names its values and clues), and one look-ahead
//! (`look_ahead.rs`, over the search's propagation); finding the line
//! hints is each kind's own (here for black and white, `colour.rs` for
//! colour).
//!
//! In order: a line the player's cells already contradict (or, when the
//! solution is known, cells that differ from it); else the easiest line
//! whose clue and cells force a cell (fewest placements: the overlap of
//! few placements is easiest to see); else looking ahead one cell
//! (probing): if a cell were filled (or empty), line logic would leave a
//! line with no placement, so it is the other; else a guess: the cell and
//! value whose trial deduces the most, to try from a checkpoint.

mod look_ahead;
mod words;

use crate::black_and_white::Board;
use crate::line::placement::count_placements;
use crate::line::solve_line;
use crate::{Cell, Clue, Grid, Puzzle};
use look_ahead::look_ahead;
#[cfg(test)]
use words::value_word;
pub use words::{clue_text, Hint, Said};

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
        let placements = Some(count_placements(puzzle.clue(line).runs(), &current));
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
    best.unwrap_or_else(|| {
        // The player's cells are at a fixed point of line logic (no line
        // hint was found): look ahead from them.
        let mut board = Board::new(puzzle.width(), puzzle.height());
        for (i, &c) in cells.cells().iter().enumerate() {
            if c.is_known() {
                board.set(i, c);
            }
        }
        look_ahead(puzzle, &mut board, 0)
    })
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
