//! The page's markup: the input column, the board column and its panels,
//! then the picture, export and lab sections.

use super::input_panel::{ClueText, InputPanel};
use super::panels::{Lab, PlaybackBar, VerdictPanel, ZoomBar};
use super::{App, Msg};
use crate::app::{Input, Racer};
use yew::prelude::*;

impl App {
    pub(super) fn view_page(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = &self.state;
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

                <InputPanel clues_ref={self.clues_ref.clone()} detected={detected} error={error.to_string()}
                    batch={state.batch()} can_solve={state.puzzle().is_some()} running={state.running.is_some()}
                    first_visit={self.first_visit}
                    on_text={link.callback(|text| match text {
                        ClueText::Small(text) => Msg::Input(text),
                        ClueText::Large(text) => Msg::LargeInput(text),
                    })}
                    on_key={link.callback(Msg::Key)} on_sample={link.callback(Msg::Sample)}
                    on_file={link.callback(Msg::OpenFile)}
                    on_use={link.callback(|text: &'static str| Msg::Load(text.to_string()))}
                    on_action={on_action.clone()} />
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
