//! The built-in puzzles' list (see `state::builtins`): fetched when first
//! opened, shown by grade and filtered by size and grade, each puzzle with
//! a thumbnail (its picture once you solved it, else a blank grid of its
//! shape), its size, grade, author and licence; Play puts it in `Clues`
//! and starts play.

use crate::page::state::{
    grid_path, Action, Builtin, Builtins, Catalogue, Filter, Licence, Played, BUILTIN_URL, GRADES, SIZES,
};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BuiltinProps {
    pub builtins: Builtins,
    /// My progress: a solved puzzle's thumbnail shows its picture.
    pub played: Rc<Vec<Played>>,
    pub on_action: Callback<Action>,
}

#[function_component]
pub fn BuiltinList(props: &BuiltinProps) -> Html {
    let ontoggle = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            if e.target_unchecked_into::<web_sys::HtmlDetailsElement>().open() {
                on_action.emit(Action::OpenBuiltins);
            }
        })
    };
    let filter = use_state(Filter::default);
    let choose = |set: fn(&mut Filter, usize)| {
        let filter = filter.clone();
        Callback::from(move |e: Event| {
            let mut f = *filter;
            set(&mut f, e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(0));
            filter.set(f);
        })
    };
    let solved: Vec<&str> = props.played.iter().filter(|p| p.solved).map(|p| p.key.as_str()).collect();
    let body = match &props.builtins {
        Builtins::Unopened | Builtins::Loading => html! { <p class="hint">{ "Loading the list…" }</p> },
        Builtins::Failed(e) => {
            html! { <p class="error" role="alert">{ format!("The list could not be loaded: {e}. Close and open it to try again.") }</p> }
        }
        Builtins::Loaded(catalogue) => html! {
            <>
                <div class="buttons builtin-filter" role="group" aria-label="Show">
                    <select id="builtin-size" aria-label="Size" onchange={choose(|f, v| f.size = v)}>
                        <option value="0" selected={filter.size == 0}>{ "Any size" }</option>
                        { for SIZES.iter().enumerate().map(|(i, (_, name))| html! {
                            <option value={(i + 1).to_string()} selected={filter.size == i + 1}>{ *name }</option>
                        }) }
                    </select>
                    <select id="builtin-grade" aria-label="Grade" onchange={choose(|f, v| f.grade = v as u8)}>
                        <option value="0" selected={filter.grade == 0}>{ "Any grade" }</option>
                        { for GRADES.iter().enumerate().map(|(i, name)| html! {
                            <option value={(i + 1).to_string()} selected={usize::from(filter.grade) == i + 1}>{ *name }</option>
                        }) }
                    </select>
                </div>
                if !catalogue.puzzles.iter().any(|p| p.fits(*filter)) {
                    <p class="hint">{ "No puzzle of this size and grade." }</p>
                }
                { for (1..=4u8).map(|grade| grade_list(catalogue, grade, *filter, &solved, &props.on_action)) }
                <details class="licences">
                    <summary>{ "Licences" }</summary>
                    { for catalogue.licences.iter().map(licence) }
                </details>
            </>
        },
    };
    html! {
        <details id="builtins" class="builtins" {ontoggle}>
            <summary>{ "Hand-made puzzles" }</summary>
            <p class="hint">{ "Puzzles drawn by people, shared under their licences, graded as the solver finds \
                them. Play opens one in play mode." }</p>
            { body }
        </details>
    }
}

fn grade_list(
    catalogue: &Catalogue,
    grade: u8,
    filter: Filter,
    solved: &[&str],
    on_action: &Callback<Action>,
) -> Html {
    let name = GRADES[grade as usize - 1];
    let grade_word = name.to_lowercase();
    let shown = || catalogue.of_grade(grade).filter(|(_, p)| p.fits(filter));
    let count = shown().count();
    if count == 0 {
        return Html::default();
    }
    html! {
        <details class="grade" open={grade == 1 || filter.grade == grade}>
            <summary>{ format!("{name} ({count})") }</summary>
            <ul class="builtin-list">
                { for shown().map(|(n, puzzle)| entry(catalogue, n, puzzle, &grade_word, solved.contains(&puzzle.key.as_str()), on_action)) }
            </ul>
        </details>
    }
}

