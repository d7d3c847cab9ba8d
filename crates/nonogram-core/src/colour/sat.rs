//! Clause learning for colour puzzles: the puzzle as CNF for our CDCL
//! solver ([`crate::sat::cdcl`]), as
//! [`crate::sat`] does for black and white, with a colour encoding.
//!
//! # Encoding
//! One variable `x(c, k)` per cell `c` and colour `k` the cell may still
//! take (a colour it cannot take is false, a cell with one colour left is
//! true), and exactly one colour per cell: at least one, and no two. A cell
//! with two colours left has one variable (true: the higher colour), as
//! black and white's cells have: read as a one-colour puzzle, Knotty took
//! 447 840 contradictions with two variables a cell, 27 274 with one. For
//! each line, the order encoding of [`crate::sat`] with colours: `U(i, p)`
//! means "run `i` starts at or before `p`", between the run's earliest and
//! latest starts (runs packed left, packed right, a gap only between two
//! runs of the same colour). For runs `r_0 … r_{k-1}` of colours
//! `k_0 … k_{k-1}`, with `g_i` = 1 where `k_i = k_{i+1}` and 0 otherwise:
//! - monotone: `U(i, p) → U(i, p + 1)`;
//! - order: `U(i + 1, p) → U(i, p − r_i − g_i)`;
//! - cover: `U(i, c) ∧ ¬U(i, c − r_i) → x(c, k_i)`;
//! - gaps: before run 0 (`¬U(0, c)`), between runs (`U(i, c − r_i) ∧
//!   ¬U(i + 1, c)`) and after the last (`U(k − 1, c − r_{k−1})`), `x(c,
//!   background)`.
//!
//! A model gives each run one start, in order, and each cell of the line
//! the colour of the run covering it or the background; with one colour per
//! cell, row and column agree: the models are the solutions, one to one.
//! After a solution, a clause that forbids it asks for another.
//!
//! Among the grids a puzzle's symmetries keep
//! ([`ColourSatSearch::new_symmetric`]), the cells of an orbit share one
//! cell's variables (the colours all of them may still take), and a line
//! that reads the same variables under the same clue as one encoded is left
//! out, as in [`crate::sat`].

use super::puzzle::{colours_of, ColourPuzzle, Colours};
use crate::puzzle::LineId;
use crate::sat::cdcl::{Cdcl, Lit, Var};
use crate::sat::{
    add_terms, encode_runs, runs_clause_bound, slice_for, ClauseSearch, ClauseSink, EncodedLines,
    SatProgress, Term, Until,
};
use crate::symmetry::Symmetry;

/// A clause-learning search for a colour puzzle's solutions, one after another.
pub struct ColourSatSearch {
    cdcl: Box<Cdcl>,
    puzzle: ColourPuzzle,
    /// Each cell's colours at the start, and the variable of its first
    /// colour there (the others follow, lowest colour first).
    cells: Vec<(Colours, u32)>,
    /// False once the clauses are unsatisfiable.
    open: bool,
    clause: Vec<Lit>,
}

impl std::fmt::Debug for ColourSatSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ColourSatSearch").field("contradictions", &self.contradictions()).finish()
    }
}

impl ColourSatSearch {
    /// Clauses the encoding of `puzzle` has at most, from every cell able
    /// to take every colour: the cells' exactly-one, three per run and
    /// possible start, one per run and cell it may cover, one per gap and
    /// cell it may hold.
    pub fn clause_bound(puzzle: &ColourPuzzle) -> u64 {
        let colours = puzzle.colours() as u64 + 1;
        let cells = (puzzle.width() * puzzle.height()) as u64 * (1 + colours * (colours - 1) / 2);
        let lines: u64 = puzzle
            .lines()
            .map(|line| {
                let n = line.len(puzzle.width(), puzzle.height()) as u64;
                let runs = puzzle.clue(line);
                let total = runs.iter().map(|r| u64::from(r.len)).sum();
                runs_clause_bound(n, runs.len() as u64, ColourPuzzle::min_len(runs), total)
            })
            .sum();
        cells + lines
    }

    /// Encodes `puzzle` with each cell's colours left in `cells` (row-major).
    pub fn new(puzzle: &ColourPuzzle, cells: &[Colours]) -> ColourSatSearch {
        ColourSatSearch::new_symmetric(puzzle, cells, &[], None)
    }

