//! Play mode, natively: presses, strokes, keys, undo and redo, progress
//! kept and restored, hints and checks, and "Solved!".

use super::*;
use crate::page::state::keys::PLAYING_KEY;
use crate::page::state::{line_done, progress_key, Action, Effect, PlayAction, State};
use crate::protocol::parse_outcome;
use nonogram_core::{Cell, Clue, LineId};

/// Post 003's 5×5 picture as a text the page reads.
const POST_003: &str = "01110\n11010\n01110\n00110\n00111\n";
const SOLUTION: &str = ".###.##.#..###...##...###";

/// My progress's list, kept with each board kept.
macro_rules! kept_list {
    () => {
        Effect::Keep { key: _, value: _ }
    };
}

fn state() -> State {
    let mut s = State::default();
    let mut effects = s.reduce(Action::Edited { bytes: POST_003.len() });
    let Some(Effect::Parse { version, index }) = effects.pop() else { panic!() };
    s.reduce(Action::Parsed { version, outcome: parse_outcome(POST_003, index) });
    s
}

fn act(s: &mut State, action: PlayAction) -> Vec<Effect> {
    s.reduce(Action::Play { action, now: 1000.0 })
}

fn board(s: &State) -> String {
    nonogram_core::cell::line_to_string(s.shown_cells())
}

fn playing() -> State {
    let mut s = state();
    act(&mut s, PlayAction::Toggle { saved: None });
    s
}

#[test]
fn play_shows_an_empty_board_and_a_press_fills_or_crosses_then_clears() {
    let mut s = playing();
    assert_eq!(board(&s), "?".repeat(25));
    assert!(s.status.starts_with("Playing"));
    act(&mut s, PlayAction::Press { index: 1, cross: false });
    act(&mut s, PlayAction::Release);
    act(&mut s, PlayAction::Press { index: 0, cross: true });
    let effects = act(&mut s, PlayAction::Release);
    assert_eq!(&board(&s)[..3], ".#?");
    // Each finished change keeps the progress.
    assert!(
        matches!(effects.as_slice(), [Effect::Keep { value, .. }, kept_list!()] if value.split(';').nth(2) == Some(".#???????????????????????"))
    );
    // Again on the same cell with the same button: cleared.
    act(&mut s, PlayAction::Press { index: 1, cross: false });
    act(&mut s, PlayAction::Release);
    assert_eq!(&board(&s)[..3], ".??");
    // The touch switch makes a plain press cross out.
    act(&mut s, PlayAction::Crossing(true));
    act(&mut s, PlayAction::Press { index: 2, cross: false });
    act(&mut s, PlayAction::Release);
    assert_eq!(&board(&s)[..3], ".?.");
    // Off: the solver's view again; the progress is kept, and that play is
    // off (a reload no longer comes back to it).
    let effects = act(&mut s, PlayAction::Toggle { saved: None });
    assert!(
        s.play.is_none()
            && matches!(effects.as_slice(), [Effect::Keep { .. }, kept_list!(), Effect::Forget(PLAYING_KEY)]),
        "{effects:?}"
    );
    // The board shown is the solver's now: a word says the player's is kept.
    assert!(s.status.contains("Your board is kept"), "{}", s.status);
    // On: kept as on, for a reload.
    let effects = act(&mut s, PlayAction::Toggle { saved: None });
    assert!(matches!(effects.last(), Some(Effect::Keep { key, .. }) if key == PLAYING_KEY), "{effects:?}");
}

#[test]
fn leaving_an_untouched_board_says_nothing_of_keeping_it() {
    let mut s = playing();
    act(&mut s, PlayAction::Toggle { saved: None });
    assert!(s.play.is_none() && s.status.is_empty(), "{}", s.status);
}

