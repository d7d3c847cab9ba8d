//! The messages, page → worker ([`ToWorker`]) and worker → page
//! ([`FromWorker`]), and the values they carry.

use super::cells::Cells;
use super::colour_runs::{coloured_runs, run_colours};
use super::parsing::ParsedText;
use nonogram_core::colour::{default_palette, ColourPuzzle, ColourRun};

/// Page → worker: solve these clues (rows top to bottom, columns left to
/// right): run lengths, and for a colour puzzle each run's colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    pub id: u32,
    pub rows: Vec<Vec<u32>>,
    pub columns: Vec<Vec<u32>>,
    pub colours: Option<RunColours>,
}

/// The colour of each run of a colour puzzle's clues, and how many colours
/// it has besides the background.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunColours {
    pub rows: Vec<Vec<u8>>,
    pub columns: Vec<Vec<u8>>,
    /// The colours' names, background first (for the solver's notes).
    pub names: Vec<String>,
}

/// Page → worker: every request. A picture file travels beside its
/// `LoadPicture` text, as the second item of the posted array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToWorker {
    Solve(SolveRequest),
    /// Read the picture file posted with this message (an image, or a 0/1
    /// text picture) and keep its grey pixels (and an image's colours) for
    /// `Resample`.
    LoadPicture {
        id: u32,
        name: String,
    },
    /// The kept picture's mean grey per cell of a `width`×`height` grid
    /// (answered by `Cells`); with `colours` from 3 to 8, its cells'
    /// colours quantised to that many (answered by `ColourCells`).
    Resample {
        id: u32,
        width: usize,
        height: usize,
        colours: u8,
    },
    /// Is the puzzle of this 0/1 picture fair? Then, if not, look for fixes.
    /// A colour picture (cells with colours) gets the verdict alone.
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
    /// Detect and parse clue text (every text: the parsers are the
    /// worker's alone); the text travels beside the message as the
    /// browser's string (never as JSON: that took 150 ms for 5 MB).
    /// Answered by `Parsed`.
    Parse {
        id: u32,
        /// Which puzzle of a batch (0-based).
        index: usize,
    },
    /// The next hint for a player's cells, or (`check`) which are wrong.
    /// Answered by `Hinted`.
    Hint(HintRequest),
    /// Make a puzzle (see [`GenerateRequest`]). Answered by `Generated`,
    /// or `Error` when the grade did not come in time.
    Generate(GenerateRequest),
    /// Read a puzzle's clues from the picture posted with this message (a
    /// screenshot or a photo of a puzzle): the reader's worker alone
    /// answers it, with `Read`.
    ReadPicture {
        id: u32,
    },
}

/// A puzzle made to order (see `nonogram_core::generate`): the same
/// request gives the same puzzle, in the page and in `nonogram generate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateRequest {
    pub id: u32,
    pub width: usize,
    pub height: usize,
    /// 0 for any grade, 1 to 4 Easy to Very hard.
    pub difficulty: u8,
    pub seed: u64,
    /// Colours besides the background for a colour puzzle (2 to 4); 0
    /// for black and white.
    pub colours: u8,
    /// The puzzle's title; empty for the generator's own ("Generated
    /// 15×15, medium, seed 42").
    pub title: String,
}

/// A player's board, for a hint or a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintRequest {
    pub id: u32,
    pub rows: Vec<Vec<u32>>,
    pub columns: Vec<Vec<u32>>,
    pub cells: Cells,
    pub check: bool,
    /// A colour puzzle's run colours (its cells then carry colour sets).
    pub colours: Option<RunColours>,
    /// The cell of the guess the player is following from a checkpoint,
    /// when one is: the hint comes from the clues alone, as on paper (a
    /// wrong guess ends in a line's contradiction, not in mistakes the
    /// solution shows), and a contradiction names that guess.
    pub guessing: Option<u32>,
}

impl HintRequest {
    pub fn new(id: u32, puzzle: &nonogram_core::Puzzle, cells: Cells, check: bool) -> HintRequest {
        let SolveRequest { rows, columns, .. } = SolveRequest::new(id, puzzle);
        HintRequest { id, rows, columns, cells, check, colours: None, guessing: None }
    }