    /// Like [`ColourSatSearch::new`], among the grids each of `symmetries`
    /// maps onto itself: one cell's variables per orbit of cells (the
    /// colours every cell of it may still take), one line per orbit of
    /// lines (as [`crate::sat::SatSearch::new_symmetric`]). `seed`: the
    /// CDCL solver's random seed (racing engines each have their own).
    pub fn new_symmetric(
        puzzle: &ColourPuzzle,
        cells: &[Colours],
        symmetries: &[Symmetry],
        seed: Option<u64>,
    ) -> ColourSatSearch {
        let mut cdcl = Box::new(Cdcl::new(seed));
        let (vars, open) = encode(puzzle, cells, symmetries, cdcl.as_mut());
        ColourSatSearch { cdcl, puzzle: puzzle.clone(), cells: vars, open, clause: Vec::new() }
    }

    /// Searches for at most `contradictions` more contradictions, handing control
    /// back by the times `until` gives: a new solution (checked against
    /// every clue, then ruled out for the next call), `Working`, or
    /// `Exhausted` when no solution is left.
    pub fn run_until(&mut self, contradictions: u64, until: Option<&Until>) -> SatProgress<Vec<u8>> {
        if !self.open {
            return SatProgress::Exhausted;
        }
        let cells = &self.cells;
        let read = |cdcl: &Cdcl| -> Vec<u8> {
            let holds = |term| match term {
                Term::Const(b) => b,
                Term::Lit(lit) => cdcl.value(lit),
            };
            let colour =
                |cell: (Colours, u32)| colours_of(cell.0).find(|&colour| holds(x(cell, colour))).unwrap_or(0);
            cells.iter().map(|&cell| colour(cell)).collect()
        };
        match self.cdcl.slice(contradictions, until, read) {
            SatProgress::Solution(solution) => {
                assert!(self.puzzle.is_solution(&solution), "the SAT model breaks a clue");
                self.exclude(&solution);
                SatProgress::Solution(solution)
            }
            SatProgress::Working => SatProgress::Working,
            SatProgress::Exhausted => {
                self.open = false;
                SatProgress::Exhausted
            }
        }
    }

    /// Rules out one solution (found here or elsewhere): one of its cells
    /// off the background must be of another colour. Exact, as black and
    /// white's ([`crate::sat::SatSearch::exclude`]): every solution has
    /// as many cells of each colour as the clues count.
    pub fn exclude(&mut self, solution: &[u8]) {
        let any_coloured = solution.iter().any(|&colour| colour != 0);
        let block: Vec<Term> = self
            .cells
            .iter()
            .zip(solution)
            .filter(|&(_, &colour)| colour != 0 || !any_coloured)
            .map(|(&cell, &colour)| !x(cell, colour))
            .collect();
        self.open &= add_terms(self.cdcl.as_mut(), &mut self.clause, &block);
    }

    /// The contradictions a caller should allow per slice (as
    /// [`crate::sat::SatSearch::slice`]).
    pub fn slice(&self) -> u64 {
        slice_for(self.cdcl.num_clauses())
    }

    /// Contradictions so far.
    pub fn contradictions(&self) -> u64 {
        self.cdcl.conflicts()
    }
}

impl ClauseSearch for ColourSatSearch {
    type Solution = Vec<u8>;

    fn run_until(&mut self, contradictions: u64, until: Option<&Until>) -> SatProgress<Vec<u8>> {
        ColourSatSearch::run_until(self, contradictions, until)
    }
    fn exclude(&mut self, solution: &Vec<u8>) {
        ColourSatSearch::exclude(self, solution);
    }
    fn slice(&self) -> u64 {
        ColourSatSearch::slice(self)
    }
    fn contradictions(&self) -> u64 {
        ColourSatSearch::contradictions(self)
    }
}

/// "Cell is colour `colour`", for a cell's colours and first variable.
fn x((set, first): (Colours, u32), colour: u8) -> Term {
    let below = (set & ((1 << colour) - 1)).count_ones();
    match set.count_ones() {
        _ if set & (1 << colour) == 0 => Term::Const(false),
        1 => Term::Const(true),
        // One variable: true for the higher colour, false for the lower.
        2 => Term::Lit(Lit::new(Var::from_idx(first), below == 1)),
        _ => Term::Lit(Lit::new(Var::from_idx(first + below), true)),
    }
}

