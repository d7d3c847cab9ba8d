//! The board on the page: the room it takes, its drawing, its text
//! alternative, and what the pointer and the wheel do on it.

use super::panels::OpenedLine;
use super::{App, Msg, NARROW};
use crate::app::ZOOM_STEP;
use crate::app::{plural, Input, Zoom};
use crate::draw;
use crate::layout::{ClueExtent, Layout, LineId, Pinch};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

impl App {
    /// On a narrow screen the board is below the input: Solve scrolls it
    /// into view, with room for the verdict (see [`Self::board_space`]).
    pub(super) fn bring_board_into_view(&self) {
        let narrow = window_size().0 <= NARROW;
        let board =
            self.canvas.cast::<web_sys::Element>().and_then(|c| c.closest("section.board").ok().flatten());
        if let (true, Some(board)) = (narrow, board) {
            board.scroll_into_view();
        }
    }

    /// Ctrl+wheel (and a touchpad's pinch, which the browser sends as one)
    /// on the board zooms it, not the page: the listener must be able to
    /// cancel the event, which Yew's own listeners cannot.
    pub(super) fn listen_to_wheel(&mut self, ctx: &Context<Self>) {
        let Some(wrap) = self.canvas.cast::<web_sys::Element>().and_then(|c| c.parent_element()) else {
            return;
        };
        let zoom = ctx.link().callback(Msg::Zoom);
        let on_wheel = Closure::<dyn FnMut(web_sys::WheelEvent)>::new(move |e: web_sys::WheelEvent| {
            if e.ctrl_key() && e.delta_y() != 0.0 {
                e.prevent_default();
                zoom.emit(e.delta_y() < 0.0);
            }
        });
        let options = web_sys::AddEventListenerOptions::new();
        options.set_passive(false);
        let _ = wrap.add_event_listener_with_callback_and_add_event_listener_options(
            "wheel",
            on_wheel.as_ref().unchecked_ref(),
            &options,
        );
        self._on_wheel = Some(on_wheel);
        self.listen_to_pinch(&wrap, ctx);
    }

