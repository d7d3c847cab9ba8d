//! Every action of the reducer, natively.

use super::keys::{PICK_KEY, PLAYING_KEY};
use super::*;
use crate::protocol::{
    parse_outcome, Cells, Finished, Frame, FromWorker, GenerateRequest, SolveRequest, VerdictKind,
};
use nonogram_core::LineId;

const POST_003: &str = "01110\n11010\n01110\n00110\n00111\n";
/// Three puzzles in TAAI's batch format.
const BATCH: &str = "$1\n1\n1\n$2\n1\n0\n1\n0\n$3\n0\n1\n0\n1\n";

/// A state after typing `text` (read at once, as the page does for small texts).
/// Text typed into Clues, and read: the effects after keeping it (which
/// `new_text_is_kept_from_its_first_puzzle` checks).
fn typed(state: &mut State, text: &str) -> Vec<Effect> {
    let mut effects = state.reduce(Action::Edited { bytes: text.len() });
    let Some(Effect::Parse { version, index }) = effects.pop() else { panic!("{effects:?}") };
    assert_eq!(effects.split_off(effects.len() - 2), [Effect::KeepInput, Effect::Forget(PICK_KEY)]);
    effects.extend(state.reduce(Action::Parsed { version, outcome: parse_outcome(text, index) }));
    effects
}

fn with(text: &str) -> State {
    let mut state = State::default();
    typed(&mut state, text);
    state
}

fn done(id: u32, verdict: VerdictKind, solutions: &[&str]) -> FromWorker {
    FromWorker::Done(Box::new(Finished {
        id,
        verdict,
        solutions: solutions.iter().map(|s| Cells::parse(s).unwrap()).collect(),
        line: None,
        by_line_logic: false,
        guesses: 1,
        contradictions: 0,
        symmetries: vec![],
        ms: 12.0,
        memory: 0,
        difficulty: None,
    }))
}

fn steps(id: u32, frames: Vec<Frame>, guesses: u64, contradictions: u64) -> FromWorker {
    FromWorker::Steps { id, frames, sweep: 1, unknown: 3, depth: 1, guesses, contradictions }
}

fn line(line: LineId, changes: &[(u32, char)]) -> Frame {
    Frame::Line { line, changes: changes.iter().map(|&(i, c)| (i, c == '#')).collect() }
}

/// The cells the board shows, as text.
fn shown(state: &State) -> String {
    nonogram_core::cell::line_to_string(state.shown_cells())
}

/// The 2×2 diagonal, solved up to `steps` frames and a `multiple` verdict.
fn solved_diagonal() -> State {
    let mut s = with("2 2\n1\n1\n1\n1\n");
    s.reduce(Action::Solve { now: 0.0 });
    s.reduce(Action::FromWorker {
        message: steps(1, vec![line(LineId::Row(0), &[(0, '#')]), line(LineId::Row(1), &[(3, '#')])], 1, 0),
    });
    s.reduce(Action::FromWorker { message: done(1, VerdictKind::Multiple, &["#..#", ".##."]) });
    s
}

#[test]
fn a_small_text_is_read_into_a_puzzle() {
    let s = with(POST_003);
    let Input::Puzzle { format, puzzle, count, index, .. } = &s.input else { panic!("{:?}", s.input) };
    assert_eq!((format.as_str(), puzzle.width(), *count, *index), ("0/1 picture", 5, 1, 0));
    assert_eq!(shown(&s), "?".repeat(25));
}

#[test]
fn invalid_input_clears_the_board() {
    let mut s = solved_diagonal();
    assert_eq!(shown(&s), "#..#");
    typed(&mut s, "2 2\n1\n1 x\n1\n1\n");
    assert!(matches!(&s.input, Input::Invalid(e) if e.starts_with("line 3, column 3")), "{:?}", s.input);
    assert_eq!((shown(&s).as_str(), s.status.as_str(), s.counts.as_str()), ("", "", ""));
    assert!(s.solutions.is_empty() && s.verdict.is_none() && s.puzzle().is_none());
}

#[test]
fn a_text_being_read_shows_no_board_and_an_old_parse_is_dropped() {
    let mut s = solved_diagonal();
    let effects = s.reduce(Action::Edited { bytes: 5_000_000 });
    assert_eq!(
        effects,
        [Effect::KeepInput, Effect::Forget(PICK_KEY), Effect::Parse { version: 2, index: 0 }]
    );
    assert_eq!((s.input.clone(), shown(&s).as_str()), (Input::Reading { bytes: 5_000_000, count: 0 }, ""));
    // A parse of the first text, late: dropped.
    s.reduce(Action::Parsed { version: 1, outcome: parse_outcome(POST_003, 0) });
    assert!(matches!(s.input, Input::Reading { .. }));
    let webpbn = include_str!("../../../samples/webpbn-00001.non");
    let parsed = crate::protocol::parse_for_page(webpbn, 0);
    s.reduce(Action::FromWorker { message: FromWorker::Parsed { id: 2, outcome: parsed } });
    // The worker's answer is the same puzzle as a reading on the page, metadata included.
    let (_, here, _, _) = parse_outcome(webpbn, 0).unwrap();
    assert_eq!(s.puzzle().map(|p| p.as_ref()), Some(&here));
    let Input::Puzzle { format, .. } = &s.input else { panic!() };
    assert_eq!(format, ".non");
    // A colour puzzle crosses too: palette, run colours, metadata and goal.
    let xml = include_str!("../../../samples/webpbn-color-00047.xml");
    let (format, puzzle, count, colour) =
        crate::protocol::read_parsed(crate::protocol::parse_for_page(xml, 0)).unwrap();
    let (_, here, _, colour_here) = parse_outcome(xml, 0).unwrap();
    assert_eq!((format.as_str(), puzzle, count, colour), ("webpbn XML", here, 1, colour_here));
    assert!(
        matches!(crate::protocol::read_parsed(crate::protocol::parse_for_page("1 2 x", 0)), Err(e) if !e.is_empty())
    );
}

#[test]
fn editing_cancels_a_running_solve() {
    let mut s = with(POST_003);
    assert_eq!(s.reduce(Action::Solve { now: 5.0 }).len(), 2);
    let effects = typed(&mut s, "2 2\n1\n1\n1\n1\n");
    assert_eq!(effects, [Effect::RespawnWorker]);
    // It says so: the board back at its start is no silent loss.
    assert_eq!((s.running, s.playing, s.status.as_str()), (None, false, STOPPED_BY_EDIT));
    // The cancelled solve's messages change nothing.
    s.reduce(Action::FromWorker { message: done(1, VerdictKind::Unique, &["#"]) });
    assert_eq!((s.verdict, shown(&s).as_str()), (None, "????"));
    // An edit with no solve running says nothing of one.
    typed(&mut s, "2 2\n1\n1\n1\n2\n");
    assert_eq!(s.status, "");
}

