//! The page's history of solver states, built from the worker's frames, and
//! a cursor to play it back: step back and forth, play, jump to the end.
//! Pure, so it is tested without a browser. Memory is bounded: past a budget
//! of stored cells, older frames are thinned out (every other one dropped).

use super::text::plural;
use crate::protocol::{Cells, Frame};
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::Puzzle;
use nonogram_core::{Cell, LineId};
use std::rc::Rc;

/// Stored cells (one byte each) before older frames are thinned: 32 MB.
const CELL_BUDGET: usize = 32 << 20;

/// A line to outline on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineMark {
    /// The line the shown step worked on.
    Worked(LineId),
    /// The line that contradicts (no solution).
    Contradiction(LineId),
}

impl LineMark {
    pub fn line(self) -> LineId {
        match self {
            LineMark::Worked(line) | LineMark::Contradiction(line) => line,
        }
    }
}

#[derive(Clone, Debug)]
struct Snapshot {
    /// Shared with the snapshots before it when a step changes no cell, and
    /// with the board that draws it.
    cells: Rc<Cells>,
    note: String,
    /// Cells this frame changed.
    fresh: Rc<Vec<u32>>,
    line: Option<LineMark>,
}

#[derive(Clone, Debug)]
pub struct Playback {
    states: Vec<Snapshot>,
    shown: usize,
}

impl Playback {
    /// A history holding the all-unknown grid of `cells` cells.
    pub fn new(cells: usize) -> Playback {
        Playback::starting(Cells::unknown(cells))
    }

    /// The history of a solve before its first step: every cell unknown
    /// (for a colour puzzle, each with every colour left).
    pub fn of_puzzle(puzzle: &Puzzle, colour: Option<&ColourPuzzle>) -> Playback {
        let n = puzzle.width() * puzzle.height();
        match colour {
            Some(c) => Playback::starting(Cells::of_colours(vec![c.every_colour(); n])),
            None => Playback::new(n),
        }
    }

    /// A history holding `cells`, every one unknown (for a colour puzzle:
    /// each with every colour).
    pub fn starting(cells: Cells) -> Playback {
        let start = Snapshot {
            cells: Rc::new(cells),
            note: "Start: every cell unknown".into(),
            fresh: Rc::default(),
            line: None,
        };
        Playback { states: vec![start], shown: 0 }
    }

    /// Appends the frames of a batch.
    pub fn extend(&mut self, frames: Vec<Frame>) {
        for frame in frames {
            let last = &self.states[self.states.len() - 1];
            let state = match frame {
                Frame::Line { line, changes } => {
                    let mut cells = Cells::clone(&last.cells);
                    let mut fresh = Vec::with_capacity(changes.len());
                    for (i, filled) in changes {
                        if let Some(slot) = cells.get_mut(i as usize) {
                            *slot = if filled { Cell::Filled } else { Cell::Empty };
                            fresh.push(i);
                        }
                    }
                    let known = cells.iter().filter(|c| c.is_known()).count();
                    Snapshot {
                        cells: Rc::new(cells),
                        note: line_note(line, fresh.len(), last.cells.len() - known),
                        fresh: Rc::new(fresh),
                        line: Some(LineMark::Worked(line)),
                    }
                }
                Frame::ColourLine { line, changes } => {
                    let mut cells = Cells::clone(&last.cells);
                    let mut fresh = Vec::with_capacity(changes.len());
                    for (i, set) in changes {
                        cells.set(i as usize, set);
                        if cells.get(i as usize).is_some_and(|c| c.is_known()) {
                            fresh.push(i);
                        }
                    }
                    let unknown = cells.iter().filter(|c| !c.is_known()).count();
                    Snapshot {
                        cells: Rc::new(cells),
                        note: line_note(line, fresh.len(), unknown),
                        fresh: Rc::new(fresh),
                        line: Some(LineMark::Worked(line)),
                    }
                }
                Frame::Sweep { sweep, unknown, contradictions } => Snapshot {
                    cells: last.cells.clone(),
                    note: sweep_note(sweep, unknown, contradictions),
                    fresh: Rc::default(),
                    line: None,
                },
                Frame::Grid { cells, note } => {
                    let fresh = (cells.iter().zip(last.cells.iter()).enumerate())
                        .filter(|(_, (a, b))| a != b && a.is_known())
                        .map(|(i, _)| i as u32)
                        .collect();
                    Snapshot { cells: Rc::new(cells), note, fresh: Rc::new(fresh), line: None }
                }
            };
            self.states.push(state);
        }
        self.bound_memory();
    }

    /// Ends the history with the solution, or with the contradicting line.
    pub fn finish(&mut self, solution: Option<Cells>, contradiction: Option<LineId>) {
        if let Some(cells) = solution {
            self.extend(vec![Frame::Grid { cells, note: "Solution".into() }]);
            // The solution is the sum of all steps, not one step's news.
            if let Some(last) = self.states.last_mut() {
                last.fresh = Rc::default();
            }
        } else if let Some(line) = contradiction {
            let last = self.states[self.states.len() - 1].clone();
            self.states.push(Snapshot {
                note: format!("No solution: {line} contradicts"),
                fresh: Rc::default(),
                line: Some(LineMark::Contradiction(line)),
                ..last
            });
        }
    }

