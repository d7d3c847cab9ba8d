//! The clue text: where it is kept, and how it is read (in the worker,
//! so that no task of the page's takes over 50 ms, and the parsers weigh
//! only on the worker's wasm).

use super::input_panel::SYNC_PARSE_BYTES;
use crate::page::browser::location::show_address;
use crate::page::browser::storage;
use crate::page::components::app::App;
use crate::page::samples::SAMPLES;
use crate::page::state::address::{self, Address};
use crate::page::state::keys;
use crate::page::state::Action;
use nonogram_formats::{share, write, write_colour, Format};
use yew::prelude::*;

impl App {
    /// Reads puzzle `index` of the text, in the worker (the parsers are
    /// not in the page's wasm): the outcome comes as a message. A large
    /// text travels as the browser's string, never copied on the page.
    pub(crate) fn parse(&self, version: u64, index: usize) -> Option<Action> {
        let text =
            self.large_text.clone().unwrap_or_else(|| js_sys::JsString::from(self.state.text.as_str()));
        self.solver.parse(version, index, &text);
        None
    }

    /// The clue text, copied out of the browser's string if it is large.
    pub(crate) fn current_text(&self) -> String {
        self.large_text.as_ref().map_or_else(|| self.state.text.clone(), String::from)
    }

    /// Takes new clue text (typed, opened, a sample, or made from the
    /// picture): cancels a running solve; the reducer asks for it to be
    /// kept for the next visit (`Effect::KeepInput`).
    pub(crate) fn load_input(&mut self, ctx: &Context<Self>, text: String) {
        let bytes = self.take_text(ctx, text);
        self.dispatch(ctx, Action::Edited { bytes });
    }

    /// Takes the text kept from the last visit, read at puzzle `pick` of
    /// its batch (1-based), where it was left.
    pub(crate) fn reopen_input(&mut self, ctx: &Context<Self>, text: String, pick: usize) {
        let bytes = self.take_text(ctx, text);
        self.dispatch(ctx, Action::Reopened { bytes, pick });
    }

    /// Makes `text` the clue text; its length.
    fn take_text(&mut self, ctx: &Context<Self>, text: String) -> usize {
        let bytes = text.len();
        // Over the limit, the text goes to the worker as the browser's string.
        self.large_text = (bytes > SYNC_PARSE_BYTES).then(|| js_sys::JsString::from(text.as_str()));
        self.dispatch(ctx, Action::Text(text));
        bytes
    }

    /// Takes a large text typed or pasted into the text box (see
    /// `large_text`), never copied into the page's memory.
    pub(crate) fn load_large_input(&mut self, ctx: &Context<Self>, text: js_sys::JsString) {
        let bytes = text.length() as usize;
        self.large_text = Some(text);
        self.dispatch(ctx, Action::Text(String::new()));
        self.dispatch(ctx, Action::Edited { bytes });
    }

    /// Opens what the address names: a share link's puzzle (`#p=…`) goes
    /// into `Clues`, keeping the input it replaces to be restored, and the
    /// address loses its `#p=` so that a reload keeps later edits; a made
    /// puzzle (`#new=…`, `#day=…`) is made again and played.
    pub(crate) fn open_share_link(&mut self, ctx: &Context<Self>) {
        let Some(window) = web_sys::window() else { return };
        let hash = window.location().hash().unwrap_or_default();
        let code = match address::read(&hash) {
            Address::Nothing => return,
            Address::Order(Ok(order)) => {
                if self.state.order != Some(order) {
                    // Made before in this browser: at once; else made now.
                    let kept = storage::read(keys::GENERATED_KEY);
                    match kept.as_deref().and_then(|k| address::kept_generated(&order, k)) {
                        Some(text) => {
                            self.dispatch(ctx, Action::OpenGenerated { order, text: text.to_string() })
                        }
                        None => self.dispatch(ctx, Action::Generate(order)),
                    }
                }
                return;
            }
            Address::Order(Err(e)) => {
                show_address(None);
                let note = format!("The link names no puzzle: {e}. Your input is unchanged.");
                self.dispatch(ctx, Action::Note(note));
                return;
            }
            Address::Shared(code) => code,
        };
        show_address(None);
        self.open_code(ctx, &code, true);
    }

    /// Puts the puzzle of a share code into `Clues` (a share link's, or My
    /// progress's Continue), keeping the input it replaces to be restored;
    /// `say` notes what was opened.
    pub(crate) fn open_code(&mut self, ctx: &Context<Self>, code: &str, say: bool) {
        let opened = share::decode_any(code).map(|shared| match shared {
            share::Shared::Black(p) => {
                let text = write(Format::Non, &p).unwrap_or_default();
                (text, p.meta.title.clone(), p.width(), p.height())
            }
            share::Shared::Colour(p) => {
                let text = write_colour(Format::WebpbnXml, &p).unwrap_or_default();
                (text, p.meta.title.clone(), p.width(), p.height())
            }
        });
        match opened {
            Ok((text, title, width, height)) => {
                self.keep_replaced(ctx, &text);
                self.load_input(ctx, text);
                if say {
                    let name = title
                        .as_deref()
                        .map(|t| format!("“{}” ", nonogram_core::text::escaped(t)))
                        .unwrap_or_default();
                    let note = format!("Opened the shared puzzle {name}({width}×{height}): press Solve.");
                    self.dispatch(ctx, Action::Note(note));
                }
            }
            Err(e) => {
                let what = if say { "The share link" } else { "The puzzle" };
                let note = format!("{what} could not be read: {e}. Your input is unchanged.");
                self.dispatch(ctx, Action::Note(note));
            }
        }
    }

    /// Puts a sample in `Clues`; the person's own text it replaces is kept,
    /// to be brought back (a sample replaced it silently before).
    pub(crate) fn load_sample(&mut self, ctx: &Context<Self>, name: &str, text: &str) {
        let kept = self.keep_replaced(ctx, text);
        self.load_input(ctx, text.to_string());
        if kept {
            let note =
                format!("The sample “{name}” is in Clues; Restore my previous input brings yours back.");
            self.dispatch(ctx, Action::Note(note));
        }
    }

    /// Keeps the current text to offer it back once `next` replaces it,
    /// unless it is empty, a sample's or the same; true when kept.
    pub(crate) fn keep_replaced(&mut self, ctx: &Context<Self>, next: &str) -> bool {
        let before = self.current_text();
        let own = !before.trim().is_empty() && before != next && !SAMPLES.iter().any(|&(_, t)| t == before);
        if own {
            self.dispatch(ctx, Action::Replaced { text: before, kept: false });
        }
        own
    }

    /// Puts back the input a share link or a sample replaced.
    pub(crate) fn restore_input(&mut self, ctx: &Context<Self>) {
        if let Some(text) = self.state.replaced.clone() {
            self.dispatch(ctx, Action::Restored);
            self.load_input(ctx, text);
            self.dispatch(ctx, Action::Note("Your previous input is back.".into()));
        }
    }
}
