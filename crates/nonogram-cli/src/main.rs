//! `nonogram`: solve puzzles, turn pictures into clues, convert formats, benchmark.

mod args;
mod bench;
mod bench_line;
mod cnf;
mod colour;
mod generate;
mod input;
mod jobs;
mod outcome;
mod read;
mod solve;
mod trace;

use std::process::ExitCode;

/// Each command: its name, its usage line, what it does.
const COMMANDS: [(&str, &str, &str); 8] = [
    (
        "solve",
        "nonogram solve [--max-solutions N] [--timeout SECS] [--learn-after N|never] [--seed N] [--jobs N] [--threads N] [--trace] [--stats] FILE|LINK...",
        "Solves every puzzle of the files (any format, detected; `-` reads standard input) or share links \
         (the page's `…#p=…` address), and prints a block per puzzle: its verdict, its solutions (two by \
         default, --max-solutions N), with --stats its search counts and difficulty, with --trace every \
         step. --timeout SECS bounds each puzzle, reading included. --jobs N: puzzles solved on N threads \
         at once (default: every core; output keeps the input order). --threads N: N engines race on each \
         puzzle, the first verdict wins (one engine where the clauses would be over 120 000). Colour \
         puzzles (webpbn XML, colour JSON) solve the same way.",
    ),
    (
        "clues",
        "nonogram clues [--to non|nin|plain|json|xml|square] PICTURE",
        "Turns a picture into its puzzle: a 0/1 picture (`0`/`1`, `.`/`#` or `_`/`X` a cell) written as \
         .non by default, or a colour picture (a first line `palette: .=white r=red b=navy:000080`, then a \
         character a cell) written as webpbn XML (or --to json).",
    ),
    (
        "generate",
        "nonogram generate --size WxH [--colours K] [--difficulty easy|medium|hard|very-hard] [--seed N] [--count N] [--to non|nin|plain|json|xml] [--timeout SECS]",
        "Makes puzzles with one solution each, of the grade asked for (as solve --stats grades it), from a \
         picture drawn at random from the seed (smoothed regions, mirrored from medium on, some as outlines); the same seed and options \
         give the same puzzle. Sides from 5 to 50. --count N makes N different puzzles (seeds N, N+1, …) as \
         a nonpack; the title says the size, grade and seed. --colours K (2 to 4) makes a colour puzzle \
         (xml or json, sides up to 30). A grade that does not come within --timeout (60 s by default; Very \
         hard at 5×5 never does, and is rare in colour) is said, with status 1.",
    ),
    (
        "read",
        "nonogram read [--to non|nin|plain|json|xml|square] IMAGE",
        "Reads a puzzle's clues from a screenshot (PNG, JPEG or WebP; `-` reads standard input): finds \
         the grid, the clue numbers above and left of it, reads each with a digit recogniser, and checks \
         the reading with the solver (each line's clue fits, the rows and columns fill as many cells, the \
         clues have a solution), trying the recogniser's next choices where a check fails. Prints the \
         clues (non by default); on standard error each number changed or in doubt, by line and place, \
         with what else it might be. Exit status 0: read and checked, every number certain; 1: read with \
         doubts (the best reading is still printed); 2: no puzzle found, or bad input.",
    ),
    (
        "convert",
        "nonogram convert --to non|nin|plain|json|xml|square FILE",
        "Writes the puzzles of FILE in another format; several puzzles only as non (a nonpack), colour \
         puzzles as xml or json.",
    ),
    (
        "bench",
        "nonogram bench [--timeout SECS] [--learn-after N|never] [--seed N] [--jobs N] [--tsv] PATH...",
        "Solves every puzzle under the paths (files, or folders searched for .non .nin .xml .json .nonpack \
         and TAAI .txt files) and prints a table with totals, or TSV with --tsv. Each puzzle stops at \
         --timeout (60 s by default). On a terminal, progress is shown on standard error.",
    ),
    ("bench-line", "nonogram bench-line", "Times the line solvers on random lines (for developers)."),
    (
        "cnf",
        "nonogram cnf [--root] [--timeout SECS] FILE",
        "Writes a black-and-white puzzle as DIMACS CNF for external SAT solvers; --root first fixes what \
         line logic and probing find, within --timeout (60 s by default). Encodings of over 10 000 000 \
         clauses are refused.",
    ),
];

const STATUS: &str =
    "Exit status: 0 solved (unique or multiple), 1 no solution, 2 bad input or usage, 3 timeout.";

