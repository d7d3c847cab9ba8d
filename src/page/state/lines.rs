//! Clues typed line by line, and a puzzle read from a picture under
//! review: the editor's state and its reducer (pure, tested natively), as
//! the picture panel's (`picture.rs`).
//!
//! Each row and column has a field of its own. Every line is checked as it
//! is typed (whole numbers, no run of 0 beside others, runs and gaps
//! within the line's length) and the totals are compared. While the
//! editor is open on its own, every change is written to `Clues` at once
//! (in `.non`, which keeps an empty line); while it reviews a reading, the
//! clues go to `Clues` when the reading is accepted ("Use these clues").
//!
//! The reader's worker answers each `ReadPicture` by its id; an answer to
//! an older request is dropped here.

use crate::protocol::{Cells, ReadAnswer, ToWorker};
use nonogram_core::{Clue, LineId, Puzzle, MAX_SIDE};
use std::rc::Rc;

/// The largest side the editor makes fields for (a field a line: beyond
/// this, the clue text is the way in).
pub const MOST_FIELDS: usize = 100;

/// The editor's state.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    /// The editor is shown.
    pub open: bool,
    /// Each line's text as typed: rows top to bottom, columns left to right.
    pub rows: Vec<String>,
    pub columns: Vec<String>,
    /// The line whose field has the focus (highlighted on the board).
    pub focus: Option<LineId>,
    /// The reading under review, if any.
    pub reading: Option<Rc<ReadAnswer>>,
    /// What the reader is doing ("Reading photo.jpg…"), or why it failed.
    pub note: String,
    /// The last `ReadPicture` request's id.
    last_read: u32,
}

/// What the board shows of the editor: the line being typed
/// (highlighted), and the clues as typed (shown while they are no puzzle
/// yet, or while a reading is under review); `version` counts the changes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinesBoard {
    pub focus: Option<LineId>,
    /// The clues as typed, and their cells (every one unknown).
    pub typed: Option<(Rc<Puzzle>, Rc<Cells>)>,
    pub reviewing: bool,
    pub version: u64,
}

impl LinesBoard {
    /// Whether a phone pins the board above the fields (style.css,
    /// `main.editing`): while clues are typed, and in a reading's review
    /// once a line is being corrected (a line in doubt has the focus at
    /// once). A reading with nothing to correct leaves the picture the
    /// room: the board pinned over half the screen hid it.
    pub fn pinned(&self) -> bool {
        self.typed.is_some() && (!self.reviewing || self.focus.is_some())
    }

    /// What the board's room depends on: a phone pins it in half the
    /// window above the fields; a review widens the tools' column.
    pub fn room(&self) -> (bool, bool) {
        (self.pinned(), self.reviewing)
    }
}

/// Everything that changes the editor.
#[derive(Clone, Debug)]
pub enum LinesAction {
    /// Open the editor on these clues (the puzzle shown, or none).
    Open(Option<Rc<Puzzle>>),
    Close,
    /// A new size: lines are added (empty) or taken away at the end.
    Size {
        width: usize,
        height: usize,
    },
    /// Every line's clue emptied (the size kept): a puzzle of one's own
    /// typed from the start.
    Clear,
    /// A line's text typed.
    Type(LineId, String),
    /// A line's field took the focus (or none has it).
    Focus(Option<LineId>),
    /// Go to a line's field (a number clicked on the picture read).
    Goto(LineId),
    /// Enter in a line's field: the next line's field (Shift: the one before).
    Next {
        from: LineId,
        back: bool,
    },
    /// A picture chosen, pasted or dropped: read it.
    ReadPicture {
        name: String,
    },
    /// The reader's answer.
    Read(ReadAnswer),
    /// The reader's worker could not start, or stopped.
    ReaderFailed(String),
    /// The reading, as corrected, goes into `Clues` and is checked.
    UseReading,
    /// The reading is put away; the clues in `Clues` stay as they were.
    DropReading,
}

