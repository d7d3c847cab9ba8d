//! Image headers, grey conversion, area averaging, Otsu, and share links.

use nonogram_core::{Cell, Clue, Grid, Puzzle};
use nonogram_formats::raster::{
    grey, keep_aspect, otsu, sniff, threshold, ImageError, ImageFormat, Picture, PictureError, Sniffed,
};
use nonogram_formats::share;
use proptest::prelude::*;

fn png_header(w: u32, h: u32) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    b.extend(w.to_be_bytes());
    b.extend(h.to_be_bytes());
    b.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
    b
}

fn jpeg_header(w: u16, h: u16) -> Vec<u8> {
    // SOI, an APP0 segment to skip, fill bytes, then SOF0.
    let mut b = vec![0xff, 0xd8, 0xff, 0xe0, 0, 6, b'J', b'F', b'I', b'F', 0xff, 0xff, 0xc0, 0, 11, 8];
    b.extend(h.to_be_bytes());
    b.extend(w.to_be_bytes());
    b.extend([1, 1, 0x11, 0]);
    b
}

fn bmp_header(w: i32, h: i32) -> Vec<u8> {
    let mut b = b"BM".to_vec();
    b.extend([0u8; 12]);
    b.extend(40u32.to_le_bytes());
    b.extend(w.to_le_bytes());
    b.extend(h.to_le_bytes());
    b.extend([1, 0, 24, 0]);
    b
}

fn webp_headers(w: u32, h: u32) -> [Vec<u8>; 3] {
    let riff = |chunk: &[u8], body: Vec<u8>| {
        let mut b = b"RIFF\0\0\0\0WEBP".to_vec();
        b.extend(chunk);
        b.extend([0u8; 4]);
        b.extend(body);
        b
    };
    let mut vp8 = vec![0, 0, 0, 0x9d, 0x01, 0x2a];
    vp8.extend((w as u16).to_le_bytes());
    vp8.extend((h as u16).to_le_bytes());
    let bits = (w - 1) | (h - 1) << 14;
    let mut vp8l = vec![0x2f];
    vp8l.extend(bits.to_le_bytes());
    let mut vp8x = vec![0u8; 4];
    vp8x.extend(&(w - 1).to_le_bytes()[..3]);
    vp8x.extend(&(h - 1).to_le_bytes()[..3]);
    [riff(b"VP8 ", vp8), riff(b"VP8L", vp8l), riff(b"VP8X", vp8x)]
}

#[test]
fn headers_give_format_and_size() {
    let image = |format, width, height| Ok(Sniffed::Image { format, width, height });
    assert_eq!(sniff(&png_header(300, 200)), image(ImageFormat::Png, 300, 200));
    assert_eq!(sniff(&jpeg_header(4000, 3000)), image(ImageFormat::Jpeg, 4000, 3000));
    assert_eq!(sniff(b"GIF89a\x0a\x00\x05\x00rest"), image(ImageFormat::Gif, 10, 5));
    assert_eq!(sniff(&bmp_header(7, -9)), image(ImageFormat::Bmp, 7, 9));
    for header in webp_headers(640, 480) {
        assert_eq!(sniff(&header), image(ImageFormat::WebP, 640, 480));
    }
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    assert_eq!(sniff(b""), Err(ImageError::Empty));
    assert_eq!(sniff(b"01110\n10001\n"), Ok(Sniffed::Other));
    assert_eq!(sniff(b"BMW is a car"), Ok(Sniffed::Other));
    assert_eq!(sniff(b"hello"), Ok(Sniffed::Other));
    for (format_bytes, keep) in [(png_header(3, 3), 20), (jpeg_header(3, 3), 16), (bmp_header(3, 3), 22)] {
        let cut = &format_bytes[..keep];
        assert!(matches!(sniff(cut), Err(ImageError::Truncated(_))), "{cut:?}");
    }
    assert_eq!(sniff(b"\x89PN"), Err(ImageError::Truncated(ImageFormat::Png)));
    assert_eq!(sniff(&png_header(0, 5)), Err(ImageError::NoPixels(ImageFormat::Png)));
    let huge = sniff(&png_header(100_000, 100_000)).unwrap_err();
    assert!(matches!(huge, ImageError::TooLarge { width: 100_000, .. }));
    assert_eq!(
        huge.to_string(),
        "the PNG image is 100000×100000 pixels; the largest accepted is 16384 pixels a side and 50 megapixels"
    );
    // 10 000 × 10 000 is under the side limit but over 50 megapixels.
    assert!(matches!(sniff(&png_header(10_000, 10_000)), Err(ImageError::TooLarge { .. })));
    assert_eq!(ImageError::Empty.to_string(), "the file is empty (0 bytes)");
}