    /// Two fingers on the board zoom it (`touch-action` leaves one-finger
    /// panning to the browser, and pinching on the board to us).
    fn listen_to_pinch(&mut self, wrap: &web_sys::Element, ctx: &Context<Self>) {
        let pinch = Rc::new(std::cell::RefCell::new(Pinch::default()));
        let zoom = ctx.link().callback(Msg::Zoom);
        let handler = |kind: &'static str| {
            let (pinch, zoom) = (pinch.clone(), zoom.clone());
            Closure::<dyn FnMut(web_sys::PointerEvent)>::new(move |e: web_sys::PointerEvent| {
                if e.pointer_type() != "touch" {
                    return;
                }
                let (id, x, y) = (e.pointer_id(), e.client_x() as f64, e.client_y() as f64);
                let mut pinch = pinch.borrow_mut();
                match kind {
                    "pointerdown" => pinch.down(id, x, y),
                    "pointermove" => {
                        if let Some(inward) = pinch.moved(id, x, y, ZOOM_STEP) {
                            zoom.emit(inward);
                        }
                    }
                    _ => pinch.up(id),
                }
                if pinch.pinching() {
                    e.prevent_default();
                }
            })
        };
        for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel"] {
            let on_pointer = handler(kind);
            let _ = wrap.add_event_listener_with_callback(kind, on_pointer.as_ref().unchecked_ref());
            self._on_pointer.push(on_pointer);
        }
    }

    /// The side of a cell as drawn now, in CSS pixels.
    /// (The zoom's own when zoomed: several steps may come before a redraw.)
    pub(super) fn drawn_cell(&self) -> f64 {
        match self.state.zoom {
            Zoom::Cell(cell) => cell,
            Zoom::Fit => self.board.layout().map_or(16.0, |l| l.cell),
        }
    }

    /// A click on a row or column clue opens that line, as shown, in the
    /// lab, and brings the lab into view.
    pub(super) fn open_line_in_lab(&mut self, x: f64, y: f64) -> bool {
        let (Some(p), Some(l)) = (self.state.puzzle(), self.board.layout()) else { return false };
        let Some(line) = l.clue_at(x, y) else { return false };
        let indices = l.line_cells(line);
        let cells = self.state.shown_cells().as_bytes();
        let shown: String = indices
            .iter()
            .map(|&k| match cells.get(k) {
                Some(b'#') => '#',
                Some(b'.') => 'x',
                _ => '.',
            })
            .collect();
        let clue = match line {
            LineId::Row(i) => &p.rows[i],
            LineId::Column(i) => &p.columns[i],
        };
        let fresh: Vec<String> = (indices.iter().enumerate())
            .filter(|(_, k)| self.state.playback.fresh_cells().contains(&(**k as u32)))
            .map(|(pos, _)| (pos + 1).to_string())
            .collect();
        let step = self.state.playback.position();
        let name = line.name();
        let note = if fresh.is_empty() {
            format!("{name} as shown at step {step}; that step deduced nothing in it")
        } else {
            format!("{name} as shown at step {step}; that step deduced its cells {}", fresh.join(", "))
        };
        self.opened_line = Some(Rc::new(OpenedLine { clue: format!("[{clue}]"), line: shown, note }));
        self.lab_into_view = true;
        true
    }

    /// The room the board may take: its box's width, and the window's
    /// height below the box less room for the verdict (on a narrow screen,
    /// where the board comes below the input, the window's height less its
    /// controls: Solve brings the board into view).
    fn board_space(&self, canvas: &HtmlCanvasElement) -> (f64, f64) {
        if let Some(space) = self.board_space.get() {
            return space;
        }
        let window = web_sys::window();
        let (window_w, window_h) = window_size();
        let wrap = canvas.parent_element();
        let width =
            wrap.as_ref().map(|p| p.client_width() as f64).filter(|&w| w > 0.0).unwrap_or(window_w - 32.0);
        let height = if window_w <= NARROW {
            window_h - 190.0
        } else {
            let scrolled = window.as_ref().and_then(|w| w.scroll_y().ok()).unwrap_or(0.0);
            let top = wrap.as_ref().map_or(150.0, |p| p.get_bounding_client_rect().top() + scrolled);
            window_h - top - 110.0
        };
        let space = (width.max(120.0), height.max(200.0));
        self.board_space.set(Some(space));
        space
    }

    /// Draws the board (see [`draw::Board::draw`]), or clears it when the
    /// input is no puzzle: never another puzzle's cells.
    pub(super) fn draw(&self) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else { return };
        let state = &self.state;
        let Some(puzzle) = state.puzzle() else {
            self.board.clear(&canvas);
            return;
        };
        let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let space = self.board_space(&canvas);
        let clues = ClueExtent::of(puzzle);
        let (w, h) = (puzzle.width(), puzzle.height());
        let l = match state.zoom {
            Zoom::Fit => Layout::fit(w, h, clues, space),
            Zoom::Cell(cell) => Layout::at_cell(w, h, clues, cell),
        };
        if let Some(wrap) = canvas.parent_element().and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok()) {
            // Zoomed in, the board pans inside its box, never the page.
            let _ = wrap.style().set_property("max-height", &format!("{}px", draw::css(space.1.ceil())));
        }
        let comparing = state.shown_solution.is_some();
        let view = draw::BoardView {
            puzzle,
            version: state.version,
            cells: state.shown_cells(),
            fresh: if comparing { &[] } else { state.playback.fresh_cells() },
            mark: if comparing { None } else { state.playback.line_mark() },
            differ: match (comparing, state.solutions.as_slice()) {
                (true, [a, b, ..]) => Some((a.as_str(), b.as_str())),
                _ => None,
            },
        };
        self.board.draw(&canvas, l, dpr, &view);
    }
    /// The board's text alternative: its size, what is known, the verdict.
    pub(super) fn board_summary(&self) -> String {
        let state = &self.state;
        let Some(p) = state.puzzle() else {
            return match &state.input {
                Input::Reading { .. } => "Board: reading the clues".into(),
                _ => "Board: no puzzle (the clues are not valid)".into(),
            };
        };
        let cells = state.shown_cells();
        let known = cells.bytes().filter(|&c| c != b'?').count() as u64;
        let filled = cells.bytes().filter(|&c| c == b'#').count() as u64;
        let verdict = if state.status.is_empty() { String::new() } else { format!(" {}.", state.status) };
        format!(
            "Board, {}×{}: {} of {} known, {} filled, at step {} of {}.{verdict} Click a clue to explain its line.",
            p.width(),
            p.height(),
            plural(known, "cell", "cells"),
            cells.len(),
            filled,
            state.playback.position(),
            state.playback.len().saturating_sub(1),
        )
    }
}

/// The window's inner width and height in CSS pixels.
fn window_size() -> (f64, f64) {
    let window = web_sys::window();
    let px = |v: Option<Result<JsValue, JsValue>>| v.and_then(|v| v.ok()).and_then(|v| v.as_f64());
    (
        px(window.as_ref().map(|w| w.inner_width())).unwrap_or(800.0),
        px(window.as_ref().map(|w| w.inner_height())).unwrap_or(600.0),
    )
}
