//! The picture worker (its own script, `src/bin/pictures.rs`, loaded the
//! first time a picture is used, so the page's first download carries
//! none of it). Its instances run beside the solver's worker:
//! - the picture panel's: decodes an uploaded picture with the browser's
//!   own decoder ([`super::bitmap`]), keeps it in grey, averages it into
//!   cells for each grid size asked, quantises its colours, and runs
//!   [`CheckJob`]s (is the picture's puzzle fair? its fixes) in batches;
//! - the reader's: reads a puzzle's clues from a picture of it
//!   (`ReadPicture`, answered with `Read`: [`super::reading::answer`]).
//!
//! A newer check replaces the running one; the page can also cancel at
//! once by terminating the worker. Nothing leaves the browser.

use super::bitmap::{read_rgba, Unread};
use super::browser::{batch_budget, listen, post, yield_now};
use crate::protocol::{CheckRequest, FromWorker, ReadAnswer, ToWorker};
use crate::worker::check::CheckJob;
use nonogram_formats::quantise::{self, ColourImage};
use nonogram_formats::raster::{self, Picture, Sniffed, MAX_GRID_SIDE, MAX_IMAGE_PIXELS};
use nonogram_read::Network;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::Blob;

/// What the worker keeps between messages.
#[derive(Default)]
struct State {
    /// The id of the check that should run; older ones stop.
    current_job: Cell<u32>,
    /// The id of the latest picture load; older loads are dropped.
    current_load: Cell<u32>,
    /// The loaded picture: its grey, and an image's colours.
    picture: RefCell<Option<(Picture, Option<ColourImage>)>>,
}

/// Installs the message handler; called once when the worker starts.
pub fn start() {
    let state = Rc::new(State::default());
    listen(move |request, attachment| {
        let blob = attachment.and_then(|a| a.dyn_into::<Blob>().ok());
        match request {
            Ok(Some(ToWorker::Check(request))) => {
                state.current_job.set(request.id);
                wasm_bindgen_futures::spawn_local(check(request, state.clone()));
            }
            Ok(Some(ToWorker::LoadPicture { id, name })) => {
                state.current_load.set(id);
                match blob {
                    Some(blob) => wasm_bindgen_futures::spawn_local(load(id, name, blob, state.clone())),
                    None => post(&FromWorker::PictureError {
                        id,
                        message: "no file came with the request".into(),
                    }),
                }
            }
            Ok(Some(ToWorker::Resample { id, width, height, colours })) => {
                post(&resample(id, width, height, colours, &state))
            }
            Ok(Some(ToWorker::ReadPicture { id })) => match blob {
                Some(blob) => wasm_bindgen_futures::spawn_local(read(id, blob)),
                None => read_failed(id, "no picture came with the request".into()),
            },
            Ok(Some(_)) => post(&FromWorker::Error { id: 0, message: "the solver's request".into() }),
            Ok(None) => post(&FromWorker::Error { id: 0, message: "bad request: not a message".into() }),
            Err(()) => post(&FromWorker::Error { id: 0, message: "bad request: not bytes".into() }),
        }
    });
}

async fn check(request: CheckRequest, state: Rc<State>) {
    let start = js_sys::Date::now();
    let mut job = match CheckJob::new(&request) {
        Ok(job) => job,
        Err(message) => return post(&message),
    };
    while state.current_job.get() == request.id && !job.is_done() {
        if let Some(message) = job.advance(batch_budget(), || js_sys::Date::now() - start) {
            post(&message);
        }
        yield_now().await;
    }
}

fn resample(id: u32, width: usize, height: usize, colours: u8, state: &State) -> FromWorker {
    let picture = state.picture.borrow();
    let Some((image, colour)) = picture.as_ref() else {
        return FromWorker::PictureError { id, message: "no picture is loaded".into() };
    };
    if !(1..=MAX_GRID_SIDE).contains(&width) || !(1..=MAX_GRID_SIDE).contains(&height) {
        return FromWorker::PictureError {
            id,
            message: format!("a grid of {width}×{height}: each side must be 1 to {MAX_GRID_SIDE} cells"),
        };
    }
    if colours >= 3 {
        let Some(colour) = colour else {
            return FromWorker::PictureError {
                id,
                message: "a 0/1 text picture has no colours: upload an image".into(),
            };
        };
        let (cells, palette) =
            quantise::quantise(&colour.cell_colours(width, height), width, usize::from(colours));
        return FromWorker::ColourCells { id, width, height, cells, palette: palette.concat() };
    }
    let values = image.cell_means(width, height);
    let otsu = raster::otsu(&values);
    FromWorker::Cells { id, width, height, values, otsu }
}

