//! The line solver's results by line and state. Equal states recur often
//! in search, probing and clause learning (webpbn #803: 164 000 lookups,
//! 84 % of them of a state seen before), so a lookup must cost well under
//! a solve.
//!
//! Lines of up to 64 cells (almost every puzzle's) go to a table of fixed
//! size with pairs of 40-byte slots of 64-bit words, found by one multiply
//! and read from one place; it forgets what it has no room for, and a
//! forgotten state is solved again, to the same answer. A general hash
//! table that kept every state, with 128-bit masks, took 96 bytes an entry
//! (tens of thousands of them: misses in the processor's caches, and pages
//! the system had to provide as it grew), and in wasm, which has no 128-bit
//! words or vector lookups, cost about as much as solving the line again.
//! Longer lines keep such a table. (Colour's lines keep a table of their
//! own, [`crate::colour::line::ColourLines`], hashed by [`FxHasher`].)

use crate::line::bits::{BitLineSolver, Masks};
use crate::puzzle::{LineId, Puzzle};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The wide table is cleared when it holds this many entries, which bounds
/// its memory (about 100 bytes an entry with its overhead: 26 MB).
const CACHE_LIMIT: usize = 1 << 18;

/// The bitmask line solver with its results cached: (line, state) →
/// solved state, or a contradiction.
#[derive(Debug)]
pub struct CachedLines {
    solver: BitLineSolver,
    narrow: NarrowTable,
    wide: HashMap<(u32, u128, u128), Option<Masks>, BuildHasherDefault<FxHasher>>,
    height: usize,
}

impl CachedLines {
    /// A cache for a `width`×`height` grid.
    pub fn new(width: usize, height: usize) -> CachedLines {
        CachedLines {
            solver: BitLineSolver::new(),
            narrow: NarrowTable::new(width * height),
            wide: HashMap::default(),
            height,
        }
    }

    /// Frees the cache (the wide table keeps its size when cleared: on an
    /// 80×95 puzzle, tens of megabytes); it fills again if used.
    pub fn release(&mut self) {
        self.narrow.slots = Vec::new();
        self.wide = HashMap::default();
    }

    /// Solves a line of `n` (at most [`crate::line::bits::MAX_BITS_LINE`])
    /// cells given as masks (known filled, known empty); `None` on a
    /// contradiction.
    pub fn solve(&mut self, puzzle: &Puzzle, line: LineId, n: usize, f: u128, e: u128) -> Option<Masks> {
        let id = line.slot(self.height) as u32;
        if n <= 64 {
            let (f, e) = (f as u64, e as u64);
            if let Some((nf, ne)) = self.narrow.get(id, f, e) {
                return (nf & ne == 0).then_some((u128::from(nf), u128::from(ne)));
            }
            let result = self.solver.solve(puzzle.clue(line).runs(), n, f.into(), e.into()).ok();
            // No solved line has a cell both filled and empty.
            let (nf, ne) = result.map_or((u64::MAX, u64::MAX), |(nf, ne)| (nf as u64, ne as u64));
            self.narrow.insert(id, f, e, nf, ne);
            return result;
        }
        if let Some(&result) = self.wide.get(&(id, f, e)) {
            return result;
        }
        let result = self.solver.solve(puzzle.clue(line).runs(), n, f, e).ok();
        if self.wide.len() >= CACHE_LIMIT {
            self.wide.clear();
        }
        self.wide.insert((id, f, e), result);
        result
    }
}

/// A slot: the line's id plus one (0 when free), its state's masks, then
/// the solved state's.
type Slot = [u64; 5];

/// A fixed table of pairs of slots: a state goes to the first slot of its
/// pair, moving the one there to the second and forgetting the second's.
#[derive(Debug)]
struct NarrowTable {
    /// Empty until the first state comes (a puzzle solved by line logic, without solving
    /// a line of up to 64 cells takes none).
    slots: Vec<Slot>,
    /// log2 of the slots' number: about two per cell of the grid, from
    /// 2¹⁰ to 2¹⁶ (40 KB to 2.6 MB). Measured (`nonogram bench`, three
    /// runs each): four per cell took the survey's four hardest in 11.5 ms
    /// against 11.7 ms, Jakub Wilk's and nonogram-db's small puzzles in
    /// 10.5 ms against 9.8 (the pages a table touches cost more than
    /// the states it keeps); eight per cell, 12.7 and 11.8 ms. The general
    /// table before it: 13.5 and 10.2 ms.
    bits: u32,
}

impl NarrowTable {
    fn new(cells: usize) -> NarrowTable {
        let log2 = usize::BITS - cells.max(1).saturating_sub(1).leading_zeros();
        NarrowTable { slots: Vec::new(), bits: (log2 + 1).clamp(10, 16) }
    }

