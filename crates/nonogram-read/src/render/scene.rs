//! A random picture of a puzzle as a person would have it: a style, a
//! lettering, a size, part-played or not, as a screenshot (inside a
//! phone's frame now and then) or as a photo. The bench, the tests and the
//! trainer all draw their pictures here, so that they measure and learn
//! from the same kinds.

use nonogram_core::generate::{generate, Order};
use nonogram_core::{solve, Grid, Puzzle, SolveOptions, Verdict};

use super::canvas::Canvas;
use super::lettering::{Face, Lettering, PixelGrid};
use super::photo::{scaled, Photo};
use super::puzzle::{draw_puzzle, framed, in_frame, random_solution, Look, Style};
use super::rng::Rng;

/// How a picture was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A screenshot (scaled and compressed now and then).
    Screenshot,
    /// A photo of a screen or, for [`Style::Boxes`], of a printed page.
    Photo,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Screenshot => "screenshot",
            Kind::Photo => "photo",
        }
    }
}

/// A picture drawn and what it shows.
pub struct Scene {
    pub canvas: Canvas,
    pub puzzle: Puzzle,
    /// Whether the puzzle has one solution (a made puzzle always has).
    pub unique: bool,
    /// The lettering's name, for reports.
    pub lettering: String,
    pub side: usize,
    /// The lattice of lines the picture shows, columns and rows: the
    /// grid's cells, and the clue boxes ruled like them.
    pub lattice: (usize, usize),
}

/// The sides drawn, in turn, for a style and kind: a magazine's pages
/// reach 80 cells a side.
pub fn sides(style: Style, kind: Kind) -> &'static [usize] {
    match (style, kind) {
        (Style::Boxes, Kind::Photo) => &[10, 15, 20, 30, 45, 60],
        (Style::Boxes, Kind::Screenshot) => &[5, 10, 15, 20, 30, 45],
        _ => &[5, 10, 15, 20, 25, 30],
    }
}

/// The lettering a style's digits are drawn in: fonts mostly; a
/// handheld game's pixels or segments; now and then pixels or segments
/// on a phone's screen.
pub fn lettering_for<'a>(style: Style, faces: &[&'a Face], rng: &mut Rng) -> Lettering<'a> {
    let drawn = match style {
        Style::Handheld => 1.0,
        Style::Tiles | Style::TilesDark | Style::Dark => 0.15,
        _ => 0.0,
    };
    if rng.chance(drawn) {
        match rng.below(0, 10) {
            0..=4 => Lettering::Pixel(PixelGrid::Large),
            5..=6 => Lettering::Pixel(PixelGrid::Small),
            _ => Lettering::Segment { slant: if rng.chance(0.5) { rng.range(0.05, 0.2) } else { 0.0 } },
        }
    } else {
        let face: &&Face = rng.pick(faces);
        Lettering::Font(face)
    }
}

/// A solution of `width` × `height`: a made puzzle's (one solution) up to
/// 30 a side, a random picture beyond.
fn solution(width: usize, height: usize, rng: &mut Rng) -> Grid {
    if width <= 30 && height <= 30 && width >= 5 && height >= 5 {
        let order = Order { width, height, difficulty: None, seed: rng.next_u64() };
        if let Ok(generated) = generate(order, 200, || true) {
            return generated.solution;
        }
    }
    random_solution(width, height, rng)
}

/// The most steps the solver takes to tell whether a drawn puzzle has one
/// solution (beyond it: counted as not).
const UNIQUE_STEPS: u64 = 100_000;

/// Whether a puzzle has one solution, as far as the solver tells within
/// [`UNIQUE_STEPS`].
fn has_one_solution(puzzle: &Puzzle) -> bool {
    let mut steps = 0u64;
    let options = SolveOptions { learn_after: None, ..SolveOptions::solutions(2) };
    matches!(
        solve(puzzle, options, |_| {
            steps += 1;
            steps < UNIQUE_STEPS
        }),
        Ok((Verdict::Unique(_), _))
    )
}

/// The `index`-th picture of a style and kind (its side from [`sides`]):
/// a made puzzle's up to 30 a side, told whether it has one solution.
pub fn scene(style: Style, kind: Kind, index: usize, faces: &[&Face], rng: &mut Rng) -> Scene {
    drawn_scene(style, kind, index, faces, rng, true)
}

/// A picture of a style and kind for the trainer: of a random picture
/// (quicker than a made puzzle), of any side from 5 to 30, not told
/// whether it has one solution.
pub fn training_scene(style: Style, kind: Kind, faces: &[&Face], rng: &mut Rng) -> Scene {
    drawn_scene(style, kind, rng.below(0, 6), faces, rng, false)
}

fn drawn_scene(
    style: Style,
    kind: Kind,
    index: usize,
    faces: &[&Face],
    rng: &mut Rng,
    generated: bool,
) -> Scene {
    let list = sides(style, kind);
    let side = list[index % list.len()];
    let (w, h) = (side, (side as f32 * rng.range(0.75, 1.0)).round().max(5.0) as usize);
    let (w, h) = if rng.chance(0.5) { (w, h) } else { (h, w) };
    let lettering = lettering_for(style, faces, rng);
    let cell = match style {
        _ if side >= 45 => rng.range(14.0, 22.0),
        Style::Tiles | Style::TilesDark => rng.range(20.0, 60.0),
        _ => rng.range(12.0, 36.0),
    }
    .round();
    let grid = if generated { solution(w, h, rng) } else { random_solution(w, h, rng) };
    // The outer rows and columns solid, now and then.
    let grid = if rng.chance(0.08) { framed(&grid) } else { grid };
    let look = Look::random(rng);
    let drawn = draw_puzzle(&grid, style, lettering, cell, look, rng);
    let mut canvas = drawn.canvas;
    if kind == Kind::Screenshot && matches!(style, Style::Tiles | Style::TilesDark | Style::Handheld) {
        if rng.chance(0.3) {
            canvas = in_frame(&canvas, rng).0;
        }
        if rng.chance(0.3) {
            canvas = scaled(&canvas, rng.range(0.7, 1.3));
        }
    }
    let treatment = match kind {
        Kind::Screenshot => Photo::screenshot(rng),
        Kind::Photo if style == Style::Boxes => Photo::paper(rng),
        Kind::Photo => Photo::random(rng),
    };
    let canvas = treatment.apply(&canvas, rng);
    let unique = generated && has_one_solution(&drawn.puzzle);
    let lattice = if matches!(style, Style::Cells | Style::Boxes) {
        let most = |clues: &[nonogram_core::Clue]| clues.iter().map(|c| c.0.len().max(1)).max().unwrap_or(1);
        (w + most(&drawn.puzzle.rows), h + most(&drawn.puzzle.columns))
    } else {
        (w, h)
    };
    Scene { canvas, puzzle: drawn.puzzle, unique, lattice, lettering: lettering.name(), side }
}
