//! Straightening a picture taken at an angle: a photo of a screen or a
//! page, turned a few degrees and seen in perspective.
//!
//! The grid finder reads lines by profiles along rows and columns of
//! pixels, which needs them level and evenly spaced. Here each family's
//! lines are found whatever their slant (up to 8°): the line-like pixels
//! (as the grid finder sees them) vote for every line through them at each
//! slant (a Hough transform over slant and offset), and the strongest
//! votes, one per offset, are the lines. The grid is picked among them by
//! the grid finder's own rules (evenly spaced chains, the clue areas'
//! cells told apart), every crossing of its lines is computed, and the
//! homography that takes the crossings to a level grid of square cells is
//! fitted to them (least squares). The picture is then resampled through
//! it, clue areas included (they lie in the grid's plane), and read as a
//! screenshot. A picture whose lines are already level is left alone.

use crate::bend::Mesh;
use crate::fit::Normal;
use crate::grid::{background, grid_among, line_like_at, FoundLine};
use crate::picture::Picture;

/// The largest slant looked for, in degrees.
const MOST_SLANT: f32 = 8.0;

/// The step between slants tried, in degrees.
const SLANT_STEP: f32 = 0.2;

/// How far the level picture reaches past the grid each way, in grids'
/// sizes (clue areas are smaller than the grid; a picture's far corners,
/// under a steep perspective, would reach without end).
const MOST_GRIDS: f64 = 3.0;

/// Slants under this many degrees are level (a 600-pixel line slanting
/// 0.3° drifts 3 pixels: the grid finder takes that).
const LEVEL: f32 = 0.3;

/// A straight line of one family: `across = offset + along × slope`
/// (for a horizontal line, y = offset + x × slope).
#[derive(Debug, Clone, Copy)]
struct Line {
    offset: f32,
    slope: f32,
}

/// The lines of one family (horizontal when `vertical` is false).
fn lines(picture: &Picture, vertical: bool, light: bool) -> Vec<Line> {
    let (w, h) = (picture.width(), picture.height());
    let (along_len, across_len) = if vertical { (h, w) } else { (w, h) };
    // Every line-like pixel, every other one along (a line is still
    // seen whole across).
    let mut points: Vec<(f32, f32)> = Vec::new();
    for across in 0..across_len {
        for along in (0..along_len).step_by(2) {
            let (x, y) = if vertical { (across, along) } else { (along, across) };
            if line_like_at(picture, x, y, vertical, light) {
                points.push((along as f32, across as f32));
            }
        }
    }
    let slants: Vec<f32> = {
        let steps = (2.0 * MOST_SLANT / SLANT_STEP).round() as i32;
        (0..=steps).map(|k| (-MOST_SLANT + k as f32 * SLANT_STEP).to_radians().tan()).collect()
    };
    let shift = along_len as f32 * MOST_SLANT.to_radians().tan();
    let bins = (across_len as f32 + 2.0 * shift).ceil() as usize + 2;
    let mut votes = vec![0u32; slants.len() * bins];
    // The offset is never below 0 (`shift` is the most any slant moves a
    // point): rounded half up by adding a half (`round` is a library call
    // where the machine has no instruction for it, most of this loop).
    for &(along, across) in &points {
        for (k, &slope) in slants.iter().enumerate() {
            let o = (across - along * slope + shift + 0.5) as usize;
            if o < bins {
                votes[k * bins + o] += 1;
            }
        }
    }
    // For each offset its best slant; a line is an offset whose best beats
    // its neighbours' within three pixels.
    // Ties (a short line gets as many votes at several slants) go to the
    // slant nearest level.
    let level = slants.len() / 2;
    let best: Vec<(u32, usize)> = (0..bins)
        .map(|o| {
            (0..slants.len())
                .max_by_key(|&k| (votes[k * bins + o], std::cmp::Reverse(k.abs_diff(level))))
                .map_or((0, level), |k| (votes[k * bins + o], k))
        })
        .collect();
    let strongest = best.iter().map(|b| b.0).max().unwrap_or(0);
    // A line's votes are half its length (every other pixel): the
    // shortest counted is as long as the grid finder's shortest stretch.
    let least = ((w.min(h) / 25).max(12) / 2).max(strongest / 6);
    let mut out = Vec::new();
    for o in 0..bins {
        let (v, k) = best[o];
        if v < least.max(1) {
            continue;
        }
        let near = o.saturating_sub(3)..(o + 4).min(bins);
        if near.clone().any(|p| p != o && (best[p].0 > v || (best[p].0 == v && p < o))) {
            continue;
        }
        out.push(Line { offset: o as f32 - shift, slope: slants[k] });
    }
    out
}

