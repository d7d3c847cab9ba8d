//! Phone games drawn by hand, one trait at a time: tiles with gaps, every
//! number on a badge set edge to edge with its neighbours (a column's
//! badges fill most of its strip), the device's dark frame close beside
//! the row clues.

mod held;

use held::a_face;
use nonogram_read::render::{grey, Canvas, Face, Lettering, Pen};
use nonogram_read::{read_picture, Network, Status};

/// The runs of filled cells along a line.
fn runs(line: impl Iterator<Item = bool>) -> Vec<u32> {
    let mut out = Vec::new();
    let mut run = 0;
    for filled in line.chain(std::iter::once(false)) {
        if filled {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    out
}

/// How a game draws its screen.
struct Theme {
    /// The screen, the tiles, the badges and their digits.
    colours: [u8; 4],
    /// How far apart a column's badges are, in cells (1: in line with
    /// the rows of tiles, as clue boxes would be), and their side.
    column_pitch: f32,
    column_badge: f32,
    /// The gap between the grid and the row badges, in cells.
    row_gap: f32,
}

const LIGHT: Theme =
    Theme { colours: [214, 238, 128, 236], column_pitch: 0.9, column_badge: 0.9, row_gap: 0.15 };

/// A game's screen: a tiled grid of `cell` pixels, badges along a line
/// set edge to edge (a column's `theme.column_pitch` apart), and the frame
/// `frame_gap` cells left of the farthest row badge.
fn game(
    solution: &[&str],
    cell: f32,
    frame_gap: f32,
    theme: &Theme,
    face: &Face,
) -> (Canvas, Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let [screen, tile, badge_ink, digit_ink] = theme.colours.map(grey);
    let (h, w) = (solution.len(), solution[0].len());
    let filled = |r: usize, c: usize| solution[r].as_bytes()[c] == b'X';
    let rows: Vec<Vec<u32>> = (0..h).map(|r| runs((0..w).map(|c| filled(r, c)))).collect();
    let columns: Vec<Vec<u32>> = (0..w).map(|c| runs((0..h).map(|r| filled(r, c)))).collect();
    let longest_row = rows.iter().map(Vec::len).max().unwrap_or(1) as f32;
    let longest_column = columns.iter().map(Vec::len).max().unwrap_or(1) as f32;
    let badge = cell * 0.8;
    let pitch = cell * theme.column_pitch;
    let (gx, gy) = (cell * (frame_gap + 1.5) + longest_row * badge, cell * 1.5 + longest_column * pitch);
    let (width, height) = ((gx + w as f32 * cell + cell) as u32, (gy + h as f32 * cell + cell * 2.0) as u32);
    let mut canvas = Canvas::new(width, height, screen);
    let frame = gx - cell * theme.row_gap - longest_row * badge - cell * frame_gap;
    canvas.fill(0.0, 0.0, frame, height as f32, grey(18));
    let gap = cell * 0.1;
    for r in 0..h {
        for c in 0..w {
            let (x, y) = (gx + c as f32 * cell, gy + r as f32 * cell);
            canvas.rounded(
                x + gap / 2.0,
                y + gap / 2.0,
                x + cell - gap / 2.0,
                y + cell - gap / 2.0,
                gap,
                tile,
            );
        }
    }
    let pen = Pen::for_digit_height(Lettering::Font(face), cell * 0.5);
    for (r, numbers) in rows.iter().enumerate() {
        let cy = gy + (r as f32 + 0.5) * cell;
        for (k, n) in numbers.iter().rev().enumerate() {
            let x1 = gx - cell * theme.row_gap - k as f32 * badge;
            canvas.rounded(x1 - badge, cy - cell * 0.45, x1, cy + cell * 0.45, cell * 0.2, badge_ink);
            pen.draw_centred(&mut canvas, &n.to_string(), x1 - badge / 2.0, cy, digit_ink);
        }
    }
    for (c, numbers) in columns.iter().enumerate() {
        let cx = gx + (c as f32 + 0.5) * cell;
        for (k, n) in numbers.iter().rev().enumerate() {
            // The badge centred in its pitch, the gap below the grid's.
            let middle = gy - (k as f32 + 0.5) * pitch - (pitch - cell * theme.column_badge).min(cell * 0.15);
            let half = cell * theme.column_badge / 2.0;
            let (x0, x1) = (cx - badge.min(half * 2.0) / 2.0, cx + badge.min(half * 2.0) / 2.0);
            canvas.rounded(x0, middle - half, x1, middle + half, cell * 0.2, badge_ink);
            pen.draw_centred(&mut canvas, &n.to_string(), cx, middle, digit_ink);
        }
    }
    (canvas, rows, columns)
}

#[test]
fn badges_set_edge_to_edge_beside_a_tiled_grid_and_a_frame_are_read() {
    let face = a_face();
    let solution = ["X.X.X.X", "XX.XX.X", ".XXXX..", "X.X..XX", "XXX.XX.", ".X.X.XX", "X.XX.X."];
    for cell in [34.0, 42.0] {
        let (canvas, rows, columns) = game(&solution, cell, 0.9, &LIGHT, &face);
        let (_, checked) = read_picture(&canvas.picture(), &Network::shipped())
            .unwrap_or_else(|e| panic!("cell {cell}: no puzzle: {e}"));
        let clues = |lines: &[nonogram_core::Clue]| lines.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
        assert_eq!(clues(&checked.puzzle.rows), rows, "cell {cell}: rows");
        assert_eq!(clues(&checked.puzzle.columns), columns, "cell {cell}: columns");
        assert_eq!(checked.status, Status::Certain, "cell {cell}: {:?}", checked.failure);
    }
}

/// A dark game whose column badges, smaller than a tile, stand a cell
/// apart: in line with the rows of tiles, they are found as more rows of
/// the board, and told apart from it by the numbers on them.
#[test]
fn badges_in_line_with_the_tiles_are_told_from_the_board_by_their_numbers() {
    let face = a_face();
    let solution = ["XX.X.X", "X.XX..", ".XXXXX", "X.X.XX", "XXX..X", ".X.XX."];
    let dark = Theme { colours: [30, 70, 150, 28], column_pitch: 1.0, column_badge: 0.7, row_gap: 0.6 };
    let (canvas, rows, columns) = game(&solution, 30.0, 2.0, &dark, &face);
    let (_, checked) = read_picture(&canvas.picture(), &Network::shipped()).expect("a puzzle");
    let clues = |lines: &[nonogram_core::Clue]| lines.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
    assert_eq!(clues(&checked.puzzle.rows), rows);
    assert_eq!(clues(&checked.puzzle.columns), columns);
    assert_eq!(checked.status, Status::Certain, "{:?}", checked.failure);
}

/// The bench's picture `k` of a style and kind, drawn with the fonts
/// held back from training, as `examples/bench.rs` draws it for `seed`.
fn bench_scene(
    style: nonogram_read::render::Style,
    kind: nonogram_read::render::Kind,
    seed: u64,
    k: usize,
) -> nonogram_read::render::Scene {
    use nonogram_read::render::{faces, font_folders, held_back, scene, Rng};
    let all = faces(&font_folders());
    let testing: Vec<_> = all.iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).collect();
    let mut rng = Rng::new(seed ^ (style as u64) << 8 ^ (kind as u64) << 16);
    (0..=k).map(|i| scene(style, kind, i, &testing, &mut rng)).last().unwrap()
}

/// Reads a bench picture and asserts it read exactly and certain.
fn reads_exactly(drawn: &nonogram_read::render::Scene) {
    let (_, checked) = read_picture(&drawn.canvas.picture(), &Network::shipped()).expect("a puzzle");
    assert_eq!(checked.puzzle.rows, drawn.puzzle.rows);
    assert_eq!(checked.puzzle.columns, drawn.puzzle.columns);
    assert_eq!(checked.status, Status::Certain, "{:?}", checked.failure);
}

/// A handheld's screen in its dark frame, over a photo of the room: the
/// row clues' band runs on past the frame into the photo, whose grey is
/// the band's commonest colour. The clue area's colour is the one next
/// to the grid (the screen's): the frame's edge was read as a "1" before
/// every row's clue. (The bench's picture, seed 7, handheld screenshot 9.)
#[test]
fn a_handheld_in_its_frame_over_a_photo_reads_its_clues_to_the_screens_edge() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Handheld, Kind::Screenshot, 7, 9));
}

