//! The solver: its state, clauses added, the search loop, phases given,
//! and slices on the caller's clock.

use super::lit::{Lit, Var};
use super::store::*;
use crate::sat::slice::{SatProgress, Until};

pub(crate) struct Cdcl {
    /// Per literal: 1 true, -1 false, 0 unassigned.
    pub(super) vals: Vec<i8>,
    pub(super) level: Vec<u32>,
    /// Per variable: `NO_REASON`, a clause (`cref << 1`) or the literal that
    /// implied it through a binary clause (`lit << 1 | 1`).
    pub(super) reason: Vec<u32>,
    pub(super) trail: Vec<u32>,
    pub(super) trail_lim: Vec<usize>,
    pub(super) qhead: usize,
    /// Per literal `p`: the literals `q` with a binary clause `¬p ∨ q`,
    /// those of `bin_lits[bin_start[p]..bin_start[p + 1]]` first, then
    /// those of `bins[p]`, added since the last [`Cdcl::merge_bins`].
    pub(super) bins: Vec<Vec<u32>>,
    pub(super) bin_start: Vec<u32>,
    pub(super) bin_lits: Vec<u32>,
    /// Literals in `bins`.
    pub(super) bins_added: usize,
    /// Per literal `p`: the long clauses watching `¬p`.
    pub(super) watches: Vec<Vec<Watch>>,
    pub(super) arena: Vec<u32>,
    pub(super) learnts: Vec<u32>,
    pub(super) clauses: u64,
    pub(super) activity: Vec<f64>,
    pub(super) var_inc: f64,
    /// The unassigned variables (and some assigned ones, left until they
    /// come up), each with its activity, which the comparisons read
    /// without a second load.
    pub(super) heap: Vec<Slot>,
    pub(super) heap_pos: Vec<u32>,
    pub(super) phase: Vec<bool>,
    /// Target phases: the values of the longest consistent assignment since
    /// the last rephasing, kept across restarts (0: none).
    pub(super) target: Vec<i8>,
    pub(super) target_len: usize,
    pub(super) rephases: u64,
    pub(super) next_rephase: u64,
    pub(super) seen: Vec<u8>,
    pub(super) stack: Vec<u32>,
    pub(super) to_clear: Vec<u32>,
    pub(super) learnt: Vec<u32>,
    pub(super) level_stamp: Vec<u64>,
    pub(super) stamp: u64,
    pub(super) clause_inc: f32,
    pub(super) conflicts: u64,
    pub(super) ok: bool,
    pub(super) rng: u64,
    pub(super) random_freq: f64,
    pub(super) restarts: u32,
    pub(super) restart_left: u64,
    pub(super) next_reduce: u64,
    pub(super) reductions: u64,
    /// Words of the clauses learnt since the last reduction.
    pub(super) learnt_since: usize,
    /// [`LEARNT_WORDS`] (smaller in tests).
    pub(super) learnt_words: usize,
}

impl Cdcl {
    /// A solver without variables; a `seed` randomises its first variable
    /// order and 1 % of its decisions.
    pub(crate) fn new(seed: Option<u64>) -> Cdcl {
        let mut s = Cdcl {
            vals: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            trail: Vec::new(),
            trail_lim: Vec::new(),
            qhead: 0,
            bins: Vec::new(),
            bin_start: vec![0],
            bin_lits: Vec::new(),
            bins_added: 0,
            watches: Vec::new(),
            arena: Vec::new(),
            learnts: Vec::new(),
            clauses: 0,
            activity: Vec::new(),
            var_inc: 1.0,
            heap: Vec::new(),
            heap_pos: Vec::new(),
            phase: Vec::new(),
            target: Vec::new(),
            target_len: 0,
            rephases: 0,
            next_rephase: REPHASE_UNIT,
            seen: Vec::new(),
            stack: Vec::new(),
            to_clear: Vec::new(),
            learnt: Vec::new(),
            level_stamp: vec![0],
            stamp: 0,
            clause_inc: 1.0,
            conflicts: 0,
            ok: true,
            rng: 0,
            random_freq: 0.0,
            restarts: 0,
            restart_left: RESTART_UNIT,
            next_reduce: 2000,
            reductions: 0,
            learnt_since: 0,
            learnt_words: LEARNT_WORDS,
        };
        if let Some(seed) = seed {
            s.rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            s.random_freq = 0.01;
        }
        s
    }

