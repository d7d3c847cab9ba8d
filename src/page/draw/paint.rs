//! The strokes: cells in as few canvas operations as possible (one path
//! per colour), grid lines, clue numbers, and the canvas's size.

use super::palette::Palette;
use super::strike::strike;
use crate::page::layout::{css, digits, Layout};
use nonogram_core::colour::{ColourPuzzle, Swatch};
use nonogram_core::{Cell, Puzzle};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Paints cells of the board, one path per colour (one canvas operation).
pub(super) struct Painter<'a> {
    pub ctx: &'a CanvasRenderingContext2d,
    pub l: &'a Layout,
    pub colours: &'a Palette,
    pub cells: &'a [Cell],
    pub fresh: &'a [bool],
    /// A colour puzzle, and each cell's colours left.
    pub colour: Option<(&'a ColourPuzzle, &'a [u32])>,
}

impl Painter<'_> {
    /// Every cell, on a fresh background: filled cells in runs along each
    /// row (one rectangle a run), then deduced cells, empty marks, grid lines.
    pub fn whole(&self) {
        let (ctx, l) = (self.ctx, self.l);
        if let Some((puzzle, sets)) = self.colour {
            let cells = (0..self.cells.len()).filter(|&i| !self.fresh[i]);
            super::colour::paint_cells(ctx, l, puzzle, sets, cells.clone());
            if *self.colours == super::palette::DARK {
                super::colour::outline_dark_cells(ctx, l, puzzle, sets, cells, self.colours.empty);
            }
        } else {
            ctx.set_fill_style_str(self.colours.ink);
            ctx.begin_path();
            for_filled_runs(
                l.width,
                |i| self.cells[i] == Cell::Filled && !self.fresh[i],
                |row, col, len| {
                    let (x, y) = l.cell_origin(row, col);
                    ctx.rect(x, y, l.cell * len as f64, l.cell);
                },
                self.cells.len(),
            );
            ctx.fill();
        }
        let marked: Vec<usize> = (0..self.cells.len()).filter(|&i| self.fresh[i]).collect();
        self.cells(&marked, false);
        self.crosses(
            self.colours.empty,
            &|i| self.cells[i] == Cell::Empty && !self.fresh[i],
            0..self.cells.len(),
        );
        draw_grid_lines(ctx, l, self.colours);
    }

    /// Paints these cells (by grid index): background (highlighted when
    /// deduced by the shown step), value, and their borders when `borders`.
    pub fn cells(&self, cells: &[usize], borders: bool) {
        let all = || cells.iter().copied();
        self.fill(self.colours.paper, &|i| !self.fresh[i], all());
        self.fill(self.colours.fresh, &|i| self.fresh[i], all());
        match self.colour {
            Some((puzzle, sets)) => {
                super::colour::paint_cells(self.ctx, self.l, puzzle, sets, all());
                if *self.colours == super::palette::DARK {
                    super::colour::outline_dark_cells(
                        self.ctx,
                        self.l,
                        puzzle,
                        sets,
                        all(),
                        self.colours.empty,
                    );
                }
            }
            None => self.fill(self.colours.ink, &|i| self.cells.get(i) == Some(&Cell::Filled), all()),
        }
        self.crosses(self.colours.empty, &|i| self.cells.get(i) == Some(&Cell::Empty), all());
        if borders {
            self.borders(cells);
        }
    }

    /// Fills the cells that `pick` keeps, whole.
    fn fill(&self, colour: &str, pick: &dyn Fn(usize) -> bool, cells: impl Iterator<Item = usize>) {
        let (ctx, l) = (self.ctx, self.l);
        ctx.set_fill_style_str(colour);
        ctx.begin_path();
        for i in cells.filter(|&i| pick(i)) {
            let (x, y) = l.cell_origin(i / l.width, i % l.width);
            ctx.rect(x, y, l.cell, l.cell);
        }
        ctx.fill();
    }

    /// Crosses out the cells that `pick` keeps, as a player marks a cell
    /// empty: a cross over the middle of the cell (see
    /// [`crate::page::layout::Layout::empty_mark`]), its strokes thick
    /// enough to keep the mark's contrast.
    fn crosses(&self, colour: &str, pick: &dyn Fn(usize) -> bool, cells: impl Iterator<Item = usize>) {
        let (ctx, l) = (self.ctx, self.l);
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(l.empty_stroke());
        ctx.begin_path();
        for i in cells.filter(|&i| pick(i)) {
            let (x, y, d) = l.empty_mark(i);
            ctx.move_to(x, y);
            ctx.line_to(x + d, y + d);
            ctx.move_to(x + d, y);
            ctx.line_to(x, y + d);
        }
        ctx.stroke();
    }

    /// The cells' four borders: bold every 5 cells and at the edges.
    fn borders(&self, cells: &[usize]) {
        let (ctx, l) = (self.ctx, self.l);
        for (bold_pass, colour, width) in grid_pens(l, self.colours) {
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(width);
            ctx.begin_path();
            let every = bold_every(l);
            for &i in cells {
                let (r, c) = (i / l.width, i % l.width);
                for (k, vertical, from) in [(c, true, r), (c + 1, true, r), (r, false, c), (r + 1, false, c)]
                {
                    let count = if vertical { l.width } else { l.height };
                    if (k % every == 0 || k == count) != bold_pass {
                        continue;
                    }
                    let p = line_at(k, l.cell, width);
                    // A bold line's piece runs on over the crossings at its
                    // ends: a neighbour's light line, painted again, has
                    // crossed it there.
                    let on = if bold_pass { width / 2.0 } else { 0.0 };
                    let (q0, q1) = (from as f64 * l.cell - on, (from + 1) as f64 * l.cell + on);
                    if vertical {
                        ctx.move_to(l.left + p, l.top + q0);
                        ctx.line_to(l.left + p, l.top + q1);
                    } else {
                        ctx.move_to(l.left + q0, l.top + p);
                        ctx.line_to(l.left + q1, l.top + p);
                    }
                }
            }
            ctx.stroke();
        }
    }
}

