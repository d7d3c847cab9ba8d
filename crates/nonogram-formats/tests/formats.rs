//! Detection, parsing, errors and round trips of every format.

use nonogram_core::{Clue, Grid, Puzzle};
use nonogram_formats::{detect, parse, parse_as, parse_picture, write, Format, ParseError};
use proptest::prelude::*;

fn clues(list: &str) -> Vec<Clue> {
    list.split('/')
        .map(|c| Clue(c.split_whitespace().map(|r| r.parse().unwrap()).filter(|&r| r != 0).collect()))
        .collect()
}

/// Post 003's 5×5 picture and its clues.
fn post_003() -> Puzzle {
    Puzzle::new(clues("3/2 1/3/2/3"), clues("1/3/1 3/5/1"))
}

fn one(text: &str) -> (Format, Puzzle) {
    let parsed = parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(parsed.puzzles.len(), 1);
    (parsed.format, parsed.puzzles.into_iter().next().unwrap())
}

#[test]
fn every_format_is_detected_and_parsed() {
    let cases: &[(&str, Format)] = &[
        ("5\n3\n2 1\n3\n2\n3\n1\n3\n1 3\n5\n1\n", Format::Square),
        ("5 5\n3\n2 1\n3\n2\n3\n1\n3\n1 3\n5\n1\n", Format::Nin),
        ("width 5\nheight 5\n\nrows\n3\n2,1\n3\n2\n3\n\ncolumns\n1\n3\n1,3\n5\n1\n", Format::Non),
        ("3\n2 1\n3\n2\n3\n\n1\n3\n1 3\n5\n1\n", Format::Plain),
        ("3\n2,1\n3\n2\n3\n\n1\n3\n1\t3\n5\n1\n", Format::Plain),
        ("{\"rows\": [[3], [2, 1], [3], [2], [3]], \"columns\": [[1], [3], [1, 3], [5], [1]]}", Format::Json),
        ("{\"rows\": [[3], [2, 1], [3], [2], [3]], \"cols\": [[1], [3], [1, 3], [5], [1]]}", Format::Json),
        ("01110\n11010\n01110\n00110\n00111\n", Format::Picture),
        (".###.\n##.#.\n.###.\n..##.\n..###\n", Format::Picture),
        ("_XXX_\nXX_X_\n_XXX_\n__XX_\n__XXX\n", Format::Picture),
        ("|_|X|X|X|_|\n|X|X|_|X|_|\n|_|X|X|X|_|\n|_|_|X|X|_|\n|_|_|X|X|X|\n", Format::Picture),
        ("$1\n1\n3\n1\t3\n5\n1\n3\n2\t1\n3\n2\n3\n", Format::TaaiBatch),
        // Clues pasted under headings alone, as puzzle pages list them: the
        // size is the lines' count, a colon after a heading allowed, `cols`.
        ("rows\n3\n2 1\n3\n2\n3\ncolumns\n1\n3\n1 3\n5\n1\n", Format::Non),
        ("Rows:\n3\n2 1\n3\n2\n3\n\nColumns:\n1\n3\n1 3\n5\n1\n\n", Format::Non),
        ("ROWS\n\n3\n2,1\n3\n2\n3\n\nCols:\n1\n3\n1,3\n5\n1\n", Format::Non),
    ];
    for (text, format) in cases {
        assert_eq!(detect(text), *format, "{text}");
        let (got, p) = one(text);
        assert_eq!(got, *format);
        assert_eq!((p.rows.clone(), p.columns.clone()), (post_003().rows, post_003().columns), "{text}");
    }
}

#[test]
fn webpbn_xml_with_goal() {
    let text = std::fs::read_to_string(shared("webpbn-xml/1.xml")).unwrap();
    let (format, p) = one(&text);
    assert_eq!(format, Format::WebpbnXml);
    assert_eq!((p.width(), p.height()), (5, 10));
    assert_eq!(p.meta.title.as_deref(), Some("Demo Puzzle from Front Page"));
    let goal = p.meta.goal.clone().unwrap();
    assert!(p.is_solution(&goal), "the goal satisfies the clues");
    assert_eq!(goal.to_text().lines().next(), Some(".##.."));
}

#[test]
fn non_keeps_metadata_and_goal() {
    let text = std::fs::read_to_string(shared("nonogram-db/db/gnonograms/42.non")).unwrap();
    let (_, p) = one(&text);
    assert_eq!((p.width(), p.height()), (35, 23));
    assert_eq!(p.meta.license.as_deref(), Some("CC-BY-SA-4.0"));
    assert!(p.meta.author.as_deref().unwrap().starts_with("Frederico Vera"));
    assert!(p.is_solution(p.meta.goal.as_ref().unwrap()));
}