/// What the page carries out for the editor.
#[derive(Clone, Debug, PartialEq)]
pub enum LinesEffect {
    /// Post this to the reader's worker, with the picture chosen.
    Read(ToWorker),
    /// Put this text in `Clues` (as if typed); `solve`: solve (check)
    /// them once read.
    Clues { text: String, check: bool },
    /// Move the keyboard's focus to this line's field.
    FocusField(LineId),
    /// Bring the element of this id into view (a reading, or why there is
    /// none, arrived: on a phone it is below the board and its tools).
    Reveal(&'static str),
}

/// The review's summary (its picture follows), and the reader's note.
pub const SUMMARY_ID: &str = "read-summary";
pub const NOTE_ID: &str = "read-note";
/// The board's title, the first line of its section (src/page/view.rs).
pub const BOARD_TITLE_ID: &str = "puzzle-title";

/// A line's numbers as typed, whatever their fit: its runs (none for a
/// lone 0), or the word that is not a whole number.
fn numbers(text: &str) -> Result<Vec<u32>, String> {
    let mut runs = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
        match word.parse::<u32>() {
            Ok(n) => runs.push(n),
            Err(_) => return Err(format!("\u{201c}{word}\u{201d} is not a whole number")),
        }
    }
    if runs == [0] {
        runs.clear();
    }
    Ok(runs)
}

/// A line's clue as typed: its runs, or what is wrong with it.
pub fn check_line(text: &str, length: usize) -> Result<Vec<u32>, String> {
    let runs = numbers(text)?;
    if runs.contains(&0) {
        return Err("a run of 0 beside others (a lone 0 is an empty line)".into());
    }
    let need = Clue(runs.clone()).min_len();
    if need > length as u64 {
        return Err(format!("needs {need} cells with its gaps; the line has {length}"));
    }
    Ok(runs)
}

/// A line's place for people: "Row 3", "Column 12".
pub fn line_name(line: LineId) -> String {
    match line {
        LineId::Row(i) => format!("Row {}", i + 1),
        LineId::Column(i) => format!("Column {}", i + 1),
    }
}

impl Lines {
    /// What the board shows of the editor (see [`LinesBoard`]).
    pub fn board(&self, version: u64) -> LinesBoard {
        LinesBoard {
            focus: self.focus.filter(|_| self.open),
            typed: self.open.then(|| self.puzzle()).flatten().map(|p| {
                let cells = Cells::unknown(p.width() * p.height());
                (Rc::new(p), Rc::new(cells))
            }),
            reviewing: self.reading.is_some(),
            version,
        }
    }

    /// What the board's drawing of the editor depends on.
    pub fn board_key(&self) -> (Option<LineId>, bool, bool, Vec<String>, Vec<String>) {
        (self.focus, self.open, self.reading.is_some(), self.rows.clone(), self.columns.clone())
    }

