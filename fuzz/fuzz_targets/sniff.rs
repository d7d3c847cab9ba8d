//! Image header sniffing (the picture worker's first look at a file): never
//! a panic, and a size it accepts is within the limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_formats::raster::{sniff, Sniffed, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};

fuzz_target!(|bytes: &[u8]| {
    if let Ok(Sniffed::Image { width, height, .. }) = sniff(bytes) {
        assert!(width >= 1 && height >= 1 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE);
        assert!(u64::from(width) * u64::from(height) <= MAX_IMAGE_PIXELS);
    }
});
