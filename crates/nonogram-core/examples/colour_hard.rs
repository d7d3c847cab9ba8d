//! The colour engine on a black-and-white puzzle read as a one-colour
//! puzzle: how it fares where search is hard. `cargo run --release -p
//! nonogram-core --example colour_hard -- PUZZLE.nin [SECONDS] [guessing]`
//! (a `.nin`: `W H`, then the row clues, then the column clues; `nonogram
//! convert --to nin` writes one). `guessing`: without clause learning.

use nonogram_core::colour::{ColourPuzzle, ColourSolver, ColourStep};
use nonogram_core::search::until_verdict;
use nonogram_core::SolveOptions;
use nonogram_core::{Clue, Puzzle};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("give a .nin file");
    let seconds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(60);
    let guessing = args.next().as_deref() == Some("guessing");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let numbers = |line: Option<&str>| -> Vec<u32> {
        line.unwrap_or("").split_whitespace().filter_map(|x| x.parse().ok()).collect()
    };
    let size = numbers(lines.next());
    let (width, height) = (size[0] as usize, size[1] as usize);
    let mut clue = || Clue(numbers(lines.next()).into_iter().filter(|&x| x > 0).collect());
    let rows: Vec<Clue> = (0..height).map(|_| clue()).collect();
    let columns: Vec<Clue> = (0..width).map(|_| clue()).collect();
    let puzzle = ColourPuzzle::from_black(&Puzzle::new(rows, columns));
    let start = std::time::Instant::now();
    let mut solver = ColourSolver::new(&puzzle, SolveOptions::solutions(2)).expect("valid clues");
    if guessing {
        solver.set_learn_after(None);
    }
    let done = |step| if let ColourStep::Done { verdict } = step { Some(verdict) } else { None };
    let verdict = until_verdict(&mut solver, done, || start.elapsed().as_secs() < seconds);
    let stats = solver.stats();
    println!(
        "{}: {} in {:.2} s ({} line solves, {} probes, {} guesses, {} contradictions in clause learning)",
        path,
        verdict.as_ref().map_or("timeout", |v| v.word()),
        start.elapsed().as_secs_f64(),
        stats.line_solves,
        stats.probes,
        stats.guesses,
        stats.contradictions
    );
}
