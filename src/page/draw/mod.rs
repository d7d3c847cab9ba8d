//! Painting on canvases: the board (clues, cells, the line a step worked
//! on) and the picture panel's grids, in a named [`Palette`]. Geometry comes
//! from [`Layout`]. What a canvas shows is kept in a [`Drawing`] (a draw cache),
//! so that a redraw repaints only the cells whose look changed; the cache
//! can be thrown away at any time.

pub mod colour;
mod paint;
pub mod palette;
mod strike;

pub use crate::page::layout::css;
pub use paint::{context, draw_clues, draw_grid_lines, for_filled_runs, size_canvas, ClueInk};
pub use palette::{palette, Palette, DARK, LIGHT};

use crate::page::layout::Layout;
use crate::page::state::playback::LineMark;
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::{Cell, Puzzle};
use paint::{clue_background, Painter};
use std::cell::RefCell;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// What the board shows.
pub struct BoardView<'a> {
    pub puzzle: &'a Puzzle,
    /// Bumped when the puzzle changes.
    pub version: u64,
    /// The cells, row-major.
    pub cells: &'a [Cell],
    /// Cells the shown step deduced (highlighted).
    pub fresh: &'a [u32],
    pub mark: Option<LineMark>,
    /// When two solutions are compared: they differ in these cells (outlined).
    pub differ: Option<(&'a [Cell], &'a [Cell])>,
    /// Play mode: cells a hint deduces (outlined), cells a check found
    /// wrong (outlined in alert), the keyboard's cursor, and the lines
    /// whose clues are satisfied (rows then columns; greyed).
    pub hinted: &'a [(u32, bool)],
    /// Cells a hint names without deducing them (a dead end's): ringed.
    pub marked: &'a [u32],
    pub wrong: &'a [u32],
    pub cursor: Option<usize>,
    pub done: &'a [bool],
    /// Clue numbers the player crossed off: (line, number), lines counted
    /// as in `done`, sorted.
    pub crossed: &'a [(u32, u32)],
    /// A colour puzzle, and each cell's colours left (`cells` is then their
    /// black-and-white view).
    pub colour: Option<(&'a ColourPuzzle, &'a [u32])>,
}

/// What the board's canvas shows now.
#[derive(Clone, PartialEq)]
struct Drawn {
    layout: Layout,
    scale: f64,
    palette: Palette,
    version: u64,
    comparing: bool,
    cells: Vec<Cell>,
    /// A colour puzzle's cells: the colours each may still take.
    sets: Vec<u32>,
    fresh: Vec<u32>,
    mark: Option<LineMark>,
    /// Cells under a play-mode outline or the cursor.
    overlaid: Vec<u32>,
    done: Vec<bool>,
    crossed: Vec<(u32, u32)>,
}

/// What a background was drawn for: puzzle version, layout, scale, palette,
/// greyed lines, crossed-off numbers.
type BackgroundKey = (u64, Layout, f64, Palette, Vec<bool>, Vec<(u32, u32)>);

/// The canvases of the pinned clues: the column clues' strip (along the
/// top, the board's width) and the row clues' (down the left, below it).
/// They show the background's clue areas, and stay in view while the cells
/// pan beneath them.
pub struct Strips<'a> {
    pub top: &'a HtmlCanvasElement,
    pub left: &'a HtmlCanvasElement,
}

/// The board's draw cache: what is on the canvas, and its background with
/// the clues (hundreds of texts on a large board, drawn once per puzzle and
/// geometry, then copied).
#[derive(Default)]
pub struct Drawing {
    drawn: RefCell<Option<Drawn>>,
    background: RefCell<Option<(BackgroundKey, HtmlCanvasElement)>>,
}

impl Drawing {
    /// The layout drawn now.
    pub fn layout(&self) -> Option<Layout> {
        self.drawn.borrow().as_ref().map(|d| d.layout)
    }

    /// The puzzle version drawn now.
    pub fn version(&self) -> Option<u64> {
        self.drawn.borrow().as_ref().map(|d| d.version)
    }

    /// Empties the canvas (no puzzle to show).
    pub fn clear(&self, canvas: &HtmlCanvasElement) {
        canvas.set_width(0);
        canvas.set_height(0);
        let style = canvas.style();
        let _ = style.set_property("width", "0px");
        let _ = style.set_property("height", "0px");
        *self.drawn.borrow_mut() = None;
    }

