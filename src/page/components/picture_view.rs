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
//! ids, answers to older requests, what the panel says); this component
//! turns events into its actions and carries out its effects (posting to
//! the worker, with an upload's file; the slider's timer; new clues).

use crate::page::browser::worker_handle::WorkerHandle;
use crate::page::state::{PictureAction, PictureClues, PictureEffect, PictureState};
use crate::protocol::{FromWorker, ToWorker};
use yew::prelude::*;

/// Pixels per cell of an exported PNG: large enough to see, and an upload
/// of it is read back pixel-exact (its cells are uniform blocks).
pub(crate) const PNG_CELL: u32 = 8;

#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// The clues were edited since the picture's last clues went in.
    pub edited: bool,
    /// Bumped when the window is resized: the picture is drawn anew.
    pub resized: u64,
    /// New clues from the picture, for `Clues`.
    pub on_clues: Callback<PictureClues>,
}

pub enum PictureMsg {
    Upload(web_sys::File),
    /// A click on the picture's canvas: the cell under it is switched.
    Click(MouseEvent),
    /// Everything else goes to the reducer as it is.
    Act(PictureAction),
    FromWorker(FromWorker),
    WorkerCrashed(String),
}

/// The picture panel: its state (see [`PictureState`]), its worker, the
/// file being uploaded, and its canvases.
pub struct PicturePanel {
    pub(crate) state: PictureState,
    worker: Option<WorkerHandle>,
    /// The file of the latest upload, posted with its `LoadPicture`.
    file: Option<web_sys::File>,
    pub(crate) canvas: NodeRef,
    pub(crate) own_canvas: NodeRef,
    pub(crate) other_canvas: NodeRef,
    pub(crate) drawn: std::cell::Cell<(u64, f64)>,
    pub(crate) layout: std::cell::Cell<Option<crate::page::layout::Layout>>,
    /// Pending: make the clues of the picture once the threshold slider rests.
    sync: Option<gloo_timers::callback::Timeout>,
}

impl Component for PicturePanel {
    type Message = PictureMsg;
    type Properties = PictureProps;

    fn create(_: &Context<Self>) -> Self {
        PicturePanel {
            state: PictureState::default(),
            worker: None,
            file: None,
            canvas: NodeRef::default(),
            own_canvas: NodeRef::default(),
            other_canvas: NodeRef::default(),
            drawn: Default::default(),
            layout: Default::default(),
            sync: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: PictureMsg) -> bool {
        let action = match msg {
            PictureMsg::Upload(file) => {
                let name = file.name();
                self.file = Some(file);
                PictureAction::Upload { name }
            }
            PictureMsg::Click(e) => {
                let Some(l) = self.layout.get() else { return false };
                let Some((r, c)) = l.cell_at(e.offset_x() as f64, e.offset_y() as f64) else { return false };
                PictureAction::Cell(r, c)
            }
            PictureMsg::Act(action) => action,
            PictureMsg::FromWorker(m) => PictureAction::FromWorker(m),
            PictureMsg::WorkerCrashed(what) => {
                self.worker = None;
                PictureAction::WorkerFailed(format!(
                    "The picture worker stopped unexpectedly ({what}); upload the picture again."
                ))
            }
        };
        self.dispatch(ctx, action);
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.view_panel(ctx)
    }

    fn rendered(&mut self, _: &Context<Self>, _: bool) {
        self.draw();
    }
}

impl PicturePanel {
    /// Changes the state and carries out what the reducer asks.
    fn dispatch(&mut self, ctx: &Context<Self>, action: PictureAction) {
        for effect in self.state.reduce(action) {
            match effect {
                PictureEffect::Post(request) => {
                    let file = match request {
                        ToWorker::LoadPicture { .. } => self.file.take(),
                        _ => None,
                    };
                    match self.worker(ctx) {
                        Ok(w) => {
                            w.post(&request, file.as_ref().map(AsRef::as_ref));
                        }
                        Err(e) => {
                            let failed = format!("The picture worker could not start: {e}");
                            self.state.reduce(PictureAction::WorkerFailed(failed));
                        }
                    }
                }
                PictureEffect::Clues(clues) => ctx.props().on_clues.emit(clues),
                PictureEffect::SyncSoon => {
                    let sync = ctx.link().callback(|_| PictureMsg::Act(PictureAction::Sync));
                    self.sync = Some(gloo_timers::callback::Timeout::new(150, move || sync.emit(())));
                }
                PictureEffect::CancelSync => self.sync = None,
            }
        }
    }

    /// The picture worker (its own script, out of the first download),
    /// started on first use.
    fn worker(&mut self, ctx: &Context<Self>) -> Result<&WorkerHandle, String> {
        if self.worker.is_none() {
            self.worker = Some(WorkerHandle::spawn_script(
                "pictures",
                ctx.link().callback(PictureMsg::FromWorker),
                ctx.link().callback(PictureMsg::WorkerCrashed),
            )?);
        }
        Ok(self.worker.as_ref().expect("started above"))
    }
}
