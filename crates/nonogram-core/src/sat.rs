//! Clause learning for the hard tail: the puzzle as CNF for our CDCL SAT
//! solver ([`crate::cdcl`]), or for splr on long runs.
//!
//! # Encoding (order encoding, every clause of at most three literals)
//! One variable `x` per cell (true = filled). For each run `i` of a line, with
//! earliest start `e` and latest start `l` (runs packed left, packed right),
//! `U(i, p)` means "run `i` starts at or before position `p`": false below
//! `e`, true from `l` on, a variable in between. Then, for the line's runs
//! `r_0 … r_{k-1}`:
//! - monotone: `U(i, p) → U(i, p + 1)`;
//! - order: `U(i + 1, p) → U(i, p − r_i − 1)` (a gap after each run);
//! - cover: `U(i, c) ∧ ¬U(i, c − r_i) → x_c` (run `i` covers cell `c`);
//! - gaps: before run 0 (`¬U(0, c)`), between runs (`U(i, c − r_i) ∧
//!   ¬U(i + 1, c)`) and after the last (`U(k − 1, c − r_{k−1})`), `¬x_c`.
//!
//! A model gives each run exactly one start, the starts leave a gap between
//! runs, and a cell is filled exactly when a run covers it: the models are the
//! solutions, one to one. Cells already known (from line logic and probing)
//! go in as unit clauses. After a solution, a clause that forbids it asks for
//! another; none left proves uniqueness.
//!
//! Among the grids a puzzle's symmetries keep ([`SatSearch::new_symmetric`]),
//! the cells that the symmetries move into one another share one variable,
//! and of the lines that then read the same variables under the same clue
//! (forwards or backwards) only one is encoded: under Knotty's turns, a
//! quarter of the cells and lines (9 428 clauses against 36 717 with each
//! cell tied to its images by two clauses).
//!
//! [`SatSearch::run`] works for a bounded number of conflicts and can be
//! called again, so callers can slice the work and stop at any time.

use crate::cdcl::{Cdcl, Lit, Outcome, Var};
use crate::cell::Cell;
use crate::grid::Grid;
use crate::puzzle::{LineId, Puzzle};
use crate::symmetry::{same_runs, Symmetry};

#[cfg(feature = "splr")]
mod long;

/// The caller's clock, in milliseconds from any origin. The core reads no
/// clock of its own (WebAssembly's `std` has none): the CLI passes one
/// built on `Instant`, the worker `performance.now()`.
pub type Clock = std::sync::Arc<dyn Fn() -> f64 + Send + Sync>;

/// When a slice of clause learning should hand control back, on the
/// caller's clock: at `pause_at` (a batch's end: our solver stops and
/// resumes where it was; splr is not cut there, since each call starts its
/// heuristics afresh), and at the latest at `limit_at` (the solve's time
/// limit: both stop).
#[derive(Clone)]
pub struct Until {
    pub clock: Clock,
    pub pause_at: Option<f64>,
    pub limit_at: Option<f64>,
}

impl std::fmt::Debug for Until {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Until").field("pause_at", &self.pause_at).field("limit_at", &self.limit_at).finish()
    }
}

impl Until {
    /// The earlier of the two times, if any.
    fn first(&self) -> Option<f64> {
        match (self.pause_at, self.limit_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// What a slice of SAT work ended with; a solution is a [`Grid`], or for
/// a colour puzzle one colour per cell (see [`crate::colour::sat`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatProgress<G = Grid> {
    /// The conflict budget ran out; call [`SatSearch::run`] again.
    Working,
    /// A new solution (checked against every clue); the search goes on for the next.
    Solution(G),
    /// No solution is left: the solutions found so far are all there are.
    Exhausted,
}

/// A clause-learning search for the solutions, one after another.
pub struct SatSearch {
    engine: Engine,
    puzzle: Puzzle,
    /// The variable of each cell (grid index order).
    cells: Vec<Var>,
    /// False once the clauses are unsatisfiable.
    open: bool,
    clause: Vec<Lit>,
}

/// The CDCL solver at work.
enum Engine {
    /// Our own CDCL solver ([`crate::cdcl`]): slices of contradictions;
    /// its state lasts from one to the next.
    Cdcl(Box<Cdcl>),
    /// splr: stronger on long runs (see `SatSearch::new_long`).
    #[cfg(feature = "splr")]
    Splr(Box<long::SplrRun>),
}

impl std::fmt::Debug for SatSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SatSearch").field("conflicts", &self.conflicts()).field("open", &self.open).finish()
    }
}

