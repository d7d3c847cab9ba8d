//! Hints for colour puzzles, in black and white's order: a line the
//! player's cells contradict, cells that differ from every solution found,
//! the line whose clue forces the most cells (every placement that fits
//! its cells agrees on them); where no line forces anything, looking ahead
//! one cell (each of its colours but one would leave, by line logic, a
//! line with no placement, so it is that one); else a cell every solution
//! found agrees on, shown as it is in the solution.

use super::{capital, capitalised, cell_name, positions};
use crate::colour::propagate::{propagate, propagate_watching, Stop};
use crate::colour::{solve_colour_line, ColourPuzzle, Colours};
use crate::line::cache::ColourLines;
use crate::search::Stats;
use crate::LineId;

/// The next step for a player of a colour puzzle, from their cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColourHint {
    /// Every clue is satisfied.
    Solved,
    /// No placement of this line's clue fits the player's cells.
    Contradiction { line: LineId },
    /// These cells (grid indices) differ from every solution found.
    Wrong { cells: Vec<usize> },
    /// The line's clue and its cells force these cells (positions along
    /// the line, and their colours).
    Line { line: LineId, forced: Vec<(usize, u8)> },
    /// As `Line`, once the colours other lines rule out of its cells are
    /// taken out too: line logic a player does in their head, as the board
    /// takes only a colour, not the colours a cell cannot be.
    Narrowed { line: LineId, forced: Vec<(usize, u8)> },
    /// Looking ahead one cell: were cell `index` any colour of `ruled_out`,
    /// line logic would leave that colour's line with no placement (after
    /// `steps` line solves in all), so it is `colour`.
    Probe { index: usize, colour: u8, ruled_out: Vec<(u8, LineId)>, steps: u64 },
    /// No line forces a cell: cell `index` is `colour` in every solution found.
    Reveal { index: usize, colour: u8, solutions: usize },
    /// No line forces a cell, and no solution is known.
    Guess,
}

/// The next hint for the player's `cells` (each the set of colours left:
/// every colour where they marked nothing), given the puzzle's solutions
/// found so far (one when it is unique; none when the solve ran out of time).
pub fn colour_hint(puzzle: &ColourPuzzle, cells: &[Colours], solutions: &[Vec<u8>]) -> ColourHint {
    let known = |set: Colours| set.count_ones() == 1;
    let values: Vec<u8> = cells.iter().map(|c| c.trailing_zeros() as u8).collect();
    if cells.iter().all(|&c| known(c)) && puzzle.is_solution(&values) {
        return ColourHint::Solved;
    }
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut best: Option<(LineId, Vec<(usize, u8)>)> = None;
    for line in puzzle.lines() {
        let before: Vec<Colours> = line.cell_indices(width, height).map(|i| cells[i]).collect();
        let Ok(after) = solve_colour_line(puzzle.clue(line), &before) else {
            return ColourHint::Contradiction { line };
        };
        let forced: Vec<(usize, u8)> = (before.iter().zip(&after).enumerate())
            .filter(|(_, (&b, &a))| !known(b) && known(a))
            .map(|(p, (_, &a))| (p, a.trailing_zeros() as u8))
            .collect();
        if forced.len() > best.as_ref().map_or(0, |b| b.1.len()) {
            best = Some((line, forced));
        }
    }
    if !solutions.is_empty() {
        let wrong: Vec<usize> = (0..cells.len())
            .filter(|&i| known(cells[i]) && solutions.iter().all(|s| s[i] != values[i]))
            .collect();
        if !wrong.is_empty() {
            return ColourHint::Wrong { cells: wrong };
        }
    }
    if let Some((line, forced)) = best {
        return ColourHint::Line { line, forced };
    }
    // Line logic from the player's cells with the colours lines rule out
    // kept (the board cannot show them): the first line, in that order,
    // that then makes a cell known which the player's cells leave open;
    // else, at its fixed point, looking ahead starts (its line solves
    // count toward the look-ahead's budget).
    let mut base = cells.to_vec();
    let mut stats = Stats::default();
    let lines: Vec<LineId> = puzzle.lines().collect();
    let mut solver = ColourLines::new();
    match propagate_watching(puzzle, &mut base, &lines, &mut stats, &mut solver, Some(cells)) {
        Err(Stop::Forced(line, forced)) => return ColourHint::Narrowed { line, forced },
        Err(Stop::Contradiction(_)) => {}
        Ok(()) => {
            if let Some(probe) = probe(puzzle, &base, stats, &mut solver) {
                return probe;
            }
        }
    }
    let agreed = (0..cells.len())
        .find(|&i| !known(cells[i]) && solutions.iter().all(|s| s[i] == solutions[0][i]))
        .filter(|_| !solutions.is_empty());
    match agreed {
        Some(index) => ColourHint::Reveal { index, colour: solutions[0][index], solutions: solutions.len() },
        None => ColourHint::Guess,
    }
}

