//! The page's markup: the input column, the board column and its panels,
//! then the picture, export and lab sections.

use crate::page::components::app::{App, Msg};
use crate::page::components::board_panel::BoardPanel;
use crate::page::components::export_view::ExportPanel;
use crate::page::components::input_panel::{ClueText, InputPanel};
use crate::page::components::lines_view::LinesPanel;
use crate::page::components::make_panel::MakePanel;
use crate::page::components::panels::{ActionBar, Lab, PlaybackBar, VerdictPanel};
use crate::page::components::picture_view::PicturePanel;
use crate::page::components::play_bar::PlayBar;
use crate::page::state::address::Order;
use crate::page::state::playback::LineMark;
use crate::page::state::{Action, Input, Racer};
use std::rc::Rc;
use yew::prelude::*;

impl App {
    /// The puzzle's title (its catalogue entry, or "Untitled 15×15", if it
    /// has none); a made puzzle's with the grade it was made to, where its
    /// title does not say it (one kept from before titles said it).
    fn puzzle_title(&self) -> Option<String> {
        let state = &self.state;
        // The first visit's puzzle of the day while it is made and read:
        // its title holds its line already (the board does not move when
        // it comes).
        let Some(puzzle) = state.puzzle() else {
            let order = state.order?;
            let title = order.request(0).title;
            return (!title.is_empty()).then_some(title);
        };
        let meta = &puzzle.meta;
        // Escaped as the CLI prints it: no bidi override, zero-width or
        // control character can reorder or hide the text around it.
        let escaped = |text: &str| nonogram_core::text::escaped(text).into_owned();
        // An untitled puzzle is named by its catalogue entry (webpbn's
        // files name the puzzle there), else by its size: the title's line
        // stays, and the board does not move up when one without a title
        // opens.
        let named = |t: &&str| !t.trim().is_empty();
        // A catalogue entry may end in a colon ("webpbn.org #21084:", as
        // the survey's files have it): before " · " it reads as a slip.
        let ended = |t: &str| t.trim().trim_end_matches([':', ';', ',']).trim_end().to_string();
        let title = match meta.title.as_deref().filter(named).or(meta.catalogue.as_deref().filter(named)) {
            Some(title) => escaped(&ended(title)),
            None if puzzle.width() > 0 => format!("Untitled {}×{}", puzzle.width(), puzzle.height()),
            None => return None,
        };
        let order = state.order.filter(|_| state.generating.is_none());
        let mut shown = match order.and_then(|o| o.grade()) {
            Some(grade) if !title.to_ascii_lowercase().contains(&grade.to_ascii_lowercase()) => {
                format!("{title} · {grade}")
            }
            _ => title,
        };
        // Its attribution, as its author gave it (a built-in puzzle's).
        if let Some(author) = &meta.author {
            shown += &format!(" · by {}", escaped(author));
        }
        for line in [&meta.copyright, &meta.license].into_iter().flatten() {
            shown += &format!(" · {}", escaped(line));
        }
        Some(shown)
    }