#[test]
fn a_stroke_paints_a_straight_run_and_undoes_as_one_step() {
    let mut s = playing();
    act(&mut s, PlayAction::Press { index: 1, cross: false });
    // Along row 1, then the pointer wanders: the run follows the row.
    act(&mut s, PlayAction::Drag { row: 0, column: 4 });
    act(&mut s, PlayAction::Drag { row: 1, column: 3 });
    assert_eq!(&board(&s)[..5], "?###?");
    assert_eq!(s.play.as_ref().unwrap().run(), Some(3));
    // Down column 2 instead: the row's cells are put back.
    act(&mut s, PlayAction::Drag { row: 3, column: 1 });
    act(&mut s, PlayAction::Release);
    assert_eq!(board(&s), "?#???\n?#???\n?#???\n?#???\n?????".replace('\n', ""));
    act(&mut s, PlayAction::Undo);
    assert_eq!(board(&s), "?".repeat(25));
    act(&mut s, PlayAction::Redo);
    assert_eq!(board(&s).matches('#').count(), 4);
    // A new change after an undo drops the redo.
    act(&mut s, PlayAction::Undo);
    act(&mut s, PlayAction::Press { index: 24, cross: true });
    act(&mut s, PlayAction::Release);
    act(&mut s, PlayAction::Redo);
    assert_eq!(board(&s), "?".repeat(24) + ".");
}

#[test]
fn keys_move_a_cursor_and_set_its_cell() {
    let mut s = playing();
    act(&mut s, PlayAction::Cursor { rows: 1, columns: 2 });
    act(&mut s, PlayAction::Set(Cell::Filled));
    act(&mut s, PlayAction::Cursor { rows: 0, columns: 10 });
    act(&mut s, PlayAction::Set(Cell::Empty));
    act(&mut s, PlayAction::Cursor { rows: -9, columns: -9 });
    act(&mut s, PlayAction::Set(Cell::Filled));
    assert_eq!(&board(&s)[..10], "#??????#?.");
    act(&mut s, PlayAction::Set(Cell::Unknown));
    assert_eq!(&board(&s)[..1], "?");
    assert_eq!(s.play.as_ref().unwrap().cursor, 0);
}

#[test]
fn filling_the_solution_s_cells_alone_solves_it() {
    let mut s = playing();
    for (i, _) in SOLUTION.match_indices('#') {
        act(&mut s, PlayAction::Press { index: i, cross: false });
        act(&mut s, PlayAction::Release);
    }
    assert!(s.status.starts_with("Solved!"), "{}", s.status);
    assert_eq!(s.play.as_ref().unwrap().solved, Some(0.0));
}

#[test]
fn solving_it_says_solved_with_the_time_and_hints() {
    let mut s = playing();
    for (i, c) in SOLUTION.chars().enumerate() {
        s.reduce(Action::Play {
            action: PlayAction::Press { index: i, cross: c == '.' },
            now: 1000.0 + i as f64,
        });
        s.reduce(Action::Play { action: PlayAction::Release, now: 61_500.0 + i as f64 });
    }
    assert_eq!(board(&s), SOLUTION);
    // 60.5 s: the clock stopped at 1:00, and the time said is the same.
    assert_eq!(s.status, "Solved! In 1 minute, with 0 hints.");
    assert_eq!(
        crate::page::state::text::clock_text(s.play.as_ref().and_then(|p| p.solved).unwrap_or(0.0)),
        "1:00"
    );
    // Restart clears it, and can be undone.
    act(&mut s, PlayAction::Restart);
    assert_eq!((board(&s), s.status.as_str()), ("?".repeat(25), ""));
    act(&mut s, PlayAction::Undo);
    assert_eq!(board(&s), SOLUTION);
}

#[test]
fn progress_is_restored_from_what_was_kept() {
    let mut s = playing();
    act(&mut s, PlayAction::Press { index: 3, cross: false });
    let effects = act(&mut s, PlayAction::Release);
    let Some(Effect::Keep { key, value }) = effects
        .iter()
        .find(|e| matches!(e, Effect::Keep { key, .. } if key.starts_with("nonogram-studio.play.")))
        .cloned()
    else {
        panic!("{effects:?}")
    };
    assert_eq!(key, progress_key(s.puzzle().unwrap(), None));
    assert!(key.starts_with("nonogram-studio.play."));
    act(&mut s, PlayAction::Toggle { saved: None });
    let mut again = state();
    act(&mut again, PlayAction::Toggle { saved: Some(value) });
    assert_eq!(&board(&again)[..5], "???#?");
    // Damaged or another size's progress starts afresh.
    for bad in ["x;1;???", "1;2;###", "1;-5;"] {
        let mut s = state();
        act(&mut s, PlayAction::Toggle { saved: Some(bad.to_string()) });
        assert_eq!(board(&s), "?".repeat(25), "{bad}");
    }
    // Another puzzle has another key.
    let other =
        nonogram_core::Puzzle::new(vec![nonogram_core::Clue(vec![1])], vec![nonogram_core::Clue(vec![1])]);
    assert_ne!(progress_key(&other, None), key);
}

