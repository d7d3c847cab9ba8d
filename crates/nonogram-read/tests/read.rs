//! The reader end to end on pictures it never saw (drawn with the fonts
//! held back from training), and the checks and corrections on crafted
//! readings.

use nonogram_core::{Clue, LineId, Puzzle};
use nonogram_read::blob::Rect;
use nonogram_read::clues::Join;
use nonogram_read::grid::GridLines;
use nonogram_read::reading::{DigitRead, LineRead, Reading};
use nonogram_read::render::{
    self, draw_puzzle, faces, held_back, random_solution, Face, Kind, Lettering, Look, Photo, Rng, Style,
    RULED, STYLES,
};

/// The least of `pictures_of_every_style…`'s 28 screenshots and 28 photos
/// read exactly.
const SCREENSHOTS_FLOOR: usize = 20;
const PHOTOS_FLOOR: usize = 14;
use nonogram_read::{check_reading, read_picture, Network, NotFound, Picture, Status};

fn held_back_faces() -> Vec<Face> {
    let all = faces(&render::font_folders());
    assert!(all.len() >= 100, "the fonts of scripts/setup are installed ({} found)", all.len());
    all.into_iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).collect()
}

#[test]
fn screenshots_in_every_style_are_read_exactly_and_never_wrongly_called_certain() {
    let faces = held_back_faces();
    let network = Network::shipped();
    let mut rng = Rng::new(49);
    // Certain readings are counted among the puzzles with one solution
    // (several solutions are a doubt: a puzzle is made to have one).
    let (mut pictures, mut exact, mut certain, mut unique) = (0, 0, 0, 0);
    let mut misses = Vec::new();
    for style in RULED {
        for k in 0..10 {
            let side = [5, 8, 10, 12, 15, 18, 20, 24, 25, 30][k];
            let face = rng.pick(&faces);
            let cell = rng.range(16.0, 34.0).round();
            let solution = random_solution(side, side - k % 3, &mut rng);
            let drawn = draw_puzzle(
                &solution,
                style,
                Lettering::Font(face),
                cell,
                if k % 2 == 1 { Look::PLAYED } else { Look::PLAIN },
                &mut rng,
            );
            let canvas = Photo::screenshot(&mut rng).apply(&drawn.canvas, &mut rng);
            pictures += 1;
            let (verdict, _) = nonogram_core::solve(&drawn.puzzle, Default::default(), |_| true).unwrap();
            let is_unique = verdict.word() == "unique";
            unique += is_unique as usize;
            let Ok((_, checked)) = read_picture(&canvas.picture(), &network) else {
                if std::env::var("SHOW").is_ok() {
                    let path = format!("/tmp/test-miss-{}-{side}.png", style.name());
                    canvas.save_png(std::path::Path::new(&path)).unwrap();
                }
                misses.push(format!("{} {side}: no puzzle found", style.name()));
                continue;
            };
            let right =
                checked.puzzle.rows == drawn.puzzle.rows && checked.puzzle.columns == drawn.puzzle.columns;
            if right {
                exact += 1;
            } else {
                // SHOW=1 keeps each missed picture, to look at.
                if std::env::var("SHOW").is_ok() {
                    let path = format!("/tmp/test-miss-{}-{side}.png", style.name());
                    canvas.save_png(std::path::Path::new(&path)).unwrap();
                }
                misses.push(format!(
                    "{} {side} {}: {:?}",
                    style.name(),
                    face.path.display(),
                    checked.changes
                ));
            }
            if checked.status == Status::Certain {
                certain += is_unique as usize;
                assert!(right, "{} {side}: called certain but wrong", style.name());
            }
        }
    }
    // The floor: 95 % exact (the bar); most of those with one
    // solution certain (9 of 13 now; the others have a doubtful digit or
    // gap the checks settled).
    assert!(exact * 100 >= pictures * 95, "{exact} of {pictures} exact; missed: {misses:#?}");
    assert!(
        unique >= 10 && certain * 100 >= unique * 60,
        "only {certain} of {unique} with one solution certain"
    );
}

