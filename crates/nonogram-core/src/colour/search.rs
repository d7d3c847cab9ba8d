//! Colour search, as a steppable state machine like [`crate::search`]:
//! each `next()` solves one line that changes, makes one probe, one guess or
//! one backtrack, or reports a solution or the verdict.
//!
//! Propagation: lines whose cells changed are solved again by
//! [`super::solve_colour_line`] (its results cached:
//! [`crate::line::cache::ColourLines`]) until none changes (a fixed
//! point) or one has no placement (a contradiction).
//!
//! Probing: at a fixed point, each unknown cell is tried with each colour
//! it may still take, with full propagation. A colour that contradicts is
//! removed from the cell; every other cell keeps only the colours that some
//! trial left it (a solution extends one of the trials). A cell is probed
//! again only when its row or column changed since its last probe.
//!
//! Branching: when no probe narrows anything, on the unknown cell whose
//! probe scored highest: the fewest cells any of its colours deduced (as
//! black and white scores `min(a, b)`; on "Lasts Forever" read as a
//! one-colour puzzle this took the solve from over 60 s to 12.5 s), then
//! fewest colours left, then the most known cells in its row and column.
//! First "the cell is the colour whose probe deduced most", and on
//! backtrack "the cell is not that colour", so the search is complete with
//! one stack entry per guess.
//! Guesses keep a copy of the cells (colour puzzles are small; webpbn's
//! largest are 99×99). Every solution is checked against the clues.
//!
//! Clause learning: when [`crate::search::learning_due`] says so, as in
//! black and white (after [`SolveOptions::LEARN_AFTER`] guesses, or fewer
//! once the probes since the first guess have tried as many cells as the
//! grid has), the search goes back to the root and hands over to
//! [`super::sat`] (one variable per cell and colour), which runs in slices
//! (one [`ColourStep::Learning`] each) with the root's colours left and the
//! solutions found so far excluded. "Lasts Forever" read as a one-colour
//! puzzle went from 12.5 s of guessing to a fraction of a second. When the
//! clues have symmetries ([`ColourPuzzle::symmetries`]), a second clause
//! learning looks among the grids they keep, taking turns with the first,
//! as in black and white ([`crate::symmetry`]); and each solution's images
//! under them are solutions too, reported at once.

use super::puzzle::{colours_of, ColourPuzzle, Colours, BACKGROUND};
use super::sat::ColourSatSearch;
use super::switch::colour_switches;
use crate::line::cache::ColourLines;
use crate::puzzle::{LineId, PuzzleError};
use crate::sat::{excluding, Clock, Turn, Turns, Until};
use crate::search::{
    images, learning_due, Derivation, Engine, Solutions, SolveOptions, Stats, Verdict, LARGE_ENCODING,
    MAX_LEARNING_CLAUSES,
};
use crate::symmetry::Symmetry;
use std::collections::VecDeque;

/// Switches of a solution queued at most (as black and white's search
/// does, a few: each is checked against the clues before it is reported).
const SWITCHES_QUEUED: usize = 8;

/// One unit of colour solver work, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColourStep {
    /// A line was solved; its changed cells (position along the line, the
    /// colours left).
    Line { line: LineId, changes: Vec<(usize, Colours)> },
    /// A line has no placement fitting its cells, with `depth` guesses in force.
    Contradiction { line: LineId, depth: usize },
    /// Cell (row, col) was tried with each of its colours; `narrowed` cells
    /// lost colours by it (0: nothing learnt). The changed cells are in the
    /// solver's [`ColourSolver::cells`].
    Probe { row: usize, col: usize, narrowed: usize },
    /// A guess: cell (row, col) is `colour`; `depth` guesses are now in force.
    Guess { row: usize, col: usize, colour: u8, depth: usize },
    /// A guess was undone: cell (row, col) is not `colour` in any solution
    /// still to be found under the `depth` earlier guesses.
    Backtrack { row: usize, col: usize, colour: u8, depth: usize },
    /// Clause learning is at work from the root; `contradictions` it met
    /// so far. `symmetric`: a second clause learning looks among the grids
    /// the clues' symmetries keep, taking turns with the first.
    Learning { contradictions: u64, symmetric: bool },
    /// A solution (1-based `index`), checked against every clue. `from`:
    /// found from solution `.0` without search, as `.1` says (its image by
    /// a symmetry, or a switch: two colours traded at a rectangle's corners).
    Solution { index: usize, cells: Vec<u8>, from: Option<(usize, Derivation)> },
    /// The search is over.
    Done { verdict: Verdict<Vec<u8>> },
}

struct Guess {
    saved: Vec<Colours>,
    cell: usize,
    colour: u8,
}

