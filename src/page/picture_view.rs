//! The picture panel (upload a picture, set its grid size, threshold and
//! `Invert`, switch cells by hand, see whether its puzzle is fair, apply a
//! fix).
//!
//! The picture worker decodes and averages pictures and runs the checks, so
//! the page only thresholds (cheap) and draws. Every change of the picture
//! makes new clues: they replace the `Clues` text (the page's one current
//! puzzle) and are checked at once.

use super::worker_handle::WorkerHandle;
use crate::page::picture::colour_view;
use crate::page::picture::Picture;
use crate::protocol::{Cells, CheckRequest, FixNote, FromWorker, ToWorker};
use nonogram_core::Grid;
use nonogram_formats::raster::MAX_GRID_SIDE;
use nonogram_formats::{write, write_colour, Format};
use std::rc::Rc;
use yew::prelude::*;

/// Pixels per cell of an exported PNG: large enough to see, and an upload
/// of it is read back pixel-exact (its cells are uniform blocks).
pub(super) const PNG_CELL: u32 = 8;

/// The clues made from the picture: their `.non` text and the grid.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureClues {
    pub text: String,
    pub grid: Rc<Grid>,
}

#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// The clues were edited since the picture's last clues went in.
    pub edited: bool,
    /// Bumped when the window is resized: the picture is drawn anew.
    pub resized: u64,
    /// New clues from the picture, for `Clues`.
    pub on_clues: Callback<PictureClues>,
}

pub enum PictureMsg {
    Upload(web_sys::File),
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
    Click(MouseEvent),
    /// A fix: switch the cell, or (colour) paint it with that colour.
    ApplyFix(usize, usize, Option<u8>),
    /// Put the picture's clues back into `Clues` after hand edits there.
    UseClues,
    /// The threshold slider rested: make the clues and check them.
    Sync,
    FromWorker(FromWorker),
    WorkerCrashed(String),
}

/// The picture panel: its picture, its worker and its check.
pub struct PicturePanel {
    /// Ids of picture requests.
    next_id: u32,
    /// The uploaded picture, once read.
    pub(super) picture: Option<Picture>,
    worker: Option<WorkerHandle>,
    /// The latest upload (its id and file name) and what the panel says.
    load: (u32, String),
    pub(super) note: String,
    pub(super) error: String,
    /// The clues last made from the picture.
    pub(super) made: Option<PictureClues>,
    pub(super) check: CheckView,
    pub(super) canvas: NodeRef,
    pub(super) own_canvas: NodeRef,
    pub(super) other_canvas: NodeRef,
    /// Bumped when the panel must be drawn anew.
    pub(super) version: u64,
    pub(super) drawn: std::cell::Cell<(u64, f64)>,
    pub(super) layout: std::cell::Cell<Option<crate::page::layout::Layout>>,
    /// Pending: make the clues of the picture once the threshold slider rests.
    sync: Option<gloo_timers::callback::Timeout>,
}

impl Component for PicturePanel {
    type Message = PictureMsg;
    type Properties = PictureProps;

