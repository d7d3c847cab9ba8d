//! Probing: each unknown cell tried both ways with full propagation (one
//! probe per step, its trials suspended when a step's work runs out).

use super::solver::Solver;
use super::state::{ProbeRun, State, Trial};
use super::verdict::Step;
use crate::cell::Cell;

impl Solver {
    /// Queues trying `value` in the probe's cell: its row and column are
    /// marked for propagation, and [`Solver::resume_trial`] sets the cell.
    pub(super) fn queue_trial(&mut self, run: &mut ProbeRun, value: Cell) {
        run.value = value;
        run.suspended.clear();
        run.suspended.push((run.index as u32, value));
        self.propagation.mark_cell(self.puzzle.width(), run.index);
    }

    /// Goes on with the trial begun at `mark` with full propagation for
    /// about [`crate::propagate::WORK_PER_CALL`]: its outcome, then undone; or `None` when the
    /// work ran out first, with the trial's cells taken off the board into
    /// `suspended` (its dirty lines stay in the propagation) so that
    /// [`Solver::resume_trial`] can put them back.
    pub(super) fn continue_trial(&mut self, mark: usize, suspended: &mut Vec<(u32, Cell)>) -> Option<Trial> {
        let outcome = self.propagation.settle_bounded(&self.puzzle, &mut self.board);
        let deduced = || -> Vec<(u32, Cell)> {
            self.board.trail_since(mark).iter().map(|&i| (i, self.board.grid.cells()[i as usize])).collect()
        };
        let result = match outcome {
            None => {
                *suspended = deduced();
                self.board.undo_to(mark);
                self.board.stamping = true;
                return None;
            }
            Some(Err(line)) => Trial::Contradiction(line),
            Some(Ok(())) => Trial::Settled(deduced()),
        };
        self.board.undo_to(mark);
        self.propagation.clear();
        self.board.stamping = true;
        Some(result)
    }

    /// Puts a queued or suspended trial's cells back (unstamped, so undoing
    /// the trial leaves no trace, in the order they were set); returns the
    /// trial's mark.
    pub(super) fn resume_trial(&mut self, suspended: &mut Vec<(u32, Cell)>) -> usize {
        let mark = self.board.trail_len();
        self.board.stamping = false;
        for (i, v) in suspended.drain(..) {
            self.board.set(i as usize, v);
        }
        mark
    }

    /// Probes the next unknown cell whose lines changed since its last probe,
    /// or branches when there is none. A probe whose trials take more than a
    /// step's work is suspended ([`Step::Working`]) and resumed at the next
    /// call.
    pub(super) fn probe(&mut self) -> Option<Step> {
        let mut run = match self.probe_run.take() {
            Some(run) => run,
            None => {
                let n = self.board.grid.cells().len();
                let cells = self.board.grid.cells();
                let start = self.probe.cursor;
                let next = (0..n).map(|k| (start + k) % n).find(|&i| {
                    cells[i] == Cell::Unknown && self.board.cell_stamp(i) > self.probe.probed_at[i]
                });
                let Some(index) = next else {
                    self.state = State::Branch;
                    return None;
                };
                self.probe.cursor = index + 1;
                self.probe.probed_at[index] = self.board.clock();
                self.stats.probes += 1;
                let suspended = std::mem::take(&mut self.spare_cells);
                let mut run = ProbeRun { index, value: Cell::Filled, filled: None, suspended };
                self.queue_trial(&mut run, Cell::Filled);
                run
            }
        };
        let index = run.index;
        let solves = self.propagation.line_solves();
        let empty = loop {
            let mark = self.resume_trial(&mut run.suspended);
            let Some(trial) = self.continue_trial(mark, &mut run.suspended) else {
                self.probe_run = Some(run);
                let lines = (self.propagation.line_solves() - solves) as usize;
                return Some(Step::Working { lines });
            };
            if run.value == Cell::Empty {
                break trial;
            }
            run.filled = Some(trial);
            self.queue_trial(&mut run, Cell::Empty);
        };
        self.spare_cells = run.suspended;
        let filled = run.filled.expect("the filled value is tried first");
        let (row, col) = self.coords(index);
        let (a, b) = match (filled, empty) {
            (Trial::Contradiction(_), Trial::Contradiction(line)) => {
                // Neither value fits: the guesses in force are wrong.
                self.state = State::Backtrack;
                return Some(Step::Contradiction { line, depth: self.guesses.len() });
            }
            (Trial::Contradiction(_), Trial::Settled(_)) => return Some(self.forced(index, Cell::Empty)),
            (Trial::Settled(_), Trial::Contradiction(_)) => return Some(self.forced(index, Cell::Filled)),
            (Trial::Settled(a), Trial::Settled(b)) => (a, b),
        };
        // Cells deduced the same way by both values hold either way.
        for &(i, v) in &a[1..] {
            self.probe_marks[i as usize] = v;
        }
        let common: Vec<(u32, Cell)> =
            b[1..].iter().copied().filter(|&(i, v)| self.probe_marks[i as usize] == v).collect();
        for &(i, _) in &a[1..] {
            self.probe_marks[i as usize] = Cell::Unknown;
        }
        if !common.is_empty() {
            for &(i, v) in &common {
                self.assign(i as usize, v);
            }
            self.state = State::Propagate;
        }
        // Recorded whether or not cells were forced: a later branch may score
        // this cell without probing it again.
        self.probe.deduced[index] = (a.len() as u32, b.len() as u32);
        Some(Step::Probe { row, col, forced: None, deduced: (a.len(), b.len()) })
    }

    /// Applies a value that probing proved for `index` and resumes propagation.
    pub(super) fn forced(&mut self, index: usize, value: Cell) -> Step {
        self.assign(index, value);
        self.state = State::Propagate;
        let (row, col) = self.coords(index);
        Step::Probe { row, col, forced: Some(value), deduced: (0, 0) }
    }
}
