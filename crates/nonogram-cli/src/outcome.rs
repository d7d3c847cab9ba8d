//! How a solve ended, its exit status, and the stable result block the
//! README documents (black and white or colour).

use nonogram_core::{Grid, Stats, Verdict};
use std::time::Duration;

/// How a solve ended (a colour puzzle's solutions are `Vec<u8>`).
pub struct Outcome<G = Grid> {
    pub verdict: Verdict<G>,
    pub stats: Stats,
    pub elapsed: Duration,
    /// Stopped by the time limit before the search's end: a `multiple`
    /// verdict holds the solutions found by then.
    pub stopped: bool,
}

impl<G> Outcome<G> {
    /// The outcome without its solutions (what a table of verdicts needs,
    /// whatever kind of puzzle it came from).
    pub fn kind(self) -> Outcome<()> {
        let verdict = match self.verdict {
            Verdict::Unique(_) => Verdict::Unique(()),
            Verdict::Multiple(s) => Verdict::Multiple(vec![(); s.len()]),
            Verdict::None { line } => Verdict::None { line },
            Verdict::Stopped => Verdict::Stopped,
        };
        Outcome { verdict, stats: self.stats, elapsed: self.elapsed, stopped: self.stopped }
    }
}

/// Exit status of a verdict: 0 solved, 1 none, 3 timeout.
pub fn exit_code<G>(verdict: &Verdict<G>) -> u8 {
    match verdict {
        Verdict::Unique(_) | Verdict::Multiple(_) => 0,
        Verdict::None { .. } => 1,
        Verdict::Stopped => 3,
    }
}

/// Combines statuses: bad input (2) over timeout (3) over none (1) over solved (0).
pub fn worst(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        2 => 3,
        3 => 2,
        1 => 1,
        _ => 0,
    };
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

/// The stable block documented in the README.
pub fn result_block(name: &str, outcome: &Outcome, max_solutions: usize, stats: bool) -> String {
    let mut s = block_head(name, outcome, stats);
    for grid in outcome.verdict.solutions().iter().take(max_solutions) {
        s += "solution:\n";
        s += &grid.to_text();
    }
    s
}

/// The block's lines before its solutions, black and white or colour.
pub fn block_head<G>(name: &str, outcome: &Outcome<G>, stats: bool) -> String {
    // The name holds the file's title: escaped, it stays one line.
    let name = nonogram_core::text::escaped(name);
    let mut s = format!("puzzle: {name}\nverdict: {}\n", outcome.verdict.word());
    if let Verdict::None { line: Some(line) } = &outcome.verdict {
        s += &format!("contradiction: {line}\n");
    }
    if let (Verdict::Multiple(found), true) = (&outcome.verdict, outcome.stopped) {
        s += &format!("stopped: time limit, {} solutions found\n", found.len());
    }
    let logic = if outcome.stats.by_line_logic() { "line" } else { "search" };
    s += &format!("logic: {logic}\ntime_ms: {}\n", outcome.elapsed.as_millis());
    if stats {
        let st = &outcome.stats;
        s += &format!(
            "probes: {}\nguesses: {}\nbacktracks: {}\nrestarts: {}\nline_solves: {}\nsweeps: {}\ncontradictions: {}\n",
            st.probes, st.guesses, st.backtracks, st.restarts, st.line_solves, st.sweeps, st.contradictions
        );
        if let Verdict::Unique(_) = outcome.verdict {
            s += &format!("difficulty: {}\n", nonogram_core::hint::Difficulty::of(st).word());
        }
    }
    s
}
