//! `nonogram`: solve puzzles, turn pictures into clues, convert formats, benchmark.

mod args;
mod bench;
mod cnf;
mod colour;
mod input;
mod jobs;
mod linebench;
mod solve;

use std::process::ExitCode;

const USAGE: &str = "\
usage:
  nonogram solve [--max-solutions N] [--timeout SECS] [--learn-after N|never] [--splr-after N|never] [--splr-generation SECS|never] [--seed N] [--jobs N] [--threads N] [--trace] [--stats] FILE...
  nonogram clues [--to non|nin|plain|json|xml] PICTURE
  nonogram convert --to non|nin|plain|json|xml FILE
  nonogram bench [--timeout SECS] [--learn-after N|never] [--splr-after N|never] [--splr-generation SECS|never] [--seed N] [--jobs N] [--tsv] PATH...
  nonogram bench-line
  nonogram cnf [--root] FILE
FILE `-` reads standard input. --jobs N: puzzles solved on N threads at once
(default: every core; output keeps the input order). --threads N: N engines
race on each puzzle, the first verdict wins (black and white; one engine
where the clauses would be over 50 000). Colour
puzzles (webpbn XML, colour JSON) solve and convert too (to xml or json);
a colour PICTURE has a palette line (see README). Exit status: 0 solved (unique or multiple),
1 no solution, 2 bad input, 3 timeout.";

fn main() -> ExitCode {
    restore_sigpipe();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("solve") => solve::main(&argv[1..]),
        Some("clues") => input::clues_main(&argv[1..]),
        Some("convert") => input::convert_main(&argv[1..]),
        Some("bench") => bench::main(&argv[1..]),
        Some("bench-line") => linebench::main(&argv[1..]),
        Some("cnf") => cnf::main(&argv[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(0)
        }
        Some(other) => Err(format!("unknown command `{other}`\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("error: {message}");
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