    /// A hint or check for a colour puzzle's player cells (colour sets).
    pub fn of_colour(id: u32, puzzle: &ColourPuzzle, cells: Cells, check: bool) -> HintRequest {
        let SolveRequest { rows, columns, colours, .. } = SolveRequest::of_colour(id, puzzle);
        HintRequest { id, rows, columns, cells, check, colours, guessing: None }
    }

    /// The colour puzzle asked about, when it is one.
    pub fn colour_puzzle(&self) -> Option<ColourPuzzle> {
        Some(colour_puzzle(&self.rows, &self.columns, self.colours.as_ref()?))
    }

    /// The puzzle asked about as black and white: its run lengths.
    pub fn black_puzzle(&self) -> nonogram_core::Puzzle {
        black_puzzle(&self.rows, &self.columns)
    }
}

impl SolveRequest {
    /// The request to solve a puzzle.
    pub fn new(id: u32, puzzle: &nonogram_core::Puzzle) -> SolveRequest {
        SolveRequest {
            id,
            rows: puzzle.rows.iter().map(|c| c.0.clone()).collect(),
            columns: puzzle.columns.iter().map(|c| c.0.clone()).collect(),
            colours: None,
        }
    }

    /// The request to solve a colour puzzle.
    pub fn of_colour(id: u32, puzzle: &ColourPuzzle) -> SolveRequest {
        let lengths =
            |lines: &[Vec<ColourRun>]| lines.iter().map(|l| l.iter().map(|r| r.len).collect()).collect();
        SolveRequest {
            id,
            rows: lengths(&puzzle.rows),
            columns: lengths(&puzzle.columns),
            colours: Some(RunColours {
                rows: run_colours(&puzzle.rows),
                columns: run_colours(&puzzle.columns),
                names: puzzle.palette.iter().map(|s| s.name.clone()).collect(),
            }),
        }
    }

    /// The colour puzzle asked for, when it is one (its colours' values
    /// stay on the page: the palette is the default one, with their names).
    pub fn colour_puzzle(&self) -> Option<ColourPuzzle> {
        Some(colour_puzzle(&self.rows, &self.columns, self.colours.as_ref()?))
    }

    /// The puzzle asked for as black and white: its run lengths.
    pub fn black_puzzle(&self) -> nonogram_core::Puzzle {
        black_puzzle(&self.rows, &self.columns)
    }
}

/// A black-and-white puzzle from run lengths.
fn black_puzzle(rows: &[Vec<u32>], columns: &[Vec<u32>]) -> nonogram_core::Puzzle {
    let clues = |lines: &[Vec<u32>]| lines.iter().map(|l| nonogram_core::Clue(l.clone())).collect();
    nonogram_core::Puzzle::new(clues(rows), clues(columns))
}

/// A colour puzzle from run lengths and their colours (the palette is the
/// default one, with the colours' names).
fn colour_puzzle(rows: &[Vec<u32>], columns: &[Vec<u32>], colours: &RunColours) -> ColourPuzzle {
    let mut palette = default_palette(colours.names.len().saturating_sub(1));
    for (swatch, name) in palette.iter_mut().zip(&colours.names) {
        swatch.name = name.clone();
    }
    ColourPuzzle::new(coloured_runs(rows, &colours.rows), coloured_runs(columns, &colours.columns), palette)
}

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictKind {
    Unique,
    Multiple,
    None,
    /// Stopped before its end ([`nonogram_core::Verdict::Stopped`]).
    Stopped,
}

