//! Blobs: the connected pieces of ink in a part of the picture, and a
//! blob as the recogniser sees it (a glyph).
//!
//! Ink is measured against the part's own background (its most common
//! luminance), so a clue on a shaded band, light digits on a dark board and
//! dark digits on a light one read alike. The trainer cuts its samples with
//! the same two functions, so that the network learns from exactly what it
//! will be shown.

use crate::picture::Picture;

/// A rectangle of pixels: `x0..x1` by `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
}

impl Rect {
    pub fn width(&self) -> u32 {
        self.x1.saturating_sub(self.x0)
    }

    pub fn height(&self) -> u32 {
        self.y1.saturating_sub(self.y0)
    }

    pub fn is_empty(&self) -> bool {
        self.width() == 0 || self.height() == 0
    }

    /// Whether the pixel at `x`, `y` is in it.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        (self.x0..self.x1).contains(&x) && (self.y0..self.y1).contains(&y)
    }

    /// Whether `other` lies within it, and is not it.
    pub fn holds(&self, other: &Rect) -> bool {
        self != other
            && self.x0 <= other.x0
            && self.y0 <= other.y0
            && other.x1 <= self.x1
            && other.y1 <= self.y1
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, other: &Rect) -> Rect {
        Rect {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }

    /// Its part inside the picture.
    pub fn clipped(&self, picture: &Picture) -> Rect {
        Rect {
            x0: self.x0.min(picture.width()),
            y0: self.y0.min(picture.height()),
            x1: self.x1.min(picture.width()),
            y1: self.y1.min(picture.height()),
        }
    }
}

/// How many pixels of a part of the picture have each luminance.
pub fn histogram(picture: &Picture, rect: Rect) -> [u32; 256] {
    let rect = rect.clipped(picture);
    let mut histogram = [0u32; 256];
    for y in rect.y0..rect.y1 {
        for x in rect.x0..rect.x1 {
            histogram[picture.at(x, y) as usize] += 1;
        }
    }
    histogram
}

/// The most common luminance of a histogram (the last of a tie).
pub fn most_common(histogram: &[u32; 256]) -> u8 {
    (0..256).max_by_key(|&l| histogram[l]).unwrap_or(255) as u8
}

/// Ink in a part of the picture: its background and how far from it a
/// pixel must be to count as ink.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ink {
    pub background: u8,
    /// The largest difference from the background in the part.
    pub contrast: i32,
    /// The difference that makes a pixel ink.
    pub threshold: i32,
    /// The smaller difference that makes a pixel ink when it touches ink
    /// (hysteresis: a thin stroke's faint pixels join the stroke, a faint
    /// speck on its own stays background).
    pub weak: i32,
}

/// The least contrast that counts as ink at all (JPEG's ringing and a
/// screenshot's anti-aliasing stay below it).
const LEAST_CONTRAST: i32 = 28;

impl Ink {
    /// The ink of a part: `None` when nothing in it stands out.
    pub fn of(picture: &Picture, rect: Rect) -> Option<Ink> {
        Ink::seen(picture, rect, None)
    }

    /// The ink of a part against a background seen elsewhere (the page's
    /// round a part that its badges fill): `None` when nothing in the part
    /// stands out from it.
    pub fn against(picture: &Picture, rect: Rect, background: u8) -> Option<Ink> {
        Ink::seen(picture, rect, Some(background))
    }

    /// The ink of a part against `background`, or its commonest colour.
    fn seen(picture: &Picture, rect: Rect, background: Option<u8>) -> Option<Ink> {
        let rect = rect.clipped(picture);
        if rect.is_empty() {
            return None;
        }
        let histogram = histogram(picture, rect);
        let background = background.unwrap_or_else(|| most_common(&histogram)) as i32;
        let contrast = (0..256)
            .filter(|&l| histogram[l as usize] > 0)
            .map(|l| (l - background).abs())
            .max()
            .unwrap_or(0);
        Ink::with_contrast(background as u8, contrast)
    }

