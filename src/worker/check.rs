//! The fairness check of a picture's puzzle, cut into bounded slices like
//! a [`crate::worker::session::Session`]: first the verdict (one solution or more,
//! and how much search it took), then, for several solutions, single-cell
//! fixes found one solve at a time. Pure Rust, tested natively.

use crate::protocol::{Cells, CheckRequest, FixNote, FromWorker, VerdictKind};
use nonogram_core::black_and_white::fix::FixSearch;
use nonogram_core::colour::fix::ColourFixSearch;
use nonogram_core::colour::{default_palette, ColourPuzzle, ColourSolver, ColourStep};
use nonogram_core::fix::{Fixable, Search};
use nonogram_core::search::until_verdict;
use nonogram_core::{Cell, Grid, Puzzle, SolveOptions, Solver, Step, Verdict};

/// Fixes offered at most.
pub const MAX_FIXES: usize = 6;

enum Phase {
    /// A black-and-white picture's solve, and the picture.
    Solving(Solver, Grid),
    /// A colour picture's solve, its cells and width: its verdict, then
    /// single-cell fixes.
    Colour(ColourSolver, Vec<u8>, usize),
    ColourFixing(ColourFixSearch),
    Fixing(FixSearch),
    Done,
}

pub struct CheckJob {
    id: u32,
    phase: Phase,
    /// Fixes already reported, so a slice that found none posts nothing new.
    reported: Option<(usize, usize)>,
}

impl CheckJob {
    pub fn new(request: &CheckRequest) -> Result<CheckJob, FromWorker> {
        let error = |message: String| FromWorker::PictureError { id: request.id, message };
        if !request.cells.colours().is_empty() {
            return CheckJob::colour(request);
        }
        if let Some(i) = request.cells.iter().position(|&c| c == Cell::Unknown) {
            return Err(error(format!("cell {} of the picture is neither filled nor empty", i + 1)));
        }
        let picture = request
            .cells
            .grid(request.width, request.height)
            .filter(|_| request.width > 0 && request.height > 0)
            .ok_or_else(|| {
                error(format!("the cells do not make a {}×{} picture", request.width, request.height))
            })?;
        let solver = Solver::new(&Puzzle::from_picture(&picture), SolveOptions::solutions(2))
            .map_err(|e| error(e.to_string()))?;
        Ok(CheckJob { id: request.id, phase: Phase::Solving(solver, picture), reported: None })
    }

