//! Titles and colours' characters as a hostile file gives them: every
//! title written, read and written again is the same text in each format
//! that holds one, and every reader refuses a colour's character that
//! cannot print alone (the policy itself is `nonogram_core::text`'s, tested
//! over every code point there).

use nonogram_core::colour::ColourPuzzle;
use nonogram_core::Puzzle;
use nonogram_formats::share::{decode_any, encode_colour};
use nonogram_formats::{parse, parse_picture, write, write_colour, Format};

const TITLES: [&str; 9] = [
    " a\nb ",
    "\ttabbed\t",
    "  ",
    "delete\u{7f} and next line\u{85}",
    "x\u{202e}enon :tcidrev",
    "zero\u{200b}width",
    "Cafe\u{301}",
    "&amp; <tags> \"quotes\"",
    "\u{a0}no-break\u{3000}",
];

/// The title of a one-cell XML puzzle whose `<title>` is `text`, as read.
fn title(text: &str) -> Option<String> {
    let xml = format!(
        "<puzzleset><puzzle><title>{text}</title><clues type=\"columns\"><line><count>1</count></line></clues>\
         <clues type=\"rows\"><line><count>1</count></line></clues></puzzle></puzzleset>"
    );
    parse(&xml).unwrap().puzzles.remove(0).meta.title
}

fn black() -> Puzzle {
    Puzzle::from_picture(&parse_picture("0110\n1001\n1111\n").unwrap())
}

#[test]
fn titles_written_read_and_written_again_are_the_same_text() {
    for title in TITLES {
        let mut colour = ColourPuzzle::from_black(&black());
        colour.meta.title = Some(title.to_string());
        colour.meta.author = Some(title.to_string());
        colour.meta.copyright = Some(title.to_string());
        let xml = write_colour(Format::WebpbnXml, &colour).unwrap();
        let read = parse(&xml).unwrap_or_else(|e| panic!("{title:?}: {e}\n{xml}"));
        let meta = &read.puzzles[0].meta;
        assert_eq!(meta.title.as_deref(), Some(title), "{xml}");
        assert_eq!(meta.author.as_deref(), Some(title), "{xml}");
        assert_eq!(meta.copyright.as_deref(), Some(title), "{xml}");
        assert_eq!(
            write_colour(Format::WebpbnXml, &ColourPuzzle::from_black(&read.puzzles[0])).unwrap(),
            xml
        );

        let mut p = black();
        p.meta.title = Some(title.to_string());
        for format in [Format::Non, Format::Json] {
            let text = write(format, &p).unwrap();
            let read = parse(&text).unwrap_or_else(|e| panic!("{format}, {title:?}: {e}\n{text}"));
            assert_eq!(read.puzzles[0].meta.title.as_deref(), Some(title), "{format}\n{text}");
            assert_eq!(write(format, &read.puzzles[0]).unwrap(), text, "{format}");
        }
    }
}

#[test]
fn a_reference_to_whitespace_is_kept_and_literal_whitespace_trimmed() {
    assert_eq!(title("  spaced \n "), Some("spaced".into()));
    assert_eq!(title("&#32;a&#10;b&#32;"), Some(" a\nb ".into()));
    assert_eq!(title(" <!-- c --> &#32;x <![CDATA[ y ]]> "), Some(" x  y".into()));
    assert_eq!(title(" \n "), None);
}

/// Each character that cannot be a colour's: a bidi override, a zero-width
/// space, a byte-order mark, a lone combining accent, a spacing mark.
const REFUSED: [char; 5] = ['\u{202e}', '\u{200b}', '\u{feff}', '\u{301}', '\u{903}'];