#[test]
fn clue_numbers_are_crossed_off_and_on_and_kept() {
    let mut s = playing();
    // Post 003: row 1 is "2 1" (line 1), column 3 is "5" (line 5 + 3 = 8).
    let effects = act(&mut s, PlayAction::CrossClue { line: 1, number: 1 });
    act(&mut s, PlayAction::CrossClue { line: 8, number: 0 });
    assert_eq!(*s.play.as_ref().unwrap().crossed, [(1, 1), (8, 0)]);
    assert!(
        matches!(effects.as_slice(), [Effect::Keep { value, .. }, kept_list!()] if value.ends_with(";1.1")),
        "{effects:?}"
    );
    // Again: back on.
    act(&mut s, PlayAction::CrossClue { line: 1, number: 1 });
    assert_eq!(*s.play.as_ref().unwrap().crossed, [(8, 0)]);
    // A number the clue has not, a line past the last: nothing.
    for (line, number) in [(1, 2), (10, 0), (usize::MAX, 0)] {
        assert!(act(&mut s, PlayAction::CrossClue { line, number }).is_empty());
    }
    // An empty clue's "0" can be crossed off.
    let Some(Effect::Keep { value, .. }) =
        act(&mut s, PlayAction::CrossClue { line: 1, number: 0 }).into_iter().next()
    else {
        panic!()
    };
    assert!(value.ends_with(";1.0,8.0"), "{value}");
    // Restored with the progress; damaged entries are dropped.
    let mut again = state();
    act(&mut again, PlayAction::Toggle { saved: Some(value.replace(";1.0,", ";1.0,x,99.1,")) });
    assert_eq!(*again.play.as_ref().unwrap().crossed, [(1, 0), (8, 0)]);
}

#[test]
fn a_second_finger_takes_the_first_one_s_stroke_back() {
    let mut s = playing();
    act(&mut s, PlayAction::Press { index: 2, cross: false });
    act(&mut s, PlayAction::Drag { row: 0, column: 4 });
    assert_eq!(&board(&s)[..5], "??###");
    act(&mut s, PlayAction::Cancel);
    assert_eq!(board(&s), "?".repeat(25));
    act(&mut s, PlayAction::Release);
    assert!(!s.play.as_ref().unwrap().can_undo(), "nothing to undo");
}

