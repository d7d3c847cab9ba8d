//! A solve driven in batches, black and white or colour: each call of
//! [`Session::advance`] runs steps until its budget says stop, then reports
//! their frames (or the verdict). The worker yields to its event loop
//! between batches, so it can hear a cancel. [`frame`] says how a
//! solver's steps become frames, once for both kinds of puzzle; [`Shown`]
//! what differs (both kinds' in `shown.rs`).

use crate::protocol::Frame;
use crate::protocol::{Cells, Finished, FromWorker, SolveRequest, VerdictKind};
use nonogram_core::hint::Difficulty;
use nonogram_core::kind::Trailed;
use nonogram_core::search::Kind;
use nonogram_core::{LineId, SolveOptions, Solver, Step, Verdict};

/// Frames kept per batch; past this, the batch ends with one coalesced grid
/// (the page cannot play back more steps than it can draw anyway).
pub const MAX_FRAMES: usize = 400;

/// Cells the page may have to copy for one batch's frames (each frame is a
/// grid state there): bounds the page's work per message on large puzzles.
const MAX_FRAME_CELLS: usize = 200_000;

/// A batch's frames, bounded: past the bound (by cells, see
/// [`MAX_FRAME_CELLS`]), the batch ends with one coalesced grid instead.
pub(crate) struct Frames {
    list: Vec<Frame>,
    max: usize,
    coalesced: bool,
}

impl Frames {
    /// For a grid of `cells` cells.
    pub(crate) fn new(cells: usize) -> Frames {
        Frames {
            list: Vec::new(),
            max: (MAX_FRAME_CELLS / cells.max(1)).clamp(8, MAX_FRAMES),
            coalesced: false,
        }
    }

    pub(crate) fn push(&mut self, frame: Option<Frame>) {
        match frame {
            Some(f) if self.list.len() < self.max => self.list.push(f),
            Some(_) => self.coalesced = true,
            None => {}
        }
    }

    /// No frame, and none left out.
    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty() && !self.coalesced
    }

    /// The frames, and the grid now when some were left out.
    pub(crate) fn finish(mut self, grid: impl FnOnce() -> Frame) -> Vec<Frame> {
        if self.coalesced {
            self.list.push(grid());
        }
        self.list
    }
}

/// A solve the worker drives in batches, black and white
/// ([`Session<Puzzle>`](nonogram_core::Puzzle)) or colour
/// ([`Session<ColourPuzzle>`](nonogram_core::colour::ColourPuzzle)): one
/// batch loop for both, its steps shown as playback frames.
pub struct Session<P: Shown> {
    id: u32,
    solver: Solver<P>,
    /// The verdict, held back one call when its batch also had frames.
    pending: Option<FromWorker>,
    done: bool,
    /// Contradictions since the last sweep ended.
    contradictions: usize,
}

impl<P: Shown> Session<P> {
    /// Validates the clues and prepares the solve with `options`; `None`
    /// when the request is of the other kind of puzzle.
    pub fn start(request: &SolveRequest, options: SolveOptions) -> Option<Result<Session<P>, FromWorker>> {
        let puzzle = P::puzzle_of(request)?;
        Some(
            Solver::new(&puzzle, options)
                .map(|solver| Session {
                    id: request.id,
                    solver,
                    pending: None,
                    done: false,
                    contradictions: 0,
                })
                .map_err(|e| FromWorker::Error { id: request.id, message: e.to_string() }),
        )
    }

    /// A solve with the default options (the page's first engine).
    pub fn new(request: &SolveRequest) -> Option<Result<Session<P>, FromWorker>> {
        Session::start(request, SolveOptions::default())
    }

    /// The solver at work.
    pub fn solver(&mut self) -> &mut Solver<P> {
        &mut self.solver
    }

    fn grid_frame(&self, note: String) -> Frame {
        Frame::Grid { cells: P::board_cells(self.solver.board()), note }
    }

