//! Measures the reader on pictures it has never seen: puzzles drawn with
//! the held-back fonts, in every style, at several sizes, as screenshots
//! and as photo-like copies.
//!
//! ```text
//! cargo run --release -p nonogram-read --features train --example bench -- [--seed N] [--count N] [--save FOLDER]
//! ```
//!
//! Prints, per style and kind, how many pictures were read exactly (the
//! clues as drawn), how many were called certain, and how many were called
//! certain but wrong (which must be none); and the time a 30×30 screenshot
//! takes to read. `--save` writes each picture as PNG with a file of its
//! true clues beside it.

use std::time::Instant;

use nonogram_read::render::{self, draw_puzzle, faces, held_back, random_solution, Photo, Rng, STYLES};
use nonogram_read::{read_picture, Network, Status};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let seed: u64 = value("--seed").map_or(2026, |v| v.parse().expect("--seed N"));
    let count: usize = value("--count").map_or(20, |v| v.parse().expect("--count N"));
    let save = value("--save");
    let all = faces(&render::font_folders());
    let testing: Vec<_> = all.iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).collect();
    let network = Network::shipped();
    let mut rng = Rng::new(seed);
    println!("style\tkind\tpictures\texact\tcertain\tcertain and wrong\tno puzzle");
    let mut slowest_30 = 0.0f64;
    for style in STYLES {
        for photo in [false, true] {
            let (mut exact, mut certain, mut wrong_certain, mut none) = (0, 0, 0, 0);
            for k in 0..count {
                let side = [5, 10, 15, 20, 25, 30][k % 6];
                let (w, h) = (side, (side as f32 * rng.range(0.8, 1.0)).round().max(5.0) as usize);
                let face = *rng.pick(&testing);
                let cell = rng.range(16.0, 36.0).round();
                let solution = random_solution(w, h, &mut rng);
                let drawn = draw_puzzle(&solution, style, face, cell, rng.chance(0.4), &mut rng);
                let treatment = if photo { Photo::random(&mut rng) } else { Photo::screenshot(&mut rng) };
                let canvas = treatment.apply(&drawn.canvas, &mut rng);
                if let Some(folder) = &save {
                    let stem = format!(
                        "{folder}/{}-{}-{k:02}",
                        style.name(),
                        if photo { "photo" } else { "screen" }
                    );
                    canvas.save_png(std::path::Path::new(&format!("{stem}.png"))).expect("saving");
                    std::fs::write(format!("{stem}.non"), nonogram_formats_text(&drawn.puzzle))
                        .expect("saving");
                }
                let picture = canvas.picture();
                let started = Instant::now();
                let result = read_picture(&picture, &network);
                let seconds = started.elapsed().as_secs_f64();
                if !photo && side == 30 {
                    slowest_30 = slowest_30.max(seconds);
                }
                match result {
                    Ok((_, checked)) => {
                        let right = checked.puzzle.rows == drawn.puzzle.rows
                            && checked.puzzle.columns == drawn.puzzle.columns;
                        exact += right as usize;
                        if !right && std::env::var("SHOW").is_ok() {
                            let name = format!(
                                "/tmp/bench-{}-{}-{k}.png",
                                style.name(),
                                if photo { "photo" } else { "screen" }
                            );
                            canvas.save_png(std::path::Path::new(&name)).expect("saving");
                            let differ =
                                |a: &[nonogram_core::Clue], b: &[nonogram_core::Clue], what: &str| {
                                    for (i, (x, y)) in a.iter().zip(b).enumerate() {
                                        if x != y {
                                            eprintln!("  {what} {}: read {:?}, drawn {:?}", i + 1, x.0, y.0);
                                        }
                                    }
                                };
                            eprintln!(
                                "{name}: {}×{} cell {cell} {:?} {:?}",
                                w, h, checked.status, checked.changes
                            );
                            differ(&checked.puzzle.rows, &drawn.puzzle.rows, "row");
                            differ(&checked.puzzle.columns, &drawn.puzzle.columns, "column");
                        }
                        if checked.status == Status::Certain {
                            certain += 1;
                            if !right {
                                wrong_certain += 1;
                                eprintln!(
                                    "certain but wrong: {} {} #{k} ({}×{}, {})",
                                    style.name(),
                                    if photo { "photo" } else { "screenshot" },
                                    w,
                                    h,
                                    face.path.display()
                                );
                            }
                        }
                    }
                    Err(e) => {
                        none += 1;
                        if std::env::var("SHOW").is_ok() {
                            let name = format!(
                                "/tmp/bench-{}-{}-{k}.png",
                                style.name(),
                                if photo { "photo" } else { "screen" }
                            );
                            canvas.save_png(std::path::Path::new(&name)).expect("saving");
                            eprintln!("{name}: {}×{} cell {cell}: {e}", w, h);
                        }
                    }
                }
            }
            println!(
                "{}\t{}\t{count}\t{exact}\t{certain}\t{wrong_certain}\t{none}",
                style.name(),
                if photo { "photo-like" } else { "screenshot" }
            );
        }
    }
    println!("slowest 30-wide screenshot read: {:.3} s", slowest_30);
}

/// The puzzle's clues as plain text: rows, a blank line, columns.
fn nonogram_formats_text(puzzle: &nonogram_core::Puzzle) -> String {
    let line = |c: &nonogram_core::Clue| {
        if c.0.is_empty() {
            "0".to_string()
        } else {
            c.0.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        }
    };
    let rows: Vec<String> = puzzle.rows.iter().map(line).collect();
    let columns: Vec<String> = puzzle.columns.iter().map(line).collect();
    format!("rows\n{}\ncolumns\n{}\n", rows.join("\n"), columns.join("\n"))
}
