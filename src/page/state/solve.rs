//! The solve's part of the reducer: starting it, the worker's messages,
//! the racing engine, and the verdict.

use super::reduce::{Effect, Generated, Input, Racer, State};
use super::text::{self, counts_text, verdict_text};
use crate::page::state::playback::Playback;
use crate::protocol::{read_parsed, Finished, FromWorker, SolveRequest, VerdictKind};
use nonogram_formats::{write, write_colour, Format};
use std::rc::Rc;

/// A made puzzle's text for `Clues`: `.non`, or webpbn XML for a colour
/// one (its colours named, on the default palette), with its title and
/// no goal (it would show the player the solution). Written here, not in
/// the worker: the page has these writers anyway (share links, pictures).
pub(super) fn generated_text(puzzle: &SolveRequest, title: String) -> String {
    if let Some(mut colour) = puzzle.colour_puzzle() {
        colour.meta.title = Some(title);
        return write_colour(Format::WebpbnXml, &colour).unwrap_or_default();
    }
    let mut generated = puzzle.black_puzzle();
    generated.meta.title = Some(title);
    write(Format::Non, &generated).unwrap_or_default()
}

impl State {
    /// Replaces the solving worker; a text being read is read again by the new one.
    pub(super) fn respawn(&mut self, effects: &mut Vec<Effect>) {
        self.racer = Racer::Absent;
        effects.push(Effect::RespawnWorker);
        if let Input::Reading { .. } = self.input {
            effects.push(Effect::Parse { version: self.version, index: self.picked });
        }
    }

    pub(super) fn solve(&mut self, now: f64, effects: &mut Vec<Effect>) {
        if self.puzzle().is_none() {
            return;
        }
        // Solve is for the puzzle shown: one being made would replace it.
        self.stop_making(effects);
        // Solve shows the solver at work: play mode ends, its progress kept
        // for the next Play.
        self.leave_play(Some(now), effects);
        self.checking = false;
        let Some(puzzle) = self.puzzle() else { return };
        let request = match self.colour() {
            Some(colour) => SolveRequest::of_colour(self.next_id, colour),
            None => SolveRequest::new(self.next_id, puzzle),
        };
        // Racing engines solve both kinds, where they fit in memory.
        let unfit = match self.colour() {
            Some(colour) => !nonogram_core::racing_fits(&**colour),
            None => !nonogram_core::racing_fits(&**puzzle),
        };
        self.playback = Playback::of_puzzle(puzzle, self.colour().map(|c| &**c));
        self.next_id += 1;
        self.clear_outcome();
        self.status = "Solving…".into();
        // A running solve's worker is replaced: that stops it at once,
        // whatever slice of work it is in.
        if self.running.is_some() {
            self.respawn(effects);
        } else if !matches!(self.racer, Racer::Absent | Racer::Unfit) {
            effects.push(Effect::StopRacer);
            self.racer = Racer::Absent;
        }
        if unfit {
            self.racer = Racer::Unfit;
        }
        self.running = Some(request.id);
        self.started = now;
        effects.push(Effect::Post(request.clone()));
        self.request = Some(request);
        self.playing = true;
    }

    pub(super) fn worker_message(&mut self, message: FromWorker, effects: &mut Vec<Effect>) {
        match message {
            FromWorker::Steps { id, frames, sweep, unknown, depth, guesses, contradictions }
                if Some(id) == self.running =>
            {
                self.playback.extend(frames);
                if self.speed == 0 && !self.checking {
                    self.playback.jump_to_end();
                }
                if (guesses > 0 || contradictions > 0) && self.racer == Racer::Absent {
                    self.racer = Racer::Ready;
                    effects.push(Effect::SpawnRacer);
                }
                if let (true, Racer::Ready, Some(request)) = (contradictions > 0, self.racer, &self.request) {
                    self.racer = Racer::Racing;
                    effects.push(Effect::Race(request.clone()));
                }
                self.counts = text::running_counts(sweep, unknown, depth, guesses, contradictions);
                self.progress = text::progress_words(sweep, unknown, depth, guesses, contradictions);
            }
            FromWorker::Done(done) if Some(done.id) == self.running => {
                let ms = done.ms;
                self.finish(*done, ms, "", effects);
            }
            FromWorker::Parsed { id, outcome } => self.parsed(id as u64, read_parsed(outcome), effects),
            FromWorker::Generated { title, puzzle } if Some(puzzle.id) == self.generating => {
                self.generating = None;
                self.new_puzzle_note.clear();
                let text = generated_text(&puzzle, title);
                self.play_when_read = self.generated == Generated::Played;
                self.generated = if self.play_when_read { Generated::Played } else { Generated::Arriving };
                if let Some(order) = &self.order {
                    let value = format!("{}\n{text}", order.fragment());
                    effects.push(Effect::Keep { key: super::keys::GENERATED_KEY.into(), value });
                }
                effects.push(Effect::Load(text));
            }
            FromWorker::Error { id, message } if Some(id) == self.generating => {
                self.generating = None;
                self.forget_order(effects);
                self.new_puzzle_note = message.clone();
                self.status = message;
            }
            message @ FromWorker::Hinted { .. } => self.hinted(message),
            FromWorker::Error { message, .. } if self.running.is_some() => {
                self.running = None;
                self.playing = false;
                self.stop_racer(effects);
                self.status = message;
            }
            _ => {} // a message of a cancelled solve
        }
    }

    pub(super) fn stop_racer(&mut self, effects: &mut Vec<Effect>) {
        if !matches!(self.racer, Racer::Absent | Racer::Unfit) {
            effects.push(Effect::StopRacer);
        }
        self.racer = Racer::Absent;
    }

    /// Shows a verdict: the solve is over, and the board shows its end at
    /// once (the history stays to replay).
    pub(super) fn finish(&mut self, done: Finished, ms: f64, suffix: &str, effects: &mut Vec<Effect>) {
        self.stop_racer(effects);
        self.running = None;
        self.request = None;
        self.progress.clear();
        self.playback.finish(done.solutions.first().cloned(), done.line);
        self.playing = false;
        // The verdict in a player's words; the solver's own figures (and
        // how it got there) in the counts below it.
        self.status = verdict_text(&done, ms);
        // A check that passed keeps the solution to itself: the board stays
        // blank for a player (what is wrong, otherwise, is shown).
        if std::mem::take(&mut self.checking) && done.verdict == VerdictKind::Unique {
            self.playback.seek(0);
            self.status =
                "Unique solution: the clues check out. Press Play to solve it yourself, or End to see it."
                    .into();
        } else {
            self.playback.jump_to_end();
        }
        self.counts = format!("{}{suffix}", counts_text(&done));
        self.verdict = Some(done.verdict);
        self.difficulty = done.difficulty.or(self.difficulty);
        self.solutions = done.solutions.into_iter().map(Rc::new).collect();
    }
}
