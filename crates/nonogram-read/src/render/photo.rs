//! What a camera does to a screen or a page: a turn and a perspective, a
//! page's curl, light falling off across it, blur, noise and JPEG.

use super::canvas::{Canvas, Colour};
use super::rng::Rng;
use crate::straighten::{apply, fit_homography};

/// What a camera does to a screen or a page, in measure.
#[derive(Debug, Clone, Copy)]
pub struct Photo {
    /// Turned by this many degrees.
    pub turn: f32,
    /// Each corner moved by up to this share of the picture's size.
    pub perspective: f32,
    /// How far a page's curl bows its lines, as a share of the picture's
    /// size (0: flat; 0.01 bows a 2000-pixel page's lines by 20 pixels).
    pub curl: f32,
    /// Blur radius in pixels.
    pub blur: f32,
    /// Light falling off across the picture (0: even): a gradient one
    /// way and a darkening towards the edges.
    pub shading: f32,
    /// Noise's standard deviation, in luminance steps.
    pub noise: f32,
    /// JPEG quality (1–100), or none.
    pub jpeg: Option<u8>,
}

impl Photo {
    /// A random photo-like treatment of a screen or a flat page: a few
    /// degrees, mild perspective, blur, shading, noise, JPEG.
    pub fn random(rng: &mut Rng) -> Photo {
        Photo {
            turn: rng.range(-4.0, 4.0),
            perspective: rng.range(0.0, 0.04),
            curl: 0.0,
            blur: rng.range(0.3, 1.2),
            shading: rng.range(0.0, 0.35),
            noise: rng.range(1.0, 6.0),
            jpeg: Some(rng.below(45, 90) as u8),
        }
    }

    /// A random photo of a printed page: as [`Photo::random`], the page
    /// curled and the light falling off further.
    pub fn paper(rng: &mut Rng) -> Photo {
        Photo {
            turn: rng.range(-6.0, 6.0),
            perspective: rng.range(0.0, 0.05),
            curl: rng.range(0.002, 0.012),
            blur: rng.range(0.3, 1.3),
            shading: rng.range(0.15, 0.5),
            noise: rng.range(1.0, 6.0),
            jpeg: Some(rng.below(45, 90) as u8),
        }
    }

    /// Only what a screenshot goes through (scaling blur, compression).
    pub fn screenshot(rng: &mut Rng) -> Photo {
        Photo {
            turn: 0.0,
            perspective: 0.0,
            curl: 0.0,
            blur: if rng.chance(0.3) { rng.range(0.2, 0.6) } else { 0.0 },
            shading: 0.0,
            noise: if rng.chance(0.3) { rng.range(0.5, 2.0) } else { 0.0 },
            jpeg: if rng.chance(0.3) { Some(rng.below(70, 95) as u8) } else { None },
        }
    }

    /// The canvas as the camera would show it.
    pub fn apply(&self, canvas: &Canvas, rng: &mut Rng) -> Canvas {
        let mut out = if self.turn != 0.0 || self.perspective > 0.0 || self.curl > 0.0 {
            warp(canvas, self, rng)
        } else {
            canvas.clone()
        };
        if self.blur > 0.0 {
            out = blur(&out, self.blur);
        }
        if self.shading > 0.0 || self.noise > 0.0 {
            let angle = rng.range(0.0, std::f32::consts::TAU);
            let (dx, dy) = (angle.cos(), angle.sin());
            // A darkening towards the edges, about a point near the middle.
            // (Drawn only for a page, so that a screen's photo is drawn
            // from the same numbers as before pages were.)
            let (mx, my, edges) = if self.curl > 0.0 {
                (rng.range(0.3, 0.7), rng.range(0.3, 0.7), rng.range(0.3, 1.0))
            } else {
                (0.5, 0.5, 0.0)
            };
            let (w, h) = (out.width as f32, out.height as f32);
            for y in 0..out.height {
                for x in 0..out.width {
                    let (u, v) = (x as f32 / w, y as f32 / h);
                    let t = ((u - 0.5) * dx + (v - 0.5) * dy + 0.7) / 1.4;
                    let r2 = ((u - mx).powi(2) + (v - my).powi(2)) * 2.0;
                    let light = (1.0
                        - self.shading * (t.clamp(0.0, 1.0) * (1.0 - edges) + r2.min(1.0) * edges))
                        .max(0.2);
                    let n = self.noise * rng.normal();
                    let p = &mut out.rgb[(y * out.width + x) as usize];
                    for c in p.iter_mut() {
                        *c = (*c * light + n).clamp(0.0, 255.0);
                    }
                }
            }
        }
        if let Some(quality) = self.jpeg {
            out = jpeg(&out, quality);
        }
        out
    }
}

