//! The player's board: its cells (each a set of colours, as [`Cells`]
//! keeps them: for black and white `0b01` empty, `0b10` filled, `0b11`
//! unknown; for a colour puzzle the background's bit and each colour's),
//! the steps to undo and redo, the stroke being drawn, the time played, and
//! the progress as kept in local storage.

use crate::protocol::Cells;
use nonogram_core::colour::{colour_clue_of, ColourPuzzle};
use nonogram_core::{Cell, Clue, LineId, Puzzle};
use std::rc::Rc;

/// A change of cells: grid index and the set of colours it had or gets.
pub(super) type Change = (u32, u32);

/// The most steps to undo kept across a reload: the last 200 (a stroke
/// across a 100×100 board is 100 changes; 200 of them about 200 KB).
pub(super) const KEPT_STEPS: usize = 200;

/// A stroke under way: where it started, the value it paints, and the
/// cells it changed with their values before it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Stroke {
    pub start: usize,
    pub value: u32,
    pub before: Vec<Change>,
    /// Cells in the run painted now.
    pub len: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub cells: Rc<Cells>,
    /// Steps to undo and to redo: cells and their values before the step.
    pub(super) undo: Vec<Vec<Change>>,
    pub(super) redo: Vec<Vec<Change>>,
    pub(super) stroke: Option<Stroke>,
    pub cursor: usize,
    pub crossing: bool,
    pub hints: u32,
    /// Milliseconds played before this visit, when it began, and the time
    /// of the player's latest action (what a new input keeps the time to).
    pub(super) played: f64,
    pub(super) since: f64,
    pub(super) seen: f64,
    /// How long it took, once every clue is satisfied.
    pub solved: Option<f64>,
    pub hint: Option<super::action::HintView>,
    /// The cells `Check` found wrong (outlined).
    pub wrong: Rc<Vec<u32>>,
    /// The hint or check awaited from the worker.
    pub asked: Option<u32>,
    /// Where the progress is kept (see [`progress_key`]).
    pub key: String,
    /// An unknown cell's value: every colour.
    pub(super) every: u32,
    /// The colour a press fills with (1 for black and white; keys 1–9 and
    /// the colour picker choose it in a colour puzzle).
    pub paint: u8,
    /// Clue numbers the player crossed off, sorted: (line, number), lines
    /// counted rows first, then columns.
    pub crossed: Rc<Vec<(u32, u32)>>,
    /// The page is hidden: the clock stands still (`played` holds the time).
    pub(super) paused: bool,
    /// Mistakes found by checks: a wrong cell counts once for each value
    /// it was found wrong with.
    pub mistakes: u32,
    /// The wrong cells of the last check, with their values then.
    pub(super) found: Vec<Change>,
    /// Every finished change is checked at once (the player's choice).
    pub show_mistakes: bool,
    /// Where the guesses followed now were made from, the latest last
    /// (see [`Checkpoint`]).
    pub checkpoints: Vec<Checkpoint>,
}

/// The board before a guess the hint offered, and the guess (cell, value):
/// "Back to checkpoint" returns to it with the guessed cell not that value,
/// as players of hard puzzles go back on paper.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub cells: Rc<Cells>,
    pub guess: (u32, u32),
}

/// Where the progress on a puzzle is kept: its clues' FNV-1a hash (a colour
/// puzzle's run colours too).
pub fn progress_key(puzzle: &Puzzle, colour: Option<&ColourPuzzle>) -> String {
    let mut hash: u64 = 0xcbf29ce484222325;
    let between = Clue(vec![u32::MAX]);
    let lines = puzzle.rows.iter().chain([&between]).chain(&puzzle.columns);
    let colours = colour
        .into_iter()
        .flat_map(|c| c.rows.iter().chain(&c.columns).flatten().map(|r| u32::from(r.colour)));
    for number in lines.flat_map(|c| c.runs().iter().copied().chain([u32::MAX - 1])).chain(colours) {
        for byte in number.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100000001b3);
        }
    }
    format!("{}{hash:016x}", super::super::keys::PROGRESS_KEY_PREFIX)
}

/// A line's filled cells make exactly its clue (its number is greyed).
pub fn line_done(clue: &Clue, cells: &[Cell]) -> bool {
    let as_drawn: Vec<Cell> =
        cells.iter().map(|&c| if c == Cell::Filled { c } else { Cell::Empty }).collect();
    Clue::of_line(&as_drawn) == *clue
}

/// Which lines (rows, then columns) the player's cells satisfy; cells left
/// unmarked count as empty (the background), as players leave them.
pub fn lines_done(cells: &Cells, puzzle: &Puzzle, colour: Option<&ColourPuzzle>) -> Vec<bool> {
    let (width, height) = (puzzle.width(), puzzle.height());
    puzzle
        .lines()
        .map(|line| match colour {
            Some(c) => {
                let values: Vec<u8> = line
                    .cell_indices(width, height)
                    .map(|i| match cells.set_of(i) {
                        set if set.count_ones() == 1 => set.trailing_zeros() as u8,
                        _ => 0,
                    })
                    .collect();
                colour_clue_of(&values) == c.clue(line)
            }
            None => line_done(puzzle.clue(line), &line_cells(cells, puzzle, line)),
        })
        .collect()
}

