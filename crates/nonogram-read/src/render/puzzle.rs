//! Whole puzzles drawn as people meet them: this page's board, clue areas
//! ruled as cells, a phone game's dark board or its tiles, a magazine's
//! page with every number in a box of its own, a handheld game's pixel
//! digits; part-played or not, with a game's bars and buttons around the
//! board, or the screen inside a phone's frame.

use nonogram_core::{Cell, Grid, Puzzle};

use super::canvas::{grey, luminance, mix, Canvas, Colour};
use super::lettering::{Lettering, Pen};
use super::rng::Rng;

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
    /// A phone game's board of tiles: rounded cells with gaps between
    /// them and no ruled line, wider gaps every five, on a light screen;
    /// numbers plain or on badges, the game's bars and buttons around.
    Tiles,
    /// The tiles on a dark screen.
    TilesDark,
    /// A magazine's page: every clue number in a box of its own, the
    /// boxes ruled like the grid, thick rules every five through them all,
    /// a thick border round the whole, the corner empty or with a drawing.
    Boxes,
    /// A handheld game's board: clue bands in two colours, a ruled grid,
    /// digits of square pixels or segments.
    Handheld,
}

/// Every style.
pub const STYLES: [Style; 7] =
    [Style::Page, Style::Cells, Style::Dark, Style::Tiles, Style::TilesDark, Style::Boxes, Style::Handheld];

/// The styles of ruled screenshots the reader first read.
pub const RULED: [Style; 3] = [Style::Page, Style::Cells, Style::Dark];

impl Style {
    pub fn name(self) -> &'static str {
        match self {
            Style::Page => "page",
            Style::Cells => "cells",
            Style::Dark => "dark",
            Style::Tiles => "tiles",
            Style::TilesDark => "tiles-dark",
            Style::Boxes => "boxes",
            Style::Handheld => "handheld",
        }
    }

    /// Whether the clue numbers sit one a box, in boxes ruled like the
    /// grid.
    fn boxed(self) -> bool {
        matches!(self, Style::Cells | Style::Boxes)
    }

    fn tiled(self) -> bool {
        matches!(self, Style::Tiles | Style::TilesDark)
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

/// The solution with its outer ring of cells filled (a frame: the outer
/// rows and columns solid).
pub fn framed(solution: &Grid) -> Grid {
    let (w, h) = (solution.width(), solution.height());
    let mut out = solution.clone();
    for r in 0..h {
        for c in 0..w {
            if r == 0 || c == 0 || r + 1 == h || c + 1 == w {
                out.set(r, c, Cell::Filled);
            }
        }
    }
    out
}

/// A drawn puzzle: its picture and what it shows.
pub struct Drawn {
    pub canvas: Canvas,
    pub puzzle: Puzzle,
    pub style: Style,
    /// Where the grid's outer corners are (x0, y0, x1, y1), for the tests.
    pub grid_box: (f32, f32, f32, f32),
}

/// The colours of a drawing.
struct Palette {
    background: Colour,
    /// The clue numbers.
    ink: Colour,
    /// Thin lines (or, for tiles, an empty tile).
    line: Colour,
    /// Thick lines (tiles: unused).
    thick: Colour,
    /// Clue areas' shading, when shaded.
    shade: Option<Colour>,
    /// A filled cell mid-play.
    fill: Colour,
}

/// A colour of some hue with luminance about `l` (the nearer white or
/// black, the paler).
fn tinted(l: f32, rng: &mut Rng) -> Colour {
    let hue = [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)];
    let strength = rng.range(0.0, 60.0).min((255.0 - l).min(l));
    let c = hue.map(|h| h * strength);
    let shift = l - luminance(c);
    c.map(|v| (v + shift).clamp(0.0, 255.0))
}

