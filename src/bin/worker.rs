//! The worker script: the solver, the racing workers and the picture
//! worker (see `nonogram_studio::worker`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    nonogram_studio::worker::start();
}