    /// Draws the board: everything when the geometry changed, else only
    /// the cells whose look changed (values, deduced-cell marks, the line).
    pub fn draw(
        &self,
        canvas: &HtmlCanvasElement,
        strips: Option<Strips>,
        l: Layout,
        dpr: f64,
        view: &BoardView,
    ) {
        let Some(ctx) = context(canvas) else { return };
        let colours = *palette();
        let scale = l.backing_scale(dpr);
        let now = Drawn {
            layout: l,
            scale,
            palette: colours,
            version: view.version,
            comparing: view.differ.is_some(),
            cells: view.cells.to_vec(),
            sets: view.colour.map_or_else(Vec::new, |(_, sets)| sets.to_vec()),
            fresh: view.fresh.to_vec(),
            mark: view.mark,
            overlaid: (view.hinted.iter().map(|h| h.0))
                .chain(view.marked.iter().copied())
                .chain(view.wrong.iter().copied())
                .chain(view.cursor.map(|c| c as u32))
                .collect(),
            done: view.done.to_vec(),
            crossed: view.crossed.to_vec(),
        };
        let mut drawn = self.drawn.borrow_mut();
        let same_board = matches!(&*drawn, Some(d) if d.layout == l && d.scale == scale && d.palette == colours
            && d.version == now.version && d.comparing == now.comparing && d.cells.len() == now.cells.len()
            && d.done == now.done && d.crossed == now.crossed);
        let mut fresh = vec![false; now.cells.len()];
        for &i in &now.fresh {
            if let Some(f) = fresh.get_mut(i as usize) {
                *f = true;
            }
        }
        // Cells to repaint; past half the board, one full redraw is cheaper.
        let repaint: Option<Vec<usize>> = drawn.as_ref().filter(|_| same_board).and_then(|old| {
            // Marked in place, so that they come in order and once each.
            let mut changed: Vec<bool> = old.cells.iter().zip(&now.cells).map(|(a, b)| a != b).collect();
            for (i, (a, b)) in old.sets.iter().zip(&now.sets).enumerate() {
                changed[i] |= a != b;
            }
            let lines = [old.mark, now.mark].into_iter().flatten().flat_map(|m| l.line_cells(m.line()));
            let overlaid = old.overlaid.iter().chain(&now.overlaid);
            for i in old.fresh.iter().chain(&now.fresh).chain(overlaid).map(|&i| i as usize).chain(lines) {
                if let Some(c) = changed.get_mut(i) {
                    *c = true;
                }
            }
            let repaint: Vec<usize> = (0..changed.len()).filter(|&i| changed[i]).collect();
            (repaint.len() * 2 < now.cells.len()).then_some(repaint)
        });
        let painter = Painter {
            ctx: &ctx,
            l: &l,
            colours: &colours,
            cells: &now.cells,
            fresh: &fresh,
            colour: view.colour.map(|(p, _)| (p, &now.sets[..])),
        };
        match repaint {
            Some(cells) => painter.cells(&cells, true),
            None => {
                size_canvas(canvas, &l, scale);
                self.paint_background(&ctx, &l, scale, &colours, view);
                if let Some(strips) = strips {
                    self.paint_strips(&strips, &l, scale, &colours);
                }
                let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
                painter.whole();
                if let Some((a, b)) = view.differ {
                    // Cells where the two solutions differ.
                    ctx.set_stroke_style_str(colours.alert);
                    ctx.set_line_width((l.cell / 8.0).clamp(1.0, 2.5));
                    let inset = (l.cell / 6.0).min(3.0);
                    for (i, (x, y)) in a.iter().zip(b).enumerate() {
                        if x != y {
                            let (cx, cy) = l.cell_origin(i / l.width, i % l.width);
                            ctx.stroke_rect(
                                cx + inset,
                                cy + inset,
                                l.cell - 2.0 * inset,
                                l.cell - 2.0 * inset,
                            );
                        }
                    }
                }
            }
        }
        overlay(&ctx, &l, &colours, view);
        // The line worked in the shown step, or the contradicting one,
        // outlined inside the line so that repainting its cells erases it.
        if let Some(mark) = now.mark {
            let colour = if matches!(mark, LineMark::Worked(_)) { colours.worked } else { colours.alert };
            let (x, y, w, h) = l.line_rect(mark.line());
            let width = (l.cell / 5.0).clamp(1.0, 3.0);
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(width);
            ctx.stroke_rect(x + width / 2.0 + 0.5, y + width / 2.0 + 0.5, w - width - 1.0, h - width - 1.0);
        }
        *drawn = Some(now);
    }

    /// The paper with the clues, from the cached background when it fits.
    fn paint_background(
        &self,
        ctx: &CanvasRenderingContext2d,
        l: &Layout,
        scale: f64,
        colours: &Palette,
        view: &BoardView,
    ) {
        let key = (view.version, *l, scale, *colours, view.done.to_vec(), view.crossed.to_vec());
        let mut background = self.background.borrow_mut();
        if background.as_ref().is_none_or(|(k, _)| *k != key) {
            let colour = view.colour.map(|(p, _)| p);
            *background = clue_background(l, scale, colours, view.puzzle, view.done, view.crossed, colour)
                .map(|c| (key, c));
        }
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        match background.as_ref() {
            Some((_, image)) => {
                let _ = ctx.draw_image_with_html_canvas_element(image, 0.0, 0.0);
            }
            None => {
                let (w, h) = l.size();
                ctx.set_fill_style_str(colours.paper);
                ctx.fill_rect(0.0, 0.0, w * scale, h * scale);
            }
        }
    }

