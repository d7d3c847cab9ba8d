//! Search: propagation, then guess and backtrack, as a steppable state machine.
//!
//! [`Solver`] is an iterator of [`Step`]s; each `next()` does a bounded amount
//! of work (one line solved, one sweep's scan, one probe, one guess, one
//! backtrack or one restart, and never much more line solving than
//! [`crate::propagate::WORK_PER_CALL`]: past it, a scan or a probe's trial is suspended with a
//! [`Step::Working`] and goes on at the next call), so a caller can stream
//! the steps, stop at any time, or enforce its own time limit, on a
//! 1000×1000 board too. Nothing recurses: guesses live on an explicit stack of frames and
//! undo uses the board's trail, so memory stays O(cells) however deep it goes.
//!
//! Probing: when propagation stalls, each unknown cell is tried both ways
//! with full propagation (one probe per step). A value that contradicts
//! forces the other; cells that come out the same both ways are forced too.
//! A cell is probed again only when its row or column changed since its last
//! probe (skipping one can miss a deduction, never make a wrong one); when no
//! cell needs a probe, search branches.
//!
//! Branching: on the cell whose probes settle the most cells either way,
//! scored `min(a, b)` for the `a` and `b` cells its two values settle (in odd
//! restart runs plus `0.5·ln(1 + |a − b|)`), trying first the value that
//! settles more; cells no probe has scored fall back to the one whose row
//! and column are most known. Measured on webpbn #6574 "Forever":
//! `min(a, b)` needs 74–350 guesses whatever the tie-break, while
//! `min(a, b) + 1.85·ln(1 + |a − b|)` needed 43 290. Every solution is
//! checked against the clues before it is reported.
//!
//! Solutions found without search: each new solution brings its images
//! under the clues' symmetries ([`crate::symmetry`]) as further solutions,
//! and its switches ([`crate::switch`]: four cells at a rectangle's corners
//! turned over), checked against the clues, before clause learning goes on
//! (solutions found by guessing, when it hands over: guessing meets a
//! second solution near the first soon, or proves the first unique, and
//! looking costs some 20 µs on a 25×25).
//! Of TAAI 2011's last 200 puzzles, 199 have a switch in the first solution
//! found; clause learning had spent 17 % of their contradictions finding
//! the second (198 884 in all, 164 537 with switches).
//!
//! Clause learning: after [`SolveOptions::learn_after`] guesses, or once
//! their probing has tried as many cells as the grid has, the search
//! returns to the root and hands over to [`crate::sat`], which runs in slices
//! (one [`Step::Learning`] each) with the root's known cells and the
//! solutions found so far. On TAAI 2011's hard puzzles it turned minutes of
//! guessing into seconds; Forever went from about 50 ms to about 20 ms.
//! When our CDCL solver ([`crate::cdcl`]) has met
//! [`SolveOptions::splr_after`] contradictions over every grid (by default
//! it never hands over; only with the `splr` feature), splr takes over
//! ([`Step::Handover`], see `SatSearch::new_long`); after each solution splr finds, ours starts
//! again, near it ([`SatSearch::new_near`]).

use crate::cell::Cell;
use crate::grid::Grid;
use crate::propagate::{Board, Progress, Propagation};
use crate::puzzle::{LineId, Puzzle, PuzzleError};
use crate::sat::{Clock, SatProgress, SatSearch, Until};
use crate::switch::{self, Switch};
use crate::symmetry::{symmetries, Symmetry};
use std::collections::{HashSet, VecDeque};

/// The most clauses clause learning takes on (about 40 bytes each with the
/// solver's watches): a 200×150 photo can need millions, and search does
/// without.
const MAX_LEARNING_CLAUSES: u64 = 2_000_000;

/// Past this bound on the clauses ([`SatSearch::clause_bound`]), splr takes
/// over from our solver sooner (see `Solver::splr_after`). Knotty's bound is
/// 38 972 and a 25×25's under 10 000; Faase's is 338 804, so with
/// `--splr-after 200000` splr takes over there after 29 515 contradictions.
const LARGE_ENCODING: u64 = 50_000;

/// Past this bound on the clauses, splr never takes over: our solver goes
/// on alone. splr's memory grows with the encoding (and with its time), past
/// the 200 MB one solve may hold: Faase (338 804) peaks at 183–190 MB, a
/// random 100×100 picture (537 672) held 283 MB after 60 s, a 150×150 one
/// (1 774 540) 448 MB as splr was built, and then overran a 30 s limit by
/// 14 s. batsat alone (our solver then), whose learnt clauses were
/// bounded, held 70 MB and 130 MB for them and stopped on time.
#[cfg(feature = "splr")]
const MAX_SPLR_CLAUSES: u64 = 400_000;