fn palette(style: Style, rng: &mut Rng) -> Palette {
    match style {
        Style::Page => Palette {
            background: grey(255),
            ink: grey(rng.below(0, 60) as u8),
            line: grey(rng.below(120, 175) as u8),
            thick: grey(40),
            shade: None,
            fill: grey(rng.below(20, 90) as u8),
        },
        Style::Cells => Palette {
            background: grey(255),
            ink: grey(rng.below(0, 40) as u8),
            line: grey(rng.below(110, 160) as u8),
            thick: grey(30),
            shade: Some(grey(rng.below(225, 240) as u8)),
            fill: grey(rng.below(20, 90) as u8),
        },
        Style::Dark => {
            let bg = rng.below(18, 40) as u8;
            Palette {
                background: grey(bg),
                ink: grey(rng.below(205, 250) as u8),
                line: grey(bg + rng.below(45, 70) as u8),
                thick: grey(bg + 110),
                shade: Some(grey(bg + rng.below(10, 22) as u8)),
                fill: grey(rng.below(170, 230) as u8),
            }
        }
        Style::Tiles => {
            // The tiles stand out from the screen by 20 steps or more, as
            // a game's do (white tiles on a light grey).
            let bg = rng.range(188.0, 228.0);
            Palette {
                background: tinted(bg, rng),
                ink: tinted(rng.range(20.0, 80.0), rng),
                line: tinted((bg + rng.range(20.0, 45.0)).min(250.0), rng),
                thick: grey(0),
                shade: rng.chance(0.5).then(|| tinted(bg - rng.range(10.0, 25.0), rng)),
                fill: tinted(rng.range(20.0, 110.0), rng),
            }
        }
        Style::TilesDark => {
            let bg = rng.range(8.0, 35.0);
            Palette {
                background: tinted(bg, rng),
                ink: tinted(rng.range(190.0, 250.0), rng),
                line: tinted(bg + rng.range(22.0, 50.0), rng),
                thick: grey(0),
                shade: rng.chance(0.5).then(|| tinted(bg + rng.range(8.0, 18.0), rng)),
                fill: tinted(rng.range(150.0, 235.0), rng),
            }
        }
        Style::Boxes => {
            let paper = rng.range(225.0, 255.0);
            Palette {
                background: tinted(paper, rng).map(|v| v.max(paper - 20.0)),
                ink: grey(rng.below(0, 45) as u8),
                line: grey(rng.below(0, 80) as u8),
                thick: grey(rng.below(0, 40) as u8),
                shade: None,
                fill: grey(rng.below(10, 70) as u8),
            }
        }
        Style::Handheld => {
            let bg = rng.range(215.0, 250.0);
            Palette {
                background: tinted(bg, rng),
                ink: tinted(rng.range(10.0, 70.0), rng),
                line: tinted(rng.range(130.0, 190.0), rng),
                thick: tinted(rng.range(40.0, 100.0), rng),
                shade: Some(tinted(bg - rng.range(18.0, 40.0), rng)),
                fill: tinted(rng.range(20.0, 90.0), rng),
            }
        }
    }
}

/// Where a grid's `n` cells lie one way: each one's start and end (a
/// tile's, inside the gaps; a ruled cell's, between its lines' centres),
/// `cell` pixels apart from `origin`; tiles with `gap` between them and
/// `wider` more every five.
fn laid(n: usize, origin: f32, cell: f32, gap: f32, wider: f32) -> Vec<(f32, f32)> {
    let mut out = Vec::with_capacity(n);
    let mut at = origin + gap / 2.0;
    for k in 0..n {
        out.push((at, at + cell - gap));
        at += cell;
        if (k + 1) % 5 == 0 && k + 1 < n {
            at += wider;
        }
    }
    out
}

fn centre(span: (f32, f32)) -> f32 {
    (span.0 + span.1) / 2.0
}

/// What a picture shows besides the puzzle's clues and grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// Some cells filled and crossed, as a game part-played shows them
    /// (now and then every filled cell: solved).
    pub mid_play: bool,
    /// A row's numbers parted by commas ("3, 1, 2"), where the style
    /// spaces them.
    pub commas: bool,
    /// Some lines' clues shown finished, mid-play: greyed, or a row's
    /// struck through.
    pub finished: bool,
}

