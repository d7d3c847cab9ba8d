//! The picture panel with colours: the `Colours` setting, the palette's
//! swatches (pick the colour a click paints; edit a colour's value), the
//! worker's quantised cells, and the check of a colour picture.

use super::picture_view::{PictureMsg, PicturePanel};
use crate::page::picture::colour_view;
use crate::page::state::text::check_text;
use crate::protocol::{Cells, VerdictKind};
use web_sys::HtmlInputElement;
use yew::prelude::*;

impl PicturePanel {
    /// A colour's name as the clues give it ("the background" for 0).
    pub(super) fn colour_name(&self, k: u8) -> String {
        let palette = self.picture.as_ref().map_or(&[][..], |p| &p.palette[..]);
        match nonogram_formats::quantise::name_colours(palette).get(usize::from(k)) {
            Some(s) if k > 0 => s.name.clone(),
            _ => "the background".into(),
        }
    }

    /// `Colours`, a swatch picked to paint with, a swatch's value edited.
    pub(super) fn on_colour_input(&mut self, ctx: &Context<Self>, msg: PictureMsg) -> bool {
        let Some(p) = &mut self.picture else { return false };
        match msg {
            PictureMsg::Colours(n) => {
                p.colours = n.clamp(2, 8);
                let size = p.asked;
                self.check = Default::default();
                self.ask_size(ctx, size);
            }
            PictureMsg::Paint(c) => p.paint = c,
            PictureMsg::Swatch(i, value) => {
                let (Some(slot), Some(rgb)) = (p.palette.get_mut(i), nonogram_formats::parse_rgb(&value))
                else {
                    return false;
                };
                *slot = rgb;
                self.picture_changed(ctx);
            }
            _ => return false,
        }
        self.version += 1;
        true
    }

    /// The worker's quantised cells for the size and colours asked.
    pub(super) fn on_colour_cells(
        &mut self,
        ctx: &Context<Self>,
        size: (usize, usize),
        cells: Vec<u8>,
        palette: Vec<u8>,
    ) -> bool {
        let Some(p) = &mut self.picture else { return false };
        if p.asked != size || p.colours < 3 {
            return false; // an older request's answer
        }
        let palette = palette.as_chunks::<3>().0.to_vec();
        let dropped = p.set_colour_cells(size.0, size.1, cells, palette);
        if dropped > 0 {
            self.error = format!(
                "The new size or colours cleared {dropped} cell{} painted by hand.",
                if dropped == 1 { "" } else { "s" }
            );
        }
        self.picture_changed(ctx);
        true
    }

    /// A colour picture's check: the verdict, and the other solution's
    /// differing cells (no fixes yet).
    pub(super) fn colour_checked(
        &mut self,
        verdict: VerdictKind,
        (by_line_logic, guesses, probes, ms): (bool, u64, u64, f64),
        other: Option<Cells>,
    ) -> bool {
        let Some(p) = &self.picture else { return false };
        let Some(colours) = p.colour_grid() else { return false };
        self.check.status = check_text(verdict, (by_line_logic, guesses, probes, 0), ms, true);
        let other: Option<Vec<u8>> =
            other.map(|o| o.colours().iter().map(|s| s.trailing_zeros() as u8).collect());
        if let Some(o) = &other {
            self.check.differing = (0..o.len().min(colours.len())).filter(|&i| o[i] != colours[i]).collect();
            self.check.other = Some(colour_view(o, p.size().0));
            self.check.fix_status =
                "Fix suggestions take black-and-white pictures for now: paint a differing cell by hand."
                    .into();
        }
        self.check.other_colours = other;
        self.version += 1;
        true
    }

    /// The `Colours` setting, and with colours the palette's swatches.
    pub(super) fn colour_settings(&self, ctx: &Context<Self>) -> Html {
        let Some(p) = &self.picture else { return Html::default() };
        let link = ctx.link();
        let on_colours = link.callback(|e: Event| {
            PictureMsg::Colours(e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(2))
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
                                    onclick={link.callback(move |_| PictureMsg::Paint(i as u8))} />
                                <input type="color" class="swatch-value" value={value.clone()} aria-label={format!("The value of {name}")}
                                    onchange={link.callback(move |e: Event| PictureMsg::Swatch(i,
                                        e.target_unchecked_into::<HtmlInputElement>().value()))} />
                            </span> }
                        }) }
                    </span>
                }
            </div>
        }
    }
}
