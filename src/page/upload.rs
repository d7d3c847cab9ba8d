//! An uploaded picture on the page: its cell values (from the worker), the
//! threshold, `Invert`, and the cells the maker switched by hand, giving the
//! 0/1 grid and its puzzle; or, with 3 to 8 `colours`, its cells quantised
//! by the worker, the palette (editable), and the cells painted by hand,
//! giving a colour puzzle. Pure Rust, tested natively.

use nonogram_core::colour::{black_view, ColourPuzzle};
use nonogram_core::{Cell, Grid, Puzzle};
use nonogram_formats::quantise::name_colours;
use nonogram_formats::raster::{self, MAX_GRID_SIDE};

#[derive(Clone, Debug, PartialEq)]
pub struct Upload {
    /// The file's name, as uploaded.
    pub name: String,
    /// What the file is: `PNG`, `JPEG`, …, or `0/1 text picture`.
    pub kind: String,
    /// The picture's size in pixels (cells for a text picture).
    pub source: (usize, usize),
    /// The grid size asked for; `values` may still be for an older one.
    pub asked: (usize, usize),
    pub keep_aspect: bool,
    /// None: Otsu's threshold of the current values.
    pub threshold: Option<u8>,
    pub invert: bool,
    width: usize,
    height: usize,
    values: Vec<u8>,
    otsu: u8,
    /// Cells switched by hand, on top of the thresholded values.
    edits: Vec<bool>,
    /// Colours asked for, background included: 2 is black and white (by
    /// the threshold), 3 to 8 the picture's colours quantised to that many.
    pub colours: u8,
    /// The quantised cells (0 the background) and the colours' RGB.
    colour_cells: Vec<u8>,
    pub palette: Vec<[u8; 3]>,
    /// Cells painted by hand with a colour, on top of the quantised ones.
    painted: Vec<Option<u8>>,
    /// The colour a click paints with.
    pub paint: u8,
}

impl Upload {
    pub fn new(name: String, kind: String, source: (usize, usize), grid: (usize, usize)) -> Upload {
        Upload {
            name,
            kind,
            source,
            asked: grid,
            keep_aspect: true,
            threshold: None,
            invert: false,
            width: 0,
            height: 0,
            values: Vec::new(),
            otsu: 127,
            edits: Vec::new(),
            colours: 2,
            colour_cells: Vec::new(),
            palette: Vec::new(),
            painted: Vec::new(),
            paint: 1,
        }
    }

    /// True when the picture is made of colours (3 or more asked, and the
    /// worker's colour cells are in).
    pub fn is_colour(&self) -> bool {
        self.colours >= 3
            && !self.colour_cells.is_empty()
            && self.colour_cells.len() == self.width * self.height
    }

    /// Takes the worker's quantised cells; hand-painted cells survive when
    /// the size and the number of colours stay (returns how many did not).
    pub fn set_colour_cells(
        &mut self,
        width: usize,
        height: usize,
        cells: Vec<u8>,
        palette: Vec<[u8; 3]>,
    ) -> usize {
        let same = (width, height) == (self.width, self.height) && palette.len() == self.palette.len();
        let dropped = if same { 0 } else { self.painted.iter().flatten().count() };
        if !same || self.painted.len() != width * height {
            self.painted = vec![None; width * height];
        }
        (self.width, self.height) = (width, height);
        self.colour_cells = cells;
        self.palette = palette;
        self.paint = self.paint.clamp(1, (self.palette.len().max(2) - 1) as u8);
        dropped
    }

    /// Paints a cell with the chosen colour, or gives it back its own
    /// colour when it already has the chosen one by hand.
    pub fn paint_cell(&mut self, row: usize, col: usize) {
        if row < self.height && col < self.width && self.is_colour() {
            let i = row * self.width + col;
            self.painted[i] = match self.painted[i] {
                Some(c) if c == self.paint => None,
                _ => Some(self.paint),
            };
        }
    }

    /// Gives a cell a colour by hand (a fix): painted, unless that is its own.
    pub fn paint_cell_with(&mut self, row: usize, col: usize, colour: u8) {
        if row < self.height && col < self.width && self.is_colour() {
            let i = row * self.width + col;
            self.painted[i] = (self.colour_cells[i] != colour).then_some(colour);
        }
    }

