//! The solver core and the app's session, compiled to wasm and run in
//! headless Chromium (`cargo test --target wasm32-unknown-unknown`).
#![cfg(target_arch = "wasm32")]

use nonogram_core::{Clue, Puzzle, SolveOptions, Verdict};
use nonogram_studio::page::lab;
use nonogram_studio::protocol::{FromWorker, SolveRequest};
use nonogram_studio::worker::session::Session;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn clues(list: &str) -> Vec<Clue> {
    list.split('/')
        .map(|c| Clue(c.split_whitespace().map(|r| r.parse().unwrap()).filter(|&r| r != 0).collect()))
        .collect()
}

#[wasm_bindgen_test]
fn lambda_is_unique_in_wasm() {
    let p =
        Puzzle::new(clues("2/1 2/1 1/2/1/3/3/2 2/2 1/2 2 1/2 3/2 2"), clues("2 1/1 3/2 4/3 4/4/3/3/3/2/2"));
    let (verdict, stats) = nonogram_core::solve(&p, SolveOptions::default(), |_| true).unwrap();
    let Verdict::Unique(grid) = verdict else { panic!("{verdict:?}") };
    assert!(p.is_solution(&grid));
    assert!(!stats.by_line_logic());
}

#[wasm_bindgen_test]
fn forever_is_unique_in_wasm() {
    let text = include_str!("../samples/webpbn-06574.non");
    let p = nonogram_formats::parse(text).unwrap().puzzles.remove(0);
    let (verdict, stats) = nonogram_core::solve(&p, SolveOptions::default(), |_| true).unwrap();
    assert_eq!(verdict.word(), "unique");
    // Clause learning (our CDCL solver) took over and proved uniqueness in wasm too.
    assert!(stats.contradictions > 0, "{stats:?}");
    let searched = SolveOptions { learn_after: None, ..SolveOptions::default() };
    assert_eq!(nonogram_core::solve(&p, searched, |_| true).unwrap().0, verdict);
}

/// Clause learning from the root, in wasm: our CDCL solver proves Forever
/// unique.
#[wasm_bindgen_test]
fn clause_learning_from_the_root_proves_forever_unique() {
    let text = include_str!("../samples/webpbn-06574.non");
    let p = nonogram_formats::parse(text).unwrap().puzzles.remove(0);
    let from_the_root = SolveOptions { learn_after: Some(0), ..SolveOptions::default() };
    let (verdict, stats) = nonogram_core::solve(&p, from_the_root, |_| true).unwrap();
    assert_eq!(verdict.word(), "unique");
    assert!(stats.contradictions > 0, "{stats:?}");
    assert!(p.is_solution(&verdict.solutions()[0]));
}

#[wasm_bindgen_test]
fn session_streams_to_the_verdict() {
    let request =
        SolveRequest { id: 1, rows: vec![vec![1], vec![1]], columns: vec![vec![1], vec![1]], colours: None };
    let mut s = Session::<Puzzle>::new(&request).unwrap().unwrap();
    let done = loop {
        match s.advance(|| true, || 0.0) {
            FromWorker::Steps { .. } => continue,
            other => break other,
        }
    };
    assert!(
        matches!(done, FromWorker::Done(ref finished) if finished.verdict == nonogram_studio::protocol::VerdictKind::Multiple)
    );
    // The verdict reports the wasm memory (its peak): at least a page.
    assert!(matches!(done, FromWorker::Done(ref finished) if finished.memory >= 65_536));
}

#[wasm_bindgen_test]
fn a_colour_session_solves_webpbn_47_in_wasm() {
    let xml = include_str!("../samples/webpbn-color-00047.xml");
    let puzzle = nonogram_formats::parse(xml).unwrap().colour.remove(0);
    let request = SolveRequest::of_colour(2, &puzzle);
    let mut s = Session::<nonogram_core::colour::ColourPuzzle>::new(&request).unwrap().unwrap();
    let done = loop {
        match s.advance(|| true, || 0.0) {
            FromWorker::Steps { .. } => continue,
            other => break other,
        }
    };
    let FromWorker::Done(finished) = done else { panic!("{done:?}") };
    let goal = nonogram_studio::protocol::Cells::of_colour_solution(puzzle.goal.as_ref().unwrap());
    assert_eq!(finished.solutions, [goal]);
}

#[wasm_bindgen_test]
fn line_lab_in_wasm() {
    assert_eq!(lab::run("[5 2 2]", "..##.##...#.#..").unwrap().fixes, "|_|_|1|1|1|1|1|_|_|1|1|_|1|1|_|");
}

