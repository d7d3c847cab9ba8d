//! Colour pictures to colour puzzles: an image's colours kept beside its
//! grey (reduced to at most [`MAX_COLOUR_PIXELS`] by block averaging), each
//! cell's mean colour, and the cells' colours quantised to a few: k-means in
//! Oklab (a perceptual space, where distances follow how different colours
//! look), the background being the colour most of the grid's border takes.

use crate::raster::Picture;
use nonogram_core::colour::{default_palette, Swatch, MAX_COLOURS};

/// Colour pixels kept at most (12 MB for three planes): a larger image is
/// kept block-averaged (2×2, 3×3, …), exact for smaller ones, grid-sized
/// pictures and pixel art scaled by whole factors.
pub const MAX_COLOUR_PIXELS: usize = 4_000_000;

/// An image's red, green and blue, composited over white, at `1/factor` of
/// its size.
#[derive(Clone, Debug)]
pub struct ColourImage {
    factor: usize,
    /// The source's width; the kept width is `width.div_ceil(factor)`.
    width: usize,
    planes: [Vec<u8>; 3],
    /// Sums of the block row being read, and how many source rows it has.
    sums: Vec<[u32; 4]>,
    rows: usize,
}

impl ColourImage {
    /// An empty image of `width`×`height` source pixels, filled by [`ColourImage::push_rgba`].
    pub fn with_size(width: usize, height: usize) -> ColourImage {
        let mut factor = 1;
        while width.div_ceil(factor) * height.div_ceil(factor) > MAX_COLOUR_PIXELS {
            factor += 1;
        }
        let kept = width.div_ceil(factor);
        ColourImage { factor, width, planes: Default::default(), sums: vec![[0; 4]; kept], rows: 0 }
    }

    /// Appends whole rows of RGBA pixels (4 bytes each, `width` per row).
    pub fn push_rgba(&mut self, rgba: &[u8]) {
        for row in rgba.chunks_exact(4 * self.width.max(1)) {
            for (x, &[r, g, b, a]) in row.as_chunks::<4>().0.iter().enumerate() {
                let over_white =
                    |v: u8| (u32::from(v) * u32::from(a) + 255 * (255 - u32::from(a)) + 127) / 255;
                let sum = &mut self.sums[x / self.factor];
                sum[0] += over_white(r);
                sum[1] += over_white(g);
                sum[2] += over_white(b);
                sum[3] += 1;
            }
            self.rows += 1;
            if self.rows == self.factor {
                self.flush();
            }
        }
    }

    /// Ends the image: a last partial block row is kept too.
    pub fn finish(&mut self) {
        if self.rows > 0 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        for sum in &mut self.sums {
            let n = sum[3].max(1);
            for (plane, &s) in self.planes.iter_mut().zip(sum.iter()) {
                plane.push(((s + n / 2) / n) as u8);
            }
            *sum = [0; 4];
        }
        self.rows = 0;
    }

    /// The mean colour of each cell of a `gw`×`gh` grid laid over the image.
    pub fn cell_colours(&self, gw: usize, gh: usize) -> Vec<[u8; 3]> {
        let kept = self.sums.len();
        let height = self.planes[0].len() / kept.max(1);
        let means: Vec<Vec<u8>> = self
            .planes
            .iter()
            .map(|p| {
                Picture::from_luma(kept as u32, height as u32, p.clone())
                    .map_or(vec![255; gw * gh], |g| g.cell_means(gw, gh))
            })
            .collect();
        (0..gw * gh).map(|i| [means[0][i], means[1][i], means[2][i]]).collect()
    }
}

/// Oklab of an sRGB colour (Björn Ottosson's matrices; the sRGB curve's
/// power approximated, see below).
fn oklab([r, g, b]: [u8; 3]) -> [f32; 3] {
    // sRGB to linear light: x^2.4 within 1 % as x^2.375 = x²·∛(x·x^⅛),
    // from square and cube roots (a powf would add its code to the wasm).
    let linear = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            let x = (v + 0.055) / 1.055;
            x * x * (x * x.sqrt().sqrt().sqrt()).cbrt()
        }
    };
    let (r, g, b) = (linear(r), linear(g), linear(b));
    let l = (0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b).cbrt();
    let m = (0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b).cbrt();
    let s = (0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b).cbrt();
    [
        0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
        1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
        0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s,
    ]
}

fn distance(a: &[f32; 3], b: &[f32; 3]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum()
}

