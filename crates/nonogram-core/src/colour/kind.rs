//! Colour as a kind of puzzle for the one search ([`crate::search::Kind`]):
//! a cell is the set of colours it may still take, a solution one colour
//! per cell, clause learning [`ColourSatSearch`], switches two colours
//! traded at a rectangle's corners.

use super::board::{ColourBoard, ColourLineSteps};
use super::puzzle::{colours_of, ColourPuzzle, Colours, BACKGROUND};
use super::sat::ColourSatSearch;
use super::switch::colour_switches;
use crate::kind::LineKind;
use crate::puzzle::PuzzleError;
use crate::search::{solve, Kind, SolveOptions, Stats, Step, Verdict};
use crate::switch::Switch;
use crate::symmetry::Symmetry;

/// Switches of a solution queued at most (a few: each is checked against
/// the clues before it is reported).
const SWITCHES_QUEUED: usize = 8;

/// A solve of a colour puzzle.
pub type ColourSolver = crate::search::Solver<ColourPuzzle>;
/// One unit of a colour solve's work.
pub type ColourStep = Step<ColourPuzzle>;

impl LineKind for ColourPuzzle {
    type Cell = Colours;
    type Board = ColourBoard;
    type Lines = ColourLineSteps;

    fn check_clues(&self) -> Result<(), PuzzleError> {
        self.validate()
    }
    fn size(&self) -> (usize, usize) {
        (self.width(), self.height())
    }
    fn new_board(&self) -> ColourBoard {
        ColourBoard::new(self)
    }
    fn new_lines(&self) -> ColourLineSteps {
        ColourLineSteps::default()
    }
    fn values(cell: Colours) -> impl Iterator<Item = Colours> {
        colours_of(cell).map(|c| 1 << c)
    }
    fn is_known(cell: Colours) -> bool {
        cell.count_ones() == 1
    }
    fn union(a: Colours, b: Colours) -> Colours {
        a | b
    }
    fn without(cell: Colours, value: Colours) -> Colours {
        cell & !value
    }
}

impl Kind for ColourPuzzle {
    type Solution = Vec<u8>;
    type Learning = ColourSatSearch;

    fn first_guess(cell: Colours) -> Colours {
        let runs = cell & !BACKGROUND;
        let pick = if runs != 0 { runs } else { cell };
        pick.isolate_lowest_one()
    }
    fn value_in(solution: &Vec<u8>, index: usize) -> Colours {
        1 << solution[index]
    }
    fn solution_of(board: &ColourBoard) -> Vec<u8> {
        board.cells().iter().map(|c| c.trailing_zeros() as u8).collect()
    }
    fn is_solution_of(&self, solution: &Vec<u8>) -> bool {
        self.is_solution(solution)
    }
    fn symmetries_of(&self) -> Vec<Symmetry> {
        self.symmetries()
    }
    fn clause_bound(&self) -> u64 {
        ColourSatSearch::clause_bound(self)
    }
    fn new_learning(
        &self,
        board: &ColourBoard,
        seed: Option<u64>,
        symmetries: &[Symmetry],
    ) -> ColourSatSearch {
        ColourSatSearch::new_symmetric(self, board.cells(), symmetries, seed)
    }
    fn switches_of(&self, solution: &Vec<u8>, _wanted: usize) -> Vec<(Vec<u8>, Switch)> {
        let width = self.width();
        colour_switches(self, solution, SWITCHES_QUEUED)
            .into_iter()
            .map(|switch| {
                let mut other = solution.clone();
                for row in [switch.rows.0, switch.rows.1] {
                    other.swap(row * width + switch.columns.0, row * width + switch.columns.1);
                }
                (other, switch)
            })
            .filter(|(other, _)| self.is_solution(other))
            .collect()
    }
}

impl ColourSolver {
    /// Each cell's colours left, row-major (under the guesses in force).
    pub fn cells(&self) -> &[Colours] {
        self.board().cells()
    }
}