/// How a curl bows a line at `t` (0 to 1 along the page): a bow with a
/// steeper part towards one side (the binding), between -1 and 1.
fn bow(t: f32, skew: f32) -> f32 {
    let s = 2.0 * t - 1.0;
    (s * s + skew * s * s * s) / (1.0 + skew.abs())
}

/// The canvas turned, seen in perspective and curled (the inverse map
/// sampled bilinearly), on a background of its own corner's colour.
fn warp(canvas: &Canvas, photo: &Photo, rng: &mut Rng) -> Canvas {
    let (w, h) = (canvas.width as f32, canvas.height as f32);
    let pad = (w.max(h) * (0.05 + photo.perspective + photo.curl * 1.5)).ceil();
    let (ow, oh) = ((w + 2.0 * pad) as u32, (h + 2.0 * pad) as u32);
    let (sin, cos) = photo.turn.to_radians().sin_cos();
    // Destination corners: the source's corners turned about the centre,
    // each moved a little at random.
    let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
    let mut dest = [(0.0f32, 0.0f32); 4];
    for (i, &(x, y)) in corners.iter().enumerate() {
        let (cx, cy) = (x - w / 2.0, y - h / 2.0);
        let jitter = photo.perspective * w.max(h);
        dest[i] = (
            cx * cos - cy * sin + ow as f32 / 2.0 + rng.range(-jitter, jitter),
            cx * sin + cy * cos + oh as f32 / 2.0 + rng.range(-jitter, jitter),
        );
    }
    let pairs: Vec<_> = dest
        .iter()
        .zip(&corners)
        .map(|(d, c)| ((d.0 as f64, d.1 as f64), (c.0 as f64, c.1 as f64)))
        .collect();
    let inverse = fit_homography(&pairs).expect("four corners in general position fix a homography");
    // The curl: the page's rows bow across, more than its columns.
    let size = w.max(h);
    let (bow_rows, bow_columns, skew_rows, skew_columns, sideways) = if photo.curl > 0.0 {
        let main = photo.curl * size * if rng.chance(0.5) { 1.0 } else { -1.0 };
        (main, main * rng.range(-0.4, 0.4), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.chance(0.3))
    } else {
        (0.0, 0.0, 0.0, 0.0, false)
    };
    let corner: Colour = canvas.rgb[0];
    let mut out = Canvas::new(ow, oh, corner);
    for y in 0..oh {
        for x in 0..ow {
            let (sx, sy) = apply(&inverse, x as f64 + 0.5, y as f64 + 0.5);
            let (mut sx, mut sy) = (sx as f32, sy as f32);
            if photo.curl > 0.0 {
                let (u, v) = ((sx / w).clamp(0.0, 1.0), (sy / h).clamp(0.0, 1.0));
                let (along_rows, along_columns) = if sideways { (v, u) } else { (u, v) };
                let (dy, dx) =
                    (bow_rows * bow(along_rows, skew_rows), bow_columns * bow(along_columns, skew_columns));
                if sideways {
                    sx -= dy;
                    sy -= dx;
                } else {
                    sy -= dy;
                    sx -= dx;
                }
            }
            if let Some(c) = sample(canvas, sx - 0.5, sy - 0.5) {
                out.rgb[(y * ow + x) as usize] = c;
            }
        }
    }
    out
}

fn sample(canvas: &Canvas, x: f32, y: f32) -> Option<Colour> {
    if x < 0.0 || y < 0.0 || x > canvas.width as f32 - 1.0 || y > canvas.height as f32 - 1.0 {
        return None;
    }
    let (ix, iy) = (x.floor() as u32, y.floor() as u32);
    let (tx, ty) = (x - ix as f32, y - iy as f32);
    let at = |dx: u32, dy: u32| {
        canvas.rgb
            [((iy + dy).min(canvas.height - 1) * canvas.width + (ix + dx).min(canvas.width - 1)) as usize]
    };
    let mut out = [0.0; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let top = at(0, 0)[k] * (1.0 - tx) + at(1, 0)[k] * tx;
        let bottom = at(0, 1)[k] * (1.0 - tx) + at(1, 1)[k] * tx;
        *o = top * (1.0 - ty) + bottom * ty;
    }
    Some(out)
}