/// The cells of a `width`-wide grid in at most `k` colours (2 to 8,
/// background included): each cell's colour (0 the background, then by
/// how many cells take it, most first) and the colours' RGB (the mean of
/// their cells). Deterministic; fewer colours when the cells have fewer.
pub fn quantise(cells: &[[u8; 3]], width: usize, k: usize) -> (Vec<u8>, Vec<[u8; 3]>) {
    let k = k.clamp(2, 8);
    if cells.is_empty() {
        return (Vec::new(), vec![[255; 3]]);
    }
    let points: Vec<[f32; 3]> = cells.iter().map(|&c| oklab(c)).collect();
    // Farthest-point start: the commonest colour, then each time the cell
    // farthest from every centre so far.
    let mut counts: Vec<([u8; 3], usize)> = Vec::new();
    for &c in cells {
        if let Some(entry) = counts.iter_mut().find(|(x, _)| *x == c) {
            entry.1 += 1;
        } else if counts.len() < 4096 {
            counts.push((c, 1));
        }
    }
    let commonest = counts.iter().max_by_key(|(_, n)| *n).map_or(cells[0], |(c, _)| *c);
    let mut centres = vec![oklab(commonest)];
    let mut nearest: Vec<f32> = points.iter().map(|p| distance(p, &centres[0])).collect();
    while centres.len() < k {
        let (far, &d) =
            nearest.iter().enumerate().fold((0, &0.0), |best, x| if x.1 > best.1 { x } else { best });
        if d <= 1e-6 {
            break; // fewer distinct colours than asked
        }
        centres.push(points[far]);
        for (n, p) in nearest.iter_mut().zip(&points) {
            *n = n.min(distance(p, &points[far]));
        }
    }
    let mut label = vec![0usize; cells.len()];
    for _ in 0..40 {
        let mut changed = false;
        for (l, p) in label.iter_mut().zip(&points) {
            let best = (0..centres.len())
                .min_by(|&a, &b| distance(p, &centres[a]).total_cmp(&distance(p, &centres[b])))
                .unwrap_or(0);
            changed |= *l != best;
            *l = best;
        }
        let mut sums = vec![([0.0f32; 3], 0usize); centres.len()];
        for (&l, p) in label.iter().zip(&points) {
            for (s, v) in sums[l].0.iter_mut().zip(p) {
                *s += v;
            }
            sums[l].1 += 1;
        }
        for (centre, (sum, n)) in centres.iter_mut().zip(&sums) {
            if *n > 0 {
                *centre = sum.map(|s| s / *n as f32);
            }
        }
        if !changed {
            break;
        }
    }
    // The background: the cluster most border cells are in; then the
    // others by size. Empty clusters are dropped.
    let height = cells.len() / width.max(1);
    let border = |i: usize| {
        let (r, c) = (i / width.max(1), i % width.max(1));
        r == 0 || c == 0 || r + 1 == height || c + 1 == width
    };
    let mut on_border = vec![0usize; centres.len()];
    let mut size = vec![0usize; centres.len()];
    for (i, &l) in label.iter().enumerate() {
        size[l] += 1;
        on_border[l] += usize::from(border(i));
    }
    let background = (0..centres.len()).max_by_key(|&c| (on_border[c], size[c], usize::MAX - c)).unwrap_or(0);
    // Largest first (ties: first found); at most 8, so picked one by one.
    let mut order = vec![background];
    while let Some(next) = (0..centres.len())
        .filter(|c| !order.contains(c) && size[*c] > 0)
        .min_by_key(|&c| (usize::MAX - size[c], c))
    {
        order.push(next);
    }
    let mut index = vec![0u8; centres.len()];
    for (new, &old) in order.iter().enumerate() {
        index[old] = new as u8;
    }
    let mut rgb_sums = vec![[0u64; 4]; order.len()];
    let out: Vec<u8> = label.iter().map(|&l| index[l]).collect();
    for (&o, c) in out.iter().zip(cells) {
        let s = &mut rgb_sums[usize::from(o)];
        for k in 0..3 {
            s[k] += u64::from(c[k]);
        }
        s[3] += 1;
    }
    let palette =
        rgb_sums.iter().map(|s| [0, 1, 2].map(|k| ((s[k] + s[3] / 2) / s[3].max(1)) as u8)).collect();
    (out, palette)
}

