//! How the solver stores what it knows: clause headers and flags in the
//! arena, watches, reasons, conflicts, the order heap's slots, its
//! constants, and small helpers.

pub(super) const NO_REASON: u32 = u32::MAX;

/// Asks the processor to bring `p`'s cache line in: a hint, which reads
/// nothing and cannot fault (nothing where there is no such instruction).
#[inline(always)]
pub(super) fn prefetch<T>(p: *const T) {
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
pub(super) struct Slot {
    pub(super) act: f64,
    pub(super) var: u32,
}

/// Words before a clause's literals: length, flags and LBD, activity.
pub(super) const HEADER: usize = 3;
pub(super) const LEARNT: u32 = 1;
pub(super) const DELETED: u32 = 2;
pub(super) const USED: u32 = 4;

#[derive(Clone, Copy)]
pub(super) struct Watch {
    pub(super) cref: u32,
    pub(super) blocker: u32,
}

/// Where a reason's false literals lie (all but the implied literal's).
pub(super) enum Why {
    /// A binary clause's other literal.
    Lit(u32),
    /// A long clause's literals after its first (the implied one), in the arena.
    Clause(std::ops::Range<usize>),
}

#[derive(Clone, Copy)]
pub(super) enum Conflict {
    /// A binary clause of two false literals.
    Binary(u32, u32),
    Long(u32),
}

/// Learnt clauses kept at a reduction, at most, beyond those of LBD 2 or
/// less and those in use (on large encodings such as Faase's 80×95 they
/// are long).
pub(super) const LEARNT_LIMIT: usize = 20_000;
/// A reduction comes at the latest once the clauses learnt since the last
/// take this many words (16 MB): the schedule's intervals grow, and where
/// learnt clauses are long (as on Faase's 80×95) the arena grew with them
/// on long runs (its room doubled from 8 to 16 MB after 130 s, seeded).
pub(super) const LEARNT_WORDS: usize = 4 << 20;
/// The Luby sequence's unit, in contradictions.
pub(super) const RESTART_UNIT: u64 = 100;
/// Contradictions before the first rephasing; the n-th comes n units after
/// the one before.
pub(super) const REPHASE_UNIT: u64 = 1000;
pub(super) const VAR_DECAY: f64 = 0.95;
pub(super) const CLAUSE_DECAY: f32 = 0.999;

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
pub(super) fn push_trail(trail: &mut Vec<u32>, lit: u32) {
    let len = trail.len();
    assert!(len < trail.capacity(), "more literals on the trail than variables");
    // SAFETY: `len < capacity`, checked just above.
    unsafe {
        trail.as_mut_ptr().add(len).write(lit);
        trail.set_len(len + 1);
    }
}

/// The number of decision levels among `lits` (their "LBD").
pub(super) fn lbd_of(lits: &[u32], level: &[u32], level_stamp: &mut Vec<u64>, stamp: &mut u64) -> u32 {
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

pub(super) fn luby(x: u32) -> u64 {
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
