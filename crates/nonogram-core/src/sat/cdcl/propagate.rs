//! Unit propagation over the binary lists and the watched long clauses,
//! and undoing the trail.

use super::solver::Cdcl;
use super::store::*;

impl Cdcl {
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let level = self.trail_lim.len() as u32;
            // The next literal's lists are read after this one's: asked
            // for now, they come while this one is propagated (each is a
            // cache miss otherwise; TAAI's last 200: 4 % less time).
            if let Some(&next) = self.trail.get(self.qhead) {
                prefetch(self.watches[next as usize].as_ptr());
                prefetch(self.bin_lits.as_ptr().wrapping_add(self.bin_start[next as usize] as usize));
            }
            // Binary clauses first: cheapest, and they shorten reasons.
            let vals = &mut self.vals;
            let (from, to) = (self.bin_start[p as usize] as usize, self.bin_start[p as usize + 1] as usize);
            for &q in self.bin_lits[from..to].iter().chain(&self.bins[p as usize]) {
                // SAFETY (here and below): every literal in a list or clause
                // is below 2 * num_vars, the length of `vals`; a clause's
                // literals lie within the arena (checked in debug builds).
                debug_assert!((q as usize) < vals.len());
                let v = unsafe { *vals.get_unchecked(q as usize) };
                if v == 1 {
                    continue;
                }
                if v == -1 {
                    return Some(Conflict::Binary(p ^ 1, q));
                }
                unsafe {
                    *vals.get_unchecked_mut(q as usize) = 1;
                    *vals.get_unchecked_mut((q ^ 1) as usize) = -1;
                }
                let qv = (q >> 1) as usize;
                debug_assert!(qv < self.level.len() && qv < self.reason.len());
                unsafe {
                    *self.level.get_unchecked_mut(qv) = level;
                    *self.reason.get_unchecked_mut(qv) = (p << 1) | 1;
                }
                push_trail(&mut self.trail, q);
            }
            let false_lit = p ^ 1;
            let mut ws = std::mem::take(&mut self.watches[p as usize]);
            let (mut i, mut j) = (0, 0);
            let n = ws.len();
            let mut conflict = None;
            let vals = &mut self.vals;
            let arena = &mut self.arena;
            let value = |vals: &Vec<i8>, l: u32| {
                debug_assert!((l as usize) < vals.len());
                unsafe { *vals.get_unchecked(l as usize) }
            };
            while i < n {
                let w = unsafe { *ws.get_unchecked(i) };
                i += 1;
                if value(vals, w.blocker) == 1 {
                    unsafe { *ws.get_unchecked_mut(j) = w };
                    j += 1;
                    continue;
                }
                let c = w.cref as usize;
                debug_assert!(c + HEADER < arena.len());
                // SAFETY: a watch's clause lies within the arena (checked in
                // debug builds) and has at least three literals.
                let len = unsafe { *arena.get_unchecked(c) } as usize;
                debug_assert!(len >= 3 && c + HEADER + len <= arena.len());
                let lits = unsafe { arena.get_unchecked_mut(c + HEADER..c + HEADER + len) };
                let mut first = unsafe { *lits.get_unchecked(0) };
                if first == false_lit {
                    first = unsafe { *lits.get_unchecked(1) };
                    unsafe {
                        *lits.get_unchecked_mut(0) = first;
                        *lits.get_unchecked_mut(1) = false_lit;
                    }
                }
                if first != w.blocker && value(vals, first) == 1 {
                    unsafe { *ws.get_unchecked_mut(j) = Watch { cref: w.cref, blocker: first } };
                    j += 1;
                    continue;
                }
                let mut moved = false;
                for k in 2..len {
                    let l = unsafe { *lits.get_unchecked(k) };
                    if value(vals, l) != -1 {
                        unsafe {
                            *lits.get_unchecked_mut(1) = l;
                            *lits.get_unchecked_mut(k) = false_lit;
                        }
                        self.watches[(l ^ 1) as usize].push(Watch { cref: w.cref, blocker: first });
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                unsafe { *ws.get_unchecked_mut(j) = Watch { cref: w.cref, blocker: first } };
                j += 1;
                if value(vals, first) == -1 {
                    conflict = Some(Conflict::Long(w.cref));
                    while i < n {
                        ws[j] = ws[i];
                        i += 1;
                        j += 1;
                    }
                    self.qhead = self.trail.len();
                } else {
                    vals[first as usize] = 1;
                    vals[(first ^ 1) as usize] = -1;
                    let fv = (first >> 1) as usize;
                    debug_assert!(fv < self.level.len() && fv < self.reason.len());
                    unsafe {
                        *self.level.get_unchecked_mut(fv) = level;
                        *self.reason.get_unchecked_mut(fv) = w.cref << 1;
                    }
                    push_trail(&mut self.trail, first);
                }
            }
            ws.truncate(j);
            self.watches[p as usize] = ws;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    pub(super) fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize];
        for k in (start..self.trail.len()).rev() {
            let lit = self.trail[k];
            let v = (lit >> 1) as usize;
            debug_assert!(2 * v + 1 < self.vals.len() && v < self.phase.len() && v < self.heap_pos.len());
            // SAFETY: a trail literal's variable exists (checked in debug).
            let outside = unsafe {
                *self.vals.get_unchecked_mut(2 * v) = 0;
                *self.vals.get_unchecked_mut(2 * v + 1) = 0;
                *self.phase.get_unchecked_mut(v) = lit & 1 == 0;
                *self.heap_pos.get_unchecked(v) == u32::MAX
            };
            if outside {
                self.heap_insert(v as u32);
            }
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.qhead = start;
    }
}
