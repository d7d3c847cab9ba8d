//! The hint engine on the seed cases, on mistakes, on a puzzle that needs
//! looking ahead, and on random boards (no hint ever claims a wrong cell).

use super::*;
use crate::cell::line_from_str;
use crate::testing::Random;
use crate::{solve, SolveOptions, Verdict};
use crate::{Grid, LineId, Puzzle};

/// Post 001's line cases: clue, line (`#` filled, `x` empty, `.` unknown),
/// and its "Resultant fixes" (`1` filled, `_` empty, `.` unknown).
const POST_001: [(&[u32], &str, &str); 7] = [
    (&[8], "..........", "|.|.|1|1|1|1|1|1|.|.|"),
    (&[4, 3], "..........", "|.|.|1|1|.|.|.|1|.|.|"),
    (&[3, 1], "...#....#.", "|_|.|.|1|.|.|_|_|1|_|"),
    (&[3, 2], "....x.x...", "|.|1|1|.|_|_|_|.|1|.|"),
    (&[5], "..#.......", "|.|.|1|1|1|.|.|_|_|_|"),
    (&[1, 3], "#.x.#.....", "|1|_|_|.|1|1|.|_|_|_|"),
    (&[5, 2, 2], "..##.##...#.#..", "|_|_|1|1|1|1|1|_|_|1|1|_|1|1|_|"),
];

/// A black-and-white hint from a grid of the player's cells and the
/// solution, if known.
fn bw_hint(puzzle: &crate::Puzzle, cells: &crate::Grid, solution: Option<&crate::Grid>) -> Hint {
    hint(puzzle, cells.cells(), solution.map_or(&[][..], std::slice::from_ref))
}

fn line(text: &str) -> Vec<Cell> {
    text.chars()
        .map(|c| match c {
            '#' => Cell::Filled,
            'x' => Cell::Empty,
            _ => Cell::Unknown,
        })
        .collect()
}

fn grid(rows: &[&str]) -> Grid {
    Grid::from_rows(&rows.iter().map(|r| line_from_str(r).unwrap()).collect::<Vec<_>>()).unwrap()
}

#[test]
fn post_001_hints_name_the_line_and_its_resultant_fixes() {
    for (runs, text, fixes) in POST_001 {
        let cells = line(text);
        let (placements, forced) = line_hint(runs, &cells).unwrap();
        // The seed's fixes, less the cells the line already had.
        let expected: Vec<(usize, Cell)> = (fixes.trim_matches('|').split('|').enumerate())
            .filter(|&(p, f)| f != "." && !cells[p].is_known())
            .map(|(p, f)| (p, if f == "1" { Cell::Filled } else { Cell::Empty }))
            .collect();
        assert_eq!(forced, expected, "{runs:?} {text}");
        assert_eq!(placements, count_placements(runs, &cells));
    }
    // As the page says it: the line, the clue, the placements, the cells.
    let puzzle = Puzzle::new(vec![Clue(vec![3, 2])], vec![Clue(vec![]); 10]);
    let (placements, forced) = line_hint(&[3, 2], &line("....x.x...")).unwrap();
    let hint = Hint::Line { line: LineId::Row(0), placements: Some(placements), forced };
    assert_eq!(
        hint.explain(&puzzle),
        "Row 1, clue 3 2: its runs fit its cells 4 ways, and in every one cells 2–3 and 9 are filled, \
         and cell 6 is empty."
    );
    assert_eq!(hint.cells(10), [(1, Cell::Filled), (2, Cell::Filled), (5, Cell::Empty), (8, Cell::Filled)]);
    // One placement: said so.
    let (placements, forced) = line_hint(&[8], &line("#.........")).unwrap();
    let only = Hint::Line { line: LineId::Column(2), placements: Some(placements), forced };
    let puzzle = Puzzle::new(vec![Clue(vec![]); 10], vec![Clue(vec![]), Clue(vec![]), Clue(vec![8])]);
    assert!(only.explain(&puzzle).starts_with("Column 3, clue 8: its runs fit its cells one way only: "));
    // An empty line's clue has no runs to fit: said so.
    let (placements, forced) = line_hint(&[], &line("....")).unwrap();
    let empty = Hint::Line { line: LineId::Row(1), placements: Some(placements), forced };
    let puzzle = Puzzle::new(vec![Clue(vec![1]), Clue(vec![])], vec![Clue(vec![]); 4]);
    assert_eq!(empty.explain(&puzzle), "Row 2, clue 0: it has no run, so cells 1–4 are empty.");
    // Nothing forced: no line hint.
    assert_eq!(line_hint(&[1], &line("....")), None);
}

