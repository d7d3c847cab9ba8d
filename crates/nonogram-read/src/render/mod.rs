//! Pictures drawn by code: whole puzzles in the styles people meet (the
//! test set, the benchmark, most of the trainer's samples), photo-like
//! copies of them, and loose numbers and marks (the rest of the trainer's
//! samples). Feature `train` only: the reader itself draws nothing.
//!
//! - [`canvas`]: a colour picture and its shapes;
//! - [`lettering`]: digits from fonts, of square pixels, of segments;
//! - [`puzzle`]: a puzzle in a style, part-played or not, in a game's
//!   frame;
//! - [`photo`]: what a camera does to a screen or a page;
//! - [`scene`]: a random picture of a style as a person has it.
//!
//! Everything comes from a seed through [`Rng`], so a set is the same on
//! every machine that has the same fonts (Debian's font packages, which
//! `scripts/setup` installs).

pub mod canvas;
pub mod lettering;
pub mod photo;
pub mod puzzle;
pub mod rng;
pub mod scene;

pub use canvas::{grey, Canvas, Colour};
pub use lettering::{faces, font_folders, held_back, Face, Lettering, Pen, PixelGrid, FONT_PACKAGES};
pub use photo::Photo;
pub use puzzle::{draw_puzzle, framed, in_frame, random_solution, Drawn, Look, Style, RULED, STYLES};
pub use rng::Rng;
pub use scene::{scene, training_scene, Kind, Scene};

/// Characters drawn as "no digit" samples: marks and letters no font
/// draws like a digit (no O, l, I, S, B, Z, g, q, D, G, b).
pub const NOT_DIGITS: &str = "ACEFHJKMNPRTUVWXYacdefhkmnprtuvwxy×•+#?!%&@";