/// Names and characters for colours: the nearest of the default palette's
/// names (white, black, red, …; a second "red" is "red 2"), the background
/// written `.` and the others with their name's character (`#` black, `r`
/// red, …) while it is free.
pub fn name_colours(palette: &[[u8; 3]]) -> Vec<Swatch> {
    let named = default_palette(MAX_COLOURS.min(11));
    let mut out: Vec<Swatch> = Vec::new();
    for (i, &rgb) in palette.iter().enumerate() {
        let near = named
            .iter()
            .min_by(|a, b| {
                distance(&oklab(a.rgb), &oklab(rgb)).total_cmp(&distance(&oklab(b.rgb), &oklab(rgb)))
            })
            .cloned()
            .unwrap_or_else(|| Swatch::new("colour", rgb, '?'));
        let mut name = near.name.clone();
        let mut n = 1;
        while out.iter().any(|s| s.name == name) {
            n += 1;
            name = format!("{} {n}", near.name);
        }
        let taken = |c: char| out.iter().any(|s| s.symbol == c);
        let symbol = match i {
            0 => '.',
            _ if !taken(near.symbol) && near.symbol != '.' => near.symbol,
            _ => crate::xml::free_symbol(out.iter().map(|s| s.symbol).chain(['.'])),
        };
        out.push(Swatch { name, rgb, symbol });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RGBA rows of a picture of colours, each cell `scale` pixels square.
    fn rgba(cells: &[[u8; 3]], width: usize, scale: usize) -> Vec<u8> {
        let height = cells.len() / width;
        let mut out = Vec::new();
        for y in 0..height * scale {
            for x in 0..width * scale {
                let [r, g, b] = cells[(y / scale) * width + x / scale];
                out.extend([r, g, b, 255]);
            }
        }
        out
    }

    const WHITE: [u8; 3] = [255, 255, 255];
    const RED: [u8; 3] = [220, 30, 30];
    const NAVY: [u8; 3] = [20, 30, 120];

    #[test]
    fn a_three_colour_picture_comes_back_exactly() {
        // A white frame around red and navy; navy (4 cells) before red (2).
        let (w, r, n) = (WHITE, RED, NAVY);
        #[rustfmt::skip]
        let picture = [
            w, w, w, w, w,
            w, r, n, n, w,
            w, r, n, n, w,
            w, w, w, w, w,
        ];
        for scale in [1, 5] {
            let mut image = ColourImage::with_size(5 * scale, 4 * scale);
            image.push_rgba(&rgba(&picture, 5, scale));
            image.finish();
            let cells = image.cell_colours(5, 4);
            assert_eq!(cells, picture);
            let (out, palette) = quantise(&cells, 5, 3);
            assert_eq!(out, [0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0]);
            assert_eq!(palette, [WHITE, NAVY, RED]);
            let names: Vec<(String, char)> =
                name_colours(&palette).into_iter().map(|s| (s.name, s.symbol)).collect();
            assert_eq!(names, [("white".into(), '.'), ("blue".into(), 'b'), ("red".into(), 'r')]);
        }
    }

    #[test]
    fn the_background_is_the_border_s_colour_even_when_not_the_commonest() {
        // A red frame around a large navy middle.
        let mut picture = vec![NAVY; 36];
        for (i, cell) in picture.iter_mut().enumerate() {
            if !(6..30).contains(&i) || i % 6 == 0 || i % 6 == 5 {
                *cell = RED;
            }
        }
        picture[14] = WHITE;
        let (out, palette) = quantise(&picture, 6, 3);
        assert_eq!(palette, [RED, NAVY, WHITE]);
        assert_eq!((out[0], out[7], out[14]), (0, 1, 2));
    }

    #[test]
    fn asking_for_more_colours_than_there_are_gives_those_there_are() {
        let picture = [WHITE, WHITE, WHITE, RED, RED, WHITE];
        let (out, palette) = quantise(&picture, 3, 6);
        assert_eq!((out, palette.len()), (vec![0, 0, 0, 1, 1, 0], 2));
        // Nearby shades merge when few colours are asked for.
        let shades = [WHITE, [250, 250, 250], WHITE, RED, [200, 40, 40], NAVY];
        let (out, palette) = quantise(&shades, 3, 3);
        assert_eq!(out, [0, 0, 0, 1, 1, 2]);
        assert_eq!(palette.len(), 3);
    }

    #[test]
    fn large_images_are_kept_block_averaged() {
        let (w, h) = (4000, 2000);
        let mut image = ColourImage::with_size(w, h);
        assert_eq!(image.factor, 2);
        // Left half red, right half navy, in strips of 7 rows.
        let row: Vec<u8> =
            (0..w).flat_map(|x| if x < w / 2 { [220, 30, 30, 255] } else { [20, 30, 120, 255] }).collect();
        let strip: Vec<u8> = row.iter().copied().cycle().take(row.len() * 7).collect();
        for _ in 0..h / 7 {
            image.push_rgba(&strip);
        }
        image.push_rgba(&row.repeat(h % 7));
        image.finish();
        assert_eq!(image.cell_colours(2, 1), [RED, NAVY]);
    }
}