/// How far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Stop after this many solutions (at least 1; 2 proves uniqueness).
    pub max_solutions: usize,
    /// Hand the search over to clause learning ([`crate::sat`]) once this
    /// many guesses have been made, or sooner, once the probing since the
    /// first guess has tried as many cells as the grid has (a guess on a
    /// wide-open grid re-probes hundreds of cells; see
    /// [`Solver::learning_due`]); `None` never does.
    pub learn_after: Option<u64>,
    /// Clause learning with this random seed, and a little randomness in its
    /// choices; `None`: the SAT solver's deterministic defaults. A second
    /// engine racing the first (in the browser) uses one: on hard puzzles
    /// their times differ widely, so the first verdict of two comes sooner.
    pub seed: Option<u64>,
    /// Hand clause learning over every grid from our solver to splr
    /// (`SatSearch::new_long`) once ours has met this many contradictions
    /// there without a verdict (fewer, in proportion, on puzzles whose
    /// encoding may exceed 50 000 clauses, and never where it may exceed
    /// 400 000, for memory); `None` (the default) never does. Only with the
    /// `splr` feature (the CLI's; the page's worker is built without it):
    /// otherwise ignored.
    pub splr_after: Option<u64>,
    /// The longest one step of splr may take, in seconds; `None`: until it
    /// has a solution or proves there is none (minutes on Faase; a caller
    /// that must stop sooner can only drop the solver, or, in the browser,
    /// the worker). Each further step starts splr's heuristics afresh.
    pub splr_seconds: Option<u64>,
    /// splr is rebuilt after this many seconds of search, keeping its learnt
    /// clauses, so its memory stays bounded (see [`SatSearch::new_long`]);
    /// `None`: it is kept, and its memory grows (Faase: 276 MB).
    pub splr_generation: Option<u64>,
}

impl SolveOptions {
    /// Guesses before the switch to clause learning, by default.
    pub const LEARN_AFTER: u64 = 20;

    /// splr's generation by default, in seconds: Faase's peak stayed at
    /// 183–185 MB (276 MB in one call; 189–213 MB with generations of
    /// 90 s), its verdict in 3.0 and 7.0 minutes in two runs
    /// (docs/BENCHMARKS.md).
    pub const SPLR_GENERATION: u64 = 60;

    /// Up to `max_solutions` solutions, with the default switch to clause learning.
    pub fn solutions(max_solutions: usize) -> SolveOptions {
        SolveOptions { max_solutions, ..SolveOptions::default() }
    }

    /// The options of an engine racing one with `self` (the CLI's
    /// `--threads`, the page's racing workers): clause learning from the
    /// root, with `seed`, so that its path differs, and our solver to the
    /// end.
    /// splr's memory grows with its time (on Knotty's clauses, 116 MB after
    /// 60 s from the root), so only the first engine hands over to it: two
    /// engines in splr on Faase peaked at 401 MB, one at 183 MB.
    pub fn racing(self, seed: u64) -> SolveOptions {
        SolveOptions { learn_after: Some(0), seed: Some(seed), splr_after: None, ..self }
    }
}

/// Whether engines may race the first on `puzzle`: only where its encoding
/// is at most [`LARGE_ENCODING`] clauses ([`SatSearch::clause_bound`]).
/// Each racer holds a line cache and a clause-learning search of its own,
/// which grow with the encoding: on Faase (338 804) two engines held
/// 234 MB within 6 s, where one held 113 MB. Under the bound (Knotty's is
/// 38 972, a 25×25's under 10 000) a racer holds a few MB.
pub fn racing_fits(puzzle: &Puzzle) -> bool {
    SatSearch::clause_bound(puzzle) <= LARGE_ENCODING
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            max_solutions: 2,
            learn_after: Some(Self::LEARN_AFTER),
            seed: None,
            // splr came in for Faase, which batsat (our solver then) left
            // without a solution for 55 minutes. Our own solver, with its
            // target phases, has Faase's verdict in 24 s at 80 MB where
            // the handover to splr took 70–133 s at 185–191 MB
            // (docs/BENCHMARKS.md): it no longer hands over by default.
            splr_after: None,
            splr_seconds: None,
            splr_generation: Some(Self::SPLR_GENERATION),
        }
    }
}

/// One unit of solver work, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A line was solved; its changed cells (position along the line, new value).
    Line { line: LineId, changes: Vec<(usize, Cell)> },
    /// A sweep (all dirty rows, then all dirty columns) ended.
    Sweep { sweep: usize, unknown: usize },
    /// A line has no placement fitting its cells, with `depth` guesses in force.
    Contradiction { line: LineId, depth: usize },
    /// A guess: cell (row, col) set to `cell`; `depth` guesses are now in force.
    Guess { row: usize, col: usize, cell: Cell, depth: usize },
    /// A guess was undone and its cell set to the other value (`cell`), which
    /// holds in every solution still to be found under the `depth` earlier guesses.
    Backtrack { row: usize, col: usize, cell: Cell, depth: usize },
    /// A probe of cell (row, col) at a fixed point: each value tried with full
    /// propagation. `forced` is the value it proved, if any; `settled` counts
    /// the cells each value (filled, empty) settled when neither contradicted.
    Probe { row: usize, col: usize, forced: Option<Cell>, settled: (usize, usize) },
    /// The search went back to the root to start run `run` (1-based) with
    /// another branching order; solutions found so far are kept.
    Restart { run: usize },
    /// Clause learning is at work from the root; `contradictions` it met so
    /// far. `symmetric`: a second clause learning looks among the grids the
    /// puzzle's symmetries keep, taking turns with the first (see
    /// [`crate::symmetry`]); false once it has no solution left.
    Learning { contradictions: u64, symmetric: bool },
    /// The search among the symmetric grids has no solution left; clause
    /// learning over every grid goes on alone.
    SymmetricExhausted { contradictions: u64 },
    /// splr takes over clause learning over every grid from our solver
    /// ([`SolveOptions::splr_after`]); `contradictions` so far.
    Handover { contradictions: u64 },
    /// A solution (1-based `index`), checked against every clue. `from`:
    /// found from solution `.0` without search, as `.1` says.
    Solution { index: usize, grid: Grid, from: Option<(usize, Derivation)> },
    /// Line solving went on (`lines` lines solved, in propagation or in a
    /// probe's trial) without anything to report yet: the step's bound on
    /// work was reached. The grid is as after the previous step; the next
    /// call goes on where this one stopped. Only large boards see it.
    Working { lines: usize },
    /// The search is over.
    Done { verdict: Verdict },
}

