//! Reading puzzle files, and the `clues` and `convert` commands.

use crate::args::Args;
use nonogram_core::Puzzle;
use nonogram_formats::{parse, parse_picture, text_from_bytes, write, Format, MAX_TEXT_BYTES};
use std::io::Read;

/// Reads a file, or standard input for `-`, as UTF-8 text of at most
/// [`MAX_TEXT_BYTES`] (read no further: a larger file is refused).
pub fn read_text(path: &str) -> Result<String, String> {
    let name = if path == "-" { "standard input" } else { path };
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

/// The puzzles of a file with their display names.
pub fn read_puzzles(path: &str) -> Result<(Format, Vec<(String, Puzzle)>), String> {
    let text = read_text(path)?;
    let parsed = parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let base = path.to_string();
    let many = parsed.puzzles.len() > 1;
    let named = parsed
        .puzzles
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let name = if many {
                format!("{base} {}", p.meta.title.clone().unwrap_or_else(|| format!("#{}", i + 1)))
            } else {
                base.clone()
            };
            (name, p)
        })
        .collect();
    Ok((parsed.format, named))
}

fn target_format(args: &Args, default: Option<Format>) -> Result<Format, String> {
    let keys = Format::WRITABLE.map(Format::key).join("|");
    match args.value("--to") {
        Some(key) => Format::from_key(key)
            .filter(|f| Format::WRITABLE.contains(f))
            .ok_or_else(|| format!("--to takes one of {keys}, not `{key}`")),
        None => default.ok_or_else(|| format!("--to FORMAT is required ({keys})")),
    }
}

fn single_operand(args: &Args, what: &str) -> Result<String, String> {
    match args.operands.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!("give a {what} file (or - for standard input)")),
        _ => Err(format!("give one {what} file")),
    }
}

/// `nonogram clues [--to FORMAT] PICTURE`.
pub fn clues_main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &[], &["--to"])?;
    let format = target_format(&args, Some(Format::Non))?;
    let path = single_operand(&args, "picture")?;
    let text = read_text(&path)?;
    let picture = parse_picture(&text).map_err(|e| format!("{path}: {e}"))?;
    let puzzle = Puzzle::from_picture(&picture);
    print!("{}", write(format, &puzzle).map_err(|e| e.to_string())?);
    Ok(0)
}

/// `nonogram convert --to FORMAT FILE`.
pub fn convert_main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &[], &["--to"])?;
    let format = target_format(&args, None)?;
    let path = single_operand(&args, "puzzle")?;
    let (_, puzzles) = read_puzzles(&path)?;
    if puzzles.len() > 1 && format != Format::Non {
        return Err(format!(
            "{path} holds {} puzzles; only non can hold several (a nonpack, `====` between puzzles)",
            puzzles.len()
        ));
    }
    let texts: Vec<String> =
        puzzles.iter().map(|(_, p)| write(format, p).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    print!("{}", texts.join("====\n"));
    Ok(0)
}
