//! Probing: each unknown cell tried with each of its values with full
//! propagation (one probe per step, its trials suspended when a step's
//! work runs out).

use super::kind::Kind;
use super::solver::Solver;
use super::state::{ProbeRun, State, Trial};
use super::verdict::Step;
use crate::kind::Trailed;

impl<P: Kind> Solver<P> {
    /// Queues trying `value` in the probe's cell: its row and column are
    /// marked for propagation, and [`Solver::resume_trial`] sets the cell.
    pub(super) fn queue_trial(&mut self, run: &mut ProbeRun<P::Cell>, value: P::Cell) {
        run.suspended.clear();
        run.suspended.push((run.index as u32, value));
        self.propagation.mark_cell(self.puzzle.size().0, run.index);
    }

    /// Goes on with the trial begun at `mark` with full propagation for
    /// about [`crate::propagate::WORK_PER_CALL`]: its outcome, then undone; or `None` when the
    /// work ran out first, with the trial's cells taken off the board into
    /// `suspended` (its dirty lines stay in the propagation) so that
    /// [`Solver::resume_trial`] can put them back.
    pub(super) fn continue_trial(
        &mut self,
        mark: usize,
        suspended: &mut Vec<(u32, P::Cell)>,
    ) -> Option<Trial<P::Cell>> {
        let outcome = self.propagation.settle_bounded(&self.puzzle, &mut self.board);
        // Each cell once, as it is now (a colour cell narrowed twice is on
        // the trail twice), so that a trial's count does not depend on
        // where a step's work ran out.
        let (board, seen) = (&self.board, &mut self.probe_seen);
        let mut deduced = || -> Vec<(u32, P::Cell)> {
            let trail = board.trail_since(mark);
            if !P::Board::REPEATS {
                return trail.iter().map(|&i| (i, board.cell(i as usize))).collect();
            }
            let cells: Vec<(u32, P::Cell)> = (trail.iter())
                .filter(|&&i| !std::mem::replace(&mut seen[i as usize], true))
                .map(|&i| (i, board.cell(i as usize)))
                .collect();
            cells.iter().for_each(|&(i, _)| seen[i as usize] = false);
            cells
        };
        let result = match outcome {
            None => {
                *suspended = deduced();
                self.board.undo_to(mark);
                self.board.set_stamping(true);
                return None;
            }
            Some(Err(line)) => Trial::Contradiction(line),
            Some(Ok(())) => Trial::Settled(deduced()),
        };
        self.board.undo_to(mark);
        self.propagation.clear();
        self.board.set_stamping(true);
        Some(result)
    }

    /// Puts a queued or suspended trial's cells back (unstamped, so undoing
    /// the trial leaves no trace, in the order they were set); returns the
    /// trial's mark.
    pub(super) fn resume_trial(&mut self, suspended: &mut Vec<(u32, P::Cell)>) -> usize {
        let mark = self.board.trail_len();
        self.board.set_stamping(false);
        for (i, v) in suspended.drain(..) {
            self.board.set(i as usize, v);
        }
        mark
    }

    /// Probes the next unknown cell whose lines changed since its last probe,
    /// or branches when there is none. A probe whose trials take more than a
    /// step's work is suspended ([`Step::Working`]) and resumed at the next
    /// call.
    pub(super) fn probe(&mut self) -> Option<Step<P>> {
        let mut run = match self.probe_run.take() {
            Some(run) => run,
            None => {
                let n = self.board.len();
                let board = &self.board;
                let start = self.probe.cursor;
                let next = (0..n)
                    .map(|k| (start + k) % n)
                    .find(|&i| !P::is_known(board.cell(i)) && board.cell_stamp(i) > self.probe.probed_at[i]);
                let Some(index) = next else {
                    self.state = State::Branch;
                    return None;
                };
                self.probe.cursor = index + 1;
                self.probe.probed_at[index] = self.board.clock();
                self.stats.probes += 1;
                let values = self.board.cell(index);
                let first = P::values(values).next().expect("an unknown cell has values");
                let suspended = std::mem::take(&mut self.spare_cells);
                let trials = std::mem::take(&mut self.spare_trials);
                let mut run = ProbeRun { index, values, trials, suspended };
                self.queue_trial(&mut run, first);
                run
            }
        };
        let solves = self.propagation.line_solves();
        loop {
            let mark = self.resume_trial(&mut run.suspended);
            let Some(trial) = self.continue_trial(mark, &mut run.suspended) else {
                self.probe_run = Some(run);
                let lines = (self.propagation.line_solves() - solves) as usize;
                return Some(Step::Working { lines });
            };
            run.trials.push(trial);
            match P::values(run.values).nth(run.trials.len()) {
                Some(value) => self.queue_trial(&mut run, value),
                None => break,
            }
        }
        self.spare_cells = std::mem::take(&mut run.suspended);
        self.probed(run)
    }

