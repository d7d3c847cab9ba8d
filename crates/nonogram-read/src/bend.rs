//! Following a page that bends: each grid line traced on its own, and the
//! picture resampled cell by cell.
//!
//! A photographed page curls: its lines bow, more towards the binding,
//! and one perspective for the whole page leaves them bowed (a 45 × 65
//! magazine grid bowed by half a cell reads one row short, its clue boxes
//! half a row off their rows). Here each family of lines is found in a
//! narrow band across the picture's middle (the horizontal lines in a
//! band running down it, where over a short length they are level), and
//! traced outwards from there, the whole family at once: step by step
//! along, each line is looked for a little either side of where its last
//! steps point, and the lines found are checked against each other (they
//! are evenly spaced, nearly: a smooth curve of their place against their
//! number, fitted, puts back a line hidden by filled cells and overrules
//! one that jumped to a neighbour). Each line is then fitted with a cubic,
//! the lines' crossings found, and the picture resampled so that every
//! cell of the lattice is a square of the same size (bilinearly between
//! its four corners; clue areas beyond the lattice by its outer cells,
//! carried on).

use crate::fit::Normal;
use crate::grid::{background, lattice, line_like_at};
use crate::picture::Picture;

/// The share of the picture's side a band across its middle takes.
const BAND: f32 = 0.25;

/// How far either side of its expected place a line is looked for at
/// each step, as a share of the spacing.
const SEARCH: f32 = 0.25;

/// A step along a line, as a share of the spacing.
const STEP: f32 = 0.5;

/// The share of a step's pixels that must be line-like for the line to
/// be seen there.
const SEEN: f32 = 0.5;

/// The least step along a line when tracing it, in pixels (a line's
/// blur is a pixel or two; smaller steps see the same pixels again).
const LEAST_STEP: f64 = 4.0;

/// Steps in a row a line may go unseen (hidden by filled cells) before
/// its trace ends.
const MOST_UNSEEN: usize = 6;

/// How far a line found may lie from where its neighbours put it, as a
/// share of the spacing, before the neighbours overrule it.
const OVERRULED: f32 = 0.25;

/// How far a line may be seen from where its last steps point, as a
/// share of the spacing, and be taken there: further, it is the stem of
/// a digit beside a faint line, or ink past the line's end (at the clue
/// areas' corner), and its neighbours put it back. A page's bend moves a
/// line a pixel or two a step (set by hand, not swept).
const STRAY: f64 = 0.1;

/// The least of [`STRAY`], in pixels: a line's blur.
const LEAST_STRAY: f64 = 1.5;

/// A traced line: `across = f(along)`, through its knots (the places it
/// was seen, smoothed), straight between them and carried on straight
/// past the first and the last. A cubic over the whole line misses a
/// page's sharp bend at the binding; knots a step apart follow it.
#[derive(Debug, Clone)]
struct Curve {
    knots: Vec<(f64, f64)>,
}

/// How many knots either side each knot is averaged with.
const SMOOTHING: usize = 1;

impl Curve {
    fn at(&self, along: f64) -> f64 {
        let k = &self.knots;
        if k.len() == 1 {
            return k[0].1;
        }
        let i = k.partition_point(|&(a, _)| a < along).clamp(1, k.len() - 1);
        let ((a0, c0), (a1, c1)) = (k[i - 1], k[i]);
        if (a1 - a0).abs() < 1e-9 {
            return c0;
        }
        c0 + (c1 - c0) * (along - a0) / (a1 - a0)
    }

    /// The curve through the points (along, across), in order along,
    /// each averaged with its neighbours.
    fn fit(points: &[(f64, f64)]) -> Option<Curve> {
        if points.is_empty() {
            return None;
        }
        let mut sorted = points.to_vec();
        sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
        sorted.dedup_by(|a, b| (a.0 - b.0).abs() < 1e-9);
        let knots = (0..sorted.len())
            .map(|i| {
                let lo = i.saturating_sub(SMOOTHING);
                let hi = (i + SMOOTHING + 1).min(sorted.len());
                let mean = sorted[lo..hi].iter().map(|p| p.1).sum::<f64>() / (hi - lo) as f64;
                (sorted[i].0, mean)
            })
            .collect();
        Some(Curve { knots })
    }
}

