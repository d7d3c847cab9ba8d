//! The puzzle as clauses: the order encoding of each line's runs (see the
//! module above), over the cells' variables, into a [`ClauseSink`]: our
//! CDCL solver, a counter, or a DIMACS writer.

use crate::cell::Cell;
use crate::grid::Grid;
use crate::puzzle::{LineId, Puzzle};
use crate::sat::cdcl::{Cdcl, Lit, Var};
use crate::symmetry::{same_runs, Symmetry};

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

/// A DIMACS literal: variable `i` is `i + 1`, negative when negated.
pub(super) fn dimacs_lit(lit: Lit) -> i32 {
    let v = lit.var().idx() as i32 + 1;
    if lit.sign() {
        v
    } else {
        -v
    }
}

/// Where the encoding puts its variables and clauses: the SAT solver, a
/// counter or a writer for [`dimacs`].
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
pub(super) fn encode<S: ClauseSink>(
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
