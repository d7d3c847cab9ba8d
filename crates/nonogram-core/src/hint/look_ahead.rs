//! Looking ahead one cell, for both kinds of puzzle: each value of an
//! open cell tried with line logic (the search's own propagation, on a
//! board of the player's cells); a cell all of whose values but one leave
//! a line with no placement is that one. Of such cells, the one whose
//! contradictions come soonest: the easiest for a person to follow. With
//! none, a guess: the trial that deduced the most cells.

use super::words::{Hint, Said};
use crate::kind::Trailed;
use crate::propagate::Propagation;

/// Looking ahead stops looking for an easier cell past this many line
/// solves in all (a hint on a 50×50 board stays well under 200 ms).
const PROBE_BUDGET: u64 = 200_000;

/// Looks ahead one cell from `board`, a fixed point of line logic (no
/// line forces a cell of it); `spent`: line solves already spent on this
/// hint, toward the budget. A [`Hint::Probe`], or a [`Hint::Guess`] when
/// no cell is so deduced.
pub(super) fn look_ahead<P: Said>(puzzle: &P, board: &mut P::Board, spent: u64) -> Hint<P::Value> {
    board.set_stamping(false);
    let base = board.trail_len();
    let width = puzzle.size().0;
    let mut propagation = Propagation::new(puzzle);
    // A trial starts from the two lines through its cell.
    propagation.clear();
    let mut best: Option<Hint<P::Value>> = None;
    // The open trial that deduced the most cells: (cells, index, value).
    let mut farthest: Option<(usize, usize, P::Value)> = None;
    for index in 0..board.len() {
        let values = board.cell(index);
        if P::is_known(values) {
            continue;
        }
        let (mut left, mut ruled_out, mut ruling) = (Vec::new(), Vec::new(), 0);
        for value in P::values(values) {
            let before = propagation.line_solves();
            board.set(index, value);
            propagation.mark_cell(width, index);
            let outcome = loop {
                if let Some(outcome) = propagation.settle_bounded(puzzle, board) {
                    break outcome;
                }
            };
            let deduced = board.trail_len() - base;
            if outcome.is_ok() && farthest.is_none_or(|(most, ..)| deduced > most) {
                farthest = Some((deduced, index, P::value_of(value)));
            }
            board.undo_to(base);
            propagation.clear();
            match outcome {
                Err(line) => {
                    ruled_out.push((P::value_of(value), line));
                    ruling += propagation.line_solves() - before;
                }
                Ok(()) => left.push(value),
            }
            if left.len() > 1 {
                break;
            }
        }
        // Every value ruled out: the player's cells cannot all be right
        // (a guess followed from a checkpoint was wrong), said first: a
        // dead end, each value with the line it leaves with no way to fit.
        if left.is_empty() {
            board.set_stamping(true);
            return Hint::DeadEnd { index, ruled_out };
        }
        // The steps of the trials that ruled values out.
        if let [value] = left[..] {
            if !matches!(best, Some(Hint::Probe { steps, .. }) if steps <= ruling) {
                best = Some(Hint::Probe { index, value: P::value_of(value), ruled_out, steps: ruling });
            }
        }
        // Every value ruled out in the cell's own two lines is as easy as it gets.
        let easy = matches!(&best, Some(Hint::Probe { steps, ruled_out, .. }) if *steps <= 2 * ruled_out.len() as u64);
        if easy || (best.is_some() && spent + propagation.line_solves() > PROBE_BUDGET) {
            break;
        }
    }
    board.set_stamping(true);
    best.unwrap_or(Hint::Guess { cell: farthest.map(|(_, index, value)| (index, value)) })
}
