//! The words the page says about a solve, in one place: the verdict line
//! and the solver's counts, with correct plurals.

use crate::protocol::{Finished, VerdictKind};

/// Milliseconds, whole: `{:.0}` would bring float formatting into the page
/// (5 KB of its wasm) for this alone.
pub fn millis(ms: f64) -> u64 {
    ms.max(0.0).round() as u64
}

/// "1 guess", "2 guesses", "0 cells".
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How search went, past line logic.
fn search_words(guesses: u64, contradictions: u64) -> String {
    let guessed = plural(guesses, "guess", "guesses");
    let learning = format!("clause learning: {}", plural(contradictions, "contradiction", "contradictions"));
    match (guesses, contradictions) {
        // Probing: each unknown cell tried both ways, keeping what follows from both.
        (0, 0) => "probing (cells tried both ways), no guess".to_string(),
        (_, 0) => guessed,
        (0, _) => learning,
        _ => format!("{guessed}, then {learning}"),
    }
}

/// The verdict line of a finished solve that took `ms` (wall time).
pub fn verdict_text(done: &Finished, ms: f64) -> String {
    let Finished { verdict, line, by_line_logic, guesses, contradictions, symmetries, .. } = done;
    let head = match (verdict, line) {
        (VerdictKind::Unique, _) => "Unique solution".to_string(),
        (VerdictKind::Multiple, _) => "Multiple solutions".to_string(),
        (VerdictKind::None, Some(l)) => format!("No solution: {l} contradicts"),
        (VerdictKind::None, None) => "No solution".to_string(),
        (VerdictKind::Stopped, _) => "Stopped".to_string(),
    };
    let _ = symmetries;
    // A verdict of none is found, not solved; "cells tried both ways" as
    // the Hard grade says it ("needs a cell tried both ways").
    let how = match (verdict, by_line_logic, guesses, contradictions) {
        (VerdictKind::None, true, _, _) => "found by line logic alone",
        (VerdictKind::None, false, 0, 0) => "found by line logic and cells tried both ways, no guess",
        (VerdictKind::None, false, _, _) => "found by guessing: line logic was not enough",
        (_, true, _, _) => "solved by line logic alone",
        (_, false, 0, 0) => "solved by line logic and cells tried both ways, no guess",
        (VerdictKind::Stopped, false, _, _) => "line logic was not enough",
        (_, false, _, _) => "needed guessing: line logic was not enough",
    };
    format!("{head} — {how}, {}", duration(ms))
}

/// A solve's time: "12 ms", "under 1 ms" (a quick solve said "0 ms").
pub fn duration(ms: f64) -> String {
    match millis(ms) {
        0 => "under 1 ms".to_string(),
        ms => format!("{ms} ms"),
    }
}

/// The solver's figures at its verdict: how it got there, in its own
/// terms (the verdict line says it in a player's).
pub fn counts_text(done: &Finished) -> String {
    let symmetric = if done.symmetries.is_empty() {
        String::new()
    } else {
        format!("; symmetric clues: {}", done.symmetries.join(", "))
    };
    if done.by_line_logic {
        "Solver: line logic alone, no guess".to_string()
    } else {
        format!("Solver: {}{symmetric}", search_words(done.guesses, done.contradictions))
    }
}

/// The solver's figures while it runs.
pub(super) fn running_counts(
    passes: usize,
    unknown: usize,
    depth: usize,
    guesses: u64,
    contradictions: u64,
) -> String {
    let cells = plural(unknown as u64, "cell", "cells");
    if contradictions > 0 {
        format!("Solving: {cells} unknown before search, {}", search_words(guesses, contradictions))
    } else if guesses > 0 {
        format!("Solving: {cells} unknown, {}, {depth} deep", search_words(guesses, 0))
    } else {
        format!("Solving: {cells} unknown after {}", plural(passes as u64, "pass", "passes"))
    }
}

/// What a running solve is doing, in a player's words, with a count that
/// moves (on the main view while it runs; the solver's own figures are in
/// `running_counts`).
pub(super) fn progress_words(
    passes: usize,
    unknown: usize,
    depth: usize,
    guesses: u64,
    contradictions: u64,
) -> String {
    if contradictions > 0 {
        format!(
            "Still searching: {} met and learnt from so far",
            plural(contradictions, "dead end", "dead ends")
        )
    } else if guesses > 0 {
        format!("Guessing: {} so far, {depth} deep", plural(guesses, "guess", "guesses"))
    } else {
        format!(
            "Working line by line: {} still unknown after {}",
            plural(unknown as u64, "cell", "cells"),
            plural(passes as u64, "pass", "passes")
        )
    }
}

