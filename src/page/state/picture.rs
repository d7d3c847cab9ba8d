//! The picture panel's state and its reducer: the uploaded picture, what
//! the panel says, the clues last made from it and their check. The panel
//! (`page/picture_view.rs`) turns what happens into a [`PictureAction`],
//! [`PictureState::reduce`] changes the state and says which
//! [`PictureEffect`]s to carry out (post to the picture worker, put clues
//! in `Clues`, wait for the threshold slider to rest), as the page's own
//! reducer does. Tested natively.
//!
//! The picture worker answers each request by its id; an answer to an
//! older request (an older upload, size or check) is dropped here.

use super::text::check_text;
use crate::page::upload::{colour_view, Upload};
use crate::protocol::{Cells, CheckRequest, FixNote, FromWorker, ToWorker, VerdictKind};
use nonogram_core::Grid;
use nonogram_formats::raster::MAX_GRID_SIDE;
use nonogram_formats::{write, write_colour, Format};
use std::rc::Rc;

/// The clues made from the picture: their text (`.non`, or webpbn XML for
/// a colour picture) and the grid (a colour picture's filled cells).
#[derive(Clone, Debug, PartialEq)]
pub struct PictureClues {
    pub text: String,
    pub grid: Rc<Grid>,
}

/// What the check said about the current picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CheckView {
    /// The check whose answers are awaited; older ones are ignored.
    pub id: u32,
    pub status: String,
    /// The other solution, when there are several (for a colour picture,
    /// filled where it is not the background, and its colours).
    pub other: Option<Grid>,
    pub other_colours: Option<Vec<u8>>,
    /// Grid indices where the picture and the other solution differ.
    pub differing: Vec<usize>,
    pub fixes: Vec<FixNote>,
    pub fix_status: String,
}

/// The picture panel's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PictureState {
    /// The last request's id.
    last_id: u32,
    /// The uploaded picture, once read.
    pub picture: Option<Upload>,
    /// The latest upload: its request's id and the file's name.
    load: (u32, String),
    pub note: String,
    pub error: String,
    /// The clues last made from the picture.
    pub last_clues: Option<PictureClues>,
    pub check: CheckView,
    /// Bumped when the panel must be drawn anew.
    pub version: u64,
}

/// Everything that changes the picture panel's state.
#[derive(Clone, Debug)]
pub enum PictureAction {
    /// A file chosen: the panel posts it with the `LoadPicture` request.
    Upload {
        name: String,
    },
    /// The width or height typed (text, checked here).
    Width(String),
    Height(String),
    KeepAspect(bool),
    Threshold(u8),
    Otsu,
    Invert(bool),
    /// Colours, background included: 2 black and white, 3 to 8 colours.
    Colours(u8),
    /// Paint clicked cells with this colour (colour pictures).
    Paint(u8),
    /// A palette colour edited: its index and `#rrggbb`.
    Swatch(usize, String),
    /// A cell clicked: switched, or painted (colour pictures).
    Cell(usize, usize),
    /// A fix: switch the cell, or (colour) paint it with that colour.
    ApplyFix(usize, usize, Option<u8>),
    /// Put the picture's clues back into `Clues` after hand edits there.
    UseClues,
    /// The threshold slider rested: make the clues and check them.
    Sync,
    FromWorker(FromWorker),
    /// The picture worker could not start, or stopped.
    WorkerFailed(String),
}

/// What the panel carries out for the reducer.
#[derive(Clone, Debug, PartialEq)]
pub enum PictureEffect {
    /// Post this to the picture worker (a `LoadPicture` goes with the
    /// file uploaded).
    Post(ToWorker),
    /// New clues for `Clues`.
    Clues(PictureClues),
    /// Send `Sync` once the threshold slider rests a moment (one pending
    /// is replaced).
    SyncSoon,
    /// A pending `Sync` is not needed any more (the clues were made now).
    CancelSync,
}

impl PictureState {
    /// Changes the state; says what to carry out.
    pub fn reduce(&mut self, action: PictureAction) -> Vec<PictureEffect> {
        let mut effects = Vec::new();
        match action {
            PictureAction::Upload { name } => {
                let id = self.next_id();
                self.load = (id, name.clone());
                self.note = format!("Reading {name}…");
                self.error.clear();
                effects.push(PictureEffect::Post(ToWorker::LoadPicture { id, name }));
            }
            PictureAction::Width(text) => {
                if let (Some(v), Some(p)) = (self.side("Width", &text), &self.picture) {
                    let size = p.resize(Some(v), None);
                    self.ask_size(size, &mut effects);
                }
            }
            PictureAction::Height(text) => {
                if let (Some(v), Some(p)) = (self.side("Height", &text), &self.picture) {
                    let size = p.resize(None, Some(v));
                    self.ask_size(size, &mut effects);
                }
            }
            PictureAction::WorkerFailed(what) => {
                self.picture = None;
                self.error = what;
                self.version += 1;
            }
            PictureAction::FromWorker(message) => self.worker_message(message, &mut effects),
            PictureAction::UseClues => {
                if let Some(clues) = &self.last_clues {
                    effects.push(PictureEffect::Clues(clues.clone()));
                }
            }
            PictureAction::Sync => self.make_clues(&mut effects),
            action => self.picture_action(action, &mut effects),
        }
        effects
    }