/// A literal, or a constant where the encoding's bounds decide it.
#[derive(Clone, Copy)]
pub(crate) enum Term {
    Const(bool),
    Lit(Lit),
}

impl std::ops::Not for Term {
    type Output = Term;
    fn not(self) -> Term {
        match self {
            Term::Const(b) => Term::Const(!b),
            Term::Lit(l) => Term::Lit(!l),
        }
    }
}

impl SatSearch {
    /// Clauses the encoding of `puzzle` has at most: three per run and
    /// possible start, one per run and cell it may cover, one per gap and
    /// cell it may hold (and one per cell of an empty line).
    pub fn clause_bound(puzzle: &Puzzle) -> u64 {
        puzzle
            .lines()
            .map(|line| {
                let clue = puzzle.clue(line);
                let n = line.len(puzzle.width(), puzzle.height()) as u64;
                runs_clause_bound(n, clue.runs().len() as u64, clue.min_len(), clue.total())
            })
            .sum()
    }

    /// Encodes `puzzle` with the cells already known in `known`; a `seed`
    /// randomises the solver's first variable order and 1 % of its choices.
    pub fn new(puzzle: &Puzzle, known: &Grid, seed: Option<u64>) -> SatSearch {
        SatSearch::new_near(puzzle, known, seed, None)
    }

    /// Like [`SatSearch::new`]; with a `near` grid, each cell's first value
    /// is its value in `near`, and the solver's phase saving takes over from
    /// there. After a first solution, a second one often differs from it in
    /// a few cells: started near the first, the solver looks there first.
    /// On Faase, batsat (our solver before `cdcl`) near splr's first
    /// solution found a second one four cells away at its first
    /// contradiction; trying `near`'s values first at every choice (user
    /// polarities, not saved phases) took it 205 000 contradictions to find
    /// one 922 cells away.
    pub fn new_near(puzzle: &Puzzle, known: &Grid, seed: Option<u64>, near: Option<&Grid>) -> SatSearch {
        SatSearch::build(puzzle, known, seed, near, &[])
    }

    /// A search like [`SatSearch::new`] among the grids that each of
    /// `symmetries` maps onto itself, encoded on their own (one variable per
    /// orbit of cells, one line per orbit of lines; see the module doc). On
    /// Knotty the search's first solution took 3 939–8 268 contradictions
    /// and 0.10–0.22 s for most seeds (one 56 769), against 6 617–9 338 and
    /// 0.44–1.01 s (two over 140 000) with the puzzle's clauses and each
    /// cell tied to its images.
    pub fn new_symmetric(
        puzzle: &Puzzle,
        known: &Grid,
        seed: Option<u64>,
        symmetries: &[Symmetry],
    ) -> SatSearch {
        SatSearch::build(puzzle, known, seed, None, symmetries)
    }

    fn build(
        puzzle: &Puzzle,
        known: &Grid,
        seed: Option<u64>,
        near: Option<&Grid>,
        symmetries: &[Symmetry],
    ) -> SatSearch {
        let mut cdcl = Box::new(Cdcl::new(seed));
        let (cells, open) = encode(puzzle, known, symmetries, cdcl.as_mut());
        if let (Some(near), true) = (near, open) {
            let phases: Vec<Lit> =
                cells.iter().zip(near.cells()).map(|(&v, &c)| Lit::new(v, c == Cell::Filled)).collect();
            cdcl.set_phases(&phases);
        }
        SatSearch { engine: Engine::Cdcl(cdcl), puzzle: puzzle.clone(), cells, open, clause: Vec::new() }
    }

    /// Adds a clause, dropping false constants; a true constant satisfies it.
    fn add(&mut self, terms: &[Term]) {
        let open = match &mut self.engine {
            Engine::Cdcl(cdcl) => add_terms(cdcl.as_mut(), &mut self.clause, terms),
            #[cfg(feature = "splr")]
            Engine::Splr(long) => {
                long.drop_solver();
                long.learnt = Clauses::default();
                add_terms(&mut long::SplrClauses(&mut long.clauses), &mut self.clause, terms)
            }
        };
        if !open {
            self.open = false;
        }
    }

    /// Searches for at most `conflicts` more conflicts (ours), or in one
    /// call (splr, see [`SatSearch::new_long`]).
    pub fn run(&mut self, conflicts: u64) -> SatProgress {
        self.run_until(conflicts, None)
    }

