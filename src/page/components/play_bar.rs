//! Play mode's tools: fill or cross out, undo and redo, a hint and its
//! application, a check, a restart; and the hint in words.

use crate::page::state::{clock_text, PlayAction};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlayBarProps {
    /// Taps and left clicks cross out rather than fill.
    pub crossing: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The hint (or check) shown, in words.
    pub hint: Option<AttrValue>,
    /// The hint shown deduces cells.
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
    /// The clock: milliseconds played before `since`, and when it started
    /// (None while it stands still: solved, or the page hidden).
    pub played: f64,
    pub since: Option<f64>,
    /// Mistakes found by checks so far.
    pub mistakes: u32,
    /// Every change is checked at once.
    pub show_mistakes: bool,
    /// A touch screen: taps, not clicks.
    pub touch: bool,
    /// A guess was applied from a checkpoint (see `state::Checkpoint`).
    #[prop_or_default]
    pub checkpoint: bool,
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
        // How to play is said once, in the status line when play starts
        // (it was said here too, above and below the board).
        (None, false) => AttrValue::from("Hint shows the next step and why; Check looks for mistakes."),
    };
    // The answer to Hint or Check pressed comes into view: on a phone the
    // words sit under the board and the tools, below the window's foot,
    // and the player saw only Apply hint light up. Scrolled at the press
    // ("Thinking…" stands where the answer comes, as tall as two lines),
    // the least scroll that shows them (none when they are in view); not
    // for the checks "Show mistakes at once" makes as cells are painted
    // (the board would move under the player's finger).
    let ask = |action: PlayAction| {
        let on = on.clone();
        Callback::from(move |_: MouseEvent| {
            on.emit(action.clone());
            let text =
                web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("hint-text"));
            if let Some(text) = text {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                text.scroll_into_view_with_scroll_into_view_options(&options);
            }
        })
    };
    html! {
        <>
            <div class="playback play-tools" role="group" aria-label="Play">
                <button id="cross" onclick={send(on, PlayAction::Crossing(!props.crossing))}
                    aria-pressed={props.crossing.to_string()} title="Taps and clicks mark cells empty">{ "Cross" }</button>
                <button id="undo" onclick={send(on, PlayAction::Undo)} disabled={!props.can_undo}>{ "Undo" }</button>
                <button id="redo" onclick={send(on, PlayAction::Redo)} disabled={!props.can_redo}>{ "Redo" }</button>
                <button id="hint" onclick={ask(PlayAction::Hint)} disabled={props.asking}>{ "Hint" }</button>
                <button id="apply-hint" onclick={send(on, PlayAction::ApplyHint)} disabled={!props.can_apply}>{ "Apply hint" }</button>
                <button id="check" onclick={ask(PlayAction::Check)} disabled={props.asking}>{ "Check" }</button>
                <button id="restart" onclick={send(on, PlayAction::Restart)}>{ "Restart" }</button>
                if props.checkpoint {
                    <button id="back-to-checkpoint" onclick={send(on, PlayAction::BackToCheckpoint)}
                        title="The guess led to a contradiction: the board as it was before it, the guessed cell the other way">
                        { "Back to checkpoint" }</button>
                }
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
            <div class="play-status">
                <Clock played={props.played} since={props.since} id="clock" label="Time played" />
                // A tally of every mistake Check or a hint found while
                // playing ("so far"), not the cells wrong now: Check's own
                // line says those ("Check: 1 cell is wrong"), and the two
                // read as one count that disagreed.
                <span id="mistakes" title="Mistakes found by Check and by hints while playing this puzzle">{
                    match props.mistakes {
                        0 => "No mistakes so far".to_string(),
                        1 => "1 mistake so far".to_string(),
                        n => format!("{n} mistakes so far"),
                    }
                }</span>
                <label class="inline check-option"><input id="show-mistakes" type="checkbox" checked={props.show_mistakes}
                    onchange={on.reform(|e: Event| PlayAction::ShowMistakes(
                        e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />
                    { " Show mistakes at once" }</label>
            </div>
            <p id="hint-text" class="hint-text" aria-live="polite" aria-label="Hint">{ hint }</p>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct ClockProps {
    /// Milliseconds before `since`.
    pub played: f64,
    /// When the clock started (the page's clock, ms); None: it stands still.
    pub since: Option<f64>,
    pub id: AttrValue,
    pub label: AttrValue,
}

/// A time (play's, a solve's) as m:ss (h:mm:ss past an hour), ticking each
/// second while the clock runs; it re-renders itself alone.
#[function_component]
pub fn Clock(props: &ClockProps) -> Html {
    let tick = use_state(|| 0u32);
    {
        let tick = tick.clone();
        use_effect_with(props.since.is_some(), move |&running| {
            let interval = running.then(|| {
                gloo_timers::callback::Interval::new(1000, move || tick.set((*tick).wrapping_add(1)))
            });
            move || drop(interval)
        });
    }
    let ms = props.played + props.since.map_or(0.0, |since| (js_sys::Date::now() - since).max(0.0));
    html! {
        <span id={props.id.clone()} role="timer" aria-label={props.label.clone()}>{ clock_text(ms) }</span>
    }
}
