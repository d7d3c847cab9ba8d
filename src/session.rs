//! A solve driven in batches: each call of [`Session::advance`] runs steps
//! until its budget says stop, then reports a snapshot (or the verdict). The
//! worker yields to its event loop between batches, so it can hear a cancel.

use crate::protocol::{cells_text, FromWorker, SolveRequest};
use nonogram_core::{Clue, Puzzle, SolveOptions, Solver, Step, Verdict};

pub struct Session {
    id: u32,
    solver: Solver,
    last_line: Option<String>,
    done: bool,
}

impl Session {
    /// Validates the clues and prepares the solve.
    pub fn new(request: &SolveRequest) -> Result<Session, FromWorker> {
        let clues = |v: &Vec<Vec<u32>>| v.iter().map(|c| Clue(c.clone())).collect();
        let puzzle = Puzzle::new(clues(&request.rows), clues(&request.columns));
        let solver = Solver::new(&puzzle, SolveOptions::default())
            .map_err(|e| FromWorker::Error { id: request.id, message: e.to_string() })?;
        Ok(Session { id: request.id, solver, last_line: None, done: false })
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Runs steps while `keep_going()` says so (it is asked after every
    /// step), then returns a snapshot, or the verdict when the solve ended.
    pub fn advance(&mut self, mut keep_going: impl FnMut() -> bool, elapsed_ms: f64) -> FromWorker {
        while let Some(step) = self.solver.next() {
            match step {
                Step::Line { line, .. } | Step::Contradiction { line, .. } => {
                    self.last_line = Some(line.to_string())
                }
                Step::Done { verdict } => {
                    self.done = true;
                    return self.verdict_message(verdict, elapsed_ms);
                }
                _ => {}
            }
            if !keep_going() {
                break;
            }
        }
        let stats = self.solver.stats();
        FromWorker::Snapshot {
            id: self.id,
            cells: cells_text(self.solver.grid()),
            sweep: stats.sweeps,
            unknown: self.solver.unknown(),
            depth: self.solver.depth(),
            guesses: stats.guesses,
            line: self.last_line.clone(),
        }
    }

    fn verdict_message(&self, verdict: Verdict, ms: f64) -> FromWorker {
        let stats = self.solver.stats();
        let line = match &verdict {
            Verdict::None { line } => line.map(|l| l.to_string()),
            _ => None,
        };
        FromWorker::Done {
            id: self.id,
            verdict: verdict.word().to_string(),
            solutions: verdict.solutions().iter().map(cells_text).collect(),
            line,
            by_line_logic: stats.by_line_logic(),
            guesses: stats.guesses,
            ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(rows: &[&[u32]], columns: &[&[u32]]) -> SolveRequest {
        SolveRequest {
            id: 7,
            rows: rows.iter().map(|r| r.to_vec()).collect(),
            columns: columns.iter().map(|c| c.to_vec()).collect(),
        }
    }

    #[test]
    fn small_batches_stream_intermediate_snapshots_then_the_verdict() {
        // Seed 003's 5×5.
        let req = request(&[&[3], &[2, 1], &[3], &[2], &[3]], &[&[1], &[3], &[1, 3], &[5], &[1]]);
        let mut s = Session::new(&req).unwrap();
        let mut snapshots = Vec::new();
        let done = loop {
            let mut budget = 2;
            match s.advance(
                || {
                    budget -= 1;
                    budget > 0
                },
                1.0,
            ) {
                FromWorker::Snapshot { cells, unknown, .. } => snapshots.push((cells, unknown)),
                done => break done,
            }
        };
        assert!(s.is_done());
        assert!(snapshots.iter().any(|(c, u)| *u > 0 && *u < 25 && c.contains('?') && c.contains('#')));
        let FromWorker::Done { id, verdict, solutions, by_line_logic, .. } = done else { unreachable!() };
        assert_eq!((id, verdict.as_str(), by_line_logic), (7, "unique", true));
        assert_eq!(solutions, [".###.##.#..###...##...###"]);
    }

    #[test]
    fn contradiction_and_invalid_clues() {
        let mut s = Session::new(&request(&[&[2], &[]], &[&[], &[2]])).unwrap();
        let FromWorker::Done { verdict, line, .. } = s.advance(|| true, 0.0) else { panic!() };
        assert_eq!((verdict.as_str(), line.as_deref()), ("none", Some("column 1")));
        let Err(FromWorker::Error { message, .. }) = Session::new(&request(&[&[3]], &[&[1], &[1]])) else {
            panic!()
        };
        assert_eq!(message, "row 1: run 3 needs 3 cells, the row has 2");
    }
}