/// How a solution came from an earlier one, without search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Derivation {
    /// Its image by the symmetry of this name (see [`crate::symmetry`]).
    Image(String),
    /// Four of its cells turned over (see [`crate::switch`]).
    Switch(Switch),
}

impl Derivation {
    /// What it says of a solution found from solution `of`: "the image of
    /// solution 1 by the quarter turn, which keeps every clue".
    pub fn describe(&self, of: usize) -> String {
        match self {
            Derivation::Image(symmetry) => {
                format!("the image of solution {of} by the {symmetry}, which keeps every clue")
            }
            Derivation::Switch(Switch { rows: (r1, r2), columns: (c1, c2) }) => format!(
                "solution {of} with the cells of rows {} and {} in columns {} and {} switched, which keeps every clue",
                r1 + 1,
                r2 + 1,
                c1 + 1,
                c2 + 1
            ),
        }
    }
}

/// The outcome of a solve; a solution is a [`Grid`], or for a colour
/// puzzle one colour per cell, row-major (`Vec<u8>`, see [`crate::colour`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<G = Grid> {
    /// Exactly one solution, proven by exhausting the search.
    Unique(G),
    /// At least two different solutions (the first `max_solutions` found).
    Multiple(Vec<G>),
    /// No solution; `line` names the line that contradicts before any guess.
    None { line: Option<LineId> },
    /// The caller stopped the solve before it ended (time limit or cancel).
    Interrupted,
}

impl<G> Verdict<G> {
    /// `unique`, `multiple`, `none` or `timeout` (the CLI's words).
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(_) => "multiple",
            Verdict::None { .. } => "none",
            Verdict::Interrupted => "timeout",
        }
    }

    pub fn solutions(&self) -> &[G] {
        match self {
            Verdict::Unique(g) => std::slice::from_ref(g),
            Verdict::Multiple(gs) => gs,
            _ => &[],
        }
    }
}

/// Counters of the work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub line_solves: u64,
    /// Cells probed (each tried both ways).
    pub probes: u64,
    pub sweeps: usize,
    pub guesses: u64,
    pub backtracks: u64,
    pub restarts: u64,
    pub max_depth: usize,
    /// Contradictions met by clause learning (0 when it was not needed).
    pub learnt: u64,
}

impl Stats {
    /// True when neither probing nor guessing was needed: the puzzle fell
    /// to line logic alone.
    pub fn by_line_logic(&self) -> bool {
        self.guesses == 0 && self.probes == 0
    }
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    trail_len: usize,
    index: usize,
    first: Cell,
    tried_second: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Propagate,
    Probe,
    Branch,
    Backtrack,
    Learn,
    Finished,
    Reported,
}

/// A steppable solve of one puzzle; iterate it for its [`Step`]s.
#[derive(Debug)]
pub struct Solver {
    puzzle: Puzzle,
    options: SolveOptions,
    board: Board,
    propagation: Propagation,
    frames: Vec<Frame>,
    state: State,
    solutions: Vec<Grid>,
    /// The solutions as a set: is a grid found before, in constant time (a
    /// scan of the list made `--max-solutions 40320` quadratic).
    found: HashSet<Grid>,
    root_contradiction: Option<LineId>,
    stats: Stats,
    probe: ProbeMemory,
    restart: Restarts,
    /// Scratch: the value each cell took in the filled probe (Unknown if none).
    probe_marks: Vec<Cell>,
    /// The probe under way when a step's work ran out in one of its trials.
    probe_run: Option<ProbeRun>,
    /// A probe's list of trial cells, kept for the next probe (an
    /// allocation per trial showed in TAAI's instruction counts).
    spare_cells: Vec<(u32, Cell)>,
    /// Clause learning over every grid, once the search has handed over to it.
    learning: Option<SatSearch>,
    /// Whether the puzzle's clauses are few enough for clause learning.
    learning_fits: bool,
    /// Cells probed before the first guess (see [`Solver::learning_due`]).
    probes_at_first_guess: u64,
    /// The clues' symmetries ([`crate::symmetry`]).
    symmetries: Vec<Symmetry>,
    /// Clause learning over the grids the symmetries keep: it takes turns
    /// with `learning` until it has no solution left.
    symmetric: Option<SatSearch>,
    /// The next slice of clause learning goes to `symmetric`.
    symmetric_turn: bool,
    /// A slice of our solver's cut short by the caller's pause (a batch's end):
    /// whether it is the symmetric search's, and its contradictions left.
    /// The next step finishes it before the turn passes, so that the two
    /// searches share the work as they do unpaused, however the batches
    /// fall (in the page, cut slices once passed the turn early, and
    /// Knotty took 30 000 to 46 000 contradictions against 27 274).
    slice_left: Option<(bool, u64)>,
    /// Contradictions of the clause learnings that have ended: the
    /// symmetric one, and ours before splr took over.
    learnt_before: u64,
    /// Steps to report before any further work: the images of a solution.
    pending: VecDeque<Step>,
    /// The caller's clock and times, for clause learning's slices.
    until: Option<Until>,
}

