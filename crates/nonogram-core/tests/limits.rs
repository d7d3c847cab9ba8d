//! Every limit of the core at its edge: the largest value accepted works
//! (and gives the right verdict), one past it is refused by name.

use nonogram_core::colour::{
    colour_clue_of, default_palette, solve_colour, ColourPuzzle, ColourRun, MAX_COLOURS,
};
use nonogram_core::{solve, Clue, Puzzle, PuzzleError, SolveOptions, Verdict, MAX_SIDE};

/// A picture whose colours are `colours`, each cell one of them or the
/// background (0), as a puzzle with a palette of `palette` colours.
fn colour_puzzle(cells: &[u8], width: usize, palette: usize) -> ColourPuzzle {
    ColourPuzzle::from_picture_with(cells, width, default_palette(palette))
}

/// Every solution of a colour puzzle, by trying every picture of the
/// background and the colours its clues name.
fn brute_force(puzzle: &ColourPuzzle) -> Vec<Vec<u8>> {
    let mut used: Vec<u8> = puzzle.rows.iter().flatten().map(|r| r.colour).collect();
    used.sort_unstable();
    used.dedup();
    used.insert(0, 0);
    let cells = puzzle.width() * puzzle.height();
    let mut picture = vec![0usize; cells];
    let mut found = Vec::new();
    loop {
        let candidate: Vec<u8> = picture.iter().map(|&i| used[i]).collect();
        if puzzle.is_solution(&candidate) {
            found.push(candidate);
        }
        // The next picture, counting in base `used.len()`.
        let Some(i) = picture.iter().position(|&d| d + 1 < used.len()) else { return found };
        picture[i] += 1;
        picture[..i].fill(0);
    }
}

fn colour_solutions(puzzle: &ColourPuzzle) -> Vec<Vec<u8>> {
    let (verdict, _) = solve_colour(puzzle, 1000, |_| true).expect("a valid puzzle");
    let mut solutions = verdict.solutions().to_vec();
    solutions.sort();
    solutions
}

#[test]
fn thirty_one_colours_solve_and_thirty_two_are_refused() {
    // The documented maximum: a row of each colour once, every colour in a
    // column of its own (one solution).
    let colours = MAX_COLOURS as u8;
    let row: Vec<u8> = (1..=colours).collect();
    let puzzle = colour_puzzle(&row, row.len(), MAX_COLOURS);
    assert_eq!(puzzle.colours(), 31);
    let (verdict, _) = solve_colour(&puzzle, 2, |_| true).expect("31 colours are accepted");
    assert_eq!(verdict, Verdict::Unique(row.clone()));
    // The puzzle: one cell of the 31st colour.
    let single = ColourPuzzle::new(
        vec![vec![ColourRun { len: 1, colour: colours }]],
        vec![vec![ColourRun { len: 1, colour: colours }]],
        default_palette(MAX_COLOURS),
    );
    assert_eq!(solve_colour(&single, 2, |_| true).expect("valid").0, Verdict::Unique(vec![colours]));
    // One past: refused before any solving.
    let mut palette = default_palette(MAX_COLOURS);
    palette.push(palette[1].clone());
    palette.last_mut().unwrap().name = "one too many".into();
    let over = ColourPuzzle::new(single.rows.clone(), single.columns.clone(), palette);
    assert_eq!(over.validate(), Err(PuzzleError::Palette { colours: 32 }));
    assert!(solve_colour(&over, 2, |_| true).is_err());
}

#[test]
fn the_highest_colours_solve_as_brute_force_says() {
    // Small pictures drawn with the palette's top colours (bit 31 of a
    // cell's set among them), some with several solutions: the solver
    // finds exactly the pictures brute force finds.
    let mut seed = 0x31c0_1005_u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for _ in 0..60 {
        let (width, height) = (1 + next(3) as usize, 1 + next(3) as usize);
        let top: Vec<u8> = (0..3).map(|i| MAX_COLOURS as u8 - i).collect();
        let cells: Vec<u8> =
            (0..width * height).map(|_| if next(3) == 0 { 0 } else { top[next(3) as usize] }).collect();
        let puzzle = colour_puzzle(&cells, width, MAX_COLOURS);
        let expected = brute_force(&puzzle);
        assert!(expected.contains(&cells));
        assert_eq!(colour_solutions(&puzzle), expected, "{cells:?} ({width}×{height})");
    }
}