#[test]
fn hints_and_checks_come_from_the_worker_for_the_board_asked_of() {
    let mut s = playing();
    let effects = act(&mut s, PlayAction::Hint);
    let [Effect::AskHint(request)] = effects.as_slice() else { panic!("{effects:?}") };
    assert!(!request.check && request.cells.len() == 25 && request.rows.len() == 5);
    let answer = |id, wrong| FromWorker::Hinted {
        id,
        text: "Column 3, clue 1 3: its runs fit its cells one way only…".into(),
        line: Some(LineId::Column(2)),
        cells: vec![(2, 2), (7, 1)],
        wrong,
        difficulty: Some(nonogram_core::hint::Difficulty::Easy),
        guess: false,
        marked: vec![],
    };
    // An older request's answer is dropped.
    s.reduce(Action::FromWorker { message: answer(request.id + 100, None) });
    assert!(s.play.as_ref().unwrap().hint.is_none());
    s.reduce(Action::FromWorker { message: answer(request.id, None) });
    let play = s.play.as_ref().unwrap();
    assert_eq!((play.hints, play.hint.as_ref().unwrap().line), (1, Some(LineId::Column(2))));
    // The worker graded the puzzle as it solved it for the hint.
    assert_eq!(s.difficulty, Some(nonogram_core::hint::Difficulty::Easy));
    act(&mut s, PlayAction::ApplyHint);
    assert_eq!(&board(&s)[..8], "??#????.");
    assert!(s.play.as_ref().unwrap().hint.is_none());
    act(&mut s, PlayAction::Undo);
    assert_eq!(board(&s), "?".repeat(25));
    // Check: the wrong cells come back, outlined until the next change.
    let effects = act(&mut s, PlayAction::Check);
    let [Effect::AskHint(request)] = effects.as_slice() else { panic!() };
    assert!(request.check);
    s.reduce(Action::FromWorker { message: answer(request.id, Some(vec![4])) });
    assert_eq!(*s.play.as_ref().unwrap().wrong, [4]);
    assert_eq!(s.play.as_ref().unwrap().hints, 1, "a check is no hint");
    act(&mut s, PlayAction::Press { index: 4, cross: true });
    act(&mut s, PlayAction::Release);
    assert!(s.play.as_ref().unwrap().wrong.is_empty());
    // A dead end names a cell it does not deduce: kept to be marked, with
    // nothing to apply.
    let effects = act(&mut s, PlayAction::Hint);
    let [Effect::AskHint(request)] = effects.as_slice() else { panic!() };
    let dead_end = FromWorker::Hinted {
        id: request.id,
        text: "A dead end at row 2, column 3: …".into(),
        line: Some(LineId::Row(1)),
        cells: vec![],
        wrong: None,
        difficulty: None,
        guess: false,
        marked: vec![7],
    };
    s.reduce(Action::FromWorker { message: dead_end });
    let hint = s.play.as_ref().unwrap().hint.clone().unwrap();
    assert_eq!((hint.marked, hint.cells), (vec![7], vec![]));
}

#[test]
fn new_input_ends_play_and_keeps_its_progress() {
    let mut s = playing();
    act(&mut s, PlayAction::Press { index: 0, cross: false });
    act(&mut s, PlayAction::Release);
    let effects = s.reduce(Action::Edited { bytes: 3 });
    assert!(s.play.is_none());
    assert!(matches!(
        effects.as_slice(),
        [
            Effect::KeepInput,
            Effect::Forget(_),
            Effect::Keep { .. },
            kept_list!(),
            Effect::Parse { .. },
            Effect::Forget(PLAYING_KEY)
        ]
    ));
}

#[test]
fn new_input_keeps_the_time_played_up_to_the_last_action() {
    let mut s = state();
    // A minute played on an earlier visit; this one starts at 1 s.
    let saved = format!("0;60000;{}", "?".repeat(25));
    s.reduce(Action::Play { action: PlayAction::Toggle { saved: Some(saved) }, now: 1_000.0 });
    s.reduce(Action::Play { action: PlayAction::Press { index: 0, cross: false }, now: 31_000.0 });
    s.reduce(Action::Play { action: PlayAction::Release, now: 31_000.0 });
    let effects = s.reduce(Action::Edited { bytes: 3 });
    let Some(Effect::Keep { value, .. }) = effects.get(2) else { panic!("{effects:?}") };
    assert!(value.starts_with("0;90000;#"), "{value}");
}

#[test]
fn greyed_clues_are_lines_whose_filled_cells_make_the_clue() {
    let line = |t: &str| nonogram_core::cell::line_from_str(t).unwrap();
    assert!(line_done(&Clue(vec![2, 1]), &line("##?#?")));
    assert!(!line_done(&Clue(vec![2, 1]), &line("##???")));
    assert!(line_done(&Clue(vec![]), &line("?..?")));
}

#[test]
fn solve_ends_play_and_keeps_its_progress() {
    let mut s = playing();
    act(&mut s, PlayAction::Press { index: 0, cross: false });
    act(&mut s, PlayAction::Release);
    let effects = s.reduce(Action::Solve { now: 2000.0 });
    assert!(s.play.is_none());
    assert!(
        matches!(effects.first(), Some(Effect::Keep { value, .. }) if value.split(';').nth(2) == Some(&format!("#{}", "?".repeat(24))))
    );
    assert!(effects.iter().any(|e| matches!(e, Effect::Post(_))));
    assert_eq!(board(&s), "?".repeat(25), "the solver's board, from its start");
}

