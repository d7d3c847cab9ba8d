//! An uploaded picture on the page: its cell values (from the worker), the
//! threshold, `Invert`, and the cells the maker switched by hand, giving the
//! 0/1 grid and its puzzle. Pure Rust, tested natively.

use nonogram_core::{Cell, Grid, Puzzle};
use nonogram_formats::raster::{self, MAX_GRID_SIDE};

#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
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
}

impl Picture {
    pub fn new(name: String, kind: String, source: (usize, usize), grid: (usize, usize)) -> Picture {
        Picture {
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
        }
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

    /// Cells switched by hand.
    pub fn edits(&self) -> usize {
        self.edits.iter().filter(|&&e| e).count()
    }

    pub fn is_edited(&self, i: usize) -> bool {
        self.edits.get(i).copied().unwrap_or(false)
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
        if self.values.is_empty() {
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
        let stem = self.name.rsplit_once('.').map_or(self.name.as_str(), |(stem, _)| stem);
        puzzle.meta.title = (!stem.is_empty()).then(|| stem.to_string());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> Picture {
        let mut p = Picture::new("heart.png".into(), "PNG".into(), (300, 200), (3, 2));
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
}