/// The steppable colour solver; see the module's documentation.
pub struct ColourSolver {
    puzzle: ColourPuzzle,
    cells: Vec<Colours>,
    /// The line solver, its results cached.
    solver: ColourLines,
    queue: VecDeque<LineId>,
    queued: Vec<bool>,
    /// Lines left of the queue's current round: the lines queued when it
    /// began. Each round is a sweep (`Stats::sweeps`, which grades a
    /// puzzle line logic deduces: see `hint::Difficulty`).
    round_left: usize,
    guesses: Vec<Guess>,
    /// When each line last changed, and when each cell was last probed to
    /// no effect, on one clock; probes older than `floor` are void.
    line_stamp: Vec<u64>,
    probe_stamp: Vec<u64>,
    /// Each cell's last probe to no effect: the fewest cells one of its
    /// colours deduced, and the colour that deduced most.
    score: Vec<(u32, u8)>,
    clock: u64,
    floor: u64,
    cursor: usize,
    solutions: Solutions<Vec<u8>>,
    root_contradiction: Option<LineId>,
    stats: Stats,
    /// The next step backtracks (after a contradiction or a solution).
    backtrack_next: bool,
    finished: bool,
    /// Guesses before clause learning takes over (`None`: never), and
    /// whether the puzzle's clauses fit.
    learn_after: Option<u64>,
    learning_fits: bool,
    /// Probes made before the first guess (see [`learning_due`]).
    probes_at_first_guess: u64,
    /// Clause learning's random seed (`None`: its fixed order).
    seed: Option<u64>,
    /// Clause learning, once the search has handed over to it: over every
    /// grid and, with symmetries, over the grids they keep, in turns.
    learning: Option<Turns<ColourSatSearch>>,
    /// The clues' symmetries.
    symmetries: Vec<Symmetry>,
    /// Steps to report before any further work: solutions found without
    /// search (images under the symmetries, switches).
    derived: VecDeque<ColourStep>,
    /// The caller's clock and times, for clause learning's slices.
    until: Option<Until>,
}

impl ColourSolver {
    /// A solver that stops after `max_solutions` solutions (2 proves uniqueness).
    pub fn new(puzzle: &ColourPuzzle, max_solutions: usize) -> Result<ColourSolver, PuzzleError> {
        ColourSolver::with_options(puzzle, SolveOptions::solutions(max_solutions))
    }

    /// A solver with black and white's options: the solutions to find,
    /// the guesses before clause learning, its seed (splr is black and
    /// white's alone).
    pub fn with_options(puzzle: &ColourPuzzle, options: SolveOptions) -> Result<ColourSolver, PuzzleError> {
        puzzle.validate()?;
        let (width, height) = (puzzle.width(), puzzle.height());
        Ok(ColourSolver {
            puzzle: puzzle.clone(),
            cells: vec![puzzle.every_colour(); width * height],
            solver: ColourLines::new(),
            queue: puzzle.lines().collect(),
            queued: vec![true; width + height],
            round_left: 0,
            guesses: Vec::new(),
            line_stamp: vec![0; width + height],
            probe_stamp: vec![0; width * height],
            score: vec![(0, 0); width * height],
            clock: 1,
            floor: 0,
            cursor: 0,
            solutions: Solutions::new(options.max_solutions),
            root_contradiction: None,
            stats: Stats::default(),
            backtrack_next: false,
            finished: false,
            learn_after: options.learn_after,
            learning_fits: ColourSatSearch::clause_bound(puzzle) <= MAX_LEARNING_CLAUSES,
            probes_at_first_guess: 0,
            seed: options.seed,
            learning: None,
            symmetries: puzzle.symmetries(),
            derived: VecDeque::new(),
            until: None,
        })
    }

    /// Guesses before clause learning takes over (`None`: it never does).
    pub fn set_learn_after(&mut self, learn_after: Option<u64>) {
        self.learn_after = learn_after;
    }

    /// The caller's clock and the times by which a slice of clause learning
    /// hands control back (as [`crate::search::Solver::set_clock`]).
    pub fn set_clock(&mut self, clock: Clock, pause_at: Option<f64>, limit_at: Option<f64>) {
        self.until = Some(Until { clock, pause_at, limit_at });
    }

    pub fn puzzle(&self) -> &ColourPuzzle {
        &self.puzzle
    }

    /// Guesses in force.
    pub fn depth(&self) -> usize {
        self.guesses.len()
    }

    /// Each cell's colours left, row-major.
    pub fn cells(&self) -> &[Colours] {
        &self.cells
    }

    pub fn stats(&self) -> Stats {
        Stats { contradictions: self.learning.as_ref().map_or(0, Turns::contradictions), ..self.stats }
    }

    fn slot(&self, line: LineId) -> usize {
        line.slot(self.puzzle.height())
    }

    fn enqueue(&mut self, line: LineId) {
        let slot = self.slot(line);
        if !std::mem::replace(&mut self.queued[slot], true) {
            self.queue.push_back(line);
        }
    }

    /// Cell `index` changed: its lines are solved again and its probes void.
    fn touch(&mut self, index: usize) {
        let width = self.puzzle.width();
        let (row, col) = (LineId::Row(index / width), LineId::Column(index % width));
        self.clock += 1;
        for line in [row, col] {
            let slot = self.slot(line);
            self.line_stamp[slot] = self.clock;
            self.enqueue(line);
        }
    }

    fn set(&mut self, index: usize, colours: Colours) {
        if self.cells[index] != colours {
            self.cells[index] = colours;
            self.touch(index);
        }
    }

    fn clear_queue(&mut self) {
        self.queue.clear();
        self.queued.fill(false);
        self.round_left = 0;
    }

