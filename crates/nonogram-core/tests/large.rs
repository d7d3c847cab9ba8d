//! Large puzzles: solving neither recurses nor allocates per cell of search
//! depth; a 300×300 picture and a 1000-cell line solve to the picture.

mod common;

use common::picture;
use nonogram_core::{Puzzle, SolveOptions, Verdict};

#[test]
fn three_hundred_square_solves_to_its_picture() {
    let g = picture(300, 300, 88, 0x1234_5678);
    let p = Puzzle::from_picture(&g);
    let (verdict, stats) = nonogram_core::solve(&p, SolveOptions::default(), |_| true).unwrap();
    assert_eq!(verdict, Verdict::Unique(g));
    assert!(stats.sweeps >= 2);
}

#[test]
fn long_thin_puzzles() {
    for (w, h) in [(1000, 1), (1, 1000), (1000, 2)] {
        let g = picture(w, h, 60, 99);
        let p = Puzzle::from_picture(&g);
        let (verdict, _) = nonogram_core::solve(&p, SolveOptions::default(), |_| true).unwrap();
        assert_eq!(verdict.solutions()[0].width(), w);
        assert!(verdict.solutions().iter().all(|s| p.is_solution(s)));
    }
}
