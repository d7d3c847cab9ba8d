//! The wire format of each message: a struct's fields in order, an enum's
//! tag byte then its fields (see [`super`]).

use super::{Reader, Wire};
use crate::protocol::messages::{
    CheckRequest, Finished, FixNote, Frame, FromWorker, GenerateRequest, HintRequest, ReadAnswer, ReadMark,
    RunColours, SolveRequest, ToWorker,
};
use crate::protocol::parsing::{ParsedText, PuzzleData};

/// `Wire` for a struct: its fields in order.
macro_rules! wire_struct {
    ($t:ident { $($f:ident),* }) => {
        impl Wire for $t {
            fn put(&self, out: &mut Vec<u8>) {
                $(self.$f.put(out);)*
            }
            fn get(r: &mut Reader) -> Option<$t> {
                Some($t { $($f: Wire::get(r)?),* })
            }
        }
    };
}

wire_struct!(SolveRequest { id, rows, columns, colours });
wire_struct!(RunColours { rows, columns, names });
wire_struct!(PuzzleData { rows, columns, row_colours, column_colours, names, rgb, symbols, meta, goal });
wire_struct!(CheckRequest { id, width, height, cells });
wire_struct!(HintRequest { id, rows, columns, cells, check, colours, guessing });
wire_struct!(GenerateRequest { id, width, height, difficulty, seed, colours, title });
wire_struct!(ReadAnswer {
    id,
    error,
    width,
    height,
    certain,
    rows,
    columns,
    outline,
    lines,
    marks,
    doubts,
    summary
});
wire_struct!(ReadMark { line, number, text, x, y, w, h });
wire_struct!(FixNote { row, col, fill, by_line_logic, guesses, colour });
wire_struct!(Finished {
    id,
    verdict,
    solutions,
    line,
    by_line_logic,
    guesses,
    contradictions,
    symmetries,
    ms,
    memory,
    difficulty
});

/// `put` for an enum variant: its tag, then its fields.
macro_rules! put {
    ($out:ident, $tag:expr $(, $f:expr)*) => {{
        $out.push($tag);
        $($f.put($out);)*
    }};
}

impl Wire for ToWorker {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            ToWorker::Solve(q) => put!(out, 0, q),
            ToWorker::LoadPicture { id, name } => put!(out, 1, id, name),
            ToWorker::Resample { id, width, height, colours } => put!(out, 2, id, width, height, colours),
            ToWorker::Check(q) => put!(out, 3, q),
            ToWorker::Time(q) => put!(out, 4, q),
            ToWorker::Race { request, seed } => put!(out, 5, request, seed),
            ToWorker::Parse { id, index } => put!(out, 6, id, index),
            ToWorker::Hint(q) => put!(out, 7, q),
            ToWorker::Generate(q) => put!(out, 8, q),
            ToWorker::ReadPicture { id } => put!(out, 9, id),
        }
    }
    fn get(r: &mut Reader) -> Option<ToWorker> {
        Some(match r.byte()? {
            0 => ToWorker::Solve(Wire::get(r)?),
            1 => ToWorker::LoadPicture { id: Wire::get(r)?, name: Wire::get(r)? },
            2 => ToWorker::Resample {
                id: Wire::get(r)?,
                width: Wire::get(r)?,
                height: Wire::get(r)?,
                colours: Wire::get(r)?,
            },
            3 => ToWorker::Check(Wire::get(r)?),
            4 => ToWorker::Time(Wire::get(r)?),
            5 => ToWorker::Race { request: Wire::get(r)?, seed: Wire::get(r)? },
            6 => ToWorker::Parse { id: Wire::get(r)?, index: Wire::get(r)? },
            7 => ToWorker::Hint(Wire::get(r)?),
            8 => ToWorker::Generate(Wire::get(r)?),
            9 => ToWorker::ReadPicture { id: Wire::get(r)? },
            _ => return None,
        })
    }
}

impl Wire for Frame {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Frame::Line { line, changes } => put!(out, 0, line, changes),
            Frame::Sweep { sweep, unknown, contradictions } => put!(out, 1, sweep, unknown, contradictions),
            Frame::Grid { cells, note } => put!(out, 2, cells, note),
            Frame::ColourLine { line, changes } => put!(out, 3, line, changes),
        }
    }
    fn get(r: &mut Reader) -> Option<Frame> {
        Some(match r.byte()? {
            0 => Frame::Line { line: Wire::get(r)?, changes: Wire::get(r)? },
            1 => Frame::Sweep { sweep: Wire::get(r)?, unknown: Wire::get(r)?, contradictions: Wire::get(r)? },
            2 => Frame::Grid { cells: Wire::get(r)?, note: Wire::get(r)? },
            3 => Frame::ColourLine { line: Wire::get(r)?, changes: Wire::get(r)? },
            _ => return None,
        })
    }
}