/// A Gaussian-like blur: box blurs of the radius, each way, twice.
pub fn blur(canvas: &Canvas, radius: f32) -> Canvas {
    let mut out = canvas.clone();
    let r = radius.max(0.0);
    let whole = r.floor() as i64;
    let edge = r - r.floor();
    let norm = 1.0 + 2.0 * whole as f32 + 2.0 * edge;
    // A box of width 2r+1 is split into a whole part and an edge weight.
    for _ in 0..2 {
        for horizontal in [true, false] {
            let src = out.clone();
            let (w, h) = (src.width as i64, src.height as i64);
            for y in 0..h {
                for x in 0..w {
                    let mut acc = [0.0f32; 3];
                    for d in -(whole + 1)..=(whole + 1) {
                        let weight = if d.abs() <= whole { 1.0 } else { edge };
                        if weight == 0.0 {
                            continue;
                        }
                        let (sx, sy) = if horizontal {
                            ((x + d).clamp(0, w - 1), y)
                        } else {
                            (x, (y + d).clamp(0, h - 1))
                        };
                        let p = src.rgb[(sy * w + sx) as usize];
                        for k in 0..3 {
                            acc[k] += p[k] * weight;
                        }
                    }
                    out.rgb[(y * w + x) as usize] = acc.map(|v| v / norm);
                }
            }
        }
    }
    out
}

/// The canvas through a JPEG of the quality and back.
pub fn jpeg(canvas: &Canvas, quality: u8) -> Canvas {
    let mut bytes = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality);
    let rgb = canvas.rgb8();
    if image::ImageEncoder::write_image(
        encoder,
        &rgb,
        canvas.width,
        canvas.height,
        image::ExtendedColorType::Rgb8,
    )
    .is_err()
    {
        return canvas.clone();
    }
    match image::load_from_memory(&bytes) {
        Ok(decoded) => {
            let decoded = decoded.into_rgb8();
            Canvas {
                width: canvas.width,
                height: canvas.height,
                rgb: decoded.pixels().map(|p| p.0.map(|c| c as f32)).collect(),
            }
        }
        Err(_) => canvas.clone(),
    }
}

/// The canvas scaled by `factor` (averaging when shrinking, bilinear when
/// growing), as a screenshot shown at another size is.
pub fn scaled(canvas: &Canvas, factor: f32) -> Canvas {
    let (w, h) = (
        ((canvas.width as f32 * factor).round() as u32).max(1),
        ((canvas.height as f32 * factor).round() as u32).max(1),
    );
    let mut out = Canvas::new(w, h, [0.0; 3]);
    let reach = (1.0 / factor).ceil().max(1.0) as i32;
    for y in 0..h {
        for x in 0..w {
            let (sx, sy) = ((x as f32 + 0.5) / factor - 0.5, (y as f32 + 0.5) / factor - 0.5);
            let c = if factor >= 1.0 {
                sample(
                    canvas,
                    sx.clamp(0.0, canvas.width as f32 - 1.0),
                    sy.clamp(0.0, canvas.height as f32 - 1.0),
                )
                .unwrap_or([0.0; 3])
            } else {
                let mut acc = [0.0f32; 3];
                let mut n = 0.0;
                for dy in 0..reach {
                    for dx in 0..reach {
                        let px = ((x as f32 / factor) as i32 + dx).clamp(0, canvas.width as i32 - 1);
                        let py = ((y as f32 / factor) as i32 + dy).clamp(0, canvas.height as i32 - 1);
                        let p = canvas.rgb[(py as u32 * canvas.width + px as u32) as usize];
                        for k in 0..3 {
                            acc[k] += p[k];
                        }
                        n += 1.0;
                    }
                }
                acc.map(|v| v / n)
            };
            out.rgb[(y * w + x) as usize] = c;
        }
    }
    out
}
