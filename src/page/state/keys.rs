//! Every key the page keeps in the browser's storage (this browser only:
//! nothing leaves it). The reducer asks for them to be written
//! (`Effect::Keep`, `Effect::Forget`, `Effect::KeepInput`); the page's
//! effect runner writes them, and reads them back on a visit.

/// The clue text, from one visit to the next.
pub const INPUT_KEY: &str = "nonogram-studio.input";
/// The person's own text that a sample, a share link or a made puzzle
/// replaced (offered back by "Restore my previous input").
pub const REPLACED_KEY: &str = "nonogram-studio.replaced";
/// The puzzle of a batch that was shown (1-based).
pub const PICK_KEY: &str = "nonogram-studio.puzzle";
/// Kept while play mode is on: a reload comes back to it (a returning
/// visitor gets what they left; the board itself is the progress's).
pub const PLAYING_KEY: &str = "nonogram-studio.playing";
/// My progress: the puzzles played in this browser.
pub const PLAYED_KEY: &str = "nonogram-studio.played";
/// The last puzzle made to order, its order and its text (made again
/// only when the order changes).
pub const GENERATED_KEY: &str = "nonogram-studio.made";
/// Before each puzzle's own key for its play progress (see
/// `play::board::progress_key`: a hash of its clues follows).
pub const PROGRESS_KEY_PREFIX: &str = "nonogram-studio.play.";

/// The longest clue text kept across a reload.
pub const MAX_KEPT_BYTES: usize = 1 << 20;
