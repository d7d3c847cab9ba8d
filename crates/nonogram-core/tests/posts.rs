//! The posts' behaviour, reproduced: post 001's line cases, post 003's
//! picture and sweep report, post 004's 3×3, post 002's lambda, Tatham's 4×4.

use nonogram_core::cell::{line_from_str, line_to_string};
use nonogram_core::line::placement::{brute_force_solve, draw_placement, placements};
use nonogram_core::line::solve_line;
use nonogram_core::{Cell, Clue, Grid, Puzzle, SolveOptions, Solver, Step, Verdict};

/// Post 001's seven Wikipedia cases, in trace notation (`?` unknown, `.` empty,
/// `#` filled): `[runs] line before -> line after`, after = the post's "Resultant fixes".
const POST_001_CASES: &[&str] = &[
    "simple boxes:          [8] ?????????? -> ??######??",
    "simple boxes:        [4 3] ?????????? -> ??##???#??",
    "simple spaces:       [3 1] ???#????#? -> .??#??..#.",
    "forcing:             [3 2] ????.?.??? -> ?##?...?#?",
    "glue:                  [5] ??#??????? -> ??###??...",
    "glue:                [1 3] #?.?#????? -> #..?##?...",
    "joining and splitting: [5 2 2] ??##?##???#?#?? -> ..#####..##.##.",
];

fn parse_case(case: &str) -> (Vec<u32>, Vec<Cell>, Vec<Cell>) {
    let (_, rest) = case.split_once(':').unwrap();
    let (runs, rest) = rest.trim().trim_start_matches('[').split_once(']').unwrap();
    let runs = runs.split_whitespace().map(|r| r.parse().unwrap()).collect();
    let (before, after) = rest.split_once("->").unwrap();
    (runs, line_from_str(before.trim()).unwrap(), line_from_str(after.trim()).unwrap())
}

#[test]
fn post_001_line_cases_give_the_resultant_fixes() {
    for case in POST_001_CASES {
        let (runs, before, expected) = parse_case(case);
        let got = solve_line(&runs, &before).unwrap();
        assert_eq!(line_to_string(&got), line_to_string(&expected), "{case}");
        assert_eq!(brute_force_solve(&runs, &before).unwrap(), expected, "oracle: {case}");
    }
}

#[test]
fn post_001_placements_are_drawn_with_a_letter_per_run() {
    // The post's "Simple spaces" case lists three placements.
    let line = line_from_str("???#????#?").unwrap();
    let (all, complete) = placements(&[3, 1], &line, 100);
    assert!(complete);
    let drawn: Vec<String> = all.iter().map(|p| draw_placement(&[3, 1], p, &line)).collect();
    assert_eq!(drawn, [".AAa....b.", "..AaA...b.", "...aAA..b."]);
    // "Forcing": known empty cells drawn as `_`.
    let line = line_from_str("????.?.???").unwrap();
    let (all, _) = placements(&[3, 2], &line, 100);
    let drawn: Vec<String> = all.iter().map(|p| draw_placement(&[3, 2], p, &line)).collect();
    assert_eq!(drawn, ["AAA._._BB.", "AAA._._.BB", ".AAA_._BB.", ".AAA_._.BB"]);
}

fn picture(text: &str) -> Grid {
    let rows: Vec<Vec<Cell>> = text
        .lines()
        .map(|l| l.chars().map(|c| if c == '1' || c == '#' { Cell::Filled } else { Cell::Empty }).collect())
        .collect();
    Grid::from_rows(&rows).unwrap()
}

fn clues(list: &str) -> Vec<Clue> {
    list.split('/')
        .map(|c| Clue(c.split_whitespace().map(|r| r.parse().unwrap()).filter(|&r| r != 0).collect()))
        .collect()
}

const POST_003_PICTURE: &str = "01110\n11010\n01110\n00110\n00111";

#[test]
fn post_003_picture_gives_its_clues() {
    let p = Puzzle::from_picture(&picture(POST_003_PICTURE));
    assert_eq!(p.rows, clues("3/2 1/3/2/3"));
    assert_eq!(p.columns, clues("1/3/1 3/5/1"));
}

#[test]
fn post_003_sweep_report() {
    let p = Puzzle::from_picture(&picture(POST_003_PICTURE));
    let mut solver = Solver::new(&p, SolveOptions::default()).unwrap();
    let mut sweeps = Vec::new();
    let mut contradictions = 0;
    let mut verdict = None;
    for step in solver.by_ref() {
        match step {
            Step::Done { verdict: v } => verdict = Some(v),
            Step::Sweep { sweep, unknown } => sweeps.push((sweep, unknown)),
            Step::Contradiction { .. } => contradictions += 1,
            _ => {}
        }
    }
    // The post prints "Iteration 1 has 0 errors and 12 unknown cells", then 1,
    // then 0. Its iteration 1 matches; its iteration 2 leaves cell (1, 5)
    // unknown only because its line solver is not exact (see the next test):
    // column 5 `?...#` with clue [1] forces that cell empty, so an exact
    // solver knows every cell after sweep 2. Sweep 3 re-checks the rows that
    // sweep 2's columns changed and finds nothing new.
    assert_eq!(sweeps, [(1, 12), (2, 0), (3, 0)]);
    assert_eq!(contradictions, 0);
    assert_eq!(verdict, Some(Verdict::Unique(picture(POST_003_PICTURE))));
    assert!(solver.stats().by_line_logic());
}