#[test]
fn photo_like_pictures_are_mostly_read_and_never_wrongly_called_certain() {
    let faces = held_back_faces();
    let network = Network::shipped();
    let mut rng = Rng::new(50);
    let (mut pictures, mut exact) = (0, 0);
    for style in RULED {
        for k in 0..12 {
            let side = [5, 10, 15, 20, 25, 30][k % 6];
            let face = rng.pick(&faces);
            let cell = rng.range(18.0, 34.0).round();
            let solution = random_solution(side, side, &mut rng);
            let drawn = draw_puzzle(
                &solution,
                style,
                Lettering::Font(face),
                cell,
                if k % 2 == 0 { Look::PLAYED } else { Look::PLAIN },
                &mut rng,
            );
            let canvas = Photo::random(&mut rng).apply(&drawn.canvas, &mut rng);
            pictures += 1;
            if let Ok((_, checked)) = read_picture(&canvas.picture(), &network) {
                let right = checked.puzzle.rows == drawn.puzzle.rows
                    && checked.puzzle.columns == drawn.puzzle.columns;
                exact += right as usize;
                assert!(
                    right || checked.status != Status::Certain,
                    "{} {side}: called certain but wrong",
                    style.name()
                );
            }
        }
    }
    // The floor: 70 % of these 36 (the bench's 540 read 82 %: see
    // docs/BENCHMARKS.md, "The picture reader").
    assert!(exact * 10 >= pictures * 7, "{exact} of {pictures} exact");
}

/// Pictures of every style as people have them (`render::scene`: tiles in
/// a phone's frame, a magazine's photographed page, pixel digits, commas,
/// finished lines…), four of each style and kind: how many are read
/// exactly, and none read wrong is called certain.
#[test]
fn pictures_of_every_style_are_read_and_never_wrongly_called_certain() {
    let faces = held_back_faces();
    let faces: Vec<&Face> = faces.iter().collect();
    let network = Network::shipped();
    let mut exact = [0usize; 2];
    let mut misses = Vec::new();
    for style in STYLES {
        for (kind_index, kind) in [Kind::Screenshot, Kind::Photo].into_iter().enumerate() {
            let mut rng = Rng::new(51 ^ (style as u64) << 8 ^ (kind_index as u64) << 16);
            for k in 0..4 {
                let scene = render::scene(style, kind, k, &faces, &mut rng);
                let Ok((_, checked)) = read_picture(&scene.canvas.picture(), &network) else {
                    misses.push(format!("{} {} {k}: no puzzle", style.name(), kind.name()));
                    continue;
                };
                let right = checked.puzzle.rows == scene.puzzle.rows
                    && checked.puzzle.columns == scene.puzzle.columns;
                exact[kind_index] += right as usize;
                if !right {
                    misses.push(format!("{} {} {k} ({})", style.name(), kind.name(), scene.lettering));
                }
                assert!(
                    right || checked.status != Status::Certain,
                    "{} {} {k}: called certain but wrong",
                    style.name(),
                    kind.name()
                );
            }
        }
    }
    // Floors under what the reader does today (docs/BENCHMARKS.md, "The
    // picture reader", measures 60 of each): of 28 screenshots and 28
    // photos.
    assert!(exact[0] >= SCREENSHOTS_FLOOR, "{} of 28 screenshots exact; missed: {misses:#?}", exact[0]);
    assert!(exact[1] >= PHOTOS_FLOOR, "{} of 28 photos exact; missed: {misses:#?}", exact[1]);
}

#[test]
fn pictures_that_are_not_puzzles_find_no_puzzle() {
    let network = Network::shipped();
    let blank = Picture::from_luma(640, 480, vec![255; 640 * 480]).unwrap();
    assert_eq!(read_picture(&blank, &network).err(), Some(NotFound::NoGrid));
    // Noise, and a "photo" of soft blobs: no evenly spaced lines.
    let mut rng = Rng::new(7);
    let noise: Vec<u8> = (0..500 * 400).map(|_| (rng.next_u64() & 255) as u8).collect();
    let noise = Picture::from_luma(500, 400, noise).unwrap();
    assert!(read_picture(&noise, &network).is_err());
    let soft: Vec<u8> = (0..600 * 400)
        .map(|i| {
            let (x, y) = ((i % 600) as f32, (i / 600) as f32);
            (128.0 + 60.0 * (x / 37.0).sin() * (y / 53.0).cos() + 30.0 * (x / 11.0 + y / 17.0).sin()) as u8
        })
        .collect();
    assert!(read_picture(&Picture::from_luma(600, 400, soft).unwrap(), &network).is_err());
    // A picture 16 000 pixels wide is shrunk and read (no puzzle here).
    let wide =
        nonogram_read::picture::working(Picture::from_luma(16_000, 300, vec![240; 16_000 * 300]).unwrap());
    assert!(wide.width() <= nonogram_read::picture::WORKING_SIDE);
    assert_eq!(read_picture(&wide, &network).err(), Some(NotFound::NoGrid));
}

