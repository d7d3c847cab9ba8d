//! The picture panel's markup: the upload, the grid size, threshold and
//! `Invert`, the picture's canvas, the check and the fixes.

use crate::page::components::picture_view::{PictureMsg, PicturePanel};
use crate::page::state::PictureAction;
use nonogram_formats::raster::MAX_GRID_SIDE;
use web_sys::HtmlInputElement;
use yew::prelude::*;

fn cell_name(i: usize, width: usize) -> String {
    format!("row {} column {}", i / width + 1, i % width + 1)
}

impl PicturePanel {
    pub(crate) fn view_panel(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let upload = link.batch_callback(|e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let file = input.files().and_then(|f| f.get(0));
            input.set_value("");
            file.map(PictureMsg::Upload)
        });
        let value_of = |e: &Event| e.target_unchecked_into::<HtmlInputElement>();
        html! {
            <section class="picture" aria-labelledby="picture-title">
                <h2 id="picture-title">{ "From picture to puzzle" }</h2>
                <div class="buttons">
                    <input id="upload-picture" class="visually-hidden" type="file"
                        accept="image/png,image/jpeg,image/gif,image/webp,image/bmp,.txt,.pbm,text/plain" onchange={upload} />
                    <label class="file-button" for="upload-picture">{ "Upload picture" }</label>
                    <span class="hint">{ "An image (PNG, JPEG, GIF, WebP, BMP) or a 0/1 text picture (0/1, ./#, _/X), made into \
                        a puzzle whose solution it is. A screenshot or photo of a puzzle's clues: use \u{201c}Read a puzzle \
                        from an image\u{201d} instead." }</span>
                </div>
                <p id="picture-note" class="progress">{ &self.state.note }</p>
                if !self.state.error.is_empty() {
                    <p id="picture-error" class="error" role="alert">{ &self.state.error }</p>
                }
                if let Some(p) = &self.state.picture {
                    <div class="picture-settings">
                        <label class="inline" for="pic-width">{ "Width" }</label>
                        <input id="pic-width" type="number" min="1" max={MAX_GRID_SIDE.to_string()} value={p.asked.0.to_string()}
                            onchange={link.callback(move |e: Event| PictureMsg::Act(PictureAction::Width(value_of(&e).value())))} />
                        <label class="inline" for="pic-height">{ "Height" }</label>
                        <input id="pic-height" type="number" min="1" max={MAX_GRID_SIDE.to_string()} value={p.asked.1.to_string()}
                            onchange={link.callback(move |e: Event| PictureMsg::Act(PictureAction::Height(value_of(&e).value())))} />
                        <label class="inline"><input id="pic-aspect" type="checkbox" checked={p.keep_aspect}
                            onchange={link.callback(move |e: Event| PictureMsg::Act(PictureAction::KeepAspect(value_of(&e).checked())))} />{ " Keep aspect ratio" }</label>
                    </div>
                    { self.colour_settings(ctx) }
                    if p.is_colour() {
                        <p class="hint">{ format!("Each cell takes the nearest of the colours; the first is the background. \
                            Pick a colour, then click a cell to paint it (again: back to its own){}.",
                            match p.edits() { 0 => String::new(), 1 => "; 1 cell painted by hand".into(), n => format!("; {n} cells painted by hand") }) }</p>
                    } else {
                    <div class="picture-settings">
                        <label class="inline" for="pic-threshold">{ "Threshold" }</label>
                        <input id="pic-threshold" type="range" min="0" max="255" value={p.threshold_value().to_string()}
                            oninput={link.callback(move |e: InputEvent| PictureMsg::Act(PictureAction::Threshold(
                                e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(127))))} />
                        <span id="pic-threshold-value" class="frame">{
                            if p.threshold.is_none() { format!("{} (Otsu)", p.threshold_value()) }
                            else { format!("{} (Otsu: {})", p.threshold_value(), p.otsu()) }
                        }</span>
                        <button id="pic-otsu" onclick={link.callback(|_| PictureMsg::Act(PictureAction::Otsu))}
                            disabled={p.threshold.is_none()}>{ "Otsu" }</button>
                        <label class="inline"><input id="pic-invert" type="checkbox" checked={p.invert}
                            onchange={link.callback(move |e: Event| PictureMsg::Act(PictureAction::Invert(value_of(&e).checked())))} />{ " Invert" }</label>
                    </div>
                    <p class="hint">{ format!("Dark cells (grey ≤ threshold) are filled. Click or tap a cell to switch it{}.",
                        match p.edits() { 0 => String::new(), 1 => "; 1 cell switched by hand".into(), n => format!("; {n} cells switched by hand") }) }</p>
                    }
                    if ctx.props().edited && self.state.last_clues.is_some() {
                        <p class="hint">{ "The clues were edited by hand and no longer come from this picture. " }
                            <button id="pic-use" onclick={link.callback(|_| PictureMsg::Act(PictureAction::UseClues))}>{ "Use the picture's clues" }</button></p>
                    }
                    <div class="canvas-wrap"><canvas id="picture-canvas" ref={self.canvas.clone()}
                        aria-label="The picture as a 0/1 grid with its clues (click a cell to switch it)"
                        onclick={link.callback(PictureMsg::Click)}></canvas></div>
                    <p id="check" class="check" aria-live="polite">{ &self.state.check.status }</p>
                    if let Some(other) = &self.state.check.other {
                        <p id="check-diff" class="hint">{ format!("The two solutions differ in {} cells, outlined: {}.",
                            self.state.check.differing.len(),
                            self.state.check.differing.iter().take(12).map(|&i| cell_name(i, other.width())).collect::<Vec<_>>().join(", ")
                            + if self.state.check.differing.len() > 12 { ", …" } else { "" }) }</p>
                        <div class="solutions">
                            <figure><canvas id="solution-own" ref={self.own_canvas.clone()}></canvas><figcaption>{ "Your picture" }</figcaption></figure>
                            <figure><canvas id="solution-other" ref={self.other_canvas.clone()}></canvas><figcaption>{ "Another solution" }</figcaption></figure>
                        </div>
                        <p id="fix-status" class="progress">{ &self.state.check.fix_status }</p>
                        <ul id="fixes">
                            { for self.state.check.fixes.iter().map(|f| {
                                let (r, c) = (f.row, f.col);
                                let how = if f.by_line_logic { "line logic alone".to_string() }
                                    else { format!("{} guesses", f.guesses) };
                                let colour = f.colour;
                                let what = match colour.map(|k| self.colour_name(k)) {
                                    Some(name) => format!("Paint row {}, column {} {name}", r + 1, c + 1),
                                    None => format!("{} row {}, column {}", if f.fill { "Fill" } else { "Clear" }, r + 1, c + 1),
                                };
                                html! { <li>
                                    <button class="fix" onclick={link.callback(move |_| PictureMsg::Act(PictureAction::ApplyFix(r, c, colour)))}>
                                        { what }
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
