//! Certain only when right: pictures that look like a puzzle and are not
//! (a table of numbers, a board with coordinates), puzzles cut short by the
//! picture's edge, and crops whose boxes and rules touch the edge but no
//! number is cut.

use nonogram_read::edges::Beyond;
use nonogram_read::render::{
    self, draw_puzzle, faces, grey, held_back, Canvas, Face, Lettering, Look, Pen, Rng, Style,
};
use nonogram_read::{read_picture, Network, NotFound, Status};

mod held;

use held::a_face;

/// A ruled table of `n` × `n` cells of `cell` pixels with a number in
/// each (from `number(row, column)`), and a header row and column.
fn table(n: usize, cell: f32, face: &Face, number: impl Fn(usize, usize) -> String) -> Canvas {
    let side = (cell * (n + 1) as f32 + 40.0) as u32;
    let mut canvas = Canvas::new(side, side, grey(255));
    let pen = Pen::for_digit_height(Lettering::Font(face), cell * 0.45);
    let origin = 20.0;
    for k in 0..=n + 1 {
        let at = origin + k as f32 * cell;
        let t = if k == 1 { 3.0 } else { 1.0 };
        canvas.fill(at - t / 2.0, origin, at + t / 2.0, origin + (n + 1) as f32 * cell, grey(30));
        canvas.fill(origin, at - t / 2.0, origin + (n + 1) as f32 * cell, at + t / 2.0, grey(30));
    }
    for r in 0..=n {
        for c in 0..=n {
            if r == 0 && c == 0 {
                continue;
            }
            let text = number(r, c);
            let (cx, cy) = (origin + (c as f32 + 0.5) * cell, origin + (r as f32 + 0.5) * cell);
            pen.draw_centred(&mut canvas, &text, cx, cy, grey(0));
        }
    }
    canvas
}

#[test]
fn a_filled_times_table_is_no_puzzle() {
    let face = a_face();
    let canvas = table(10, 34.0, &face, |r, c| match (r, c) {
        (0, c) => c.to_string(),
        (r, 0) => r.to_string(),
        (r, c) => (r * c).to_string(),
    });
    let got = read_picture(&canvas.picture(), &Network::shipped());
    match got {
        Err(NotFound::NumbersInCells { .. }) => {}
        Err(other) => panic!("a table read as no puzzle, but not for its numbers: {other}"),
        Ok((_, checked)) => {
            assert_ne!(
                checked.status,
                Status::Certain,
                "a times table read as a certain {:?}",
                checked.puzzle
            )
        }
    }
}

#[test]
fn a_checkerboard_with_coordinates_is_never_a_certain_puzzle() {
    let face = a_face();
    let (n, cell) = (8usize, 40.0f32);
    let side = (cell * (n as f32 + 2.0)) as u32;
    let mut canvas = Canvas::new(side, side, grey(240));
    let pen = Pen::for_digit_height(Lettering::Font(&face), cell * 0.4);
    let origin = cell;
    for r in 0..n {
        for c in 0..n {
            let shade = if (r + c) % 2 == 0 { grey(235) } else { grey(60) };
            let (x, y) = (origin + c as f32 * cell, origin + r as f32 * cell);
            canvas.fill(x, y, x + cell, y + cell, shade);
        }
        // Ranks 8 to 1 at the left, files a to h below.
        pen.draw_centred(
            &mut canvas,
            &(n - r).to_string(),
            origin * 0.5,
            origin + (r as f32 + 0.5) * cell,
            grey(0),
        );
        let file = ((b'a' + r as u8) as char).to_string();
        pen.draw_centred(
            &mut canvas,
            &file,
            origin + (r as f32 + 0.5) * cell,
            origin + n as f32 * cell + cell * 0.5,
            grey(0),
        );
    }
    if let Ok((_, checked)) = read_picture(&canvas.picture(), &Network::shipped()) {
        assert_ne!(checked.status, Status::Certain, "a checkerboard read as a certain {:?}", checked.puzzle);
    }
}