/// Play on a colour puzzle the page reads: red and blue touching, unique
/// (`.rr.` / `rbbr` / `.bb.`).
fn playing_colour() -> State {
    let xml = {
        let cells = [0, 1, 1, 0, 1, 2, 2, 1, 0, 2, 2, 0];
        let p = nonogram_core::colour::ColourPuzzle::from_picture(&cells, 4);
        nonogram_formats::write_colour(nonogram_formats::Format::WebpbnXml, &p).unwrap()
    };
    let mut s = State::default();
    let mut effects = s.reduce(Action::Edited { bytes: xml.len() });
    let Some(Effect::Parse { version, index }) = effects.pop() else { panic!() };
    s.reduce(Action::Parsed { version, outcome: parse_outcome(&xml, index) });
    act(&mut s, PlayAction::Toggle { saved: None });
    s
}

/// The player's board of a colour puzzle: `?` unknown, else the colour's number.
fn colours(s: &State) -> String {
    let cells = &s.play.as_ref().unwrap().cells;
    (0..cells.len())
        .map(|i| match cells.set_of(i) {
            set if set.count_ones() == 1 => char::from(b'0' + set.trailing_zeros() as u8),
            _ => '?',
        })
        .collect()
}

#[test]
fn colour_puzzles_are_played_with_a_chosen_colour_to_solved() {
    let mut s = playing_colour();
    assert!(s.status.starts_with("Playing: pick a colour"), "{}", s.status);
    assert_eq!(colours(&s), "?".repeat(12));
    // Colour 1 (red) by default; a press paints, a right press marks background.
    act(&mut s, PlayAction::Press { index: 1, cross: false });
    act(&mut s, PlayAction::Release);
    act(&mut s, PlayAction::Press { index: 0, cross: true });
    act(&mut s, PlayAction::Release);
    assert_eq!(colours(&s), "01??????????");
    // Key 2 picks blue; a stroke along row 2 paints three cells blue.
    act(&mut s, PlayAction::Paint(2));
    act(&mut s, PlayAction::Press { index: 5, cross: false });
    act(&mut s, PlayAction::Drag { row: 1, column: 3 });
    act(&mut s, PlayAction::Release);
    assert_eq!(colours(&s), "01???222????");
    // A colour the puzzle has not is refused; undo takes the stroke back.
    act(&mut s, PlayAction::Paint(3));
    assert_eq!(s.play.as_ref().unwrap().paint, 2);
    act(&mut s, PlayAction::Undo);
    assert_eq!(colours(&s), "01??????????");
    // Progress is kept in the colours' numbers, and read back.
    let saved = s.play.as_ref().unwrap().saved(2000.0);
    assert_eq!(saved.split(';').nth(2), Some("01??????????"), "{saved}");
    // Painting the picture solves it (cells left unknown are background).
    for (i, k) in [(2, 1), (4, 1), (5, 2), (6, 2), (7, 1), (9, 2), (10, 2)] {
        act(&mut s, PlayAction::Paint(k));
        act(&mut s, PlayAction::Press { index: i, cross: false });
        act(&mut s, PlayAction::Release);
    }
    assert!(s.status.starts_with("Solved!"), "{}", s.status);
    // A hint asks the worker with the puzzle's colours and the cells'
    // colour sets; its cells (colour sets) are applied as they come.
    let effects = act(&mut s, PlayAction::Hint);
    let [Effect::AskHint(request)] = effects.as_slice() else { panic!("{effects:?}") };
    assert_eq!(request.colour_puzzle().map(|p| p.rows), s.colour().map(|c| c.rows.clone()));
    assert_eq!(request.cells.colours(), s.play.as_ref().unwrap().cells.colours());
    // The player crosses out cell 3; the hint says it is red (colour 1).
    act(&mut s, PlayAction::Press { index: 2, cross: true });
    act(&mut s, PlayAction::Release);
    assert_eq!(&colours(&s)[..3], "010");
    let answer = |id| FromWorker::Hinted {
        id,
        text: "Row 1, clue …: every way its runs fit its cells, cell 3 is red.".into(),
        line: Some(LineId::Row(0)),
        cells: vec![(2, 1 << 1)],
        wrong: None,
        difficulty: None,
        guess: false,
        marked: vec![],
    };
    s.reduce(Action::FromWorker { message: answer(request.id) });
    act(&mut s, PlayAction::ApplyHint);
    assert_eq!(&colours(&s)[..3], "011");
    // The key of a colour puzzle's progress differs from its shape's.
    let (puzzle, colour) = (s.puzzle().unwrap().clone(), s.colour().unwrap().clone());
    assert_ne!(progress_key(&puzzle, Some(&colour)), progress_key(&puzzle, None));
    // Played again with the progress kept: the same board.
    let mut again = playing_colour();
    act(&mut again, PlayAction::Toggle { saved: None });
    act(&mut again, PlayAction::Toggle { saved: Some(saved) });
    assert_eq!(colours(&again), "01??????????");
}