/// Per-cell probing memory: when each cell was last probed and what it showed.
#[derive(Clone, Debug, Default)]
struct ProbeMemory {
    /// Next grid index to consider (wrapping).
    cursor: usize,
    /// Board clock when each cell was last probed (0: never).
    probed_at: Vec<u64>,
    /// Cells settled by each value (filled, empty) at each cell's last probe.
    settled: Vec<(u32, u32)>,
}

/// Restarts: search runs with a budget of backtracks that doubles each run
/// (so some run always finishes, and the search stays complete), each with
/// its own branching score and tie-break. Hard puzzles vary a lot with these
/// choices; restarts keep one unlucky choice from costing minutes.
#[derive(Clone, Copy, Debug)]
struct Restarts {
    run: u32,
    budget: u64,
    backtracks: u64,
}

impl Restarts {
    const FIRST_BUDGET: u64 = 500;

    fn new() -> Restarts {
        Restarts { run: 0, budget: Self::FIRST_BUDGET, backtracks: 0 }
    }

    /// Branching score from the cells each value settles, `a` and `b`. The
    /// runs take turns among three scores, since hard puzzles differ in which
    /// one suits them (measured on TAAI #836: 22 s with the first score
    /// alone, 1.4 s in turns; Forever stays with the first):
    /// - min(a, b): a guess that settles much either way;
    /// - (a + 1)(b + 1): both counts, so an unbalanced cell can win;
    /// - min(a, b) + 1.85 ln(1 + |a − b|): a bonus for imbalance (one value
    ///   likely to fail fast), the score issue 5 suggests.
    fn score(&self, (a, b): (u32, u32)) -> f64 {
        let (a, b) = (f64::from(a), f64::from(b));
        match self.run % 3 {
            0 => a.min(b),
            1 => (a + 1.0) * (b + 1.0),
            _ => a.min(b) + 1.85 * (1.0 + (a - b).abs()).ln(),
        }
    }

    /// Orders cells of equal score: lowest index first in the first run,
    /// then a different pseudo-random order each run.
    fn tie_break(&self, index: usize) -> u64 {
        if self.run == 0 {
            u64::MAX - index as u64
        } else {
            (index as u64 ^ u64::from(self.run)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 8
        }
    }
}

/// A probe under way: its cell, the value being tried, the filled value's
/// outcome once known, and, while suspended between steps, the cells its
/// trial had set (the board itself is back as before the trial, so the grid
/// a caller sees never holds a trial's cells).
#[derive(Debug)]
struct ProbeRun {
    index: usize,
    value: Cell,
    filled: Option<Trial>,
    suspended: Vec<(u32, Cell)>,
}

/// What trying one value of a cell showed.
#[derive(Debug)]
enum Trial {
    Contradiction(LineId),
    /// The cells (grid index, value) the value settled, the probed cell first.
    Settled(Vec<(u32, Cell)>),
}

impl Solver {
    /// Validates the puzzle and prepares a solve.
    pub fn new(puzzle: &Puzzle, options: SolveOptions) -> Result<Solver, PuzzleError> {
        puzzle.validate()?;
        let (w, h) = (puzzle.width(), puzzle.height());
        Ok(Solver {
            puzzle: puzzle.clone(),
            options: SolveOptions { max_solutions: options.max_solutions.max(1), ..options },
            board: Board::new(w, h),
            propagation: Propagation::new(w, h),
            frames: Vec::new(),
            state: State::Propagate,
            solutions: Vec::new(),
            found: HashSet::new(),
            root_contradiction: None,
            stats: Stats::default(),
            probe: ProbeMemory { cursor: 0, probed_at: vec![0; w * h], settled: vec![(0, 0); w * h] },
            probe_marks: vec![Cell::Unknown; w * h],
            probe_run: None,
            spare_cells: Vec::new(),
            restart: Restarts::new(),
            learning: None,
            learning_fits: SatSearch::clause_bound(puzzle) <= MAX_LEARNING_CLAUSES,
            probes_at_first_guess: 0,
            symmetries: symmetries(puzzle),
            symmetric: None,
            symmetric_turn: false,
            slice_left: None,
            learnt_before: 0,
            pending: VecDeque::new(),
            until: None,
        })
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Gives the solver the caller's clock (milliseconds, any origin) and
    /// the times on it by which a step should hand control back: `pause_at`
    /// (a batch's end; `None`: none) and `limit_at` (the solve's time
    /// limit). Steps of line solving are bounded by work whatever the
    /// clock; this bounds clause learning's slices, which otherwise run for
    /// a number of contradictions (a slice took 0.4 s on a random 100×100
    /// picture) or, with splr, for [`SolveOptions::splr_seconds`]. The
    /// caller still reads its clock between steps to stop.
    pub fn set_clock(&mut self, clock: Clock, pause_at: Option<f64>, limit_at: Option<f64>) {
        self.until = Some(Until { clock, pause_at, limit_at });
    }

    /// Moves the time a step should hand control back by (see
    /// [`Solver::set_clock`]); nothing without a clock.
    pub fn set_pause_at(&mut self, pause_at: Option<f64>) {
        if let Some(until) = &mut self.until {
            until.pause_at = pause_at;
        }
    }

    /// The grid as known now (under the guesses in force).
    pub fn grid(&self) -> &Grid {
        &self.board.grid
    }

    pub fn unknown(&self) -> usize {
        self.board.unknown()
    }

    /// The puzzle's symmetries ([`crate::symmetry`]).
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// Guesses in force now.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    pub fn stats(&self) -> Stats {
        Stats {
            line_solves: self.propagation.line_solves(),
            sweeps: self.propagation.sweeps(),
            learnt: self.learnt_before
                + self.symmetric.as_ref().map_or(0, SatSearch::conflicts)
                + self.learning.as_ref().map_or(0, SatSearch::conflicts),
            ..self.stats
        }
    }

