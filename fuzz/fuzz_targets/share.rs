//! Share-link decoding: never a panic; a decoded puzzle encodes and decodes
//! to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_formats::share;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    match share::decode_any(text) {
        Ok(share::Shared::Black(puzzle)) => {
            assert_eq!(share::decode(&share::encode(&puzzle)).unwrap(), puzzle);
        }
        Ok(share::Shared::Colour(puzzle)) => {
            let again = share::decode_any(&share::encode_colour(&puzzle)).unwrap();
            assert_eq!(again, share::Shared::Colour(puzzle));
        }
        Err(_) => {}
    }
});