/// Bold grid lines come every 5 cells, or every 25, 50... on boards of
/// cells so small that every fifth line would be less than 8 pixels apart.
fn bold_every(l: &Layout) -> usize {
    if l.cell * 5.0 >= 8.0 {
        5
    } else {
        5 * (8.0 / (5.0 * l.cell)).ceil() as usize
    }
}

/// Where the grid line `k` is drawn, from the grid's edge, for a pen of
/// `width`: on whole pixels, a line of odd width centred on a pixel's
/// middle, of even width on its edge (a 2 px bold line covers a pixel
/// either side of the cells' boundary and no pixel in part: drawn again
/// over a repainted cell it is the same, never darker or shifted).
fn line_at(k: usize, cell: f64, width: f64) -> f64 {
    k as f64 * cell + if width % 2.0 == 0.0 { 0.0 } else { 0.5 }
}

/// The grid's pens: light lines (none on cells under 4 pixels, where they
/// would hide the cells), then bold ones.
fn grid_pens<'a>(l: &Layout, colours: &'a Palette) -> Vec<(bool, &'a str, f64)> {
    let bold = (true, colours.grid_bold, if l.cell >= 8.0 { 2.0 } else { 1.0 });
    if l.cell >= 4.0 {
        vec![(false, colours.grid, 1.0), bold]
    } else {
        vec![bold]
    }
}

/// The 2-D context of a canvas.
pub fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
}

/// Calls `run(row, col, len)` for each horizontal run of cells where
/// `filled(index)` holds, on a grid `width` cells wide.
pub fn for_filled_runs(
    width: usize,
    filled: impl Fn(usize) -> bool,
    mut run: impl FnMut(usize, usize, usize),
    cells: usize,
) {
    for row in 0..cells / width.max(1) {
        let mut col = 0;
        while col < width {
            if filled(row * width + col) {
                let start = col;
                while col < width && filled(row * width + col) {
                    col += 1;
                }
                run(row, start, col - start);
            } else {
                col += 1;
            }
        }
    }
}