/// A line's line-like stretches along it, as the grid finder keeps them.
fn runs(picture: &Picture, line: &Line, vertical: bool, light: bool) -> Vec<(u32, u32)> {
    let (w, h) = (picture.width(), picture.height());
    let (along_len, across_len) = if vertical { (h, w) } else { (w, h) };
    let shortest = (w.min(h) / 25).max(12);
    let mut out = Vec::new();
    let mut run: Option<(u32, u32)> = None;
    for along in 0..=along_len {
        let across = line.offset + along as f32 * line.slope;
        let on = along < along_len
            && across >= 1.0
            && across < across_len as f32 - 2.0
            && [-1.0f32, 0.0, 1.0].iter().any(|d| {
                let c = ((across + d + 0.5) as u32).min(across_len - 1);
                let (x, y) = if vertical { (c, along) } else { (along, c) };
                line_like_at(picture, x, y, vertical, light)
            });
        run = match (on, run) {
            (true, None) => Some((along, along)),
            (true, Some((s, _))) => Some((s, along)),
            (false, Some((s, last))) if along == along_len || along - last > 5 => {
                if last + 1 - s >= shortest {
                    out.push((s, last + 1));
                }
                None
            }
            (_, r) => r,
        };
    }
    out
}

/// A point, in pixels.
pub(crate) type Point = (f64, f64);

/// Where a horizontal line (y = a + x·p) and a vertical one (x = b + y·q)
/// cross.
fn crossing(h: &Line, v: &Line) -> Point {
    let (a, p, b, q) = (h.offset as f64, h.slope as f64, v.offset as f64, v.slope as f64);
    let y = (a + b * p) / (1.0 - p * q);
    (b + y * q, y)
}

/// The homography (h33 = 1) taking each `from` point to its `to` point,
/// fitted by least squares (the normal equations of the usual linear
/// form, solved by elimination). `None` when the points do not fix one.
pub(crate) fn fit_homography(pairs: &[(Point, Point)]) -> Option<[f64; 9]> {
    if pairs.len() < 4 {
        return None;
    }
    // Coordinates in thousands of pixels keep the equations well
    // conditioned; the map is scaled back at the end.
    const SCALE: f64 = 1000.0;
    let mut normal = Normal::<8>::new();
    for &((u, v), (x, y)) in pairs {
        let (u, v, x, y) = (u / SCALE, v / SCALE, x / SCALE, y / SCALE);
        normal.observe(&[u, v, 1.0, 0.0, 0.0, 0.0, -u * x, -v * x], x);
        normal.observe(&[0.0, 0.0, 0.0, u, v, 1.0, -u * y, -v * y], y);
    }
    let n = normal.solve()?;
    Some([n[0], n[1], n[2] * SCALE, n[3], n[4], n[5] * SCALE, n[6] / SCALE, n[7] / SCALE, 1.0])
}

/// Where a homography takes a point.
pub(crate) fn apply(h: &[f64; 9], u: f64, v: f64) -> (f64, f64) {
    let d = h[6] * u + h[7] * v + h[8];
    ((h[0] * u + h[1] * v + h[2]) / d, (h[3] * u + h[4] * v + h[5]) / d)
}

