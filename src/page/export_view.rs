//! The export and share panel: the puzzle written in each format, copied
//! or downloaded, a PNG of its picture, and a share link.

use super::picture_view::PNG_CELL;
use super::{App, Msg};
use nonogram_core::{Cell, Grid};
use nonogram_formats::{share, write, write_picture, Format};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlSelectElement};
use yew::prelude::*;

pub enum ExportMsg {
    Format(String),
    Copy,
    Download,
    Png,
    Share,
    RestoreInput,
    Note(String),
}

impl App {
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