impl VerdictKind {
    /// A verdict's kind, black and white or colour.
    pub fn of<G>(verdict: &nonogram_core::Verdict<G>) -> VerdictKind {
        match verdict {
            nonogram_core::Verdict::Unique(_) => VerdictKind::Unique,
            nonogram_core::Verdict::Multiple(_) => VerdictKind::Multiple,
            nonogram_core::Verdict::None { .. } => VerdictKind::None,
            nonogram_core::Verdict::Stopped => VerdictKind::Stopped,
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
    /// A colour picture's fix: the cell's new colour (0 the background).
    pub colour: Option<u8>,
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
    /// Each cell's colour (0 the background) of a `width`×`height` grid,
    /// and the colours' RGB, three bytes each, background first.
    ColourCells { id: u32, width: usize, height: usize, cells: Vec<u8>, palette: Vec<u8> },
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
    /// A hint in words, the line it is about and the cells it deduces
    /// (grid index, the cell's colours as the player's cells hold them:
    /// 1 empty or background, 2 filled, `1 << c` colour `c`); for a check,
    /// `wrong` lists the player's wrong cells instead.
    Hinted {
        id: u32,
        text: String,
        line: Option<nonogram_core::LineId>,
        cells: Vec<(u32, u32)>,
        wrong: Option<Vec<u32>>,
        /// The puzzle's grade, once the worker has solved it (unique only).
        difficulty: Option<nonogram_core::hint::Difficulty>,
        /// The hint is a guess (its one cell): applied, it keeps a checkpoint.
        guess: bool,
        /// Cells the hint names without deducing them (a dead end's):
        /// marked on the board.
        marked: Vec<u32>,
    },
    /// Fixes found so far, best first; `tried` of `total` candidate cells.
    Fixes { id: u32, fixes: Vec<FixNote>, tried: usize, total: usize, done: bool },
    /// A puzzle made to order: its title (the one asked for, or the
    /// generator's, which names the size, grade and seed) and its clues
    /// (`puzzle.id` is the request's). The page writes its text (the worker
    /// carries no writer: `page::state::solve::generated_text`).
    /// (Boxed: the other messages are small.)
    Generated { title: String, puzzle: Box<SolveRequest> },
    /// What the reader made of a picture (boxed: the other messages are small).
    Read(Box<ReadAnswer>),
}

/// What the reader's worker read in a picture of a puzzle, checked by the
/// solver: the clues, how sure it is, and where each number was found (in
/// the picture's own pixels, to draw over it).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReadAnswer {
    pub id: u32,
    /// Why no puzzle was read; empty when one was.
    pub error: String,
    /// The picture's size in pixels, as the browser decoded it.
    pub width: u32,
    pub height: u32,
    /// Every number passed the checks unchanged and is certain.
    pub certain: bool,
    pub rows: Vec<Vec<u32>>,
    pub columns: Vec<Vec<u32>>,
    /// The grid's border in the picture, round from its top left
    /// corner: a point where each of its lines meets it (a bent page's
    /// border bends with it).
    pub outline: Vec<(f64, f64)>,
    /// The grid's inner lines in the picture, each through the points
    /// where it crosses the other way's lines: the grid as it was found
    /// (straight on a screenshot, bowed on a curled page).
    pub lines: Vec<Vec<(f64, f64)>>,
    pub marks: Vec<ReadMark>,
    /// The lines with a doubt (a number unsure, changed by the checks, or
    /// none read), each with what the reader says of it.
    pub doubts: Vec<(nonogram_core::LineId, String)>,
    /// What the checks said of the whole reading, in words.
    pub summary: String,
}

/// A number read, where it was found: its line, its place in the line's
/// numbers as read (0-based), the text read and a box around its digits.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadMark {
    pub line: nonogram_core::LineId,
    pub number: usize,
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
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
    /// A line of a colour puzzle was solved: its changed cells (grid index,
    /// the colours left).
    ColourLine { line: nonogram_core::LineId, changes: Vec<(u32, u32)> },
    /// A sweep ended (all dirty rows, then all dirty columns), as post 003
    /// reports its iterations; `contradictions` counts those since the last (the seed says "errors").
    Sweep { sweep: usize, unknown: usize, contradictions: usize },
    /// The whole grid, after a guess, a backtrack, a restart, a contradiction,
    /// or many steps coalesced; `note` says which.
    Grid { cells: Cells, note: String },
}
