//! The line lab (post 001 in the page): a clue and a partly known line give
//! every valid placement, drawn with a letter per run as the post prints
//! them, and the cells common to all of them, the post's "Resultant fixes".
//!
//! Notation of the line, as in the post's examples: `#` or `1` filled, `x`
//! or `_` empty, `.` or `?` unknown. A colour puzzle's line ([`run_colour`])
//! is written in its palette's characters, `?` for a cell not known; its
//! clue as the page says it: `1 red, 2 navy`.

use nonogram_core::colour::{colour_placements, solve_colour_line, ColourRun, Colours, Swatch};
use nonogram_core::line::placement::{count_placements, draw_placement, placements};
use nonogram_core::line::solve_line;
use nonogram_core::Cell;

/// Placements listed at most; past this only their number is shown.
pub const MAX_LISTED: usize = 50;

/// Post 001's seven Wikipedia cases: (name, clue, line).
pub const POST_CASES: [(&str, &str, &str); 7] = [
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
    /// The post's "Resultant fixes": `1` filled, `_` empty, `.` unknown.
    pub fixes: String,
    /// The same line in the trace notation: `#`, `.`, `?` (a colour
    /// line: the palette's characters, `?` where placements differ).
    pub text: String,
    /// A colour line: `fixes` is in the palette's characters, `?` where
    /// the placements differ.
    pub colour: bool,
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
        colour: false,
    })
}

/// Reads a colour clue in `palette`: runs separated by commas, each a
/// length and a colour's name (`2 red`) or character (`2r`); a length
/// alone is of the first colour; empty or `0` for a line with no run.
pub fn parse_colour_clue(palette: &[Swatch], text: &str) -> Result<Vec<ColourRun>, String> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']').trim();
    if inner.is_empty() || inner == "0" {
        return Ok(Vec::new());
    }
    let names: Vec<&str> = palette.iter().skip(1).map(|s| s.name.as_str()).collect();
    inner
        .split(',')
        .map(|item| {
            let item = item.trim();
            let digits = item.find(|c: char| !c.is_ascii_digit()).unwrap_or(item.len());
            let (len, rest) = item.split_at(digits);
            let len = len.parse::<u32>().ok().filter(|&n| (1..=1000).contains(&n));
            let Some(len) = len else {
                return Err(format!(
                    "clue: `{item}` is not a run (a length and a colour, like 2 {})",
                    names[0]
                ));
            };
            let rest = rest.trim();
            let colour = if rest.is_empty() {
                Some(1)
            } else {
                (1..palette.len()).find(|&c| {
                    palette[c].name.eq_ignore_ascii_case(rest)
                        || (rest.chars().count() == 1 && rest.starts_with(palette[c].symbol))
                })
            };
            match colour {
                Some(c) => Ok(ColourRun { len, colour: c as u8 }),
                None => Err(format!(
                    "clue: no colour `{rest}` in this puzzle (its colours: {})",
                    names.join(", ")
                )),
            }
        })
        .collect()
}

/// Reads a colour line: a palette character for a known cell, `?` for one
/// that may be any colour.
pub fn parse_colour_line(palette: &[Swatch], text: &str) -> Result<Vec<Colours>, String> {
    let every: Colours = if palette.len() >= 32 { u32::MAX } else { (1 << palette.len()) - 1 };
    let legend: Vec<String> = palette.iter().map(|s| format!("{} {}", s.symbol, s.name)).collect();
    let cells = text
        .trim()
        .chars()
        .filter(|&c| c != '|')
        .enumerate()
        .map(|(i, ch)| match ch {
            '?' => Ok(every),
            _ => palette.iter().position(|s| s.symbol == ch).map(|c| 1 << c).ok_or_else(|| {
                format!(
                    "line, cell {}: `{ch}` is not a cell (? unknown, or a colour: {})",
                    i + 1,
                    legend.join(", ")
                )
            }),
        })
        .collect::<Result<Vec<Colours>, String>>()?;
    if cells.is_empty() || cells.len() > 1000 {
        return Err("line: give between 1 and 1000 cells".into());
    }
    Ok(cells)
}

/// Runs the lab on a colour puzzle's clue and line (see [`parse_colour_clue`]
/// and [`parse_colour_line`]): placements drawn in the palette's characters.
pub fn run_colour(palette: &[Swatch], clue: &str, line: &str) -> Result<LabResult, String> {
    let runs = parse_colour_clue(palette, clue)?;
    let cells = parse_colour_line(palette, line)?;
    let solved = solve_colour_line(&runs, &cells)
        .map_err(|_| "no placement of the clue fits this line".to_string())?;
    let (total, listed) = colour_placements(&runs, &cells, MAX_LISTED);
    let symbol = |c: u8| palette.get(usize::from(c)).map_or('?', |s| s.symbol);
    let fixes: String = solved
        .iter()
        .map(|&set| if set.count_ones() == 1 { symbol(set.trailing_zeros() as u8) } else { '?' })
        .collect();
    Ok(LabResult {
        placements: listed.iter().map(|p| piped(&p.iter().map(|&c| symbol(c)).collect::<String>())).collect(),
        total,
        fixes: piped(&fixes),
        text: fixes,
        colour: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_post_cases_give_its_resultant_fixes() {
        let expected = [
            "|.|.|1|1|1|1|1|1|.|.|",
            "|.|.|1|1|.|.|.|1|.|.|",
            "|_|.|.|1|.|.|_|_|1|_|",
            "|.|1|1|.|_|_|_|.|1|.|",
            "|.|.|1|1|1|.|.|_|_|_|",
            "|1|_|_|.|1|1|.|_|_|_|",
            "|_|_|1|1|1|1|1|_|_|1|1|_|1|1|_|",
        ];
        for ((_, clue, line), fixes) in POST_CASES.iter().zip(expected) {
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
    fn a_colour_line_in_its_palettes_characters() {
        let palette = nonogram_core::colour::default_palette(2);
        let names: Vec<&str> = palette.iter().map(|s| s.name.as_str()).collect();
        let (black, red) = (palette[1].symbol, palette[2].symbol);
        // 2 black, 1 red in four unknown cells: three placements; the
        // second cell is black in all of them.
        let clue = format!("2 {}, 1 {}", names[1], names[2]);
        let r = run_colour(&palette, &clue, "????").unwrap();
        assert_eq!(r.total, 3);
        let b = black;
        assert_eq!(r.text, format!("?{b}??"));
        assert_eq!(r.placements[0], format!("|{b}|{b}|{red}|.|"));
        assert!(r.colour);
        // Characters work for colours too, and a known cell narrows.
        let r = run_colour(&palette, &format!("2{b}, 1{red}"), &format!("???{red}")).unwrap();
        assert_eq!(r.total, 2);
        // Errors say what and where.
        assert!(run_colour(&palette, "2 mauve", "???").unwrap_err().contains("no colour `mauve`"));
        assert!(run_colour(&palette, "x red", "???").unwrap_err().contains("`x red` is not a run"));
        assert!(run_colour(&palette, "1", "?q?").unwrap_err().starts_with("line, cell 2: `q`"));
        assert_eq!(run_colour(&palette, &clue, "..").unwrap_err(), "no placement of the clue fits this line");
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
