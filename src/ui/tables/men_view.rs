//! The men as drawn: a man on a point (a turned disk with rings, and the count of a stack taller
//! than is shown) and a man borne off, edge-on in a tray. The board and the men sliding over it
//! both paint them so.

use egui::emath::RectTransform;
use egui::{Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, vec2};

use crate::players::Colour;
use crate::ui::tables::theme::{self, MIN_TEXT};

/// A man borne off, seen edge-on in a tray, centred at `at` (board units).
pub fn paint_slab(painter: &Painter, to_screen: &RectTransform, at: Pos2, colour: Colour) {
    let s = to_screen.scale().x;
    let (face, ring) = theme::man_colours(colour);
    let slab = to_screen.transform_rect(Rect::from_center_size(at, vec2(92.0, 12.0)));
    painter.rect_filled(slab, CornerRadius::same((4.0 * s) as u8), face);
    painter.rect_stroke(
        slab,
        CornerRadius::same((4.0 * s) as u8),
        Stroke::new(1.0 * s, ring),
        StrokeKind::Inside,
    );
}

/// A man: a turned disk with rings, a count if the stack is taller than shown.
pub fn paint_man(
    painter: &Painter,
    centre: Pos2,
    radius: f32,
    colour: Colour,
    count: Option<usize>,
    selected: bool,
) {
    let (face, ring) = theme::man_colours(colour);
    painter.circle_filled(
        centre + vec2(1.5, 2.0) * (radius / 27.0),
        radius,
        Color32::from_black_alpha(70),
    );
    painter.circle_filled(centre, radius, face);
    painter.circle_stroke(centre, radius - 1.0, Stroke::new(radius * 0.07, ring));
    painter.circle_stroke(centre, radius * 0.68, Stroke::new(radius * 0.05, ring));
    painter.circle_stroke(centre, radius * 0.30, Stroke::new(radius * 0.04, ring));
    paint_marks(painter, centre, centre, radius, count, selected, ring);
}

/// What every look writes on a man: the ring of the man picked up, round `centre`, and the
/// height of a stack taller than its point, at `text_at` in `ink`, never below the least
/// legible size.
pub fn paint_marks(
    painter: &Painter,
    centre: Pos2,
    text_at: Pos2,
    radius: f32,
    count: Option<usize>,
    selected: bool,
    ink: Color32,
) {
    if selected {
        painter.circle_stroke(
            centre,
            radius + 2.0,
            Stroke::new(radius * 0.14, theme::SELECTED),
        );
    }
    if let Some(n) = count {
        painter.text(
            text_at,
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional((radius * 0.9).max(MIN_TEXT)),
            ink,
        );
    }
}
