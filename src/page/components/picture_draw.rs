//! Drawing the picture panel: the picture's grid with its clues, and the
//! two solutions side by side when its puzzle is not unique.

use crate::page::components::picture_view::PicturePanel;
use crate::page::draw::{
    colour, context, draw_clues, draw_grid_lines, for_filled_runs, palette, size_canvas, ClueInk,
};
use crate::page::layout::{ClueExtent, Layout};
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::{Cell, Grid, Puzzle};
use web_sys::HtmlCanvasElement;

impl PicturePanel {
    /// Draws the picture panel's canvases when something in them changed.
    pub(crate) fn draw(&self) {
        let (Some(p), Some(canvas)) = (&self.state.picture, self.canvas.cast::<HtmlCanvasElement>()) else {
            return;
        };
        let colour = p.colour_puzzle().zip(p.colour_grid());
        let (grid, puzzle) = match &colour {
            Some((c, cells)) => (crate::page::upload::colour_view(cells, c.width()), c.shape()),
            None => {
                let (Some(grid), Some(puzzle)) = (p.grid(), p.puzzle()) else { return };
                (grid, puzzle)
            }
        };
        let max_width = canvas.parent_element().map(|e| e.client_width() as f64).unwrap_or(600.0).max(200.0);
        if self.drawn.get() == (self.state.version, max_width) {
            return;
        }
        self.drawn.set((self.state.version, max_width));
        // As wide as the panel (up to 32-pixel cells); the page scrolls down.
        let l = Layout::fit_whole(
            grid.width(),
            grid.height(),
            ClueExtent::of(&puzzle),
            (max_width, f64::INFINITY),
            1.0,
        );
        let edited: Vec<usize> = (0..grid.cells().len()).filter(|&i| p.is_edited(i)).collect();
        let painted = colour.as_ref().map(|(c, cells)| (c, &cells[..]));
        draw_cells(&canvas, &l, Some(&puzzle), &grid, &self.state.check.differing, &edited, painted);
        self.layout.set(Some(l));
        if let Some(other) = &self.state.check.other {
            let other_colours = self.state.check.other_colours.as_deref();
            let sides = [
                (&self.own_canvas, &grid, colour.as_ref().map(|(c, cells)| (c, &cells[..]))),
                (&self.other_canvas, other, colour.as_ref().map(|(c, _)| c).zip(other_colours)),
            ];
            for (node, g, painted) in sides {
                if let Some(c) = node.cast::<HtmlCanvasElement>() {
                    let cell = (240.0 / g.width().max(g.height()) as f64).floor().clamp(4.0, 14.0);
                    let l =
                        Layout { width: g.width(), height: g.height(), cell, left: 1.0, top: 1.0, font: 0.0 };
                    draw_cells(&c, &l, None, g, &self.state.check.differing, &[], painted);
                }
            }
        }
    }
}

/// Draws cells (filled dark, empty white; or in their colours), optional
/// clues, outlines around `outlined` cells and a corner mark on `marked` ones.
fn draw_cells(
    canvas: &HtmlCanvasElement,
    l: &Layout,
    puzzle: Option<&Puzzle>,
    grid: &Grid,
    outlined: &[usize],
    marked: &[usize],
    colour: Option<(&ColourPuzzle, &[u8])>,
) {
    let Some(ctx) = context(canvas) else { return };
    let colours = palette();
    let scale = l.backing_scale(web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()));
    let (w, h) = l.size();
    size_canvas(canvas, l, scale);
    let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    ctx.set_fill_style_str(colours.paper);
    ctx.fill_rect(0.0, 0.0, w, h);
    match (puzzle, colour) {
        (Some(_), Some((c, _))) => draw_clues(&ctx, l, ClueInk::Colour(c), colours, &[], &[]),
        (Some(p), None) => draw_clues(&ctx, l, ClueInk::Black(p), colours, &[], &[]),
        _ => {}
    }
    if let Some((c, cells)) = colour {
        let sets: Vec<u32> = cells.iter().map(|&k| 1u32 << (k & 31)).collect();
        colour::paint_cells(&ctx, l, c, &sets, 0..cells.len());
    }
    ctx.set_fill_style_str(colours.ink);
    let cells = grid.cells();
    let colour_painted = colour.is_some();
    for_filled_runs(
        l.width,
        |i| cells[i] == Cell::Filled && !colour_painted,
        |row, col, len| {
            let (x, y) = l.cell_origin(row, col);
            ctx.fill_rect(x, y, l.cell * len as f64, l.cell);
        },
        cells.len(),
    );
    if l.cell >= 6.0 {
        draw_grid_lines(&ctx, l, colours);
    }
    ctx.set_fill_style_str(colours.edited);
    for &i in marked {
        let (x, y) = l.cell_origin(i / l.width, i % l.width);
        let d = (l.cell * 0.3).max(3.0);
        ctx.begin_path();
        ctx.move_to(x + l.cell - d, y);
        ctx.line_to(x + l.cell, y);
        ctx.line_to(x + l.cell, y + d);
        ctx.close_path();
        ctx.fill();
    }
    ctx.set_stroke_style_str(colours.alert);
    ctx.set_line_width((l.cell / 8.0).clamp(1.5, 3.0));
    for &i in outlined {
        let (x, y) = l.cell_origin(i / l.width, i % l.width);
        let inset = (l.cell / 8.0).clamp(1.0, 3.0);
        ctx.stroke_rect(x + inset, y + inset, l.cell - 2.0 * inset, l.cell - 2.0 * inset);
    }
}