    /// The colour picture: each cell's colour (0 the background).
    pub fn colour_grid(&self) -> Option<Vec<u8>> {
        self.is_colour()
            .then(|| self.colour_cells.iter().zip(&self.painted).map(|(&c, p)| p.unwrap_or(c)).collect())
    }

    /// The colour puzzle of the colour picture, its colours named (see
    /// [`name_colours`]), titled after the file.
    pub fn colour_puzzle(&self) -> Option<ColourPuzzle> {
        let cells = self.colour_grid()?;
        let mut puzzle = ColourPuzzle::from_picture_with(&cells, self.width, name_colours(&self.palette));
        puzzle.goal = None;
        puzzle.meta.title = self.title();
        Some(puzzle)
    }

    fn title(&self) -> Option<String> {
        let stem = self.name.rsplit_once('.').map_or(self.name.as_str(), |(stem, _)| stem);
        (!stem.is_empty()).then(|| stem.to_string())
    }

    /// Takes the worker's cell values; returns how many hand edits were
    /// dropped because the grid size changed (edits survive threshold and
    /// `Invert` changes, not a new size).
    pub fn set_values(&mut self, width: usize, height: usize, values: Vec<u8>, otsu: u8) -> usize {
        let dropped = if (width, height) != (self.width, self.height) { self.edits() } else { 0 };
        if dropped > 0 || self.edits.len() != width * height {
            self.edits = vec![false; width * height];
        }
        self.width = width;
        self.height = height;
        self.values = values;
        self.otsu = otsu;
        dropped
    }

    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    pub fn otsu(&self) -> u8 {
        self.otsu
    }

    pub fn threshold_value(&self) -> u8 {
        self.threshold.unwrap_or(self.otsu)
    }

    /// Cells switched (or painted) by hand.
    pub fn edits(&self) -> usize {
        match self.is_colour() {
            true => self.painted.iter().flatten().count(),
            false => self.edits.iter().filter(|&&e| e).count(),
        }
    }

    pub fn is_edited(&self, i: usize) -> bool {
        match self.is_colour() {
            true => self.painted.get(i).is_some_and(Option::is_some),
            false => self.edits.get(i).copied().unwrap_or(false),
        }
    }

    /// Switches a cell by hand (again: back to the thresholded value).
    pub fn toggle(&mut self, row: usize, col: usize) {
        if row < self.height && col < self.width {
            let i = row * self.width + col;
            self.edits[i] = !self.edits[i];
        }
    }

    /// The 0/1 grid, once the worker's values are in.
    pub fn grid(&self) -> Option<Grid> {
        // None until the values of the current size are in (after a switch
        // from colours, the size may be newer than the values).
        if self.values.is_empty() || self.values.len() != self.width * self.height {
            return None;
        }
        let mut grid =
            raster::threshold(self.width, self.height, &self.values, self.threshold_value(), self.invert);
        for (i, _) in self.edits.iter().enumerate().filter(|(_, &e)| e) {
            let (r, c) = (i / self.width, i % self.width);
            let flipped = if grid.get(r, c) == Cell::Filled { Cell::Empty } else { Cell::Filled };
            grid.set(r, c, flipped);
        }
        Some(grid)
    }

    /// The puzzle of the grid, titled after the file, without the picture
    /// as its goal (the clues are what gets shared).
    pub fn puzzle(&self) -> Option<Puzzle> {
        let mut puzzle = Puzzle::from_picture(&self.grid()?);
        puzzle.meta.goal = None;
        puzzle.meta.title = self.title();
        Some(puzzle)
    }

    /// The grid size for a new width (or height), the other side following
    /// the picture's aspect ratio when `keep_aspect`.
    pub fn resize(&self, width: Option<usize>, height: Option<usize>) -> (usize, usize) {
        let clamp = |v: usize| v.clamp(1, MAX_GRID_SIDE);
        let (sw, sh) = (self.source.0.max(1) as f64, self.source.1.max(1) as f64);
        let (w, h) = self.asked;
        match (width, height) {
            (Some(w), _) if self.keep_aspect => (clamp(w), clamp((w as f64 * sh / sw).round() as usize)),
            (_, Some(h)) if self.keep_aspect => (clamp((h as f64 * sw / sh).round() as usize), clamp(h)),
            (Some(w), _) => (clamp(w), h),
            (_, Some(h)) => (w, clamp(h)),
            _ => (w, h),
        }
    }
}