#[test]
fn a_side_of_max_side_solves_and_one_more_is_refused() {
    // 1000 columns of one cell each, every other one filled: line logic.
    let columns: Vec<Clue> = (0..MAX_SIDE).map(|c| Clue(if c % 2 == 0 { vec![1] } else { vec![] })).collect();
    let row = Clue(vec![1; MAX_SIDE / 2]);
    let wide = Puzzle::new(vec![row.clone()], columns.clone());
    let (verdict, _) = solve(&wide, SolveOptions::default(), |_| true).expect("1000 a side is accepted");
    assert!(matches!(verdict, Verdict::Unique(_)), "{}", verdict.word());
    let tall = Puzzle::new(columns.clone(), vec![row.clone()]);
    assert!(matches!(
        solve(&tall, SolveOptions::default(), |_| true).expect("accepted").0,
        Verdict::Unique(_)
    ));
    // One more column: refused by name.
    let mut over = columns;
    over.push(Clue(vec![]));
    let too_wide = Puzzle::new(vec![row], over);
    assert_eq!(
        too_wide.validate(),
        Err(PuzzleError::TooLarge { width: MAX_SIDE + 1, height: 1 }),
        "{:?}",
        too_wide.validate()
    );
    // The same for colour.
    let cells: Vec<u8> = (0..MAX_SIDE).map(|c| (c % 3) as u8).collect();
    let colour = colour_puzzle(&cells, MAX_SIDE, 2);
    assert_eq!(solve_colour(&colour, 2, |_| true).expect("accepted").0, Verdict::Unique(cells.clone()));
    let mut wider = colour.clone();
    wider.columns.push(Vec::new());
    assert!(matches!(wider.validate(), Err(PuzzleError::TooLarge { .. })));
}

#[test]
fn the_longest_clue_of_a_side_fits_and_one_more_run_does_not() {
    // 500 single runs fill a 999-cell line exactly; a 501st needs 1001.
    let longest = Clue(vec![1; 500]);
    assert_eq!(longest.min_len(), 999);
    let runs = colour_clue_of(&(0..999).map(|i| u8::from(i % 2 == 0)).collect::<Vec<_>>());
    assert_eq!(runs.len(), 500);
    let too_long = Clue(vec![1; 501]);
    let puzzle = Puzzle::new(vec![too_long.clone()], vec![Clue(vec![]); MAX_SIDE]);
    match puzzle.validate() {
        Err(PuzzleError::DoesNotFit { need: 1001, have: 1000, .. }) => {}
        other => panic!("{other:?}"),
    }
    // Its message names the clue but does not repeat hundreds of runs.
    let message = puzzle.validate().unwrap_err().to_string();
    assert!(message.len() < 200, "{message}");
    assert!(message.starts_with("row 1: runs 1 1 1"), "{message}");
}

const UNPRINTED: &str =
    "its character is a control, format, invisible or unassigned character, which does not print";
const UNPRINTED_NAME: &str =
    "its name must print as it is: no control, format or invisible character, no combining mark at its start";

#[test]
fn a_palette_s_names_and_characters_are_printable_and_its_own() {
    let base = colour_puzzle(&[1, 2], 2, 2);
    assert_eq!(base.validate(), Ok(()));
    let with = |i: usize, name: &str, symbol: char| {
        let mut p = base.clone();
        p.palette[i].name = name.to_string();
        p.palette[i].symbol = symbol;
        p.validate().map_err(|e| e.to_string())
    };
    assert_eq!(with(1, "ink", 'i'), Ok(()));
    for (i, name, symbol, message) in [
        (1, "", 'i', "colour 1 of the palette, \"\": its name needs some text"),
        (2, "a\u{1b}b", 'i', &format!("colour 2 of the palette, \"a\\u{{1b}}b\": {UNPRINTED_NAME}")),
        (2, "red\u{202e}", 'i', &format!("colour 2 of the palette, \"red\\u{{202e}}\": {UNPRINTED_NAME}")),
        (0, "paper", '\n', &format!("the background, \"paper\": {UNPRINTED}")),
        (1, "ink", '\u{200b}', &format!("colour 1 of the palette, \"ink\": {UNPRINTED}")),
        (1, "ink", '\u{301}', "colour 1 of the palette, \"ink\": its character is a combining mark, which prints on the character before it"),
        (1, "ink", '|', "colour 1 of the palette, \"ink\": its character is `|`, which frames the rows of webpbn XML's goal image"),
        (1, "ink", ' ', "colour 1 of the palette, \"ink\": its character is a space, which cannot be seen in a grid"),
        (2, "black", 'z', "colour 2 of the palette, \"black\": another colour has its name"),
        (2, "ink", '#', "colour 2 of the palette, \"ink\": another colour has its character"),
    ] {
        assert_eq!(with(i, name, symbol), Err(message.to_string()), "{name:?} {symbol:?}");
    }
}