/// One family's direction: `vertical` lines run down (along is y).
struct Family<'a> {
    picture: &'a Picture,
    vertical: bool,
    light: bool,
}

impl Family<'_> {
    fn along_len(&self) -> u32 {
        if self.vertical {
            self.picture.height()
        } else {
            self.picture.width()
        }
    }

    fn across_len(&self) -> u32 {
        if self.vertical {
            self.picture.width()
        } else {
            self.picture.height()
        }
    }

    fn line_like(&self, along: u32, across: u32) -> bool {
        let (x, y) = if self.vertical { (across, along) } else { (along, across) };
        line_like_at(self.picture, x, y, self.vertical, self.light)
    }

    /// Where the line is near `expected` across, over the step of
    /// `along` from `from` to `to`: the place with the most line-like
    /// pixels, when they are [`SEEN`] of the step or more.
    fn seen(&self, from: u32, to: u32, expected: f64, reach: f64) -> Option<f64> {
        let lo = (expected - reach).floor().max(1.0) as i64;
        let hi = ((expected + reach).ceil() as i64).min(self.across_len() as i64 - 2);
        let mut best: Option<(usize, i64)> = None;
        for across in lo..=hi {
            let count = (from..to).filter(|&a| self.line_like(a, across as u32)).count();
            if best.is_none_or(|(c, _)| count > c) {
                best = Some((count, across));
            }
        }
        let (count, across) = best?;
        if (count as f32) < SEEN * (to - from) as f32 {
            return None;
        }
        // The middle of the run of equally good places (a thick line).
        let mut end = across;
        while end < hi && (from..to).filter(|&a| self.line_like(a, (end + 1) as u32)).count() == count {
            end += 1;
        }
        Some((across + end) as f64 / 2.0)
    }
}

/// The least squares polynomial of degree up to 2 through (k, value)
/// points: its value at each k of `0..n`.
fn smooth(points: &[(f64, f64)], n: usize) -> Option<Vec<f64>> {
    if points.len() < 3 {
        return None;
    }
    let scale = n.max(1) as f64;
    let mut normal = Normal::<3>::new();
    for &(k, v) in points {
        let t = k / scale;
        normal.observe(&[1.0, t, t * t], v);
    }
    let c = normal.solve()?;
    Some(
        (0..n)
            .map(|k| {
                let t = k as f64 / scale;
                c[0] + t * (c[1] + t * c[2])
            })
            .collect(),
    )
}

/// Each line of a family traced from `starts` (their places across, in
/// order, at `along`), the whole family a step at a time both ways: the
/// points where each line was seen.
fn sweep(family: &Family, starts: &[f64], along: f64, spacing: f64) -> Vec<Vec<(f64, f64)>> {
    let n = starts.len();
    let step = (spacing * STEP as f64).max(LEAST_STEP);
    let reach = spacing * SEARCH as f64;
    let len = family.along_len() as f64;
    let mut points: Vec<Vec<(f64, f64)>> = starts.iter().map(|&s| vec![(along, s)]).collect();
    for direction in [1.0f64, -1.0] {
        // Each line's last two places (seen, or put back by its
        // neighbours), to say where it goes next.
        let mut last: Vec<Vec<(f64, f64)>> = starts.iter().map(|&s| vec![(along, s)]).collect();
        let mut at = along;
        let mut unseen = 0;
        loop {
            let next = at + direction * step;
            if next < 0.0 || next >= len {
                break;
            }
            let (from, to) = if direction > 0.0 { (at, next) } else { (next, at) };
            let mid = (from + to) / 2.0;
            let expected: Vec<f64> = last
                .iter()
                .map(|l| match l.len() {
                    1 => l[0].1,
                    n => {
                        let (a0, c0) = l[n - 2];
                        let (a1, c1) = l[n - 1];
                        c1 + (c1 - c0) / (a1 - a0) * (mid - a1)
                    }
                })
                .collect();
            let found: Vec<Option<f64>> = expected
                .iter()
                .map(|&e| family.seen(from as u32, to.max(from + 1.0) as u32, e, reach))
                .collect();
            // The family's places against the lines' numbers, smoothed:
            // twice, the second time without those far off the first.
            let seen: Vec<(f64, f64)> =
                found.iter().enumerate().filter_map(|(k, f)| f.map(|v| (k as f64, v))).collect();
            let fitted = smooth(&seen, n).and_then(|first| {
                let near: Vec<(f64, f64)> = seen
                    .iter()
                    .copied()
                    .filter(|&(k, v)| (v - first[k as usize]).abs() <= spacing * OVERRULED as f64)
                    .collect();
                smooth(&near, n)
            });
            let Some(fitted) = fitted else {
                unseen += 1;
                if unseen > MOST_UNSEEN {
                    break;
                }
                at = next;
                continue;
            };
            unseen = 0;
            for k in 0..n {
                let place = match found[k] {
                    Some(v)
                        if (v - fitted[k]).abs() <= spacing * OVERRULED as f64
                            && (v - expected[k]).abs() <= (spacing * STRAY).max(LEAST_STRAY) =>
                    {
                        points[k].push((mid, v));
                        v
                    }
                    _ => fitted[k],
                };
                last[k].push((mid, place));
                if last[k].len() > 3 {
                    last[k].remove(0);
                }
            }
            at = next;
        }
    }
    points
}