    /// The verdict once the search is over; `None` while it is still running.
    pub fn verdict(&self) -> Option<Verdict> {
        matches!(self.state, State::Finished | State::Reported).then(|| self.make_verdict())
    }

    fn make_verdict(&self) -> Verdict {
        match self.solutions.len() {
            0 => Verdict::None { line: self.root_contradiction },
            1 => Verdict::Unique(self.solutions[0].clone()),
            _ => Verdict::Multiple(self.solutions.clone()),
        }
    }

    fn coords(&self, index: usize) -> (usize, usize) {
        let w = self.puzzle.width();
        (index / w, index % w)
    }

    /// The unknown cell to guess: the one whose row and column are most known.
    fn choose_cell(&self) -> Option<usize> {
        let grid = &self.board.grid;
        let (w, h) = (grid.width(), grid.height());
        let mut row_known = vec![0usize; h];
        let mut col_known = vec![0usize; w];
        for (i, c) in grid.cells().iter().enumerate() {
            if c.is_known() {
                row_known[i / w] += 1;
                col_known[i % w] += 1;
            }
        }
        // Compare known fractions k_r/w + k_c/h as integers: k_r*h + k_c*w.
        grid.cells()
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_known())
            .max_by_key(|&(i, _)| (row_known[i / w] * h + col_known[i % w] * w, std::cmp::Reverse(i)))
            .map(|(i, _)| i)
    }

    fn propagate(&mut self) -> Option<Step> {
        match self.propagation.next(&self.puzzle, &mut self.board) {
            Progress::Line { line, changes } => Some(Step::Line { line, changes }),
            Progress::SweepEnd { sweep, unknown } => Some(Step::Sweep { sweep, unknown }),
            Progress::Paused { lines } => Some(Step::Working { lines }),
            Progress::Contradiction(line) => {
                if self.frames.is_empty() {
                    self.root_contradiction = Some(line);
                }
                self.state = State::Backtrack;
                Some(Step::Contradiction { line, depth: self.frames.len() })
            }
            Progress::FixedPoint if self.board.unknown() > 0 => {
                self.state = State::Probe;
                None
            }
            Progress::FixedPoint => {
                let grid = self.board.grid.clone();
                // Propagation checks every line a cell changed in; this second,
                // independent check guards the verdict itself.
                assert!(self.puzzle.is_solution(&grid), "propagation produced a grid that breaks a clue");
                self.state = State::Backtrack;
                if self.found.contains(&grid) {
                    // Found again after a restart, or the image of one found.
                    return None;
                }
                // Guessing goes on: it meets a second solution near this
                // one soon, or proves it unique; switches wait for clause
                // learning (see `start_learning`).
                Some(self.record(grid, false))
            }
        }
    }

    /// Adds a new solution, then the solutions found from it without search
    /// that are new too: its images under the symmetries, then, with
    /// `switches`, its switches (see [`crate::switch`]); their steps are
    /// queued, and clause learning rules them out. Up to the number asked
    /// for, which ends the search.
    fn record(&mut self, grid: Grid, switches: bool) -> Step {
        self.found.insert(grid.clone());
        self.solutions.push(grid.clone());
        let of = self.solutions.len();
        let images: Vec<(Grid, Derivation)> = self
            .symmetries
            .iter()
            .map(|s| (s.apply(&grid), Derivation::Image(s.name().to_string())))
            .collect();
        for (found, how) in images {
            self.derived(found, of, how);
        }
        if switches {
            self.add_switches(&grid, of);
        }
        if self.solutions.len() >= self.options.max_solutions {
            self.state = State::Finished;
        }
        Step::Solution { index: of, grid, from: None }
    }

    /// Queues the switches of `grid`, solution `of`, that are new solutions,
    /// up to the number asked for.
    fn add_switches(&mut self, grid: &Grid, of: usize) {
        if self.solutions.len() >= self.options.max_solutions {
            return;
        }
        // Each solution found so far may be one switch's: as many switches
        // as solutions asked for are enough.
        for switch in switch::switches(grid, self.options.max_solutions) {
            let found = switch.apply(grid);
            assert!(self.puzzle.is_solution(&found), "a switch broke a clue");
            self.derived(found, of, Derivation::Switch(switch));
        }
    }