impl Play {
    pub(super) fn new(puzzle: &Puzzle, colour: Option<&ColourPuzzle>, now: f64, saved: Option<&str>) -> Play {
        let n = puzzle.width() * puzzle.height();
        let every = colour.map_or(0b11, ColourPuzzle::every_colour);
        let mut play = Play {
            cells: Rc::new(match colour {
                Some(_) => Cells::of_colours(vec![every; n]),
                None => Cells::unknown(n),
            }),
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: None,
            cursor: 0,
            crossing: false,
            hints: 0,
            played: 0.0,
            since: now,
            seen: now,
            solved: None,
            hint: None,
            wrong: Rc::default(),
            asked: None,
            key: progress_key(puzzle, colour),
            every,
            paint: 1,
            crossed: Rc::default(),
            paused: false,
            mistakes: 0,
            found: Vec::new(),
            show_mistakes: false,
            checkpoints: Vec::new(),
        };
        // Kept as `hints;milliseconds;cells[;crossed[;mistakes[;undo]]]`
        // (cells as `#`, `.`, `?`; for a colour puzzle `?` or the colour's
        // number, base 36; crossed-off numbers as `line.number` a comma
        // apart; the steps to undo as `cell.value` a comma apart, a `|`
        // between steps, oldest first).
        let mut parts = saved.unwrap_or_default().splitn(6, ';');
        if let (Some(hints), Some(ms), Some(text)) = (parts.next(), parts.next(), parts.next()) {
            let lines = (puzzle.width() + puzzle.height()) as u32;
            // Sorted and without repeats, each put in its place (a sort
            // would bring a quicksort of its own into the page's wasm).
            let mut crossed: Vec<(u32, u32)> = Vec::new();
            for pair in (parts.next().unwrap_or_default().split(','))
                .filter_map(|pair| pair.split_once('.'))
                .filter_map(|(line, k)| Some((line.parse().ok()?, k.parse().ok()?)))
                .filter(|&(line, _): &(u32, u32)| line < lines)
            {
                if let Err(at) = crossed.binary_search(&pair) {
                    crossed.insert(at, pair);
                }
            }
            play.crossed = Rc::new(crossed);
            play.mistakes = parts.next().and_then(|m| m.parse().ok()).unwrap_or(0);
            // A step whose cell or value does not fit this puzzle is dropped
            // with the steps before it (they could not be undone past it).
            let step = |text: &str| -> Option<Vec<Change>> {
                text.split(',')
                    .map(|change| {
                        let (i, set) = change.split_once('.')?;
                        let (i, set) = (i.parse::<u32>().ok()?, set.parse::<u32>().ok()?);
                        ((i as usize) < n && set != 0 && set & !every == 0).then_some((i, set))
                    })
                    .collect()
            };
            let steps: Vec<Option<Vec<Change>>> =
                parts.next().unwrap_or_default().split('|').map(step).collect();
            let usable = steps.iter().rposition(Option::is_none).map_or(0, |last_bad| last_bad + 1);
            play.undo = steps.into_iter().skip(usable).flatten().collect();
            // Whole numbers: formatting or reading an f64 would add 20 KB of
            // float code to the page's wasm.
            let cells = match colour {
                Some(_) => text
                    .chars()
                    .map(|c| match c {
                        '?' => Some(every),
                        c => c.to_digit(36).map(|k| 1u32 << k).filter(|set| set & every != 0),
                    })
                    .collect::<Option<Vec<u32>>>()
                    .map(Cells::of_colours),
                None => Cells::parse(text),
            };
            match (hints.parse(), ms.parse::<u64>(), cells) {
                (Ok(hints), Ok(ms), Some(cells)) if cells.len() == n => {
                    (play.cells, play.hints, play.played) = (Rc::new(cells), hints, ms as f64);
                }
                // The cells were not read: no step of theirs to undo.
                _ => play.undo.clear(),
            }
        }
        play
    }

    /// When the player last did something (ms, the page's clock).
    pub fn seen(&self) -> f64 {
        self.seen
    }

    /// Milliseconds played at `now` (the clock stops at "Solved!" and
    /// while the page is hidden).
    pub fn elapsed(&self, now: f64) -> f64 {
        match self.solved {
            Some(ms) => ms,
            None if self.paused => self.played,
            None => self.played + (now - self.since).max(0.0),
        }
    }

    /// When the clock started from `played` (None while it stands still).
    pub fn running_since(&self) -> Option<f64> {
        (self.solved.is_none() && !self.paused).then_some(self.since)
    }

