//! A colour puzzle's strokes: cells in their colours (one path per colour),
//! unknown cells with few colours left as split swatches, and clue numbers
//! on boxes of their run's colour, the number in black or white, whichever
//! reads better on it.

use super::palette::Palette;
use crate::page::layout::Layout;
use nonogram_core::colour::{ColourPuzzle, Swatch};
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

/// On a dark board, cells of a colour close to the paper (black, a dark
/// blue) get a light inner outline, so that they do not sink into it.
pub fn outline_dark_cells(
    ctx: &CanvasRenderingContext2d,
    l: &Layout,
    puzzle: &ColourPuzzle,
    sets: &[u32],
    cells: impl Iterator<Item = usize> + Clone,
    pen: &str,
) {
    if l.cell < 4.0 {
        return;
    }
    let inset = (l.cell / 8.0).clamp(1.0, 2.5);
    ctx.set_stroke_style_str(pen);
    ctx.set_line_width((l.cell / 12.0).clamp(1.0, 2.0));
    ctx.begin_path();
    for (c, swatch) in puzzle.palette.iter().enumerate().skip(1) {
        if !sinks(swatch) {
            continue;
        }
        for i in cells.clone().filter(|&i| sets.get(i) == Some(&(1u32 << c))) {
            let (x, y) = l.cell_origin(i / l.width, i % l.width);
            ctx.rect(x + inset, y + inset, l.cell - 2.0 * inset, l.cell - 2.0 * inset);
        }
    }
    ctx.stroke();
}

/// Whether a colour is close to a dark board's paper (black, a dark
/// blue): its cells and clue boxes are outlined there.
fn sinks(swatch: &Swatch) -> bool {
    let [r, g, b] = swatch.rgb.map(f64::from);
    0.299 * r + 0.587 * g + 0.114 * b <= 60.0
}

/// A colour run's clue box (`x`, `y`, `w`, `h`) in its colour, outlined
/// where it would sink into a dark board; leaves the fill style set for
/// its number, black or white, whichever reads better on it.
pub(super) fn clue_box(
    ctx: &CanvasRenderingContext2d,
    colours: &Palette,
    s: &Swatch,
    (x, y, w, h): (f64, f64, f64, f64),
) {
    ctx.set_fill_style_str(&css_colour(s));
    ctx.fill_rect(x, y, w, h);
    // On a dark board a black box would sink into the paper.
    if *colours == super::palette::DARK && sinks(s) {
        ctx.set_stroke_style_str(colours.empty);
        ctx.set_line_width(1.0);
        ctx.stroke_rect(x + 0.5, y + 0.5, w - 1.0, h - 1.0);
    }
    ctx.set_fill_style_str(text_on(s.rgb));
}
