//! A colour puzzle's strokes: cells in their colours (one path per colour),
//! unknown cells with few colours left as split swatches, and clue numbers
//! on boxes of their run's colour, the number in black or white, whichever
//! reads better on it.

use super::Palette;
use crate::layout::{css, Layout, MIN_FONT};
use nonogram_core::colour::{ColourPuzzle, ColourRun, Swatch};
use web_sys::CanvasRenderingContext2d;

/// Unknown cells with at most this many colours left show them.
const SHOWN_CHOICES: u32 = 3;

/// A colour's CSS value.
pub fn css_colour(swatch: &Swatch) -> String {
    swatch.hex()
}

/// Black or white text, whichever contrasts more with `rgb`.
fn text_on(rgb: [u8; 3]) -> &'static str {
    let [r, g, b] = rgb.map(f64::from);
    if 0.299 * r + 0.587 * g + 0.114 * b > 150.0 {
        "#000000"
    } else {
        "#ffffff"
    }
}

/// Paints `cells` (grid indices) whose sets of colours are in `sets`: a
/// single colour fills the cell (the background leaves the paper); two or
/// three colours left (not all of them) show as side-by-side stripes inside
/// the cell.
pub fn paint_cells(
    ctx: &CanvasRenderingContext2d,
    l: &Layout,
    puzzle: &ColourPuzzle,
    sets: &[u32],
    cells: impl Iterator<Item = usize> + Clone,
) {
    // A cell with every colour left shows none: nothing is known of it.
    let every = puzzle.every_colour();
    for (c, swatch) in puzzle.palette.iter().enumerate().skip(1) {
        let bit = 1u32 << c;
        ctx.set_fill_style_str(&css_colour(swatch));
        ctx.begin_path();
        for i in cells.clone() {
            let set = sets.get(i).copied().unwrap_or(0);
            let (x, y) = l.cell_origin(i / l.width, i % l.width);
            if set == bit {
                ctx.rect(x, y, l.cell, l.cell);
            } else if set & bit != 0
                && set != every
                && (2..=SHOWN_CHOICES).contains(&set.count_ones())
                && l.cell >= 6.0
            {
                // This colour's stripe among the colours left (the
                // background's stripe stays paper).
                let k = (set & (bit - 1)).count_ones() as f64;
                let inset = (l.cell / 6.0).max(1.0);
                let w = (l.cell - 2.0 * inset) / f64::from(set.count_ones());
                ctx.rect(x + inset + k * w, y + inset, w, l.cell - 2.0 * inset);
            }
        }
        ctx.fill();
    }
}

/// The clue numbers, each on a box of its run's colour; those of lines
/// marked in `done` (rows, then columns) faded, as satisfied.
pub fn draw_clues(
    ctx: &CanvasRenderingContext2d,
    l: &Layout,
    puzzle: &ColourPuzzle,
    colours: &Palette,
    done: &[bool],
) {
    let fade = |k: usize| ctx.set_global_alpha(if done.get(k) == Some(&true) { 0.3 } else { 1.0 });
    let swatch = |r: &ColourRun| puzzle.palette.get(usize::from(r.colour));
    ctx.set_text_baseline("middle");
    let pad = (l.font / 6.0).max(1.0);
    if l.font >= MIN_FONT {
        ctx.set_font(&format!("{}px sans-serif", css(l.font)));
        ctx.set_text_align("left");
        for (r, runs) in puzzle.rows.iter().enumerate() {
            fade(r);
            let (_, y) = l.cell_origin(r, 0);
            let text = if runs.is_empty() { "0".to_string() } else { clue_text(runs) };
            let width = |t: &str| ctx.measure_text(t).map_or(0.0, |m| m.width());
            let start = l.left - 4.0 - width(&text);
            let mut prefix = String::new();
            for run in runs {
                let number = run.len.to_string();
                let x = start + width(&prefix);
                let w = width(&number);
                if let Some(s) = swatch(run) {
                    ctx.set_fill_style_str(&css_colour(s));
                    ctx.fill_rect(x - pad, y + 1.0, w + 2.0 * pad, l.cell - 2.0);
                    ctx.set_fill_style_str(text_on(s.rgb));
                }
                let _ = ctx.fill_text(&number, x, y + l.cell / 2.0);
                prefix.push_str(&number);
                prefix.push(' ');
            }
            if runs.is_empty() {
                ctx.set_fill_style_str(colours.ink);
                let _ = ctx.fill_text("0", start, y + l.cell / 2.0);
            }
        }
    }
    if l.column_font >= MIN_FONT {
        ctx.set_font(&format!("{}px sans-serif", css(l.column_font)));
        ctx.set_text_align("center");
        for (c, runs) in puzzle.columns.iter().enumerate() {
            fade(puzzle.rows.len() + c);
            let (x, _) = l.cell_origin(0, c);
            if runs.is_empty() {
                ctx.set_fill_style_str(colours.ink);
                let _ = ctx.fill_text("0", x + l.cell / 2.0, l.top - 4.0 - l.cell / 2.0);
            }
            for (k, run) in runs.iter().enumerate() {
                let y = l.top - 4.0 - (runs.len() - k) as f64 * l.cell;
                if let Some(s) = swatch(run) {
                    ctx.set_fill_style_str(&css_colour(s));
                    ctx.fill_rect(x + 1.0, y + 1.0, l.cell - 2.0, l.cell - 2.0);
                    ctx.set_fill_style_str(text_on(s.rgb));
                }
                let _ = ctx.fill_text(&run.len.to_string(), x + l.cell / 2.0, y + l.cell / 2.0);
            }
        }
    }
    ctx.set_global_alpha(1.0);
}

/// A clue's numbers as the layout measures them: lengths, a space apart.
fn clue_text(runs: &[ColourRun]) -> String {
    runs.iter().map(|r| r.len.to_string()).collect::<Vec<_>>().join(" ")
}
