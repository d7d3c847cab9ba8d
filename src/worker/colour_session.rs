//! A colour puzzle's solve in the worker: what colour shows differently
//! ([`Shown`]: its cells, a line's colours left, colours by name); the
//! frames and the batch loop are black and white's
//! ([`crate::worker::session`]).

use crate::protocol::{Cells, Frame, SolveRequest};
use crate::worker::session::{Session, Shown};
use nonogram_core::colour::board::ColourBoard;
use nonogram_core::colour::{colours_of, ColourPuzzle, ColourSolver, Colours};
use nonogram_core::LineId;

/// A colour puzzle's solve in batches: the one batch loop, with colour frames.
pub type ColourSession = Session<ColourSolver>;

impl Shown for ColourPuzzle {
    fn puzzle_of(request: &SolveRequest) -> Option<ColourPuzzle> {
        request.colour_puzzle()
    }
    fn board_cells(board: &ColourBoard) -> Cells {
        Cells::of_colours(board.cells().to_vec())
    }
    fn solution_cells(solution: &Vec<u8>) -> Cells {
        Cells::of_colour_solution(solution)
    }
    fn line_frame(&self, line: LineId, changes: &[(usize, Colours)]) -> Frame {
        let width = self.width();
        Frame::ColourLine {
            line,
            changes: changes.iter().map(|&(pos, set)| (line.cell_index(width, pos) as u32, set)).collect(),
        }
    }
    fn says(&self, cell: Colours) -> String {
        let name = |c: u8| self.palette.get(usize::from(c)).map_or("?", |s| s.name.as_str());
        colours_of(cell).map(name).collect::<Vec<_>>().join(" or ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{FromWorker, VerdictKind};

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
                Frame::Sweep { .. } => {}
                Frame::Line { .. } => panic!("a black-and-white frame"),
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
            assert!(notes.iter().any(|n| n.starts_with("Searching from the start, learning")), "{notes:?}");
            let FromWorker::Done(done) = done else { panic!("{done:?}") };
            let kind =
                if matches!(core, Verdict::Unique(_)) { VerdictKind::Unique } else { VerdictKind::Multiple };
            assert_eq!(done.verdict, kind);
            // Clause learning's contradictions are counted, as for black and white.
            assert_eq!(done.contradictions, stats.contradictions);
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
