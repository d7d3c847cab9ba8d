//! A theory beside the clauses: at each fixpoint of unit propagation, a
//! [`Theory`] reads the assignment and answers with clauses it implies that
//! propagate or contradict there (lazy clause generation: a propagator
//! explains each deduction with a clause, and the clause is learnt like
//! any other). The theory only adds consequences, so the solver's verdicts
//! stay those of its clauses; it may say nothing at any point.

use super::lit::{Lit, Var};
use super::solver::Cdcl;
use super::store::*;

/// The assignment as a theory reads it.
pub(crate) struct Assignment<'a> {
    vals: &'a [i8],
    level: &'a [u32],
}

impl Assignment<'_> {
    /// The variable's value, `None` while unassigned.
    #[inline]
    pub(crate) fn value(&self, var: Var) -> Option<bool> {
        match self.vals[2 * var.0 as usize] {
            1 => Some(true),
            -1 => Some(false),
            _ => None,
        }
    }

    /// The decision level a variable was assigned at.
    #[inline]
    pub(crate) fn level(&self, var: Var) -> u32 {
        self.level[var.0 as usize]
    }
}

/// What a theory's check found: literals it implies (explained later,
/// when a contradiction's analysis needs it, by [`Theory::explain`]), or a
/// clause false under the assignment.
#[derive(Default)]
pub(crate) struct Found {
    pub(crate) implied: Vec<Lit>,
    pub(crate) conflict: Option<Vec<Lit>>,
}

/// A propagator over some of the solver's variables.
pub(crate) trait Theory {
    /// Reads the literals assigned since the last call (`new`: after a
    /// backjump, those above where the trail was cut are gone from it) and
    /// the assignment; pushes the open literals the constraints imply
    /// (each variable once), or sets a clause the constraints imply that
    /// is false under the assignment.
    fn check(&mut self, assignment: &Assignment, new: &[Lit], found: &mut Found);

    /// The reason of `lit`, implied at the last check that pushed it and
    /// still assigned: a clause the constraints imply, `lit` first, the
    /// rest false and assigned before `lit`.
    fn explain(&mut self, lit: Lit, assignment: &Assignment, clause: &mut Vec<Lit>);
}

/// What a theory's check led to.
pub(super) enum TheoryStep {
    /// Nothing to add.
    Quiet,
    /// Literals assigned: propagate again.
    Implied,
    /// A clause false under the assignment, at the (new) decision level.
    Conflict(Conflict),
}

impl Cdcl {
    /// Gives the solver a theory, checked at each fixpoint from now on.
    pub(crate) fn set_theory(&mut self, theory: Box<dyn Theory>) {
        self.theory = Some(theory);
        self.theory_head = 0;
    }

    /// Asks the theory about the literals assigned since it last looked:
    /// the literals it implies are assigned, their reasons left to
    /// [`Cdcl::explain`]; a false clause is learnt and ends in a
    /// contradiction at the level where it became false (or in an
    /// assignment below it, where only one of its literals was assigned at
    /// that level).
    pub(super) fn check_theory(&mut self) -> TheoryStep {
        let Some(mut theory) = self.theory.take() else { return TheoryStep::Quiet };
        let mut found = std::mem::take(&mut self.found);
        found.implied.clear();
        found.conflict = None;
        let mut new = std::mem::take(&mut self.theory_new);
        new.clear();
        new.extend(self.trail[self.theory_head..].iter().map(|&l| Lit(l)));
        theory.check(&Assignment { vals: &self.vals, level: &self.level }, &new, &mut found);
        self.theory_new = new;
        self.theory_head = self.trail.len();
        self.theory = Some(theory);
        let step = if let Some(conflict) = &found.conflict {
            let mut clause: Vec<u32> = conflict.iter().map(|l| l.0).collect();
            self.learn_false(&mut clause)
        } else if found.implied.is_empty() {
            TheoryStep::Quiet
        } else {
            for &lit in &found.implied {
                debug_assert_eq!(self.val(lit.0), 0);
                self.assign(lit.0, LAZY);
            }
            TheoryStep::Implied
        };
        self.found = found;
        step
    }

