//! The dice and dice boxes of the period board: small bone dice with drilled ring-and-dot
//! pips, and a turned dice box for each side.

use egui::emath::RectTransform;
use egui::{Painter, Rect};

use crate::players::Colour;
use crate::ui::dice_view::{self, ShownDie};

/// Paints one die.
pub fn paint_die(painter: &Painter, to_screen: &RectTransform, die: &ShownDie) {
    dice_view::paint_die(painter, to_screen, die);
}

/// Paints a side's dice box in `rect` (screen).
pub fn paint_cup(painter: &Painter, rect: Rect, colour: Colour, lit: bool, mouth_up: bool) {
    dice_view::paint_cup(painter, rect, colour, lit, mouth_up);
}