    /// The first slot of the state's pair: multiplicative hashing, whose
    /// product's top bits depend on every bit of the key.
    fn pair(&self, id: u32, f: u64, e: u64) -> usize {
        let h = (f ^ e.rotate_left(29) ^ u64::from(id) << 40).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let h = (h ^ h >> 31).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        2 * (h >> (65 - self.bits)) as usize
    }

    fn get(&self, id: u32, f: u64, e: u64) -> Option<(u64, u64)> {
        if self.slots.is_empty() {
            return None;
        }
        let i = self.pair(id, f, e);
        self.slots[i..i + 2]
            .iter()
            .find(|slot| slot[0] == u64::from(id) + 1 && slot[1] == f && slot[2] == e)
            .map(|slot| (slot[3], slot[4]))
    }

    fn insert(&mut self, id: u32, f: u64, e: u64, nf: u64, ne: u64) {
        if self.slots.is_empty() {
            self.slots = vec![[0; 5]; 1 << self.bits];
        }
        let i = self.pair(id, f, e);
        self.slots[i + 1] = self.slots[i];
        self.slots[i] = [u64::from(id) + 1, f, e, nf, ne];
    }
}

/// A fast hasher for the tables' integer keys (FxHash's multiply-rotate;
/// slices, the colour table's keys, a word at a time).
#[derive(Default)]
pub(crate) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let (words, rest) = bytes.as_chunks::<8>();
        for &word in words {
            self.write_u64(u64::from_le_bytes(word));
        }
        for &b in rest {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::bits::MAX_BITS_LINE;
    use crate::puzzle::Clue;
    use crate::testing::Random;

    /// Random lines of 1 to 128 cells (both tables), each state solved
    /// twice: the cached answer, contradictions included, is the solver's.
    #[test]
    fn the_cache_answers_as_the_solver_does() {
        let mut rng = Random(0x5eed);
        let mut solver = BitLineSolver::new();
        for n in 1..=MAX_BITS_LINE {
            let mut runs = Vec::new();
            let mut at = rng.below(3) as usize;
            while at < n {
                let len = 1 + rng.below(4) as usize;
                if at + len > n {
                    break;
                }
                runs.push(len as u32);
                at += len + 1 + rng.below(3) as usize;
            }
            let clue = Clue(runs);
            let puzzle = Puzzle::new(vec![clue.clone()], vec![Clue(vec![1]); n]);
            let mut cached = CachedLines::new(n, 1);
            let mut contradictions = 0;
            for _ in 0..200 {
                let (mut f, mut e) = (0u128, 0u128);
                for pos in 0..n {
                    match rng.below(10) {
                        0 => f |= 1 << pos,
                        1 => e |= 1 << pos,
                        _ => {}
                    }
                }
                let expected = solver.solve(clue.runs(), n, f, e).ok();
                contradictions += usize::from(expected.is_none());
                for _ in 0..2 {
                    assert_eq!(cached.solve(&puzzle, LineId::Row(0), n, f, e), expected, "{n} cells");
                }
            }
            // Lines of up to 64 cells in the narrow table, longer in the wide.
            assert_eq!((cached.narrow.slots.is_empty(), cached.wide.is_empty()), (n > 64, n <= 64));
            if n == 64 || n == MAX_BITS_LINE {
                assert!(contradictions > 0, "{n} cells: no contradiction tried");
            }
        }
    }

    /// The narrow table finds what it was last given, forgets the older
    /// states of a pair beyond its two slots, and tells apart keys that
    /// differ in one word only (20 000 different states in 2¹¹ slots).
    #[test]
    fn the_narrow_table_keeps_the_two_latest_of_a_pair() {
        let mut table = NarrowTable::new(25 * 25);
        assert_eq!(table.bits, 11);
        assert_eq!(table.get(0, 0, 0), None);
        let mut rng = Random(99);
        let mut by_pair: std::collections::HashMap<usize, Vec<(u32, u64, u64)>> = Default::default();
        for k in 0..20_000u32 {
            let (id, f, e) =
                (k % 7, u64::from(k / 7) | rng.below(4) << 20, u64::from(k % 3) << 40 | rng.below(4));
            table.insert(id, f, e, u64::from(k), !u64::from(k));
            assert_eq!(table.get(id, f, e), Some((u64::from(k), !u64::from(k))));
            assert_eq!(table.get(id + 7, f, e), None);
            by_pair.entry(table.pair(id, f, e)).or_default().push((id, f, e));
        }
        let mut forgotten = 0;
        for states in by_pair.values() {
            for (age, &(id, f, e)) in states.iter().rev().enumerate() {
                assert_eq!(table.get(id, f, e).is_some(), age < 2);
                forgotten += usize::from(age >= 2);
            }
        }
        // Every pair was used, and holds its two latest.
        assert_eq!(by_pair.len(), 1024);
        assert_eq!(forgotten, 20_000 - 2 * 1024);
    }
}
