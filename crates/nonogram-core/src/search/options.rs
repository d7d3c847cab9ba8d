//! How far and how to search: [`SolveOptions`], and the bounds on clause
//! learning's encoding.

use super::kind::Kind;

/// The most clauses clause learning takes on (about 40 bytes each with the
/// solver's watches): a 200×150 photo can need millions, and search does
/// without.
pub(crate) const MAX_LEARNING_CLAUSES: u64 = 2_000_000;

/// Engines race only where the encoding is at most this many clauses
/// ([`racing_fits`]). Under it, an engine holds some 25 MB at most: 50×50
/// random pictures at 35–40 % filled have bounds of 88 000–108 000 and
/// peaked at 28 MB with one engine, 49 MB with two and 97 MB with four
/// (`nonogram solve --threads N`), where racing took their time from 264 s
/// in all to 216 s and 175 s (docs/BENCHMARKS.md, issue 36). Faase
/// (338 804) stays one engine: two held 234 MB within 6 s.
pub(crate) const RACING_ENCODING: u64 = 120_000;

/// How far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Stop after this many solutions (at least 1; 2 proves uniqueness).
    pub max_solutions: usize,
    /// Hand the search over to clause learning ([`crate::sat`]) once this
    /// many guesses have been made, or sooner, once the probing since the
    /// first guess has tried as many cells as the grid has (a guess on a
    /// wide-open grid re-probes hundreds of cells; see
    /// `learning_due`); `None` never does.
    pub learn_after: Option<u64>,
    /// Clause learning with this random seed, and a little randomness in its
    /// choices; `None`: the SAT solver's deterministic defaults. A second
    /// engine racing the first (in the browser) uses one: on hard puzzles
    /// their times differ widely, so the first verdict of two comes sooner.
    pub seed: Option<u64>,
}

impl SolveOptions {
    /// Guesses before the switch to clause learning, by default.
    pub const LEARN_AFTER: u64 = 20;

    /// Up to `max_solutions` solutions, with the default switch to clause learning.
    pub fn solutions(max_solutions: usize) -> SolveOptions {
        SolveOptions { max_solutions, ..SolveOptions::default() }
    }

    /// The options of an engine racing one with `self` (the CLI's
    /// `--threads`, the page's racing workers): clause learning from the
    /// root, with `seed`, so that its path differs.
    pub fn racing(self, seed: u64) -> SolveOptions {
        SolveOptions { learn_after: Some(0), seed: Some(seed), ..self }
    }
}

/// Whether engines may race the first on `puzzle`: only where its encoding
/// is at most [`RACING_ENCODING`] clauses ([`Kind::clause_bound`]).
/// Each racer holds a line cache and a clause-learning search of its own,
/// which grow with the encoding: on Faase (338 804) two engines held
/// 234 MB within 6 s, where one held 113 MB. Under the bound (Knotty's is
/// 38 972, a 25×25's under 10 000, a sparse 50×50's about 100 000) a racer
/// holds a few MB to some 25 MB.
pub fn racing_fits<P: Kind>(puzzle: &P) -> bool {
    puzzle.clause_bound() <= RACING_ENCODING
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { max_solutions: 2, learn_after: Some(Self::LEARN_AFTER), seed: None }
    }
}

/// Whether guessing hands over to clause learning, for either kind of
/// puzzle (its clauses fitting aside): after `learn_after` guesses, or
/// fewer once the probes made since the first guess have tried as many
/// cells as the grid has. On TAAI's 25×25s, where the hard ones are open
/// at the root, that hands over after 3–4 guesses instead of 20 (27.3 s
/// against 30.8 s in all, the same verdicts); on `colour-hard`, where
/// probing each colour costs more, 3.5–4.0 s against 6.7–8.2 s (see
/// docs/BENCHMARKS.md); a puzzle whose guesses deduce much keeps guessing.
pub(crate) fn learning_due(
    learn_after: Option<u64>,
    guesses: u64,
    probes_since_first_guess: u64,
    cells: usize,
) -> bool {
    let Some(n) = learn_after else { return false };
    let worked = guesses > 0 && probes_since_first_guess >= cells as u64;
    guesses >= n || worked
}