    pub(super) fn random(&mut self) -> f64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng >> 11) as f64 / (1u64 << 53) as f64
    }

    pub(crate) fn new_var(&mut self) -> Var {
        let v = self.level.len() as u32;
        self.vals.extend([0, 0]);
        self.level.push(0);
        self.reason.push(NO_REASON);
        self.bins.extend([Vec::new(), Vec::new()]);
        let end = *self.bin_start.last().expect("one more than the literals");
        self.bin_start.extend([end, end]);
        self.watches.extend([Vec::new(), Vec::new()]);
        let act = if self.rng != 0 { self.random() * 1e-5 } else { 0.0 };
        self.activity.push(act);
        self.phase.push(false);
        self.target.push(0);
        self.seen.push(0);
        self.heap_pos.push(u32::MAX);
        self.heap_insert(v);
        // The trail never holds more than one literal per variable: room
        // for all of them lets `push_trail` skip the capacity check.
        let vars = self.level.len();
        if self.trail.capacity() < vars {
            self.trail.reserve_exact(vars - self.trail.len());
        }
        Var(v)
    }

    pub(crate) fn num_vars(&self) -> u32 {
        self.level.len() as u32
    }

    /// Contradictions so far.
    pub(crate) fn conflicts(&self) -> u64 {
        self.conflicts
    }

    /// Clauses added (before simplification).
    pub(crate) fn num_clauses(&self) -> u64 {
        self.clauses
    }

    #[inline]
    pub(super) fn val(&self, lit: u32) -> i8 {
        self.vals[lit as usize]
    }

    pub(crate) fn value(&self, lit: Lit) -> bool {
        self.val(lit.idx()) == 1
    }

    pub(super) fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    #[inline]
    pub(super) fn assign(&mut self, lit: u32, reason: u32) {
        self.vals[lit as usize] = 1;
        self.vals[(lit ^ 1) as usize] = -1;
        let v = (lit >> 1) as usize;
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = reason;
        self.trail.push(lit);
    }

    /// Adds a clause (at the root); false once the clauses are unsatisfiable.
    pub(crate) fn add_clause(&mut self, clause: &[Lit]) -> bool {
        if !self.ok {
            return false;
        }
        self.cancel_until(0);
        let mut lits: Vec<u32> = clause.iter().map(|l| l.idx()).collect();
        lits.sort_unstable();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] ^ 1 == w[1]) || lits.iter().any(|&l| self.val(l) == 1) {
            return true;
        }
        lits.retain(|&l| self.val(l) == 0);
        self.clauses += 1;
        match lits.len() {
            0 => self.ok = false,
            1 => {
                self.assign(lits[0], NO_REASON);
                self.ok = self.propagate().is_none();
            }
            2 => self.add_binary(lits[0], lits[1]),
            _ => {
                self.alloc(&lits, false, 0);
            }
        }
        self.ok
    }

    pub(super) fn add_binary(&mut self, a: u32, b: u32) {
        self.bins[(a ^ 1) as usize].push(b);
        self.bins[(b ^ 1) as usize].push(a);
        self.bins_added += 2;
    }

    /// Moves the binary clauses added since the last call into one array
    /// in literal order (`bin_lits`), each literal's after those it had:
    /// the lists of literals next to each other share cache lines (the
    /// order encoding's chains link neighbouring variables), where each
    /// list in an allocation of its own cost a cache miss per literal
    /// propagated. The order within each list stays, so the search does.
    /// Only once the lists added to hold a sixteenth as many literals as
    /// the array (at the first call, the encoding's clauses), so that
    /// short slices of search on large encodings do not copy it each time.
    pub(super) fn merge_bins(&mut self) {
        if self.bins_added == 0 || self.bins_added * 16 < self.bin_lits.len() {
            return;
        }
        let mut start = Vec::with_capacity(self.bin_start.len());
        let mut lits = Vec::with_capacity(self.bin_lits.len() + self.bins_added);
        start.push(0);
        for (p, added) in self.bins.iter_mut().enumerate() {
            lits.extend_from_slice(
                &self.bin_lits[self.bin_start[p] as usize..self.bin_start[p + 1] as usize],
            );
            lits.extend_from_slice(added);
            *added = Vec::new();
            start.push(lits.len() as u32);
        }
        self.bin_start = start;
        self.bin_lits = lits;
        self.bins_added = 0;
    }

    pub(super) fn alloc(&mut self, lits: &[u32], learnt: bool, lbd: u32) -> u32 {
        let cref = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena.push(if learnt { LEARNT | (lbd << 8) } else { 0 });
        self.arena.push(0f32.to_bits());
        self.arena.extend_from_slice(lits);
        self.watches[(lits[0] ^ 1) as usize].push(Watch { cref, blocker: lits[1] });
        self.watches[(lits[1] ^ 1) as usize].push(Watch { cref, blocker: lits[0] });
        if learnt {
            self.learnts.push(cref);
            self.learnt_since += HEADER + lits.len();
        }
        cref
    }

    /// Searches until a solution, unsatisfiability, `budget` more
    /// contradictions, or `stop` says so (asked every 64 decisions). On a
    /// solution the assignment stays for reading until the next call or
    /// clause.
    pub(crate) fn solve(&mut self, budget: u64, mut stop: impl FnMut() -> bool) -> Outcome {
        if !self.ok {
            return Outcome::Unsat;
        }
        let limit = self.conflicts.saturating_add(budget);
        self.merge_bins();
        let mut decisions = 0u32;
        loop {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                if self.decision_level() == 0 {
                    self.ok = false;
                    return Outcome::Unsat;
                }
                // The assignment below the contradiction's level is
                // consistent: the longest such gives the targets.
                let consistent = self.trail_lim[self.trail_lim.len() - 1];
                if consistent > self.target_len {
                    self.target_len = consistent;
                    for &lit in &self.trail[..consistent] {
                        self.target[(lit >> 1) as usize] = if lit & 1 == 0 { 1 } else { -1 };
                    }
                }
                let (back, lbd) = self.analyze(conflict);
                self.cancel_until(back);
                let learnt = std::mem::take(&mut self.learnt);
                match learnt.len() {
                    1 => self.assign(learnt[0], NO_REASON),
                    2 => {
                        self.add_binary(learnt[0], learnt[1]);
                        self.assign(learnt[0], (learnt[1] ^ 1) << 1 | 1);
                    }
                    _ => {
                        let cref = self.alloc(&learnt, true, lbd);
                        self.bump_clause(cref);
                        self.assign(learnt[0], cref << 1);
                    }
                }
                self.learnt = learnt;
                self.var_inc /= VAR_DECAY;
                self.clause_inc /= CLAUSE_DECAY;
                self.restart_left = self.restart_left.saturating_sub(1);
                continue;
            }
            if self.restart_left == 0 {
                self.restarts += 1;
                self.restart_left = RESTART_UNIT * luby(self.restarts);
                self.cancel_until(0);
            }
            if self.conflicts >= self.next_rephase {
                self.rephases += 1;
                self.next_rephase = self.conflicts + REPHASE_UNIT * self.rephases;
                self.cancel_until(0);
                self.rephase();
            }
            if self.conflicts >= self.next_reduce || self.learnt_since > self.learnt_words {
                self.reductions += 1;
                self.next_reduce = self.conflicts + 2000 + 300 * self.reductions;
                self.cancel_until(0);
                self.reduce();
            }
            if self.conflicts >= limit {
                return Outcome::Stopped;
            }
            decisions = decisions.wrapping_add(1);
            if decisions.is_multiple_of(64) && stop() {
                return Outcome::Stopped;
            }
            match self.decide() {
                None => return Outcome::Sat,
                Some(lit) => {
                    self.trail_lim.push(self.trail.len());
                    self.assign(lit, NO_REASON);
                }
            }
        }
    }

    /// Makes `phases` each variable's first value: assigns them one by one
    /// (with what they imply) until a contradiction, saves the values so
    /// reached as phases, and backtracks.
    pub(crate) fn set_phases(&mut self, phases: &[Lit]) {
        if !self.ok {
            return;
        }
        self.cancel_until(0);
        for l in phases {
            let lit = l.idx();
            self.phase[(lit >> 1) as usize] = lit & 1 == 0;
        }
        for l in phases {
            let lit = l.idx();
            if self.val(lit) != 0 {
                continue;
            }
            self.trail_lim.push(self.trail.len());
            self.assign(lit, NO_REASON);
            if self.propagate().is_some() {
                break;
            }
        }
        self.cancel_until(0);
    }
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
