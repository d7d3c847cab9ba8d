//! `nonogram convert` as a round trip: every puzzle read from any text is
//! written in every format that can hold it, read back to the same clues
//! and the metadata that format keeps, and from there every conversion
//! writes the same text (XML trims a title once; nothing changes after). A batch written as a nonpack
//! reads back as as many puzzles. Every writer must keep text from
//! becoming structure: a title never adds a line or a puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_formats::{parse, parse_as, text_from_bytes, write, write_colour, Format};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = text_from_bytes(bytes) else { return };
    let Ok(parsed) = parse(text) else { return };
    for p in &parsed.puzzles {
        for format in Format::WRITABLE {
            let Ok(written) = write(format, p) else { continue };
            let back = parse_as(format, &written).unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
            assert_eq!(back.puzzles.len(), 1, "{format}\n{written}");
            let q = &back.puzzles[0];
            assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns), "{format}\n{written}");
            if matches!(format, Format::Non | Format::Json) {
                assert_eq!(q.meta.title, p.meta.title, "{format}\n{written}");
            }
            if format == Format::Non {
                assert_eq!((&q.meta.author, &q.meta.copyright), (&p.meta.author, &p.meta.copyright));
            }
            let again = write(format, q).unwrap();
            let third = write(format, &parse_as(format, &again).unwrap().puzzles[0]).unwrap();
            assert_eq!(third, again, "{format}: a third conversion changed the text");
        }
    }
    for p in &parsed.colour {
        for format in [Format::WebpbnXml, Format::Json] {
            let written = write_colour(format, p).unwrap_or_else(|e| panic!("{format}: {e}"));
            let back = parse_as(format, &written).unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
            assert_eq!(back.colour.len() + back.puzzles.len(), 1, "{format}\n{written}");
            let Some(q) = back.colour.first() else { continue };
            assert_eq!((&q.rows, &q.columns), (&p.rows, &p.columns), "{format}\n{written}");
            let names = |p: &nonogram_core::colour::ColourPuzzle| -> Vec<String> {
                p.palette.iter().map(|s| s.name.clone()).collect()
            };
            assert_eq!(names(q), names(p), "{format}\n{written}");
            let again = write_colour(format, q).unwrap();
            let third = write_colour(format, &parse_as(format, &again).unwrap().colour[0]).unwrap();
            assert_eq!(third, again, "{format}: a third conversion changed the text");
        }
    }
    // Several puzzles: a nonpack, as `convert --to non` writes it.
    if parsed.puzzles.len() > 1 {
        let pack: Vec<String> = parsed.puzzles.iter().map(|p| write(Format::Non, p).unwrap()).collect();
        let pack = pack.join("====\n");
        let back = parse_as(Format::Non, &pack).unwrap_or_else(|e| panic!("nonpack: {e}\n{pack}"));
        assert_eq!(back.puzzles.len(), parsed.puzzles.len(), "{pack}");
    }
});
