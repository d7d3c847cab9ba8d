//! A colour puzzle: its palette, its clues of coloured runs, and a cell's
//! set of colours (see the module above for the rules).

use crate::cell::Cell;
use crate::grid::Grid;
use crate::puzzle::{check_size, Clue, LineId, Metadata, Puzzle, PuzzleError};
use crate::symmetry::{same_runs, turns_by, Symmetry};

/// The clue of a line of known cells (each cell one colour: 0 background).
pub fn colour_clue_of(cells: &[u8]) -> Vec<ColourRun> {
    let mut runs: Vec<ColourRun> = Vec::new();
    let mut previous = 0u8;
    for &c in cells {
        if c != 0 {
            match runs.last_mut() {
                Some(run) if previous == c => run.len += 1,
                _ => runs.push(ColourRun { len: 1, colour: c }),
            }
        }
        previous = c;
    }
    runs
}

/// The background's bit in a cell's set of colours.
pub const BACKGROUND: u32 = 1;

pub use crate::puzzle::MAX_COLOURS;

/// A run of a colour clue: its length and its colour (1 to 31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColourRun {
    pub len: u32,
    pub colour: u8,
}

/// The colours a cell may still take (bit 0: background).
pub type Colours = u32;

/// The colours in a set, lowest first.
pub fn colours_of(set: Colours) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |&c| set & (1 << c) != 0)
}

/// One colour of a palette.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Swatch {
    pub name: String,
    pub rgb: [u8; 3],
    /// The character a solution is written with (webpbn XML's `char`).
    pub symbol: char,
}

impl Swatch {
    pub fn new(name: &str, rgb: [u8; 3], symbol: char) -> Swatch {
        Swatch { name: name.to_string(), rgb, symbol }
    }

    /// `#rrggbb`.
    pub fn hex(&self) -> String {
        hex(self.rgb)
    }
}

/// An RGB colour as `#rrggbb`.
pub fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A colour picture (one colour per cell, row-major) in black and white:
/// filled where it is not the background.
pub fn black_view(cells: &[u8], width: usize, height: usize) -> Option<Grid> {
    let cells = cells.iter().map(|&c| if c == 0 { Cell::Empty } else { Cell::Filled }).collect();
    Grid::from_cells(width, height, cells)
}

/// A palette of `colours` colours after a white background: black, red,
/// green, blue, …, then greys; symbols `.` for the background, `#` for
/// black, then letters.
pub fn default_palette(colours: usize) -> Vec<Swatch> {
    const NAMED: [(&str, [u8; 3], char); 12] = [
        ("white", [255, 255, 255], '.'),
        ("black", [0, 0, 0], '#'),
        ("red", [220, 40, 40], 'r'),
        ("green", [40, 160, 60], 'g'),
        ("blue", [50, 80, 220], 'b'),
        ("yellow", [240, 200, 40], 'y'),
        ("orange", [240, 130, 30], 'o'),
        ("purple", [140, 60, 170], 'p'),
        ("brown", [130, 80, 40], 'n'),
        ("pink", [240, 130, 180], 'k'),
        ("cyan", [40, 190, 210], 'c'),
        ("grey", [128, 128, 128], 'a'),
    ];
    (0..=colours.min(MAX_COLOURS))
        .map(|i| match NAMED.get(i) {
            Some(&(name, rgb, symbol)) => Swatch::new(name, rgb, symbol),
            None => {
                let v = (40 + 6 * i) as u8;
                let symbol = char::from(b'A' + (i - NAMED.len()) as u8);
                Swatch::new(&format!("colour {i}"), [v, v, v], symbol)
            }
        })
        .collect()
}

/// A colour puzzle: a clue of coloured runs for each row and column, and
/// its palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourPuzzle {
    pub rows: Vec<Vec<ColourRun>>,
    pub columns: Vec<Vec<ColourRun>>,
    /// The background, then each run colour: `palette[c]` is colour `c`.
    pub palette: Vec<Swatch>,
    /// Title, author and so on; its black-and-white `goal` stays `None`.
    pub meta: Metadata,
    /// The picture the puzzle was made from, one colour per cell, row-major.
    pub goal: Option<Vec<u8>>,
}

