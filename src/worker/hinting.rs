//! The worker's side of play mode: a hint for a player's cells (see
//! `nonogram_core::hint`, one for both kinds), or a
//! check of them against the puzzle's solutions. The solutions of the last
//! puzzle asked about are kept, so that the first hint solves the puzzle
//! once and the next ones do not. Pure, tested natively.

use crate::protocol::{FromWorker, HintRequest, RunColours};
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::hint::{cell_name, hint, wrong_cells, Difficulty, Hint, Hinted};
use nonogram_core::search::Kind;
use nonogram_core::{Cell, Grid, Puzzle, SolveOptions, Verdict};

/// A puzzle's clues as a request gives them: rows, then columns, and a
/// colour puzzle's run colours.
type Clues = (Vec<Vec<u32>>, Vec<Vec<u32>>, Option<RunColours>);

/// The last puzzle's clues and up to two of its solutions (none when the
/// solve ran out of time or found none).
#[derive(Default)]
pub struct Solutions {
    clues: Option<Clues>,
    grids: Vec<Grid>,
    /// A colour puzzle's solutions, one colour a cell.
    colour: Vec<Vec<u8>>,
    /// The puzzle's grade, when it is unique.
    difficulty: Option<Difficulty>,
}

/// Up to two solutions of `puzzle` and its grade when it is unique (none
/// when the solve ran out of time or found none), either kind.
fn two_solutions<P: Kind>(
    puzzle: &P,
    mut keep_going: impl FnMut() -> bool,
) -> (Vec<P::Solution>, Option<Difficulty>) {
    match nonogram_core::solve(puzzle, SolveOptions::solutions(2), |_| keep_going()) {
        Ok((Verdict::Unique(solution), stats)) => (vec![solution], Some(Difficulty::of(&stats))),
        Ok((verdict, _)) => (verdict.solutions().to_vec(), None),
        Err(_) => (Vec::new(), None),
    }
}

/// What the worker needs of a kind to answer for it, beyond its hints:
/// the player's cells from a request, where its solutions are kept, and
/// a value as the wire carries it (a colour set).
trait Answered: Hinted {
    /// The player's cells (row-major), or `None` when they do not fit.
    fn cells_of(&self, request: &HintRequest) -> Option<Vec<Self::Cell>>;
    /// The kind's solutions kept in `solutions`.
    fn kept(solutions: &mut Solutions) -> &mut Vec<Self::Solution>;
    /// A value as a one-value colour set (black and white: 1 empty, 2 filled).
    fn wire(value: Self::Value) -> u32;
}

impl Answered for Puzzle {
    fn cells_of(&self, request: &HintRequest) -> Option<Vec<Cell>> {
        request.cells.grid(self.width(), self.height()).map(|g| g.cells().to_vec())
    }
    fn kept(solutions: &mut Solutions) -> &mut Vec<Grid> {
        &mut solutions.grids
    }
    fn wire(value: Cell) -> u32 {
        1 << u32::from(value == Cell::Filled)
    }
}

impl Answered for ColourPuzzle {
    fn cells_of(&self, request: &HintRequest) -> Option<Vec<u32>> {
        let cells = request.cells.colours();
        (cells.len() == self.width() * self.height()).then(|| cells.to_vec())
    }
    fn kept(solutions: &mut Solutions) -> &mut Vec<Vec<u8>> {
        &mut solutions.colour
    }
    fn wire(colour: u8) -> u32 {
        1 << colour
    }
}

impl Solutions {
    /// The puzzle's solutions (up to two) and its grade, solving it if it
    /// is new while `keep_going` says so.
    fn of<P: Answered>(
        &mut self,
        request: &HintRequest,
        puzzle: &P,
        keep_going: impl FnMut() -> bool,
    ) -> (&[P::Solution], Option<Difficulty>) {
        let clues = (request.rows.clone(), request.columns.clone(), request.colours.clone());
        if self.clues.as_ref() != Some(&clues) {
            let (found, difficulty) = two_solutions(puzzle, keep_going);
            (self.grids, self.colour) = (Vec::new(), Vec::new());
            *P::kept(self) = found;
            self.difficulty = difficulty;
            self.clues = Some(clues);
        }
        let difficulty = self.difficulty;
        (P::kept(self), difficulty)
    }
}