    /// [`SatSearch::run`], handing control back by the times `until` gives.
    pub fn run_until(&mut self, conflicts: u64, until: Option<&Until>) -> SatProgress {
        if !self.open {
            return SatProgress::Exhausted;
        }
        let values = match &mut self.engine {
            Engine::Cdcl(cdcl) => {
                let cells = &self.cells;
                let read = |cdcl: &Cdcl| -> Vec<bool> {
                    cells.iter().map(|&v| cdcl.value(Lit::new(v, true))).collect()
                };
                match cdcl.slice(conflicts, until, read) {
                    SatProgress::Solution(values) => values,
                    SatProgress::Working => return SatProgress::Working,
                    SatProgress::Exhausted => {
                        self.open = false;
                        return SatProgress::Exhausted;
                    }
                }
            }
            #[cfg(feature = "splr")]
            Engine::Splr(long) => match long.run(self.cells.len(), until) {
                Ok(Some(values)) => values,
                Ok(None) => return SatProgress::Working,
                Err(()) => {
                    self.open = false;
                    return SatProgress::Exhausted;
                }
            },
        };
        let (w, h) = (self.puzzle.width(), self.puzzle.height());
        let cells =
            values.into_iter().map(|filled| if filled { Cell::Filled } else { Cell::Empty }).collect();
        let grid = Grid::from_cells(w, h, cells).expect("one value per cell");
        assert!(self.puzzle.is_solution(&grid), "the SAT model breaks a clue");
        // The next run finds another solution or proves there is none.
        self.exclude(&grid);
        SatProgress::Solution(grid)
    }

    /// Rules out one solution (found here or elsewhere).
    pub fn exclude(&mut self, solution: &Grid) {
        let block: Vec<Term> = self
            .cells
            .iter()
            .zip(solution.cells())
            .map(|(&v, &c)| Term::Lit(Lit::new(v, c != Cell::Filled)))
            .collect();
        self.add(&block);
    }

    /// The contradictions a caller should allow per [`SatSearch::run`]:
    /// 10 000 for a 25×25 puzzle (about a quarter of a second), fewer for
    /// larger encodings, at least 1000: how often control comes back (the
    /// turns between a symmetric puzzle's two searches fall there). Our
    /// solver goes on where it stopped, so a slice costs nothing else
    /// (batsat, before it, restarted its schedule at every call: slices of
    /// 100 took TAAI's 40 hardest puzzles 92 s, slices of 10 000 46 s).
    pub fn slice(&self) -> u64 {
        slice_for(match &self.engine {
            Engine::Cdcl(cdcl) => cdcl.num_clauses(),
            #[cfg(feature = "splr")]
            Engine::Splr(long) => long.clauses.len() as u64,
        })
    }

    /// Conflicts so far.
    pub fn conflicts(&self) -> u64 {
        match &self.engine {
            Engine::Cdcl(cdcl) => cdcl.conflicts(),
            #[cfg(feature = "splr")]
            Engine::Splr(long) => long.earlier + long.solver.as_ref().map_or(0, long::splr_conflicts),
        }
    }

    /// True for splr's search (`SatSearch::new_long`).
    pub fn is_long(&self) -> bool {
        #[cfg(feature = "splr")]
        return matches!(self.engine, Engine::Splr(_));
        #[cfg(not(feature = "splr"))]
        false
    }
}

/// The contradictions per slice for an encoding of `clauses` clauses (see
/// [`SatSearch::slice`]).
pub(crate) fn slice_for(clauses: u64) -> u64 {
    const FULL: u64 = 10_000;
    (FULL * 20_000 / clauses.max(1)).clamp(1000, FULL)
}

impl Cdcl {
    /// Searches for at most `conflicts` more contradictions, or until
    /// `until` says stop: a model as `read` reads it, `Working` when it
    /// stopped first, `Exhausted` when the clauses are unsatisfiable. The
    /// search goes on where it stopped at the next call.
    pub(crate) fn slice<T>(
        &mut self,
        conflicts: u64,
        until: Option<&Until>,
        read: impl FnOnce(&Cdcl) -> T,
    ) -> SatProgress<T> {
        let stop_at = until.and_then(|u| Some((u.clock.clone(), u.first()?)));
        let late = || stop_at.as_ref().is_some_and(|(clock, at)| clock() >= *at);
        match self.solve(conflicts, late) {
            Outcome::Sat => SatProgress::Solution(read(self)),
            Outcome::Stopped => SatProgress::Working,
            Outcome::Unsat => SatProgress::Exhausted,
        }
    }
}

