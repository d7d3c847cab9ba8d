//! The picture panel (upload a picture, set its grid size, threshold and
//! `Invert`, switch cells by hand, see whether its puzzle is fair, apply a
//! fix) and the export and share panel.
//!
//! The picture worker decodes and averages pictures and runs the checks, so
//! the page only thresholds (cheap) and draws. Every change of the picture
//! makes new clues: they replace the `Clues` text (the page's one current
//! puzzle) and are checked at once.

use super::{App, Msg, WorkerHandle};
use crate::draw::{context, draw_clues, draw_grid_lines, for_filled_runs, palette, size_canvas};
use crate::layout::{ClueExtent, Layout};
use crate::picture::Picture;
use crate::protocol::{cells_text, CheckRequest, FixNote, FromWorker, ToWorker};
use nonogram_core::{Cell, Grid, Puzzle};
use nonogram_formats::raster::MAX_GRID_SIDE;
use nonogram_formats::{share, write, write_picture, Format};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Pixels per cell of an exported PNG: large enough to see, and an upload
/// of it is read back pixel-exact (its cells are uniform blocks).
const PNG_CELL: u32 = 8;

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

pub enum ExportMsg {
    Format(String),
    Copy,
    Download,
    Png,
    Share,
    RestoreInput,
    Note(String),
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
            FromWorker::Checked { id, verdict, by_line_logic, guesses, probes, learnt, ms, other }
                if id == self.check.id =>
            {
                let Some(picture) = self.picture.as_ref().and_then(Picture::grid) else { return false };
                self.check.status = match verdict.as_str() {
                    "unique" if by_line_logic => format!("Unique — solvable by line logic alone ({ms:.0} ms)"),
                    "unique" if learnt > 0 => format!(
                        "Unique — needs search ({guesses} guess{}, {probes} probes, then clause learning: \
                         {learnt} contradictions, {ms:.0} ms)",
                        if guesses == 1 { "" } else { "es" }
                    ),
                    "unique" if guesses == 0 => format!(
                        "Unique — needs guessing (0 guesses; probing: {probes} cells each tried both ways, {ms:.0} ms)"
                    ),
                    "unique" => format!(
                        "Unique — needs guessing ({guesses} guess{}, {probes} probes, {ms:.0} ms)",
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

    /// Draws the picture panel's canvases when something in them changed.
    pub(super) fn draw_picture(&self) {
        let (Some(p), Some(canvas)) = (&self.picture, self.picture_canvas.cast::<HtmlCanvasElement>()) else {
            return;
        };
        let (Some(grid), Some(puzzle)) = (p.grid(), p.puzzle()) else { return };
        let max_width = canvas.parent_element().map(|e| e.client_width() as f64).unwrap_or(600.0).max(200.0);
        if self.picture_drawn.get() == (self.picture_version, max_width) {
            return;
        }
        self.picture_drawn.set((self.picture_version, max_width));
        // As wide as the panel (up to 32-pixel cells); the page scrolls down.
        let l = Layout::fit(grid.width(), grid.height(), ClueExtent::of(&puzzle), (max_width, f64::INFINITY));
        let edited: Vec<usize> = (0..grid.cells().len()).filter(|&i| p.is_edited(i)).collect();
        draw_cells(&canvas, &l, Some(&puzzle), &grid, &self.check.differing, &edited);
        self.picture_layout.set(Some(l));
        if let Some(other) = &self.check.other {
            for (node, g) in [(&self.own_canvas, &grid), (&self.other_canvas, other)] {
                if let Some(c) = node.cast::<HtmlCanvasElement>() {
                    let cell = (240.0 / g.width().max(g.height()) as f64).floor().clamp(4.0, 14.0);
                    let l = Layout {
                        width: g.width(),
                        height: g.height(),
                        cell,
                        left: 1.0,
                        top: 1.0,
                        font: 9.0,
                        column_font: 9.0,
                    };
                    draw_cells(&c, &l, None, g, &self.check.differing, &[]);
                }
            }
        }
    }

    fn has_export_picture(&self) -> bool {
        (self.picture.is_some() && self.text == self.picture_text)
            || (self.state.puzzle().is_some() && self.state.solutions.len() == 1)
    }

    /// The grid to export as a picture: the uploaded one while the clues
    /// are its clues, else the solution of a puzzle solved as unique.
    fn picture_for_export(&self) -> Option<Grid> {
        if let (Some(p), true) = (&self.picture, self.text == self.picture_text) {
            return p.grid();
        }
        let puzzle = self.state.puzzle()?;
        match self.state.solutions.as_slice() {
            [only] => {
                let cells = only.chars().map(|c| if c == '#' { Cell::Filled } else { Cell::Empty }).collect();
                Grid::from_cells(puzzle.width(), puzzle.height(), cells)
            }
            _ => None,
        }
    }

    /// The export text of the chosen format, or why there is none; kept
    /// until the puzzle, the picture, the solutions or the format change
    /// (the page renders at every playback step).
    fn export_text(&self) -> Result<String, String> {
        let key = (
            self.state.version,
            self.picture_version,
            self.state.solutions.len(),
            self.export_format.clone(),
        );
        if let Some((k, text)) = self.export_cache.borrow().as_ref() {
            if *k == key {
                return text.clone();
            }
        }
        let text = self.make_export_text();
        *self.export_cache.borrow_mut() = Some((key, text.clone()));
        text
    }

    fn make_export_text(&self) -> Result<String, String> {
        let Some(puzzle) = self.state.puzzle() else {
            return Err("No puzzle to export: the clues have an error.".into());
        };
        if self.export_format == "picture" {
            return self
                .picture_for_export()
                .map(|g| write_picture(&g))
                .ok_or_else(|| "No picture: upload one, or solve a puzzle that has one solution.".into());
        }
        let format = Format::from_key(&self.export_format).unwrap_or(Format::Non);
        write(format, puzzle).map_err(|e| e.message)
    }

    fn export_name(&self, extension: &str) -> String {
        let title = self.state.puzzle().and_then(|p| p.meta.title.clone()).unwrap_or_else(|| "puzzle".into());
        let stem: String = title
            .chars()
            .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
            .collect();
        format!("{stem}{extension}")
    }

    pub(super) fn update_export(&mut self, ctx: &Context<Self>, msg: ExportMsg) -> bool {
        let note = ctx.link().callback(|m| Msg::Export(ExportMsg::Note(m)));
        match msg {
            ExportMsg::Format(f) => {
                self.export_format = f;
                self.export_note.clear();
            }
            ExportMsg::Note(m) => self.export_note = m,
            ExportMsg::Copy => match self.export_text() {
                Ok(text) => copy(text, "Copied to the clipboard.", note),
                Err(e) => self.export_note = e,
            },
            ExportMsg::Download => match self.export_text() {
                Ok(text) => {
                    let extension = match self.export_format.as_str() {
                        "non" => ".non",
                        "nin" => ".nin",
                        "json" => ".json",
                        "picture" => "-picture.txt",
                        "seed" => "-seed.txt",
                        _ => ".txt",
                    };
                    let name = self.export_name(extension);
                    self.export_note = match download_text(&name, &text) {
                        Ok(()) => format!("Downloaded {name}."),
                        Err(e) => format!("The download failed: {e}"),
                    };
                }
                Err(e) => self.export_note = e,
            },
            ExportMsg::Png => match self.picture_for_export() {
                Some(grid) => {
                    let name = self.export_name(".png");
                    if let Err(e) = download_png(&grid, name.clone(), note) {
                        self.export_note = format!("The PNG could not be made: {e}");
                    }
                }
                None => {
                    self.export_note =
                        "No picture: upload one, or solve a puzzle that has one solution.".into()
                }
            },
            ExportMsg::Share => {
                let Some(puzzle) = self.state.puzzle() else { return false };
                let Some(location) = web_sys::window().map(|w| w.location()) else { return false };
                let origin = location.origin().unwrap_or_default();
                let path = location.pathname().unwrap_or_default();
                self.share_link = format!("{origin}{path}#p={}", share::encode(puzzle));
                copy(self.share_link.clone(), "Share link copied to the clipboard.", note);
            }
            ExportMsg::RestoreInput => {
                if let Some(text) = self.before_link.take() {
                    self.load_input(ctx, text);
                    self.state.status = "Your previous input is back.".into();
                }
            }
        }
        true
    }

    /// Loads the puzzle of a share link (`#p=…`) into `Clues`, keeping the
    /// input it replaces to be restored; the address loses its `#p=` so
    /// that a reload keeps later edits.
    pub(super) fn open_share_link(&mut self, ctx: &Context<Self>) {
        let Some(window) = web_sys::window() else { return };
        let hash = window.location().hash().unwrap_or_default();
        let Some(code) = hash.strip_prefix("#p=") else { return };
        if let Ok(history) = window.history() {
            let location = window.location();
            let url = format!(
                "{}{}",
                location.pathname().unwrap_or_default(),
                location.search().unwrap_or_default()
            );
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
        match share::decode(code) {
            Ok(puzzle) => {
                let text = write(Format::Non, &puzzle).unwrap_or_default();
                let before = self.current_text();
                if before != text {
                    self.before_link = Some(before);
                }
                self.load_input(ctx, text);
                let name = puzzle.meta.title.as_deref().map(|t| format!("“{t}” ")).unwrap_or_default();
                self.state.status = format!(
                    "Opened the shared puzzle {name}({}×{}): press Solve.",
                    puzzle.width(),
                    puzzle.height()
                );
            }
            Err(e) => {
                self.state.status = format!("The share link could not be read: {e}. Your input is unchanged.")
            }
        }
    }

    pub(super) fn view_export(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let text = self.export_text();
        let formats = [
            ("non", ".non"),
            ("nin", ".nin"),
            ("plain", "plain"),
            ("json", "JSON"),
            ("seed", "seed (square)"),
            ("picture", "0/1 picture"),
        ];
        html! {
            <section class="export" aria-labelledby="export-title">
                <h2 id="export-title">{ "Export and share" }</h2>
                <div class="buttons">
                    <label class="inline" for="export-format">{ "Format" }</label>
                    <select id="export-format" onchange={link.callback(|e: Event|
                        Msg::Export(ExportMsg::Format(e.target_unchecked_into::<HtmlSelectElement>().value())))}>
                        { for formats.iter().map(|&(key, name)| html! {
                            <option value={key} selected={self.export_format == key}>{ name }</option>
                        }) }
                    </select>
                    <button id="export-copy" onclick={link.callback(|_| Msg::Export(ExportMsg::Copy))} disabled={text.is_err()}>{ "Copy" }</button>
                    <button id="export-download" onclick={link.callback(|_| Msg::Export(ExportMsg::Download))} disabled={text.is_err()}>{ "Download" }</button>
                    <button id="export-png" onclick={link.callback(|_| Msg::Export(ExportMsg::Png))}
                        disabled={!self.has_export_picture()}>{ "Download PNG" }</button>
                    <button id="share" onclick={link.callback(|_| Msg::Export(ExportMsg::Share))} disabled={self.state.puzzle().is_none()}>{ "Share link" }</button>
                    if self.before_link.is_some() {
                        <button id="restore-input" onclick={link.callback(|_| Msg::Export(ExportMsg::RestoreInput))}>{ "Restore my previous input" }</button>
                    }
                </div>
                <textarea id="export-text" readonly=true spellcheck="false" rows="6" aria-label="Exported text"
                    value={text.clone().unwrap_or_default()} />
                if let Err(e) = &text { <p class="hint">{ e }</p> }
                if !self.share_link.is_empty() {
                    <label for="share-link">{ "Share link" }</label>
                    <input id="share-link" class="share-link" readonly=true value={self.share_link.clone()} />
                }
                <p id="export-note" class="progress">{ &self.export_note }</p>
            </section>
        }
    }
}

/// Draws cells (filled dark, empty white), optional clues, outlines around
/// `outlined` cells and a corner mark on `marked` ones.
fn draw_cells(
    canvas: &HtmlCanvasElement,
    l: &Layout,
    puzzle: Option<&Puzzle>,
    grid: &Grid,
    outlined: &[usize],
    marked: &[usize],
) {
    let Some(ctx) = context(canvas) else { return };
    let colours = palette();
    let scale = l.backing_scale(web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()));
    let (w, h) = l.size();
    size_canvas(canvas, l, scale);
    let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    ctx.set_fill_style_str(colours.paper);
    ctx.fill_rect(0.0, 0.0, w, h);
    if let Some(p) = puzzle {
        draw_clues(&ctx, l, p, colours);
    }
    ctx.set_fill_style_str(colours.ink);
    let cells = grid.cells();
    for_filled_runs(
        l.width,
        |i| cells[i] == Cell::Filled,
        |row, col, len| {
            let (x, y) = l.cell_origin(row, col);
            ctx.fill_rect(x, y, l.cell * len as f64, l.cell);
        },
        cells.len(),
    );
    if l.cell >= 6.0 {
        draw_grid_lines(&ctx, l, colours);
    }
    ctx.set_fill_style_str(colours.edited);
    for &i in marked {
        let (x, y) = l.cell_origin(i / l.width, i % l.width);
        let d = (l.cell * 0.3).max(3.0);
        ctx.begin_path();
        ctx.move_to(x + l.cell - d, y);
        ctx.line_to(x + l.cell, y);
        ctx.line_to(x + l.cell, y + d);
        ctx.close_path();
        ctx.fill();
    }
    ctx.set_stroke_style_str(colours.alert);
    ctx.set_line_width((l.cell / 8.0).clamp(1.5, 3.0));
    for &i in outlined {
        let (x, y) = l.cell_origin(i / l.width, i % l.width);
        let inset = (l.cell / 8.0).clamp(1.0, 3.0);
        ctx.stroke_rect(x + inset, y + inset, l.cell - 2.0 * inset, l.cell - 2.0 * inset);
    }
}

fn copy(text: String, done: &'static str, note: Callback<String>) {
    let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else { return };
    let promise = clipboard.write_text(&text);
    wasm_bindgen_futures::spawn_local(async move {
        note.emit(match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(_) => done.to_string(),
            Err(_) => "The browser refused the clipboard: select the text and copy it.".to_string(),
        });
    });
}

fn download_blob(name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let err = |e: JsValue| format!("{e:?}");
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(err)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a").map_err(err)?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // The download has its own copy once started; free the blob's URL later.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000);
    }
    Ok(())
}

fn download_text(name: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|e| format!("{e:?}"))?;
    download_blob(name, &blob)
}

