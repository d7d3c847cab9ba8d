//! A colour puzzle's solve driven in batches, as [`crate::worker::session`] drives a
//! black-and-white one: each [`ColourSession::advance`] runs steps until its
//! budget says stop, then reports their frames (or the verdict). Every
//! colour step is bounded (one line, one probe, one guess), but for clause
//! learning's slices, which stop by the solver's clock at the batch's end.

use crate::protocol::Frame;
use crate::protocol::{Cells, Finished, FromWorker, SolveRequest, VerdictKind};
use crate::worker::session::{Batched, Frames};
use nonogram_core::colour::{ColourSolver, ColourStep};
use nonogram_core::hint::Difficulty;
use nonogram_core::search::Verdict;

pub struct ColourSession {
    id: u32,
    solver: ColourSolver,
    pending: Option<FromWorker>,
    done: bool,
}

impl ColourSession {
    /// Validates the clues and prepares the solve; `None` for a black-and-white request.
    pub fn new(request: &SolveRequest) -> Option<Result<ColourSession, FromWorker>> {
        let puzzle = request.colour_puzzle()?;
        Some(
            ColourSolver::new(&puzzle, 2)
                .map(|solver| ColourSession { id: request.id, solver, pending: None, done: false })
                .map_err(|e| FromWorker::Error { id: request.id, message: e.to_string() }),
        )
    }

    fn grid_frame(&self, note: String) -> Frame {
        Frame::Grid { cells: Cells::of_colours(self.solver.cells().to_vec()), note }
    }

    fn verdict_message(&self, verdict: &Verdict<Vec<u8>>, ms: f64) -> FromWorker {
        let stats = self.solver.stats();
        let kind = VerdictKind::of(verdict);
        FromWorker::Done(Box::new(Finished {
            id: self.id,
            verdict: kind,
            solutions: verdict.solutions().iter().map(|s| Cells::of_colour_solution(s)).collect(),
            line: match verdict {
                Verdict::None { line } => *line,
                _ => None,
            },
            by_line_logic: stats.by_line_logic(),
            guesses: stats.guesses,
            contradictions: 0,
            symmetries: Vec::new(),
            ms,
            memory: crate::worker::session::memory_bytes(),
            difficulty: (kind == VerdictKind::Unique).then(|| Difficulty::of(&stats)),
        }))
    }
}