async fn load(id: u32, name: String, blob: Blob, state: Rc<State>) {
    let result = read_picture(&blob).await;
    if state.current_load.get() != id {
        return; // a newer upload replaced this one
    }
    match result {
        Ok((image, kind)) => {
            let (grid_width, grid_height) = image.0.default_grid();
            let (width, height) = (image.0.width() as usize, image.0.height() as usize);
            *state.picture.borrow_mut() = Some(image);
            post(&FromWorker::PictureLoaded { id, kind, width, height, grid_width, grid_height });
            post(&resample(id, grid_width, grid_height, 2, &state));
        }
        Err(message) => post(&FromWorker::PictureError { id, message: format!("{name}: {message}") }),
    }
}

/// Reads a file as an image (by its header) or as a 0/1 text picture.
async fn read_picture(blob: &Blob) -> Result<((Picture, Option<ColourImage>), String), String> {
    let buffer =
        JsFuture::from(blob.array_buffer()).await.map_err(|_| "the file could not be read".to_string())?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    match raster::sniff(&bytes).map_err(|e| e.to_string())? {
        Sniffed::Image { format, .. } => {
            let image = decode(blob).await.map_err(|e| {
                format!(
                    "the {} image could not be decoded ({e}); it may be truncated or damaged",
                    format.name()
                )
            })?;
            Ok((image, format.name().to_string()))
        }
        Sniffed::Other => {
            let text = std::str::from_utf8(&bytes).map_err(|_| {
                "not a PNG, JPEG, GIF, WebP or BMP image, and not text (a 0/1 picture)".to_string()
            })?;
            let grid = nonogram_formats::parse_picture(text).map_err(|e| {
                format!("not an image, and not a 0/1 text picture: {e} (to open clues, use Open file)")
            })?;
            Ok(((Picture::from_grid(&grid), None), "0/1 text picture".to_string()))
        }
    }
}

/// Decodes with the browser: the picture's grey and its colours.
async fn decode(blob: &Blob) -> Result<(Picture, Option<ColourImage>), String> {
    let (width, height, luma, mut colour) = read_rgba(
        blob,
        |w, h| Ok((w, h, Vec::with_capacity(w * h), ColourImage::with_size(w, h))),
        |(_, _, luma, colour), rgba| {
            luma.extend(Picture::luma_of_rgba(rgba));
            colour.push_rgba(rgba);
        },
    )
    .await
    .map_err(|(Unread::Refused(why) | Unread::Undecoded(why))| why)?;
    colour.finish();
    let image = Picture::from_luma(width as u32, height as u32, luma).map_err(|e| e.to_string())?;
    Ok((image, Some(colour)))
}

fn read_failed(id: u32, error: String) {
    post(&FromWorker::Read(Box::new(ReadAnswer { id, error, ..ReadAnswer::default() })));
}

/// Reads a puzzle's clues from a picture of it, and answers.
async fn read(id: u32, blob: Blob) {
    let start = |w: usize, h: usize| {
        if (w as u64) * (h as u64) > MAX_IMAGE_PIXELS {
            let most = MAX_IMAGE_PIXELS / 1_000_000;
            Err(format!("The picture is {w}×{h} pixels, over the {most} million the reader takes"))
        } else {
            Ok((w, h, Vec::with_capacity(w * h)))
        }
    };
    let decoded =
        read_rgba(&blob, start, |(_, _, luma), rgba| luma.extend(Picture::luma_of_rgba(rgba))).await;
    let (w, h, luma) = match decoded {
        Ok(read) => read,
        Err(Unread::Refused(why)) => return read_failed(id, why),
        Err(Unread::Undecoded(why)) => {
            return read_failed(id, format!("The browser could not decode the picture: {why}"))
        }
    };
    match Picture::from_luma(w as u32, h as u32, luma).map(nonogram_read::picture::working) {
        Ok(picture) => post(&FromWorker::Read(Box::new(super::reading::answer(
            id,
            w as u32,
            h as u32,
            &picture,
            &Network::shipped(),
        )))),
        Err(e) => read_failed(id, format!("The picture cannot be read: {e}")),
    }
}
