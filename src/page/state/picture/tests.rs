use super::*;
use crate::worker::check::CheckJob;

/// The worker's answers to a check request, run here natively.
fn check_answers(effects: &[PictureEffect]) -> Vec<FromWorker> {
    let Some(PictureEffect::Post(ToWorker::Check(request))) = effects.last() else {
        panic!("no check asked: {effects:?}")
    };
    let mut job = CheckJob::new(request).unwrap_or_else(|m| panic!("{m:?}"));
    let mut answers = Vec::new();
    while !job.is_done() {
        answers.extend(job.advance(|| true, || 0.0));
    }
    answers
}

/// A loaded 4×4 picture whose cell values are in: dark (0) where `#`.
fn loaded(rows: &[&str]) -> (PictureState, Vec<PictureEffect>) {
    let mut s = PictureState::default();
    let effects = s.reduce(PictureAction::Upload { name: "ring.png".into() });
    let [PictureEffect::Post(ToWorker::LoadPicture { id, ref name })] = effects[..] else {
        panic!("{effects:?}")
    };
    assert_eq!((name.as_str(), s.note.as_str()), ("ring.png", "Reading ring.png…"));
    let (w, h) = (rows[0].len(), rows.len());
    let loaded = FromWorker::PictureLoaded {
        id,
        kind: "PNG".into(),
        width: 40,
        height: 40,
        grid_width: w,
        grid_height: h,
    };
    assert!(s.reduce(PictureAction::FromWorker(loaded)).is_empty());
    assert_eq!(s.note, "ring.png: PNG, 40×40 pixels");
    let values = rows.iter().flat_map(|r| r.bytes().map(|b| if b == b'#' { 0 } else { 255 })).collect();
    let cells = FromWorker::Cells { id: 0, width: w, height: h, values, otsu: 127 };
    let effects = s.reduce(PictureAction::FromWorker(cells));
    (s, effects)
}

#[test]
fn a_picture_read_makes_clues_for_clues_and_a_check() {
    let (mut s, effects) = loaded(&["####", "#..#", "#..#", "####"]);
    let [PictureEffect::CancelSync, PictureEffect::Clues(ref clues), PictureEffect::Post(ToWorker::Check(ref check))] =
        effects[..]
    else {
        panic!("{effects:?}")
    };
    assert!(
        clues.text.contains("title \"ring\"") && clues.text.contains("rows\n4\n1,1\n1,1\n4"),
        "{}",
        clues.text
    );
    assert_eq!(s.last_clues.as_ref(), Some(clues));
    assert_eq!((check.id, s.check.id, s.check.status.as_str()), (s.check.id, check.id, "Checking…"));
    for answer in check_answers(&effects) {
        s.reduce(PictureAction::FromWorker(answer));
    }
    assert!(s.check.status.starts_with("Unique"), "{}", s.check.status);
    assert!(s.check.other.is_none());
    // Clues edited by hand elsewhere: Use the picture's clues puts them back.
    assert_eq!(s.reduce(PictureAction::UseClues), [PictureEffect::Clues(clues.clone())]);
}

#[test]
fn answers_to_older_requests_are_dropped() {
    let (mut s, effects) = loaded(&["#.", ".#"]);
    let stale = check_answers(&effects);
    // A cell switched: new clues and a new check; the old check's answers
    // come late and change nothing.
    let effects = s.reduce(PictureAction::Cell(0, 1));
    assert!(matches!(effects.last(), Some(PictureEffect::Post(ToWorker::Check(_)))), "{effects:?}");
    let version = s.version;
    for answer in stale {
        assert!(s.reduce(PictureAction::FromWorker(answer)).is_empty());
    }
    assert_eq!((s.check.status.as_str(), s.version), ("Checking…", version));
    // A new size asked; the answer for the older size is dropped.
    let effects = s.reduce(PictureAction::Width("3".into()));
    let [PictureEffect::Post(ToWorker::Resample { width: 3, height: 3, colours: 2, .. })] = effects[..]
    else {
        panic!("{effects:?}")
    };
    let old = FromWorker::Cells { id: 0, width: 2, height: 2, values: vec![0; 4], otsu: 127 };
    assert!(s.reduce(PictureAction::FromWorker(old)).is_empty());
    // A picture that could not be read leaves the one before.
    let effects = s.reduce(PictureAction::Upload { name: "broken.png".into() });
    let [PictureEffect::Post(ToWorker::LoadPicture { id, .. })] = effects[..] else { panic!() };
    s.reduce(PictureAction::FromWorker(FromWorker::PictureError { id, message: "not a PNG".into() }));
    assert_eq!((s.note.as_str(), s.error.as_str()), ("", "not a PNG"));
    assert_eq!(s.picture.as_ref().map(|p| p.name.as_str()), Some("ring.png"));
}

