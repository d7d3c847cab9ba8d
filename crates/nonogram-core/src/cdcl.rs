//! A CDCL SAT solver shaped for nonogram encodings: most clauses are binary
//! (the order encoding's chains), the rest ternary. Binary clauses live in
//! implication lists (no clause memory to read on the hot path), merged into
//! one array in literal order so that neighbouring literals' lists share
//! cache lines; longer ones in one arena watched by two literals with a
//! blocker.
//!
//! The search: VSIDS decisions, first-UIP learning with recursive
//! minimisation, Luby restarts (a unit of 100 contradictions), and
//! reductions that keep the clauses of LBD 2 or less for good, those of
//! LBD 6 or less while they take part in contradictions, and the better
//! half of the rest. Each decision tries its variable's *target* value
//! first: its value in the longest assignment without a contradiction met
//! since the last rephasing (as CaDiCaL and Kissat do in their "stable"
//! mode), else the value it last had (phase saving). Rephasing (at 1000
//! contradictions, then after 1000, 2000, 3000 … more) makes those longest
//! values the saved ones and starts the targets afresh. docs/BENCHMARKS.md
//! has the figures behind each choice.

use crate::sat::until::{SatProgress, Until};

/// A variable of the encoding.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Var(u32);

impl Var {
    pub(crate) fn from_idx(idx: u32) -> Var {
        Var(idx)
    }
    pub(crate) fn idx(self) -> u32 {
        self.0
    }
}

/// A literal: the code `2 * var + negated`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Lit(u32);

