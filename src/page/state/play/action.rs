//! What a player does ([`PlayAction`]), and a hint as the page shows it.

use nonogram_core::{Cell, LineId};

/// Everything the player does in play mode.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// Play on, from the progress kept for this puzzle if any; or off.
    Toggle {
        saved: Option<String>,
    },
    /// A press on a cell: fills it (with `cross`, marks it empty); a cell
    /// that is so already is cleared. It starts a stroke.
    Press {
        index: usize,
        cross: bool,
    },
    /// The pressed pointer is over a cell: the stroke paints the run from
    /// where it started, along that row or column, with the press's value.
    Drag {
        row: usize,
        column: usize,
    },
    /// The stroke ends (one step to undo).
    Release,
    /// The stroke is taken back unmade (a second finger touched: a pinch).
    Cancel,
    /// Moves the keyboard's cursor.
    Cursor {
        rows: isize,
        columns: isize,
    },
    /// Keys: the cursor's cell becomes this (unknown clears it).
    Set(Cell),
    Undo,
    Redo,
    /// Every cell unknown again (one step to undo).
    Restart,
    /// Taps mark cells empty rather than fill them (touch screens).
    Crossing(bool),
    /// Presses paint with colour `k` (a colour puzzle; keys 1–9).
    Paint(u8),
    /// Ask the worker for the next deduction from the player's cells.
    Hint,
    /// Fill in the cells the hint shown forces (a guess: keep a
    /// checkpoint first).
    ApplyHint,
    /// The guess led to a contradiction: the cells as they were at the
    /// checkpoint, and the guessed cell not what was guessed (one step to
    /// undo).
    BackToCheckpoint,
    /// Ask the worker which of the player's cells are wrong.
    Check,
    /// The page was hidden (true) or shown again: the clock stops or goes on.
    Hidden(bool),
    /// Check every finished change at once (on) or only on `Check`.
    ShowMistakes(bool),
    /// Crosses off a clue number (the player's own note: this run is
    /// placed), or back on: the line (rows, then columns) and the number.
    CrossClue {
        line: usize,
        number: usize,
    },
}

/// A hint as the board and the page show it.
#[derive(Clone, Debug, PartialEq)]
pub struct HintView {
    pub text: String,
    /// The line to highlight.
    pub line: Option<LineId>,
    /// The cells it deduces (grid index, value as the player's cells hold
    /// it: 1 empty or background, `1 << c` filled or colour `c`): outlined,
    /// and applied by `Apply hint`.
    pub cells: Vec<(u32, u32)>,
    /// A guess (its one cell): applying it keeps a checkpoint.
    pub guess: bool,
    /// Cells it names without deducing them (a dead end's): marked.
    pub marked: Vec<u32>,
}
