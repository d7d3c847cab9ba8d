//! The picture worker's text reader (a 0/1 picture from a file): never a
//! panic; a picture read writes and reads back the same, and its clues
//! are a valid puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_core::Puzzle;
use nonogram_formats::{parse_picture, write_picture};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    if let Ok(grid) = parse_picture(text) {
        assert_eq!(parse_picture(&write_picture(&grid)).unwrap(), grid);
        Puzzle::from_picture(&grid).validate().unwrap();
    }
});