#[test]
fn solve_posts_the_request_and_plays() {
    let mut s = with(POST_003);
    let effects = s.reduce(Action::Solve { now: 5.0 });
    // The board comes into view with it (a phone's tools are under it).
    let [Effect::Post(request), Effect::IntoView(crate::page::state::View::Board)] = effects.as_slice()
    else {
        panic!("{effects:?}")
    };
    assert_eq!((request.id, request.rows.len(), request.columns[0].clone()), (1, 5, vec![1]));
    assert_eq!((s.running, s.playing, s.status.as_str()), (Some(1), true, "Solving…"));
    assert_eq!(s.solving_since(), Some(5.0), "the solve's clock starts");
    assert_eq!(s.tick_ms(), Some(16));
    // Solving again replaces the busy worker.
    let effects = s.reduce(Action::Solve { now: 6.0 });
    assert!(
        matches!(effects.as_slice(), [Effect::RespawnWorker, Effect::Post(r), Effect::IntoView(_)] if r.id == 2),
        "{effects:?}"
    );
    // No puzzle: nothing to solve.
    let mut s = with("2 2\n1\n1 x\n1\n1\n");
    assert!(s.reduce(Action::Solve { now: 0.0 }).is_empty() && s.running.is_none());
}

#[test]
fn a_verdict_jumps_to_the_end_and_the_counts_agree() {
    let mut s = with("2 2\n1\n1\n1\n1\n");
    s.reduce(Action::Solve { now: 0.0 });
    s.reduce(Action::FromWorker { message: steps(1, vec![line(LineId::Row(0), &[(0, '#')])], 1, 0) });
    assert_eq!(s.playback.position(), 0, "playback trails while the solve runs");
    assert_eq!(s.counts, "Solving: 3 cells unknown, 1 guess, 1 deep");
    s.reduce(Action::FromWorker { message: done(1, VerdictKind::Multiple, &["#..#", ".##."]) });
    assert!(s.playback.at_end() && !s.playing && s.running.is_none());
    assert_eq!(shown(&s), "#..#");
    assert_eq!(s.status, "Multiple solutions — needed guessing: line logic was not enough, 12 ms");
    assert_eq!(s.counts, "Solver: 1 guess");
    assert_eq!(s.verdict, Some(VerdictKind::Multiple));
}

#[test]
fn playback_moves_through_the_history() {
    let mut s = solved_diagonal();
    let last = s.playback.len() - 1;
    assert_eq!(last, 3);
    s.reduce(Action::Start);
    assert_eq!((s.playback.position(), shown(&s).as_str()), (0, "????"));
    s.reduce(Action::StepForward);
    assert_eq!(shown(&s), "#???");
    s.reduce(Action::StepBack);
    s.reduce(Action::StepBack);
    assert_eq!(s.playback.position(), 0);
    s.reduce(Action::Seek(2));
    assert_eq!(shown(&s), "#??#");
    s.reduce(Action::Seek(99));
    assert_eq!(s.playback.position(), last);
    s.reduce(Action::Start);
    s.reduce(Action::End);
    assert_eq!(s.playback.position(), last);
    // Play at the end replays from the start; ticks run to the end and stop.
    s.reduce(Action::Speed(2));
    s.reduce(Action::PlayPause);
    assert_eq!((s.playing, s.playback.position(), s.tick_ms()), (true, 0, Some(500)));
    for _ in 0..3 {
        s.reduce(Action::Tick);
    }
    assert_eq!((s.playing, s.playback.position()), (false, last));
    s.reduce(Action::PlayPause);
    s.reduce(Action::PlayPause);
    assert!(!s.playing && s.tick_ms().is_none());
    // Fastest jumps to the end.
    s.reduce(Action::Start);
    s.reduce(Action::Speed(0));
    assert!(s.playback.at_end());
    // Play steps at Fastest replays the history (it stayed at step 0).
    s.reduce(Action::PlayPause);
    assert_eq!((s.playing, s.playback.position(), s.tick_ms()), (true, 0, Some(16)));
    s.reduce(Action::Tick);
    assert_eq!(s.playback.position(), 1);
    for _ in 0..3 {
        s.reduce(Action::Tick);
    }
    assert_eq!((s.playing, s.playback.position()), (false, last));
}

#[test]
fn fastest_replays_a_long_history_in_about_two_seconds() {
    let mut s = with("2 2\n1\n1\n1\n1\n");
    s.reduce(Action::Speed(0));
    s.reduce(Action::Solve { now: 0.0 });
    // A live solve at Fastest jumps to the end with each batch: no timer.
    assert_eq!(s.tick_ms(), None);
    let frames: Vec<Frame> = (0..600).map(|i| line(LineId::Row(0), &[(i % 4, '#')])).collect();
    s.reduce(Action::FromWorker { message: steps(1, frames, 1, 0) });
    assert!(s.playback.at_end());
    s.reduce(Action::FromWorker { message: done(1, VerdictKind::Multiple, &["#..#", ".##."]) });
    let last = s.playback.len() - 1;
    s.reduce(Action::PlayPause);
    assert_eq!((s.playing, s.playback.position(), s.tick_ms()), (true, 0, Some(16)));
    // 600 steps at 300 a second: 5 steps a tick, 121 ticks (about 2 s).
    let mut ticks = 0;
    while s.playing {
        s.reduce(Action::Tick);
        ticks += 1;
    }
    assert_eq!((s.playback.position(), ticks), (last, 121));
}

#[test]
fn solutions_are_shown_by_choice() {
    let mut s = solved_diagonal();
    s.reduce(Action::ShowSolution(1));
    assert_eq!(shown(&s), ".##.");
    s.reduce(Action::ShowSolution(7));
    assert_eq!(shown(&s), ".##.");
    s.reduce(Action::StepBack);
    assert_eq!((s.shown_solution, shown(&s).as_str()), (None, "#??#"));
}

#[test]
fn stop_and_crash_replace_the_worker() {
    let mut s = with(POST_003);
    s.reduce(Action::Solve { now: 0.0 });
    assert_eq!(s.reduce(Action::Stop), [Effect::RespawnWorker]);
    assert_eq!((s.running, s.status.as_str()), (None, "Stopped"));
    assert!(s.reduce(Action::Stop).is_empty(), "nothing to stop");
    s.reduce(Action::Solve { now: 0.0 });
    assert_eq!(s.reduce(Action::WorkerCrashed("error".into())), [Effect::RespawnWorker]);
    assert_eq!(s.status, "The solver stopped unexpectedly (error); it was restarted.");
    // A text being read is read again by the new worker.
    s.reduce(Action::Edited { bytes: 1 << 20 });
    let effects = s.reduce(Action::WorkerCrashed("error".into()));
    assert_eq!(effects, [Effect::RespawnWorker, Effect::Parse { version: s.version, index: 0 }]);
}