    /// What a probe's trials show, every value of its cell tried.
    fn probed(&mut self, run: ProbeRun<P::Cell>) -> Option<Step<P>> {
        let ProbeRun { index, values, mut trials, .. } = run;
        let step = self.probed_trials(index, values, &trials);
        // Kept for the next probe (an allocation per probe showed in
        // TAAI's instruction counts).
        trials.clear();
        self.spare_trials = trials;
        step
    }

    fn probed_trials(&mut self, index: usize, values: P::Cell, trials: &[Trial<P::Cell>]) -> Option<Step<P>> {
        let (row, col) = self.coords(index);
        // The values that contradict are ruled out; if every one does, the
        // guesses in force are wrong.
        if let Some(Trial::Contradiction(line)) = trials.last() {
            if trials.iter().all(|t| matches!(t, Trial::Contradiction(_))) {
                self.state = State::Backtrack;
                return Some(Step::Contradiction { line: *line, depth: self.guesses.len() });
            }
        }
        let mut left = values;
        for (value, trial) in P::values(values).zip(trials) {
            if let Trial::Contradiction(_) = trial {
                left = P::without(left, value);
            }
        }
        if left != values {
            self.assign(index, left);
            self.state = State::Propagate;
            return Some(Step::Probe { row, col, forced: Some(left), deduced: (0, 0), narrowed: 0 });
        }
        let settled = Trial::cells;
        // Every solution extends one of the trials: a cell that every trial
        // narrowed keeps only the values some trial left it (black and
        // white: a cell both values deduced alike holds either way).
        let last = trials.len() - 1;
        for (t, trial) in trials[..last].iter().enumerate() {
            for &(i, v) in &settled(trial)[1..] {
                let mark = &mut self.probe_marks[i as usize];
                if mark.0 == t as u32 {
                    mark.1 = if t == 0 { v } else { P::union(mark.1, v) };
                    mark.0 += 1;
                }
            }
        }
        let common: Vec<(u32, P::Cell)> = settled(&trials[last])[1..]
            .iter()
            .filter(|&&(i, _)| self.probe_marks[i as usize].0 == last as u32)
            .map(|&(i, v)| (i, P::union(self.probe_marks[i as usize].1, v)))
            .filter(|&(i, v)| v != self.board.cell(i as usize))
            .collect();
        for trial in &trials[..last] {
            for &(i, _) in &settled(trial)[1..] {
                self.probe_marks[i as usize].0 = 0;
            }
        }
        // A trial lists each cell once (see `continue_trial`): every cell
        // of `common` is narrowed once.
        let narrowed = common.len();
        for &(i, v) in &common {
            self.assign(i as usize, v);
        }
        if narrowed > 0 {
            self.state = State::Propagate;
        }
        // Recorded whether or not cells were forced: a later branch may score
        // this cell without probing it again.
        let counts = trials.iter().map(|trial| settled(trial).len() as u32);
        let (fewest, most) = (counts.clone().min().unwrap_or(0), counts.clone().max().unwrap_or(0));
        let best = P::values(values).zip(counts).find(|&(_, n)| n == most).map(|(v, _)| v);
        self.probe.deduced[index] = (fewest, most);
        self.probe.best[index] = best.expect("a probe tries a value");
        Some(Step::Probe { row, col, forced: None, deduced: (fewest as usize, most as usize), narrowed })
    }
}
