//! Messages between the page and the worker, as typed values ([`Cells`],
//! [`LineId`], [`VerdictKind`]) on both sides; [`wire`] turns them into
//! bytes to post and back.

pub mod wire;

pub use wire::{decode, encode};

use nonogram_core::{Cell, Grid};

/// Page → worker: solve these clues (rows top to bottom, columns left to right).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    pub id: u32,
    pub rows: Vec<Vec<u32>>,
    pub columns: Vec<Vec<u32>>,
}

/// Page → worker: every request. A picture file travels beside its
/// `LoadPicture` text, as the second item of the posted array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToWorker {
    Solve(SolveRequest),
    /// Read the picture file posted with this message (an image, or a 0/1
    /// text picture) and keep its grey pixels for `Resample`.
    LoadPicture {
        id: u32,
        name: String,
    },
    /// The kept picture's mean grey per cell of a `width`×`height` grid.
    Resample {
        id: u32,
        width: usize,
        height: usize,
    },
    /// Is the puzzle of this 0/1 picture fair? Then, if not, look for fixes.
    Check(CheckRequest),
    /// Solve without streaming and report the time only (benchmarks:
    /// `scripts/bench-wasm`); answered by `Done` with no solutions.
    Time(SolveRequest),
    /// Solve as a racing engine (clause learning from the root, with this
    /// seed: each racer its own), without streaming; answered by `Done` alone.
    Race {
        request: SolveRequest,
        seed: u64,
    },
    /// Detect and parse clue text too large to parse on the page's thread
    /// without holding it (see `page::SYNC_PARSE_BYTES`); the text travels
    /// beside the message as the browser's string (never as JSON: that took
    /// 150 ms for 5 MB). Answered by `Parsed`.
    Parse {
        id: u32,
        /// Which puzzle of a batch (0-based).
        index: usize,
    },
    /// The next hint for a player's cells, or (`check`) which are wrong.
    /// Answered by `Hinted`.
    Hint(HintRequest),
}

/// A player's board, for a hint or a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintRequest {
    pub id: u32,
    pub rows: Vec<Vec<u32>>,
    pub columns: Vec<Vec<u32>>,
    pub cells: Cells,
    pub check: bool,
}

impl HintRequest {
    pub fn new(id: u32, puzzle: &nonogram_core::Puzzle, cells: Cells, check: bool) -> HintRequest {
        let SolveRequest { rows, columns, .. } = SolveRequest::new(id, puzzle);
        HintRequest { id, rows, columns, cells, check }
    }
}

impl SolveRequest {
    /// The request to solve a puzzle.
    pub fn new(id: u32, puzzle: &nonogram_core::Puzzle) -> SolveRequest {
        SolveRequest {
            id,
            rows: puzzle.rows.iter().map(|c| c.0.clone()).collect(),
            columns: puzzle.columns.iter().map(|c| c.0.clone()).collect(),
        }
    }
}

/// What a text read as: its format's name, the puzzle asked for and how
/// many puzzles it holds; or the located error, as text.
pub type ParseOutcome = Result<(String, nonogram_core::Puzzle, usize), String>;

/// Detects and parses clue text and picks puzzle `index` (0-based) of it,
/// the last one past the end (on the page for small texts, in the worker
/// for large ones).
pub fn parse_outcome(text: &str, index: usize) -> ParseOutcome {
    let parsed = nonogram_formats::parse(text).map_err(|e| e.to_string())?;
    if let Some(p) = parsed.colour.first() {
        return Err(format!(
            "{}: a colour puzzle ({}×{}, {} colours); the page does not draw colours yet, \
             the command line solves it: nonogram solve FILE",
            parsed.format.name(),
            p.width(),
            p.height(),
            p.palette.len()
        ));
    }
    let count = parsed.puzzles.len();
    let puzzle = parsed
        .puzzles
        .into_iter()
        .nth(index.min(count.saturating_sub(1)))
        .ok_or("the text holds no puzzle")?;
    Ok((parsed.format.name().to_string(), puzzle, count))
}

/// A text the worker read, as it answers: its format's name, the puzzle
/// asked for written as `.non` (read back on the page: no puzzle type
/// crosses the boundary, and no serializer for it weighs on either side),
/// and how many puzzles the text holds; or the located error.
pub type ParsedText = Result<(String, String, usize), String>;

/// Reads a text for the page, in the worker (see [`ParsedText`]).
pub fn parse_for_page(text: &str, index: usize) -> ParsedText {
    let (format, puzzle, count) = parse_outcome(text, index)?;
    let non = nonogram_formats::write(nonogram_formats::Format::Non, &puzzle).map_err(|e| e.message)?;
    Ok((format, non, count))
}

/// The worker's reading of a text, as the page's.
pub fn read_parsed(parsed: ParsedText) -> ParseOutcome {
    let (format, non, count) = parsed?;
    let (_, puzzle, _) = parse_outcome(&non, 0)?;
    Ok((format, puzzle, count))
}

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictKind {
    Unique,
    Multiple,
    None,
    /// Stopped by its time limit.
    Timeout,
}

impl VerdictKind {
    pub fn of(verdict: &nonogram_core::Verdict) -> VerdictKind {
        match verdict {
            nonogram_core::Verdict::Unique(_) => VerdictKind::Unique,
            nonogram_core::Verdict::Multiple(_) => VerdictKind::Multiple,
            nonogram_core::Verdict::None { .. } => VerdictKind::None,
            nonogram_core::Verdict::Interrupted => VerdictKind::Timeout,
        }
    }
}

