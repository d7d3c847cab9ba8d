//! The export and share panel: the puzzle written in each format, copied
//! or downloaded, a PNG of its picture, and a share link.

use crate::page::components::picture_view::PNG_CELL;
use crate::protocol::Cells;
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::{Cell, Grid, Puzzle};
use nonogram_formats::{share, write, write_colour, write_picture, Format};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// The puzzle to export; none when the clues have an error.
    pub puzzle: Option<Rc<Puzzle>>,
    /// A colour puzzle's colours (`puzzle` is then its shape).
    pub colour: Option<Rc<ColourPuzzle>>,
    /// Bumped at each new input: a share link or a note of an older input
    /// is not shown.
    pub version: u64,
    /// The uploaded picture, while the clues are its own.
    pub picture: Option<Rc<Grid>>,
    /// The solution of a puzzle solved as unique.
    pub solution: Option<Rc<Cells>>,
    /// A puzzle made to order: its address (`new=…`, `day=…`), a share
    /// link that makes it again.
    pub order: Option<String>,
}

const NO_PICTURE: &str = "No picture: upload one, or solve a puzzle that has one solution.";

const NO_COLOUR: &str = "A colour puzzle is written as webpbn XML or JSON: choose one of them.";

const FORMATS: [(&str, &str); 7] = [
    ("non", ".non"),
    ("nin", ".nin"),
    ("plain", "plain"),
    ("json", "JSON"),
    ("xml", "webpbn XML"),
    ("square", "square (n, rows, columns)"),
    ("picture", "0/1 picture"),
];

/// What is exported: the puzzle, the uploaded picture (while the clues are
/// its own), the solution (of a puzzle solved as unique), the format, and a
/// colour puzzle's colours.
type Sources = (Option<Rc<Puzzle>>, Option<Rc<Grid>>, Option<Rc<Cells>>, String, Option<Rc<ColourPuzzle>>);

/// The picture to export: its width, and each cell's CSS colour (`None`:
/// the background); the uploaded one, else the solution.
fn picture_of((puzzle, picture, solution, _, colour): &Sources) -> Option<(usize, Vec<Option<String>>)> {
    if let Some(p) = picture.as_ref().filter(|_| colour.is_none()) {
        let fill = p.cells().iter().map(|&c| (c == Cell::Filled).then(|| "#000000".to_string()));
        return Some((p.width(), fill.collect()));
    }
    let (puzzle, solution) = (puzzle.as_ref()?, solution.as_ref()?);
    let fill = match colour {
        Some(colour) => solution
            .colours()
            .iter()
            .map(|set| {
                colour.palette.get(set.trailing_zeros() as usize).filter(|_| *set > 1).map(|s| s.hex())
            })
            .collect(),
        None => solution.iter().map(|&c| (c == Cell::Filled).then(|| "#000000".to_string())).collect(),
    };
    Some((puzzle.width(), fill))
}

/// The export text of the chosen format, or why there is none.
fn export_text(sources: &Sources) -> Result<String, String> {
    let (Some(puzzle), format) = (&sources.0, sources.3.as_str()) else {
        return Err("No puzzle to export: the clues have an error.".into());
    };
    let format_of = Format::from_key(format).unwrap_or(Format::Non);
    if let Some(colour) = &sources.4 {
        return match format {
            "xml" | "json" => write_colour(format_of, colour).map_err(|e| e.message),
            _ => Err(NO_COLOUR.into()),
        };
    }
    if format == "picture" {
        let grid = picture_of(sources).and_then(|(width, fill)| {
            let rows: Vec<Vec<Cell>> = fill
                .chunks(width.max(1))
                .map(|row| row.iter().map(|f| if f.is_some() { Cell::Filled } else { Cell::Empty }).collect())
                .collect();
            Grid::from_rows(&rows)
        });
        return grid.map(|g| write_picture(&g)).ok_or_else(|| NO_PICTURE.into());
    }
    write(format_of, puzzle).map_err(|e| e.message)
}

/// A file name for the puzzle: its title (or "puzzle") and `extension`.
fn file_name(puzzle: Option<&Rc<Puzzle>>, extension: &str) -> String {
    let title = puzzle.and_then(|p| p.meta.title.clone()).unwrap_or_else(|| "puzzle".into());
    let stem: String =
        title.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect();
    format!("{stem}{extension}")
}