/// A pseudo-random picture's clues (xorshift), `density_percent` filled.
fn random_request(side: usize, density_percent: u64, mut state: u64) -> SolveRequest {
    let cells: Vec<bool> = (0..side * side)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % 100 < density_percent
        })
        .collect();
    let runs = |line: Vec<bool>| -> Vec<u32> {
        line.split(|&c| !c).filter(|r| !r.is_empty()).map(|r| r.len() as u32).collect()
    };
    let rows = (0..side).map(|r| runs(cells[r * side..(r + 1) * side].to_vec())).collect();
    let columns = (0..side).map(|c| runs((0..side).map(|r| cells[r * side + c]).collect())).collect();
    SolveRequest { id: 1, rows, columns, colours: None }
}

/// The worker's batches end near their time, whatever the board: line
/// solving is bounded by work (a 1000×1000 board's first sweep was one
/// 3-second step), clause learning by the batch's end on the solver's clock
/// (a slice took 0.4 s on a random 100×100 picture). Those were the same
/// in every run (the same seeded board); a loaded machine's pause is not:
/// a board passes when one of three runs keeps every batch under 200 ms.
#[wasm_bindgen_test]
fn worker_batches_end_on_time() {
    let clock: nonogram_core::sat::Clock = std::sync::Arc::new(js_sys::Date::now);
    for (side, density) in [(1000, 50), (100, 50)] {
        let mut runs = Vec::new();
        for _ in 0..3 {
            let mut session =
                Session::<Puzzle>::new(&random_request(side, density, 0x9e37_79b9)).unwrap().unwrap();
            let (mut batches, mut longest) = (0, 0.0f64);
            let start = js_sys::Date::now();
            while js_sys::Date::now() - start < 1500.0 && !session.is_done() {
                let batch_start = js_sys::Date::now();
                let end = batch_start + 30.0;
                session.pause_at(&clock, end);
                session.advance(move || js_sys::Date::now() < end, || 0.0);
                longest = longest.max(js_sys::Date::now() - batch_start);
                batches += 1;
            }
            assert!(batches >= 5, "{side}×{side}: {batches} batches");
            runs.push(longest);
            if longest < 200.0 {
                break;
            }
        }
        assert!(
            runs.iter().any(|&ms| ms < 200.0),
            "{side}×{side}: the longest batch of each run took {runs:?} ms"
        );
    }
}

/// WCAG's relative luminance of an sRGB colour.
fn luminance([r, g, b]: [f64; 3]) -> f64 {
    let lin = |c: f64| {
        let c = c / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn hex(s: &str) -> [f64; 3] {
    let v = u32::from_str_radix(s.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as f64, ((v >> 8) & 255) as f64, (v & 255) as f64]
}

/// Every mark on the board keeps WCAG's 3:1 against the cell round it,
/// in both themes, and under the cursor's row and column highlight (the
/// style sheet's `--band`, laid over the board): a filled cell, a
/// crossed-out cell's mark, the cursor and a hint's outline.
#[wasm_bindgen_test]
fn every_mark_keeps_three_to_one_in_every_highlight() {
    use nonogram_studio::page::draw::palette::{DARK, LIGHT};
    let css = include_str!("../static/style.css");
    // The two `--band: rgba(r, g, b, a)` of the board: light, then dark.
    let bands: Vec<([f64; 3], f64)> = css
        .match_indices("--band: rgba(")
        .map(|(at, m)| {
            let rest = &css[at + m.len()..];
            let v: Vec<f64> =
                rest[..rest.find(')').unwrap()].split(',').map(|x| x.trim().parse().unwrap()).collect();
            ([v[0], v[1], v[2]], v[3])
        })
        .collect();
    assert_eq!(bands.len(), 2, "a light and a dark band");
    for (palette, (band, alpha)) in [(LIGHT, bands[0]), (DARK, bands[1])] {
        let under = |c: [f64; 3]| [0, 1, 2].map(|k| c[k] * (1.0 - alpha) + band[k] * alpha);
        let paper = hex(palette.paper);
        for (what, mark) in [("filled", palette.ink), ("crossed", palette.empty), ("cursor", palette.worked)]
        {
            let mark = hex(mark);
            for (place, m, p) in [("plain", mark, paper), ("highlighted", under(mark), under(paper))] {
                let ratio = contrast(m, p);
                assert!(ratio >= 3.0, "{} {what} {place}: {ratio:.2}", palette.paper);
            }
        }
    }
}
