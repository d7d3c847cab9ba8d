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

use super::cells::Cells;
use super::messages::VerdictKind;
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

impl<T: Wire> Wire for Box<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.as_ref().put(out);
    }
    fn get(r: &mut Reader) -> Option<Box<T>> {
        T::get(r).map(Box::new)
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

/// Black and white: a byte a cell. Colour: each cell's set of colours.
impl Wire for Cells {
    fn put(&self, out: &mut Vec<u8>) {
        let colour = !self.colours().is_empty();
        colour.put(out);
        if colour {
            self.colours().to_vec().put(out);
        } else {
            self.len().put(out);
            out.extend(self.iter().map(|&c| c as u8));
        }
    }
    fn get(r: &mut Reader) -> Option<Cells> {
        if bool::get(r)? {
            return Some(Cells::of_colours(Wire::get(r)?));
        }
        let n = r.len()?;
        let cells = r.take(n)?.iter().map(|&b| match b {
            0 => Some(Cell::Unknown),
            1 => Some(Cell::Empty),
            2 => Some(Cell::Filled),
            _ => None,
        });
        cells.collect::<Option<Vec<Cell>>>().map(Cells::from)
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
        [VerdictKind::Unique, VerdictKind::Multiple, VerdictKind::None, VerdictKind::Stopped]
            .get(usize::from(r.byte()?))
            .copied()
    }
}

impl Wire for nonogram_core::hint::Difficulty {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn get(r: &mut Reader) -> Option<nonogram_core::hint::Difficulty> {
        use nonogram_core::hint::Difficulty::*;
        [Easy, Medium, Hard, VeryHard].get(usize::from(r.byte()?)).copied()
    }
}

mod messages;

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
mod tests;