    /// A colour picture's check: its cells are each one colour.
    fn colour(request: &CheckRequest) -> Result<CheckJob, FromWorker> {
        let error = |message: String| FromWorker::PictureError { id: request.id, message };
        let sets = request.cells.colours();
        if let Some(i) = sets.iter().position(|s| s.count_ones() != 1) {
            return Err(error(format!("cell {} of the picture is not one colour", i + 1)));
        }
        if request.width == 0 || sets.len() != request.width * request.height {
            return Err(error(format!(
                "the cells do not make a {}×{} picture",
                request.width, request.height
            )));
        }
        let cells: Vec<u8> = sets.iter().map(|s| s.trailing_zeros() as u8).collect();
        let solver =
            ColourSolver::new(&ColourPuzzle::from_picture(&cells, request.width), SolveOptions::solutions(2))
                .map_err(|e| error(e.to_string()))?;
        Ok(CheckJob { id: request.id, phase: Phase::Colour(solver, cells, request.width), reported: None })
    }

    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done)
    }

    /// Works while `keep_going()` (asked after each solver step) says so;
    /// returns the message this slice has for the page, if any.
    /// `elapsed_ms()` is read when the check's verdict comes.
    pub fn advance(
        &mut self,
        keep_going: impl FnMut() -> bool,
        elapsed_ms: impl Fn() -> f64,
    ) -> Option<FromWorker> {
        match &mut self.phase {
            Phase::Solving(solver, picture) => {
                let done = |step| if let Step::Done { verdict } = step { Some(verdict) } else { None };
                let verdict = until_verdict(solver, done, keep_going)?;
                let stats = solver.stats();
                let other = verdict.solutions().iter().find(|s| *s != picture).cloned();
                let message = FromWorker::Checked {
                    id: self.id,
                    verdict: VerdictKind::of(&verdict),
                    by_line_logic: stats.by_line_logic(),
                    guesses: stats.guesses,
                    probes: stats.probes,
                    contradictions: stats.contradictions,
                    ms: elapsed_ms(),
                    other: other.as_ref().map(Cells::of),
                };
                self.phase = match (&verdict, other) {
                    (Verdict::Multiple(_), Some(other)) => {
                        Phase::Fixing(FixSearch::new(picture, &other, MAX_FIXES))
                    }
                    _ => Phase::Done,
                };
                Some(message)
            }
            Phase::Colour(solver, picture, width) => {
                let done = |step| if let ColourStep::Done { verdict } = step { Some(verdict) } else { None };
                let verdict = until_verdict(solver, done, keep_going)?;
                let stats = solver.stats();
                let other_cells = verdict.solutions().iter().find(|s| *s != picture).cloned();
                let other = other_cells.as_deref().map(Cells::of_colour_solution);
                let kind = VerdictKind::of(&verdict);
                let colours = usize::from(picture.iter().copied().max().unwrap_or(1).max(1));
                self.phase =
                    match other_cells {
                        Some(o) if kind == VerdictKind::Multiple => Phase::ColourFixing(
                            ColourFixSearch::new(picture, *width, &o, default_palette(colours), MAX_FIXES),
                        ),
                        _ => Phase::Done,
                    };
                Some(FromWorker::Checked {
                    id: self.id,
                    verdict: kind,
                    by_line_logic: stats.by_line_logic(),
                    guesses: stats.guesses,
                    probes: stats.probes,
                    contradictions: 0,
                    ms: elapsed_ms(),
                    other,
                })
            }
            Phase::Fixing(search) => {
                let (done, fixes, tried, total) = fix_slice(search, keep_going, |f| FixNote {
                    row: f.row,
                    col: f.col,
                    fill: f.cell == Cell::Filled,
                    by_line_logic: f.by_line_logic,
                    guesses: f.guesses,
                    colour: None,
                });
                self.report(done, fixes, tried, total)
            }
            Phase::ColourFixing(search) => {
                let (done, fixes, tried, total) = fix_slice(search, keep_going, |f| FixNote {
                    row: f.row,
                    col: f.col,
                    fill: f.colour != 0,
                    by_line_logic: f.by_line_logic,
                    guesses: f.guesses,
                    colour: Some(f.colour),
                });
                self.report(done, fixes, tried, total)
            }
            Phase::Done => None,
        }
    }

    /// The fixes found so far, when there is news: a fix found, the end,
    /// or every few candidates tried.
    fn report(&mut self, done: bool, fixes: Vec<FixNote>, tried: usize, total: usize) -> Option<FromWorker> {
        if done {
            self.phase = Phase::Done;
        }
        let news =
            done || self.reported.is_none_or(|(n, t)| n != fixes.len() || tried >= t + 4.max(total / 10));
        news.then(|| {
            self.reported = Some((fixes.len(), tried));
            FromWorker::Fixes { id: self.id, fixes, tried, total, done }
        })
    }
}

