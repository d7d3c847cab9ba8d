//! My progress (see `state::progress`): the puzzles played in this
//! browser, last played first, each with ✓ when solved, the time played,
//! the hints used, and Continue.

use crate::page::state::progress::duration;
use crate::page::state::{plural, Action, Played};
use std::rc::Rc;
use wasm_bindgen::JsValue;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ProgressProps {
    pub played: Rc<Vec<Played>>,
    pub on_action: Callback<Action>,
}

#[function_component]
pub fn ProgressList(props: &ProgressProps) -> Html {
    let solved = props.played.iter().filter(|p| p.solved).count();
    let summary = match props.played.len() {
        0 => "My progress".to_string(),
        n => format!("My progress ({n} played, {solved} solved)"),
    };
    html! {
        <details id="my-progress" class="my-progress">
            <summary>{ summary }</summary>
            if props.played.is_empty() {
                <p class="hint">{ "The puzzles you play are listed here, with your time and hints; \
                    they are kept in this browser only." }</p>
            } else {
                <ul class="played-list">
                    { for props.played.iter().map(|p| entry(p, &props.on_action)) }
                </ul>
            }
        </details>
    }
}

fn entry(played: &Played, on_action: &Callback<Action>) -> Html {
    let key = played.key.clone();
    let day = js_sys::Date::new(&JsValue::from_f64(played.at));
    let when = String::from(day.to_locale_date_string("default", &JsValue::UNDEFINED));
    let hints = plural(u64::from(played.hints), "hint", "hints");
    let title = &played.title;
    html! {
        <li class={classes!(played.solved.then_some("solved"))}>
            <button class="continue" onclick={on_action.reform(move |_| Action::Continue(key.clone()))}
                aria-label={format!("Continue {title}")}>{ if played.solved { "Open" } else { "Continue" } }</button>
            <span class="solved-mark" aria-label={if played.solved { "solved" } else { "not solved yet" }}>
                { if played.solved { "✓ " } else { "" } }</span>
            <span class="played-title">{ title }</span>
            { format!(" {}×{} — {}, {hints}; {when}", played.width, played.height, duration(played.ms)) }
        </li>
    }
}
