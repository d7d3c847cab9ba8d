//! The board panel: its zoom buttons, the note of the step shown, and the
//! canvas: the room it takes, its drawing, its text alternative, and what
//! the keyboard, the pointer and the wheel do on it.

use super::panels::ZoomBar;
use super::NARROW;
use crate::app::{Action, PlayAction, Zoom, ZOOM_STEP};
use crate::draw;
use crate::layout::{ClueExtent, Layout, Pinch};
use crate::playback::LineMark;
use crate::protocol::Cells;
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::{Cell, LineId, Puzzle};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, PointerEvent};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// None when the input is no puzzle: the board is empty.
    pub puzzle: Option<Rc<Puzzle>>,
    /// A colour puzzle's colours (`puzzle` is then its shape).
    pub colour: Option<Rc<ColourPuzzle>>,
    /// Bumped at each new input: a new puzzle's board is drawn anew.
    pub version: u64,
    pub cells: Option<Rc<Cells>>,
    /// Cells the shown step deduced (highlighted).
    pub fresh: Rc<Vec<u32>>,
    pub mark: Option<LineMark>,
    /// Two solutions compared: the cells where they differ are outlined.
    pub differ: Option<(Rc<Cells>, Rc<Cells>)>,
    pub zoom: Zoom,
    /// What the shown step did.
    pub note: String,
    /// The board's text alternative.
    pub summary: String,
    /// Bumped when the room for the board may have changed (a resize, new text).
    pub resized: u64,
    pub on_action: Callback<Action>,
    /// A row or column clue was clicked.
    pub on_clue: Callback<LineId>,
    /// Play mode: what the board shows of it; presses, strokes and keys
    /// go to `on_play`.
    pub play: Option<PlayBoard>,
    pub on_play: Callback<PlayAction>,
}

/// What the board shows in play mode besides the player's cells.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayBoard {
    /// The cells the hint shown settles.
    pub hinted: Rc<Vec<(u32, bool)>>,
    /// The cells a check found wrong.
    pub wrong: Rc<Vec<u32>>,
    pub cursor: usize,
    /// Lines whose clues are satisfied: rows, then columns.
    pub done: Rc<Vec<bool>>,
}

pub enum BoardMsg {
    /// Zoom in (true) or out from the cell size drawn now.
    Zoom(bool),
    Key(KeyboardEvent),
    Click(MouseEvent),
    /// Play mode: a press, a move and a release of the pointer.
    Down(PointerEvent),
    Move(PointerEvent),
    Up,
    /// Draw now (a new puzzle's first drawing, put off a task).
    Redraw,
}

pub struct BoardPanel {
    canvas: NodeRef,
    /// The draw cache.
    board: draw::Board,
    /// The room the board may take (width, height), read from the page
    /// when unknown: reading it forces a layout of the page, which costs
    /// tens of milliseconds with large text areas.
    space: std::cell::Cell<Option<(f64, f64)>>,
    /// Ctrl+wheel on the board zooms (a listener that may cancel the page's zoom).
    _on_wheel: Option<Closure<dyn FnMut(web_sys::WheelEvent)>>,
    /// Two fingers on the board zoom (see [`Self::listen_to_pinch`]).
    _on_pointer: Vec<Closure<dyn FnMut(web_sys::PointerEvent)>>,
    /// Pending: the drawing of a new puzzle's board.
    redraw: Option<gloo_timers::callback::Timeout>,
    /// Play mode: the cell the pressed pointer was last over.
    pressed: Option<(usize, usize)>,
}

impl Component for BoardPanel {
    type Message = BoardMsg;
    type Properties = BoardProps;

