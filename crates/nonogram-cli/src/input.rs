//! Reading puzzle files, and the `clues` and `convert` commands.

use crate::args::Args;
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::Puzzle;
use nonogram_formats::share::{self, Shared};
use nonogram_formats::{
    parse, parse_colour_picture, parse_picture, text_from_bytes, write, write_colour, Format, MAX_TEXT_BYTES,
};
use std::io::Read;

/// A path as a message repeats it: control characters escaped, and cut
/// after 256 characters (a path operand can be any length; a file's name
/// is at most 255 bytes).
pub fn path_shown(path: &str) -> String {
    nonogram_core::text::shown_within(path, 256)
}

/// A message for the terminal: each line with its control characters
/// escaped (a title or a file name cannot send escape codes).
pub fn printable(text: &str) -> String {
    text.split('\n').map(|l| nonogram_core::text::escaped(l).into_owned()).collect::<Vec<_>>().join("\n")
}

/// Reads a file, or standard input for `-`, as UTF-8 text of at most
/// [`MAX_TEXT_BYTES`] (read no further: a larger file is refused).
pub fn read_text(path: &str) -> Result<String, String> {
    let name = if path == "-" { "standard input".to_string() } else { path_shown(path) };
    let limit = MAX_TEXT_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() > MAX_TEXT_BYTES {
        return Err(format!("{name}: over {} MB; the largest text read is that", MAX_TEXT_BYTES >> 20));
    }
    String::from_utf8(bytes).map_err(|e| {
        let located = text_from_bytes(e.as_bytes()).err();
        format!("{name}: {}", located.map_or_else(|| e.to_string(), |l| l.to_string()))
    })
}

/// A puzzle of a file: black and white, or colour.
pub enum Entry {
    Black(Puzzle),
    Colour(ColourPuzzle),
}

impl Entry {
    /// Its number of cells.
    pub fn cells(&self) -> usize {
        match self {
            Entry::Black(p) => p.width() * p.height(),
            Entry::Colour(p) => p.width() * p.height(),
        }
    }

    fn title(&self) -> Option<&String> {
        match self {
            Entry::Black(p) => p.meta.title.as_ref(),
            Entry::Colour(p) => p.meta.title.as_ref(),
        }
    }
}

/// The code of a share link (`https://…/#p=CODE`, or `#p=CODE` alone),
/// when `operand` is one and no file has that name.
fn share_code(operand: &str) -> Option<&str> {
    let (_, code) = operand.rsplit_once("#p=")?;
    (!std::path::Path::new(operand).exists()).then_some(code)
}

/// A puzzle of a file with its display name, or why that puzzle (of a
/// batch) could not be read.
pub type Named = Result<(String, Entry), String>;

/// The puzzles of a file (or of a share link) with their display names,
/// colour ones included, in the file's order: a puzzle of a batch that
/// could not be read is there as its error (with its number and first
/// line), the others are read; a file that cannot be read at all is
/// the error.
pub fn read_entries(path: &str) -> Result<Vec<Named>, String> {
    if let Some(code) = share_code(path) {
        let name = "share link".to_string();
        let entry = match share::decode_any(code).map_err(|e| format!("{name}: {e}"))? {
            Shared::Black(p) => Entry::Black(p),
            Shared::Colour(p) => Entry::Colour(p),
        };
        let name = match entry.title() {
            Some(title) => format!("{name} {}", nonogram_formats::shown(title)),
            None => name,
        };
        return Ok(vec![Ok((name, entry))]);
    }
    let text = read_text(path)?;
    let parsed = parse(&text).map_err(|e| format!("{}: {e}", path_shown(path)))?;
    let entries: Vec<Entry> = parsed
        .puzzles
        .into_iter()
        .map(Entry::Black)
        .chain(parsed.colour.into_iter().map(Entry::Colour))
        .collect();
    let total = entries.len() + parsed.rejected.len();
    let many = total > 1;
    let mut rejected = parsed.rejected.into_iter().peekable();
    let mut read = entries.into_iter();
    let mut named = Vec::with_capacity(total);
    for number in 1..=total {
        if let Some(r) = rejected.next_if(|r| r.number == number) {
            named.push(Err(format!("{}: {r}", path_shown(path))));
            continue;
        }
        let Some(p) = read.next() else { break };
        let name = if many {
            // A title in a name is cut as messages cut text (a name is
            // repeated in every error about its puzzle).
            let title = p.title().map(|t| nonogram_formats::shown(t));
            format!("{path} {}", title.unwrap_or_else(|| format!("#{number}")))
        } else {
            path.to_string()
        };
        named.push(Ok((name, p)));
    }
    Ok(named)
}

