//! `nonogram bench`: solve every puzzle under the given paths (up to 2
//! solutions) and print a table with totals, or TSV for machines; on all
//! cores unless `--jobs N` says otherwise (rows stay in the input order).

use crate::args::Args;
use crate::input::{path_shown, read_entries, Entry};
use crate::solve::run;
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::text::escaped;
use nonogram_core::{Puzzle, SolveOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// File endings that hold puzzles; `.txt` counts when it reads as a TAAI batch.
const PUZZLE_ENDINGS: [&str; 6] = ["non", "nin", "xml", "json", "nonpack", "txt"];

struct Row {
    name: String,
    size: String,
    verdict: String,
    logic: &'static str,
    guesses: u64,
    /// Contradictions met by clause learning.
    contradictions: u64,
    ms: f64,
}

pub fn main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &["--tsv"], &["--timeout", "--learn-after", "--seed", "--jobs"])?;
    let jobs = crate::jobs::jobs(&args)?;
    let learn_after = args.learn_after()?;
    let seed = args.seed()?;
    let timeout = args.timeout()?.unwrap_or(Duration::from_secs(60));
    if args.operands.is_empty() {
        return Err("give at least one file or directory".into());
    }
    // Every path is looked through: a folder that cannot be read, a
    // dangling link or a file that does not parse is an error row, and
    // the rest goes on.
    let mut files = Vec::new();
    let mut entries: Vec<Result<(String, Entry), String>> = Vec::new();
    for p in &args.operands {
        collect(Path::new(p), true, &mut files, &mut entries);
    }
    let tsv = args.flag("--tsv");
    let mut rows = Vec::new();
    let mut errors = 0;
    if tsv {
        println!("puzzle\twidth\theight\tverdict\tlogic\tguesses\tcontradictions\tms");
    }
    for file in files {
        match read_entries(&file.to_string_lossy()) {
            Ok(p) => entries.extend(p),
            Err(e) => entries.push(Err(e)),
        }
    }
    let options = SolveOptions { max_solutions: 2, learn_after, seed };
    // Each puzzle on a thread of its own (its time is its own wall time).
    let bench_one = |entry: &Result<(String, Entry), String>| -> Result<(Row, usize, usize), String> {
        let (name, entry) = entry.as_ref().map_err(|e| e.clone())?;
        // Black and white or colour: one solve path (see `solve::run`).
        let (o, w, h) = match entry {
            Entry::Black(p) => {
                (run::<Puzzle>(p, options, Some(timeout), |_, _| {}).map(|o| o.kind()), p.width(), p.height())
            }
            Entry::Colour(p) => (
                run::<ColourPuzzle>(p, options, Some(timeout), |_, _| {}).map(|o| o.kind()),
                p.width(),
                p.height(),
            ),
        };
        let o = o.map_err(|e| format!("{name}: {e}"))?;
        let row = Row {
            name: escaped(name).into_owned(),
            size: format!("{w}x{h}"),
            verdict: o.verdict.word().into(),
            logic: if o.stats.by_line_logic() { "line" } else { "search" },
            guesses: o.stats.guesses,
            contradictions: o.stats.contradictions,
            ms: o.elapsed.as_secs_f64() * 1000.0,
        };
        Ok((row, w, h))
    };
    let mut progress = Progress::new(entries.len());
    crate::jobs::in_order(&entries, jobs, bench_one, |result| {
        match result {
            Ok((row, w, h)) => {
                if tsv {
                    println!(
                        "{}\t{w}\t{h}\t{}\t{}\t{}\t{}\t{:.3}",
                        row.name, row.verdict, row.logic, row.guesses, row.contradictions, row.ms
                    );
                }
                rows.push(row);
            }
            Err(e) => {
                progress.clear();
                eprintln!("error: {}", crate::input::printable(&e));
                errors += 1;
            }
        }
        progress.advance();
    });
    progress.clear();
    if !tsv {
        print_table(&rows);
    }
    print_totals(&rows, errors, tsv);
    Ok(if errors > 0 { 2 } else { 0 })
}

