//! Every message through the wire and back; hostile bytes refused.
use super::*;
use crate::protocol::{
    CheckRequest, Finished, FixNote, Frame, FromWorker, GenerateRequest, HintRequest, ReadAnswer, ReadMark,
    SolveRequest, ToWorker,
};

fn round_trip<T: Wire + PartialEq + std::fmt::Debug>(message: T) {
    let bytes = encode(&message);
    assert_eq!(decode::<T>(&bytes).as_ref(), Some(&message));
    // Every strict prefix is refused, and so is a byte too many.
    for n in 0..bytes.len() {
        assert!(decode::<T>(&bytes[..n]).is_none(), "prefix of {n} bytes of {message:?}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(decode::<T>(&longer).is_none());
}

#[test]
fn every_message_round_trips() {
    let request = SolveRequest {
        id: 300,
        rows: vec![vec![3], vec![], vec![1, 70_000]],
        columns: vec![vec![2]],
        colours: None,
    };
    round_trip(ToWorker::Solve(request.clone()));
    round_trip(ToWorker::Time(request.clone()));
    round_trip(ToWorker::Race { request, seed: u64::MAX });
    let colour = nonogram_core::colour::ColourPuzzle::from_picture(&[1, 2, 0, 2], 2);
    let request = SolveRequest::of_colour(9, &colour);
    assert_eq!(
        request.colour_puzzle().map(|p| (p.rows, p.columns)),
        Some((colour.rows.clone(), colour.columns.clone()))
    );
    round_trip(ToWorker::Solve(request));
    round_trip(ToWorker::LoadPicture { id: 1, name: "ünï.png".into() });
    round_trip(ToWorker::ReadPicture { id: 12 });
    round_trip(FromWorker::Read(Box::new(ReadAnswer {
        id: 12,
        error: String::new(),
        width: 640,
        height: 480,
        certain: false,
        rows: vec![vec![1, 12], vec![]],
        columns: vec![vec![3]],
        outline: vec![(10.5, 20.0), (600.0, 21.25), (598.0, 470.0), (11.0, 469.5)],
        lines: vec![vec![(300.0, 20.5), (301.5, 250.0), (299.0, 470.0)], vec![]],
        marks: vec![ReadMark {
            line: nonogram_core::LineId::Column(0),
            number: 0,
            text: "3".into(),
            x: 1.0,
            y: 2.0,
            w: 3.5,
            h: 7.0,
        }],
        doubts: vec![(nonogram_core::LineId::Row(1), "no number read".into())],
        summary: "doubtful".into(),
    })));
    round_trip(FromWorker::Read(Box::new(ReadAnswer {
        error: "no puzzle found".into(),
        ..ReadAnswer::default()
    })));
    round_trip(ToWorker::Resample { id: 2, width: 200, height: 150, colours: 5 });
    let cells = Cells::parse("#.#?..").unwrap();
    round_trip(ToWorker::Check(CheckRequest { id: 3, width: 3, height: 2, cells: cells.clone() }));
    round_trip(ToWorker::Parse { id: 4, index: 999 });
    round_trip(ToWorker::Generate(GenerateRequest {
        id: 4,
        width: 30,
        height: 25,
        difficulty: 4,
        seed: u64::MAX - 3,
        colours: 3,
        title: "Puzzle of 26 November 2026".into(),
    }));
    round_trip(ToWorker::Hint(HintRequest {
        id: 5,
        rows: vec![vec![1]],
        columns: vec![vec![], vec![1]],
        cells: cells.clone(),
        check: true,
        colours: None,
        guessing: Some(3),
    }));
    let colour_cells = Cells::of_colours(vec![7, 2, 1, 4]);
    round_trip(ToWorker::Hint(HintRequest::of_colour(5, &colour, colour_cells, false)));
    round_trip(FromWorker::Ready);
    round_trip(FromWorker::Hinted {
        id: 6,
        text: "Row 3, clue 4 1: …".into(),
        line: Some(LineId::Row(2)),
        cells: vec![(3, 2), (4, 1), (5, 1 << 4)],
        wrong: None,
        difficulty: Some(nonogram_core::hint::Difficulty::VeryHard),
        guess: true,
        marked: vec![],
    });
    round_trip(FromWorker::Hinted {
        id: 7,
        text: String::new(),
        line: None,
        cells: vec![],
        wrong: Some(vec![0, 9]),
        difficulty: None,
        guess: false,
        marked: vec![12],
    });
    round_trip(FromWorker::Steps {
        id: u32::MAX,
        frames: vec![
            Frame::Line { line: LineId::Column(12), changes: vec![(0, true), (5, false)] },
            Frame::Sweep { sweep: 2, unknown: 10, contradictions: 1 },
            Frame::Grid { cells: cells.clone(), note: "guess".into() },
            Frame::ColourLine { line: LineId::Row(3), changes: vec![(7, 0b101), (8, 1 << 31)] },
            Frame::Grid { cells: Cells::of_colours(vec![0b111, 1, 0b100]), note: "colour".into() },
        ],
        sweep: 3,
        unknown: 4,
        depth: 5,
        guesses: u64::MAX,
        contradictions: 7,
    });
    round_trip(FromWorker::Done(Box::new(Finished {
        id: 9,
        verdict: VerdictKind::None,
        solutions: vec![cells.clone(), Cells::default()],
        line: Some(LineId::Row(4)),
        by_line_logic: true,
        guesses: 1,
        contradictions: 2,
        symmetries: vec!["half turn".into()],
        ms: 12.375,
        memory: 1 << 40,
        difficulty: Some(nonogram_core::hint::Difficulty::Hard),
    })));
    round_trip(FromWorker::Error { id: 1, message: "row 1: run 3 needs 3 cells".into() });
    round_trip(FromWorker::PictureLoaded {
        id: 1,
        kind: "PNG".into(),
        width: 4000,
        height: 3000,
        grid_width: 30,
        grid_height: 23,
    });
    round_trip(FromWorker::Cells { id: 1, width: 2, height: 1, values: vec![0, 255], otsu: 127 });
    round_trip(FromWorker::ColourCells {
        id: 1,
        width: 2,
        height: 1,
        cells: vec![0, 1],
        palette: vec![255, 255, 255, 9, 8, 7],
    });
    round_trip(FromWorker::PictureError { id: 1, message: "not a picture".into() });
    round_trip(FromWorker::Checked {
        id: 1,
        verdict: VerdictKind::Multiple,
        by_line_logic: false,
        guesses: 3,
        probes: 4,
        contradictions: 5,
        ms: -0.5,
        other: Some(cells),
    });
    let colour = crate::protocol::parse_for_page(include_str!("../../../samples/webpbn-color-00047.xml"), 0);
    round_trip(FromWorker::Parsed { id: 1, outcome: colour });
    let black = crate::protocol::parse_for_page(include_str!("../../../samples/webpbn-00001.non"), 0);
    round_trip(FromWorker::Parsed { id: 1, outcome: black });
    round_trip(FromWorker::Parsed { id: 1, outcome: Err("line 3, column 2: …".into()) });
    round_trip(FromWorker::Fixes {
        id: 1,
        fixes: vec![
            FixNote { row: 1, col: 2, fill: true, by_line_logic: false, guesses: 6, colour: None },
            FixNote { row: 0, col: 0, fill: false, by_line_logic: true, guesses: 0, colour: Some(0) },
        ],
        tried: 3,
        total: 4,
        done: true,
    });
}

#[test]
fn hostile_bytes_are_refused_without_a_panic_or_a_large_allocation() {
    // A list that claims four billion items in a few bytes.
    let mut claim = vec![1u8];
    put_varint(1, &mut claim);
    put_varint(u32::MAX as u64, &mut claim);
    assert!(decode::<FromWorker>(&claim).is_none());
    // Unknown tags, a bool that is not 0/1, a cell that is no cell,
    // an overlong varint, a string that is not UTF-8.
    for bytes in [
        &[42u8][..],
        &[7, 1, 0, 2],
        &[3, 1, 1, 0xff],
        &[0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ] {
        assert!(decode::<FromWorker>(bytes).is_none(), "{bytes:?}");
    }
    assert!(decode::<ToWorker>(&[3, 1, 1, 1, 1, 7]).is_none());
    assert!(decode::<ToWorker>(&[]).is_none());
}
