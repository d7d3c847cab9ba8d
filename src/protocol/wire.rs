//! The protocol's wire format: each message as bytes, posted as a
//! `Uint8Array`. Numbers are LEB128 varints (an `f64` is its 8 bytes,
//! little-endian), a string or list is its length then its items, an
//! `Option` a 0/1 byte then the value, an enum a tag byte then its fields in
//! order, a cell one byte (0 unknown, 1 empty, 2 filled).
//!
//! Written by hand rather than derived: serde's derives and a JSON
//! serializer took about 20 KB of the 400 KB gzipped budget of page and
//! worker, and a 1000×1000 grid is now 1 MB of bytes to copy rather than
//! a JSON string to parse. Decoding never trusts a length: a list claims
//! no more items than bytes remain.

use super::{
    Cells, CheckRequest, Finished, FixNote, Frame, FromWorker, ParsedText, SolveRequest, ToWorker,
    VerdictKind,
};
use nonogram_core::{Cell, LineId};

/// Reads a message's bytes in order.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(b)
    }

    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }

    fn varint(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }

    /// A list's length, refused past the bytes left (each item takes one
    /// byte at least).
    fn len(&mut self) -> Option<usize> {
        usize::try_from(self.varint()?).ok().filter(|&n| n <= self.bytes.len())
    }
}

/// A value that goes on the wire.
pub trait Wire: Sized {
    fn put(&self, out: &mut Vec<u8>);
    fn get(r: &mut Reader) -> Option<Self>;
}

fn put_varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

impl Wire for u64 {
    fn put(&self, out: &mut Vec<u8>) {
        put_varint(*self, out);
    }
    fn get(r: &mut Reader) -> Option<u64> {
        r.varint()
    }
}

impl Wire for u32 {
    fn put(&self, out: &mut Vec<u8>) {
        put_varint(u64::from(*self), out);
    }
    fn get(r: &mut Reader) -> Option<u32> {
        u32::try_from(r.varint()?).ok()
    }
}

impl Wire for usize {
    fn put(&self, out: &mut Vec<u8>) {
        put_varint(*self as u64, out);
    }
    fn get(r: &mut Reader) -> Option<usize> {
        usize::try_from(r.varint()?).ok()
    }
}

impl Wire for u8 {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self);
    }
    fn get(r: &mut Reader) -> Option<u8> {
        r.byte()
    }
}

impl Wire for bool {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn get(r: &mut Reader) -> Option<bool> {
        match r.byte()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl Wire for f64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn get(r: &mut Reader) -> Option<f64> {
        Some(f64::from_le_bytes(r.take(8)?.try_into().ok()?))
    }
}

impl Wire for String {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        out.extend_from_slice(self.as_bytes());
    }
    fn get(r: &mut Reader) -> Option<String> {
        let n = r.len()?;
        String::from_utf8(r.take(n)?.to_vec()).ok()
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        for item in self {
            item.put(out);
        }
    }
    fn get(r: &mut Reader) -> Option<Vec<T>> {
        let n = r.len()?;
        (0..n).map(|_| T::get(r)).collect()
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.is_some().put(out);
        if let Some(v) = self {
            v.put(out);
        }
    }
    fn get(r: &mut Reader) -> Option<Option<T>> {
        Some(if bool::get(r)? { Some(T::get(r)?) } else { None })
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn get(r: &mut Reader) -> Option<(A, B)> {
        Some((A::get(r)?, B::get(r)?))
    }
}

impl Wire for Cells {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        out.extend(self.iter().map(|&c| c as u8));
    }
    fn get(r: &mut Reader) -> Option<Cells> {
        let n = r.len()?;
        let cells = r.take(n)?.iter().map(|&b| match b {
            0 => Some(Cell::Unknown),
            1 => Some(Cell::Empty),
            2 => Some(Cell::Filled),
            _ => None,
        });
        cells.collect::<Option<Vec<Cell>>>().map(Cells)
    }
}

impl Wire for LineId {
    fn put(&self, out: &mut Vec<u8>) {
        matches!(self, LineId::Column(_)).put(out);
        self.index().put(out);
    }
    fn get(r: &mut Reader) -> Option<LineId> {
        Some(if bool::get(r)? { LineId::Column(usize::get(r)?) } else { LineId::Row(usize::get(r)?) })
    }
}