impl Look {
    /// The clues and the grid alone.
    pub const PLAIN: Look = Look { mid_play: false, commas: false, finished: false };

    /// Part-played, without the rest.
    pub const PLAYED: Look = Look { mid_play: true, commas: false, finished: false };

    /// A look as the pictures people have show it: part-played four
    /// times in ten, commas now and then, finished lines shown in half
    /// the part-played ones.
    pub fn random(rng: &mut Rng) -> Look {
        let mid_play = rng.chance(0.4);
        Look { mid_play, commas: rng.chance(0.15), finished: mid_play && rng.chance(0.5) }
    }
}

/// How a finished line's clue is shown mid-play.
#[derive(Clone, Copy, PartialEq)]
enum Finished {
    No,
    Greyed,
    Struck,
}

/// Draws a puzzle whose solution is `solution` in a style, with a
/// lettering, cells of `cell` pixels, and the extras of a look.
pub fn draw_puzzle(
    solution: &Grid,
    style: Style,
    lettering: Lettering,
    cell: f32,
    look: Look,
    rng: &mut Rng,
) -> Drawn {
    let mid_play = look.mid_play;
    let puzzle = Puzzle::from_picture(solution);
    let (w, h) = (solution.width(), solution.height());
    let colours = palette(style, rng);
    let digit_height = cell * rng.range(0.45, 0.62);
    let mut pen = Pen::for_digit_height(lettering, digit_height);
    if style.boxed() {
        // Two digits fit in a box.
        let wide = pen.ink_bounds("28");
        let room = cell * 0.88;
        if wide.2 - wide.0 > room {
            pen = Pen::for_digit_height(lettering, digit_height * room / (wide.2 - wide.0));
        }
    }
    let digit_height = pen.digit_height().max(1.0);
    let commas = !style.boxed() && look.commas;
    let space = pen.advance(" ").max(digit_height * 0.45) * rng.range(1.0, 1.8);
    let row_texts: Vec<Vec<String>> = (0..h).map(|r| numbers(&puzzle.rows[r].0)).collect();
    let column_texts: Vec<Vec<String>> = (0..w).map(|c| numbers(&puzzle.columns[c].0)).collect();
    let deepest = column_texts.iter().map(Vec::len).max().unwrap_or(1) as f32;
    let widest_row = row_texts.iter().map(|t| row_width(&pen, t, space, commas)).fold(0.0f32, f32::max);
    let most_row_numbers = row_texts.iter().map(Vec::len).max().unwrap_or(1) as f32;
    // Tiles: the gap between them, wider every five or not.
    let (gap, wider) = if style.tiled() {
        let gap = (cell * rng.range(0.05, 0.15)).max(1.0).round();
        (gap, if rng.chance(0.5) { (cell * rng.range(0.04, 0.1)).round() } else { 0.0 })
    } else {
        (0.0, 0.0)
    };
    let badges = style.tiled() && rng.chance(0.3);
    let chrome = matches!(style, Style::Tiles | Style::TilesDark | Style::Handheld) && rng.chance(0.6);
    let margin = rng.range(8.0, 40.0);
    let title = !chrome && rng.chance(0.3);
    let top_room = if chrome {
        cell * rng.range(2.6, 4.0)
    } else if title {
        cell * 3.0
    } else {
        0.0
    };
    let bottom_room = if chrome { cell * rng.range(2.5, 3.5) } else { 0.0 };
    let clue_left = if style.boxed() { most_row_numbers * cell } else { widest_row + cell * 0.4 };
    let line_step = if style.boxed() { cell } else { cell * rng.range(0.85, 1.0) };
    let clue_top = deepest * line_step;
    let border = if style == Style::Boxes { rng.range(2.0, 5.0).round() } else { 0.0 };
    let gx0 = (margin + border + clue_left).round();
    let gy0 = (margin + border + top_room + clue_top).round();
    let xs = laid(w, gx0, cell, gap, wider);
    let ys = laid(h, gy0, cell, gap, wider);
    let (gx1, gy1) = (xs[w - 1].1 + gap / 2.0, ys[h - 1].1 + gap / 2.0);
    let width = (gx1 + border + margin).ceil() as u32;
    let height = (gy1 + border + margin + bottom_room).ceil() as u32;
    let mut canvas = Canvas::new(width, height, colours.background);
    if title {
        if let Lettering::Font(_) = lettering {
            let title_pen = Pen::for_digit_height(lettering, digit_height * 1.2);
            let text = format!("Puzzle {} ({}x{})", rng.below(1, 9999), w, h);
            title_pen.draw(&mut canvas, &text, margin, margin + digit_height * 1.3, colours.ink);
        }
    }
    if chrome {
        draw_chrome(
            &mut canvas,
            &pen,
            lettering,
            &colours,
            cell,
            (margin, gy0 - clue_top - cell * 1.2),
            gy1,
            rng,
        );
    }
    // Where each column and row's cells lie.
    let column_span =
        |c: usize| if style.tiled() { xs[c] } else { (gx0 + c as f32 * cell, gx0 + (c + 1) as f32 * cell) };
    let row_span =
        |r: usize| if style.tiled() { ys[r] } else { (gy0 + r as f32 * cell, gy0 + (r + 1) as f32 * cell) };
    // Shaded clue areas.
    let (area_left, area_top) = (gx0 - clue_left, gy0 - clue_top);
    if let Some(shade) = colours.shade {
        let bands = rng.chance(0.6) || style == Style::Dark || style == Style::Handheld;
        for c in 0..w {
            if style.boxed() || !bands || c % 2 == 0 {
                let (x0, x1) = column_span(c);
                canvas.fill(x0, area_top, x1, gy0 - gap / 2.0, shade);
            }
        }
        for r in 0..h {
            if style.boxed() || !bands || r % 2 == 0 {
                let (y0, y1) = row_span(r);
                canvas.fill(area_left, y0, gx0 - gap / 2.0, y1, shade);
            }
        }
    }
    if style.tiled() {
        let radius = cell * rng.range(0.0, 0.25);
        for &(y0, y1) in &ys {
            for &(x0, x1) in &xs {
                canvas.rounded(x0, y0, x1, y1, radius, colours.line);
            }
        }
    }
    // Cells part-solved (or the whole picture, now and then).
    let solved = mid_play && rng.chance(0.15);
    let mut done_rows = vec![Finished::No; h];
    let mut done_columns = vec![Finished::No; w];
    if mid_play {
        let filled = if solved { 1.0 } else { rng.range(0.1, 0.6) };
        let crossed = if solved { 0.0 } else { filled * 0.5 };
        let mark = if rng.chance(0.3) { "dot" } else { "cross" };
        let radius = if style.tiled() { cell * rng.range(0.0, 0.2) } else { 0.0 };
        let cross_colour = mix(colours.line, colours.ink, 0.5);
        for r in 0..h {
            for c in 0..w {
                let ((x0, x1), (y0, y1)) = (column_span(c), row_span(r));
                if solution.get(r, c) == Cell::Filled && rng.chance(filled) {
                    canvas.rounded(x0, y0, x1, y1, radius, colours.fill);
                } else if solution.get(r, c) == Cell::Empty && rng.chance(crossed) {
                    let s = x1 - x0;
                    if mark == "dot" {
                        canvas.disc((x0 + x1) / 2.0, (y0 + y1) / 2.0, (s * 0.08).max(1.0), cross_colour);
                    } else {
                        let m = s * 0.3;
                        canvas.stroke(x0 + m, y0 + m, x1 - m, y1 - m, 1.2, cross_colour);
                        canvas.stroke(x1 - m, y0 + m, x0 + m, y1 - m, 1.2, cross_colour);
                    }
                }
            }
        }
        // Some lines' clues shown finished (greyed or struck through).
        if look.finished {
            let how = if rng.chance(0.6) { Finished::Greyed } else { Finished::Struck };
            for d in done_rows.iter_mut().chain(done_columns.iter_mut()) {
                if rng.chance(0.2) {
                    *d = how;
                }
            }
        }
    }
    if !style.tiled() {
        draw_rules(
            &mut canvas,
            style,
            &colours,
            (gx0, gy0, gx1, gy1),
            (w, h),
            cell,
            (clue_left, clue_top),
            most_row_numbers as usize,
            deepest as usize,
            rng,
        );
    }
    if style == Style::Boxes {
        let (x0, y0) = (area_left - border / 2.0, area_top - border / 2.0);
        let (x1, y1) = (gx1 + border / 2.0, gy1 + border / 2.0);
        for (a, b, c, d) in [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)] {
            canvas.fill(
                a.min(c) - border / 2.0,
                b.min(d) - border / 2.0,
                a.max(c) + border / 2.0,
                b.max(d) + border / 2.0,
                colours.thick,
            );
        }
        // The corner: empty, or a small drawing.
        if rng.chance(0.5) {
            let (cw, ch) = (clue_left, clue_top);
            for _ in 0..rng.below(2, 6) {
                let (ax, ay) = (area_left + rng.range(0.1, 0.7) * cw, area_top + rng.range(0.1, 0.7) * ch);
                let (bw, bh) = (rng.range(0.1, 0.4) * cw, rng.range(0.1, 0.4) * ch);
                let shade = grey(rng.below(60, 200) as u8);
                canvas.fill(ax, ay, (ax + bw).min(gx0 - 2.0), (ay + bh).min(gy0 - 2.0), shade);
            }
        }
    }
    // The clues.
    let badge_colour = if badges {
        Some(tinted(luminance(colours.background) * 0.5 + luminance(colours.ink) * 0.5, rng))
    } else {
        None
    };
    // Digits on badges: the ink, or the background's colour.
    let on_badge = if rng.chance(0.5) { colours.ink } else { colours.background };
    // A finished clue is greyed: half-way to what it stands on (a badge
    // is half-way between ink and page already: greyed toward the page,
    // a digit on it would vanish, as no game draws it).
    let ink_of = |done: Finished| match (done, badge_colour) {
        (Finished::Greyed, Some(badge)) => mix(on_badge, badge, 0.5),
        (Finished::Greyed, None) => mix(colours.ink, colours.background, 0.55),
        (_, Some(_)) => on_badge,
        (_, None) => colours.ink,
    };
    for (c, texts) in column_texts.iter().enumerate() {
        let cx = if style.tiled() { centre(xs[c]) } else { gx0 + (c as f32 + 0.5) * cell };
        // A column's finished clue is greyed (a strike through a number
        // stacked in a strip is not read).
        let done = if done_columns[c] == Finished::Struck { Finished::Greyed } else { done_columns[c] };
        let ink = ink_of(done);
        for (k, text) in texts.iter().rev().enumerate() {
            let cy = gy0 - gap / 2.0 - (k as f32 + 0.5) * line_step;
            if let Some(badge) = badge_colour {
                let (x0, y0, x1, y1) = pen.ink_bounds(text);
                let (bw, bh) = ((x1 - x0) / 2.0 + digit_height * 0.3, (y1 - y0) / 2.0 + digit_height * 0.25);
                canvas.rounded(cx - bw, cy - bh, cx + bw, cy + bh, bh * 0.6, badge);
            }
            pen.draw_centred(&mut canvas, text, cx, cy, ink);
        }
    }
    for (r, texts) in row_texts.iter().enumerate() {
        let cy = if style.tiled() { centre(ys[r]) } else { gy0 + (r as f32 + 0.5) * cell };
        let ink = ink_of(done_rows[r]);
        if style.boxed() {
            for (k, text) in texts.iter().rev().enumerate() {
                pen.draw_centred(&mut canvas, text, gx0 - (k as f32 + 0.5) * cell, cy, ink);
            }
            continue;
        }
        let total = row_width(&pen, texts, space, commas);
        let start = gx0 - gap / 2.0 - cell * 0.3 - total;
        let mut x = start;
        for (k, text) in texts.iter().enumerate() {
            let (x0, y0, x1, y1) = pen.ink_bounds(text);
            if let Some(badge) = badge_colour {
                let (bw, bh) = ((x1 - x0) / 2.0 + digit_height * 0.3, (y1 - y0) / 2.0 + digit_height * 0.25);
                let mid = x + (x1 - x0) / 2.0;
                canvas.rounded(mid - bw, cy - bh, mid + bw, cy + bh, bh * 0.6, badge);
            }
            pen.draw(&mut canvas, text, x - x0, cy - (y0 + y1) / 2.0, ink);
            x += x1 - x0;
            if commas && k + 1 < texts.len() {
                pen.draw(&mut canvas, ",", x + digit_height * 0.08, cy - (y0 + y1) / 2.0, ink);
                x += pen.ink_bounds(",").2 + digit_height * 0.08;
            }
            x += space;
        }
        if done_rows[r] == Finished::Struck {
            canvas.stroke(start - 2.0, cy, start + total + 2.0, cy, (digit_height * 0.08).max(1.0), ink);
        }
    }
    Drawn { canvas, puzzle, style, grid_box: (gx0, gy0, gx1, gy1) }
}

