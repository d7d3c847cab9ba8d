//! Colour puzzles on the command line: `solve` (the same block as black
//! and white, solutions written with the palette's characters), `--trace`,
//! and `clues` from a colour text picture.

use crate::solve::Outcome;
use nonogram_core::colour::{ColourPuzzle, ColourSolver, ColourStep, Colours, Swatch, MAX_COLOURS};
use nonogram_core::search::Verdict;
use nonogram_core::symmetry::Symmetry;
use nonogram_core::LineId;
use nonogram_formats::write_colour_grid;
use std::time::{Duration, Instant};

/// Solves to the end or the time limit, printing the steps with `trace`.
pub fn run(
    puzzle: &ColourPuzzle,
    max_solutions: usize,
    timeout: Option<Duration>,
    trace: bool,
) -> Result<Outcome<Vec<u8>>, String> {
    let start = Instant::now();
    let mut solver = ColourSolver::new(puzzle, max_solutions.max(2)).map_err(|e| e.to_string())?;
    if let Some(limit) = timeout {
        // Clause learning's slices stop at the limit too.
        let clock = move || start.elapsed().as_secs_f64() * 1e3;
        solver.set_clock(std::sync::Arc::new(clock), None, Some(limit.as_secs_f64() * 1e3));
    }
    let mut before = solver.cells().to_vec();
    while let Some(step) = solver.next() {
        if trace {
            print_step(puzzle, solver.symmetries(), &step, &before, solver.cells());
        }
        before.clear();
        before.extend_from_slice(solver.cells());
        if let ColourStep::Done { verdict } = step {
            return Ok(Outcome { verdict, stats: solver.stats(), elapsed: start.elapsed() });
        }
        if timeout.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
    }
    Ok(Outcome { verdict: Verdict::Interrupted, stats: solver.stats(), elapsed: start.elapsed() })
}

/// The stable block: as black and white's, with `colours:` and solutions
/// written with each colour's character.
pub fn result_block(
    name: &str,
    puzzle: &ColourPuzzle,
    solved: &Outcome<Vec<u8>>,
    max_solutions: usize,
    stats: bool,
) -> String {
    let mut s = crate::solve::block_head(name, solved, stats);
    let palette: Vec<String> = puzzle.palette.iter().map(|c| format!("{}={}", c.symbol, c.name)).collect();
    s += &format!("colours: {}\n", palette.join(" "));
    for cells in solved.verdict.solutions().iter().take(max_solutions) {
        s += "solution:\n";
        s += &write_colour_grid(puzzle, cells);
    }
    s
}

/// A line's cells: a known cell as its colour's character, an unknown one as `?`.
fn line_text(puzzle: &ColourPuzzle, cells: &[Colours], line: LineId) -> String {
    line.cell_indices(puzzle.width(), puzzle.height())
        .map(|i| match cells[i] {
            c if c.count_ones() == 1 => puzzle.palette[c.trailing_zeros() as usize].symbol,
            _ => '?',
        })
        .collect()
}

fn print_step(
    puzzle: &ColourPuzzle,
    symmetries: &[Symmetry],
    step: &ColourStep,
    before: &[Colours],
    after: &[Colours],
) {
    let name = |c: u8| puzzle.palette[usize::from(c)].name.as_str();
    match step {
        ColourStep::Line { line, changes } => {
            let (from, to) = (line_text(puzzle, before, *line), line_text(puzzle, after, *line));
            let clue = puzzle.clue_text(puzzle.clue(*line));
            if from == to {
                println!("{line} [{clue}]: {to}, {} cells lose colours", changes.len());
            } else {
                println!("{line} [{clue}]: {from} -> {to}");
            }
        }
        ColourStep::Contradiction { line, depth } => println!(
            "contradiction: {line} [{}]: {} fits no placement (depth {depth})",
            puzzle.clue_text(puzzle.clue(*line)),
            line_text(puzzle, after, *line)
        ),
        ColourStep::Probe { row, col, narrowed } if *narrowed > 0 => println!(
            "probe: row {} column {}: trying each of its colours narrows {narrowed} cells",
            row + 1,
            col + 1
        ),
        ColourStep::Probe { .. } => {}
        ColourStep::Guess { row, col, colour, depth } => {
            println!("guess: row {} column {} = {} (depth {depth})", row + 1, col + 1, name(*colour))
        }
        ColourStep::Backtrack { row, col, colour, depth } => {
            println!("backtrack: row {} column {} is not {} (depth {depth})", row + 1, col + 1, name(*colour))
        }
        ColourStep::Learning { contradictions: 0, symmetric } => {
            println!("learning: clause learning takes over from the root (one variable per cell and colour)");
            if *symmetric {
                let names: Vec<&str> = symmetries.iter().map(|s| s.name()).collect();
                println!("symmetries: {}", names.join(", "));
                println!("learning: a second clause learning takes turns with it, among the grids they keep");
            }
        }
        ColourStep::Learning { .. } => {}
        ColourStep::Solution { index, .. } => println!("solution {index} found"),
        ColourStep::Done { verdict } => println!("done: {}", verdict.word()),
    }
}

