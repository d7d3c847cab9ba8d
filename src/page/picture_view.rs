//! The picture panel (upload a picture, set its grid size, threshold and
//! `Invert`, switch cells by hand, see whether its puzzle is fair, apply a
//! fix).
//!
//! The picture worker decodes and averages pictures and runs the checks, so
//! the page only thresholds (cheap) and draws. Every change of the picture
//! makes new clues: they replace the `Clues` text (the page's one current
//! puzzle) and are checked at once.

use super::{App, Msg, WorkerHandle};
use crate::picture::Picture;
use crate::protocol::{cells_text, CheckRequest, FixNote, FromWorker, ToWorker};
use nonogram_core::{Cell, Grid};
use nonogram_formats::raster::MAX_GRID_SIDE;
use nonogram_formats::{write, Format};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Pixels per cell of an exported PNG: large enough to see, and an upload
/// of it is read back pixel-exact (its cells are uniform blocks).
pub(super) const PNG_CELL: u32 = 8;

pub enum PictureMsg {
    Upload(web_sys::File),
    Width(String),
    Height(String),
    KeepAspect(bool),
    Threshold(u8),
    Otsu,
    Invert(bool),
    Click(MouseEvent),
    ApplyFix(usize, usize),
    /// Put the picture's clues back into `Clues` after hand edits there.
    UseClues,
    /// The threshold slider rested: make the clues and check them.
    Sync,
}

/// What the check said about the current picture.
#[derive(Default)]
pub struct CheckView {
    /// The check whose answers are awaited; older ones are ignored.
    pub id: u32,
    pub status: String,
    /// The other solution, when there are several.
    pub other: Option<Grid>,
    /// Grid indices where the picture and the other solution differ.
    pub differing: Vec<usize>,
    pub fixes: Vec<FixNote>,
    pub fix_status: String,
}

fn cell_name(i: usize, width: usize) -> String {
    format!("row {} column {}", i / width + 1, i % width + 1)
}

impl App {
    fn picture_worker(&mut self, ctx: &Context<Self>) -> Option<&WorkerHandle> {
        if self.picture_worker.is_none() {
            match WorkerHandle::spawn(
                ctx.link().callback(Msg::FromPicture),
                ctx.link().callback(Msg::PictureWorkerCrashed),
            ) {
                Ok(w) => self.picture_worker = Some(w),
                Err(e) => self.picture_error = format!("The picture worker could not start: {e}"),
            }
        }
        self.picture_worker.as_ref()
    }

    fn next_request_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    /// The picture changes while a slider moves: the preview follows at
    /// once, the clues and the check once the slider rests a moment (they
    /// redraw the board: on a 200×150 grid that is tens of milliseconds).
    fn picture_changed_soon(&mut self, ctx: &Context<Self>) {
        self.picture_version += 1;
        self.check = CheckView { status: "Checking…".into(), ..CheckView::default() };
        let sync = ctx.link().callback(|_| Msg::Picture(PictureMsg::Sync));
        self.picture_sync = Some(gloo_timers::callback::Timeout::new(150, move || sync.emit(())));
    }

    /// The picture changed: the preview is redrawn, the clues go into
    /// `Clues`, and a new check starts.
    fn picture_changed(&mut self, ctx: &Context<Self>) {
        self.picture_version += 1;
        self.sync_clues(ctx);
    }

    /// New clues from the picture into `Clues`, and a new check (the
    /// preview is already drawn).
    fn sync_clues(&mut self, ctx: &Context<Self>) {
        self.picture_sync = None;
        let Some(p) = &self.picture else { return };
        let (Some(grid), Some(puzzle)) = (p.grid(), p.puzzle()) else { return };
        let text = write(Format::Non, &puzzle).unwrap_or_default();
        self.picture_text = text.clone();
        self.load_input(ctx, text);
        let id = self.next_request_id();
        self.check = CheckView { id, status: "Checking…".into(), ..CheckView::default() };
        let request =
            CheckRequest { id, width: grid.width(), height: grid.height(), cells: cells_text(&grid) };
        if let Some(w) = self.picture_worker(ctx) {
            w.post(&ToWorker::Check(request), None);
        }
    }

    fn ask_size(&mut self, ctx: &Context<Self>, size: (usize, usize)) {
        let Some(p) = &mut self.picture else { return };
        p.asked = size;
        let id = self.next_request_id();
        if let Some(w) = self.picture_worker(ctx) {
            w.post(&ToWorker::Resample { id, width: size.0, height: size.1 }, None);
        }
    }

    fn parse_side(&mut self, what: &str, text: &str) -> Option<usize> {
        match text.trim().parse::<usize>() {
            Ok(v) if (1..=MAX_GRID_SIDE).contains(&v) => {
                self.picture_error.clear();
                Some(v)
            }
            _ => {
                self.picture_error =
                    format!("{what}: enter a whole number of cells from 1 to {MAX_GRID_SIDE}");
                None
            }
        }
    }

