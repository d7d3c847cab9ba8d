//! The learnt clause database: activity, use marks, reductions and
//! compaction of the arena.

use super::solver::Cdcl;
use super::store::*;

impl Cdcl {
    pub(super) fn bump_clause(&mut self, cref: u32) {
        let slot = cref as usize + 2;
        let a = f32::from_bits(self.arena[slot]) + self.clause_inc;
        self.arena[slot] = a.to_bits();
        if a > 1e20 {
            for &c in &self.learnts {
                let s = c as usize + 2;
                self.arena[s] = (f32::from_bits(self.arena[s]) * 1e-20).to_bits();
            }
            self.clause_inc *= 1e-20;
        }
    }

    /// Marks a learnt clause used, bumps it, and lowers its LBD if it fell.
    pub(super) fn touch(&mut self, cref: u32) {
        let c = cref as usize;
        let flags = self.arena[c + 1];
        if flags & LEARNT == 0 {
            return;
        }
        self.bump_clause(cref);
        let old = flags >> 8;
        let mut flags = flags | USED;
        if old > 2 {
            let len = self.arena[c] as usize;
            let lbd = lbd_of(
                &self.arena[c + HEADER..c + HEADER + len],
                &self.level,
                &mut self.level_stamp,
                &mut self.stamp,
            );
            if lbd < old {
                flags = (flags & 0xff) | (lbd << 8);
            }
        }
        self.arena[c + 1] = flags;
    }

    /// Drops about half the learnt clauses outside the core (LBD ≤ 2) and
    /// those used since the last reduction with LBD ≤ 6, the least active
    /// and highest-LBD first; then compacts the arena.
    pub(super) fn reduce(&mut self) {
        let mut candidates: Vec<u32> = Vec::new();
        for &cref in &self.learnts {
            let c = cref as usize;
            let flags = self.arena[c + 1];
            let lbd = flags >> 8;
            if lbd <= 2 {
                continue;
            }
            self.arena[c + 1] = flags & !USED;
            if flags & USED == 0 || lbd > 6 {
                candidates.push(cref);
            }
        }
        // Highest LBD first, then least active, then the oldest (the order
        // `learnts` has them in).
        let key = |cref: u32| {
            let c = cref as usize;
            (self.arena[c + 1] >> 8, f32::from_bits(self.arena[c + 2]))
        };
        heap_sort(&mut candidates, |a, b| {
            let ((la, aa), (lb, ab)) = (key(a), key(b));
            lb.cmp(&la).then(aa.total_cmp(&ab)).then(a.cmp(&b))
        });
        let drop = (candidates.len() / 2).max(self.learnts.len().saturating_sub(LEARNT_LIMIT));
        // At the root no clause is the reason of a literal still to be
        // analysed (`compact` forgets the root's reasons), so any may go.
        for &cref in candidates.iter().take(drop) {
            self.arena[cref as usize + 1] |= DELETED;
        }
        self.compact();
    }

    /// Moves the live clauses together within the arena, and rebuilds the
    /// watches. Only at the root: the reasons there are never read again
    /// (the analysis skips level 0), so they are forgotten rather than
    /// renumbered. In place: a new arena at each reduction left the
    /// allocator holding the old ones' room (Faase, seeded: 141 MB after
    /// 160 s, against 104 MB in place).
    pub(super) fn compact(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        for &lit in &self.trail {
            self.reason[(lit >> 1) as usize] = NO_REASON;
        }
        self.learnts.clear();
        let (mut from, mut to) = (0, 0);
        while from < self.arena.len() {
            let size = HEADER + self.arena[from] as usize;
            let flags = self.arena[from + 1];
            if flags & DELETED == 0 {
                self.arena.copy_within(from..from + size, to);
                if flags & LEARNT != 0 {
                    self.learnts.push(to as u32);
                }
                to += size;
            }
            from += size;
        }
        self.arena.truncate(to);
        self.learnt_since = 0;
        for ws in &mut self.watches {
            ws.clear();
        }
        let mut c = 0;
        while c < self.arena.len() {
            let len = self.arena[c] as usize;
            let (a, b) = (self.arena[c + HEADER], self.arena[c + HEADER + 1]);
            self.watches[(a ^ 1) as usize].push(Watch { cref: c as u32, blocker: b });
            self.watches[(b ^ 1) as usize].push(Watch { cref: c as u32, blocker: a });
            c += HEADER + len;
        }
        // A list keeps the room of its longest past, which moves from
        // literal to literal: the lists' room grew without end on long
        // runs (Faase, seeded: 7 MB after 100 000 contradictions, 12 MB
        // after 650 000, for 2 MB of watches). Hand back what is far beyond
        // the list's length now.
        for ws in &mut self.watches {
            if ws.capacity() > 2 * ws.len() + 16 {
                ws.shrink_to(ws.len() + ws.len() / 2 + 4);
            }
        }
    }
}

/// Sorts `v` by `order`, a total order (so that the result is the one any
/// sort gives): a heap sort, a few hundred bytes of the worker's wasm where
/// the library's stable sort took 3.2 KB gzipped.
pub(super) fn heap_sort(v: &mut [u32], order: impl Fn(u32, u32) -> std::cmp::Ordering) {
    let less = |a: u32, b: u32| order(a, b) == std::cmp::Ordering::Less;
    let sift = |v: &mut [u32], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(v[child], v[child + 1]) {
            child += 1;
        }
        if !less(v[root], v[child]) {
            return;
        }
        v.swap(root, child);
        root = child;
    };
    for root in (0..v.len() / 2).rev() {
        sift(v, root, v.len());
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}
