//! Times the hint engine on random boards: for each size, random pictures
//! are solved, line hints are applied until none is left, and the next hint
//! (a look-ahead, or "needs a guess") is timed; that hint is the costly one.
//!
//! `cargo run --release -p nonogram-core --example hint_times -- 50 20`
//! (side, pictures).

use nonogram_core::hint::{hint, Hint};
use nonogram_core::{solve, Cell, Grid, Puzzle, SolveOptions, Verdict};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (side, count) = (args.first().copied().unwrap_or(50), args.get(1).copied().unwrap_or(20));
    let mut state = 0x2545f4914f6cdd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut worst, mut total, mut timed) = (0f64, 0f64, 0);
    println!("picture\tline_hints\tlast_hint\tms");
    for k in 0..count {
        let cells =
            (0..side * side).map(|_| if next() % 100 < 55 { Cell::Filled } else { Cell::Empty }).collect();
        let picture = Grid::from_cells(side, side, cells).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let solution = match solve(&puzzle, SolveOptions::solutions(2), |_| true) {
            Ok((Verdict::Unique(g), _)) => Some(g),
            _ => None,
        };
        let mut board = Grid::new(side, side);
        let mut lines = 0;
        loop {
            let start = Instant::now();
            let h = hint(&puzzle, board.cells(), solution.as_slice());
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            worst = worst.max(ms);
            match h {
                Hint::Line { .. } => {
                    for (i, c) in h.cells(side) {
                        board.set(i / side, i % side, c);
                    }
                    lines += 1;
                }
                other => {
                    let kind = format!("{other:?}");
                    println!("{k}\t{lines}\t{}\t{ms:.2}", kind.split([' ', '{']).next().unwrap_or(""));
                    total += ms;
                    timed += 1;
                    break;
                }
            }
        }
    }
    println!("last hints: mean {:.2} ms; slowest hint of all: {worst:.2} ms", total / timed.max(1) as f64);
}
