//! Straightening a picture taken at an angle: a photo of a screen or a
//! page, turned a few degrees.
//!
//! The grid's lines are found by profiles along rows and columns of
//! pixels, which needs them level. Here the angle of each family is
//! measured first: the line-like pixels (as the grid finder sees them) are
//! projected along each angle from −8° to 8°, and the angle whose profile
//! is sharpest (the largest sum of squares: lines fall into few bins) is
//! the family's. An affine map then makes both families level (a shear
//! each way, so that a picture whose two families lean differently, as in
//! perspective, is straightened too), and the picture is resampled.

use crate::grid::{background, line_like_at};
use crate::picture::Picture;

/// The largest lean looked for, in degrees.
const MOST_LEAN: f32 = 8.0;

/// Leans under this many degrees are left alone (a 600-pixel line leaning
/// 0.3° drifts 3 pixels: the grid finder takes that).
const LEAST_LEAN: f32 = 0.3;

/// The lean of one family of lines, in radians: `vertical` false measures
/// the horizontal lines' slope (dy/dx), true the vertical lines' (dx/dy).
fn lean(picture: &Picture, vertical: bool, light: bool) -> f32 {
    // The line-like pixels, every other row and column (enough for an
    // angle, and four times faster).
    let mut points: Vec<(f32, f32)> = Vec::new();
    let (w, h) = (picture.width(), picture.height());
    for y in (0..h).step_by(2) {
        for x in (0..w).step_by(2) {
            if line_like_at(picture, x, y, vertical, light) {
                // (along, across) for the family.
                points.push(if vertical { (y as f32, x as f32) } else { (x as f32, y as f32) });
            }
        }
    }
    if points.len() < 50 {
        return 0.0;
    }
    let across_len = if vertical { w } else { h } as f32;
    let along_len = if vertical { h } else { w } as f32;
    let span = across_len + along_len * (MOST_LEAN.to_radians().tan()) * 2.0;
    let bins = span.ceil() as usize + 2;
    let offset = along_len * MOST_LEAN.to_radians().tan();
    let mut histogram = vec![0u32; bins];
    let mut sharpness = |slope: f32| -> f64 {
        histogram.iter_mut().for_each(|b| *b = 0);
        for &(along, across) in &points {
            let at = across - along * slope + offset;
            if at >= 0.0 && (at as usize) < bins {
                histogram[at as usize] += 1;
            }
        }
        histogram.iter().map(|&b| (b as f64) * (b as f64)).sum()
    };
    let mut best = (0.0f32, f64::MIN);
    let mut degrees = -MOST_LEAN;
    while degrees <= MOST_LEAN + 1e-3 {
        let s = sharpness(degrees.to_radians().tan());
        if s > best.1 {
            best = (degrees, s);
        }
        degrees += 0.25;
    }
    let coarse = best.0;
    let mut degrees = coarse - 0.25;
    while degrees <= coarse + 0.25 + 1e-3 {
        let s = sharpness(degrees.to_radians().tan());
        if s > best.1 {
            best = (degrees, s);
        }
        degrees += 0.05;
    }
    best.0.to_radians().tan()
}

/// The picture with both families of lines level, or `None` when they
/// already are (within [`LEAST_LEAN`]).
pub fn straighten(picture: &Picture) -> Option<Picture> {
    let light = background(picture) < 128;
    let slope_h = lean(picture, false, light);
    let slope_v = lean(picture, true, light);
    let least = LEAST_LEAN.to_radians().tan();
    if slope_h.abs() < least && slope_v.abs() < least {
        return None;
    }
    // (u, v) = (x − y·slope_v, y − x·slope_h) makes both families level.
    let forward = |x: f32, y: f32| (x - y * slope_v, y - x * slope_h);
    let det = 1.0 - slope_h * slope_v;
    let back = |u: f32, v: f32| ((u + v * slope_v) / det, (v + u * slope_h) / det);
    let (w, h) = (picture.width() as f32, picture.height() as f32);
    let corners = [forward(0.0, 0.0), forward(w, 0.0), forward(0.0, h), forward(w, h)];
    let min_u = corners.iter().map(|c| c.0).fold(f32::MAX, f32::min);
    let max_u = corners.iter().map(|c| c.0).fold(f32::MIN, f32::max);
    let min_v = corners.iter().map(|c| c.1).fold(f32::MAX, f32::min);
    let max_v = corners.iter().map(|c| c.1).fold(f32::MIN, f32::max);
    let (ow, oh) = ((max_u - min_u).ceil() as u32, (max_v - min_v).ceil() as u32);
    // Outside the picture: its background.
    let fill = background(picture);
    let mut luma = Vec::with_capacity((ow * oh) as usize);
    for oy in 0..oh {
        for ox in 0..ow {
            let (x, y) = back(ox as f32 + min_u + 0.5, oy as f32 + min_v + 0.5);
            luma.push(sample(picture, x - 0.5, y - 0.5).unwrap_or(fill));
        }
    }
    Picture::from_luma(ow, oh, luma).ok()
}

/// The luminance at a point between pixels (bilinear), `None` outside.
fn sample(picture: &Picture, x: f32, y: f32) -> Option<u8> {
    let (w, h) = (picture.width(), picture.height());
    if x < 0.0 || y < 0.0 || x > (w - 1) as f32 || y > (h - 1) as f32 {
        return None;
    }
    let (ix, iy) = (x.floor() as u32, y.floor() as u32);
    let (tx, ty) = (x - ix as f32, y - iy as f32);
    let at = |dx: u32, dy: u32| picture.at((ix + dx).min(w - 1), (iy + dy).min(h - 1)) as f32;
    let top = at(0, 0) * (1.0 - tx) + at(1, 0) * tx;
    let bottom = at(0, 1) * (1.0 - tx) + at(1, 1) * tx;
    Some((top * (1.0 - ty) + bottom * ty).round() as u8)
}
