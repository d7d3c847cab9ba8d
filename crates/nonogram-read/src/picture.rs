//! The picture the reader works on: the one [`Picture`] of the formats
//! crate (grey, one byte a pixel, the page's and the CLI's alike), at the
//! reader's working size, decoded natively from a PNG, JPEG or WebP file
//! (feature `decode`) or sharpened for a blurred photo's second look.
//!
//! Colour plays no part in finding a grid or reading a digit (a colour
//! puzzle's clue boxes are a later step), so a picture is its grey.

pub use nonogram_formats::raster::{check_size, Picture, PictureError, MAX_IMAGE_PIXELS};

/// The longest side the reader works at: a larger picture is shrunk by a
/// whole factor (averaging each square of pixels) until it fits. A puzzle's
/// cells stay far above the size digits need (a 30 × 30 grid filling a
/// 16 000 px wide picture has cells of 260 px).
pub const WORKING_SIDE: u32 = 4_000;

/// A JPEG's end-of-image marker (FF D9) comes after its last scan's
/// start (FF DA): a file cut short has none there (a thumbnail's end, in
/// its header, comes before; inside a scan's data an FF byte is always
/// followed by 00, so the pair is a marker wherever it is found).
#[cfg(feature = "decode")]
fn jpeg_ends(bytes: &[u8]) -> bool {
    let scan = bytes.windows(2).rposition(|w| w == [0xFF, 0xDA]);
    scan.is_some_and(|at| bytes[at..].windows(2).any(|w| w == [0xFF, 0xD9]))
}

/// Decodes a PNG, JPEG or WebP file, refusing one of more than
/// [`MAX_IMAGE_PIXELS`] before decoding its pixels.
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
    check_size(u64::from(width), u64::from(height))?;
    let mut reader = ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| PictureError::Undecodable(e.to_string()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    limits.max_alloc = Some(MAX_IMAGE_PIXELS * 8);
    reader.limits(limits);
    // A phone's photo is stored as the camera held it, with the turn
    // to show it upright in its EXIF orientation: applied.
    let mut decoder = reader.into_decoder().map_err(undecodable)?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut image = image::DynamicImage::from_decoder(decoder).map_err(undecodable)?;
    image.apply_orientation(orientation);
    let rgba = image.into_rgba8();
    Picture::from_rgba(rgba.width(), rgba.height(), rgba.as_raw()).map(working)
}