/// Post 003's 5×5 picture.
const POST_003: [&str; 5] = [".###.", "##.#.", ".###.", "..##.", "..###"];

#[test]
fn the_easiest_line_comes_first_and_the_board_is_solved_by_hints_alone() {
    let solution = grid(&POST_003);
    let puzzle = Puzzle::from_picture(&solution);
    let mut cells = Grid::new(5, 5);
    let first = bw_hint(&puzzle, &cells, Some(&solution));
    // Columns 3 (clue 1 3) and 4 (clue 5) have one placement each, filling
    // all five cells: the easiest lines there are; the first comes first.
    assert!(
        matches!(&first, Hint::Line { line: LineId::Column(2), placements: Some(1), forced } if forced.len() == 5),
        "{first:?}"
    );
    let mut hints = 0;
    loop {
        match bw_hint(&puzzle, &cells, Some(&solution)) {
            Hint::Solved => break,
            h @ Hint::Line { .. } => {
                for (i, c) in h.cells(5) {
                    cells.cells_mut()[i] = c;
                }
            }
            other => panic!("{other:?}"),
        }
        hints += 1;
        assert!(hints < 50);
    }
    assert_eq!(cells, solution);
}

#[test]
fn mistakes_are_reported_first() {
    let solution = grid(&POST_003);
    let puzzle = Puzzle::from_picture(&solution);
    // Row 1 (clue 3) given a run of 4: it cannot be finished.
    let mut cells = Grid::new(5, 5);
    for c in 0..4 {
        cells.set(0, c, Cell::Filled);
    }
    let h = bw_hint(&puzzle, &cells, Some(&solution));
    assert_eq!(
        h.explain(&puzzle),
        "Row 1 cannot be finished: its filled cells make a run of 4, the clue's longest is 3."
    );
    assert_eq!(h.line(), Some(LineId::Row(0)));
    // Too many filled cells, and too few cells left.
    assert_eq!(
        why_contradicted(&Clue(vec![1, 1]), &line("#.#.#")),
        "it has 3 filled cells, the clue adds up to 2"
    );
    assert_eq!(
        why_contradicted(&Clue(vec![3]), &line("xx.x.")),
        "only 2 of its cells are not crossed out, the clue needs 3"
    );
    assert_eq!(
        why_contradicted(&Clue(vec![]), &line("..#..")),
        "its clue is empty, and it has 1 filled cell"
    );
    // A wrong cell that contradicts no line yet: known only from the solution.
    let mut cells = Grid::new(5, 5);
    cells.set(0, 0, Cell::Filled);
    assert!(matches!(bw_hint(&puzzle, &cells, None), Hint::Line { .. }));
    let wrong = bw_hint(&puzzle, &cells, Some(&solution));
    assert_eq!(wrong, Hint::Wrong { cells: vec![0] });
    assert_eq!(wrong.explain(&puzzle), "A mistake: row 1, column 1 is not as in the solution; outlined.");
}

/// A random picture: each cell filled with `percent` % chance.
fn random_picture(random: &mut Random, width: usize, height: usize, percent: u64) -> Grid {
    let cells = (0..width * height)
        .map(|_| if random.below(100) < percent { Cell::Filled } else { Cell::Empty })
        .collect();
    Grid::from_cells(width, height, cells).unwrap()
}

/// The unique solution of a puzzle, if it has one.
fn unique(puzzle: &Puzzle) -> Option<(Grid, crate::Stats)> {
    let (verdict, stats) = solve(puzzle, SolveOptions::solutions(2), |_| true).ok()?;
    match verdict {
        Verdict::Unique(g) => Some((g, stats)),
        _ => None,
    }
}

/// Applies line hints until none is left; returns the hint that ends it.
fn by_lines(puzzle: &Puzzle, cells: &mut Grid, solution: &Grid) -> Hint {
    loop {
        match bw_hint(puzzle, cells, Some(solution)) {
            h @ Hint::Line { .. } => {
                for (i, c) in h.cells(puzzle.width()) {
                    cells.cells_mut()[i] = c;
                }
            }
            other => return other,
        }
    }
}

