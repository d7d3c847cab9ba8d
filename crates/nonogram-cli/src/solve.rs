//! `nonogram solve`: one solve path for both kinds of puzzle (`run`, and
//! `race` for `--threads`), the trace, the exit status; the result block
//! is `outcome.rs`'s (colour's in `colour.rs`).

use crate::args::Args;
use crate::input::{read_entries, Entry};
use crate::outcome::{exit_code, result_block, worst, Outcome};
use crate::trace::Trace;
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::search::Kind;
use nonogram_core::{racing_fits, Puzzle, SolveOptions, Solver, Step, Verdict};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Solves to the end or the time limit, black and white or colour (any
/// [`Kind`]); `on_step` sees every step with the solver's state right
/// after it.
pub fn run<P: Kind + Send + Sync>(
    puzzle: &P,
    options: SolveOptions,
    timeout: Option<Duration>,
    on_step: impl FnMut(&Step<P>, &Solver<P>),
) -> Result<Outcome<P::Solution>, String> {
    run_until(puzzle, options, timeout, None, on_step)
}

/// [`run`], stopping also once `stop` is set (another engine answered).
fn run_until<P: Kind + Send + Sync>(
    puzzle: &P,
    options: SolveOptions,
    timeout: Option<Duration>,
    stop: Option<Arc<AtomicBool>>,
    mut on_step: impl FnMut(&Step<P>, &Solver<P>),
) -> Result<Outcome<P::Solution>, String> {
    let start = Instant::now();
    let mut solver = Solver::new(puzzle, options).map_err(|e| e.to_string())?;
    if timeout.is_some() || stop.is_some() {
        // Clause learning's slices stop at the limit too; once stopped, the
        // clock reads "forever", so that they stop at once.
        let stopped = stop.clone();
        let clock = move || match &stopped {
            Some(s) if s.load(Ordering::Relaxed) => f64::MAX,
            _ => start.elapsed().as_secs_f64() * 1e3,
        };
        let limit = timeout.map_or(f64::MAX / 2.0, |t| t.as_secs_f64() * 1e3);
        solver.set_clock(Arc::new(clock), None, Some(limit));
    }
    let stopped = || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    if timeout.is_some_and(|t| t.is_zero()) {
        return Ok(Outcome {
            verdict: Verdict::Stopped,
            stats: solver.stats(),
            elapsed: start.elapsed(),
            stopped: true,
        });
    }
    // Every step is bounded in work (a few milliseconds at most, on any
    // board), so reading the clock after each one keeps the limit to within
    // a step; the read costs tens of nanoseconds.
    while let Some(step) = solver.next() {
        on_step(&step, &solver);
        if let Some(verdict) = step.verdict() {
            return Ok(Outcome { verdict, stats: solver.stats(), elapsed: start.elapsed(), stopped: false });
        }
        if timeout.is_some_and(|t| start.elapsed() >= t) || stopped() {
            break;
        }
    }
    // Stopped short: two solutions found already make the verdict.
    let verdict = solver.verdict_so_far();
    Ok(Outcome { verdict, stats: solver.stats(), elapsed: start.elapsed(), stopped: true })
}

/// Races `threads` engines on one puzzle, black and white or colour, and
/// takes the first verdict: the given options, and
/// [`SolveOptions::racing`] with a seed of its own for each other engine
/// (as the page's racing workers). The losers stop at their next step.
/// One engine solves a puzzle whose encoding is too large to race
/// ([`racing_fits`]).
pub fn race<P: Kind + Send + Sync>(
    puzzle: &P,
    options: SolveOptions,
    timeout: Option<Duration>,
    threads: usize,
) -> Result<Outcome<P::Solution>, String> {
    if threads <= 1 || !racing_fits(puzzle) {
        return run(puzzle, options, timeout, |_, _| {});
    }
    // Bad clues are said once, before any engine starts.
    puzzle.check_clues().map_err(|e| e.to_string())?;
    let start = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = std::sync::mpsc::channel();
    for k in 0..threads {
        let options = match k {
            0 => options,
            _ => options.racing(12_345 * k as u64),
        };
        let (puzzle, stop, sender) = (puzzle.clone(), stop.clone(), sender.clone());
        // Not scoped: a loser still inside a long step must not hold the answer.
        std::thread::spawn(move || {
            let _ = sender.send(run_until(&puzzle, options, timeout, Some(stop), |_, _| {}));
        });
    }
    drop(sender);
    let mut last = Err("no engine ran".to_string());
    for outcome in receiver {
        if matches!(&outcome, Ok(o) if !matches!(o.verdict, Verdict::Stopped)) {
            stop.store(true, Ordering::Relaxed);
            // The race's time, from its start (the winner's own is the same).
            return outcome.map(|o| Outcome { elapsed: start.elapsed(), ..o });
        }
        last = outcome;
    }
    last
}

/// Refuses `--max-solutions N` where N solutions of a puzzle of `cells`
/// cells would not fit in the solutions' memory
/// ([`nonogram_core::search::SOLUTIONS_MEMORY`]): asked for, they must all
/// be kept (and printed), and the solver would stop short of them.
/// `engines` solve at once (racing engines of each puzzle, puzzles solved
/// at once), each keeping its own solutions: together within that memory.
fn fits(name: &str, cells: usize, max_solutions: usize, engines: usize) -> Result<(), String> {
    use nonogram_core::search::{most_solutions, solution_bytes, SOLUTIONS_MEMORY};
    let most = (most_solutions(cells) / engines.max(1)).max(2);
    if max_solutions <= most {
        return Ok(());
    }
    let megabytes = |bytes: usize| bytes.div_ceil(1 << 20);
    let at_once = match engines {
        1 => String::new(),
        n => format!(" with {n} engines at once (--threads, --jobs)"),
    };
    Err(format!(
        "{name}: --max-solutions {max_solutions} asks to keep that many solutions of {cells} cells (about {} MB); \
         at most {most} fit in {} MB{at_once}: ask for fewer",
        megabytes(max_solutions.saturating_mul(solution_bytes(cells))),
        megabytes(SOLUTIONS_MEMORY)
    ))
}

/// A puzzle read with its name, or why a file could not be read.
type Read = Result<(String, Entry), String>;

pub fn main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(
        argv,
        &["--trace", "--stats"],
        &["--max-solutions", "--timeout", "--learn-after", "--seed", "--jobs", "--threads"],
    )?;
    let learn_after = args.learn_after()?;
    let seed = args.seed()?;
    let max_solutions = match args.value("--max-solutions") {
        Some(v) => v.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
            format!(
                "--max-solutions takes a whole number of at least 1, not `{}`",
                nonogram_formats::shown(v)
            )
        })?,
        None => 2,
    };
    let timeout = args.timeout()?;
    if args.operands.is_empty() {
        return Err("give at least one puzzle file (or - for standard input)".into());
    }
    let threads = match args.value("--threads") {
        None => 1,
        Some(v) => v.trim().parse::<usize>().ok().filter(|n| (1..=64).contains(n)).ok_or_else(|| {
            format!("--threads takes a number of engines from 1 to 64, not `{}`", nonogram_formats::shown(v))
        })?,
    };
    if threads > 1 && args.flag("--trace") {
        return Err("--trace follows one engine: it cannot go with --threads".into());
    }
    // With --trace the steps print as they come: one puzzle at a time.
    // Racing engines take cores too: by default, the rest of them.
    let jobs = match (args.flag("--trace"), args.value("--jobs")) {
        (true, _) => 1,
        (false, None) if threads > 1 => (crate::jobs::cores() / threads).max(1),
        _ => crate::jobs::jobs(&args)?,
    };
    // Reading a file counts in its first puzzle's time and time limit
    // (a 64 MB text takes about a second): each entry has the time read
    // charged to it.
    let mut entries: Vec<(Read, Duration)> = Vec::new();
    for path in &args.operands {
        let start = Instant::now();
        match read_entries(path) {
            Ok(puzzles) => {
                let read = start.elapsed();
                let charged = std::iter::once(read).chain(std::iter::repeat(Duration::ZERO));
                entries.extend(puzzles.into_iter().zip(charged));
            }
            Err(e) => entries.push((Err(e), Duration::ZERO)),
        }
    }
    // Engines that may hold solutions at once: each puzzle's racers, times
    // the puzzles solved at once.
    let engines = threads * jobs.min(entries.len()).max(1);
    let options = SolveOptions { max_solutions: max_solutions.max(2), learn_after, seed };
    let solve_one =
        |(entry, read): &(Result<(String, Entry), String>, Duration)| -> Result<(String, u8), String> {
            // What reading took is taken from the limit; none left, the puzzle
            // is not solved at all (a timeout).
            let timeout = timeout.map(|t| t.saturating_sub(*read));
            let (name, entry) = entry.as_ref().map_err(|e| e.clone())?;
            fits(name, entry.cells(), max_solutions, engines)?;
            let (name, puzzle) = match (name, entry) {
                (name, Entry::Black(puzzle)) => (name, puzzle),
                (name, Entry::Colour(puzzle)) => {
                    let mut trace = Trace::new(args.flag("--trace"));
                    let mut solved = match threads {
                        1 => run::<ColourPuzzle>(puzzle, options, timeout, |step, solver| {
                            trace.print(step, solver)
                        }),
                        n => race::<ColourPuzzle>(puzzle, options, timeout, n),
                    }
                    .map_err(|e| format!("{name}: {e}"))?;
                    solved.elapsed += *read;
                    let block = crate::colour::result_block(
                        name,
                        puzzle,
                        &solved,
                        max_solutions,
                        args.flag("--stats"),
                    );
                    return Ok((block, exit_code(&solved.verdict)));
                }
            };
            let mut trace = Trace::new(args.flag("--trace"));
            // Search at least far enough to prove uniqueness; print up to N.
            let mut outcome = match threads {
                1 => run::<Puzzle>(puzzle, options, timeout, |step, solver| trace.print(step, solver)),
                n => race::<Puzzle>(puzzle, options, timeout, n),
            }
            .map_err(|e| format!("{name}: {e}"))?;
            outcome.elapsed += *read;
            Ok((
                result_block(name, &outcome, max_solutions, args.flag("--stats")),
                exit_code(&outcome.verdict),
            ))
        };
    let mut status = 0;
    let mut first = true;
    crate::jobs::in_order(&entries, jobs, solve_one, |result| match result {
        Ok((block, code)) => {
            if !first {
                println!();
            }
            first = false;
            print!("{block}");
            status = worst(status, code);
        }
        Err(e) => {
            eprintln!("error: {}", crate::input::printable(&e));
            status = worst(status, 2);
        }
    });
    Ok(status)
}