#[test]
fn a_worker_error_ends_the_solve() {
    let mut s = with(POST_003);
    s.reduce(Action::Solve { now: 0.0 });
    s.reduce(Action::FromWorker { message: FromWorker::Error { id: 1, message: "bad clues".into() } });
    assert_eq!((s.running, s.status.as_str()), (None, "bad clues"));
    s.reduce(Action::Note("notes.txt: not a text file".into()));
    assert_eq!(s.status, "notes.txt: not a text file");
    assert!(s.puzzle().is_some(), "a note keeps the puzzle");
}

#[test]
fn the_racer_starts_with_search_and_its_verdict_wins() {
    let mut s = with(POST_003);
    s.reduce(Action::Solve { now: 100.0 });
    assert!(s.reduce(Action::FromWorker { message: steps(1, vec![], 0, 0) }).is_empty());
    assert_eq!(s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 0) }), [Effect::SpawnRacer]);
    let effects = s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 5) });
    assert!(matches!(effects.as_slice(), [Effect::Race(r)] if r.id == 1), "{effects:?}");
    assert_eq!(s.racer, Racer::Racing);
    let effects =
        s.reduce(Action::FromRacer { message: done(1, VerdictKind::Unique, &[&"#".repeat(25)]), now: 350.0 });
    assert_eq!(effects, [Effect::RespawnWorker]);
    assert_eq!(s.status, "Unique solution — needed guessing: line logic was not enough, 250 ms");
    assert_eq!(s.counts, "Solver: 1 guess; a second engine, racing the first, answered");
    assert_eq!(s.racer, Racer::Absent);
    // A racer that cannot start leaves the first engine alone.
    s.reduce(Action::Solve { now: 0.0 });
    s.reduce(Action::FromWorker { message: steps(2, vec![], 1, 0) });
    s.reduce(Action::RacerUnavailable);
    assert!(s.reduce(Action::FromWorker { message: steps(2, vec![], 1, 5) }).is_empty());
}

#[test]
fn colour_puzzles_race_too() {
    let mut s = with(include_str!("../../../samples/webpbn-color-00047.xml"));
    assert!(s.colour().is_some());
    s.reduce(Action::Solve { now: 0.0 });
    assert_eq!(s.racer, Racer::Absent);
    assert_eq!(s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 0) }), [Effect::SpawnRacer]);
    let effects = s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 5) });
    assert!(
        matches!(effects.as_slice(), [Effect::Race(r)] if r.id == 1 && r.colours.is_some()),
        "{effects:?}"
    );
}

/// An n×n picture (0s and 1s) with every fourth cell of each diagonal filled.
fn every_fourth_diagonal(n: usize) -> String {
    (0..n)
        .map(|r| (0..n).map(|c| if (r + c) % 4 == 0 { '1' } else { '0' }).collect::<String>() + "\n")
        .collect()
}

#[test]
fn no_racer_starts_where_the_encoding_is_too_large_to_race() {
    // 80×80: 20 runs of 1 in every line, each with 41 cells of play.
    let mut s = with(&every_fourth_diagonal(80));
    assert!(!nonogram_core::racing_fits(&**s.puzzle().expect("read")));
    s.reduce(Action::Solve { now: 0.0 });
    assert_eq!(s.racer, Racer::Unfit);
    assert!(s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 0) }).is_empty());
    assert!(s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 5) }).is_empty());
    // The next puzzle, small enough, races again.
    typed(&mut s, POST_003);
    s.reduce(Action::Solve { now: 0.0 });
    assert_eq!(s.reduce(Action::FromWorker { message: steps(2, vec![], 1, 0) }), [Effect::SpawnRacer]);
}

#[test]
fn boards_up_to_about_50x50_race() {
    // 45×45: about 99 000 clauses, over the 50 000 that raced until issue
    // 36 measured sparse 50×50 boards (two engines took their time from
    // 264 s to 216 s).
    let mut s = with(&every_fourth_diagonal(45));
    assert!(nonogram_core::racing_fits(&**s.puzzle().expect("read")));
    s.reduce(Action::Solve { now: 0.0 });
    assert_eq!(s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 0) }), [Effect::SpawnRacer]);
    let effects = s.reduce(Action::FromWorker { message: steps(1, vec![], 1, 5) });
    assert!(matches!(effects.as_slice(), [Effect::Race(r)] if r.id == 1), "{effects:?}");
}

#[test]
fn batch_navigation_reads_the_picked_puzzle() {
    let mut s = with(BATCH);
    let Input::Puzzle { count, index, .. } = s.input else { panic!() };
    assert_eq!((count, index), (3, 0));
    let effects = s.reduce(Action::Pick(3));
    // The pick is kept for the next visit (it reset to 1 on reload).
    let kept = Effect::Keep { key: PICK_KEY.into(), value: "3".into() };
    assert_eq!(effects, [kept, Effect::Parse { version: s.version, index: 2 }]);
    assert_eq!(s.batch(), Some((2, 3)), "the picker stays while the puzzle is read");
    s.reduce(Action::Parsed { version: s.version, outcome: parse_outcome(BATCH, 2) });
    let Input::Puzzle { index, ref puzzle, .. } = s.input else { panic!() };
    assert_eq!((index, puzzle.width()), (2, 2));
    assert_eq!(puzzle.rows[0].0, Vec::<u32>::new());
    // Out of range picks are clamped; picking the shown one reads nothing.
    assert!(matches!(s.reduce(Action::Pick(99)).as_slice(), []));
    assert!(matches!(
        s.reduce(Action::Pick(0)).as_slice(),
        [Effect::Keep { .. }, Effect::Parse { index: 0, .. }]
    ));
}

#[test]
fn a_reopened_batch_is_read_at_the_puzzle_it_was_left_at() {
    let mut s = State::default();
    let effects = s.reduce(Action::Reopened { bytes: BATCH.len(), pick: 3 });
    assert_eq!(effects, [Effect::Parse { version: s.version, index: 2 }]);
    s.reduce(Action::Parsed { version: s.version, outcome: parse_outcome(BATCH, 2) });
    assert_eq!(s.batch(), Some((2, 3)));
    // A pick past the batch's end is its last puzzle.
    let mut s = State::default();
    s.reduce(Action::Reopened { bytes: BATCH.len(), pick: 99 });
    s.reduce(Action::Parsed { version: s.version, outcome: parse_outcome(BATCH, 98) });
    assert_eq!(s.batch(), Some((2, 3)));
}