/// The ruled lines: thin, and thick every five and around; clue areas
/// ruled as cells where the style rules them.
#[allow(clippy::too_many_arguments)]
fn draw_rules(
    canvas: &mut Canvas,
    style: Style,
    colours: &Palette,
    grid: (f32, f32, f32, f32),
    size: (usize, usize),
    cell: f32,
    clues: (f32, f32),
    row_boxes: usize,
    column_boxes: usize,
    rng: &mut Rng,
) {
    let (gx0, gy0, gx1, gy1) = grid;
    let (w, h) = size;
    let (clue_left, clue_top) = clues;
    let thin = if cell >= 24.0 && rng.chance(0.5) { 2.0 } else { 1.0 };
    let heavy = thin + rng.below(1, 3) as f32;
    // How far the grid's own lines run: into ruled clue areas, or not.
    let (lines_left, lines_top) = if style.boxed() { (gx0 - clue_left, gy0 - clue_top) } else { (gx0, gy0) };
    for c in 0..=w {
        let x = gx0 + c as f32 * cell;
        let (t, colour) = if c % 5 == 0 || c == w { (heavy, colours.thick) } else { (thin, colours.line) };
        canvas.fill(x - t / 2.0, lines_top, x + t / 2.0, gy1, colour);
    }
    for r in 0..=h {
        let y = gy0 + r as f32 * cell;
        let (t, colour) = if r % 5 == 0 || r == h { (heavy, colours.thick) } else { (thin, colours.line) };
        canvas.fill(lines_left, y - t / 2.0, gx1, y + t / 2.0, colour);
    }
    if style.boxed() {
        // The clue boxes' own lines, up to the grid.
        for k in 1..=column_boxes {
            let y = gy0 - k as f32 * cell;
            canvas.fill(gx0, y - thin / 2.0, gx1, y + thin / 2.0, colours.line);
        }
        for k in 1..=row_boxes {
            let x = gx0 - k as f32 * cell;
            canvas.fill(x - thin / 2.0, gy0, x + thin / 2.0, gy1, colours.line);
        }
    }
}