#[test]
fn grids_with_shapes_or_few_marks_beside_them_are_no_puzzle() {
    let network = Network::shipped();
    let mut rng = Rng::new(11);
    // Squares of 20 px, about half of them shaded: a grid, with blobs
    // beside it that are no digits.
    let (w, h) = (600u32, 600u32);
    let shades: Vec<u8> =
        (0..30 * 30).map(|_| if rng.chance(0.5) { rng.below(0, 200) as u8 } else { 255 }).collect();
    let blocks: Vec<u8> = (0..w * h).map(|i| shades[((i / w / 20) * 30 + (i % w) / 20) as usize]).collect();
    let got = read_picture(&Picture::from_luma(w, h, blocks).unwrap(), &network);
    assert!(got.is_err(), "blocks read as {:?}", got.map(|(_, c)| c.puzzle));
    // Graph paper with a few dots on it: marks beside a few lines only.
    let mut paper = vec![255u8; (w * h) as usize];
    for i in 0..w * h {
        let (x, y) = (i % w, i / w);
        if x % 25 == 0 || y % 25 == 0 {
            paper[i as usize] = 0;
        }
    }
    for _ in 0..40 {
        let (cx, cy) = (rng.below(5, 590) as i64, rng.below(5, 590) as i64);
        for dy in -4..=4i64 {
            for dx in -4..=4i64 {
                if dx * dx + dy * dy <= 16 {
                    paper[((cy + dy) * w as i64 + cx + dx) as usize] = 0;
                }
            }
        }
    }
    let got = read_picture(&Picture::from_luma(w, h, paper).unwrap(), &network);
    assert!(got.is_err(), "graph paper read as {:?}", got.map(|(_, c)| c.puzzle));
}

#[test]
fn five_digits_read_as_one_number_are_parted_for_the_checks() {
    // No clue number has five digits: "11111" read joined is 1111 and 1.
    let ones = line(&[(1, 0.99, 7); 5], &[Join::Same; 4]);
    assert_eq!(ones.clue(), vec![1111, 1]);
}

#[test]
fn a_grid_without_clues_beside_it_is_no_puzzle() {
    let mut rng = Rng::new(3);
    let faces = held_back_faces();
    let solution = random_solution(10, 10, &mut rng);
    let drawn = draw_puzzle(&solution, Style::Page, Lettering::Font(&faces[0]), 24.0, Look::PLAIN, &mut rng);
    // Everything left of and above the grid painted over.
    let mut canvas = drawn.canvas.clone();
    let (gx0, gy0, _, _) = drawn.grid_box;
    canvas.fill(0.0, 0.0, canvas.width as f32, gy0 - 3.0, render::grey(255));
    canvas.fill(0.0, 0.0, gx0 - 3.0, canvas.height as f32, render::grey(255));
    let found = read_picture(&canvas.picture(), &Network::shipped()).err();
    assert_eq!(found, Some(NotFound::NoClues { width: 10, height: 10 }));
}

/// A reading of the clues given, each digit read with the probability
/// given (and its second choice), as if from a picture.
struct Crafted {
    rows: Vec<LineRead>,
    columns: Vec<LineRead>,
}

