//! Trains the digit recogniser on digits this program draws itself.
//!
//! ```text
//! cargo run --release -p nonogram-read --features train --example train -- [--seed N] [--pictures N] [--epochs N] [--photos SHARE] [--out FILE]
//! ```
//!
//! The samples are cut from whole puzzle pictures (every style of
//! `render`, as `render::scene` draws them for the bench: Debian's fonts
//! but the held-back fifth, pixel and segment digits, part-played, some
//! in a phone's frame, blurred, noisy or JPEG'd, three in ten photos,
//! levelled by `straighten`) by the reader's own lattice finder and blob
//! cutter, each labelled with the digit the puzzle put there; loose
//! numbers turned, sheared and blurred as a camera would; and marks and
//! letters, labelled "no digit". Then it measures the network on
//! pictures drawn with the held-back fonts and prints the accuracy and the
//! highest certainty of a wrong answer (what `check::CERTAIN` must stay
//! above).
//!
//! The same seed gives the same weights on any number of cores: the
//! pictures are drawn in chunks, each from a generator of its own, and
//! each batch's gradient is summed from a fixed number of parts in their
//! order, whichever thread computed each. It needs no GPU: about twenty
//! minutes on two cores.

use std::path::PathBuf;

use nonogram_read::blob::{blobs, glyph, Glyph, Ink, Rect};
use nonogram_read::clues;
use nonogram_read::grid::lattice;
use nonogram_read::network::{Layout, Network, C1, CLASSES, FLAT, HIDDEN, NO_DIGIT};
use nonogram_read::render::scene::lettering_for;
use nonogram_read::render::{
    self, faces, grey, held_back, training_scene, Canvas, Face, Kind, Lettering, Pen, Photo, Rng, STYLES,
};
use nonogram_read::straighten::straighten;

struct Options {
    /// Only measure the weights in `out` on the held-back samples, and
    /// write the glyphs it gets wrong to this PNG.
    wrong: Option<PathBuf>,
    seed: u64,
    pictures: usize,
    epochs: usize,
    /// The share of puzzle pictures made photo-like.
    photos: f32,
    out: PathBuf,
}

