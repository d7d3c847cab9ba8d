//! How far and how to search: [`SolveOptions`], and the bounds on clause
//! learning's encoding.

use crate::puzzle::Puzzle;
use crate::sat::SatSearch;

/// The most clauses clause learning takes on (about 40 bytes each with the
/// solver's watches): a 200×150 photo can need millions, and search does
/// without.
pub(crate) const MAX_LEARNING_CLAUSES: u64 = 2_000_000;

/// Past this bound on the clauses ([`SatSearch::clause_bound`]), splr takes
/// over from our solver sooner (see `Kind::splr_after`). Knotty's bound is
/// 38 972 and a 25×25's under 10 000; Faase's is 338 804, so with
/// `--splr-after 200000` splr takes over there after 29 515 contradictions.
#[cfg(feature = "splr")]
pub(crate) const LARGE_ENCODING: u64 = 50_000;

/// Engines race only where the encoding is at most this many clauses
/// ([`racing_fits`]). Under it, an engine holds some 25 MB at most: 50×50
/// random pictures at 35–40 % filled have bounds of 88 000–108 000 and
/// peaked at 28 MB with one engine, 49 MB with two and 97 MB with four
/// (`nonogram solve --threads N`), where racing took their time from 264 s
/// in all to 216 s and 175 s (docs/BENCHMARKS.md, issue 36). Faase
/// (338 804) stays one engine: two held 234 MB within 6 s.
pub(crate) const RACING_ENCODING: u64 = 120_000;

/// Past this bound on the clauses, splr never takes over: our solver goes
/// on alone. splr's memory grows with the encoding (and with its time), past
/// the 200 MB one solve may hold: Faase (338 804) peaks at 183–190 MB, a
/// random 100×100 picture (537 672) held 283 MB after 60 s, a 150×150 one
/// (1 774 540) 448 MB as splr was built, and then overran a 30 s limit by
/// 14 s. batsat alone (our solver then), whose learnt clauses were
/// bounded, held 70 MB and 130 MB for them and stopped on time.
#[cfg(feature = "splr")]
pub(crate) const MAX_SPLR_CLAUSES: u64 = 400_000;

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
    /// Hand clause learning over every grid from our solver to splr
    /// (`SatSearch::new_long`) once ours has met this many contradictions
    /// there without a verdict (fewer, in proportion, on puzzles whose
    /// encoding may exceed 50 000 clauses, and never where it may exceed
    /// 400 000, for memory); `None` (the default) never does. Only with the
    /// `splr` feature (the CLI's; the page's worker is built without it):
    /// otherwise ignored.
    pub splr_after: Option<u64>,
    /// The longest one step of splr may take, in seconds; `None`: until it
    /// has a solution or proves there is none (minutes on Faase; a caller
    /// that must stop sooner can only drop the solver, or, in the browser,
    /// the worker). Each further step starts splr's heuristics afresh.
    pub splr_seconds: Option<u64>,
    /// splr is rebuilt after this many seconds of search, keeping its learnt
    /// clauses, so its memory stays bounded (see [`SatSearch::new_long`]);
    /// `None`: it is kept, and its memory grows (Faase: 276 MB).
    pub splr_generation: Option<u64>,
}

impl SolveOptions {
    /// Guesses before the switch to clause learning, by default.
    pub const LEARN_AFTER: u64 = 20;

    /// splr's generation by default, in seconds: Faase's peak stayed at
    /// 183–185 MB (276 MB in one call; 189–213 MB with generations of
    /// 90 s), its verdict in 3.0 and 7.0 minutes in two runs
    /// (docs/BENCHMARKS.md).
    pub const SPLR_GENERATION: u64 = 60;

    /// Up to `max_solutions` solutions, with the default switch to clause learning.
    pub fn solutions(max_solutions: usize) -> SolveOptions {
        SolveOptions { max_solutions, ..SolveOptions::default() }
    }

    /// The options of an engine racing one with `self` (the CLI's
    /// `--threads`, the page's racing workers): clause learning from the
    /// root, with `seed`, so that its path differs, and our solver to the
    /// end.
    /// splr's memory grows with its time (on Knotty's clauses, 116 MB after
    /// 60 s from the root), so only the first engine hands over to it: two
    /// engines in splr on Faase peaked at 401 MB, one at 183 MB.
    pub fn racing(self, seed: u64) -> SolveOptions {
        SolveOptions { learn_after: Some(0), seed: Some(seed), splr_after: None, ..self }
    }
}

/// Whether engines may race the first on `puzzle`: only where its encoding
/// is at most [`RACING_ENCODING`] clauses ([`SatSearch::clause_bound`]).
/// Each racer holds a line cache and a clause-learning search of its own,
/// which grow with the encoding: on Faase (338 804) two engines held
/// 234 MB within 6 s, where one held 113 MB. Under the bound (Knotty's is
/// 38 972, a 25×25's under 10 000, a sparse 50×50's about 100 000) a racer
/// holds a few MB to some 25 MB.
pub fn racing_fits(puzzle: &Puzzle) -> bool {
    SatSearch::clause_bound(puzzle) <= RACING_ENCODING
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            max_solutions: 2,
            learn_after: Some(Self::LEARN_AFTER),
            seed: None,
            // splr came in for Faase, which batsat (our solver then) left
            // without a solution for 55 minutes. Our own solver, with its
            // target phases, has Faase's verdict in 24 s at 80 MB where
            // the handover to splr took 70–133 s at 185–191 MB
            // (docs/BENCHMARKS.md): it no longer hands over by default.
            splr_after: None,
            splr_seconds: None,
            splr_generation: Some(Self::SPLR_GENERATION),
        }
    }
}

/// Whether guessing hands over to clause learning, for either kind of
/// puzzle (its clauses fitting aside): after `learn_after` guesses, or
/// fewer once the probes made since the first guess have tried as many
/// cells as the grid has. On TAAI's 25×25s, where the hard ones are open
/// at the root, that hands over after 3–4 guesses instead of 20 (27.7 s
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