/// A line's digits: each `(digit, certainty, second choice)`, and the
/// joins between neighbours.
fn line(digits: &[(u8, f32, u8)], joins: &[Join]) -> LineRead {
    LineRead {
        strip: Rect { x0: 0, y0: 0, x1: 1, y1: 1 },
        digits: digits
            .iter()
            .map(|&(d, p, second)| DigitRead {
                rect: Rect { x0: 0, y0: 0, x1: 1, y1: 1 },
                choices: vec![(d, p), (second, (1.0 - p) * 0.9), ((second + 1) % 10, (1.0 - p) * 0.1)],
                no_digit: 0.0,
            })
            .collect(),
        joins: joins.to_vec(),
    }
}

/// A clue's line read with certainty: numbers apart.
fn certain(clue: &[u32]) -> LineRead {
    let mut digits = Vec::new();
    let mut joins = Vec::new();
    let shown: Vec<u32> = if clue.is_empty() { vec![0] } else { clue.to_vec() };
    for (k, n) in shown.iter().enumerate() {
        let text = n.to_string();
        for (i, b) in text.bytes().enumerate() {
            if k > 0 || i > 0 {
                joins.push(if i == 0 { Join::Apart } else { Join::Same });
            }
            digits.push((b - b'0', 0.999, (b - b'0' + 3) % 10));
        }
    }
    line(&digits, &joins)
}

impl Crafted {
    fn of(puzzle: &Puzzle) -> Crafted {
        Crafted {
            rows: puzzle.rows.iter().map(|c| certain(&c.0)).collect(),
            columns: puzzle.columns.iter().map(|c| certain(&c.0)).collect(),
        }
    }

    fn reading(self) -> Reading {
        let n = |len: usize| (0..=len).map(|i| i as f32 * 10.0).collect();
        Reading {
            grid: GridLines {
                xs: n(self.columns.len()),
                ys: n(self.rows.len()),
                thickness: 1,
                light_on_dark: false,
                box_xs: Vec::new(),
                box_ys: Vec::new(),
            },
            rows: self.rows,
            columns: self.columns,
            straightened: None,
        }
    }
}

/// A 10 × 10 puzzle with one solution (a picture the tests know).
fn puzzle() -> Puzzle {
    let mut rng = Rng::new(11);
    loop {
        let solution = random_solution(10, 10, &mut rng);
        let puzzle = Puzzle::from_picture(&solution);
        let (verdict, _) = nonogram_core::solve(&puzzle, Default::default(), |_| true).unwrap();
        if verdict.word() == "unique" {
            return puzzle;
        }
    }
}

#[test]
fn a_sure_reading_that_passes_every_check_is_certain() {
    let truth = puzzle();
    let checked = check_reading(&Crafted::of(&truth).reading());
    assert_eq!(checked.status, Status::Certain);
    assert_eq!((checked.puzzle.rows.clone(), checked.puzzle.columns.clone()), (truth.rows, truth.columns));
    assert!(checked.changes.is_empty() && checked.doubts.is_empty() && checked.failure.is_none());
}

#[test]
fn a_misread_digit_is_corrected_by_the_checks_and_said() {
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    // Row 3's first number read as its value + 1 (at 60 %), the truth the
    // second choice: the totals no longer agree.
    let first = truth.rows[2].0[0] as u8;
    assert!(first < 9);
    crafted.rows[2].digits[0].choices = vec![(first + 1, 0.6), (first, 0.35), ((first + 5) % 10, 0.05)];
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.puzzle.rows, truth.rows);
    assert_eq!(checked.status, Status::Doubtful, "a corrected reading is never certain");
    assert_eq!(checked.changes.len(), 1);
    assert_eq!(checked.changes[0].place.to_string(), "row 3, number 1");
    assert_eq!(
        (checked.changes[0].read.clone(), checked.changes[0].now.clone()),
        ((first + 1).to_string(), first.to_string())
    );
    assert!(checked.failure.as_deref().is_some_and(|f| f.starts_with("as read, ")));
}