impl Lit {
    /// The literal of `var`, positive when `sign`.
    pub(crate) fn new(var: Var, sign: bool) -> Lit {
        Lit(2 * var.0 + !sign as u32)
    }
    pub(crate) fn var(self) -> Var {
        Var(self.0 >> 1)
    }
    /// True for the positive literal.
    pub(crate) fn sign(self) -> bool {
        self.0 & 1 == 0
    }
    fn idx(self) -> u32 {
        self.0
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

const NO_REASON: u32 = u32::MAX;

/// Asks the processor to bring `p`'s cache line in: a hint, which reads
/// nothing and cannot fault (nothing where there is no such instruction).
#[inline(always)]
fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads no memory and cannot fault, whatever `p` is.
    unsafe {
        core::arch::x86_64::_mm_prefetch(p as *const i8, core::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// A place of the variable order's heap: a variable and its activity.
#[derive(Clone, Copy)]
struct Slot {
    act: f64,
    var: u32,
}

/// Words before a clause's literals: length, flags and LBD, activity.
const HEADER: usize = 3;
const LEARNT: u32 = 1;
const DELETED: u32 = 2;
const USED: u32 = 4;

#[derive(Clone, Copy)]
struct Watch {
    cref: u32,
    blocker: u32,
}

/// Where a reason's false literals lie (all but the implied literal's).
enum Why {
    /// A binary clause's other literal.
    Lit(u32),
    /// A long clause's literals after its first (the implied one), in the arena.
    Clause(std::ops::Range<usize>),
}

#[derive(Clone, Copy)]
enum Conflict {
    /// A binary clause of two false literals.
    Binary(u32, u32),
    Long(u32),
}

/// Learnt clauses kept at a reduction, at most, beyond those of LBD 2 or
/// less and those in use (on large encodings such as Faase's 80×95 they
/// are long).
const LEARNT_LIMIT: usize = 20_000;
/// A reduction comes at the latest once the clauses learnt since the last
/// take this many words (16 MB): the schedule's intervals grow, and where
/// learnt clauses are long (as on Faase's 80×95) the arena grew with them
/// on long runs (its room doubled from 8 to 16 MB after 130 s, seeded).
const LEARNT_WORDS: usize = 4 << 20;
/// The Luby sequence's unit, in contradictions.
const RESTART_UNIT: u64 = 100;
/// Contradictions before the first rephasing; the n-th comes n units after
/// the one before.
const REPHASE_UNIT: u64 = 1000;
const VAR_DECAY: f64 = 0.95;
const CLAUSE_DECAY: f32 = 0.999;

pub(crate) struct Cdcl {
    /// Per literal: 1 true, -1 false, 0 unassigned.
    vals: Vec<i8>,
    level: Vec<u32>,
    /// Per variable: `NO_REASON`, a clause (`cref << 1`) or the literal that
    /// implied it through a binary clause (`lit << 1 | 1`).
    reason: Vec<u32>,
    trail: Vec<u32>,
    trail_lim: Vec<usize>,
    qhead: usize,
    /// Per literal `p`: the literals `q` with a binary clause `¬p ∨ q`,
    /// those of `bin_lits[bin_start[p]..bin_start[p + 1]]` first, then
    /// those of `bins[p]`, added since the last [`Cdcl::merge_bins`].
    bins: Vec<Vec<u32>>,
    bin_start: Vec<u32>,
    bin_lits: Vec<u32>,
    /// Literals in `bins`.
    bins_added: usize,
    /// Per literal `p`: the long clauses watching `¬p`.
    watches: Vec<Vec<Watch>>,
    arena: Vec<u32>,
    learnts: Vec<u32>,
    clauses: u64,
    activity: Vec<f64>,
    var_inc: f64,
    /// The unassigned variables (and some assigned ones, left until they
    /// come up), each with its activity, which the comparisons read
    /// without a second load.
    heap: Vec<Slot>,
    heap_pos: Vec<u32>,
    phase: Vec<bool>,
    /// Target phases: the values of the longest consistent assignment since
    /// the last rephasing, kept across restarts (0: none).
    target: Vec<i8>,
    target_len: usize,
    rephases: u64,
    next_rephase: u64,
    seen: Vec<u8>,
    stack: Vec<u32>,
    to_clear: Vec<u32>,
    learnt: Vec<u32>,
    level_stamp: Vec<u64>,
    stamp: u64,
    clause_inc: f32,
    conflicts: u64,
    ok: bool,
    rng: u64,
    random_freq: f64,
    restarts: u32,
    restart_left: u64,
    next_reduce: u64,
    reductions: u64,
    /// Words of the clauses learnt since the last reduction.
    learnt_since: usize,
    /// [`LEARNT_WORDS`] (smaller in tests).
    learnt_words: usize,
}

/// What a search call ended with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Outcome {
    Sat,
    Unsat,
    Stopped,
}

/// Pushes a literal on the trail, whose capacity `new_var` keeps at one
/// literal per variable (a variable is on the trail at most once).
#[inline(always)]
fn push_trail(trail: &mut Vec<u32>, lit: u32) {
    let len = trail.len();
    assert!(len < trail.capacity(), "more literals on the trail than variables");
    // SAFETY: `len < capacity`, checked just above.
    unsafe {
        trail.as_mut_ptr().add(len).write(lit);
        trail.set_len(len + 1);
    }
}

/// The number of decision levels among `lits` (their "LBD").
fn lbd_of(lits: &[u32], level: &[u32], level_stamp: &mut Vec<u64>, stamp: &mut u64) -> u32 {
    *stamp += 1;
    let mut n = 0;
    for &q in lits {
        let l = level[(q >> 1) as usize] as usize;
        if l >= level_stamp.len() {
            level_stamp.resize(l + 1, 0);
        }
        if level_stamp[l] != *stamp {
            level_stamp[l] = *stamp;
            n += 1;
        }
    }
    n
}

fn luby(x: u32) -> u64 {
    let (mut size, mut seq) = (1u64, 0u32);
    while size < x as u64 + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    let mut x = x as u64;
    while size - 1 != x {
        size = (size - 1) >> 1;
        seq -= 1;
        x %= size;
    }
    1u64 << seq
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

    fn random(&mut self) -> f64 {
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
    fn val(&self, lit: u32) -> i8 {
        self.vals[lit as usize]
    }

    pub(crate) fn value(&self, lit: Lit) -> bool {
        self.val(lit.idx()) == 1
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    #[inline]
    fn assign(&mut self, lit: u32, reason: u32) {
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

    fn add_binary(&mut self, a: u32, b: u32) {
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
    fn merge_bins(&mut self) {
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

    fn alloc(&mut self, lits: &[u32], learnt: bool, lbd: u32) -> u32 {
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

    fn propagate(&mut self) -> Option<Conflict> {
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

    fn cancel_until(&mut self, level: u32) {
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

    // --- the variable order: a binary max-heap on activity ---

    #[inline(always)]
    /// Puts `slot` at place `i` of the heap.
    fn heap_set(&mut self, i: usize, slot: Slot) {
        debug_assert!(i < self.heap.len() && (slot.var as usize) < self.heap_pos.len());
        // SAFETY: callers pass a place within the heap and a slot of an
        // existing variable (checked in debug builds).
        unsafe {
            *self.heap.get_unchecked_mut(i) = slot;
            *self.heap_pos.get_unchecked_mut(slot.var as usize) = i as u32;
        }
    }

    #[inline(always)]
    fn slot(&self, i: usize) -> Slot {
        debug_assert!(i < self.heap.len());
        // SAFETY: callers read places below the heap's length only.
        unsafe { *self.heap.get_unchecked(i) }
    }

    /// Moves the slot at place `i` up past its less active parents.
    fn heap_up(&mut self, mut i: usize) {
        let moving = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let above = self.slot(parent);
            if moving.act <= above.act {
                break;
            }
            self.heap_set(i, above);
            i = parent;
        }
        self.heap_set(i, moving);
    }

    /// Fills the root's place, emptied by a pop, with `moving`: the hole
    /// first goes down to a leaf along the more active children (a
    /// comparison per level whose outcome picks an index, without a
    /// branch), then `moving` comes up from there past the children no more
    /// active than it. The same heap as sifting it down from the root
    /// (Floyd's order of the comparisons): along the path the activities
    /// only fall, so the children moved up are those more active than
    /// `moving` either way.
    fn heap_fill_root(&mut self, moving: Slot) {
        let n = self.heap.len();
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            let child = if left + 1 < n {
                left + usize::from(self.slot(left + 1).act > self.slot(left).act)
            } else if left < n {
                left
            } else {
                break;
            };
            self.heap_set(i, self.slot(child));
            i = child;
        }
        while i > 0 {
            let parent = (i - 1) / 2;
            let above = self.slot(parent);
            if above.act > moving.act {
                break;
            }
            self.heap_set(i, above);
            i = parent;
        }
        self.heap_set(i, moving);
    }

    fn heap_insert(&mut self, v: u32) {
        self.heap.push(Slot { act: self.activity[v as usize], var: v });
        let i = self.heap.len() - 1;
        self.heap_pos[v as usize] = i as u32;
        self.heap_up(i);
    }

    fn heap_pop(&mut self) -> Option<u32> {
        let top = self.heap.first()?.var;
        let last = self.heap.pop().expect("not empty");
        self.heap_pos[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap_fill_root(last);
        }
        Some(top)
    }

    fn bump(&mut self, v: u32) {
        let a = &mut self.activity[v as usize];
        *a += self.var_inc;
        let act = *a;
        if act > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            for slot in &mut self.heap {
                slot.act *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        let pos = self.heap_pos[v as usize];
        if pos != u32::MAX {
            self.heap[pos as usize].act = self.activity[v as usize];
            self.heap_up(pos as usize);
        }
    }

    fn bump_clause(&mut self, cref: u32) {
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

    fn why(&self, reason: u32) -> Why {
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
    fn see(&mut self, q: u32, level: u32, path: &mut u32, learnt: &mut Vec<u32>) {
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
    fn see_all(&mut self, range: std::ops::Range<usize>, level: u32, path: &mut u32, learnt: &mut Vec<u32>) {
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
    fn analyze(&mut self, conflict: Conflict) -> (u32, u32) {
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

    /// Marks a learnt clause used, bumps it, and lowers its LBD if it fell.
    fn touch(&mut self, cref: u32) {
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

    fn lbd(&mut self, lits: &[u32]) -> u32 {
        lbd_of(lits, &self.level, &mut self.level_stamp, &mut self.stamp)
    }

    /// True when `q` follows from literals already in the learnt clause.
    fn redundant(&mut self, q: u32, abstract_levels: u32) -> bool {
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
    fn redundant_step(&mut self, l: u32, abstract_levels: u32, top: usize) -> bool {
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

    /// Makes the targets the saved phases and starts the targets afresh.
    fn rephase(&mut self) {
        for (phase, target) in self.phase.iter_mut().zip(&mut self.target) {
            if *target != 0 {
                *phase = *target > 0;
            }
            *target = 0;
        }
        self.target_len = 0;
    }

    fn polarity(&self, v: u32) -> u32 {
        match self.target[v as usize] {
            1 => 2 * v,
            -1 => 2 * v + 1,
            _ => 2 * v + (!self.phase[v as usize]) as u32,
        }
    }

    fn decide(&mut self) -> Option<u32> {
        if self.random_freq > 0.0 && !self.heap.is_empty() && self.random() < self.random_freq {
            let k = (self.random() * self.heap.len() as f64) as usize;
            let v = self.heap[k.min(self.heap.len() - 1)].var;
            if self.vals[(2 * v) as usize] == 0 {
                return Some(self.polarity(v));
            }
        }
        loop {
            let v = self.heap_pop()?;
            if self.vals[(2 * v) as usize] == 0 {
                return Some(self.polarity(v));
            }
        }
    }

    /// Drops about half the learnt clauses outside the core (LBD ≤ 2) and
    /// those used since the last reduction with LBD ≤ 6, the least active
    /// and highest-LBD first; then compacts the arena.
    fn reduce(&mut self) {
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
        // Highest LBD first, then least active.
        let key = |cref: u32| {
            let c = cref as usize;
            (self.arena[c + 1] >> 8, f32::from_bits(self.arena[c + 2]))
        };
        candidates.sort_by(|&a, &b| {
            let ((la, aa), (lb, ab)) = (key(a), key(b));
            lb.cmp(&la).then(aa.total_cmp(&ab))
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
    fn compact(&mut self) {
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
}

impl Cdcl {
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A solver with `n` variables and `clauses` (DIMACS-style: `v + 1`,
    /// negative for negated).
    fn solver(n: u32, clauses: &[Vec<i32>], seed: Option<u64>) -> (Cdcl, Vec<Var>) {
        let mut s = Cdcl::new(seed);
        let vars: Vec<Var> = (0..n).map(|_| s.new_var()).collect();
        for c in clauses {
            s.add_clause(&lits(&vars, c));
        }
        (s, vars)
    }

    fn lits(vars: &[Var], clause: &[i32]) -> Vec<Lit> {
        clause.iter().map(|&l| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0)).collect()
    }

    fn satisfies(model: u32, clauses: &[Vec<i32>]) -> bool {
        clauses.iter().all(|c| c.iter().any(|&l| (model >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0)))
    }

    /// Every model of `s`, found one after another with a clause forbidding each,
    /// in slices of `slice` contradictions.
    fn models_of(mut s: Cdcl, vars: &[Var], slice: u64) -> Vec<u32> {
        let n = vars.len() as u32;
        let mut found = Vec::new();
        loop {
            match s.solve(slice, || false) {
                Outcome::Stopped => continue,
                Outcome::Unsat => break,
                Outcome::Sat => {
                    let model = (0..n)
                        .filter(|&v| s.value(Lit::new(vars[v as usize], true)))
                        .fold(0, |m, v| m | 1 << v);
                    found.push(model);
                    assert!(found.len() <= 1 << n, "a model came twice: a clause forbidding it was lost");
                    let block: Vec<i32> =
                        (0..n as i32).map(|v| if model >> v & 1 == 1 { -(v + 1) } else { v + 1 }).collect();
                    s.add_clause(&lits(vars, &block));
                }
            }
        }
        found.sort_unstable();
        found
    }

    fn clauses(n: u32) -> impl Strategy<Value = Vec<Vec<i32>>> {
        let lit = (1..=n as i32, any::<bool>()).prop_map(|(v, pos)| if pos { v } else { -v });
        proptest::collection::vec(proptest::collection::vec(lit, 1..=4), 0..40)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The models listed are exactly those a brute force finds, whatever
        /// the seed and however the search is sliced; with `between`, half
        /// the clauses come after a first slice of search (their binary
        /// clauses then join lists already merged, see `merge_bins`).
        #[test]
        fn lists_exactly_the_models(
            (n, cs) in (1u32..=10).prop_flat_map(|n| (Just(n), clauses(n))),
            seed in proptest::option::of(any::<u64>()),
            slice in 1u64..5,
            between in any::<bool>(),
        ) {
            let brute: Vec<u32> = (0..1u32 << n).filter(|&m| satisfies(m, &cs)).collect();
            let (first, rest) = cs.split_at(if between { cs.len() / 2 } else { cs.len() });
            let (mut s, vars) = solver(n, first, seed);
            if between {
                let _ = s.solve(slice, || false);
            }
            for c in rest {
                s.add_clause(&lits(&vars, c));
            }
            prop_assert_eq!(models_of(s, &vars, slice), brute);
        }
    }

    proptest! {
        /// The variable order pops the most active variable first, whatever
        /// the bumps (some to equal activities) and pops and re-inserts
        /// before, and each slot carries its variable's activity.
        #[test]
        fn the_heap_pops_the_most_active(
            n in 1u32..40,
            ops in proptest::collection::vec((0u32..40, 0u8..4), 0..200),
        ) {
            let mut s = Cdcl::new(None);
            for _ in 0..n {
                s.new_var();
            }
            let mut out = Vec::new();
            for (v, op) in ops {
                let v = v % n;
                match op {
                    0 => s.bump(v),
                    1 => s.var_inc *= 1.5,
                    2 => out.extend(s.heap_pop()),
                    _ => {
                        if let Some(back) = out.pop() {
                            s.heap_insert(back);
                        }
                    }
                }
                for (i, slot) in s.heap.iter().enumerate() {
                    prop_assert_eq!(slot.act, s.activity[slot.var as usize]);
                    prop_assert_eq!(s.heap_pos[slot.var as usize], i as u32);
                }
            }
            let mut last = f64::INFINITY;
            while let Some(v) = s.heap_pop() {
                let act = s.activity[v as usize];
                prop_assert!(act <= last, "{} popped after {}", act, last);
                last = act;
            }
        }
    }

    /// n + 1 pigeons in n holes: unsatisfiable, and hard enough (thousands
    /// of contradictions) to pass through restarts, rephasings and
    /// reductions of the learnt clauses.
    fn pigeons(n: i32) -> Vec<Vec<i32>> {
        let var = |p: i32, h: i32| p * n + h + 1;
        let mut cs: Vec<Vec<i32>> = (0..=n).map(|p| (0..n).map(|h| var(p, h)).collect()).collect();
        for h in 0..n {
            for p in 0..=n {
                for q in p + 1..=n {
                    cs.push(vec![-var(p, h), -var(q, h)]);
                }
            }
        }
        cs
    }

    #[test]
    fn reductions_come_when_learnt_clauses_take_room() {
        let cs = pigeons(7);
        let (mut s, _) = solver(56, &cs, None);
        s.learnt_words = 2000;
        assert_eq!(s.solve(u64::MAX, || false), Outcome::Unsat);
        // The schedule alone reduces about once in these contradictions.
        let scheduled = (1..).take_while(|&k| 2000 * k + 150 * k * (k - 1) <= s.conflicts).count() as u64;
        assert!(s.reductions > 2 * scheduled + 10, "{} reductions, {} scheduled", s.reductions, scheduled);
    }

    #[test]
    fn pigeons_do_not_fit_their_holes() {
        let cs = pigeons(7);
        let (mut s, _) = solver(56, &cs, None);
        assert_eq!(s.solve(u64::MAX, || false), Outcome::Unsat);
        assert!(s.reductions > 0 && s.rephases > 0 && s.restarts > 0, "{} contradictions", s.conflicts);
        // A pigeon fewer fits: every model found is one.
        let cs =
            pigeons(6).into_iter().filter(|c| c.iter().all(|&l| l.unsigned_abs() <= 36)).collect::<Vec<_>>();
        let (mut s, vars) = solver(36, &cs, Some(7));
        assert_eq!(s.solve(u64::MAX, || false), Outcome::Sat);
        let model = vars
            .iter()
            .enumerate()
            .filter(|(_, &v)| s.value(Lit::new(v, true)))
            .fold(0u64, |m, (i, _)| m | 1 << i);
        assert!(cs.iter().all(|c| c.iter().any(|&l| (model >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0))));
    }

    #[test]
    fn a_stop_is_heard_and_the_search_goes_on() {
        let cs = pigeons(6);
        let (mut s, _) = solver(42, &cs, None);
        let mut asked = 0;
        assert_eq!(
            s.solve(u64::MAX, || {
                asked += 1;
                true
            }),
            Outcome::Stopped
        );
        assert_eq!(asked, 1);
        assert_eq!(s.solve(u64::MAX, || false), Outcome::Unsat);
    }
}