/// What the check of a picture's puzzle says: the verdict in a player's
/// words, then the search it took (`contradictions`: clause learning's;
/// black and white unless `colour`).
pub fn check_text(
    verdict: VerdictKind,
    (by_line_logic, guesses, probes, contradictions): (bool, u64, u64, u64),
    ms: f64,
    colour: bool,
) -> String {
    let ways = if colour { "with each of its colours" } else { "both ways" };
    let ms = duration(ms);
    let guessed = plural(guesses, "guess", "guesses");
    match verdict {
        VerdictKind::Unique if by_line_logic => format!("Unique — solvable by line logic alone ({ms})"),
        VerdictKind::Unique if contradictions > 0 => format!(
            "Unique — needs guessing: line logic was not enough ({guessed}, {probes} probes, then clause \
             learning: {contradictions} contradictions, {ms})"
        ),
        VerdictKind::Unique if guesses == 0 => format!(
            "Unique — solvable by line logic and cells tried {ways}, no guess ({} tried, {ms})",
            plural(probes, "cell", "cells")
        ),
        VerdictKind::Unique => {
            format!("Unique — needs guessing: line logic was not enough ({guessed}, {probes} probes, {ms})")
        }
        VerdictKind::Multiple => "Multiple solutions".to_string(),
        VerdictKind::None => "No solution".to_string(),
        VerdictKind::Stopped => "The check was stopped".to_string(),
    }
}

/// Milliseconds as m:ss, or h:mm:ss from an hour.
/// The whole seconds a clock shows for `ms`: every time a player reads
/// (the clock, "Solved! In …", My progress) counts them so, and never
/// two of them disagree (the clock read 0:10 beside "In 11 seconds").
pub fn whole_seconds(ms: f64) -> u64 {
    (ms.max(0.0) / 1000.0) as u64
}

/// A time in words: "45 seconds", "1 minute", "2 minutes 5 seconds".
pub fn time_in_words(ms: f64) -> String {
    match whole_seconds(ms) {
        s if s < 60 => plural(s, "second", "seconds"),
        s if s % 60 == 0 => plural(s / 60, "minute", "minutes"),
        s => format!("{} {}", plural(s / 60, "minute", "minutes"), plural(s % 60, "second", "seconds")),
    }
}

pub fn clock_text(ms: f64) -> String {
    let s = whole_seconds(ms);
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_check_speaks_of_guessing_only_when_it_guessed() {
        use super::check_text;
        use crate::protocol::VerdictKind::*;
        assert_eq!(
            check_text(Unique, (true, 0, 0, 0), 3.0, false),
            "Unique — solvable by line logic alone (3 ms)"
        );
        assert_eq!(
            check_text(Unique, (true, 0, 0, 0), 0.2, false),
            "Unique — solvable by line logic alone (under 1 ms)"
        );
        let ahead = check_text(Unique, (false, 0, 12, 0), 3.0, false);
        assert!(
            ahead.starts_with(
                "Unique — solvable by line logic and cells tried both ways, no guess (12 cells tried"
            ),
            "{ahead}"
        );
        assert!(!ahead.contains("guessing"), "{ahead}");
        let guessed = check_text(Unique, (false, 1, 12, 0), 3.0, true);
        assert!(
            guessed.starts_with("Unique — needs guessing: line logic was not enough (1 guess,"),
            "{guessed}"
        );
        let learnt = check_text(Unique, (false, 2, 5, 40), 3.0, false);
        assert!(learnt.contains("2 guesses") && learnt.contains("40 contradictions"), "{learnt}");
        assert_eq!(check_text(Multiple, (false, 2, 5, 0), 3.0, false), "Multiple solutions");
    }

    #[test]
    fn the_clock_reads_minutes_and_seconds() {
        use super::clock_text;
        assert_eq!(clock_text(0.0), "0:00");
        assert_eq!(clock_text(59_999.0), "0:59");
        assert_eq!(clock_text(61_000.0), "1:01");
        assert_eq!(clock_text(3_600_000.0 + 62_000.0), "1:01:02");
        assert_eq!(clock_text(-5.0), "0:00");
    }
}