/// A 10 × 10 puzzle on this page's style, with its grid's box.
fn page_puzzle(seed: u64) -> (Canvas, nonogram_core::Puzzle, (f32, f32, f32, f32)) {
    let face = a_face();
    let mut rng = Rng::new(seed);
    // A picture with one solution: a made puzzle.
    let order = nonogram_core::generate::Order { width: 10, height: 10, difficulty: None, seed };
    let solution = nonogram_core::generate::generate(order, 500, || true).unwrap().solution;
    let drawn = draw_puzzle(&solution, Style::Page, Lettering::Font(&face), 28.0, Look::PLAIN, &mut rng);
    (drawn.canvas, drawn.puzzle, drawn.grid_box)
}

/// The canvas's part from (0, 0) to (x1, y1).
fn cropped(canvas: &Canvas, x1: u32, y1: u32) -> Canvas {
    let mut out = Canvas::new(x1, y1, grey(255));
    for y in 0..y1 {
        for x in 0..x1 {
            out.rgb[(y * x1 + x) as usize] = canvas.rgb[(y * canvas.width + x) as usize];
        }
    }
    out
}

#[test]
fn a_puzzle_cropped_just_inside_its_border_is_never_certain() {
    let network = Network::shipped();
    let (canvas, puzzle, (_, _, gx1, gy1)) = page_puzzle(5);
    // Read whole first: the same puzzle, to know the crop is what differs.
    let (_, whole) = read_picture(&canvas.picture(), &network).expect("the whole puzzle is read");
    assert_eq!(whole.puzzle.rows, puzzle.rows);
    // Cut just inside the right and bottom border lines: the 10th column
    // and row still show, their outer lines gone.
    let crop = cropped(&canvas, gx1 as u32 - 3, gy1 as u32 - 3);
    if let Ok((reading, checked)) = read_picture(&crop.picture(), &network) {
        let whole =
            (reading.grid.width(), reading.grid.height()) == (10, 10) && checked.puzzle.rows == puzzle.rows;
        assert!(
            whole || checked.status != Status::Certain,
            "a crop inside the border read as a certain {}×{}",
            reading.grid.width(),
            reading.grid.height()
        );
        if !whole {
            assert!(!checked.beyond.is_empty(), "nothing said of the grid going on: {:?}", checked.beyond);
        }
    }
}

#[test]
fn numbers_past_the_grids_right_edge_are_a_doubt() {
    let network = Network::shipped();
    let (canvas, _, (gx0, gy0, gx1, gy1)) = page_puzzle(6);
    // The last column of cells painted over, its line with it: the
    // column's clue stands past the grid that is left.
    let cell = (gx1 - gx0) / 10.0;
    let mut canvas = canvas;
    canvas.fill(gx1 - cell + 2.0, gy0 - 1.0, gx1 + 3.0, gy1 + 3.0, grey(255));
    let (reading, checked) = read_picture(&canvas.picture(), &network).expect("read");
    assert_eq!(reading.grid.width(), 9);
    assert!(checked.beyond.contains(&Beyond::Right), "{:?}", checked.beyond);
    assert_eq!(checked.status, Status::Doubtful);
}