#[test]
fn transparent_counts_as_white_and_grey_follows_luma() {
    assert_eq!(grey(0, 0, 0, 255), 0);
    assert_eq!(grey(255, 255, 255, 255), 255);
    assert_eq!(grey(0, 0, 0, 0), 255);
    assert_eq!(grey(0, 0, 0, 128), 127);
    assert_eq!(grey(255, 0, 0, 255), 54);
    assert_eq!(grey(0, 255, 0, 255), 182);
}

#[test]
fn a_grid_sized_image_converts_pixel_exact() {
    let rows = ["01110", "11010", "01110", "00110", "00111"];
    let mut rgba = Vec::new();
    for r in rows {
        for c in r.chars() {
            let v = if c == '1' { 20 } else { 230 };
            rgba.extend([v, v, v, 255]);
        }
    }
    let image = Picture::from_rgba(5, 5, &rgba).unwrap();
    assert_eq!(image.default_grid(), (5, 5));
    let values = image.cell_means(5, 5);
    assert_eq!(values, image.luma());
    let t = otsu(&values);
    let grid = threshold(5, 5, &values, t, false);
    assert_eq!(grid.to_text().replace('#', "1").replace('.', "0").trim_end(), rows.join("\n"));
    let inverted = threshold(5, 5, &values, t, true);
    assert!(grid.cells().iter().zip(inverted.cells()).all(|(a, b)| a != b));
}

