//! How digits are drawn: from fonts (Debian's font packages), as square
//! pixels (a handheld game's digits, scaled without smoothing), or as
//! seven segments (a display's digits, drawn by code).

use std::path::{Path, PathBuf};

use ab_glyph::{Font, FontVec, PxScale, ScaleFont};

use super::canvas::{Canvas, Colour};

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

/// The Debian font packages drawn from, and where each puts its fonts:
/// sans, serif, monospace, condensed, rounded and informal faces, 208
/// fonts in all, whatever else the machine has. `scripts/setup` installs
/// them, reading this list (the one place it is written).
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

/// A grid of square pixels a digit is drawn on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixelGrid {
    /// 3 × 5: the smallest digits a screen draws.
    Small,
    /// 5 × 7: the usual handheld digits.
    Large,
}

impl PixelGrid {
    fn size(self) -> (usize, usize) {
        match self {
            PixelGrid::Small => (3, 5),
            PixelGrid::Large => (5, 7),
        }
    }

    /// The rows of a digit's bitmap, top first (`#` drawn).
    fn digit(self, d: u8) -> &'static [&'static str] {
        const SMALL: [[&str; 5]; 10] = [
            ["###", "#.#", "#.#", "#.#", "###"],
            [".#.", "##.", ".#.", ".#.", "###"],
            ["###", "..#", "###", "#..", "###"],
            ["###", "..#", "###", "..#", "###"],
            ["#.#", "#.#", "###", "..#", "..#"],
            ["###", "#..", "###", "..#", "###"],
            ["###", "#..", "###", "#.#", "###"],
            ["###", "..#", "..#", "..#", "..#"],
            ["###", "#.#", "###", "#.#", "###"],
            ["###", "#.#", "###", "..#", "###"],
        ];
        const LARGE: [[&str; 7]; 10] = [
            [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
            ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
            [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
            ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
            ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
            ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
            ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
            ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
            [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
            [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
        ];
        match self {
            PixelGrid::Small => &SMALL[d as usize],
            PixelGrid::Large => &LARGE[d as usize],
        }
    }
}

/// How the digits of a picture are drawn.
#[derive(Clone, Copy)]
pub enum Lettering<'a> {
    Font(&'a Face),
    /// Square pixels, each a whole number of the picture's pixels.
    Pixel(PixelGrid),
    /// Seven segments, slanted by `slant` (a shear: 0.1 leans the top a
    /// tenth of the height right).
    Segment {
        slant: f32,
    },
}

impl Lettering<'_> {
    pub fn name(&self) -> String {
        match self {
            Lettering::Font(face) => face.path.display().to_string(),
            Lettering::Pixel(grid) => format!("pixel digits {grid:?}"),
            Lettering::Segment { slant } => format!("segment digits, slant {slant:.2}"),
        }
    }
}

/// Which of a seven-segment digit's segments are lit, `abcdefg`: a top,
/// b top right, c bottom right, d bottom, e bottom left, f top left, g
/// middle.
const SEGMENTS: [&str; 10] =
    ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"];

/// Text drawn in one lettering at one size.
pub struct Pen<'a> {
    pub lettering: Lettering<'a>,
    /// A font's size in pixels (its em); a pixel digit's square's side; a
    /// segment digit's height.
    pub size: f32,
}

impl<'a> Pen<'a> {
    /// A pen whose digits are about `digit_height` pixels tall (pixel
    /// digits: the nearest whole number of squares).
    pub fn for_digit_height(lettering: Lettering<'a>, digit_height: f32) -> Pen<'a> {
        match lettering {
            Lettering::Font(_) => {
                let probe = Pen { lettering, size: 100.0 };
                let (_, top, _, bottom) = probe.ink_bounds("0123456789");
                let tall = (bottom - top).max(1.0);
                Pen { lettering, size: 100.0 * digit_height / tall }
            }
            Lettering::Pixel(grid) => {
                Pen { lettering, size: (digit_height / grid.size().1 as f32).round().max(1.0) }
            }
            Lettering::Segment { .. } => Pen { lettering, size: digit_height.max(5.0) },
        }
    }

    /// How tall its digits are.
    pub fn digit_height(&self) -> f32 {
        let (_, top, _, bottom) = self.ink_bounds("0123456789");
        bottom - top
    }

    fn font_scale(&self) -> PxScale {
        PxScale::from(self.size)
    }

    /// Each character's glyph placed with its origin on (x, baseline 0).
    fn font_layout(&self, face: &Face, text: &str) -> Vec<ab_glyph::Glyph> {
        let font = &face.font;
        let scaled = font.as_scaled(self.font_scale());
        let mut x = 0.0;
        let mut out = Vec::new();
        let mut previous = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = previous {
                x += scaled.kern(p, id);
            }
            out.push(id.with_scale_and_position(self.font_scale(), ab_glyph::point(x, 0.0)));
            x += scaled.h_advance(id);
            previous = Some(id);
        }
        out
    }

    /// A character's advance in a drawn lettering (pixels or segments).
    fn drawn_advance(&self, ch: char) -> f32 {
        match (self.lettering, ch) {
            (Lettering::Pixel(grid), _) => {
                let (cols, _) = grid.size();
                self.size * if ch == ',' { 2.0 } else { cols as f32 + 1.0 }
            }
            (_, ',') => self.size * 0.3,
            (_, ' ') => self.size * 0.45,
            _ => self.size * 0.78,
        }
    }

    /// The advance of a text (where the next text would start).
    pub fn advance(&self, text: &str) -> f32 {
        match self.lettering {
            Lettering::Font(face) => {
                let scaled = face.font.as_scaled(self.font_scale());
                text.chars().map(|c| scaled.h_advance(face.font.glyph_id(c))).sum()
            }
            _ => text.chars().map(|c| self.drawn_advance(c)).sum(),
        }
    }

    /// The ink's bounds of a text drawn at (0, baseline 0): x0, y0, x1, y1.
    pub fn ink_bounds(&self, text: &str) -> (f32, f32, f32, f32) {
        let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        let mut add = |r: (f32, f32, f32, f32)| b = (b.0.min(r.0), b.1.min(r.1), b.2.max(r.2), b.3.max(r.3));
        match self.lettering {
            Lettering::Font(face) => {
                for g in self.font_layout(face, text) {
                    if let Some(o) = face.font.outline_glyph(g) {
                        let r = o.px_bounds();
                        add((r.min.x, r.min.y, r.max.x, r.max.y));
                    }
                }
            }
            _ => self.each_drawn(text, 0.0, 0.0, |_, bounds, _| add(bounds)),
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
        match self.lettering {
            Lettering::Font(face) => {
                for mut g in self.font_layout(face, text) {
                    g.position = ab_glyph::point(g.position.x + x, g.position.y + baseline);
                    if let Some(o) = face.font.outline_glyph(g) {
                        let r = o.px_bounds();
                        o.draw(|gx, gy, c| {
                            canvas.blend(r.min.x as i64 + gx as i64, r.min.y as i64 + gy as i64, colour, c)
                        });
                    }
                }
            }
            _ => self.each_drawn(text, x, baseline, |part, bounds, inside| match part {
                Part::Square => canvas.fill(bounds.0, bounds.1, bounds.2, bounds.3, colour),
                Part::Shape => canvas.shape(bounds, colour, inside),
            }),
        }
    }

    /// Every part of a drawn lettering's text (a pixel's square, a
    /// segment digit's shape) with its bounds and, for a shape, the test
    /// of a point inside it.
    fn each_drawn(
        &self,
        text: &str,
        x: f32,
        baseline: f32,
        mut part: impl FnMut(Part, (f32, f32, f32, f32), &dyn Fn(f32, f32) -> bool),
    ) {
        let mut at = x;
        for ch in text.chars() {
            match (self.lettering, ch) {
                (Lettering::Pixel(grid), '0'..='9') => {
                    let s = self.size;
                    let rows = grid.digit(ch as u8 - b'0');
                    let top = baseline - rows.len() as f32 * s;
                    for (r, row) in rows.iter().enumerate() {
                        for (c, b) in row.bytes().enumerate() {
                            if b == b'#' {
                                let (px, py) = (at + c as f32 * s, top + r as f32 * s);
                                part(Part::Square, (px, py, px + s, py + s), &|_, _| true);
                            }
                        }
                    }
                }
                (Lettering::Pixel(_), ',') => {
                    let s = self.size;
                    part(Part::Square, (at, baseline - s, at + s, baseline + s), &|_, _| true);
                }
                (Lettering::Segment { slant }, '0'..='9') => {
                    let h = self.size;
                    let (w, t) = (h * 0.55, h * 0.15);
                    let lit = SEGMENTS[(ch as u8 - b'0') as usize];
                    let left = at;
                    let inside = |px: f32, py: f32| {
                        // Undo the slant, then test each lit segment (a
                        // bar with pointed ends, a little apart).
                        let y = py - baseline;
                        let x = px - left + y * slant;
                        lit.bytes().any(|s| {
                            let (along, across, from, to) = match s {
                                b'a' => (x, y + h - t / 2.0, t / 2.0, w - t / 2.0),
                                b'g' => (x, y + h / 2.0, t / 2.0, w - t / 2.0),
                                b'd' => (x, y + t / 2.0, t / 2.0, w - t / 2.0),
                                b'f' => (y, x - t / 2.0, -h + t / 2.0, -h / 2.0),
                                b'b' => (y, x - w + t / 2.0, -h + t / 2.0, -h / 2.0),
                                b'e' => (y, x - t / 2.0, -h / 2.0, -t / 2.0),
                                _ => (y, x - w + t / 2.0, -h / 2.0, -t / 2.0),
                            };
                            let gap = t * 0.12;
                            let mid = (from + to) / 2.0;
                            let half = (to - from) / 2.0 - gap;
                            across.abs() <= t / 2.0 && (along - mid).abs() <= half - across.abs()
                        })
                    };
                    let lean = h * slant.abs();
                    part(Part::Shape, (left - lean, baseline - h, left + w + lean, baseline), &inside);
                }
                (Lettering::Segment { .. }, ',') => {
                    let t = self.size * 0.15;
                    part(Part::Square, (at, baseline - t, at + t, baseline + t * 0.6), &|_, _| true);
                }
                _ => {}
            }
            at += self.drawn_advance(ch);
        }
    }
}

/// A part of a drawn lettering: a square filled whole, or a shape.
#[derive(Clone, Copy)]
enum Part {
    Square,
    Shape,
}