/// One slice of a fix search: whether it is over, its fixes so far as
/// notes, and the candidates tried and in all.
fn fix_slice<P: Fixable>(
    search: &mut Search<P>,
    keep_going: impl FnMut() -> bool,
    note: impl Fn(&P::Fix) -> FixNote,
) -> (bool, Vec<FixNote>, usize, usize) {
    let done = search.run(keep_going);
    (done, search.fixes().iter().map(note).collect(), search.tried(), search.total())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(cells: &str, width: usize) -> Vec<FromWorker> {
        let request =
            CheckRequest { id: 3, width, height: cells.len() / width, cells: Cells::parse(cells).unwrap() };
        let mut job = CheckJob::new(&request).unwrap();
        let mut messages = Vec::new();
        while !job.is_done() {
            let mut budget = 5;
            messages.extend(job.advance(
                || {
                    budget -= 1;
                    budget > 0
                },
                || 1.0,
            ));
        }
        messages
    }

    #[test]
    fn a_fair_picture_is_unique_by_line_logic() {
        let messages = run(".###.##.#..###...##...###", 5);
        assert_eq!(messages.len(), 1);
        let FromWorker::Checked { verdict, by_line_logic, other, .. } = &messages[0] else { panic!() };
        assert_eq!((*verdict, *by_line_logic, other), (VerdictKind::Unique, true, &None));
    }

    #[test]
    fn a_switch_gives_the_other_solution_then_fixes() {
        let picture = "#####.##...#..#..##..#.###...##.##.#";
        let messages = run(picture, 6);
        let FromWorker::Checked { verdict, other: Some(other), .. } = &messages[0] else {
            panic!("{messages:?}")
        };
        assert_eq!(*verdict, VerdictKind::Multiple);
        let differing: Vec<usize> = picture
            .bytes()
            .zip(nonogram_core::cell::line_to_string(other).bytes())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(differing, [14, 15, 20, 21]);
        let Some(FromWorker::Fixes { fixes, done: true, tried, total, .. }) = messages.last() else {
            panic!()
        };
        assert!(!fixes.is_empty() && fixes.len() <= MAX_FIXES);
        assert!(tried <= total);
        // Each fix, applied, checks as unique.
        for f in fixes {
            let mut cells: Vec<u8> = picture.bytes().collect();
            let i = f.row * 6 + f.col;
            assert_eq!(cells[i] == b'#', !f.fill);
            cells[i] = if f.fill { b'#' } else { b'.' };
            let again = run(std::str::from_utf8(&cells).unwrap(), 6);
            assert!(
                matches!(&again[0], FromWorker::Checked { verdict, .. } if *verdict == VerdictKind::Unique),
                "{f:?}"
            );
        }
    }

    #[test]
    fn bad_requests_are_refused() {
        let bad = CheckRequest { id: 1, width: 2, height: 2, cells: Cells::parse("#.?.").unwrap() };
        assert!(matches!(CheckJob::new(&bad), Err(FromWorker::PictureError { .. })));
        let short = CheckRequest { id: 1, width: 2, height: 2, cells: Cells::parse("#.").unwrap() };
        assert!(matches!(CheckJob::new(&short), Err(FromWorker::PictureError { .. })));
    }

    #[test]
    fn colour_pictures_get_their_verdict_the_other_solution_and_fixes() {
        let check = |cells: &[u8], width: usize| {
            let request = CheckRequest {
                id: 4,
                width,
                height: cells.len() / width,
                cells: Cells::of_colour_solution(cells),
            };
            let mut job = CheckJob::new(&request).unwrap();
            let mut messages = Vec::new();
            while !job.is_done() {
                messages.extend(job.advance(|| true, || 1.0));
            }
            messages
        };
        let unique = check(&[1, 1, 2, 0, 1, 2, 2, 2, 0], 3);
        assert!(matches!(
            &unique[..],
            [FromWorker::Checked { verdict: VerdictKind::Unique, other: None, .. }]
        ));
        // A red diagonal either way under a blue row: the other diagonal,
        // then fixes, each a colour for one cell that makes it unique.
        let picture = [1, 0, 0, 1, 2, 2];
        let messages = check(&picture, 2);
        let FromWorker::Checked { verdict, other: Some(other), .. } = &messages[0] else { panic!() };
        assert_eq!(*verdict, VerdictKind::Multiple);
        assert_eq!(*other, Cells::of_colour_solution(&[0, 1, 1, 0, 2, 2]));
        let Some(FromWorker::Fixes { fixes, done: true, .. }) = messages.last() else {
            panic!("{messages:?}")
        };
        assert!(!fixes.is_empty());
        for f in fixes {
            let mut cells = picture;
            cells[f.row * 2 + f.col] = f.colour.unwrap();
            let again = check(&cells, 2);
            assert!(matches!(&again[0], FromWorker::Checked { verdict: VerdictKind::Unique, .. }), "{f:?}");
        }
    }
}
