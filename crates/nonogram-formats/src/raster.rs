//! Raster pictures: the one [`Picture`] type (grey, one byte a pixel) the
//! maker and the reader share, with its one grey conversion and its one
//! size limit; and pictures to 0/1 grids, outside the solver and without
//! an image decoder: the browser decodes; this module reads an image
//! file's header (format and size, before anything is decoded), turns
//! decoded RGBA pixels into grey (transparent counts as white),
//! area-averages them down (or up) to a grid, and thresholds the cell
//! values (Otsu's method by default).

use nonogram_core::{Cell, Grid};
use std::fmt;

/// Largest image side accepted, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 16_384;
/// The most pixels a picture may have (50 megapixels: a 16 000 × 3 000
/// screenshot is 48 million), for the maker and the reader alike; larger
/// ones are refused before their pixels are decoded.
pub const MAX_IMAGE_PIXELS: u64 = 50_000_000;
/// Largest grid side a picture may be turned into.
pub const MAX_GRID_SIDE: usize = 200;
/// The longer side of the default grid of a large picture.
pub const DEFAULT_GRID_SIDE: usize = 30;

/// An image format the browser decodes for us.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Gif,
    WebP,
    Bmp,
}

impl ImageFormat {
    pub fn name(self) -> &'static str {
        match self {
            ImageFormat::Png => "PNG",
            ImageFormat::Jpeg => "JPEG",
            ImageFormat::Gif => "GIF",
            ImageFormat::WebP => "WebP",
            ImageFormat::Bmp => "BMP",
        }
    }
}

/// What a file's first bytes say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniffed {
    /// An image of a known format, with its size from the header.
    Image { format: ImageFormat, width: u32, height: u32 },
    /// Not an image format we know (it may be a 0/1 text picture).
    Other,
}

/// Why an image file is refused before decoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageError {
    Empty,
    /// The header ends before it says the image's size.
    Truncated(ImageFormat),
    /// The header gives a zero side.
    NoPixels(ImageFormat),
    TooLarge {
        format: ImageFormat,
        width: u32,
        height: u32,
    },
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::Empty => f.write_str("the file is empty (0 bytes)"),
            ImageError::Truncated(format) => {
                write!(f, "the {} file is truncated: it ends inside its header", format.name())
            }
            ImageError::NoPixels(format) => write!(f, "the {} header gives the image no pixels", format.name()),
            ImageError::TooLarge { format, width, height } => write!(
                f,
                "the {} image is {width}×{height} pixels; the largest accepted is {MAX_IMAGE_SIDE} pixels a side \
                 and {} megapixels",
                format.name(),
                MAX_IMAGE_PIXELS / 1_000_000
            ),
        }
    }
}

impl std::error::Error for ImageError {}

fn be16(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_be_bytes(b.get(at..at + 2)?.try_into().ok()?)))
}
fn le16(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?)))
}
fn be32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}
fn le32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}
fn le24(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 3)?;
    Some(u32::from(s[0]) | u32::from(s[1]) << 8 | u32::from(s[2]) << 16)
}

/// Reads the format and size from a file's header, and refuses empty,
/// truncated-header, zero-sized and too-large images before any decoding.
pub fn sniff(bytes: &[u8]) -> Result<Sniffed, ImageError> {
    if bytes.is_empty() {
        return Err(ImageError::Empty);
    }
    let (format, size) = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        // The IHDR chunk comes first: length, "IHDR", width, height (big-endian).
        let size = (bytes.get(12..16) == Some(b"IHDR")).then(|| Some((be32(bytes, 16)?, be32(bytes, 20)?)));
        (ImageFormat::Png, size.flatten())
    } else if bytes.starts_with(&[0xff, 0xd8]) {
        (ImageFormat::Jpeg, jpeg_size(bytes))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        (ImageFormat::Gif, le16(bytes, 6).zip(le16(bytes, 8)))
    } else if bytes.starts_with(b"BM") && bytes.len() >= 2 && looks_like_bmp(bytes) {
        (ImageFormat::Bmp, bmp_size(bytes))
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        (ImageFormat::WebP, webp_size(bytes))
    } else if is_prefix_of_signature(bytes) {
        // A file cut inside its signature: too short to tell, call it truncated.
        return Err(ImageError::Truncated(signature_format(bytes)));
    } else {
        return Ok(Sniffed::Other);
    };
    let (width, height) = size.ok_or(ImageError::Truncated(format))?;
    if width == 0 || height == 0 {
        return Err(ImageError::NoPixels(format));
    }
    if width > MAX_IMAGE_SIDE
        || height > MAX_IMAGE_SIDE
        || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS
    {
        return Err(ImageError::TooLarge { format, width, height });
    }
    Ok(Sniffed::Image { format, width, height })
}