/// Encodes `puzzle` from `cells` into `sink`, over the grids `symmetries`
/// keep (every grid when there are none): each cell's colours and first
/// variable (shared by the cells of an orbit), and false when already
/// unsatisfiable.
fn encode<S: ClauseSink>(
    puzzle: &ColourPuzzle,
    cells: &[Colours],
    symmetries: &[Symmetry],
    sink: &mut S,
) -> (Vec<(Colours, u32)>, bool) {
    let mut clause = Vec::new();
    let mut open = true;
    let roots = crate::symmetry::orbit_roots(cells.len(), symmetries);
    // An orbit's cells take one colour: one each of them may still take.
    let mut orbit_colours = cells.to_vec();
    for (i, &root) in roots.iter().enumerate() {
        orbit_colours[root] &= cells[i];
    }
    let mut vars: Vec<(Colours, u32)> = Vec::with_capacity(cells.len());
    for (i, &root) in roots.iter().enumerate() {
        if root != i {
            // The root, the orbit's lowest cell, came first.
            vars.push(vars[root]);
            continue;
        }
        let set = orbit_colours[i];
        let first = sink.num_vars();
        let count = set.count_ones();
        for _ in 0..match count {
            0 | 1 => 0,
            2 => 1,
            n => n,
        } {
            sink.new_var();
        }
        let cell = (set, first);
        vars.push(cell);
        if count == 2 {
            // One variable takes one of the two colours.
            continue;
        }
        // At least one colour (none left: no solution), and no two.
        let some: Vec<Term> = colours_of(set).map(|c| x(cell, c)).collect();
        open &= add_terms(sink, &mut clause, &some);
        for (i, &a) in some.iter().enumerate() {
            for &b in &some[i + 1..] {
                open &= add_terms(sink, &mut clause, &[!a, !b]);
            }
        }
    }
    let width = puzzle.width();
    let mut encoded = EncodedLines::new(!symmetries.is_empty());
    for line in puzzle.lines() {
        let n = line.len(width, puzzle.height());
        let cell = |i: usize| line.cell_index(width, i);
        // Known empty: the background (colour 0) alone.
        if encoded.first(puzzle.clue(line), n, |i| vars[cell(i)], |i| cells[cell(i)] == 1) {
            open &= encode_line(puzzle, &vars, line, sink, &mut clause);
        }
    }
    (vars, open)
}