#[test]
fn a_puzzle_that_needs_looking_ahead_gets_a_probe_that_explains_its_contradiction() {
    let mut random = Random(0x9e3779b97f4a7c15);
    let mut probes = 0;
    for _ in 0..400 {
        let picture = random_picture(&mut random, 8, 8, 55);
        let puzzle = Puzzle::from_picture(&picture);
        let Some((solution, stats)) = unique(&puzzle) else { continue };
        if stats.probes == 0 || stats.guesses > 0 {
            continue;
        }
        let mut cells = Grid::new(8, 8);
        let h = by_lines(&puzzle, &mut cells, &solution);
        let Hint::Probe { index, value, ruled_out, .. } = &h else { panic!("{h:?}") };
        let (index, value) = (*index, *value);
        let [(assumed, contradiction)] = ruled_out[..] else { panic!("{h:?}") };
        assert_eq!(assumed, value.opposite());
        // The probe's cell is the other value, as in the solution.
        assert_eq!(solution.cells()[index], assumed.opposite());
        assert_eq!(h.cells(8), [(index, assumed.opposite())]);
        let text = h.explain(&puzzle);
        let cell = format!("row {}, column {}", index / 8 + 1, index % 8 + 1);
        assert!(
            text.starts_with(&format!("Looking ahead: if {cell} were {}", value_word(assumed))),
            "{text}"
        );
        // Its own line could not fit its clue; another, reached by what
        // follows, could not be finished.
        let own = [LineId::Row(index / 8), LineId::Column(index % 8)].contains(&contradiction);
        let outcome = if own {
            format!(", {contradiction} could not fit its clue, ")
        } else {
            format!(", {contradiction} could not be finished, ")
        };
        assert!(text.contains(&outcome), "{text}");
        assert!(text.ends_with(&format!("so it is {}.", value_word(assumed.opposite()))), "{text}");
        probes += 1;
        if probes == 5 {
            return;
        }
    }
    panic!("only {probes} puzzles needed probing");
}

#[test]
fn a_puzzle_that_needs_a_guess_says_so() {
    // The 2×2 diagonal has two solutions: nothing is forced anywhere.
    let puzzle = Puzzle::from_picture(&grid(&["#.", ".#"]));
    let guess = bw_hint(&puzzle, &Grid::new(2, 2), None);
    // Each trial deduces the whole board; the first is offered.
    assert_eq!(guess, Hint::Guess { cell: Some((0, Cell::Filled)) });
    assert_eq!(guess.cells(2), [(0, Cell::Filled)]);
    let words = guess.explain(&puzzle);
    assert!(
        words.contains("Try row 1, column 1 filled") && words.contains("the cell is not filled"),
        "{words}"
    );
    assert!(Hint::<Cell>::Guess { cell: None }.explain(&puzzle).contains("needs a guess"));
}

/// A guess is the trial that deduces the most: from a checkpoint, it is
/// followed by line hints until the board is solved or a line contradicts.
#[test]
fn a_guess_leads_on_to_line_hints_or_a_contradiction() {
    // Two solutions apart by a 2×2 switch in a 4×4, and more cells around.
    let puzzle = Puzzle::from_picture(&grid(&["#..#", ".##.", ".##.", "#..#"]));
    let mut cells = Grid::new(4, 4);
    let mut guessed = 0;
    for _ in 0..40 {
        match bw_hint(&puzzle, &cells, None) {
            Hint::Solved => break,
            Hint::Contradiction { .. } => {
                panic!("a guess of the farthest trial led to no contradiction here")
            }
            h @ Hint::Guess { cell: Some(_) } => {
                guessed += 1;
                for (i, v) in h.cells(4) {
                    cells.set(i / 4, i % 4, v);
                }
            }
            h => {
                let deduced = h.cells(4);
                assert!(!deduced.is_empty(), "{h:?}");
                for (i, v) in deduced {
                    cells.set(i / 4, i % 4, v);
                }
            }
        }
    }
    assert!(guessed >= 1 && cells.is_complete() && puzzle.is_solution(&cells), "{guessed} guesses");
}

