//! The board's input: what the keyboard, the pointer, a second finger
//! and the wheel do on it (play mode's strokes, playback's keys, zoom,
//! a clue clicked), as actions for the page's reducer.

use super::board_panel::{BoardMsg, BoardPanel};
use crate::page::layout::Layout;
use crate::page::state::{Action, PlayAction, ZOOM_STEP};
use nonogram_core::{Cell, LineId};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::PointerEvent;
use yew::prelude::*;

impl BoardPanel {
    /// A message from the board's listeners: an action emitted, or the
    /// board redrawn; true when the panel must render again.
    pub(super) fn input(&mut self, ctx: &Context<Self>, msg: BoardMsg) -> bool {
        let props = ctx.props();
        let fitted = self.drawing.layout().map_or(16.0, |l| l.cell);
        let action = match msg {
            BoardMsg::Zoom(true) => Action::ZoomIn { fitted },
            BoardMsg::Zoom(false) => Action::ZoomOut { fitted },
            BoardMsg::Key(e) => {
                if props.play.is_some() {
                    if let Some(play) = play_key(&e) {
                        e.prevent_default();
                        props.on_play.emit(play);
                        return false;
                    }
                }
                let action = match e.key().as_str() {
                    // Playback's keys, when the board plays back the solver's steps.
                    _ if props.play.is_some() && !matches!(e.key().as_str(), "+" | "=" | "-" | "0") => {
                        return false
                    }
                    "ArrowLeft" => Action::StepBack,
                    "ArrowRight" => Action::StepForward,
                    "Home" => Action::Start,
                    "End" => Action::End,
                    " " => Action::PlayPause,
                    "+" | "=" => Action::ZoomIn { fitted },
                    "-" => Action::ZoomOut { fitted },
                    "0" => Action::Fit,
                    _ => return false,
                };
                e.prevent_default();
                action
            }
            BoardMsg::ClueClick(top, e) => {
                let (Some(l), Some(puzzle)) = (self.drawing.layout(), &props.puzzle) else { return false };
                let (x, y) = strip_point(&l, top, &e);
                if props.play.is_some() {
                    let runs = |line: LineId| match &props.colour {
                        Some(c) => c.clue(line).iter().map(|r| r.len).collect(),
                        None => puzzle.clue(line).runs().to_vec(),
                    };
                    if let Some((line, number)) = l.clue_number_at(x, y, runs) {
                        props
                            .on_play
                            .emit(PlayAction::CrossClue { line: line.slot(puzzle.height()), number });
                    }
                } else if let Some(line) = l.clue_at(x, y) {
                    props.on_clue.emit(line);
                }
                return false;
            }
            BoardMsg::StripHover(top, e) => {
                let Some(l) = self.drawing.layout() else { return false };
                self.hover = Some(strip_point(&l, top, &e));
                self.highlight(props);
                return false;
            }
            BoardMsg::Leave => {
                self.hover = None;
                self.highlight(props);
                return false;
            }
            BoardMsg::Down(e) => {
                // A second finger: a pinch or a pan, not a paint; the first
                // finger's stroke is taken back. (Yew's listeners and the
                // pinch's may run in either order: a stroke under way by
                // another touch says it as well as the pinch does.)
                let second = e.pointer_type() == "touch" && self.pressed.is_some();
                if second || self.pinch.borrow().pinching() {
                    e.prevent_default();
                    if self.pressed.take().is_some() {
                        props.on_play.emit(PlayAction::Cancel);
                    }
                    return false;
                }
                let Some((row, column)) = self.cell_at(&e) else { return false };
                if props.play.is_none() || e.button() > 2 {
                    return false;
                }
                e.prevent_default();
                if let Some(canvas) = self.canvas.cast::<web_sys::Element>() {
                    let _ = canvas.set_pointer_capture(e.pointer_id());
                }
                // The board takes the keys from the cell pressed on (the
                // cursor moves there): its default, focusing, was prevented
                // with the text selection.
                // Without scrolling: the cell stays under the finger.
                if let Some(wrap) = self.wrap.cast::<web_sys::HtmlElement>() {
                    let options = web_sys::FocusOptions::new();
                    options.set_prevent_scroll(true);
                    let _ = wrap.focus_with_options(&options);
                }
                self.pressed = Some((row, column));
                let index = row * props.puzzle.as_ref().map_or(0, |p| p.width()) + column;
                props.on_play.emit(PlayAction::Press { index, cross: e.button() == 2 });
                return false;
            }
            BoardMsg::Move(e) => {
                if e.pointer_type() == "mouse" {
                    self.hover = Some((e.offset_x() as f64, e.offset_y() as f64));
                    self.highlight(props);
                }
                if self.pinch.borrow().pinching() {
                    return false;
                }
                let (Some(was), Some(now)) = (self.pressed, self.cell_at(&e)) else { return false };
                if now != was {
                    self.pressed = Some(now);
                    props.on_play.emit(PlayAction::Drag { row: now.0, column: now.1 });
                }
                return false;
            }
            BoardMsg::Up => {
                if self.pressed.take().is_some() {
                    props.on_play.emit(PlayAction::Release);
                }
                return false;
            }
            BoardMsg::Redraw => {
                self.redraw = None;
                self.draw(props);
                return false;
            }
        };
        props.on_action.emit(action);
        false
    }

