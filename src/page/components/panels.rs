//! The page's small panels, as function components: each gets only what it
//! shows, and says what the user did as an [`Action`] (or its own callback).

use crate::page::components::play_bar::Clock;
use crate::page::lab::{self, POST_CASES};
use crate::page::samples::FORMAT_SAMPLES;
use crate::page::state::{Action, OpenedLine, Zoom, SPEEDS};
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// A button that sends one action.
fn act(on_action: &Callback<Action>, action: Action) -> Callback<MouseEvent> {
    on_action.reform(move |_| action.clone())
}

#[derive(Properties, PartialEq)]
pub struct PlaybackProps {
    pub step: usize,
    pub last: usize,
    pub playing: bool,
    pub speed: u32,
    /// Whether there is a history to step through (a solve ran or runs):
    /// before it, "step 0 of 0" and its buttons would mean nothing.
    pub shown: bool,
    pub on_action: Callback<Action>,
}

/// Start, step back, play/pause, step forward, End, the speed, and the
/// `Step` slider over the history; none of them until there is one (a
/// first visit saw "Speed 60 steps/s" before anything was solved).
#[function_component]
pub fn PlaybackBar(props: &PlaybackProps) -> Html {
    let PlaybackProps { step, last, playing, speed, shown, on_action } = props;
    let onspeed = on_action.reform(|e: Event| {
        Action::Speed(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(0))
    });
    let onseek = on_action.reform(|e: InputEvent| {
        Action::Seek(e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0))
    });
    html! {
        <>
            // Nothing before a solve: playback's controls, its speed too,
            // come once there is something to play back.
            <div class="playback" role="group" aria-label="Playback">
                <button id="start" hidden={!shown} onclick={act(on_action, Action::Start)}>{ "Start" }</button>
                <button id="back" hidden={!shown} onclick={act(on_action, Action::StepBack)} aria-label="Step back">{ "◀ Step" }</button>
                <button id="play" hidden={!shown} onclick={act(on_action, Action::PlayPause)}>{ if *playing { "Pause" } else { "Play steps" } }</button>
                <button id="forward" hidden={!shown} onclick={act(on_action, Action::StepForward)} aria-label="Step forward">{ "Step ▶" }</button>
                <button id="end" hidden={!shown} onclick={act(on_action, Action::End)}>{ "End" }</button>
                <label class="inline" for="speed" hidden={!shown}>{ "Speed" }</label>
                <select id="speed" hidden={!shown} onchange={onspeed}>
                    { for SPEEDS.iter().map(|&(v, name)| html! {
                        <option value={v.to_string()} selected={v == *speed}>{ name }</option>
                    }) }
                </select>
            </div>
            <div class="scrubber" hidden={!shown}>
                <label class="inline" for="step">{ "Step" }</label>
                <input id="step" type="range" min="0" max={last.to_string()} value={step.to_string()} oninput={onseek} />
                <span id="frame" class="frame">{ format!("step {step} of {last}") }</span>
            </div>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct ZoomProps {
    pub zoom: Zoom,
    /// Zoom in (true) or out.
    pub on_zoom: Callback<bool>,
    pub on_action: Callback<Action>,
}

#[function_component]
pub fn ZoomBar(props: &ZoomProps) -> Html {
    html! {
        <div class="zoom" role="group" aria-label="Zoom">
            <button id="zoom-out" onclick={props.on_zoom.reform(|_| false)}>{ "Zoom out" }</button>
            <button id="fit" onclick={act(&props.on_action, Action::Fit)} aria-pressed={(props.zoom == Zoom::Fit).to_string()}>{ "Fit" }</button>
            <button id="zoom-in" onclick={props.on_zoom.reform(|_| true)}>{ "Zoom in" }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct BatchProps {
    /// The puzzle shown (0-based) and how many the batch holds.
    pub index: usize,
    pub count: usize,
    pub on_action: Callback<Action>,
}

/// "Puzzle N of M" with previous/next and a number field.
#[function_component]
pub fn BatchPicker(props: &BatchProps) -> Html {
    let BatchProps { index, count, on_action } = props;
    let n = index + 1;
    let onchange = {
        let on_action = on_action.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = value.trim().parse() {
                on_action.emit(Action::Pick(n));
            }
        })
    };
    html! {
        <div class="buttons batch" role="group" aria-label="Puzzle of the batch">
            <button id="previous-puzzle" disabled={n == 1} onclick={act(on_action, Action::Pick(n - 1))}>{ "◀ Previous" }</button>
            // One unit: "of 1000" wrapped under Next on a phone, away from its number.
            <span class="batch-number">
                <label class="inline" for="puzzle-number">{ "Puzzle" }</label>
                <input id="puzzle-number" type="number" min="1" max={count.to_string()} value={n.to_string()} {onchange} />
                <span id="puzzle-count">{ format!("of {count}") }</span>
            </span>
            <button id="next-puzzle" disabled={n == *count} onclick={act(on_action, Action::Pick(n + 1))}>{ "Next ▶" }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct VerdictProps {
    pub status: String,
    pub counts: String,
    /// How many engines race the first (0: none).
    pub racing: usize,
    /// How many solutions can be shown.
    pub solutions: usize,
    /// The puzzle's grade for a person, once known.
    pub difficulty: Option<&'static str>,
    /// In play and not yet solved: an unknown grade is said to come with
    /// the first hint.
    #[prop_or_default]
    pub grade_pending: bool,
    /// When the running solve began (its clock ticks beside the figures).
    pub solving_since: Option<f64>,
    /// What the running solve is doing, with a count that moves.
    #[prop_or_default]
    pub progress: AttrValue,
    pub on_action: Callback<Action>,
}

#[derive(Properties, PartialEq)]
pub struct ActionProps {
    pub can_solve: bool,
    pub running: bool,
    /// Play mode is on; `on_play` turns it on or off.
    pub playing: bool,
    pub on_play: Callback<()>,
    /// Make mode is on (see `State::make`).
    pub making: bool,
    /// The solver found no solution: Play is greyed, and says why.
    #[prop_or_default]
    pub unsolvable: bool,
    /// Why Play and Solve are greyed, when the clue text is wrong (its
    /// error, where it is): said beside them, not only at the text box.
    #[prop_or_default]
    pub waiting: AttrValue,
    pub on_action: Callback<Action>,
}

/// What a person does with the puzzle on the board: play it, solve it (and
/// stop the solve), or make one. First among the board's tools.
#[function_component]
pub fn ActionBar(props: &ActionProps) -> Html {
    let solve = props.on_action.reform(|_| Action::Solve { now: js_sys::Date::now() });
    let stop = props.on_action.reform(|_| Action::Stop);
    let making = props.making;
    let make = props.on_action.reform(move |_| Action::Make(!making));
    html! {
        <div class="buttons actions">
            <button id="play-mode" onclick={props.on_play.reform(|_| ())}
                disabled={!props.can_solve || (props.unsolvable && !props.playing)}
                aria-pressed={props.playing.to_string()} aria-describedby={props.unsolvable.then_some("no-play-note")}
                title={if props.unsolvable { "No solution: nothing to play" } else { "Solve it yourself" }}>{ "Play" }</button>
            <button id="solve" onclick={solve} disabled={!props.can_solve}>{ "Solve" }</button>
            <button id="make-mode" onclick={make} aria-pressed={making.to_string()}
                title="Make a puzzle, read one from a picture, or type its clues">{ "Make" }</button>
            <button id="stop" onclick={stop} disabled={!props.running}>{ "Stop" }</button>
            if props.unsolvable && props.can_solve && !props.playing {
                <p id="no-play-note" class="actions-note">{ crate::page::state::NO_PLAY }</p>
            }
            if !props.waiting.is_empty() && !props.can_solve {
                <p id="actions-note" class="actions-note error">
                    { "Play and Solve wait until the clues are fixed: " }{ &props.waiting }{ " " }
                    <button id="to-clues" class="link" onclick={Callback::from(|_: MouseEvent| focus_clues())}>
                        { "Go to the clues" }
                    </button>
                </p>
            }
        </div>
    }
}

/// Brings the clue text into view and puts the caret in it.
fn focus_clues() {
    use wasm_bindgen::JsCast;
    let clues = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("clues"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(clues) = clues {
        clues.scroll_into_view_with_bool(false);
        let _ = clues.focus();
    }
}

/// The verdict in a player's words (announced: role=status), a button per
/// solution when there are several, the grade, and the solver's own figures
/// under "Solver details" (with the clock of a solve running).
#[function_component]
pub fn VerdictPanel(props: &VerdictProps) -> Html {
    html! {
        <>
            <p id="verdict" role="status">{ &props.status }</p>
            // A long search's progress on the main view, not only folded
            // under Solver details: it moves at least every second.
            if let Some(since) = props.solving_since {
                <p id="solve-progress" class="progress">
                    if !props.progress.is_empty() { { &props.progress }{ " · " } }
                    <Clock played={0.0} since={since} id="solve-progress-clock" label="Time solving" />
                </p>
            }
            if props.solutions > 1 {
                <div class="buttons">
                    { for (0..props.solutions).map(|i| html! {
                        <button class="solution" onclick={act(&props.on_action, Action::ShowSolution(i))}>
                            { format!("Show solution {}", i + 1) }
                        </button>
                    }) }
                </div>
            }
            // Its line is kept before the grade is known (the first hint or
            // solve finds it): the buttons under it do not move then.
            <p id="difficulty" class="progress">
                if let Some(grade) = props.difficulty {
                    { "Difficulty — " }{ grade }
                } else if props.grade_pending {
                    { "Difficulty — the first hint tells it" }
                }
            </p>
            <details id="solver-details" class="solver-details" hidden={props.counts.is_empty() && props.solving_since.is_none()}>
                <summary class="progress">
                    { "Solver details" }
                    if let Some(since) = props.solving_since {
                        { " · " }<Clock played={0.0} since={since} id="solve-clock" label="Time solving" />
                    }
                </summary>
                <p id="counts" class="progress">
                    { &props.counts }{ match props.racing {
                        0 => String::new(),
                        1 => "; a second engine races it".into(),
                        n => format!("; {n} more engines race it"),
                    } }
                </p>
            </details>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct LabProps {
    /// The line last opened from the board (a new one replaces the inputs).
    pub opened: Option<Rc<OpenedLine>>,
}

/// The line lab: every placement of a clue in a line, and the cells they
/// all agree on (the posts' line solver, shown step by step).
#[function_component]
pub fn Lab(props: &LabProps) -> Html {
    let example = |i: usize| {
        let (name, clue, line) = POST_CASES[i];
        Rc::new(OpenedLine {
            clue: clue.into(),
            line: line.into(),
            note: format!("Example: {name}"),
            palette: None,
        })
    };
    let shown = use_state(|| props.opened.clone().unwrap_or_else(|| example(3)));
    {
        let shown = shown.clone();
        use_effect_with(props.opened.clone(), move |opened| {
            if let Some(line) = opened {
                shown.set(line.clone());
            }
        });
    }
    let edit = |field: fn(&mut OpenedLine, String)| {
        let shown = shown.clone();
        Callback::from(move |e: InputEvent| {
            let mut line = (*shown.as_ref()).clone();
            field(&mut line, e.target_unchecked_into::<HtmlInputElement>().value());
            line.note.clear();
            shown.set(Rc::new(line));
        })
    };
    let onexample = {
        let shown = shown.clone();
        Callback::from(move |e: Event| {
            let i: usize =
                e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(usize::MAX);
            if i < POST_CASES.len() {
                shown.set(example(i));
            }
        })
    };
    let result = match &shown.palette {
        Some(palette) => lab::run_colour(palette, &shown.clue, &shown.line),
        None => lab::run(&shown.clue, &shown.line),
    };
    let notation = match &shown.palette {
        Some(palette) => format!(
            "Line: a colour's character ({}), ? unknown. Click or tap a clue on the board to open its line here.",
            palette.iter().map(|s| format!("{} {}", s.symbol, s.name)).collect::<Vec<_>>().join(", ")
        ),
        None => "Line: # or 1 filled, x or _ empty, . or ? unknown. Click or tap a clue on the board to open its line here."
            .to_string(),
    };
    html! {
        <section class="lab" aria-labelledby="lab-title">
            <h2 id="lab-title">{ "Line lab" }</h2>
            <div class="lab-inputs">
                <label class="inline" for="lab-clue">{ "Clue" }</label>
                <input id="lab-clue" spellcheck="false" value={shown.clue.clone()} oninput={edit(|l, v| l.clue = v)} />
                <label class="inline" for="lab-line">{ "Line" }</label>
                <input id="lab-line" spellcheck="false" value={shown.line.clone()} oninput={edit(|l, v| l.line = v)} />
                <label class="inline" for="lab-cases">{ "Examples" }</label>
                <select id="lab-cases" onchange={onexample}>
                    <option value="" selected=true disabled=true>{ "Choose an example…" }</option>
                    { for POST_CASES.iter().enumerate().map(|(i, (name, clue, _))| html! {
                        <option value={i.to_string()}>{ format!("{name} {clue}") }</option>
                    }) }
                </select>
            </div>
            <p class="hint">{ notation }</p>
            <p id="lab-note" class="progress">{ &shown.note }</p>
            {
                match result {
                    Ok(r) => html! {
                        <>
                            <p>{ format!("{} placement{}{}", r.total, if r.total == 1 { "" } else { "s" },
                                if (r.placements.len() as u64) < r.total { format!(", the first {} shown", r.placements.len()) } else { String::new() }) }</p>
                            <pre id="lab-placements">{ r.placements.join("\n") }</pre>
                            <p>{ if r.colour { "Cells every placement agrees on (? where they differ): " } else { "Cells every placement agrees on (1 filled, _ empty): " } }<code id="lab-fixes">{ r.fixes }</code>
                                { " as a line: " }<code id="lab-text">{ r.text }</code></p>
                        </>
                    },
                    Err(e) => html! { <p id="lab-error" class="error" role="alert">{ e }</p> },
                }
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct AboutProps {
    /// Open on a first visit.
    pub open: bool,
    /// Put this text in `Clues`.
    pub on_use: Callback<&'static str>,
}

/// "What is this?" for newcomers, and the formats `Clues` reads, each with
/// a sample to use.
#[function_component]
pub fn About(props: &AboutProps) -> Html {
    html! {
        <div class="about">
            <details id="about" open={props.open}>
                <summary>{ "What is this?" }</summary>
                <p>{ "A nonogram (paint by numbers) is a picture hidden in a grid. The numbers beside each row \
                    and above each column are the lengths of its runs of filled cells, in order, with at least \
                    one empty cell between two runs. Paste a puzzle's clues here, pick a sample, open a file, or \
                    upload a picture to make a puzzle of it; then Solve, and watch the solver fill in the board: \
                    line by line while logic suffices, then by guessing and backtracking. It ends with its \
                    verdict: one solution, several (each can be shown), or none (with the line that cannot be \
                    filled). Click or tap a clue to see how its line is worked out." }</p>
                <p>{ "Or press Play and solve it yourself: fill cells with a click or a tap, mark the ones you \
                    know are empty with a right-click or with Cross on, drag for a run. Hint shows the next step a \
                    person can take and why; Check shows your mistakes. Your progress is kept in this browser, \
                    and nothing leaves it." }</p>
            </details>
            <details id="formats">
                <summary>{ "Formats it reads" }</summary>
                <p class="hint">{ "The format is detected. Each sample below is the same 5×5 puzzle." }</p>
                <dl class="formats">
                    { for FORMAT_SAMPLES.iter().map(|&(name, what, text)| html! {
                        <>
                            <dt>{ name }{ " — " }{ what }
                                <button class="use-format" onclick={props.on_use.reform(move |_| text)}
                                    aria-label={format!("Use the {name} sample")}>{ "Use" }</button></dt>
                            <dd><pre>{ text }</pre></dd>
                        </>
                    }) }
                </dl>
            </details>
        </div>
    }
}