/// The black-and-white puzzles of a file with their display names; a
/// colour puzzle is refused by name.
pub fn read_puzzles(path: &str) -> Result<Vec<(String, Puzzle)>, String> {
    read_entries(path)?
        .into_iter()
        .map(|named| match named? {
            (name, Entry::Black(p)) => Ok((name, p)),
            (name, Entry::Colour(_)) => {
                Err(format!("{name}: a colour puzzle; this command takes black and white only"))
            }
        })
        .collect()
}

pub fn target_format(args: &Args, default: Option<Format>) -> Result<Format, String> {
    let keys = Format::WRITABLE.map(Format::key).join("|");
    match args.value("--to") {
        Some(key) => Format::from_key(key)
            .filter(|f| Format::WRITABLE.contains(f))
            .ok_or_else(|| format!("--to takes one of {keys}, not `{}`", nonogram_formats::shown(key))),
        None => default.ok_or_else(|| format!("--to FORMAT is required ({keys})")),
    }
}

pub fn single_operand(args: &Args, what: &str) -> Result<String, String> {
    match args.operands.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!("give a {what} file (or - for standard input)")),
        _ => Err(format!("give one {what} file")),
    }
}

/// `nonogram clues [--to FORMAT] PICTURE`: a black-and-white picture, or a
/// colour one (see [`nonogram_formats::parse_colour_picture`]; written as
/// webpbn XML unless `--to json`).
pub fn clues_main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &[], &["--to"])?;
    let path = single_operand(&args, "picture")?;
    let text = read_text(&path)?;
    let palette_line =
        text.lines().find(|l| !l.trim().is_empty()).is_some_and(|l| l.trim_start().starts_with("palette:"));
    let black_error = if palette_line {
        None
    } else {
        match parse_picture(&text) {
            Ok(picture) => {
                let format = target_format(&args, Some(Format::Non))?;
                print!("{}", write(format, &Puzzle::from_picture(&picture)).map_err(|e| e.to_string())?);
                return Ok(0);
            }
            Err(e) => Some(e),
        }
    };
    match black_error {
        Some(e) => Err(format!("{}: {e}", path_shown(&path))),
        None => {
            let puzzle = parse_colour_picture(&text).map_err(|e| format!("{}: {e}", path_shown(&path)))?;
            let format = target_format(&args, Some(Format::WebpbnXml))?;
            print!("{}", write_colour(format, &puzzle).map_err(|e| e.to_string())?);
            Ok(0)
        }
    }
}

/// `nonogram convert --to FORMAT FILE`.
pub fn convert_main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &[], &["--to"])?;
    let format = target_format(&args, None)?;
    let path = single_operand(&args, "puzzle")?;
    // A puzzle that could not be read is an error here: a converted batch
    // without it would be another batch.
    let puzzles = read_entries(&path)?.into_iter().collect::<Result<Vec<_>, String>>()?;
    if puzzles.len() > 1 && format != Format::Non {
        return Err(format!(
            "{path} holds {} puzzles; only non can hold several (a nonpack, `====` between puzzles)",
            puzzles.len()
        ));
    }
    let texts: Vec<String> = puzzles
        .iter()
        .map(|(_, p)| match p {
            Entry::Black(p) => write(format, p),
            Entry::Colour(p) => write_colour(format, p),
        })
        .map(|r| r.map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    print!("{}", texts.join("====\n"));
    Ok(0)
}