/// A digit read wrong with its true value far down the network's list
/// (a blurred 0 read 6, with 8 and 9 likelier than 0), among more
/// uncertain digits that are right: the totals say by how much the
/// columns are off, and the one change that mends them is tried first.
#[test]
fn a_misread_digit_far_down_its_choices_is_found_by_the_totals() {
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    // Column 4's last number read 6 too many: any digit of it would do;
    // a one-digit number becomes n + 6 (at most 9).
    let (column, n) = (0..10)
        .find_map(|c| truth.columns[c].0.last().filter(|&&n| n <= 3).map(|&n| (c, n as u8)))
        .expect("a column ending in a small number");
    let last = crafted.columns[column].digits.len() - 1;
    crafted.columns[column].digits[last].choices =
        vec![(n + 6, 0.70), ((n + 7) % 10, 0.15), ((n + 8) % 10, 0.10), (n, 0.05)];
    // Twenty right digits less certain than it, in the rows (their second
    // choices keep the totals off): a search over the least certain
    // choices alone ran out of tries before reaching it.
    for row in crafted.rows.iter_mut().take(10) {
        for d in row.digits.iter_mut().take(2) {
            let right = d.choices[0].0;
            d.choices = vec![(right, 0.55), ((right + 1) % 10, 0.44), ((right + 2) % 10, 0.01)];
        }
    }
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.puzzle.columns, truth.columns, "{:?}", checked.failure);
    assert_eq!(checked.puzzle.rows, truth.rows);
    assert_eq!(checked.status, Status::Doubtful);
    assert_eq!(checked.changes.len(), 1, "{:?}", checked.changes);
    assert_eq!(checked.changes[0].now, n.to_string());
}

#[test]
fn a_doubtful_gap_is_decided_by_the_checks() {
    // A row "1 2" whose gap was taken for one number, 12, in doubt.
    let rows = vec![Clue(vec![1, 2]), Clue(vec![4]), Clue(vec![1, 1]), Clue(vec![4])];
    let columns = vec![Clue(vec![4]), Clue(vec![1, 1]), Clue(vec![2, 1]), Clue(vec![4])];
    let truth = Puzzle::new(rows, columns);
    assert!(truth.validate().is_ok());
    let mut crafted = Crafted::of(&truth);
    crafted.rows[0].joins[0] = Join::DoubtfulSame;
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.puzzle.rows, truth.rows);
    assert_eq!(checked.status, Status::Doubtful);
    assert_eq!(checked.changes[0].read, "12");
    assert_eq!(checked.changes[0].now, "1 2");
    let gaps: Vec<String> = checked.doubtful_gaps.iter().map(|p| p.to_string()).collect();
    assert_eq!(gaps, ["row 1, number 1"]);
}

#[test]
fn a_number_longer_than_its_line_is_parted_and_said() {
    // A row "1 1 2" of a 10-wide puzzle read as one number, 112, its gaps
    // judged certain (blur closed them): no clue holds a number over 10, so
    // its digits are parted, the change said, and the reading is a doubt.
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    let row = truth
        .rows
        .iter()
        .position(|c| c.0.len() >= 3 && c.0.iter().all(|&n| n < 10))
        .expect("a row of three numbers");
    let line = &mut crafted.rows[row];
    let joined = line.joins.iter().take(2).all(|j| *j == Join::Apart);
    assert!(joined, "its first three numbers are single digits");
    line.joins[0] = Join::Same;
    line.joins[1] = Join::Same;
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.puzzle.rows, truth.rows);
    assert_eq!(checked.status, Status::Doubtful);
    let read: String = truth.rows[row].0[..3].iter().map(u32::to_string).collect();
    assert_eq!(checked.changes[0].read, read);
    assert_eq!(checked.changes[0].place.to_string(), format!("row {}, number 1", row + 1));
}

#[test]
fn an_unsure_digit_the_totals_settle_is_certain() {
    // The right digit, but only at 70 %, its other reading at 30 %: that
    // reading would move the columns' total alone, so the checks rule it
    // out, and the reading is right as far as the picture shows.
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    let first = truth.columns[4].0[0] as u8;
    crafted.columns[4].digits[0].choices = vec![(first, 0.7), ((first + 1) % 10, 0.3)];
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.puzzle.columns, truth.columns);
    assert!(checked.changes.is_empty());
    assert_eq!(checked.status, Status::Certain, "{:?}", checked.doubts);
}