#[test]
fn play_speaks_of_taps_on_a_touch_screen_and_of_clicks_elsewhere() {
    for touch in [false, true] {
        let mut s = state();
        assert!(s.reduce(Action::Touch(touch)).is_empty());
        act(&mut s, PlayAction::Toggle { saved: None });
        let (taps, clicks) = (s.status.contains("tap"), s.status.contains("click"));
        assert_eq!((taps, clicks), (touch, !touch), "{}", s.status);
        assert!(s.status.contains("Hint"), "{}", s.status);
    }
}

/// The worker's answer to a check: these cells are wrong.
fn checked(s: &mut State, effects: &[Effect], wrong: Vec<u32>) {
    let Some(Effect::AskHint(request)) = effects.iter().find(|e| matches!(e, Effect::AskHint(_))) else {
        panic!("no check asked: {effects:?}")
    };
    assert!(request.check);
    let message = FromWorker::Hinted {
        id: request.id,
        text: "Check".into(),
        line: None,
        cells: vec![],
        wrong: Some(wrong),
        difficulty: None,
        guess: false,
        marked: vec![],
    };
    s.reduce(Action::FromWorker { message });
}

#[test]
fn the_clock_stands_still_while_the_page_is_hidden_and_is_kept() {
    let mut s = state();
    s.reduce(Action::Play { action: PlayAction::Toggle { saved: None }, now: 0.0 });
    let at = |s: &mut State, action, now| s.reduce(Action::Play { action, now });
    let play = |s: &State| s.play.clone().unwrap();
    assert_eq!((play(&s).elapsed(5000.0), play(&s).running_since()), (5000.0, Some(0.0)));
    // Hidden from 5 s to 65 s: a minute that does not count.
    let effects = at(&mut s, PlayAction::Hidden(true), 5000.0);
    assert!(
        matches!(effects.as_slice(), [Effect::Keep { value, .. }, kept_list!()] if value.starts_with("0;5000;")),
        "{effects:?}"
    );
    assert_eq!((play(&s).elapsed(65_000.0), play(&s).running_since()), (5000.0, None));
    at(&mut s, PlayAction::Hidden(false), 65_000.0);
    assert_eq!(play(&s).elapsed(70_000.0), 10_000.0);
    assert_eq!(play(&s).running_since(), Some(65_000.0));
    // Hidden twice over (two events) counts once.
    at(&mut s, PlayAction::Hidden(true), 70_000.0);
    at(&mut s, PlayAction::Hidden(true), 80_000.0);
    assert_eq!(play(&s).elapsed(90_000.0), 10_000.0);
    // The time kept comes back with the progress.
    let saved = play(&s).saved(90_000.0);
    let mut again = state();
    again.reduce(Action::Play { action: PlayAction::Toggle { saved: Some(saved) }, now: 200_000.0 });
    assert_eq!(again.play.unwrap().elapsed(201_000.0), 11_000.0);
}

