//! Every step is bounded in work, on any board: a sweep's scan and a
//! probe's trials are suspended ([`Step::Working`]) and resumed, and the grid
//! a caller sees between steps never holds a trial's cells.

use nonogram_core::propagate::WORK_PER_CALL;
mod common;

use common::picture;
use nonogram_core::{Cell, Puzzle, SolveOptions, Solver, Step};

#[test]
fn a_sweep_of_long_lines_hands_control_back() {
    // 1000-cell lines of about 250 runs: each costs about 250 000 units.
    let p = Puzzle::from_picture(&picture(1000, 1000, 50, 0x9e37_79b9));
    let mut solver = Solver::new(&p, SolveOptions::default()).unwrap();
    for _ in 0..20 {
        let before = solver.stats().line_solves;
        let step = solver.next().unwrap();
        let solved = solver.stats().line_solves - before;
        // One line past the bound at most: 1000 × 501 units is the longest line.
        let most = WORK_PER_CALL.div_ceil(1000) + 1;
        assert!(solved <= most, "{solved} lines in one step ({step:?})");
        if let Step::Working { lines } = step {
            assert_eq!(lines as u64, solved);
        }
    }
    // Before the bound, the first step was the end of the first sweep,
    // after all 2000 lines.
    assert!(solver.stats().line_solves < 2000);
}

#[test]
fn suspended_probes_never_show_their_trials() {
    // A 200×200 picture (70 % filled) whose probes' trials outgrow a step.
    // With no guess in force, a cell known after a step is a deduction from
    // the clues: it stays known, with the same value, and every solution
    // has it. A trial's cell left on the board would break one of these.
    let p = Puzzle::from_picture(&picture(200, 200, 70, 0x1234_567a));
    let mut solver = Solver::new(&p, SolveOptions::default()).unwrap();
    let mut root = vec![Cell::Unknown; 200 * 200];
    let (mut suspended, mut pending) = (0, 0);
    let verdict = loop {
        let step = solver.next().unwrap();
        match &step {
            Step::Done { verdict } => break verdict.clone(),
            Step::Working { .. } => pending += 1,
            Step::Probe { .. } => suspended += std::mem::take(&mut pending),
            _ => pending = 0,
        }
        if solver.depth() > 0 || !matches!(step, Step::Working { .. } | Step::Probe { .. }) {
            continue;
        }
        for (i, (&now, known)) in solver.grid().cells().iter().zip(root.iter_mut()).enumerate() {
            match (*known, now) {
                (Cell::Unknown, now) => *known = now,
                (was, now) => assert_eq!(was, now, "cell {i} after {step:?}"),
            }
        }
    };
    assert!(suspended > 100, "only {suspended} steps of suspended probes");
    assert_eq!(verdict.word(), "multiple");
    for solution in verdict.solutions() {
        for (&known, &cell) in root.iter().zip(solution.cells()) {
            assert!(known == Cell::Unknown || known == cell);
        }
    }
}
