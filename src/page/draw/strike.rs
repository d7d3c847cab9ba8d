//! The stroke through a crossed-off clue number.

use super::palette::Palette;
use crate::page::layout::Layout;
use web_sys::CanvasRenderingContext2d;

/// Strokes through crossed-off clue numbers' slots (x, y, width, height).
pub(super) fn strike(
    ctx: &CanvasRenderingContext2d,
    l: &Layout,
    colours: &Palette,
    slots: &[(f64, f64, f64, f64)],
) {
    if slots.is_empty() {
        return;
    }
    ctx.set_stroke_style_str(colours.alert);
    ctx.set_line_width((l.font / 9.0).max(1.0));
    ctx.begin_path();
    for &(x, y, w, h) in slots {
        let (cy, reach) = (y + h / 2.0, (l.font * 0.45).min(h / 2.0));
        ctx.move_to(x - 1.0, cy + reach);
        ctx.line_to(x + w + 1.0, cy - reach);
    }
    ctx.stroke();
}