/// Draws the grid black on white, [`PNG_CELL`] pixels a cell, and downloads it.
fn download_png(grid: &Grid, name: String, note: Callback<String>) -> Result<(), String> {
    let err = |e: JsValue| format!("{e:?}");
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").map_err(err)?.unchecked_into();
    canvas.set_width(grid.width() as u32 * PNG_CELL);
    canvas.set_height(grid.height() as u32 * PNG_CELL);
    let ctx: CanvasRenderingContext2d =
        canvas.get_context("2d").map_err(err)?.ok_or("no 2D canvas")?.unchecked_into();
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, canvas.width() as f64, canvas.height() as f64);
    ctx.set_fill_style_str("#000000");
    let cell = PNG_CELL as f64;
    for (i, &c) in grid.cells().iter().enumerate() {
        if c == Cell::Filled {
            ctx.fill_rect((i % grid.width()) as f64 * cell, (i / grid.width()) as f64 * cell, cell, cell);
        }
    }
    let done = Closure::once_into_js(move |blob: Option<web_sys::Blob>| {
        note.emit(match blob.map(|b| download_blob(&name, &b)) {
            Some(Ok(())) => format!("Downloaded {name}."),
            Some(Err(e)) => format!("The download failed: {e}"),
            None => "The PNG could not be made.".to_string(),
        });
    });
    canvas.to_blob(done.unchecked_ref()).map_err(err)
}