    /// Gives the solver `clock` and the time this batch ends at, by which
    /// clause learning's slices hand control back too (line solving is
    /// bounded by work).
    pub fn pause_at(&mut self, clock: &nonogram_core::sat::Clock, end: f64) {
        self.solver.set_clock(clock.clone(), Some(end), None);
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Runs steps while `keep_going()` says so (it is asked after every
    /// step), then returns their frames, or the verdict when the solve ended.
    /// The last batch's frames come before the verdict, in a call of their own.
    /// `elapsed_ms()` is read when the solve ends: the verdict's time
    /// counts the batch that reached it (read before the batch, it left
    /// that batch out: 0 ms for a solve of one batch).
    pub fn advance(
        &mut self,
        mut keep_going: impl FnMut() -> bool,
        elapsed_ms: impl Fn() -> f64,
    ) -> FromWorker {
        if let Some(verdict) = self.pending.take() {
            self.done = true;
            return verdict;
        }
        let mut frames = Frames::new(self.solver.board().len());
        while let Some(step) = self.solver.next() {
            let frame = frame(&self.solver, &step, &mut self.contradictions);
            if let Some(verdict) = step.verdict() {
                let message = done_message(self.id, &verdict, &self.solver, elapsed_ms());
                if frames.is_empty() {
                    self.done = true;
                    return message;
                }
                self.pending = Some(message);
                break;
            }
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
            sweep: stats.sweeps,
            unknown: Solver::unknown(&self.solver),
            depth: Solver::depth(&self.solver),
            guesses: stats.guesses,
            contradictions: stats.contradictions,
        }
    }
}

/// What the worker shows of one kind of puzzle ([`Kind`]): the request
/// that asks for it, its cells as they cross `postMessage`, a line's
/// changes as a frame, and a cell's values in words. Both kinds' are in
/// [`crate::worker::shown`]; the frames themselves ([`frame`]) are
/// written once.
pub trait Shown: Kind + Send + Sync {
    /// The puzzle a request asks to solve; `None` when it is of the other kind.
    fn puzzle_of(request: &SolveRequest) -> Option<Self>;
    /// The board's cells as they cross.
    fn board_cells(board: &Self::Board) -> Cells;
    /// A solution's cells as they cross.
    fn solution_cells(solution: &Self::Solution) -> Cells;
    /// A solved line's changes (position along it, new value) as a frame.
    fn line_frame(&self, line: LineId, changes: &[(usize, Self::Cell)]) -> Frame;
    /// A cell's values in words (black and white: `#` or `.`; colour: the
    /// colours' names).
    fn says(&self, cell: Self::Cell) -> String;
}

/// A step as the page shows it, in a player's words (the solver's own
/// terms are the CLI's `--trace`); `contradictions` counts those met
/// since the last sweep (the seeds' step log says them per sweep).
fn frame<P: Shown>(solver: &Solver<P>, step: &Step<P>, contradictions: &mut usize) -> Option<Frame> {
    let puzzle = solver.puzzle();
    let grid_frame = |note: String| Some(Frame::Grid { cells: P::board_cells(solver.board()), note });
    let at = |row: &usize, col: &usize| format!("row {}, column {}", row + 1, col + 1);
    match step {
        Step::Done { .. } => None,
        Step::Line { line, changes } => Some(puzzle.line_frame(*line, changes)),
        Step::Guess { row, col, cell, depth } => grid_frame(format!(
            "Guess: {} is {}{}",
            at(row, col),
            puzzle.says(*cell),
            if *depth > 1 { format!(" ({depth} guesses deep)") } else { String::new() }
        )),
        Step::Backtrack { row, col, cell, .. } => {
            grid_frame(format!("The guess led to a dead end, so {} is {}", at(row, col), puzzle.says(*cell)))
        }
        Step::Contradiction { line, .. } => {
            *contradictions += 1;
            grid_frame(format!("Dead end: {line} cannot fit its clue"))
        }
        Step::Sweep { sweep, unknown } => Some(Frame::Sweep {
            sweep: *sweep,
            unknown: *unknown,
            contradictions: std::mem::take(contradictions),
        }),
        Step::Restart { run } => {
            grid_frame(format!("Guessing again from the start, in another order (try {run})"))
        }
        Step::Learning { contradictions: 0, symmetric } => grid_frame(learning_note(*symmetric)),
        Step::SymmetricExhausted { .. } => {
            grid_frame("No more solutions among the symmetric pictures: searching the others".into())
        }
        Step::Learning { .. } | Step::Working { .. } => None,
        Step::Probe { row, col, forced: Some(cell), .. } => {
            grid_frame(format!("Tried both ways: {} must be {}", at(row, col), puzzle.says(*cell)))
        }
        Step::Probe { row, col, narrowed, .. } if *narrowed > 0 => grid_frame(format!(
            "Tried each value of {}: {} either way",
            at(row, col),
            if *narrowed == 1 { "1 cell follows".to_string() } else { format!("{narrowed} cells follow") }
        )),
        // The board shows the solution the note names (the solver's
        // own grid is at the root during clause learning). The next
        // frame that changes cells is a whole grid (a backtrack) or
        // none (the verdict), so the playback stays true after it.
        Step::Solution { index, grid, from: Some((of, how)) } => Some(Frame::Grid {
            cells: P::solution_cells(grid),
            note: format!("solution {index}: {}", how.describe(*of)),
        }),
        Step::Probe { .. } | Step::Solution { .. } => None,
    }
}

/// The note of clause learning taking over (it searches from the start,
/// learning from each dead end), for both kinds of puzzle.
pub(crate) fn learning_note(symmetric: bool) -> String {
    if symmetric {
        "Searching from the start, learning from each dead end, symmetric pictures first".into()
    } else {
        "Searching from the start, learning from each dead end".into()
    }
}

/// The `Done` message of a finished solve: its verdict, solutions, the line
/// that contradicts (for `none`), the solver's counts and the symmetries it
/// used (none when line logic alone solved it).
pub fn done_message<P: Shown>(
    id: u32,
    verdict: &Verdict<P::Solution>,
    solver: &Solver<P>,
    ms: f64,
) -> FromWorker {
    let stats = solver.stats();
    let line = match verdict {
        Verdict::None { line } => *line,
        _ => None,
    };
    FromWorker::Done(Box::new(Finished {
        id,
        verdict: VerdictKind::of(verdict),
        solutions: verdict.solutions().iter().map(P::solution_cells).collect(),
        line,
        by_line_logic: stats.by_line_logic(),
        guesses: stats.guesses,
        contradictions: stats.contradictions,
        symmetries: if stats.by_line_logic() {
            Vec::new()
        } else {
            solver.symmetries().iter().map(|s| s.name().to_string()).collect()
        },
        ms,
        memory: memory_bytes(),
        difficulty: matches!(verdict, Verdict::Unique(_)).then(|| Difficulty::of(&stats)),
    }))
}

/// The wasm memory's size in bytes (0 outside wasm).
pub fn memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size(0) as u64 * 65_536
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::{Cell, Puzzle};

    fn request(rows: &[&[u32]], columns: &[&[u32]]) -> SolveRequest {
        SolveRequest {
            id: 7,
            rows: rows.iter().map(|r| r.to_vec()).collect(),
            columns: columns.iter().map(|c| c.to_vec()).collect(),
            colours: None,
        }
    }

    #[test]
    fn small_batches_stream_intermediate_snapshots_then_the_verdict() {
        // Post 003's 5×5.
        let req = request(&[&[3], &[2, 1], &[3], &[2], &[3]], &[&[1], &[3], &[1, 3], &[5], &[1]]);
        let mut s = Session::<Puzzle>::new(&req).unwrap().unwrap();
        let mut states = vec![Cells::unknown(25)];
        let done = loop {
            let mut budget = 2;
            match s.advance(
                || {
                    budget -= 1;
                    budget > 0
                },
                || 1.0,
            ) {
                FromWorker::Steps { frames, .. } => {
                    for f in frames {
                        let mut cells = states.last().unwrap().clone();
                        match f {
                            Frame::Line { changes, .. } => {
                                for (i, filled) in changes {
                                    cells[i as usize] = if filled { Cell::Filled } else { Cell::Empty };
                                }
                            }
                            Frame::Grid { cells: all, .. } => cells = all,
                            Frame::Sweep { .. } => {}
                            Frame::ColourLine { .. } => panic!("a colour frame"),
                        }
                        states.push(cells);
                    }
                }
                done => break done,
            }
        };
        assert!(s.is_done());
        // Every line step is a frame: the states fill in one line at a time.
        assert!(states.len() > 5, "{states:?}");
        assert!(states.iter().any(|c| c.contains(&Cell::Unknown) && c.contains(&Cell::Filled)));
        let solution = Cells::parse(".###.##.#..###...##...###").unwrap();
        assert_eq!(states.last().unwrap(), &solution);
        let FromWorker::Done(done) = done else { unreachable!() };
        let Finished { id, verdict, solutions, by_line_logic, .. } = *done;
        assert_eq!((id, verdict, by_line_logic), (7, VerdictKind::Unique, true));
        assert_eq!(solutions, [solution]);
    }

    /// The verdict's time is read when the solve ends, so it counts the
    /// batch that reached it: here a clock that ticks once a step.
    #[test]
    fn the_verdict_counts_the_batch_that_reached_it() {
        let req = request(&[&[3], &[2, 1], &[3], &[2], &[3]], &[&[1], &[3], &[1, 3], &[5], &[1]]);
        let mut s = Session::<Puzzle>::new(&req).unwrap().unwrap();
        let ticks = std::cell::Cell::new(0.0);
        let tick = || {
            ticks.set(ticks.get() + 1.0);
            true
        };
        let done = loop {
            if let done @ FromWorker::Done(_) = s.advance(tick, || ticks.get()) {
                break done;
            }
        };
        let FromWorker::Done(done) = done else { unreachable!() };
        assert!(done.ms > 1.0 && done.ms == ticks.get(), "{} ms, {} steps", done.ms, ticks.get());
    }

    /// A second solution four cells from the first comes as a switch, and
    /// the step log says which cells.
    #[test]
    fn a_switch_is_named_in_the_log() {
        // A random 12×12 (seeded) that needs clause learning: it finds one
        // solution, and rows 1 and 3 may trade columns 3 and 5.
        let req = request(
            &[
                &[1, 1, 1, 1],
                &[1, 1, 2, 1],
                &[2, 1],
                &[1, 1, 1, 1],
                &[3, 2, 1],
                &[1, 3, 2],
                &[1, 1, 3, 1],
                &[1, 1, 1],
                &[1, 1, 1, 1],
                &[1, 1, 2],
                &[2, 4],
                &[1, 2, 1, 1],
            ],
            &[
                &[2, 1],
                &[1, 1, 2],
                &[1, 1, 1, 1, 2],
                &[4, 1],
                &[1],
                &[1, 2, 1],
                &[1, 2, 1, 1],
                &[1, 5],
                &[2, 1, 3],
                &[2, 1, 1, 3],
                &[3, 1],
                &[1, 1, 1, 2],
            ],
        );
        let mut s = Session::<Puzzle>::new(&req).unwrap().unwrap();
        let mut notes = Vec::new();
        let done = loop {
            match s.advance(|| true, || 0.0) {
                FromWorker::Steps { frames, .. } => {
                    notes.extend(frames.into_iter().filter_map(|f| match f {
                        Frame::Grid { note, cells } => Some((note, cells)),
                        _ => None,
                    }))
                }
                done => break done,
            }
        };
        // "solution 2: solution 1 with the cells of rows R1 and R2 in
        // columns C1 and C2 switched, which keeps every clue" (which
        // switch depends on the first solution the search meets).
        let named = notes.iter().find_map(|(note, cells)| {
            let rest = note.strip_prefix("solution 2: solution 1 with the cells of rows ")?;
            let rest = rest.strip_suffix(" switched, which keeps every clue")?;
            let (rows, columns) = rest.split_once(" in columns ")?;
            let pair = |s: &str| -> Option<(usize, usize)> {
                let (a, b) = s.split_once(" and ")?;
                Some((a.parse().ok()?, b.parse().ok()?))
            };
            Some((pair(rows)?, pair(columns)?, cells.clone()))
        });
        let Some(((r1, r2), (c1, c2), shown)) = named else {
            panic!("no switch named: {:?}", notes.iter().map(|(n, _)| n).collect::<Vec<_>>())
        };
        let FromWorker::Done(done) = done else { unreachable!() };
        assert_eq!(done.verdict, VerdictKind::Multiple);
        let [a, b] = &done.solutions[..] else { panic!("two solutions") };
        // The board shows the solution its note names, and the two differ
        // in the four cells it names (1-based rows and columns).
        assert_eq!(&shown, b);
        let apart: Vec<usize> = (0..144).filter(|&i| a[i] != b[i]).collect();
        let mut named: Vec<usize> =
            [(r1, c1), (r1, c2), (r2, c1), (r2, c2)].iter().map(|&(r, c)| (r - 1) * 12 + c - 1).collect();
        named.sort_unstable();
        assert_eq!(apart, named);
    }

    #[test]
    fn contradiction_and_invalid_clues() {
        let mut s = Session::<Puzzle>::new(&request(&[&[2], &[]], &[&[], &[2]])).unwrap().unwrap();
        // The frames of the only batch come first, then the verdict.
        let FromWorker::Steps { frames, .. } = s.advance(|| true, || 0.0) else { panic!() };
        assert!(
            matches!(frames.last(), Some(Frame::Grid { note, .. }) if note == "Dead end: column 1 cannot fit its clue")
        );
        assert!(!s.is_done());
        let FromWorker::Done(done) = s.advance(|| true, || 0.0) else { panic!() };
        let Finished { verdict, line, .. } = *done;
        assert!(s.is_done());
        assert_eq!((verdict, line), (VerdictKind::None, Some(LineId::Column(0))));
        let Some(Err(FromWorker::Error { message, .. })) =
            Session::<Puzzle>::new(&request(&[&[3]], &[&[1], &[1]]))
        else {
            panic!()
        };
        assert_eq!(message, "row 1: run 3 needs 3 cells, the row has 2");
    }
}

#[cfg(test)]
mod colour_tests {
    use super::*;
    use nonogram_core::colour::ColourPuzzle;

    /// A colour puzzle's solve in batches: the one batch loop, with colour frames.
    type ColourSession = Session<ColourPuzzle>;

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