#[test]
fn zoom_stays_within_bounds() {
    let mut s = State::default();
    assert_eq!(s.zoom, Zoom::Fit);
    s.reduce(Action::ZoomIn { fitted: 20.0 });
    assert_eq!(s.zoom, Zoom::Cell(25.0));
    // Steps that come before the board is drawn again go on from the zoom.
    s.reduce(Action::ZoomIn { fitted: 20.0 });
    // Whole pixels from 4 up (31.25 drawn as 31: crisp grid lines).
    assert_eq!(s.zoom, Zoom::Cell(31.0));
    for _ in 0..10 {
        s.reduce(Action::ZoomIn { fitted: 20.0 });
    }
    assert_eq!(s.zoom, Zoom::Cell(ZOOM_CELLS.1));
    for _ in 0..30 {
        s.reduce(Action::ZoomOut { fitted: 20.0 });
    }
    assert_eq!(s.zoom, Zoom::Cell(ZOOM_CELLS.0));
    s.reduce(Action::Fit);
    assert_eq!(s.zoom, Zoom::Fit);
    s.reduce(Action::ZoomOut { fitted: 8.0 });
    assert_eq!(s.zoom, Zoom::Cell(6.0));
    // Zooming out of a fitted board smaller than the zoom's least keeps it.
    s.reduce(Action::Fit);
    s.reduce(Action::ZoomOut { fitted: 0.4 });
    assert_eq!(s.zoom, Zoom::Cell(0.4));
    // A new puzzle fits again.
    s.reduce(Action::ZoomIn { fitted: 20.0 });
    typed(&mut s, POST_003);
    assert_eq!(s.zoom, Zoom::Fit);
}

#[test]
fn words_have_correct_plurals() {
    assert_eq!(plural(1, "guess", "guesses"), "1 guess");
    assert_eq!(plural(0, "guess", "guesses"), "0 guesses");
    let FromWorker::Done(mut d) = done(1, VerdictKind::Unique, &[]) else { panic!() };
    (d.guesses, d.contradictions) = (0, 84);
    assert_eq!(verdict_text(&d, 3.4), "Unique solution — needed guessing: line logic was not enough, 3 ms");
    assert_eq!(counts_text(&d), "Solver: clause learning: 84 contradictions");
    (d.guesses, d.contradictions) = (2, 1);
    assert_eq!(counts_text(&d), "Solver: 2 guesses, then clause learning: 1 contradiction");
    (d.guesses, d.contradictions) = (0, 0);
    assert_eq!(
        verdict_text(&d, 1.0),
        "Unique solution — solved by line logic and cells tried both ways, no guess, 1 ms"
    );
    assert_eq!(counts_text(&d), "Solver: probing (cells tried both ways), no guess");
    d.by_line_logic = true;
    assert_eq!(counts_text(&d), "Solver: line logic alone, no guess");
    // A quick solve is "under 1 ms", not "0 ms"; none is found, not solved.
    assert_eq!(verdict_text(&d, 0.3), "Unique solution — solved by line logic alone, under 1 ms");
    let FromWorker::Done(mut none) = done(1, VerdictKind::None, &[]) else { panic!() };
    (none.line, none.by_line_logic) = (Some(nonogram_core::LineId::Column(0)), true);
    assert_eq!(
        verdict_text(&none, 2.0),
        "No solution: column 1 contradicts — found by line logic alone, 2 ms"
    );
}

#[test]
fn a_new_puzzle_is_made_in_the_worker_then_read_and_played() {
    let mut s = with(POST_003);
    let order = Order::Chosen { width: 10, height: 10, difficulty: 2, seed: 42, colours: 0 };
    let effects = s.reduce(Action::Generate(order));
    let [Effect::Generate(ref request), Effect::Address(Some(ref address))] = effects[..] else {
        panic!("{effects:?}")
    };
    assert_eq!((request.width, request.height, request.difficulty, request.seed), (10, 10, 2, 42));
    // The address names the puzzle: a reload or a shared link makes it again.
    assert_eq!(address, "new=10x10-medium-42");
    assert_eq!(s.generating, Some(request.id));
    assert_eq!(s.status, "Making a 10×10 puzzle…");
    // Said under New puzzle's controls too (a phone's status is off screen).
    assert_eq!(s.new_puzzle_note, s.status);
    // "an" where the size is said with a vowel.
    let mut eighteen = with(POST_003);
    eighteen.reduce(Action::Generate(Order::Chosen {
        width: 18,
        height: 18,
        difficulty: 2,
        seed: 1,
        colours: 0,
    }));
    assert_eq!(eighteen.status, "Making an 18×18 puzzle…");
    // The worker's answer: its clues, written as text, go into Clues.
    let generated = crate::worker::generating::answer(request, || true);
    let effects = s.reduce(Action::FromWorker { message: generated.clone() });
    let [Effect::Keep { ref key, ref value }, Effect::Load(ref clues)] = effects[..] else {
        panic!("{effects:?}")
    };
    // Kept with its address (a reload opens it at once), and into Clues:
    // its title, and no goal (the solution).
    assert_eq!((key.as_str(), value), ("nonogram-studio.made", &format!("{address}\n{clues}")));
    assert!(clues.starts_with("title \"Medium 10×10, no. 42\""), "{clues}");
    assert!(!clues.contains("goal"), "{clues}");
    let FromWorker::Generated { puzzle: ref request, .. } = generated else { panic!() };
    let (_, read, _, _) = crate::protocol::parse_outcome(clues, 0).unwrap();
    let lengths = |c: &[nonogram_core::Clue]| c.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
    assert_eq!(
        (lengths(&read.rows), lengths(&read.columns)),
        (request.rows.clone(), request.columns.clone())
    );
    assert_eq!((s.generating, s.new_puzzle_note.as_str()), (None, ""));
    // Opened again from what was kept: no making, straight to play.
    let mut again = with(POST_003);
    let effects = again.reduce(Action::OpenGenerated { order, text: clues.clone() });
    assert_eq!(effects, [Effect::Load(clues.clone()), Effect::Address(Some(address.clone()))]);
    assert_eq!((again.order, again.generating), (Some(order), None));
    // Once read (here in the worker, as the page reads every text), play
    // starts (the page's Play, with its saved progress); the address stays.
    let effects = s.reduce(Action::Edited { bytes: clues.len() });
    assert!(!effects.iter().any(|e| matches!(e, Effect::Address(_))), "{effects:?}");
    let Some(Effect::Parse { version, index }) = effects.last().cloned() else { panic!("{effects:?}") };
    let outcome = crate::protocol::parse_for_page(clues, index);
    let effects =
        s.reduce(Action::FromWorker { message: FromWorker::Parsed { id: version as u32, outcome } });
    assert_eq!(effects, [Effect::StartPlay]);
    assert_eq!(s.order, Some(order));
    // Made to order, it is of the grade asked: known before any hint.
    assert_eq!(s.difficulty, Some(nonogram_core::hint::Difficulty::Medium));
    // Text of the player's own: the address no longer names a made puzzle.
    let effects = s.reduce(Action::Edited { bytes: 10 });
    assert_eq!(effects.first(), Some(&Effect::Address(None)));
    assert_eq!(s.order, None);
    // Nor is its grade known any more, once that text is read.
    let Some(Effect::Parse { version, index }) = effects.last().cloned() else { panic!("{effects:?}") };
    let outcome = crate::protocol::parse_for_page(&clues[..10], index);
    s.reduce(Action::FromWorker { message: FromWorker::Parsed { id: version as u32, outcome } });
    assert_eq!(s.difficulty, None);
    // A grade that does not come is said, and the address forgets it.
    let effects =
        s.reduce(Action::Generate(Order::Chosen { width: 5, height: 5, difficulty: 4, seed: 1, colours: 0 }));
    let [Effect::Generate(GenerateRequest { id, .. }), _] = effects[..] else { panic!() };
    let message = FromWorker::Error { id, message: "No puzzle made: …".into() };
    assert_eq!(s.reduce(Action::FromWorker { message }), [Effect::Address(None)]);
    assert_eq!((s.generating, s.status.as_str()), (None, "No puzzle made: …"));
    assert_eq!(s.new_puzzle_note, "No puzzle made: …");
    // Other text read: the note goes.
    s.reduce(Action::Edited { bytes: 10 });
    assert_eq!(s.new_puzzle_note, "");
}

