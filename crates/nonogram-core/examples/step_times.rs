//! How closely a time limit holds: random pictures of each size and density
//! are solved with a limit on the solver's clock (as `nonogram solve
//! --timeout` does), and the longest step and the time past the limit are
//! printed. A benchmark, not a test:
//!
//! `cargo run --release -p nonogram-core --example step_times -- LIMIT_MS SIDE...`

// The tests' random pictures.
#[path = "../tests/common/mod.rs"]
mod common;

use common::picture;
use nonogram_core::{Puzzle, SolveOptions, Solver, Step};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let numbers: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let Some((&limit, sides)) = numbers.split_first().filter(|(_, s)| !s.is_empty()) else {
        eprintln!("usage: step_times LIMIT_MS SIDE...");
        std::process::exit(2);
    };
    let limit_ms = limit as f64;
    println!("side  density  verdict   steps  longest_step_ms  past_limit_ms");
    for &side in sides {
        for density in [50, 60, 65, 80] {
            let puzzle =
                Puzzle::from_picture(&picture(side, side, density, 0x9e37 + (side as u64) + density));
            let start = Instant::now();
            let elapsed_ms = move || start.elapsed().as_secs_f64() * 1e3;
            let mut solver = Solver::new(&puzzle, SolveOptions::default()).expect("a valid puzzle");
            solver.set_clock(Arc::new(elapsed_ms), None, Some(limit_ms));
            let (mut longest, mut steps, mut verdict) = (0f64, 0u64, "timeout");
            let mut last = elapsed_ms();
            for step in solver.by_ref() {
                let now = elapsed_ms();
                longest = longest.max(now - last);
                last = now;
                steps += 1;
                if let Step::Done { verdict: v } = &step {
                    verdict = v.word();
                    break;
                }
                if now >= limit_ms {
                    break;
                }
            }
            let past = (elapsed_ms() - limit_ms).max(0.0);
            println!("{side:>4}  {density:>6}%  {verdict:<8}  {steps:>6}  {longest:>15.1}  {past:>13.1}");
        }
    }
}
