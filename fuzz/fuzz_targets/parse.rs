//! Detection and parsing of any text: an error is located inside the text;
//! every puzzle read writes in every format and reads back the same (a
//! colour one as webpbn XML and JSON).
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_formats::{parse, parse_as, text_from_bytes, write, write_colour, Format};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = text_from_bytes(bytes) else { return };
    match parse(text) {
        Err(e) => {
            // A location is 1-based and inside the text (a line past the
            // last counts: "the text ends before …").
            // Lines end at \n, \r\n or a lone \r, as the parsers count them.
            let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count().max(1);
            if let Some(line) = e.line {
                assert!(line >= 1 && line <= lines + 1, "line {line} of {lines}: {e}");
            }
            if let Some(column) = e.column {
                assert!(column >= 1, "{e}");
            }
            assert!(e.message.chars().count() <= 400, "a long message: {}", e.message.len());
        }
        Ok(parsed) => {
            for p in &parsed.puzzles {
                for format in Format::WRITABLE {
                    let Ok(written) = write(format, p) else { continue };
                    let back = parse_as(format, &written)
                        .unwrap_or_else(|e| panic!("{format} does not read back: {e}\n{written}"));
                    let q = &back.puzzles[0];
                    assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns), "{format}\n{written}");
                }
            }
            for p in &parsed.colour {
                for format in [Format::WebpbnXml, Format::Json] {
                    let written = write_colour(format, p).unwrap_or_else(|e| panic!("{format}: {e}"));
                    let back = parse_as(format, &written)
                        .unwrap_or_else(|e| panic!("{format} does not read back: {e}\n{written}"));
                    let q = &back.colour[0];
                    assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns), "{format}\n{written}");
                }
            }
        }
    }
});