fn entry(
    catalogue: &Catalogue,
    n: usize,
    puzzle: &Builtin,
    grade: &str,
    solved: bool,
    on_action: &Callback<Action>,
) -> Html {
    let licence = catalogue.licence(&puzzle.licence).map_or(puzzle.licence.as_str(), |l| l.name.as_str());
    let title = &puzzle.title;
    let (w, h) = (puzzle.width, puzzle.height);
    html! {
        <li>
            <svg class="thumb" viewBox={format!("-0.5 -0.5 {} {}", w + 1, h + 1)} aria-hidden="true">
                <rect class="thumb-paper" width={w.to_string()} height={h.to_string()} />
                if solved {
                    <path class="thumb-ink" d={puzzle.picture_path()} />
                } else {
                    <path class="thumb-grid" d={grid_path(w, h)} />
                }
            </svg>
            <button class="play-builtin" onclick={on_action.reform(move |_| Action::PlayBuiltin(n))}
                aria-label={format!("Play {title}")}>{ "Play" }</button>
            <span class="builtin-about">
                <span class="builtin-title">{ title }</span>
                { format!(" {w}×{h}, {grade}{} — by {}; ", if solved { ", solved" } else { "" }, puzzle.author) }
                <span class="builtin-licence" title={puzzle.copyright.clone()}>{ licence }</span>
            </span>
        </li>
    }
}

fn licence(licence: &Licence) -> Html {
    html! {
        <div class="licence">
            <h4><a href={licence.url.clone()} target="_blank" rel="noopener">{ &licence.name }</a></h4>
            <pre>{ &licence.text }</pre>
        </div>
    }
}

/// Fetches the list and reads it (`on_done` gets it, or why not).
pub fn fetch(on_done: Callback<Result<Catalogue, String>>) {
    wasm_bindgen_futures::spawn_local(async move {
        on_done.emit(fetch_catalogue().await.map_err(|e| e.as_string().unwrap_or_else(|| format!("{e:?}"))));
    });
}

async fn fetch_catalogue() -> Result<Catalogue, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(BUILTIN_URL)).await?.dyn_into()?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()).into());
    }
    let json = JsFuture::from(response.json()?).await?;
    read(&json).ok_or_else(|| "the list is not as expected".into())
}

/// The catalogue from its JSON (parsed by the browser).
fn read(json: &JsValue) -> Option<Catalogue> {
    let get = |v: &JsValue, k: &str| js_sys::Reflect::get(v, &JsValue::from_str(k)).ok();
    let text = |v: &JsValue, k: &str| get(v, k)?.as_string();
    let number = |v: &JsValue, k: &str| get(v, k)?.as_f64();
    let puzzles = get(json, "puzzles")?.dyn_into::<js_sys::Array>().ok()?;
    let puzzles = puzzles
        .iter()
        .map(|p| {
            Some(Builtin {
                title: text(&p, "title")?,
                author: text(&p, "author")?,
                copyright: text(&p, "copyright")?,
                licence: text(&p, "licence")?,
                source: text(&p, "source")?,
                grade: number(&p, "grade")? as u8,
                width: number(&p, "width")? as usize,
                height: number(&p, "height")? as usize,
                text: text(&p, "text")?,
                key: text(&p, "key")?,
                picture: text(&p, "picture")?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let licences = get(json, "licences")?;
    let keys = js_sys::Object::keys(licences.dyn_ref::<js_sys::Object>()?);
    let licences = keys
        .iter()
        .map(|key| {
            let value = get(&licences, &key.as_string()?)?;
            Some(Licence {
                key: key.as_string()?,
                name: text(&value, "name")?,
                url: text(&value, "url")?,
                text: text(&value, "text")?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Catalogue { puzzles, licences })
}
