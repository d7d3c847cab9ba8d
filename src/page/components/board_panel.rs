//! The board panel: its zoom buttons, the note of the step shown, and the
//! canvas: the room it takes, its drawing, its text alternative, and what
//! the keyboard, the pointer and the wheel do on it.
//!
//! A board larger than its box pans under pinned clues, as frozen panes:
//! the cells' canvas scrolls in `.canvas-wrap`, and two strips copied from
//! its clue areas stick to the box's top (column clues) and left (row
//! clues). The row and column under the pointer or the cursor are
//! highlighted across the cells and the strips by four bands (elements
//! moved in place, no redrawing).

use crate::page::components::panels::ZoomBar;
use crate::page::draw;
use crate::page::layout::NARROW;
use crate::page::layout::{ClueExtent, Layout, Pinch};
use crate::page::state::playback::LineMark;
use crate::page::state::{Action, PlayAction, Zoom};
use crate::protocol::Cells;
use nonogram_core::colour::ColourPuzzle;
use nonogram_core::{LineId, Puzzle};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
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
    /// The line whose clue is being typed line by line: highlighted.
    #[prop_or_default]
    pub focus: Option<LineId>,
}

/// What the board shows in play mode besides the player's cells.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayBoard {
    /// The cells the hint shown deduces.
    pub hinted: Rc<Vec<(u32, bool)>>,
    /// The cells it names without deducing them (a dead end's).
    pub marked: Rc<Vec<u32>>,
    /// The cells a check found wrong.
    pub wrong: Rc<Vec<u32>>,
    pub cursor: usize,
    /// Lines whose clues are satisfied: rows, then columns.
    pub done: Rc<Vec<bool>>,
    /// Clue numbers the player crossed off: (line, number), sorted.
    pub crossed: Rc<Vec<(u32, u32)>>,
}

pub enum BoardMsg {
    /// Zoom in (true) or out from the cell size drawn now.
    Zoom(bool),
    Key(KeyboardEvent),
    /// A click on a clue strip: which (true: the column clues along the
    /// top), and where on it.
    ClueClick(bool, MouseEvent),
    /// The pointer moved over a clue strip (true: the top one).
    StripHover(bool, MouseEvent),
    /// The pointer left the board.
    Leave,
    /// Play mode: a press, a move and a release of the pointer.
    Down(PointerEvent),
    Move(PointerEvent),
    Up,
    /// Draw now (a new puzzle's first drawing, put off a task).
    Redraw,
}

pub struct BoardPanel {
    pub(super) canvas: NodeRef,
    /// The pinned clue strips (see [`draw::Strips`]) and what holds them all.
    pub(super) top_strip: NodeRef,
    pub(super) left_strip: NodeRef,
    pub(super) stack: NodeRef,
    /// The box the board pans in.
    pub(super) wrap: NodeRef,
    /// The highlight bands: the row's across the cells and on the row
    /// clues, the column's across the cells and on the column clues.
    pub(super) bands: [NodeRef; 4],
    /// The cell or clue the pointer is over (layout coordinates).
    pub(super) hover: Option<(f64, f64)>,
    /// The draw cache.
    pub(super) drawing: draw::Drawing,
    /// The room the board may take (width, height), read from the page
    /// when unknown: reading it forces a layout of the page, which costs
    /// tens of milliseconds with large text areas.
    pub(super) space: std::cell::Cell<Option<(f64, f64)>>,
    /// Ctrl+wheel on the board zooms (a listener that may cancel the page's zoom).
    pub(super) _on_wheel: Option<Closure<dyn FnMut(web_sys::WheelEvent)>>,
    /// Play mode's touches on the cells are the page's (see [`Self::hold_touches`]).
    pub(super) _on_touch: Option<Closure<dyn FnMut(web_sys::Event)>>,
    /// Two fingers on the board zoom (see [`Self::listen_to_pinch`]).
    pub(super) _on_pointer: Vec<Closure<dyn FnMut(web_sys::PointerEvent)>>,
    /// Pending: the drawing of a new puzzle's board.
    pub(super) redraw: Option<gloo_timers::callback::Timeout>,
    /// Play mode: the cell the pressed pointer was last over.
    pub(super) pressed: Option<(usize, usize)>,
    /// The fingers on the board (see [`Self::listen_to_pinch`]).
    pub(super) pinch: Rc<std::cell::RefCell<Pinch>>,
}

impl Component for BoardPanel {
    type Message = BoardMsg;
    type Properties = BoardProps;