    /// Queues `found`, a solution found from solution `of` as `how` says,
    /// unless it was found before or enough are.
    fn derived(&mut self, found: Grid, of: usize, how: Derivation) {
        if self.solutions.len() >= self.options.max_solutions || self.found.contains(&found) {
            return;
        }
        for learning in [self.learning.as_mut(), self.symmetric.as_mut()].into_iter().flatten() {
            learning.exclude(&found);
        }
        self.found.insert(found.clone());
        self.solutions.push(found.clone());
        let index = self.solutions.len();
        self.pending.push_back(Step::Solution { index, grid: found, from: Some((of, how)) });
    }

    /// Queues trying `value` in the probe's cell: its row and column are
    /// marked for propagation, and [`Solver::resume_trial`] sets the cell.
    fn queue_trial(&mut self, run: &mut ProbeRun, value: Cell) {
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
    fn continue_trial(&mut self, mark: usize, suspended: &mut Vec<(u32, Cell)>) -> Option<Trial> {
        let outcome = self.propagation.settle_bounded(&self.puzzle, &mut self.board);
        let settled = || -> Vec<(u32, Cell)> {
            self.board.trail_since(mark).iter().map(|&i| (i, self.board.grid.cells()[i as usize])).collect()
        };
        let result = match outcome {
            None => {
                *suspended = settled();
                self.board.undo_to(mark);
                self.board.stamping = true;
                return None;
            }
            Some(Err(line)) => Trial::Contradiction(line),
            Some(Ok(())) => Trial::Settled(settled()),
        };
        self.board.undo_to(mark);
        self.propagation.clear();
        self.board.stamping = true;
        Some(result)
    }

    /// Puts a queued or suspended trial's cells back (unstamped, so undoing
    /// the trial leaves no trace, in the order they were set); returns the
    /// trial's mark.
    fn resume_trial(&mut self, suspended: &mut Vec<(u32, Cell)>) -> usize {
        let mark = self.board.trail_len();
        self.board.stamping = false;
        for (i, v) in suspended.drain(..) {
            self.board.set(i as usize, v);
        }
        mark
    }

    /// Sets an unknown cell (a guess, a probe's trial value, or a deduction)
    /// and marks its row and column for propagation.
    fn assign(&mut self, index: usize, value: Cell) {
        self.board.set(index, value);
        self.propagation.mark_cell(self.puzzle.width(), index);
    }

    /// Probes the next unknown cell whose lines changed since its last probe,
    /// or branches when there is none. A probe whose trials take more than a
    /// step's work is suspended ([`Step::Working`]) and resumed at the next
    /// call.
    fn probe(&mut self) -> Option<Step> {
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
                return Some(Step::Contradiction { line, depth: self.frames.len() });
            }
            (Trial::Contradiction(_), Trial::Settled(_)) => return Some(self.forced(index, Cell::Empty)),
            (Trial::Settled(_), Trial::Contradiction(_)) => return Some(self.forced(index, Cell::Filled)),
            (Trial::Settled(a), Trial::Settled(b)) => (a, b),
        };
        // Cells settled the same way by both values hold either way.
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
        self.probe.settled[index] = (a.len() as u32, b.len() as u32);
        Some(Step::Probe { row, col, forced: None, settled: (a.len(), b.len()) })
    }

    /// Applies a value that probing proved for `index` and resumes propagation.
    fn forced(&mut self, index: usize, value: Cell) -> Step {
        self.assign(index, value);
        self.state = State::Propagate;
        let (row, col) = self.coords(index);
        Step::Probe { row, col, forced: Some(value), settled: (0, 0) }
    }

    /// Undoes every guess in force: the board is back at the root, a fixed
    /// point with every probe done.
    fn back_to_root(&mut self) {
        if let Some(frame) = self.frames.first() {
            self.board.undo_to(frame.trail_len);
            self.frames.clear();
            self.propagation.clear();
        }
    }

    /// True when the guesses made call for clause learning and the puzzle's
    /// clauses fit: `learn_after` of them, or fewer once their probing has
    /// tried as many cells as the grid has. On TAAI's 25×25s, where the hard
    /// ones are open at the root, that hands over after 3–4 guesses instead
    /// of 20 (27.7 s against 30.8 s in all, the same verdicts); a puzzle
    /// whose guesses settle much keeps guessing.
    fn learning_due(&self) -> bool {
        let Some(n) = self.options.learn_after else { return false };
        let probed = self.stats.probes - self.probes_at_first_guess;
        let worked = self.stats.guesses > 0 && probed >= self.board.grid.cells().len() as u64;
        (self.stats.guesses >= n || worked) && self.learning_fits
    }

    /// Goes back to the root (a fixed point with every probe done) and hands
    /// the rest of the search to clause learning, with the root's known cells
    /// and the solutions found so far excluded. When the clues have
    /// symmetries ([`crate::symmetry`]), a second clause learning looks among
    /// the grids they keep, taking turns with the first: a unique solution is
    /// among them, in a far smaller problem, and the turns keep a puzzle whose
    /// symmetric grids are hard to rule out from costing more than twice.
    fn start_learning(&mut self) -> Option<Step> {
        self.back_to_root();
        // Clause learning may search long where a switch of a solution
        // found by guessing is another: those first.
        let found = self.solutions.clone();
        for (i, grid) in found.iter().enumerate() {
            self.add_switches(grid, i + 1);
        }
        if self.solutions.len() >= self.options.max_solutions {
            self.state = State::Finished;
            return self.pending.pop_front();
        }
        // Clause learning solves no lines: its SAT solvers need the memory.
        self.propagation.release_cache();
        self.learning = Some(self.new_learning(false));
        self.slice_left = None;
        if !self.symmetries.is_empty() {
            self.symmetric = Some(self.new_learning(true));
            self.symmetric_turn = true;
        }
        self.state = State::Learn;
        Some(Step::Learning { contradictions: 0, symmetric: self.symmetric.is_some() })
    }

    /// A clause-learning search from the root's known cells, over the
    /// symmetric grids or every grid, with the solutions found so far excluded.
    fn new_learning(&self, symmetric: bool) -> SatSearch {
        let symmetries = if symmetric { &self.symmetries[..] } else { &[] };
        let learning =
            SatSearch::new_symmetric(&self.puzzle, &self.board.grid, self.options.seed, symmetries);
        self.excluding_found(learning)
    }

    /// `learning` with the solutions found so far ruled out.
    fn excluding_found(&self, mut learning: SatSearch) -> SatSearch {
        for solution in &self.solutions {
            learning.exclude(solution);
        }
        learning
    }

    /// Our solver's contradictions over every grid before splr takes over:
    /// [`SolveOptions::splr_after`], fewer in proportion where the encoding
    /// is larger than [`LARGE_ENCODING`] clauses. There each contradiction
    /// costs more, and the memory grows with the learnt clauses: on Faase
    /// (about 330 000 clauses) batsat's (our solver then) 200 000
    /// contradictions took about two minutes, in which the process grew
    /// from 82 MB to 151 MB, and gave splr nothing (splr starts from the
    /// root's clauses). Never past [`MAX_SPLR_CLAUSES`].
    #[cfg(feature = "splr")]
    fn splr_after(&self) -> Option<u64> {
        let bound = SatSearch::clause_bound(&self.puzzle).max(1);
        if bound > MAX_SPLR_CLAUSES {
            return None;
        }
        self.options.splr_after.map(|after| {
            if bound > LARGE_ENCODING {
                (after as u128 * LARGE_ENCODING as u128 / bound as u128) as u64
            } else {
                after
            }
        })
    }

    /// One slice of clause learning, over the symmetric grids and every grid
    /// in turn.
    fn learn(&mut self) -> Option<Step> {
        #[cfg(feature = "splr")]
        if let (Some(learning), Some(after)) = (&self.learning, self.splr_after()) {
            if !learning.is_long() && learning.conflicts() >= after {
                self.learnt_before += learning.conflicts();
                // Ours goes first: its memory makes room for splr's.
                self.learning = None;
                self.slice_left = None;
                let long = SatSearch::new_long(
                    &self.puzzle,
                    &self.board.grid,
                    self.options.splr_seconds,
                    self.options.splr_generation,
                );
                self.learning = Some(self.excluding_found(long));
                return Some(Step::Handover { contradictions: self.stats().learnt });
            }
        }
        let (symmetric_turn, left) = match self.slice_left.take() {
            Some((symmetric, left)) if !symmetric || self.symmetric.is_some() => (symmetric, Some(left)),
            _ => {
                let turn = self.symmetric_turn && self.symmetric.is_some();
                self.symmetric_turn = !self.symmetric_turn;
                (turn, None)
            }
        };
        let learning = if symmetric_turn { self.symmetric.as_mut() } else { self.learning.as_mut() };
        let learning = learning.expect("learning started");
        let budget = left.unwrap_or_else(|| learning.slice());
        let before = learning.conflicts();
        let progress = learning.run_until(budget, self.until.as_ref());
        let used = learning.conflicts().saturating_sub(before);
        if progress == SatProgress::Working && used < budget && !learning.is_long() {
            self.slice_left = Some((symmetric_turn, budget - used));
        }
        match progress {
            SatProgress::Working => Some(Step::Learning {
                contradictions: self.stats().learnt,
                symmetric: self.symmetric.is_some(),
            }),
            SatProgress::Solution(grid) => {
                // The search that found it has ruled it out; the other must too.
                let other = if symmetric_turn { self.learning.as_mut() } else { self.symmetric.as_mut() };
                if let Some(other) = other {
                    other.exclude(&grid);
                }
                let long = !symmetric_turn && self.learning.as_ref().is_some_and(SatSearch::is_long);
                let step = self.record(grid.clone(), true);
                if long && self.state != State::Finished {
                    // splr would start afresh for the next solution. Ours,
                    // with this one's values as its saved phases, looks
                    // around it first and often finds one far sooner (Faase:
                    // four cells away, at its first contradiction, where
                    // splr's first took 5 to 7 minutes); if not, splr takes
                    // over again.
                    self.learnt_before += self.learning.as_ref().map_or(0, SatSearch::conflicts);
                    let near =
                        SatSearch::new_near(&self.puzzle, &self.board.grid, self.options.seed, Some(&grid));
                    self.learning = Some(self.excluding_found(near));
                }
                Some(step)
            }
            SatProgress::Exhausted if symmetric_turn => {
                // No symmetric grid is left: the other search goes on alone.
                self.learnt_before += learning.conflicts();
                self.symmetric = None;
                Some(Step::SymmetricExhausted { contradictions: self.stats().learnt })
            }
            SatProgress::Exhausted => {
                self.state = State::Finished;
                None
            }
        }
    }

    fn branch(&mut self) -> Option<Step> {
        if self.learning_due() {
            return self.start_learning();
        }
        let cells = self.board.grid.cells();
        let restart = &self.restart;
        let best = (0..cells.len())
            .filter(|&i| cells[i] == Cell::Unknown && self.probe.probed_at[i] > 0)
            .map(|i| (restart.score(self.probe.settled[i]), restart.tie_break(i), i))
            .max_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)))
            .map(|(_, _, i)| i);
        let choice = match best {
            Some(i) => {
                let (a, b) = self.probe.settled[i];
                Some((i, if a >= b { Cell::Filled } else { Cell::Empty }))
            }
            None => self.choose_cell().map(|i| (i, Cell::Filled)),
        };
        let Some((index, mut first)) = choice else {
            self.state = State::Propagate;
            return None;
        };
        // With a solution in hand, look for another: try the value it does
        // not have first, so the first branch leads away from it.
        if let Some(found) = self.solutions.first() {
            first = found.cells()[index].opposite();
        }
        if self.stats.guesses == 0 {
            self.probes_at_first_guess = self.stats.probes;
        }
        self.frames.push(Frame { trail_len: self.board.trail_len(), index, first, tried_second: false });
        self.assign(index, first);
        self.stats.guesses += 1;
        self.stats.max_depth = self.stats.max_depth.max(self.frames.len());
        self.state = State::Propagate;
        let (row, col) = self.coords(index);
        Some(Step::Guess { row, col, cell: first, depth: self.frames.len() })
    }

    fn backtrack(&mut self) -> Option<Step> {
        if self.learning_due() && !self.frames.is_empty() {
            return self.start_learning();
        }
        self.restart.backtracks += 1;
        if self.restart.backtracks > self.restart.budget && !self.frames.is_empty() {
            // Back to the root, and a new run.
            self.back_to_root();
            self.restart.run += 1;
            self.restart.budget *= 2;
            self.restart.backtracks = 0;
            self.stats.restarts += 1;
            self.state = State::Probe;
            return Some(Step::Restart { run: self.restart.run as usize + 1 });
        }
        while self.frames.last().is_some_and(|f| f.tried_second) {
            self.frames.pop();
        }
        let Some(frame) = self.frames.last_mut() else {
            self.state = State::Finished;
            return None;
        };
        frame.tried_second = true;
        let frame = *frame;
        self.board.undo_to(frame.trail_len);
        self.propagation.clear();
        let cell = frame.first.opposite();
        self.assign(frame.index, cell);
        self.stats.backtracks += 1;
        self.state = State::Propagate;
        let (row, col) = self.coords(frame.index);
        Some(Step::Backtrack { row, col, cell, depth: self.frames.len() - 1 })
    }
}