#[test]
fn a_new_colour_puzzle_is_written_as_xml_with_its_colours_named() {
    let mut s = with(POST_003);
    let order = Order::Chosen { width: 10, height: 10, difficulty: 1, seed: 5, colours: 3 };
    let effects = s.reduce(Action::Generate(order));
    let [Effect::Generate(ref request), Effect::Address(Some(ref address))] = effects[..] else {
        panic!("{effects:?}")
    };
    assert_eq!((address.as_str(), request.colours), ("new=10x10-easy-5-3colours", 3));
    let generated = crate::worker::generating::answer(request, || true);
    let effects = s.reduce(Action::FromWorker { message: generated });
    let [_, Effect::Load(ref clues)] = effects[..] else { panic!("{effects:?}") };
    let (format, shape, _, colour) = parse_outcome(clues, 0).unwrap();
    assert_eq!(format, "webpbn XML");
    let colour = colour.expect("a colour puzzle");
    assert_eq!((colour.colours(), shape.width(), shape.height()), (3, 10, 10));
    assert_eq!(colour.meta.title.as_deref(), Some("Easy 10×10, 3 colours and white, no. 5"));
    assert!(colour.goal.is_none());
    // Very hard in colour is declined at once, with the reason; nothing is made.
    let very_hard = Order::Chosen { width: 10, height: 10, difficulty: 4, seed: 5, colours: 2 };
    assert_eq!(s.reduce(Action::Generate(very_hard)), []);
    assert!(s.new_puzzle_note.starts_with("Very hard is rare in colour"), "{}", s.new_puzzle_note);
    assert!(!s.status.contains("rare in colour"), "said once: {}", s.status);
    assert_eq!(s.generating, None);
    // Making another: the note says so instead; stopped, it goes.
    s.reduce(Action::Generate(Order::Chosen { width: 10, height: 10, difficulty: 3, seed: 5, colours: 2 }));
    assert_eq!(s.new_puzzle_note, "Making a 10×10 puzzle in 2 colours…");
    s.reduce(Action::Stop);
    assert_eq!((s.status.as_str(), s.new_puzzle_note.as_str()), ("Stopped making the puzzle.", ""));
}

#[test]
fn the_puzzle_of_the_day_is_asked_for_by_its_date() {
    let mut s = with(POST_003);
    let day = Day::new(2026, 11, 26).unwrap();
    let effects = s.reduce(Action::Generate(Order::Day(day)));
    let [Effect::Generate(ref request), Effect::Address(Some(ref address))] = effects[..] else {
        panic!("{effects:?}")
    };
    assert_eq!(address, "day=2026-11-26");
    assert_eq!(request.title, "Puzzle of the day, 26 November 2026 · Medium");
    assert_eq!(s.status, "Making the puzzle of 26 November 2026…");
}

/// A first visit: the puzzle of the day is made and shown with Play as the
/// first action (not in play), and the address stays bare; a puzzle made
/// afterwards goes into play as before.
#[test]
fn a_first_visit_shows_the_puzzle_of_the_day_not_in_play() {
    let mut s = State::default();
    let day = Day::new(2026, 11, 26).unwrap();
    let effects = s.reduce(Action::FirstVisit(Some(day)));
    let [Effect::Generate(ref request)] = effects[..] else { panic!("{effects:?}") };
    assert_eq!(request.title, "Puzzle of the day, 26 November 2026 · Medium");
    assert_eq!(
        (s.status.as_str(), s.new_puzzle_note.as_str()),
        ("", "Making the puzzle of 26 November 2026…")
    );
    let generated = crate::worker::generating::answer(request, || true);
    let Some(Effect::Load(clues)) = s.reduce(Action::FromWorker { message: generated }).pop() else {
        panic!()
    };
    let read = |s: &mut State, text: &str| {
        let Some(Effect::Parse { version, index }) = s.reduce(Action::Edited { bytes: text.len() }).pop()
        else {
            panic!()
        };
        s.reduce(Action::Parsed { version, outcome: crate::protocol::parse_outcome(text, index) })
    };
    let effects = read(&mut s, &clues);
    assert!(!effects.contains(&Effect::StartPlay) && s.play.is_none(), "{effects:?}");
    assert!(s.first_visit, "the welcome shows");
    // Its order stays (the title names its grade), the address bare.
    assert_eq!(s.order, Some(Order::Day(day)));
    assert!(!effects.iter().any(|e| matches!(e, Effect::Address(_))), "{effects:?}");
    assert!(s
        .puzzle()
        .is_some_and(|p| p.meta.title.as_deref() == Some("Puzzle of the day, 26 November 2026 · Medium")));
    // The next one made is played at once.
    let effects = s.reduce(Action::Generate(Order::Day(day)));
    let [Effect::Generate(ref request), ..] = effects[..] else { panic!("{effects:?}") };
    let generated = crate::worker::generating::answer(request, || true);
    let Some(Effect::Load(clues)) = s.reduce(Action::FromWorker { message: generated }).pop() else {
        panic!()
    };
    assert!(read(&mut s, &clues).contains(&Effect::StartPlay));
}

