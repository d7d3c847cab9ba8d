//! The hand-over to clause learning: when it is due, and the searches over
//! every grid and over the symmetric grids taking turns.

use super::kind::Kind;
use super::options::learning_due;
use super::solver::Solver;
use super::state::State;
use super::verdict::Step;
use crate::kind::Trailed;
use crate::sat::{excluding, Turn, Turns};

impl<P: Kind> Solver<P> {
    /// Undoes every guess in force: the board is back at the root, a fixed
    /// point with every probe done.
    pub(super) fn back_to_root(&mut self) {
        if let Some(guess) = self.guesses.first() {
            self.board.undo_to(guess.trail_len);
            self.guesses.clear();
            self.propagation.clear();
        }
    }

    /// True when the guesses made call for clause learning (see
    /// [`learning_due`]) and the puzzle's clauses fit.
    pub(super) fn learning_due(&self) -> bool {
        let probed = self.stats.probes - self.probes_at_first_guess;
        let cells = self.board.len();
        learning_due(self.options.learn_after, self.stats.guesses, probed, cells) && self.learning_fits
    }

    /// Goes back to the root (a fixed point with every probe done) and hands
    /// the rest of the search to clause learning, with the root's known cells
    /// and the solutions found so far excluded. When the clues have
    /// symmetries ([`crate::symmetry`]), a second clause learning looks among
    /// the grids they keep, taking turns with the first: a unique solution is
    /// among them, in a far smaller problem, and the turns keep a puzzle whose
    /// symmetric grids are hard to rule out from costing more than twice.
    pub(super) fn start_learning(&mut self) -> Option<Step<P>> {
        self.back_to_root();
        // Clause learning may search long where a switch of a solution
        // found by guessing is another: those first.
        let found = self.solutions.list().to_vec();
        for (i, grid) in found.iter().enumerate() {
            self.add_switches(grid, i + 1);
        }
        if self.solutions.enough() {
            self.state = State::Finished;
            return self.pending.pop_front();
        }
        // Clause learning solves no lines: its SAT solvers need the memory.
        self.propagation.release_cache();
        let every = self.new_learning(false);
        let symmetric = (!self.symmetries.is_empty()).then(|| self.new_learning(true));
        let symmetric_found = symmetric.is_some();
        self.learning = Some(Turns::new(every, symmetric));
        self.state = State::Learn;
        Some(Step::Learning { contradictions: 0, symmetric: symmetric_found })
    }

    /// A clause-learning search from the root's known cells, over the
    /// symmetric grids or every grid, with the solutions found so far excluded.
    pub(super) fn new_learning(&self, symmetric: bool) -> P::Learning {
        let symmetries = if symmetric { &self.symmetries[..] } else { &[] };
        let learning = self.puzzle.new_learning(&self.board, self.options.seed, symmetries);
        excluding(learning, self.solutions.list())
    }

    /// One slice of clause learning, over the symmetric grids and every grid
    /// in turn.
    pub(super) fn learn(&mut self) -> Option<Step<P>> {
        let learning = self.learning.as_mut().expect("learning started");
        match learning.take_turn(self.until.as_ref()) {
            Turn::Working => {
                let symmetric = learning.has_symmetric();
                Some(Step::Learning { contradictions: self.stats().contradictions, symmetric })
            }
            Turn::Solution { solution: grid, .. } => Some(self.record(grid, true)),
            Turn::SymmetricExhausted => {
                Some(Step::SymmetricExhausted { contradictions: self.stats().contradictions })
            }
            Turn::Exhausted => {
                self.state = State::Finished;
                None
            }
        }
    }
}
