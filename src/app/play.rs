//! Play mode: the player's own board for the current puzzle. Cells are
//! filled, crossed out (known empty) or cleared by a press, a stroke along
//! a row or column, or keys at a cursor; every change can be undone and
//! redone; progress is kept per puzzle; hints and checks come from the
//! worker. Pure, tested natively with the rest of the reducer.

use super::{plural, Effect, State};
use crate::protocol::{Cells, FromWorker, HintRequest};
use nonogram_core::{Cell, Clue, LineId, Puzzle};
use std::rc::Rc;

/// Everything the player does in play mode.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// Play on, from the progress kept for this puzzle if any; or off.
    Toggle {
        saved: Option<String>,
    },
    /// A press on a cell: fills it (with `cross`, marks it empty); a cell
    /// that is so already is cleared. It starts a stroke.
    Press {
        index: usize,
        cross: bool,
    },
    /// The pressed pointer is over a cell: the stroke paints the run from
    /// where it started, along that row or column, with the press's value.
    Drag {
        row: usize,
        column: usize,
    },
    /// The stroke ends (one step to undo).
    Release,
    /// Moves the keyboard's cursor.
    Cursor {
        rows: isize,
        columns: isize,
    },
    /// Keys: the cursor's cell becomes this (unknown clears it).
    Set(Cell),
    Undo,
    Redo,
    /// Every cell unknown again (one step to undo).
    Restart,
    /// Taps mark cells empty rather than fill them (touch screens).
    Crossing(bool),
    /// Ask the worker for the next deduction from the player's cells.
    Hint,
    /// Fill in the cells the hint shown forces.
    ApplyHint,
    /// Ask the worker which of the player's cells are wrong.
    Check,
}

/// A hint as the board and the page show it.
#[derive(Clone, Debug, PartialEq)]
pub struct HintView {
    pub text: String,
    /// The line to highlight.
    pub line: Option<LineId>,
    /// The cells it settles (grid index, value): outlined, and applied by
    /// `Apply hint`.
    pub cells: Vec<(u32, Cell)>,
}

/// A stroke under way: where it started, the value it paints, and the
/// cells it changed with their values before it.
#[derive(Clone, Debug, PartialEq)]
struct Stroke {
    start: usize,
    value: Cell,
    before: Vec<(u32, Cell)>,
    /// Cells in the run painted now.
    len: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub cells: Rc<Cells>,
    /// Steps to undo and to redo: cells and their values before the step.
    undo: Vec<Vec<(u32, Cell)>>,
    redo: Vec<Vec<(u32, Cell)>>,
    stroke: Option<Stroke>,
    pub cursor: usize,
    pub crossing: bool,
    pub hints: u32,
    /// Milliseconds played before this visit, when it began, and the time
    /// of the player's latest action (what a new input keeps the time to).
    played: f64,
    since: f64,
    seen: f64,
    /// How long it took, once every clue is satisfied.
    pub solved: Option<f64>,
    pub hint: Option<HintView>,
    /// The cells `Check` found wrong (outlined).
    pub wrong: Rc<Vec<u32>>,
    /// The hint or check awaited from the worker.
    pub asked: Option<u32>,
    /// Where the progress is kept (see [`progress_key`]).
    pub key: String,
}

/// Where the progress on a puzzle is kept: its clues' FNV-1a hash.
pub fn progress_key(puzzle: &Puzzle) -> String {
    let mut hash: u64 = 0xcbf29ce484222325;
    let between = Clue(vec![u32::MAX]);
    let lines = puzzle.rows.iter().chain([&between]).chain(&puzzle.columns);
    for number in lines.flat_map(|c| c.runs().iter().copied().chain([u32::MAX - 1])) {
        for byte in number.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100000001b3);
        }
    }
    format!("nonogram-studio.play.{hash:016x}")
}

/// A line's filled cells make exactly its clue (its number is greyed).
pub fn line_done(clue: &Clue, cells: &[Cell]) -> bool {
    let as_drawn: Vec<Cell> =
        cells.iter().map(|&c| if c == Cell::Filled { c } else { Cell::Empty }).collect();
    Clue::of_line(&as_drawn) == *clue
}