const SIGNATURES: [(&[u8], ImageFormat); 5] = [
    (b"\x89PNG\r\n\x1a\n", ImageFormat::Png),
    (b"GIF8", ImageFormat::Gif),
    (b"RIFF", ImageFormat::WebP),
    (&[0xff, 0xd8], ImageFormat::Jpeg),
    (b"\x89P", ImageFormat::Png),
];

/// A short file that is the start of a binary signature (never of text).
fn is_prefix_of_signature(bytes: &[u8]) -> bool {
    bytes[0] >= 0x80 && SIGNATURES.iter().any(|(s, _)| bytes.len() < s.len() && s.starts_with(bytes))
}

fn signature_format(bytes: &[u8]) -> ImageFormat {
    SIGNATURES.iter().find(|(s, _)| s.starts_with(bytes)).map_or(ImageFormat::Png, |&(_, f)| f)
}

/// "BM" also starts text; a BMP has its file size or a known DIB header size.
fn looks_like_bmp(b: &[u8]) -> bool {
    match le32(b, 14) {
        Some(dib) => matches!(dib, 12 | 16 | 40 | 52 | 56 | 64 | 108 | 124),
        // Too short to tell: binary bytes after "BM" mean a cut BMP.
        None => b.len() > 2 && b[2..].iter().any(|c| !(0x09..0x80).contains(c)),
    }
}

fn bmp_size(b: &[u8]) -> Option<(u32, u32)> {
    if le32(b, 14)? == 12 {
        return Some((le16(b, 18)?, le16(b, 20)?));
    }
    let width = le32(b, 18)? as i32;
    // A negative height means rows top-down.
    let height = le32(b, 22)? as i32;
    Some((width.unsigned_abs(), height.unsigned_abs()))
}

fn webp_size(b: &[u8]) -> Option<(u32, u32)> {
    match b.get(12..16)? {
        b"VP8 " => {
            // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit sizes.
            (b.get(23..26)? == [0x9d, 0x01, 0x2a]).then_some(())?;
            Some((le16(b, 26)? & 0x3fff, le16(b, 28)? & 0x3fff))
        }
        b"VP8L" => {
            (*b.get(20)? == 0x2f).then_some(())?;
            let bits = le32(b, 21)?;
            Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
        }
        b"VP8X" => Some((le24(b, 24)? + 1, le24(b, 27)? + 1)),
        _ => None,
    }
}

/// Walks the JPEG segments to the first start-of-frame marker.
fn jpeg_size(b: &[u8]) -> Option<(u32, u32)> {
    let mut at = 2;
    loop {
        // Markers may be padded with 0xff fill bytes.
        while *b.get(at)? != 0xff {
            at += 1;
        }
        while *b.get(at)? == 0xff {
            at += 1;
        }
        let marker = *b.get(at)?;
        at += 1;
        match marker {
            0xd0..=0xd9 | 0x01 => continue, // no length
            0xc0..=0xcf if !matches!(marker, 0xc4 | 0xc8 | 0xcc) => {
                return Some((be16(b, at + 5)?, be16(b, at + 3)?));
            }
            _ => at += be16(b, at)? as usize,
        }
    }
}

/// A picture as its grey, one byte a pixel from 0 (black) to 255 (white),
/// rows top to bottom: what the maker turns into a grid and what the
/// reader reads a puzzle from, whatever the picture came from (a browser's
/// decoded RGBA, a decoded file, a 0/1 grid).
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    width: u32,
    height: u32,
    luma: Vec<u8>,
}