    /// The ink of a part whose pixels are at most `contrast` from
    /// `background`: `None` when that is too little to stand out.
    pub fn with_contrast(background: u8, contrast: i32) -> Option<Ink> {
        if contrast < LEAST_CONTRAST {
            return None;
        }
        // Under half-way: a thin stroke's anti-aliased pixels count when
        // they are a good part ink.
        let threshold = (contrast * 2 / 5).max(LEAST_CONTRAST * 3 / 4);
        let weak = (contrast / 5).max(LEAST_CONTRAST / 2);
        Some(Ink { background, contrast, threshold, weak })
    }

    /// How much ink a pixel is, 0 to 1.
    pub fn amount(&self, luma: u8) -> f32 {
        let diff = (luma as i32 - self.background as i32).abs() as f32;
        (diff / self.contrast.max(1) as f32).min(1.0)
    }

    pub fn is_ink(&self, luma: u8) -> bool {
        (luma as i32 - self.background as i32).abs() >= self.threshold
    }

    /// Ink when it touches ink.
    pub fn is_weak_ink(&self, luma: u8) -> bool {
        (luma as i32 - self.background as i32).abs() >= self.weak
    }
}

/// A connected piece of ink (8-connected).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blob {
    pub rect: Rect,
    /// Its ink pixels.
    pub area: u32,
}

/// The blobs of a part of the picture, top to bottom then left to right
/// by their first pixel; pixels `left_out(x, y)` names count as
/// background (a line's).
pub fn blobs(picture: &Picture, rect: Rect, ink: &Ink, left_out: impl Fn(u32, u32) -> bool) -> Vec<Blob> {
    blobs_from(picture, rect, ink, left_out, |_, _| true)
}

/// The blobs of `rect` that start (have a pixel of strong ink) where
/// `may_start(x, y)`: the other pixels join a blob reaching them (a digit
/// running a pixel past its strip's side, a digit's foot on a line) but
/// start none.
pub fn blobs_from(
    picture: &Picture,
    rect: Rect,
    ink: &Ink,
    left_out: impl Fn(u32, u32) -> bool,
    may_start: impl Fn(u32, u32) -> bool,
) -> Vec<Blob> {
    let rect = rect.clipped(picture);
    let (w, h) = (rect.width() as usize, rect.height() as usize);
    // Pixels that may join a blob (weak ink or more), and the strong ones
    // a blob must start from.
    let mut seen: Vec<bool> = (0..w * h)
        .map(|i| {
            let (x, y) = (rect.x0 + (i % w) as u32, rect.y0 + (i / w) as u32);
            !ink.is_weak_ink(picture.at(x, y)) || left_out(x, y)
        })
        .collect();
    let strong: Vec<bool> = (0..w * h)
        .map(|i| {
            let (x, y) = (rect.x0 + (i % w) as u32, rect.y0 + (i / w) as u32);
            !seen[i] && may_start(x, y) && ink.is_ink(picture.at(x, y))
        })
        .collect();
    let mut found = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if seen[start] || !strong[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        let mut area = 0;
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            area += 1;
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x + 1);
            y1 = y1.max(y + 1);
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                        continue;
                    }
                    let n = ny as usize * w + nx as usize;
                    if !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        found.push(Blob {
            rect: Rect {
                x0: rect.x0 + x0 as u32,
                y0: rect.y0 + y0 as u32,
                x1: rect.x0 + x1 as u32,
                y1: rect.y0 + y1 as u32,
            },
            area,
        });
    }
    found
}

/// The side of the square a glyph is drawn in.
pub const GLYPH_SIDE: usize = 20;

/// The side the glyph's longer side is scaled to (the rest is margin).
const GLYPH_BOX: f32 = 16.0;

/// A blob as the recogniser sees it: its ink, 0 to 1, scaled so that its
/// longer side is 16 pixels, centred in a 20 × 20 square.
pub type Glyph = [f32; GLYPH_SIDE * GLYPH_SIDE];