/// A game's bars and buttons: a level's number and a timer above the
/// clues, buttons (some with a count on a badge) under the grid.
#[allow(clippy::too_many_arguments)]
fn draw_chrome(
    canvas: &mut Canvas,
    pen: &Pen,
    lettering: Lettering,
    colours: &Palette,
    cell: f32,
    top: (f32, f32),
    grid_bottom: f32,
    rng: &mut Rng,
) {
    let (left, above) = top;
    let width = canvas.width as f32;
    let size = pen.digit_height() * rng.range(1.0, 1.5);
    let bar = Pen::for_digit_height(lettering, size);
    let baseline = (above - cell * rng.range(0.3, 1.2)).max(size + 2.0);
    let level = format!("{}", rng.below(1, 999));
    match lettering {
        Lettering::Font(_) => {
            let label = Pen::for_digit_height(lettering, size);
            let text = format!("{} {level}", if rng.chance(0.5) { "Level" } else { "No." });
            label.draw(canvas, &text, left, baseline, colours.ink);
        }
        _ => bar.draw(canvas, &level, left, baseline, colours.ink),
    }
    let timer = format!(
        "{:02}{}{:02}",
        rng.below(0, 60),
        if matches!(lettering, Lettering::Font(_)) { ":" } else { "" },
        rng.below(0, 60)
    );
    let tw = bar.advance(&timer);
    bar.draw(canvas, &timer, width - left - tw, baseline, colours.ink);
    // A bar's edge under it, now and then.
    if rng.chance(0.5) {
        canvas.fill(
            0.0,
            baseline + size * 0.6,
            width,
            baseline + size * 0.6 + 1.0,
            mix(colours.background, colours.ink, 0.3),
        );
    }
    // Buttons.
    let buttons = rng.below(2, 5);
    let radius = cell * rng.range(0.6, 1.0);
    let cy = grid_bottom + cell * 0.9 + radius;
    for b in 0..buttons {
        let cx = width * (b as f32 + 1.0) / (buttons as f32 + 1.0);
        canvas.disc(cx, cy, radius, mix(colours.background, colours.ink, 0.15));
        canvas.stroke(cx - radius * 0.4, cy, cx + radius * 0.4, cy, 2.0, colours.ink);
        if rng.chance(0.5) {
            let (bx, by) = (cx + radius * 0.7, cy - radius * 0.7);
            canvas.disc(bx, by, radius * 0.4, colours.fill);
            let small = Pen::for_digit_height(lettering, radius * 0.45);
            small.draw_centred(canvas, &rng.below(1, 9).to_string(), bx, by, colours.background);
        }
    }
}

