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
        (0, 0) => "probing, no guess".to_string(),
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
        (VerdictKind::Timeout, _) => "Stopped".to_string(),
    };
    let symmetric = if symmetries.is_empty() {
        String::new()
    } else {
        format!("; symmetric clues: {}", symmetries.join(", "))
    };
    let how = if *by_line_logic {
        "solved by line logic alone".to_string()
    } else {
        format!("needed search ({}{symmetric})", search_words(*guesses, *contradictions))
    };
    format!("{head} — {how}, {} ms", millis(ms))
}

/// The solver's figures at its verdict: the same as the verdict line's.
pub fn counts_text(done: &Finished) -> String {
    if done.by_line_logic {
        "Solver: line logic alone, no guess".to_string()
    } else {
        format!("Solver: {}", search_words(done.guesses, done.contradictions))
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
