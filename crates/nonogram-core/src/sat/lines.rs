//! The exact line solver inside clause learning: a [`Theory`] that, at each
//! fixpoint of unit propagation, solves the lines whose cells changed and
//! explains each cell it forces (and each line that has no placement left)
//! with a clause over the line's cells: the cells known, less every one
//! without which the deduction still holds (tried from the last assigned
//! down, so that the clause leans on early decisions). The order encoding
//! alone propagates less than the line solver does; with the theory the
//! search's propagation is line logic, as the search before clause
//! learning has it, and every deduction is learnt.

use crate::line::bits::{BitLineSolver, MAX_BITS_LINE};
use crate::line::Contradiction;
use crate::puzzle::Puzzle;
use crate::sat::cdcl::{Assignment, Found, Lit, Theory, Var};

/// The lines of a puzzle over their cells' variables.
pub(crate) struct LineTheory {
    lines: Vec<TheoryLine>,
    /// Per variable (cells' variables only), the lines it is a cell of:
    /// `line_ids[line_start[v]..line_start[v + 1]]`.
    line_start: Vec<u32>,
    line_ids: Vec<u32>,
    dirty: Vec<bool>,
    queue: Vec<u32>,
    /// Per variable, the line that last implied it and the line's known
    /// cells then: its reason, until asked for.
    why: Vec<Snapshot>,
    /// Per variable, the check that last implied it.
    stamp: Vec<u64>,
    check: u64,
    solver: BitLineSolver,
    /// The known cells of the line at hand, by when they were assigned.
    known: Vec<(u32, usize)>,
}

#[derive(Clone, Copy, Default)]
struct Snapshot {
    line: u32,
    /// The cell's place in the line, and the value forced.
    cell: u32,
    value: bool,
    filled: u128,
    empty: u128,
}

struct TheoryLine {
    runs: Vec<u32>,
    cells: Vec<Var>,
    /// The masks the line solver last answered with: a line read so again
    /// has nothing new to say (its answer is a fixpoint), whatever was
    /// undone in between.
    solved: (u128, u128),
}

impl LineTheory {
    /// The lines of `puzzle` over `cells` (each cell's variable, grid index
    /// order; no two cells of a line share one); lines longer than the
    /// bit-parallel solver takes are left to the clauses.
    pub(crate) fn new(puzzle: &Puzzle, cells: &[Var]) -> LineTheory {
        let width = puzzle.width();
        let mut lines = Vec::new();
        for line in puzzle.lines() {
            let n = line.len(width, puzzle.height());
            if n > MAX_BITS_LINE {
                continue;
            }
            let cells = (0..n).map(|i| cells[line.cell_index(width, i)]).collect();
            // No answer yet (no line has a cell both filled and empty).
            let solved = (u128::MAX, u128::MAX);
            lines.push(TheoryLine { runs: puzzle.clue(line).runs().to_vec(), cells, solved });
        }
        let vars = cells.iter().map(|v| v.idx() as usize + 1).max().unwrap_or(0);
        let mut count = vec![0u32; vars + 1];
        for line in &lines {
            for v in &line.cells {
                count[v.idx() as usize + 1] += 1;
            }
        }
        for v in 0..vars {
            count[v + 1] += count[v];
        }
        let line_start = count.clone();
        let mut line_ids = vec![0; count[vars] as usize];
        for (id, line) in lines.iter().enumerate() {
            for v in &line.cells {
                let at = &mut count[v.idx() as usize];
                line_ids[*at as usize] = id as u32;
                *at += 1;
            }
        }
        // Every line is solved at the first check.
        let dirty = vec![true; lines.len()];
        let queue = (0..lines.len() as u32).collect();
        LineTheory {
            lines,
            line_start,
            line_ids,
            dirty,
            queue,
            why: vec![Snapshot::default(); vars],
            stamp: vec![0; vars],
            check: 0,
            solver: BitLineSolver::new(),
            known: Vec::new(),
        }
    }

    /// Line `id`'s known cells as masks (filled, empty), those assigned
    /// above the root into `self.known`, the latest first.
    fn read(&mut self, id: usize, assignment: &Assignment, among: u128) -> (u128, u128) {
        let (mut filled, mut empty) = (0u128, 0u128);
        self.known.clear();
        for (i, &v) in self.lines[id].cells.iter().enumerate() {
            if among >> i & 1 == 0 {
                continue;
            }
            match assignment.value(v) {
                Some(true) => filled |= 1 << i,
                Some(false) => empty |= 1 << i,
                None => continue,
            }
            let level = assignment.level(v);
            if level > 0 {
                self.known.push((level, i));
            }
        }
        latest_first(&mut self.known);
        (filled, empty)
    }