/// Encodes one line's clue (see the module doc); false when the clauses
/// became unsatisfiable.
fn encode_line<S: ClauseSink>(
    puzzle: &ColourPuzzle,
    cells: &[(Colours, u32)],
    line: LineId,
    sink: &mut S,
    clause: &mut Vec<Lit>,
) -> bool {
    let width = puzzle.width();
    let n = line.len(width, puzzle.height()) as isize;
    let x = |c: isize, colour: u8| x(cells[line.cell_index(width, c as usize)], colour);
    let background = |c: isize| x(c, 0);
    let clue = puzzle.clue(line);
    let runs: Vec<isize> = clue.iter().map(|r| r.len as isize).collect();
    // The gap after each run: one cell before a run of the same colour.
    let k = clue.len();
    let gaps: Vec<isize> =
        (0..k).map(|i| isize::from(i + 1 < k && clue[i].colour == clue[i + 1].colour)).collect();
    encode_runs(sink, clause, n, &runs, &gaps, &|c, i| x(c, clue[i].colour), &background)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::{ColourSolver, ColourStep};
    use crate::sat::ClauseCount;
    use crate::search::Verdict;
    use crate::testing::Random;

    /// Every solution of `puzzle` clause learning lists, up to `most`.
    fn all_solutions(puzzle: &ColourPuzzle, cells: &[Colours], most: usize) -> Vec<Vec<u8>> {
        all_models(ColourSatSearch::new(puzzle, cells), most)
    }

    /// Every model of `search`, up to `most`, sorted.
    fn all_models(mut search: ColourSatSearch, most: usize) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        while found.len() < most {
            match search.run_until(10_000, None) {
                SatProgress::Solution(s) => found.push(s),
                SatProgress::Working => {}
                SatProgress::Exhausted => break,
            }
        }
        found.sort();
        found
    }

    /// Among symmetric grids (a variable set per orbit of cells, a line per
    /// orbit of lines), the models are the solutions the symmetries keep:
    /// random colour pictures made symmetric by turns or mirrors, some
    /// off-centre in an empty border, from the start and from line logic's
    /// fixed point.
    #[test]
    fn the_symmetric_models_are_the_symmetric_solutions() {
        let mut random = Random(0x51_4d_e7);
        let (mut compared, mut with_solutions) = (0, 0);
        for round in 0..150 {
            let n = 2 + random.below(5) as usize;
            let colours = 1 + random.below(3) as u8;
            let mut picture: Vec<u8> =
                (0..n * n).map(|_| random.below(u64::from(colours) + 1) as u8).collect();
            let at = |r: usize, c: usize| r * n + c;
            for r in 0..n {
                for c in 0..n {
                    let images = match round % 3 {
                        0 => vec![at(n - 1 - c, r), at(n - 1 - r, n - 1 - c), at(c, n - 1 - r)],
                        1 => vec![at(r, n - 1 - c)],
                        _ => vec![at(n - 1 - r, n - 1 - c)],
                    };
                    let colour = images.iter().map(|&i| picture[i]).chain([picture[at(r, c)]]).max().unwrap();
                    for i in images.into_iter().chain([at(r, c)]) {
                        picture[i] = colour;
                    }
                }
            }
            let (picture, width) = if round % 2 == 1 {
                // Off-centre: an empty last row and column.
                let mut wider = vec![0u8; (n + 1) * (n + 1)];
                for r in 0..n {
                    wider[r * (n + 1)..r * (n + 1) + n].copy_from_slice(&picture[r * n..(r + 1) * n]);
                }
                (wider, n + 1)
            } else {
                (picture, n)
            };
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            if puzzle.validate().is_err() {
                continue;
            }
            let symmetries = puzzle.symmetries();
            if symmetries.is_empty() {
                continue;
            }
            let every = vec![puzzle.every_colour(); picture.len()];
            let narrowed = puzzle.solve_by_lines().unwrap_or(every.clone());
            for start in [every, narrowed] {
                let all = all_solutions(&puzzle, &start, 500);
                if all.len() >= 500 {
                    continue;
                }
                let expected: Vec<Vec<u8>> =
                    all.into_iter().filter(|s| symmetries.iter().all(|m| m.apply_to(s) == *s)).collect();
                let found =
                    all_models(ColourSatSearch::new_symmetric(&puzzle, &start, &symmetries, None), 500);
                assert_eq!(found, expected, "round {round}");
                compared += 1;
                with_solutions += usize::from(!expected.is_empty());
            }
        }
        assert!(
            compared >= 150 && with_solutions >= 100,
            "{compared} compared, {with_solutions} with solutions"
        );
    }

    /// Small random colour pictures (noisy, so many have several
    /// solutions): clause learning lists the same solutions as the search
    /// without it (which enumerates them all when asked for enough), from
    /// the start and from line logic's fixed point.
    #[test]
    fn the_models_are_the_solutions() {
        let mut random = Random(0x5a7c_0104);
        let (mut several, mut none) = (0, 0);
        for _ in 0..200 {
            let (width, height) = (2 + random.below(5) as usize, 2 + random.below(5) as usize);
            let colours = 1 + random.below(3) as u8;
            let picture: Vec<u8> =
                (0..width * height).map(|_| random.below(u64::from(colours) + 1) as u8).collect();
            let mut puzzle = ColourPuzzle::from_picture(&picture, width);
            if puzzle.validate().is_err() {
                continue;
            }
            if random.below(5) == 0 {
                // Clues that may fit no grid: a column's runs reversed.
                let column = random.below(width as u64) as usize;
                puzzle.columns[column].reverse();
            }
            let mut expected = Vec::new();
            let mut solver = ColourSolver::new(&puzzle, crate::SolveOptions::solutions(1000)).unwrap();
            for step in solver.by_ref() {
                if let ColourStep::Done { verdict } = step {
                    expected = match verdict {
                        Verdict::Unique(s) => vec![s],
                        Verdict::Multiple(s) => s,
                        Verdict::None { .. } => vec![],
                        other => panic!("{other:?}"),
                    };
                }
            }
            expected.sort();
            let every = vec![puzzle.every_colour(); width * height];
            let narrowed = puzzle.solve_by_lines().unwrap_or(every.clone());
            for start in [every, narrowed] {
                let mut found = all_solutions(&puzzle, &start, 2000);
                found.sort();
                assert_eq!(found, expected, "{width}×{height}, {colours} colours");
            }
            several += usize::from(expected.len() > 1);
            none += usize::from(expected.is_empty());
        }
        assert!(several > 20 && none > 10, "{several} with several solutions, {none} with none");
    }

    #[test]
    fn the_bound_holds() {
        let mut random = Random(0xb0_0d);
        for _ in 0..40 {
            let (width, height) = (1 + random.below(30) as usize, 1 + random.below(30) as usize);
            let colours = 1 + random.below(5) as u8;
            let picture: Vec<u8> =
                (0..width * height).map(|_| random.below(u64::from(colours) + 1) as u8).collect();
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let mut count = ClauseCount::default();
            encode(&puzzle, &vec![puzzle.every_colour(); width * height], &[], &mut count);
            let bound = ColourSatSearch::clause_bound(&puzzle);
            assert!(count.clauses <= bound, "{width}×{height}: {} clauses, bound {bound}", count.clauses);
        }
    }
}
