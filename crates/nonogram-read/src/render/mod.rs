//! Pictures drawn from fonts: whole puzzles in several styles (the test
//! set, the benchmark, most of the trainer's samples), photo-like copies of
//! them, and loose numbers and marks (the rest of the trainer's samples).
//! Feature `train` only: the reader itself draws nothing.
//!
//! Everything comes from a seed through [`Rng`], so a set is the same on
//! every machine that has the same fonts (Debian's font packages, which
//! `scripts/setup` installs).

use std::path::{Path, PathBuf};

use ab_glyph::{Font, FontVec, PxScale, ScaleFont};
use nonogram_core::{Cell, Grid, Puzzle};

use crate::picture::Picture;
use crate::straighten::{apply, fit_homography};

/// A small, fast generator (SplitMix64): no crate, the same numbers
/// everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0.0..1.0`.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A number in `low..high`.
    pub fn range(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * self.unit()
    }

    /// An integer in `low..high`.
    pub fn below(&mut self, low: usize, high: usize) -> usize {
        low + (self.next_u64() % (high - low).max(1) as u64) as usize
    }

    pub fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }

    /// A normally distributed number (Box–Muller).
    pub fn normal(&mut self) -> f32 {
        let u = self.unit().max(1e-7);
        let v = self.unit();
        (-2.0 * u.ln()).sqrt() * (std::f32::consts::TAU * v).cos()
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(0, items.len())]
    }
}

/// A font file and its font.
pub struct Face {
    pub path: PathBuf,
    pub font: FontVec,
}

/// Fonts that map the digits' code points to pictures of other things.
const SYMBOL_FONTS: [&str; 2] = ["D050000L", "StandardSymbolsPS"];

/// Every font under the folders that draws all ten digits, in the order
/// of their paths. Fonts of symbols or of other scripts only are left out.
pub fn faces(folders: &[&Path]) -> Vec<Face> {
    let mut paths = Vec::new();
    for folder in folders {
        collect_fonts(folder, &mut paths);
    }
    paths.sort();
    paths.dedup();
    paths.retain(|p| !SYMBOL_FONTS.iter().any(|s| p.file_stem().is_some_and(|stem| stem == *s)));
    paths
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).ok()?;
            let font = FontVec::try_from_vec(bytes).ok()?;
            let draws_digits =
                ('0'..='9').all(|d| font.glyph_id(d).0 != 0 && font.outline(font.glyph_id(d)).is_some());
            draws_digits.then_some(Face { path, font })
        })
        .collect()
}

fn collect_fonts(folder: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_fonts(&path, out);
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("ttf" | "otf")) {
            out.push(path);
        }
    }
}

/// The fonts held back from training: every fifth, by path. The test set
/// draws its pictures with these, so the accuracy measured is on faces the
/// network never saw.
pub fn held_back(index: usize) -> bool {
    index % 5 == 2
}

/// The Debian font packages drawn from (`scripts/setup` installs them):
/// sans, serif, monospace, condensed, rounded and informal faces, 208
/// fonts in all, whatever else the machine has.
pub const FONT_PACKAGES: [(&str, &str); 17] = [
    ("fonts-dejavu-core", "/usr/share/fonts/truetype/dejavu"),
    ("fonts-dejavu-extra", "/usr/share/fonts/truetype/dejavu"),
    ("fonts-liberation", "/usr/share/fonts/truetype/liberation"),
    ("fonts-freefont-ttf", "/usr/share/fonts/truetype/freefont"),
    ("fonts-croscore", "/usr/share/fonts/truetype/croscore"),
    ("fonts-crosextra-carlito", "/usr/share/fonts/truetype/crosextra"),
    ("fonts-open-sans", "/usr/share/fonts/truetype/open-sans"),
    ("fonts-roboto-unhinted", "/usr/share/fonts/truetype/roboto"),
    ("fonts-lato", "/usr/share/fonts/truetype/lato"),
    ("fonts-hack", "/usr/share/fonts/truetype/hack"),
    ("fonts-inconsolata", "/usr/share/fonts/truetype/inconsolata"),
    ("fonts-firacode", "/usr/share/fonts/truetype/firacode"),
    ("fonts-noto-mono", "/usr/share/fonts/truetype/noto"),
    ("fonts-cantarell", "/usr/share/fonts/opentype/cantarell"),
    ("fonts-comic-neue", "/usr/share/fonts/opentype/comic-neue"),
    ("fonts-urw-base35", "/usr/share/fonts/opentype/urw-base35"),
    ("fonts-texgyre", "/usr/share/texmf/fonts/opentype/public/tex-gyre"),
];