    fn bound_memory(&mut self) {
        let per = self.states[0].cells.len().max(1);
        while self.states.len() > 3 && self.states.len() * per > CELL_BUDGET {
            let keep_from = self.states.len() / 2;
            let mut i = 0;
            self.states.retain(|_| {
                i += 1;
                i == 1 || i > keep_from || i % 2 == 0
            });
            self.shown = self.shown.min(self.states.len() - 1);
        }
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    pub fn position(&self) -> usize {
        self.shown
    }

    pub fn at_end(&self) -> bool {
        self.shown + 1 == self.states.len()
    }

    pub fn forward(&mut self, n: usize) {
        self.shown = (self.shown + n).min(self.states.len() - 1);
    }

    pub fn back(&mut self, n: usize) {
        self.shown = self.shown.saturating_sub(n);
    }

    /// Shows step `step`, or the last one past the end.
    pub fn seek(&mut self, step: usize) {
        self.shown = step.min(self.states.len() - 1);
    }

    pub fn jump_to_end(&mut self) {
        self.shown = self.states.len() - 1;
    }

    pub fn cells(&self) -> &Rc<Cells> {
        &self.states[self.shown].cells
    }

    pub fn note(&self) -> &str {
        &self.states[self.shown].note
    }

    pub fn fresh_cells(&self) -> &Rc<Vec<u32>> {
        &self.states[self.shown].fresh
    }

    pub fn line_mark(&self) -> Option<LineMark> {
        self.states[self.shown].line
    }
}

/// A line's step in a player's words: what it found, what is left.
fn line_note(line: LineId, found: usize, unknown: usize) -> String {
    format!("{line}: {} found, {}", plural(found as u64, "cell", "cells"), still_unknown(unknown))
}

/// The end of a pass over every line in a player's words (the seeds' "Sweep
/// N has E errors and U unknown cells" is the CLI's `--trace`): `dead_ends`
/// are the contradictions clause learning met since the last pass.
fn sweep_note(sweep: usize, unknown: usize, dead_ends: usize) -> String {
    let mut note = format!("Pass {sweep} over every line: {}", still_unknown(unknown));
    if dead_ends > 0 {
        note += &format!(" ({} met)", plural(dead_ends as u64, "dead end", "dead ends"));
    }
    note
}

fn still_unknown(unknown: usize) -> String {
    match unknown {
        0 => "every cell known".into(),
        n => format!("{} still unknown", plural(n as u64, "cell", "cells")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(line: LineId, changes: &[(u32, char)]) -> Frame {
        Frame::Line { line, changes: changes.iter().map(|&(i, c)| (i, c == '#')).collect() }
    }

    fn text(cells: &[Cell]) -> String {
        nonogram_core::cell::line_to_string(cells)
    }

    #[test]
    fn frames_play_back_and_forth() {
        let mut p = Playback::new(4);
        p.extend(vec![line(LineId::Row(0), &[(0, '#'), (1, '.')]), line(LineId::Column(1), &[(3, '#')])]);
        assert_eq!((p.len(), p.position(), text(p.cells()).as_str()), (3, 0, "????"));
        p.forward(1);
        assert_eq!(text(p.cells()), "#.??");
        assert_eq!(p.fresh_cells()[..], [0, 1]);
        assert_eq!(p.line_mark(), Some(LineMark::Worked(LineId::Row(0))));
        assert_eq!(p.note(), "row 1: 2 cells found, 2 cells still unknown");
        p.forward(5);
        assert!(p.at_end());
        assert_eq!(text(p.cells()), "#.?#");
        p.back(1);
        assert_eq!(text(p.cells()), "#.??");
        p.finish(Cells::parse("#..#"), None);
        p.jump_to_end();
        assert_eq!((text(p.cells()).as_str(), p.note(), &p.fresh_cells()[..]), ("#..#", "Solution", &[][..]));
    }

    #[test]
    fn passes_are_said_in_a_players_words() {
        let mut p = Playback::new(4);
        p.extend(vec![
            Frame::Sweep { sweep: 1, unknown: 12, contradictions: 0 },
            Frame::Sweep { sweep: 2, unknown: 1, contradictions: 3 },
            Frame::Sweep { sweep: 3, unknown: 0, contradictions: 1 },
        ]);
        let mut notes = Vec::new();
        while !p.at_end() {
            p.forward(1);
            notes.push(p.note().to_string());
        }
        assert_eq!(
            notes,
            [
                "Pass 1 over every line: 12 cells still unknown",
                "Pass 2 over every line: 1 cell still unknown (3 dead ends met)",
                "Pass 3 over every line: every cell known (1 dead end met)",
            ]
        );
    }

    #[test]
    fn contradiction_is_marked() {
        let mut p = Playback::new(4);
        p.finish(None, Some(LineId::Column(0)));
        p.jump_to_end();
        assert_eq!(p.line_mark(), Some(LineMark::Contradiction(LineId::Column(0))));
    }

    #[test]
    fn memory_stays_bounded() {
        let cells = 100 * 100;
        let mut p = Playback::new(cells);
        for k in 0..10_000u32 {
            p.extend(vec![line(LineId::Row(0), &[(k % cells as u32, '#')])]);
        }
        assert!(p.len() * cells <= CELL_BUDGET);
        p.jump_to_end();
        assert_eq!(p.cells().iter().filter(|&&c| c == Cell::Filled).count(), cells);
    }
}
