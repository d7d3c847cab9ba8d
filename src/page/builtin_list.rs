//! The built-in puzzles' list (see `state::builtins`): fetched when first
//! opened, shown by grade, each puzzle with its size, author and licence;
//! Play puts it in `Clues` and starts play.

use crate::page::state::{Action, Builtin, Builtins, Catalogue, Licence, BUILTIN_URL, GRADES};
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BuiltinProps {
    pub builtins: Builtins,
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
    let body = match &props.builtins {
        Builtins::Unopened | Builtins::Loading => html! { <p class="hint">{ "Loading the list…" }</p> },
        Builtins::Failed(e) => {
            html! { <p class="error" role="alert">{ format!("The list could not be loaded: {e}. Close and open it to try again.") }</p> }
        }
        Builtins::Loaded(catalogue) => html! {
            <>
                { for (1..=4u8).map(|grade| grade_list(catalogue, grade, &props.on_action)) }
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

fn grade_list(catalogue: &Catalogue, grade: u8, on_action: &Callback<Action>) -> Html {
    let name = GRADES[grade as usize - 1];
    let count = catalogue.of_grade(grade).count();
    if count == 0 {
        return Html::default();
    }
    html! {
        <details class="grade" open={grade == 1}>
            <summary>{ format!("{name} ({count})") }</summary>
            <ul class="builtin-list">
                { for catalogue.of_grade(grade).map(|(n, puzzle)| entry(catalogue, n, puzzle, on_action)) }
            </ul>
        </details>
    }
}

fn entry(catalogue: &Catalogue, n: usize, puzzle: &Builtin, on_action: &Callback<Action>) -> Html {
    let licence = catalogue.licence(&puzzle.licence).map_or(puzzle.licence.as_str(), |l| l.name.as_str());
    let title = &puzzle.title;
    html! {
        <li>
            <button class="play-builtin" onclick={on_action.reform(move |_| Action::PlayBuiltin(n))}
                aria-label={format!("Play {title}")}>{ "Play" }</button>
            <span class="builtin-title">{ title }</span>
            { format!(" {}×{} — by {}; ", puzzle.width, puzzle.height, puzzle.author) }
            <span class="builtin-licence" title={puzzle.copyright.clone()}>{ licence }</span>
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