#[test]
fn no_hint_claims_a_cell_the_solution_does_not_have() {
    let mut random = Random(12345);
    let mut checked = 0;
    while checked < 300 {
        let (w, h) = (3 + (random.next() % 8) as usize, 3 + (random.next() % 8) as usize);
        let percent = 40 + random.next() % 30;
        let picture = random_picture(&mut random, w, h, percent);
        let puzzle = Puzzle::from_picture(&picture);
        let Some((solution, _)) = unique(&puzzle) else { continue };
        // A random correct partial board: each cell of the solution kept
        // with some probability.
        let keep = random.next() % 100;
        let cells: Vec<Cell> = solution
            .cells()
            .iter()
            .map(|&c| if random.next() % 100 < keep { c } else { Cell::Unknown })
            .collect();
        let cells = Grid::from_cells(w, h, cells).unwrap();
        // With and without the solution given, the hint's cells are the solution's.
        for given in [None, Some(&solution)] {
            let hinted = bw_hint(&puzzle, &cells, given);
            assert!(!matches!(hinted, Hint::Contradiction { .. } | Hint::Wrong { .. }), "{hinted:?}");
            for (i, c) in hinted.cells(w) {
                assert_eq!(solution.cells()[i], c, "{hinted:?} on {w}×{h}");
                assert!(!cells.cells()[i].is_known());
            }
            if cells.is_complete() {
                assert_eq!(hinted, Hint::Solved);
            }
        }
        checked += 1;
    }
}

#[test]
fn difficulty_follows_the_solver_work() {
    let stats = |sweeps, probes, guesses, learnt| crate::Stats {
        sweeps,
        probes,
        guesses,
        contradictions: learnt,
        ..Default::default()
    };
    assert_eq!(Difficulty::of(&stats(3, 0, 0, 0)), Difficulty::Easy);
    assert_eq!(Difficulty::of(&stats(EASY_SWEEPS + 1, 0, 0, 0)), Difficulty::Medium);
    assert_eq!(Difficulty::of(&stats(9, 4, 0, 0)), Difficulty::Hard);
    assert_eq!(Difficulty::of(&stats(9, 4, 2, 0)), Difficulty::VeryHard);
    assert_eq!(Difficulty::of(&stats(9, 0, 0, 7)), Difficulty::VeryHard);
    assert_eq!(Difficulty::VeryHard.describe(), "Very hard: needs guessing");
    // Post 003's picture falls to simple line logic.
    let (_, seed) = unique(&Puzzle::from_picture(&grid(&POST_003))).unwrap();
    assert_eq!(Difficulty::of(&seed), Difficulty::Easy);
}

/// A guess followed from the empty board of a very hard puzzle (`nonogram
/// generate --size 8x8 --difficulty very-hard --seed 1`): the right value
/// leads on to the solution by hints alone; the wrong one to a
/// contradiction (a line, or a cell no value of which line logic allows),
/// never to "needs a guess" with nothing to try.
#[test]
fn a_wrong_guess_leads_to_a_contradiction_and_a_right_one_to_the_solution() {
    let clue = |runs: &[u32]| Clue(runs.to_vec());
    let rows = [&[6][..], &[6], &[], &[1, 1], &[2, 2], &[2], &[2, 2], &[2]];
    let columns = [&[1][..], &[2, 1, 1], &[2, 2], &[2, 1, 1], &[2, 1, 1], &[2, 2], &[2, 1, 1], &[1]];
    let puzzle =
        Puzzle::new(rows.iter().map(|r| clue(r)).collect(), columns.iter().map(|c| clue(c)).collect());
    let Ok((Verdict::Unique(solution), _)) = solve(&puzzle, SolveOptions::solutions(2), |_| true) else {
        panic!("unique")
    };
    // Hints from the empty board up to the first guess.
    let mut start = Grid::new(8, 8);
    let index = loop {
        match bw_hint(&puzzle, &start, None) {
            Hint::Guess { cell: Some((index, _)) } => break index,
            h => {
                assert!(!h.cells(8).is_empty(), "{h:?}");
                for (i, v) in h.cells(8) {
                    start.set(i / 8, i % 8, v);
                }
            }
        }
    };
    let right = solution.cells()[index];
    for (value, wrong) in
        [(right, false), (if right == Cell::Filled { Cell::Empty } else { Cell::Filled }, true)]
    {
        let mut cells = start.clone();
        cells.set(index / 8, index % 8, value);
        let end = (0..64).find_map(|_| match bw_hint(&puzzle, &cells, None) {
            h @ (Hint::Solved
            | Hint::Contradiction { .. }
            | Hint::DeadEnd { .. }
            | Hint::Guess { cell: None }) => Some(h),
            h => {
                for (i, v) in h.cells(8) {
                    cells.set(i / 8, i % 8, v);
                }
                None
            }
        });
        match (wrong, end) {
            (true, Some(end @ Hint::DeadEnd { index, .. })) => {
                // Said as a player would: the cell, each value's line, and
                // what it means; no solver's words.
                let text = end.explain(&puzzle);
                let cell = format!("row {}, column {}", index / 8 + 1, index % 8 + 1);
                assert!(text.starts_with(&format!("A dead end at {cell}: filled, ")), "{text}");
                assert!(text.ends_with("So a cell you set before is wrong."), "{text}");
                assert!(!text.contains("placement") && !text.contains("line logic"), "{text}");
                assert_eq!(end.line(), end.line().filter(|_| end.cells(8).is_empty()));
            }
            (false, Some(Hint::Solved)) | (true, Some(Hint::Contradiction { .. })) => {}
            (_, end) => panic!("guessed {value:?} (wrong: {wrong}), ended with {end:?}"),
        }
    }
}