    pub(crate) fn view_page(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = &self.state;
        let grid_text = match (state.puzzle(), state.colour(), state.shown()) {
            // A colour grid in its palette's characters, `?` where unknown.
            (Some(p), Some(colour), Some(cells)) if p.width() > 0 && !cells.colours().is_empty() => {
                let symbol = |&set: &u32| match set.count_ones() {
                    1 => colour.palette.get(set.trailing_zeros() as usize).map_or('?', |s| s.symbol),
                    _ => '?',
                };
                let rows =
                    cells.colours().chunks(p.width()).map(|row| row.iter().map(symbol).collect::<String>());
                rows.collect::<Vec<_>>().join("\n")
            }
            (Some(p), _, _) if p.width() > 0 => state
                .shown_cells()
                .chunks(p.width())
                .map(nonogram_core::cell::line_to_string)
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        };
        let (detected, error) = match &state.input {
            Input::Reading { bytes, .. } if *bytes < 100_000 => ("Reading…".to_string(), ""),
            Input::Reading { bytes, .. } => (format!("Reading {} KB of text…", bytes / 1000), ""),
            Input::Puzzle { format, puzzle, colour, .. } => {
                // The colours a run can have, and the background: "3 colours
                // and white" (the palette's length counted the background).
                let colours = colour
                    .as_ref()
                    .map(|c| {
                        let background = c.palette.first().map_or("white", |s| s.name.as_str());
                        let runs = c.palette.len().saturating_sub(1);
                        let s = if runs == 1 { "" } else { "s" };
                        format!(", {runs} colour{s} and {}", nonogram_core::text::escaped(background))
                    })
                    .unwrap_or_default();
                (format!("Detected: {format}, {}×{}{colours}", puzzle.width(), puzzle.height()), "")
            }
            Input::Invalid(e) => (String::new(), e.as_str()),
        };
        let on_action = link.callback(Msg::Act);
        let comparing = state.shown_solution.is_some();
        let playing = state.play.is_some();
        let on_play = link.callback(Msg::Play);
        // The board shows the clues typed line by line while they are no
        // puzzle yet, or a reading under review (every cell unknown; a
        // version of their own, counted down from the top, never the
        // input's).
        let typed = state
            .lines_board
            .typed
            .as_ref()
            .filter(|_| state.lines_board.reviewing || matches!(state.input, Input::Invalid(_)));
        html! {
            // While clues are typed line by line, a phone keeps the board in
            // view above the fields (style.css).
            // A reading's review widens the tools' column for its picture, and
            // Make mode puts its panel first among the board's tools (style.css).
            <main class={classes!(state.lines_board.pinned().then_some("editing"),
                state.lines_board.reviewing.then_some("reviewing"), state.make.then_some("make"))}>
                // The board, its tools and the clues: the board stays in view
                // beside them (sticky within this part alone, so that it
                // never lies over the sections below it).
                <div class="desk">
                <header class="top">
                    <h1>{ "Nonogram Studio" }</h1>
                    // A first visit: what the page does, what to press, and
                    // where a puzzle of one's own goes.
                    if state.first_visit {
                        <p id="welcome" class="welcome">
                            { "Picture puzzles in your browser: press " }<strong>{ "Play" }</strong>
                            { " to solve this one, " }<strong>{ "Solve" }</strong>
                            { " to see the solver's answer, or put a puzzle's clues in " }<strong>{ "Clues" }</strong>{ "." }
                        </p>
                    }
                    if state.updated {
                        <p id="updated" class="updated" aria-live="polite">
                            { "Updated — reload for the new version. " }
                            <button id="reload" onclick={Callback::from(|_: MouseEvent| {
                                if let Some(w) = web_sys::window() { let _ = w.location().reload(); }
                            })}>{ "Reload" }</button>
                        </p>
                    }
                </header>

                // While a puzzle is made, the board shown is the one it
                // replaces: dimmed, and busy for a screen reader.
                <section class={classes!("board", state.generating.is_some().then_some("making"))}
                    aria-busy={state.generating.is_some().to_string()}>
                    // The board shows the clues typed or read, not yet in
                    // Clues: the title says so, not the puzzle's before.
                    if let Some(title) = match typed {
                        Some(_) if state.lines_board.reviewing => Some("Read from the picture, not yet used".to_string()),
                        Some(_) => Some("The clues as typed".to_string()),
                        None => self.puzzle_title(),
                    } {
                        <p id="puzzle-title" class="puzzle-title" dir="auto">{ title }</p>
                    }
                    <BoardPanel puzzle={typed.map(|t| t.0.clone()).or_else(|| state.puzzle().cloned())}
                        focus={state.lines_board.focus} colour={if typed.is_some() { None } else { state.colour().cloned() }}
                        version={if typed.is_some() { u64::MAX - state.lines_board.version } else { state.version }}
                        cells={typed.map(|t| t.1.clone()).or_else(|| state.shown().cloned())}
                        fresh={if comparing || playing { Rc::default() } else { state.playback.fresh_cells().clone() }}
                        mark={match &state.play {
                            Some(p) => p.hint.as_ref().and_then(|h| h.line).map(LineMark::Worked),
                            None if comparing => None,
                            None => state.playback.line_mark(),
                        }}
                        differ={match (comparing, state.solutions.as_slice()) {
                            (true, [a, b, ..]) => Some((a.clone(), b.clone())),
                            _ => None,
                        }}
                        zoom={state.zoom} note={self.board_note()} summary={self.board_summary()}
                        resized={state.resized} on_action={on_action.clone()} on_clue={link.callback(Msg::Clue)}
                        play={if typed.is_some() { None } else { self.play_board() }} on_play={on_play.clone()} />
                </section>
                // The board's tools beside it on a wide screen, under it on a
                // narrow one (style.css places them): the verdict, then play's
                // or the playback's controls, within a thumb's reach.
                <section class="board-tools" aria-label="Board tools">
                    <ActionBar can_solve={state.puzzle().is_some()} running={state.running.is_some() || state.generating.is_some()}
                        playing={state.play.is_some()} on_play={link.callback(|_| Msg::TogglePlay)} making={state.make}
                        unsolvable={state.verdict == Some(crate::protocol::VerdictKind::None)}
                        waiting={if typed.is_some() { AttrValue::default() } else { AttrValue::from(error.to_string()) }}
                        on_action={on_action.clone()} />
                    <VerdictPanel status={state.status.clone()} counts={state.counts.clone()} racing={if state.racer == Racer::Racing { self.solver.racers() } else { 0 }}
                        solutions={state.solutions.len()} difficulty={state.difficulty.map(|d| d.describe())}
                        grade_pending={state.play.as_ref().is_some_and(|p| p.solved.is_none())}
                        solving_since={state.solving_since()} progress={AttrValue::from(state.progress.clone())}
                        on_action={on_action.clone()} />
                    if let Some(play) = &state.play {
                        <PlayBar crossing={play.crossing} can_undo={play.can_undo()} can_redo={play.can_redo()}
                            hint={play.hint.as_ref().map(|h| AttrValue::from(h.text.clone()))}
                            can_apply={play.hint.as_ref().is_some_and(|h| !h.cells.is_empty())}
                            asking={play.asked.is_some()} run={play.run()} on_play={on_play.clone()}
                            colours={state.colour().map_or_else(Vec::new, |c| c.palette.iter().skip(1)
                                .map(|s| (AttrValue::from(s.name.clone()), AttrValue::from(s.hex()))).collect())}
                            paint={play.paint} played={play.elapsed(play.running_since().unwrap_or(0.0))}
                            since={play.running_since()} mistakes={play.mistakes} show_mistakes={play.show_mistakes}
                            touch={state.touch} checkpoint={!play.checkpoints.is_empty() && play.solved.is_none()} />
                    } else {
                        <PlaybackBar step={state.playback.position()} last={state.playback.len().saturating_sub(1)}
                            playing={state.playing} speed={state.speed}
                            shown={state.running.is_some() || state.verdict.is_some() || state.playback.len() > 1}
                            on_action={on_action.clone()} />
                    }
                </section>
                <MakePanel making={state.make} generating={state.generating.is_some()}
                    note={AttrValue::from(match state.day_offered {
                        // A first visit on a hard day: the day's puzzle is
                        // offered beside the easy one shown (the welcome
                        // keeps to one line, the board its room).
                        Some((_, grade)) if state.first_visit && state.new_puzzle_note.is_empty() => format!(
                            "Today's puzzle of the day is {}: Puzzle of the day makes it.",
                            grade.to_lowercase()
                        ),
                        _ => state.new_puzzle_note.clone(),
                    })}
                    order={match state.order {
                        Some(Order::Chosen { width, difficulty, colours, .. }) => Some((width, difficulty, colours)),
                        _ => None,
                    }}
                    on_action={on_action.clone()} />
                <LinesPanel lines={state.lines.clone()} focus={state.lines_focus}
                    puzzle={state.puzzle().cloned().filter(|_| state.colour().is_none())}
                    on_action={link.callback(|a| Msg::Act(Action::Lines(a)))}
                    on_picture={link.callback(Msg::ReadFile)}
                    on_text_file={link.callback(Msg::OpenFile)} />
                <InputPanel clues_ref={self.clues_ref.clone()} detected={detected} error={error.to_string()}
                    batch={state.batch()}
                    first_visit={state.first_visit}
                    on_text={link.callback(|text| match text {
                        ClueText::Small(text) => Msg::Input(text),
                        ClueText::Large(text) => Msg::LargeInput(text),
                    })}
                    on_key={link.callback(Msg::Key)} on_sample={link.callback(Msg::Sample)}
                    on_file={link.callback(Msg::OpenFile)}
                    on_use={link.callback(|text: &'static str| Msg::Load(text.to_string()))}
                    restorable={state.replaced.is_some()} on_restore={link.callback(|_| Msg::RestoreInput)}
                    builtins={state.builtins.clone()}
                    played={state.played.clone()}
                    on_action={on_action.clone()} />
                </div>
                // The solver's own tools, there when asked for (a clue
                // clicked on the board opens them at its line).
                <section class="more">
                    <details id="lab-details">
                        <summary>{ "Line lab and grid as text" }</summary>
                        <Lab opened={state.opened_line.clone()} />
                        <label for="grid-text">{ "Grid as text" }</label>
                        <textarea id="grid-text" readonly=true spellcheck="false" rows="6" value={grid_text} />
                    </details>
                </section>
                <PicturePanel state={state.picture_panel.clone()}
                    edited={state.picture.as_ref().is_some_and(|p| p.text != state.text)}
                    resized={state.resized} on_action={link.callback(|a| Msg::Act(Action::Picture(a)))}
                    on_upload={link.callback(Msg::PictureFile)} />
                <ExportPanel puzzle={state.puzzle().cloned()} colour={state.colour().cloned()} version={state.version}
                    picture={state.picture.as_ref().filter(|p| p.text == state.text).map(|p| p.grid.clone())}
                    solution={match state.solutions.as_slice() { [only] => Some(only.clone()), _ => None }}
                    order={state.order.filter(|_| state.generating.is_none()).map(|o| o.fragment())} />
            </main>
        }
    }
}