#[test]
fn the_built_in_list_is_fetched_once_when_opened_and_a_puzzle_of_it_played() {
    let mut s = with(POST_003);
    assert_eq!(s.reduce(Action::OpenBuiltins), [Effect::FetchBuiltins]);
    assert_eq!(s.builtins, Builtins::Loading);
    // Opened again while it comes: no second fetch.
    assert_eq!(s.reduce(Action::OpenBuiltins), []);
    s.reduce(Action::BuiltinsFetched(Err("the network is down".into())));
    assert_eq!(s.builtins, Builtins::Failed("the network is down".into()));
    // A failed fetch is tried again on the next opening.
    assert_eq!(s.reduce(Action::OpenBuiltins), [Effect::FetchBuiltins]);
    let text = "title \"Dancer\"\nby \"Jan Wolter\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n".to_string();
    let dancer = Builtin {
        title: "Dancer".into(),
        author: "Jan Wolter".into(),
        copyright: "Copyright 2004 by Jan Wolter".into(),
        licence: "webpbn survey".into(),
        source: "webpbn.com #1".into(),
        grade: 1,
        width: 1,
        height: 1,
        text: text.clone(),
        ..Builtin::default()
    };
    let catalogue = Catalogue { puzzles: vec![dancer], licences: Vec::new() };
    s.reduce(Action::BuiltinsFetched(Ok(catalogue)));
    assert_eq!(s.reduce(Action::OpenBuiltins), []);
    // A made puzzle's address goes; the puzzle goes into Clues, then play.
    s.order = Some(Order::Chosen { width: 10, height: 10, difficulty: 1, seed: 1, colours: 0 });
    assert_eq!(s.reduce(Action::PlayBuiltin(0)), [Effect::Address(None), Effect::Load(text.clone())]);
    let effects = s.reduce(Action::Edited { bytes: text.len() });
    let Some(Effect::Parse { version, index }) = effects.last().cloned() else { panic!("{effects:?}") };
    let outcome = crate::protocol::parse_for_page(&text, index);
    let effects =
        s.reduce(Action::FromWorker { message: FromWorker::Parsed { id: version as u32, outcome } });
    assert_eq!(effects, [Effect::StartPlay]);
    assert_eq!(s.reduce(Action::PlayBuiltin(5)), []);
}

#[test]
fn a_puzzle_being_made_is_stopped_by_stop_by_other_text_and_by_solve() {
    let order = Order::Chosen { width: 30, height: 30, difficulty: 3, seed: 1, colours: 4 };
    // Stop: the worker is replaced (making runs to its end otherwise).
    let mut s = with(POST_003);
    let [Effect::Generate(ref request), _] = s.reduce(Action::Generate(order))[..] else { panic!() };
    let id = request.id;
    let effects = s.reduce(Action::Stop);
    assert!(
        effects.contains(&Effect::RespawnWorker) && effects.contains(&Effect::Address(None)),
        "{effects:?}"
    );
    assert_eq!((s.generating, s.order, s.status.as_str()), (None, None, "Stopped making the puzzle."));
    // An answer that comes anyway is dropped: the board stays.
    let clues = SolveRequest { id, rows: vec![vec![1]], columns: vec![vec![1]], colours: None };
    let late = FromWorker::Generated { title: "late".into(), puzzle: Box::new(clues) };
    assert_eq!(s.reduce(Action::FromWorker { message: late }), []);
    // Text of your own, or Solve, stops it too.
    s.reduce(Action::Generate(order));
    let effects = s.reduce(Action::Edited { bytes: 5 });
    assert_eq!(effects.first(), Some(&Effect::Address(None)));
    assert!(effects.contains(&Effect::RespawnWorker) && s.generating.is_none(), "{effects:?}");
    let mut s = with(POST_003);
    s.reduce(Action::Generate(order));
    let effects = s.reduce(Action::Solve { now: 0.0 });
    assert!(effects.contains(&Effect::RespawnWorker) && s.generating.is_none(), "{effects:?}");
    assert!(matches!(effects[..], [.., Effect::Post(_), Effect::IntoView(_)]), "{effects:?}");
}

#[test]
fn clues_read_from_a_picture_are_checked_once_read_and_only_those() {
    let mut s = State::default();
    let text = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n2\n0\n";
    let read = |s: &mut State, text: &str| {
        let effects = s.reduce(Action::Edited { bytes: text.len() });
        let Some(Effect::Parse { version, index }) = effects.last().cloned() else { panic!("{effects:?}") };
        let outcome = crate::protocol::parse_for_page(text, index);
        s.reduce(Action::FromWorker { message: FromWorker::Parsed { id: version as u32, outcome } })
    };
    assert_eq!(s.reduce(Action::CheckWhenRead), []);
    assert_eq!(read(&mut s, text), [Effect::Check]);
    // The next text is only read.
    assert_eq!(read(&mut s, text), []);
    // Clues that are no puzzle are not solved, and the wish goes with them.
    s.reduce(Action::CheckWhenRead);
    assert_eq!(read(&mut s, "width 2\nheight 2\n\nrows\n2\n2\n\ncolumns\n2\n0\n"), []);
    assert_eq!(read(&mut s, text), []);
}

/// A check solves without giving the solution away: the board stays at
/// the start when the clues have one solution (End shows it), and shows
/// what is wrong when they have several.
#[test]
fn a_check_keeps_a_unique_solution_off_the_board() {
    let mut s = with("2 2\n1\n1\n1\n1\n");
    s.reduce(Action::Make(true));
    s.reduce(Action::Check { now: 0.0 });
    assert!(!s.make && s.status.starts_with("Checking"), "{}", s.status);
    s.reduce(Action::FromWorker {
        message: steps(1, vec![line(LineId::Row(0), &[(0, '#')]), line(LineId::Row(1), &[(3, '#')])], 0, 0),
    });
    assert_eq!(shown(&s), "????");
    s.reduce(Action::FromWorker { message: done(1, VerdictKind::Unique, &["#..#"]) });
    assert!(s.status.starts_with("Unique solution: the clues check out"), "{}", s.status);
    assert_eq!(shown(&s), "????");
    s.reduce(Action::End);
    assert_eq!(shown(&s), "#..#");
    // Solve after it shows its end as ever.
    s.reduce(Action::Solve { now: 0.0 });
    s.reduce(Action::FromWorker {
        message: steps(2, vec![line(LineId::Row(0), &[(0, '#')]), line(LineId::Row(1), &[(3, '#')])], 0, 0),
    });
    s.reduce(Action::FromWorker { message: done(2, VerdictKind::Unique, &["#..#"]) });
    assert_eq!(shown(&s), "#..#");
    // Several solutions: what is wrong is shown.
    s.reduce(Action::Check { now: 0.0 });
    s.reduce(Action::FromWorker { message: done(3, VerdictKind::Multiple, &["#..#", ".##."]) });
    assert!(s.status.starts_with("Multiple solutions"), "{}", s.status);
}