/// Colour hints: the same order, said in colours.
mod colour {
    use super::super::*;
    use crate::colour::{ColourPuzzle, Colours};
    use crate::LineId;

    /// A colour hint: a value is a colour's index (0 the background).
    type ColourHint = Hint<u8>;

    fn colour_hint(puzzle: &ColourPuzzle, cells: &[Colours], solutions: &[Vec<u8>]) -> ColourHint {
        hint(puzzle, cells, solutions)
    }

    /// red red blue / . red blue / blue blue . (a unique picture)
    const PICTURE: [u8; 9] = [1, 1, 2, 0, 1, 2, 2, 2, 0];

    #[test]
    fn hints_follow_black_and_whites_order() {
        let puzzle = ColourPuzzle::from_picture(&PICTURE, 3);
        let every = puzzle.every_colour();
        let solutions = [PICTURE.to_vec()];
        // From nothing: the easiest line, as for black and white (fewest
        // placements, then most cells), said in colours.
        let blank = vec![every; 9];
        let hint = colour_hint(&puzzle, &blank, &solutions);
        let ColourHint::Line { line, forced, placements } = &hint else { panic!("{hint:?}") };
        for (index, colour) in hint.cells(3) {
            assert_eq!(PICTURE[index], colour, "{line}: {forced:?}");
        }
        let counted = |line: LineId| {
            let cells: Vec<Colours> = line.cell_indices(3, 3).map(|i| blank[i]).collect();
            crate::colour::colour_placements(puzzle.clue(line), &cells, 0).0
        };
        let fewest = puzzle.lines().map(counted).min().unwrap();
        assert_eq!(*placements, Some(fewest));
        let text = hint.explain(&puzzle);
        assert!(text.contains("its runs fit its cells one way only"), "{text}");
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
        use crate::generate::{generate_colour, Order};
        use crate::hint::Difficulty;
        let mut narrowed = 0;
        for (side, colours, difficulty, seed) in [
            (20, 2, Difficulty::Easy, 5),
            (15, 3, Difficulty::Medium, 2),
            (20, 4, Difficulty::Medium, 7),
            (12, 2, Difficulty::Medium, 9),
        ] {
            let order = Order { width: side, height: side, difficulty: Some(difficulty), seed };
            let generated = generate_colour(order, colours, 100_000, || true).unwrap();
            let puzzle = generated.puzzle;
            let solutions = [generated.solution.clone()];
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
                    assert_eq!(generated.solution[index], colour);
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
                assert!(text.starts_with("Looking ahead") && text.contains(" could not "), "{text}");
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
            "No row or column settles a cell from your cells alone. Row 1, column 1 is black in the solution."
        );
        assert_eq!(hint.cells(2), [(0, 1)]);
    }
}