/// Looking ahead stops looking for an easier cell past this many line
/// solves in all (as black and white's).
const PROBE_BUDGET: u64 = 200_000;

/// Looks ahead one cell from `base` (the player's cells narrowed by line
/// logic to its fixed point: what no single line showed as a known cell
/// may still narrow its sets): the cell all of whose colours but one
/// leave, by line logic, a line with no placement, the one whose
/// contradictions come soonest; `None` when no cell is so deduced.
/// `stats` counts the line solves so far (the budget, each probe's steps).
fn probe(
    puzzle: &ColourPuzzle,
    base: &[Colours],
    mut stats: Stats,
    solver: &mut ColourLines,
) -> Option<ColourHint> {
    let width = puzzle.width();
    let mut best: Option<ColourHint> = None;
    let mut trial = base.to_vec();
    for index in (0..base.len()).filter(|&i| base[i].count_ones() > 1) {
        let (row, column) = (LineId::Row(index / width), LineId::Column(index % width));
        let mut left = Vec::new();
        let mut ruled_out = Vec::new();
        let start = stats.line_solves;
        for colour in (0..32u8).filter(|&c| base[index] & (1 << c) != 0) {
            trial.copy_from_slice(base);
            trial[index] = 1 << colour;
            match propagate(puzzle, &mut trial, &[row, column], &mut stats, solver) {
                Err(line) => ruled_out.push((colour, line)),
                Ok(()) => left.push(colour),
            }
            if left.len() > 1 {
                break;
            }
        }
        let steps = stats.line_solves - start;
        if let [colour] = left[..] {
            if !matches!(best, Some(ColourHint::Probe { steps: s, .. }) if s <= steps) {
                best = Some(ColourHint::Probe { index, colour, ruled_out, steps });
            }
        }
        // Every colour ruled out in the cell's own two lines is as easy as it gets.
        let easy = matches!(&best, Some(ColourHint::Probe { steps, ruled_out, .. }) if *steps <= 2 * ruled_out.len() as u64);
        if easy || (best.is_some() && stats.line_solves > PROBE_BUDGET) {
            break;
        }
    }
    best
}

impl ColourHint {
    /// The hint in one or two sentences, naming colours by the palette.
    pub fn explain(&self, puzzle: &ColourPuzzle) -> String {
        let width = puzzle.width();
        let name = |c: u8| puzzle.palette.get(usize::from(c)).map_or("?", |s| s.name.as_str());
        match self {
            ColourHint::Solved => "Solved: every clue is satisfied.".into(),
            ColourHint::Contradiction { line } => format!(
                "{} cannot be completed: no placement of its clue {} fits its cells.",
                capital(*line),
                puzzle.clue_text(puzzle.clue(*line))
            ),
            ColourHint::Wrong { cells } => {
                let first = cell_name(cells[0], width);
                match cells.len() {
                    1 => format!("A mistake: {first} is not as in the solution. Check outlines it."),
                    n => format!("{n} mistakes, the first at {first}: those cells are not as in the solution. Check outlines them."),
                }
            }
            ColourHint::Line { line, forced } | ColourHint::Narrowed { line, forced } => {
                // Each colour once, in the order the line meets them.
                let mut colours: Vec<u8> = Vec::new();
                for &(_, c) in forced {
                    if !colours.contains(&c) {
                        colours.push(c);
                    }
                }
                let what: Vec<String> = colours
                    .into_iter()
                    .map(|c| {
                        let at: Vec<usize> = forced.iter().filter(|f| f.1 == c).map(|f| f.0).collect();
                        format!("{} {} {}", positions(&at), if at.len() == 1 { "is" } else { "are" }, name(c))
                    })
                    .collect();
                let narrowed = match self {
                    ColourHint::Narrowed { .. } => " and the colours its crossing lines rule out",
                    _ => "",
                };
                format!(
                    "{}, clue {}: every placement that fits its cells{narrowed} agrees that {}.",
                    capital(*line),
                    puzzle.clue_text(puzzle.clue(*line)),
                    what.join(", and ")
                )
            }
            ColourHint::Probe { index, colour, ruled_out, .. } => {
                let cell = cell_name(*index, width);
                let own = [LineId::Row(index / width), LineId::Column(index % width)];
                let each: Vec<String> = ruled_out
                    .iter()
                    .map(|(c, line)| {
                        if own.contains(line) {
                            format!("as {}, {line} would have no valid placement", name(*c))
                        } else {
                            format!("as {}, line logic would leave {line} with no valid placement", name(*c))
                        }
                    })
                    .collect();
                format!("Looking ahead at {cell}: {}; so it is {}.", each.join("; "), name(*colour))
            }
            ColourHint::Reveal { index, colour, solutions } => format!(
                "No line forces a cell from your cells alone. {} is {} in {}.",
                capitalised(&cell_name(*index, width)),
                name(*colour),
                if *solutions == 1 { "the solution" } else { "every solution found" }
            ),
            ColourHint::Guess => "No line forces a cell here: this puzzle needs a guess.".into(),
        }
    }

