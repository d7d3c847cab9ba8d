//! The exact line solver on bitmasks, for lines of up to [`MAX_BITS_LINE`]
//! cells: the same forward/backward reasoning as [`crate::line`], but each
//! table row (which boundaries a prefix of runs can reach) is one `u128`,
//! so a line costs a few hundred word operations instead of a table walk.
//!
//! Bit `i` of a line mask is cell `i`. The line is padded with one empty
//! cell `n`, and boundaries `0..=n+1` sit between cells (boundary `i` is
//! before cell `i`). `reach[j]` holds the boundaries where runs `0..j` can
//! end, each followed by an empty cell (a separator or a gap), with every
//! cell before it consistent. `back[j]` holds the boundaries from which
//! runs `j..` fit the rest. Gaps spread a set of boundaries across cells
//! that may be empty: an occluded fill (Kogge–Stone), log₂ 128 = 7 steps.

use crate::cell::Cell;
use crate::line::Contradiction;

/// The longest line solved on bitmasks (boundaries `0..=n+1` fit 128 bits).
pub const MAX_BITS_LINE: usize = 126;

/// A line state as two masks (known filled, known empty), bit `i` for
/// cell `i`; lines of up to [`MAX_BITS_LINE`] cells.
pub type Masks = (u128, u128);

/// A line as masks (known filled, known empty), bit `i` for cell `i`;
/// lines of up to [`MAX_BITS_LINE`] cells.
pub fn to_masks(cells: &[Cell]) -> Masks {
    let mut m = (0u128, 0u128);
    for (i, &c) in cells.iter().enumerate() {
        match c {
            Cell::Filled => m.0 |= 1 << i,
            Cell::Empty => m.1 |= 1 << i,
            Cell::Unknown => {}
        }
    }
    m
}

/// Writes masks back into a line's cells (filled wins if a bit is in both).
pub fn from_masks(m: (u128, u128), cells: &mut [Cell]) {
    for (i, c) in cells.iter_mut().enumerate() {
        *c = if m.0 >> i & 1 == 1 {
            Cell::Filled
        } else if m.1 >> i & 1 == 1 {
            Cell::Empty
        } else {
            Cell::Unknown
        };
    }
}

/// A machine word of line masks: `u32` for lines of up to 30 cells (most
/// tournament lines are 25), `u64` up to 62, `u128` up to
/// [`MAX_BITS_LINE`]. A narrower word makes each mask operation one
/// instruction where `u128` takes two to eight.
trait Word:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAndAssign
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const BITS: u32;
    fn from_u128(x: u128) -> Self;
    fn to_u128(self) -> u128;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}
word!(u32);
word!(u64);
word!(u128);

/// Boundaries reachable from `starts` going right: from `i` to `i + 1`
/// when bit `i + 1` of `enter` is set (cell `i` may be empty).
fn spread_right<W: Word>(starts: W, enter: W) -> W {
    let (mut g, mut p) = (starts, enter);
    let mut step = 1;
    while step < W::BITS / 2 {
        g |= p & (g << step);
        p &= p << step;
        step *= 2;
    }
    g | (p & (g << step))
}

/// Boundaries reachable from `starts` going left: from `i + 1` to `i` when
/// bit `i` of `enter` is set (cell `i` may be empty).
fn spread_left<W: Word>(starts: W, enter: W) -> W {
    let (mut g, mut p) = (starts, enter);
    let mut step = 1;
    while step < W::BITS / 2 {
        g |= p & (g >> step);
        p &= p >> step;
        step *= 2;
    }
    g | (p & (g >> step))
}

/// Bits `s` such that bits `s..s + len` of `mask` are all set.
fn windows<W: Word>(mask: W, len: u32) -> W {
    // Doubling: `have` is the window length `w` covers so far.
    let (mut w, mut have) = (mask, 1);
    while have < len {
        let step = have.min(len - have);
        w &= w >> step;
        have += step;
    }
    w
}

/// Bits `s..s + len` for every bit `s` of `starts`.
fn smear<W: Word>(starts: W, len: u32) -> W {
    let (mut w, mut have) = (starts, 1);
    while have < len {
        let step = have.min(len - have);
        w |= w << step;
        have += step;
    }
    w
}

/// Reusable tables (one mask per run, per word size), so solving does
/// not allocate.
#[derive(Default, Debug)]
pub struct BitLineSolver {
    tables32: Tables<u32>,
    tables64: Tables<u64>,
    tables128: Tables<u128>,
}

#[derive(Default, Debug)]
struct Tables<W> {
    reach: Vec<W>,
    back: Vec<W>,
    /// Where each run may start as far as the cells say: its cells may be
    /// filled and the cell after it may be empty (computed once a solve:
    /// the three passes each used to compute it, a third of the solver's
    /// instructions on TAAI).
    fits: Vec<W>,
}

impl BitLineSolver {
    pub fn new() -> BitLineSolver {
        BitLineSolver::default()
    }