    pub fn width(&self) -> usize {
        self.columns.len()
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// A line's text.
    pub fn text(&self, line: LineId) -> &str {
        match line {
            LineId::Row(i) => self.rows.get(i),
            LineId::Column(i) => self.columns.get(i),
        }
        .map_or("", String::as_str)
    }

    /// A line's check (see [`check_line`]).
    pub fn check(&self, line: LineId) -> Result<Vec<u32>, String> {
        let length = match line {
            LineId::Row(_) => self.width(),
            LineId::Column(_) => self.height(),
        };
        check_line(self.text(line), length)
    }

    /// Every line: rows, then columns.
    pub fn lines(&self) -> impl Iterator<Item = LineId> {
        (0..self.height()).map(LineId::Row).chain((0..self.width()).map(LineId::Column))
    }

    /// The rows' and the columns' totals differ: says so (the numbers as
    /// typed, a line too long for its length too: a player adds up what
    /// they typed; a word that is not a number counts for nothing).
    pub fn totals(&self) -> Option<String> {
        let total = |lines: Vec<LineId>| -> u64 {
            lines.into_iter().filter_map(|l| numbers(self.text(l)).ok()).flatten().map(u64::from).sum()
        };
        let rows = total((0..self.height()).map(LineId::Row).collect());
        let columns = total((0..self.width()).map(LineId::Column).collect());
        (rows != columns)
            .then(|| format!("The rows fill {rows} cells, the columns {columns}: they must be equal."))
    }

    /// The puzzle as typed (for the board while the clues are not yet a
    /// puzzle): a line's numbers as typed, one too long for its line too
    /// (the board drew a 7 typed in a row of 5 as an empty line), a line
    /// with a word that is not a number left empty.
    pub fn puzzle(&self) -> Option<Puzzle> {
        (self.width() > 0 && self.height() > 0).then(|| {
            let clue = |l: LineId| Clue(numbers(self.text(l)).unwrap_or_default());
            Puzzle::new(
                (0..self.height()).map(|i| clue(LineId::Row(i))).collect(),
                (0..self.width()).map(|i| clue(LineId::Column(i))).collect(),
            )
        })
    }

    /// The clues as `.non` text; a line that does not read is written as
    /// typed, so that `Clues` names it as the editor does.
    pub fn text_of_clues(&self) -> String {
        let line = |l: LineId| match self.check(l) {
            Ok(runs) if runs.is_empty() => "0".to_string(),
            Ok(runs) => runs.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
            Err(_) => self.text(l).trim().to_string(),
        };
        let mut text = format!("width {}\nheight {}\n\nrows\n", self.width(), self.height());
        for l in (0..self.height()).map(LineId::Row) {
            text.push_str(&line(l));
            text.push('\n');
        }
        text.push_str("\ncolumns\n");
        for l in (0..self.width()).map(LineId::Column) {
            text.push_str(&line(l));
            text.push('\n');
        }
        text
    }

    /// What the reader said of a line under review, if it doubts it.
    pub fn doubt(&self, line: LineId) -> Option<&str> {
        let reading = self.reading.as_ref()?;
        reading.doubts.iter().find(|(l, _)| *l == line).map(|(_, text)| text.as_str())
    }

    /// Changes the state; says what to carry out.
    pub fn reduce(&mut self, action: LinesAction) -> Vec<LinesEffect> {
        let mut effects = Vec::new();
        match action {
            LinesAction::Open(puzzle) => {
                self.open = true;
                self.reading = None;
                let texts = |clues: &[Clue]| {
                    clues.iter().map(|c| if c.0.is_empty() { "0".into() } else { c.to_string() }).collect()
                };
                match puzzle.filter(|p| p.width() <= MOST_FIELDS && p.height() <= MOST_FIELDS) {
                    Some(p) => (self.rows, self.columns) = (texts(&p.rows), texts(&p.columns)),
                    None if self.rows.is_empty() => {
                        (self.rows, self.columns) = (vec![String::new(); 10], vec![String::new(); 10])
                    }
                    None => {}
                }
                self.focus = Some(LineId::Row(0));
                effects.push(LinesEffect::FocusField(LineId::Row(0)));
            }
            LinesAction::Close => {
                self.open = false;
                self.focus = None;
                self.reading = None;
            }
            LinesAction::Size { width, height } => {
                let (width, height) =
                    (width.clamp(1, MOST_FIELDS.min(MAX_SIDE)), height.clamp(1, MOST_FIELDS.min(MAX_SIDE)));
                self.rows.resize(height, String::new());
                self.columns.resize(width, String::new());
                self.keep_in_step(&mut effects);
            }
            LinesAction::Clear => {
                self.rows.iter_mut().chain(self.columns.iter_mut()).for_each(String::clear);
                self.focus = Some(LineId::Row(0));
                effects.push(LinesEffect::FocusField(LineId::Row(0)));
                self.keep_in_step(&mut effects);
            }
            LinesAction::Type(line, text) => {
                match line {
                    LineId::Row(i) if i < self.rows.len() => self.rows[i] = text,
                    LineId::Column(i) if i < self.columns.len() => self.columns[i] = text,
                    _ => return effects,
                }
                self.keep_in_step(&mut effects);
            }
            LinesAction::Focus(line) => self.focus = line,
            LinesAction::Goto(line) => {
                if self.lines().any(|l| l == line) {
                    self.focus = Some(line);
                    effects.push(LinesEffect::FocusField(line));
                }
            }
            LinesAction::Next { from, back } => {
                let all: Vec<LineId> = self.lines().collect();
                if let Some(k) = all.iter().position(|&l| l == from) {
                    let next = if back { k.checked_sub(1) } else { Some(k + 1) };
                    if let Some(&line) = next.and_then(|n| all.get(n)) {
                        self.focus = Some(line);
                        effects.push(LinesEffect::FocusField(line));
                    }
                }
            }
            LinesAction::ReadPicture { name } => {
                self.last_read += 1;
                self.note = format!("Reading {name}…");
                self.reading = None;
                effects.push(LinesEffect::Read(ToWorker::ReadPicture { id: self.last_read }));
            }
            LinesAction::Read(answer) => {
                if answer.id != self.last_read {
                    return effects;
                }
                if !answer.error.is_empty() {
                    self.note = answer.error;
                    effects.push(LinesEffect::Reveal(NOTE_ID));
                    return effects;
                }
                self.note.clear();
                self.open = true;
                let texts = |clues: &[Vec<u32>]| {
                    clues
                        .iter()
                        .map(|c| if c.is_empty() { "0".into() } else { Clue(c.clone()).to_string() })
                        .collect()
                };
                (self.rows, self.columns) = (texts(&answer.rows), texts(&answer.columns));
                // The first line in doubt has the focus: the first to look at.
                let first = answer.doubts.first().map(|(l, _)| *l);
                self.reading = Some(Rc::new(answer));
                self.focus = first;
                if let Some(line) = first {
                    effects.push(LinesEffect::FocusField(line));
                }
                // After the focus (which scrolls to its field): the summary
                // and the picture are what to look at first.
                effects.push(LinesEffect::Reveal(SUMMARY_ID));
            }
            LinesAction::ReaderFailed(why) => {
                self.note = why;
                self.reading = None;
            }
            LinesAction::UseReading => {
                self.reading = None;
                effects.push(LinesEffect::Clues { text: self.text_of_clues(), check: true });
                // The board and its verdict are what to look at now (a
                // phone stayed scrolled down at the fields).
                effects.push(LinesEffect::Reveal(BOARD_TITLE_ID));
            }
            LinesAction::DropReading => {
                self.reading = None;
                self.open = false;
                self.focus = None;
            }
        }
        effects
    }

    /// The editor on its own writes every change to `Clues`; a reading
    /// under review waits for "Use these clues".
    fn keep_in_step(&self, effects: &mut Vec<LinesEffect>) {
        if self.open && self.reading.is_none() {
            effects.push(LinesEffect::Clues { text: self.text_of_clues(), check: false });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(rows: &[&str], columns: &[&str]) -> Lines {
        let mut l = Lines::default();
        l.reduce(LinesAction::Open(None));
        l.rows = rows.iter().map(|s| s.to_string()).collect();
        l.columns = columns.iter().map(|s| s.to_string()).collect();
        l
    }

    #[test]
    fn clear_empties_every_line_keeps_the_size_and_starts_at_the_first_row() {
        let mut l = lines(&["1", "2"], &["1", "1", "1"]);
        let effects = l.reduce(LinesAction::Clear);
        assert_eq!((l.rows.len(), l.columns.len()), (2, 3));
        assert!(l.rows.iter().chain(&l.columns).all(String::is_empty));
        assert_eq!(effects[0], LinesEffect::FocusField(LineId::Row(0)));
        assert!(matches!(&effects[1], LinesEffect::Clues { check: false, .. }), "{effects:?}");
    }

    #[test]
    fn each_line_is_checked_as_typed() {
        assert_eq!(check_line(" 3  1 ", 5), Ok(vec![3, 1]));
        assert_eq!(check_line("3,1", 5), Ok(vec![3, 1]));
        assert_eq!(check_line("", 5), Ok(vec![]));
        assert_eq!(check_line("0", 5), Ok(vec![]));
        assert_eq!(check_line("3 2", 5), Err("needs 6 cells with its gaps; the line has 5".into()));
        assert_eq!(check_line("2 0", 5), Err("a run of 0 beside others (a lone 0 is an empty line)".into()));
        assert_eq!(check_line("2 x", 5), Err("\u{201c}x\u{201d} is not a whole number".into()));
        assert!(check_line("99999999999", 5).is_err());
    }

    #[test]
    fn totals_are_compared_and_the_text_kept_in_step() {
        let mut l = lines(&["1", "1"], &["2", ""]);
        assert_eq!(l.totals(), None);
        // The text reads back as the same puzzle.
        let parsed = nonogram_formats::parse(&l.text_of_clues()).unwrap().puzzles.remove(0);
        assert_eq!(parsed.rows, vec![Clue(vec![1]), Clue(vec![1])]);
        assert_eq!(parsed.columns, vec![Clue(vec![2]), Clue(vec![])]);
        let effects = l.reduce(LinesAction::Type(LineId::Column(1), "1".into()));
        assert_eq!(l.totals(), Some("The rows fill 2 cells, the columns 3: they must be equal.".into()));
        let text = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n2\n1\n";
        assert_eq!(effects, [LinesEffect::Clues { text: text.into(), check: false }]);
        // An empty line is written as 0; a line that does not read as typed.
        l.reduce(LinesAction::Type(LineId::Row(0), "".into()));
        l.reduce(LinesAction::Type(LineId::Row(1), "1 q".into()));
        assert!(l.text_of_clues().contains("rows\n0\n1 q\n"), "{}", l.text_of_clues());
        assert_eq!(l.puzzle().unwrap().rows, vec![Clue(vec![]), Clue(vec![])]);
        // A line too long for its length: drawn and counted as typed (the
        // board drew a 7 typed in a row of 2 as an empty line, and the
        // totals left it out), its note says it does not fit.
        l.reduce(LinesAction::Type(LineId::Row(1), "7".into()));
        assert_eq!(l.puzzle().unwrap().rows, vec![Clue(vec![]), Clue(vec![7])]);
        assert_eq!(l.totals(), Some("The rows fill 7 cells, the columns 3: they must be equal.".into()));
        assert!(l.check(LineId::Row(1)).is_err());
    }

    #[test]
    fn enter_moves_to_the_next_line_and_a_size_adds_lines() {
        let mut l = lines(&["1", "1"], &["2", "0"]);
        let go = |l: &mut Lines, from, back| l.reduce(LinesAction::Next { from, back });
        assert_eq!(go(&mut l, LineId::Row(1), false), [LinesEffect::FocusField(LineId::Column(0))]);
        assert_eq!(go(&mut l, LineId::Column(0), true), [LinesEffect::FocusField(LineId::Row(1))]);
        assert_eq!(go(&mut l, LineId::Column(1), false), []);
        assert_eq!(l.focus, Some(LineId::Row(1)));
        l.reduce(LinesAction::Size { width: 3, height: 1 });
        assert_eq!((l.width(), l.height()), (3, 1));
        assert_eq!(l.columns, ["2", "0", ""]);
    }

    #[test]
    fn opening_takes_the_puzzle_shown() {
        let mut l = Lines::default();
        let p = Puzzle::new(
            vec![Clue(vec![1, 1]), Clue(vec![])],
            vec![Clue(vec![1]), Clue(vec![]), Clue(vec![1])],
        );
        assert_eq!(l.reduce(LinesAction::Open(Some(Rc::new(p)))), [LinesEffect::FocusField(LineId::Row(0))]);
        assert_eq!(l.rows, ["1 1", "0"]);
        assert_eq!(l.columns, ["1", "0", "1"]);
        assert!(l.open);
    }

    #[test]
    fn a_reading_is_reviewed_then_used_and_an_older_answer_dropped() {
        let mut l = Lines::default();
        let effects = l.reduce(LinesAction::ReadPicture { name: "a.png".into() });
        assert_eq!(effects, [LinesEffect::Read(ToWorker::ReadPicture { id: 1 })]);
        l.reduce(LinesAction::ReadPicture { name: "b.png".into() });
        assert_eq!(l.note, "Reading b.png…");
        let answer = |id| ReadAnswer {
            id,
            rows: vec![vec![1], vec![]],
            columns: vec![vec![1], vec![]],
            doubts: vec![(LineId::Column(0), "number 1: 1, or 7?".into())],
            ..ReadAnswer::default()
        };
        assert_eq!(l.reduce(LinesAction::Read(answer(1))), []);
        assert!(l.reading.is_none() && !l.open);
        assert_eq!(
            l.reduce(LinesAction::Read(answer(2))),
            [LinesEffect::FocusField(LineId::Column(0)), LinesEffect::Reveal(SUMMARY_ID)]
        );
        assert!(l.open && l.reading.is_some());
        assert_eq!(l.doubt(LineId::Column(0)), Some("number 1: 1, or 7?"));
        assert_eq!(l.doubt(LineId::Row(0)), None);
        // A number clicked on the picture: its line's field.
        assert_eq!(l.reduce(LinesAction::Goto(LineId::Row(1))), [LinesEffect::FocusField(LineId::Row(1))]);
        assert_eq!(l.reduce(LinesAction::Goto(LineId::Row(7))), []);
        // Corrections under review wait for "Use these clues".
        assert_eq!(l.reduce(LinesAction::Type(LineId::Row(1), "1".into())), []);
        assert_eq!(l.reduce(LinesAction::Type(LineId::Row(0), "0".into())), []);
        let effects = l.reduce(LinesAction::UseReading);
        let text = "width 2\nheight 2\n\nrows\n0\n1\n\ncolumns\n1\n0\n";
        assert_eq!(
            effects,
            [LinesEffect::Clues { text: text.into(), check: true }, LinesEffect::Reveal(BOARD_TITLE_ID)]
        );
        // From now on the editor writes each change at once.
        assert_eq!(l.reduce(LinesAction::Type(LineId::Row(0), "1".into())).len(), 1);
    }

    #[test]
    fn a_failed_reading_says_why_and_keeps_the_clues() {
        let mut l = lines(&["1"], &["1"]);
        l.reduce(LinesAction::ReadPicture { name: "cat.jpg".into() });
        let failed = ReadAnswer { id: 1, error: "No puzzle found: no grid".into(), ..ReadAnswer::default() };
        assert_eq!(l.reduce(LinesAction::Read(failed)), [LinesEffect::Reveal(NOTE_ID)]);
        assert_eq!(l.note, "No puzzle found: no grid");
        assert_eq!(
            (l.rows.as_slice(), l.columns.as_slice()),
            (&["1".to_string()][..], &["1".to_string()][..])
        );
    }
}
