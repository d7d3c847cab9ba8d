//! The worker's side of play mode: a hint for a player's cells (see
//! `nonogram_core::hint`), or a check of them against the puzzle's
//! solutions. The solutions of the last puzzle asked about are kept, so
//! that the first hint solves the puzzle once and the next ones do not.
//! Pure, tested natively.

use crate::protocol::{FromWorker, HintRequest};
use nonogram_core::hint::{hint, Difficulty};
use nonogram_core::{Cell, Clue, Grid, Puzzle, SolveOptions, Verdict};

/// A puzzle's clues as a request gives them: rows, then columns.
type Clues = (Vec<Vec<u32>>, Vec<Vec<u32>>);

/// The last puzzle's clues and up to two of its solutions (none when the
/// solve ran out of time or found none).
#[derive(Default)]
pub struct Solutions {
    clues: Option<Clues>,
    grids: Vec<Grid>,
    /// The puzzle's grade, when it is unique.
    difficulty: Option<Difficulty>,
}

impl Solutions {
    /// The puzzle's solutions (up to two) and its grade, solving it if it
    /// is new while `keep_going` says so.
    fn of(
        &mut self,
        request: &HintRequest,
        puzzle: &Puzzle,
        keep_going: impl FnMut() -> bool,
    ) -> (&[Grid], Option<Difficulty>) {
        let clues = (request.rows.clone(), request.columns.clone());
        if self.clues.as_ref() != Some(&clues) {
            let mut keep_going = keep_going;
            (self.grids, self.difficulty) =
                match nonogram_core::solve(puzzle, SolveOptions::solutions(2), |_| keep_going()) {
                    Ok((Verdict::Unique(g), stats)) => (vec![g], Some(Difficulty::of(&stats))),
                    Ok((Verdict::Multiple(gs), _)) => (gs, None),
                    _ => (Vec::new(), None),
                };
            self.clues = Some(clues);
        }
        (&self.grids, self.difficulty)
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
    let clues = |v: &Vec<Vec<u32>>| v.iter().map(|c| Clue(c.clone())).collect();
    let puzzle = Puzzle::new(clues(&request.rows), clues(&request.columns));
    let reply = |text: String| FromWorker::Hinted {
        id: request.id,
        text,
        line: None,
        cells: vec![],
        wrong: None,
        difficulty: None,
    };
    let Some(cells) = request.cells.grid(puzzle.width(), puzzle.height()) else {
        return reply("The board does not fit the puzzle.".into());
    };
    if let Err(e) = puzzle.validate() {
        return reply(format!("The clues have an error: {e}"));
    }
    let (grids, difficulty) = solutions.of(request, &puzzle, keep_going);
    if request.check {
        let wrong = wrong_cells(&cells, grids);
        let text = match (grids.len(), wrong.len()) {
            (0, _) => "Check needs the puzzle's solution, and none was found in time.".to_string(),
            (_, 0) => "Check: no wrong cell.".to_string(),
            (_, 1) => "Check: 1 cell is wrong, outlined.".to_string(),
            (_, n) => format!("Check: {n} cells are wrong, outlined."),
        };
        return FromWorker::Hinted {
            id: request.id,
            text,
            line: None,
            cells: vec![],
            wrong: Some(wrong),
            difficulty,
        };
    }
    let unique = match grids {
        [only] => Some(only),
        _ => None,
    };
    let h = hint(&puzzle, &cells, unique);
    FromWorker::Hinted {
        id: request.id,
        text: h.explain(&puzzle),
        line: h.line(),
        cells: h.cells(puzzle.width()).into_iter().map(|(i, c)| (i as u32, c == Cell::Filled)).collect(),
        wrong: None,
        difficulty,
    }
}

/// The player's cells no solution has: those that differ from the only
/// solution, or (several) from each of the two found. With no solution
/// known, none.
fn wrong_cells(cells: &Grid, grids: &[Grid]) -> Vec<u32> {
    if grids.is_empty() {
        return Vec::new();
    }
    (0..cells.cells().len())
        .filter(|&i| {
            let c = cells.cells()[i];
            c.is_known() && grids.iter().all(|g| g.cells()[i] != c)
        })
        .map(|i| i as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Cells;

    /// Seed 003's 5×5 picture.
    const SOLUTION: &str = ".###.##.#..###...##...###";

    fn request(cells: &str, check: bool) -> HintRequest {
        let picture = Cells::parse(SOLUTION).unwrap().grid(5, 5).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        HintRequest::new(3, &puzzle, Cells::parse(cells).unwrap(), check)
    }

    #[test]
    fn a_hint_names_its_line_and_cells_and_the_solutions_are_kept() {
        let mut solutions = Solutions::default();
        let FromWorker::Hinted { id, text, line, cells, wrong, difficulty } =
            answer(&request(&"?".repeat(25), false), &mut solutions, || true)
        else {
            panic!()
        };
        assert_eq!((id, line, wrong), (3, Some(nonogram_core::LineId::Column(2)), None));
        assert_eq!(difficulty, Some(Difficulty::Easy));
        assert!(text.starts_with("Column 3, clue 1 3: only one placement"), "{text}");
        assert_eq!(cells, [(2, true), (7, false), (12, true), (17, true), (22, true)]);
        // The same puzzle again: no new solve (a budget that refuses all
        // would have found nothing).
        let again = answer(&request(&"?".repeat(25), true), &mut solutions, || false);
        assert!(matches!(again, FromWorker::Hinted { wrong: Some(w), .. } if w.is_empty()));
    }

    #[test]
    fn a_check_outlines_the_cells_no_solution_has() {
        let mut board: Vec<char> = "?".repeat(25).chars().collect();
        (board[0], board[1], board[5]) = ('#', '#', '.');
        let cells: String = board.into_iter().collect();
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
        // Several solutions: a cell is wrong only if both found differ.
        let diagonal = [
            Cells::parse("#..#").unwrap().grid(2, 2).unwrap(),
            Cells::parse(".##.").unwrap().grid(2, 2).unwrap(),
        ];
        // The two diagonals differ in every cell: each value is some solution's.
        let player = Cells::parse("#?#.").unwrap().grid(2, 2).unwrap();
        assert_eq!(wrong_cells(&player, &diagonal), Vec::<u32>::new());
        assert_eq!(wrong_cells(&player, &diagonal[..1]), vec![2, 3]);
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
