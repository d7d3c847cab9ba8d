//! The picture panel (upload a picture, set its grid size, threshold and
//! `Invert`, switch cells by hand, see whether its puzzle is fair, apply a
//! fix).
//!
//! The picture worker decodes and averages pictures and runs the checks, so
//! the page only thresholds (cheap) and draws. Every change of the picture
//! makes new clues: they replace the `Clues` text (the page's one current
//! puzzle) and are checked at once.
//!
//! The panel's state and every change to it are in
//! [`crate::page::state::picture`] (a pure reducer, tested natively: request
//! ids, answers to older requests, what the panel says), part of the
//! page's state; this component draws it and turns events into its
//! actions, and the page carries out its effects (posting to the picture
//! worker, with an upload's file; the slider's timer; new clues).

use crate::page::state::{PictureAction, PictureState};
use std::rc::Rc;
use yew::prelude::*;

/// Pixels per cell of an exported PNG: large enough to see, and an upload
/// of it is read back pixel-exact (its cells are uniform blocks).
pub(crate) const PNG_CELL: u32 = 8;

#[derive(Properties)]
pub struct PictureProps {
    /// The panel's state (the page's, see [`crate::page::state::picture`]).
    pub state: Rc<PictureState>,
    /// The clues were edited since the picture's last clues went in.
    pub edited: bool,
    /// Bumped when the window is resized: the picture is drawn anew.
    pub resized: u64,
    /// A change of the panel, for the page's reducer.
    pub on_action: Callback<PictureAction>,
    /// A file chosen: the page posts it to the picture worker.
    pub on_upload: Callback<web_sys::File>,
}

/// The panel's state changes only through the page's reducer, which makes
/// a new one for each change: the same one is the same state.
impl PartialEq for PictureProps {
    fn eq(&self, other: &PictureProps) -> bool {
        Rc::ptr_eq(&self.state, &other.state)
            && (self.edited, self.resized) == (other.edited, other.resized)
            && self.on_action == other.on_action
            && self.on_upload == other.on_upload
    }
}

pub enum PictureMsg {
    Upload(web_sys::File),
    /// A click on the picture's canvas: the cell under it is switched.
    Click(MouseEvent),
    /// Everything else goes to the reducer as it is.
    Act(PictureAction),
}

/// The picture panel: the page's state of it, and its canvases.
pub struct PicturePanel {
    /// The panel's state, as the page's props give it.
    pub(crate) state: Rc<PictureState>,
    pub(crate) canvas: NodeRef,
    pub(crate) own_canvas: NodeRef,
    pub(crate) other_canvas: NodeRef,
    pub(crate) drawn: std::cell::Cell<(u64, f64)>,
    pub(crate) layout: std::cell::Cell<Option<crate::page::layout::Layout>>,
}

impl Component for PicturePanel {
    type Message = PictureMsg;
    type Properties = PictureProps;

    fn create(ctx: &Context<Self>) -> Self {
        PicturePanel {
            state: ctx.props().state.clone(),
            canvas: NodeRef::default(),
            own_canvas: NodeRef::default(),
            other_canvas: NodeRef::default(),
            drawn: Default::default(),
            layout: Default::default(),
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, _: &PictureProps) -> bool {
        self.state = ctx.props().state.clone();
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: PictureMsg) -> bool {
        let action = match msg {
            PictureMsg::Upload(file) => {
                ctx.props().on_upload.emit(file);
                return false;
            }
            PictureMsg::Click(e) => {
                let Some(l) = self.layout.get() else { return false };
                let Some((r, c)) = l.cell_at(e.offset_x() as f64, e.offset_y() as f64) else { return false };
                PictureAction::Cell(r, c)
            }
            PictureMsg::Act(action) => action,
        };
        ctx.props().on_action.emit(action);
        false
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.view_panel(ctx)
    }

    fn rendered(&mut self, _: &Context<Self>, _: bool) {
        self.draw();
    }
}