#[test]
fn bad_sizes_are_named_and_the_threshold_waits_for_the_slider_to_rest() {
    let (mut s, _) = loaded(&["##", "#."]);
    assert!(s.reduce(PictureAction::Height("lots".into())).is_empty());
    assert_eq!(s.error, format!("Height: enter a whole number of cells from 1 to {MAX_GRID_SIDE}"));
    // The slider moves: the preview follows, the clues wait.
    let version = s.version;
    assert_eq!(s.reduce(PictureAction::Threshold(10)), [PictureEffect::SyncSoon]);
    assert_eq!((s.version, s.check.status.as_str()), (version + 1, "Checking…"));
    let effects = s.reduce(PictureAction::Sync);
    assert!(matches!(
        effects[..],
        [PictureEffect::CancelSync, PictureEffect::Clues(_), PictureEffect::Post(_)]
    ));
    // Otsu and Invert make the clues at once.
    let effects = s.reduce(PictureAction::Invert(true));
    let Some(PictureEffect::Clues(clues)) = effects.get(1) else { panic!("{effects:?}") };
    assert_eq!(clues.grid.to_text(), "..\n.#\n");
}

#[test]
fn several_solutions_are_shown_with_their_differing_cells_and_fixes() {
    // A diagonal pair: its clues have two solutions.
    let (mut s, effects) = loaded(&["#..", ".#.", "..."]);
    for answer in check_answers(&effects) {
        s.reduce(PictureAction::FromWorker(answer));
    }
    assert!(s.check.status.starts_with("Multiple solutions"), "{}", s.check.status);
    assert_eq!(s.check.other.as_ref().map(Grid::to_text).as_deref(), Some(".#.\n#..\n...\n"));
    assert_eq!(s.check.differing, [0, 1, 3, 4]);
    assert!(s.check.fix_status.starts_with("Fixes found"), "{}", s.check.fix_status);
    // A fix applied: the cell switched, new clues and a new check.
    let fix = s.check.fixes[0].clone();
    let effects = s.reduce(PictureAction::ApplyFix(fix.row, fix.col, None));
    for answer in check_answers(&effects) {
        s.reduce(PictureAction::FromWorker(answer));
    }
    assert!(s.check.status.starts_with("Unique"), "{}", s.check.status);
}

#[test]
fn colour_pictures_come_as_colours_with_their_own_check() {
    let (mut s, _) = loaded(&["##", "##"]);
    let effects = s.reduce(PictureAction::Colours(3));
    let [PictureEffect::Post(ToWorker::Resample { id, width: 2, height: 2, colours: 3 })] = effects[..]
    else {
        panic!("{effects:?}")
    };
    let palette = vec![255, 255, 255, 200, 30, 30, 30, 30, 200];
    let answer = FromWorker::ColourCells { id, width: 2, height: 2, cells: vec![1, 2, 0, 1], palette };
    let effects = s.reduce(PictureAction::FromWorker(answer));
    let Some(PictureEffect::Clues(clues)) = effects.get(1) else { panic!("{effects:?}") };
    assert!(clues.text.contains("<puzzle") && clues.text.contains("red"), "{}", clues.text);
    assert_eq!(clues.grid.to_text(), "##\n.#\n");
    for answer in check_answers(&effects) {
        s.reduce(PictureAction::FromWorker(answer));
    }
    assert!(s.check.status.starts_with("Unique"), "{}", s.check.status);
    // Painting a cell with the chosen colour makes new clues.
    s.reduce(PictureAction::Paint(2));
    let effects = s.reduce(PictureAction::Cell(1, 0));
    let Some(PictureEffect::Clues(clues)) = effects.get(1) else { panic!("{effects:?}") };
    assert_eq!(clues.grid.to_text(), "##\n##\n");
    // The worker stopped: the picture is gone, and the panel says why.
    s.reduce(PictureAction::WorkerFailed("The picture worker stopped.".into()));
    assert!(s.picture.is_none() && s.error == "The picture worker stopped.");
}