/// Answers a hint or check request; `keep_going` bounds the solve that
/// finds the solutions (a hint without them still names line and
/// look-ahead deductions, and wrong cells that contradict a line).
pub fn answer(
    request: &HintRequest,
    solutions: &mut Solutions,
    keep_going: impl FnMut() -> bool,
) -> FromWorker {
    match request.colour_puzzle() {
        Some(puzzle) => answer_for(request, &puzzle, solutions, keep_going),
        None => answer_for(request, &request.black_puzzle(), solutions, keep_going),
    }
}

/// A hint or a check for either kind of puzzle.
fn answer_for<P: Answered>(
    request: &HintRequest,
    puzzle: &P,
    solutions: &mut Solutions,
    keep_going: impl FnMut() -> bool,
) -> FromWorker {
    let reply = |text: String| words(request.id, text);
    let Some(cells) = puzzle.cells_of(request) else {
        return reply("The board does not fit the puzzle.".into());
    };
    if let Err(e) = puzzle.check_clues() {
        return reply(format!("The clues have an error: {e}"));
    }
    let (found, difficulty) = solutions.of(request, puzzle, keep_going);
    if request.check {
        let wrong = wrong_cells::<P>(&cells, found).into_iter().map(|i| i as u32).collect();
        return checked(request.id, found.len(), wrong, difficulty);
    }
    // Following a guess, hints come from the clues alone (as on paper).
    let h = hint(puzzle, &cells, if request.guessing.is_some() { &[] } else { found });
    if let Hint::Wrong { cells: wrong } = &h {
        return named_mistakes(request.id, h.explain(puzzle), wrong, difficulty);
    }
    FromWorker::Hinted {
        id: request.id,
        text: said_while_guessing(h.explain(puzzle), led_here(&h, request.guessing), puzzle.size().0),
        line: h.line(),
        cells: h.cells(puzzle.size().0).into_iter().map(|(i, v)| (i as u32, P::wire(v))).collect(),
        wrong: None,
        difficulty,
        guess: matches!(h, Hint::Guess { .. }),
        marked: marked(&h, led_here(&h, request.guessing)),
    }
}

/// The guess being followed (its cell), when the hint is a contradiction
/// or a dead end: that guess led there.
fn led_here<V>(hint: &Hint<V>, guessing: Option<u32>) -> Option<u32> {
    guessing.filter(|_| matches!(hint, Hint::Contradiction { .. } | Hint::DeadEnd { .. }))
}

/// The cells a hint names without deducing them: a dead end's cell, and
/// the guess that led there (see [`led_here`]), once.
fn marked<V>(hint: &Hint<V>, led_here: Option<u32>) -> Vec<u32> {
    let dead_end = match hint {
        Hint::DeadEnd { index, .. } => Some(*index as u32),
        _ => None,
    };
    dead_end.into_iter().chain(led_here.filter(|&g| Some(g) != dead_end)).collect()
}

/// A contradiction met while following a guess names the guess that led
/// there, once, and says where to go.
fn said_while_guessing(text: String, led_here: Option<u32>, width: usize) -> String {
    match led_here {
        Some(guess) => format!(
            "{text} The guess at {} led here: go back to the checkpoint, where it is set the other way.",
            cell_name(guess as usize, width)
        ),
        None => text,
    }
}

/// An answer in words alone (the request could not be worked on).
fn words(id: u32, text: String) -> FromWorker {
    FromWorker::Hinted {
        id,
        text,
        line: None,
        cells: vec![],
        wrong: None,
        difficulty: None,
        guess: false,
        marked: vec![],
    }
}

/// A hint that names mistakes answers as a check does (the cells
/// outlined and counted as mistakes found), in the hint's words: the
/// count beside the board and the hint never disagree.
fn named_mistakes(id: u32, text: String, wrong: &[usize], difficulty: Option<Difficulty>) -> FromWorker {
    outlined(id, text, wrong.iter().map(|&i| i as u32).collect(), difficulty)
}

/// An answer that outlines wrong cells (a check's, or a hint naming
/// mistakes), in words.
fn outlined(id: u32, text: String, wrong: Vec<u32>, difficulty: Option<Difficulty>) -> FromWorker {
    FromWorker::Hinted {
        id,
        text,
        line: None,
        cells: vec![],
        wrong: Some(wrong),
        difficulty,
        guess: false,
        marked: vec![],
    }
}