    fn create(_: &Context<Self>) -> Self {
        BoardPanel {
            canvas: NodeRef::default(),
            board: draw::Board::default(),
            space: Default::default(),
            _on_wheel: None,
            _on_pointer: Vec::new(),
            redraw: None,
            pressed: None,
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &BoardProps) -> bool {
        if ctx.props().resized != old.resized {
            self.space.set(None);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: BoardMsg) -> bool {
        let props = ctx.props();
        let fitted = self.board.layout().map_or(16.0, |l| l.cell);
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
            BoardMsg::Click(e) => {
                let line =
                    self.board.layout().and_then(|l| l.clue_at(e.offset_x() as f64, e.offset_y() as f64));
                if let (Some(line), Some(_)) = (line, &props.puzzle) {
                    props.on_clue.emit(line);
                }
                return false;
            }
            BoardMsg::Down(e) => {
                let Some((row, column)) = self.cell_at(&e) else { return false };
                if props.play.is_none() || e.button() > 2 {
                    return false;
                }
                e.prevent_default();
                if let Some(canvas) = self.canvas.cast::<web_sys::Element>() {
                    let _ = canvas.set_pointer_capture(e.pointer_id());
                }
                self.pressed = Some((row, column));
                let index = row * props.puzzle.as_ref().map_or(0, |p| p.width()) + column;
                props.on_play.emit(PlayAction::Press { index, cross: e.button() == 2 });
                return false;
            }
            BoardMsg::Move(e) => {
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

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let link = ctx.link();
        html! {
            <>
                <ZoomBar zoom={props.zoom} on_zoom={link.callback(BoardMsg::Zoom)} on_action={props.on_action.clone()} />
                <p id="progress" class="progress">{ &props.note }</p>
                <div class="canvas-wrap" tabindex="0" role="group" aria-label="Board: ← → step, Home and End jump, Space plays or pauses"
                    onkeydown={link.callback(BoardMsg::Key)}>
                    <canvas ref={self.canvas.clone()} role="img" aria-label={props.summary.clone()}
                        class={if props.play.is_some() { "play" } else { "" }}
                        onclick={link.callback(BoardMsg::Click)}
                        onpointerdown={link.callback(BoardMsg::Down)} onpointermove={link.callback(BoardMsg::Move)}
                        onpointerup={link.callback(|_| BoardMsg::Up)} onpointercancel={link.callback(|_| BoardMsg::Up)}
                        oncontextmenu={props.play.is_some().then(|| Callback::from(|e: MouseEvent| e.prevent_default()))}></canvas>
                </div>
            </>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.listen_to_wheel(ctx);
        }
        // A new puzzle's board (all its clue texts) is drawn in a task of its
        // own, so that it does not add to the work of the change that made it.
        let new_puzzle = self.board.version().is_some_and(|v| v != ctx.props().version);
        if new_puzzle && self.redraw.is_none() {
            let redraw = ctx.link().callback(|_| BoardMsg::Redraw);
            self.redraw = Some(gloo_timers::callback::Timeout::new(0, move || redraw.emit(())));
        } else if !new_puzzle {
            self.draw(ctx.props());
        }
    }
}

impl BoardPanel {
    /// The cell (row, column) under a pointer on the canvas.
    fn cell_at(&self, e: &PointerEvent) -> Option<(usize, usize)> {
        self.board.layout()?.cell_at(e.offset_x() as f64, e.offset_y() as f64)
    }

    /// Ctrl+wheel (and a touchpad's pinch, which the browser sends as one)
    /// on the board zooms it, not the page: the listener must be able to
    /// cancel the event, which Yew's own listeners cannot.
    fn listen_to_wheel(&mut self, ctx: &Context<Self>) {
        let Some(wrap) = self.canvas.cast::<web_sys::Element>().and_then(|c| c.parent_element()) else {
            return;
        };
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
    }

    /// Two fingers on the board zoom it (`touch-action` leaves one-finger
    /// panning to the browser, and pinching on the board to us).
    fn listen_to_pinch(&mut self, wrap: &web_sys::Element, ctx: &Context<Self>) {
        let pinch = Rc::new(std::cell::RefCell::new(Pinch::default()));
        let zoom = ctx.link().callback(BoardMsg::Zoom);
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

    /// The room the board may take: its box's width, and the window's
    /// height below the box less room for the verdict (on a narrow screen,
    /// where the board comes below the input, the window's height less its
    /// controls: Solve brings the board into view).
    fn space(&self, canvas: &HtmlCanvasElement) -> (f64, f64) {
        if let Some(space) = self.space.get() {
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
        self.space.set(Some(space));
        space
    }

    /// Draws the board (see [`draw::Board::draw`]), or clears it when the
    /// input is no puzzle: never another puzzle's cells.
    fn draw(&self, props: &BoardProps) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else { return };
        let (Some(puzzle), Some(cells)) = (&props.puzzle, &props.cells) else {
            self.board.clear(&canvas);
            return;
        };
        let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let space = self.space(&canvas);
        let clues = ClueExtent::of(puzzle);
        let (w, h) = (puzzle.width(), puzzle.height());
        let l = match props.zoom {
            Zoom::Fit => Layout::fit(w, h, clues, space),
            Zoom::Cell(cell) => Layout::at_cell(w, h, clues, cell),
        };
        if let Some(wrap) = canvas.parent_element().and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok()) {
            // Zoomed in, the board pans inside its box, never the page.
            let _ = wrap.style().set_property("max-height", &format!("{}px", draw::css(space.1.ceil())));
        }
        let play = props.play.as_ref();
        let view = draw::BoardView {
            puzzle,
            version: props.version,
            cells,
            fresh: &props.fresh,
            mark: props.mark,
            differ: props.differ.as_ref().map(|(a, b)| (&a[..], &b[..])),
            hinted: play.map_or(&[], |p| &p.hinted[..]),
            wrong: play.map_or(&[], |p| &p.wrong[..]),
            cursor: play.map(|p| p.cursor),
            done: play.map_or(&[], |p| &p.done[..]),
            colour: props.colour.as_deref().map(|p| (p, cells.colours())),
        };
        self.board.draw(&canvas, l, dpr, &view);
    }
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

/// On a narrow screen the board is below the input: Solve scrolls it into
/// view, with room for the verdict (see [`BoardPanel::space`]).
pub(super) fn bring_board_into_view() {
    let narrow = window_size().0 <= NARROW;
    let board = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("section.board").ok().flatten());
    if let (true, Some(board)) = (narrow, board) {
        board.scroll_into_view();
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