/// The picture with its edges sharpened (an unsharp mask over a box of
/// `2 * reach + 1` pixels, `amount` times the difference added back)
/// and its contrast stretched (the darkest and lightest hundredth of
/// pixels to black and white): a blurred photo's thin lines and the
/// gaps between its digits come back. Same size, same places.
pub fn sharpened(picture: &Picture, reach: u32, amount: f32) -> Picture {
    let (w, h) = (picture.width() as usize, picture.height() as usize);
    let r = reach as usize;
    let luma = picture.luma();
    // A box blur, rows then columns, by running sums, a row at a time
    // (a 12-megapixel photo's whole blurred copies took 240 MB): each
    // row blurred across, and each column's running sum down carried
    // from row to row over a ring of the rows it spans.
    let across = |y: usize, out: &mut [f32]| {
        let row = &luma[y * w..(y + 1) * w];
        let (mut sum, mut count) = (0.0f32, 0.0f32);
        for &v in row.iter().take(r + 1) {
            sum += v as f32;
            count += 1.0;
        }
        for i in 0..w {
            out[i] = sum / count;
            if i + r + 1 < w {
                sum += row[i + r + 1] as f32;
                count += 1.0;
            }
            if i >= r {
                sum -= row[i - r] as f32;
                count -= 1.0;
            }
        }
    };
    // Each row's sharpened values, in order, to `visit`.
    let each_row = |visit: &mut dyn FnMut(usize, &[f32])| {
        let span = 2 * r + 2;
        let mut ring = vec![0.0f32; span * w];
        let mut done = 0; // rows blurred across so far
        let mut ensure = |upto: usize, ring: &mut [f32]| {
            while done <= upto.min(h - 1) {
                across(done, &mut ring[(done % span) * w..(done % span + 1) * w]);
                done += 1;
            }
        };
        let mut sums = vec![0.0f32; w];
        let mut count = 0.0f32;
        ensure(r, &mut ring);
        for i in 0..h.min(r + 1) {
            let row = &ring[(i % span) * w..(i % span + 1) * w];
            sums.iter_mut().zip(row).for_each(|(s, &v)| *s += v);
            count += 1.0;
        }
        let mut sharp = vec![0.0f32; w];
        for i in 0..h {
            let source = &luma[i * w..(i + 1) * w];
            for ((out, &v), &sum) in sharp.iter_mut().zip(source).zip(&sums) {
                let v = v as f32;
                *out = v + amount * (v - sum / count);
            }
            visit(i, &sharp);
            if i + r + 1 < h {
                ensure(i + r + 1, &mut ring);
                let k = (i + r + 1) % span;
                sums.iter_mut().zip(&ring[k * w..(k + 1) * w]).for_each(|(s, &v)| *s += v);
                count += 1.0;
            }
            if i >= r {
                let k = (i - r) % span;
                sums.iter_mut().zip(&ring[k * w..(k + 1) * w]).for_each(|(s, &v)| *s -= v);
                count -= 1.0;
            }
        }
    };
    // The contrast stretched between the 1st and 99th percentiles (of
    // every seventh pixel).
    let mut sorted: Vec<f32> = Vec::with_capacity(w * h / 7 + 1);
    each_row(&mut |y, row| {
        let first = (7 - (y * w) % 7) % 7;
        sorted.extend(row.iter().skip(first).step_by(7));
    });
    sorted.sort_by(f32::total_cmp);
    let (low, high) = match sorted.len() {
        0 => (0.0, 255.0),
        n => (sorted[n / 100], sorted[n - 1 - n / 100]),
    };
    drop(sorted);
    let scale = if high > low { 255.0 / (high - low) } else { 1.0 };
    let mut out = Vec::with_capacity(w * h);
    each_row(&mut |_, row| {
        // Half up, clamped to 0..=255 by the cast (as `round` and `clamp`
        // did, without the library call).
        out.extend(row.iter().map(|&v| ((v - low) * scale + 0.5) as u8))
    });
    Picture::from_luma(picture.width(), picture.height(), out).expect("the same size")
}

/// The picture shrunk by a whole factor until its longer side is at
/// most [`WORKING_SIDE`]; itself when it already is.
pub fn working(picture: Picture) -> Picture {
    let side = picture.width().max(picture.height());
    if side <= WORKING_SIDE {
        return picture;
    }
    let factor = side.div_ceil(WORKING_SIDE);
    let width = (picture.width() / factor).max(1);
    let height = (picture.height() / factor).max(1);
    let mut luma = Vec::with_capacity((width * height) as usize);
    for y in 0..height {
        for x in 0..width {
            let mut sum = 0u32;
            let mut count = 0u32;
            for dy in 0..factor {
                for dx in 0..factor {
                    let (sx, sy) = (x * factor + dx, y * factor + dy);
                    if sx < picture.width() && sy < picture.height() {
                        sum += picture.at(sx, sy) as u32;
                        count += 1;
                    }
                }
            }
            luma.push((sum / count.max(1)) as u8);
        }
    }
    Picture::from_luma(width, height, luma).expect("a smaller size")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_picture_is_shrunk_to_the_working_side() {
        let picture = working(Picture::from_luma(16_000, 10, vec![200; 160_000]).unwrap());
        assert_eq!((picture.width(), picture.height()), (4_000, 2));
        assert!(picture.luma().iter().all(|&l| l == 200));
    }
}
