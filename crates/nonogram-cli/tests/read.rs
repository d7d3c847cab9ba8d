//! `nonogram read`: screenshots drawn with fonts the recogniser never saw,
//! and files that are no puzzle.

use std::path::PathBuf;
use std::process::Command;

use nonogram_read::render::{
    self, draw_puzzle, faces, font_folders, held_back, random_solution, Lettering, Look, Rng, Style,
};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn nonogram(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_nonogram")).args(args).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nonogram-read-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The clues as `nonogram convert --to plain` writes them, from the puzzle drawn.
fn plain(puzzle: &nonogram_core::Puzzle) -> String {
    let dir = folder("plain");
    let path = dir.join("truth.non");
    std::fs::write(&path, nonogram_formats::write(nonogram_formats::Format::Non, puzzle).unwrap()).unwrap();
    nonogram(&["convert", "--to", "plain", path.to_str().unwrap()]).stdout
}

#[test]
fn a_screenshot_is_read_into_its_clues_and_checked() {
    let all = faces(&render::font_folders());
    let face = all.iter().enumerate().find(|(i, _)| held_back(*i)).map(|(_, f)| f).expect("fonts installed");
    let mut rng = Rng::new(2);
    let solution = random_solution(15, 12, &mut rng);
    let drawn = draw_puzzle(&solution, Style::Page, Lettering::Font(face), 26.0, Look::PLAIN, &mut rng);
    let dir = folder("screenshot");
    let png = dir.join("puzzle.png");
    drawn.canvas.save_png(&png).unwrap();
    let run = nonogram(&["read", "--to", "plain", png.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, plain(&drawn.puzzle));
    assert!(run.stderr.contains("reading: certain: a 15×12 grid"), "{}", run.stderr);
    // The default is .non, which solve reads back.
    let run = nonogram(&["read", png.to_str().unwrap()]);
    let non = dir.join("read.non");
    std::fs::write(&non, &run.stdout).unwrap();
    let solved = nonogram(&["solve", non.to_str().unwrap()]);
    assert!(solved.stdout.lines().any(|l| l.starts_with("verdict: ")), "{}", solved.stdout);
}

#[test]
fn what_is_no_puzzle_gets_a_clear_reason_and_status_two() {
    let dir = folder("none");
    let blank = dir.join("blank.png");
    image_file(&blank, 300, 200, |_, _| 255);
    let run = nonogram(&["read", blank.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no puzzle found"), "{}", run.stderr);
    assert!(run.stdout.is_empty());

    let text = dir.join("clues.txt");
    std::fs::write(&text, "1 2\n3\n").unwrap();
    let run = nonogram(&["read", text.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("not a PNG, JPEG or WebP picture"), "{}", run.stderr);

    let missing = dir.join("missing.png");
    let run = nonogram(&["read", missing.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("missing.png"), "{}", run.stderr);

    // A PNG whose header claims 60 000 × 60 000 pixels is refused before
    // its pixels are read.
    let huge = dir.join("huge.png");
    let mut bytes = std::fs::read(&blank).unwrap();
    bytes[16..20].copy_from_slice(&60_000u32.to_be_bytes());
    bytes[20..24].copy_from_slice(&60_000u32.to_be_bytes());
    // The header chunk's checksum covers its type and data (bytes 12..29).
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    std::fs::write(&huge, bytes).unwrap();
    let run = nonogram(&["read", huge.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("60000×60000"), "{}", run.stderr);

    // An empty file name, and usage that names every format --to takes.
    let run = nonogram(&["read", ""]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("the picture's file name is empty"), "{}", run.stderr);
    let run = nonogram(&["read", "--to", "pdf", blank.to_str().unwrap()]);
    assert!(run.stderr.contains("non|nin|plain|json|xml|square"), "{}", run.stderr);
    let help = nonogram(&["--help"]);
    assert!(
        help.stdout.contains("nonogram read [--to non|nin|plain|json|xml|square] IMAGE"),
        "{}",
        help.stdout
    );
}

/// A 10×10 puzzle with one solution, drawn: its RGB pixels, width, height.
fn ten_by_ten() -> (Vec<u8>, usize, usize) {
    let mut rng = Rng::new(5);
    let faces = faces(&font_folders());
    let drawn = draw_puzzle(
        &random_solution(10, 10, &mut rng),
        Style::Page,
        Lettering::Font(&faces[0]),
        24.0,
        Look::PLAIN,
        &mut rng,
    );
    let picture = drawn.canvas.picture();
    (drawn.canvas.rgb8(), picture.width() as usize, picture.height() as usize)
}

/// RGB pixels as a JPEG file at quality 90.
fn jpeg_of(pixels: &[u8], w: usize, h: usize) -> Vec<u8> {
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90)
        .encode(pixels, w as u32, h as u32, image::ExtendedColorType::Rgb8)
        .unwrap();
    jpeg
}

#[test]
fn a_jpeg_cut_short_is_called_damaged_not_read() {
    let dir = folder("cut");
    let (rgb, w, h) = ten_by_ten();
    let jpeg = jpeg_of(&rgb, w, h);
    let whole = dir.join("whole.jpg");
    std::fs::write(&whole, &jpeg).unwrap();
    let run = nonogram(&["read", whole.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let cut = dir.join("cut.jpg");
    std::fs::write(&cut, &jpeg[..jpeg.len() * 2 / 3]).unwrap();
    let run = nonogram(&["read", cut.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cut short"), "{}", run.stderr);
}

#[test]
fn a_phone_photo_is_read_upright_by_its_exif_orientation_and_a_gif_is_refused() {
    let dir = folder("exif");
    let (rgb, w, h) = ten_by_ten();
    let upright = dir.join("upright.jpg");
    std::fs::write(&upright, jpeg_of(&rgb, w, h)).unwrap();
    // Stored as a camera held sideways stores it (turned a quarter to the
    // left), with EXIF orientation 6: turn a quarter to the right to show.
    let mut turned = vec![0u8; rgb.len()];
    for y in 0..h {
        for x in 0..w {
            let (tx, ty) = (y, w - 1 - x);
            turned[(ty * h + tx) * 3..][..3].copy_from_slice(&rgb[(y * w + x) * 3..][..3]);
        }
    }
    let jpeg = jpeg_of(&turned, h, w);
    let tiff: [u8; 26] = [
        b'I', b'I', 42, 0, 8, 0, 0, 0, // little-endian, the first IFD at 8
        1, 0, // one entry
        0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, // Orientation (a SHORT): 6
        0, 0, 0, 0, // no next IFD
    ];
    let mut app1 = vec![0xFF, 0xE1, 0, (2 + 6 + tiff.len()) as u8];
    app1.extend_from_slice(b"Exif\0\0");
    app1.extend_from_slice(&tiff);
    let mut phone = jpeg[..2].to_vec();
    phone.extend_from_slice(&app1);
    phone.extend_from_slice(&jpeg[2..]);
    let sideways = dir.join("sideways.jpg");
    std::fs::write(&sideways, phone).unwrap();
    let (a, b) =
        (nonogram(&["read", upright.to_str().unwrap()]), nonogram(&["read", sideways.to_str().unwrap()]));
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert_eq!((b.code, &b.stdout), (0, &a.stdout), "{}", b.stderr);
    // A GIF (known by its first bytes, not read): not a picture read here.
    let gif = dir.join("named.png");
    std::fs::write(&gif, b"GIF89a\x01\x00\x01\x00\x00\x00\x00;").unwrap();
    let run = nonogram(&["read", gif.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("not a PNG, JPEG or WebP picture"), "{}", run.stderr);
}

/// PNG's CRC-32 (the reflected polynomial 0xEDB88320), bit by bit.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// Writes a grey PNG whose pixels `shade(x, y)` gives.
fn image_file(path: &std::path::Path, w: u32, h: u32, shade: impl Fn(u32, u32) -> u8) {
    let mut canvas = render::Canvas::new(w, h, render::grey(255));
    for y in 0..h {
        for x in 0..w {
            canvas.rgb[(y * w + x) as usize] = render::grey(shade(x, y));
        }
    }
    canvas.save_png(path).unwrap();
}