/// The glyph of a rectangle of the picture (a blob's, or several blobs'
/// that make one digit).
pub fn glyph(picture: &Picture, rect: Rect, ink: &Ink) -> Glyph {
    let mut out = [0.0; GLYPH_SIDE * GLYPH_SIDE];
    let (w, h) = (rect.width().max(1) as f32, rect.height().max(1) as f32);
    let scale = GLYPH_BOX / w.max(h);
    let (gw, gh) = (w * scale, h * scale);
    let (ox, oy) = ((GLYPH_SIDE as f32 - gw) / 2.0, (GLYPH_SIDE as f32 - gh) / 2.0);
    // Each glyph pixel averages the picture over its footprint (a few
    // samples a side when shrinking, one bilinear sample when growing).
    let samples = (1.0 / scale).ceil().clamp(1.0, 4.0) as u32;
    let sample = |px: f32, py: f32| -> f32 {
        let fx = (px - 0.5).clamp(0.0, w - 1.0);
        let fy = (py - 0.5).clamp(0.0, h - 1.0);
        let (ix, iy) = (fx.floor(), fy.floor());
        let (tx, ty) = (fx - ix, fy - iy);
        let at = |dx: f32, dy: f32| {
            let x = (rect.x0 as f32 + (ix + dx).min(w - 1.0)) as u32;
            let y = (rect.y0 as f32 + (iy + dy).min(h - 1.0)) as u32;
            ink.amount(picture.at(x.min(picture.width() - 1), y.min(picture.height() - 1)))
        };
        let top = at(0.0, 0.0) * (1.0 - tx) + at(1.0, 0.0) * tx;
        let bottom = at(0.0, 1.0) * (1.0 - tx) + at(1.0, 1.0) * tx;
        top * (1.0 - ty) + bottom * ty
    };
    for gy in 0..GLYPH_SIDE {
        for gx in 0..GLYPH_SIDE {
            let (lx, ly) = (gx as f32 - ox, gy as f32 - oy);
            if lx < 0.0 || ly < 0.0 || lx >= gw || ly >= gh {
                continue;
            }
            let mut sum = 0.0;
            for sy in 0..samples {
                for sx in 0..samples {
                    let px = (lx + (sx as f32 + 0.5) / samples as f32) / scale;
                    let py = (ly + (sy as f32 + 0.5) / samples as f32) / scale;
                    sum += sample(px, py);
                }
            }
            out[gy * GLYPH_SIDE + gx] = sum / (samples * samples) as f32;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(rows: &[&str]) -> Picture {
        let width = rows[0].len() as u32;
        let luma = rows.iter().flat_map(|r| r.bytes().map(|b| if b == b'#' { 0 } else { 255 })).collect();
        Picture::from_luma(width, rows.len() as u32, luma).unwrap()
    }

    #[test]
    fn blobs_are_connected_pieces_of_ink_diagonals_included() {
        let p = picture(&["#....", ".#..#", "....#", "##..."]);
        let all = Rect { x0: 0, y0: 0, x1: 5, y1: 4 };
        let ink = Ink::of(&p, all).unwrap();
        let found = blobs(&p, all, &ink, |_, _| false);
        let rects: Vec<_> =
            found.iter().map(|b| (b.rect.x0, b.rect.y0, b.rect.x1, b.rect.y1, b.area)).collect();
        assert_eq!(rects, vec![(0, 0, 2, 2, 2), (4, 1, 5, 3, 2), (0, 3, 2, 4, 2)]);
    }

    #[test]
    fn a_part_with_nothing_standing_out_has_no_ink() {
        let p = Picture::from_luma(4, 4, vec![200; 16]).unwrap();
        assert_eq!(Ink::of(&p, Rect { x0: 0, y0: 0, x1: 4, y1: 4 }), None);
    }

    #[test]
    fn a_glyph_keeps_its_shape_centred_and_scaled_to_sixteen() {
        // A 2 × 8 bar becomes a 4 × 16 bar in the middle.
        let mut rows = vec!["..........".to_string(); 10];
        for row in rows.iter_mut().skip(1).take(8) {
            row.replace_range(4..6, "##");
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let p = picture(&rows);
        let ink = Ink::of(&p, Rect { x0: 0, y0: 0, x1: 10, y1: 10 }).unwrap();
        let g = glyph(&p, Rect { x0: 4, y0: 1, x1: 6, y1: 9 }, &ink);
        let inked: Vec<(usize, usize)> = (0..GLYPH_SIDE * GLYPH_SIDE)
            .filter(|&i| g[i] > 0.5)
            .map(|i| (i % GLYPH_SIDE, i / GLYPH_SIDE))
            .collect();
        assert_eq!(inked.len(), 4 * 16);
        assert!(inked.iter().all(|&(x, y)| (8..12).contains(&x) && (2..18).contains(&y)));
    }
}
