//! The page (see `nonogram_studio::page`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    nonogram_studio::page::start();
}