/// The inverse of a homography (its adjugate, scaled so that h33 = 1).
fn invert(h: &[f64; 9]) -> Option<[f64; 9]> {
    let [a, b, c, d, e, f, g, i, j] = *h;
    let adj = [
        e * j - f * i,
        c * i - b * j,
        b * f - c * e,
        f * g - d * j,
        a * j - c * g,
        c * d - a * f,
        d * i - e * g,
        b * g - a * i,
        a * e - b * d,
    ];
    if adj[8].abs() < 1e-12 {
        return None;
    }
    Some(adj.map(|v| v / adj[8]))
}

/// The most a straightened picture may have of pixels (a grid seen very
/// obliquely would otherwise ask for a huge one).
const MOST_PIXELS: f64 = 16_000_000.0;

/// A picture levelled by [`straighten`] (and maybe flattened by
/// [`crate::bend`]), and the way back to the picture it was levelled from
/// (to show where a reading found each number).
#[derive(Clone, PartialEq)]
pub struct Straightened {
    pub picture: Picture,
    /// Takes a point of the level picture (shifted by `offset`) to the
    /// picture it came from.
    to_picture: [f64; 9],
    offset: (f64, f64),
    /// When the level picture was flattened too: the mesh that takes a
    /// point of `picture` to the level picture it was flattened from.
    bent: Option<Mesh>,
}

impl Straightened {
    /// Where a point of the level picture lies in the picture it was
    /// levelled from.
    pub fn in_picture(&self, x: f64, y: f64) -> (f64, f64) {
        let (x, y) = match &self.bent {
            Some(mesh) => mesh.in_picture(x, y),
            None => (x, y),
        };
        apply(&self.to_picture, x + self.offset.0, y + self.offset.1)
    }

    /// `level`, flattened to `picture` by `mesh`; or a picture read as it
    /// is (`level` none), flattened.
    pub fn flattened(level: Option<&Straightened>, picture: Picture, mesh: Mesh) -> Straightened {
        let identity = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        let (to_picture, offset) = level.map_or((identity, (0.0, 0.0)), |l| (l.to_picture, l.offset));
        Straightened { picture, to_picture, offset, bent: Some(mesh) }
    }

    /// Whether it was flattened (a bent page's lines traced one by one).
    pub fn is_flattened(&self) -> bool {
        self.bent.is_some()
    }
}

impl std::fmt::Debug for Straightened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Straightened({}×{})", self.picture.width(), self.picture.height())
    }
}

