//! The picture worker's script: pictures made into puzzles, and puzzles
//! read from pictures (see `nonogram_studio::worker::pictures`). Loaded
//! when first used, so the page's first download carries none of it.

fn main() {
    #[cfg(target_arch = "wasm32")]
    nonogram_studio::worker::pictures::start();
}
