//! `nonogram bench-line`: nanoseconds per line solve, by line length and
//! number of runs, for the table solver and the bitmask solver.
//!
//! Lines are made from random pictures (a fixed xorshift seed): the clue of
//! the picture's line, with about a third of its cells revealed, so most
//! solves make deductions and none contradicts.

use nonogram_core::line::bits::{to_masks, BitLineSolver, MAX_BITS_LINE};
use nonogram_core::line::LineSolver;
use nonogram_core::{Cell, Clue};
use std::hint::black_box;
use std::time::Instant;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A line of `n` cells whose clue has `runs` runs (`2 × runs ≤ n + 1`):
/// the cells beyond the minimum spread at random over the runs and gaps.
fn make_line(rng: &mut Rng, n: usize, runs: usize) -> (Vec<u32>, Vec<Cell>) {
    let minimum = (2 * runs).saturating_sub(1);
    let extra = n - minimum;
    // Parts: leading gap, then each run and the gap after it.
    let weights: Vec<u64> = (0..2 * runs + 1).map(|_| rng.next() % 1000 + 1).collect();
    let total: u64 = weights.iter().sum();
    let share: Vec<usize> = weights.iter().map(|&w| (w as usize * extra) / total as usize).collect();
    let mut picture = Vec::with_capacity(n);
    picture.extend(std::iter::repeat_n(Cell::Empty, share[0]));
    for r in 0..runs {
        picture.extend(std::iter::repeat_n(Cell::Filled, 1 + share[1 + 2 * r]));
        if r + 1 < runs {
            picture.extend(std::iter::repeat_n(Cell::Empty, 1 + share[2 + 2 * r]));
        }
    }
    picture.resize(n, Cell::Empty);
    let clue = Clue::of_line(&picture);
    debug_assert_eq!(clue.0.len(), runs);
    let line =
        picture.iter().map(|&c| if rng.next().is_multiple_of(3) { c } else { Cell::Unknown }).collect();
    (clue.0, line)
}

pub fn main(argv: &[String]) -> Result<u8, String> {
    if !argv.is_empty() {
        return Err("bench-line takes no arguments".into());
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    println!("length\truns\ttable_ns\tbits_ns\tratio");
    for n in [10usize, 25, 30, 50, 100, 126, 200] {
        for runs in [1usize, 3, 6, 12, 24] {
            if 2 * runs > n {
                continue;
            }
            let lines: Vec<(Vec<u32>, Vec<Cell>)> = (0..256).map(|_| make_line(&mut rng, n, runs)).collect();
            let rounds = (400_000 / (n * (runs + 1))).max(4);
            let mut table = LineSolver::new();
            let mut buf = Vec::new();
            let start = Instant::now();
            for _ in 0..rounds {
                for (clue, line) in &lines {
                    buf.clear();
                    buf.extend_from_slice(line);
                    let _ = black_box(table.solve(clue, &mut buf));
                }
            }
            let table_ns = start.elapsed().as_nanos() as f64 / (rounds * lines.len()) as f64;
            let bits_ns = (n <= MAX_BITS_LINE).then(|| {
                let mut bits = BitLineSolver::new();
                let input: Vec<(u128, u128)> = lines.iter().map(|(_, l)| to_masks(l)).collect();
                let start = Instant::now();
                for _ in 0..rounds {
                    for ((clue, _), &(f, e)) in lines.iter().zip(&input) {
                        let _ = black_box(bits.solve(clue, n, black_box(f), e));
                    }
                }
                start.elapsed().as_nanos() as f64 / (rounds * lines.len()) as f64
            });
            match bits_ns {
                Some(b) => println!("{n}\t{runs}\t{table_ns:.0}\t{b:.0}\t{:.1}", table_ns / b),
                None => println!("{n}\t{runs}\t{table_ns:.0}\t-\t-"),
            }
        }
    }
    Ok(0)
}