    /// Turns the lazy reason of variable `v` into a learnt clause, its
    /// reason from now on.
    pub(super) fn explain(&mut self, v: usize) {
        let mut theory = self.theory.take().expect("a lazy reason comes from the theory");
        let lit = if self.vals[2 * v] == 1 { 2 * v as u32 } else { 2 * v as u32 + 1 };
        let mut clause = std::mem::take(&mut self.explanation);
        clause.clear();
        theory.explain(Lit(lit), &Assignment { vals: &self.vals, level: &self.level }, &mut clause);
        self.theory = Some(theory);
        debug_assert_eq!(clause.first(), Some(&Lit(lit)));
        let mut lits: Vec<u32> = clause.iter().map(|l| l.0).collect();
        self.explanation = clause;
        assert!(lits.len() >= 2, "a reason above the root holds a literal assigned above it");
        self.reason[v] = match lits.len() {
            2 => {
                self.add_binary(lits[0], lits[1]);
                (lits[1] ^ 1) << 1 | 1
            }
            _ => {
                let deepest = (1..lits.len())
                    .max_by_key(|&k| self.level[(lits[k] >> 1) as usize])
                    .expect("three literals or more");
                lits.swap(1, deepest);
                let lbd = lbd_of(&lits, &self.level, &mut self.level_stamp, &mut self.stamp);
                self.alloc(&lits, true, lbd) << 1
            }
        };
    }

    /// Learns `clause`, unit under the assignment (its first literal open),
    /// and assigns that literal with the clause as its reason.
    fn learn_implied(&mut self, clause: &mut [u32]) {
        match clause.len() {
            1 => self.assign(clause[0], NO_REASON),
            2 => {
                self.add_binary(clause[0], clause[1]);
                self.assign(clause[0], (clause[1] ^ 1) << 1 | 1);
            }
            _ => {
                // The other watch on the literal assigned last.
                let deepest = (1..clause.len())
                    .max_by_key(|&k| self.level[(clause[k] >> 1) as usize])
                    .expect("three literals or more");
                clause.swap(1, deepest);
                let lbd = lbd_of(clause, &self.level, &mut self.level_stamp, &mut self.stamp);
                let cref = self.alloc(clause, true, lbd);
                self.assign(clause[0], cref << 1);
            }
        }
    }
    /// Learns `clause`, false under the assignment: backjumps to the level
    /// of its deepest literal; where a second literal is as deep, that is
    /// the contradiction to analyse, else the deepest literal is implied
    /// one level lower.
    fn learn_false(&mut self, clause: &mut [u32]) -> TheoryStep {
        // The deepest two literals first (they are watched).
        for k in 0..clause.len().min(2) {
            let deepest = (k..clause.len())
                .max_by_key(|&j| self.level[(clause[j] >> 1) as usize])
                .expect("k is below the length");
            clause.swap(k, deepest);
        }
        let level = |s: &Cdcl, k: usize| clause.get(k).map_or(0, |&l| s.level[(l >> 1) as usize]);
        let (top, second) = (level(self, 0), level(self, 1));
        if top == 0 {
            // False at the root (or empty): unsatisfiable, nothing to
            // analyse; the search ends at this contradiction.
            self.cancel_until(0);
            let lit = clause.first().copied().unwrap_or(0);
            return TheoryStep::Conflict(Conflict::Binary(lit, lit));
        }
        if second < top {
            self.cancel_until(second);
            if clause.len() == 1 {
                self.cancel_until(0);
            }
            self.learn_implied(clause);
            return TheoryStep::Implied;
        }
        self.cancel_until(top);
        if clause.len() == 2 {
            self.add_binary(clause[0], clause[1]);
            return TheoryStep::Conflict(Conflict::Binary(clause[0], clause[1]));
        }
        let lbd = lbd_of(clause, &self.level, &mut self.level_stamp, &mut self.stamp);
        TheoryStep::Conflict(Conflict::Long(self.alloc(clause, true, lbd)))
    }
}