    /// Copies the background's clue areas onto the pinned strips (sized to
    /// nothing when the clues are not drawn).
    fn paint_strips(&self, strips: &Strips, l: &Layout, scale: f64, colours: &Palette) {
        let (w, h) = l.size();
        let shown = l.shows_clues();
        let background = self.background.borrow();
        for (canvas, (x, y, sw, sh)) in
            [(strips.top, (0.0, 0.0, w, l.top)), (strips.left, (0.0, l.top, l.left, h - l.top))]
        {
            let pixels = paint::size_to(canvas, if shown { (sw, sh) } else { (0.0, 0.0) }, scale);
            let Some(ctx) = context(canvas).filter(|_| shown) else { continue };
            let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
            ctx.set_fill_style_str(colours.paper);
            ctx.fill_rect(0.0, 0.0, f64::from(pixels.0), f64::from(pixels.1));
            if let Some((_, image)) = background.as_ref() {
                let (px, py) = (x * scale, y * scale);
                let _ = ctx.draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
                    image,
                    px,
                    py,
                    f64::from(pixels.0),
                    f64::from(pixels.1),
                    0.0,
                    0.0,
                    f64::from(pixels.0),
                    f64::from(pixels.1),
                );
            }
        }
    }
}

/// Play mode's outlines (a hint's cells, wrong cells) and the cursor.
fn overlay(ctx: &CanvasRenderingContext2d, l: &Layout, colours: &Palette, view: &BoardView) {
    let inset = (l.cell / 8.0).clamp(1.0, 3.0);
    let width = (l.cell / 8.0).clamp(1.5, 3.0);
    // The cursor runs along the cell's edge, the outlines inside it: a
    // wrong cell just clicked shows both (the cursor's dashes once hid
    // its outline, drawn at the same place).
    let outline = inset.max(1.5 * width + 0.5);
    let side = l.cell - 2.0 * outline;
    ctx.set_line_width(width);
    ctx.set_stroke_style_str(colours.alert);
    for &i in view.wrong {
        let (x, y) = l.cell_origin(i as usize / l.width, i as usize % l.width);
        ctx.stroke_rect(x + outline, y + outline, side, side);
    }
    // A hint's cells: outlined; those it fills also filled inside (half
    // strength), those it empties crossed, as a player marks them: the two
    // told apart by shape, not by a shade (on a dark board a tint alone
    // was hard to see).
    ctx.set_stroke_style_str(colours.worked);
    ctx.set_fill_style_str(colours.worked);
    for &(i, filled) in view.hinted {
        let (x, y) = l.cell_origin(i as usize / l.width, i as usize % l.width);
        ctx.stroke_rect(x + outline, y + outline, side, side);
        if filled {
            ctx.set_global_alpha(0.55);
            let (from, across) = (outline + inset, (side - 2.0 * inset).max(1.0));
            ctx.fill_rect(x + from, y + from, across, across);
            ctx.set_global_alpha(1.0);
        } else {
            let (a, b) = (3.0 * inset, l.cell - 3.0 * inset);
            ctx.begin_path();
            ctx.move_to(x + a, y + a);
            ctx.line_to(x + b, y + b);
            ctx.move_to(x + b, y + a);
            ctx.line_to(x + a, y + b);
            ctx.stroke();
        }
    }
    // A cell a hint names (a dead end's): outlined and ringed, neither
    // filled nor crossed (it is not deduced: it can be neither).
    for &i in view.marked {
        let (x, y) = l.cell_origin(i as usize / l.width, i as usize % l.width);
        ctx.stroke_rect(x + outline, y + outline, side, side);
        ctx.begin_path();
        let _ = ctx.arc(
            x + l.cell / 2.0,
            y + l.cell / 2.0,
            (l.cell / 2.0 - 3.0 * inset).max(1.0),
            0.0,
            std::f64::consts::TAU,
        );
        ctx.stroke();
    }
    if let Some(i) = view.cursor {
        let (x, y) = l.cell_origin(i / l.width, i % l.width);
        ctx.set_stroke_style_str(colours.worked);
        ctx.set_line_dash(&js_sys::Array::of2(&2.0.into(), &2.0.into())).ok();
        ctx.stroke_rect(x + width / 2.0, y + width / 2.0, l.cell - width, l.cell - width);
        ctx.set_line_dash(&js_sys::Array::new()).ok();
    }
}