/// The export and share panel: the puzzle written in the chosen format,
/// copied or downloaded, a PNG of its picture, and a share link shown and
/// copied. The export text is made once per puzzle, picture and format
/// (the page renders at every playback step).
#[function_component]
pub fn ExportPanel(props: &ExportProps) -> Html {
    // The format chosen; until one is, `.non`, or webpbn XML for a colour
    // puzzle (`.non` has no colours).
    let chosen = use_state(|| None::<String>);
    let format = match (&*chosen, &props.colour) {
        (Some(f), _) => f.clone(),
        (None, Some(_)) => "xml".to_string(),
        (None, None) => "non".to_string(),
    };
    // What the panel says, and the share link, each of an input version.
    let note = use_state(|| (0u64, String::new()));
    let share_link = use_state(|| (0u64, String::new()));
    let sources: Sources = (
        props.puzzle.clone(),
        props.picture.clone(),
        props.solution.clone(),
        format.clone(),
        props.colour.clone(),
    );
    let has_picture = props.picture.is_some() || (props.puzzle.is_some() && props.solution.is_some());
    let text = use_memo(sources.clone(), export_text);
    let version = props.version;
    let say = {
        let note = note.clone();
        Callback::from(move |m: String| note.set((version, m)))
    };
    let on_format = {
        let (chosen, note) = (chosen.clone(), note.clone());
        Callback::from(move |e: Event| {
            chosen.set(Some(e.target_unchecked_into::<HtmlSelectElement>().value()));
            note.set((0, String::new()));
        })
    };
    let on_copy = {
        let (text, say) = (text.clone(), say.clone());
        Callback::from(move |_: MouseEvent| match &*text {
            Ok(t) => copy(t.clone(), "Copied to the clipboard.", say.clone()),
            Err(e) => say.emit(e.clone()),
        })
    };
    let on_download = {
        let (text, say, format, puzzle) = (text.clone(), say.clone(), format.clone(), props.puzzle.clone());
        Callback::from(move |_: MouseEvent| match &*text {
            Ok(t) => {
                let extension = match format.as_str() {
                    "non" => ".non",
                    "nin" => ".nin",
                    "json" => ".json",
                    "xml" => ".xml",
                    "picture" => "-picture.txt",
                    "square" => "-square.txt",
                    _ => ".txt",
                };
                let name = file_name(puzzle.as_ref(), extension);
                say.emit(match download_text(&name, t) {
                    Ok(()) => format!("Downloaded {name}."),
                    Err(e) => format!("The download failed: {e}"),
                });
            }
            Err(e) => say.emit(e.clone()),
        })
    };
    let on_png = {
        let say = say.clone();
        Callback::from(move |_: MouseEvent| match picture_of(&sources) {
            Some((width, fill)) => {
                let name = file_name(sources.0.as_ref(), ".png");
                if let Err(e) = download_png(width, &fill, name, say.clone()) {
                    say.emit(format!("The PNG could not be made: {e}"));
                }
            }
            None => say.emit(NO_PICTURE.into()),
        })
    };
    let on_share = {
        let (say, puzzle, share_link) = (say.clone(), props.puzzle.clone(), share_link.clone());
        let (colour, order) = (props.colour.clone(), props.order.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(puzzle) = &puzzle else { return };
            let Some(location) = web_sys::window().map(|w| w.location()) else { return };
            let origin = location.origin().unwrap_or_default();
            let path = location.pathname().unwrap_or_default();
            let fragment = match (&order, &colour) {
                (Some(order), _) => order.clone(),
                (None, Some(colour)) => format!("p={}", share::encode_colour(colour)),
                (None, None) => format!("p={}", share::encode(puzzle)),
            };
            let link = format!("{origin}{path}#{fragment}");
            share_link.set((version, link.clone()));
            copy(link, "Share link copied to the clipboard.", say.clone());
        })
    };
    let note = if note.0 == version { note.1.as_str() } else { "" };
    let link = if share_link.0 == version { share_link.1.as_str() } else { "" };
    html! {
        <section class="export" aria-labelledby="export-title">
            <h2 id="export-title">{ "Export and share" }</h2>
            <div class="buttons">
                <label class="inline" for="export-format">{ "Format" }</label>
                <select id="export-format" onchange={on_format}>
                    { for FORMATS.iter().map(|&(key, name)| html! {
                        <option value={key} selected={format == key}>{ name }</option>
                    }) }
                </select>
                <button id="export-copy" onclick={on_copy} disabled={text.is_err()}>{ "Copy" }</button>
                <button id="export-download" onclick={on_download} disabled={text.is_err()}>{ "Download" }</button>
                <button id="export-png" onclick={on_png} disabled={!has_picture}
                    aria-describedby={(!has_picture).then_some("png-why")}>{ "Download PNG" }</button>
                if !has_picture {
                    <span id="png-why" class="hint">{ "(the solution's picture: Solve first)" }</span>
                }
                <button id="share" onclick={on_share} disabled={props.puzzle.is_none()}>{ "Share link" }</button>
            </div>
            <textarea id="export-text" readonly=true spellcheck="false" rows="6" aria-label="Exported text"
                value={text.as_ref().clone().unwrap_or_default()} />
            if let Err(e) = &*text { <p class="hint">{ e }</p> }
            if !link.is_empty() {
                <label for="share-link">{ "Share link" }</label>
                <input id="share-link" class="share-link" readonly=true value={link.to_string()} />
            }
            <p id="export-note" class="progress">{ note }</p>
        </section>
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

/// Draws the picture (`width` cells a row, each cell's colour or none for
/// the white background), [`PNG_CELL`] pixels a cell, and downloads it.
fn download_png(
    width: usize,
    fill: &[Option<String>],
    name: String,
    note: Callback<String>,
) -> Result<(), String> {
    let height = fill.len() / width.max(1);
    let err = |e: JsValue| format!("{e:?}");
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").map_err(err)?.unchecked_into();
    canvas.set_width(width as u32 * PNG_CELL);
    canvas.set_height(height as u32 * PNG_CELL);
    let ctx: CanvasRenderingContext2d =
        canvas.get_context("2d").map_err(err)?.ok_or("no 2D canvas")?.unchecked_into();
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, canvas.width() as f64, canvas.height() as f64);
    let cell = PNG_CELL as f64;
    for (i, colour) in fill.iter().enumerate() {
        if let Some(colour) = colour {
            ctx.set_fill_style_str(colour);
            ctx.fill_rect((i % width) as f64 * cell, (i / width) as f64 * cell, cell, cell);
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
