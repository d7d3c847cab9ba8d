//! `nonogram generate`: puzzles made to order (a size, a grade, a seed,
//! and colours for a colour puzzle), each unique and of the grade `solve
//! --stats` gives it (see `nonogram_core::generate`).

use crate::args::Args;
use nonogram_core::generate::{generate, generate_colour, Order, COLOURS, MAX_COLOUR_SIDE, SIDES};
use nonogram_core::hint::Difficulty;
use nonogram_formats::{shown, write, write_colour, Format};
use std::time::{Duration, Instant};

/// Pictures tried per puzzle at most (the time limit usually comes first).
const MAX_TRIES: u64 = 1_000_000;

pub fn main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(
        argv,
        &[],
        &["--size", "--difficulty", "--seed", "--count", "--to", "--timeout", "--colours"],
    )?;
    if let Some(extra) = args.operands.first() {
        return Err(format!("generate takes options only, not `{}`", shown(extra)));
    }
    let (width, height) = size(args.value("--size").ok_or("--size WxH is required (like --size 20x20)")?)?;
    let difficulty = args.value("--difficulty").map(difficulty).transpose()?;
    let seed = match args.value("--seed") {
        Some(v) => v
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("--seed takes a whole number from 0 to {}, not `{}`", u64::MAX, shown(v)))?,
        // No seed given: one from the clock, written in each puzzle's title
        // so that it can be made again.
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000),
    };
    let count =
        match args.value("--count") {
            Some(v) => v.trim().parse::<u64>().ok().filter(|n| (1..=1000).contains(n)).ok_or_else(|| {
                format!("--count takes a number of puzzles from 1 to 1000, not `{}`", shown(v))
            })?,
            None => 1,
        };
    let colours = match args.value("--colours") {
        Some(v) => {
            Some(v.trim().parse::<usize>().ok().filter(|n| (COLOURS.0..=COLOURS.1).contains(n)).ok_or_else(
                || {
                    format!(
                        "--colours takes {} to {} (colours besides the background), not `{}`",
                        COLOURS.0,
                        COLOURS.1,
                        shown(v)
                    )
                },
            )?)
        }
        None => None,
    };
    let timeout = args.timeout()?.unwrap_or(Duration::from_secs(60));
    if let Some(colours) = colours {
        if width.max(height) > MAX_COLOUR_SIDE {
            return Err(format!(
                "a colour puzzle is made up to {0}×{0}, not {width}×{height}",
                MAX_COLOUR_SIDE
            ));
        }
        if count > 1 {
            return Err("colour puzzles are made one at a time: give --count 1".into());
        }
        let format = match args.value("--to") {
            None => Format::WebpbnXml,
            Some(key) => Format::from_key(key)
                .filter(|f| [Format::Json, Format::WebpbnXml].contains(f))
                .ok_or_else(|| format!("a colour puzzle is written as xml or json, not `{}`", shown(key)))?,
        };
        let order = Order { width, height, difficulty, seed };
        let start = Instant::now();
        return match generate_colour(order, colours, MAX_TRIES, || start.elapsed() < timeout) {
            Ok(generated) => {
                print!("{}", write_colour(format, &generated.into_titled(seed)).map_err(|e| e.to_string())?);
                Ok(0)
            }
            Err(refusal) => {
                let grade = difficulty.map_or("any".to_string(), |d| d.word().to_string());
                eprintln!(
                    "error: {width}×{height}, {colours} colours, grade {grade}, seed {seed}: {refusal} (within --timeout {} s)",
                    timeout.as_secs_f64()
                );
                Ok(1)
            }
        };
    }
    let format = match args.value("--to") {
        None => Format::Non,
        Some(key) => Format::from_key(key)
            .filter(|f| {
                [Format::Non, Format::Nin, Format::Plain, Format::Json, Format::WebpbnXml].contains(f)
            })
            .ok_or_else(|| format!("--to takes one of non|nin|plain|json|xml, not `{}`", shown(key)))?,
    };
    if count > 1 && format != Format::Non {
        return Err("several puzzles are written as non only (a nonpack); give --to non or --count 1".into());
    }
    let start = Instant::now();
    let mut texts = Vec::new();
    let mut made_clues = std::collections::HashSet::new();
    let mut next_seed = seed;
    while (texts.len() as u64) < count {
        let order = Order { width, height, difficulty, seed: next_seed };
        next_seed = next_seed.wrapping_add(1);
        let generated = match generate(order, MAX_TRIES, || start.elapsed() < timeout) {
            Ok(generated) => generated,
            Err(refusal) => {
                let grade = difficulty.map_or("any".to_string(), |d| d.word().to_string());
                eprintln!(
                    "error: {width}×{height}, grade {grade}, seed {}: {refusal} (within --timeout {} s)",
                    order.seed,
                    timeout.as_secs_f64()
                );
                return Ok(if texts.is_empty() { 1 } else { flush(&texts, 1) });
            }
        };
        // --count gives distinct puzzles: a repeat (two seeds, one
        // picture) is skipped.
        if !made_clues.insert((generated.puzzle.rows.clone(), generated.puzzle.columns.clone())) {
            continue;
        }
        let puzzle = generated.into_titled(order.seed);
        texts.push(write(format, &puzzle).map_err(|e| e.to_string())?);
    }
    Ok(flush(&texts, 0))
}

/// Prints the puzzles made (a nonpack when several); returns `status`.
fn flush(texts: &[String], status: u8) -> u8 {
    print!("{}", texts.join("====\n"));
    status
}

/// `WxH` (or `N` for a square), each side within [`SIDES`].
fn size(text: &str) -> Result<(usize, usize), String> {
    let bad = || {
        format!(
            "--size takes WxH with sides from {} to {} (like 20x20), not `{}`",
            SIDES.0,
            SIDES.1,
            shown(text)
        )
    };
    let mut parts = text.trim().split(['x', 'X', '×']);
    let side = |p: Option<&str>| p.and_then(|p| p.trim().parse::<usize>().ok());
    let width = side(parts.next()).ok_or_else(bad)?;
    let height = match parts.next() {
        None => width,
        p => side(p).ok_or_else(bad)?,
    };
    if parts.next().is_some() || ![width, height].iter().all(|s| (SIDES.0..=SIDES.1).contains(s)) {
        return Err(bad());
    }
    Ok((width, height))
}

fn difficulty(text: &str) -> Result<Difficulty, String> {
    match text.trim().to_ascii_lowercase().replace(' ', "-").as_str() {
        "easy" => Ok(Difficulty::Easy),
        "medium" => Ok(Difficulty::Medium),
        "hard" => Ok(Difficulty::Hard),
        "very-hard" | "veryhard" => Ok(Difficulty::VeryHard),
        _ => Err(format!("--difficulty takes easy, medium, hard or very-hard, not `{}`", shown(text))),
    }
}
