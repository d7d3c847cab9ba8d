//! Hints for a player: the next deduction from the player's own cells,
//! found the way a person finds it, and said in words. One [`Hint`] and
//! one [`hint`] for both kinds of puzzle (a value is black and white's
//! [`Cell`] or a colour's index): each kind brings its words ([`Said`]) and
//! its line logic on one line's cells ([`Hinted`]; both kinds' in
//! `kinds.rs`); the look-ahead (`look_ahead.rs`) runs over the search's
//! propagation.
//!
//! In order: a line the player's cells already contradict; cells that
//! differ from every solution found; the easiest line whose clue and cells
//! force a cell (fewest placements, then the most cells: the overlap of
//! few placements is easiest to see); a line that forces one once the
//! values its crossing lines rule out of its cells are taken out too (a
//! colour board cannot show a cell's values left, so a colour line can be
//! narrowed so); looking ahead one cell (probing): if a cell were filled
//! (or a colour), line logic would leave a line with no placement, so it
//! is the other; else, for a kind whose board cannot take a guess back
//! (colour: "not red" is no value to put back), a cell every solution
//! found agrees on, shown as it is; else a guess: the cell and value whose
//! trial deduces the most, to try from a checkpoint.

mod kinds;
mod look_ahead;
mod words;

use crate::kind::Trailed;
use crate::line::placement::count_placements;
use crate::line::solve_line;
use crate::propagate::{Progress, Propagation};
use crate::{Cell, Clue, LineId};
use look_ahead::look_ahead;
#[cfg(test)]
use words::value_word;
pub use words::{cell_name, clue_text, Hint, Said};

/// What a kind brings to hints beyond its words: line logic on one line's
/// cells, the placements that fit them, and what a dead end offers.
pub trait Hinted: Said {
    /// `cells`, the cells of `line`, narrowed by line logic; `Err` says
    /// why no placement of its clue fits them.
    fn line_logic(&self, line: LineId, cells: &[Self::Cell]) -> Result<Vec<Self::Cell>, String>;
    /// How many placements of `line`'s clue fit `cells` (saturating).
    fn placements(&self, line: LineId, cells: &[Self::Cell]) -> u64;
    /// Whether a dead end shows a cell every solution found agrees on
    /// rather than offering a guess: true where a guess could not be taken
    /// back as a value of the player's board.
    const REVEALS: bool;
}

/// The next hint for the player's `cells` (row-major, each the values left:
/// unknown where they marked nothing), given the puzzle's solutions found
/// so far (none when the solve ran out of time, or while the player
/// follows a guess: hints then come from the clues alone).
pub fn hint<P: Hinted>(puzzle: &P, cells: &[P::Cell], solutions: &[P::Solution]) -> Hint<P::Value> {
    let (width, height) = puzzle.size();
    let mut board = puzzle.new_board();
    for (i, &cell) in cells.iter().enumerate() {
        if board.cell(i) != cell {
            board.set(i, cell);
        }
    }
    if cells.iter().all(|&c| P::is_known(c)) && puzzle.is_solution_of(&P::solution_of(&board)) {
        return Hint::Solved;
    }
    // Each line solved once: a contradiction comes first; what the others
    // force is kept for the line hints.
    let mut forcing = Vec::new();
    let lines = (0..height).map(LineId::Row).chain((0..width).map(LineId::Column));
    for line in lines {
        let before: Vec<P::Cell> = line.cell_indices(width, height).map(|i| cells[i]).collect();
        match puzzle.line_logic(line, &before) {
            Ok(after) => {
                let forced: Vec<(usize, P::Value)> = (before.iter().zip(&after).enumerate())
                    .filter(|(_, (&b, &a))| !P::is_known(b) && P::is_known(a))
                    .map(|(p, (_, &a))| (p, P::value_of(a)))
                    .collect();
                if !forced.is_empty() {
                    forcing.push((line, before, forced));
                }
            }
            Err(why) => return Hint::Contradiction { line, why },
        }
    }
    let wrong = wrong_cells::<P>(cells, solutions);
    if !wrong.is_empty() {
        return Hint::Wrong { cells: wrong };
    }
    let value = |solution: &P::Solution, i: usize| P::value_of(P::value_in(solution, i));
    let easiest = (forcing.into_iter())
        .map(|(line, before, forced): (LineId, Vec<P::Cell>, _)| {
            (puzzle.placements(line, &before), line, forced)
        })
        .min_by_key(|(placements, _, forced)| (*placements, usize::MAX - forced.len()));
    if let Some((placements, line, forced)) = easiest {
        return Hint::Line { line, placements: Some(placements), forced };
    }
    // Line logic from the player's cells with the values lines rule out
    // kept (a colour board cannot show them): the first line, in that
    // order, that then makes a cell known which the player's cells leave
    // open; else, at its fixed point, looking ahead starts (its line
    // solves count toward the look-ahead's budget).
    let mut propagation = Propagation::new(puzzle);
    let mut guess = None;
    loop {
        match propagation.next(puzzle, &mut board) {
            Progress::Line { line, changes } => {
                let forced: Vec<(usize, P::Value)> = (changes.iter())
                    .filter(|&&(pos, new)| {
                        P::is_known(new) && !P::is_known(cells[line.cell_index(width, pos)])
                    })
                    .map(|&(pos, new)| (pos, P::value_of(new)))
                    .collect();
                if !forced.is_empty() {
                    return Hint::Narrowed { line, forced };
                }
            }
            Progress::SweepEnd { .. } | Progress::Paused { .. } => {}
            Progress::Contradiction(_) => break,
            Progress::FixedPoint => {
                match look_ahead(puzzle, &mut board, propagation.line_solves()) {
                    Hint::Guess { cell } => guess = cell,
                    probe => return probe,
                }
                break;
            }
        }
    }
    let agreed = (0..cells.len()).filter(|_| P::REVEALS && !solutions.is_empty()).find(|&i| {
        !P::is_known(cells[i]) && solutions.iter().all(|s| value(s, i) == value(&solutions[0], i))
    });
    match agreed {
        Some(index) => Hint::Reveal { index, value: value(&solutions[0], index), solutions: solutions.len() },
        None => Hint::Guess { cell: guess },
    }
}

/// The player's known cells that no solution found has (each differs from
/// every one of them): what a hint and a check call mistakes. None when
/// no solution is known.
pub fn wrong_cells<P: Hinted>(cells: &[P::Cell], solutions: &[P::Solution]) -> Vec<usize> {
    let value = |solution: &P::Solution, i: usize| P::value_of(P::value_in(solution, i));
    (0..cells.len())
        .filter(|&i| P::is_known(cells[i]) && !solutions.is_empty())
        .filter(|&i| solutions.iter().all(|s| value(s, i) != P::value_of(cells[i])))
        .collect()
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
pub(super) fn why_contradicted(clue: &Clue, cells: &[Cell]) -> String {
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
    format!("its clue {} does not fit its cells", clue_text(clue))
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
            Difficulty::Hard => "Hard: needs a cell tried both ways",
            Difficulty::VeryHard => "Very hard: needs guessing",
        }
    }
}

#[cfg(test)]
mod tests;
