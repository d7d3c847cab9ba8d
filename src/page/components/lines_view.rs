//! Clues line by line, and a puzzle read from a picture: "Read a puzzle
//! from an image" (a file input: a phone offers its camera; or a picture
//! pasted or dropped anywhere on the page; another file dropped is opened
//! as clue text), the reading shown over the
//! picture (the grid found, each number read, the doubtful ones marked),
//! and a field for each row's and column's clue, checked as it is typed.
//!
//! The editor's state and every change to it are in
//! [`crate::page::state::lines`] (a pure reducer, tested natively), part
//! of the page's state; this component draws it, turns events into its
//! actions, and moves the keyboard's focus when the state asks; the page
//! posts the picture to the picture worker (started the first time, so
//! the page's first download does not carry the reader).

use crate::page::layout::css;
use crate::page::state::{line_name, Lines, LinesAction, NOTE_ID, SUMMARY_ID};
use crate::protocol::ReadAnswer;
use nonogram_core::{LineId, Puzzle};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

#[derive(Properties)]
pub struct LinesProps {
    /// The editor's state (the page's, see [`crate::page::state::lines`]).
    pub lines: Rc<Lines>,
    /// The line whose field takes the focus, and a count of such requests.
    pub focus: (Option<LineId>, u64),
    /// The puzzle shown (the editor opens on its clues).
    pub puzzle: Option<Rc<Puzzle>>,
    /// A change of the editor, for the page's reducer.
    pub on_action: Callback<LinesAction>,
    /// A picture chosen, pasted or dropped: the page posts it to the
    /// picture worker.
    pub on_picture: Callback<web_sys::File>,
    /// A file dropped on the page that is no picture: opened as clue text.
    pub on_text_file: Callback<web_sys::File>,
}

/// The editor's state changes only through the page's reducer, which makes
/// a new one for each change: the same one is the same state.
impl PartialEq for LinesProps {
    fn eq(&self, other: &LinesProps) -> bool {
        Rc::ptr_eq(&self.lines, &other.lines)
            && self.focus == other.focus
            && self.puzzle == other.puzzle
            && self.on_action == other.on_action
            && self.on_picture == other.on_picture
            && self.on_text_file == other.on_text_file
    }
}

pub enum LinesMsg {
    Act(LinesAction),
    /// A line's field took the focus: on the board (`true`), or in the
    /// list beside it.
    Focused(LineId, bool),
    /// A picture chosen, pasted or dropped.
    Picture(web_sys::File),
}

pub struct LinesPanel {
    /// The editor's state, as the page's props give it.
    lines: Rc<Lines>,
    /// The object URL of the picture being read or reviewed (shown).
    url: Option<String>,
    /// The page's paste, drop and drag-over listeners (the panel lives as
    /// long as the page).
    _listeners: [Closure<dyn FnMut(web_sys::DragEvent)>; 2],
    _on_paste: Closure<dyn FnMut(web_sys::ClipboardEvent)>,
    /// The clue is being typed on the board (its field over the line's
    /// clue area), not in the list: Enter and Tab keep it there.
    on_board: bool,
    /// The field to focus, its text selected, once rendered (Enter or Tab
    /// went to it: what is typed next replaces its clue).
    focus_after_render: Option<String>,
}

/// The element on the board the board's field is drawn in (see
/// `BoardPanel`): over the board's canvas, in its coordinates.
pub const BOARD_FIELDS_ID: &str = "board-fields";
/// The field on the board.
const BOARD_FIELD_ID: &str = "board-field";

/// The field of a line (its element id).
fn field_id(line: LineId) -> String {
    match line {
        LineId::Row(i) => format!("line-r{}", i + 1),
        LineId::Column(i) => format!("line-c{}", i + 1),
    }
}

/// The board's element for its field, when the board is on the page.
fn board_fields() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(BOARD_FIELDS_ID)
}

/// The first image among a list of files (a paste or a drop).
fn first_image(files: Option<web_sys::FileList>) -> Option<web_sys::File> {
    let files = files?;
    (0..files.length()).filter_map(|i| files.get(i)).find(|f| f.type_().starts_with("image/"))
}

impl Component for LinesPanel {
    type Message = LinesMsg;
    type Properties = LinesProps;