/// The lines of one family, found in a band across the picture's middle
/// (`vertical`: the vertical lines, in a band running across it), with
/// the spacing: their places across, at the band's middle along.
fn band_lines(picture: &Picture, vertical: bool) -> Option<(Vec<f64>, f64, bool, f64)> {
    let (w, h) = (picture.width(), picture.height());
    let (x0, y0, bw, bh) = if vertical {
        let bh = ((h as f32 * BAND) as u32).max(1);
        (0, (h - bh) / 2, w, bh)
    } else {
        let bw = ((w as f32 * BAND) as u32).max(1);
        ((w - bw) / 2, 0, bw, h)
    };
    let crop: Vec<u8> = (y0..y0 + bh)
        .flat_map(|y| (x0..x0 + bw).map(move |x| (x, y)))
        .map(|(x, y)| picture.at(x, y))
        .collect();
    let crop = Picture::from_luma(bw, bh, crop).ok()?;
    let found = lattice(&crop)?;
    let (lines, offset, along) = if vertical {
        (&found.xs, x0 as f64, (y0 + bh / 2) as f64)
    } else {
        (&found.ys, y0 as f64, (x0 + bw / 2) as f64)
    };
    Some((
        lines.iter().map(|&v| v as f64 + offset).collect(),
        found.cell() as f64,
        found.light_on_dark,
        along,
    ))
}

/// How a bent picture was flattened: the lattice's crossings in the
/// picture it was read from, and the cell size of the flat picture.
#[derive(Clone, PartialEq)]
pub struct Mesh {
    /// `crossings[i][j]`: where horizontal line `i` crosses vertical
    /// line `j`, in the picture.
    crossings: Vec<Vec<(f64, f64)>>,
    cell: f64,
    /// Where the lattice's first crossing lies in the flat picture.
    origin: (f64, f64),
}

impl Mesh {
    /// Where a point of the flat picture lies in the picture: bilinearly
    /// between the four crossings of its cell (beyond the lattice, by its
    /// outer cells carried on).
    pub fn in_picture(&self, x: f64, y: f64) -> (f64, f64) {
        let (rows, columns) = (self.crossings.len() - 1, self.crossings[0].len() - 1);
        let u = (x - self.origin.0) / self.cell;
        let v = (y - self.origin.1) / self.cell;
        let j = (u.floor().max(0.0) as usize).min(columns - 1);
        let i = (v.floor().max(0.0) as usize).min(rows - 1);
        let (s, t) = (u - j as f64, v - i as f64);
        let c = &self.crossings;
        let (a, b, d, e) = (c[i][j], c[i][j + 1], c[i + 1][j], c[i + 1][j + 1]);
        let x = a.0 * (1.0 - s) * (1.0 - t) + b.0 * s * (1.0 - t) + d.0 * (1.0 - s) * t + e.0 * s * t;
        let y = a.1 * (1.0 - s) * (1.0 - t) + b.1 * s * (1.0 - t) + d.1 * (1.0 - s) * t + e.1 * s * t;
        (x, y)
    }
}

