//! The solver checks a reading, and corrects it where it can.
//!
//! Three checks, cheapest first: each line's clue fits its length, the
//! rows fill as many cells as the columns, and the puzzle has a solution
//! (the solver, within a bounded number of steps). A reading that fails
//! is corrected by a bounded best-first search over the least certain
//! choices (a digit's next most likely values, a doubtful gap read the
//! other way), and, where the rows' and the columns' totals differ, the
//! digits whose other value mends the difference on its own (tried first,
//! however certain the network was of them): the most likely reading that
//! passes is taken, and every number it changed is said. A reading that
//! passes unchanged, with one solution, is certain when no other reading
//! the picture allows passes as well (see [`rivals`]); anything else is
//! doubtful, with the doubts listed.

use std::collections::{BinaryHeap, HashSet};

use nonogram_core::{LineId, Puzzle};

mod choices;
mod rivals;

pub use choices::Place;
use choices::{check, clues_with, elements, line_of, lines, Element};

use crate::clues::Join;
use crate::reading::{LineRead, Reading, LEFT_OUT};

/// The probability under which a digit of a reading that is not certain
/// is listed as a doubt.
pub const CERTAIN: f32 = 0.98;

/// The probability every digit of a certain reading has, at least: the
/// network's first choice by even odds (the checks settle the rest, see
/// [`rivals`]).
pub const LEAST_CERTAINTY: f32 = 0.5;

/// The most readings the correction tries.
const MOST_TRIES: usize = 400;

/// The most choices the correction varies (the least certain ones).
const MOST_VARIED: usize = 14;

/// How certain the reader is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every digit and gap certain, and every check passed unchanged.
    Certain,
    /// Something is in doubt: see the doubts, changes and failure.
    Doubtful,
}

/// A number that may have been read wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct Doubt {
    pub place: Place,
    /// What the reading has.
    pub value: u32,
    /// The reading's certainty of it (the product of its digits').
    pub certainty: f32,
    /// What else it might be, most likely first.
    pub others: Vec<u32>,
}

/// A number the correction changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub place: Place,
    pub read: String,
    pub now: String,
}

/// A checked reading.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The clues: the reading as corrected.
    pub puzzle: Puzzle,
    pub status: Status,
    pub doubts: Vec<Doubt>,
    pub changes: Vec<Change>,
    /// The check the reading still fails (no correction passed), or,
    /// with changes that passed, the one it failed as read ("as read, …").
    pub failure: Option<String>,
    /// What the solver said of the clues (None when a cheaper check
    /// failed).
    pub verdict: Option<&'static str>,
    /// The lines where no number was read: an empty line, or a line
    /// (or a whole extra row or column) that was not read. Always a doubt.
    pub empty_lines: Vec<LineId>,
    /// The gaps between two digits that may part two numbers or join
    /// one, as read (the checks may have read them the other way: see
    /// `changes`): the place of the number before the gap.
    pub doubtful_gaps: Vec<Place>,
    /// The lines whose clue area runs off the picture's edge with ink on
    /// it: a number may be cut off there (see [`crate::read_picture`]).
    /// Always a doubt.
    pub cut_lines: Vec<LineId>,
    /// Where the grid or its clues run on past the grid read (see
    /// [`crate::edges::beyond`]). Always a doubt.
    pub beyond: Vec<crate::edges::Beyond>,
    /// Another grid in the picture besides the puzzle read (see
    /// [`crate::edges::another_grid`]). Always a doubt.
    pub another: bool,
}

/// The most digits the totals add to the choices varied (see
/// [`totals_menders`]).
const MOST_MENDERS: usize = 6;