/// The screen inside a phone's frame, on a background (a table, a photo):
/// the canvas with the frame around it, and where the screen's top left
/// now is.
pub fn in_frame(screen: &Canvas, rng: &mut Rng) -> (Canvas, (f32, f32)) {
    let bezel = (screen.width.min(screen.height) as f32 * rng.range(0.03, 0.07)).round();
    let around = (screen.width.min(screen.height) as f32 * rng.range(0.04, 0.15)).round();
    let (w, h) =
        (screen.width as f32 + 2.0 * (bezel + around), screen.height as f32 + 2.0 * (bezel + around));
    let mut canvas = Canvas::new(w as u32, h as u32, tinted(rng.range(60.0, 200.0), rng));
    // A background of soft blobs, as a photo's.
    for _ in 0..rng.below(3, 12) {
        let (x, y) = (rng.range(0.0, w), rng.range(0.0, h));
        let r = rng.range(0.05, 0.3) * w.max(h);
        let colour = tinted(rng.range(30.0, 230.0), rng);
        canvas.disc(x, y, r, colour);
    }
    canvas = super::photo::blur(&canvas, rng.range(2.0, 6.0));
    let frame = grey(rng.below(0, 40) as u8);
    canvas.rounded(around, around, w - around, h - around, bezel * 2.0, frame);
    canvas.paste(screen, (around + bezel) as i64, (around + bezel) as i64);
    (canvas, (around + bezel, around + bezel))
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
fn row_width(pen: &Pen, texts: &[String], space: f32, commas: bool) -> f32 {
    let inks: f32 = texts
        .iter()
        .map(|t| {
            let (x0, _, x1, _) = pen.ink_bounds(t);
            x1 - x0
        })
        .sum();
    let comma = if commas { pen.ink_bounds(",").2 + pen.digit_height() * 0.08 } else { 0.0 };
    inks + (space + comma) * texts.len().saturating_sub(1) as f32
}