    /// Solves queued lines until one changes something or none is left.
    fn propagate_one(&mut self) -> Option<Result<ColourStep, LineId>> {
        while !self.queue.is_empty() {
            if self.round_left == 0 {
                self.stats.sweeps += 1;
                self.round_left = self.queue.len();
            }
            self.round_left -= 1;
            let Some(line) = self.queue.pop_front() else { break };
            let slot = self.slot(line);
            self.queued[slot] = false;
            let changes = match solve_line(&self.puzzle, &self.cells, line, &mut self.stats, &mut self.solver)
            {
                Ok(changes) => changes,
                Err(line) => return Some(Err(line)),
            };
            let width = self.puzzle.width();
            for &(pos, new) in &changes {
                self.set(line.cell_index(width, pos), new);
            }
            if !changes.is_empty() {
                return Some(Ok(ColourStep::Line { line, changes }));
            }
        }
        None
    }

    /// The next unknown cell whose probe may learn something, from the cursor on.
    fn next_probe(&self) -> Option<usize> {
        let (width, n) = (self.puzzle.width(), self.cells.len());
        (0..n).map(|k| (self.cursor + k) % n).find(|&i| {
            let stamp = self.probe_stamp[i];
            let (row, col) = (i / width, self.puzzle.height() + i % width);
            self.cells[i].count_ones() > 1
                && (stamp <= self.floor || self.line_stamp[row] > stamp || self.line_stamp[col] > stamp)
        })
    }

    /// Tries each colour of cell `index`; `Err` when every one contradicts.
    fn probe(&mut self, index: usize) -> Result<ColourStep, ()> {
        self.stats.probes += 1;
        let width = self.puzzle.width();
        let set = self.cells[index];
        let mut union = vec![0 as Colours; self.cells.len()];
        let mut failed: Colours = 0;
        // The cells each colour deduces: the probe's score is the fewest
        // of them, its colour the one that deduces most.
        let (mut fewest, mut most, mut best) = (u32::MAX, 0, 0);
        for c in colours_of(set) {
            let mut trial = self.cells.clone();
            trial[index] = 1 << c;
            let lines = [LineId::Row(index / width), LineId::Column(index % width)];
            match propagate(&self.puzzle, &mut trial, &lines, &mut self.stats, &mut self.solver) {
                Ok(()) => {
                    let deduced = (trial.iter().zip(&self.cells))
                        .filter(|(t, c)| t.count_ones() == 1 && c.count_ones() > 1)
                        .count() as u32;
                    fewest = fewest.min(deduced);
                    if deduced > most {
                        (most, best) = (deduced, c);
                    }
                    union.iter_mut().zip(&trial).for_each(|(u, t)| *u |= t);
                }
                Err(_) => failed |= 1 << c,
            }
        }
        if failed == set {
            return Err(());
        }
        let mut narrowed = 0;
        for (i, left) in union.into_iter().enumerate() {
            if left != self.cells[i] {
                narrowed += 1;
                self.set(i, left);
            }
        }
        if narrowed == 0 {
            self.probe_stamp[index] = self.clock;
            self.score[index] = (fewest, best);
        }
        self.cursor = (index + 1) % self.cells.len();
        Ok(ColourStep::Probe { row: index / width, col: index % width, narrowed })
    }

