//! The reader's answer to the page: what `nonogram_read` read in a picture
//! and what its checks said, put in the picture's own pixels and in a
//! player's words (the page draws and shows it as it comes).

use crate::protocol::{ReadAnswer, ReadMark};
use nonogram_core::LineId;
use nonogram_read::{read_picture, Checked, Network, Picture, Reading, Status};

/// Reads `picture` (the browser's `width`×`height` pixels, maybe shrunk
/// by the reader) and answers request `id`.
pub fn answer(id: u32, width: u32, height: u32, picture: &Picture, network: &Network) -> ReadAnswer {
    let base = ReadAnswer { id, width, height, ..ReadAnswer::default() };
    match read_picture(picture, network) {
        Ok((reading, checked)) => {
            // The reader works on the picture shrunk by a whole factor
            // when it is huge: back to the browser's pixels.
            let scale = (width as f64 / picture.width() as f64, height as f64 / picture.height() as f64);
            answer_of(base, &reading, &checked, scale)
        }
        Err(e) => ReadAnswer { error: capitalised(&e.to_string()), ..base },
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn answer_of(base: ReadAnswer, reading: &Reading, checked: &Checked, scale: (f64, f64)) -> ReadAnswer {
    let at = |x: f32, y: f32| {
        let (x, y) = reading.in_picture(x as f64, y as f64);
        (x * scale.0, y * scale.1)
    };
    let g = &reading.grid;
    let (x0, x1) = (g.xs[0], g.xs[g.xs.len() - 1]);
    let (y0, y1) = (g.ys[0], g.ys[g.ys.len() - 1]);
    // Round the border from the top left, a point where each line meets
    // it; the inner lines through every crossing.
    let outline: Vec<(f64, f64)> =
        g.xs.iter()
            .map(|&x| at(x, y0))
            .chain(g.ys.iter().skip(1).map(|&y| at(x1, y)))
            .chain(g.xs.iter().rev().skip(1).map(|&x| at(x, y1)))
            .chain(g.ys.iter().rev().skip(1).take(g.ys.len() - 2).map(|&y| at(x0, y)))
            .collect();
    let inner = |v: &[f32]| v[1..v.len() - 1].to_vec();
    let lines: Vec<Vec<(f64, f64)>> = inner(&g.xs)
        .iter()
        .map(|&x| g.ys.iter().map(|&y| at(x, y)).collect())
        .chain(inner(&g.ys).iter().map(|&y| g.xs.iter().map(|&x| at(x, y)).collect()))
        .collect();
    let mut marks = Vec::new();
    let rows = reading.rows.iter().enumerate().map(|(i, l)| (LineId::Row(i), l));
    for (line, read) in rows.chain(reading.columns.iter().enumerate().map(|(i, l)| (LineId::Column(i), l))) {
        for (number, n) in read.numbers().iter().enumerate() {
            let digits = &read.digits[n.digits.clone()];
            let (mut left, mut top, mut right, mut bottom) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
            for d in digits {
                let r = d.rect;
                for (x, y) in [(r.x0, r.y0), (r.x1, r.y0), (r.x0, r.y1), (r.x1, r.y1)] {
                    let (x, y) = at(x as f32, y as f32);
                    (left, top, right, bottom) = (left.min(x), top.min(y), right.max(x), bottom.max(y));
                }
            }
            if digits.is_empty() {
                continue;
            }
            let text = n.value.to_string();
            marks.push(ReadMark { line, number, text, x: left, y: top, w: right - left, h: bottom - top });
        }
    }
    ReadAnswer {
        certain: checked.status == Status::Certain,
        rows: checked.puzzle.rows.iter().map(|c| c.0.clone()).collect(),
        columns: checked.puzzle.columns.iter().map(|c| c.0.clone()).collect(),
        outline,
        lines,
        marks,
        summary: summary(reading, checked, !doubts(checked).is_empty()),
        doubts: doubts(checked),
        ..base
    }
}

/// Each line in doubt, with what the reader says of it, in line order.
fn doubts(checked: &Checked) -> Vec<(LineId, String)> {
    let mut said: Vec<(LineId, String)> = Vec::new();
    let mut say = |line: LineId, what: String| match said.iter_mut().find(|(l, _)| *l == line) {
        Some((_, text)) => {
            text.push_str("; ");
            text.push_str(&what);
        }
        None => said.push((line, what)),
    };
    for c in &checked.changes {
        say(
            c.place.line,
            format!("number {}: read {}, the checks made it {}", c.place.number, c.read, c.now),
        );
    }
    for d in &checked.doubts {
        let others: Vec<String> = d.others.iter().map(u32::to_string).collect();
        let others = if others.is_empty() { String::new() } else { format!(", or {}", others.join(" or ")) };
        say(
            d.place.line,
            format!("number {}: {}{others}? ({:.0} % certain)", d.place.number, d.value, d.certainty * 100.0),
        );
    }
    for p in &checked.doubtful_gaps {
        say(p.line, format!("number {}: one number or two?", p.number));
    }
    for &line in &checked.empty_lines {
        say(line, "no number read: empty, or missed?".into());
    }
    for &line in &checked.cut_lines {
        say(line, "its clue runs off the picture's edge: a number cut off?".into());
    }
    let order = |l: &LineId| match *l {
        LineId::Row(i) => i,
        LineId::Column(i) => 1_000_000 + i,
    };
    said.sort_by_key(|(l, _)| order(l));
    said
}

/// What the checks said of the whole reading; `marked`: some line is
/// marked in doubt (else the words point at the picture).
fn summary(reading: &Reading, checked: &Checked, marked: bool) -> String {
    let size = nonogram_core::text::a_size(reading.grid.width(), reading.grid.height());
    let solved = match checked.verdict {
        Some("unique") => "it has one solution",
        Some("multiple") => "it has several solutions",
        _ => "",
    };
    let look = if marked { "the marked lines" } else { "the numbers read against the picture" };
    match (&checked.failure, checked.status) {
        // The reading as read failed, and the checks' changes passed: say
        // what they mended, not "correct" what is corrected already.
        (Some(failure), _) if checked.verdict.is_some() && !checked.changes.is_empty() => {
            let changed = match checked.changes.len() {
                1 => "1 number".to_string(),
                n => format!("{n} numbers"),
            };
            let now = if solved.is_empty() { "the clues pass the checks" } else { solved };
            format!(
                "Read {size} puzzle; {failure}, so the checks changed {changed} and now {now}: \
                 look over the marked lines."
            )
        }
        (Some(failure), _) => {
            format!("Read {size} puzzle, but it fails a check ({failure}): correct {look}.")
        }
        (None, Status::Certain) => format!("Read {size} puzzle: every number is certain, and {solved}."),
        (None, Status::Doubtful) if checked.verdict == Some("multiple") => format!(
            "Read {size} puzzle, with doubts: it has several solutions where a puzzle has one, \
             so a number may be misread: look over {look}."
        ),
        (None, Status::Doubtful) if checked.another => format!(
            "Read {size} puzzle, with doubts: the picture holds another grid (a second puzzle?); this one \
             was read: look over {look}."
        ),
        (None, Status::Doubtful) if !checked.beyond.is_empty() => {
            let beyond: Vec<String> = checked.beyond.iter().map(|b| b.to_string()).collect();
            format!(
                "Read {size} puzzle, with doubts: {}: is the whole puzzle in the picture?",
                beyond.join("; ")
            )
        }
        (None, Status::Doubtful) => {
            let passed =
                if solved.is_empty() { "it passes the checks".to_string() } else { solved.to_string() };
            format!("Read {size} puzzle, with doubts: {passed}, but look over {look}.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_read::render::{
        draw_puzzle, faces, font_folders, random_solution, Lettering, Look, Rng, Style,
    };

    #[test]
    fn a_screenshot_is_answered_with_its_clues_and_each_number_where_it_was_drawn() {
        let faces = faces(&font_folders());
        let mut rng = Rng::new(3);
        let solution = random_solution(8, 6, &mut rng);
        let drawn =
            draw_puzzle(&solution, Style::Page, Lettering::Font(&faces[0]), 24.0, Look::PLAIN, &mut rng);
        let picture = drawn.canvas.picture();
        let (w, h) = (picture.width(), picture.height());
        let a = answer(5, w, h, &picture, &Network::shipped());
        assert_eq!(a.error, "");
        assert_eq!((a.id, a.width, a.height), (5, w, h));
        let clues = |c: &[nonogram_core::Clue]| c.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
        assert_eq!(a.rows, clues(&drawn.puzzle.rows));
        assert_eq!(a.columns, clues(&drawn.puzzle.columns));
        // One mark a number, inside the picture, left of or above the grid.
        let numbers: usize = a.rows.iter().chain(&a.columns).map(Vec::len).sum();
        assert_eq!(a.marks.len(), numbers);
        let (left, top) = a.outline[0];
        for m in &a.marks {
            assert!(m.x >= 0.0 && m.y >= 0.0 && m.x + m.w <= w as f64 && m.y + m.h <= h as f64, "{m:?}");
            match m.line {
                LineId::Row(_) => assert!(m.x + m.w <= left, "{m:?} left of the grid at {left}"),
                LineId::Column(_) => assert!(m.y + m.h <= top, "{m:?} above the grid at {top}"),
            }
        }
        assert!(a.summary.starts_with("Read an 8×6 puzzle"), "{}", a.summary);
        // The grid as found: its border through a point for each line
        // meeting it, its inner lines through every crossing, on the
        // grid as drawn.
        assert_eq!(a.outline.len(), 2 * (8 + 6));
        assert_eq!(a.lines.len(), 7 + 5);
        assert!(a.lines[..7].iter().all(|l| l.len() == 7) && a.lines[7..].iter().all(|l| l.len() == 9));
        let (gx0, gy0, gx1, gy1) = drawn.grid_box;
        for &(x, y) in a.outline.iter().chain(a.lines.iter().flatten()) {
            let inside = x >= gx0 as f64 - 2.0
                && x <= gx1 as f64 + 2.0
                && y >= gy0 as f64 - 2.0
                && y <= gy1 as f64 + 2.0;
            assert!(inside, "({x}, {y}) off the grid drawn at {:?}", drawn.grid_box);
        }
    }

    #[test]
    fn a_reading_the_checks_mended_says_what_they_changed_not_to_correct_it() {
        let faces = faces(&font_folders());
        let mut rng = Rng::new(3);
        let solution = random_solution(8, 6, &mut rng);
        let picture =
            draw_puzzle(&solution, Style::Page, Lettering::Font(&faces[0]), 24.0, Look::PLAIN, &mut rng)
                .canvas
                .picture();
        let (reading, checked) = read_picture(&picture, &Network::shipped()).unwrap();
        // As the checks answer a number misread and mended: the totals
        // failed as read, a change passed, one solution.
        let place = nonogram_read::check::Place { line: LineId::Row(0), number: 1 };
        let mended = Checked {
            status: Status::Doubtful,
            changes: vec![nonogram_read::check::Change { place, read: "3".into(), now: "13".into() }],
            failure: Some("as read, the row clues fill 7 cells but the column clues fill 17".into()),
            verdict: Some("unique"),
            ..checked.clone()
        };
        let said = summary(&reading, &mended, true);
        assert_eq!(
            said,
            "Read an 8×6 puzzle; as read, the row clues fill 7 cells but the column clues fill 17, so the \
             checks changed 1 number and now it has one solution: look over the marked lines."
        );
        // No change passed: the failure stands, to correct.
        let failing = Checked { changes: Vec::new(), verdict: None, failure: Some("x".into()), ..checked };
        assert!(summary(&reading, &failing, true).contains("fails a check (x): correct the marked lines"));
    }

    #[test]
    fn a_picture_without_a_puzzle_says_so() {
        let picture = Picture::from_luma(300, 200, vec![255; 300 * 200]).unwrap();
        let a = answer(1, 600, 400, &picture, &Network::shipped());
        assert!(a.error.starts_with("No puzzle found"), "{}", a.error);
        assert!(a.rows.is_empty() && a.marks.is_empty());
    }
}