    fn create(ctx: &Context<Self>) -> Self {
        let document = web_sys::window().and_then(|w| w.document());
        // A picture pasted (Ctrl+V) or dropped anywhere on the page is read
        // (text pasted into a field is left to the field).
        let picture = ctx.link().callback(LinesMsg::Picture);
        let on_paste =
            Closure::<dyn FnMut(web_sys::ClipboardEvent)>::new(move |e: web_sys::ClipboardEvent| {
                if let Some(file) = first_image(e.clipboard_data().and_then(|d| d.files())) {
                    e.prevent_default();
                    picture.emit(file);
                }
            });
        let picture = ctx.link().callback(LinesMsg::Picture);
        let text_file = ctx.props().on_text_file.clone();
        let on_drop = Closure::<dyn FnMut(web_sys::DragEvent)>::new(move |e: web_sys::DragEvent| {
            let files = e.data_transfer().and_then(|d| d.files());
            if let Some(file) = first_image(files.clone()) {
                e.prevent_default();
                picture.emit(file);
            } else if let Some(file) = files.and_then(|f| f.get(0)) {
                // Any other file is opened as clue text (as Open file does),
                // never left to the browser, which would leave the page.
                e.prevent_default();
                text_file.emit(file);
            }
        });
        let on_drag = Closure::<dyn FnMut(web_sys::DragEvent)>::new(move |e: web_sys::DragEvent| {
            // Files dragged over the page may be dropped on it.
            if e.data_transfer().is_some_and(|d| d.types().includes(&JsValue::from_str("Files"), 0)) {
                e.prevent_default();
            }
        });
        if let Some(d) = &document {
            let _ = d.add_event_listener_with_callback("paste", on_paste.as_ref().unchecked_ref());
            let _ = d.add_event_listener_with_callback("drop", on_drop.as_ref().unchecked_ref());
            let _ = d.add_event_listener_with_callback("dragover", on_drag.as_ref().unchecked_ref());
        }
        LinesPanel {
            lines: ctx.props().lines.clone(),
            url: None,
            _listeners: [on_drop, on_drag],
            _on_paste: on_paste,
            on_board: false,
            focus_after_render: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: LinesMsg) -> bool {
        let action = match msg {
            LinesMsg::Act(action) => action,
            LinesMsg::Focused(line, on_board) => {
                self.on_board = on_board;
                LinesAction::Focus(Some(line))
            }
            LinesMsg::Picture(file) => {
                let name = file.name();
                if let Some(url) = self.url.take() {
                    let _ = web_sys::Url::revoke_object_url(&url);
                }
                self.url = web_sys::Url::create_object_url_with_blob(&file).ok();
                ctx.props().on_picture.emit(file);
                LinesAction::ReadPicture { name: if name.is_empty() { "the picture".into() } else { name } }
            }
        };
        ctx.props().on_action.emit(action);
        false
    }

    fn rendered(&mut self, _: &Context<Self>, _: bool) {
        if let Some(id) = self.focus_after_render.take() {
            if let Some(field) = element::<HtmlInputElement>(&id) {
                let _ = field.focus();
                field.select();
            }
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &LinesProps) -> bool {
        self.lines = ctx.props().lines.clone();
        if let (Some(line), n) = ctx.props().focus {
            if n != old.focus.1 {
                self.focus_field(line);
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let l = &self.lines;
        let onpicture = link.batch_callback(|e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let file = input.files().and_then(|f| f.get(0));
            // The same picture chosen again is read again.
            input.set_value("");
            file.map(LinesMsg::Picture)
        });
        let puzzle = ctx.props().puzzle.clone();
        html! {
            <section class="lines" aria-label="Clues line by line">
                <div class="buttons">
                    <input id="read-picture" class="visually-hidden" type="file" accept="image/*" onchange={onpicture.clone()} />
                    <label class="file-button" for="read-picture">{ "Read a puzzle from an image" }</label>
                    // A phone's camera, straight to a photo (the back
                    // camera); shown where the pointer is a finger.
                    <input id="read-camera" class="visually-hidden" type="file" accept="image/*" capture="environment" onchange={onpicture} />
                    <label class="file-button camera-only" for="read-camera">{ "Take a photo of a puzzle" }</label>
                    if !l.open {
                        <button id="edit-lines" onclick={link.callback(move |_| LinesMsg::Act(LinesAction::Open(puzzle.clone())))}>
                            { "Type clues line by line" }
                        </button>
                    }
                </div>
                if !l.note.is_empty() {
                    <p id={NOTE_ID} class="hint" role="status">{ &l.note }</p>
                }
                if let Some(reading) = &l.reading {
                    { self.view_reading(ctx, reading) }
                }
                if l.open {
                    { self.view_fields(ctx) }
                }
                // The focused line's field on the board too, over its clue.
                if let (true, Some(line), Some(host)) = (l.open, l.focus, board_fields()) {
                    { create_portal(self.view_board_field(ctx, line), host) }
                }
            </section>
        }
    }
}

impl LinesPanel {
    /// The editor asked for a line's field to take the keys: typed on
    /// the board, the board's field (now at this line). A field already
    /// there takes the keys at once: what is typed right after Enter
    /// belongs to the next line (a timer would run after keys already
    /// waiting, which a browser handles first). Its text is selected once
    /// rendered (see `rendered`).
    fn focus_field(&mut self, line: LineId) {
        let id = if self.on_board { BOARD_FIELD_ID.to_string() } else { field_id(line) };
        if !self.on_board {
            if let Some(field) = element::<HtmlInputElement>(&id) {
                let _ = field.focus();
            }
        }
        self.focus_after_render = Some(id);
    }

    /// The picture with what was read drawn over it: the grid's outline,
    /// a box around each number and the number read beside it, the
    /// doubtful lines' numbers marked. A click on a number goes to its
    /// line's field.
    fn view_reading(&self, ctx: &Context<Self>, reading: &ReadAnswer) -> Html {
        let link = ctx.link();
        let outline = reading
            .outline
            .iter()
            .map(|&(x, y)| format!("{},{}", css(x), css(y)))
            .collect::<Vec<_>>()
            .join(" ");
        // The number read is written beside the boxes of doubtful lines,
        // as high as the digits.
        let font = reading.marks.iter().map(|m| m.h).fold(0.0, f64::max).max(1.0);
        html! {
            <div class="reading">
                <p id={SUMMARY_ID} class={classes!("read-summary", if reading.certain { "certain" } else { "doubtful" })}>
                    { &reading.summary }
                </p>
                // What to do with it, before the picture: in view with the
                // summary however tall the picture is.
                <div class="buttons">
                    <button id="use-reading" class="primary" onclick={link.callback(|_| LinesMsg::Act(LinesAction::UseReading))}>
                        { "Use these clues" }
                    </button>
                    <button id="drop-reading" onclick={link.callback(|_| LinesMsg::Act(LinesAction::DropReading))}>
                        { "Cancel" }
                    </button>
                </div>
                <div class="read-picture">
                    if let Some(url) = &self.url {
                        <img src={url.clone()} alt="The picture read" />
                    }
                    <svg viewBox={format!("0 0 {} {}", reading.width, reading.height)} preserveAspectRatio="xMidYMid meet" role="group"
                        aria-label="What was read: click a number to correct its line">
                        { for reading.lines.iter().map(|line| {
                            let points = line.iter().map(|&(x, y)| format!("{},{}", css(x), css(y))).collect::<Vec<_>>().join(" ");
                            html! { <polyline class="read-line" points={points} /> }
                        }) }
                        <polygon class="read-grid" points={outline} />
                        { for reading.marks.iter().map(|m| {
                            let doubtful = self.lines.doubt(m.line).is_some();
                            let line = m.line;
                            let onclick = link.callback(move |_: MouseEvent| LinesMsg::Act(LinesAction::Goto(line)));
                            html! {
                                <g class={classes!("read-mark", doubtful.then_some("doubt"))} {onclick}>
                                    <title>{ format!("{}, number {}: read {}", line_name(m.line), m.number + 1, m.text) }</title>
                                    <rect x={css(m.x - 1.0)} y={css(m.y - 1.0)}
                                        width={css(m.w + 2.0)} height={css(m.h + 2.0)} />
                                    if doubtful {
                                        <text x={css(m.x + m.w + 2.0)} y={css(m.y + m.h)}
                                            font-size={css(font)}>{ &m.text }</text>
                                    }
                                </g>
                            }
                        }) }
                    </svg>
                </div>
                <p class="hint">{ "Boxed: each number read; red: a line in doubt, with what was read. Click a number to correct its line below." }</p>
            </div>
        }
    }

    /// The focused line's clue typed on the board itself: a field over the
    /// line's clue area and no other's (a row's to the left of it, a
    /// column's above it, a cell wide, its text running down), placed by
    /// the board's own geometry (the CSS variables `BoardPanel` sets),
    /// checked as the list's fields are; Enter or Tab goes to the next
    /// line, Shift back.
    fn view_board_field(&self, ctx: &Context<Self>, line: LineId) -> Html {
        let link = ctx.link();
        let l = &self.lines;
        let oninput = link.callback(move |e: InputEvent| {
            LinesMsg::Act(LinesAction::Type(line, e.target_unchecked_into::<HtmlInputElement>().value()))
        });
        let onfocus = link.callback(move |_: FocusEvent| LinesMsg::Focused(line, true));
        let onkeydown = link.batch_callback(move |e: KeyboardEvent| {
            (e.key() == "Enter" || e.key() == "Tab").then(|| {
                e.prevent_default();
                LinesMsg::Act(LinesAction::Next { from: line, back: e.shift_key() })
            })
        });
        // Over its own line's clue only (see the CSS of `.board-field`).
        let (class, style) = match line {
            LineId::Row(i) => ("row", format!("--at: {i}")),
            LineId::Column(i) => ("column", format!("--at: {i}")),
        };
        html! {
            <input id={BOARD_FIELD_ID} class={classes!("board-field", class, l.check(line).is_err().then_some("wrong"))}
                {style} type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                aria-label={format!("{} clue, on the board", line_name(line))}
                value={l.text(line).to_string()} {oninput} {onfocus} {onkeydown} />
        }
    }

    /// A field for each line's clue, with its check; the totals compared.
    fn view_fields(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let l = &self.lines;
        let field = |line: LineId| {
            let check = l.check(line);
            let doubt = l.doubt(line);
            let id = field_id(line);
            let oninput = link.callback(move |e: InputEvent| {
                LinesMsg::Act(LinesAction::Type(line, e.target_unchecked_into::<HtmlInputElement>().value()))
            });
            let onfocus = link.callback(move |_: FocusEvent| LinesMsg::Focused(line, false));
            let onkeydown = link.batch_callback(move |e: KeyboardEvent| {
                (e.key() == "Enter").then(|| {
                    e.prevent_default();
                    LinesMsg::Act(LinesAction::Next { from: line, back: e.shift_key() })
                })
            });
            let said = match (&check, doubt) {
                (Err(e), _) => Some(e.clone()),
                (Ok(_), Some(d)) => Some(d.to_string()),
                _ => None,
            };
            let note_id = format!("{id}-note");
            html! {
                <div class={classes!("line-field", check.is_err().then_some("wrong"), doubt.is_some().then_some("doubt"), (l.focus == Some(line)).then_some("focus"))}>
                    <label for={id.clone()} aria-label={line_name(line)}>{ match line { LineId::Row(i) | LineId::Column(i) => i + 1 } }</label>
                    <input id={id} type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                        value={l.text(line).to_string()} {oninput} {onfocus} {onkeydown}
                        aria-invalid={check.is_err().to_string()}
                        aria-describedby={said.is_some().then(|| note_id.clone())} />
                    if let Some(said) = said {
                        <span id={note_id} class="line-note">{ said }</span>
                    }
                </div>
            }
        };
        let size = |what: &'static str, value: usize, width: bool| {
            let (w, h) = (l.width(), l.height());
            let onchange = link.batch_callback(move |e: Event| {
                let v = e.target_unchecked_into::<HtmlInputElement>().value().trim().parse::<usize>().ok()?;
                let (width, height) = if width { (v, h) } else { (w, v) };
                Some(LinesMsg::Act(LinesAction::Size { width, height }))
            });
            html! {
                <label class="inline">{ what }
                    <input id={format!("lines-{}", what.to_lowercase())} type="number" min="1"
                        max={crate::page::state::lines::MOST_FIELDS.to_string()} value={value.to_string()} {onchange} />
                </label>
            }
        };
        html! {
            <div class="line-editor">
                <div class="buttons">
                    { size("Width", l.width(), true) }
                    { size("Height", l.height(), false) }
                    if l.reading.is_none() {
                        <button id="clear-lines" onclick={link.callback(|_| LinesMsg::Act(LinesAction::Clear))}>{ "Clear all" }</button>
                        <button id="close-lines" onclick={link.callback(|_| LinesMsg::Act(LinesAction::Close))}>{ "Done" }</button>
                    }
                </div>
                <p class="hint">{ "Each clue's numbers, separated by spaces (0 or nothing: an empty line), here or in the field on the board over the line. Enter goes to the next line, its clue selected: what you type replaces it." }</p>
                if let Some(totals) = l.totals() {
                    <p id="lines-totals" class="error" role="alert">{ totals }</p>
                }
                <div class="line-fields">
                    <fieldset>
                        <legend>{ "Rows" }</legend>
                        { for (0..l.height()).map(|i| field(LineId::Row(i))) }
                    </fieldset>
                    <fieldset>
                        <legend>{ "Columns" }</legend>
                        { for (0..l.width()).map(|i| field(LineId::Column(i))) }
                    </fieldset>
                </div>
            </div>
        }
    }
}

/// Scrolls the element of this id to the window's top unless it is already
/// in the window's upper half (a desktop shows the review beside the board;
/// a phone below it and its tools, where nothing seemed to happen).
pub(crate) fn reveal(id: &str) {
    let Some(window) = web_sys::window() else { return };
    let Some(element) = window.document().and_then(|d| d.get_element_by_id(id)) else { return };
    let top = element.get_bounding_client_rect().top();
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    if top < 0.0 || top > height / 2.0 {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Start);
        element.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// The page's element of this id, as a `T`.
fn element<T: JsCast>(id: &str) -> Option<T> {
    web_sys::window()?.document()?.get_element_by_id(id)?.dyn_into::<T>().ok()
}