    /// The unknown cell to guess. Search branches only when no probe is
    /// left to make, so every unknown cell's probe score is current: the
    /// cell whose every colour deduces the most cells (as the
    /// black-and-white search scores `min(a, b)`), then fewest colours
    /// left, then the most known cells in its row and column.
    fn branch_cell(&self) -> Option<usize> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let mut known = vec![0usize; width + height];
        for (i, c) in self.cells.iter().enumerate() {
            if c.count_ones() == 1 {
                known[i / width] += 1;
                known[height + i % width] += 1;
            }
        }
        (0..self.cells.len()).filter(|&i| self.cells[i].count_ones() > 1).min_by_key(|&i| {
            let lines = usize::MAX - known[i / width] - known[height + i % width];
            (u32::MAX - self.score[i].0, self.cells[i].count_ones(), lines)
        })
    }

    fn guess(&mut self, index: usize) -> ColourStep {
        let set = self.cells[index];
        // The colour whose probe deduced most; else a run colour (placing a
        // run deduces more than a gap does).
        let scored = self.score[index].1;
        let colour = match scored {
            c if set & (1 << c) != 0 && self.score[index].0 > 0 => c,
            _ => colours_of(set & !BACKGROUND).next().unwrap_or(0),
        };
        self.guesses.push(Guess { saved: self.cells.clone(), cell: index, colour });
        if self.stats.guesses == 0 {
            self.probes_at_first_guess = self.stats.probes;
        }
        self.stats.guesses += 1;
        self.stats.max_depth = self.stats.max_depth.max(self.guesses.len());
        self.set(index, 1 << colour);
        let width = self.puzzle.width();
        ColourStep::Guess { row: index / width, col: index % width, colour, depth: self.guesses.len() }
    }

    /// Undoes the latest guess, or ends the search when there is none.
    fn backtrack(&mut self) -> ColourStep {
        self.clear_queue();
        let Some(guess) = self.guesses.pop() else {
            return self.finish();
        };
        self.stats.backtracks += 1;
        self.cells = guess.saved;
        self.floor = self.clock;
        self.set(guess.cell, self.cells[guess.cell] & !(1 << guess.colour));
        let width = self.puzzle.width();
        ColourStep::Backtrack {
            row: guess.cell / width,
            col: guess.cell % width,
            colour: guess.colour,
            depth: self.guesses.len(),
        }
    }

    /// Goes back to the root and hands the rest of the search to clause
    /// learning, with the root's colours left and the solutions found so
    /// far excluded, their switches first; with symmetries, a second one
    /// among the grids they keep, which goes first.
    fn start_learning(&mut self) -> ColourStep {
        self.clear_queue();
        if let Some(root) = self.guesses.first() {
            self.cells = root.saved.clone();
        }
        self.guesses.clear();
        // The solutions guessing found: their switches first; enough of
        // them end the search with no clause learning (as in black and
        // white).
        for index in 1..=self.solutions.list().len() {
            self.queue_switches(index);
        }
        if self.solutions.enough() {
            return self.derived.pop_front().unwrap_or_else(|| self.finish());
        }
        // Clause learning solves no lines: its SAT solvers need the memory.
        self.solver = ColourLines::new();
        let new = |symmetric: bool| {
            let symmetries = if symmetric { &self.symmetries[..] } else { &[] };
            let learning = ColourSatSearch::new_symmetric(&self.puzzle, &self.cells, symmetries, self.seed);
            excluding(learning, self.solutions.list())
        };
        let every = new(false);
        let symmetric = (!self.symmetries.is_empty()).then(|| new(true));
        let step = ColourStep::Learning { contradictions: 0, symmetric: symmetric.is_some() };
        self.learning = Some(Turns::new(every, symmetric));
        step
    }

    /// One slice of clause learning, over the symmetric grids and every
    /// grid in turn.
    fn learn(&mut self) -> ColourStep {
        let learning = self.learning.as_mut().expect("learning started");
        match learning.take_turn(self.until.as_ref()) {
            Turn::Working | Turn::SymmetricExhausted => self.learning_step(),
            Turn::Solution { solution, .. } => self.record(solution),
            Turn::Exhausted => self.finish(),
        }
    }

    fn learning_step(&self) -> ColourStep {
        ColourStep::Learning {
            contradictions: self.stats().contradictions,
            symmetric: self.learning.as_ref().is_some_and(Turns::has_symmetric),
        }
    }

    /// The clues' symmetries (see [`ColourPuzzle::symmetries`]).
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// A new solution found by search: kept, its images under the
    /// symmetries queued, and, once clause learning is at work, its
    /// switches (guessing meets a second solution near the first soon by
    /// backtracking).
    fn record(&mut self, cells: Vec<u8>) -> ColourStep {
        let index = self.solutions.add(cells.clone());
        for (image, how) in images(&cells, &self.symmetries) {
            self.add_derived(image, index, how);
        }
        if self.learning.is_some() {
            self.queue_switches(index);
        }
        ColourStep::Solution { index, cells, from: None }
    }

    /// Queues `found`, a solution found from solution `of` without search,
    /// as `how` says, unless it was found before or enough are; clause
    /// learning rules it out.
    fn add_derived(&mut self, found: Vec<u8>, of: usize, how: Derivation) {
        // Checked against the clues as every solution is.
        if self.solutions.contains(&found) || !self.puzzle.is_solution(&found) {
            return;
        }
        let Some(index) = self.solutions.add_derived(&found) else { return };
        if let Some(learning) = &mut self.learning {
            learning.exclude(&found);
        }
        self.derived.push_back(ColourStep::Solution { index, cells: found, from: Some((of, how)) });
    }

    /// Queues the switches of solution `index` (1-based).
    fn queue_switches(&mut self, index: usize) {
        let width = self.puzzle.width();
        let cells = self.solutions.list()[index - 1].clone();
        for switch in colour_switches(&self.puzzle, &cells, SWITCHES_QUEUED) {
            let mut other = cells.clone();
            for row in [switch.rows.0, switch.rows.1] {
                other.swap(row * width + switch.columns.0, row * width + switch.columns.1);
            }
            self.add_derived(other, index, Derivation::Switch(switch));
        }
    }

    fn finish(&mut self) -> ColourStep {
        self.finished = true;
        ColourStep::Done { verdict: self.solutions.verdict(self.root_contradiction) }
    }
}

impl Iterator for ColourSolver {
    type Item = ColourStep;