    /// The cell (row, column) under a pointer on the canvas.
    fn cell_at(&self, e: &PointerEvent) -> Option<(usize, usize)> {
        self.drawing.layout()?.cell_at(e.offset_x() as f64, e.offset_y() as f64)
    }

    /// Ctrl+wheel (and a touchpad's pinch, which the browser sends as one)
    /// on the board zooms it, not the page: the listener must be able to
    /// cancel the event, which Yew's own listeners cannot.
    pub(super) fn listen_to_wheel(&mut self, ctx: &Context<Self>) {
        let Some(wrap) = self.wrap.cast::<web_sys::Element>() else { return };
        let zoom = ctx.link().callback(BoardMsg::Zoom);
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
        self.hold_touches();
    }

    /// In play mode a finger on the cells paints: its touches are cancelled
    /// (non-passive listeners), so that the browser makes no gesture of a
    /// stroke. Without it Chromium took a quick stroke for a fling, and
    /// swallowed the next tap anywhere on the page (a tap stops a fling),
    /// so that the first tap on Undo or Hint after a stroke did nothing.
    fn hold_touches(&mut self) {
        let Some(canvas) = self.canvas.cast::<web_sys::Element>() else { return };
        let on_touch = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            let playing = e
                .current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|c| c.class_name().split(' ').any(|k| k == "play"));
            if playing && e.cancelable() {
                e.prevent_default();
            }
        });
        let options = web_sys::AddEventListenerOptions::new();
        options.set_passive(false);
        for kind in ["touchstart", "touchmove"] {
            let _ = canvas.add_event_listener_with_callback_and_add_event_listener_options(
                kind,
                on_touch.as_ref().unchecked_ref(),
                &options,
            );
        }
        self._on_touch = Some(on_touch);
    }

    /// Two fingers on the board zoom it and pan it (`touch-action` leaves
    /// one-finger panning to the browser outside play mode, and two
    /// fingers on the board to us). The listener captures, so the pinch is
    /// known before the canvas's own handlers see a second finger (which
    /// then takes the first one's stroke back: a gesture, not a paint).
    fn listen_to_pinch(&mut self, wrap: &web_sys::Element, ctx: &Context<Self>) {
        let pinch = self.pinch.clone();
        let zoom = ctx.link().callback(BoardMsg::Zoom);
        let handler = |kind: &'static str| {
            let (pinch, zoom, wrap) = (pinch.clone(), zoom.clone(), wrap.clone());
            Closure::<dyn FnMut(web_sys::PointerEvent)>::new(move |e: web_sys::PointerEvent| {
                if e.pointer_type() != "touch" {
                    return;
                }
                let (id, x, y) = (e.pointer_id(), e.client_x() as f64, e.client_y() as f64);
                let mut pinch = pinch.borrow_mut();
                match kind {
                    "pointerdown" => pinch.down(id, x, y),
                    "pointermove" => {
                        if let Some(step) = pinch.moved(id, x, y, ZOOM_STEP) {
                            wrap.scroll_by_with_x_and_y(-step.pan.0, -step.pan.1);
                            if let Some(inward) = step.zoom {
                                zoom.emit(inward);
                            }
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
            let _ = wrap.add_event_listener_with_callback_and_bool(
                kind,
                on_pointer.as_ref().unchecked_ref(),
                true,
            );
            self._on_pointer.push(on_pointer);
        }
    }
}

/// A point on a clue strip's canvas in the board's coordinates (the row
/// clues' strip starts below the column clues; `top`: the column clues').
fn strip_point(l: &Layout, top: bool, e: &MouseEvent) -> (f64, f64) {
    (e.offset_x() as f64, e.offset_y() as f64 + if top { 0.0 } else { l.top })
}

/// Play mode's keys: arrows move the cursor, F or Space fill, X crosses
/// out, Backspace clears, 1 to 9 pick a colour; Ctrl+Z undoes, Ctrl+Y (or
/// Ctrl+Shift+Z) redoes.
fn play_key(e: &KeyboardEvent) -> Option<PlayAction> {
    let ctrl = e.ctrl_key() || e.meta_key();
    Some(match e.key().as_str() {
        "ArrowLeft" => PlayAction::Cursor { rows: 0, columns: -1 },
        "ArrowRight" => PlayAction::Cursor { rows: 0, columns: 1 },
        "ArrowUp" => PlayAction::Cursor { rows: -1, columns: 0 },
        "ArrowDown" => PlayAction::Cursor { rows: 1, columns: 0 },
        "f" | "F" | " " if !ctrl => PlayAction::Set(Cell::Filled),
        "x" | "X" if !ctrl => PlayAction::Set(Cell::Empty),
        "Backspace" | "Delete" => PlayAction::Set(Cell::Unknown),
        "z" | "Z" if ctrl && e.shift_key() => PlayAction::Redo,
        "z" | "Z" if ctrl => PlayAction::Undo,
        "y" | "Y" if ctrl => PlayAction::Redo,
        k if !ctrl && matches!(k.as_bytes(), [b'1'..=b'9']) => PlayAction::Paint(k.as_bytes()[0] - b'0'),
        _ => return None,
    })
}