/// A colour text picture: a palette line `palette: .=white #=black r=rust:b7410e …`
/// (character `=` name, then `:rrggbb` unless the name is one of the
/// default palette's: white, black, red, green, blue, yellow, orange,
/// purple, brown, pink, cyan, grey), then one row of characters per line.
/// The first entry is the background.
pub fn parse_colour_picture(text: &str) -> Result<ColourPuzzle, String> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let palette = match lines.next() {
        Some((n, l)) if l.trim_start().starts_with("palette:") => {
            parse_palette(n + 1, l.trim_start().trim_start_matches("palette:"))?
        }
        _ => return Err("a colour picture starts with its palette line (palette: .=white r=red …)".into()),
    };
    if palette.len() < 2 {
        return Err("the palette needs a colour besides the background".into());
    }
    let rows: Vec<(usize, Vec<char>)> = lines.map(|(n, l)| (n + 1, l.trim().chars().collect())).collect();
    let Some(width) = rows.first().map(|(_, r)| r.len()) else {
        return Err("the picture has no rows".into());
    };
    if let Some((n, row)) = rows.iter().find(|(_, r)| r.len() != width) {
        return Err(format!("line {n}: {} characters, the first row has {width}", row.len()));
    }
    let mut cells = Vec::with_capacity(width * rows.len());
    for (n, row) in &rows {
        for (c, &ch) in row.iter().enumerate() {
            let index = palette
                .iter()
                .position(|s| s.symbol == ch)
                .ok_or_else(|| format!("line {n}, column {}: `{ch}` is not in the palette", c + 1))?;
            cells.push(index as u8);
        }
    }
    Ok(ColourPuzzle::from_picture_with(&cells, width, palette))
}

fn parse_palette(line: usize, entries: &str) -> Result<Vec<Swatch>, String> {
    let known = nonogram_core::colour::default_palette(11);
    let mut palette: Vec<Swatch> = Vec::new();
    for entry in entries.split_whitespace() {
        let bad = || format!("line {line}: `{entry}` is not a palette entry (like r=red or r=rust:b7410e)");
        let mut chars = entry.chars();
        let (Some(symbol), Some('=')) = (chars.next(), chars.next()) else { return Err(bad()) };
        if symbol == '|' {
            return Err(format!(
                "line {line}: `|` frames rows in webpbn XML's goal image; use another character"
            ));
        }
        let rest: String = chars.collect();
        let (name, rgb) = match rest.split_once(':') {
            Some((name, hex)) => (name.to_string(), parse_hex(hex).ok_or_else(bad)?),
            None => match known.iter().find(|s| s.name == rest) {
                Some(s) => (rest.clone(), s.rgb),
                None => {
                    return Err(format!("line {line}: `{rest}` is no colour name known; give its value, like {symbol}={rest}:b7410e"))
                }
            },
        };
        if name.is_empty() || palette.iter().any(|s| s.symbol == symbol || s.name == name) {
            return Err(format!("line {line}: `{entry}` repeats a character or a name"));
        }
        palette.push(Swatch { name, rgb, symbol });
    }
    if palette.len() > MAX_COLOURS + 1 {
        return Err(format!("line {line}: at most {MAX_COLOURS} colours besides the background"));
    }
    Ok(palette)
}

/// `rrggbb` or `#rrggbb`: six digits (webpbn XML's three-digit form is
/// not taken here).
fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    (hex.strip_prefix('#').unwrap_or(hex).len() == 6).then(|| nonogram_formats::parse_rgb(hex)).flatten()
}