#[test]
fn a_tight_crop_whose_boxes_touch_the_edge_cuts_no_number() {
    // A magazine's page cut at its border: the border and the boxes'
    // rules touch the picture's edge, no digit does.
    let face = a_face();
    let mut rng = Rng::new(9);
    let order = nonogram_core::generate::Order { width: 10, height: 10, difficulty: None, seed: 9 };
    let solution = nonogram_core::generate::generate(order, 500, || true).unwrap().solution;
    let drawn = draw_puzzle(&solution, Style::Boxes, Lettering::Font(&face), 30.0, Look::PLAIN, &mut rng);
    let (gx0, gy0, _, _) = drawn.grid_box;
    let most = |clues: &[nonogram_core::Clue]| clues.iter().map(|c| c.0.len().max(1)).max().unwrap() as f32;
    let (left, top) = (gx0 - most(&drawn.puzzle.rows) * 30.0, gy0 - most(&drawn.puzzle.columns) * 30.0);
    // From the middle of the outer border on.
    let (x0, y0) = (left as u32, top as u32);
    let (w, h) = (drawn.canvas.width - x0, drawn.canvas.height - y0);
    let mut crop = Canvas::new(w, h, grey(255));
    for y in 0..h {
        for x in 0..w {
            crop.rgb[(y * w + x) as usize] =
                drawn.canvas.rgb[((y + y0) * drawn.canvas.width + x + x0) as usize];
        }
    }
    let (_, checked) = read_picture(&crop.picture(), &Network::shipped()).expect("read");
    assert!(checked.cut_lines.is_empty(), "lines said cut: {:?}", checked.cut_lines);
    assert_eq!(checked.puzzle.rows, drawn.puzzle.rows);
    assert_eq!(checked.puzzle.columns, drawn.puzzle.columns);
}

#[test]
fn a_screenshot_cut_through_its_outer_numbers_is_a_doubt_on_those_lines() {
    let (canvas, _, (gx0, _, _, _)) = page_puzzle(7);
    // Find the leftmost ink of the row clues and cut through it.
    let picture = canvas.picture();
    let leftmost =
        (0..gx0 as u32).find(|&x| (0..picture.height()).any(|y| picture.at(x, y) < 128)).expect("row clues");
    let mut cut = Canvas::new(canvas.width - leftmost - 2, canvas.height, grey(255));
    for y in 0..cut.height {
        for x in 0..cut.width {
            cut.rgb[(y * cut.width + x) as usize] =
                canvas.rgb[(y * canvas.width + x + leftmost + 2) as usize];
        }
    }
    let (_, checked) = read_picture(&cut.picture(), &Network::shipped()).expect("read");
    assert!(!checked.cut_lines.is_empty());
    assert_eq!(checked.status, Status::Doubtful);
}

#[test]
fn a_second_puzzle_in_the_picture_is_said() {
    let (first, puzzle, _) = page_puzzle(5);
    let (second, _, _) = page_puzzle(6);
    let mut both = Canvas::new(first.width + second.width + 40, first.height.max(second.height), grey(255));
    both.paste(&first, 0, 0);
    both.paste(&second, first.width as i64 + 40, 0);
    let network = Network::shipped();
    // Alone, the first is read certain; beside another, in doubt.
    let (_, alone) = read_picture(&first.picture(), &network).expect("read");
    assert!(!alone.another);
    let (_, beside) = read_picture(&both.picture(), &network).expect("read");
    if beside.puzzle.rows == puzzle.rows {
        assert!(beside.another || beside.status == Status::Doubtful);
    }
    assert_ne!(beside.status, Status::Certain, "two puzzles, one read as certain");
}

/// Whole screenshots of dark and handheld styles (small cells, thick
/// light rules): nothing lies past their grids, so no exact reading of one
/// is doubted for lines or numbers beyond it (a border thicker than half
/// a cell left no pixel to look at, and was taken for lines running on).
#[test]
fn a_thick_border_round_small_cells_is_no_grid_going_on() {
    let all = faces(&render::font_folders());
    let held: Vec<&Face> = all.iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).collect();
    let network = Network::shipped();
    let mut exact = 0;
    for style in [Style::Dark, Style::Handheld] {
        let mut rng = Rng::new(31337 ^ (style as u64) << 8);
        for k in 0..24 {
            let scene = render::scene(style, render::Kind::Screenshot, k, &held, &mut rng);
            let Ok((_, checked)) = read_picture(&scene.canvas.picture(), &network) else { continue };
            if checked.puzzle.rows == scene.puzzle.rows && checked.puzzle.columns == scene.puzzle.columns {
                exact += 1;
                assert!(checked.beyond.is_empty(), "{} {k}: {:?}", style.name(), checked.beyond);
            }
        }
    }
    assert!(exact >= 30, "{exact} of 48 exact");
}
