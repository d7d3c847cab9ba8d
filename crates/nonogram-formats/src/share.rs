//! A puzzle in a URL: the clues (and title) as compact bytes, then
//! URL-safe base64 without padding. Every number is an unsigned LEB128
//! varint. Version 1 (black and white): width, height, then each row's and
//! each column's run count and runs, then the title's length and UTF-8
//! bytes. Version 2 (colour): width, height, the palette (its size, then
//! for each colour, background first, red, green, blue, its character and
//! its name's length and bytes), then each line's run count and, for each
//! run, its length and colour, then the title. Both may then carry the
//! attribution, when the puzzle has one: its author's, copyright and
//! licence lines, each a length and UTF-8 bytes (empty when absent); a
//! link without them ends at the title.

use crate::ParseError;
use nonogram_core::colour::{ColourPuzzle, ColourRun, Swatch, MAX_COLOURS};
use nonogram_core::{Clue, Metadata, Puzzle};

const VERSION: u64 = 1;
const COLOUR_VERSION: u64 = 2;
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A puzzle a link holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shared {
    Black(Puzzle),
    Colour(ColourPuzzle),
}

fn put(mut v: u64, bytes: &mut Vec<u8>) {
    loop {
        let low = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            bytes.push(low);
            break;
        }
        bytes.push(low | 0x80);
    }
}

fn put_text(text: &str, bytes: &mut Vec<u8>) {
    put(text.len() as u64, bytes);
    bytes.extend_from_slice(text.as_bytes());
}

/// The text to put after `#p=` in a share link.
pub fn encode(puzzle: &Puzzle) -> String {
    let mut bytes = Vec::new();
    put(VERSION, &mut bytes);
    put(puzzle.width() as u64, &mut bytes);
    put(puzzle.height() as u64, &mut bytes);
    for clue in puzzle.rows.iter().chain(&puzzle.columns) {
        put(clue.0.len() as u64, &mut bytes);
        for &run in &clue.0 {
            put(u64::from(run), &mut bytes);
        }
    }
    put_meta(&puzzle.meta, &mut bytes);
    base64(&bytes)
}

/// The title, then the attribution if there is one (see the module's text).
fn put_meta(meta: &Metadata, bytes: &mut Vec<u8>) {
    put_text(meta.title.as_deref().unwrap_or(""), bytes);
    let attribution = [&meta.author, &meta.copyright, &meta.license];
    if attribution.iter().any(|line| line.is_some()) {
        for line in attribution {
            put_text(line.as_deref().unwrap_or(""), bytes);
        }
    }
}

/// The text to put after `#p=` in a share link, for a colour puzzle.
pub fn encode_colour(puzzle: &ColourPuzzle) -> String {
    let mut bytes = Vec::new();
    put(COLOUR_VERSION, &mut bytes);
    put(puzzle.width() as u64, &mut bytes);
    put(puzzle.height() as u64, &mut bytes);
    put(puzzle.palette.len() as u64, &mut bytes);
    for swatch in &puzzle.palette {
        for v in swatch.rgb {
            put(u64::from(v), &mut bytes);
        }
        put(u64::from(u32::from(swatch.symbol)), &mut bytes);
        put_text(&swatch.name, &mut bytes);
    }
    for runs in puzzle.rows.iter().chain(&puzzle.columns) {
        put(runs.len() as u64, &mut bytes);
        for run in runs {
            put(u64::from(run.len), &mut bytes);
            put(u64::from(run.colour), &mut bytes);
        }
    }
    put_meta(&puzzle.meta, &mut bytes);
    base64(&bytes)
}

/// Reads a link's bytes, naming what is missing or wrong.
struct Reader {
    bytes: Vec<u8>,
    at: usize,
}

