//! The colours of a board, light and dark, and the one the page is in.

/// The colours of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub paper: &'static str,
    /// Filled cells and clue numbers.
    pub ink: &'static str,
    /// The mark of a known-empty cell (and a finished clue's grey): 3:1
    /// against the paper at least, and against the paper under the row
    /// and column highlight (WCAG's least for a mark).
    pub empty: &'static str,
    /// The background of cells the shown step deduced.
    pub fresh: &'static str,
    pub grid: &'static str,
    /// Every fifth grid line and the edges.
    pub grid_bold: &'static str,
    /// The line the shown step worked on.
    pub worked: &'static str,
    /// The contradicting line; cells where solutions differ.
    pub alert: &'static str,
    /// A hand-edited cell's corner (picture panel).
    pub edited: &'static str,
}

pub const LIGHT: Palette = Palette {
    paper: "#ffffff",
    ink: "#1f2430",
    empty: "#7c828c",
    fresh: "#fde68a",
    grid: "#c5c9d0",
    grid_bold: "#1f2430",
    worked: "#2563eb",
    alert: "#dc2626",
    edited: "#2563eb",
};

/// For `prefers-color-scheme: dark`: light cells on a dark board, with the
/// contrast of the light one.
pub const DARK: Palette = Palette {
    paper: "#14171c",
    ink: "#f1f3f6",
    empty: "#7d8594",
    fresh: "#6b5310",
    grid: "#3a404b",
    grid_bold: "#c9ced6",
    worked: "#60a5fa",
    alert: "#f87171",
    edited: "#60a5fa",
};

/// The palette of the reader's colour scheme.
pub fn palette() -> &'static Palette {
    let dark = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches());
    if dark {
        &DARK
    } else {
        &LIGHT
    }
}
