//! splr, a SAT solver with inprocessing, for long runs of clause learning
//! (`nonogram solve --splr-after N`; off by default since our own solver
//! solves Faase alone, see docs/BENCHMARKS.md). Built only with the
//! `splr` feature, which the CLI has and the page's worker does not.

use super::encode::{dimacs_lit, ClauseSink, Clauses};
use super::slice::Until;
use crate::sat::cdcl::{Lit, Var};

/// splr's side: the clauses (DIMACS numbering), and the solver built from
/// them, dropped whenever a clause is added (splr simplifies its clauses
/// away, so it cannot take new ones) and rebuilt for the next call.
pub(super) struct SplrRun {
    pub(super) clauses: Clauses,
    /// The learnt clauses of the last solver, given to the next one (see
    /// [`SatSearch::new_long`]); cleared when a clause is added.
    pub(super) learnt: Clauses,
    pub(super) solver: Option<splr::Solver>,
    /// Contradictions of the solvers dropped so far.
    pub(super) earlier: u64,
    /// The longest a call may take, in seconds; `None`: no limit.
    seconds: Option<u64>,
    /// The longest a solver may search before it is rebuilt, in seconds;
    /// `None`: it is kept.
    generation: Option<u64>,
}

impl SplrRun {
    /// splr's side of a search over `clauses`, built at its first call
    /// (see [`super::search::SatSearch::new_long`]).
    pub(super) fn new(clauses: Clauses, seconds: Option<u64>, generation: Option<u64>) -> SplrRun {
        SplrRun { clauses, learnt: Clauses::default(), solver: None, earlier: 0, seconds, generation }
    }
    /// Drops the solver (the next call builds one from the clauses),
    /// keeping the count of its contradictions.
    pub(super) fn drop_solver(&mut self) {
        if let Some(solver) = self.solver.take() {
            self.earlier += splr_conflicts(&solver);
        }
    }
    /// Drops the solver, keeping its learnt clauses still in use for the
    /// next one.
    pub(super) fn next_generation(&mut self) {
        use splr::cdb::ClauseDBIF;
        use splr::types::{ClauseIF, FlagClause, FlagIF};
        if let Some(solver) = &self.solver {
            self.learnt = Clauses::default();
            for c in solver.cdb.iter().filter(|c| !c.is_dead() && c.is(FlagClause::LEARNT)) {
                self.learnt.push(c.iter().map(|&l| i32::from(l)));
            }
        }
        self.drop_solver();
    }
    /// One call: `Ok(Some(cell values))` for a model, `Ok(None)` when its
    /// time ran out, `Err(())` when no model is left. It ends by `until`'s
    /// time limit, to within splr's own check of its clock (whole seconds
    /// since it was built, every few hundred contradictions); with less
    /// than a second left, it does not start.
    pub(super) fn run(&mut self, cells: usize, until: Option<&Until>) -> Result<Option<Vec<bool>>, ()> {
        use splr::{Certificate, SolveIF, SolverError};
        let left_ms = until.and_then(|u| Some(u.limit_at? - (u.clock)()));
        if left_ms.is_some_and(|ms| ms < 1000.0) {
            return Ok(None);
        }
        let solver = match &mut self.solver {
            Some(solver) => solver,
            None => {
                let config = splr::Config { quiet_mode: true, ..Default::default() };
                // The last generation's learnt clauses go in after the
                // clauses, for this build only.
                let all: Vec<&[i32]> = self.clauses.iter().chain(self.learnt.iter()).collect();
                let built = splr::Solver::try_from((config, all.as_slice()));
                drop(all);
                self.learnt = Clauses::default();
                match built {
                    Ok(solver) => self.solver.insert(solver),
                    Err(Ok(Certificate::UNSAT)) => return Err(()),
                    // No other outcome is documented; the clauses are
                    // well formed, so treat it as a slice without result.
                    Err(_) => return Ok(None),
                }
            }
        };
        // splr compares whole seconds since it was built with its limit.
        let elapsed = solver.state.start.elapsed().as_secs();
        let left = left_ms.map(|ms| (ms / 1000.0) as u64);
        let limit = [self.seconds, self.generation, left].into_iter().flatten().min();
        solver.state.config.c_timeout = match limit {
            Some(s) => elapsed.saturating_add(s.max(1)) as f64,
            None => f64::from(u32::MAX),
        };
        let result = solver.solve();
        match result {
            Ok(Certificate::SAT(model)) => {
                // Literal i + 1 is cell i, positive when filled (a variable
                // in no clause may be left out: any value fits it).
                Ok(Some((0..cells).map(|i| model.get(i).is_some_and(|&l| l > 0)).collect()))
            }
            Ok(Certificate::UNSAT) => Err(()),
            Err(SolverError::TimeOut) => {
                if self.generation.is_some() {
                    self.next_generation();
                }
                Ok(None)
            }
            // An error without a verdict: start afresh next time (its
            // contradictions still count).
            Err(_) => {
                self.drop_solver();
                Ok(None)
            }
        }
    }
}

pub(super) fn splr_conflicts(solver: &splr::Solver) -> u64 {
    use splr::types::PropertyDereference;
    solver.asg.derefer(splr::assign::property::Tusize::NumConflict) as u64
}

/// splr's clause list, as a sink for the clauses added after encoding.
pub(super) struct SplrClauses<'a>(pub(super) &'a mut Clauses);

impl ClauseSink for SplrClauses<'_> {
    fn new_var(&mut self) -> Var {
        unreachable!("clauses added after encoding use the cells' variables")
    }
    fn num_vars(&self) -> u32 {
        unreachable!("clauses added after encoding use the cells' variables")
    }
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.0.push(clause.iter().map(|&l| dimacs_lit(l)));
        !clause.is_empty()
    }
}
