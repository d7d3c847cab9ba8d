//! The fonts held back from training, for the tests' own pictures.

use nonogram_read::render::{self, faces, held_back, Face};

/// One face held back from training: DejaVu Sans where it is installed.
pub fn a_face() -> Face {
    let all = faces(&render::font_folders());
    let mut held: Vec<Face> =
        all.into_iter().enumerate().filter(|(i, _)| held_back(*i)).map(|(_, f)| f).collect();
    let at = held.iter().position(|f| f.path.to_string_lossy().contains("DejaVuSans.ttf")).unwrap_or(0);
    held.swap_remove(at)
}