/// Why pixels are no picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureError {
    /// Zero width or height.
    Empty,
    /// More pixels than [`MAX_IMAGE_PIXELS`].
    TooLarge { width: u64, height: u64 },
    /// The bytes are not as long as the size says.
    WrongLength { expected: u64, found: u64 },
    /// The file is no PNG, JPEG or WebP (a decoder's answer).
    NotAPicture,
    /// The file is one, but damaged (cut short, a checksum wrong).
    Undecodable(String),
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::Empty => write!(f, "the picture has no pixels"),
            PictureError::TooLarge { width, height } => write!(
                f,
                "the picture is {width}×{height} pixels, over the {} million a picture may have",
                MAX_IMAGE_PIXELS / 1_000_000
            ),
            PictureError::WrongLength { expected, found } => {
                write!(f, "the picture's pixels are {found} bytes where its size needs {expected}")
            }
            PictureError::NotAPicture => write!(f, "not a PNG, JPEG or WebP picture"),
            PictureError::Undecodable(why) => write!(f, "the picture cannot be decoded (damaged?): {why}"),
        }
    }
}

impl std::error::Error for PictureError {}

/// Refuses a size with no pixels or more than [`MAX_IMAGE_PIXELS`].
pub fn check_size(width: u64, height: u64) -> Result<(), PictureError> {
    if width == 0 || height == 0 {
        return Err(PictureError::Empty);
    }
    if width.saturating_mul(height) > MAX_IMAGE_PIXELS {
        return Err(PictureError::TooLarge { width, height });
    }
    Ok(())
}

/// The grey of an RGBA pixel as a page shows it: its Rec. 709 luminance,
/// composited over white (a transparent pixel is white).
pub fn grey(r: u8, g: u8, b: u8, a: u8) -> u8 {
    let luma = (2126 * u32::from(r) + 7152 * u32::from(g) + 722 * u32::from(b) + 5000) / 10_000;
    let a = u32::from(a);
    ((luma * a + 255 * (255 - a) + 127) / 255) as u8
}

impl Picture {
    /// A picture from its grey bytes, rows top to bottom.
    pub fn from_luma(width: u32, height: u32, luma: Vec<u8>) -> Result<Picture, PictureError> {
        check_size(u64::from(width), u64::from(height))?;
        let expected = u64::from(width) * u64::from(height);
        if luma.len() as u64 != expected {
            return Err(PictureError::WrongLength { expected, found: luma.len() as u64 });
        }
        Ok(Picture { width, height, luma })
    }

    /// A picture from RGBA bytes (as a canvas's `ImageData` holds them).
    pub fn from_rgba(width: u32, height: u32, rgba: &[u8]) -> Result<Picture, PictureError> {
        check_size(u64::from(width), u64::from(height))?;
        let expected = u64::from(width) * u64::from(height) * 4;
        if rgba.len() as u64 != expected {
            return Err(PictureError::WrongLength { expected, found: rgba.len() as u64 });
        }
        Picture::from_luma(width, height, Picture::luma_of_rgba(rgba).collect())
    }

