//! `nonogram read IMAGE`: a puzzle's clues read from a screenshot, checked
//! by the solver (see the `nonogram-read` crate).

use std::io::Read;

use nonogram_formats::{write, Format};
use nonogram_read::{read_picture, Network, Status};

use crate::args::Args;
use crate::input::{path_shown, single_operand, target_format};

/// The largest picture file read (a 16 000-pixel-wide PNG screenshot is a
/// few megabytes).
const MAX_IMAGE_BYTES: u64 = 64 << 20;

/// Reads the picture's bytes, from a file or standard input (`-`).
fn read_bytes(path: &str) -> Result<Vec<u8>, String> {
    if path.is_empty() {
        return Err("the picture's file name is empty".into());
    }
    let name = if path == "-" { "standard input".to_string() } else { path_shown(path) };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().take(MAX_IMAGE_BYTES + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_IMAGE_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(format!("{name}: over {} MB; the largest picture read is that", MAX_IMAGE_BYTES >> 20));
    }
    Ok(bytes)
}

/// `nonogram read [--to FORMAT] IMAGE`: exit 0 read and checked, 1 read
/// with doubts (each on standard error), 2 no puzzle or bad input.
pub fn main(argv: &[String]) -> Result<u8, String> {
    let args = Args::parse(argv, &[], &["--to"])?;
    let format = target_format(&args, Some(Format::Non))?;
    let path = single_operand(&args, "picture")?;
    let bytes = read_bytes(&path)?;
    let name = if path == "-" { "standard input".to_string() } else { path_shown(&path) };
    let picture = nonogram_read::picture::decode(&bytes).map_err(|e| format!("{name}: {e}"))?;
    let (reading, checked) =
        read_picture(&picture, &Network::shipped()).map_err(|e| format!("{name}: {e}"))?;
    print!("{}", write(format, &checked.puzzle).map_err(|e| e.to_string())?);
    let grid = &reading.grid;
    for change in &checked.changes {
        eprintln!("changed: {}: read {}, now {}", change.place, change.read, change.now);
    }
    for doubt in &checked.doubts {
        let others: Vec<String> = doubt.others.iter().map(u32::to_string).collect();
        let others =
            if others.is_empty() { String::new() } else { format!(", might be {}", others.join(" or ")) };
        eprintln!(
            "doubt: {}: read {} ({:.0} % certain){others}",
            doubt.place,
            doubt.value,
            doubt.certainty * 100.0
        );
    }
    for place in &checked.doubtful_gaps {
        eprintln!("doubt: {place}: the digit after it may belong to it, or start a number of its own");
    }
    for line in &checked.empty_lines {
        eprintln!("doubt: {line}: no number read (an empty line, or one not read)");
    }
    for line in &checked.cut_lines {
        eprintln!("doubt: {line}: its clue runs off the picture's edge (a number cut off?)");
    }
    for beyond in &checked.beyond {
        eprintln!("doubt: {beyond}");
    }
    if checked.another {
        eprintln!("doubt: the picture holds another grid (a second puzzle?): this one was read");
    }
    if checked.verdict == Some("multiple") {
        eprintln!(
            "doubt: the clues have several solutions (a puzzle is made to have one: a number may be misread)"
        );
    }
    if let Some(failure) = &checked.failure {
        eprintln!("check: {failure}");
    }
    let verdict = match checked.verdict {
        Some("unique") => "one solution",
        Some("multiple") => "several solutions",
        Some("unproven") => "not solved within the check's steps",
        _ => "fails the checks",
    };
    let (word, code) = match checked.status {
        Status::Certain => ("certain", 0),
        Status::Doubtful => ("doubtful", 1),
    };
    eprintln!(
        "reading: {word}: {} grid, {verdict}",
        nonogram_core::text::a_size(grid.width(), grid.height())
    );
    Ok(code)
}