/// A puzzle's clues to draw: black runs, or runs of colours.
#[derive(Clone, Copy)]
pub enum ClueInk<'a> {
    Black(&'a Puzzle),
    Colour(&'a ColourPuzzle),
}

impl<'a> ClueInk<'a> {
    /// The puzzle's clues: the colour one's when there is one.
    pub fn of(puzzle: &'a Puzzle, colour: Option<&'a ColourPuzzle>) -> ClueInk<'a> {
        colour.map_or(ClueInk::Black(puzzle), ClueInk::Colour)
    }

    fn rows(self) -> usize {
        match self {
            ClueInk::Black(p) => p.rows.len(),
            ClueInk::Colour(p) => p.rows.len(),
        }
    }

    fn columns(self) -> usize {
        match self {
            ClueInk::Black(p) => p.columns.len(),
            ClueInk::Colour(p) => p.columns.len(),
        }
    }

    /// Line `i`'s numbers (rows, then columns), each with its run's colour
    /// (none for black); an empty line's one number, 0.
    fn numbers(self, i: usize) -> Vec<(u32, Option<&'a Swatch>)> {
        let numbers: Vec<_> = match self {
            ClueInk::Black(p) => {
                let clue = if i < p.rows.len() { &p.rows[i] } else { &p.columns[i - p.rows.len()] };
                clue.0.iter().map(|&n| (n, None)).collect()
            }
            ClueInk::Colour(p) => {
                let runs = if i < p.rows.len() { &p.rows[i] } else { &p.columns[i - p.rows.len()] };
                runs.iter().map(|r| (r.len, p.palette.get(usize::from(r.colour)))).collect()
            }
        };
        if numbers.is_empty() {
            vec![(0, None)]
        } else {
            numbers
        }
    }
}

/// Row clues right-aligned to the left of the grid, column clues stacked
/// above it, each number in its slot (see [`Layout::row_clue_slots`]), a
/// colour run's on a box of its colour; none when they would be too small
/// to read (zoom in). The numbers of lines marked in `done` (rows, then
/// columns) are faded, as satisfied; those in `crossed` (line, number)
/// faded and struck through.
pub fn draw_clues(
    ctx: &CanvasRenderingContext2d,
    l: &Layout,
    clues: ClueInk,
    colours: &Palette,
    done: &[bool],
    crossed: &[(u32, u32)],
) {
    if !l.shows_clues() {
        return;
    }
    let rows = clues.rows();
    ctx.set_font(&format!("{}px sans-serif", css(l.font)));
    ctx.set_text_baseline("middle");
    ctx.set_text_align("center");
    // A colour run's box reaches a little past its number.
    let pad = match clues {
        ClueInk::Black(_) => 0.0,
        ClueInk::Colour(_) => (l.font / 6.0).max(1.0),
    };
    let mut struck = Vec::new();
    let mut number =
        |line: usize, k: usize, (n, swatch): (u32, Option<&Swatch>), (x, y, w, h): (f64, f64, f64, f64)| {
            let is_crossed = crossed.binary_search(&(line as u32, k as u32)).is_ok();
            let faded = is_crossed || done.get(line) == Some(&true);
            match swatch {
                Some(s) => {
                    ctx.set_global_alpha(if faded { 0.3 } else { 1.0 });
                    super::colour::clue_box(ctx, colours, s, (x - pad, y + 1.0, w + 2.0 * pad, h - 2.0));
                }
                None => {
                    ctx.set_global_alpha(if faded && pad > 0.0 { 0.3 } else { 1.0 });
                    ctx.set_fill_style_str(if faded && pad == 0.0 { colours.empty } else { colours.ink });
                }
            }
            let _ = ctx.fill_text_with_max_width(&n.to_string(), x + w / 2.0, y + h / 2.0, w.max(1.0));
            if is_crossed {
                struck.push((x, y, w, h));
            }
        };
    for r in 0..rows {
        let (_, y) = l.cell_origin(r, 0);
        let numbers = clues.numbers(r);
        let lengths: Vec<u32> = numbers.iter().map(|&(n, _)| n).filter(|&n| n > 0).collect();
        for (k, ((x, w), &n)) in l.row_clue_slots(&lengths).into_iter().zip(&numbers).enumerate() {
            number(r, k, n, (x, y, w, l.cell));
        }
    }
    for c in 0..clues.columns() {
        let (x, _) = l.cell_origin(0, c);
        let numbers = clues.numbers(rows + c);
        for (k, &n) in numbers.iter().enumerate() {
            let (y, h) = l.column_clue_slot(numbers.len(), k);
            let w = l.number_width(digits(n.0));
            let inset = ((l.cell - w) / 2.0).max(pad);
            number(rows + c, k, n, (x + inset, y, l.cell - 2.0 * inset, h));
        }
    }
    ctx.set_global_alpha(1.0);
    strike(ctx, l, colours, &struck);
}

