//! Share-link decoding: never a panic; a decoded puzzle encodes and decodes
//! to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_formats::share;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    if let Ok(puzzle) = share::decode(text) {
        assert_eq!(share::decode(&share::encode(&puzzle)).unwrap(), puzzle);
    }
});