/// A read text's outcome: 0 and the error, or 1 and format, puzzle, count.
impl Wire for ParsedText {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Err(e) => put!(out, 0, e),
            Ok((format, puzzle, count)) => put!(out, 1, format, puzzle, count),
        }
    }
    fn get(r: &mut Reader) -> Option<ParsedText> {
        Some(match r.byte()? {
            0 => Err(Wire::get(r)?),
            1 => Ok((Wire::get(r)?, Wire::get(r)?, Wire::get(r)?)),
            _ => return None,
        })
    }
}

impl Wire for FromWorker {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            FromWorker::Ready => out.push(0),
            FromWorker::Steps { id, frames, sweep, unknown, depth, guesses, contradictions } => {
                put!(out, 1, id, frames, sweep, unknown, depth, guesses, contradictions)
            }
            FromWorker::Done(done) => put!(out, 2, done.as_ref()),
            FromWorker::Error { id, message } => put!(out, 3, id, message),
            FromWorker::PictureLoaded { id, kind, width, height, grid_width, grid_height } => {
                put!(out, 4, id, kind, width, height, grid_width, grid_height)
            }
            FromWorker::Cells { id, width, height, values, otsu } => {
                put!(out, 5, id, width, height, values, otsu)
            }
            FromWorker::PictureError { id, message } => put!(out, 6, id, message),
            FromWorker::ColourCells { id, width, height, cells, palette } => {
                put!(out, 11, id, width, height, cells, palette)
            }
            FromWorker::Checked {
                id,
                verdict,
                by_line_logic,
                guesses,
                probes,
                contradictions,
                ms,
                other,
            } => {
                put!(out, 7, id, verdict, by_line_logic, guesses, probes, contradictions, ms, other)
            }
            FromWorker::Parsed { id, outcome } => put!(out, 8, id, outcome),
            FromWorker::Hinted { id, text, line, cells, wrong, difficulty, guess, marked } => {
                put!(out, 10, id, text, line, cells, wrong, difficulty, guess, marked)
            }
            FromWorker::Fixes { id, fixes, tried, total, done } => {
                put!(out, 9, id, fixes, tried, total, done)
            }
            FromWorker::Generated { title, puzzle } => put!(out, 12, title, puzzle),
            FromWorker::Read(answer) => put!(out, 13, answer),
        }
    }
    fn get(r: &mut Reader) -> Option<FromWorker> {
        Some(match r.byte()? {
            0 => FromWorker::Ready,
            1 => FromWorker::Steps {
                id: Wire::get(r)?,
                frames: Wire::get(r)?,
                sweep: Wire::get(r)?,
                unknown: Wire::get(r)?,
                depth: Wire::get(r)?,
                guesses: Wire::get(r)?,
                contradictions: Wire::get(r)?,
            },
            2 => FromWorker::Done(Box::new(Wire::get(r)?)),
            3 => FromWorker::Error { id: Wire::get(r)?, message: Wire::get(r)? },
            4 => FromWorker::PictureLoaded {
                id: Wire::get(r)?,
                kind: Wire::get(r)?,
                width: Wire::get(r)?,
                height: Wire::get(r)?,
                grid_width: Wire::get(r)?,
                grid_height: Wire::get(r)?,
            },
            5 => FromWorker::Cells {
                id: Wire::get(r)?,
                width: Wire::get(r)?,
                height: Wire::get(r)?,
                values: Wire::get(r)?,
                otsu: Wire::get(r)?,
            },
            6 => FromWorker::PictureError { id: Wire::get(r)?, message: Wire::get(r)? },
            12 => FromWorker::Generated { title: Wire::get(r)?, puzzle: Box::new(Wire::get(r)?) },
            13 => FromWorker::Read(Wire::get(r)?),
            11 => FromWorker::ColourCells {
                id: Wire::get(r)?,
                width: Wire::get(r)?,
                height: Wire::get(r)?,
                cells: Wire::get(r)?,
                palette: Wire::get(r)?,
            },
            7 => FromWorker::Checked {
                id: Wire::get(r)?,
                verdict: Wire::get(r)?,
                by_line_logic: Wire::get(r)?,
                guesses: Wire::get(r)?,
                probes: Wire::get(r)?,
                contradictions: Wire::get(r)?,
                ms: Wire::get(r)?,
                other: Wire::get(r)?,
            },
            8 => FromWorker::Parsed { id: Wire::get(r)?, outcome: Wire::get(r)? },
            9 => FromWorker::Fixes {
                id: Wire::get(r)?,
                fixes: Wire::get(r)?,
                tried: Wire::get(r)?,
                total: Wire::get(r)?,
                done: Wire::get(r)?,
            },
            10 => FromWorker::Hinted {
                id: Wire::get(r)?,
                text: Wire::get(r)?,
                line: Wire::get(r)?,
                cells: Wire::get(r)?,
                wrong: Wire::get(r)?,
                difficulty: Wire::get(r)?,
                guess: Wire::get(r)?,
                marked: Wire::get(r)?,
            },
            _ => return None,
        })
    }
}
