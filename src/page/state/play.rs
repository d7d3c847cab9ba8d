//! Play mode: the player's own board for the current puzzle. Cells are
//! filled, crossed out (known empty) or cleared by a press, a stroke along
//! a row or column, or keys at a cursor; every change can be undone and
//! redone; progress is kept per puzzle; hints and checks come from the
//! worker. Pure, tested natively with the rest of the reducer.

use super::keys::PLAYED_KEY;
use super::progress::{self, Played};
use super::reduce::{keep_progress, Effect, State};
use super::text::plural;
use crate::protocol::{Cells, FromWorker, HintRequest, VerdictKind};
use action::{HintView, PlayAction};
use board::Stroke;
use board::{lines_done, Checkpoint, Play};
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::Puzzle;
use nonogram_formats::share;
use std::rc::Rc;

impl State {
    /// Play mode's changes (see [`PlayAction`]).
    pub(super) fn play_action(&mut self, action: PlayAction, now: f64, effects: &mut Vec<Effect>) {
        let Some(puzzle) = self.puzzle().cloned() else { return };
        let colour = self.colour().cloned();
        let width = puzzle.width();
        if let PlayAction::Toggle { saved } = action {
            // Clues with no solution cannot be finished: nothing to play
            // (the verdict names the line; the button is greyed too).
            if self.play.is_none() && self.verdict == Some(VerdictKind::None) {
                if !self.status.contains(NO_PLAY) {
                    self.status = format!("{} {NO_PLAY}", self.status).trim_start().to_string();
                }
                return;
            }
            let mut left = None;
            self.play = match self.play.take() {
                Some(play) => {
                    keep_progress(&play, now, &mut self.played, effects);
                    left = Some(play);
                    None
                }
                None => Some(Play::new(&puzzle, colour.as_deref(), now, saved.as_deref())),
            };
            self.make &= self.play.is_none();
            if self.play.is_some() {
                effects.push(Effect::IntoView(super::view::View::Board));
            }
            self.status = match &self.play {
                Some(p) if p.solved.is_none() => play_help(colour.is_some(), self.touch),
                // Left unsolved with cells marked: the board now shows the
                // solver's, which would look like lost work without a word.
                None if left.is_some_and(|p| p.solved.is_none() && p.undo.iter().any(|s| !s.is_empty())) => {
                    "Your board is kept: press Play to go on where you left off.".into()
                }
                _ => String::new(),
            };
            self.check_solved(&puzzle, now);
            if let Some(play) = &self.play {
                // In My progress, first: with what it takes to open it again.
                let meta = colour.as_ref().map_or(&puzzle.meta, |c| &c.meta);
                let title = meta.title.clone().filter(|t| !t.trim().is_empty());
                let code = match &colour {
                    Some(colour) => share::encode_colour(colour),
                    None => share::encode(&puzzle),
                };
                let entry = Played {
                    key: play.key.clone(),
                    title: title.unwrap_or_else(|| "Untitled".into()),
                    width,
                    height: puzzle.height(),
                    solved: play.solved.is_some(),
                    ms: play.elapsed(now).max(0.0) as u64,
                    hints: play.hints,
                    at: now,
                    code,
                };
                let played = Rc::make_mut(&mut self.played);
                progress::started(played, entry);
                effects.push(Effect::Keep { key: PLAYED_KEY.into(), value: progress::write_list(played) });
            }
            return;
        }
        let Some(play) = self.play.as_mut() else { return };
        if let PlayAction::Hidden(hidden) = action {
            play.pause(hidden, now);
            if hidden {
                keep_progress(play, now, &mut self.played, effects);
            }
            return;
        }
        play.seen = now;
        let changed = match action {
            PlayAction::Hidden(_) => unreachable!(),
            PlayAction::ShowMistakes(on) => {
                play.show_mistakes = on;
                if on {
                    effects.push(self.ask_hint(true, &puzzle, colour.as_deref()));
                } else {
                    play.wrong = Rc::default();
                }
                false
            }
            PlayAction::Toggle { .. } => unreachable!(),
            PlayAction::Press { index, cross } => {
                if index >= play.cells.len() {
                    return;
                }
                let value = play.pressed(index, cross || play.crossing);
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
            PlayAction::Cancel => {
                let Some(stroke) = play.stroke.take() else { return };
                play.restore(stroke.before);
                true
            }
            PlayAction::Cursor { rows, columns } => {
                let (r, c) = (play.cursor / width, play.cursor % width);
                let r = r.saturating_add_signed(rows).min(puzzle.height() - 1);
                let c = c.saturating_add_signed(columns).min(width - 1);
                play.cursor = r * width + c;
                false
            }
            PlayAction::Set(cell) => {
                let before = play.write([(play.cursor as u32, play.value_of(cell))]);
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
                let every = play.every;
                let before = play.write((0..play.cells.len() as u32).map(|i| (i, every)));
                play.record(before);
                play.solved = None;
                (play.played, play.since, play.hints) = (0.0, now, 0);
                (play.mistakes, play.found, play.crossed) = (0, Vec::new(), Rc::default());
                play.checkpoints.clear();
                self.status.clear();
                true
            }
            PlayAction::Crossing(on) => {
                play.crossing = on;
                false
            }
            PlayAction::Paint(k) => {
                if colour.as_ref().is_some_and(|c| (1..=c.colours()).contains(&usize::from(k))) {
                    play.paint = k;
                }
                false
            }
            PlayAction::Hint | PlayAction::Check => {
                effects.push(self.ask_hint(action == PlayAction::Check, &puzzle, colour.as_deref()));
                false
            }
            PlayAction::CrossClue { line, number } => {
                let runs = puzzle.lines().nth(line).map(|l| match &colour {
                    Some(c) => c.clue(l).len().max(1),
                    None => puzzle.clue(l).runs().len().max(1),
                });
                if runs.is_none_or(|runs| number >= runs) {
                    return;
                }
                play.cross_clue(line as u32, number as u32);
                keep_progress(play, now, &mut self.played, effects);
                false
            }
            PlayAction::ApplyHint => {
                let Some(hint) = play.hint.take() else { return };
                if let (true, &[guess]) = (hint.guess, &hint.cells[..]) {
                    play.checkpoints.push(Checkpoint { cells: play.cells.clone(), guess });
                }
                let before = play.write(hint.cells);
                play.record(before);
                true
            }
            PlayAction::BackToCheckpoint => {
                let Some(Checkpoint { cells, guess: (index, value) }) = play.checkpoints.pop() else {
                    return;
                };
                let back = (0..cells.len() as u32).map(|i| (i, cells.set_of(i as usize)));
                let not_guessed = (index, play.every & !value);
                let changes: Vec<_> = back.filter(|&(i, _)| i != index).chain([not_guessed]).collect();
                let before = play.write(changes);
                play.record(before);
                true
            }
        };
        if changed {
            self.check_solved(&puzzle, now);
            if let Some(play) = &self.play {
                if play.stroke.is_none() {
                    keep_progress(play, now, &mut self.played, effects);
                    if play.show_mistakes && play.solved.is_none() {
                        effects.push(self.ask_hint(true, &puzzle, colour.as_deref()));
                    }
                }
            }
        }
    }

    /// Asks the worker for a hint, or a check, of the player's cells.
    fn ask_hint(&mut self, check: bool, puzzle: &Puzzle, colour: Option<&ColourPuzzle>) -> Effect {
        let id = self.next_id;
        self.next_id += 1;
        let (cells, guessing) = match self.play.as_mut() {
            Some(play) => {
                play.asked = Some(id);
                (Cells::clone(&play.cells), play.checkpoints.last().map(|c| c.guess.0))
            }
            None => (Cells::unknown(0), None),
        };
        let mut request = match colour {
            Some(colour) => HintRequest::of_colour(id, colour, cells, check),
            None => HintRequest::new(id, puzzle, cells, check),
        };
        // A check is asked for: it compares with the solution still.
        request.guessing = guessing.filter(|_| !check);
        Effect::AskHint(request)
    }

    /// "Solved!" once the filled cells make every clue (any solution counts).
    fn check_solved(&mut self, puzzle: &Puzzle, now: f64) {
        let colour = self.colour().cloned();
        let Some(play) = self.play.as_mut() else { return };
        let complete = lines_done(&play.cells, puzzle, colour.as_deref()).iter().all(|&done| done);
        if !complete || play.stroke.is_some() {
            return;
        }
        let ms = *play.solved.get_or_insert(play.played + (now - play.since).max(0.0));
        let time = super::text::time_in_words(ms);
        self.status = format!("Solved! In {time}, with {}.", plural(u64::from(play.hints), "hint", "hints"));
    }

    /// A hint or a check from the worker, for the board it was asked of.
    pub(super) fn hinted(&mut self, message: FromWorker) {
        let FromWorker::Hinted { id, text, line, cells, wrong, difficulty, guess, marked } = message else {
            return;
        };
        self.difficulty = difficulty.or(self.difficulty);
        let Some(play) = self.play.as_mut().filter(|p| p.asked == Some(id)) else { return };
        play.asked = None;
        if let Some(wrong) = wrong {
            play.found_wrong(wrong);
            play.hint =
                Some(HintView { text, line: None, cells: Vec::new(), guess: false, marked: Vec::new() });
        } else {
            play.hints += 1;
            play.hint = Some(HintView { text, line, cells, guess, marked });
        }
    }
}

/// What play mode's first words say: how to fill, cross out and paint,
/// in the words of the screen (taps on a touch screen, clicks otherwise).
fn play_help(colour: bool, touch: bool) -> String {
    let fill = match (colour, touch) {
        (true, true) => {
            "Playing: pick a colour, tap a cell to paint it; with Cross on, a tap marks it background."
        }
        (true, false) => {
            "Playing: pick a colour (or press 1 to 9), click a cell to paint it, right-click (or Cross) \
            to mark it background."
        }
        (false, true) => "Playing: tap a cell to fill it; with Cross on, a tap marks it empty.",
        (false, false) => "Playing: click a cell to fill it, right-click (or Cross) to mark it empty.",
    };
    let more = if touch {
        " Drag for a run; two fingers pan and zoom; tap a clue number to cross it off. Hint shows the next step."
    } else {
        " Drag for a run; click a clue number to cross it off. Keys on the board: arrows, F or Space, X, \
         Backspace. Hint shows the next step."
    };
    format!("{fill}{more}")
}

pub(super) mod action;
pub(super) mod board;
#[cfg(test)]
mod tests;

/// Why Play waits when the solver found no solution, said after the
/// verdict (which names the line that contradicts).
pub const NO_PLAY: &str = "These clues have no solution, so they cannot be played: fix the clues first.";
