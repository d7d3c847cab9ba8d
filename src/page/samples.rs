//! The sample menu: the posts' examples and a few redistributable puzzles
//! (see `samples/README.md` for their sources and authors), named for a
//! player: what they show, not where they came from.

/// (menu label, puzzle text).
pub const SAMPLES: &[(&str, &str)] = &[
    ("Small picture (5×5)", "01110\n11010\n01110\n00110\n00111\n"),
    ("Tiny puzzle (3×3)", "3\n1 1\n2\n2\n1 1\n2\n2\n"),
    (
        "Lambda (needs a cell tried both ways)",
        "2\n1 2\n1 1\n2\n1\n3\n3\n2 2\n2 1\n2 2 1\n2 3\n2 2\n\n2 1\n1 3\n2 4\n3 4\n4\n3\n3\n3\n2\n2\n",
    ),
    ("No line can start (Tatham's 4×4)", "1 1\n2\n1\n1\n\n2\n1\n2\n1\n"),
    ("Two solutions (2×2 diagonal)", "2 2\n1\n1\n1\n1\n"),
    ("No solution (contradictory clues)", "2 2\n2\n0\n0\n2\n"),
    ("Demo Puzzle, 5×10 (webpbn #1, Jan Wolter)", include_str!("../../samples/webpbn-00001.non")),
    ("Lasts Forever, 25×25, very hard (webpbn #6574, Gator)", include_str!("../../samples/webpbn-06574.non")),
    (
        "Not To Scale, 31×18, in colour (webpbn #47, Jan Wolter)",
        include_str!("../../samples/webpbn-color-00047.xml"),
    ),
];

/// The formats `Clues` reads, each with the small picture's puzzle in it:
/// (format name as detected, what marks it, the text).
pub const FORMAT_SAMPLES: &[(&str, &str, &str)] = &[
    ("0/1 picture", "lines of 0 and 1 (or . and #, _ and X): the picture itself", "01110\n11010\n01110\n00110\n00111\n"),
    ("plain", "row clues, a blank line, column clues", "3\n2 1\n3\n2\n3\n\n1\n3\n1 3\n5\n1\n"),
    ("square (n, rows, columns)", "a square puzzle: its side, then rows, then columns", "5\n3\n2 1\n3\n2\n3\n1\n3\n1 3\n5\n1\n"),
    (".nin", "width and height, then rows, then columns", "5 5\n3\n2 1\n3\n2\n3\n1\n3\n1 3\n5\n1\n"),
    (
        ".non",
        "keyword lines (Steve Simpson's format)",
        "width 5\nheight 5\n\nrows\n3\n2,1\n3\n2\n3\n\ncolumns\n1\n3\n1,3\n5\n1\n",
    ),
    ("JSON", "an object with rows and columns", "{\"rows\": [[3], [2, 1], [3], [2], [3]],\n \"columns\": [[1], [3], [1, 3], [5], [1]]}\n"),
    (
        "webpbn XML",
        "webpbn.com's export",
        "<puzzleset><puzzle type=\"grid\">\n<clues type=\"columns\"><line><count>1</count></line><line><count>3</count></line>\n<line><count>1</count><count>3</count></line><line><count>5</count></line><line><count>1</count></line></clues>\n<clues type=\"rows\"><line><count>3</count></line><line><count>2</count><count>1</count></line>\n<line><count>3</count></line><line><count>2</count></line><line><count>3</count></line></clues>\n</puzzle></puzzleset>\n",
    ),
    ("TAAI batch", "tournament files: $N, column clues, then row clues", "$1\n1\n3\n1\t3\n5\n1\n3\n2\t1\n3\n2\n3\n"),
];

#[cfg(test)]
mod tests {
    use super::{FORMAT_SAMPLES, SAMPLES};

    #[test]
    fn every_format_sample_is_the_small_picture_in_its_format() {
        let picture = nonogram_formats::parse(SAMPLES[0].1).unwrap().puzzles.remove(0);
        for (format, _, text) in FORMAT_SAMPLES {
            let parsed = nonogram_formats::parse(text).unwrap_or_else(|e| panic!("{format}: {e}"));
            assert_eq!(parsed.format.name(), *format);
            assert_eq!(
                (&parsed.puzzles[0].rows, &parsed.puzzles[0].columns),
                (&picture.rows, &picture.columns),
                "{format}"
            );
        }
    }

    #[test]
    fn every_sample_parses() {
        for (name, text) in SAMPLES {
            let parsed = nonogram_formats::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(parsed.puzzles.len() + parsed.colour.len(), 1, "{name}");
            let (width, height) = match parsed.colour.first() {
                Some(c) => (c.width(), c.height()),
                None => (parsed.puzzles[0].width(), parsed.puzzles[0].height()),
            };
            // A size in the name is the puzzle's; "in colour" names a colour one.
            if let Some(size) = name.split([' ', '(', ')', ',']).find(|w| w.contains('×')) {
                assert_eq!(size, format!("{width}×{height}"), "{name}");
            }
            assert_eq!(name.contains("in colour"), !parsed.colour.is_empty(), "{name}");
        }
    }
}
