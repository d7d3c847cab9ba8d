//! The input column as a function component: the clue text, what it was
//! read as (or its located error), a batch's picker, samples, a file to
//! open, Solve and Stop, and "What is this?".

use super::builtin_list::BuiltinList;
use super::panels::{About, BatchPicker};
use super::progress_list::ProgressList;
use crate::page::samples::SAMPLES;
use crate::page::state::{Action, Builtins, Day, Order, Played};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Texts longer than this stay in the browser's string (the text box's
/// value), never copied into the page's memory (TAAI's 1000 puzzles are
/// 630 KB).
pub(super) const SYNC_PARSE_BYTES: usize = 64 * 1024;

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
    /// A puzzle is being made (New puzzle waits).
    pub generating: bool,
    /// What New puzzle says under its controls (the puzzle being made,
    /// why an order was declined); empty: nothing.
    pub new_puzzle_note: AttrValue,
    /// The made puzzle shown (its side, grade and colours): New puzzle's
    /// menus follow it, so that the next one is made alike.
    pub made: Option<(usize, u8, u8)>,
    /// The built-in puzzles' list.
    pub builtins: Builtins,
    /// My progress.
    pub played: Rc<Vec<Played>>,
}

/// The sizes and grades `New puzzle` offers.
const NEW_SIZES: [usize; 5] = [10, 15, 20, 25, 30];
const NEW_GRADES: [&str; 4] = ["Easy", "Medium", "Hard", "Very hard"];
/// Colours besides the background (white); the page's "Detected: …, N
/// colours" counts the background too.
const NEW_COLOURS: [(u8, &str); 4] =
    [(0, "Black and white"), (2, "2 colours on white"), (3, "3 colours on white"), (4, "4 colours on white")];

/// The player's own date: the puzzle of the day changes at their midnight.
pub(super) fn today() -> Option<Day> {
    let now = js_sys::Date::new_0();
    Day::new(now.get_full_year() as i32, now.get_month() + 1, now.get_date())
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
    let size_ref = use_node_ref();
    let grade_ref = use_node_ref();
    let colours_ref = use_node_ref();
    {
        let refs = (size_ref.clone(), grade_ref.clone(), colours_ref.clone());
        use_effect_with(props.made, move |made| {
            if let Some((side, difficulty, colours)) = *made {
                let set = |r: &NodeRef, v: String| {
                    if let Some(select) = r.cast::<HtmlSelectElement>() {
                        select.set_value(&v);
                    }
                };
                set(&refs.0, side.to_string());
                set(&refs.1, difficulty.to_string());
                set(&refs.2, colours.to_string());
            }
        });
    }
    let generate = {
        let (size_ref, grade_ref, colours_ref) = (size_ref.clone(), grade_ref.clone(), colours_ref.clone());
        props.on_action.reform(move |_| {
            let value = |r: &NodeRef| r.cast::<HtmlSelectElement>().map(|s| s.value()).unwrap_or_default();
            let side: usize = value(&size_ref).parse().unwrap_or(15);
            let difficulty: u8 = value(&grade_ref).parse().unwrap_or(2);
            let colours: u8 = value(&colours_ref).parse().unwrap_or(0);
            // A new seed each time, from the clock; the title says it.
            let seed = js_sys::Date::now() as u64 % 1_000_000_000;
            Action::Generate(Order::Made { width: side, height: side, difficulty, seed, colours })
        })
    };
    let of_the_day = props.on_action.reform(|_| match today() {
        Some(day) => Action::Generate(Order::Day(day)),
        None => Action::Note("This browser's clock gives no date.".into()),
    });
    // An address may name a side the menu lacks (5 to 50): the menu
    // offers it too while its puzzle is shown.
    let mut sizes = NEW_SIZES.to_vec();
    if let Some((side, _, _)) = props.made.filter(|(side, _, _)| !NEW_SIZES.contains(side)) {
        sizes.push(side);
        sizes.sort_unstable();
    }
    html! {
        <section class="input">
            <label for="clues">{ "Clues" }</label>
            <textarea id="clues" ref={props.clues_ref.clone()} rows="10" spellcheck="false"
                aria-describedby="detected input-error" aria-invalid={(!props.error.is_empty()).to_string()}
                {oninput} onkeydown={props.on_key.clone()} />
            <p id="detected" class="detected">{ &props.detected }</p>
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
            <div class="buttons new-puzzle">
                <label class="inline" for="new-size">{ "New puzzle" }</label>
                <select id="new-size" ref={size_ref} aria-label="Size of the new puzzle">
                    { for sizes.iter().map(|&n| html! {
                        <option key={n} value={n.to_string()} selected={n == 15}>{ format!("{n}×{n}") }</option>
                    }) }
                </select>
                <select id="new-grade" ref={grade_ref} aria-label="Grade of the new puzzle">
                    { for NEW_GRADES.iter().enumerate().map(|(i, &g)| html! {
                        <option value={(i + 1).to_string()} selected={i == 1}>{ g }</option>
                    }) }
                </select>
                <select id="new-colours" ref={colours_ref} aria-label="Colours of the new puzzle">
                    { for NEW_COLOURS.iter().map(|&(n, name)| html! {
                        <option value={n.to_string()} selected={n == 0}>{ name }</option>
                    }) }
                </select>
                <button id="new-puzzle" onclick={generate} disabled={props.generating}>{ "Make and play" }</button>
                <button id="puzzle-of-the-day" onclick={of_the_day} disabled={props.generating}
                    title="The same puzzle for everyone today, harder as the week goes on">{ "Puzzle of the day" }</button>
            </div>
            <p id="new-puzzle-note" class="new-puzzle-note" hidden={props.new_puzzle_note.is_empty()}>{ &props.new_puzzle_note }</p>
            <BuiltinList builtins={props.builtins.clone()} played={props.played.clone()} on_action={props.on_action.clone()} />
            <ProgressList played={props.played.clone()} on_action={props.on_action.clone()} />
            <About open={props.first_visit} on_use={props.on_use.clone()} />
        </section>
    }
}