#[test]
fn two_unsure_digits_whose_other_readings_pass_together_are_a_doubt() {
    // A row's first number and a column's, each read at 70 % with one
    // more at 30 %: changed together, the totals agree again. Where the
    // puzzle so changed fits and has a solution (the solver says which),
    // the picture allows it as well as the reading: a doubt.
    let truth = puzzle();
    let single = |clue: &Clue| clue.0.first().copied().filter(|&n| n <= 8);
    let mut found = None;
    'pairs: for r in 0..truth.rows.len() {
        for c in 0..truth.columns.len() {
            let (Some(a), Some(b)) = (single(&truth.rows[r]), single(&truth.columns[c])) else { continue };
            let (mut rows, mut columns) = (truth.rows.clone(), truth.columns.clone());
            rows[r].0[0] = a + 1;
            columns[c].0[0] = b + 1;
            let changed = Puzzle::new(rows, columns);
            if changed.validate().is_err() {
                continue;
            }
            let (verdict, _) = nonogram_core::solve(&changed, Default::default(), |_| true).unwrap();
            if matches!(verdict.word(), "unique" | "multiple") {
                found = Some((r, c, a as u8, b as u8));
                break 'pairs;
            }
        }
    }
    let (r, c, a, b) = found.expect("the test's puzzle has a pair of numbers one more of which passes");
    let unsure = |crafted: &mut Crafted, odds: f32| {
        crafted.rows[r].digits[0].choices = vec![(a, 1.0 - odds), (a + 1, odds)];
        crafted.columns[c].digits[0].choices = vec![(b, 1.0 - odds), (b + 1, odds)];
    };
    let mut crafted = Crafted::of(&truth);
    unsure(&mut crafted, 0.3);
    let checked = check_reading(&crafted.reading());
    assert_eq!(
        (checked.puzzle.rows.clone(), checked.puzzle.columns.clone()),
        (truth.rows.clone(), truth.columns.clone())
    );
    assert_eq!(checked.status, Status::Doubtful);
    assert!(!checked.doubts.is_empty());
    // The same pair a thousand times less likely: no rival worth trying.
    let mut crafted = Crafted::of(&truth);
    unsure(&mut crafted, 0.0003);
    assert_eq!(check_reading(&crafted.reading()).status, Status::Certain);
}

#[test]
fn a_reading_no_correction_saves_stays_doubtful_and_names_the_failed_check() {
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    // A certain digit that is wrong, with no plausible other choice: the
    // totals cannot agree whatever the search tries.
    let first = truth.rows[0].0[0] as u8;
    crafted.rows[0].digits[0].choices = vec![((first + 4) % 10, 0.999_99)];
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.status, Status::Doubtful);
    let failure = checked.failure.expect("the failed check is named");
    assert!(
        failure.contains("row clues fill") || failure.contains("no solution") || failure.contains("row 1"),
        "{failure}"
    );
}

#[test]
fn scripts_setup_installs_every_font_package_drawn_from() {
    // scripts/setup reads the list from the source: what it reads is the
    // list, package for package.
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/setup");
    let setup = std::fs::read_to_string(script).unwrap();
    let start = setup.find("FONT_PACKAGES=$(").expect("scripts/setup reads FONT_PACKAGES");
    let end = start + setup[start..].find("\nif [ -z").expect("the read ends");
    let command =
        setup[start + "FONT_PACKAGES=$(".len()..end].trim().trim_end_matches(')').replace("\\\n", " ");
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(&command)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .unwrap();
    let read: Vec<String> =
        String::from_utf8(out.stdout).unwrap().split_whitespace().map(String::from).collect();
    let listed: Vec<String> = render::FONT_PACKAGES.iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(read, listed, "scripts/setup reads {command}");
}

#[test]
fn a_mark_taken_for_a_digit_is_left_out_by_the_checks() {
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    // A mark after row 2's clue, read as a "1" apart from it, the network
    // 60 % certain it is no digit: the totals fail until it is left out.
    let row = &mut crafted.rows[1];
    row.joins.push(Join::Apart);
    row.digits.push(DigitRead {
        rect: Rect { x0: 0, y0: 0, x1: 1, y1: 1 },
        choices: vec![(1, 0.95), (7, 0.05)],
        no_digit: 0.6,
    });
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.puzzle.rows, truth.rows);
    assert_eq!(checked.status, Status::Doubtful);
    assert_eq!(checked.changes.len(), 1, "{:?}", checked.changes);
}

