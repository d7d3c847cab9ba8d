//! Variables and literals.

/// A variable of the encoding.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Var(pub(super) u32);

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
pub(crate) struct Lit(pub(super) u32);

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
    pub(super) fn idx(self) -> u32 {
        self.0
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}