#[test]
fn every_reader_refuses_a_colour_character_that_does_not_print_alone() {
    for c in REFUSED {
        let picture = format!("palette: {c}=red\n{c}{c}\n..\n");
        let e = nonogram_formats::parse_colour_picture(&picture).unwrap_err().to_string();
        assert!(e.starts_with("line 1, column 10: the palette entry"), "{c:?}: {e}");

        let xml = format!(
            "<puzzleset><puzzle><color name=\"white\" char=\".\">FFFFFF</color>\
             <color name=\"red\" char=\"{c}\">FF0000</color><color name=\"black\" char=\"X\">000000</color>\
             <clues type=\"columns\"><line><count color=\"red\">1</count></line></clues>\
             <clues type=\"rows\"><line><count color=\"red\">1</count></line></clues></puzzle></puzzleset>"
        );
        let e = parse(&xml).unwrap_err().to_string();
        assert!(e.contains("the colour \"red\": its character is"), "{c:?}: {e}");

        // JSON: a one-character name is its own character; one that cannot
        // print as it is is refused as a name.
        let json = format!("{{\"colors\": {{\"{c}\": \"#ff0000\", \"b\": \"#0000ff\"}}, \"rows\": [[1]], \"columns\": [[1]]}}");
        let e = parse(&json).unwrap_err().to_string();
        assert!(e.contains("its name must print as it is"), "{c:?}: {e}");

        // A share link is checked as it is read.
        let mut p = ColourPuzzle::from_black(&black());
        p.palette[1].symbol = c;
        let e = decode_any(&encode_colour(&p)).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("colour 1 of the palette, \"black\": its character is"), "{c:?}: {e}");
    }
    // A name may carry accents and any script, not a bidi override.
    let json = |name: &str| {
        format!("{{\"colors\": {{\"{name}\": \"#ff0000\", \"b\": \"#0000ff\"}}, \"rows\": [[1]], \"columns\": [[1]]}}")
    };
    assert!(parse(&json("rouge foncé")).is_ok());
    assert!(parse(&json("красный")).is_ok());
    assert!(parse(&json("red\u{202e}")).unwrap_err().to_string().contains("its name must print as it is"));
}

#[test]
fn xml_trims_only_its_own_whitespace_and_writes_no_empty_title() {
    assert_eq!(title("\u{a0}a\u{85}"), Some("\u{a0}a\u{85}".into()));
    assert_eq!(title("\u{3000}b\u{2028} \t"), Some("\u{3000}b\u{2028}".into()));
    // A title of characters XML cannot hold: no element, the same text again.
    let mut p = black();
    p.meta.title = Some("\u{1}\u{fffe}".into());
    let once = write_colour(Format::WebpbnXml, &ColourPuzzle::from_black(&p)).unwrap();
    assert!(!once.contains("<title>"), "{once}");
    let back = parse(&once).unwrap().puzzles.remove(0);
    assert_eq!(write_colour(Format::WebpbnXml, &ColourPuzzle::from_black(&back)).unwrap(), once);
}

#[test]
fn characters_that_join_their_neighbour_are_no_colour_characters() {
    for c in ['\u{1f1fa}', '\u{1f3fb}', '\u{1100}', '\u{1161}', '\u{d4e}'] {
        let picture = format!("palette: {c}=red\n{c}{c}\n..\n");
        let e = nonogram_formats::parse_colour_picture(&picture).unwrap_err().to_string();
        assert!(e.contains("joins the character beside it"), "{c:?}: {e}");
    }
}

#[test]
fn a_puzzle_past_its_line_limit_is_rejected_and_the_others_read() {
    let good = "width 1\nheight 1\nrows\n1\ncolumns\n1\n";
    let long = format!("width 1\nheight 1\nrows\n{}columns\n1\n", "1\n".repeat(20_001));
    let pack = format!("{good}====\n{long}====\n{good}");
    let parsed = parse(&pack).unwrap();
    assert_eq!(parsed.puzzles.len(), 2);
    assert_eq!(parsed.rejected.len(), 1);
    assert_eq!((parsed.rejected[0].number, parsed.rejected[0].line), (2, 8));
    assert!(parsed.rejected[0].error.message.contains("more than 20000 lines"), "{:?}", parsed.rejected);

    let taai = format!("$1\n1\n1\n$2\n{}$3\n1\n1\n", "1\n".repeat(2 * nonogram_core::MAX_SIDE + 2));
    let parsed = parse(&taai).unwrap();
    assert_eq!(parsed.puzzles.len(), 2);
    assert_eq!((parsed.rejected[0].number, parsed.rejected[0].line), (2, 4));
    assert!(parsed.rejected[0].error.message.contains("clue lines"), "{:?}", parsed.rejected);
}