/// The digits whose other choices would make the rows and the columns
/// fill as many cells, as read otherwise, cheapest first: a digit of a row
/// whose change takes the rows' total to the columns', or of a column the
/// other way. None when the totals agree.
fn totals_menders(reading: &Reading, all: &[Element]) -> Vec<Element> {
    let total =
        |lines: &[LineRead]| -> i64 { lines.iter().map(|l| l.clue().iter().sum::<u32>() as i64).sum() };
    let delta = total(&reading.rows) - total(&reading.columns);
    if delta == 0 {
        return Vec::new();
    }
    let mut found: Vec<(f32, Element)> = Vec::new();
    for e in all {
        let Element::Digit { line, index, options } = e else { continue };
        let read = line_of(reading, *line);
        let Some(number) = read.numbers().into_iter().find(|n| n.digits.contains(index)) else { continue };
        // The digit's place in its number (the digits left out of it by
        // the reading are not in its range's count).
        let kept: Vec<usize> =
            number.digits.clone().filter(|&i| read.digits[i].digit() != LEFT_OUT).collect();
        let Some(rank) = kept.iter().rev().position(|&i| i == *index) else { continue };
        let place = 10i64.pow(rank as u32);
        let wanted = match line {
            LineId::Row(_) => -delta,
            LineId::Column(_) => delta,
        };
        // Any digit the network gives a chance, not only its likeliest
        // three: a blurred 0 read as 6 may have 8 and 9 before it.
        let digit = &read.digits[*index];
        let old = i64::from(options[0].0);
        let top = digit.certainty().max(1e-9);
        let counted = 1.0 - digit.no_digit;
        let mends = digit.choices.iter().find(|(d, _)| (i64::from(*d) - old) * place == wanted);
        if let Some(&(d, p)) = mends {
            let cost = (top / (p * counted).max(1e-9)).ln();
            let options = vec![options[0], (d, cost)];
            found.push((cost, Element::Digit { line: *line, index: *index, options }));
        }
    }
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    found.into_iter().map(|(_, e)| e).collect()
}

/// The reading with the joins inside a number longer than its line (a
/// 111 beside a row of 26 cells) read apart, and in doubt, with each such
/// number said as a change: no clue holds such a number, so its digits
/// are numbers set close (blur closes the gaps between a row's single
/// digits); the checks may still join them. `None` when no number is too
/// long.
fn parted_where_too_long(reading: &Reading) -> Option<(Reading, Vec<Change>)> {
    let mut changes = Vec::new();
    let mut part = |line: LineId, read: &LineRead| {
        let length = match line {
            LineId::Row(_) => reading.grid.width(),
            LineId::Column(_) => reading.grid.height(),
        };
        let mut parted = read.clone();
        for (k, number) in read.numbers().into_iter().enumerate() {
            if number.value as usize <= length || number.digits.len() < 2 {
                continue;
            }
            for j in number.digits.start..number.digits.end - 1 {
                if parted.joins[j].joins() {
                    parted.joins[j] = Join::DoubtfulApart;
                }
            }
            let digits: Vec<String> = number.value.to_string().chars().map(String::from).collect();
            changes.push(Change {
                place: Place { line, number: k + 1 },
                read: number.value.to_string(),
                now: digits.join(" "),
            });
        }
        parted
    };
    let rows = reading.rows.iter().enumerate().map(|(i, l)| part(LineId::Row(i), l)).collect();
    let columns = reading.columns.iter().enumerate().map(|(i, l)| part(LineId::Column(i), l)).collect();
    (!changes.is_empty())
        .then(|| (Reading { grid: reading.grid.clone(), rows, columns, straightened: None }, changes))
}