/// Make mode: on and off by its button; Solve and Play end it.
#[test]
fn make_mode_ends_with_solve_or_play() {
    let mut s = with(POST_003);
    s.reduce(Action::Make(true));
    assert!(s.make);
    s.reduce(Action::Make(false));
    assert!(!s.make);
    s.reduce(Action::Make(true));
    s.reduce(Action::Solve { now: 0.0 });
    assert!(!s.make, "Solve ends it");
    s.reduce(Action::Stop);
    s.reduce(Action::Make(true));
    s.reduce(Action::Play { action: crate::page::state::PlayAction::Toggle { saved: None }, now: 0.0 });
    assert!(s.play.is_some() && !s.make, "Play ends it");
    // And Make ends play, its progress kept and play no longer kept as on.
    let effects = s.reduce(Action::Make(true));
    assert!(s.make && s.play.is_none(), "Make ends play");
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Keep { key, .. } if key.starts_with("nonogram-studio.play.")))
            && effects.contains(&Effect::Forget(PLAYING_KEY)),
        "{effects:?}"
    );
}

/// What the page brings into view goes through the reducer: the board
/// after Solve and when play starts, the lab when a line is opened in it
/// (kept in the state), the tools that make a puzzle in Make mode.
#[test]
fn the_part_brought_into_view_is_the_reducers_word() {
    use crate::page::state::{OpenedLine, View};
    let mut s = with(POST_003);
    assert!(s.reduce(Action::Solve { now: 0.0 }).contains(&Effect::IntoView(View::Board)));
    s.reduce(Action::Stop);
    assert_eq!(s.reduce(Action::Make(true)), [Effect::IntoView(View::Make)]);
    assert_eq!(s.reduce(Action::Make(false)), []);
    let line = std::rc::Rc::new(OpenedLine {
        clue: "[2 1]".into(),
        line: "##x#x".into(),
        note: String::new(),
        palette: None,
    });
    assert_eq!(s.reduce(Action::OpenLine(line.clone())), [Effect::IntoView(View::Lab)]);
    assert_eq!(s.opened_line, Some(line));
    let play = crate::page::state::PlayAction::Toggle { saved: None };
    assert!(s.reduce(Action::Play { action: play, now: 0.0 }).contains(&Effect::IntoView(View::Board)));
    // A first visit with no date on the clock: the welcome, nothing made.
    let mut first = State::default();
    assert_eq!(first.reduce(Action::FirstVisit(None)), []);
    assert!(first.first_visit && first.generating.is_none());
}

/// New clue text is kept for the next visit from its first puzzle (the
/// reducer asks; the page holds the text); text reopened from the last
/// visit is kept already.
#[test]
fn new_text_is_kept_from_its_first_puzzle() {
    let mut s = State::default();
    let effects = s.reduce(Action::Edited { bytes: POST_003.len() });
    assert!(
        matches!(effects[..], [Effect::KeepInput, Effect::Forget(PICK_KEY), .., Effect::Parse { .. }]),
        "{effects:?}"
    );
    let reopened = s.reduce(Action::Reopened { bytes: POST_003.len(), pick: 1 });
    assert!(!reopened.iter().any(|e| matches!(e, Effect::KeepInput | Effect::Forget(_))), "{reopened:?}");
}

/// Text left in play comes back in play after a reload: the page asks for
/// play when it reopens it, and play starts once it is read.
#[test]
fn text_left_in_play_is_played_again_once_read() {
    let mut s = State::default();
    s.reduce(Action::PlayWhenRead);
    let Some(Effect::Parse { version, index }) =
        s.reduce(Action::Reopened { bytes: POST_003.len(), pick: 1 }).pop()
    else {
        panic!()
    };
    let effects = s.reduce(Action::Parsed { version, outcome: parse_outcome(POST_003, index) });
    assert!(effects.contains(&Effect::StartPlay), "{effects:?}");
}

/// Clues made from a picture go in `Clues` through the reducer, which keeps
/// them (export offers the picture while `Clues` holds their text).
#[test]
fn clues_from_a_picture_are_loaded_and_kept() {
    let mut s = State::default();
    let clues =
        PictureClues { text: POST_003.into(), grid: std::rc::Rc::new(nonogram_core::Grid::new(5, 5)) };
    assert_eq!(s.reduce(Action::FromPicture(clues.clone())), [Effect::Load(POST_003.into())]);
    assert_eq!(s.picture.as_deref(), Some(&clues));
}

/// Clues with no solution cannot be played: Play is refused, and says why
/// after the verdict (issue 61, item 2).
#[test]
fn clues_with_no_solution_are_not_played() {
    let mut s = with("2 2\n1\n1\n1\n1\n");
    s.reduce(Action::Solve { now: 0.0 });
    let FromWorker::Done(mut none) = done(1, VerdictKind::None, &[]) else { panic!() };
    none.line = Some(nonogram_core::LineId::Column(0));
    s.reduce(Action::FromWorker { message: FromWorker::Done(none) });
    assert!(s.status.starts_with("No solution: column 1 contradicts"), "{}", s.status);
    let play = crate::page::state::PlayAction::Toggle { saved: None };
    assert_eq!(s.reduce(Action::Play { action: play.clone(), now: 0.0 }), []);
    assert!(s.play.is_none());
    assert!(s.status.starts_with("No solution: column 1 contradicts"), "{}", s.status);
    assert!(s.status.ends_with(crate::page::state::NO_PLAY), "{}", s.status);
    // Pressed again, it is said once.
    s.reduce(Action::Play { action: play.clone(), now: 0.0 });
    assert_eq!(s.status.matches(crate::page::state::NO_PLAY).count(), 1);
    // New clues with a solution play again.
    typed(&mut s, "2 2\n2\n1\n2\n1\n");
    s.reduce(Action::Play { action: play, now: 0.0 });
    assert!(s.play.is_some());
}