impl Reader {
    fn get(&mut self, what: &str) -> Result<u64, ParseError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self
                .bytes
                .get(self.at)
                .ok_or_else(|| ParseError::new(format!("the link ends before {what}")))?;
            self.at += 1;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(ParseError::new(format!("the link's {what} is not a number")))
    }

    /// A number up to `max`.
    fn get_at_most(&mut self, what: &str, max: u64) -> Result<u64, ParseError> {
        let v = self.get(what)?;
        if v > max {
            return Err(ParseError::new(format!("the link's {what} is {v}; at most {max} is read")));
        }
        Ok(v)
    }

    /// A length and that many bytes of UTF-8. The length is the link's
    /// own number: checked arithmetic (a length of 2^64 - 1 must not
    /// overflow, nor wrap on 32-bit wasm).
    fn text(&mut self, what: &str) -> Result<String, ParseError> {
        let end = usize::try_from(self.get(what)?).ok().and_then(|n| self.at.checked_add(n));
        let text = end
            .and_then(|end| self.bytes.get(self.at..end))
            .and_then(|t| std::str::from_utf8(t).ok())
            .ok_or_else(|| ParseError::new(format!("the link's {what} is cut or not UTF-8")))?
            .to_string();
        self.at = end.unwrap_or(self.at);
        Ok(text)
    }

    /// A text that may be empty (absent).
    fn line(&mut self, what: &str) -> Result<Option<String>, ParseError> {
        Ok(Some(self.text(what)?).filter(|t| !t.is_empty()))
    }

    /// The size: width and height, each 1 to the largest side.
    fn size(&mut self) -> Result<(u64, u64), ParseError> {
        let limit = nonogram_core::MAX_SIDE as u64;
        let (width, height) = (self.get("the width")?, self.get("the height")?);
        if width == 0 || height == 0 || width > limit || height > limit {
            return Err(ParseError::new(format!(
                "the link's puzzle is {width}×{height}; sides of 1 to {limit} are read"
            )));
        }
        Ok((width, height))
    }

    /// The title and the attribution, if any, which end the link.
    fn meta(&mut self) -> Result<Metadata, ParseError> {
        let mut meta = Metadata { title: self.line("title")?, ..Metadata::default() };
        if self.at < self.bytes.len() {
            meta.author = self.line("author")?;
            meta.copyright = self.line("copyright")?;
            meta.license = self.line("licence")?;
        }
        if self.at != self.bytes.len() {
            return Err(ParseError::new("the link has bytes after the puzzle"));
        }
        Ok(meta)
    }
}

fn line_name(i: u64, height: u64) -> String {
    if i < height {
        format!("row {}", i + 1)
    } else {
        format!("column {}", i - height + 1)
    }
}

/// Reads what [`encode`] wrote; the puzzle is validated. A colour link is
/// refused by name (see [`decode_any`]).
pub fn decode(text: &str) -> Result<Puzzle, ParseError> {
    match decode_any(text)? {
        Shared::Black(puzzle) => Ok(puzzle),
        Shared::Colour(_) => Err(ParseError::new("the link holds a colour puzzle")),
    }
}

/// Reads what [`encode`] or [`encode_colour`] wrote; the puzzle is validated.
pub fn decode_any(text: &str) -> Result<Shared, ParseError> {
    let mut r = Reader { bytes: unbase64(text.trim())?, at: 0 };
    let version = r.get("its version")?;
    if version == COLOUR_VERSION {
        return decode_colour(&mut r).map(Shared::Colour);
    }
    if version != VERSION {
        return Err(ParseError::new(format!(
            "the link is of version {version}; this page reads versions {VERSION} and {COLOUR_VERSION}"
        )));
    }
    let limit = nonogram_core::MAX_SIDE as u64;
    let (width, height) = r.size()?;
    let mut clues = Vec::with_capacity((width + height) as usize);
    for i in 0..width + height {
        let name = line_name(i, height);
        let count = r.get(&format!("the clue of {name}"))?;
        if count > limit {
            return Err(ParseError::new(format!("the link gives {name} {count} runs")));
        }
        let runs = (0..count)
            .map(|_| {
                r.get(&format!("a run of {name}")).and_then(|v| {
                    u32::try_from(v).map_err(|_| ParseError::new(format!("{name} has a run of {v}")))
                })
            })
            .collect::<Result<Vec<u32>, _>>()?;
        clues.push(Clue(runs));
    }
    let meta = r.meta()?;
    let columns = clues.split_off(height as usize);
    let mut puzzle = Puzzle::new(clues, columns);
    puzzle.meta = meta;
    puzzle.validate().map_err(|e| ParseError::new(e.to_string()))?;
    Ok(Shared::Black(puzzle))
}

