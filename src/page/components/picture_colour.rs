//! The picture panel's colour settings: `Colours`, and the palette's
//! swatches (pick the colour a click paints; edit a colour's value).

use crate::page::components::picture_view::{PictureMsg, PicturePanel};
use crate::page::state::PictureAction;
use web_sys::HtmlInputElement;
use yew::prelude::*;

impl PicturePanel {
    /// A colour's name as the clues give it ("the background" for 0).
    pub(crate) fn colour_name(&self, k: u8) -> String {
        let palette = self.state.picture.as_ref().map_or(&[][..], |p| &p.palette[..]);
        match nonogram_formats::quantise::name_colours(palette).get(usize::from(k)) {
            Some(s) if k > 0 => s.name.clone(),
            _ => "the background".into(),
        }
    }

    /// The `Colours` setting, and with colours the palette's swatches.
    pub(crate) fn colour_settings(&self, ctx: &Context<Self>) -> Html {
        let Some(p) = &self.state.picture else { return Html::default() };
        let link = ctx.link();
        let on_colours = link.callback(|e: Event| {
            let colours = e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(2);
            PictureMsg::Act(PictureAction::Colours(colours))
        });
        html! {
            <div class="picture-settings">
                <label class="inline" for="pic-colours">{ "Colours" }</label>
                <select id="pic-colours" onchange={on_colours}>
                    { for (2..=8u8).map(|n| html! {
                        <option value={n.to_string()} selected={p.colours == n}>
                            { if n == 2 { "2 (black and white)".to_string() } else { n.to_string() } }
                        </option>
                    }) }
                </select>
                if p.is_colour() {
                    <span class="swatches" role="radiogroup" aria-label="Paint with">
                        { for nonogram_formats::quantise::name_colours(&p.palette).into_iter().enumerate().map(|(i, swatch)| {
                            let value = swatch.hex();
                            let name = if i == 0 { format!("the background ({})", swatch.name) } else { swatch.name };
                            html! { <span class="swatch">
                                <button class="swatch-pick" role="radio" aria-checked={(usize::from(p.paint) == i).to_string()}
                                    aria-label={format!("Paint with {name}, {value}")} title={format!("Paint with {name}")}
                                    style={format!("background:{value}")}
                                    onclick={link.callback(move |_| PictureMsg::Act(PictureAction::Paint(i as u8)))} />
                                <input type="color" class="swatch-value" value={value.clone()} aria-label={format!("The value of {name}")}
                                    onchange={link.callback(move |e: Event| PictureMsg::Act(PictureAction::Swatch(i,
                                        e.target_unchecked_into::<HtmlInputElement>().value())))} />
                            </span> }
                        }) }
                    </span>
                }
            </div>
        }
    }
}
