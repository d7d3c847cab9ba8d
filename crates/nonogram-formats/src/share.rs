//! A puzzle in a URL: the clues (and title) as compact bytes, then
//! URL-safe base64 without padding. Bytes: version 1, width, height, then
//! each row's and each column's run count and runs, then the title's
//! length and UTF-8 bytes; every number an unsigned LEB128 varint.

use crate::ParseError;
use nonogram_core::{Clue, Puzzle};

const VERSION: u64 = 1;
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The text to put after `#p=` in a share link.
pub fn encode(puzzle: &Puzzle) -> String {
    let mut bytes = Vec::new();
    let put = |mut v: u64, bytes: &mut Vec<u8>| loop {
        let low = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            bytes.push(low);
            break;
        }
        bytes.push(low | 0x80);
    };
    put(VERSION, &mut bytes);
    put(puzzle.width() as u64, &mut bytes);
    put(puzzle.height() as u64, &mut bytes);
    for clue in puzzle.rows.iter().chain(&puzzle.columns) {
        put(clue.0.len() as u64, &mut bytes);
        for &run in &clue.0 {
            put(u64::from(run), &mut bytes);
        }
    }
    let title = puzzle.meta.title.as_deref().unwrap_or("");
    put(title.len() as u64, &mut bytes);
    bytes.extend_from_slice(title.as_bytes());
    base64(&bytes)
}

/// Reads what [`encode`] wrote; the puzzle is validated.
pub fn decode(text: &str) -> Result<Puzzle, ParseError> {
    let bytes = unbase64(text.trim())?;
    let mut at = 0;
    let mut get = |what: &str| -> Result<u64, ParseError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *bytes.get(at).ok_or_else(|| ParseError::new(format!("the link ends before {what}")))?;
            at += 1;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(ParseError::new(format!("the link's {what} is not a number")))
    };
    let version = get("its version")?;
    if version != VERSION {
        return Err(ParseError::new(format!(
            "the link is of version {version}; this page reads version {VERSION}"
        )));
    }
    let limit = nonogram_core::MAX_SIDE as u64;
    let (width, height) = (get("the width")?, get("the height")?);
    if width == 0 || height == 0 || width > limit || height > limit {
        return Err(ParseError::new(format!(
            "the link's puzzle is {width}×{height}; sides of 1 to {limit} are read"
        )));
    }
    let mut clues = Vec::with_capacity((width + height) as usize);
    for i in 0..width + height {
        let name = if i < height { format!("row {}", i + 1) } else { format!("column {}", i - height + 1) };
        let count = get(&format!("the clue of {name}"))?;
        if count > limit {
            return Err(ParseError::new(format!("the link gives {name} {count} runs")));
        }
        let runs = (0..count)
            .map(|_| {
                get(&format!("a run of {name}")).and_then(|r| {
                    u32::try_from(r).map_err(|_| ParseError::new(format!("{name} has a run of {r}")))
                })
            })
            .collect::<Result<Vec<u32>, _>>()?;
        clues.push(Clue(runs));
    }
    // The length is the link's own number: checked arithmetic (a length of
    // 2^64 - 1 must not overflow, nor wrap on 32-bit wasm).
    let title_end = usize::try_from(get("the title")?).ok().and_then(|n| at.checked_add(n));
    let title = title_end
        .and_then(|end| bytes.get(at..end))
        .and_then(|t| std::str::from_utf8(t).ok())
        .ok_or_else(|| ParseError::new("the link's title is cut or not UTF-8"))?;
    if title_end != Some(bytes.len()) {
        return Err(ParseError::new("the link has bytes after the puzzle"));
    }
    let columns = clues.split_off(height as usize);
    let mut puzzle = Puzzle::new(clues, columns);
    puzzle.meta.title = (!title.is_empty()).then(|| title.to_string());
    puzzle.validate().map_err(|e| ParseError::new(e.to_string()))?;
    Ok(puzzle)
}

fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn unbase64(text: &str) -> Result<Vec<u8>, ParseError> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for (i, c) in text.chars().enumerate() {
        let v = ALPHABET.iter().position(|&a| a as char == c).ok_or_else(|| {
            ParseError::at(1, i + 1, format!("`{c}` cannot be in a share link (letters, digits, - and _)"))
        })?;
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_every_length() {
        for n in 0..10u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(97).wrapping_add(200)).collect();
            assert_eq!(unbase64(&base64(&bytes)).unwrap(), bytes);
        }
        assert_eq!(base64(b"Man"), "TWFu");
    }
}
