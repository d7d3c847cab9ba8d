//! Learning from a conflict: first-UIP analysis, recursive minimisation,
//! and the learnt clause's LBD.

use super::solver::Cdcl;
use super::store::*;

impl Cdcl {
    pub(super) fn why(&self, reason: u32) -> Why {
        if reason & 1 == 1 {
            Why::Lit((reason >> 1) ^ 1)
        } else {
            let c = (reason >> 1) as usize;
            Why::Clause(c + HEADER + 1..c + HEADER + self.arena[c] as usize)
        }
    }

    /// One literal of a clause under analysis: a variable not yet seen
    /// (and not fixed at the root) is marked and bumped, and counts on the
    /// path to the UIP (at the contradiction's `level`) or joins `learnt`.
    #[inline(always)]
    pub(super) fn see(&mut self, q: u32, level: u32, path: &mut u32, learnt: &mut Vec<u32>) {
        let v = (q >> 1) as usize;
        debug_assert!(v < self.seen.len() && v < self.level.len());
        // SAFETY: clause literals are of existing variables.
        let (seen, at) = unsafe { (*self.seen.get_unchecked(v), *self.level.get_unchecked(v)) };
        if seen == 0 && at > 0 {
            unsafe { *self.seen.get_unchecked_mut(v) = 1 };
            self.bump(v as u32);
            if at >= level {
                *path += 1;
            } else {
                learnt.push(q);
            }
        }
    }

    /// [`Cdcl::see`] for each literal of `range` in the arena.
    #[inline(always)]
    pub(super) fn see_all(
        &mut self,
        range: std::ops::Range<usize>,
        level: u32,
        path: &mut u32,
        learnt: &mut Vec<u32>,
    ) {
        for k in range {
            debug_assert!(k < self.arena.len());
            // SAFETY: a clause's literals lie within the arena.
            let q = unsafe { *self.arena.get_unchecked(k) };
            self.see(q, level, path, learnt);
        }
    }

    /// First-UIP learning: fills `self.learnt` (the asserting literal first,
    /// a literal of the backjump level second); returns the backjump level
    /// and the clause's LBD. Reasons are read where they lie, not copied.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (u32, u32) {
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.clear();
        learnt.push(0);
        let level = self.decision_level();
        let mut path = 0;
        let mut index = self.trail.len();
        match conflict {
            Conflict::Binary(a, b) => {
                self.see(a, level, &mut path, &mut learnt);
                self.see(b, level, &mut path, &mut learnt);
            }
            Conflict::Long(cref) => {
                self.touch(cref);
                let c = cref as usize;
                self.see_all(c + HEADER..c + HEADER + self.arena[c] as usize, level, &mut path, &mut learnt);
            }
        }
        let p = loop {
            loop {
                index -= 1;
                debug_assert!(index < self.trail.len());
                // SAFETY: the path's literals are on the trail below `index`.
                let v = (unsafe { *self.trail.get_unchecked(index) } >> 1) as usize;
                debug_assert!(v < self.seen.len());
                // SAFETY: trail literals are of existing variables.
                if unsafe { *self.seen.get_unchecked(v) } != 0 {
                    break;
                }
            }
            let p = self.trail[index];
            let v = (p >> 1) as usize;
            self.seen[v] = 0;
            path -= 1;
            if path == 0 {
                break p;
            }
            let reason = self.reason[v];
            match self.why(reason) {
                Why::Lit(q) => self.see(q, level, &mut path, &mut learnt),
                Why::Clause(range) => {
                    self.touch(reason >> 1);
                    self.see_all(range, level, &mut path, &mut learnt);
                }
            }
        };
        learnt[0] = p ^ 1;
        // Recursive minimisation (MiniSat's "deep" mode).
        self.to_clear.clear();
        self.to_clear.extend_from_slice(&learnt);
        let mut abstract_levels = 0u32;
        for &q in &learnt[1..] {
            abstract_levels |= 1 << (self.level[(q >> 1) as usize] & 31);
        }
        let mut kept = 1;
        for k in 1..learnt.len() {
            let q = learnt[k];
            let reason = self.reason[(q >> 1) as usize];
            if reason == NO_REASON || !self.redundant(q, abstract_levels) {
                learnt[kept] = q;
                kept += 1;
            }
        }
        learnt.truncate(kept);
        for &q in &self.to_clear {
            self.seen[(q >> 1) as usize] = 0;
        }
        // The backjump level: the highest among the rest, moved to slot 1.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut max = 1;
            for k in 2..learnt.len() {
                if self.level[(learnt[k] >> 1) as usize] > self.level[(learnt[max] >> 1) as usize] {
                    max = k;
                }
            }
            learnt.swap(1, max);
            back = self.level[(learnt[1] >> 1) as usize];
        }
        let lbd = self.lbd(&learnt);
        self.learnt = learnt;
        (back, lbd)
    }

    pub(super) fn lbd(&mut self, lits: &[u32]) -> u32 {
        lbd_of(lits, &self.level, &mut self.level_stamp, &mut self.stamp)
    }

    /// True when `q` follows from literals already in the learnt clause.
    pub(super) fn redundant(&mut self, q: u32, abstract_levels: u32) -> bool {
        self.stack.clear();
        self.stack.push(q);
        let top = self.to_clear.len();
        while let Some(p) = self.stack.pop() {
            debug_assert!(((p >> 1) as usize) < self.reason.len());
            // SAFETY: literals on the trail, in reasons and in the arena are
            // of existing variables; a reason's range lies within the arena
            // (all checked in debug builds).
            match self.why(unsafe { *self.reason.get_unchecked((p >> 1) as usize) }) {
                Why::Lit(l) => {
                    if !self.redundant_step(l, abstract_levels, top) {
                        return false;
                    }
                }
                Why::Clause(range) => {
                    for k in range {
                        debug_assert!(k < self.arena.len());
                        let l = unsafe { *self.arena.get_unchecked(k) };
                        if !self.redundant_step(l, abstract_levels, top) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// One literal of a reason in [`Cdcl::redundant`]: fine when seen or
    /// fixed at the root; queued when implied at a level of the clause;
    /// else the search fails, and the marks it made since `top` are undone.
    #[inline(always)]
    pub(super) fn redundant_step(&mut self, l: u32, abstract_levels: u32, top: usize) -> bool {
        let v = (l >> 1) as usize;
        debug_assert!(v < self.seen.len() && v < self.level.len() && v < self.reason.len());
        // SAFETY: `l` is of an existing variable (see `redundant`).
        let (seen, at, reason) = unsafe {
            (*self.seen.get_unchecked(v), *self.level.get_unchecked(v), *self.reason.get_unchecked(v))
        };
        if seen != 0 || at == 0 {
            return true;
        }
        if reason != NO_REASON && abstract_levels & (1 << (at & 31)) != 0 {
            unsafe { *self.seen.get_unchecked_mut(v) = 1 };
            self.stack.push(l);
            self.to_clear.push(l);
            true
        } else {
            for &c in &self.to_clear[top..] {
                self.seen[(c >> 1) as usize] = 0;
            }
            self.to_clear.truncate(top);
            false
        }
    }
}