/// Files under `path`: the path itself when it is a file (explicit), else
/// every file with a puzzle ending below it, sorted (a `.txt` file when it
/// is a TAAI batch: its first line is `$N`). What cannot be read is an
/// error entry, and the walk goes on.
fn collect(
    path: &Path,
    explicit: bool,
    out: &mut Vec<PathBuf>,
    errors: &mut Vec<Result<(String, Entry), String>>,
) {
    let shown = || path_shown(&path.to_string_lossy());
    if path.to_str().is_none() {
        return errors.push(Err(format!("{}: the file's name is not UTF-8", shown())));
    }
    // A link found inside a folder is followed to a file, never to a
    // folder: two links can make a walk of 2^40 paths (`find`'s way).
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if !explicit && link && std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return;
    }
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) => return errors.push(Err(format!("{}: {e}", shown()))),
    };
    // A named operand that is no folder is read (a pipe included); inside
    // a folder, only plain files are looked at.
    if !meta.is_dir() {
        let ending = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let puzzle_file =
            meta.is_file() && PUZZLE_ENDINGS.contains(&ending) && (ending != "txt" || is_batch(path));
        if explicit || puzzle_file {
            out.push(path.to_path_buf());
        }
        return;
    }
    let listed = std::fs::read_dir(path)
        .and_then(|dir| dir.map(|e| e.map(|e| e.path())).collect::<Result<Vec<_>, _>>());
    let mut entries = match listed {
        Ok(entries) => entries,
        Err(e) => return errors.push(Err(format!("{}: {e}", shown()))),
    };
    entries.sort();
    for e in entries {
        collect(&e, false, out, errors);
    }
}

/// A `.txt` file whose first non-blank line starts with `$` (TAAI's batch
/// format); other `.txt` files (notes, licences) are not puzzles.
fn is_batch(path: &Path) -> bool {
    use std::io::BufRead;
    let Ok(file) = std::fs::File::open(path) else { return true };
    let first =
        std::io::BufReader::new(file).lines().map_while(Result::ok).take(1000).find(|l| !l.trim().is_empty());
    first.is_some_and(|l| l.trim_start().starts_with('$'))
}

/// `done of total` on standard error, when it is a terminal, at most five
/// times a second; nothing when it is piped or redirected.
struct Progress {
    total: usize,
    done: usize,
    start: Instant,
    shown: Option<Instant>,
    terminal: bool,
}

impl Progress {
    fn new(total: usize) -> Progress {
        use std::io::IsTerminal;
        Progress {
            total,
            done: 0,
            start: Instant::now(),
            shown: None,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn advance(&mut self) {
        self.done += 1;
        let due = self.shown.is_none_or(|t| t.elapsed() >= Duration::from_millis(200));
        if self.terminal && due {
            eprint!(
                "\r{} of {} puzzles, {:.0} s ",
                self.done,
                self.total,
                self.start.elapsed().as_secs_f64()
            );
            self.shown = Some(Instant::now());
        }
    }

    /// Clears the line before other output on standard error.
    fn clear(&mut self) {
        if self.terminal && self.shown.take().is_some() {
            eprint!("\r{:width$}\r", "", width = 40);
        }
    }
}

fn print_table(rows: &[Row]) {
    let width = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(6).max(6);
    println!(
        "{:<width$}  {:>9}  {:<8}  {:<6}  {:>8}  {:>10}",
        "puzzle", "size", "verdict", "logic", "guesses", "ms"
    );
    for r in rows {
        println!(
            "{:<width$}  {:>9}  {:<8}  {:<6}  {:>8}  {:>10.1}",
            r.name, r.size, r.verdict, r.logic, r.guesses, r.ms
        );
    }
}

fn print_totals(rows: &[Row], errors: usize, tsv: bool) {
    let count = |v: &str| rows.iter().filter(|r| r.verdict == v).count();
    // `+ 0.0`: an empty sum is -0.0, printed "-0.0".
    let total: f64 = rows.iter().map(|r| r.ms).sum::<f64>() + 0.0;
    let max = rows.iter().map(|r| r.ms).fold(0.0, f64::max);
    let mut sorted: Vec<f64> = rows.iter().map(|r| r.ms).collect();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    let line = format!(
        "total: {} puzzles, {} unique, {} multiple, {} none, {} timeout, {errors} errors; \
         {total:.1} ms in all, median {median:.1} ms, max {max:.1} ms",
        rows.len(),
        count("unique"),
        count("multiple"),
        count("none"),
        count("timeout")
    );
    if tsv {
        println!("# {line}");
    } else {
        println!("{line}");
    }
}
