//! The choices a reading leaves open (each digit's other values, each
//! doubtful gap read the other way), and the checks a reading's clues
//! must pass.

use nonogram_core::{solve, Clue, LineId, Puzzle, SolveOptions, Verdict};

use crate::reading::{clue_of, LineRead, Reading, LEFT_OUT};

/// "No digit" is offered as one of a digit's choices (the digit left out)
/// when the network gives it this probability at least (each choice
/// offered doubles the readings tried); set by hand, not swept.
const NO_DIGIT_CHOICE: f32 = 0.01;

/// The solver's steps a check may take: a puzzle that takes more is
/// "not proven solvable", a doubt (real puzzles take a few thousand).
pub(super) const SOLVER_STEPS: u64 = 200_000;

/// A number in a line's clue: the line and its 1-based place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub line: LineId,
    /// 1-based, in reading order (top to bottom, left to right).
    pub number: usize,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, number {}", self.line, self.number)
    }
}

/// One choice the correction may vary.
#[derive(Debug, Clone)]
pub(super) enum Element {
    /// A digit: (line, digit index) and its options (digit, cost).
    Digit { line: LineId, index: usize, options: Vec<(u8, f32)> },
    /// A gap: (line, join index) and its options (joins?, cost).
    Gap { line: LineId, index: usize, options: Vec<(bool, f32)> },
}

impl Element {
    pub(super) fn options(&self) -> usize {
        match self {
            Element::Digit { options, .. } => options.len(),
            Element::Gap { options, .. } => options.len(),
        }
    }

    pub(super) fn cost(&self, option: usize) -> f32 {
        match self {
            Element::Digit { options, .. } => options[option].1,
            Element::Gap { options, .. } => options[option].1,
        }
    }

    /// The cost of its second option: how cheap a change it is.
    pub(super) fn switch_cost(&self) -> f32 {
        if self.options() > 1 {
            self.cost(1)
        } else {
            f32::INFINITY
        }
    }
}

/// The reading's lines: rows then columns, each with its `LineId`.
pub(super) fn lines(reading: &Reading) -> impl Iterator<Item = (LineId, &LineRead)> {
    let rows = reading.rows.iter().enumerate().map(|(i, l)| (LineId::Row(i), l));
    let columns = reading.columns.iter().enumerate().map(|(i, l)| (LineId::Column(i), l));
    rows.chain(columns)
}

pub(super) fn line_of(reading: &Reading, line: LineId) -> &LineRead {
    match line {
        LineId::Row(i) => &reading.rows[i],
        LineId::Column(i) => &reading.columns[i],
    }
}

/// Every digit and gap as a choice with its options' costs (the negative
/// log of their probability, relative to the most likely).
pub(super) fn elements(reading: &Reading) -> Vec<Element> {
    let mut out = Vec::new();
    for (line, read) in lines(reading) {
        for (index, digit) in read.digits.iter().enumerate() {
            // Costs against the likeliest: each digit's probability as a
            // digit counted in, and leaving it out, when the network gives
            // that a chance.
            let counted = 1.0 - digit.no_digit;
            let top = digit.certainty().max(1e-9);
            let mut options: Vec<(u8, f32)> = digit
                .choices
                .iter()
                .take(3)
                .map(|&(d, p)| (d, (top / (p * counted).max(1e-9)).ln()))
                .collect();
            if digit.no_digit >= NO_DIGIT_CHOICE {
                // The digit as read stays the first option.
                options.push((LEFT_OUT, (top / digit.no_digit).ln().max(0.0)));
                options[1..].sort_by(|a, b| a.1.total_cmp(&b.1));
            }
            out.push(Element::Digit { line, index, options });
        }
        for (index, join) in read.joins.iter().enumerate() {
            if join.is_doubtful() {
                // A doubtful gap read the other way costs about as much as
                // a digit at 40 %.
                out.push(Element::Gap {
                    line,
                    index,
                    options: vec![(join.joins(), 0.0), (!join.joins(), 0.9)],
                });
            }
        }
    }
    out
}

/// What a choice is: a digit or a gap of a line, by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Chosen {
    Digit(LineId, usize),
    Gap(LineId, usize),
}

impl Element {
    pub(super) fn chosen(&self) -> Chosen {
        match self {
            Element::Digit { line, index, .. } => Chosen::Digit(*line, *index),
            Element::Gap { line, index, .. } => Chosen::Gap(*line, *index),
        }
    }
}

/// A reading with some choices varied: each line's clue.
pub(super) fn clues_with(reading: &Reading, varied: &[Element], chosen: &[usize]) -> (Vec<Clue>, Vec<Clue>) {
    // The option taken for a choice, when it is one of those varied.
    let taken =
        |what: Chosen| varied.iter().zip(chosen).find(|(e, _)| e.chosen() == what).map(|(e, &c)| (e, c));
    let digit_of = |line: LineId, index: usize| match taken(Chosen::Digit(line, index)) {
        Some((Element::Digit { options, .. }, c)) => options[c].0,
        _ => line_of(reading, line).digits[index].digit(),
    };
    let joins_of = |line: LineId, index: usize| match taken(Chosen::Gap(line, index)) {
        Some((Element::Gap { options, .. }, c)) => options[c].0,
        _ => line_of(reading, line).joins[index].joins(),
    };
    let clue = |line: LineId| {
        let read = line_of(reading, line);
        Clue(clue_of(&read.numbers_with(|i| digit_of(line, i), |i| joins_of(line, i))))
    };
    let rows = (0..reading.rows.len()).map(|i| clue(LineId::Row(i))).collect();
    let columns = (0..reading.columns.len()).map(|i| clue(LineId::Column(i))).collect();
    (rows, columns)
}

/// The checks: `Ok(verdict word)` when the clues fit, agree and have a
/// solution (or the solver ran out of steps: "unproven"), else what failed.
pub(super) fn check(rows: Vec<Clue>, columns: Vec<Clue>) -> (Puzzle, Result<&'static str, String>) {
    let puzzle = Puzzle::new(rows, columns);
    if let Err(e) = puzzle.validate() {
        return (puzzle, Err(e.to_string()));
    }
    // Every line empty is no puzzle anyone draws: a reading of marks
    // (a clue cell's outline taken for 0 in every line).
    if puzzle.rows.iter().chain(&puzzle.columns).all(|c| c.0.is_empty()) {
        return (puzzle, Err("every line's clue was read empty".to_string()));
    }
    let mut steps = 0u64;
    // No clause learning: its search runs on inside one step, past any
    // count of steps (a 100×100 reading ran for minutes); the stepwise
    // search stops within a step of the bound.
    let options = SolveOptions { learn_after: None, ..SolveOptions::default() };
    let result = solve(&puzzle, options, |_| {
        steps += 1;
        steps < SOLVER_STEPS
    });
    let outcome = match result {
        Ok((Verdict::Unique(_), _)) => Ok("unique"),
        Ok((Verdict::Multiple(_), _)) => Ok("multiple"),
        Ok((Verdict::Stopped, _)) => Ok("unproven"),
        Ok((Verdict::None { line: Some(line) }, _)) => {
            Err(format!("the clues have no solution ({line} contradicts)"))
        }
        Ok((Verdict::None { line: None }, _)) => Err("the clues have no solution".to_string()),
        Err(e) => Err(e.to_string()),
    };
    (puzzle, outcome)
}
