//! The clause-learning search for a puzzle's solutions, one after another,
//! in slices of our CDCL solver.

use super::encode::{add_terms, encode, runs_clause_bound, Term};
use super::slice::{SatProgress, Until};
use crate::cell::Cell;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::sat::cdcl::{Cdcl, Lit, Var};
use crate::symmetry::Symmetry;

/// A clause-learning search for the solutions, one after another.
pub struct SatSearch {
    /// Our own CDCL solver ([`crate::sat::cdcl`]): slices of
    /// contradictions; its state lasts from one to the next.
    cdcl: Box<Cdcl>,
    puzzle: Puzzle,
    /// The variable of each cell (grid index order).
    cells: Vec<Var>,
    /// False once the clauses are unsatisfiable.
    open: bool,
    clause: Vec<Lit>,
}

impl std::fmt::Debug for SatSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SatSearch")
            .field("contradictions", &self.contradictions())
            .field("open", &self.open)
            .finish()
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
    /// On Faase, started near the first solution, a search found a second
    /// one four cells away at its first contradiction; trying `near`'s
    /// values first at every choice (user polarities, not saved phases)
    /// took 205 000 contradictions to find one 922 cells away.
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
        SatSearch { cdcl, puzzle: puzzle.clone(), cells, open, clause: Vec::new() }
    }

    /// Adds a clause, dropping false constants; a true constant satisfies it.
    fn add(&mut self, terms: &[Term]) {
        if !add_terms(self.cdcl.as_mut(), &mut self.clause, terms) {
            self.open = false;
        }
    }

    /// Searches for at most `contradictions` more contradictions.
    pub fn run(&mut self, contradictions: u64) -> SatProgress {
        self.run_until(contradictions, None)
    }

    /// [`SatSearch::run`], handing control back by the times `until` gives.
    pub fn run_until(&mut self, contradictions: u64, until: Option<&Until>) -> SatProgress {
        if !self.open {
            return SatProgress::Exhausted;
        }
        let cells = &self.cells;
        let read =
            |cdcl: &Cdcl| -> Vec<bool> { cells.iter().map(|&v| cdcl.value(Lit::new(v, true))).collect() };
        let values = match self.cdcl.slice(contradictions, until, read) {
            SatProgress::Solution(values) => values,
            SatProgress::Working => return SatProgress::Working,
            SatProgress::Exhausted => {
                self.open = false;
                return SatProgress::Exhausted;
            }
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

    /// Rules out one solution (found here or elsewhere): one of its
    /// filled cells must be empty. That is exact, since every solution
    /// fills as many cells as the clues count (one that fills all of
    /// these is this one), and a clause of its filled cells alone is a
    /// fraction of one over every cell (`--max-solutions` on a 36×36
    /// board of single cells: 36 literals a solution, not 1 296).
    pub fn exclude(&mut self, solution: &Grid) {
        let cells = self.cells.iter().zip(solution.cells());
        let any_filled = solution.cells().contains(&Cell::Filled);
        let block: Vec<Term> = cells
            .filter(|&(_, &c)| c == Cell::Filled || !any_filled)
            .map(|(&v, &c)| Term::Lit(Lit::new(v, c != Cell::Filled)))
            .collect();
        self.add(&block);
    }

    /// The contradictions a caller should allow per [`SatSearch::run`]:
    /// 10 000 for a 25×25 puzzle (about a quarter of a second), fewer for
    /// larger encodings, at least 1000: how often control comes back (the
    /// turns between a symmetric puzzle's two searches fall there). The
    /// solver goes on where it stopped, so a slice costs nothing else.
    pub fn slice(&self) -> u64 {
        slice_for(self.cdcl.num_clauses())
    }

    /// Contradictions so far.
    pub fn contradictions(&self) -> u64 {
        self.cdcl.conflicts()
    }
}

/// The contradictions per slice for an encoding of `clauses` clauses (see
/// [`SatSearch::slice`]).
pub(crate) fn slice_for(clauses: u64) -> u64 {
    const FULL: u64 = 10_000;
    (FULL * 20_000 / clauses.max(1)).clamp(1000, FULL)
}