    /// The clock stops (the page is hidden) or goes on (shown again).
    pub(super) fn pause(&mut self, paused: bool, now: f64) {
        if paused && !self.paused {
            self.played = self.elapsed(now);
        }
        if !paused {
            self.since = now;
        }
        self.paused = paused;
    }

    /// A check's wrong cells: outlined, and counted as mistakes where a
    /// cell was not found wrong with the same value by the last check.
    pub(super) fn found_wrong(&mut self, wrong: Vec<u32>) {
        let found: Vec<Change> = wrong.iter().map(|&i| (i, self.cells.set_of(i as usize))).collect();
        self.mistakes += found.iter().filter(|f| !self.found.contains(f)).count() as u32;
        self.found = found;
        self.wrong = Rc::new(wrong);
    }

    /// The progress as kept: hints used, milliseconds played, cells, the
    /// clue numbers crossed off, and the mistakes found.
    pub(crate) fn saved(&self, now: f64) -> String {
        let ms = self.elapsed(now);
        let cells = match self.cells.colours() {
            [] => nonogram_core::cell::line_to_string(&self.cells),
            sets => sets
                .iter()
                .map(|&s| match s.count_ones() {
                    1 => char::from_digit(s.trailing_zeros(), 36).unwrap_or('?'),
                    _ => '?',
                })
                .collect(),
        };
        let mut kept = format!("{};{};{cells}", self.hints, ms.max(0.0).round() as u64);
        // The last steps to undo come back after a reload (Redo's do not).
        let steps = &self.undo[self.undo.len().saturating_sub(KEPT_STEPS)..];
        if !self.crossed.is_empty() || self.mistakes > 0 || !steps.is_empty() {
            let crossed: Vec<String> = self.crossed.iter().map(|(line, k)| format!("{line}.{k}")).collect();
            kept.push_str(&format!(";{}", crossed.join(",")));
        }
        if self.mistakes > 0 || !steps.is_empty() {
            kept.push_str(&format!(";{}", self.mistakes));
        }
        if !steps.is_empty() {
            let step = |changes: &Vec<Change>| -> String {
                changes.iter().map(|(i, set)| format!("{i}.{set}")).collect::<Vec<_>>().join(",")
            };
            kept.push_str(&format!(";{}", steps.iter().map(step).collect::<Vec<_>>().join("|")));
        }
        kept
    }

    /// The value a press gives a cell: the paint colour (or, crossing, the
    /// background); pressing a cell that has it already clears it.
    pub(super) fn pressed(&self, index: usize, cross: bool) -> u32 {
        let target = if cross { 1 } else { 1 << self.paint };
        if self.cells.set_of(index) == target {
            self.every
        } else {
            target
        }
    }

    /// A key's value: filled is the paint colour, empty the background.
    pub(super) fn value_of(&self, cell: Cell) -> u32 {
        match cell {
            Cell::Filled => 1 << self.paint,
            Cell::Empty => 1,
            Cell::Unknown => self.every,
        }
    }

    /// Sets cells, returning their values before.
    pub(super) fn write(&mut self, changes: impl IntoIterator<Item = Change>) -> Vec<Change> {
        let n = self.cells.len();
        let cells = Rc::make_mut(&mut self.cells);
        let mut before = Vec::new();
        for (i, value) in changes.into_iter().filter(|&(i, _)| (i as usize) < n) {
            let old = cells.set_of(i as usize);
            if old != value {
                before.push((i, old));
                cells.set(i as usize, value);
            }
        }
        before
    }

    /// A finished step: kept for undo (if it changed anything).
    pub(super) fn record(&mut self, before: Vec<Change>) {
        if !before.is_empty() {
            self.undo.push(before);
            self.redo.clear();
            self.hint = None;
            self.wrong = Rc::default();
        }
    }

    /// Puts back the cells of a step; returns the step that undoes that.
    pub(super) fn restore(&mut self, step: Vec<Change>) -> Vec<Change> {
        let mut back = self.write(step.into_iter().rev());
        back.reverse();
        back
    }

    /// Crosses a clue number off, or back on.
    pub(super) fn cross_clue(&mut self, line: u32, number: u32) {
        let crossed = Rc::make_mut(&mut self.crossed);
        match crossed.binary_search(&(line, number)) {
            Ok(at) => {
                crossed.remove(at);
            }
            Err(at) => crossed.insert(at, (line, number)),
        }
    }

    /// The length of the run being dragged, if it is one.
    pub fn run(&self) -> Option<usize> {
        self.stroke.as_ref().map(|s| s.len).filter(|&n| n > 1)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

/// A line's cells, in order.
pub fn line_cells(cells: &[Cell], puzzle: &Puzzle, line: LineId) -> Vec<Cell> {
    line.cell_indices(puzzle.width(), puzzle.height()).map(|i| cells[i]).collect()
}