/// The picture with its grid level and evenly spaced, or `None` when it
/// already is (or no grid is found at a slant either).
pub fn straighten(picture: &Picture) -> Option<Straightened> {
    let light = background(picture) < 128;
    let across = lines(picture, false, light);
    let down = lines(picture, true, light);
    let (w, h) = (picture.width() as f32, picture.height() as f32);
    let found = |set: &[Line], vertical: bool| -> Vec<FoundLine> {
        let middle = if vertical { h / 2.0 } else { w / 2.0 };
        set.iter()
            .map(|l| FoundLine { at: l.offset + middle * l.slope, runs: runs(picture, l, vertical, light) })
            .collect()
    };
    let mut h_found = found(&across, false);
    let mut v_found = found(&down, true);
    // The chains want their lines in order.
    let order = |set: &[Line], found: &mut Vec<FoundLine>| -> Vec<Line> {
        let mut both: Vec<(Line, FoundLine)> = set.iter().copied().zip(found.drain(..)).collect();
        both.sort_by(|a, b| a.1.at.total_cmp(&b.1.at));
        let (lines, sorted): (Vec<Line>, Vec<FoundLine>) = both.into_iter().unzip();
        *found = sorted;
        lines
    };
    let across = order(&across, &mut h_found);
    let down = order(&down, &mut v_found);
    let ((rows, spacing_h), (columns, spacing_v)) = grid_among(&h_found, &v_found)?;
    let level = LEVEL.to_radians().tan();
    let slants =
        rows.iter().map(|&(m, _)| across[m].slope).chain(columns.iter().map(|&(m, _)| down[m].slope));
    if slants.clone().all(|s| s.abs() < level) {
        return None;
    }
    // Each crossing of a grid line of each family, and where it belongs
    // on a level grid of cells of the grid's own mean size.
    let cell = ((spacing_h + spacing_v) / 2.0) as f64;
    let mut pairs = Vec::new();
    for &(r, i) in &rows {
        for &(c, j) in &columns {
            let at = crossing(&across[r], &down[c]);
            pairs.push(((j as f64 * cell, i as f64 * cell), at));
        }
    }
    let to_picture = fit_homography(&pairs)?;
    let to_level = invert(&to_picture)?;
    // The level picture covers the whole picture (clue areas included),
    // within three grids' size of the grid each way.
    let (grid_w, grid_h) = (columns.last()?.1 as f64 * cell, rows.last()?.1 as f64 * cell);
    let corners = [(0.0, 0.0), (w as f64, 0.0), (0.0, h as f64), (w as f64, h as f64)]
        .map(|(x, y)| apply(&to_level, x, y));
    let clamp_x = |x: f64| x.clamp(-MOST_GRIDS * grid_w, (1.0 + MOST_GRIDS) * grid_w);
    let clamp_y = |y: f64| y.clamp(-MOST_GRIDS * grid_h, (1.0 + MOST_GRIDS) * grid_h);
    let min_x = corners.iter().map(|c| clamp_x(c.0)).fold(f64::MAX, f64::min);
    let max_x = corners.iter().map(|c| clamp_x(c.0)).fold(f64::MIN, f64::max);
    let min_y = corners.iter().map(|c| clamp_y(c.1)).fold(f64::MAX, f64::min);
    let max_y = corners.iter().map(|c| clamp_y(c.1)).fold(f64::MIN, f64::max);
    let (ow, oh) = ((max_x - min_x).ceil(), (max_y - min_y).ceil());
    if !(ow >= 1.0 && oh >= 1.0) || ow * oh > MOST_PIXELS {
        return None;
    }
    let (ow, oh) = (ow as u32, oh as u32);
    let fill = background(picture);
    let mut luma = Vec::with_capacity((ow * oh) as usize);
    for oy in 0..oh {
        for ox in 0..ow {
            let (x, y) = apply(&to_picture, ox as f64 + min_x + 0.5, oy as f64 + min_y + 0.5);
            luma.push(picture.sample(x as f32 - 0.5, y as f32 - 0.5).unwrap_or(fill));
        }
    }
    let picture = Picture::from_luma(ow, oh, luma).ok()?;
    Some(Straightened { picture, to_picture, offset: (min_x, min_y), bent: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitted_homography_takes_each_point_where_it_belongs_and_back() {
        // A known perspective map, sampled on a 4 × 4 lattice.
        let truth = [1.1, 0.05, 30.0, -0.04, 0.95, 12.0, 0.0004, -0.0002, 1.0];
        let pairs: Vec<_> = (0..16)
            .map(|k| {
                let (u, v) = ((k % 4) as f64 * 50.0, (k / 4) as f64 * 50.0);
                ((u, v), apply(&truth, u, v))
            })
            .collect();
        let fitted = fit_homography(&pairs).unwrap();
        let back = invert(&fitted).unwrap();
        for &((u, v), (x, y)) in &pairs {
            let (fx, fy) = apply(&fitted, u, v);
            assert!((fx - x).abs() < 1e-6 && (fy - y).abs() < 1e-6);
            let (bu, bv) = apply(&back, x, y);
            assert!((bu - u).abs() < 1e-6 && (bv - v).abs() < 1e-6);
        }
    }
}