/// A DIMACS literal: variable `i` is `i + 1`, negative when negated.
fn dimacs_lit(lit: Lit) -> i32 {
    let v = lit.var().idx() as i32 + 1;
    if lit.sign() {
        v
    } else {
        -v
    }
}

/// Clauses in DIMACS numbering, one after another in one vector (Faase's
/// 329 422 clauses take 5 MB so, against 18 MB as a vector per clause).
/// splr's hand-over keeps them ([`long`]).
#[cfg(feature = "splr")]
#[derive(Default)]
struct Clauses {
    lits: Vec<i32>,
    /// Where each clause ends in `lits`.
    ends: Vec<usize>,
}

#[cfg(feature = "splr")]
impl Clauses {
    fn push(&mut self, clause: impl IntoIterator<Item = i32>) {
        self.lits.extend(clause);
        self.ends.push(self.lits.len());
    }
    fn len(&self) -> usize {
        self.ends.len()
    }
    fn iter(&self) -> impl Iterator<Item = &[i32]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter()).map(|(start, &end)| &self.lits[start..end])
    }
}

/// Where the encoding puts its variables and clauses: the SAT solver, a
/// counter or a writer for [`dimacs`], a clause list for splr.
pub(crate) trait ClauseSink {
    fn new_var(&mut self) -> Var;
    fn num_vars(&self) -> u32;
    /// Adds a clause; false when the clauses became unsatisfiable.
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool;
}

impl ClauseSink for Cdcl {
    fn new_var(&mut self) -> Var {
        Cdcl::new_var(self)
    }
    fn num_vars(&self) -> u32 {
        Cdcl::num_vars(self)
    }
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        Cdcl::add_clause(self, clause)
    }
}

/// Counts the clauses only ([`write_dimacs`]'s first pass; the tests
/// check the bounds with it).
#[derive(Default)]
pub(crate) struct ClauseCount {
    vars: u32,
    pub(crate) clauses: u64,
}

impl ClauseSink for ClauseCount {
    fn new_var(&mut self) -> Var {
        self.vars += 1;
        Var::from_idx(self.vars - 1)
    }
    fn num_vars(&self) -> u32 {
        self.vars
    }
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.clauses += 1;
        !clause.is_empty()
    }
}

/// A plain clause list, in DIMACS numbering (splr's hand-over).
#[cfg(feature = "splr")]
#[derive(Default)]
struct ClauseList {
    /// Numbers the variables.
    count: ClauseCount,
    clauses: Clauses,
}

#[cfg(feature = "splr")]
impl ClauseSink for ClauseList {
    fn new_var(&mut self) -> Var {
        self.count.new_var()
    }
    fn num_vars(&self) -> u32 {
        self.count.num_vars()
    }
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.clauses.push(clause.iter().map(|&l| dimacs_lit(l)));
        !clause.is_empty()
    }
}

/// Adds a clause, dropping false constants; a true constant satisfies it.
/// False when the clauses became unsatisfiable.
pub(crate) fn add_terms<S: ClauseSink>(sink: &mut S, clause: &mut Vec<Lit>, terms: &[Term]) -> bool {
    clause.clear();
    for t in terms {
        match *t {
            Term::Const(true) => return true,
            Term::Const(false) => {}
            Term::Lit(l) => clause.push(l),
        }
    }
    sink.add_clause(clause)
}

/// Encodes `puzzle` with the cells known in `known` into `sink`, over the
/// grids its `symmetries` keep (every grid when there are none): one
/// variable per orbit of cells (the cells the symmetries move into one another, which
/// such a grid fills alike), and one line per set of lines that then read
/// the same variables under the same clue, forwards or backwards (each
/// says the same about them). Under Knotty's turns that is a quarter of the
/// cells and of the lines. Returns each cell's variable (grid index order)
/// and false when already unsatisfiable.
fn encode<S: ClauseSink>(
    puzzle: &Puzzle,
    known: &Grid,
    symmetries: &[Symmetry],
    sink: &mut S,
) -> (Vec<Var>, bool) {
    let roots = crate::symmetry::orbit_roots(puzzle.width() * puzzle.height(), symmetries);
    let mut cells: Vec<Var> = Vec::with_capacity(roots.len());
    for (i, &root) in roots.iter().enumerate() {
        // An orbit's root is its lowest cell: its variable comes first.
        let var = if root == i { sink.new_var() } else { cells[root] };
        cells.push(var);
    }
    let open = encode_cells(puzzle, known, &cells, !symmetries.is_empty(), sink);
    (cells, open)
}