/// Sizes a canvas to `w`×`h` CSS pixels at a backing scale (its backing
/// store only when that changes: resizing reallocates and clears it);
/// returns the backing store's size.
pub fn size_to(canvas: &HtmlCanvasElement, (w, h): (f64, f64), scale: f64) -> (u32, u32) {
    let pixels = ((w * scale) as u32, (h * scale) as u32);
    if (canvas.width(), canvas.height()) != pixels {
        canvas.set_width(pixels.0);
        canvas.set_height(pixels.1);
    }
    let style = canvas.style();
    let _ = style.set_property("width", &format!("{}px", css(w)));
    let _ = style.set_property("height", &format!("{}px", css(h)));
    pixels
}

/// Sizes a canvas for a layout at a backing scale (see [`size_to`]) and
/// records the geometry in `data-left`, `data-top`, `data-cell`,
/// `data-scale` and `data-font` (0: no clues drawn), for tests and
/// assistive tools.
pub fn size_canvas(canvas: &HtmlCanvasElement, l: &Layout, scale: f64) {
    size_to(canvas, l.size(), scale);
    for (name, value) in [
        ("data-left", l.left),
        ("data-top", l.top),
        ("data-cell", l.cell),
        ("data-scale", scale),
        ("data-font", l.font),
    ] {
        let _ = canvas.set_attribute(name, &css(value));
    }
}

/// A canvas (not on the page) with the board's paper and its clues.
pub(super) fn clue_background(
    l: &Layout,
    scale: f64,
    colours: &Palette,
    puzzle: &Puzzle,
    done: &[bool],
    crossed: &[(u32, u32)],
    colour: Option<&ColourPuzzle>,
) -> Option<HtmlCanvasElement> {
    let document = web_sys::window()?.document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    let (w, h) = l.size();
    canvas.set_width((w * scale) as u32);
    canvas.set_height((h * scale) as u32);
    let ctx = context(&canvas)?;
    let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    ctx.set_fill_style_str(colours.paper);
    ctx.fill_rect(0.0, 0.0, w, h);
    draw_clues(&ctx, l, ClueInk::of(puzzle, colour), colours, done, crossed);
    Some(canvas)
}

/// The grid lines: light ones, then bold ones every 5 cells and at the
/// edges, each set as one path.
pub fn draw_grid_lines(ctx: &CanvasRenderingContext2d, l: &Layout, colours: &Palette) {
    let (w, h) = (l.width as f64 * l.cell, l.height as f64 * l.cell);
    for (bold_pass, colour, width) in grid_pens(l, colours) {
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(width);
        ctx.begin_path();
        let every = bold_every(l);
        for (count, vertical) in [(l.width, true), (l.height, false)] {
            for i in (0..=count).filter(|&i| (i % every == 0 || i == count) == bold_pass) {
                let p = line_at(i, l.cell, width);
                if vertical {
                    ctx.move_to(l.left + p, l.top);
                    ctx.line_to(l.left + p, l.top + h);
                } else {
                    ctx.move_to(l.left, l.top + p);
                    ctx.line_to(l.left + w, l.top + p);
                }
            }
        }
        ctx.stroke();
    }
}