    pub(super) fn update_picture(&mut self, ctx: &Context<Self>, msg: PictureMsg) -> bool {
        match msg {
            PictureMsg::Upload(file) => {
                let id = self.next_request_id();
                let name = file.name();
                self.picture_load = (id, name.clone());
                self.picture_note = format!("Reading {name}…");
                self.picture_error.clear();
                if let Some(w) = self.picture_worker(ctx) {
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
                let Some(l) = self.picture_layout.get() else { return false };
                let Some((r, c)) = l.cell_at(e.offset_x() as f64, e.offset_y() as f64) else { return false };
                let Some(p) = &mut self.picture else { return false };
                p.toggle(r, c);
                self.picture_changed(ctx);
            }
            PictureMsg::ApplyFix(r, c) => {
                let Some(p) = &mut self.picture else { return false };
                p.toggle(r, c);
                self.picture_changed(ctx);
            }
            PictureMsg::Sync => self.sync_clues(ctx),
            PictureMsg::UseClues => {
                let text = self.picture_text.clone();
                self.load_input(ctx, text);
            }
        }
        true
    }

    pub(super) fn on_picture_message(&mut self, ctx: &Context<Self>, msg: FromWorker) -> bool {
        match msg {
            FromWorker::PictureLoaded { id, kind, width, height, grid_width, grid_height }
                if id == self.picture_load.0 =>
            {
                let name = self.picture_load.1.clone();
                let unit = if kind.contains("text") { "cells" } else { "pixels" };
                self.picture_note = format!("{name}: {kind}, {width}×{height} {unit}");
                self.picture = Some(Picture::new(name, kind, (width, height), (grid_width, grid_height)));
            }
            FromWorker::Cells { width, height, values, otsu, .. } => {
                let Some(p) = &mut self.picture else { return false };
                if p.asked != (width, height) {
                    return false; // an older size's answer
                }
                let dropped = p.set_values(width, height, values, otsu);
                if dropped > 0 {
                    self.picture_error = format!(
                        "The new size cleared {dropped} cell{} switched by hand.",
                        if dropped == 1 { "" } else { "s" }
                    );
                }
                self.picture_changed(ctx);
            }
            FromWorker::PictureError { id, message } => {
                if id == self.picture_load.0 {
                    // The previous picture and puzzle stay as they were.
                    self.picture_note.clear();
                    self.picture_error = message;
                } else if id == self.check.id {
                    self.check.status = message;
                } else {
                    self.picture_error = message;
                }
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
                let Some(picture) = self.picture.as_ref().and_then(Picture::grid) else { return false };
                let ms = crate::app::millis(ms);
                self.check.status = match verdict.as_str() {
                    "unique" if by_line_logic => format!("Unique — solvable by line logic alone ({ms} ms)"),
                    "unique" if contradictions > 0 => format!(
                        "Unique — needs search ({guesses} guess{}, {probes} probes, then clause learning: \
                         {contradictions} contradictions, {ms} ms)",
                        if guesses == 1 { "" } else { "es" }
                    ),
                    "unique" if guesses == 0 => format!(
                        "Unique — needs guessing (0 guesses; probing: {probes} cells each tried both ways, {ms} ms)"
                    ),
                    "unique" => format!(
                        "Unique — needs guessing ({guesses} guess{}, {probes} probes, {ms} ms)",
                        if guesses == 1 { "" } else { "es" }
                    ),
                    "multiple" => "Multiple solutions".to_string(),
                    other => format!("Check ended: {other}"),
                };
                let other = other.and_then(|o| {
                    let cells =
                        o.chars().map(|c| if c == '#' { Cell::Filled } else { Cell::Empty }).collect();
                    Grid::from_cells(picture.width(), picture.height(), cells)
                });
                if let Some(o) = &other {
                    self.check.differing =
                        (0..o.cells().len()).filter(|&i| o.cells()[i] != picture.cells()[i]).collect();
                    self.check.fix_status = "Looking for single-cell fixes…".into();
                }
                self.check.other = other;
                self.picture_version += 1; // the outlines and the two solutions
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

    pub(super) fn view_picture(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let upload = link.batch_callback(|e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let file = input.files().and_then(|f| f.get(0));
            input.set_value("");
            file.map(|f| Msg::Picture(PictureMsg::Upload(f)))
        });
        let value_of = |e: &Event| e.target_unchecked_into::<HtmlInputElement>();
        html! {
            <section class="picture" aria-labelledby="picture-title">
                <h2 id="picture-title">{ "From picture to puzzle" }</h2>
                <div class="buttons">
                    <input id="upload-picture" class="visually-hidden" type="file"
                        accept="image/png,image/jpeg,image/gif,image/webp,image/bmp,.txt,.pbm,text/plain" onchange={upload} />
                    <label class="file-button" for="upload-picture">{ "Upload picture" }</label>
                    <span class="hint">{ "An image (PNG, JPEG, GIF, WebP, BMP) or a 0/1 text picture (0/1, ./#, _/X)." }</span>
                </div>
                <p id="picture-note" class="progress">{ &self.picture_note }</p>
                if !self.picture_error.is_empty() {
                    <p id="picture-error" class="error" role="alert">{ &self.picture_error }</p>
                }
                if let Some(p) = &self.picture {
                    <div class="picture-settings">
                        <label class="inline" for="pic-width">{ "Width" }</label>
                        <input id="pic-width" type="number" min="1" max={MAX_GRID_SIDE.to_string()} value={p.asked.0.to_string()}
                            onchange={link.callback(move |e: Event| Msg::Picture(PictureMsg::Width(value_of(&e).value())))} />
                        <label class="inline" for="pic-height">{ "Height" }</label>
                        <input id="pic-height" type="number" min="1" max={MAX_GRID_SIDE.to_string()} value={p.asked.1.to_string()}
                            onchange={link.callback(move |e: Event| Msg::Picture(PictureMsg::Height(value_of(&e).value())))} />
                        <label class="inline"><input id="pic-aspect" type="checkbox" checked={p.keep_aspect}
                            onchange={link.callback(move |e: Event| Msg::Picture(PictureMsg::KeepAspect(value_of(&e).checked())))} />{ " Keep aspect ratio" }</label>
                    </div>
                    <div class="picture-settings">
                        <label class="inline" for="pic-threshold">{ "Threshold" }</label>
                        <input id="pic-threshold" type="range" min="0" max="255" value={p.threshold_value().to_string()}
                            oninput={link.callback(move |e: InputEvent| Msg::Picture(PictureMsg::Threshold(
                                e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(127))))} />
                        <span id="pic-threshold-value" class="frame">{
                            if p.threshold.is_none() { format!("{} (Otsu)", p.threshold_value()) }
                            else { format!("{} (Otsu: {})", p.threshold_value(), p.otsu()) }
                        }</span>
                        <button id="pic-otsu" onclick={link.callback(|_| Msg::Picture(PictureMsg::Otsu))}
                            disabled={p.threshold.is_none()}>{ "Otsu" }</button>
                        <label class="inline"><input id="pic-invert" type="checkbox" checked={p.invert}
                            onchange={link.callback(move |e: Event| Msg::Picture(PictureMsg::Invert(value_of(&e).checked())))} />{ " Invert" }</label>
                    </div>
                    <p class="hint">{ format!("Dark cells (grey ≤ threshold) are filled. Click a cell to switch it{}.",
                        match p.edits() { 0 => String::new(), 1 => "; 1 cell switched by hand".into(), n => format!("; {n} cells switched by hand") }) }</p>
                    if self.text != self.picture_text {
                        <p class="hint">{ "The clues were edited by hand and no longer come from this picture. " }
                            <button id="pic-use" onclick={link.callback(|_| Msg::Picture(PictureMsg::UseClues))}>{ "Use the picture's clues" }</button></p>
                    }
                    <div class="canvas-wrap"><canvas id="picture-canvas" ref={self.picture_canvas.clone()}
                        aria-label="The picture as a 0/1 grid with its clues (click a cell to switch it)"
                        onclick={link.callback(|e| Msg::Picture(PictureMsg::Click(e)))}></canvas></div>
                    <p id="check" class="check" aria-live="polite">{ &self.check.status }</p>
                    if let Some(other) = &self.check.other {
                        <p id="check-diff" class="hint">{ format!("The two solutions differ in {} cells, outlined: {}.",
                            self.check.differing.len(),
                            self.check.differing.iter().take(12).map(|&i| cell_name(i, other.width())).collect::<Vec<_>>().join(", ")
                            + if self.check.differing.len() > 12 { ", …" } else { "" }) }</p>
                        <div class="solutions">
                            <figure><canvas id="solution-own" ref={self.own_canvas.clone()}></canvas><figcaption>{ "Your picture" }</figcaption></figure>
                            <figure><canvas id="solution-other" ref={self.other_canvas.clone()}></canvas><figcaption>{ "Another solution" }</figcaption></figure>
                        </div>
                        <p id="fix-status" class="progress">{ &self.check.fix_status }</p>
                        <ul id="fixes">
                            { for self.check.fixes.iter().map(|f| {
                                let (r, c) = (f.row, f.col);
                                let how = if f.by_line_logic { "line logic alone".to_string() }
                                    else { format!("{} guesses", f.guesses) };
                                html! { <li>
                                    <button class="fix" onclick={link.callback(move |_| Msg::Picture(PictureMsg::ApplyFix(r, c)))}>
                                        { format!("{} row {}, column {}", if f.fill { "Fill" } else { "Clear" }, r + 1, c + 1) }
                                    </button>
                                    { format!(" → unique, {how}") }
                                </li> }
                            }) }
                        </ul>
                    }
                }
            </section>
        }
    }
}