    /// The grey of RGBA pixels (a whole number of them): for building a
    /// picture a strip of rows at a time.
    pub fn luma_of_rgba(rgba: &[u8]) -> impl Iterator<Item = u8> + '_ {
        rgba.as_chunks::<4>().0.iter().map(|&[r, g, b, a]| grey(r, g, b, a))
    }

    /// A 0/1 picture as a picture: filled black, the rest white.
    pub fn from_grid(grid: &Grid) -> Picture {
        let luma = grid.cells().iter().map(|&c| if c == Cell::Filled { 0 } else { 255 }).collect();
        Picture { width: grid.width() as u32, height: grid.height() as u32, luma }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The grey at (x, y); the picture must contain the point.
    pub fn at(&self, x: u32, y: u32) -> u8 {
        self.luma[(y * self.width + x) as usize]
    }

    /// The grey at a point between pixels (bilinear: a picture resampled
    /// level or flat), `None` outside.
    pub fn sample(&self, x: f32, y: f32) -> Option<u8> {
        let (w, h) = (self.width, self.height);
        if !(x >= 0.0 && y >= 0.0 && x <= (w - 1) as f32 && y <= (h - 1) as f32) {
            return None;
        }
        let (ix, iy) = (x.floor() as u32, y.floor() as u32);
        let (tx, ty) = (x - ix as f32, y - iy as f32);
        let at = |dx: u32, dy: u32| self.at((ix + dx).min(w - 1), (iy + dy).min(h - 1)) as f32;
        let top = at(0, 0) * (1.0 - tx) + at(1, 0) * tx;
        let bottom = at(0, 1) * (1.0 - tx) + at(1, 1) * tx;
        // Half up (the same as `round` for a value from 0 to 255), without
        // the library call `round` is where the machine has no instruction
        // for it (a fifth of the sampling's time).
        Some((top * (1.0 - ty) + bottom * ty + 0.5) as u8)
    }

    /// All pixels, rows top to bottom.
    pub fn luma(&self) -> &[u8] {
        &self.luma
    }

    /// The mean grey of each cell of a `gw`×`gh` grid laid over the image,
    /// each pixel weighted by the area it shares with the cell (exact: a
    /// grid-sized image gives its own pixels back). Rounded to 0..=255.
    pub fn cell_means(&self, gw: usize, gh: usize) -> Vec<u8> {
        let (w, h) = (self.width as usize, self.height as usize);
        if w == 0 || h == 0 || gw == 0 || gh == 0 {
            return vec![255; gw * gh];
        }
        // In units where a pixel is gw (or gh) wide and a cell w (or h):
        // both are whole numbers, and so is every overlap.
        let columns = overlaps(w, gw);
        let rows = overlaps(h, gh);
        let mut sums = vec![0u64; gw * gh];
        let mut row_sums = vec![0u32; gw];
        for (y, pixels) in self.luma.chunks_exact(w).enumerate() {
            row_sums.fill(0);
            for (&p, spans) in pixels.iter().zip(&columns) {
                for &(cell, weight) in spans {
                    row_sums[cell] += u32::from(p) * weight;
                }
            }
            for &(cell_row, weight) in &rows[y] {
                let out = &mut sums[cell_row * gw..(cell_row + 1) * gw];
                for (o, &s) in out.iter_mut().zip(&row_sums) {
                    *o += u64::from(s) * u64::from(weight);
                }
            }
        }
        let area = (w * h) as u64;
        sums.iter().map(|&s| ((s + area / 2) / area) as u8).collect()
    }

    /// The grid the image draws when it is made of uniform rectangular
    /// blocks (pixel art scaled up, or a grid exported as a PNG): the image
    /// size divided by the block size; the image size when there are none.
    pub fn block_grid(&self) -> (usize, usize) {
        let (w, h) = (self.width as usize, self.height as usize);
        let (mut gx, mut gy) = (w, h);
        for (y, row) in self.luma.chunks_exact(w.max(1)).enumerate() {
            if gx > 1 {
                for x in 1..w {
                    if row[x] != row[x - 1] {
                        gx = gcd(gx, x);
                    }
                }
            }
            if gy > 1 && y > 0 && row != &self.luma[(y - 1) * w..y * w] {
                gy = gcd(gy, y);
            }
            if gx == 1 && gy == 1 {
                break;
            }
        }
        (w / gx.max(1), h / gy.max(1))
    }

    /// The grid size offered first: the image's own blocks when it is small
    /// or made of blocks (pixel-exact), else the aspect ratio kept with
    /// [`DEFAULT_GRID_SIDE`] cells on the longer side.
    pub fn default_grid(&self) -> (usize, usize) {
        let (bw, bh) = self.block_grid();
        let (width, height) = (self.width as usize, self.height as usize);
        let blocky = bw < width || bh < height;
        if bw.max(bh) <= DEFAULT_GRID_SIDE || (blocky && bw.max(bh) <= MAX_GRID_SIDE) {
            return (bw.max(1), bh.max(1));
        }
        keep_aspect(width, height, DEFAULT_GRID_SIDE)
    }
}

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Picture({}×{})", self.width, self.height)
    }
}

