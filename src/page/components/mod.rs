//! The page's components: `app` (the root: it turns what happens into
//! actions, runs the reducer and carries out its effects; `app_view` lays
//! out the page) and what it draws: `board_panel` (the board's canvas,
//! sized to the window; `board_input` its pointer, wheel and key input),
//! `board_text` (the board in words), `input_panel` (the clue text),
//! `lines_view` (clues line by line, a puzzle read from a picture),
//! `picture_view` (the picture panel, with `picture_markup` and
//! `picture_colour`), `panels`, `play_bar`, `make_panel`, `export_view`,
//! `builtin_list`, `progress_list`; `setup` (the first render).

pub(crate) mod app;
mod app_input;
mod app_view;
mod board_input;
mod board_panel;
mod board_text;
mod builtin_list;
mod export_view;
mod input_panel;
mod lines_view;
mod make_panel;
mod panels;
mod picture_colour;
mod picture_draw;
mod picture_markup;
mod picture_view;
mod play_bar;
mod progress_list;
mod setup;
