//! Small print set tight, as a scanned book or a small web picture has
//! it: cells of ten pixels, digits as tall as a cell less its lines, the
//! numbers beside the grid touching its border, two-digit numbers wider
//! than their column.

mod held;

use held::a_face;
use nonogram_core::{Cell, Clue};
use nonogram_read::render::{grey, Canvas, Lettering, Pen};
use nonogram_read::{read_picture, Network, Status};

/// A 15 × 15 whose columns have numbers of two digits and whose rows
/// end in numbers drawn against the grid's border.
const SOLUTION: [&str; 15] = [
    "XXXXXXXXXXXX..X",
    "X.XXXXXXXXXXX.X",
    "..XXXXXXXXXXX..",
    "X.XXXXXXXXXX...",
    "XX.XXXXXXXXXX.X",
    "...XXXXXXXXXXXX",
    "X..XXXXXXXXXXX.",
    ".X.XXXXXXXXXX..",
    "XX.XXXXXXXXXXXX",
    "..X..XXXX.XXX.X",
    "X.XXXXXXXXXXX..",
    "..XXXXXXXXXX.XX",
    "X.XXXXXXXX.X...",
    ".XXXXXXXXXXXXX.",
    "X.X.X.X.XXXXXXX",
];

/// The puzzle drawn as a small scan draws it: a ruled grid of `cell`
/// pixels (grey lines, black ones every five and round it), each row's
/// numbers right against the border, each column's centred on it, the
/// last standing on the border.
fn small_print(cell: f32) -> (Canvas, Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let face = a_face();
    let (h, w) = (SOLUTION.len(), SOLUTION[0].len());
    let cell_at =
        |r: usize, c: usize| if SOLUTION[r].as_bytes()[c] == b'X' { Cell::Filled } else { Cell::Empty };
    let clue = |cells: Vec<Cell>| Clue::of_line(&cells).0;
    let rows: Vec<Vec<u32>> = (0..h).map(|r| clue((0..w).map(|c| cell_at(r, c)).collect())).collect();
    let columns: Vec<Vec<u32>> = (0..w).map(|c| clue((0..h).map(|r| cell_at(r, c)).collect())).collect();
    let pen = Pen::for_digit_height(Lettering::Font(&face), cell - 3.0);
    let space = pen.advance("0");
    let drawn = |numbers: &[u32]| numbers.iter().map(|n| pen.advance(&n.to_string()) + space).sum::<f32>();
    let widest_row = rows.iter().map(|r| drawn(r)).fold(0.0, f32::max);
    let longest_column = columns.iter().map(Vec::len).max().unwrap_or(1) as f32;
    let (gx, gy) = ((widest_row + cell).round(), ((longest_column + 0.5) * cell).round());
    let (width, height) = ((gx + w as f32 * cell + cell) as u32, (gy + h as f32 * cell + cell) as u32);
    let mut canvas = Canvas::new(width, height, grey(252));
    // Printed ink spreads: a stroke half over a pixel darkens it more
    // than half (drawn three times over).
    let print = |canvas: &mut Canvas, text: &str, x: f32, baseline: f32| {
        for _ in 0..3 {
            pen.draw(canvas, text, x, baseline, grey(20));
        }
    };
    for i in 0..=w.max(h) {
        let thick = i % 5 == 0 || i == w || i == h;
        // Whole pixels, as a scan has them: a thin line one, a thick two.
        let (before, colour) = if thick { (1.0, grey(15)) } else { (0.0, grey(110)) };
        let at = i as f32 * cell;
        let (x0, y0) = (gx - 1.0, gy - 1.0);
        let (x1, y1) = (gx + w as f32 * cell + 1.0, gy + h as f32 * cell + 1.0);
        if i <= w {
            canvas.fill(gx + at - before, y0, gx + at + 1.0, y1, colour);
        }
        if i <= h {
            canvas.fill(x0, gy + at - before, x1, gy + at + 1.0, colour);
        }
    }
    for (r, numbers) in rows.iter().enumerate() {
        // The last number's ink a pixel from the border, a digit's advance
        // between numbers; their feet on the row's line.
        let mut right = gx - 2.0;
        let bottom = gy + (r + 1) as f32 * cell - 0.5;
        for n in numbers.iter().rev() {
            let (x0, _, x1, y1) = pen.ink_bounds(&n.to_string());
            print(&mut canvas, &n.to_string(), right - x1, bottom - y1);
            let _ = x0;
            right -= pen.advance(&n.to_string()) + space;
        }
    }
    for (c, numbers) in columns.iter().enumerate() {
        let cx = gx + (c as f32 + 0.5) * cell;
        for (k, n) in numbers.iter().rev().enumerate() {
            let (x0, _, x1, y1) = pen.ink_bounds(&n.to_string());
            let bottom = gy - 1.0 - k as f32 * cell;
            print(&mut canvas, &n.to_string(), cx - (x0 + x1) / 2.0, bottom - y1);
        }
    }
    (canvas, rows, columns)
}

/// Digits standing on the grid's border keep their feet (a "2" on it
/// read as a "0" when the border's blurred edge was taken out with it,
/// a "7" as a "2" when the edge was kept beside its stem), a "1" close
/// to the border is no part of it, a digit as tall as its row is not cut
/// by the row's strip, and a column's number wider than the column is
/// read whole (its digits each off the column's middle).
#[test]
fn small_print_set_tight_against_the_grid_is_read_exactly_and_certain() {
    let (canvas, rows, columns) = small_print(11.0);
    let (reading, checked) = read_picture(&canvas.picture(), &Network::shipped()).expect("a puzzle");
    assert_eq!((reading.grid.width(), reading.grid.height()), (15, 15));
    let clues = |clues: &[nonogram_core::Clue]| clues.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
    assert_eq!(clues(&checked.puzzle.rows), rows);
    assert_eq!(clues(&checked.puzzle.columns), columns);
    assert_eq!(checked.status, Status::Certain, "{:?} {:?}", checked.failure, checked.doubts);
}
