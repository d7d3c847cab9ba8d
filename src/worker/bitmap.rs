//! A picture file decoded by the browser (`createImageBitmap`, an
//! `OffscreenCanvas`, its pixel data), as the picture worker reads one for
//! the picture panel and for the reader: its RGBA in strips of rows.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, ColorSpaceConversion, DedicatedWorkerGlobalScope, ImageBitmap, ImageBitmapOptions, OffscreenCanvas,
    OffscreenCanvasRenderingContext2d,
};

/// Bytes of RGBA read from the canvas at once (a strip of rows).
const STRIP_BYTES: usize = 4 << 20;

/// Why a picture was not read: refused by the caller for its size (its
/// words), or the browser could not decode it (the browser's words).
pub enum Unread {
    Refused(String),
    Undecoded(String),
}

/// A browser's error in words.
fn describe(e: JsValue) -> String {
    // Not `{e:?}`: JsValue's Debug formats numbers, which links the float
    // formatting code (about 1.5 KB of the download) for this one message.
    match (e.dyn_ref::<js_sys::Error>(), e.as_string()) {
        (Some(e), _) => String::from(e.message()),
        (None, Some(text)) => text,
        (None, None) => "the browser gave no reason".into(),
    }
}

/// Decodes `blob` with the browser: `start` makes what the pixels go into
/// from the width and height (an `Err` from it stops there, as
/// [`Unread::Refused`]: a picture too large), then `strip` adds its RGBA a
/// strip of rows at a time, top to bottom.
pub async fn read_rgba<S>(
    blob: &Blob,
    start: impl FnOnce(usize, usize) -> Result<S, String>,
    mut strip: impl FnMut(&mut S, &[u8]),
) -> Result<S, Unread> {
    let undecoded = |e: JsValue| Unread::Undecoded(describe(e));
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let options = ImageBitmapOptions::new();
    // The pixels as stored: a picture that is already a grid stays exact.
    options.set_color_space_conversion(ColorSpaceConversion::None);
    let promise =
        scope.create_image_bitmap_with_blob_and_image_bitmap_options(blob, &options).map_err(undecoded)?;
    let bitmap: ImageBitmap = JsFuture::from(promise).await.map_err(undecoded)?.unchecked_into();
    let (w, h) = (bitmap.width() as usize, bitmap.height() as usize);
    let mut into = match start(w, h) {
        Ok(into) => into,
        Err(e) => {
            bitmap.close();
            return Err(Unread::Refused(e));
        }
    };
    let canvas = OffscreenCanvas::new(w as u32, h as u32).map_err(undecoded)?;
    let context: OffscreenCanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(undecoded)?
        .ok_or_else(|| Unread::Undecoded("no 2D canvas in this worker".into()))?
        .unchecked_into();
    context.draw_image_with_image_bitmap(&bitmap, 0.0, 0.0).map_err(undecoded)?;
    bitmap.close();
    let rows_at_once = (STRIP_BYTES / (4 * w.max(1))).max(1);
    for y in (0..h).step_by(rows_at_once) {
        let rows = rows_at_once.min(h - y);
        let data = context.get_image_data(0.0, y as f64, w as f64, rows as f64).map_err(undecoded)?;
        strip(&mut into, &data.data());
    }
    Ok(into)
}
