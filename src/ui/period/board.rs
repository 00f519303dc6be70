//! The box of the period board: the table it stands on, the two trays with their rims and
//! grain, the fold and its hinges, the inlaid points and the lettering on the rim.

use egui::Painter;
use egui::emath::RectTransform;

use crate::ui::board_view::BoardView;

/// Paints the box and the points (everything under the men and the dice).
pub fn paint_box(view: &BoardView, painter: &Painter, to_screen: &RectTransform) {
    // Not yet drawn in the period manner: the plain box stands in.
    view.paint_plain_box(painter, to_screen);
}
