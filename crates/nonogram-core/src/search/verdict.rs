//! What a solve reports: its [`Step`]s, how a solution came without
//! search ([`Derivation`]), its [`Verdict`] and the [`Stats`] of its work.

use super::kind::Kind;
use crate::grid::Grid;
use crate::puzzle::{LineId, Puzzle};
use crate::switch::Switch;

/// One unit of solver work, in the order it happened, for puzzles of kind
/// `P` ([`Kind`]): a cell is `P::Cell` (black and white's [`crate::Cell`],
/// colour's set of colours), a solution `P::Solution`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<P: Kind = Puzzle> {
    /// A line was solved; its changed cells (position along the line, new value).
    Line { line: LineId, changes: Vec<(usize, P::Cell)> },
    /// A sweep (all dirty rows, then all dirty columns) ended.
    Sweep { sweep: usize, unknown: usize },
    /// A line has no placement fitting its cells, with `depth` guesses in force.
    Contradiction { line: LineId, depth: usize },
    /// A guess: cell (row, col) set to `cell` (one value); `depth` guesses
    /// are now in force.
    Guess { row: usize, col: usize, cell: P::Cell, depth: usize },
    /// A guess was undone and its cell set to its other values (`cell`: in
    /// black and white the other value), which hold in every solution still
    /// to be found under the `depth` earlier guesses.
    Backtrack { row: usize, col: usize, cell: P::Cell, depth: usize },
    /// A probe of cell (row, col) at a fixed point: each of its values tried
    /// with full propagation. `forced`: the values left to it when some
    /// contradicted (black and white: the value it proved). Else
    /// `deduced`: the fewest and the most cells one value deduced, and
    /// `narrowed`: the cells the probe narrowed, each to the values some
    /// trial left it (black and white: the cells both values deduced alike).
    Probe { row: usize, col: usize, forced: Option<P::Cell>, deduced: (usize, usize), narrowed: usize },
    /// The search went back to the root to start run `run` (1-based) with
    /// another branching order; solutions found so far are kept.
    Restart { run: usize },
    /// Clause learning is at work from the root; `contradictions` it met so
    /// far. `symmetric`: a second clause learning looks among the grids the
    /// puzzle's symmetries keep, taking turns with the first (see
    /// [`crate::symmetry`]); false once it has no solution left.
    Learning { contradictions: u64, symmetric: bool },
    /// The search among the symmetric grids has no solution left; clause
    /// learning over every grid goes on alone.
    SymmetricExhausted { contradictions: u64 },
    /// A solution (1-based `index`), checked against every clue. `from`:
    /// found from solution `.0` without search, as `.1` says.
    Solution { index: usize, grid: P::Solution, from: Option<(usize, Derivation)> },
    /// Line solving went on (`lines` lines solved, in propagation or in a
    /// probe's trial) without anything to report yet: the step's bound on
    /// work was reached. The grid is as after the previous step; the next
    /// call goes on where this one stopped. Only large boards see it (and
    /// colour's larger ones: every colour line's solve counts).
    Working { lines: usize },
    /// The search is over.
    Done { verdict: Verdict<P::Solution> },
}

impl<P: Kind> Step<P> {
    /// The verdict, when this is the last step.
    pub fn verdict(self) -> Option<Verdict<P::Solution>> {
        match self {
            Step::Done { verdict } => Some(verdict),
            _ => None,
        }
    }
}

/// How a solution came from an earlier one, without search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Derivation {
    /// Its image by the symmetry of this name (see [`crate::symmetry`]).
    Image(String),
    /// Four of its cells turned over (see [`crate::switch`]).
    Switch(Switch),
}

impl Derivation {
    /// What it says of a solution found from solution `of`: "the image of
    /// solution 1 by the quarter turn, which keeps every clue".
    pub fn describe(&self, of: usize) -> String {
        match self {
            Derivation::Image(symmetry) => {
                format!("the image of solution {of} by the {symmetry}, which keeps every clue")
            }
            Derivation::Switch(Switch { rows: (r1, r2), columns: (c1, c2) }) => format!(
                "solution {of} with the cells of rows {} and {} in columns {} and {} switched, which keeps every clue",
                r1 + 1,
                r2 + 1,
                c1 + 1,
                c2 + 1
            ),
        }
    }
}

/// The outcome of a solve; a solution is a [`Grid`], or for a colour
/// puzzle one colour per cell, row-major (`Vec<u8>`, see [`crate::colour`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<G = Grid> {
    /// Exactly one solution, proven by exhausting the search.
    Unique(G),
    /// At least two different solutions (the first `max_solutions` found).
    Multiple(Vec<G>),
    /// No solution; `line` names the line that contradicts before any guess.
    None { line: Option<LineId> },
    /// The caller stopped the solve before it ended (time limit or cancel).
    Stopped,
}

impl<G> Verdict<G> {
    /// `unique`, `multiple`, `none` or `timeout` (the CLI's words: there
    /// only its time limit stops a solve, and the word says so).
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(_) => "multiple",
            Verdict::None { .. } => "none",
            Verdict::Stopped => "timeout",
        }
    }

    pub fn solutions(&self) -> &[G] {
        match self {
            Verdict::Unique(g) => std::slice::from_ref(g),
            Verdict::Multiple(gs) => gs,
            _ => &[],
        }
    }
}

/// Counters of the work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub line_solves: u64,
    /// Cells probed (each of its values tried).
    pub probes: u64,
    pub sweeps: usize,
    pub guesses: u64,
    pub backtracks: u64,
    pub restarts: u64,
    pub max_depth: usize,
    /// Contradictions met by clause learning (0 when it was not needed).
    pub contradictions: u64,
}

impl Stats {
    /// True when neither probing nor guessing was needed: the puzzle fell
    /// to line logic alone.
    pub fn by_line_logic(&self) -> bool {
        self.guesses == 0 && self.probes == 0
    }
}