/// The folders of [`FONT_PACKAGES`], each once.
pub fn font_folders() -> Vec<&'static Path> {
    let mut out: Vec<&'static Path> = Vec::new();
    for (_, folder) in FONT_PACKAGES {
        if !out.contains(&Path::new(folder)) {
            out.push(Path::new(folder));
        }
    }
    out
}

/// A colour picture being drawn.
#[derive(Clone)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<[f32; 3]>,
}

pub type Colour = [f32; 3];

pub fn grey(l: u8) -> Colour {
    [l as f32; 3]
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Colour) -> Canvas {
        Canvas { width, height, rgb: vec![background; (width * height) as usize] }
    }

    /// Blends `colour` over the pixel by `coverage` (0 to 1).
    pub fn blend(&mut self, x: i64, y: i64, colour: Colour, coverage: f32) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 || coverage <= 0.0 {
            return;
        }
        let p = &mut self.rgb[(y as u32 * self.width + x as u32) as usize];
        let c = coverage.min(1.0);
        for k in 0..3 {
            p[k] = p[k] * (1.0 - c) + colour[k] * c;
        }
    }

    /// Fills a rectangle given in fractional pixels (edges anti-aliased).
    pub fn fill(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, colour: Colour) {
        let (ix0, iy0) = (x0.floor() as i64, y0.floor() as i64);
        let (ix1, iy1) = (x1.ceil() as i64, y1.ceil() as i64);
        for y in iy0..iy1 {
            let cy = ((y + 1) as f32).min(y1) - (y as f32).max(y0);
            for x in ix0..ix1 {
                let cx = ((x + 1) as f32).min(x1) - (x as f32).max(x0);
                self.blend(x, y, colour, cx.max(0.0) * cy.max(0.0));
            }
        }
    }

    /// A line of `thickness` from (x0, y0) to (x1, y1), drawn as little
    /// squares along it (enough for crosses and marks).
    pub fn stroke(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, thickness: f32, colour: Colour) {
        let length = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        let steps = (length * 2.0).ceil().max(1.0) as usize;
        let r = thickness / 2.0;
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            for py in (y - r).floor() as i64..=(y + r).ceil() as i64 {
                for px in (x - r).floor() as i64..=(x + r).ceil() as i64 {
                    let d = ((px as f32 + 0.5 - x).powi(2) + (py as f32 + 0.5 - y).powi(2)).sqrt();
                    let coverage = (r + 0.5 - d).clamp(0.0, 1.0);
                    self.blend(px, py, colour, coverage);
                }
            }
        }
    }

    /// The picture the reader sees.
    pub fn picture(&self) -> Picture {
        let rgba: Vec<u8> = self
            .rgb
            .iter()
            .flat_map(|p| {
                [
                    p[0].round().clamp(0.0, 255.0) as u8,
                    p[1].round().clamp(0.0, 255.0) as u8,
                    p[2].round().clamp(0.0, 255.0) as u8,
                    255,
                ]
            })
            .collect();
        Picture::from_rgba(self.width, self.height, &rgba).expect("a canvas has a size")
    }

    /// The canvas as 8-bit RGB bytes.
    pub fn rgb8(&self) -> Vec<u8> {
        self.rgb.iter().flat_map(|p| p.map(|c| c.round().clamp(0.0, 255.0) as u8)).collect()
    }

    /// Writes the canvas as a PNG file.
    pub fn save_png(&self, path: &Path) -> Result<(), String> {
        image::save_buffer(path, &self.rgb8(), self.width, self.height, image::ExtendedColorType::Rgb8)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Text drawn in one font at one size.
pub struct Pen<'a> {
    pub face: &'a Face,
    /// The font's size in pixels (its em).
    pub size: f32,
}