#[test]
fn mistakes_are_counted_once_each_and_can_be_shown_at_once() {
    let mut s = playing();
    act(&mut s, PlayAction::Press { index: 0, cross: false });
    act(&mut s, PlayAction::Release);
    act(&mut s, PlayAction::Press { index: 4, cross: false });
    act(&mut s, PlayAction::Release);
    let effects = act(&mut s, PlayAction::Check);
    checked(&mut s, &effects, vec![0, 4]);
    assert_eq!(s.play.as_ref().unwrap().mistakes, 2);
    // The same cells, still wrong, found again: not new mistakes.
    let effects = act(&mut s, PlayAction::Check);
    checked(&mut s, &effects, vec![0, 4]);
    assert_eq!(s.play.as_ref().unwrap().mistakes, 2);
    // Crossed out, then filled again: cell 0 is a new mistake each time.
    act(&mut s, PlayAction::Press { index: 0, cross: true });
    act(&mut s, PlayAction::Release);
    act(&mut s, PlayAction::Press { index: 0, cross: false });
    act(&mut s, PlayAction::Release);
    let effects = act(&mut s, PlayAction::Check);
    checked(&mut s, &effects, vec![0]);
    assert_eq!(s.play.as_ref().unwrap().mistakes, 2, "the same value as when found");
    // Show mistakes at once: checked now, and after every finished change.
    let effects = act(&mut s, PlayAction::ShowMistakes(true));
    checked(&mut s, &effects, vec![0]);
    act(&mut s, PlayAction::Press { index: 24, cross: true });
    let during = act(&mut s, PlayAction::Drag { row: 4, column: 3 });
    assert!(!during.iter().any(|e| matches!(e, Effect::AskHint(_))), "not during a stroke");
    let effects = act(&mut s, PlayAction::Release);
    checked(&mut s, &effects, vec![0, 23, 24]);
    let play = s.play.as_ref().unwrap();
    assert_eq!((play.mistakes, &play.wrong[..]), (4, &[0, 23, 24][..]));
    let kept = play.saved(play.seen);
    assert_eq!(kept.split(';').skip(3).take(2).collect::<Vec<_>>(), ["", "4"], "{kept}");
    // Off: no more checks, the outlines go.
    act(&mut s, PlayAction::ShowMistakes(false));
    assert!(s.play.as_ref().unwrap().wrong.is_empty());
    let effects = act(&mut s, PlayAction::Set(Cell::Filled));
    assert!(!effects.iter().any(|e| matches!(e, Effect::AskHint(_))));
    // Restart: none found yet.
    act(&mut s, PlayAction::Restart);
    assert_eq!(s.play.as_ref().unwrap().mistakes, 0);
}

#[test]
fn my_progress_lists_a_puzzle_played_with_its_time_hints_and_solve_and_continues_it() {
    let mut s = state();
    // Playing starts its line, first, with the code that opens it again.
    let effects = act(&mut s, PlayAction::Toggle { saved: None });
    let list = effects.iter().find_map(|e| match e {
        Effect::Keep { key, value } if key == crate::page::state::keys::PLAYED_KEY => Some(value.clone()),
        _ => None,
    });
    let list = crate::page::state::progress::read_list(&list.expect("the list kept"));
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].title.as_str(), list[0].width, list[0].solved), ("Untitled", 5, false));
    assert_eq!(list[0].key, progress_key(s.puzzle().unwrap(), None));
    let opened = nonogram_formats::share::decode(&list[0].code).unwrap();
    assert_eq!(opened.rows, s.puzzle().unwrap().rows);
    // Solving it (in a minute, with a hint) is kept in its line.
    s.play.as_mut().unwrap().hints = 1;
    for (i, c) in SOLUTION.chars().enumerate() {
        s.reduce(Action::Play { action: PlayAction::Press { index: i, cross: c == '.' }, now: 1000.0 });
        s.reduce(Action::Play { action: PlayAction::Release, now: 61_000.0 });
    }
    let entry = &s.played[0];
    assert_eq!((entry.solved, entry.ms, entry.hints, entry.at), (true, 60_000, 1, 61_000.0));
    // Read back after a reload, Continue opens it again and plays.
    let kept = crate::page::state::progress::write_list(&s.played);
    let mut after = State::default();
    after.reduce(Action::PlayedRead(kept));
    assert_eq!(after.played[0].title, "Untitled");
    let effects = after.reduce(Action::Continue(entry.key.clone()));
    assert_eq!(effects, [Effect::OpenShared(entry.code.clone())]);
    let mut effects = after.reduce(Action::Edited { bytes: POST_003.len() });
    let Some(Effect::Parse { version, index }) = effects.pop() else { panic!() };
    let effects = after.reduce(Action::Parsed { version, outcome: parse_outcome(POST_003, index) });
    assert_eq!(effects, [Effect::StartPlay]);
    assert_eq!(after.reduce(Action::Continue("no such key".into())), []);
}

