//! A colour clue as it crosses `postMessage` (inside a
//! `messages::RunColours`): run lengths, and each run's colour beside them.

use nonogram_core::colour::ColourRun;

/// Each run's colour, line by line: a colour clue as it crosses, beside
/// the run lengths.
pub(crate) fn run_colours(lines: &[Vec<ColourRun>]) -> Vec<Vec<u8>> {
    lines.iter().map(|l| l.iter().map(|r| r.colour).collect()).collect()
}

/// Run lengths and their colours, line by line, as coloured runs again.
pub(crate) fn coloured_runs(lengths: &[Vec<u32>], colours: &[Vec<u8>]) -> Vec<Vec<ColourRun>> {
    (lengths.iter().zip(colours))
        .map(|(l, c)| l.iter().zip(c).map(|(&len, &colour)| ColourRun { len, colour }).collect())
        .collect()
}