#[test]
fn post_003_iteration_2_differs_because_the_seed_line_solver_is_not_exact() {
    // Post 003's column 5 in its iteration 2: clue [1], rows 2-4 empty, row 5
    // filled. The post's `nonovector` yields two placements for it, `#....`
    // (which leaves the filled row 5 outside any run) and `....#`; only the
    // second is valid, so the top cell is empty.
    let line = line_from_str("?...#").unwrap();
    let (all, complete) = placements(&[1], &line, 10);
    assert!(complete);
    assert_eq!(all, [vec![4]]);
    assert_eq!(line_to_string(&solve_line(&[1], &line).unwrap()), "....#");
}

fn solve(p: &Puzzle) -> (Verdict, nonogram_core::Stats) {
    nonogram_core::solve(p, SolveOptions::default(), |_| true).unwrap()
}

#[test]
fn post_004_three_by_three() {
    let p = Puzzle::new(clues("1 1/2/2"), clues("1 1/2/2"));
    let (verdict, stats) = solve(&p);
    assert_eq!(verdict, Verdict::Unique(picture("101\n011\n110")));
    assert!(stats.by_line_logic());
}

#[test]
fn post_002_lambda_needs_search() {
    let p =
        Puzzle::new(clues("2/1 2/1 1/2/1/3/3/2 2/2 1/2 2 1/2 3/2 2"), clues("2 1/1 3/2 4/3 4/4/3/3/3/2/2"));
    let expected = picture(
        ".##.......\n#.##......\n#..#......\n...##.....\n....#.....\n...###....\n\
         ...###....\n..##.##...\n..##..#...\n.##...##.#\n.##....###\n##.....##.",
    );
    let (verdict, stats) = solve(&p);
    assert_eq!(verdict, Verdict::Unique(expected));
    assert!(!stats.by_line_logic(), "the post says line logic alone leaves the lambda unknown");
    assert!(stats.probes + stats.guesses > 0);
}

#[test]
fn tatham_four_by_four_needs_search() {
    // `4x4:2/1/2/1/1.1/2/1/1`: columns first, then rows.
    let p = Puzzle::new(clues("1 1/2/1/1"), clues("2/1/2/1"));
    let mut solver = Solver::new(&p, SolveOptions::default()).unwrap();
    // Line logic alone cannot start: the first sweep deduces nothing.
    let first_sweep = solver.by_ref().find(|s| matches!(s, Step::Sweep { .. })).unwrap();
    assert_eq!(first_sweep, Step::Sweep { sweep: 1, unknown: 16 });
    let verdict = solver.by_ref().find_map(|s| match s {
        Step::Done { verdict } => Some(verdict),
        _ => None,
    });
    let Some(Verdict::Unique(grid)) = verdict else { panic!("expected a unique solution, got {verdict:?}") };
    assert!(p.is_solution(&grid));
    assert!(!solver.stats().by_line_logic());
}

#[test]
fn two_by_two_diagonal_has_two_solutions() {
    let p = Puzzle::new(clues("1/1"), clues("1/1"));
    let (verdict, _) = solve(&p);
    let Verdict::Multiple(solutions) = verdict else { panic!("expected multiple, got {verdict:?}") };
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    for s in &solutions {
        assert!(p.is_solution(s));
    }
}

#[test]
fn contradictory_clues_name_the_line() {
    // Totals agree (2 = 2) but row 1 fills column 1, whose clue is empty.
    let p = Puzzle::new(clues("2/0"), clues("0/2"));
    let (verdict, _) = solve(&p);
    assert_eq!(verdict, Verdict::None { line: Some(nonogram_core::LineId::Column(0)) });
}

#[test]
fn validation_messages_name_the_line() {
    let p = Puzzle::new(clues("1/1/4 5"), clues("1/1/1/1/1/1/1/1/1"));
    assert_eq!(p.validate().unwrap_err().to_string(), "row 3: runs 4 5 need 10 cells, the row has 9");
    let p = Puzzle::new(clues("1/1"), clues("1/0"));
    assert_eq!(
        p.validate().unwrap_err().to_string(),
        "the row clues fill 2 cells but the column clues fill 1"
    );
    let p = Puzzle::new(vec![Clue(vec![1, 0])], clues("1/0/0"));
    assert!(p.validate().unwrap_err().to_string().starts_with("row 1: run 2 is 0"));
    let p = Puzzle::new(vec![Clue(vec![])], vec![Clue(vec![]); 1001]);
    assert!(p.validate().unwrap_err().to_string().contains("largest side accepted is 1000"));
}
