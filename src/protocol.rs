//! Messages between the page and the worker, as typed values ([`Cells`],
//! [`nonogram_core::LineId`], [`VerdictKind`]) on both sides; [`wire`] turns
//! them into bytes to post and back.
//!
//! - `messages`: [`ToWorker`] and [`FromWorker`], and what they carry.
//! - `cells`: a grid's cells as they cross ([`Cells`]).
//! - `colour_runs`: a colour clue as run lengths and their colours.
//! - `parsing`: clue text parsed in the worker, for the page.

mod cells;
mod colour_runs;
mod messages;
mod parsing;
pub mod wire;

pub use cells::Cells;
pub use messages::{
    CheckRequest, Finished, FixNote, Frame, FromWorker, GenerateRequest, HintRequest, ReadAnswer, ReadMark,
    RunColours, SolveRequest, ToWorker, VerdictKind,
};
pub use parsing::{parse_for_page, parse_outcome, read_parsed, ParseOutcome, ParsedText, PuzzleData};
pub use wire::{decode, encode};