impl ColourPuzzle {
    pub fn new(
        rows: Vec<Vec<ColourRun>>,
        columns: Vec<Vec<ColourRun>>,
        palette: Vec<Swatch>,
    ) -> ColourPuzzle {
        ColourPuzzle { rows, columns, palette, meta: Metadata::default(), goal: None }
    }

    /// The clues of a picture: one colour per cell (0 background),
    /// row-major, with the default palette; the picture is the goal.
    pub fn from_picture(cells: &[u8], width: usize) -> ColourPuzzle {
        let colours = usize::from(cells.iter().copied().max().unwrap_or(0)).max(1);
        ColourPuzzle::from_picture_with(cells, width, default_palette(colours))
    }

    /// [`ColourPuzzle::from_picture`] with a palette of one's own.
    pub fn from_picture_with(cells: &[u8], width: usize, palette: Vec<Swatch>) -> ColourPuzzle {
        let width = width.max(1);
        let height = cells.len() / width;
        let column = |c: usize| (0..height).map(|r| cells[r * width + c]).collect::<Vec<u8>>();
        let mut p = ColourPuzzle::new(
            cells.chunks(width).map(colour_clue_of).collect(),
            (0..width).map(|c| colour_clue_of(&column(c))).collect(),
            palette,
        );
        p.goal = Some(cells.to_vec());
        p
    }