    fn next_id(&mut self) -> u32 {
        self.last_id += 1;
        self.last_id
    }

    /// A side typed: a whole number of cells in range, or the error says so.
    fn side(&mut self, what: &str, text: &str) -> Option<usize> {
        match text.trim().parse::<usize>() {
            Ok(v) if (1..=MAX_GRID_SIDE).contains(&v) => {
                self.error.clear();
                Some(v)
            }
            _ => {
                self.error = format!("{what}: enter a whole number of cells from 1 to {MAX_GRID_SIDE}");
                None
            }
        }
    }

    /// Asks the worker for the picture's cells at a grid size (and its
    /// colours, with 3 or more).
    fn ask_size(&mut self, size: (usize, usize), effects: &mut Vec<PictureEffect>) {
        let id = self.next_id();
        let Some(p) = &mut self.picture else { return };
        p.asked = size;
        let colours = p.colours;
        effects.push(PictureEffect::Post(ToWorker::Resample { id, width: size.0, height: size.1, colours }));
    }

    /// What changes the picture itself (its settings, its cells, its colours).
    fn picture_action(&mut self, action: PictureAction, effects: &mut Vec<PictureEffect>) {
        let Some(p) = &mut self.picture else { return };
        match action {
            PictureAction::KeepAspect(on) => {
                p.keep_aspect = on;
                if on {
                    let size = p.resize(Some(p.asked.0), None);
                    self.ask_size(size, effects);
                }
            }
            // The preview follows the slider at once; the clues and the
            // check once it rests (they redraw the board: on a 200×150
            // grid that is tens of milliseconds).
            PictureAction::Threshold(t) => {
                p.threshold = Some(t);
                self.version += 1;
                self.check = CheckView { status: "Checking…".into(), ..CheckView::default() };
                effects.push(PictureEffect::SyncSoon);
            }
            PictureAction::Otsu => {
                p.threshold = None;
                self.picture_changed(effects);
            }
            PictureAction::Invert(on) => {
                p.invert = on;
                self.picture_changed(effects);
            }
            PictureAction::Cell(r, c) => {
                match p.is_colour() {
                    true => p.paint_cell(r, c),
                    false => p.toggle(r, c),
                }
                self.picture_changed(effects);
            }
            PictureAction::ApplyFix(r, c, colour) => {
                match colour {
                    Some(k) => p.paint_cell_with(r, c, k),
                    None => p.toggle(r, c),
                }
                self.picture_changed(effects);
            }
            PictureAction::Colours(n) => {
                p.colours = n.clamp(2, 8);
                let size = p.asked;
                self.check = CheckView::default();
                self.version += 1;
                self.ask_size(size, effects);
            }
            PictureAction::Paint(c) => {
                p.paint = c;
                self.version += 1;
            }
            PictureAction::Swatch(i, value) => {
                if let (Some(slot), Some(rgb)) = (p.palette.get_mut(i), nonogram_formats::parse_rgb(&value)) {
                    *slot = rgb;
                    self.picture_changed(effects);
                }
            }
            _ => {}
        }
    }

    /// The picture changed: it is drawn anew, its clues go into `Clues`,
    /// and a new check starts.
    fn picture_changed(&mut self, effects: &mut Vec<PictureEffect>) {
        self.version += 1;
        self.make_clues(effects);
    }

    /// New clues from the picture into `Clues`, and a new check.
    fn make_clues(&mut self, effects: &mut Vec<PictureEffect>) {
        effects.push(PictureEffect::CancelSync);
        let Some(p) = &self.picture else { return };
        let (text, grid, cells) = if p.is_colour() {
            let (Some(puzzle), Some(colours)) = (p.colour_puzzle(), p.colour_grid()) else { return };
            let text = write_colour(Format::WebpbnXml, &puzzle).unwrap_or_default();
            (text, colour_view(&colours, puzzle.width()), Cells::of_colour_solution(&colours))
        } else {
            let (Some(grid), Some(puzzle)) = (p.grid(), p.puzzle()) else { return };
            let cells = Cells::of(&grid);
            (write(Format::Non, &puzzle).unwrap_or_default(), grid, cells)
        };
        let (width, height) = (grid.width(), grid.height());
        let clues = PictureClues { text, grid: Rc::new(grid) };
        self.last_clues = Some(clues.clone());
        effects.push(PictureEffect::Clues(clues));
        let id = self.next_id();
        self.check = CheckView { id, status: "Checking…".into(), ..CheckView::default() };
        effects.push(PictureEffect::Post(ToWorker::Check(CheckRequest { id, width, height, cells })));
    }

