//! The picture the reader works on: one luminance byte a pixel.
//!
//! Colour plays no part in finding a grid or reading a digit (a colour
//! puzzle's clue boxes are a later step), so a picture is its luminance
//! (Rec. 709 weights), whatever it came from: the page's `ImageData`, or a
//! PNG, JPEG or WebP file decoded natively (feature `decode`).

use std::fmt;

/// The most pixels a picture may have once decoded (a 16 000 × 3 000
/// screenshot is 48 million). Larger pictures are refused before their
/// pixels are allocated.
pub const MAX_PIXELS: u64 = 50_000_000;

/// The longest side the reader works at: a larger picture is shrunk by a
/// whole factor (averaging each square of pixels) until it fits. A puzzle's
/// cells stay far above the size digits need (a 30 × 30 grid filling a
/// 16 000 px wide picture has cells of 260 px).
pub const WORKING_SIDE: u32 = 4_000;

/// A picture as luminance, 0 (black) to 255 (white), rows top to bottom.
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    width: u32,
    height: u32,
    luma: Vec<u8>,
}

/// Why a picture cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureError {
    /// Zero width or height.
    Empty,
    /// More pixels than [`MAX_PIXELS`].
    TooLarge { width: u64, height: u64 },
    /// The bytes are not as long as the size says.
    WrongLength { expected: u64, found: u64 },
    /// The file is no PNG, JPEG or WebP.
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
                MAX_PIXELS / 1_000_000
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

/// Refuses a size with no pixels or too many.
fn check_size(width: u64, height: u64) -> Result<(), PictureError> {
    if width == 0 || height == 0 {
        return Err(PictureError::Empty);
    }
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(PictureError::TooLarge { width, height });
    }
    Ok(())
}

/// A JPEG's end-of-image marker (FF D9) comes after its last scan's
/// start (FF DA): a file cut short has none there (a thumbnail's end, in
/// its header, comes before; inside a scan's data an FF byte is always
/// followed by 00, so the pair is a marker wherever it is found).
#[cfg(feature = "decode")]
fn jpeg_ends(bytes: &[u8]) -> bool {
    let scan = bytes.windows(2).rposition(|w| w == [0xFF, 0xDA]);
    scan.is_some_and(|at| bytes[at..].windows(2).any(|w| w == [0xFF, 0xD9]))
}

/// Rec. 709 luminance of a colour, 0 to 255.
fn luminance(r: u8, g: u8, b: u8) -> u8 {
    ((2126 * r as u32 + 7152 * g as u32 + 722 * b as u32 + 5000) / 10_000) as u8
}

impl Picture {
    /// A picture from its luminance bytes, rows top to bottom.
    pub fn from_luma(width: u32, height: u32, luma: Vec<u8>) -> Result<Picture, PictureError> {
        check_size(width as u64, height as u64)?;
        let expected = width as u64 * height as u64;
        if luma.len() as u64 != expected {
            return Err(PictureError::WrongLength { expected, found: luma.len() as u64 });
        }
        Ok(Picture { width, height, luma }.shrunk_to_fit())
    }

    /// A picture from RGBA bytes (as a canvas's `ImageData` holds them);
    /// transparent pixels count as white, as a page shows them.
    pub fn from_rgba(width: u32, height: u32, rgba: &[u8]) -> Result<Picture, PictureError> {
        check_size(width as u64, height as u64)?;
        let expected = width as u64 * height as u64 * 4;
        if rgba.len() as u64 != expected {
            return Err(PictureError::WrongLength { expected, found: rgba.len() as u64 });
        }
        let luma = Picture::luma_of_rgba(rgba).collect();
        Ok(Picture { width, height, luma }.shrunk_to_fit())
    }

