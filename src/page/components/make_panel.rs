//! Make's panel as a function component: the tools that make a new
//! puzzle (its size, grade and colours, "Make and play", the puzzle of
//! the day) and what they say back. A panel of its own, beside the board:
//! in Make mode it comes first among the board's tools, with the other
//! ways a puzzle is made (a picture made into a puzzle, clues typed or
//! read from an image) named under it (src/page/view.rs places it).

use crate::page::state::{Action, Day, Order};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MakeProps {
    /// Make mode is on: the panel says what else makes a puzzle.
    pub making: bool,
    /// A puzzle is being made (New puzzle waits).
    pub generating: bool,
    /// What New puzzle says under its controls (the puzzle being made,
    /// why an order was declined); empty: nothing.
    pub note: AttrValue,
    /// The made puzzle shown (its side, grade and colours): New puzzle's
    /// menus follow it, so that the next one is made alike.
    pub order: Option<(usize, u8, u8)>,
    pub on_action: Callback<Action>,
}

/// The sizes and grades `New puzzle` offers.
const NEW_SIZES: [usize; 5] = [10, 15, 20, 25, 30];
const NEW_GRADES: [&str; 4] = ["Easy", "Medium", "Hard", "Very hard"];
/// Colours besides the background (white), as the page says them
/// ("Detected: …, 2 colours and white").
const NEW_COLOURS: [(u8, &str); 4] =
    [(0, "Black and white"), (2, "2 colours on white"), (3, "3 colours on white"), (4, "4 colours on white")];

/// The player's own date: the puzzle of the day changes at their midnight.
pub(crate) fn today() -> Option<Day> {
    let now = js_sys::Date::new_0();
    Day::new(now.get_full_year() as i32, now.get_month() + 1, now.get_date())
}

#[function_component]
pub fn MakePanel(props: &MakeProps) -> Html {
    let size_ref = use_node_ref();
    let grade_ref = use_node_ref();
    let colours_ref = use_node_ref();
    {
        let refs = (size_ref.clone(), grade_ref.clone(), colours_ref.clone());
        use_effect_with(props.order, move |order| {
            if let Some((side, difficulty, colours)) = *order {
                let set = |r: &NodeRef, v: String| {
                    if let Some(select) = r.cast::<HtmlSelectElement>() {
                        select.set_value(&v);
                    }
                };
                set(&refs.0, side.to_string());
                set(&refs.1, difficulty.to_string());
                set(&refs.2, colours.to_string());
            }
        });
    }
    let generate = {
        let (size_ref, grade_ref, colours_ref) = (size_ref.clone(), grade_ref.clone(), colours_ref.clone());
        props.on_action.reform(move |_| {
            let value = |r: &NodeRef| r.cast::<HtmlSelectElement>().map(|s| s.value()).unwrap_or_default();
            let side: usize = value(&size_ref).parse().unwrap_or(15);
            let difficulty: u8 = value(&grade_ref).parse().unwrap_or(2);
            let colours: u8 = value(&colours_ref).parse().unwrap_or(0);
            // A new seed each time, from the clock; the title says it as the
            // puzzle's number (six digits at most: a number a player reads).
            let seed = js_sys::Date::now() as u64 % 1_000_000;
            Action::Generate(Order::Chosen { width: side, height: side, difficulty, seed, colours })
        })
    };
    let of_the_day = props.on_action.reform(|_| match today() {
        Some(day) => Action::Generate(Order::Day(day)),
        None => Action::Note("This browser's clock gives no date.".into()),
    });
    // An address may name a side the menu lacks (5 to 50): the menu
    // offers it too while its puzzle is shown.
    let mut sizes = NEW_SIZES.to_vec();
    if let Some((side, _, _)) = props.order.filter(|(side, _, _)| !NEW_SIZES.contains(side)) {
        sizes.insert(sizes.partition_point(|&n| n < side), side);
    }
    html! {
        <section class="make" aria-labelledby="make-heading">
            <h2 id="make-heading" class="panel-heading">{ if props.making { "Make a puzzle" } else { "New puzzle" } }</h2>
            <div class="buttons new-puzzle">
                                <select id="new-size" ref={size_ref} aria-label="Size of the new puzzle">
                    { for sizes.iter().map(|&n| html! {
                        <option key={n} value={n.to_string()} selected={n == 15}>{ format!("{n}×{n}") }</option>
                    }) }
                </select>
                <select id="new-grade" ref={grade_ref} aria-label="Grade of the new puzzle">
                    { for NEW_GRADES.iter().enumerate().map(|(i, &g)| html! {
                        <option value={(i + 1).to_string()} selected={i == 1}>{ g }</option>
                    }) }
                </select>
                <select id="new-colours" ref={colours_ref} aria-label="Colours of the new puzzle">
                    { for NEW_COLOURS.iter().map(|&(n, name)| html! {
                        <option value={n.to_string()} selected={n == 0}>{ name }</option>
                    }) }
                </select>
                <button id="new-puzzle" onclick={generate} disabled={props.generating}>{ "Make and play" }</button>
                <button id="puzzle-of-the-day" onclick={of_the_day} disabled={props.generating}
                    title="The same puzzle for everyone today, harder as the week goes on">{ "Puzzle of the day" }</button>
            </div>
            // Announced: a refusal is said here alone.
            <p id="new-puzzle-note" class="new-puzzle-note" aria-live="polite" hidden={props.note.is_empty()}>{ &props.note }</p>
            if props.making {
                <p id="make-ways" class="hint">
                    { "Or make one of your own: type its clues line by line, read them from a screenshot or a \
                       photo (the buttons below), or turn a picture into a puzzle (\u{201c}From picture to \
                       puzzle\u{201d}, further down)." }
                </p>
            }
        </section>
    }
}
