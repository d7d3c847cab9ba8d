//! Clause learning for the hard tail: the puzzle as CNF for a CDCL SAT solver
//! ([batsat](https://crates.io/crates/batsat), pure Rust, builds for wasm).
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
//! [`SatSearch::run`] works for a bounded number of conflicts and can be
//! called again, so callers can slice the work and stop at any time.

use crate::cell::Cell;
use crate::grid::Grid;
use crate::puzzle::{LineId, Puzzle};
use crate::symmetry::Symmetry;
use batsat::{lbool, Callbacks, EmptyTheory, Lit, SolverInterface, SolverOpts, Var};

/// Counts conflicts (learnt clauses) and stops the solver at a budget.
#[derive(Default)]
struct Budget {
    conflicts: u64,
    limit: u64,
}

impl Callbacks for Budget {
    fn on_new_clause(&mut self, _c: &[Lit], src: batsat::ClauseKind) {
        if matches!(src, batsat::ClauseKind::Learnt) {
            self.conflicts += 1;
        }
    }
    fn stop(&self) -> bool {
        self.conflicts >= self.limit
    }
}

/// What a slice of SAT work ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatProgress {
    /// The conflict budget ran out; call [`SatSearch::run`] again.
    Working,
    /// A new solution (checked against every clue); the search goes on for the next.
    Solution(Grid),
    /// No solution is left: the solutions found so far are all there are.
    Exhausted,
}

/// A clause-learning search for the solutions, one after another.
pub struct SatSearch {
    solver: batsat::Solver<Budget>,
    theory: EmptyTheory,
    puzzle: Puzzle,
    /// The variable of each cell (grid index order).
    cells: Vec<Var>,
    /// False once the clauses are unsatisfiable.
    open: bool,
    clause: Vec<Lit>,
}

impl std::fmt::Debug for SatSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SatSearch").field("conflicts", &self.conflicts()).field("open", &self.open).finish()
    }
}

/// A literal, or a constant where the encoding's bounds decide it.
#[derive(Clone, Copy)]
enum Term {
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
                let n = match line {
                    LineId::Row(_) => puzzle.width(),
                    LineId::Column(_) => puzzle.height(),
                } as u64;
                let clue = puzzle.clue(line);
                let k = clue.runs().len() as u64;
                let slack = n.saturating_sub(clue.min_len());
                if k == 0 {
                    n
                } else {
                    3 * k * slack + clue.total() + (k + 1) * (slack + 1)
                }
            })
            .sum()
    }

    /// Encodes `puzzle` with the cells already known in `known`; a `seed`
    /// randomises the solver's first variable order and 1 % of its choices.
    pub fn new(puzzle: &Puzzle, known: &Grid, seed: Option<u64>) -> SatSearch {
        let mut opts = SolverOpts::default();
        if let Some(seed) = seed {
            // A positive seed, as batsat (minisat's generator) wants.
            opts.random_seed = (seed % (1 << 31)).max(1) as f64;
            opts.rnd_init_act = true;
            opts.random_var_freq = 0.01;
        }
        let mut solver = batsat::Solver::new(opts, Budget::default());
        let (cells, open) = encode(puzzle, known, &mut solver);
        SatSearch {
            solver,
            theory: EmptyTheory::new(),
            puzzle: puzzle.clone(),
            cells,
            open,
            clause: Vec::new(),
        }
    }

    /// Adds a clause, dropping false constants; a true constant satisfies it.
    fn add(&mut self, terms: &[Term]) {
        if !add_terms(&mut self.solver, &mut self.clause, terms) {
            self.open = false;
        }
    }

    /// Searches for at most `conflicts` more conflicts.
    pub fn run(&mut self, conflicts: u64) -> SatProgress {
        if !self.open {
            return SatProgress::Exhausted;
        }
        let budget = self.solver.cb_mut();
        budget.limit = budget.conflicts + conflicts;
        let result = self.solver.solve_limited_preserving_trail_th(&mut self.theory, &[]);
        if result == lbool::UNDEF {
            self.solver.pop_model(&mut self.theory);
            return SatProgress::Working;
        }
        if result == lbool::FALSE {
            self.solver.pop_model(&mut self.theory);
            self.open = false;
            return SatProgress::Exhausted;
        }
        let (w, h) = (self.puzzle.width(), self.puzzle.height());
        let values: Vec<Cell> = self
            .cells
            .iter()
            .map(|&v| {
                if self.solver.raw_value_lit(Lit::new(v, true)) == lbool::TRUE {
                    Cell::Filled
                } else {
                    Cell::Empty
                }
            })
            .collect();
        self.solver.pop_model(&mut self.theory);
        let grid = Grid::from_cells(w, h, values).expect("one value per cell");
        assert!(self.puzzle.is_solution(&grid), "the SAT model breaks a clue");
        // The next run finds another solution or proves there is none.
        self.exclude(&grid);
        SatProgress::Solution(grid)
    }

    /// Keeps only the grids that every symmetry maps onto themselves: each
    /// cell equals the cell it takes its value from in the image.
    pub fn only_symmetric(&mut self, symmetries: &[Symmetry]) {
        for symmetry in symmetries {
            for (i, &j) in symmetry.source().iter().enumerate() {
                if i != j {
                    let (a, b) = (self.cells[i], self.cells[j]);
                    self.add(&[Term::Lit(Lit::new(a, false)), Term::Lit(Lit::new(b, true))]);
                    self.add(&[Term::Lit(Lit::new(a, true)), Term::Lit(Lit::new(b, false))]);
                }
            }
        }
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
    /// 10 000 for a 25×25 puzzle (about half a second), fewer for larger
    /// encodings, at least 1000. Each run starts the solver's restart
    /// schedule and learnt-clause limit afresh, so short slices cost dearly:
    /// on TAAI's 40 hardest puzzles, slices of 100 took 92 s in all, slices
    /// of 10 000 took 46 s.
    pub fn slice(&self) -> u64 {
        const FULL: u64 = 10_000;
        let clauses = self.solver.num_clauses().max(1);
        (FULL * 20_000 / clauses).clamp(1000, FULL)
    }

    /// Conflicts so far.
    pub fn conflicts(&self) -> u64 {
        self.solver.cb().conflicts
    }
}