impl Play {
    fn new(puzzle: &Puzzle, now: f64, saved: Option<&str>) -> Play {
        let n = puzzle.width() * puzzle.height();
        let mut play = Play {
            cells: Rc::new(Cells::unknown(n)),
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
            key: progress_key(puzzle),
        };
        // Kept as `hints;milliseconds;cells` (cells as `#`, `.`, `?`).
        let mut parts = saved.unwrap_or_default().splitn(3, ';');
        if let (Some(hints), Some(ms), Some(cells)) = (parts.next(), parts.next(), parts.next()) {
            // Whole numbers: formatting or reading an f64 would add 20 KB of
            // float code to the page's wasm.
            if let (Ok(hints), Ok(ms), Some(cells)) = (hints.parse(), ms.parse::<u64>(), Cells::parse(cells))
            {
                if cells.len() == n {
                    (play.cells, play.hints, play.played) = (Rc::new(cells), hints, ms as f64);
                }
            }
        }
        play
    }

    /// The progress as kept, up to the player's latest action.
    pub(super) fn saved_now(&self) -> String {
        self.saved(self.seen)
    }

    /// The progress as kept: hints used, milliseconds played, cells.
    pub(super) fn saved(&self, now: f64) -> String {
        let ms = self.solved.unwrap_or(self.played + (now - self.since).max(0.0));
        format!(
            "{};{};{}",
            self.hints,
            ms.max(0.0).round() as u64,
            nonogram_core::cell::line_to_string(&self.cells)
        )
    }

    /// Sets cells, returning their values before.
    fn write(&mut self, changes: impl IntoIterator<Item = (u32, Cell)>) -> Vec<(u32, Cell)> {
        let cells = Rc::make_mut(&mut self.cells);
        let mut before = Vec::new();
        for (i, value) in changes {
            if let Some(slot) = cells.get_mut(i as usize) {
                if *slot != value {
                    before.push((i, *slot));
                    *slot = value;
                }
            }
        }
        before
    }

    /// A finished step: kept for undo (if it changed anything).
    fn record(&mut self, before: Vec<(u32, Cell)>) {
        if !before.is_empty() {
            self.undo.push(before);
            self.redo.clear();
            self.hint = None;
            self.wrong = Rc::default();
        }
    }

