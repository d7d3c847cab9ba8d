//! Play mode's tools: fill or cross out, undo and redo, a hint and its
//! application, a check, a restart; and the hint in words.

use crate::app::PlayAction;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlayBarProps {
    /// Taps and left clicks cross out rather than fill.
    pub crossing: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The hint (or check) shown, in words.
    pub hint: Option<AttrValue>,
    /// The hint shown settles cells.
    pub can_apply: bool,
    /// A hint or a check is awaited from the worker.
    pub asking: bool,
    /// The length of the run being dragged.
    pub run: Option<usize>,
    /// A colour puzzle's colours to paint with (name, `#rrggbb`; colour 1
    /// first), and the one chosen.
    #[prop_or_default]
    pub colours: Vec<(AttrValue, AttrValue)>,
    #[prop_or(1)]
    pub paint: u8,
    pub on_play: Callback<PlayAction>,
}

/// One button that sends one play action.
fn send(on_play: &Callback<PlayAction>, action: PlayAction) -> Callback<MouseEvent> {
    on_play.reform(move |_| action.clone())
}

#[function_component]
pub fn PlayBar(props: &PlayBarProps) -> Html {
    let on = &props.on_play;
    let hint = match (&props.hint, props.asking) {
        _ if props.run.is_some() => AttrValue::from(format!("A run of {} cells", props.run.unwrap_or(0))),
        (_, true) => AttrValue::from("Thinking…"),
        (Some(text), false) => text.clone(),
        (None, false) if !props.colours.is_empty() => AttrValue::from(
            "Pick a colour (keys 1 to 9), then click a cell to paint it; right-click, or switch on Cross, \
             to mark it background; drag for a run. Keys on the board: arrows, F or Space, X, Backspace.",
        ),
        (None, false) => AttrValue::from(
            "Click a cell to fill it; right-click, or switch on Cross, to mark it empty; drag for a run. \
             Keys on the board: arrows, F or Space, X, Backspace.",
        ),
    };
    html! {
        <>
            <div class="playback play-tools" role="group" aria-label="Play">
                <button id="cross" onclick={send(on, PlayAction::Crossing(!props.crossing))}
                    aria-pressed={props.crossing.to_string()} title="Taps and clicks mark cells empty">{ "Cross" }</button>
                <button id="undo" onclick={send(on, PlayAction::Undo)} disabled={!props.can_undo}>{ "Undo" }</button>
                <button id="redo" onclick={send(on, PlayAction::Redo)} disabled={!props.can_redo}>{ "Redo" }</button>
                <button id="hint" onclick={send(on, PlayAction::Hint)} disabled={props.asking}>{ "Hint" }</button>
                <button id="apply-hint" onclick={send(on, PlayAction::ApplyHint)} disabled={!props.can_apply}>{ "Apply hint" }</button>
                <button id="check" onclick={send(on, PlayAction::Check)} disabled={props.asking}>{ "Check" }</button>
                <button id="restart" onclick={send(on, PlayAction::Restart)}>{ "Restart" }</button>
            </div>
            if !props.colours.is_empty() {
                <div class="swatches play-colours" role="radiogroup" aria-label="Paint with">
                    { for props.colours.iter().enumerate().map(|(i, (name, value))| {
                        let k = i as u8 + 1;
                        html! { <button class="swatch-pick" role="radio" aria-checked={(props.paint == k).to_string()}
                            aria-label={format!("{name} (key {k})")} title={format!("{name} (key {k})")}
                            style={format!("background:{value}")} onclick={send(on, PlayAction::Paint(k))} /> }
                    }) }
                </div>
            }
            <p id="hint-text" class="hint-text" aria-live="polite" aria-label="Hint">{ hint }</p>
        </>
    }
}
