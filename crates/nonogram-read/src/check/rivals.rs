//! Certain only when no other reading passes: the readings the picture
//! allows besides the one read (each digit's other values the network
//! gives a chance, each doubtful gap read the other way), one change or
//! two at a time, tried against the checks.
//!
//! One change alone moves the rows' total or the columns' total and not
//! the other, so the totals catch it; two changes that move both totals
//! alike (a row's 3 read as 8, a column's 2 read as 7), or one total back
//! and forth, keep them agreeing, and only the fits and the solver can
//! tell. A reading that passes the checks as read, and no rival of which
//! does, is right as far as the picture shows; a digit the network was
//! unsure of is then settled by the checks, not a doubt.

use nonogram_core::{Clue, LineId};

use super::choices::{check, clues_with, Element};
use crate::reading::Reading;

/// How unlikely a rival may be and still be tried: its changes' costs
/// (the negative log of their probability against the reading's)
/// summed, at most (one in 300).
const RIVAL_COST: f32 = 5.7;

/// The most rivals given to the solver: past it, some rival may pass.
const MOST_TRIED: usize = 80;

/// What the rivals of a reading came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Rivals {
    /// None passes the checks.
    None,
    /// A rival passes: the lines it changes.
    Passes(Vec<LineId>),
    /// Too many to try: some may pass.
    Untried,
}

/// One change: an element and its option, its cost, and how it moves
/// the rows' and the columns' totals.
struct Change {
    element: usize,
    option: usize,
    cost: f32,
    rows: i64,
    columns: i64,
}

fn totals(rows: &[Clue], columns: &[Clue]) -> (i64, i64) {
    let sum = |clues: &[Clue]| clues.iter().map(|c| c.0.iter().sum::<u32>() as i64).sum::<i64>();
    (sum(rows), sum(columns))
}

/// The rivals of a reading that passes the checks as read, among `all`
/// its choices.
pub(super) fn rivals(reading: &Reading, all: &[Element]) -> Rivals {
    let (base_rows, base_columns) = {
        let (rows, columns) = clues_with(reading, &[], &[]);
        totals(&rows, &columns)
    };
    let (width, height) = (reading.grid.width(), reading.grid.height());
    let fits = |clue: &Clue, length: usize| {
        clue.0.iter().sum::<u32>() as usize + clue.0.len().saturating_sub(1) <= length
    };
    let mut changes = Vec::new();
    for (element, e) in all.iter().enumerate() {
        for option in 1..e.options() {
            let cost = e.cost(option);
            if cost > RIVAL_COST {
                continue;
            }
            let (rows, columns) = clues_with(reading, std::slice::from_ref(e), &[option]);
            // A change that makes its own line too long never passes.
            if !rows.iter().all(|c| fits(c, width)) || !columns.iter().all(|c| fits(c, height)) {
                continue;
            }
            let (r, c) = totals(&rows, &columns);
            changes.push(Change { element, option, cost, rows: r - base_rows, columns: c - base_columns });
        }
    }
    let mut tried = 0;
    let mut passes = |picked: &[&Change]| -> Option<bool> {
        tried += 1;
        if tried > MOST_TRIED {
            return None;
        }
        let varied: Vec<Element> = picked.iter().map(|c| all[c.element].clone()).collect();
        let chosen: Vec<usize> = picked.iter().map(|c| c.option).collect();
        let (rows, columns) = clues_with(reading, &varied, &chosen);
        Some(check(rows, columns).1.is_ok())
    };
    let line_of = |c: &Change| match &all[c.element] {
        Element::Digit { line, .. } | Element::Gap { line, .. } => *line,
    };
    for (i, a) in changes.iter().enumerate() {
        // Alone: only when it moves neither total (a lone 0 left out).
        if a.rows == 0 && a.columns == 0 {
            match passes(&[a]) {
                None => return Rivals::Untried,
                Some(true) => return Rivals::Passes(vec![line_of(a)]),
                Some(false) => {}
            }
        }
        for b in &changes[i + 1..] {
            if b.element == a.element
                || a.cost + b.cost > RIVAL_COST
                || a.rows + b.rows != a.columns + b.columns
            {
                continue;
            }
            match passes(&[a, b]) {
                None => return Rivals::Untried,
                Some(true) => return Rivals::Passes(vec![line_of(a), line_of(b)]),
                Some(false) => {}
            }
        }
    }
    Rivals::None
}