    /// Puts back the cells of a step; returns the step that undoes that.
    fn restore(&mut self, step: Vec<(u32, Cell)>) -> Vec<(u32, Cell)> {
        let mut back = self.write(step.into_iter().rev());
        back.reverse();
        back
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

impl State {
    /// Play mode's changes (see [`PlayAction`]).
    pub(super) fn play_action(&mut self, action: PlayAction, now: f64, effects: &mut Vec<Effect>) {
        let Some(puzzle) = self.puzzle().cloned() else { return };
        if self.colour().is_some() {
            self.status =
                "Play mode takes black-and-white puzzles for now: press Solve to watch this one solved."
                    .into();
            return;
        }
        let width = puzzle.width();
        if let PlayAction::Toggle { saved } = action {
            self.play = match self.play.take() {
                Some(play) => {
                    effects.push(Effect::Keep { key: play.key.clone(), value: play.saved(now) });
                    None
                }
                None => Some(Play::new(&puzzle, now, saved.as_deref())),
            };
            self.status = match &self.play {
                Some(p) if p.solved.is_none() => {
                    "Playing: click a cell to fill it, right-click (or Cross) to mark it empty; drag for a run.".into()
                }
                _ => String::new(),
            };
            self.check_solved(&puzzle, now);
            return;
        }
        let Some(play) = self.play.as_mut() else { return };
        play.seen = now;
        let changed = match action {
            PlayAction::Toggle { .. } => unreachable!(),
            PlayAction::Press { index, cross } => {
                let Some(&cell) = play.cells.get(index) else { return };
                let cross = cross || play.crossing;
                let target = if cross { Cell::Empty } else { Cell::Filled };
                let value = if cell == target { Cell::Unknown } else { target };
                play.cursor = index;
                let before = play.write([(index as u32, value)]);
                play.stroke = Some(Stroke { start: index, value, before, len: 1 });
                true
            }
            PlayAction::Drag { row, column } => {
                let Some(stroke) = play.stroke.take() else { return };
                let (r0, c0) = (stroke.start / width, stroke.start % width);
                if row >= puzzle.height() || column >= width {
                    play.stroke = Some(stroke);
                    return;
                }
                // Along the row or the column it started in, whichever the
                // pointer went further along.
                let cells: Vec<usize> = if row.abs_diff(r0) > column.abs_diff(c0) {
                    (r0.min(row)..=r0.max(row)).map(|r| r * width + c0).collect()
                } else {
                    (c0.min(column)..=c0.max(column)).map(|c| r0 * width + c).collect()
                };
                play.restore(stroke.before.clone());
                let value = stroke.value;
                let before = play.write(cells.iter().map(|&i| (i as u32, value)));
                play.cursor = row * width + column;
                play.stroke = Some(Stroke { before, len: cells.len(), ..stroke });
                true
            }
            PlayAction::Release => {
                let Some(stroke) = play.stroke.take() else { return };
                play.record(stroke.before);
                true
            }
            PlayAction::Cursor { rows, columns } => {
                let (r, c) = (play.cursor / width, play.cursor % width);
                let r = r.saturating_add_signed(rows).min(puzzle.height() - 1);
                let c = c.saturating_add_signed(columns).min(width - 1);
                play.cursor = r * width + c;
                false
            }
            PlayAction::Set(value) => {
                let before = play.write([(play.cursor as u32, value)]);
                play.record(before);
                true
            }
            PlayAction::Undo | PlayAction::Redo => {
                let undo = action == PlayAction::Undo;
                let Some(step) = (if undo { play.undo.pop() } else { play.redo.pop() }) else { return };
                let back = play.restore(step);
                if undo {
                    play.redo.push(back)
                } else {
                    play.undo.push(back)
                }
                play.hint = None;
                play.wrong = Rc::default();
                true
            }
            PlayAction::Restart => {
                let before = play.write((0..play.cells.len() as u32).map(|i| (i, Cell::Unknown)));
                play.record(before);
                play.solved = None;
                (play.played, play.since, play.hints) = (0.0, now, 0);
                self.status.clear();
                true
            }
            PlayAction::Crossing(on) => {
                play.crossing = on;
                false
            }
            PlayAction::Hint | PlayAction::Check => {
                let id = self.next_id;
                self.next_id += 1;
                play.asked = Some(id);
                let check = action == PlayAction::Check;
                effects.push(Effect::AskHint(HintRequest::new(
                    id,
                    &puzzle,
                    Cells::clone(&play.cells),
                    check,
                )));
                false
            }
            PlayAction::ApplyHint => {
                let Some(hint) = play.hint.take() else { return };
                let before = play.write(hint.cells.iter().copied());
                play.record(before);
                true
            }
        };
        if changed {
            self.check_solved(&puzzle, now);
            if let Some(play) = &self.play {
                if play.stroke.is_none() {
                    effects.push(Effect::Keep { key: play.key.clone(), value: play.saved(now) });
                }
            }
        }
    }

    /// "Solved!" once the filled cells make every clue (any solution counts).
    fn check_solved(&mut self, puzzle: &Puzzle, now: f64) {
        let Some(play) = self.play.as_mut() else { return };
        // Cells left unmarked are empty, as players leave them.
        let complete =
            puzzle.lines().all(|line| line_done(puzzle.clue(line), &line_cells(&play.cells, puzzle, line)));
        if !complete || play.stroke.is_some() {
            return;
        }
        let ms = *play.solved.get_or_insert(play.played + (now - play.since).max(0.0));
        let seconds = (ms / 1000.0).round() as u64;
        let time = match seconds {
            s if s < 60 => plural(s, "second", "seconds"),
            s => format!("{} {}", plural(s / 60, "minute", "minutes"), plural(s % 60, "second", "seconds")),
        };
        self.status = format!("Solved! In {time}, with {}.", plural(u64::from(play.hints), "hint", "hints"));
    }

    /// A hint or a check from the worker, for the board it was asked of.
    pub(super) fn hinted(&mut self, message: FromWorker) {
        let FromWorker::Hinted { id, text, line, cells, wrong, difficulty } = message else { return };
        self.difficulty = difficulty.or(self.difficulty);
        let Some(play) = self.play.as_mut().filter(|p| p.asked == Some(id)) else { return };
        play.asked = None;
        if let Some(wrong) = wrong {
            play.wrong = Rc::new(wrong);
            play.hint = Some(HintView { text, line: None, cells: Vec::new() });
        } else {
            play.hints += 1;
            let cells =
                cells.into_iter().map(|(i, f)| (i, if f { Cell::Filled } else { Cell::Empty })).collect();
            play.hint = Some(HintView { text, line, cells });
        }
    }
}

/// A line's cells, in order.
pub fn line_cells(cells: &[Cell], puzzle: &Puzzle, line: LineId) -> Vec<Cell> {
    line.cell_indices(puzzle.width(), puzzle.height()).map(|i| cells[i]).collect()
}

#[cfg(test)]
mod tests;