#[test]
fn transparent_pixels_are_white_and_colours_their_luminance() {
    // Clear, opaque red, opaque black: Rec. 709's red weight is 0.2126.
    let rgba = [0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 255];
    assert_eq!(Picture::from_rgba(3, 1, &rgba).unwrap().luma(), &[255, 54, 0]);
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
fn area_averaging_weighs_partial_pixels() {
    // 3 pixels into 2 cells: cell 0 = p0 + half p1, cell 1 = half p1 + p2.
    let image = Picture::from_luma(3, 1, vec![0, 100, 200]).unwrap();
    assert_eq!(image.cell_means(2, 1), vec![33, 167]);
    // 2 pixels into 3 cells (up-sampling): the middle cell straddles both.
    let image = Picture::from_luma(2, 1, vec![0, 90]).unwrap();
    assert_eq!(image.cell_means(3, 1), vec![0, 45, 90]);
    // A whole image into one cell is its mean.
    let image = Picture::from_luma(2, 2, vec![0, 255, 255, 255]).unwrap();
    assert_eq!(image.cell_means(1, 1), vec![191]);
}

/// A black disc of radius 0.4 × side on white, side × side pixels.
fn disc(side: usize) -> Picture {
    let c = side as f64 / 2.0;
    let pixels = (0..side * side)
        .map(|i| {
            let (x, y) = ((i % side) as f64 + 0.5 - c, (i / side) as f64 + 0.5 - c);
            if x * x + y * y <= (0.4 * side as f64).powi(2) {
                0
            } else {
                255
            }
        })
        .collect();
    Picture::from_luma(side as u32, side as u32, pixels).unwrap()
}

#[test]
fn a_disc_becomes_a_round_picture() {
    let image = disc(300);
    assert_eq!(image.default_grid(), (30, 30), "a 300×300 two-level picture is not blocky");
    let values = image.cell_means(20, 20);
    let t = otsu(&values);
    assert!((60..=195).contains(&t), "threshold {t}");
    let grid = threshold(20, 20, &values, t, false);
    assert_eq!(grid.get(10, 10), Cell::Filled);
    assert_eq!(grid.get(0, 0), Cell::Empty);
    assert_eq!(grid.get(10, 2), Cell::Filled);
    assert_eq!(grid.get(2, 2), Cell::Empty);
    // Symmetric, and close to π·8² cells.
    for r in 0..20 {
        for c in 0..20 {
            assert_eq!(grid.get(r, c), grid.get(c, r));
            assert_eq!(grid.get(r, c), grid.get(19 - r, c));
        }
    }
    let filled = grid.cells().iter().filter(|&&c| c == Cell::Filled).count();
    assert!((180..=220).contains(&filled), "{filled} filled");
}

#[test]
fn blocks_of_pixels_are_seen_as_cells() {
    // A 3×2 grid drawn with 8×8-pixel cells.
    let cells = [0u8, 255, 0, 255, 255, 0];
    let mut pixels = vec![0; 24 * 16];
    for (i, p) in pixels.iter_mut().enumerate() {
        let (x, y) = (i % 24, i / 24);
        *p = cells[(y / 8) * 3 + x / 8];
    }
    let image = Picture::from_luma(24, 16, pixels).unwrap();
    assert_eq!(image.block_grid(), (3, 2));
    assert_eq!(image.default_grid(), (3, 2));
    assert_eq!(image.cell_means(3, 2), cells);
    // A blocky image too large for a grid falls back to the default size.
    let big =
        Picture::from_luma(800, 2, (0..1600).map(|i| if (i % 800) / 2 % 2 == 0 { 0 } else { 255 }).collect())
            .unwrap();
    assert_eq!(big.block_grid(), (400, 1));
    assert_eq!(big.default_grid(), (30, 1));
    assert_eq!(keep_aspect(4000, 3000, 30), (30, 23));
    assert_eq!(keep_aspect(10, 1000, 30), (1, 30));
}

#[test]
fn a_grid_image_round_trip() {
    let grid = nonogram_formats::parse_picture("#.#\n.#.\n").unwrap();
    let image = Picture::from_grid(&grid);
    let values = image.cell_means(3, 2);
    assert_eq!(threshold(3, 2, &values, otsu(&values), false), grid);
}

fn puzzle_of(rows: Vec<Vec<u32>>, columns: Vec<Vec<u32>>, title: Option<String>) -> Puzzle {
    let mut p = Puzzle::new(rows.into_iter().map(Clue).collect(), columns.into_iter().map(Clue).collect());
    p.meta.title = title;
    p
}

#[test]
fn share_links_are_compact_and_checked() {
    let grid: Grid = nonogram_formats::parse_picture("01110\n11010\n01110\n00110\n00111\n").unwrap();
    let mut p = Puzzle::from_picture(&grid);
    p.meta.goal = None;
    p.meta.title = Some("Post 003 — «π»".into());
    let link = share::encode(&p);
    assert!(link.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{link}");
    let untitled = Puzzle { meta: Default::default(), ..p.clone() };
    assert!(share::encode(&untitled).len() < 40, "{} characters", share::encode(&untitled).len());
    assert_eq!(share::decode(&link).unwrap(), p);
    // Damaged links say what is wrong.
    assert!(share::decode(&link[..link.len() - 4]).unwrap_err().to_string().starts_with("the link"));
    assert_eq!(
        share::decode("AB!C").unwrap_err().to_string(),
        "line 1, column 3: `!` cannot be in a share link (letters, digits, - and _)"
    );
    let bad = puzzle_of(vec![vec![3]], vec![vec![1]], None);
    assert!(share::decode(&share::encode(&bad)).is_err(), "clues that cannot fit are refused");
    assert_eq!(share::decode("").unwrap_err().to_string(), "the link ends before its version");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, rng_seed: proptest::test_runner::RngSeed::Fixed(7), ..ProptestConfig::default() })]

    #[test]
    fn share_links_round_trip(w in 1usize..40, h in 1usize..40, bits in proptest::collection::vec(any::<bool>(), 1600), title in proptest::option::of("\\PC{0,20}")) {
        let cells = (0..w * h).map(|i| if bits[i] { Cell::Filled } else { Cell::Empty }).collect();
        let mut p = Puzzle::from_picture(&Grid::from_cells(w, h, cells).unwrap());
        p.meta.goal = None;
        p.meta.title = title.filter(|t| !t.is_empty());
        prop_assert_eq!(share::decode(&share::encode(&p)).unwrap(), p);
    }

    #[test]
    fn share_decoding_reads_back_or_refuses(text in "[A-Za-z0-9_-]{0,80}") {
        if let Ok(p) = share::decode(&text) {
            prop_assert_eq!(share::decode(&share::encode(&p)).unwrap(), p);
        }
    }

    #[test]
    fn cell_means_stay_within_the_pixels(w in 1usize..60, h in 1usize..60, gw in 1usize..30, gh in 1usize..30, seed in any::<u64>()) {
        let pixels: Vec<u8> = (0..w * h).map(|i| (seed.wrapping_mul(6364136223846793005).wrapping_add((i as u64).wrapping_mul(1442695040888963407)) >> 56) as u8).collect();
        let image = Picture::from_luma(w as u32, h as u32, pixels.clone()).unwrap();
        let means = image.cell_means(gw, gh);
        prop_assert_eq!(means.len(), gw * gh);
        let (lo, hi) = (*pixels.iter().min().unwrap(), *pixels.iter().max().unwrap());
        prop_assert!(means.iter().all(|&m| m >= lo && m <= hi));
        // The mean of the cell means is the mean of the image (equal areas).
        let mean = |v: &[u8]| v.iter().map(|&x| x as f64).sum::<f64>() / v.len() as f64;
        prop_assert!((mean(&means) - mean(&pixels)).abs() <= 0.5 + 1e-9);
    }

    #[test]
    fn sniffing_accepts_only_sizes_within_limits(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(nonogram_formats::raster::Sniffed::Image { width, height, .. }) = sniff(&bytes) {
            prop_assert!(width >= 1 && height >= 1);
            prop_assert!(width <= nonogram_formats::raster::MAX_IMAGE_SIDE && height <= nonogram_formats::raster::MAX_IMAGE_SIDE);
        }
    }
}
