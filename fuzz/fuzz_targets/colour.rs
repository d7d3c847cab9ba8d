//! The colour readers on any text, each forced (not detected): webpbn XML,
//! colour JSON and the colour picture. Never a panic; an error is located
//! inside the text with a short message; a puzzle read is valid, and
//! writes and reads back with its clues and palette; a colour picture's
//! clues are its goal's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_core::colour::ColourPuzzle;
use nonogram_formats::{parse_as, parse_colour_picture, text_from_bytes, write_colour, Format, ParseError};

fn check_error(text: &str, e: &ParseError) {
    // Lines end at \n, \r\n or a lone \r; one past the last may be named.
    let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count().max(1);
    if let Some(line) = e.line {
        assert!(line >= 1 && line <= lines + 1, "line {line} of {lines}: {e}");
    }
    assert!(e.column.is_none_or(|c| c >= 1), "{e}");
    assert!(e.message.chars().count() <= 400, "a long message: {}", e.message.len());
    assert!(!e.message.chars().any(|c| c.is_control()), "a control character: {:?}", e.message);
}

fn check_puzzle(p: &ColourPuzzle) {
    p.validate().unwrap();
    for format in [Format::WebpbnXml, Format::Json] {
        let written = write_colour(format, p).unwrap();
        let back = parse_as(format, &written).unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
        let (rows, columns) = match (back.colour.first(), back.puzzles.first()) {
            (Some(q), _) => (q.rows.clone(), q.columns.clone()),
            (None, Some(q)) => {
                let q = ColourPuzzle::from_black(q);
                (q.rows, q.columns)
            }
            (None, None) => panic!("{format}: no puzzle back\n{written}"),
        };
        assert_eq!((&rows, &columns), (&p.rows, &p.columns), "{format}\n{written}");
    }
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = text_from_bytes(bytes) else { return };
    for format in [Format::WebpbnXml, Format::Json] {
        match parse_as(format, text) {
            Err(e) => check_error(text, &e),
            Ok(parsed) => parsed.colour.iter().for_each(check_puzzle),
        }
    }
    match parse_colour_picture(text) {
        Err(e) => check_error(text, &e),
        Ok(p) => {
            check_puzzle(&p);
            let goal = p.goal.clone().expect("a picture is its puzzle's goal");
            assert!(p.is_solution(&goal));
        }
    }
});