    pub fn width(&self) -> usize {
        self.columns.len()
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// How many colours besides the background.
    pub fn colours(&self) -> usize {
        self.palette.len().saturating_sub(1)
    }

    /// Every colour a cell may take at the start, background included:
    /// the lowest `colours() + 1` bits (all 32 at [`MAX_COLOURS`]; a shift
    /// by 32 would overflow, so the mask is cut down from all ones).
    pub fn every_colour(&self) -> Colours {
        Colours::MAX >> (MAX_COLOURS - self.colours().min(MAX_COLOURS))
    }

    pub fn clue(&self, line: LineId) -> &[ColourRun] {
        match line {
            LineId::Row(i) => &self.rows[i],
            LineId::Column(i) => &self.columns[i],
        }
    }

    /// All lines: rows top to bottom, then columns left to right.
    pub fn lines(&self) -> impl Iterator<Item = LineId> {
        (0..self.height()).map(LineId::Row).chain((0..self.width()).map(LineId::Column))
    }

    /// A clue in words: `2 red, 1 blue` (`0` for an empty clue).
    pub fn clue_text(&self, runs: &[ColourRun]) -> String {
        if runs.is_empty() {
            return "0".into();
        }
        let name = |c: u8| self.palette.get(usize::from(c)).map_or("?", |s| s.name.as_str());
        runs.iter().map(|r| format!("{} {}", r.len, name(r.colour))).collect::<Vec<_>>().join(", ")
    }

    /// The fewest cells a clue needs: its runs, and a gap between two
    /// consecutive runs of the same colour.
    pub fn min_len(runs: &[ColourRun]) -> u64 {
        let gaps = runs.windows(2).filter(|w| w[0].colour == w[1].colour).count() as u64;
        runs.iter().map(|r| u64::from(r.len)).sum::<u64>() + gaps
    }

    /// Checks the palette, sizes, runs, fit and each colour's totals; the
    /// first problem found is returned.
    pub fn validate(&self) -> Result<(), PuzzleError> {
        check_size(self.width(), self.height())?;
        if self.palette.len() < 2 || self.palette.len() > MAX_COLOURS + 1 {
            return Err(PuzzleError::Palette { colours: self.colours() });
        }
        self.check_swatches()?;
        for line in self.lines() {
            let runs = self.clue(line);
            if let Some(i) = runs.iter().position(|r| r.len == 0) {
                return Err(PuzzleError::ZeroRun { line, run: i + 1 });
            }
            if let Some(i) =
                runs.iter().position(|r| r.colour == 0 || usize::from(r.colour) >= self.palette.len())
            {
                return Err(PuzzleError::UnknownColour { line, run: i + 1 });
            }
            let have = line.len(self.width(), self.height());
            let need = ColourPuzzle::min_len(runs);
            if need > have as u64 {
                return Err(PuzzleError::ColourDoesNotFit { line, clue: self.clue_text(runs), need, have });
            }
        }
        for c in 1..self.palette.len() {
            let total = |lines: &[Vec<ColourRun>]| -> u64 {
                lines.iter().flatten().filter(|r| usize::from(r.colour) == c).map(|r| u64::from(r.len)).sum()
            };
            let (rows, columns) = (total(&self.rows), total(&self.columns));
            if rows != columns {
                return Err(PuzzleError::ColourTotalsDiffer {
                    colour: self.palette[c].name.clone(),
                    rows,
                    columns,
                });
            }
        }
        Ok(())
    }

    /// Every colour of the palette has a name and a character of its own,
    /// each printable as [`crate::text`] decides (a name or character is
    /// written into files and printed; a control or format character, a
    /// lone combining mark, a space or `|`, which frames XML's goal rows,
    /// would break both). Every reader checks this; a share link had not.
    fn check_swatches(&self) -> Result<(), PuzzleError> {
        for (i, swatch) in self.palette.iter().enumerate() {
            let earlier = &self.palette[..i];
            let why = if let Some(why) = crate::text::name_fault(&swatch.name) {
                why
            } else if let Some(why) = crate::text::colour_character_fault(swatch.symbol) {
                why
            } else if earlier.iter().any(|s| s.name == swatch.name) {
                "another colour has its name"
            } else if earlier.iter().any(|s| s.symbol == swatch.symbol) {
                "another colour has its character"
            } else {
                continue;
            };
            return Err(PuzzleError::Swatch { colour: i, name: swatch.name.clone(), why });
        }
        Ok(())
    }

    /// True when `cells` (one colour each, row-major) make every clue.
    pub fn is_solution(&self, cells: &[u8]) -> bool {
        let (width, height) = (self.width(), self.height());
        cells.len() == width * height
            && self.lines().all(|line| {
                let values: Vec<u8> = line.cell_indices(width, height).map(|i| cells[i]).collect();
                colour_clue_of(&values) == self.clue(line)
            })
    }

    /// A black-and-white puzzle as the one-colour case (white and black).
    pub fn from_black(puzzle: &Puzzle) -> ColourPuzzle {
        let runs = |clue: &Clue| clue.0.iter().map(|&len| ColourRun { len, colour: 1 }).collect();
        let mut p = ColourPuzzle::new(
            puzzle.rows.iter().map(runs).collect(),
            puzzle.columns.iter().map(runs).collect(),
            default_palette(1),
        );
        p.meta = Metadata { goal: None, ..puzzle.meta.clone() };
        p.goal = puzzle
            .meta
            .goal
            .as_ref()
            .map(|g| g.cells().iter().map(|&c| u8::from(c == Cell::Filled)).collect());
        p
    }

    /// The puzzle's shape: its run lengths without their colours, its
    /// title and so on (no goal); what a board's layout needs.
    pub fn shape(&self) -> Puzzle {
        let lengths = |lines: &[Vec<ColourRun>]| -> Vec<Clue> {
            lines.iter().map(|runs| Clue(runs.iter().map(|r| r.len).collect())).collect()
        };
        let mut p = Puzzle::new(lengths(&self.rows), lengths(&self.columns));
        p.meta = Metadata { goal: None, ..self.meta.clone() };
        p
    }

    /// The mirrorings and turns that send every line onto a line with the
    /// same colour clue (read backwards where the line is reversed): each
    /// maps a solution onto a solution ([`crate::symmetry`]). Black and
    /// white's swaps of two fenced lines are left out: in colour, the two
    /// swapped cells of a crossing line can hold two colours, whose order
    /// the swap would change.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        let same = |line: LineId, target: LineId, reversed: bool| {
            same_runs(self.clue(line), self.clue(target), reversed)
        };
        turns_by(self.width(), self.height(), &|line| self.clue(line).is_empty(), &same)
    }

    /// The black-and-white puzzle, when no run has a colour but the first.
    pub fn to_black(&self) -> Option<Puzzle> {
        if !self.rows.iter().chain(&self.columns).flatten().all(|r| r.colour == 1) {
            return None;
        }
        let mut p = self.shape();
        p.meta.goal = self.goal.as_ref().and_then(|goal| black_view(goal, self.width(), self.height()));
        Some(p)
    }
}