#[test]
fn a_reading_with_several_solutions_is_a_doubt() {
    // Every number certain and the totals agreeing, but two solutions (a
    // number lost from a row and an equal one from a column leave such
    // clues): a puzzle is made to have one, so the reading is not certain.
    let two = Puzzle::new(vec![Clue(vec![1]), Clue(vec![1])], vec![Clue(vec![1]), Clue(vec![1])]);
    let checked = check_reading(&Crafted::of(&two).reading());
    assert_eq!(checked.verdict, Some("multiple"));
    assert!(checked.failure.is_none() && checked.doubts.is_empty());
    assert_eq!(checked.status, Status::Doubtful);
}

#[test]
fn a_screenshot_cropped_through_its_outer_numbers_is_a_doubt() {
    // A puzzle drawn, then cut along a column of pixels through its row
    // clues' first numbers: the rows whose clue runs off the left edge
    // are named, and the reading is not certain, whatever it read.
    let faces = held_back_faces();
    let mut rng = Rng::new(23);
    let drawn = draw_puzzle(
        &random_solution(10, 10, &mut rng),
        Style::Page,
        Lettering::Font(&faces[0]),
        28.0,
        Look::PLAIN,
        &mut rng,
    );
    let whole = drawn.canvas.picture();
    let network = Network::shipped();
    assert_eq!(read_picture(&whole, &network).map(|(_, c)| c.cut_lines), Ok(vec![]));
    // The widest row clue's first digit: cut through its middle.
    let (w, h) = (whole.width(), whole.height());
    let grid_left = drawn.grid_box.0 as u32;
    let first_ink =
        (0..grid_left).find(|&x| (0..h).any(|y| whole.at(x, y) < 128)).expect("row clues left of the grid");
    let from = first_ink + 3;
    let luma: Vec<u8> =
        (0..h).flat_map(|y| (from..w).map(move |x| (x, y))).map(|(x, y)| whole.at(x, y)).collect();
    let cropped = Picture::from_luma(w - from, h, luma).unwrap();
    let (_, checked) = read_picture(&cropped, &network).expect("still a puzzle");
    assert!(checked.cut_lines.iter().all(|l| matches!(l, LineId::Row(_))), "{:?}", checked.cut_lines);
    assert!(!checked.cut_lines.is_empty());
    assert_eq!(checked.status, Status::Doubtful);
}

#[test]
fn a_line_with_no_number_read_is_a_doubt_even_when_every_check_passes() {
    // A photo's edge taken for one more column, nothing read above it: the
    // clues still agree (an empty column) and have a solution, but the
    // reading is not certain, and the line is named.
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    crafted.columns.push(line(&[], &[]));
    let checked = check_reading(&crafted.reading());
    assert!(checked.failure.is_none(), "{:?}", checked.failure);
    assert_eq!(checked.status, Status::Doubtful);
    assert_eq!(checked.empty_lines, [LineId::Column(truth.width())]);
}

#[test]
fn every_line_read_empty_is_no_reading_to_trust() {
    // A 0 read in every line (a clue cell's outline taken for one): the
    // clues agree and have a solution, the empty grid, yet it is doubtful.
    let n = 5;
    let zero = || line(&[(0, 0.999, 8)], &[]);
    let crafted =
        Crafted { rows: (0..n).map(|_| zero()).collect(), columns: (0..n).map(|_| zero()).collect() };
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.status, Status::Doubtful);
    assert_eq!(checked.failure.as_deref(), Some("every line's clue was read empty"));
}

#[test]
fn a_zero_beside_other_numbers_fails_the_checks_rather_than_vanishing() {
    let truth = puzzle();
    let mut crafted = Crafted::of(&truth);
    // Row 1's first digit read as 0 for certain: "0 2" is no clue.
    crafted.rows[0].digits[0].choices = vec![(0, 0.999_99)];
    let checked = check_reading(&crafted.reading());
    assert_eq!(checked.status, Status::Doubtful);
    assert!(
        checked.puzzle.rows[0].0.contains(&0) || !checked.changes.is_empty(),
        "{:?}",
        checked.puzzle.rows[0]
    );
}