#[test]
fn taai_batch_reads_all_thousand() {
    let text = std::fs::read_to_string(shared("taai2011/puzzles.txt")).unwrap();
    let parsed = parse(&text).unwrap();
    assert_eq!(parsed.format, Format::TaaiBatch);
    assert_eq!(parsed.puzzles.len(), 1000);
    assert!(parsed.puzzles.iter().all(|p| p.width() == 25 && p.height() == 25));
    assert_eq!(parsed.puzzles[999].meta.title.as_deref(), Some("#1000"));
}

#[test]
fn errors_are_located() {
    let check = |text: &str, expected: &str| {
        let e: ParseError = parse(text).unwrap_err();
        assert_eq!(e.to_string(), expected, "{text}");
    };
    check("2 2\n1\n1\n1\nx\n", "line 5, column 1: `x` is not a run length (a whole number)");
    // Words with no number at all: said so, at the first word (not "width
    // `hello` is not a whole number", as .nin's first line would say).
    let none = "no clue numbers in the text: a clue is numbers, one line a row or a column";
    check("hello world\n", &format!("line 1, column 1: {none}"));
    check("\n  Dear reader,\nno puzzle here.\n", &format!("line 2, column 3: {none}"));
    check("2 2\n1\n-1\n1\n1\n", "line 3, column 1: negative run -1; runs are positive");
    check("2 2\n1\n1\n1\n", "line 1: `2 2` needs 4 clue lines (2 rows, then 2 columns); found 3");
    check("1\n1\n1\n1\n", "line 4: unexpected line after the 1 column clues (`1` gives 2 clue lines)");
    check("3\n1 2 5\n0\n0\n1\n1\n1\n", "row 1: runs 1 2 5 need 10 cells, the row has 3");
    check("2\n1\n1\n1\n0\n", "the row clues fill 2 cells but the column clues fill 1");
    check(
        "{\"rows\": [[1]], \"columns\": [[1]\n",
        "line 2, column 1: invalid JSON: EOF while parsing a list",
    );
    check("{\"rows\": [[1]], \"columns\": [[-1]]}", "line 1, column 30: column 1: `-1` is not a run length");
    check("{\"rows\": [[1]]}", "line 1, column 1: the JSON puzzle has no \"columns\" (or \"cols\")");
    check(
        "<puzzleset><puzzle>\n<clues type=\"rows\"></puzzle>",
        "line 2, column 20: invalid XML: `</puzzle>` does not close `<clues>`, the element open here",
    );
    check(
        "width 2\nheight 2\nrows\n1\ncolumns\n1\n1\n",
        "line 3: `rows` needs 2 clue lines (the height); found 1",
    );
    check("width 0\n", "line 1, column 7: width is 0; it must be at least 1");
    check("01110\n1101\n", "line 2: this row has 4 cells but the first row (line 1) has 5");
    check("$1\n1\n1\n1\n", "line 1: puzzle $1 has 3 clue lines; a square puzzle needs an even number");
    check("", "the text is empty");
    check(
        "1 1 1\n\n1\n\n1\n",
        "line 5: expected two blocks (row clues, blank line, column clues); found 3 blocks",
    );
    assert_eq!(
        parse_picture("0a1\n").unwrap_err().to_string(),
        "line 1, column 2: `a` is not a picture cell (use 0/1, ./# or _/X)"
    );
}

/// Found by the round-trip proptest: a one-column puzzle in plain layout is
/// also made of 0/1 rows only, and must not be read as a broken picture.
#[test]
fn plain_clues_of_ones_are_not_a_picture() {
    let text = format!("{}\n10\n", "1\n".repeat(10));
    let parsed = parse(&text).unwrap();
    assert_eq!(parsed.format, Format::Plain);
    assert_eq!((parsed.puzzles[0].width(), parsed.puzzles[0].height()), (1, 10));
    // A real picture still reads as one, and a broken one keeps its error.
    assert_eq!(parse("0110\n1001\n").unwrap().format, Format::Picture);
    assert_eq!(
        parse("01110\n1101\n").unwrap_err().to_string(),
        "line 2: this row has 4 cells but the first row (line 1) has 5"
    );
}

#[test]
fn picture_to_clues_and_back() {
    let g = parse_picture("01110\n11010\n01110\n00110\n00111\n").unwrap();
    let p = Puzzle::from_picture(&g);
    assert_eq!(p.rows, post_003().rows);
    assert_eq!(p.columns, post_003().columns);
    assert_eq!(nonogram_formats::write_picture(&g), "01110\n11010\n01110\n00110\n00111\n");
}

fn roundtrip(p: &Puzzle) {
    for format in [Format::Non, Format::Nin, Format::Plain, Format::Json] {
        let text = write(format, p).unwrap();
        let parsed = parse(&text).unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
        assert_eq!(parsed.format, format, "{text}");
        let q = &parsed.puzzles[0];
        assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns), "{format}\n{text}");
        if format == Format::Non {
            assert_eq!(q.meta, p.meta, "{text}");
        }
        if format == Format::Json {
            assert_eq!(q.meta.title, p.meta.title);
        }
    }
    if p.width() == p.height() {
        let text = write(Format::Square, p).unwrap();
        let q = parse_as(Format::Square, &text).unwrap().puzzles.remove(0);
        assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns));
    }
}