fn decode_colour(r: &mut Reader) -> Result<ColourPuzzle, ParseError> {
    let limit = nonogram_core::MAX_SIDE as u64;
    let (width, height) = r.size()?;
    let count = r.get_at_most("palette's size", MAX_COLOURS as u64 + 1)?;
    let mut palette = Vec::with_capacity(count as usize);
    for i in 0..count {
        let what = format!("colour {i}");
        let mut rgb = [0u8; 3];
        for v in &mut rgb {
            *v = r.get_at_most(&what, 255)? as u8;
        }
        let symbol = u32::try_from(r.get(&what)?)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| ParseError::new(format!("the link's {what} has no character")))?;
        let name = r.text(&format!("{what}'s name"))?;
        palette.push(Swatch { name, rgb, symbol });
    }
    let mut lines = Vec::with_capacity((width + height) as usize);
    for i in 0..width + height {
        let name = line_name(i, height);
        let runs = r.get_at_most(&format!("the clue of {name}"), limit)?;
        let runs = (0..runs)
            .map(|_| {
                let len = r.get_at_most(&format!("a run of {name}"), u64::from(u32::MAX))? as u32;
                let colour = r.get_at_most(&format!("a run's colour in {name}"), MAX_COLOURS as u64)? as u8;
                Ok(ColourRun { len, colour })
            })
            .collect::<Result<Vec<ColourRun>, ParseError>>()?;
        lines.push(runs);
    }
    let meta = r.meta()?;
    let columns = lines.split_off(height as usize);
    let mut puzzle = ColourPuzzle::new(lines, columns, palette);
    puzzle.meta = meta;
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

    #[test]
    fn colour_puzzles_round_trip_through_links() {
        let picture = [0, 1, 1, 2, 0, 2, 2, 1, 0];
        let mut p = ColourPuzzle::from_picture(&picture, 3);
        p.goal = None;
        p.meta.title = Some("drapeau é".into());
        let link = encode_colour(&p);
        assert_eq!(decode_any(&link).unwrap(), Shared::Colour(p.clone()));
        assert_eq!(decode(&link).unwrap_err().message, "the link holds a colour puzzle");
        // Cut anywhere: an error that names what is missing, never a panic.
        for n in 0..link.len() {
            let e = decode_any(&link[..n]).unwrap_err().to_string();
            assert!(e.starts_with("the link"), "{n}: {e}");
        }
        // Black-and-white links stay version 1.
        let black = Puzzle::new(vec![Clue(vec![1])], vec![Clue(vec![1])]);
        assert_eq!(decode_any(&encode(&black)).unwrap(), Shared::Black(black));
    }

    #[test]
    fn a_puzzle_s_attribution_travels_with_it() {
        let mut p = Puzzle::new(vec![Clue(vec![1]), Clue(vec![])], vec![Clue(vec![1])]);
        p.meta.title = Some("Dot".into());
        let untitled_link = encode(&p);
        p.meta.author = Some("Jan Wolter".into());
        p.meta.license = Some("CC BY 3.0".into());
        let link = encode(&p);
        assert_eq!(decode(&link).unwrap(), p);
        // A link without attribution ends at the title, as before.
        assert!(link.len() > untitled_link.len());
        assert_eq!(decode(&untitled_link).unwrap().meta.author, None);
        // Cut within the attribution: an error that names what is missing,
        // or (cut where the title ends) the puzzle without it.
        let bare =
            Puzzle { meta: Metadata { title: p.meta.title.clone(), ..Metadata::default() }, ..p.clone() };
        for n in untitled_link.len()..link.len() {
            match decode(&link[..n]) {
                Ok(read) => assert_eq!(read, bare, "{n}"),
                Err(e) => assert!(e.to_string().starts_with("the link"), "{n}: {e}"),
            }
        }
        let mut colour = ColourPuzzle::from_picture(&[1, 0, 2, 1], 2);
        colour.goal = None;
        colour.meta.copyright = Some("© the author".into());
        assert_eq!(decode_any(&encode_colour(&colour)).unwrap(), Shared::Colour(colour));
    }
}
