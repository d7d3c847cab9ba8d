//! The reader's speed on the two pictures the issue sizes: a 30 × 30
//! screenshot of this page's board, and a phone's photo of a 45 × 65
//! magazine puzzle (about 12 megapixels, the page curled, as a JPEG).
//!
//! ```text
//! cargo run --release -p nonogram-read --features train --example speed -- [--out FOLDER] [--runs N]
//! ```
//!
//! Writes both pictures to FOLDER (default /tmp) and prints the median and
//! longest time of N reads of each (default 5), decoding included for the
//! photo, as the CLI reads it. Peak memory is measured on the CLI:
//! `/usr/bin/time -f "%e s %M KB" nonogram read FOLDER/speed-45x65.jpg`.

use std::time::Instant;

use nonogram_core::generate::{generate, Order};
use nonogram_read::render::{
    self, draw_puzzle, faces, held_back, random_solution, Lettering, Look, Photo, Rng, Style,
};
use nonogram_read::{read_picture, Network};

fn timed(runs: usize, mut read: impl FnMut() -> String) -> (f64, f64, String) {
    let mut times = Vec::new();
    let mut said = String::new();
    for _ in 0..runs {
        let started = Instant::now();
        said = read();
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() - 1], said)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let out = value("--out").unwrap_or_else(|| "/tmp".to_string());
    let runs: usize = value("--runs").map_or(5, |v| v.parse().expect("--runs N"));
    let all = faces(&render::font_folders());
    let face = all.iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).next().expect("fonts");
    let network = Network::shipped();
    let mut rng = Rng::new(45);
    let describe =
        |r: &Result<(nonogram_read::Reading, nonogram_read::Checked), nonogram_read::NotFound>| match r {
            Ok((reading, checked)) => {
                format!("{}×{}, {:?}", reading.grid.width(), reading.grid.height(), checked.status)
            }
            Err(e) => e.to_string(),
        };

    // A 30 × 30 screenshot of this page's board.
    let order = Order { width: 30, height: 30, difficulty: None, seed: 30 };
    let solution = generate(order, 500, || true)
        .map(|m| m.solution)
        .unwrap_or_else(|_| random_solution(30, 30, &mut rng));
    let drawn = draw_puzzle(&solution, Style::Page, Lettering::Font(face), 24.0, Look::PLAIN, &mut rng);
    let path = format!("{out}/speed-30.png");
    drawn.canvas.save_png(std::path::Path::new(&path)).expect("writing");
    let picture = drawn.canvas.picture();
    let (median, longest, said) = timed(runs, || describe(&read_picture(&picture, &network)));
    println!(
        "30×30 screenshot ({}×{}): median {median:.3} s, longest {longest:.3} s: {said}",
        picture.width(),
        picture.height()
    );

    // A phone's photo of a 45 × 65 magazine page.
    let solution = random_solution(45, 65, &mut rng);
    let drawn = draw_puzzle(&solution, Style::Boxes, Lettering::Font(face), 34.0, Look::PLAIN, &mut rng);
    let photo =
        Photo { turn: 3.0, perspective: 0.03, curl: 0.006, blur: 0.8, shading: 0.3, noise: 3.0, jpeg: None };
    let canvas = photo.apply(&drawn.canvas, &mut rng);
    let path = format!("{out}/speed-45x65.jpg");
    let mut bytes = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 85);
    image::ImageEncoder::write_image(
        encoder,
        &canvas.rgb8(),
        canvas.width,
        canvas.height,
        image::ExtendedColorType::Rgb8,
    )
    .expect("encoding");
    std::fs::write(&path, &bytes).expect("writing");
    drop(canvas);
    let (median, longest, said) = timed(runs.min(3), || {
        let picture = nonogram_read::picture::decode(&bytes).expect("decoding");
        describe(&read_picture(&picture, &network))
    });
    println!(
        "45×65 photo ({path}, {} KB): median {median:.3} s, longest {longest:.3} s: {said}",
        bytes.len() / 1024
    );
}