    /// The cells the hint deduces (grid index, colour): to apply it.
    pub fn cells(&self, width: usize) -> Vec<(usize, u8)> {
        match self {
            ColourHint::Line { line, forced } | ColourHint::Narrowed { line, forced } => {
                forced.iter().map(|&(p, c)| (line.cell_index(width, p), c)).collect()
            }
            ColourHint::Reveal { index, colour, .. } | ColourHint::Probe { index, colour, .. } => {
                vec![(*index, *colour)]
            }
            _ => Vec::new(),
        }
    }

    /// The line to highlight, if the hint is about one.
    pub fn line(&self) -> Option<LineId> {
        match self {
            ColourHint::Contradiction { line }
            | ColourHint::Line { line, .. }
            | ColourHint::Narrowed { line, .. } => Some(*line),
            ColourHint::Probe { ruled_out, .. } => ruled_out.first().map(|&(_, line)| line),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// red red blue / . red blue / blue blue . (a unique picture)
    const PICTURE: [u8; 9] = [1, 1, 2, 0, 1, 2, 2, 2, 0];

    #[test]
    fn hints_follow_black_and_whites_order() {
        let puzzle = ColourPuzzle::from_picture(&PICTURE, 3);
        let every = puzzle.every_colour();
        let solutions = [PICTURE.to_vec()];
        // From nothing: the line forcing the most cells, said in colours.
        let blank = vec![every; 9];
        let hint = colour_hint(&puzzle, &blank, &solutions);
        let ColourHint::Line { line, forced } = &hint else { panic!("{hint:?}") };
        for (index, colour) in hint.cells(3) {
            assert_eq!(PICTURE[index], colour, "{line}: {forced:?}");
        }
        let text = hint.explain(&puzzle);
        assert!(text.contains("every placement that fits its cells agrees"), "{text}");
        // A wrong cell comes before any line.
        let mut cells = blank.clone();
        cells[3] = 1 << 1;
        let hint = colour_hint(&puzzle, &cells, &solutions);
        assert_eq!(hint, ColourHint::Wrong { cells: vec![3] });
        assert_eq!(
            hint.explain(&puzzle),
            "A mistake: row 2, column 1 is not as in the solution. Check outlines it."
        );
        // A line the cells contradict comes first of all.
        cells[0] = 1 << 2;
        cells[1] = 1 << 2;
        cells[2] = 1 << 2;
        assert!(matches!(
            colour_hint(&puzzle, &cells, &solutions),
            ColourHint::Contradiction { line: LineId::Row(0) }
        ));
        // The solution itself.
        let done: Vec<Colours> = PICTURE.iter().map(|&c| 1 << c).collect();
        assert_eq!(colour_hint(&puzzle, &done, &solutions), ColourHint::Solved);
    }

    /// A puzzle line logic solves is played to the end by line hints
    /// alone, applied one after another: never a reveal, never a guess
    /// (before, a line narrowed by the colours its crossing lines rule out
    /// went unseen, and hints fell back to showing solution cells).
    #[test]
    fn a_puzzle_line_logic_solves_is_hinted_to_the_end_by_lines() {
        use crate::generate::{make_colour, Order};
        use crate::hint::Difficulty;
        let mut narrowed = 0;
        for (side, colours, difficulty, seed) in [
            (20, 2, Difficulty::Easy, 5),
            (15, 3, Difficulty::Medium, 2),
            (20, 4, Difficulty::Medium, 7),
            (12, 2, Difficulty::Medium, 9),
        ] {
            let order = Order { width: side, height: side, difficulty: Some(difficulty), seed };
            let made = make_colour(order, colours, 100_000, || true).unwrap();
            let puzzle = made.puzzle;
            let solutions = [made.solution.clone()];
            let mut cells = vec![puzzle.every_colour(); side * side];
            for _ in 0..side * side {
                let hint = colour_hint(&puzzle, &cells, &solutions);
                match &hint {
                    ColourHint::Solved => break,
                    ColourHint::Line { .. } => {}
                    ColourHint::Narrowed { .. } => narrowed += 1,
                    other => panic!("{side}×{side} {colours} colours seed {seed}: {other:?}"),
                }
                for (index, colour) in hint.cells(side) {
                    assert_eq!(made.solution[index], colour);
                    cells[index] = 1 << colour;
                }
            }
            assert_eq!(colour_hint(&puzzle, &cells, &solutions), ColourHint::Solved);
        }
        // The case the old hints missed does come up.
        assert!(narrowed > 0);
    }

    /// Looking ahead deduces cells no line deduces, and only as the
    /// solution has them: on random unique pictures, from the player's
    /// correct cells, every look-ahead hint gives the solution's colour.
    #[test]
    fn looking_ahead_deduces_a_cell_as_the_solution_has_it() {
        use crate::colour::solve_colour;
        use crate::search::Verdict;
        // The tests' own generator (the same xorshift, the same pictures).
        let mut random = crate::testing::Random(0x9e37_79b9_7f4a_7c15);
        let mut next = move || random.next();
        let mut probes = 0;
        for _ in 0..3000 {
            let (width, height) = (4 + (next() % 6) as usize, 4 + (next() % 6) as usize);
            let picture: Vec<u8> = (0..width * height)
                .map(|_| if next() % 100 < 55 { 1 + (next() % 2) as u8 } else { 0 })
                .collect();
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let Ok((Verdict::Unique(solution), _)) = solve_colour(&puzzle, 2, |_| true) else { continue };
            // The cells line logic deduces, as a player who made no mistake
            // and found them all: no line forces another.
            let Ok(by_lines) = puzzle.solve_by_lines() else { continue };
            let cells: Vec<Colours> = by_lines
                .iter()
                .map(|&set| if set.count_ones() == 1 { set } else { puzzle.every_colour() })
                .collect();
            if cells.iter().all(|c| c.count_ones() == 1) {
                continue;
            }
            let hint = colour_hint(&puzzle, &cells, &[]);
            if let ColourHint::Probe { index, colour, ruled_out, .. } = &hint {
                assert_eq!(solution[*index], *colour, "{hint:?}");
                assert!(!ruled_out.is_empty() && ruled_out.iter().all(|(c, _)| c != colour));
                assert_eq!(hint.cells(width), [(*index, *colour)]);
                let text = hint.explain(&puzzle);
                assert!(
                    text.starts_with("Looking ahead at row ") && text.contains("no valid placement"),
                    "{text}"
                );
                probes += 1;
            }
        }
        assert!(probes >= 5, "{probes} look-ahead hints");
    }

    #[test]
    fn without_a_forcing_line_a_cell_of_the_solutions_is_shown() {
        // Two solutions (a red diagonal either way) under a blue row: no
        // line forces the diagonal's cells; the blue row is forced.
        let a = [1, 0, 0, 1, 2, 2];
        let b = [0, 1, 1, 0, 2, 2];
        let puzzle = ColourPuzzle::from_picture(&a, 2);
        let mut cells = vec![puzzle.every_colour(); 6];
        cells[4] = 1 << 2;
        cells[5] = 1 << 2;
        let both = [a.to_vec(), b.to_vec()];
        // The solutions disagree on every unknown cell: a guess is needed.
        assert_eq!(colour_hint(&puzzle, &cells, &both), ColourHint::Guess);
        // With one solution known, one of its cells is shown.
        let hint = colour_hint(&puzzle, &cells, &both[..1]);
        assert_eq!(hint, ColourHint::Reveal { index: 0, colour: 1, solutions: 1 });
        assert_eq!(
            hint.explain(&puzzle),
            "No line forces a cell from your cells alone. Row 1, column 1 is black in the solution."
        );
        assert_eq!(hint.cells(2), [(0, 1)]);
    }
}