#[test]
fn undo_history_comes_back_after_a_reload() {
    let mut s = playing();
    for index in [3, 7] {
        act(&mut s, PlayAction::Press { index, cross: false });
        act(&mut s, PlayAction::Release);
    }
    let saved = s.play.as_ref().unwrap().saved(s.play.as_ref().unwrap().seen());
    // Read back, as a reload reads it: the two steps undo in order.
    let mut again = state();
    act(&mut again, PlayAction::Toggle { saved: Some(saved.clone()) });
    assert_eq!(&board(&again)[..8], "???#???#");
    assert!(again.play.as_ref().unwrap().can_undo());
    act(&mut again, PlayAction::Undo);
    assert_eq!(&board(&again)[..8], "???#????");
    act(&mut again, PlayAction::Undo);
    assert_eq!(board(&again), "?".repeat(25));
    assert!(!again.play.as_ref().unwrap().can_undo());
    // A damaged step is dropped with those before it; the cells stay.
    let damaged = saved.replacen("|", "|99.2,", 1);
    let mut third = state();
    act(&mut third, PlayAction::Toggle { saved: Some(damaged) });
    assert_eq!(&board(&third)[..8], "???#???#");
    assert!(!third.play.as_ref().unwrap().can_undo(), "the damaged last step goes with the first: {saved}");
    // At most KEPT_STEPS are kept.
    let mut many = playing();
    for k in 0..(super::board::KEPT_STEPS + 5) {
        act(&mut many, PlayAction::Press { index: k % 25, cross: false });
        act(&mut many, PlayAction::Release);
    }
    let kept = many.play.as_ref().unwrap().saved(0.0);
    assert_eq!(kept.rsplit(';').next().unwrap().split('|').count(), super::board::KEPT_STEPS);
}

/// A guess the hint offers keeps a checkpoint when applied; "Back to
/// checkpoint" brings the board back to it with the guessed cell the other
/// value, as one step to undo.
#[test]
fn a_guess_keeps_a_checkpoint_to_go_back_to() {
    let mut s = playing();
    act(&mut s, PlayAction::Press { index: 6, cross: true });
    act(&mut s, PlayAction::Release);
    let effects = act(&mut s, PlayAction::Hint);
    let [Effect::AskHint(request)] = effects.as_slice() else { panic!("{effects:?}") };
    let message = FromWorker::Hinted {
        id: request.id,
        text: "Try row 1, column 1 filled".into(),
        line: None,
        cells: vec![(0, 2)],
        wrong: None,
        difficulty: None,
        guess: true,
        marked: vec![],
    };
    s.reduce(Action::FromWorker { message });
    act(&mut s, PlayAction::ApplyHint);
    assert_eq!(s.play.as_ref().unwrap().checkpoints.len(), 1);
    // Hints now come from the clues alone, as on paper.
    let effects = act(&mut s, PlayAction::Hint);
    assert!(matches!(&effects[..], [Effect::AskHint(request)] if request.guessing == Some(0)), "{effects:?}");
    s.play.as_mut().unwrap().asked = None;
    assert!(board(&s).starts_with("#?????."), "{}", board(&s));
    // The player goes on from the guess, then finds a contradiction.
    act(&mut s, PlayAction::Press { index: 1, cross: false });
    act(&mut s, PlayAction::Release);
    assert!(board(&s).starts_with("##????."), "{}", board(&s));
    act(&mut s, PlayAction::BackToCheckpoint);
    assert!(board(&s).starts_with(".?????."), "back, and the guess the other way: {}", board(&s));
    assert!(s.play.as_ref().unwrap().checkpoints.is_empty());
    // One step: undo gives the board as it was before going back.
    act(&mut s, PlayAction::Undo);
    assert!(board(&s).starts_with("##????."), "{}", board(&s));
    // Restart forgets the checkpoints.
    s.play.as_mut().unwrap().checkpoints.push(Checkpoint { cells: Rc::default(), guess: (0, 2) });
    act(&mut s, PlayAction::Restart);
    assert!(s.play.as_ref().unwrap().checkpoints.is_empty());
}