/// Checks a reading and corrects it where a bounded search can.
pub fn check_reading(reading: &Reading) -> Checked {
    let parted = parted_where_too_long(reading);
    let (reading, forced) = match &parted {
        Some((parted, forced)) => (parted, forced.clone()),
        None => (reading, Vec::new()),
    };
    let all = elements(reading);
    let mut varied: Vec<Element> = all.iter().filter(|e| e.switch_cost().is_finite()).cloned().collect();
    varied.sort_by(|a, b| a.switch_cost().total_cmp(&b.switch_cost()));
    varied.truncate(MOST_VARIED);
    // Where the rows and the columns fill different counts of cells, a
    // digit read wrong is one whose other choice mends the difference
    // exactly, however certain the network was of it: those are varied too.
    // (choice, option) of each such change, tried on its own first.
    let mut mending: Vec<(usize, usize)> = Vec::new();
    for e in totals_menders(reading, &all).into_iter().take(MOST_MENDERS) {
        let Element::Digit { options: mend, .. } = &e else { continue };
        let (digit, cost) = mend[1];
        match varied.iter_mut().position(|v| v.chosen() == e.chosen()) {
            Some(i) => {
                let Element::Digit { options, .. } = &mut varied[i] else { continue };
                let at = options.iter().position(|o| o.0 == digit).unwrap_or_else(|| {
                    options.push((digit, cost));
                    options.len() - 1
                });
                mending.push((i, at));
            }
            None => {
                varied.push(e);
                mending.push((varied.len() - 1, 1));
            }
        }
    }
    let doubts = doubts(reading);
    let empty_lines: Vec<LineId> =
        lines(reading).filter(|(_, l)| l.digits.is_empty()).map(|(id, _)| id).collect();
    let doubtful_gaps = doubtful_gaps(reading);

    // Best first: the readings in order of cost (a heap of choice vectors;
    // the next ones raise one choice by one).
    let start = vec![0usize; varied.len()];
    let cost = |chosen: &[usize]| -> f32 { varied.iter().zip(chosen).map(|(e, &c)| e.cost(c)).sum() };
    let mut heap = BinaryHeap::new();
    let mut seen = HashSet::new();
    heap.push(Ranked(Tier::AsRead, 0.0, start.clone()));
    seen.insert(start.clone());
    // Right after the reading as read, each change that mends the totals
    // on its own (cheapest first), before the combinations of cheaper
    // ones could use up the tries.
    for &(i, option) in &mending {
        let mut one = start.clone();
        one[i] = option;
        if seen.insert(one.clone()) {
            heap.push(Ranked(Tier::Mending, cost(&one), one));
        }
    }
    let mut first: Option<(Puzzle, String)> = None;
    let mut fallback: Option<(Puzzle, Vec<usize>, &'static str)> = None;
    let mut tries = 0;
    while let Some(Ranked(_, _, chosen)) = heap.pop() {
        tries += 1;
        let (rows, columns) = clues_with(reading, &varied, &chosen);
        let (puzzle, outcome) = check(rows, columns);
        match outcome {
            Ok(verdict) => {
                let unchanged = chosen == start;
                // Several solutions may be a misreading that happens to
                // agree: a correction keeps looking for one with a single
                // solution, and takes the first that agreed otherwise.
                if unchanged || verdict == "unique" {
                    let changes = [forced.clone(), changes(reading, &varied, &chosen)].concat();
                    // A line with no number read is a doubt too: an empty
                    // line, or a line of the grid that is not one (a
                    // photo's shadow or edge taken for a line). So are
                    // several solutions: a puzzle is made to have one, and
                    // a number lost from a row and an equal one from a
                    // column keep the totals agreeing.
                    // Certain: every digit at even odds or better, and
                    // no other reading the picture allows passes too
                    // (the checks settle what the network doubted).
                    let certain = lines(reading)
                        .all(|(_, l)| l.digits.iter().all(|d| d.certainty() >= LEAST_CERTAINTY));
                    let certain = unchanged
                        && forced.is_empty()
                        && empty_lines.is_empty()
                        && verdict == "unique"
                        && certain
                        && rivals::rivals(reading, &all) == rivals::Rivals::None;
                    let failure = first.map(|(_, why)| why).filter(|_| !unchanged);
                    let (doubts, doubtful_gaps) =
                        if certain { (Vec::new(), Vec::new()) } else { (doubts, doubtful_gaps) };
                    return Checked {
                        puzzle,
                        status: if certain { Status::Certain } else { Status::Doubtful },
                        doubts,
                        changes,
                        failure: failure.map(|why| format!("as read, {why}")),
                        verdict: Some(verdict),
                        empty_lines,
                        doubtful_gaps,
                        cut_lines: Vec::new(),
                        beyond: Vec::new(),
                        another: false,
                    };
                }
                if fallback.is_none() {
                    fallback = Some((puzzle, chosen.clone(), verdict));
                }
            }
            Err(why) => {
                if first.is_none() {
                    first = Some((puzzle, why));
                }
            }
        }
        if tries >= MOST_TRIES {
            break;
        }
        for i in 0..chosen.len() {
            if chosen[i] + 1 < varied[i].options() {
                let mut next = chosen.clone();
                next[i] += 1;
                if seen.insert(next.clone()) {
                    heap.push(Ranked(Tier::Search, cost(&next), next));
                }
            }
        }
    }
    if let Some((puzzle, chosen, verdict)) = fallback {
        let why = first.as_ref().map(|(_, why)| format!("as read, {why}"));
        return Checked {
            puzzle,
            status: Status::Doubtful,
            doubts,
            changes: [forced, changes(reading, &varied, &chosen)].concat(),
            failure: why,
            verdict: Some(verdict),
            empty_lines,
            doubtful_gaps,
            cut_lines: Vec::new(),
            beyond: Vec::new(),
            another: false,
        };
    }
    let (puzzle, why) = first.expect("the reading as read was tried first");
    Checked {
        puzzle,
        status: Status::Doubtful,
        doubts,
        changes: forced,
        failure: Some(why),
        verdict: None,
        empty_lines,
        doubtful_gaps,
        cut_lines: Vec::new(),
        beyond: Vec::new(),
        another: false,
    }
}

/// The place of the number before each doubtful gap, as read.
fn doubtful_gaps(reading: &Reading) -> Vec<Place> {
    let mut out = Vec::new();
    for (line, read) in lines(reading) {
        let mut number = 1;
        for join in &read.joins {
            if join.is_doubtful() {
                out.push(Place { line, number });
            }
            if !join.joins() {
                number += 1;
            }
        }
    }
    out
}

/// Which readings the heap pops first: the reading as read, then the
/// single changes that mend the totals, then the search by cost.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    AsRead,
    Mending,
    Search,
}

