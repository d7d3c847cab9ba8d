//! `nonogram cnf`: a puzzle as DIMACS CNF, for external SAT solvers.

use crate::args::Args;
use crate::input::read_puzzles;
use nonogram_core::sat::{write_dimacs, SatSearch};
use nonogram_core::{Grid, SolveOptions, Solver, Step};

/// The most clauses `cnf` writes (by the encoding's bound): about 20
/// bytes each.
pub const MAX_CLAUSES: u64 = 10_000_000;

pub fn main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &["--root"], &["--timeout"])?;
    // Line logic and probing on a large board can take minutes: bounded.
    let limit = args.timeout()?.unwrap_or(std::time::Duration::from_secs(60));
    let [path] = args.operands.as_slice() else {
        return Err("give one puzzle file (or - for standard input)".into());
    };
    let puzzles = read_puzzles(path)?;
    let [(name, puzzle)] = puzzles.as_slice() else {
        return Err(format!("{path} holds {} puzzles; `cnf` takes a file with one", puzzles.len()));
    };
    // The output is bounded before anything is written: a random 1000×1000
    // took 8.7 GB and grew on; 300×300 wrote 296 MB.
    let bound = SatSearch::clause_bound(puzzle);
    if bound > MAX_CLAUSES {
        return Err(format!(
            "{name}: its encoding may take {bound} clauses; `cnf` writes puzzles of at most {MAX_CLAUSES} \
             (about 200 MB of text)"
        ));
    }
    let known = if args.flag("--root") {
        // Line logic and probing at the root: stop where search would guess.
        let options = SolveOptions { max_solutions: 2, learn_after: Some(0), ..SolveOptions::default() };
        let mut solver = Solver::new(puzzle, options).map_err(|e| format!("{name}: {e}"))?;
        let start = std::time::Instant::now();
        // Each step is bounded work: the clock is read between steps.
        loop {
            match solver.next() {
                Some(Step::Learning { .. } | Step::Done { .. }) | None => break solver.grid().clone(),
                Some(_) if start.elapsed() >= limit => {
                    eprintln!(
                        "error: {}: line logic and probing did not finish within {:.1} s (--timeout SECS)",
                        crate::input::printable(name),
                        limit.as_secs_f64()
                    );
                    return Ok(3);
                }
                Some(_) => {}
            }
        }
    } else {
        Grid::new(puzzle.width(), puzzle.height())
    };
    let stdout = std::io::stdout();
    write_dimacs(puzzle, &known, &mut stdout.lock()).map_err(|e| format!("writing the CNF: {e}"))?;
    Ok(0)
}
