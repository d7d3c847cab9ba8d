//! The page's start (its fields, the kept input, the window's listeners)
//! and what it does after each render (the text box, the lab brought into
//! view).

use crate::page::browser::picture_client::PictureClient;
use crate::page::browser::solver_client::SolverClient;
use crate::page::browser::storage;
use crate::page::components::app::{App, Msg, SAMPLE};
use crate::page::state::keys::{INPUT_KEY, PICK_KEY, PLAYED_KEY, PLAYING_KEY, REPLACED_KEY};
use crate::page::state::{Action, State, View};
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

impl App {
    pub(crate) fn new(ctx: &Context<Self>) -> App {
        let mut app = App {
            state: State::default(),
            large_text: None,
            text_shown: Cell::new(0),
            clues_ref: NodeRef::default(),
            solver: SolverClient::new(
                ctx.link().callback(Msg::FromWorker),
                ctx.link().callback(|what| Msg::Act(Action::WorkerCrashed(what))),
                ctx.link().callback(Msg::FromRacer),
            ),
            pictures: PictureClient::new(
                ctx.link().callback(Msg::FromPictures),
                ctx.link().callback(Msg::PicturesCrashed),
            ),
            picture_file: None,
            read_file: None,
            picture_sync: None,
            timer: None,
            _on_resize: None,
            into_view: None,
            _on_hash: None,
            _on_update: None,
            _on_visibility: None,
        };
        // The text to offer back survives a reload.
        if let Some(text) = storage::read(REPLACED_KEY) {
            app.dispatch(ctx, Action::Replaced { text, kept: true });
        }
        // The last input survives a reload; nothing leaves the browser.
        let saved = storage::read(INPUT_KEY);
        if let Err(e) = app.solver.respawn() {
            app.dispatch(ctx, Action::Note(format!("The solver could not start: {e}")));
        }
        // Reduced motion: no animated playback; the board shows each
        // snapshot as it comes, and the history stays to step through.
        let reduced = web_sys::window()
            .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
            .is_some_and(|m| m.matches());
        if reduced {
            app.dispatch(ctx, Action::Speed(0));
        }
        let touch = web_sys::window()
            .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
            .is_some_and(|m| m.matches());
        app.dispatch(ctx, Action::Touch(touch));
        // My progress: the puzzles played in this browser.
        if let Some(played) = storage::read(PLAYED_KEY) {
            app.dispatch(ctx, Action::PlayedRead(played));
        }
        // With the batch's puzzle it was at (1-based).
        let pick = storage::read(PICK_KEY).and_then(|p| p.parse::<usize>().ok()).unwrap_or(1);
        // A first visit with no link in the address: the puzzle of the
        // day, made and shown (the small sample where the clock gives no
        // date); a link opens its own puzzle below.
        let linked = web_sys::window().and_then(|w| w.location().hash().ok()).is_some_and(|h| h.len() > 1);
        match (saved, crate::page::components::make_panel::today()) {
            (Some(text), _) => {
                // Left in play: back in play once read.
                if storage::read(PLAYING_KEY).is_some() {
                    app.dispatch(ctx, Action::PlayWhenRead);
                }
                app.reopen_input(ctx, text, pick);
            }
            (None, Some(day)) if !linked => app.dispatch(ctx, Action::FirstVisit(Some(day))),
            (None, _) => {
                app.dispatch(ctx, Action::FirstVisit(None));
                app.load_input(ctx, SAMPLE.to_string());
            }
        }
        let resized = ctx.link().callback(|_| Msg::Resized);
        let on_resize = Closure::<dyn FnMut()>::new(move || resized.emit(()));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
        }
        app._on_resize = Some(on_resize);
        // The play clock stands still while the page is hidden.
        let hidden = ctx.link().callback(|hidden| Msg::Play(crate::page::state::PlayAction::Hidden(hidden)));
        let on_visibility = Closure::<dyn FnMut()>::new(move || {
            hidden.emit(web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden()));
        });
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            let _ = d
                .add_event_listener_with_callback("visibilitychange", on_visibility.as_ref().unchecked_ref());
        }
        app._on_visibility = Some(on_visibility);
        let hash = ctx.link().callback(|_| Msg::HashChanged);
        let on_hash = Closure::<dyn FnMut()>::new(move || hash.emit(()));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
        }
        app._on_hash = Some(on_hash);
        app.open_share_link(ctx);
        app._on_update =
            crate::page::browser::offline::register(ctx.link().callback(|_| Msg::Act(Action::Updated)));
        app
    }

    pub(crate) fn after_render(&mut self) {
        // After the render: the play tools above the board are there to
        // be brought into view with it.
        match self.into_view.take() {
            Some(View::Board) => {
                crate::page::components::board_panel::bring_board_into_view();
                // Play puts the keyboard on the board at once: the arrows
                // move play's cursor, F fills (its label says so to a
                // screen reader).
                if self.state.play.is_some() {
                    crate::page::components::board_panel::focus_board();
                }
            }
            Some(View::Lab) => bring_lab_into_view(),
            // On a phone Make's panel is below the board.
            Some(View::Make)
                if crate::page::components::board_panel::window_size().0 <= crate::page::layout::NARROW =>
            {
                let panel = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.query_selector("section.make").ok().flatten());
                if let Some(panel) = panel {
                    panel.scroll_into_view();
                }
            }
            Some(View::Make) | None => {}
        }
        if self.text_shown.get() != self.state.text_version {
            if let Some(area) = self.clues_ref.cast::<HtmlTextAreaElement>() {
                area.set_value(&self.state.text);
                self.text_shown.set(self.state.text_version);
            }
        }
    }
}

/// Unfolds the line lab (folded away until asked for: a clue clicked asks)
/// and scrolls it into view.
fn bring_lab_into_view() {
    let document = web_sys::window().and_then(|w| w.document());
    let folded = document.as_ref().and_then(|d| d.get_element_by_id("lab-details"));
    if let Some(details) = folded.and_then(|e| e.dyn_into::<web_sys::HtmlDetailsElement>().ok()) {
        details.set_open(true);
    }
    let lab = document.and_then(|d| d.query_selector("section.lab").ok().flatten());
    if let Some(lab) = lab {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        lab.scroll_into_view_with_scroll_into_view_options(&options);
    }
}