    /// Solves line `id`: pushes the cells it forces, or sets the clause of
    /// its contradiction (then true).
    fn solve(&mut self, id: usize, assignment: &Assignment, found: &mut Found) -> bool {
        let (mut filled, mut empty) = (0u128, 0u128);
        for (i, &v) in self.lines[id].cells.iter().enumerate() {
            match assignment.value(v) {
                Some(true) => filled |= 1 << i,
                Some(false) => empty |= 1 << i,
                None => {}
            }
        }
        let line = &mut self.lines[id];
        if line.solved == (filled, empty) {
            return false;
        }
        let n = line.cells.len();
        let (f, e) = match solve_line(&mut self.solver, &line.runs, n, filled, empty) {
            Ok(masks) => {
                line.solved = masks;
                masks
            }
            Err(_) => {
                self.read(id, assignment, u128::MAX);
                let line = &self.lines[id];
                let solver = &mut self.solver;
                let holds = |f, e| solve_line(solver, &line.runs, n, f, e).is_err();
                let (kf, ke) = least(&self.known, filled, empty, holds);
                let mut clause = Vec::new();
                push_reason(&mut clause, &line.cells, &self.known, kf, ke);
                found.conflict = Some(clause);
                return true;
            }
        };
        let mut bits = (f & !filled) | (e & !empty);
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let v = line.cells[c];
            let value = f >> c & 1 == 1;
            let vi = v.idx() as usize;
            let snapshot = Snapshot { line: id as u32, cell: c as u32, value, filled, empty };
            if self.stamp[vi] != self.check {
                self.stamp[vi] = self.check;
                self.why[vi] = snapshot;
                found.implied.push(Lit::new(v, value));
            } else if self.why[vi].value != value {
                // Two lines force the cell apart: both reasons at once.
                let first = self.why[vi];
                let mut clause = Vec::new();
                let mut second = Vec::new();
                self.reason_of(&first, assignment, &mut clause);
                self.reason_of(&snapshot, assignment, &mut second);
                clause.retain(|&l| l.var() != v);
                for l in second {
                    if l.var() != v && !clause.contains(&l) {
                        clause.push(l);
                    }
                }
                found.conflict = Some(clause);
                return true;
            }
        }
        false
    }

    /// Pushes the clause of deduction `s`: its cell's literal, then the
    /// negations of the fewest known cells (by the greedy pass) it holds
    /// with. The cells `s` saw are still assigned.
    fn reason_of(&mut self, s: &Snapshot, assignment: &Assignment, clause: &mut Vec<Lit>) {
        let (filled, empty) = self.read(s.line as usize, assignment, s.filled | s.empty);
        let line = &self.lines[s.line as usize];
        let (c, value) = (s.cell as usize, s.value);
        let solver = &mut self.solver;
        let (runs, n) = (&line.runs, line.cells.len());
        // Forced filled: with it empty nothing fits (and the reverse).
        let against = |f: u128, e: u128| {
            let (f, e) = if value { (f, e | 1 << c) } else { (f | 1 << c, e) };
            solve_line(solver, runs, n, f, e).is_err()
        };
        let (kf, ke) = least(&self.known, filled, empty, against);
        clause.push(Lit::new(line.cells[c], value));
        push_reason(clause, &line.cells, &self.known, kf, ke);
    }
}

/// Sorts a line's known cells, the latest assigned first (by insertion: a
/// line is short, and a library sort took kilobytes of the worker's wasm).
fn latest_first(known: &mut [(u32, usize)]) {
    for k in 1..known.len() {
        let mut j = k;
        while j > 0 && known[j - 1] < known[j] {
            known.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The line solver, one copy of it for the theory's three calls (inlined
/// at each, it took 9 KB of the worker's wasm).
#[inline(never)]
fn solve_line(
    solver: &mut BitLineSolver,
    runs: &[u32],
    n: usize,
    filled: u128,
    empty: u128,
) -> Result<(u128, u128), Contradiction> {
    solver.solve(runs, n, filled, empty)
}

/// The known cells (`filled`, `empty`) less each of `known` (in order)
/// without which `holds` still holds; one of `known` always stays.
fn least(
    known: &[(u32, usize)],
    mut filled: u128,
    mut empty: u128,
    mut holds: impl FnMut(u128, u128) -> bool,
) -> (u128, u128) {
    let mut left = known.len();
    for &(_, i) in known {
        if left <= 1 {
            break;
        }
        let bit = 1u128 << i;
        let (f, e) = (filled & !bit, empty & !bit);
        if holds(f, e) {
            (filled, empty) = (f, e);
            left -= 1;
        }
    }
    (filled, empty)
}

/// Pushes "one of the cells of `known` still in `filled`/`empty` is not
/// so" (the root's cells need no saying).
fn push_reason(clause: &mut Vec<Lit>, cells: &[Var], known: &[(u32, usize)], filled: u128, empty: u128) {
    for &(_, i) in known {
        if filled >> i & 1 == 1 {
            clause.push(Lit::new(cells[i], false));
        } else if empty >> i & 1 == 1 {
            clause.push(Lit::new(cells[i], true));
        }
    }
}

impl Theory for LineTheory {
    fn check(&mut self, assignment: &Assignment, new: &[Lit], found: &mut Found) {
        self.check += 1;
        for lit in new {
            let v = lit.var().idx() as usize;
            if v + 1 >= self.line_start.len() {
                continue;
            }
            for k in self.line_start[v]..self.line_start[v + 1] {
                let id = self.line_ids[k as usize];
                if !self.dirty[id as usize] {
                    self.dirty[id as usize] = true;
                    self.queue.push(id);
                }
            }
        }
        let mut queue = std::mem::take(&mut self.queue);
        let mut contradiction = false;
        for &id in &queue {
            self.dirty[id as usize] = false;
            if !contradiction {
                contradiction = self.solve(id as usize, assignment, found);
            }
        }
        if contradiction {
            found.implied.clear();
        }
        queue.clear();
        self.queue = queue;
    }

    fn explain(&mut self, lit: Lit, assignment: &Assignment, clause: &mut Vec<Lit>) {
        let s = self.why[lit.var().idx() as usize];
        debug_assert_eq!(Lit::new(lit.var(), s.value), lit);
        self.reason_of(&s, assignment, clause);
    }
}