impl Wire for VerdictKind {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn get(r: &mut Reader) -> Option<VerdictKind> {
        [VerdictKind::Unique, VerdictKind::Multiple, VerdictKind::None, VerdictKind::Timeout]
            .get(usize::from(r.byte()?))
            .copied()
    }
}

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

wire_struct!(SolveRequest { id, rows, columns });
wire_struct!(CheckRequest { id, width, height, cells });
wire_struct!(FixNote { row, col, fill, by_line_logic, guesses });
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
    memory
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
            ToWorker::Resample { id, width, height } => put!(out, 2, id, width, height),
            ToWorker::Check(q) => put!(out, 3, q),
            ToWorker::Time(q) => put!(out, 4, q),
            ToWorker::Race(q) => put!(out, 5, q),
            ToWorker::Parse { id, index } => put!(out, 6, id, index),
        }
    }
    fn get(r: &mut Reader) -> Option<ToWorker> {
        Some(match r.byte()? {
            0 => ToWorker::Solve(Wire::get(r)?),
            1 => ToWorker::LoadPicture { id: Wire::get(r)?, name: Wire::get(r)? },
            2 => ToWorker::Resample { id: Wire::get(r)?, width: Wire::get(r)?, height: Wire::get(r)? },
            3 => ToWorker::Check(Wire::get(r)?),
            4 => ToWorker::Time(Wire::get(r)?),
            5 => ToWorker::Race(Wire::get(r)?),
            6 => ToWorker::Parse { id: Wire::get(r)?, index: Wire::get(r)? },
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
        }
    }
    fn get(r: &mut Reader) -> Option<Frame> {
        Some(match r.byte()? {
            0 => Frame::Line { line: Wire::get(r)?, changes: Wire::get(r)? },
            1 => Frame::Sweep { sweep: Wire::get(r)?, unknown: Wire::get(r)?, contradictions: Wire::get(r)? },
            2 => Frame::Grid { cells: Wire::get(r)?, note: Wire::get(r)? },
            _ => return None,
        })
    }
}

/// A read text's outcome: 0 and the error, or 1 and format, puzzle, count.
impl Wire for ParsedText {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Err(e) => put!(out, 0, e),
            Ok((format, non, count)) => put!(out, 1, format, non, count),
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
            FromWorker::Fixes { id, fixes, tried, total, done } => {
                put!(out, 9, id, fixes, tried, total, done)
            }
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
            _ => return None,
        })
    }
}

/// A message as bytes.
pub fn encode<T: Wire>(message: &T) -> Vec<u8> {
    let mut out = Vec::new();
    message.put(&mut out);
    out
}

/// A message from its bytes; `None` when they are not one message exactly.
pub fn decode<T: Wire>(bytes: &[u8]) -> Option<T> {
    let mut r = Reader { bytes };
    let message = T::get(&mut r)?;
    r.bytes.is_empty().then_some(message)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let request =
            SolveRequest { id: 300, rows: vec![vec![3], vec![], vec![1, 70_000]], columns: vec![vec![2]] };
        round_trip(ToWorker::Solve(request.clone()));
        round_trip(ToWorker::Time(request.clone()));
        round_trip(ToWorker::Race(request));
        round_trip(ToWorker::LoadPicture { id: 1, name: "ünï.png".into() });
        round_trip(ToWorker::Resample { id: 2, width: 200, height: 150 });
        let cells = Cells::parse("#.#?..").unwrap();
        round_trip(ToWorker::Check(CheckRequest { id: 3, width: 3, height: 2, cells: cells.clone() }));
        round_trip(ToWorker::Parse { id: 4, index: 999 });
        round_trip(FromWorker::Ready);
        round_trip(FromWorker::Steps {
            id: u32::MAX,
            frames: vec![
                Frame::Line { line: LineId::Column(12), changes: vec![(0, true), (5, false)] },
                Frame::Sweep { sweep: 2, unknown: 10, contradictions: 1 },
                Frame::Grid { cells: cells.clone(), note: "guess".into() },
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
        round_trip(FromWorker::Parsed { id: 1, outcome: Ok(("TAAI".into(), "width 1\n".into(), 1000)) });
        round_trip(FromWorker::Parsed { id: 1, outcome: Err("line 3, column 2: …".into()) });
        round_trip(FromWorker::Fixes {
            id: 1,
            fixes: vec![FixNote { row: 1, col: 2, fill: true, by_line_logic: false, guesses: 6 }],
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
}