/// A reading's tier, cost and choices, ordered so that the heap pops the
/// first tier first, and in it the cheapest.
#[derive(PartialEq)]
struct Ranked(Tier, f32, Vec<usize>);

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other.0.cmp(&self.0).then_with(|| other.1.total_cmp(&self.1)).then_with(|| other.2.cmp(&self.2))
    }
}

/// The numbers (as text: a gap read the other way changes how many there
/// are) of each line the chosen reading changed.
fn changes(reading: &Reading, varied: &[Element], chosen: &[usize]) -> Vec<Change> {
    let start = vec![0; varied.len()];
    let (rows_before, columns_before) = clues_with(reading, varied, &start);
    let (rows_after, columns_after) = clues_with(reading, varied, chosen);
    let mut out = Vec::new();
    let pairs =
        rows_before.iter().zip(&rows_after).enumerate().map(|(i, p)| (LineId::Row(i), p)).chain(
            columns_before.iter().zip(&columns_after).enumerate().map(|(i, p)| (LineId::Column(i), p)),
        );
    for (line, (before, after)) in pairs {
        if before == after {
            continue;
        }
        let (b, a) = (&before.0, &after.0);
        if b.len() == a.len() {
            for (k, (x, y)) in b.iter().zip(a).enumerate() {
                if x != y {
                    out.push(Change {
                        place: Place { line, number: k + 1 },
                        read: x.to_string(),
                        now: y.to_string(),
                    });
                }
            }
        } else {
            let text = |c: &[u32]| c.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            out.push(Change { place: Place { line, number: 1 }, read: text(b), now: text(a) });
        }
    }
    out
}

/// The numbers read with less than [`CERTAIN`] certainty in a digit.
fn doubts(reading: &Reading) -> Vec<Doubt> {
    let mut out = Vec::new();
    for (line, read) in lines(reading) {
        let numbers = read.numbers();
        let mut place = 0;
        for number in &numbers {
            if number.value > 0 || numbers.len() > 1 {
                place += 1;
            }
            let digits = &read.digits[number.digits.clone()];
            if digits.iter().all(|d| d.certainty() >= CERTAIN) {
                continue;
            }
            let certainty: f32 = digits.iter().map(|d| d.certainty()).product();
            // Each other reading of one digit, most likely first.
            let mut others: Vec<(u32, f32)> = Vec::new();
            for (k, d) in digits.iter().enumerate() {
                for &(alt, p) in d.choices.iter().skip(1).take(2) {
                    let value = digits.iter().enumerate().fold(0u32, |v, (j, x)| {
                        v.saturating_mul(10).saturating_add(if j == k { alt } else { x.digit() } as u32)
                    });
                    others.push((value, p));
                }
            }
            others.sort_by(|a, b| b.1.total_cmp(&a.1));
            out.push(Doubt {
                place: Place { line, number: place.max(1) },
                value: number.value,
                certainty,
                others: others.into_iter().map(|(v, _)| v).collect(),
            });
        }
    }
    out
}
