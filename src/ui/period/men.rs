//! The men of the period board: turned boxwood and ebony, with thickness and a slight dome.

use egui::emath::RectTransform;
use egui::{Painter, Pos2};

use crate::players::Colour;
use crate::ui::men_view;

/// Paints a man lying on the board at `centre` (screen), of `radius` (screen).
pub fn paint_man(
    painter: &Painter,
    centre: Pos2,
    radius: f32,
    colour: Colour,
    count: Option<usize>,
    selected: bool,
) {
    men_view::paint_man(painter, centre, radius, colour, count, selected);
}

/// Paints a man borne off, at `at` (board coordinates).
pub fn paint_off(painter: &Painter, to_screen: &RectTransform, at: Pos2, colour: Colour) {
    men_view::paint_slab(painter, to_screen, at, colour);
}