/// A running search says what it does on the main view, with a count that
/// moves (issue 61, item 1); the verdict ends it.
#[test]
fn a_long_search_says_what_it_does_with_a_count_that_moves() {
    let mut s = with("2 2\n1\n1\n1\n1\n");
    s.reduce(Action::Solve { now: 0.0 });
    s.reduce(Action::FromWorker { message: steps(1, vec![], 0, 0) });
    assert_eq!(s.progress, "Working line by line: 3 cells still unknown after 1 pass");
    s.reduce(Action::FromWorker { message: steps(1, vec![], 2, 0) });
    assert_eq!(s.progress, "Guessing: 2 guesses so far, 1 deep");
    s.reduce(Action::FromWorker { message: steps(1, vec![], 2, 1) });
    assert_eq!(s.progress, "Still searching: 1 dead end met and learnt from so far");
    s.reduce(Action::FromWorker { message: steps(1, vec![], 2, 40) });
    assert_eq!(s.progress, "Still searching: 40 dead ends met and learnt from so far");
    assert!(s.solving_since().is_some());
    s.reduce(Action::FromWorker { message: done(1, VerdictKind::Multiple, &["#..#", ".##."]) });
    assert!(s.progress.is_empty() && s.solving_since().is_none());
}

/// The picture panel's state is the page's: its actions go through the
/// page's reducer, its requests come out as the page's effects, and the
/// clues it makes go into `Clues` at once (issue 60: one state tree).
#[test]
fn the_picture_panel_changes_through_the_pages_reducer() {
    use crate::protocol::ToWorker;
    let mut s = State::default();
    let effects = s.reduce(Action::Picture(PictureAction::Upload { name: "bar.png".into() }));
    let [Effect::Picture(PictureEffect::Post(ToWorker::LoadPicture { id, .. }))] = effects[..] else {
        panic!("{effects:?}")
    };
    assert_eq!(s.picture_panel.note, "Reading bar.png…");
    let loaded = FromWorker::PictureLoaded {
        id,
        kind: "PNG".into(),
        width: 3,
        height: 1,
        grid_width: 3,
        grid_height: 1,
    };
    s.reduce(Action::Picture(PictureAction::FromWorker(loaded)));
    let cells = FromWorker::Cells { id: 0, width: 3, height: 1, values: vec![0, 0, 255], otsu: 127 };
    let effects = s.reduce(Action::Picture(PictureAction::FromWorker(cells)));
    // Its clues are the page's text now, and the panel's check is asked.
    let Some(Effect::Load(text)) = effects.iter().find(|e| matches!(e, Effect::Load(_))) else {
        panic!("{effects:?}")
    };
    assert!(text.contains("rows\n2"), "{text}");
    assert_eq!(s.picture.as_ref().map(|p| &p.text), Some(text));
    assert!(effects.iter().any(|e| matches!(e, Effect::Picture(PictureEffect::Post(ToWorker::Check(_))))));
    assert!(!effects.iter().any(|e| matches!(e, Effect::Picture(PictureEffect::Clues(_)))));
}

/// The line editor's state is the page's too: its clues go into `Clues`
/// as typed, what the board shows of it follows it (and the board's room
/// with it), and a clue clicked on the board moves the keyboard to its
/// line's field (issue 60: one state tree).
#[test]
fn the_line_editor_changes_through_the_pages_reducer() {
    let mut s = State::default();
    assert!(s.lines_board.typed.is_none());
    let resized = s.resized;
    s.reduce(Action::Lines(LinesAction::Open(None)));
    assert!(s.lines.open);
    // Pinned above the fields on a phone: the board's room changed.
    assert!(s.lines_board.typed.is_some() && s.lines_board.pinned());
    assert_eq!(s.resized, resized + 1);
    let focus = s.lines_focus;
    s.reduce(Action::Lines(LinesAction::Size { width: 2, height: 1 }));
    let effects = s.reduce(Action::Lines(LinesAction::Type(LineId::Row(0), "2".into())));
    let [Effect::Type(ref text)] = effects[..] else { panic!("{effects:?}") };
    assert!(text.contains("rows\n2\n"), "{text}");
    assert_eq!(s.lines_board.typed.as_ref().map(|(p, _)| p.rows[0].0.clone()), Some(vec![2]));
    // A clue clicked on the board: its field is asked for.
    s.reduce(Action::Lines(LinesAction::Goto(LineId::Column(1))));
    assert_eq!(s.lines_focus, (Some(LineId::Column(1)), focus.1 + 1));
    s.reduce(Action::Lines(LinesAction::Close));
    assert!(s.lines_board.typed.is_none() && s.resized == resized + 2);
}

/// The clue text and the text it replaced are the page's state: a new
/// text bumps its version; a replaced text is offered back and kept for
/// the next visit (unless it came from there), and forgotten once put
/// back (issue 60: one state tree).
#[test]
fn the_clue_text_and_the_text_it_replaced_are_state() {
    use super::keys::REPLACED_KEY;
    let mut s = State::default();
    assert!(s.reduce(Action::Text("1\n1\n".into())).is_empty());
    assert_eq!((s.text.as_str(), s.text_version), ("1\n1\n", 1));
    let effects = s.reduce(Action::Replaced { text: "mine".into(), kept: false });
    assert_eq!(effects, [Effect::Keep { key: REPLACED_KEY.into(), value: "mine".into() }]);
    assert_eq!(s.replaced.as_deref(), Some("mine"));
    assert!(s.reduce(Action::Replaced { text: "last visit's".into(), kept: true }).is_empty());
    assert_eq!(s.reduce(Action::Restored), [Effect::Forget(REPLACED_KEY)]);
    assert!(s.replaced.is_none() && s.reduce(Action::Restored).is_empty());
}

/// A first visit on a day whose puzzle is Hard or Very hard gets an Easy
/// 10×10 of that day instead, the day's offered beside it (issue 61,
/// item 10); a Medium day's puzzle is the first visit's as before.
#[test]
fn a_first_visit_on_a_hard_day_gets_an_easy_puzzle_and_the_days_is_offered() {
    let sunday = Day::new(2026, 11, 29).unwrap();
    let mut s = State::default();
    let effects = s.reduce(Action::FirstVisit(Some(sunday)));
    let [Effect::Generate(ref request)] = effects[..] else { panic!("{effects:?}") };
    assert_eq!((request.width, request.height, request.difficulty), (10, 10, 1));
    assert_eq!(request.seed, 20261129, "the day's own, the same for everyone that day");
    assert_eq!(s.day_offered, Some((sunday, "Very hard")));
    assert!(s.first_visit);
    // Offered until another puzzle is made.
    s.reduce(Action::Generate(Order::Day(sunday)));
    assert_eq!(s.day_offered, None);
    let wednesday = Day::new(2026, 11, 25).unwrap();
    let mut s = State::default();
    let effects = s.reduce(Action::FirstVisit(Some(wednesday)));
    let [Effect::Generate(ref request)] = effects[..] else { panic!("{effects:?}") };
    assert!(request.title.starts_with("Puzzle of the day, 25 November 2026"), "{}", request.title);
    assert_eq!(s.day_offered, None);
}