impl Pen<'_> {
    /// A pen whose digits are `digit_height` pixels tall.
    pub fn for_digit_height<'a>(face: &'a Face, digit_height: f32) -> Pen<'a> {
        let probe = Pen { face, size: 100.0 };
        let (_, top, _, bottom) = probe.ink_bounds("0123456789");
        let tall = (bottom - top).max(1.0);
        Pen { face, size: 100.0 * digit_height / tall }
    }

    fn scale(&self) -> PxScale {
        PxScale::from(self.size)
    }

    /// Each character's glyph placed with its origin on (x, baseline 0).
    fn layout(&self, text: &str) -> Vec<ab_glyph::Glyph> {
        let font = &self.face.font;
        let scaled = font.as_scaled(self.scale());
        let mut x = 0.0;
        let mut out = Vec::new();
        let mut previous = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = previous {
                x += scaled.kern(p, id);
            }
            out.push(id.with_scale_and_position(self.scale(), ab_glyph::point(x, 0.0)));
            x += scaled.h_advance(id);
            previous = Some(id);
        }
        out
    }

    /// The advance of a text (where the next text would start).
    pub fn advance(&self, text: &str) -> f32 {
        let scaled = self.face.font.as_scaled(self.scale());
        text.chars().map(|c| scaled.h_advance(self.face.font.glyph_id(c))).sum()
    }

    /// The ink's bounds of a text drawn at (0, baseline 0): x0, y0, x1, y1.
    pub fn ink_bounds(&self, text: &str) -> (f32, f32, f32, f32) {
        let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for g in self.layout(text) {
            if let Some(o) = self.face.font.outline_glyph(g) {
                let r = o.px_bounds();
                b = (b.0.min(r.min.x), b.1.min(r.min.y), b.2.max(r.max.x), b.3.max(r.max.y));
            }
        }
        if b.0 == f32::MAX {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            b
        }
    }

    /// Draws a text with its ink's centre at (cx, cy).
    pub fn draw_centred(&self, canvas: &mut Canvas, text: &str, cx: f32, cy: f32, colour: Colour) {
        let (x0, y0, x1, y1) = self.ink_bounds(text);
        self.draw(canvas, text, cx - (x0 + x1) / 2.0, cy - (y0 + y1) / 2.0, colour);
    }

    /// Draws a text with its origin at (x, baseline).
    pub fn draw(&self, canvas: &mut Canvas, text: &str, x: f32, baseline: f32, colour: Colour) {
        for mut g in self.layout(text) {
            g.position = ab_glyph::point(g.position.x + x, g.position.y + baseline);
            if let Some(o) = self.face.font.outline_glyph(g) {
                let r = o.px_bounds();
                o.draw(|gx, gy, c| {
                    canvas.blend(r.min.x as i64 + gx as i64, r.min.y as i64 + gy as i64, colour, c)
                });
            }
        }
    }
}

/// How a puzzle is presented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// This page's own board: clues float beside a grid of thin lines,
    /// thicker every five.
    Page,
    /// Clue areas drawn as cells (as nonograms.org does): a number a cell,
    /// shaded, the grid's lines running on through them, thick every five.
    Cells,
    /// A phone game's dark board: light digits on dark, the clue strips
    /// shaded in alternate bands, a row's numbers spaced in one strip.
    Dark,
}

pub const STYLES: [Style; 3] = [Style::Page, Style::Cells, Style::Dark];

impl Style {
    pub fn name(self) -> &'static str {
        match self {
            Style::Page => "page",
            Style::Cells => "cells",
            Style::Dark => "dark",
        }
    }
}