    fn next(&mut self) -> Option<ColourStep> {
        if self.finished {
            return None;
        }
        if let Some(step) = self.derived.pop_front() {
            return Some(step);
        }
        if self.solutions.enough() {
            return Some(self.finish());
        }
        let backtrack = std::mem::take(&mut self.backtrack_next);
        if self.learning.is_some() {
            return Some(self.learn());
        }
        let probed = self.stats.probes - self.probes_at_first_guess;
        if self.learning_fits && learning_due(self.learn_after, self.stats.guesses, probed, self.cells.len())
        {
            return Some(self.start_learning());
        }
        if backtrack {
            return Some(self.backtrack());
        }
        match self.propagate_one() {
            Some(Ok(step)) => return Some(step),
            Some(Err(line)) => {
                if self.stats.guesses == 0 {
                    self.root_contradiction.get_or_insert(line);
                }
                self.backtrack_next = true;
                return Some(ColourStep::Contradiction { line, depth: self.guesses.len() });
            }
            None => {}
        }
        if self.cells.iter().all(|c| c.count_ones() == 1) {
            let cells: Vec<u8> = self.cells.iter().map(|c| c.trailing_zeros() as u8).collect();
            if self.puzzle.is_solution(&cells) && !self.solutions.contains(&cells) {
                self.backtrack_next = true;
                return Some(self.record(cells));
            }
            return Some(self.backtrack());
        }
        if let Some(index) = self.next_probe() {
            return Some(match self.probe(index) {
                Ok(step) => step,
                Err(()) => self.backtrack(),
            });
        }
        match self.branch_cell() {
            Some(index) => Some(self.guess(index)),
            None => Some(self.backtrack()),
        }
    }
}

/// Solves one line of `cells`: the cells it changes (position along the
/// line, the colours left), or the line when no placement fits.
fn solve_line(
    puzzle: &ColourPuzzle,
    cells: &[Colours],
    line: LineId,
    stats: &mut Stats,
    solver: &mut ColourLines,
) -> Result<Vec<(usize, Colours)>, LineId> {
    stats.line_solves += 1;
    let before: Vec<Colours> = line.cell_indices(puzzle.width(), puzzle.height()).map(|i| cells[i]).collect();
    let after = solver.solve(puzzle, line, &before).ok_or(line)?;
    Ok(before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (&old, &new))| old != new)
        .map(|(pos, (_, &new))| (pos, new))
        .collect())
}

/// Line solving from `lines` until nothing changes, or the line with no placement.
pub(crate) fn propagate(
    puzzle: &ColourPuzzle,
    cells: &mut [Colours],
    lines: &[LineId],
    stats: &mut Stats,
    solver: &mut ColourLines,
) -> Result<(), LineId> {
    propagate_watching(puzzle, cells, lines, stats, solver, None).map_err(|stop| match stop {
        Stop::Contradiction(line) | Stop::Forced(line, _) => line,
    })
}

/// Why line logic stopped before its fixed point.
pub(crate) enum Stop {
    /// This line has no placement.
    Contradiction(LineId),
    /// This line made these cells (positions along it, colours) known,
    /// which the watched cells leave open.
    Forced(LineId, Vec<(usize, u8)>),
}

/// [`propagate`], stopping at the first line that makes a cell known which
/// `watched` (a player's cells: see `hint::colour`) leaves open.
pub(crate) fn propagate_watching(
    puzzle: &ColourPuzzle,
    cells: &mut [Colours],
    lines: &[LineId],
    stats: &mut Stats,
    solver: &mut ColourLines,
    watched: Option<&[Colours]>,
) -> Result<(), Stop> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut queued = vec![false; width + height];
    let mut queue: VecDeque<LineId> = VecDeque::new();
    for &line in lines {
        queued[line.slot(height)] = true;
        queue.push_back(line);
    }
    while let Some(line) = queue.pop_front() {
        queued[line.slot(height)] = false;
        let changes = solve_line(puzzle, cells, line, stats, solver).map_err(Stop::Contradiction)?;
        if let Some(watched) = watched {
            let forced: Vec<(usize, u8)> = (changes.iter())
                .filter(|&&(pos, new)| {
                    new.count_ones() == 1 && watched[line.cell_index(width, pos)].count_ones() > 1
                })
                .map(|&(pos, new)| (pos, new.trailing_zeros() as u8))
                .collect();
            if !forced.is_empty() {
                return Err(Stop::Forced(line, forced));
            }
        }
        for (pos, new) in changes {
            cells[line.cell_index(width, pos)] = new;
            let crossing = line.crossing(pos);
            if !std::mem::replace(&mut queued[crossing.slot(height)], true) {
                queue.push_back(crossing);
            }
        }
    }
    Ok(())
}

/// Solves a colour puzzle to at most `max_solutions` solutions, stepping
/// while `keep_going` says so (a time limit, a cancel).
pub fn solve_colour(
    puzzle: &ColourPuzzle,
    max_solutions: usize,
    mut keep_going: impl FnMut(&ColourStep) -> bool,
) -> Result<(Verdict<Vec<u8>>, Stats), PuzzleError> {
    let mut solver = ColourSolver::new(puzzle, max_solutions)?;
    while let Some(step) = solver.next() {
        if let ColourStep::Done { verdict } = step {
            return Ok((verdict, solver.stats()));
        }
        if !keep_going(&step) {
            return Ok((Verdict::Interrupted, solver.stats()));
        }
    }
    unreachable!("a colour solver always ends with ColourStep::Done")
}

impl ColourPuzzle {
    /// Line logic alone to its fixed point: each cell's colours left, or
    /// the line that no placement fits.
    pub fn solve_by_lines(&self) -> Result<Vec<Colours>, LineId> {
        let mut cells = vec![self.every_colour(); self.width() * self.height()];
        let lines: Vec<LineId> = self.lines().collect();
        propagate(self, &mut cells, &lines, &mut Stats::default(), &mut ColourLines::new())?;
        Ok(cells)
    }
}