/// Dark badges set edge to edge on a panel a shade off the page, the
/// panel cut by the picture's left edge, a level number and a clock
/// above the clues: the panels' colour is no digit's ink (it joined every
/// badge through the page between panels), what shows at a cut panel's
/// end is the page, and the clue area above ends before the clock. (The
/// bench's picture, seed 4242, tiles screenshot 13: read 9×10 with the
/// clock as clues and a "1" before each row.)
#[test]
fn badges_on_panels_cut_by_the_edge_under_a_clock_are_read() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Tiles, Kind::Screenshot, 4242, 13));
}

/// A handheld's pixel digits on badges shorter than two thirds of a cell
/// (a whole number of pixels each): read on their badges ("8" and "9" had
/// read as "3", the badge's shape round them) where most lines are on
/// such badges; a bold "0" alone in a plain style, its hole as large, is
/// no badge. (The bench's pictures, seed 4242, tiles screenshot 21; seed
/// 7, dark screenshot 27.)
#[test]
fn pixel_digits_on_small_badges_are_read_and_a_bold_zero_is_no_badge() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Tiles, Kind::Screenshot, 4242, 21));
    reads_exactly(&bench_scene(Style::Dark, Kind::Screenshot, 7, 27));
}

/// A "10" on a badge wider than its column's strip, in a heavy italic:
/// the badge, looked at past the strip, has the page round it, the
/// commonest colour there; read against the page, its digits were holes
/// and the "0"'s own hole read as a digit ("4 10" read "4 1 0 0", then
/// "4 0"). Its digits are read against the badge's colour, and a hole in
/// a badge is no digit. (The bench's picture, seed 4242, tiles
/// screenshot 5.)
#[test]
fn a_ten_on_a_badge_wider_than_its_column_is_read_whole() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Tiles, Kind::Screenshot, 4242, 5));
}