#[test]
fn roundtrip_with_metadata() {
    let mut p = Puzzle::from_picture(&parse_picture("0110\n1001\n0000\n1111\n").unwrap());
    p.meta.title = Some("A \"quoted\" title & more".into());
    p.meta.author = Some("Someone".into());
    p.meta.license = Some("CC0-1.0".into());
    roundtrip(&p);
}

fn shared(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles").join(path)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn roundtrip_random_pictures(w in 1usize..12, h in 1usize..12, bits in proptest::collection::vec(any::<bool>(), 144)) {
        let cells = bits[..w * h].iter().map(|&b| if b { nonogram_core::Cell::Filled } else { nonogram_core::Cell::Empty }).collect();
        let mut p = Puzzle::from_picture(&Grid::from_cells(w, h, cells).unwrap());
        p.meta.goal = None;
        // Pictures whose clues describe nothing (all empty) are still puzzles.
        roundtrip(&p);
    }
}

/// An error's location is 1-based and inside the text (a line past the
/// last counts: "the text ends before …"), and its message is short.
fn check_location(text: &str, e: &ParseError) {
    let lines = text.lines().count().max(1);
    if let Some(line) = e.line {
        assert!((1..=lines + 1).contains(&line), "line {line} of {lines}: {e}\n{text:?}");
    }
    if let Some(column) = e.column {
        assert!(column >= 1, "{e}\n{text:?}");
        let width = text.lines().nth(e.line.unwrap_or(1) - 1).map_or(0, |l| l.chars().count());
        assert!(column <= width + 1, "column {column} of {width}: {e}\n{text:?}");
    }
    assert!(e.message.chars().count() <= 300, "{e}");
}

/// An error is located (see [`check_location`]); every puzzle read writes
/// in every format that can hold it and reads back the same.
fn check_outcome(text: &str, outcome: Result<nonogram_formats::Parsed, ParseError>) {
    match outcome {
        Err(e) => check_location(text, &e),
        Ok(parsed) => {
            for p in &parsed.puzzles {
                for format in Format::WRITABLE {
                    let Ok(written) = write(format, p) else { continue };
                    let back =
                        parse_as(format, &written).unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
                    let q = &back.puzzles[0];
                    assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns), "{format}\n{written}");
                }
            }
            for p in &parsed.colour {
                for format in [Format::WebpbnXml, Format::Json] {
                    let written = nonogram_formats::write_colour(format, p).unwrap();
                    let back =
                        parse_as(format, &written).unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
                    let q = &back.colour[0];
                    assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns), "{format}\n{written}");
                }
            }
        }
    }
}

/// Inputs built from the formats' own alphabet, so the fuzzer reaches deep
/// into every parser rather than failing on the first character.
fn fuzz_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just(",".to_string()),
        Just("\t".to_string()),
        Just("0".to_string()),
        Just("1".to_string()),
        Just("2".to_string()),
        Just("25".to_string()),
        Just("-3".to_string()),
        Just("99999999999".to_string()),
        Just("4294967296".to_string()),
        Just("18446744073709551615".to_string()),
        Just("18446744073709551616".to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        (0u64..2000).prop_map(|n| n.to_string()),
        Just("#".to_string()),
        Just(".".to_string()),
        Just("X".to_string()),
        Just("_".to_string()),
        Just("|".to_string()),
        Just("$1".to_string()),
        Just("width ".to_string()),
        Just("height ".to_string()),
        Just("rows\n".to_string()),
        Just("columns\n".to_string()),
        Just("goal \"0101\"".to_string()),
        Just("title \"t".to_string()),
        Just("====\n".to_string()),
        Just("{\"rows\": [[".to_string()),
        Just("[{\"rows\": [".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("<!ENTITY a \"b\">".to_string()),
        Just("]]".to_string()),
        Just("\"cols\":".to_string()),
        Just("<puzzle type=\"grid\">".to_string()),
        Just("<clues type=\"rows\"><line><count>".to_string()),
        Just("</count></line></clues>".to_string()),
        Just("é".to_string()),
        Just("\r\n".to_string()),
        Just("\u{feff}".to_string()),
        "[ -~]{0,3}".prop_map(|s| s),
    ];
    proptest::collection::vec(token, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn parsers_locate_errors_and_read_back(text in fuzz_text()) {
        check_outcome(&text, parse(&text));
        for format in Format::ALL {
            check_outcome(&text, parse_as(format, &text));
        }
        match parse_picture(&text) {
            Err(e) => check_location(&text, &e),
            Ok(grid) => assert_eq!(parse_picture(&nonogram_formats::write_picture(&grid)).unwrap(), grid),
        }
    }

    #[test]
    fn parsers_locate_errors_on_arbitrary_text(text in "\\PC{0,200}") {
        check_outcome(&text, parse(&text));
        for format in Format::ALL {
            check_outcome(&text, parse_as(format, &text));
        }
    }
}