    fn worker_message(&mut self, message: FromWorker, effects: &mut Vec<PictureEffect>) {
        match message {
            FromWorker::PictureLoaded { id, kind, width, height, grid_width, grid_height }
                if id == self.load.0 =>
            {
                let name = self.load.1.clone();
                let unit = if kind.contains("text") { "cells" } else { "pixels" };
                self.note = format!("{name}: {kind}, {width}×{height} {unit}");
                self.picture = Some(Upload::new(name, kind, (width, height), (grid_width, grid_height)));
            }
            FromWorker::Cells { width, height, values, otsu, .. } => {
                let Some(p) = &mut self.picture else { return };
                if p.asked != (width, height) {
                    return; // an older size's answer
                }
                let dropped = p.set_values(width, height, values, otsu);
                if dropped > 0 {
                    let s = if dropped == 1 { "" } else { "s" };
                    self.error = format!("The new size cleared {dropped} cell{s} switched by hand.");
                }
                self.picture_changed(effects);
            }
            FromWorker::ColourCells { width, height, cells, palette, .. } => {
                let Some(p) = &mut self.picture else { return };
                if p.asked != (width, height) || p.colours < 3 {
                    return; // an older request's answer
                }
                let palette = palette.as_chunks::<3>().0.to_vec();
                let dropped = p.set_colour_cells(width, height, cells, palette);
                if dropped > 0 {
                    let s = if dropped == 1 { "" } else { "s" };
                    self.error =
                        format!("The new size or colours cleared {dropped} cell{s} painted by hand.");
                }
                self.picture_changed(effects);
            }
            FromWorker::PictureError { id, message } if id == self.check.id && id != self.load.0 => {
                self.check.status = message
            }
            FromWorker::PictureError { id, message } => {
                // A picture not read: the previous picture and puzzle stay.
                if id == self.load.0 {
                    self.note.clear();
                }
                self.error = message;
            }
            FromWorker::Checked {
                id,
                verdict,
                by_line_logic,
                guesses,
                probes,
                contradictions,
                ms,
                other,
            } if id == self.check.id => {
                self.checked(verdict, (by_line_logic, guesses, probes, contradictions), ms, other);
            }
            FromWorker::Fixes { id, fixes, tried, total, done } if id == self.check.id => {
                self.check.fix_status = match (done, fixes.is_empty()) {
                    (false, _) => format!("Looking for single-cell fixes… {tried} of {total} cells tried"),
                    (true, true) => format!(
                        "No single-cell change near the differing cells makes the puzzle unique ({total} tried); \
                         switch a few cells by hand."
                    ),
                    (true, false) => format!("Fixes found ({tried} of {total} cells tried):"),
                };
                self.check.fixes = fixes;
            }
            _ => {} // an answer to an older request
        }
    }

    /// The check's verdict, and the other solution's differing cells (for
    /// a black-and-white picture, fixes follow).
    fn checked(
        &mut self,
        verdict: VerdictKind,
        counts: (bool, u64, u64, u64),
        ms: f64,
        other: Option<Cells>,
    ) {
        let Some(p) = &self.picture else { return };
        if let Some(colours) = p.colour_grid() {
            let (by_line_logic, guesses, probes, _) = counts;
            self.check.status = check_text(verdict, (by_line_logic, guesses, probes, 0), ms, true);
            let other: Option<Vec<u8>> =
                other.map(|o| o.colours().iter().map(|s| s.trailing_zeros() as u8).collect());
            if let Some(o) = &other {
                self.check.differing =
                    (0..o.len().min(colours.len())).filter(|&i| o[i] != colours[i]).collect();
                self.check.other = Some(colour_view(o, p.size().0));
                self.check.fix_status =
                    "Fix suggestions take black-and-white pictures for now: paint a differing cell by hand."
                        .into();
            }
            self.check.other_colours = other;
        } else {
            let Some(picture) = p.grid() else { return };
            self.check.status = check_text(verdict, counts, ms, false);
            let other = other.and_then(|o| o.grid(picture.width(), picture.height()));
            if let Some(o) = &other {
                self.check.differing =
                    (0..o.cells().len()).filter(|&i| o.cells()[i] != picture.cells()[i]).collect();
                self.check.fix_status = "Looking for single-cell fixes…".into();
            }
            self.check.other = other;
        }
        self.version += 1; // the outlines and the two solutions
    }
}

#[cfg(test)]
mod tests;