impl Engine for ColourSolver {
    type Puzzle = ColourPuzzle;
    type Solution = Vec<u8>;

    fn start(puzzle: &ColourPuzzle, options: SolveOptions) -> Result<ColourSolver, PuzzleError> {
        ColourSolver::with_options(puzzle, options)
    }
    fn check(puzzle: &ColourPuzzle) -> Result<(), PuzzleError> {
        puzzle.validate()
    }
    /// As black and white's: where the encoding is at most
    /// [`crate::search::LARGE_ENCODING`] clauses.
    fn racing_fits(puzzle: &ColourPuzzle) -> bool {
        ColourSatSearch::clause_bound(puzzle) <= LARGE_ENCODING
    }
    fn set_clock(&mut self, clock: Clock, pause_at: Option<f64>, limit_at: Option<f64>) {
        ColourSolver::set_clock(self, clock, pause_at, limit_at);
    }
    fn stats(&self) -> Stats {
        ColourSolver::stats(self)
    }
    fn verdict_of(step: ColourStep) -> Option<Verdict<Vec<u8>>> {
        match step {
            ColourStep::Done { verdict } => Some(verdict),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::{default_palette, ColourRun};
    use crate::testing::Random;

    fn run(len: u32, colour: u8) -> ColourRun {
        ColourRun { len, colour }
    }

    /// A blocky random picture, as colour puzzles are drawn: each cell
    /// copies its left or upper neighbour half of the time.
    fn picture(random: &mut Random, width: usize, height: usize, colours: u8) -> Vec<u8> {
        let mut picture = vec![0u8; width * height];
        for i in 0..picture.len() {
            picture[i] = match random.below(4) {
                0 if i % width > 0 => picture[i - 1],
                1 if i >= width => picture[i - width],
                _ => random.below(u64::from(colours) + 1) as u8,
            };
        }
        picture
    }

    /// Clause learning finds a second solution four cells from the first
    /// as a switch (two colours traded at a rectangle's corners), checked
    /// against the clues, before it searches on.
    #[test]
    fn clause_learning_finds_switches_first() {
        let mut random = Random(0x0057_17c0);
        let mut switched = 0;
        for _ in 0..60 {
            let (w, h) = (8 + random.below(6) as usize, 8 + random.below(6) as usize);
            let picture: Vec<u8> = (0..w * h)
                .map(|_| if random.below(100) < 45 { 1 + random.below(2) as u8 } else { 0 })
                .collect();
            let puzzle = ColourPuzzle::from_picture(&picture, w);
            let options = SolveOptions { learn_after: Some(0), ..SolveOptions::solutions(2) };
            let mut solver = ColourSolver::with_options(&puzzle, options).unwrap();
            let mut first = Vec::new();
            for step in solver.by_ref() {
                match &step {
                    ColourStep::Solution { index: 1, cells, .. } => first = cells.clone(),
                    ColourStep::Solution { cells, from: Some((1, Derivation::Switch(s))), .. } => {
                        assert!(puzzle.is_solution(cells));
                        let apart = (0..w * h).filter(|&i| cells[i] != first[i]).count();
                        assert_eq!(apart, 4, "{s:?}");
                        switched += 1;
                    }
                    _ => {}
                }
            }
        }
        assert!(switched >= 3, "{switched} switches");
    }

    #[test]
    fn line_logic_on_colour_pictures_deduces_only_what_the_picture_has() {
        let mut random = Random(0xc010_0047);
        let (mut deduced, mut whole) = (0, 0);
        for _ in 0..400 {
            let (width, height) = (2 + random.below(14) as usize, 2 + random.below(14) as usize);
            let colours = 2 + random.below(4) as u8;
            let picture = picture(&mut random, width, height, colours);
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let cells = puzzle.solve_by_lines().expect("a picture's clues fit it");
            for (i, (&set, &colour)) in cells.iter().zip(&picture).enumerate() {
                assert!(set & (1 << colour) != 0, "cell {i} lost the picture's colour");
                deduced += usize::from(set.count_ones() == 1);
            }
            whole += usize::from(cells.iter().all(|c| c.count_ones() == 1));
        }
        // Line logic alone deduces many cells, and some whole pictures.
        assert!(deduced > 25_000 && whole > 300, "{deduced} cells, {whole} pictures");
    }

    #[test]
    fn a_contradiction_names_its_line() {
        // Rows red 2 / blue 1 over two columns whose clues want blue on top.
        let puzzle = ColourPuzzle::new(
            vec![vec![run(2, 1)], vec![run(1, 2)]],
            vec![vec![run(1, 2)], vec![run(1, 1)]],
            default_palette(2),
        );
        assert!(puzzle.solve_by_lines().is_err());
        // A small picture line logic solves whole: red and blue touching.
        let picture = [1, 1, 2, 0, 1, 2, 2, 2, 0];
        let puzzle = ColourPuzzle::from_picture(&picture, 3);
        let cells = puzzle.solve_by_lines().unwrap();
        let solved: Vec<u8> = cells.iter().map(|c| c.trailing_zeros() as u8).collect();
        assert_eq!(solved, picture);
        assert!(cells.iter().all(|c| c.count_ones() == 1));
    }

    /// Steps until the verdict, checking that cells only narrow between
    /// backtracks and that every solution reported makes the clues.
    fn solve(puzzle: &ColourPuzzle, max_solutions: usize) -> (Verdict<Vec<u8>>, Stats) {
        let mut solver = ColourSolver::new(puzzle, max_solutions).unwrap();
        let mut before = solver.cells().to_vec();
        while let Some(step) = solver.next() {
            match step {
                ColourStep::Done { verdict } => return (verdict, solver.stats()),
                ColourStep::Solution { cells, .. } => assert!(puzzle.is_solution(&cells)),
                ColourStep::Backtrack { .. } => {}
                _ => {
                    let after = solver.cells();
                    assert!(before.iter().zip(after).all(|(b, a)| a & !b == 0), "{step:?} widened a cell");
                }
            }
            before = solver.cells().to_vec();
        }
        unreachable!()
    }

    #[test]
    fn random_pictures_solve_to_themselves_when_unique() {
        let mut random = Random(0xc010_5ea5);
        let (mut unique, mut multiple, mut searched) = (0, 0, 0);
        for round in 0..300 {
            let side = if round % 10 == 0 { 40 } else { 12 };
            let (width, height) = (2 + random.below(side) as usize, 2 + random.below(side) as usize);
            let colours = 2 + random.below(4) as u8;
            let picture = picture(&mut random, width, height, colours);
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let (verdict, stats) = solve(&puzzle, 2);
            match verdict {
                Verdict::Unique(cells) => {
                    assert_eq!(cells, picture, "a unique solution is the picture");
                    unique += 1;
                }
                Verdict::Multiple(solutions) => {
                    assert_eq!(solutions.len(), 2);
                    assert_ne!(solutions[0], solutions[1]);
                    assert!(solutions.iter().all(|s| puzzle.is_solution(s)));
                    multiple += 1;
                }
                other => panic!("{width}×{height}: {other:?}"),
            }
            searched += usize::from(stats.guesses > 0);
        }
        // Both verdicts are met, and some puzzles need guessing.
        assert!(
            unique > 100 && multiple > 20 && searched > 20,
            "{unique} unique, {multiple} multiple, {searched} searched"
        );
    }

    /// The verdict with clause learning from the first step, or once
    /// guessing has begun, is the verdict of guessing alone: unique with
    /// the same solution, or multiple with two distinct solutions, or none.
    #[test]
    fn clause_learning_agrees_with_guessing() {
        let mut random = Random(0x1ea7_2c0b);
        let mut learnt = 0;
        for round in 0..200 {
            let (width, height) = (2 + random.below(14) as usize, 2 + random.below(14) as usize);
            let colours = 1 + random.below(4) as u8;
            let picture = if round % 2 == 0 {
                picture(&mut random, width, height, colours)
            } else {
                (0..width * height).map(|_| random.below(u64::from(colours) + 1) as u8).collect()
            };
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            if puzzle.validate().is_err() {
                continue;
            }
            let verdict = |learn_after: Option<u64>| {
                let mut solver = ColourSolver::new(&puzzle, 2).unwrap();
                solver.set_learn_after(learn_after);
                let verdict = crate::search::until_verdict(
                    &mut solver,
                    |step| if let ColourStep::Done { verdict } = step { Some(verdict) } else { None },
                    || true,
                );
                (verdict.expect("a verdict"), solver.stats())
            };
            let (guessing, _) = verdict(None);
            for after in [0, 1] {
                let (learning, stats) = verdict(Some(after));
                learnt += usize::from(stats.contradictions > 0);
                match (&guessing, &learning) {
                    (Verdict::Unique(a), Verdict::Unique(b)) => assert_eq!(a, b),
                    (Verdict::Multiple(_), Verdict::Multiple(b)) => {
                        assert!(b[0] != b[1] && b.iter().all(|s| puzzle.is_solution(s)))
                    }
                    (a, b) => panic!("{width}×{height}: {a:?} by guessing, {b:?} with clause learning"),
                }
            }
        }
        assert!(learnt > 20, "{learnt} solves met a contradiction in clause learning");
    }

    /// Clause learning starts only while solutions are still wanted: when
    /// the solutions guessing found, and their switches, are enough, the
    /// search ends there (as black and white's does) rather than encoding
    /// the puzzle for nothing.
    #[test]
    fn clause_learning_starts_only_while_solutions_are_wanted() {
        let mut random = Random(0x0501_77e5);
        let (mut ended_by_switches, mut learnt) = (0, 0);
        for _ in 0..600 {
            let (width, height) = (4 + random.below(8) as usize, 4 + random.below(8) as usize);
            let colours = 1 + random.below(3) as u8;
            let picture = picture(&mut random, width, height, colours);
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            for learn_after in 1..=4 {
                let mut solver = ColourSolver::new(&puzzle, 2).unwrap();
                solver.set_learn_after(Some(learn_after));
                // Once clause learning starts, a solution found without
                // search comes from one clause learning found.
                let (mut found, mut learning, mut searched_since) = (0, false, false);
                for step in solver.by_ref() {
                    match step {
                        ColourStep::Solution { from, .. } => {
                            found += 1;
                            searched_since |= from.is_none();
                            assert!(
                                !learning || searched_since,
                                "solutions queued before clause learning started"
                            );
                        }
                        ColourStep::Learning { contradictions: 0, .. } => {
                            (learning, searched_since) = (true, false);
                            learnt += 1;
                        }
                        _ => {}
                    }
                }
                let derived_before_learning = found == 2 && !learning;
                ended_by_switches +=
                    usize::from(derived_before_learning && solver.stats().contradictions == 0);
            }
        }
        assert!(
            ended_by_switches > 0 && learnt > 0,
            "{ended_by_switches} ended by switches, {learnt} learnt"
        );
    }

    /// Symmetries compare colours: a mirroring that keeps the runs'
    /// lengths but swaps two colours' order is not one; every symmetry
    /// found maps the picture onto a solution.
    #[test]
    fn symmetries_keep_colours() {
        // red . blue / . . . / blue . red
        let picture = [1, 0, 2, 0, 0, 0, 2, 0, 1];
        let puzzle = ColourPuzzle::from_picture(&picture, 3);
        let names = |found: Vec<crate::symmetry::Symmetry>| -> Vec<String> {
            found.iter().map(|s| s.name().to_string()).collect()
        };
        let shape = names(crate::symmetry::symmetries(&puzzle.shape()));
        let colour = names(puzzle.symmetries());
        assert!(shape.iter().any(|n| n == "mirror left-right"), "{shape:?}");
        assert!(!colour.iter().any(|n| n == "mirror left-right"), "{colour:?}");
        assert!(colour.iter().any(|n| n == "half turn"), "{colour:?}");
        for symmetry in puzzle.symmetries() {
            assert!(puzzle.is_solution(&symmetry.apply_to(&picture)), "{}", symmetry.name());
        }
        // A puzzle with two mirror-image solutions: with clause learning
        // from the start (and its search among the symmetric grids), the
        // second comes as the image of the first.
        let a = [1, 0, 0, 1, 2, 2];
        let puzzle = ColourPuzzle::from_picture(&a, 2);
        assert!(!puzzle.symmetries().is_empty());
        let mut solver = ColourSolver::new(&puzzle, 2).unwrap();
        solver.set_learn_after(Some(0));
        let done = |step| if let ColourStep::Done { verdict } = step { Some(verdict) } else { None };
        match crate::search::until_verdict(&mut solver, done, || true) {
            Some(Verdict::Multiple(found)) => {
                assert!(found.contains(&a.to_vec()) && found.contains(&vec![0, 1, 1, 0, 2, 2]))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn verdicts_name_what_they_found() {
        // Two solutions: a red diagonal either way, under a blue row.
        let a = [1, 0, 0, 1, 2, 2];
        let b = [0, 1, 1, 0, 2, 2];
        let puzzle = ColourPuzzle::from_picture(&a, 2);
        assert_eq!(ColourPuzzle::from_picture(&b, 2).rows, puzzle.rows);
        match solve(&puzzle, 2).0 {
            Verdict::Multiple(found) => {
                assert!(found.contains(&a.to_vec()) && found.contains(&b.to_vec()))
            }
            other => panic!("{other:?}"),
        }
        // One solution asked for: the first found, unique by default.
        assert!(matches!(solve(&puzzle, 1).0, Verdict::Unique(_)));
        // No solution: each colour's totals agree, but no grid fits; line
        // logic finds the contradiction before any guess.
        let puzzle = ColourPuzzle::new(
            vec![vec![run(1, 1), run(1, 2)], vec![run(1, 1), run(1, 2)]],
            vec![vec![run(1, 2), run(1, 1)], vec![run(1, 2), run(1, 1)]],
            default_palette(2),
        );
        assert!(puzzle.validate().is_ok());
        let (verdict, stats) = solve(&puzzle, 2);
        assert!(matches!(verdict, Verdict::None { line: Some(_) }), "{verdict:?}");
        assert_eq!(stats.guesses, 0);
    }

    #[test]
    fn bad_clues_are_refused_by_name() {
        let red = |len| vec![run(len, 1)];
        let p = ColourPuzzle::new(vec![red(3)], vec![red(1), red(1)], default_palette(1));
        assert_eq!(p.validate().unwrap_err().to_string(), "row 1: runs 3 black need 3 cells, the row has 2");
        let p = ColourPuzzle::new(vec![red(1)], vec![red(1), vec![]], default_palette(2));
        assert!(p.validate().is_ok());
        let p = ColourPuzzle::new(vec![vec![run(1, 2)]], vec![red(1)], default_palette(2));
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "the row clues fill 0 black cells but the column clues fill 1"
        );
        let p = ColourPuzzle::new(vec![vec![run(1, 3)]], vec![vec![run(1, 3)]], default_palette(2));
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "row 1: run 1 has a colour the palette does not declare"
        );
        // Two runs of one colour need a gap; of two colours they do not.
        assert_eq!(ColourPuzzle::min_len(&[run(1, 1), run(1, 1)]), 3);
        assert_eq!(ColourPuzzle::min_len(&[run(1, 1), run(1, 2)]), 2);
    }
}
