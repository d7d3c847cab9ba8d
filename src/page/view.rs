//! The page's markup: the input column, the board column and its panels,
//! then the picture, export and lab sections.

use super::input::SYNC_PARSE_BYTES;
use super::panels::{About, BatchPicker, Lab, PlaybackBar, VerdictPanel, ZoomBar};
use super::{App, Msg};
use crate::app::{Action, Input, Racer};
use crate::samples::SAMPLES;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

impl App {
    pub(super) fn view_page(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = &self.state;
        let oninput = link.callback(|e: InputEvent| {
            let area = e.target_unchecked_into::<HtmlTextAreaElement>();
            // The value as the browser's string: its length costs nothing,
            // its copy into the page's memory does (160 ms for 5 MB).
            let value = js_sys::Reflect::get(&area, &JsValue::from_str("value")).ok();
            match value.and_then(|v| v.dyn_into::<js_sys::JsString>().ok()) {
                Some(v) if v.length() as usize > SYNC_PARSE_BYTES => Msg::LargeInput(v),
                _ => Msg::Input(area.value()),
            }
        });
        let onkeydown = link.callback(Msg::Key);
        let grid_text = match state.puzzle() {
            Some(p) if p.width() > 0 => state
                .shown_cells()
                .as_bytes()
                .chunks(p.width())
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        };
        let (detected, error) = match &state.input {
            Input::Reading { bytes: 0, .. } => ("Reading…".to_string(), ""),
            Input::Reading { bytes, .. } => (format!("Reading {} KB of text…", bytes / 1000), ""),
            Input::Puzzle { format, puzzle, .. } => {
                (format!("Detected: {format}, {}×{}", puzzle.width(), puzzle.height()), "")
            }
            Input::Invalid(e) => (String::new(), e.as_str()),
        };
        let on_action = link.callback(Msg::Act);
        html! {
            <main>
                <h1>{ "Nonogram Studio" }</h1>

                <section class="input">
                    <label for="clues">{ "Clues" }</label>
                    <textarea id="clues" ref={self.clues_ref.clone()} rows="10" spellcheck="false"
                        aria-describedby="detected input-error" aria-invalid={(!error.is_empty()).to_string()} {oninput} {onkeydown} />
                    <p id="detected" class="detected">{ detected }</p>
                    <p id="input-error" class="error" role="alert" hidden={error.is_empty()}>{ error }</p>
                    if let Some((index, count)) = state.batch() {
                        <BatchPicker {index} {count} on_action={on_action.clone()} />
                    }
                    <div class="buttons">
                        <label class="inline" for="samples">{ "Samples" }</label>
                        <select id="samples" onchange={link.callback(|e: Event| {
                            Msg::Sample(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(usize::MAX))
                        })}>
                            <option value="" selected=true disabled=true>{ "Choose a sample…" }</option>
                            { for SAMPLES.iter().enumerate().map(|(i, (name, _))| html! {
                                <option value={i.to_string()}>{ *name }</option>
                            }) }
                        </select>
                        <input id="open-file" class="visually-hidden" type="file" onchange={link.batch_callback(|e: Event| {
                            let input = e.target_unchecked_into::<HtmlInputElement>();
                            let file = input.files().and_then(|f| f.get(0));
                            input.set_value("");
                            file.map(Msg::OpenFile)
                        })} />
                        <label class="file-button" for="open-file">{ "Open file" }</label>
                    </div>
                    <div class="buttons">
                        <button id="solve" onclick={link.callback(|_| Msg::Act(Action::Solve { now: js_sys::Date::now() }))}
                            disabled={state.puzzle().is_none()}>{ "Solve" }</button>
                        <button id="stop" onclick={link.callback(|_| Msg::Act(Action::Stop))} disabled={state.running.is_none()}>{ "Stop" }</button>
                    </div>
                    <About open={self.first_visit} on_use={link.callback(|text: &'static str| Msg::Load(text.to_string()))} />
                </section>
                <section class="board">
                    <PlaybackBar step={state.playback.position()} last={state.playback.len().saturating_sub(1)}
                        playing={state.playing} speed={state.speed} on_action={on_action.clone()} />
                    <ZoomBar zoom={state.zoom} on_zoom={link.callback(Msg::Zoom)} on_action={on_action.clone()} />
                    <p id="progress" class="progress">{ state.playback.note() }</p>
                    <div class="canvas-wrap" tabindex="0" role="group" aria-label="Board: ← → step, Home and End jump, Space plays or pauses"
                        onkeydown={link.callback(Msg::BoardKey)}>
                        <canvas ref={self.canvas.clone()} role="img" aria-label={self.board_summary()}
                            onclick={link.callback(Msg::BoardClick)}></canvas>
                    </div>
                    <VerdictPanel status={state.status.clone()} counts={state.counts.clone()} racing={state.racer == Racer::Racing}
                        solutions={state.solutions.len()} on_action={on_action.clone()} />
                    <Lab opened={self.opened_line.clone()} />
                    <label for="grid-text">{ "Grid as text" }</label>
                    <textarea id="grid-text" readonly=true spellcheck="false" rows="6" value={grid_text} />
                </section>
                { self.view_picture(ctx) }
                { self.view_export(ctx) }
            </main>
        }
    }
}