/// The grid size with `side` cells on the longer side and the aspect ratio kept.
pub fn keep_aspect(width: usize, height: usize, side: usize) -> (usize, usize) {
    // Not `f64::clamp`: its check's message formats floats, which links
    // the float formatting code into the worker (about 3 KB gzipped).
    let scale = |a: usize, b: usize| (((side * a) as f64 / b as f64).round() as usize).max(1).min(side);
    if width >= height {
        (side, scale(height, width.max(1)))
    } else {
        (scale(width, height), side)
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// For each of `n` pixels, the cells of a `cells`-long grid it overlaps and
/// by how much (pixel = `cells` units, cell = `n` units).
fn overlaps(n: usize, cells: usize) -> Vec<Vec<(usize, u32)>> {
    (0..n)
        .map(|p| {
            let (from, to) = (p * cells, (p + 1) * cells);
            let mut spans = Vec::with_capacity(2);
            let mut cell = from / n;
            while cell < cells && cell * n < to {
                let overlap = to.min((cell + 1) * n) - from.max(cell * n);
                if overlap > 0 {
                    spans.push((cell, overlap as u32));
                }
                cell += 1;
            }
            spans
        })
        .collect()
}

/// Otsu's threshold of grey values: the `t` that best splits them into
/// dark (`≤ t`) and light (`> t`) by between-class variance. Among equally
/// good thresholds the middle one; 127 when all values are equal.
pub fn otsu(values: &[u8]) -> u8 {
    let mut histogram = [0u64; 256];
    for &v in values {
        histogram[v as usize] += 1;
    }
    let total = values.len() as f64;
    let sum: f64 = histogram.iter().enumerate().map(|(v, &n)| v as f64 * n as f64).sum();
    let (mut weight_dark, mut sum_dark) = (0.0, 0.0);
    let mut scores = [0.0f64; 256];
    for t in 0..256 {
        weight_dark += histogram[t] as f64;
        sum_dark += t as f64 * histogram[t] as f64;
        let weight_light = total - weight_dark;
        if weight_dark == 0.0 || weight_light == 0.0 {
            continue;
        }
        let mean_dark = sum_dark / weight_dark;
        let mean_light = (sum - sum_dark) / weight_light;
        scores[t] = weight_dark * weight_light * (mean_dark - mean_light).powi(2);
    }
    let best = scores.iter().cloned().fold(0.0, f64::max);
    if best <= 0.0 {
        return 127;
    }
    let near = |s: f64| s >= best * (1.0 - 1e-12);
    let first = scores.iter().position(|&s| near(s)).unwrap_or(127);
    let last = first + scores[first..].iter().take_while(|&&s| near(s)).count() - 1;
    ((first + last) / 2) as u8
}

/// The 0/1 picture of cell values: dark cells (`≤ threshold`) filled, or
/// light ones when `invert`.
pub fn threshold(width: usize, height: usize, values: &[u8], threshold: u8, invert: bool) -> Grid {
    let cells =
        values.iter().map(|&v| if (v <= threshold) != invert { Cell::Filled } else { Cell::Empty }).collect();
    Grid::from_cells(width, height, cells).expect("one value per cell")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlaps_cover_each_pixel_once() {
        for (n, cells) in [(7, 3), (3, 7), (300, 20), (5, 5), (1, 4), (4, 1)] {
            let o = overlaps(n, cells);
            for spans in &o {
                assert_eq!(spans.iter().map(|s| s.1 as usize).sum::<usize>(), cells);
            }
            for c in 0..cells {
                let area: usize = o.iter().flatten().filter(|s| s.0 == c).map(|s| s.1 as usize).sum();
                assert_eq!(area, n, "cell {c} of {cells} over {n}");
            }
        }
    }

    #[test]
    fn otsu_splits_two_levels_in_the_middle() {
        assert_eq!(otsu(&[0, 255, 0, 255]), 127);
        assert_eq!(otsu(&[30, 200, 200]), 114);
        assert_eq!(otsu(&[90; 10]), 127);
        assert_eq!(otsu(&[]), 127);
    }
}