/// A colour picture as black and white: filled where not the background.
pub fn colour_view(cells: &[u8], width: usize) -> Grid {
    black_view(cells, width, cells.len() / width.max(1)).unwrap_or_else(|| Grid::new(0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> Upload {
        let mut p = Upload::new("heart.png".into(), "PNG".into(), (300, 200), (3, 2));
        assert!(p.grid().is_none());
        p.set_values(3, 2, vec![0, 255, 10, 240, 0, 255], 127);
        p
    }

    #[test]
    fn threshold_invert_and_edits_make_the_grid() {
        let mut p = picture();
        assert_eq!(p.grid().unwrap().to_text(), "#.#\n.#.\n");
        p.threshold = Some(5);
        assert_eq!(p.grid().unwrap().to_text(), "#..\n.#.\n");
        p.threshold = None;
        p.invert = true;
        assert_eq!(p.grid().unwrap().to_text(), ".#.\n#.#\n");
        p.toggle(0, 0);
        assert_eq!(p.edits(), 1);
        assert_eq!(p.grid().unwrap().to_text(), "##.\n#.#\n");
        // Edits survive a threshold change with the same size …
        assert_eq!(p.set_values(3, 2, vec![0, 255, 10, 240, 0, 255], 100), 0);
        assert_eq!(p.edits(), 1);
        // … not a new size.
        assert_eq!(p.set_values(1, 1, vec![0], 127), 1);
        assert_eq!(p.edits(), 0);
        assert_eq!(p.grid().unwrap().to_text(), ".\n");
    }

    #[test]
    fn the_puzzle_is_titled_after_the_file() {
        let p = picture().puzzle().unwrap();
        assert_eq!(p.meta.title.as_deref(), Some("heart"));
        assert!(p.meta.goal.is_none());
        assert_eq!(p.rows[0].to_string(), "1 1");
    }

    #[test]
    fn sizes_keep_the_aspect_ratio_within_bounds() {
        let mut p = picture();
        assert_eq!(p.resize(Some(30), None), (30, 20));
        assert_eq!(p.resize(None, Some(50)), (75, 50));
        assert_eq!(p.resize(Some(500), None), (200, 200));
        assert_eq!(p.resize(Some(0), None), (1, 1));
        p.keep_aspect = false;
        assert_eq!(p.resize(Some(7), None), (7, 2));
    }

    #[test]
    fn colour_cells_are_painted_by_hand_and_make_a_colour_puzzle() {
        let mut p = picture();
        p.colours = 3;
        let palette = vec![[255, 255, 255], [20, 30, 120], [220, 30, 30]];
        assert_eq!(p.set_colour_cells(3, 2, vec![0, 1, 2, 1, 1, 0], palette.clone()), 0);
        assert!(p.is_colour());
        p.paint = 2;
        p.paint_cell(0, 0);
        assert_eq!(p.colour_grid().unwrap(), [2, 1, 2, 1, 1, 0]);
        assert!(p.is_edited(0) && p.edits() == 1);
        // Painting again with the same colour gives the cell back.
        p.paint_cell(0, 0);
        assert_eq!(p.colour_grid().unwrap(), [0, 1, 2, 1, 1, 0]);
        p.paint_cell(1, 2);
        // A fix gives a cell a colour; its own colour is no edit.
        p.paint_cell_with(0, 1, 0);
        p.paint_cell_with(0, 2, 2);
        assert_eq!(p.colour_grid().unwrap(), [0, 0, 2, 1, 1, 2]);
        p.paint_cell_with(0, 1, 1);
        let puzzle = p.colour_puzzle().unwrap();
        assert_eq!(puzzle.meta.title.as_deref(), Some("heart"));
        assert_eq!(puzzle.clue_text(&puzzle.rows[1]), "2 blue, 1 red");
        assert_eq!(puzzle.palette[2].symbol, 'r');
        // A new size drops the painted cells and says how many.
        assert_eq!(p.set_colour_cells(1, 1, vec![0], palette), 1);
        // Back to two colours: black and white again once its values come.
        p.colours = 2;
        assert!(!p.is_colour() && p.grid().is_none());
        p.set_values(1, 1, vec![0], 127);
        assert_eq!(p.grid().unwrap().to_text(), "#\n");
    }
}