impl Iterator for Solver {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if let Some(step) = self.pending.pop_front() {
            return Some(step);
        }
        loop {
            let step = match self.state {
                State::Propagate => self.propagate(),
                State::Probe => self.probe(),
                State::Branch => self.branch(),
                State::Backtrack => self.backtrack(),
                State::Learn => self.learn(),
                State::Finished => {
                    self.state = State::Reported;
                    Some(Step::Done { verdict: self.make_verdict() })
                }
                State::Reported => return None,
            };
            if step.is_some() {
                return step;
            }
        }
    }
}

/// Steps `steps` until `verdict_of` finds the verdict in a step, asking
/// `keep_going()` after every other step: `None` when it said stop first
/// (the caller steps on later), or when the steps ended without a verdict.
pub fn until_verdict<S, V>(
    steps: &mut impl Iterator<Item = S>,
    verdict_of: impl Fn(S) -> Option<V>,
    mut keep_going: impl FnMut() -> bool,
) -> Option<V> {
    for step in steps {
        match verdict_of(step) {
            Some(v) => return Some(v),
            None if !keep_going() => return None,
            None => {}
        }
    }
    None
}

/// Solves a puzzle to the end, or until `keep_going` (called after every step)
/// returns false, which gives [`Verdict::Interrupted`].
pub fn solve(
    puzzle: &Puzzle,
    options: SolveOptions,
    mut keep_going: impl FnMut(&Step) -> bool,
) -> Result<(Verdict, Stats), PuzzleError> {
    let mut solver = Solver::new(puzzle, options)?;
    while let Some(step) = solver.next() {
        if let Step::Done { verdict } = step {
            return Ok((verdict, solver.stats()));
        }
        if !keep_going(&step) {
            return Ok((Verdict::Interrupted, solver.stats()));
        }
    }
    unreachable!("a solver always ends with Step::Done")
}
