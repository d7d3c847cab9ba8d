//! The line lab (seed 001 in the page): a clue and a partly known line give
//! every valid placement, drawn with a letter per run as the seed prints
//! them, and the cells common to all of them, the seed's "Resultant fixes".
//!
//! Notation of the line, as in the seed's examples: `#` or `1` filled, `x`
//! or `_` empty, `.` or `?` unknown.

use nonogram_core::line::solve_line;
use nonogram_core::placement::{count_placements, draw_placement, placements};
use nonogram_core::Cell;

/// Placements listed at most; past this only their number is shown.
pub const MAX_LISTED: usize = 50;

/// Seed 001's seven Wikipedia cases: (name, clue, line).
pub const SEED_CASES: [(&str, &str, &str); 7] = [
    ("Simple boxes", "[8]", ".........."),
    ("Simple boxes", "[4 3]", ".........."),
    ("Simple spaces", "[3 1]", "...#....#."),
    ("Forcing", "[3 2]", "....x.x..."),
    ("Glue", "[5]", "..#......."),
    ("Glue", "[1 3]", "#.x.#....."),
    ("Joining and splitting", "[5 2 2]", "..##.##...#.#.."),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabResult {
    /// Placements drawn as `|A|A|A|.|_|.|_|B|B|.|`.
    pub placements: Vec<String>,
    /// How many placements there are (saturating).
    pub total: u64,
    /// The seed's "Resultant fixes": `1` filled, `_` empty, `.` unknown.
    pub fixes: String,
    /// The same line in the trace notation: `#`, `.`, `?`.
    pub text: String,
}

/// Reads a clue: numbers separated by spaces or commas, optionally in `[ ]`;
/// empty or `0` for a line with no run.
pub fn parse_clue(text: &str) -> Result<Vec<u32>, String> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    let runs = inner
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<u32>()
                .ok()
                .filter(|&n| n <= 1000)
                .ok_or_else(|| format!("clue: `{t}` is not a run length"))
        })
        .collect::<Result<Vec<u32>, String>>()?;
    if runs.len() > 1 && runs.contains(&0) {
        return Err("clue: runs must be positive (a lone 0 means an empty line)".into());
    }
    Ok(if runs == [0] { Vec::new() } else { runs })
}

/// Reads a line in the lab's notation.
pub fn parse_line(text: &str) -> Result<Vec<Cell>, String> {
    let cells = text
        .trim()
        .chars()
        .filter(|&c| c != '|')
        .enumerate()
        .map(|(i, c)| match c {
            '#' | '1' => Ok(Cell::Filled),
            'x' | 'X' | '_' => Ok(Cell::Empty),
            '.' | '?' => Ok(Cell::Unknown),
            _ => Err(format!(
                "line, cell {}: `{c}` is not a cell (# or 1 filled, x or _ empty, . or ? unknown)",
                i + 1
            )),
        })
        .collect::<Result<Vec<Cell>, String>>()?;
    if cells.is_empty() || cells.len() > 1000 {
        return Err("line: give between 1 and 1000 cells".into());
    }
    Ok(cells)
}

fn piped(s: &str) -> String {
    let mut out = String::from("|");
    for c in s.chars() {
        out.push(c);
        out.push('|');
    }
    out
}

/// Runs the lab on a clue and a line.
pub fn run(clue: &str, line: &str) -> Result<LabResult, String> {
    let runs = parse_clue(clue)?;
    let cells = parse_line(line)?;
    let (listed, _) = placements(&runs, &cells, MAX_LISTED);
    let total = count_placements(&runs, &cells);
    let solved =
        solve_line(&runs, &cells).map_err(|_| "no placement of the clue fits this line".to_string())?;
    let fixes: String = solved
        .iter()
        .map(|c| match c {
            Cell::Filled => '1',
            Cell::Empty => '_',
            Cell::Unknown => '.',
        })
        .collect();
    Ok(LabResult {
        placements: listed.iter().map(|p| piped(&draw_placement(&runs, p, &cells))).collect(),
        total,
        fixes: piped(&fixes),
        text: nonogram_core::cell::line_to_string(&solved),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_cases_give_its_resultant_fixes() {
        let expected = [
            "|.|.|1|1|1|1|1|1|.|.|",
            "|.|.|1|1|.|.|.|1|.|.|",
            "|_|.|.|1|.|.|_|_|1|_|",
            "|.|1|1|.|_|_|_|.|1|.|",
            "|.|.|1|1|1|.|.|_|_|_|",
            "|1|_|_|.|1|1|.|_|_|_|",
            "|_|_|1|1|1|1|1|_|_|1|1|_|1|1|_|",
        ];
        for ((_, clue, line), fixes) in SEED_CASES.iter().zip(expected) {
            assert_eq!(run(clue, line).unwrap().fixes, fixes, "{clue} {line}");
        }
        let forcing = run("[3 2]", "....x.x...").unwrap();
        assert_eq!(forcing.total, 4);
        assert_eq!(forcing.placements[0], "|A|A|A|.|_|.|_|B|B|.|");
        let spaces = run("[3 1]", "...#....#.").unwrap();
        assert_eq!(
            spaces.placements,
            ["|.|A|A|a|.|.|.|.|b|.|", "|.|.|A|a|A|.|.|.|b|.|", "|.|.|.|a|A|A|.|.|b|.|"]
        );
    }

    #[test]
    fn errors_and_many_placements() {
        assert_eq!(run("[2]", "#x#").unwrap_err(), "no placement of the clue fits this line");
        assert!(run("[2 z]", "...").unwrap_err().contains("`z` is not a run length"));
        assert!(run("[1]", "..q").unwrap_err().starts_with("line, cell 3: `q`"));
        let many = run("1 1 1", &".".repeat(30)).unwrap();
        assert_eq!((many.placements.len(), many.total), (MAX_LISTED, 3276));
    }
}