/// The exit statuses of a command that solves nothing.
const STATUS_PLAIN: &str = "Exit status: 0 done, 2 bad input or usage.";

/// What a command's exit status says.
fn status_of(name: &str) -> &'static str {
    match name {
        "solve" | "bench" => STATUS,
        "cnf" => "Exit status: 0 written, 2 bad input or usage, 3 --root ran out of time.",
        "generate" => "Exit status: 0 made, 1 the grade did not come in time, 2 bad input or usage.",
        "read" => "Exit status: 0 read and checked, 1 read with doubts, 2 no puzzle found or bad input.",
        _ => STATUS_PLAIN,
    }
}

/// Every command's usage, as `nonogram --help` prints it.
fn usage() -> String {
    let lines: Vec<&str> = COMMANDS.iter().map(|(_, usage, _)| *usage).collect();
    format!(
        "nonogram {}: solve nonograms, make them from pictures, convert their formats.\n\nusage:\n  {}\n  nonogram help [COMMAND]\n  nonogram --version\n\n{STATUS}\n`nonogram help COMMAND` or `nonogram COMMAND --help` tells more of a command.",
        env!("CARGO_PKG_VERSION"),
        lines.join("\n  ")
    )
}

/// One command's help, or None for a name that is no command.
fn command_help(name: &str) -> Option<String> {
    let (_, usage, text) = COMMANDS.iter().find(|(n, _, _)| *n == name)?;
    Some(format!("usage: {usage}\n\n{}\n\n{}", wrap(text, 78), status_of(name)))
}

/// Text broken into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split_whitespace() {
        if line > 0 && line + 1 + word.chars().count() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.chars().count();
    }
    out
}

/// True when the command's arguments ask for help (before a `--`).
fn asks_for_help(argv: &[String]) -> bool {
    argv.iter().take_while(|a| *a != "--").any(|a| a == "--help" || a == "-h")
}

fn main() -> ExitCode {
    restore_sigpipe();
    // Arguments that are not UTF-8 are refused by position (std::env::args
    // would panic on them).
    let argv: Vec<String> = match std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, a)| a.into_string().map_err(|a| (i, a)))
        .collect::<Result<_, _>>()
    {
        Ok(argv) => argv,
        Err((i, arg)) => {
            let arg = nonogram_formats::shown(&arg.to_string_lossy());
            eprintln!("error: argument {} is not UTF-8 text: `{arg}`", i + 1);
            return ExitCode::from(2);
        }
    };
    let rest = argv.get(1..).unwrap_or(&[]);
    let command = argv.first().map(String::as_str);
    if let Some(name) = command.filter(|n| COMMANDS.iter().any(|(c, _, _)| c == n)) {
        if asks_for_help(rest) {
            println!("{}", command_help(name).unwrap_or_default());
            return ExitCode::SUCCESS;
        }
    }
    let result = match command {
        Some("solve") => solve::main(rest),
        Some("clues") => input::clues_main(rest),
        Some("convert") => input::convert_main(rest),
        Some("read") => read::main(rest),
        Some("generate") => generate::main(rest),
        Some("bench") => bench::main(rest),
        Some("bench-line") => bench_line::main(rest),
        Some("cnf") => cnf::main(rest),
        Some("-h" | "--help" | "help") if rest.is_empty() => {
            println!("{}", usage());
            Ok(0)
        }
        Some("-h" | "--help" | "help") => match command_help(&rest[0]) {
            Some(help) => {
                println!("{help}");
                Ok(0)
            }
            None => Err(format!(
                "no command `{}`; the commands are {}",
                nonogram_formats::shown(&rest[0]),
                COMMANDS.map(|(n, _, _)| n).join(", ")
            )),
        },
        Some("-V" | "--version" | "version") => {
            println!("nonogram {}", env!("CARGO_PKG_VERSION"));
            Ok(0)
        }
        Some(other) => Err(format!(
            "unknown command `{}`; the commands are {} (`nonogram --help` shows their usage)",
            nonogram_formats::shown(other),
            COMMANDS.map(|(n, _, _)| n).join(", ")
        )),
        None => Err(format!("no command given\n{}", usage())),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("error: {}", input::printable(&message));
            ExitCode::from(2)
        }
    }
}

/// Rust ignores SIGPIPE, so printing to a closed pipe (`nonogram solve … | head`)
/// would panic; restoring the default ends the process quietly instead, as
/// other Unix tools do.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists;
    // setting a signal's action to its default has no other precondition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
