//! What the board says in words: a line opened in the lab, and the
//! board's text alternative.

use crate::page::components::app::App;
use crate::page::components::board_panel::PlayBoard;
use crate::page::state::{lines_done, plural, Input, OpenedLine};
use nonogram_core::{Cell, LineId};
use std::rc::Rc;

impl App {
    /// A row or column as the lab opens it: its clue and its cells as
    /// shown, and what the shown step did to it (a clue clicked).
    pub(crate) fn opened_line(&self, line: LineId) -> Option<OpenedLine> {
        let p = self.state.puzzle()?;
        let indices: Vec<usize> = line.cell_indices(p.width(), p.height()).collect();
        let (clue, shown, palette) = match self.state.colour() {
            // A colour line: its cells in the palette's characters, `?`
            // where more than one colour is left.
            Some(colour) => {
                let cells = self.state.shown();
                let shown: String = indices
                    .iter()
                    .map(|&k| match cells.map(|c| c.set_of(k)) {
                        Some(set) if set.count_ones() == 1 => {
                            colour.palette.get(set.trailing_zeros() as usize).map_or('?', |s| s.symbol)
                        }
                        _ => '?',
                    })
                    .collect();
                (colour.clue_text(colour.clue(line)), shown, Some(Rc::new(colour.palette.clone())))
            }
            None => {
                let cells = self.state.shown_cells();
                // The lab's notation: `#` filled, `x` empty, `.` unknown.
                let shown: String = indices
                    .iter()
                    .map(|&k| match cells.get(k) {
                        Some(Cell::Filled) => '#',
                        Some(Cell::Empty) => 'x',
                        _ => '.',
                    })
                    .collect();
                let clue = match line {
                    LineId::Row(i) => &p.rows[i],
                    LineId::Column(i) => &p.columns[i],
                };
                (format!("[{clue}]"), shown, None)
            }
        };
        let fresh: Vec<String> = (indices.iter().enumerate())
            .filter(|(_, k)| self.state.playback.fresh_cells().contains(&(**k as u32)))
            .map(|(pos, _)| (pos + 1).to_string())
            .collect();
        let step = self.state.playback.position();
        let name = line.to_string();
        let note = if fresh.is_empty() {
            format!("{name} as shown at step {step}; that step deduced nothing in it")
        } else {
            format!("{name} as shown at step {step}; that step deduced its cells {}", fresh.join(", "))
        };
        Some(OpenedLine { clue, line: shown, note, palette })
    }

    /// The board's text alternative: its size, what is known, the verdict.
    pub(crate) fn board_summary(&self) -> String {
        let state = &self.state;
        let Some(p) = state.puzzle() else {
            return match &state.input {
                Input::Reading { .. } => "Board: reading the clues".into(),
                _ => "Board: no puzzle (the clues are not valid)".into(),
            };
        };
        let cells = state.shown_cells();
        if let Some(play) = &state.play {
            // Play: where the cursor is, what its cell holds, and the clues
            // of its row and column.
            let (row, column) = (play.cursor / p.width().max(1), play.cursor % p.width().max(1));
            let holds = match cells.get(play.cursor) {
                Some(Cell::Filled) => "filled",
                Some(Cell::Empty) => "marked empty",
                _ => "blank",
            };
            let marked = cells.iter().filter(|c| c.is_known()).count() as u64;
            return format!(
                "Your board, {}×{}: {} of {} marked. Cursor on row {}, column {}: {holds}; \
                 row clue {}, column clue {}. Arrows move it; F or Space fills, X marks empty, Backspace clears.",
                p.width(),
                p.height(),
                plural(marked, "cell", "cells"),
                cells.len(),
                row + 1,
                column + 1,
                p.rows[row],
                p.columns[column],
            );
        }
        let known = cells.iter().filter(|c| c.is_known()).count() as u64;
        let filled = cells.iter().filter(|&&c| c == Cell::Filled).count() as u64;
        let verdict = if state.status.is_empty() { String::new() } else { format!(" {}.", state.status) };
        format!(
            "Board, {}×{}: {} of {} known, {} filled, at step {} of {}.{verdict} Click or tap a clue to explain its line.",
            p.width(),
            p.height(),
            plural(known, "cell", "cells"),
            cells.len(),
            filled,
            state.playback.position(),
            state.playback.len().saturating_sub(1),
        )
    }

    /// What the board's note says: the step shown, or the player's progress.
    pub(crate) fn board_note(&self) -> String {
        match &self.state.play {
            Some(play) => {
                let marked = play.cells.iter().filter(|c| c.is_known()).count() as u64;
                format!("Your board: {} of {} marked", plural(marked, "cell", "cells"), play.cells.len())
            }
            // Clues with an error (and none typed line by line): what
            // the empty board means.
            None if self.state.lines_board.typed.is_none()
                && matches!(&self.state.input, Input::Invalid(e) if !e.is_empty()) =>
            {
                "No puzzle to draw: the clues have an error".to_string()
            }
            // A long search, the latest step shown: what it is doing, with
            // a count that moves (the step's own note, "many steps at
            // once", says nothing new for minutes); over the board, in view
            // on a phone, where the verdict's panel is under it.
            None if self.state.running.is_some()
                && self.state.playback.at_end()
                && !self.state.progress.is_empty() =>
            {
                self.state.progress.clone()
            }
            None => self.state.playback.note().to_string(),
        }
    }

    /// Play mode as the board draws it: the hint's cells, the wrong cells,
    /// the cursor, and the lines whose clues are satisfied.
    pub(crate) fn play_board(&self) -> Option<PlayBoard> {
        let (play, puzzle) = (self.state.play.as_ref()?, self.state.puzzle()?);
        let done = lines_done(&play.cells, puzzle, self.state.colour().map(|c| &**c));
        Some(PlayBoard {
            hinted: Rc::new(
                play.hint
                    .as_ref()
                    .map_or(Vec::new(), |h| h.cells.iter().map(|&(i, value)| (i, value != 1)).collect()),
            ),
            marked: Rc::new(play.hint.as_ref().map_or(Vec::new(), |h| h.marked.clone())),
            wrong: play.wrong.clone(),
            cursor: play.cursor,
            done: Rc::new(done),
            crossed: play.crossed.clone(),
        })
    }
}
