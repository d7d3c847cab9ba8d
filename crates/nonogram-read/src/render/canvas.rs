//! A colour picture being drawn: rectangles, strokes and shapes, each
//! edge anti-aliased, and the picture the reader sees of it.

use std::path::Path;

use crate::picture::Picture;

/// A colour, RGB, 0 to 255 each.
pub type Colour = [f32; 3];

/// A grey of luminance `l`.
pub fn grey(l: u8) -> Colour {
    [l as f32; 3]
}

/// `a` mixed towards `b` by `t` (0: `a`, 1: `b`).
pub fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// A colour's luminance (Rec. 709, as the reader weighs it).
pub fn luminance(c: Colour) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

/// A colour picture being drawn.
#[derive(Clone)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<Colour>,
}

/// The samples a side each pixel takes of a shape ([`Canvas::shape`]).
const SHAPE_SAMPLES: u32 = 4;

impl Canvas {
    pub fn new(width: u32, height: u32, background: Colour) -> Canvas {
        Canvas { width, height, rgb: vec![background; (width * height) as usize] }
    }

    /// Blends `colour` over the pixel by `coverage` (0 to 1).
    pub fn blend(&mut self, x: i64, y: i64, colour: Colour, coverage: f32) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 || coverage <= 0.0 {
            return;
        }
        let p = &mut self.rgb[(y as u32 * self.width + x as u32) as usize];
        let c = coverage.min(1.0);
        for k in 0..3 {
            p[k] = p[k] * (1.0 - c) + colour[k] * c;
        }
    }

    /// Fills a rectangle given in fractional pixels (edges anti-aliased).
    pub fn fill(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, colour: Colour) {
        let (ix0, iy0) = (x0.floor() as i64, y0.floor() as i64);
        let (ix1, iy1) = (x1.ceil() as i64, y1.ceil() as i64);
        for y in iy0..iy1 {
            let cy = ((y + 1) as f32).min(y1) - (y as f32).max(y0);
            for x in ix0..ix1 {
                let cx = ((x + 1) as f32).min(x1) - (x as f32).max(x0);
                self.blend(x, y, colour, cx.max(0.0) * cy.max(0.0));
            }
        }
    }

    /// A line of `thickness` from (x0, y0) to (x1, y1), drawn as little
    /// squares along it (enough for crosses and marks).
    pub fn stroke(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, thickness: f32, colour: Colour) {
        let length = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        let steps = (length * 2.0).ceil().max(1.0) as usize;
        let r = thickness / 2.0;
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            for py in (y - r).floor() as i64..=(y + r).ceil() as i64 {
                for px in (x - r).floor() as i64..=(x + r).ceil() as i64 {
                    let d = ((px as f32 + 0.5 - x).powi(2) + (py as f32 + 0.5 - y).powi(2)).sqrt();
                    let coverage = (r + 0.5 - d).clamp(0.0, 1.0);
                    self.blend(px, py, colour, coverage);
                }
            }
        }
    }

    /// Fills the points `inside` names within the box (x0, y0)–(x1, y1),
    /// each pixel covered by the share of its samples inside.
    pub fn shape(&mut self, bounds: (f32, f32, f32, f32), colour: Colour, inside: impl Fn(f32, f32) -> bool) {
        let (x0, y0, x1, y1) = bounds;
        let n = SHAPE_SAMPLES;
        for y in y0.floor() as i64..y1.ceil() as i64 {
            for x in x0.floor() as i64..x1.ceil() as i64 {
                let mut hits = 0;
                for sy in 0..n {
                    for sx in 0..n {
                        let px = x as f32 + (sx as f32 + 0.5) / n as f32;
                        let py = y as f32 + (sy as f32 + 0.5) / n as f32;
                        hits += inside(px, py) as u32;
                    }
                }
                self.blend(x, y, colour, hits as f32 / (n * n) as f32);
            }
        }
    }

    /// A rectangle with corners rounded by `radius`.
    pub fn rounded(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, radius: f32, colour: Colour) {
        let r = radius.clamp(0.0, (x1 - x0).min(y1 - y0) / 2.0);
        self.shape((x0, y0, x1, y1), colour, |x, y| {
            if x < x0 || x > x1 || y < y0 || y > y1 {
                return false;
            }
            let cx = x.clamp(x0 + r, x1 - r);
            let cy = y.clamp(y0 + r, y1 - r);
            (x - cx).powi(2) + (y - cy).powi(2) <= r * r
        });
    }

    /// A filled disc.
    pub fn disc(&mut self, cx: f32, cy: f32, radius: f32, colour: Colour) {
        let r = radius;
        self.shape((cx - r, cy - r, cx + r, cy + r), colour, |x, y| {
            (x - cx).powi(2) + (y - cy).powi(2) <= r * r
        });
    }

    /// The picture the reader sees.
    pub fn picture(&self) -> Picture {
        Picture::from_rgba(self.width, self.height, &self.rgba8()).expect("a canvas has a size")
    }

    /// The canvas as 8-bit RGBA bytes, opaque.
    pub fn rgba8(&self) -> Vec<u8> {
        self.rgb
            .iter()
            .flat_map(|p| {
                let [r, g, b] = p.map(|c| c.round().clamp(0.0, 255.0) as u8);
                [r, g, b, 255]
            })
            .collect()
    }

    /// The canvas as 8-bit RGB bytes.
    pub fn rgb8(&self) -> Vec<u8> {
        self.rgb.iter().flat_map(|p| p.map(|c| c.round().clamp(0.0, 255.0) as u8)).collect()
    }

    /// Writes the canvas as a PNG file.
    pub fn save_png(&self, path: &Path) -> Result<(), String> {
        image::save_buffer(path, &self.rgb8(), self.width, self.height, image::ExtendedColorType::Rgb8)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Copies `other` onto this canvas with its top left at (x, y).
    pub fn paste(&mut self, other: &Canvas, x: i64, y: i64) {
        for oy in 0..other.height as i64 {
            for ox in 0..other.width as i64 {
                let (tx, ty) = (x + ox, y + oy);
                if tx >= 0 && ty >= 0 && tx < self.width as i64 && ty < self.height as i64 {
                    self.rgb[(ty as u32 * self.width + tx as u32) as usize] =
                        other.rgb[(oy as u32 * other.width + ox as u32) as usize];
                }
            }
        }
    }
}