impl Batched for ColourSession {
    fn pause_at(&mut self, clock: &nonogram_core::sat::Clock, end: f64) {
        self.solver.set_clock(clock.clone(), Some(end), None);
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn advance(&mut self, mut keep_going: impl FnMut() -> bool, elapsed_ms: impl Fn() -> f64) -> FromWorker {
        if let Some(verdict) = self.pending.take() {
            self.done = true;
            return verdict;
        }
        let width = self.solver.puzzle().width();
        let mut frames = Frames::new(self.solver.cells().len());
        while let Some(step) = self.solver.next() {
            let name =
                |c: u8| self.solver.puzzle().palette.get(usize::from(c)).map_or("?", |s| s.name.as_str());
            let frame = match &step {
                ColourStep::Done { verdict } => {
                    let message = self.verdict_message(verdict, elapsed_ms());
                    if frames.is_empty() {
                        self.done = true;
                        return message;
                    }
                    self.pending = Some(message);
                    break;
                }
                ColourStep::Line { line, changes } => Some(Frame::ColourLine {
                    line: *line,
                    changes: changes
                        .iter()
                        .map(|&(pos, set)| (line.cell_index(width, pos) as u32, set))
                        .collect(),
                }),
                ColourStep::Contradiction { line, .. } => {
                    Some(self.grid_frame(format!("contradiction: {line}")))
                }
                ColourStep::Probe { row, col, narrowed } if *narrowed > 0 => Some(self.grid_frame(format!(
                    "probe: trying each colour of row {} column {} narrows {narrowed} cells",
                    row + 1,
                    col + 1
                ))),
                ColourStep::Guess { row, col, colour, depth } => Some(self.grid_frame(format!(
                    "guess: row {} column {} = {} (depth {depth})",
                    row + 1,
                    col + 1,
                    name(*colour)
                ))),
                ColourStep::Backtrack { row, col, colour, .. } => Some(self.grid_frame(format!(
                    "backtrack: row {} column {} is not {}",
                    row + 1,
                    col + 1,
                    name(*colour)
                ))),
                ColourStep::Learning { contradictions: 0, symmetric } => Some(self.grid_frame(if *symmetric {
                    "clause learning takes over from the root, and in turns among the grids the clues' symmetries keep"
                        .into()
                } else {
                    "clause learning takes over from the root".into()
                })),
                ColourStep::Learning { .. } | ColourStep::Probe { .. } | ColourStep::Solution { .. } => None,
            };
            frames.push(frame);
            if !keep_going() {
                break;
            }
        }
        let frames = frames.finish(|| self.grid_frame("many steps at once".into()));
        let stats = self.solver.stats();
        FromWorker::Steps {
            id: self.id,
            frames,
            sweep: 0,
            unknown: self.solver.cells().iter().filter(|c| c.count_ones() > 1).count(),
            depth: self.solver.depth(),
            guesses: stats.guesses,
            contradictions: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::colour::ColourPuzzle;

    /// Plays frames onto cells, as the page's playback does.
    fn play(cells: &mut Cells, frames: Vec<Frame>) {
        for frame in frames {
            match frame {
                Frame::ColourLine { changes, .. } => {
                    for (i, set) in changes {
                        cells.set(i as usize, set);
                    }
                }
                Frame::Grid { cells: all, .. } => *cells = all,
                Frame::Line { .. } | Frame::Sweep { .. } => panic!("a black-and-white frame"),
            }
        }
    }

    #[test]
    fn a_colour_solve_streams_colour_frames_then_the_verdict() {
        // Red and blue touching, and a picture that needs a guess: a 2×2
        // diagonal under a full blue row.
        for (picture, width, expected) in [
            (vec![1, 1, 2, 0, 1, 2, 2, 2, 0], 3, VerdictKind::Unique),
            (vec![1, 0, 0, 1, 2, 2], 2, VerdictKind::Multiple),
        ] {
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let mut session = ColourSession::new(&SolveRequest::of_colour(5, &puzzle)).unwrap().unwrap();
            let mut cells = Cells::of_colours(vec![puzzle.every_colour(); picture.len()]);
            let mut batches = 0;
            let done = loop {
                let mut budget = 2;
                match session.advance(
                    || {
                        budget -= 1;
                        budget > 0
                    },
                    || 1.0,
                ) {
                    FromWorker::Steps { frames, .. } => play(&mut cells, frames),
                    done => break done,
                }
                batches += 1;
            };
            assert!(batches > 1 && session.is_done());
            let FromWorker::Done(done) = done else { panic!("{done:?}") };
            assert_eq!(done.verdict, expected);
            if expected == VerdictKind::Unique {
                // The frames end on the picture, and the solution is it.
                assert_eq!(cells, Cells::of_colour_solution(&picture));
                assert_eq!(done.solutions, [Cells::of_colour_solution(&picture)]);
            } else {
                assert_eq!(done.solutions.len(), 2);
                assert!(done.solutions.contains(&Cells::of_colour_solution(&picture)));
            }
        }
        // Bad clues are refused by name; black and white is not this session's.
        let puzzle = ColourPuzzle::new(
            vec![vec![]],
            vec![vec![nonogram_core::colour::ColourRun { len: 1, colour: 1 }]],
            nonogram_core::colour::default_palette(2),
        );
        let Some(Err(FromWorker::Error { message, .. })) =
            ColourSession::new(&SolveRequest::of_colour(1, &puzzle))
        else {
            panic!()
        };
        assert_eq!(message, "the row clues fill 0 black cells but the column clues fill 1");
        assert!(
            ColourSession::new(&SolveRequest::new(1, &nonogram_core::Puzzle::new(vec![], vec![]))).is_none()
        );
    }

    /// A puzzle that needs clause learning, solved in batches that end by
    /// the clock (as the worker runs them): the note that clause learning
    /// took over comes, and the verdict is the core solver's.
    #[test]
    fn clause_learning_runs_in_batches_to_the_core_verdict() {
        use nonogram_core::colour::solve_colour;
        use nonogram_core::search::Verdict;
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let start = std::time::Instant::now();
        let clock: nonogram_core::sat::Clock =
            std::sync::Arc::new(move || start.elapsed().as_secs_f64() * 1e3);
        let mut learnt = 0;
        for _ in 0..40 {
            // Scattered cells of two colours, 40 % of them: search is hard.
            let (width, height) = (14 + (next() % 8) as usize, 14 + (next() % 8) as usize);
            let picture: Vec<u8> = (0..width * height)
                .map(|_| if next() % 100 < 40 { 1 + (next() % 2) as u8 } else { 0 })
                .collect();
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let (core, stats) = solve_colour(&puzzle, 2, |_| true).unwrap();
            if stats.contradictions == 0 {
                continue;
            }
            let mut session = ColourSession::new(&SolveRequest::of_colour(7, &puzzle)).unwrap().unwrap();
            let mut notes = Vec::new();
            let done = loop {
                let end = clock() + 2.0;
                session.pause_at(&clock, end);
                match session.advance(|| clock() < end, || 1.0) {
                    FromWorker::Steps { frames, .. } => {
                        notes.extend(frames.into_iter().filter_map(|f| match f {
                            Frame::Grid { note, .. } => Some(note),
                            _ => None,
                        }))
                    }
                    done => break done,
                }
            };
            assert!(notes.iter().any(|n| n.starts_with("clause learning takes over")), "{notes:?}");
            let FromWorker::Done(done) = done else { panic!("{done:?}") };
            let kind =
                if matches!(core, Verdict::Unique(_)) { VerdictKind::Unique } else { VerdictKind::Multiple };
            assert_eq!(done.verdict, kind);
            for solution in core.solutions().iter().filter(|_| kind == VerdictKind::Unique) {
                assert_eq!(done.solutions, [Cells::of_colour_solution(solution)]);
            }
            learnt += 1;
            if learnt == 3 {
                return;
            }
        }
        panic!("{learnt} of 40 noisy pictures needed clause learning");
    }
}
