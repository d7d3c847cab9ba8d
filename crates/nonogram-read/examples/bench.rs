//! Measures the reader on pictures it has never seen: puzzles drawn with
//! the held-back fonts (and digits of pixels and segments), in every
//! style, at several sizes, as screenshots and as photos.
//!
//! ```text
//! cargo run --release -p nonogram-read --features train --example bench -- [--seed N] [--count N] [--styles a,b] [--kinds screenshot,photo] [--save FOLDER [--draw-only]]
//! ```
//!
//! Prints, per style and kind, how many pictures were read exactly (the
//! clues as drawn); how many of the puzzles with one solution were read
//! exactly, and how many of those were called certain; how many were
//! called certain but wrong (which must be none); how many found no
//! puzzle; and the median and longest reading times. `--save` writes each
//! picture as PNG with its true clues beside it; `SHOW=1` prints each
//! miss and writes its picture to /tmp.

use std::time::Instant;

use nonogram_read::render::{self, faces, held_back, scene, Kind, Rng, Style, STYLES};
use nonogram_read::{read_picture, Network, Status};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let seed: u64 = value("--seed").map_or(2026, |v| v.parse().expect("--seed N"));
    let count: usize = value("--count").map_or(20, |v| v.parse().expect("--count N"));
    let save = value("--save");
    if let Some(folder) = &save {
        std::fs::create_dir_all(folder).expect("the folder to save in");
    }
    // `--draw-only`: save the pictures (with `--save`), read none.
    let draw_only = args.iter().any(|a| a == "--draw-only");
    let show = std::env::var("SHOW").is_ok();
    let styles: Vec<Style> = match value("--styles") {
        None => STYLES.to_vec(),
        Some(list) => list
            .split(',')
            .map(|n| *STYLES.iter().find(|s| s.name() == n).unwrap_or_else(|| panic!("no style {n}")))
            .collect(),
    };
    let kinds: Vec<Kind> = match value("--kinds") {
        None => vec![Kind::Screenshot, Kind::Photo],
        Some(list) => list
            .split(',')
            .map(|n| match n {
                "screenshot" => Kind::Screenshot,
                "photo" => Kind::Photo,
                _ => panic!("no kind {n}"),
            })
            .collect(),
    };
    let all = faces(&render::font_folders());
    let testing: Vec<_> = all.iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).collect();
    let network = if args.iter().any(|a| a == "--draw-only") { None } else { Some(Network::shipped()) };
    println!("style\tkind\tpictures\tgrid right\texact\tone solution: exact\tcertain\tcertain and wrong\tno puzzle\tmedian s\tlongest s");
    let mut wrong_total = 0;
    // CALIBRATE=1: every digit of a line read with as many numbers as
    // drawn, with its certainty and whether it is right.
    let calibrate = std::env::var("CALIBRATE").is_ok();
    let mut digits: Vec<(f32, bool)> = Vec::new();
    for &style in &styles {
        for &kind in &kinds {
            // Each style and kind from a generator of its own: adding a
            // style leaves the others' pictures as they were.
            let mut rng = Rng::new(seed ^ (style as u64) << 8 ^ (kind as u64) << 16);
            let (mut exact, mut unique_exact, mut certain, mut wrong_certain, mut none) = (0, 0, 0, 0, 0);
            let mut grid_right = 0;
            let mut times = Vec::new();
            for k in 0..count {
                let scene = scene(style, kind, k, &testing, &mut rng);
                let name = format!("{}-{}-{k:02}", style.name(), kind.name());
                if let Some(folder) = &save {
                    let stem = format!("{folder}/{name}");
                    scene.canvas.save_png(std::path::Path::new(&format!("{stem}.png"))).expect("saving");
                    std::fs::write(format!("{stem}.txt"), plain(&scene.puzzle)).expect("saving");
                }
                if draw_only {
                    continue;
                }
                let picture = scene.canvas.picture();
                let started = Instant::now();
                let result = read_picture(&picture, network.as_ref().expect("a network when reading"));
                times.push(started.elapsed().as_secs_f64());
                let (w, h) = (scene.puzzle.width(), scene.puzzle.height());
                match result {
                    Ok((reading, checked)) => {
                        grid_right += (reading.grid.width() == w && reading.grid.height() == h) as usize;
                        if calibrate && reading.grid.width() == w && reading.grid.height() == h {
                            let truth = scene.puzzle.rows.iter().chain(&scene.puzzle.columns);
                            for (line, clue) in reading.rows.iter().chain(&reading.columns).zip(truth) {
                                let numbers = line.numbers();
                                let shown: Vec<u32> =
                                    if clue.0.is_empty() { vec![0] } else { clue.0.clone() };
                                if numbers.len() != shown.len() {
                                    continue;
                                }
                                for (n, &value) in numbers.iter().zip(&shown) {
                                    let text = value.to_string();
                                    if text.len() != n.digits.len() {
                                        continue;
                                    }
                                    for (d, ch) in line.digits[n.digits.clone()].iter().zip(text.bytes()) {
                                        digits.push((d.certainty(), d.digit() == ch - b'0'));
                                    }
                                }
                            }
                        }
                        let right = checked.puzzle.rows == scene.puzzle.rows
                            && checked.puzzle.columns == scene.puzzle.columns;
                        exact += right as usize;
                        unique_exact += (right && scene.unique) as usize;
                        let is_certain = checked.status == Status::Certain;
                        certain += (right && scene.unique && is_certain) as usize;
                        if is_certain && !right {
                            wrong_certain += 1;
                            eprintln!("certain but wrong: {name} ({w}×{h}, {})", scene.lettering);
                        }
                        if show && (!right || (scene.unique && !is_certain)) {
                            let path = format!("/tmp/bench-{name}.png");
                            scene.canvas.save_png(std::path::Path::new(&path)).expect("saving");
                            eprintln!(
                                "{path}: {w}×{h} read {}×{}, {:?}, {}; changes {:?}",
                                reading.grid.width(),
                                reading.grid.height(),
                                checked.status,
                                scene.lettering,
                                checked.changes
                            );
                            if right {
                                eprintln!(
                                    "  doubts {:?} gaps {:?} empty {:?} cut {:?} verdict {:?}",
                                    checked.doubts.iter().map(|d| d.place.to_string()).collect::<Vec<_>>(),
                                    checked.doubtful_gaps,
                                    checked.empty_lines,
                                    checked.cut_lines,
                                    checked.verdict
                                );
                            }
                            let differ =
                                |a: &[nonogram_core::Clue], b: &[nonogram_core::Clue], what: &str| {
                                    for (i, (x, y)) in
                                        a.iter().zip(b).enumerate().filter(|(_, (x, y))| x != y).take(6)
                                    {
                                        eprintln!("  {what} {}: read {:?}, drawn {:?}", i + 1, x.0, y.0);
                                    }
                                };
                            differ(&checked.puzzle.rows, &scene.puzzle.rows, "row");
                            differ(&checked.puzzle.columns, &scene.puzzle.columns, "column");
                        }
                    }
                    Err(e) => {
                        none += 1;
                        if show {
                            let path = format!("/tmp/bench-{name}.png");
                            scene.canvas.save_png(std::path::Path::new(&path)).expect("saving");
                            eprintln!("{path}: {w}×{h}, {}: {e}", scene.lettering);
                        }
                    }
                }
            }
            if draw_only {
                continue;
            }
            times.sort_by(f64::total_cmp);
            let uniques = format!("{unique_exact}");
            println!(
                "{}\t{}\t{count}\t{grid_right}\t{exact}\t{uniques}\t{certain}\t{wrong_certain}\t{none}\t{:.3}\t{:.3}",
                style.name(),
                kind.name(),
                times[times.len() / 2],
                times[times.len() - 1]
            );
            wrong_total += wrong_certain;
        }
    }
    if calibrate {
        let wrong: Vec<f32> = digits.iter().filter(|d| !d.1).map(|d| d.0).collect();
        let right: Vec<f32> = digits.iter().filter(|d| d.1).map(|d| d.0).collect();
        let mut sorted = wrong.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        println!(
            "digits: {} right, {} wrong; surest wrong: {:?}",
            right.len(),
            wrong.len(),
            &sorted[..sorted.len().min(10)]
        );
        for t in [0.8f32, 0.9, 0.95, 0.98, 0.99, 0.995] {
            let under = right.iter().filter(|&&c| c < t).count();
            let wrong_over = wrong.iter().filter(|&&c| c >= t).count();
            println!(
                "  at {t}: {:.2} % of right digits under, {wrong_over} wrong at or over",
                under as f32 * 100.0 / right.len().max(1) as f32
            );
        }
    }
    if wrong_total > 0 {
        println!("{wrong_total} pictures read wrong and called certain");
    }
}

/// The puzzle's clues in the plain format: rows, a blank line, columns.
fn plain(puzzle: &nonogram_core::Puzzle) -> String {
    let line = |c: &nonogram_core::Clue| {
        if c.0.is_empty() {
            "0".to_string()
        } else {
            c.0.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        }
    };
    let rows: Vec<String> = puzzle.rows.iter().map(line).collect();
    let columns: Vec<String> = puzzle.columns.iter().map(line).collect();
    format!("{}\n\n{}\n", rows.join("\n"), columns.join("\n"))
}
