//! The page's start (its fields, the kept input, the window's listeners)
//! and what it does after each render (the text box, the board's drawing,
//! the lab brought into view).

use super::input::{storage, STORAGE_KEY};
use super::picture_view::CheckView;
use super::solver_client::SolverClient;
use super::{App, Msg, SAMPLE};
use crate::app::{Action, State};
use crate::draw;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

impl App {
    pub(super) fn new(ctx: &Context<Self>) -> App {
        let mut app = App {
            state: State::default(),
            text: String::new(),
            large_text: None,
            text_shown: Cell::new(0),
            text_version: 0,
            clues_ref: NodeRef::default(),
            next_id: 1,
            solver: SolverClient::new(
                ctx.link().callback(Msg::FromWorker),
                ctx.link().callback(|what| Msg::Act(Action::WorkerCrashed(what))),
                ctx.link().callback(Msg::FromRacer),
            ),
            timer: None,
            canvas: NodeRef::default(),
            board: draw::Board::default(),
            board_space: Default::default(),
            _on_wheel: None,
            _on_pointer: Vec::new(),
            _on_resize: None,
            opened_line: None,
            lab_into_view: false,
            first_visit: false,
            picture: None,
            picture_worker: None,
            picture_load: (0, String::new()),
            picture_note: String::new(),
            picture_error: String::new(),
            picture_text: String::new(),
            check: CheckView::default(),
            picture_canvas: NodeRef::default(),
            own_canvas: NodeRef::default(),
            other_canvas: NodeRef::default(),
            picture_version: 0,
            picture_drawn: Default::default(),
            picture_layout: Default::default(),
            export_format: "non".into(),
            export_note: String::new(),
            share_link: String::new(),
            before_link: None,
            _on_hash: None,
            export_cache: RefCell::new(None),
            picture_sync: None,
            redraw: None,
        };
        // The last input survives a reload; nothing leaves the browser.
        let saved = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
        app.first_visit = saved.is_none();
        if let Err(e) = app.solver.respawn() {
            app.state.status = format!("The solver could not start: {e}");
        }
        // Reduced motion: no animated playback; the board shows each
        // snapshot as it comes, and the history stays to step through.
        let reduced = web_sys::window()
            .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
            .is_some_and(|m| m.matches());
        if reduced {
            app.dispatch(ctx, Action::Speed(0));
        }
        app.load_input(ctx, saved.unwrap_or_else(|| SAMPLE.to_string()));
        let resized = ctx.link().callback(|_| Msg::Resized);
        let on_resize = Closure::<dyn FnMut()>::new(move || resized.emit(()));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
        }
        app._on_resize = Some(on_resize);
        let hash = ctx.link().callback(|_| Msg::HashChanged);
        let on_hash = Closure::<dyn FnMut()>::new(move || hash.emit(()));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
        }
        app._on_hash = Some(on_hash);
        app.open_share_link(ctx);
        app
    }

    pub(super) fn after_render(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.listen_to_wheel(ctx);
        }
        if std::mem::take(&mut self.lab_into_view) {
            let lab = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector("section.lab").ok().flatten());
            if let Some(lab) = lab {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                lab.scroll_into_view_with_scroll_into_view_options(&options);
            }
        }
        if self.text_shown.get() != self.text_version {
            if let Some(area) = self.clues_ref.cast::<HtmlTextAreaElement>() {
                area.set_value(&self.text);
                self.text_shown.set(self.text_version);
            }
        }
        // A new puzzle's board (all its clue texts) is drawn in a task of its
        // own, so that it does not add to the work of the change that made it.
        let new_puzzle = self.board.version().is_some_and(|v| v != self.state.version);
        if new_puzzle && self.redraw.is_none() {
            let redraw = ctx.link().callback(|_| Msg::Redraw);
            self.redraw = Some(gloo_timers::callback::Timeout::new(0, move || redraw.emit(())));
        } else if !new_puzzle {
            self.draw();
        }
        self.draw_picture();
    }
}