/// Check the clues of a picture (its cells filled or empty, row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckRequest {
    pub id: u32,
    pub width: usize,
    pub height: usize,
    pub cells: Cells,
}

/// A single-cell change that makes a picture's puzzle unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixNote {
    pub row: usize,
    pub col: usize,
    /// True: fill the cell; false: clear it.
    pub fill: bool,
    pub by_line_logic: bool,
    pub guesses: u64,
}

/// Worker → page.
#[derive(Clone, Debug, PartialEq)]
pub enum FromWorker {
    /// The worker's handler is installed: it hears messages from now on.
    Ready,
    /// The frames of a batch of steps, in order, and the counts after it.
    /// `contradictions`: contradictions met by clause learning (0 until it takes over).
    Steps {
        id: u32,
        frames: Vec<Frame>,
        sweep: usize,
        unknown: usize,
        depth: usize,
        guesses: u64,
        contradictions: u64,
    },
    /// The solve is over (boxed: the other messages are small).
    Done(Box<Finished>),
    /// The request could not be solved (invalid clues).
    Error { id: u32, message: String },
    /// A picture was read: what it is, its size in pixels, and the grid
    /// offered first (pixel-exact when the picture is grid-sized or blocky).
    PictureLoaded {
        id: u32,
        kind: String,
        width: usize,
        height: usize,
        grid_width: usize,
        grid_height: usize,
    },
    /// Mean grey (0 black to 255 white) of each cell, row-major, and
    /// Otsu's threshold of them.
    Cells { id: u32, width: usize, height: usize, values: Vec<u8>, otsu: u8 },
    /// A picture could not be read, or a grid size was refused.
    PictureError { id: u32, message: String },
    /// The check's verdict: unique, or multiple with a solution other
    /// than the picture in `other`.
    Checked {
        id: u32,
        verdict: VerdictKind,
        by_line_logic: bool,
        guesses: u64,
        probes: u64,
        contradictions: u64,
        ms: f64,
        other: Option<Cells>,
    },
    /// The outcome of a `Parse` request (boxed: the other messages are small).
    Parsed { id: u32, outcome: ParsedText },
    /// A hint in words, the line it is about and the cells it settles
    /// (grid index, filled or not); for a check, `wrong` lists the
    /// player's wrong cells instead.
    Hinted {
        id: u32,
        text: String,
        line: Option<nonogram_core::LineId>,
        cells: Vec<(u32, bool)>,
        wrong: Option<Vec<u32>>,
        /// The puzzle's grade, once the worker has solved it (unique only).
        difficulty: Option<nonogram_core::hint::Difficulty>,
    },
    /// Fixes found so far, best first; `tried` of `total` candidate cells.
    Fixes { id: u32, fixes: Vec<FixNote>, tried: usize, total: usize, done: bool },
}

/// A finished solve, as the worker reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub id: u32,
    pub verdict: VerdictKind,
    pub solutions: Vec<Cells>,
    /// For `none`: the line that contradicts before any guess.
    pub line: Option<nonogram_core::LineId>,
    pub by_line_logic: bool,
    pub guesses: u64,
    pub contradictions: u64,
    /// The clues' symmetries (mirrorings, turns, swaps of lines) that
    /// search used: see `nonogram_core::symmetry`.
    pub symmetries: Vec<String>,
    pub ms: f64,
    /// The solving side's wasm memory in bytes when the verdict came: wasm
    /// memory only grows, so this is its peak (0 outside wasm). The
    /// benchmarks print it; the page does not show it.
    pub memory: u64,
    /// How hard the puzzle is for a person (unique puzzles only).
    pub difficulty: Option<nonogram_core::hint::Difficulty>,
}

/// One state change the page can play back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// A line was solved: its changed cells (grid index, filled or not).
    Line { line: nonogram_core::LineId, changes: Vec<(u32, bool)> },
    /// A sweep ended (all dirty rows, then all dirty columns), as seed 003
    /// reports its iterations; `contradictions` counts those since the last (the seed says "errors").
    Sweep { sweep: usize, unknown: usize, contradictions: usize },
    /// The whole grid, after a guess, a backtrack, a restart, a contradiction,
    /// or many steps coalesced; `note` says which.
    Grid { cells: Cells, note: String },
}

/// A grid's cells, row-major, as they cross between page and worker.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cells(pub Vec<Cell>);

impl Cells {
    pub fn of(grid: &Grid) -> Cells {
        Cells(grid.cells().to_vec())
    }

    /// `n` unknown cells.
    pub fn unknown(n: usize) -> Cells {
        Cells(vec![Cell::Unknown; n])
    }

    /// Reads cells written as `#`, `.` and `?` (as on the wire).
    pub fn parse(text: &str) -> Option<Cells> {
        nonogram_core::cell::line_from_str(text).map(Cells)
    }

    /// The grid of these cells, if they are `width`×`height`.
    pub fn grid(&self, width: usize, height: usize) -> Option<Grid> {
        Grid::from_cells(width, height, self.0.clone())
    }
}

impl std::ops::Deref for Cells {
    type Target = [Cell];
    fn deref(&self) -> &[Cell] {
        &self.0
    }
}

impl std::ops::DerefMut for Cells {
    fn deref_mut(&mut self) -> &mut [Cell] {
        &mut self.0
    }
}
