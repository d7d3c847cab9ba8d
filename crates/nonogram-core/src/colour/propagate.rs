//! Line logic on colour cells to a fixed point, outside search: what a
//! player's cells give line by line (hints, [`crate::hint::colour`]) and
//! [`ColourPuzzle::solve_by_lines`]. Search propagates through
//! [`crate::propagate::Propagation`], as black and white does.

use super::puzzle::{ColourPuzzle, Colours};
use crate::line::cache::ColourLines;
use crate::puzzle::LineId;
use crate::search::Stats;
use std::collections::VecDeque;

/// Solves one line of `cells`: the cells it changes (position along the
/// line, the colours left), or the line when no placement fits.
fn solve_line(
    puzzle: &ColourPuzzle,
    cells: &[Colours],
    line: LineId,
    stats: &mut Stats,
    solver: &mut ColourLines,
) -> Result<Vec<(usize, Colours)>, LineId> {
    stats.line_solves += 1;
    let before: Vec<Colours> = line.cell_indices(puzzle.width(), puzzle.height()).map(|i| cells[i]).collect();
    let after = solver.solve(puzzle, line, &before).ok_or(line)?;
    Ok(before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (&old, &new))| old != new)
        .map(|(pos, (_, &new))| (pos, new))
        .collect())
}

/// Line solving from `lines` until nothing changes, or the line with no placement.
pub(crate) fn propagate(
    puzzle: &ColourPuzzle,
    cells: &mut [Colours],
    lines: &[LineId],
    stats: &mut Stats,
    solver: &mut ColourLines,
) -> Result<(), LineId> {
    propagate_watching(puzzle, cells, lines, stats, solver, None).map_err(|stop| match stop {
        Stop::Contradiction(line) | Stop::Forced(line, _) => line,
    })
}

/// Why line logic stopped before its fixed point.
pub(crate) enum Stop {
    /// This line has no placement.
    Contradiction(LineId),
    /// This line made these cells (positions along it, colours) known,
    /// which the watched cells leave open.
    Forced(LineId, Vec<(usize, u8)>),
}

/// [`propagate`], stopping at the first line that makes a cell known which
/// `watched` (a player's cells: see `hint::colour`) leaves open.
pub(crate) fn propagate_watching(
    puzzle: &ColourPuzzle,
    cells: &mut [Colours],
    lines: &[LineId],
    stats: &mut Stats,
    solver: &mut ColourLines,
    watched: Option<&[Colours]>,
) -> Result<(), Stop> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut queued = vec![false; width + height];
    let mut queue: VecDeque<LineId> = VecDeque::new();
    for &line in lines {
        queued[line.slot(height)] = true;
        queue.push_back(line);
    }
    while let Some(line) = queue.pop_front() {
        queued[line.slot(height)] = false;
        let changes = solve_line(puzzle, cells, line, stats, solver).map_err(Stop::Contradiction)?;
        if let Some(watched) = watched {
            let forced: Vec<(usize, u8)> = (changes.iter())
                .filter(|&&(pos, new)| {
                    new.count_ones() == 1 && watched[line.cell_index(width, pos)].count_ones() > 1
                })
                .map(|&(pos, new)| (pos, new.trailing_zeros() as u8))
                .collect();
            if !forced.is_empty() {
                return Err(Stop::Forced(line, forced));
            }
        }
        for (pos, new) in changes {
            cells[line.cell_index(width, pos)] = new;
            let crossing = line.crossing(pos);
            if !std::mem::replace(&mut queued[crossing.slot(height)], true) {
                queue.push_back(crossing);
            }
        }
    }
    Ok(())
}

impl ColourPuzzle {
    /// Line logic alone to its fixed point: each cell's colours left, or
    /// the line that no placement fits.
    pub fn solve_by_lines(&self) -> Result<Vec<Colours>, LineId> {
        let mut cells = vec![self.every_colour(); self.width() * self.height()];
        let lines: Vec<LineId> = self.lines().collect();
        propagate(self, &mut cells, &lines, &mut Stats::default(), &mut ColourLines::new())?;
        Ok(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::kind::tests::{picture, run};
    use crate::colour::default_palette;
    use crate::testing::Random;

    #[test]
    fn line_logic_on_colour_pictures_deduces_only_what_the_picture_has() {
        let mut random = Random(0xc010_0047);
        let (mut deduced, mut whole) = (0, 0);
        for _ in 0..400 {
            let (width, height) = (2 + random.below(14) as usize, 2 + random.below(14) as usize);
            let colours = 2 + random.below(4) as u8;
            let picture = picture(&mut random, width, height, colours);
            let puzzle = ColourPuzzle::from_picture(&picture, width);
            let cells = puzzle.solve_by_lines().expect("a picture's clues fit it");
            for (i, (&set, &colour)) in cells.iter().zip(&picture).enumerate() {
                assert!(set & (1 << colour) != 0, "cell {i} lost the picture's colour");
                deduced += usize::from(set.count_ones() == 1);
            }
            whole += usize::from(cells.iter().all(|c| c.count_ones() == 1));
        }
        // Line logic alone deduces many cells, and some whole pictures.
        assert!(deduced > 25_000 && whole > 300, "{deduced} cells, {whole} pictures");
    }

    #[test]
    fn a_contradiction_names_its_line() {
        // Rows red 2 / blue 1 over two columns whose clues want blue on top.
        let puzzle = ColourPuzzle::new(
            vec![vec![run(2, 1)], vec![run(1, 2)]],
            vec![vec![run(1, 2)], vec![run(1, 1)]],
            default_palette(2),
        );
        assert!(puzzle.solve_by_lines().is_err());
        // A small picture line logic solves whole: red and blue touching.
        let picture = [1, 1, 2, 0, 1, 2, 2, 2, 0];
        let puzzle = ColourPuzzle::from_picture(&picture, 3);
        let cells = puzzle.solve_by_lines().unwrap();
        let solved: Vec<u8> = cells.iter().map(|c| c.trailing_zeros() as u8).collect();
        assert_eq!(solved, picture);
        assert!(cells.iter().all(|c| c.count_ones() == 1));
    }
}
