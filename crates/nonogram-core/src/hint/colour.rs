//! Hints for colour puzzles, in black and white's order: a line the
//! player's cells contradict, cells that differ from every solution found,
//! the line whose clue forces the most cells (every placement that fits
//! its cells agrees on them); where no line forces anything, a line that
//! does once the colours other lines rule out of its cells are taken out
//! too (a narrowed hint); where none does, looking ahead
//! one cell (the one look-ahead: each of its colours but one would leave,
//! by line logic, a line with no placement, so it is that one); else a
//! cell every solution found agrees on, shown as it is in the solution.
//! The hints are black and white's [`Hint`], a value a colour's index.

use super::look_ahead::look_ahead;
use super::words::{Hint, Said};
use crate::colour::board::ColourBoard;
use crate::colour::{solve_colour_line, ColourPuzzle, Colours};
use crate::kind::Trailed;
use crate::propagate::{Progress, Propagation};
use crate::LineId;

/// A colour hint: a value is a colour's index (0 the background).
pub type ColourHint = Hint<u8>;

impl Said for ColourPuzzle {
    type Value = u8;
    fn value_of(cell: Colours) -> u8 {
        cell.trailing_zeros() as u8
    }
    fn name(&self, colour: u8) -> String {
        self.palette.get(usize::from(colour)).map_or("?", |s| s.name.as_str()).to_string()
    }
    fn clue_words(&self, line: LineId) -> String {
        self.clue_text(self.clue(line))
    }
}

/// The next hint for the player's `cells` (each the set of colours left:
/// every colour where they marked nothing), given the puzzle's solutions
/// found so far (one when it is unique; none when the solve ran out of time).
pub fn colour_hint(puzzle: &ColourPuzzle, cells: &[Colours], solutions: &[Vec<u8>]) -> ColourHint {
    let known = |set: Colours| set.count_ones() == 1;
    let values: Vec<u8> = cells.iter().map(|c| c.trailing_zeros() as u8).collect();
    if cells.iter().all(|&c| known(c)) && puzzle.is_solution(&values) {
        return Hint::Solved;
    }
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut best: Option<(LineId, Vec<(usize, u8)>)> = None;
    for line in puzzle.lines() {
        let before: Vec<Colours> = line.cell_indices(width, height).map(|i| cells[i]).collect();
        let Ok(after) = solve_colour_line(puzzle.clue(line), &before) else {
            let why = format!("no placement of its clue {} fits its cells", puzzle.clue_words(line));
            return Hint::Contradiction { line, why };
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
            return Hint::Wrong { cells: wrong };
        }
    }
    if let Some((line, forced)) = best {
        return Hint::Line { line, placements: None, forced };
    }
    // Line logic from the player's cells with the colours lines rule out
    // kept (the board cannot show them): the first line, in that order,
    // that then makes a cell known which the player's cells leave open;
    // else, at its fixed point, looking ahead starts (its line solves
    // count toward the look-ahead's budget).
    let mut board = ColourBoard::new(puzzle);
    for (i, &set) in cells.iter().enumerate() {
        board.set(i, set);
    }
    let mut propagation = Propagation::new(puzzle);
    let mut guess = None;
    loop {
        match propagation.next(puzzle, &mut board) {
            Progress::Line { line, changes } => {
                let forced: Vec<(usize, u8)> = (changes.iter())
                    .filter(|&&(pos, new)| known(new) && !known(cells[line.cell_index(width, pos)]))
                    .map(|&(pos, new)| (pos, ColourPuzzle::value_of(new)))
                    .collect();
                if !forced.is_empty() {
                    return Hint::Narrowed { line, forced };
                }
            }
            Progress::SweepEnd { .. } | Progress::Paused { .. } => {}
            Progress::Contradiction(_) => break,
            Progress::FixedPoint => {
                match look_ahead(puzzle, &mut board, propagation.line_solves()) {
                    Hint::Guess { cell } => guess = cell,
                    probe => return probe,
                }
                break;
            }
        }
    }
    let agreed = (0..cells.len())
        .find(|&i| !known(cells[i]) && solutions.iter().all(|s| s[i] == solutions[0][i]))
        .filter(|_| !solutions.is_empty());
    match agreed {
        Some(index) => Hint::Reveal { index, value: solutions[0][index], solutions: solutions.len() },
        None => Hint::Guess { cell: guess },
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
        let ColourHint::Line { line, forced, .. } = &hint else { panic!("{hint:?}") };
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
        assert_eq!(hint.explain(&puzzle), "A mistake: row 2, column 1 is not as in the solution; outlined.");
        // A line the cells contradict comes first of all.
        cells[0] = 1 << 2;
        cells[1] = 1 << 2;
        cells[2] = 1 << 2;
        assert!(matches!(
            colour_hint(&puzzle, &cells, &solutions),
            ColourHint::Contradiction { line: LineId::Row(0), .. }
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
            if let ColourHint::Probe { index, value: colour, ruled_out, .. } = &hint {
                assert_eq!(solution[*index], *colour, "{hint:?}");
                assert!(!ruled_out.is_empty() && ruled_out.iter().all(|(c, _)| c != colour));
                assert_eq!(hint.cells(width), [(*index, *colour)]);
                let text = hint.explain(&puzzle);
                assert!(text.starts_with("Looking ahead") && text.contains("no valid placement"), "{text}");
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
        assert!(matches!(colour_hint(&puzzle, &cells, &both), ColourHint::Guess { cell: Some(_) }));
        // With one solution known, one of its cells is shown.
        let hint = colour_hint(&puzzle, &cells, &both[..1]);
        assert_eq!(hint, ColourHint::Reveal { index: 0, value: 1, solutions: 1 });
        assert_eq!(
            hint.explain(&puzzle),
            "No line forces a cell from your cells alone. Row 1, column 1 is black in the solution."
        );
        assert_eq!(hint.cells(2), [(0, 1)]);
    }
}