#[test]
fn a_levelled_reading_places_the_grid_where_it_is_in_the_turned_picture() {
    // The page draws what was read over the picture the user gave: each
    // point of a levelled reading must map back onto that picture.
    let faces = held_back_faces();
    let network = Network::shipped();
    let mut rng = Rng::new(7);
    let solution = random_solution(10, 10, &mut rng);
    let drawn = draw_puzzle(&solution, Style::Page, Lettering::Font(&faces[0]), 26.0, Look::PLAIN, &mut rng);
    let photo =
        Photo { turn: 3.0, perspective: 0.0, curl: 0.0, blur: 0.0, shading: 0.0, noise: 0.0, jpeg: None };
    let picture = photo.apply(&drawn.canvas, &mut rng).picture();
    let (reading, _) = read_picture(&picture, &network).expect("a turned puzzle is read");
    assert!(reading.straightened.is_some(), "a picture turned 3° is read levelled");
    // The grid's four corners, mapped back, are on the grid's lines: dark
    // within two pixels.
    let g = &reading.grid;
    let (x0, x1, y0, y1) = (g.xs[0], *g.xs.last().unwrap(), g.ys[0], *g.ys.last().unwrap());
    for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
        let (px, py) = reading.in_picture(x as f64, y as f64);
        let darkest = (-2..=2)
            .flat_map(|dy| (-2..=2).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| picture.at((px.round() as i64 + dx) as u32, (py.round() as i64 + dy) as u32))
            .min()
            .unwrap();
        assert!(darkest < 100, "corner ({x}, {y}) maps to ({px:.1}, {py:.1}), {darkest} there");
    }
    // Read as it is, nothing moves.
    let level = reading.straightened.clone().unwrap().picture;
    let (again, _) = read_picture(&level, &network).unwrap();
    if again.straightened.is_none() {
        assert_eq!(again.in_picture(12.5, 40.0), (12.5, 40.0));
    }
}

/// A magazine's boxed clues photographed out of focus: each digit's faint
/// blurred fringe joins its box's rules, and the numbers read poorly. The
/// grid is still told from the boxes (a blurred digit is no grid mark,
/// nor is one misread number in a sparse outer column of boxes), and each
/// clue area runs to its outermost box (the boxes' blurred lines do not
/// end it at the first).
#[test]
fn blurred_clue_boxes_are_told_from_the_grid_and_read_to_their_outer_box() {
    let faces = held_back_faces();
    let network = Network::shipped();
    let mut rng = Rng::new(59);
    let mut right = 0;
    let sides = [(20, 20), (30, 25), (25, 30), (15, 20), (35, 30), (30, 30)];
    for &(w, h) in &sides {
        let face = rng.pick(&faces);
        let solution = random_solution(w, h, &mut rng);
        let drawn = draw_puzzle(&solution, Style::Boxes, Lettering::Font(face), 22.0, Look::PLAIN, &mut rng);
        let photo = Photo {
            turn: 0.0,
            perspective: 0.0,
            curl: 0.0,
            blur: 1.6,
            shading: 0.1,
            noise: 3.0,
            jpeg: Some(70),
        };
        let picture = photo.apply(&drawn.canvas, &mut rng).picture();
        let Ok(grid) = nonogram_read::grid::find_grid(&picture, &network) else { continue };
        if (grid.width(), grid.height()) != (w, h) {
            continue;
        }
        // Every row's clue strip reaches the outermost box (a box a
        // number of the longest clue), every column's the top one.
        let boxes = |clues: &[Clue]| clues.iter().map(|c| c.0.len()).max().unwrap_or(0) as f32;
        let cell = grid.cell();
        let outer_x = grid.xs[0] - boxes(&drawn.puzzle.rows) * cell;
        let outer_y = grid.ys[0] - boxes(&drawn.puzzle.columns) * cell;
        let strips = nonogram_read::clues::strips(&picture, &grid);
        right += (strips.rows.iter().all(|s| s.x0 as f32 <= outer_x + cell * 0.5)
            && strips.columns.iter().all(|s| s.y0 as f32 <= outer_y + cell * 0.5)) as usize;
    }
    assert_eq!(right, sides.len(), "{right} of {} grids and clue areas right", sides.len());
}