/// A check's answer: the wrong cells, said in words.
fn checked(id: u32, solutions: usize, wrong: Vec<u32>, difficulty: Option<Difficulty>) -> FromWorker {
    let text = match (solutions, wrong.len()) {
        (0, _) => "Check needs the puzzle's solution, and none was found in time.".to_string(),
        (_, 0) => "Check: no wrong cell.".to_string(),
        (_, 1) => "Check: 1 cell is wrong, outlined.".to_string(),
        (_, n) => format!("Check: {n} cells are wrong, outlined."),
    };
    outlined(id, text, wrong, difficulty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Cells;

    /// Post 003's 5×5 picture.
    const SOLUTION: &str = ".###.##.#..###...##...###";

    fn request(cells: &str, check: bool) -> HintRequest {
        let picture = Cells::parse(SOLUTION).unwrap().grid(5, 5).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        HintRequest::new(3, &puzzle, Cells::parse(cells).unwrap(), check)
    }

    #[test]
    fn a_hint_names_its_line_and_cells_and_the_solutions_are_kept() {
        let mut solutions = Solutions::default();
        let FromWorker::Hinted { id, text, line, cells, wrong, difficulty, guess, marked } =
            answer(&request(&"?".repeat(25), false), &mut solutions, || true)
        else {
            panic!()
        };
        assert_eq!(
            (id, line, wrong, guess, marked),
            (3, Some(nonogram_core::LineId::Column(2)), None, false, vec![])
        );
        assert_eq!(difficulty, Some(Difficulty::Easy));
        assert!(text.starts_with("Column 3, clue 1 3: its runs fit its cells one way only"), "{text}");
        assert_eq!(cells, [(2, 2), (7, 1), (12, 2), (17, 2), (22, 2)]);
        // The same puzzle again: no new solve (a budget that refuses all
        // would have found nothing).
        let again = answer(&request(&"?".repeat(25), true), &mut solutions, || false);
        assert!(matches!(again, FromWorker::Hinted { wrong: Some(w), .. } if w.is_empty()));
    }

    /// At a dead end of line logic and looking ahead, the hint is a guess:
    /// one cell, said as one, to apply from a checkpoint.
    #[test]
    fn a_dead_end_offers_a_guess() {
        let puzzle = Puzzle::from_picture(&Cells::parse("#..#").unwrap().grid(2, 2).unwrap());
        let request = HintRequest::new(5, &puzzle, Cells::unknown(4), false);
        let FromWorker::Hinted { text, cells, guess, .. } =
            answer(&request, &mut Solutions::default(), || true)
        else {
            panic!()
        };
        assert!(guess && text.contains("Try row 1, column 1 filled"), "{text}");
        assert_eq!(cells, [(0, 2)]);
    }

    #[test]
    fn a_check_outlines_the_cells_no_solution_has() {
        let mut board: Vec<char> = "?".repeat(25).chars().collect();
        (board[0], board[1], board[5]) = ('#', '#', '.');
        let cells: String = board.into_iter().collect();
        let played = cells.clone();
        let FromWorker::Hinted { text, wrong, .. } =
            answer(&request(&cells, true), &mut Solutions::default(), || true)
        else {
            panic!()
        };
        assert_eq!((text.as_str(), wrong), ("Check: 2 cells are wrong, outlined.", Some(vec![0, 5])));
        // A hint on that board reports the mistake first.
        let FromWorker::Hinted { text, cells, .. } =
            answer(&request(&cells, false), &mut Solutions::default(), || true)
        else {
            panic!()
        };
        assert!(text.starts_with("2 mistakes, the first at row 1, column 1"), "{text}");
        assert!(cells.is_empty());
        // Following a guess, the clues alone speak: no mistakes named, and
        // a line that cannot fit says where to go back to.
        let mut guessing = request(&played, false);
        guessing.guessing = Some(0);
        let FromWorker::Hinted { text, wrong, .. } = answer(&guessing, &mut Solutions::default(), || true)
        else {
            panic!()
        };
        assert!(wrong.is_none() && !text.contains("mistake"), "{text}");
        let mut dead_end = request(&"#####".repeat(5), false);
        dead_end.guessing = Some(6);
        let FromWorker::Hinted { text, marked: guess, .. } =
            answer(&dead_end, &mut Solutions::default(), || true)
        else {
            panic!()
        };
        assert!(
            text.ends_with(
                "The guess at row 2, column 2 led here: go back to the checkpoint, where it is set the other way."
            ),
            "{text}"
        );
        // A line that cannot be finished names no cell but the guess; a
        // dead end names its cell and the guess (marked on the board) and
        // deduces none; the guess is named once where it is the dead end's.
        assert_eq!(guess, vec![6]);
        let dead = Hint::DeadEnd { index: 7, ruled_out: vec![(Cell::Filled, nonogram_core::LineId::Row(3))] };
        assert_eq!((marked(&dead, None), dead.cells(5)), (vec![7], vec![]));
        assert_eq!(marked(&dead, led_here(&dead, Some(2))), vec![7, 2]);
        assert_eq!(marked(&dead, led_here(&dead, Some(7))), vec![7]);
        let line =
            Hint::<Cell>::Line { line: nonogram_core::LineId::Row(0), forced: vec![], placements: None };
        assert_eq!(marked(&line, led_here(&line, Some(2))), Vec::<u32>::new());
        // Several solutions: a cell is wrong only if both found differ.
        let diagonal = [
            Cells::parse("#..#").unwrap().grid(2, 2).unwrap(),
            Cells::parse(".##.").unwrap().grid(2, 2).unwrap(),
        ];
        // The two diagonals differ in every cell: each value is some solution's.
        let player = Cells::parse("#?#.").unwrap().grid(2, 2).unwrap();
        assert_eq!(wrong_cells::<Puzzle>(player.cells(), &diagonal), Vec::<usize>::new());
        assert_eq!(wrong_cells::<Puzzle>(player.cells(), &diagonal[..1]), vec![2, 3]);
    }

    /// A colour puzzle: a check outlines the cells no solution has, a
    /// hint's cells are colour sets of the solution's colours, and both
    /// carry the puzzle's grade.
    #[test]
    fn colour_hints_and_checks() {
        let picture = [1u8, 1, 2, 0, 1, 2, 2, 2, 0];
        let puzzle = ColourPuzzle::from_picture(&picture, 3);
        let request = |cells: &[u32], check| {
            HintRequest::of_colour(4, &puzzle, crate::protocol::Cells::of_colours(cells.to_vec()), check)
        };
        let mut cells = vec![puzzle.every_colour(); 9];
        cells[3] = 1 << 1; // the background in the picture
        let mut solutions = Solutions::default();
        let FromWorker::Hinted { text, wrong, difficulty, .. } =
            answer(&request(&cells, true), &mut solutions, || true)
        else {
            panic!()
        };
        assert_eq!((text.as_str(), wrong), ("Check: 1 cell is wrong, outlined.", Some(vec![3])));
        // Unique: graded as black and white's are (the page shows it).
        let (_, stats) = nonogram_core::colour::solve_colour(&puzzle, 2, |_| true).unwrap();
        assert_eq!(difficulty, Some(Difficulty::of(&stats)));
        // The mistake first; once mended, a line's cells in their colours
        // (the solutions are kept: a budget that refuses all finds none).
        let FromWorker::Hinted { text, wrong, .. } =
            answer(&request(&cells, false), &mut solutions, || false)
        else {
            panic!()
        };
        assert!(text.starts_with("A mistake: row 2, column 1"), "{text}");
        // Found as a check finds it: outlined and counted beside the board.
        assert_eq!(wrong, Some(vec![3]));
        cells[3] = 1;
        let FromWorker::Hinted { text, line, cells: deduced, wrong, .. } =
            answer(&request(&cells, false), &mut solutions, || false)
        else {
            panic!()
        };
        assert!(wrong.is_none() && line.is_some() && !deduced.is_empty(), "{text}");
        for (i, value) in deduced {
            assert_eq!(value, 1 << picture[i as usize], "{text}");
        }
    }

    #[test]
    fn bad_requests_are_answered_in_words() {
        let mut r = request("??", false);
        assert!(matches!(answer(&r, &mut Solutions::default(), || true),
            FromWorker::Hinted { text, .. } if text == "The board does not fit the puzzle."));
        r = HintRequest {
            rows: vec![vec![3]],
            columns: vec![vec![1], vec![1]],
            cells: Cells::unknown(2),
            ..r
        };
        assert!(matches!(answer(&r, &mut Solutions::default(), || true),
            FromWorker::Hinted { text, .. } if text.starts_with("The clues have an error")));
    }
}
