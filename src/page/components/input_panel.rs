//! The clue text's panel as a function component: the clue text, what it
//! was read as (or its located error), a batch's picker, samples, a file
//! to open, the hand-made puzzles, My progress and "What is this?".

use crate::page::components::builtin_list::BuiltinList;
use crate::page::components::panels::{About, BatchPicker};
use crate::page::components::progress_list::ProgressList;
use crate::page::samples::SAMPLES;
use crate::page::state::{Action, Builtins, Played};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Texts longer than this stay in the browser's string (the text box's
/// value), never copied into the page's memory (TAAI's 1000 puzzles are
/// 630 KB).
pub(crate) const SYNC_PARSE_BYTES: usize = 64 * 1024;

/// New text in the clue box: small texts as the page's string, large ones
/// left as the browser's (copying 5 MB out of the box took 160 ms).
pub enum ClueText {
    Small(String),
    Large(js_sys::JsString),
}

#[derive(Properties, PartialEq)]
pub struct InputProps {
    /// The text box, which the page sets when the text changed elsewhere.
    pub clues_ref: NodeRef,
    /// "Detected: …" or "Reading…"; the located error, if any.
    pub detected: AttrValue,
    pub error: AttrValue,
    /// The puzzle shown of a batch (0-based) and how many it holds.
    pub batch: Option<(usize, usize)>,
    pub first_visit: bool,
    pub on_text: Callback<ClueText>,
    /// Keys in the text box (Ctrl+Enter solves).
    pub on_key: Callback<KeyboardEvent>,
    pub on_sample: Callback<usize>,
    pub on_file: Callback<web_sys::File>,
    /// A format's sample to put in the box.
    pub on_use: Callback<&'static str>,
    /// The person's own text, replaced by a sample or a share link, can
    /// be brought back (`on_restore`).
    pub restorable: bool,
    pub on_restore: Callback<()>,
    pub on_action: Callback<Action>,
    /// The built-in puzzles' list.
    pub builtins: Builtins,
    /// My progress.
    pub played: Rc<Vec<Played>>,
}

#[function_component]
pub fn InputPanel(props: &InputProps) -> Html {
    let oninput = props.on_text.reform(|e: InputEvent| {
        let area = e.target_unchecked_into::<HtmlTextAreaElement>();
        // The value as the browser's string: its length costs nothing.
        let value = js_sys::Reflect::get(&area, &JsValue::from_str("value")).ok();
        match value.and_then(|v| v.dyn_into::<js_sys::JsString>().ok()) {
            Some(v) if v.length() as usize > SYNC_PARSE_BYTES => ClueText::Large(v),
            _ => ClueText::Small(area.value()),
        }
    });
    let onsample = props.on_sample.reform(|e: Event| {
        e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(usize::MAX)
    });
    let onfile = {
        let on_file = props.on_file.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let file = input.files().and_then(|f| f.get(0));
            input.set_value("");
            if let Some(file) = file {
                on_file.emit(file);
            }
        })
    };
    html! {
        <section class="input">
            <label for="clues">{ "Clues" }</label>
            <textarea id="clues" ref={props.clues_ref.clone()} rows="10" spellcheck="false"
                aria-describedby="detected input-error" aria-invalid={(!props.error.is_empty()).to_string()}
                {oninput} onkeydown={props.on_key.clone()} />
            // An error takes the detected line's place (an empty line of
            // room stood between the text and its error).
            <p id="detected" class="detected" hidden={!props.error.is_empty()}>{ &props.detected }</p>
            <p id="input-error" class="error" role="alert" hidden={props.error.is_empty()}>{ &props.error }</p>
            if let Some((index, count)) = props.batch {
                <BatchPicker {index} {count} on_action={props.on_action.clone()} />
            }
            <div class="buttons">
                <label class="inline" for="samples">{ "Samples" }</label>
                <select id="samples" onchange={onsample}>
                    <option value="" selected=true disabled=true>{ "Choose a sample…" }</option>
                    { for SAMPLES.iter().enumerate().map(|(i, (name, _))| html! {
                        <option value={i.to_string()}>{ *name }</option>
                    }) }
                </select>
                <input id="open-file" class="visually-hidden" type="file" onchange={onfile} />
                <label class="file-button" for="open-file">{ "Open file" }</label>
                if props.restorable {
                    <button id="restore-input" onclick={props.on_restore.reform(|_| ())}>{ "Restore my previous input" }</button>
                }
            </div>
            <BuiltinList builtins={props.builtins.clone()} played={props.played.clone()} on_action={props.on_action.clone()} />
            <ProgressList played={props.played.clone()} on_action={props.on_action.clone()} />
            <About open={props.first_visit} on_use={props.on_use.clone()} />
        </section>
    }
}