/// A dark game's badges in line with its tiles, in the four rows next to
/// the board where every column has one: found as ruled clue boxes, they
/// ended the clue area at the outermost, and the numbers a cell past it
/// were lost. Numbers standing each in its column's strip past the last
/// "box" carry the area on. (The bench's picture, seed 4242, tiles-dark
/// screenshot 27.)
#[test]
fn numbers_past_badges_in_line_with_the_tiles_are_read() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::TilesDark, Kind::Screenshot, 4242, 27));
}

/// A "13" badge wider than the board's last column stands partly past
/// the board's right edge: no number of another column, so no doubt
/// that a column was not read (read exactly, it was called doubtful).
/// (The bench's picture, seed 4242, tiles screenshot 4.)
#[test]
fn a_badge_wider_than_the_last_column_is_no_column_past_it() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Tiles, Kind::Screenshot, 4242, 4));
}

/// A dark screen in a black frame over a photo: the frame is fainter than
/// ink against the screen, and the row clues' area ran on through it into
/// the photo (each row's badges then one blob with the frame). A band of
/// one colour right across, off the area's, ends the area like a frame
/// of ink; badges set edge to edge are no struck-through clue. (The
/// bench's picture, seed 4242, tiles-dark screenshot 14.)
#[test]
fn a_black_frame_round_a_dark_screen_ends_the_clue_area() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::TilesDark, Kind::Screenshot, 4242, 14));
}

/// A player's crosses in the board's rows, two to a row, read as numbers:
/// the rows above the last such row were taken for clue boxes (a 14×15
/// board read 14×13, or 14×8). A cross (ink in its box's corners and
/// middle, none at its sides' middles) is a mark. (The bench's picture,
/// seed 4242, tiles screenshot 20: its clues are not all read yet.)
#[test]
fn crosses_in_the_board_are_no_clue_boxes() {
    use nonogram_read::render::{Kind, Style};
    let drawn = bench_scene(Style::Tiles, Kind::Screenshot, 4242, 20);
    let (_, checked) = read_picture(&drawn.canvas.picture(), &Network::shipped()).expect("a puzzle");
    let size = |p: &nonogram_core::Puzzle| (p.columns.len(), p.rows.len());
    assert_eq!(size(&checked.puzzle), size(&drawn.puzzle));
}

/// A finished clue greyed between black rules, in a photo of a page whose
/// every number has its box: the strip's contrast was the rules', and the
/// grey "10" fell under its ink's threshold and was lost. The digits'
/// ink is told without the lines' pixels. (The bench's picture, seed 7,
/// boxes photo 12.)
#[test]
fn a_greyed_clue_between_black_rules_is_read() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Boxes, Kind::Photo, 7, 12));
}

/// A finished row greyed under a thick rule, every number in its box: at
/// the digits' own contrast the rules' faint edges joined the whole strip
/// into one blob, taken for a badge round the one digit darker than the
/// rest. Ink over the whole strip is no badge. (The bench's picture, seed
/// 7, boxes screenshot 28.)
#[test]
fn a_greyed_row_under_a_thick_rule_is_no_badge() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Boxes, Kind::Screenshot, 7, 28));
}

/// A fresh 5×5 board of big tiles, nothing played, its row clues on
/// badges stacked in columns: the badges' edges, at under half the
/// tiles' pitch, made the longest chain of vertical lines, and no grid
/// was found (its cells not square). Each family is looked for again at
/// the other's pitch. (The bench's picture, seed 4242, tiles screenshot
/// 18.)
#[test]
fn a_fresh_board_of_few_big_tiles_is_found_beside_stacked_badges() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Tiles, Kind::Screenshot, 4242, 18));
}

/// A small board of tiles whose thin gaps are a shade off the tiles, its
/// first row mostly filled and the column clues' badges close above it:
/// the gaps' line centres were pulled 2–4 px off by the filled tiles' and
/// the badges' edges (darker than one side only, and longer), and the
/// lattice found was two cells a side; the filled top row, past the
/// first gap, was no tile alike the inside. (The bench's picture, seed
/// 8080, tiles screenshot 0.)
#[test]
fn thin_gaps_beside_filled_tiles_and_badges_are_centred_and_a_filled_outer_row_kept() {
    use nonogram_read::render::{Kind, Style};
    reads_exactly(&bench_scene(Style::Tiles, Kind::Screenshot, 8080, 0));
}