/// Solves a colour puzzle to at most `max_solutions` solutions, stepping
/// while `keep_going` says so (a time limit, a cancel).
pub fn solve_colour(
    puzzle: &ColourPuzzle,
    max_solutions: usize,
    keep_going: impl FnMut(&ColourStep) -> bool,
) -> Result<(Verdict<Vec<u8>>, Stats), PuzzleError> {
    solve(puzzle, SolveOptions::solutions(max_solutions), keep_going)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::colour::{default_palette, ColourRun};
    use crate::search::{until_verdict, Derivation};
    use crate::testing::Random;

    pub(in crate::colour) fn run(len: u32, colour: u8) -> ColourRun {
        ColourRun { len, colour }
    }

    /// A blocky random picture, as colour puzzles are drawn: each cell
    /// copies its left or upper neighbour half of the time.
    pub(in crate::colour) fn picture(
        random: &mut Random,
        width: usize,
        height: usize,
        colours: u8,
    ) -> Vec<u8> {
        let mut picture = vec![0u8; width * height];
        for i in 0..picture.len() {
            picture[i] = match random.below(4) {
                0 if i % width > 0 => picture[i - 1],
                1 if i >= width => picture[i - width],
                _ => random.below(u64::from(colours) + 1) as u8,
            };
        }
        picture
    }

    /// Clause learning finds a second solution four cells from the first
    /// as a switch (two colours traded at a rectangle's corners), checked
    /// against the clues, before it searches on.
    #[test]
    fn clause_learning_finds_switches_first() {
        let mut random = Random(0x0057_17c0);
        let mut switched = 0;
        for _ in 0..60 {
            let (w, h) = (8 + random.below(6) as usize, 8 + random.below(6) as usize);
            let picture: Vec<u8> = (0..w * h)
                .map(|_| if random.below(100) < 45 { 1 + random.below(2) as u8 } else { 0 })
                .collect();
            let puzzle = ColourPuzzle::from_picture(&picture, w);
            let options = SolveOptions { learn_after: Some(0), ..SolveOptions::solutions(2) };
            let mut solver = ColourSolver::new(&puzzle, options).unwrap();
            let mut first = Vec::new();
            for step in solver.by_ref() {
                match &step {
                    ColourStep::Solution { index: 1, grid: cells, .. } => first = cells.clone(),
                    ColourStep::Solution { grid: cells, from: Some((1, Derivation::Switch(s))), .. } => {
                        assert!(puzzle.is_solution(cells));
                        let apart = (0..w * h).filter(|&i| cells[i] != first[i]).count();
                        assert_eq!(apart, 4, "{s:?}");
                        switched += 1;
                    }
                    _ => {}
                }
            }
        }
        assert!(switched >= 3, "{switched} switches");
    }

    /// Steps until the verdict, checking that cells only narrow between
    /// backtracks (and restarts) and that every solution reported makes
    /// the clues.
    fn solve(puzzle: &ColourPuzzle, max_solutions: usize) -> (Verdict<Vec<u8>>, Stats) {
        let mut solver = ColourSolver::new(puzzle, SolveOptions::solutions(max_solutions)).unwrap();
        let mut before = solver.cells().to_vec();
        while let Some(step) = solver.next() {
            match step {
                ColourStep::Done { verdict } => return (verdict, solver.stats()),
                ColourStep::Solution { grid, .. } => assert!(puzzle.is_solution(&grid)),
                ColourStep::Backtrack { .. } | ColourStep::Restart { .. } => {}
                _ => {
                    let after = solver.cells();
                    assert!(before.iter().zip(after).all(|(b, a)| a & !b == 0), "{step:?} widened a cell");
                }
            }
            before = solver.cells().to_vec();
        }
        unreachable!()
    }

    #[test]
    fn random_pictures_solve_to_themselves_when_unique() {
        let mut random = Random(0xc010_5ea5);
        let (mut unique, mut multiple, mut searched) = (0, 0, 0);
        for round in 0..300 {
            let side = if round % 10 == 0 { 40 } else { 12 };
            let (width, height) = (2 + random.below(side) as usize, 2 + random.below(side) as usize);
            let colours = 2 + random.below(4) as u8;
            let picture = picture(&mut random, width, height, colours);
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let (verdict, stats) = solve(&puzzle, 2);
            match verdict {
                Verdict::Unique(cells) => {
                    assert_eq!(cells, picture, "a unique solution is the picture");
                    unique += 1;
                }
                Verdict::Multiple(solutions) => {
                    assert_eq!(solutions.len(), 2);
                    assert_ne!(solutions[0], solutions[1]);
                    assert!(solutions.iter().all(|s| puzzle.is_solution(s)));
                    multiple += 1;
                }
                other => panic!("{width}×{height}: {other:?}"),
            }
            searched += usize::from(stats.guesses > 0);
        }
        // Both verdicts are met, and some puzzles need guessing.
        assert!(
            unique > 100 && multiple > 20 && searched > 20,
            "{unique} unique, {multiple} multiple, {searched} searched"
        );
    }

    /// The verdict with clause learning from the first guess on, or from
    /// the second, is the verdict of guessing alone: unique with the same
    /// solution, or multiple with two distinct solutions, or none.
    #[test]
    fn clause_learning_agrees_with_guessing() {
        let mut random = Random(0x1ea7_2c0b);
        let mut learnt = 0;
        for round in 0..200 {
            // Half of them noise up to 30 a side: probing solves most
            // small pictures before any guess, and clause learning starts
            // only where search must guess.
            let side = if round % 2 == 0 { 14 } else { 29 };
            let (width, height) = (2 + random.below(side) as usize, 2 + random.below(side) as usize);
            let colours = 1 + random.below(4) as u8;
            let picture = if round % 2 == 0 {
                picture(&mut random, width, height, colours)
            } else {
                (0..width * height).map(|_| random.below(u64::from(colours) + 1) as u8).collect()
            };
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            if puzzle.validate().is_err() {
                continue;
            }
            let verdict = |learn_after: Option<u64>| {
                let mut solver = ColourSolver::new(&puzzle, SolveOptions::solutions(2)).unwrap();
                solver.set_learn_after(learn_after);
                let mut learning = false;
                for step in solver.by_ref() {
                    match step {
                        ColourStep::Learning { .. } => learning = true,
                        ColourStep::Done { verdict } => return (verdict, learning),
                        _ => {}
                    }
                }
                unreachable!("a solve ends with its verdict")
            };
            let (guessing, _) = verdict(None);
            for after in [0, 1] {
                let (learning, learnt_here) = verdict(Some(after));
                learnt += usize::from(learnt_here);
                match (&guessing, &learning) {
                    (Verdict::Unique(a), Verdict::Unique(b)) => assert_eq!(a, b),
                    (Verdict::Multiple(_), Verdict::Multiple(b)) => {
                        assert!(b[0] != b[1] && b.iter().all(|s| puzzle.is_solution(s)))
                    }
                    (a, b) => panic!("{width}×{height}: {a:?} by guessing, {b:?} with clause learning"),
                }
            }
        }
        assert!(learnt > 40, "{learnt} solves by clause learning");
    }

    /// Clause learning starts only while solutions are still wanted: when
    /// the solutions guessing found, and their switches, are enough, the
    /// search ends there (as black and white's does) rather than encoding
    /// the puzzle for nothing.
    #[test]
    fn clause_learning_starts_only_while_solutions_are_wanted() {
        let mut random = Random(0x0501_77e5);
        let (mut ended_by_switches, mut learnt) = (0, 0);
        for _ in 0..600 {
            let (width, height) = (4 + random.below(8) as usize, 4 + random.below(8) as usize);
            let colours = 1 + random.below(3) as u8;
            let picture = picture(&mut random, width, height, colours);
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            for learn_after in 1..=4 {
                let mut solver = ColourSolver::new(&puzzle, SolveOptions::solutions(2)).unwrap();
                solver.set_learn_after(Some(learn_after));
                // Once clause learning starts, a solution found without
                // search comes from one clause learning found.
                let (mut found, mut learning, mut searched_since) = (0, false, false);
                for step in solver.by_ref() {
                    match step {
                        ColourStep::Solution { from, .. } => {
                            found += 1;
                            searched_since |= from.is_none();
                            assert!(
                                !learning || searched_since,
                                "solutions queued before clause learning started"
                            );
                        }
                        ColourStep::Learning { contradictions: 0, .. } => {
                            (learning, searched_since) = (true, false);
                            learnt += 1;
                        }
                        _ => {}
                    }
                }
                let derived_before_learning = found == 2 && !learning;
                ended_by_switches +=
                    usize::from(derived_before_learning && solver.stats().contradictions == 0);
            }
        }
        assert!(
            ended_by_switches > 0 && learnt > 0,
            "{ended_by_switches} ended by switches, {learnt} learnt"
        );
    }

    /// Symmetries compare colours: a mirroring that keeps the runs'
    /// lengths but swaps two colours' order is not one; every symmetry
    /// found maps the picture onto a solution.
    #[test]
    fn symmetries_keep_colours() {
        // red . blue / . . . / blue . red
        let picture = [1, 0, 2, 0, 0, 0, 2, 0, 1];
        let puzzle = ColourPuzzle::from_picture(&picture, 3);
        let names = |found: Vec<crate::symmetry::Symmetry>| -> Vec<String> {
            found.iter().map(|s| s.name().to_string()).collect()
        };
        let shape = names(crate::symmetry::symmetries(&puzzle.shape()));
        let colour = names(puzzle.symmetries());
        assert!(shape.iter().any(|n| n == "mirror left-right"), "{shape:?}");
        assert!(!colour.iter().any(|n| n == "mirror left-right"), "{colour:?}");
        assert!(colour.iter().any(|n| n == "half turn"), "{colour:?}");
        for symmetry in puzzle.symmetries() {
            assert!(puzzle.is_solution(&symmetry.apply_to(&picture)), "{}", symmetry.name());
        }
        // A puzzle with two mirror-image solutions: with clause learning
        // from the start (and its search among the symmetric grids), the
        // second comes as the image of the first.
        let a = [1, 0, 0, 1, 2, 2];
        let puzzle = ColourPuzzle::from_picture(&a, 2);
        assert!(!puzzle.symmetries().is_empty());
        let mut solver = ColourSolver::new(&puzzle, SolveOptions::solutions(2)).unwrap();
        solver.set_learn_after(Some(0));
        let done = |step| if let ColourStep::Done { verdict } = step { Some(verdict) } else { None };
        match until_verdict(&mut solver, done, || true) {
            Some(Verdict::Multiple(found)) => {
                assert!(found.contains(&a.to_vec()) && found.contains(&vec![0, 1, 1, 0, 2, 2]))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn verdicts_name_what_they_found() {
        // Two solutions: a red diagonal either way, under a blue row.
        let a = [1, 0, 0, 1, 2, 2];
        let b = [0, 1, 1, 0, 2, 2];
        let puzzle = ColourPuzzle::from_picture(&a, 2);
        assert_eq!(ColourPuzzle::from_picture(&b, 2).rows, puzzle.rows);
        match solve(&puzzle, 2).0 {
            Verdict::Multiple(found) => {
                assert!(found.contains(&a.to_vec()) && found.contains(&b.to_vec()))
            }
            other => panic!("{other:?}"),
        }
        // One solution asked for: the first found, unique by default.
        assert!(matches!(solve(&puzzle, 1).0, Verdict::Unique(_)));
        // No solution: each colour's totals agree, but no grid fits; line
        // logic finds the contradiction before any guess.
        let puzzle = ColourPuzzle::new(
            vec![vec![run(1, 1), run(1, 2)], vec![run(1, 1), run(1, 2)]],
            vec![vec![run(1, 2), run(1, 1)], vec![run(1, 2), run(1, 1)]],
            default_palette(2),
        );
        assert!(puzzle.validate().is_ok());
        let (verdict, stats) = solve(&puzzle, 2);
        assert!(matches!(verdict, Verdict::None { line: Some(_) }), "{verdict:?}");
        assert_eq!(stats.guesses, 0);
    }

    #[test]
    fn bad_clues_are_refused_by_name() {
        let red = |len| vec![run(len, 1)];
        let p = ColourPuzzle::new(vec![red(3)], vec![red(1), red(1)], default_palette(1));
        assert_eq!(p.validate().unwrap_err().to_string(), "row 1: runs 3 black need 3 cells, the row has 2");
        let p = ColourPuzzle::new(vec![red(1)], vec![red(1), vec![]], default_palette(2));
        assert!(p.validate().is_ok());
        let p = ColourPuzzle::new(vec![vec![run(1, 2)]], vec![red(1)], default_palette(2));
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "the row clues fill 0 black cells but the column clues fill 1"
        );
        let p = ColourPuzzle::new(vec![vec![run(1, 3)]], vec![vec![run(1, 3)]], default_palette(2));
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "row 1: run 1 has a colour the palette does not declare"
        );
        // Two runs of one colour need a gap; of two colours they do not.
        assert_eq!(ColourPuzzle::min_len(&[run(1, 1), run(1, 1)]), 3);
        assert_eq!(ColourPuzzle::min_len(&[run(1, 1), run(1, 2)]), 2);
    }
}