/// Encodes `puzzle` with the cells known in `known` over the cell variables
/// `cells` (grid index order; cells that share a variable are equal); when
/// `symmetric`, a line whose clue and variables repeat an encoded line's
/// (forwards or backwards) once. False when already unsatisfiable.
fn encode_cells<S: ClauseSink>(
    puzzle: &Puzzle,
    known: &Grid,
    cells: &[Var],
    symmetric: bool,
    sink: &mut S,
) -> bool {
    let mut clause = Vec::new();
    let mut open = true;
    for (i, &c) in known.cells().iter().enumerate() {
        if c.is_known() {
            let lit = Lit::new(cells[i], c == Cell::Filled);
            open &= add_terms(sink, &mut clause, &[Term::Lit(lit)]);
        }
    }
    let width = puzzle.width();
    let mut encoded = EncodedLines::new(symmetric);
    for line in puzzle.lines() {
        let n = line.len(width, puzzle.height());
        let cell = |i: usize| line.cell_index(width, i);
        let empty = |i: usize| known.cells()[cell(i)] == Cell::Empty;
        if encoded.first(puzzle.clue(line).runs(), n, |i| cells[cell(i)], empty) {
            open &= encode_line(puzzle, cells, line, sink, &mut clause);
        }
    }
    open
}

/// The lines encoded so far, by clue and cell variables: a line that reads
/// the same variables under the same clue as one encoded, forwards or
/// backwards, says nothing new (among symmetric grids, a line and its
/// images do). Without symmetries no line repeats another and none is kept.
/// (A list, not a hash set: the set took 5 KB of the worker's wasm, and
/// only symmetric puzzles, with at most a few thousand lines, fill it.)
pub(crate) struct EncodedLines<R, V> {
    symmetric: bool,
    lines: Vec<(Vec<R>, Vec<V>)>,
}

impl<R: Clone + PartialEq, V: Clone + PartialEq> EncodedLines<R, V> {
    pub(crate) fn new(symmetric: bool) -> Self {
        EncodedLines { symmetric, lines: Vec::new() }
    }

    /// True the first time a line of `n` cells with clue `runs` comes, its
    /// cells' variables by `var`, without the cells known empty (`empty`) at
    /// its ends: the clue says the same of what is left, and the empty
    /// border of a picture drawn off-centre (Knotty's) would otherwise tell
    /// two lines the symmetries swap apart.
    pub(crate) fn first(
        &mut self,
        runs: &[R],
        n: usize,
        var: impl Fn(usize) -> V,
        empty: impl Fn(usize) -> bool,
    ) -> bool {
        if !self.symmetric {
            return true;
        }
        let start = (0..n).find(|&i| !empty(i)).unwrap_or(n);
        let end = (start..n).rev().find(|&i| !empty(i)).map_or(start, |i| i + 1);
        let vars: Vec<V> = (start..end).map(var).collect();
        let repeats = |(r, v): &(Vec<R>, Vec<V>)| {
            [false, true]
                .into_iter()
                .any(|reversed| same_runs(r, runs, reversed) && same_runs(v, &vars, reversed))
        };
        if self.lines.iter().any(repeats) {
            return false;
        }
        self.lines.push((runs.to_vec(), vars));
        true
    }
}