/// A random picture of a puzzle: smoothed noise, so that runs are of
/// many lengths (some over 9, for two-digit numbers).
pub fn random_solution(width: usize, height: usize, rng: &mut Rng) -> Grid {
    let density = rng.range(0.45, 0.65);
    let mut field: Vec<f32> = (0..width * height).map(|_| rng.unit()).collect();
    for _ in 0..rng.below(0, 3) {
        let copy = field.clone();
        for r in 0..height {
            for c in 0..width {
                let mut sum = 0.0;
                let mut n = 0.0;
                for (dr, dc) in [(0i64, 0i64), (0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                    if rr >= 0 && cc >= 0 && (rr as usize) < height && (cc as usize) < width {
                        sum += copy[rr as usize * width + cc as usize];
                        n += 1.0;
                    }
                }
                field[r * width + c] = sum / n;
            }
        }
    }
    let mut sorted = field.clone();
    sorted.sort_by(f32::total_cmp);
    let cut = sorted[((1.0 - density) * (sorted.len() - 1) as f32) as usize];
    let cells = field.iter().map(|&v| if v > cut { Cell::Filled } else { Cell::Empty }).collect();
    Grid::from_cells(width, height, cells).expect("the size matches")
}

/// A drawn puzzle: its picture and what it shows.
pub struct Drawn {
    pub canvas: Canvas,
    pub puzzle: Puzzle,
    pub style: Style,
    /// Where the grid's outer corners are (x0, y0, x1, y1), for the tests.
    pub grid_box: (f32, f32, f32, f32),
}

/// Draws a puzzle whose solution is `solution` in a style, with a face,
/// cells of `cell` pixels; `mid_play` fills and crosses some cells as a
/// game's board shows them part-solved.
pub fn draw_puzzle(
    solution: &Grid,
    style: Style,
    face: &Face,
    cell: f32,
    mid_play: bool,
    rng: &mut Rng,
) -> Drawn {
    let puzzle = Puzzle::from_picture(solution);
    let (w, h) = (solution.width(), solution.height());
    let digit_height = cell * rng.range(0.45, 0.62);
    let pen = Pen::for_digit_height(face, digit_height);
    let space = pen.advance(" ").max(digit_height * 0.45) * rng.range(1.0, 1.8);
    let row_texts: Vec<Vec<String>> = (0..h).map(|r| numbers(&puzzle.rows[r].0)).collect();
    let column_texts: Vec<Vec<String>> = (0..w).map(|c| numbers(&puzzle.columns[c].0)).collect();
    let deepest = column_texts.iter().map(Vec::len).max().unwrap_or(1) as f32;
    let widest_row = row_texts.iter().map(|t| row_width(&pen, t, space)).fold(0.0f32, f32::max);
    let most_row_numbers = row_texts.iter().map(Vec::len).max().unwrap_or(1) as f32;
    let (background, ink, line, thick, shade) = match style {
        Style::Page => {
            (grey(255), grey(rng.below(0, 60) as u8), grey(rng.below(120, 175) as u8), grey(40), None)
        }
        Style::Cells => (
            grey(255),
            grey(rng.below(0, 40) as u8),
            grey(rng.below(110, 160) as u8),
            grey(30),
            Some(grey(rng.below(225, 240) as u8)),
        ),
        Style::Dark => {
            let bg = rng.below(18, 40) as u8;
            (
                grey(bg),
                grey(rng.below(205, 250) as u8),
                grey(bg + rng.below(45, 70) as u8),
                grey(bg + 110),
                Some(grey(bg + rng.below(10, 22) as u8)),
            )
        }
    };
    let margin = rng.range(8.0, 40.0);
    let title = rng.chance(0.3);
    let title_room = if title { cell * 3.0 } else { 0.0 };
    let clue_left = match style {
        Style::Cells => most_row_numbers * cell,
        _ => widest_row + cell * 0.4,
    };
    let clue_top = deepest * cell * if style == Style::Cells { 1.0 } else { rng.range(0.85, 1.0) };
    let gx0 = (margin + clue_left).round();
    let gy0 = (margin + title_room + clue_top).round();
    let (gx1, gy1) = (gx0 + w as f32 * cell, gy0 + h as f32 * cell);
    let width = (gx1 + margin).ceil() as u32;
    let height = (gy1 + margin).ceil() as u32;
    let mut canvas = Canvas::new(width, height, background);
    if title {
        let title_pen = Pen::for_digit_height(face, digit_height * 1.2);
        let text = format!("Puzzle {} ({}x{})", rng.below(1, 9999), w, h);
        title_pen.draw(&mut canvas, &text, margin, margin + digit_height * 1.3, ink);
    }
    // Shaded clue areas.
    if let Some(shade) = shade {
        for c in 0..w {
            if style == Style::Cells || c % 2 == 0 {
                let x = gx0 + c as f32 * cell;
                canvas.fill(x, gy0 - clue_top, x + cell, gy0, shade);
            }
        }
        for r in 0..h {
            if style == Style::Cells || r % 2 == 0 {
                let y = gy0 + r as f32 * cell;
                canvas.fill(gx0 - clue_left, y, gx0, y + cell, shade);
            }
        }
    }
    // Cells part-solved.
    if mid_play {
        let filled = rng.range(0.1, 0.6);
        let fill = match style {
            Style::Dark => grey(rng.below(170, 230) as u8),
            _ => grey(rng.below(20, 90) as u8),
        };
        for r in 0..h {
            for c in 0..w {
                let (x, y) = (gx0 + c as f32 * cell, gy0 + r as f32 * cell);
                if solution.get(r, c) == Cell::Filled && rng.chance(filled) {
                    canvas.fill(x, y, x + cell, y + cell, fill);
                } else if solution.get(r, c) == Cell::Empty && rng.chance(filled * 0.5) {
                    let m = cell * 0.3;
                    canvas.stroke(x + m, y + m, x + cell - m, y + cell - m, 1.2, line);
                    canvas.stroke(x + cell - m, y + m, x + m, y + cell - m, 1.2, line);
                }
            }
        }
    }
    // Lines: thin, and thick every five and around.
    let thin = if cell >= 24.0 && rng.chance(0.5) { 2.0 } else { 1.0 };
    let heavy = thin + rng.below(1, 3) as f32;
    let (lines_left, lines_top) = match style {
        Style::Cells => (gx0 - clue_left, gy0 - clue_top),
        _ => (gx0, gy0),
    };
    for c in 0..=w {
        let x = gx0 + c as f32 * cell;
        let (t, colour) = if c % 5 == 0 || c == w { (heavy, thick) } else { (thin, line) };
        canvas.fill(x - t / 2.0, lines_top, x + t / 2.0, gy1, colour);
    }
    for r in 0..=h {
        let y = gy0 + r as f32 * cell;
        let (t, colour) = if r % 5 == 0 || r == h { (heavy, thick) } else { (thin, line) };
        canvas.fill(lines_left, y - t / 2.0, gx1, y + t / 2.0, colour);
    }
    if style == Style::Cells {
        // The clue cells' own lines, up to the grid.
        for k in 1..=deepest as usize {
            let y = gy0 - k as f32 * cell;
            canvas.fill(gx0, y - thin / 2.0, gx1, y + thin / 2.0, line);
        }
        for k in 1..=most_row_numbers as usize {
            let x = gx0 - k as f32 * cell;
            canvas.fill(x - thin / 2.0, gy0, x + thin / 2.0, gy1, line);
        }
    }
    // The clues.
    for (c, texts) in column_texts.iter().enumerate() {
        let cx = gx0 + (c as f32 + 0.5) * cell;
        let step = if style == Style::Cells { cell } else { clue_top / deepest };
        for (k, text) in texts.iter().rev().enumerate() {
            let cy = gy0 - (k as f32 + 0.5) * step;
            pen.draw_centred(&mut canvas, text, cx, cy, ink);
        }
    }
    for (r, texts) in row_texts.iter().enumerate() {
        let cy = gy0 + (r as f32 + 0.5) * cell;
        match style {
            Style::Cells => {
                for (k, text) in texts.iter().rev().enumerate() {
                    pen.draw_centred(&mut canvas, text, gx0 - (k as f32 + 0.5) * cell, cy, ink);
                }
            }
            _ => {
                let mut x = gx0 - cell * 0.3 - row_width(&pen, texts, space);
                for text in texts {
                    let (x0, y0, x1, y1) = pen.ink_bounds(text);
                    pen.draw(&mut canvas, text, x - x0, cy - (y0 + y1) / 2.0, ink);
                    x += (x1 - x0) + space;
                }
            }
        }
    }
    Drawn { canvas, puzzle, style, grid_box: (gx0, gy0, gx1, gy1) }
}

/// A clue's numbers as text; an empty line's clue is "0".
fn numbers(clue: &[u32]) -> Vec<String> {
    if clue.is_empty() {
        vec!["0".to_string()]
    } else {
        clue.iter().map(u32::to_string).collect()
    }
}

/// The width of a row's numbers spaced by `space`.
fn row_width(pen: &Pen, texts: &[String], space: f32) -> f32 {
    let inks: f32 = texts
        .iter()
        .map(|t| {
            let (x0, _, x1, _) = pen.ink_bounds(t);
            x1 - x0
        })
        .sum();
    inks + space * texts.len().saturating_sub(1) as f32
}

/// What a camera does to a screen or a page, in measure.
#[derive(Debug, Clone, Copy)]
pub struct Photo {
    /// Turned by this many degrees.
    pub turn: f32,
    /// Each corner moved by up to this share of the picture's size.
    pub perspective: f32,
    /// Blur radius in pixels.
    pub blur: f32,
    /// Light falling off across the picture (0: even).
    pub shading: f32,
    /// Noise's standard deviation, in luminance steps.
    pub noise: f32,
    /// JPEG quality (1–100), or none.
    pub jpeg: Option<u8>,
}

impl Photo {
    /// A random photo-like treatment within the measure: a few
    /// degrees, mild perspective, blur, shading, noise, JPEG.
    pub fn random(rng: &mut Rng) -> Photo {
        Photo {
            turn: rng.range(-4.0, 4.0),
            perspective: rng.range(0.0, 0.04),
            blur: rng.range(0.3, 1.2),
            shading: rng.range(0.0, 0.35),
            noise: rng.range(1.0, 6.0),
            jpeg: Some(rng.below(45, 90) as u8),
        }
    }

    /// Only what a screenshot goes through (scaling blur, compression).
    pub fn screenshot(rng: &mut Rng) -> Photo {
        Photo {
            turn: 0.0,
            perspective: 0.0,
            blur: if rng.chance(0.3) { rng.range(0.2, 0.6) } else { 0.0 },
            shading: 0.0,
            noise: if rng.chance(0.3) { rng.range(0.5, 2.0) } else { 0.0 },
            jpeg: if rng.chance(0.3) { Some(rng.below(70, 95) as u8) } else { None },
        }
    }

    /// The canvas as the camera would show it.
    pub fn apply(&self, canvas: &Canvas, rng: &mut Rng) -> Canvas {
        let mut out = if self.turn != 0.0 || self.perspective > 0.0 {
            warp(canvas, self.turn, self.perspective, rng)
        } else {
            canvas.clone()
        };
        if self.blur > 0.0 {
            out = blur(&out, self.blur);
        }
        if self.shading > 0.0 || self.noise > 0.0 {
            let angle = rng.range(0.0, std::f32::consts::TAU);
            let (dx, dy) = (angle.cos(), angle.sin());
            let (w, h) = (out.width as f32, out.height as f32);
            for y in 0..out.height {
                for x in 0..out.width {
                    let t = ((x as f32 / w - 0.5) * dx + (y as f32 / h - 0.5) * dy + 0.7) / 1.4;
                    let light = 1.0 - self.shading * t.clamp(0.0, 1.0);
                    let n = self.noise * rng.normal();
                    let p = &mut out.rgb[(y * out.width + x) as usize];
                    for c in p.iter_mut() {
                        *c = (*c * light + n).clamp(0.0, 255.0);
                    }
                }
            }
        }
        if let Some(quality) = self.jpeg {
            out = jpeg(&out, quality);
        }
        out
    }
}

/// The canvas turned and seen in perspective (the inverse map sampled
/// bilinearly), on a background of its own corner's colour.
fn warp(canvas: &Canvas, turn: f32, perspective: f32, rng: &mut Rng) -> Canvas {
    let (w, h) = (canvas.width as f32, canvas.height as f32);
    let pad = (w.max(h) * (0.05 + perspective)).ceil();
    let (ow, oh) = ((w + 2.0 * pad) as u32, (h + 2.0 * pad) as u32);
    let (sin, cos) = turn.to_radians().sin_cos();
    // Destination corners: the source's corners turned about the centre,
    // each moved a little at random.
    let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
    let mut dest = [(0.0f32, 0.0f32); 4];
    for (i, &(x, y)) in corners.iter().enumerate() {
        let (cx, cy) = (x - w / 2.0, y - h / 2.0);
        let jitter = perspective * w.max(h);
        dest[i] = (
            cx * cos - cy * sin + ow as f32 / 2.0 + rng.range(-jitter, jitter),
            cx * sin + cy * cos + oh as f32 / 2.0 + rng.range(-jitter, jitter),
        );
    }
    let pairs: Vec<_> = dest
        .iter()
        .zip(&corners)
        .map(|(d, c)| ((d.0 as f64, d.1 as f64), (c.0 as f64, c.1 as f64)))
        .collect();
    let inverse = fit_homography(&pairs).expect("four corners in general position fix a homography");
    let corner = canvas.rgb[0];
    let mut out = Canvas::new(ow, oh, corner);
    for y in 0..oh {
        for x in 0..ow {
            let (sx, sy) = apply(&inverse, x as f64 + 0.5, y as f64 + 0.5);
            let (sx, sy) = (sx as f32, sy as f32);
            if let Some(c) = sample(canvas, sx - 0.5, sy - 0.5) {
                out.rgb[(y * ow + x) as usize] = c;
            }
        }
    }
    out
}

fn sample(canvas: &Canvas, x: f32, y: f32) -> Option<Colour> {
    if x < 0.0 || y < 0.0 || x > canvas.width as f32 - 1.0 || y > canvas.height as f32 - 1.0 {
        return None;
    }
    let (ix, iy) = (x.floor() as u32, y.floor() as u32);
    let (tx, ty) = (x - ix as f32, y - iy as f32);
    let at = |dx: u32, dy: u32| {
        canvas.rgb
            [((iy + dy).min(canvas.height - 1) * canvas.width + (ix + dx).min(canvas.width - 1)) as usize]
    };
    let mut out = [0.0; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let top = at(0, 0)[k] * (1.0 - tx) + at(1, 0)[k] * tx;
        let bottom = at(0, 1)[k] * (1.0 - tx) + at(1, 1)[k] * tx;
        *o = top * (1.0 - ty) + bottom * ty;
    }
    Some(out)
}

/// A Gaussian-like blur: three box blurs of the radius, each way.
fn blur(canvas: &Canvas, radius: f32) -> Canvas {
    let mut out = canvas.clone();
    let r = radius.max(0.0);
    // A box of width 2r+1 is split into a whole part and an edge weight.
    for _ in 0..2 {
        for horizontal in [true, false] {
            let src = out.clone();
            let (w, h) = (src.width as i64, src.height as i64);
            let whole = r.floor() as i64;
            let edge = r - r.floor();
            let norm = 1.0 + 2.0 * whole as f32 + 2.0 * edge;
            for y in 0..h {
                for x in 0..w {
                    let mut acc = [0.0f32; 3];
                    for d in -(whole + 1)..=(whole + 1) {
                        let weight = if d.abs() <= whole { 1.0 } else { edge };
                        if weight == 0.0 {
                            continue;
                        }
                        let (sx, sy) = if horizontal {
                            ((x + d).clamp(0, w - 1), y)
                        } else {
                            (x, (y + d).clamp(0, h - 1))
                        };
                        let p = src.rgb[(sy * w + sx) as usize];
                        for k in 0..3 {
                            acc[k] += p[k] * weight;
                        }
                    }
                    out.rgb[(y * w + x) as usize] = acc.map(|v| v / norm);
                }
            }
        }
    }
    out
}

/// The canvas through a JPEG of the quality and back.
fn jpeg(canvas: &Canvas, quality: u8) -> Canvas {
    let mut bytes = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality);
    let rgb = canvas.rgb8();
    if image::ImageEncoder::write_image(
        encoder,
        &rgb,
        canvas.width,
        canvas.height,
        image::ExtendedColorType::Rgb8,
    )
    .is_err()
    {
        return canvas.clone();
    }
    match image::load_from_memory(&bytes) {
        Ok(decoded) => {
            let decoded = decoded.into_rgb8();
            Canvas {
                width: canvas.width,
                height: canvas.height,
                rgb: decoded.pixels().map(|p| p.0.map(|c| c as f32)).collect(),
            }
        }
        Err(_) => canvas.clone(),
    }
}

/// Characters drawn as "no digit" samples: marks and letters no font
/// draws like a digit (no O, l, I, S, B, Z, g, q, D, G, b).
pub const NOT_DIGITS: &str = "ACEFHJKMNPRTUVWXYacdefhkmnprtuvwxy×•+#?!%&@";