    /// The luminance of RGBA pixels (a whole number of them), transparent
    /// ones counted as white, as a page shows them: for building a
    /// picture a strip of rows at a time.
    pub fn luma_of_rgba(rgba: &[u8]) -> impl Iterator<Item = u8> + '_ {
        rgba.as_chunks::<4>().0.iter().map(|p| {
            let l = luminance(p[0], p[1], p[2]) as u32;
            let a = p[3] as u32;
            ((l * a + 255 * (255 - a) + 127) / 255) as u8
        })
    }

    /// Decodes a PNG, JPEG or WebP file, refusing one of more than
    /// [`MAX_PIXELS`] before decoding its pixels.
    #[cfg(feature = "decode")]
    pub fn decode(bytes: &[u8]) -> Result<Picture, PictureError> {
        use image::{ImageDecoder, ImageReader};
        let undecodable = |e: image::ImageError| PictureError::Undecodable(e.to_string());
        let reader = ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| PictureError::Undecodable(e.to_string()))?;
        match reader.format() {
            // A JPEG cut short decodes without a word (its missing rows
            // grey): its end marker must follow its image data.
            Some(image::ImageFormat::Jpeg) if !jpeg_ends(bytes) => {
                return Err(PictureError::Undecodable("the JPEG file is cut short (no end marker)".into()))
            }
            Some(image::ImageFormat::Png | image::ImageFormat::Jpeg | image::ImageFormat::WebP) => {}
            // Nothing known, or a GIF, BMP or TIFF: known by its first
            // bytes, but not read.
            _ => return Err(PictureError::NotAPicture),
        }
        // A declared size past what the decoder allows at all (2³¹ a side)
        // is said as too large, not as damage.
        let too_large = |e: image::ImageError| match e {
            image::ImageError::Limits(_) => {
                PictureError::Undecodable("its declared size is too large to read".into())
            }
            e => undecodable(e),
        };
        let (width, height) = reader.into_dimensions().map_err(too_large)?;
        check_size(width as u64, height as u64)?;
        let mut reader = ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| PictureError::Undecodable(e.to_string()))?;
        let mut limits = image::Limits::default();
        limits.max_image_width = Some(width);
        limits.max_image_height = Some(height);
        limits.max_alloc = Some(MAX_PIXELS * 8);
        reader.limits(limits);
        // A phone's photo is stored as the camera held it, with the turn
        // to show it upright in its EXIF orientation: applied.
        let mut decoder = reader.into_decoder().map_err(undecodable)?;
        let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
        let mut image = image::DynamicImage::from_decoder(decoder).map_err(undecodable)?;
        image.apply_orientation(orientation);
        let rgba = image.into_rgba8();
        Picture::from_rgba(rgba.width(), rgba.height(), rgba.as_raw())
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The luminance at (x, y); the picture must contain the point.
    pub fn at(&self, x: u32, y: u32) -> u8 {
        self.luma[(y * self.width + x) as usize]
    }

    /// The luminance at a point between pixels (bilinear: a picture
    /// resampled level or flat), `None` outside.
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
        Some((top * (1.0 - ty) + bottom * ty).round() as u8)
    }

    /// All pixels, rows top to bottom.
    pub fn luma(&self) -> &[u8] {
        &self.luma
    }

    /// The picture with its edges sharpened (an unsharp mask over a box of
    /// `2 * reach + 1` pixels, `amount` times the difference added back)
    /// and its contrast stretched (the darkest and lightest hundredth of
    /// pixels to black and white): a blurred photo's thin lines and the
    /// gaps between its digits come back. Same size, same places.
    pub fn sharpened(&self, reach: u32, amount: f32) -> Picture {
        let (w, h) = (self.width as usize, self.height as usize);
        // A box blur, rows then columns, by running sums.
        let r = reach as usize;
        let blur_1d = |src: &[f32], len: usize, stride: usize, lines: usize, step: usize, out: &mut [f32]| {
            for line in 0..lines {
                let base = line * step;
                let mut sum = 0.0f32;
                let mut count = 0.0f32;
                for i in 0..len.min(r + 1) {
                    sum += src[base + i * stride];
                    count += 1.0;
                }
                for i in 0..len {
                    out[base + i * stride] = sum / count;
                    if i + r + 1 < len {
                        sum += src[base + (i + r + 1) * stride];
                        count += 1.0;
                    }
                    if i >= r {
                        sum -= src[base + (i - r) * stride];
                        count -= 1.0;
                    }
                }
            }
        };
        let source: Vec<f32> = self.luma.iter().map(|&v| v as f32).collect();
        let mut across = vec![0.0f32; w * h];
        blur_1d(&source, w, 1, h, w, &mut across);
        let mut blurred = vec![0.0f32; w * h];
        blur_1d(&across, h, w, w, 1, &mut blurred);
        let sharp: Vec<f32> = source.iter().zip(&blurred).map(|(&v, &b)| v + amount * (v - b)).collect();
        // The contrast stretched between the 1st and 99th percentiles.
        let mut sorted: Vec<f32> = sharp.iter().step_by(7).copied().collect();
        sorted.sort_by(f32::total_cmp);
        let (low, high) = match sorted.len() {
            0 => (0.0, 255.0),
            n => (sorted[n / 100], sorted[n - 1 - n / 100]),
        };
        let scale = if high > low { 255.0 / (high - low) } else { 1.0 };
        let luma = sharp.iter().map(|&v| ((v - low) * scale).round().clamp(0.0, 255.0) as u8).collect();
        Picture { width: self.width, height: self.height, luma }
    }

    /// The picture shrunk by a whole factor until its longer side is at
    /// most [`WORKING_SIDE`]; itself when it already is.
    fn shrunk_to_fit(self) -> Picture {
        let side = self.width.max(self.height);
        if side <= WORKING_SIDE {
            return self;
        }
        let factor = side.div_ceil(WORKING_SIDE);
        let width = (self.width / factor).max(1);
        let height = (self.height / factor).max(1);
        let mut luma = Vec::with_capacity((width * height) as usize);
        for y in 0..height {
            for x in 0..width {
                let mut sum = 0u32;
                let mut count = 0u32;
                for dy in 0..factor {
                    for dx in 0..factor {
                        let (sx, sy) = (x * factor + dx, y * factor + dy);
                        if sx < self.width && sy < self.height {
                            sum += self.at(sx, sy) as u32;
                            count += 1;
                        }
                    }
                }
                luma.push((sum / count.max(1)) as u8);
            }
        }
        Picture { width, height, luma }
    }
}

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Picture({}×{})", self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transparent_pixels_read_as_white_and_colours_as_their_luminance() {
        let rgba = [0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 255];
        let picture = Picture::from_rgba(3, 1, &rgba).unwrap();
        assert_eq!(picture.luma(), &[255, 54, 0]);
    }

    #[test]
    fn sizes_without_pixels_or_with_too_many_are_refused() {
        assert_eq!(Picture::from_luma(0, 5, vec![]), Err(PictureError::Empty));
        assert!(matches!(
            Picture::from_rgba(20_000, 20_000, &[]),
            Err(PictureError::TooLarge { width: 20_000, height: 20_000 })
        ));
        assert!(matches!(Picture::from_luma(2, 2, vec![0; 3]), Err(PictureError::WrongLength { .. })));
    }

    #[test]
    fn a_wide_picture_is_shrunk_to_the_working_side() {
        let picture = Picture::from_luma(16_000, 10, vec![200; 160_000]).unwrap();
        assert_eq!((picture.width(), picture.height()), (4_000, 2));
        assert!(picture.luma().iter().all(|&l| l == 200));
    }
}