/// Where the encoding puts its variables and clauses: the SAT solver, or a
/// clause list for [`dimacs`].
trait ClauseSink {
    fn new_var(&mut self) -> Var;
    fn num_vars(&self) -> u32;
    /// Adds a clause; false when the clauses became unsatisfiable.
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool;
}

impl ClauseSink for batsat::Solver<Budget> {
    fn new_var(&mut self) -> Var {
        self.new_var_default()
    }
    fn num_vars(&self) -> u32 {
        SolverInterface::num_vars(self)
    }
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.add_clause_reuse(clause)
    }
}

/// A plain clause list.
#[derive(Default)]
struct ClauseList {
    vars: u32,
    clauses: Vec<Vec<Lit>>,
}

impl ClauseSink for ClauseList {
    fn new_var(&mut self) -> Var {
        self.vars += 1;
        Var::unsafe_from_idx(self.vars - 1)
    }
    fn num_vars(&self) -> u32 {
        self.vars
    }
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.clauses.push(clause.clone());
        !clause.is_empty()
    }
}

/// Adds a clause, dropping false constants; a true constant satisfies it.
/// False when the clauses became unsatisfiable.
fn add_terms<S: ClauseSink>(sink: &mut S, clause: &mut Vec<Lit>, terms: &[Term]) -> bool {
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

/// Encodes `puzzle` with the cells known in `known` into `sink`: the cell
/// variables (grid index order) and false when already unsatisfiable.
fn encode<S: ClauseSink>(puzzle: &Puzzle, known: &Grid, sink: &mut S) -> (Vec<Var>, bool) {
    let (w, h) = (puzzle.width(), puzzle.height());
    let cells: Vec<Var> = (0..w * h).map(|_| sink.new_var()).collect();
    let mut clause = Vec::new();
    let mut open = true;
    for (i, &c) in known.cells().iter().enumerate() {
        if c.is_known() {
            let lit = Lit::new(cells[i], c == Cell::Filled);
            open &= add_terms(sink, &mut clause, &[Term::Lit(lit)]);
        }
    }
    for line in puzzle.lines() {
        open &= encode_line(puzzle, &cells, line, sink, &mut clause);
    }
    (cells, open)
}

/// The puzzle (with the cells known in `known`) as DIMACS CNF, for external
/// SAT solvers: variable `1 + row·width + column` is a cell, true = filled;
/// the run-start variables follow.
pub fn dimacs(puzzle: &Puzzle, known: &Grid) -> String {
    use std::fmt::Write;
    let mut list = ClauseList::default();
    encode(puzzle, known, &mut list);
    let mut out = format!(
        "c nonogram {}x{}: variable 1 + row*{} + column is a cell, true = filled\np cnf {} {}\n",
        puzzle.width(),
        puzzle.height(),
        puzzle.width(),
        list.vars,
        list.clauses.len()
    );
    for clause in &list.clauses {
        for lit in clause {
            let v = lit.var().idx() as i64 + 1;
            let _ = write!(out, "{} ", if lit.sign() { v } else { -v });
        }
        out.push_str("0\n");
    }
    out
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
    let n = match line {
        LineId::Row(_) => width,
        LineId::Column(_) => puzzle.height(),
    } as isize;
    let x = |c: isize| -> Term {
        let index = match line {
            LineId::Row(r) => r * width + c as usize,
            LineId::Column(col) => c as usize * width + col,
        };
        Term::Lit(Lit::new(cells[index], true))
    };
    let mut open = true;
    let runs: Vec<isize> = puzzle.clue(line).runs().iter().map(|&r| r as isize).collect();
    if runs.is_empty() {
        for c in 0..n {
            open &= add_terms(sink, clause, &[!x(c)]);
        }
        return open;
    }
    let k = runs.len();
    // Earliest and latest starts.
    let mut early = vec![0isize; k];
    for i in 1..k {
        early[i] = early[i - 1] + runs[i - 1] + 1;
    }
    let mut late = vec![0isize; k];
    late[k - 1] = n - runs[k - 1];
    for i in (0..k - 1).rev() {
        late[i] = late[i + 1] - runs[i] - 1;
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
            Term::Lit(Lit::new(Var::unsafe_from_idx(first_var[i] + (p - early[i]) as u32), true))
        }
    };
    for i in 0..k {
        for p in early[i]..late[i] {
            open &= add_terms(sink, clause, &[!u(i, p), u(i, p + 1)]);
        }
        if i + 1 < k {
            for p in early[i + 1]..late[i + 1] {
                open &= add_terms(sink, clause, &[!u(i + 1, p), u(i, p - runs[i] - 1)]);
            }
        }
        for c in early[i]..late[i] + runs[i] {
            open &= add_terms(sink, clause, &[!u(i, c), u(i, c - runs[i]), x(c)]);
        }
    }
    for c in 0..n {
        open &= add_terms(sink, clause, &[u(0, c), !x(c)]);
        for (i, &r) in runs.iter().enumerate().take(k - 1) {
            open &= add_terms(sink, clause, &[!u(i, c - r), u(i + 1, c), !x(c)]);
        }
        open &= add_terms(sink, clause, &[!u(k - 1, c - runs[k - 1]), !x(c)]);
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_bound_holds_and_is_not_loose() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for (w, h, density) in [(30, 30, 50), (25, 40, 30), (60, 20, 70), (1, 50, 50), (7, 3, 10)] {
            let cells = (0..w * h)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    if state % 100 < density {
                        Cell::Filled
                    } else {
                        Cell::Empty
                    }
                })
                .collect();
            let puzzle = Puzzle::from_picture(&Grid::from_cells(w, h, cells).unwrap());
            let search = SatSearch::new(&puzzle, &Grid::new(w, h), None);
            let (clauses, bound) = (search.solver.num_clauses(), SatSearch::clause_bound(&puzzle));
            assert!(
                clauses <= bound && bound <= 2 * clauses + 100,
                "{w}×{h}: {clauses} clauses, bound {bound}"
            );
        }
    }
}
