//! `nonogram cnf`: a puzzle as DIMACS CNF, for external SAT solvers.

use crate::args::Args;
use crate::input::read_puzzles;
use nonogram_core::sat::dimacs;
use nonogram_core::{Grid, SolveOptions, Solver, Step};

pub fn main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &["--root"], &[])?;
    let [path] = args.operands.as_slice() else {
        return Err("give one puzzle file (or - for standard input)".into());
    };
    let (_, puzzles) = read_puzzles(path)?;
    let [(name, puzzle)] = puzzles.as_slice() else {
        return Err(format!("{path} holds {} puzzles; `cnf` takes a file with one", puzzles.len()));
    };
    let known = if args.flag("--root") {
        // Line logic and probing at the root: stop where search would guess.
        let options = SolveOptions { max_solutions: 2, learn_after: Some(0), ..SolveOptions::default() };
        let mut solver = Solver::new(puzzle, options).map_err(|e| format!("{name}: {e}"))?;
        loop {
            match solver.next() {
                Some(Step::Learning { .. } | Step::Done { .. }) | None => break solver.grid().clone(),
                Some(_) => {}
            }
        }
    } else {
        Grid::new(puzzle.width(), puzzle.height())
    };
    print!("{}", dimacs(puzzle, &known));
    Ok(0)
}