/// The puzzle (with the cells known in `known`) as DIMACS CNF, for external
/// SAT solvers: variable `1 + row·width + column` is a cell, true = filled;
/// the run-start variables follow.
pub fn dimacs(puzzle: &Puzzle, known: &Grid) -> String {
    let mut out = Vec::new();
    write_dimacs(puzzle, known, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("DIMACS text is ASCII")
}

/// [`dimacs`] written to `out` as it is made: the clauses are counted in
/// a first pass (the header comes first) and written in a second, so that
/// no clause is kept in memory, whatever the puzzle's size. The caller
/// bounds the output ([`SatSearch::clause_bound`]).
pub fn write_dimacs(puzzle: &Puzzle, known: &Grid, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut count = ClauseCount::default();
    encode(puzzle, known, &[], &mut count);
    writeln!(
        out,
        "c nonogram {}x{}: variable 1 + row*{} + column is a cell, true = filled\np cnf {} {}",
        puzzle.width(),
        puzzle.height(),
        puzzle.width(),
        count.vars,
        count.clauses
    )?;
    let mut writer = ClauseWriter {
        count: ClauseCount::default(),
        out: std::io::BufWriter::new(out),
        error: None,
        line: String::new(),
    };
    encode(puzzle, known, &[], &mut writer);
    if let Some(e) = writer.error {
        return Err(e);
    }
    std::io::Write::flush(&mut writer.out)
}

/// Writes each clause as a DIMACS line as it comes, keeping the first
/// write error.
struct ClauseWriter<W: std::io::Write> {
    /// Numbers the variables as the first pass did.
    count: ClauseCount,
    out: W,
    error: Option<std::io::Error>,
    line: String,
}

impl<W: std::io::Write> ClauseSink for ClauseWriter<W> {
    fn new_var(&mut self) -> Var {
        self.count.new_var()
    }
    fn num_vars(&self) -> u32 {
        self.count.num_vars()
    }
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        use std::fmt::Write;
        if self.error.is_none() {
            self.line.clear();
            for &lit in clause.iter() {
                let _ = write!(self.line, "{} ", dimacs_lit(lit));
            }
            self.line.push_str("0\n");
            if let Err(e) = self.out.write_all(self.line.as_bytes()) {
                self.error = Some(e);
            }
        }
        self.count.add_clause(clause)
    }
}

/// Encodes one line's clue (see the module doc); false when the clauses
/// became unsatisfiable.
fn encode_line<S: ClauseSink>(
    puzzle: &Puzzle,
    cells: &[Var],
    line: LineId,
    sink: &mut S,
    clause: &mut Vec<Lit>,
) -> bool {
    let width = puzzle.width();
    let n = line.len(width, puzzle.height()) as isize;
    let x = |c: isize| -> Term { Term::Lit(Lit::new(cells[line.cell_index(width, c as usize)], true)) };
    let runs: Vec<isize> = puzzle.clue(line).runs().iter().map(|&r| r as isize).collect();
    let gaps = vec![1; runs.len()];
    encode_runs(sink, clause, n, &runs, &gaps, &|c, _| x(c), &|c| !x(c))
}

/// Clauses [`encode_runs`] adds at most for a line of `n` cells and `k`
/// runs that need `min_len` cells and fill `total`: three per run and
/// possible start, one per run and cell it may cover, one per gap and cell
/// it may hold (one per cell of an empty line).
pub(crate) fn runs_clause_bound(n: u64, k: u64, min_len: u64, total: u64) -> u64 {
    let slack = n.saturating_sub(min_len);
    if k == 0 {
        n
    } else {
        3 * k * slack + total + (k + 1) * (slack + 1)
    }
}