    fn create(_: &Context<Self>) -> Self {
        PicturePanel {
            next_id: 0,
            picture: None,
            worker: None,
            load: (0, String::new()),
            note: String::new(),
            error: String::new(),
            made: None,
            check: CheckView::default(),
            canvas: NodeRef::default(),
            own_canvas: NodeRef::default(),
            other_canvas: NodeRef::default(),
            version: 0,
            drawn: Default::default(),
            layout: Default::default(),
            sync: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: PictureMsg) -> bool {
        match msg {
            PictureMsg::FromWorker(m) => self.on_worker_message(ctx, m),
            PictureMsg::WorkerCrashed(what) => {
                self.worker = None;
                self.picture = None;
                self.error =
                    format!("The picture worker stopped unexpectedly ({what}); upload the picture again.");
                self.version += 1;
                true
            }
            msg => self.on_input(ctx, msg),
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.view_panel(ctx)
    }

    fn rendered(&mut self, _: &Context<Self>, _: bool) {
        self.draw();
    }
}

/// What the check said about the current picture.
#[derive(Default)]
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

impl PicturePanel {
    fn worker(&mut self, ctx: &Context<Self>) -> Option<&WorkerHandle> {
        if self.worker.is_none() {
            match WorkerHandle::spawn(
                ctx.link().callback(PictureMsg::FromWorker),
                ctx.link().callback(PictureMsg::WorkerCrashed),
            ) {
                Ok(w) => self.worker = Some(w),
                Err(e) => self.error = format!("The picture worker could not start: {e}"),
            }
        }
        self.worker.as_ref()
    }

    fn next_request_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    /// The picture changes while a slider moves: the preview follows at
    /// once, the clues and the check once the slider rests a moment (they
    /// redraw the board: on a 200×150 grid that is tens of milliseconds).
    fn picture_changed_soon(&mut self, ctx: &Context<Self>) {
        self.version += 1;
        self.check = CheckView { status: "Checking…".into(), ..CheckView::default() };
        let sync = ctx.link().callback(|_| PictureMsg::Sync);
        self.sync = Some(gloo_timers::callback::Timeout::new(150, move || sync.emit(())));
    }

    /// The picture changed: the preview is redrawn, the clues go into
    /// `Clues`, and a new check starts.
    pub(super) fn picture_changed(&mut self, ctx: &Context<Self>) {
        self.version += 1;
        self.sync_clues(ctx);
    }

    /// New clues from the picture into `Clues`, and a new check (the
    /// preview is already drawn).
    fn sync_clues(&mut self, ctx: &Context<Self>) {
        self.sync = None;
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
        let clues = PictureClues { text, grid: Rc::new(grid.clone()) };
        self.made = Some(clues.clone());
        ctx.props().on_clues.emit(clues);
        let id = self.next_request_id();
        self.check = CheckView { id, status: "Checking…".into(), ..CheckView::default() };
        let request = CheckRequest { id, width: grid.width(), height: grid.height(), cells };
        if let Some(w) = self.worker(ctx) {
            w.post(&ToWorker::Check(request), None);
        }
    }

    pub(super) fn ask_size(&mut self, ctx: &Context<Self>, size: (usize, usize)) {
        let Some(p) = &mut self.picture else { return };
        p.asked = size;
        let colours = p.colours;
        let id = self.next_request_id();
        if let Some(w) = self.worker(ctx) {
            w.post(&ToWorker::Resample { id, width: size.0, height: size.1, colours }, None);
        }
    }

    fn parse_side(&mut self, what: &str, text: &str) -> Option<usize> {
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

    fn on_input(&mut self, ctx: &Context<Self>, msg: PictureMsg) -> bool {
        match msg {
            PictureMsg::Upload(file) => {
                let id = self.next_request_id();
                let name = file.name();
                self.load = (id, name.clone());
                self.note = format!("Reading {name}…");
                self.error.clear();
                if let Some(w) = self.worker(ctx) {
                    w.post(&ToWorker::LoadPicture { id, name }, Some(file.as_ref()));
                }
            }
            PictureMsg::Width(text) => {
                let (Some(v), Some(p)) = (self.parse_side("Width", &text), &self.picture) else {
                    return true;
                };
                let size = p.resize(Some(v), None);
                self.ask_size(ctx, size);
            }
            PictureMsg::Height(text) => {
                let (Some(v), Some(p)) = (self.parse_side("Height", &text), &self.picture) else {
                    return true;
                };
                let size = p.resize(None, Some(v));
                self.ask_size(ctx, size);
            }
            PictureMsg::KeepAspect(on) => {
                let Some(p) = &mut self.picture else { return false };
                p.keep_aspect = on;
                if on {
                    let size = p.resize(Some(p.asked.0), None);
                    self.ask_size(ctx, size);
                }
            }
            PictureMsg::Threshold(t) => {
                let Some(p) = &mut self.picture else { return false };
                p.threshold = Some(t);
                self.picture_changed_soon(ctx);
            }
            PictureMsg::Otsu => {
                let Some(p) = &mut self.picture else { return false };
                p.threshold = None;
                self.picture_changed(ctx);
            }
            PictureMsg::Invert(on) => {
                let Some(p) = &mut self.picture else { return false };
                p.invert = on;
                self.picture_changed(ctx);
            }
            PictureMsg::Click(e) => {
                let Some(l) = self.layout.get() else { return false };
                let Some((r, c)) = l.cell_at(e.offset_x() as f64, e.offset_y() as f64) else { return false };
                let Some(p) = &mut self.picture else { return false };
                match p.is_colour() {
                    true => p.paint_cell(r, c),
                    false => p.toggle(r, c),
                }
                self.picture_changed(ctx);
            }
            msg @ (PictureMsg::Colours(_) | PictureMsg::Paint(_) | PictureMsg::Swatch(..)) => {
                return self.on_colour_input(ctx, msg)
            }
            PictureMsg::ApplyFix(r, c, colour) => {
                let Some(p) = &mut self.picture else { return false };
                match colour {
                    Some(k) => p.paint_cell_with(r, c, k),
                    None => p.toggle(r, c),
                }
                self.picture_changed(ctx);
            }
            PictureMsg::Sync => self.sync_clues(ctx),
            PictureMsg::UseClues => {
                if let Some(clues) = &self.made {
                    ctx.props().on_clues.emit(clues.clone());
                }
            }
            PictureMsg::FromWorker(_) | PictureMsg::WorkerCrashed(_) => return false,
        }
        true
    }

    fn on_worker_message(&mut self, ctx: &Context<Self>, msg: FromWorker) -> bool {
        match msg {
            FromWorker::PictureLoaded { id, kind, width, height, grid_width, grid_height }
                if id == self.load.0 =>
            {
                let name = self.load.1.clone();
                let unit = if kind.contains("text") { "cells" } else { "pixels" };
                self.note = format!("{name}: {kind}, {width}×{height} {unit}");
                self.picture = Some(Picture::new(name, kind, (width, height), (grid_width, grid_height)));
            }
            FromWorker::Cells { width, height, values, otsu, .. } => {
                let Some(p) = &mut self.picture else { return false };
                if p.asked != (width, height) {
                    return false; // an older size's answer
                }
                let dropped = p.set_values(width, height, values, otsu);
                if dropped > 0 {
                    let s = if dropped == 1 { "" } else { "s" };
                    self.error = format!("The new size cleared {dropped} cell{s} switched by hand.");
                }
                self.picture_changed(ctx);
            }
            FromWorker::ColourCells { width, height, cells, palette, .. } => {
                return self.on_colour_cells(ctx, (width, height), cells, palette)
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
                if self.picture.as_ref().is_some_and(Picture::is_colour) {
                    return self.colour_checked(verdict, (by_line_logic, guesses, probes, ms), other);
                }
                let Some(picture) = self.picture.as_ref().and_then(Picture::grid) else { return false };
                self.check.status = crate::page::state::text::check_text(
                    verdict,
                    (by_line_logic, guesses, probes, contradictions),
                    ms,
                    false,
                );
                let other = other.and_then(|o| o.grid(picture.width(), picture.height()));
                if let Some(o) = &other {
                    self.check.differing =
                        (0..o.cells().len()).filter(|&i| o.cells()[i] != picture.cells()[i]).collect();
                    self.check.fix_status = "Looking for single-cell fixes…".into();
                }
                self.check.other = other;
                self.version += 1; // the outlines and the two solutions
            }
            FromWorker::Fixes { id, fixes, tried, total, done } if id == self.check.id => {
                self.check.fixes = fixes;
                self.check.fix_status = match (done, self.check.fixes.is_empty()) {
                    (false, _) => format!("Looking for single-cell fixes… {tried} of {total} cells tried"),
                    (true, true) => format!(
                        "No single-cell change near the differing cells makes the puzzle unique ({total} tried); \
                         switch a few cells by hand."
                    ),
                    (true, false) => format!("Fixes found ({tried} of {total} cells tried):"),
                };
            }
            _ => return false,
        }
        true
    }
}
