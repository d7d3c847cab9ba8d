//! Inputs as an attacker would write them: each gets its exact outcome (a
//! located error, or the puzzles), fast, and with bounded memory. Memory is
//! measured by this test binary's own allocator (peak bytes live), time with
//! generous bounds (about ten times what the machine needs), not as a
//! benchmark.

use nonogram_formats::{parse, text_from_bytes, ParseError};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The tests run one at a time, each holding this for its whole body: the
/// allocator's count is the process's, and another test building its
/// 10 MB inputs would count in this one's peak.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Parses `text`, returning the outcome as text, the time taken and the
/// peak of memory allocated on top of what was live before (the text).
fn measured(text: &str) -> (String, Duration, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let outcome = match parse(text) {
        Ok(parsed) => format!("{}: {} puzzles", parsed.format.name(), parsed.puzzles.len()),
        Err(e) => format!("error: {e}"),
    };
    let elapsed = start.elapsed();
    (outcome, elapsed, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

/// The outcome, asserted fast (under `seconds`) and within `megabytes`.
fn outcome_within(text: &str, seconds: f64, megabytes: usize) -> String {
    let (outcome, elapsed, peak) = measured(text);
    assert!(elapsed.as_secs_f64() < seconds, "{:.3} s for {}", elapsed.as_secs_f64(), short(&outcome));
    assert!(peak < megabytes << 20, "{} MB for {}", peak >> 20, short(&outcome));
    outcome
}

/// The outcome of an input that must be refused or read quickly: 1 s (the
/// goal is 100 ms) and 50 MB.
fn outcome(text: &str) -> String {
    outcome_within(text, 1.0, 50)
}

fn short(s: &str) -> String {
    s.chars().take(200).collect()
}

fn xml_puzzle(doctype: &str, title: &str, attribute: &str) -> String {
    format!(
        "{doctype}<puzzleset><puzzle type=\"grid\" note=\"{attribute}\"><title>{title}</title>\
         <clues type=\"rows\"><line><count>1</count></line></clues>\
         <clues type=\"columns\"><line><count>1</count></line></clues></puzzle></puzzleset>"
    )
}

const ENTITY_REFUSED: &str =
    "the XML declares an entity (`<!ENTITY`); puzzle files need none, so it is refused";

#[test]
fn one_large_entity_used_many_times_is_refused() {
    let _serial = serial();
    let doctype = format!("<!DOCTYPE p [<!ENTITY a \"{}\">]>", "A".repeat(50_000));
    let in_text = xml_puzzle(&doctype, &"&a;".repeat(2000), "");
    assert_eq!(outcome(&in_text), format!("error: line 1, column 14: {ENTITY_REFUSED}"));
    let in_attribute = xml_puzzle(&doctype, "", &"&a;".repeat(20_000));
    assert_eq!(outcome(&in_attribute), format!("error: line 1, column 14: {ENTITY_REFUSED}"));
}

#[test]
fn billion_laughs_and_external_entities_are_refused() {
    let _serial = serial();
    let mut doctype = String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE p [\n <!ENTITY l0 \"ha\">\n");
    for i in 1..10 {
        doctype += &format!(" <!ENTITY l{i} \"{}\">\n", format!("&l{};", i - 1).repeat(10));
    }
    doctype += "]>\n";
    let laughs = xml_puzzle(&doctype, "&l9;", "");
    assert_eq!(outcome(&laughs), format!("error: line 3, column 2: {ENTITY_REFUSED}"));
    let external = xml_puzzle("<!DOCTYPE p [<!ENTITY x SYSTEM \"/etc/passwd\">]>\n", "&x;", "");
    assert_eq!(outcome(&external), format!("error: line 1, column 14: {ENTITY_REFUSED}"));
    // A DTD that declares no entity is still read, as webpbn's files name theirs.
    let named = xml_puzzle("<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n", "&amp; &#65;", "");
    assert_eq!(outcome(&named), "webpbn XML: 1 puzzles");
}

#[test]
fn ten_megabytes_of_xml_stay_fast_and_small() {
    let _serial = serial();
    // Many nodes: refused at the node limit, before they cost memory.
    let elements = format!("<puzzleset>{}</puzzleset>", "<a/>".repeat(10_000_000 / 4));
    assert_eq!(
        outcome(&elements),
        // The 250 001st `<`: 11 bytes of `<puzzleset>`, then 249 999 `<a/>`.
        "error: line 1, column 1000008: the XML has more than 250000 tags; a puzzle needs fewer"
    );
    // One long text; many attributes; many `=` in a text.
    let title = xml_puzzle("", &"x".repeat(10_000_000), "");
    assert_eq!(outcome(&title), "webpbn XML: 1 puzzles");
    // Located at the 250 001st `=` (one byte a character here).
    let past_limit = |text: &str| text.match_indices('=').nth(250_000).unwrap().0 + 1;
    let attributes =
        format!("<puzzleset {}/>", (0..1_000_000).map(|i| format!("a{i}=\"\" ")).collect::<String>());
    assert!(attributes.len() > 9_000_000);
    assert_eq!(
        outcome(&attributes),
        format!(
            "error: line 1, column {}: the XML has more than 250000 attributes; a puzzle needs fewer",
            past_limit(&attributes)
        )
    );
    let equals = xml_puzzle("", &"=".repeat(10_000_000), "");
    assert_eq!(
        outcome(&equals),
        format!(
            "error: line 1, column {}: the XML has more than 250000 attributes; a puzzle needs fewer",
            past_limit(&equals)
        )
    );
}

#[test]
fn large_puzzles_in_xml_read_within_bounds() {
    let _serial = serial();
    let xml = |side: usize, runs: usize| {
        let line = format!("<line>{}</line>\n", "<count>1</count>".repeat(runs));
        let clues = line.repeat(side);
        format!(
            "<puzzleset><puzzle type=\"grid\"><clues type=\"rows\">{clues}</clues>\
             <clues type=\"columns\">{clues}</clues></puzzle></puzzleset>"
        )
    };
    // 200×200 with 60 runs a line: 24 000 runs, read.
    assert_eq!(outcome(&xml(200, 60)), "webpbn XML: 1 puzzles");
    // 1000×1000 with 250 runs a line (8 MB): refused where the tags pass the limit.
    let largest = xml(1000, 250);
    assert!(largest.len() > 8_000_000);
    assert_eq!(
        outcome(&largest),
        "error: line 499, column 7: the XML has more than 250000 tags; a puzzle needs fewer"
    );
}

#[test]
fn ten_megabytes_of_other_text_stay_fast_and_small() {
    let _serial = serial();
    // One line of 10 million picture cells; 10 MB of clue lines; 10 MB of
    // one token.
    let wide = "1".repeat(10_000_000);
    assert_eq!(outcome(&wide), "error: the picture is 10000000×1; the largest side accepted is 1000");
    let clues = "1 2 3\n".repeat(10_000_000 / 6);
    // No layout reads more lines than a side can have (detection and the
    // parsers kept every line, 129 MB in all, before).
    assert_eq!(
        outcome(&clues),
        "error: line 1001: more than 1000 row clues; the largest side accepted is 1000"
    );
    let token = format!("2 2\n{}\n", "9".repeat(10_000_000));
    let e = outcome(&token);
    assert!(e.len() < 200, "{}", short(&e));
}

#[test]
fn header_numbers_do_not_overflow() {
    let _serial = serial();
    for (text, message) in [
        ("9999999999999999999\n", "line 1, column 1: size 9999999999999999999 is over the limit of 1000"),
        (
            "18446744073709551615 1\n",
            "line 1, column 1: width 18446744073709551615 is over the limit of 1000",
        ),
        (
            "1 18446744073709551615\n",
            "line 1, column 3: height 18446744073709551615 is over the limit of 1000",
        ),
    ] {
        assert_eq!(outcome(text), format!("error: {message}"), "{text:?}");
    }
    // Twenty 0/1 digits on a line are a picture, not a size.
    assert_eq!(outcome("10000000000000000000\n"), "0/1 picture: 1 puzzles");
}

#[test]
fn echoed_tokens_are_capped() {
    let _serial = serial();
    let brackets = "[".repeat(100_000);
    let e = outcome(&brackets);
    assert_eq!(e, "error: line 1, column 128: invalid JSON: recursion limit exceeded");
    let long_token = format!("2 2\n1 {}\n1\n1\n1\n", "x".repeat(100_000));
    assert_eq!(
        outcome(&long_token),
        format!("error: line 2, column 3: `{}…` is not a run length (a whole number)", "x".repeat(40))
    );
    let long_header = format!("{} 1\n1\n", "7".repeat(100_000));
    let e = outcome(&long_header);
    assert!(e.len() < 200 && e.contains('…'), "{}", short(&e));
}

#[test]
fn deeply_nested_json_is_refused_with_its_place() {
    let _serial = serial();
    let nested = format!("{{\"rows\": {}{}, \"columns\": [[1]]}}", "[".repeat(50_000), "]".repeat(50_000));
    assert_eq!(outcome(&nested), "error: line 1, column 136: invalid JSON: recursion limit exceeded");
}

#[test]
fn json_structure_errors_are_located() {
    let _serial = serial();
    let cases = [
        (
            "{\"rows\": [[1], [2]],\n \"columns\": [[1], [\"x\"]]}",
            "line 2, column 20: column 2: `\"x\"` is not a run length",
        ),
        (
            "{\"rows\": [[1]],\n \"cols\": 5}",
            "line 2, column 10: the column clues must be a list of lists of numbers",
        ),
        (
            "{\"rows\": [[1],\n  {\"a\": 1}], \"columns\": [[1]]}",
            "line 2, column 3: row 2: a clue must be a list of numbers",
        ),
        ("{\"columns\": [[1]]}", "line 1, column 1: the JSON puzzle has no \"rows\""),
        (
            "[{\"rows\": [[1]], \"columns\": [[1]]},\n {\"rows\": [[1]]}]",
            "line 2, column 2: the JSON puzzle has no \"columns\" (or \"cols\")",
        ),
        ("[]", "line 1, column 1: the JSON list holds no puzzle"),
        ("[1, 2]", "line 1, column 2: a JSON puzzle must be an object with \"rows\" and \"columns\""),
        ("{\"rows\": [[1, -1]], \"columns\": [[1]]}", "line 1, column 15: row 1: `-1` is not a run length"),
    ];
    for (text, message) in cases {
        assert_eq!(outcome(text), format!("error: {message}"), "{text}");
    }
    let batch = "[{\"rows\": [[1]], \"columns\": [[1]]}, {\"rows\": [[2], []], \"cols\": [[1], [1]]}]";
    assert_eq!(outcome(batch), "JSON: 2 puzzles");
}

#[test]
fn a_non_without_its_lines_is_located() {
    let _serial = serial();
    let text = "title \"x\"\n\nheight 1\nrows\n1\ncolumns\n1\n";
    assert_eq!(outcome(text), "error: line 1, column 1: this puzzle has no `width W` line");
    let pack = "width 1\nheight 1\nrows\n1\ncolumns\n1\n====\n\nwidth 1\nrows\n1\ncolumns\n1\n";
    assert_eq!(outcome(pack), "error: line 9, column 1: this puzzle has no `height H` line");
}

#[test]
fn non_utf8_text_is_located() {
    let _serial = serial();
    let e: ParseError = text_from_bytes(b"2 2\n1\n1 \xff\n").unwrap_err();
    assert_eq!(e.to_string(), "line 3, column 3: not UTF-8 text (byte 9 is not)");
    let e = text_from_bytes(b"\xc3\xa9\xc3\xa9\xc3").unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 3: not UTF-8 text (byte 5 is not)");
}

/// Inputs the fuzzers (`scripts/fuzz`) found, each with its outcome.
#[test]
fn fuzzer_findings() {
    let _serial = serial();
    // picture: crash-3eb416223e9e69e6bb8ee19793911ad1ad2027d8, a row of `|`
    // alone read as a picture of no columns, which could not be written back.
    for text in ["|", "|\n", "01\n||\n"] {
        let e = nonogram_formats::parse_picture(text).unwrap_err();
        assert!(e.to_string().ends_with("this row has no cells, only `|` separators"), "{text:?}: {e}");
    }
    // Detection does not take it for a picture.
    assert_eq!(outcome("|\n"), "error: line 1, column 1: size `|` is not a whole number");
    // parse: crash-e84cc6b713152b462fcc5e22242d83903606eeaf, a closing tag
    // of 360 characters that the XML parser quoted whole in its message.
    let text = format!("<I> </I{}>\t<?", "01".repeat(180));
    let e = nonogram_formats::parse(&text).unwrap_err();
    assert!(e.message.chars().count() < 200, "{e}");
    assert!(e.message.starts_with("invalid XML: expected 'I' tag, not 'I0101"), "{e}");
}

#[test]
fn a_batch_puzzle_of_millions_of_lines_is_refused_early() {
    let _serial = serial();
    let text = format!("$1\n{}", "1\n".repeat(5_000_000));
    assert_eq!(outcome(&text), "error: line 2003: puzzle $1 has more than 2001 clue lines");
}

#[test]
fn a_hundred_thousand_puzzle_batch_reads_fast() {
    let _serial = serial();
    let batch: String = (1..=100_000).map(|i| format!("${i}\n1\n1\n")).collect();
    assert_eq!(outcome_within(&batch, 10.0, 400), "TAAI batch: 100000 puzzles");
}

#[test]
fn texts_over_the_limit_are_refused_unread() {
    let _serial = serial();
    let huge = "1".repeat(nonogram_formats::MAX_TEXT_BYTES + 1);
    let (outcome, elapsed, _) = measured(&huge);
    assert_eq!(outcome, "error: the text is 64 MB; the largest read is 64 MB");
    assert!(elapsed.as_secs_f64() < 0.1);
}

#[test]
fn ten_megabytes_of_non_stay_fast_and_small() {
    let _serial = serial();
    let junk =
        format!("width 1\nheight 1\nrows\n1\ncolumns\n1\n{}", "ignored line\n".repeat(10_000_000 / 13));
    assert_eq!(
        outcome(&junk),
        "error: line 20001: this puzzle has more than 20000 lines; no puzzle needs that many"
    );
    let rows = format!("width 1\nheight 1\nrows\n{}columns\n1\n", "1\n".repeat(5_000_000));
    assert_eq!(
        outcome(&rows),
        "error: line 20001: this puzzle has more than 20000 lines; no puzzle needs that many"
    );
    // A nonpack of many small puzzles reads whole; its memory is the
    // puzzles' own (about half a kilobyte each).
    let pack = "width 1\nheight 1\nrows\n1\ncolumns\n1\n====\n".repeat(200_000);
    assert!(pack.len() > 6_000_000);
    assert_eq!(outcome_within(&pack, 2.0, 150), ".non: 200000 puzzles");
}