/// The order encoding of one line's runs (see the module doc), shared by
/// black and white and colour ([`crate::colour::sat`]): `n` cells, the
/// runs' lengths, the gap each run needs after it before the next (1, or
/// 0 between runs of two colours), `cover(c, i)`: "cell `c` is run `i`'s
/// colour", `background(c)`: "cell `c` is empty". False when the clauses
/// became unsatisfiable.
pub(crate) fn encode_runs<S: ClauseSink>(
    sink: &mut S,
    clause: &mut Vec<Lit>,
    n: isize,
    runs: &[isize],
    gaps: &[isize],
    cover: &dyn Fn(isize, usize) -> Term,
    background: &dyn Fn(isize) -> Term,
) -> bool {
    let mut open = true;
    if runs.is_empty() {
        for c in 0..n {
            open &= add_terms(sink, clause, &[background(c)]);
        }
        return open;
    }
    let k = runs.len();
    // Earliest and latest starts.
    let mut early = vec![0isize; k];
    for i in 1..k {
        early[i] = early[i - 1] + runs[i - 1] + gaps[i - 1];
    }
    let mut late = vec![0isize; k];
    late[k - 1] = n - runs[k - 1];
    for i in (0..k - 1).rev() {
        late[i] = late[i + 1] - runs[i] - gaps[i];
    }
    if (0..k).any(|i| late[i] < early[i]) {
        // The clue does not fit the line.
        return add_terms(sink, clause, &[]);
    }
    // U(i, p) variables for early[i] <= p < late[i].
    let mut first_var = vec![0u32; k];
    for i in 0..k {
        first_var[i] = sink.num_vars();
        for _ in early[i]..late[i] {
            sink.new_var();
        }
    }
    let u = |i: usize, p: isize| -> Term {
        if p < early[i] {
            Term::Const(false)
        } else if p >= late[i] {
            Term::Const(true)
        } else {
            Term::Lit(Lit::new(Var::from_idx(first_var[i] + (p - early[i]) as u32), true))
        }
    };
    for i in 0..k {
        for p in early[i]..late[i] {
            open &= add_terms(sink, clause, &[!u(i, p), u(i, p + 1)]);
        }
        if i + 1 < k {
            for p in early[i + 1]..late[i + 1] {
                open &= add_terms(sink, clause, &[!u(i + 1, p), u(i, p - runs[i] - gaps[i])]);
            }
        }
        for c in early[i]..late[i] + runs[i] {
            open &= add_terms(sink, clause, &[!u(i, c), u(i, c - runs[i]), cover(c, i)]);
        }
    }
    for c in 0..n {
        open &= add_terms(sink, clause, &[u(0, c), background(c)]);
        for (i, &r) in runs.iter().enumerate().take(k - 1) {
            open &= add_terms(sink, clause, &[!u(i, c - r), u(i + 1, c), background(c)]);
        }
        open &= add_terms(sink, clause, &[!u(k - 1, c - runs[k - 1]), background(c)]);
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The clues of a random `w`×`h` picture with `density` % filled cells
    /// (xorshift from `state`).
    fn random_puzzle(state: &mut u64, w: usize, h: usize, density: u64) -> Puzzle {
        let cells = (0..w * h)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                if *state % 100 < density {
                    Cell::Filled
                } else {
                    Cell::Empty
                }
            })
            .collect();
        Puzzle::from_picture(&Grid::from_cells(w, h, cells).unwrap())
    }

    /// Every model of `search`, sorted by text; `None` past `cap`.
    fn all_models(mut search: SatSearch, cap: usize) -> Option<Vec<Grid>> {
        let mut found = Vec::new();
        loop {
            match search.run(10_000) {
                SatProgress::Solution(g) => found.push(g),
                SatProgress::Working => {}
                SatProgress::Exhausted => break,
            }
            if found.len() > cap {
                return None;
            }
        }
        found.sort_by_key(Grid::to_text);
        Some(found)
    }

    /// The encoding over the symmetric grids (a variable per orbit of cells,
    /// a line per orbit of lines) has exactly the symmetric solutions as
    /// models: on pictures made symmetric under turns, mirrors and swaps,
    /// some off-centre in an empty border, with nothing known and with the
    /// empty lines known (as at the root), the solutions the symmetries keep
    /// among all the puzzle's solutions are the symmetric search's models.
    #[test]
    fn the_symmetric_encoding_has_the_symmetric_solutions() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut compared = 0;
        let mut with_lines_left_out = 0;
        let mut with_solutions = 0;
        for round in 0..120 {
            let n = 4 + round % 5;
            let mut g = Grid::new(n, n);
            for r in 0..n {
                for c in 0..n {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    g.set(r, c, if state % 100 < 40 { Cell::Filled } else { Cell::Empty });
                }
            }
            let picture = g.clone();
            for r in 0..n {
                for c in 0..n {
                    let images: &[(usize, usize)] = match round % 4 {
                        0 => &[(n - 1 - c, r), (n - 1 - r, n - 1 - c), (c, n - 1 - r)],
                        1 => &[(r, n - 1 - c)],
                        2 => &[(n - 1 - r, n - 1 - c)],
                        _ => &[],
                    };
                    let filled =
                        images.iter().chain([(r, c)].iter()).any(|&(a, b)| picture.get(a, b) == Cell::Filled);
                    // Every other column empty on the last kind: swaps fit.
                    let fenced = round % 4 == 3 && c % 2 == 1;
                    g.set(r, c, if filled && !fenced { Cell::Filled } else { Cell::Empty });
                }
            }
            // Off-centre on odd rounds: an empty last row and column.
            let g = if round % 2 == 1 {
                let mut wider = Grid::new(n + 1, n + 1);
                for r in 0..n {
                    for c in 0..n {
                        wider.set(r, c, g.get(r, c));
                    }
                }
                wider
            } else {
                g
            };
            let puzzle = Puzzle::from_picture(&g);
            let symmetries = crate::symmetry::symmetries(&puzzle);
            if symmetries.is_empty() {
                continue;
            }
            let (w, h) = (g.width(), g.height());
            let mut root = Grid::new(w, h);
            for r in 0..h {
                for c in 0..w {
                    if puzzle.clue(LineId::Row(r)).runs().is_empty()
                        || puzzle.clue(LineId::Column(c)).runs().is_empty()
                    {
                        root.set(r, c, Cell::Empty);
                    }
                }
            }
            for known in [Grid::new(w, h), root] {
                let Some(all) = all_models(SatSearch::new(&puzzle, &known, None), 400) else { continue };
                let expected: Vec<Grid> = all
                    .into_iter()
                    .filter(|grid| symmetries.iter().all(|s| s.apply(grid) == *grid))
                    .collect();
                let search = SatSearch::new_symmetric(&puzzle, &known, None, &symmetries);
                let mut lines = ClauseCount::default();
                encode(&puzzle, &known, &symmetries, &mut lines);
                let mut every = ClauseCount::default();
                encode(&puzzle, &known, &[], &mut every);
                if lines.clauses < every.clauses {
                    with_lines_left_out += 1;
                }
                assert_eq!(all_models(search, 400), Some(expected.clone()), "round {round}");
                compared += 1;
                if !expected.is_empty() {
                    with_solutions += 1;
                }
            }
        }
        assert!(compared >= 100, "only {compared} compared");
        assert!(with_lines_left_out >= 50, "lines left out in only {with_lines_left_out}");
        assert!(with_solutions >= 50, "symmetric solutions in only {with_solutions}");
    }

    /// A solver built from the clauses and the last one's learnt clauses (a
    /// new generation, forced here after each solution) still finds a
    /// solution, and the search lists the solutions our solver lists.
    #[cfg(feature = "splr")]
    #[test]
    fn a_new_generation_keeps_the_solutions() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut carried = 0;
        for (w, h, density) in [(12, 12, 45), (15, 15, 40), (25, 20, 45), (30, 20, 45), (30, 30, 50)] {
            let puzzle = random_puzzle(&mut state, w, h, density);
            let mut expected = Vec::new();
            let mut ours = SatSearch::new(&puzzle, &Grid::new(w, h), None);
            while expected.len() < 50 {
                match ours.run(10_000) {
                    SatProgress::Solution(g) => expected.push(g.to_text()),
                    SatProgress::Working => {}
                    SatProgress::Exhausted => break,
                }
            }
            let mut search = SatSearch::new_long(&puzzle, &Grid::new(w, h), None, Some(1));
            let mut found = Vec::new();
            while found.len() < expected.len() {
                let Engine::Splr(long) = &mut search.engine else { unreachable!() };
                // A call of over a second ends its generation: call again.
                let solve = |long: &mut long::SplrRun| loop {
                    match long.run(w * h, None) {
                        Ok(Some(values)) => break values,
                        Ok(None) => {}
                        Err(()) => panic!("{w}×{h}: no solution left, after {} found", found.len()),
                    }
                };
                let values = solve(long);
                long.next_generation();
                carried += long.learnt.len();
                let again = solve(long);
                let grid = |values: Vec<bool>| {
                    let cells =
                        values.into_iter().map(|f| if f { Cell::Filled } else { Cell::Empty }).collect();
                    Grid::from_cells(w, h, cells).unwrap()
                };
                assert!(puzzle.is_solution(&grid(again)), "{w}×{h}");
                let values = grid(values);
                assert!(puzzle.is_solution(&values), "{w}×{h}");
                search.exclude(&values);
                found.push(values.to_text());
            }
            found.sort();
            found.dedup();
            assert_eq!(found.len(), expected.len(), "{w}×{h}: a solution found twice");
            // Where ours listed them all, so did splr, and no more are left.
            if expected.len() < 50 {
                assert_eq!(search.run(0), SatProgress::Exhausted, "{w}×{h}");
                expected.sort();
                assert!(found == expected, "{w}×{h}: not the solutions our solver lists");
            }
        }
        assert!(carried > 0, "no learnt clause was carried over");
    }

    #[test]
    fn clause_bound_holds_and_is_not_loose() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for (w, h, density) in [(30, 30, 50), (25, 40, 30), (60, 20, 70), (1, 50, 50), (7, 3, 10)] {
            let puzzle = random_puzzle(&mut state, w, h, density);
            let mut count = ClauseCount::default();
            encode(&puzzle, &Grid::new(w, h), &[], &mut count);
            let (clauses, bound) = (count.clauses, SatSearch::clause_bound(&puzzle));
            assert!(
                clauses <= bound && bound <= 2 * clauses + 100,
                "{w}×{h}: {clauses} clauses, bound {bound}"
            );
        }
    }
}