    /// Solves a line of `n` cells (at most [`MAX_BITS_LINE`]) given as masks
    /// of its known-filled and known-empty cells; returns the masks with
    /// every deduction added, or `Err(Contradiction)` when nothing fits.
    /// Runs of length 0 are not allowed (an empty clue is `[]`). Boundaries
    /// `0..=n+1` need `n + 2` bits: lines of up to 30 cells are solved on
    /// `u32`, up to 62 on `u64`.
    pub fn solve(
        &mut self,
        runs: &[u32],
        n: usize,
        filled: u128,
        empty: u128,
    ) -> Result<(u128, u128), Contradiction> {
        debug_assert!(n <= MAX_BITS_LINE);
        fn on<W: Word>(
            t: &mut Tables<W>,
            runs: &[u32],
            n: usize,
            f: u128,
            e: u128,
        ) -> Result<(u128, u128), Contradiction> {
            let (f, e) = t.solve(runs, n, W::from_u128(f), W::from_u128(e))?;
            Ok((f.to_u128(), e.to_u128()))
        }
        if n + 2 <= 32 {
            on(&mut self.tables32, runs, n, filled, empty)
        } else if n + 2 <= 64 {
            on(&mut self.tables64, runs, n, filled, empty)
        } else {
            on(&mut self.tables128, runs, n, filled, empty)
        }
    }
}

impl<W: Word> Tables<W> {
    fn solve(&mut self, runs: &[u32], n: usize, filled: W, empty: W) -> Result<(W, W), Contradiction> {
        let n32 = n as u32;
        let cells: W = cells_below(n32);
        let padded = cells | W::ONE << n32; // cells and the padding cell n
        let end = n32 + 1; // the last boundary
                           // Cells that may be empty (the padding is empty) and may be filled.
        let may_empty = padded & !filled;
        let may_fill = cells & !empty;
        let k = runs.len();
        self.reach.clear();
        self.fits.clear();
        self.reach.push(spread_right(W::ONE, may_empty << 1));
        for &len in runs {
            let last = *self.reach.last().expect("starts with one entry");
            if len > n32 {
                return Err(Contradiction);
            }
            // A run at s: its cells may be filled, cell s + len may be empty.
            let fits = windows(may_fill, len) & (may_empty >> len);
            self.fits.push(fits);
            let starts = last & fits;
            self.reach.push(spread_right(starts << (len + 1), may_empty << 1));
        }
        if (self.reach[k] >> end) & W::ONE == W::ZERO {
            return Err(Contradiction);
        }
        self.back.clear();
        self.back.resize(k + 1, W::ZERO);
        self.back[k] = spread_left(W::ONE << end, may_empty);
        for j in (0..k).rev() {
            let starts = self.fits[j] & (self.back[j + 1] >> (runs[j] + 1));
            self.back[j] = spread_left(starts, may_empty);
        }
        let mut can_fill = W::ZERO;
        let mut can_empty = W::ZERO;
        for (j, &len) in runs.iter().enumerate() {
            let starts = self.reach[j] & self.fits[j] & (self.back[j + 1] >> (len + 1));
            can_fill |= smear(starts, len);
        }
        for j in 0..=k {
            // Boundary i + 1 reached with cell i empty, the rest fitting.
            can_empty |= (self.reach[j] & self.back[j]) >> 1;
        }
        let (can_fill, can_empty) = (can_fill & cells, can_empty & cells);
        if (can_fill | can_empty) != cells {
            return Err(Contradiction);
        }
        Ok((filled | (can_fill & !can_empty), empty | (can_empty & !can_fill)))
    }
}

/// Bits `0..n` set (`n` below the word's width).
fn cells_below<W: Word>(n: u32) -> W {
    !(!W::ZERO << n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(windows(0b0111_0110u32, 2), 0b0011_0010);
        assert_eq!(windows(0b0111_0110u64, 3), 0b0001_0000);
        assert_eq!(smear(0b1001u128, 3), 0b11_1111);
        assert_eq!(spread_right(1u32, 0b0110), 0b0111);
        assert_eq!(spread_left(0b1000u64, 0b0110), 0b1110);
    }

    #[test]
    fn the_post_line() {
        // [3 2] on ????.?.??? → ?##?...?#? (post 001).
        let mut s = BitLineSolver::new();
        let empty = 1 << 4 | 1 << 6;
        let (f, e) = s.solve(&[3, 2], 10, 0, empty).unwrap();
        assert_eq!(f, 1 << 1 | 1 << 2 | 1 << 8);
        assert_eq!(e, empty | 1 << 5);
        assert_eq!(s.solve(&[3], 2, 0, 0), Err(Contradiction));
        assert_eq!(s.solve(&[], 3, 0, 0), Ok((0, 0b111)));
        assert_eq!(s.solve(&[1], 126, 1 << 125, 0), Ok((1 << 125, ((1u128 << 126) - 1) & !(1 << 125))));
    }
}