impl std::fmt::Debug for Mesh {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mesh({}×{} crossings)", self.crossings[0].len(), self.crossings.len())
    }
}

/// The most pixels a flattened picture may have.
const MOST_PIXELS: f64 = 16_000_000.0;

/// The picture flattened, with the mesh that takes the flat picture back
/// to it; `None` when no lattice is found in its middle.
pub fn flatten(picture: &Picture) -> Option<(Picture, Mesh)> {
    let (w, h) = (picture.width(), picture.height());
    let (seeds_y, down, light, along_x) = band_lines(picture, false)?;
    let (seeds_x, across, _, along_y) = band_lines(picture, true)?;
    let spacing = (down + across) / 2.0;
    let rows = Family { picture, vertical: false, light };
    let columns = Family { picture, vertical: true, light };
    let curves = |family: &Family, starts: &[f64], along: f64| -> Vec<Curve> {
        sweep(family, starts, along, spacing)
            .iter()
            .zip(starts)
            .map(|(points, &seed)| Curve::fit(points).unwrap_or(Curve { knots: vec![(along, seed)] }))
            .collect()
    };
    let h_curves = curves(&rows, &seeds_y, along_x);
    let v_curves = curves(&columns, &seeds_x, along_y);
    if h_curves.len() < 3 || v_curves.len() < 3 {
        return None;
    }
    // The crossings: x on the vertical line at y, y on the horizontal
    // line at x, by turns until they settle.
    let crossings: Vec<Vec<(f64, f64)>> = h_curves
        .iter()
        .map(|hc| {
            v_curves
                .iter()
                .map(|vc| {
                    let mut y = hc.at(vc.at(h as f64 / 2.0));
                    let mut x = vc.at(y);
                    for _ in 0..4 {
                        y = hc.at(x);
                        x = vc.at(y);
                    }
                    (x, y)
                })
                .collect()
        })
        .collect();
    // The flat picture: the lattice's cells at the spacing, with as much
    // around it as the picture has (its corners' distance from the
    // lattice's corners, in cells, kept).
    let cell = spacing;
    let (lw, lh) = ((v_curves.len() - 1) as f64 * cell, (h_curves.len() - 1) as f64 * cell);
    let first = crossings[0][0];
    let last = crossings[crossings.len() - 1][crossings[0].len() - 1];
    let scale_x = lw / (last.0 - first.0).max(1.0);
    let scale_y = lh / (last.1 - first.1).max(1.0);
    let before = (first.0 * scale_x, first.1 * scale_y);
    let after = ((w as f64 - last.0) * scale_x, (h as f64 - last.1) * scale_y);
    let (ow, oh) = ((before.0 + lw + after.0).ceil(), (before.1 + lh + after.1).ceil());
    if !(ow >= 1.0 && oh >= 1.0) || ow * oh > MOST_PIXELS {
        return None;
    }
    let mesh = Mesh { crossings, cell, origin: before };
    let fill = background(picture);
    let (ow, oh) = (ow as u32, oh as u32);
    let mut luma = Vec::with_capacity((ow * oh) as usize);
    for y in 0..oh {
        for x in 0..ow {
            let (px, py) = mesh.in_picture(x as f64 + 0.5, y as f64 + 0.5);
            luma.push(picture.sample(px as f32 - 0.5, py as f32 - 0.5).unwrap_or(fill));
        }
    }
    Some((Picture::from_luma(ow, oh, luma).ok()?, mesh))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_curve_follows_its_points_and_carries_on_straight_past_them() {
        let points: Vec<(f64, f64)> =
            (0..20).map(|k| (k as f64 * 10.0, 50.0 + (k as f64).powi(2) * 0.1)).collect();
        let curve = Curve::fit(&points).unwrap();
        // Within: near the points (smoothed by their neighbours).
        for &(a, c) in &points[1..19] {
            assert!((curve.at(a) - c).abs() < 0.1, "{a}: {} against {c}", curve.at(a));
        }
        // Past the last point: on along its last step.
        let (a, b) = (curve.at(180.0), curve.at(190.0));
        assert!((curve.at(200.0) - (b + (b - a))).abs() < 1e-9);
    }
}