fn options() -> Options {
    let mut o = Options {
        wrong: None,
        seed: 1,
        pictures: 3000,
        epochs: 10,
        photos: 0.3,
        out: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/digits.weights")),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--seed" => o.seed = value.parse().expect("--seed N"),
            "--pictures" => o.pictures = value.parse().expect("--pictures N"),
            "--epochs" => o.epochs = value.parse().expect("--epochs N"),
            "--photos" => o.photos = value.parse().expect("--photos SHARE"),
            "--out" => o.out = PathBuf::from(value),
            "--wrong" => o.wrong = Some(PathBuf::from(value)),
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    o
}

/// The digits a line's clue shows, in reading order ("0" for an empty line).
fn digits_of(clue: &[u32]) -> Vec<u8> {
    if clue.is_empty() {
        return vec![0];
    }
    clue.iter().flat_map(|n| n.to_string().bytes().map(|b| b - b'0').collect::<Vec<_>>()).collect()
}

/// Samples cut from one drawn puzzle, as the reader cuts them.
pub fn puzzle_samples(faces: &[&Face], photos: f32, rng: &mut Rng, out: &mut Vec<(Glyph, u8)>) -> bool {
    let style = *rng.pick(&STYLES);
    let photo = rng.chance(photos);
    let scene = training_scene(style, if photo { Kind::Photo } else { Kind::Screenshot }, faces, rng);
    let (w, h) = (scene.puzzle.width(), scene.puzzle.height());
    let mut picture = scene.canvas.picture();
    if photo {
        match straighten(&picture) {
            Some(level) => picture = level.picture,
            None => return false,
        }
    }
    // The lattice found must be the one drawn, line for line: one a
    // line short at one end and a line over at the other would label
    // each line's digits with its neighbour's clue.
    let Some(mut grid) = lattice(&picture) else { return false };
    if (grid.width(), grid.height()) != scene.lattice {
        return false;
    }
    grid.box_xs = grid.xs.drain(..grid.xs.len() - w - 1).collect();
    grid.box_ys = grid.ys.drain(..grid.ys.len() - h - 1).collect();
    if grid.width() != w || grid.height() != h {
        return false;
    }
    let strips = clues::strips(&picture, &grid);
    let lines = strips
        .rows
        .iter()
        .map(|&s| (s, true))
        .zip(scene.puzzle.rows.iter())
        .chain(strips.columns.iter().map(|&s| (s, false)).zip(scene.puzzle.columns.iter()));
    for ((strip, is_row), clue) in lines {
        let (found, separators, _) = clues::candidates(&picture, strip, &grid, is_row, true);
        let found: Vec<clues::Candidate> =
            found.into_iter().flat_map(|c| clues::split_wide(&picture, c)).collect();
        let truth = digits_of(&clue.0);
        let height = found.iter().map(|c| c.blob.rect.height()).max().unwrap_or(1) as f32;
        let grouped = if is_row {
            clues::group_row(&found, &separators, strip, height, 0.85, !grid.box_xs.is_empty())
        } else {
            clues::group_column(&found, strip, height)
        };
        if grouped.digits.len() != truth.len() {
            continue;
        }
        for ((rect, ink), &digit) in grouped.digits.iter().zip(&truth) {
            out.push((glyph(&picture, *rect, ink), digit));
        }
    }
    true
}

/// Loose numbers drawn on a small canvas, turned and blurred as a camera
/// would, cut by the blob cutter; and marks and letters as "no digit".
fn loose_samples(faces: &[&Face], rng: &mut Rng, out: &mut Vec<(Glyph, u8)>) {
    let height = rng.range(6.0, 30.0);
    // Marks and letters are drawn from fonts; numbers in the letterings of
    // the styles (pixel and segment digits now and then).
    let marks = rng.chance(0.35);
    let lettering = if marks {
        Lettering::Font(rng.pick::<&Face>(faces))
    } else {
        lettering_for(*rng.pick(&STYLES), faces, rng)
    };
    let pen = Pen::for_digit_height(lettering, height);
    let dark = rng.chance(0.3);
    let (bg, ink) = if dark {
        (rng.below(10, 70) as u8, rng.below(170, 255) as u8)
    } else {
        (rng.below(190, 256) as u8, rng.below(0, 90) as u8)
    };
    let (text, labels): (String, Vec<u8>) = if marks {
        let chars: Vec<char> = render::NOT_DIGITS.chars().collect();
        let n = rng.below(1, 4);
        let text: String =
            (0..n).map(|_| *rng.pick(&chars)).collect::<Vec<_>>().iter().map(|c| format!("{c} ")).collect();
        (text.trim_end().to_string(), vec![NO_DIGIT as u8; n])
    } else {
        let value = if rng.chance(0.5) { rng.below(0, 10) } else { rng.below(10, 100) };
        let text = value.to_string();
        let labels = text.bytes().map(|b| b - b'0').collect();
        (text, labels)
    };
    let width = (pen.advance(&text) + height * 2.0).ceil() as u32 + 4;
    let side = (height * 2.5).ceil() as u32;
    let mut canvas = Canvas::new(width, side, grey(bg));
    pen.draw_centred(&mut canvas, &text, width as f32 / 2.0, side as f32 / 2.0, grey(ink));
    // Now and then a piece of a line or a dot beside it: "no digit" too
    // (they are cut as blobs of their own).
    let photo = Photo {
        turn: rng.range(-6.0, 6.0),
        perspective: rng.range(0.0, 0.05),
        curl: 0.0,
        blur: rng.range(0.0, 1.0),
        shading: rng.range(0.0, 0.3),
        noise: rng.range(0.0, 5.0),
        jpeg: if rng.chance(0.5) { Some(rng.below(40, 95) as u8) } else { None },
    };
    let canvas = photo.apply(&canvas, rng);
    let picture = canvas.picture();
    let all = Rect { x0: 0, y0: 0, x1: picture.width(), y1: picture.height() };
    let Some(ink) = Ink::of(&picture, all) else { return };
    let least = (height * 0.4) as u32;
    let mut found: Vec<_> = blobs(&picture, all, &ink, |_, _| false)
        .into_iter()
        .filter(|b| b.rect.height() >= least.max(3))
        .map(|blob| clues::Candidate { blob, ink, badge: None })
        .flat_map(|c| if marks { vec![c] } else { clues::split_wide(&picture, c) })
        .collect();
    found.sort_by_key(|c| c.blob.rect.x0);
    if found.len() != labels.len() {
        return;
    }
    for (c, &label) in found.iter().zip(&labels) {
        out.push((glyph(&picture, c.blob.rect, &c.ink), label));
    }
}

/// Pieces of lines lying across, and crosses, as a clue area's edges and a
/// game's marks leave them: "no digit".
fn line_pieces(rng: &mut Rng, out: &mut Vec<(Glyph, u8)>) {
    let size = rng.below(16, 60) as u32;
    let mut canvas = Canvas::new(size, size, grey(rng.below(200, 256) as u8));
    let ink = grey(rng.below(0, 120) as u8);
    let s = size as f32;
    // No upright bar: in a clue area that is a "1" far more often than a
    // line's piece (the lines along a strip are taken out before).
    match rng.below(0, 2) {
        0 => canvas.fill(s * 0.1, s * 0.3, s * 0.9, s * 0.3 + rng.range(1.0, 3.0), ink),
        _ => {
            let r = rng.range(0.1, 0.3) * s;
            canvas.stroke(s * 0.5 - r, s * 0.5 - r, s * 0.5 + r, s * 0.5 + r, 1.5, ink);
            canvas.stroke(s * 0.5 + r, s * 0.5 - r, s * 0.5 - r, s * 0.5 + r, 1.5, ink);
        }
    }
    let picture = canvas.picture();
    let all = Rect { x0: 0, y0: 0, x1: size, y1: size };
    if let Some(ink) = Ink::of(&picture, all) {
        for b in blobs(&picture, all, &ink, |_, _| false)
            .into_iter()
            .filter(|b| b.rect.height().max(b.rect.width()) >= 4)
        {
            out.push((glyph(&picture, b.rect, &ink), NO_DIGIT as u8));
        }
    }
}

/// Samples from `pictures` puzzle pictures and as many loose draws.
fn samples(faces: &[&Face], pictures: usize, photos: f32, seed: u64) -> Vec<(Glyph, u8)> {
    // Chunks of pictures, each from its own generator, drawn on as many
    // threads as there are cores and joined in their order: the same set
    // on any number of cores.
    const CHUNK: usize = 16;
    let chunks = pictures.div_ceil(CHUNK);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, Vec<(Glyph, u8)>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let next = &next;
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let chunk = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if chunk >= chunks {
                            return mine;
                        }
                        let mut rng = Rng::new(seed ^ (chunk as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                        let count = CHUNK.min(pictures - chunk * CHUNK);
                        let mut out = Vec::new();
                        let mut drawn = 0;
                        while drawn < count {
                            if puzzle_samples(faces, photos, &mut rng, &mut out) {
                                drawn += 1;
                            }
                            for _ in 0..LOOSE_PER_PICTURE {
                                loose_samples(faces, &mut rng, &mut out);
                            }
                            for _ in 0..8 {
                                line_pieces(&mut rng, &mut out);
                            }
                        }
                        mine.push((chunk, out));
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a drawing thread")).collect()
    });
    done.sort_by_key(|(chunk, _)| *chunk);
    done.into_iter().flat_map(|(_, out)| out).collect()
}

/// Loose numbers and marks drawn with each puzzle picture: the puzzles'
/// own digits, cut as the reader cuts them, are most of the set.
const LOOSE_PER_PICTURE: usize = 40;

/// The parts each batch's gradient is summed from (whatever the number of
/// threads).
const PARTS: usize = 8;

/// A network with small random weights (He initialisation).
fn initial(rng: &mut Rng) -> Network {
    let mut params = vec![0.0f32; Layout::LEN];
    let layers = [
        (Layout::CONV1_W, Layout::CONV1_B, 9),
        (Layout::CONV2_W, Layout::CONV2_B, C1 * 9),
        (Layout::DENSE1_W, Layout::DENSE1_B, FLAT),
        (Layout::DENSE2_W, Layout::DENSE2_B, HIDDEN),
    ];
    for (from, to, fan_in) in layers {
        let scale = (2.0 / fan_in as f32).sqrt();
        for p in &mut params[from..to] {
            *p = rng.normal() * scale;
        }
    }
    Network { params }
}

/// Writes the held-back glyphs the network gets wrong side by side (at
/// most 400, 20 a row, each 20 × 20 with its label and answer printed),
/// and prints how often each label was taken for each other.
fn show_wrong(network: &Network, set: &[(Glyph, u8)], path: &std::path::Path) {
    let mut wrong = Vec::new();
    let mut pairs = std::collections::BTreeMap::new();
    for (g, label) in set {
        let p = network.classify(g);
        let (best, certainty) = p.iter().copied().enumerate().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        if best != *label as usize {
            *pairs.entry((*label, best)).or_insert(0) += 1;
            wrong.push((g, *label, best, certainty));
        }
    }
    wrong.sort_by(|a, b| b.3.total_cmp(&a.3));
    for ((label, best), n) in &pairs {
        println!("{label} taken for {best}: {n}");
    }
    let shown: Vec<_> = wrong.iter().take(400).collect();
    let columns = 20;
    let rows = shown.len().div_ceil(columns).max(1);
    let (cw, ch) = (24u32, 24u32);
    let mut canvas = Canvas::new(columns as u32 * cw, rows as u32 * ch, grey(128));
    for (k, (g, label, best, certainty)) in shown.iter().enumerate() {
        let (ox, oy) = ((k % columns) as u32 * cw, (k / columns) as u32 * ch);
        for y in 0..20 {
            for x in 0..20 {
                let v = 255.0 * (1.0 - g[y * 20 + x]);
                canvas.rgb[((oy + y as u32) * canvas.width + ox + x as u32) as usize] = [v, v, v];
            }
        }
        println!("#{k}: label {label}, read {best} at {certainty:.3}");
    }
    canvas.save_png(path).expect("writing the PNG");
}

/// Accuracy, and the highest certainty of a wrong answer.
fn measure(network: &Network, set: &[(Glyph, u8)]) -> (f32, f32, usize) {
    let mut right = 0;
    let mut worst = 0.0f32;
    for (g, label) in set {
        let p = network.classify(g);
        let (best, certainty) = p.iter().copied().enumerate().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        if best == *label as usize {
            right += 1;
        } else if best != NO_DIGIT {
            worst = worst.max(certainty);
        }
    }
    (right as f32 / set.len().max(1) as f32, worst, set.len() - right)
}

fn main() {
    let o = options();
    let all = faces(&render::font_folders());
    let training: Vec<&Face> =
        all.iter().enumerate().filter(|(i, _)| !held_back(*i)).map(|(_, f)| f).collect();
    let testing: Vec<&Face> = all.iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).collect();
    eprintln!("{} fonts: {} for training, {} held back", all.len(), training.len(), testing.len());
    if let Some(path) = &o.wrong {
        let bytes = std::fs::read(&o.out).expect("reading the weights");
        let network = Network::from_bytes(&bytes).expect("a weights file");
        let check = samples(&testing, (o.pictures / 8).max(20), o.photos, o.seed ^ 0xA5A5);
        show_wrong(&network, &check, path);
        return;
    }
    let mut rng = Rng::new(o.seed);
    let started = std::time::Instant::now();
    let mut set = samples(&training, o.pictures, o.photos, o.seed);
    let check = samples(&testing, (o.pictures / 8).max(20), o.photos, o.seed ^ 0xA5A5);
    let mut counts = [0usize; CLASSES];
    for (_, l) in &set {
        counts[*l as usize] += 1;
    }
    eprintln!(
        "{} training samples, {} held-back samples, drawn in {:.0} s; by class {counts:?}",
        set.len(),
        check.len(),
        started.elapsed().as_secs_f32()
    );
    let mut network = initial(&mut rng);
    let (mut m, mut v) = (vec![0.0f32; Layout::LEN], vec![0.0f32; Layout::LEN]);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let batch = 64;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(PARTS);
    let mut t = 0i32;
    for epoch in 0..o.epochs {
        // Shuffle (Fisher–Yates from the seed).
        for i in (1..set.len()).rev() {
            let j = rng.below(0, i + 1);
            set.swap(i, j);
        }
        let rate = 2e-3 * 0.6f32.powi(epoch as i32);
        let mut loss_sum = 0.0;
        for chunk in set.chunks(batch) {
            // The batch in PARTS parts, each summed by one thread in its
            // order; the parts summed in their order below.
            let per = chunk.len().div_ceil(PARTS);
            let pieces: Vec<&[(Glyph, u8)]> = chunk.chunks(per).collect();
            let next = std::sync::atomic::AtomicUsize::new(0);
            let mut parts: Vec<(usize, Vec<f32>, f32)> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (network, pieces, next) = (&network, &pieces, &next);
                        scope.spawn(move || {
                            let mut mine = Vec::new();
                            loop {
                                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                let Some(part) = pieces.get(k) else { return mine };
                                let mut gradient = vec![0.0f32; Layout::LEN];
                                let mut loss = 0.0;
                                for (g, label) in part.iter() {
                                    loss +=
                                        network.backward(&network.forward(g), *label as usize, &mut gradient);
                                }
                                mine.push((k, gradient, loss));
                            }
                        })
                    })
                    .collect();
                handles.into_iter().flat_map(|h| h.join().expect("a training thread")).collect()
            });
            parts.sort_by_key(|(k, _, _)| *k);
            let parts: Vec<(Vec<f32>, f32)> = parts.into_iter().map(|(_, g, l)| (g, l)).collect();
            let mut gradient = vec![0.0f32; Layout::LEN];
            for (g, loss) in &parts {
                loss_sum += loss;
                for (a, b) in gradient.iter_mut().zip(g) {
                    *a += b;
                }
            }
            t += 1;
            let n = chunk.len() as f32;
            let (c1, c2) = (1.0 - beta1.powi(t), 1.0 - beta2.powi(t));
            for i in 0..Layout::LEN {
                let g = gradient[i] / n;
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                network.params[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
            }
        }
        let (accuracy, worst, wrong) = measure(&network, &check);
        eprintln!(
            "epoch {}: loss {:.4}, held back {:.2} % right ({wrong} wrong, the surest wrong at {:.3}), {:.0} s",
            epoch + 1,
            loss_sum / set.len() as f32,
            accuracy * 100.0,
            worst,
            started.elapsed().as_secs_f32()
        );
    }
    std::fs::write(&o.out, network.to_bytes()).expect("writing the weights");
    eprintln!("wrote {}", o.out.display());
}