    fn create(_: &Context<Self>) -> Self {
        BoardPanel {
            canvas: NodeRef::default(),
            top_strip: NodeRef::default(),
            left_strip: NodeRef::default(),
            stack: NodeRef::default(),
            wrap: NodeRef::default(),
            bands: Default::default(),
            hover: None,
            drawing: draw::Drawing::default(),
            space: Default::default(),
            _on_wheel: None,
            _on_touch: None,
            _on_pointer: Vec::new(),
            redraw: None,
            pressed: None,
            pinch: Rc::default(),
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &BoardProps) -> bool {
        // The controls above the board change with play mode.
        if ctx.props().resized != old.resized || ctx.props().play.is_some() != old.play.is_some() {
            self.space.set(None);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: BoardMsg) -> bool {
        self.input(ctx, msg)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let link = ctx.link();
        html! {
            <>
                <ZoomBar zoom={props.zoom} on_zoom={link.callback(BoardMsg::Zoom)} on_action={props.on_action.clone()} />
                <p id="progress" class="progress">{ &props.note }</p>
                <div class="canvas-wrap" ref={self.wrap.clone()} tabindex="0" role="group"
                    aria-label={if props.play.is_some() {
                        "Board: arrows move the cursor, F or Space fills, X marks empty, Backspace clears"
                    } else {
                        "Board: ← → step, Home and End jump, Space plays or pauses"
                    }}
                    onkeydown={link.callback(BoardMsg::Key)}>
                    <div class="board-stack" ref={self.stack.clone()}
                        onpointerleave={link.callback(|_| BoardMsg::Leave)}>
                        <canvas ref={self.canvas.clone()} role="img" aria-label={props.summary.clone()}
                            class={if props.play.is_some() { "cells play" } else { "cells" }}
                            onpointerdown={link.callback(BoardMsg::Down)} onpointermove={link.callback(BoardMsg::Move)}
                            onpointerup={link.callback(|_| BoardMsg::Up)} onpointercancel={link.callback(|_| BoardMsg::Up)}
                            oncontextmenu={props.play.is_some().then(|| Callback::from(|e: MouseEvent| e.prevent_default()))}></canvas>
                        <div class="band band-row" ref={self.bands[0].clone()} aria-hidden="true"></div>
                        <div class="band band-column" ref={self.bands[2].clone()} aria-hidden="true"></div>
                        <div class="clue-strip clue-top" aria-hidden="true">
                            <canvas ref={self.top_strip.clone()} onclick={link.callback(|e| BoardMsg::ClueClick(true, e))}
                                onmousemove={link.callback(|e| BoardMsg::StripHover(true, e))}></canvas>
                            <div class="band band-column" ref={self.bands[3].clone()}></div>
                            <div class="clue-corner"></div>
                        </div>
                        <div class="clue-strip clue-left" aria-hidden="true">
                            <canvas ref={self.left_strip.clone()} onclick={link.callback(|e| BoardMsg::ClueClick(false, e))}
                                onmousemove={link.callback(|e| BoardMsg::StripHover(false, e))}></canvas>
                            <div class="band band-row" ref={self.bands[1].clone()}></div>
                        </div>
                        // The line editor's field on the board (its own
                        // content, put here by `LinesPanel`).
                        <div id={crate::page::components::lines_view::BOARD_FIELDS_ID} class="board-fields"></div>
                    </div>
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
        let new_puzzle = self.drawing.version().is_some_and(|v| v != ctx.props().version);
        if new_puzzle && self.redraw.is_none() {
            let redraw = ctx.link().callback(|_| BoardMsg::Redraw);
            self.redraw = Some(gloo_timers::callback::Timeout::new(0, move || redraw.emit(())));
        } else if !new_puzzle {
            self.draw(ctx.props());
        }
    }
}

impl BoardPanel {
    /// The room the board may take: its box's width, and the window's
    /// height below the box. On a wide screen the verdict and the board's
    /// tools sit beside the board, so the box takes the window's height
    /// down to a small margin. On a narrow one they sit under the board
    /// (within a thumb's reach), and Solve and Play scroll the board's
    /// section to the top of the window (see [`bring_board_into_view`]):
    /// the box gets the window's height less the title above it and the
    /// verdict and play's tools under it (playback's controls may fall
    /// below), so that the board and what a player touches are in view
    /// together.
    fn space(&self, playing: bool) -> (f64, f64) {
        if let Some(space) = self.space.get() {
            return space;
        }
        let window = web_sys::window();
        let (window_w, window_h) = window_size();
        let wrap = self.wrap.cast::<web_sys::Element>();
        let width =
            wrap.as_ref().map(|p| p.client_width() as f64).filter(|&w| w > 0.0).unwrap_or(window_w - 32.0);
        let top = |e: &web_sys::Element| e.get_bounding_client_rect().top();
        let height = if window_w <= NARROW {
            let section = wrap.as_ref().and_then(|w| w.closest("section.board").ok().flatten());
            let above = wrap.as_ref().zip(section.as_ref()).map_or(120.0, |(w, s)| top(w) - top(s));
            // Play's tools (hint, paint, undo, clock) must stay in view;
            // otherwise the verdict's line or two.
            let tools = window
                .as_ref()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector("section.board-tools").ok().flatten())
                .map_or(0.0, |t| t.get_bounding_client_rect().height());
            let below = if playing { tools.min(window_h * 0.4) + 8.0 } else { 60.0 };
            // Clues typed line by line (or a reading under review): the
            // board is pinned above the fields in half the window
            // (style.css, main.editing), and fits there whole.
            let editing = wrap.as_ref().and_then(|w| w.closest("main.editing").ok().flatten()).is_some();
            let height = window_h - above - below;
            if editing {
                height.min(window_h * 0.5 - above - 8.0)
            } else {
                height
            }
        } else {
            // The board's section is sticky: where it is now says nothing
            // of where it rests. It rests under the page's header (8 px of
            // the grid's gap), the zoom row and the title above the cells.
            let document = window.as_ref().and_then(|w| w.document());
            let header = document.as_ref().and_then(|d| d.query_selector("header.top").ok().flatten());
            let section = wrap.as_ref().and_then(|w| w.closest("section.board").ok().flatten());
            let scrolled = window.as_ref().and_then(|w| w.scroll_y().ok()).unwrap_or(0.0);
            let rests = header.map_or(0.0, |h| h.get_bounding_client_rect().bottom() + scrolled + 8.0);
            let above = wrap.as_ref().zip(section.as_ref()).map_or(150.0, |(w, s)| top(w) - top(s));
            // 8 px of the window under the board, as above the header (16
            // cost a 34×40 with deep clues a cell size: 13 px, not 14).
            window_h - rests - above - 8.0
        };
        let space = (width.max(120.0), height.max(200.0));
        self.space.set(Some(space));
        space
    }

    /// Draws the board (see [`draw::Drawing::draw`]), or clears it when the
    /// input is no puzzle: never another puzzle's cells, nor its clues.
    pub(super) fn draw(&self, props: &BoardProps) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else { return };
        let stack = self.stack.cast::<web_sys::HtmlElement>();
        let (Some(puzzle), Some(cells)) = (&props.puzzle, &props.cells) else {
            self.drawing.clear(&canvas);
            // No puzzle (the clues have an error): the board keeps its
            // room (the page does not jump while a clue is typed) but
            // shows none of its paper, which drew an empty shape.
            if let Some(stack) = &stack {
                let _ = stack.style().set_property("visibility", "hidden");
            }
            // The pinned clue strips are canvases of their own.
            for strip in [&self.top_strip, &self.left_strip] {
                if let Some(strip) = strip.cast::<HtmlCanvasElement>() {
                    strip.set_width(0);
                    strip.set_height(0);
                }
            }
            return;
        };
        let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let space = self.space(props.play.is_some());
        let clues = ClueExtent::of(puzzle);
        let (w, h) = (puzzle.width(), puzzle.height());
        let l = match props.zoom {
            Zoom::Fit => Layout::fit(w, h, clues, space, dpr),
            Zoom::Cell(cell) => Layout::at_cell(w, h, clues, cell),
        };
        if let Some(wrap) = self.wrap.cast::<web_sys::HtmlElement>() {
            // Zoomed in, the board pans inside its box, never the page.
            let _ = wrap.style().set_property("max-height", &format!("{}px", draw::css(space.1.ceil())));
        }
        if let Some(stack) = stack {
            let (width, height) = l.size();
            let style = stack.style();
            let _ = style.remove_property("visibility");
            let _ = style.set_property("width", &format!("{}px", draw::css(width)));
            let _ = style.set_property("height", &format!("{}px", draw::css(height)));
            // The pinned strips show at most 40 % of the box each (the
            // clues nearest the grid): the cells always keep room.
            let pinned = [
                ("--clue-left", l.left),
                ("--clue-top", l.top),
                ("--cell", l.cell),
                ("--pin-left", l.left.min((space.0 * 0.4).floor())),
                ("--pin-top", l.top.min((space.1 * 0.4).floor())),
            ];
            for (name, value) in pinned {
                let _ = style.set_property(name, &format!("{}px", draw::css(value)));
            }
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
            marked: play.map_or(&[], |p| &p.marked[..]),
            wrong: play.map_or(&[], |p| &p.wrong[..]),
            cursor: play.map(|p| p.cursor),
            done: play.map_or(&[], |p| &p.done[..]),
            crossed: play.map_or(&[], |p| &p.crossed[..]),
            colour: props.colour.as_deref().map(|p| (p, cells.colours())),
        };
        let (top, left) =
            (self.top_strip.cast::<HtmlCanvasElement>(), self.left_strip.cast::<HtmlCanvasElement>());
        let strips = top.as_ref().zip(left.as_ref()).map(|(top, left)| draw::Strips { top, left });
        self.drawing.draw(&canvas, strips, l, dpr, &view);
        self.highlight(props);
    }

    /// Moves the highlight bands to the row and column under the pointer
    /// (a cell highlights both, a clue its line), else to the line being
    /// typed, else to the play cursor's; hides them when there is none.
    pub(super) fn highlight(&self, props: &BoardProps) {
        let Some(l) = self.drawing.layout() else { return };
        let (mut row, mut column) = (None, None);
        match self.hover {
            Some((x, y)) => {
                if let Some((r, c)) = l.cell_at(x, y) {
                    (row, column) = (Some(r), Some(c));
                } else {
                    match l.clue_at(x, y) {
                        Some(LineId::Row(r)) => row = Some(r),
                        Some(LineId::Column(c)) => column = Some(c),
                        None => {}
                    }
                }
            }
            None => match (props.focus, &props.play) {
                (Some(LineId::Row(r)), _) if r < l.height => row = Some(r),
                (Some(LineId::Column(c)), _) if c < l.width => column = Some(c),
                (_, Some(play)) => {
                    (row, column) = (Some(play.cursor / l.width.max(1)), Some(play.cursor % l.width.max(1)));
                }
                _ => {}
            },
        }
        let place = |band: &NodeRef, rect: Option<(f64, f64, f64, f64)>| {
            let Some(band) = band.cast::<web_sys::HtmlElement>() else { return };
            let style = band.style();
            match rect {
                Some((x, y, w, h)) => {
                    let _ = style.set_property(
                        "transform",
                        &format!("translate({}px, {}px)", draw::css(x), draw::css(y)),
                    );
                    let _ = style.set_property("width", &format!("{}px", draw::css(w)));
                    let _ = style.set_property("height", &format!("{}px", draw::css(h)));
                    let _ = style.set_property("display", "block");
                }
                None => {
                    let _ = style.set_property("display", "none");
                }
            }
        };
        let (cells_w, cells_h) = (l.width as f64 * l.cell, l.height as f64 * l.cell);
        let clues = l.shows_clues();
        let row_rect = |r: usize| (l.left, l.top + r as f64 * l.cell, cells_w, l.cell);
        let column_rect = |c: usize| (l.left + c as f64 * l.cell, l.top, l.cell, cells_h);
        place(&self.bands[0], row.map(row_rect));
        place(&self.bands[1], row.filter(|_| clues).map(|r| (0.0, r as f64 * l.cell, l.left, l.cell)));
        place(&self.bands[2], column.map(column_rect));
        place(
            &self.bands[3],
            column.filter(|_| clues).map(|c| (l.left + c as f64 * l.cell, 0.0, l.cell, l.top)),
        );
    }
}

/// On a narrow screen Solve and Play scroll the board's section (its
/// title, zoom, then the board) to the top of the window (see
/// [`BoardPanel::space`]). On a wide one the page moves only when the
/// board's top or its tools' are out of sight (Play from far down the
/// built-in list: the board is sticky and stayed in view, but Hint and
/// Undo at the top of the column beside it did not).
pub(crate) fn bring_board_into_view() {
    let (width, height) = window_size();
    let document = web_sys::window().and_then(|w| w.document());
    let find = |selector: &str| document.as_ref().and_then(|d| d.query_selector(selector).ok().flatten());
    let Some(board) = find("section.board") else { return };
    let out = |e: &web_sys::Element| {
        let top = e.get_bounding_client_rect().top();
        top < 0.0 || top > height
    };
    if width <= NARROW || out(&board) {
        board.scroll_into_view();
    } else if let Some(tools) = find("section.board-tools").filter(|t| out(t)) {
        tools.scroll_into_view();
    }
}

/// Puts the keyboard on the board (its cells' box).
pub(crate) fn focus_board() {
    use wasm_bindgen::JsCast;
    let wrap = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("section.board .canvas-wrap").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(wrap) = wrap {
        let _ = wrap.focus();
    }
}

/// The window's inner width and height in CSS pixels.
pub(crate) fn window_size() -> (f64, f64) {
    let window = web_sys::window();
    let px = |v: Option<Result<JsValue, JsValue>>| v.and_then(|v| v.ok()).and_then(|v| v.as_f64());
    (
        px(window.as_ref().map(|w| w.inner_width())).unwrap_or(800.0),
        px(window.as_ref().map(|w| w.inner_height())).unwrap_or(600.0),
    )
}
