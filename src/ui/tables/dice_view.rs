//! Dice and dice cups: their painting and the short animation of a throw.

use egui::emath::RectTransform;
use egui::{
    Color32, CornerRadius, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, pos2, vec2,
};

use crate::players::Colour;
use crate::ui::tables::theme;

/// The side of a die, in board units.
pub const DIE_SIZE: f32 = 40.0;
pub use crate::ui::sound::THROW_SECONDS;

/// A die as the board shows it: where (board units), which face, turned how far, and whether
/// its move is spent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShownDie {
    pub at: Pos2,
    pub face: u8,
    pub angle: f32,
    pub spent: bool,
    pub colour: Colour,
}

/// A throw in flight: from a cup to where the dice rest.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowAnimation {
    pub started: f64,
    pub from: Pos2,
    /// Where each die comes to rest, its face, and its colour.
    pub dice: Vec<(Pos2, u8, Colour)>,
}

impl ThrowAnimation {
    /// Whether the dice have landed at time `now`.
    #[must_use]
    pub fn done(&self, now: f64) -> bool {
        now - self.started >= THROW_SECONDS
    }

    /// How far the box thrown from is tipped at time `now`: over quickly (0 to 1 in the first
    /// fifth of the throw), held while the dice roll out, and upright again as they land.
    #[must_use]
    pub fn tipping(&self, now: f64) -> f32 {
        let t = ((now - self.started) / THROW_SECONDS).clamp(0.0, 1.0) as f32;
        let up = (t / 0.2).min(1.0);
        let back = ((1.0 - t) / 0.35).min(1.0);
        let ease = |x: f32| x * x * (3.0 - 2.0 * x);
        ease(up.min(back))
    }

    /// The dice in flight at time `now`: moving out of the cup, tumbling, showing changing faces.
    #[must_use]
    pub fn frame(&self, now: f64) -> Vec<ShownDie> {
        let t = ((now - self.started) / THROW_SECONDS).clamp(0.0, 1.0) as f32;
        let ease = 1.0 - (1.0 - t) * (1.0 - t);
        self.dice
            .iter()
            .enumerate()
            .map(|(i, &(rest, face, colour))| {
                let mid = pos2(
                    (self.from.x + rest.x) / 2.0,
                    self.from.y.min(rest.y) - 60.0 - 15.0 * i as f32,
                );
                // A quadratic curve from the cup over the board to the resting place.
                let a = self.from.lerp(mid, ease);
                let b = mid.lerp(rest, ease);
                let at = a.lerp(b, ease);
                let spin = (1.0 - ease) * (6.0 + i as f32 * 1.7);
                let shown = if t >= 1.0 {
                    face
                } else {
                    ((face as f32 + (spin * 3.0).floor()) as u8 % 6) + 1
                };
                ShownDie {
                    at,
                    face: shown,
                    angle: spin,
                    spent: false,
                    colour,
                }
            })
            .collect()
    }
}

/// Paints a die: an ivory cube seen from above, pips in the period arrangement.
pub fn paint_die(painter: &Painter, to_screen: &RectTransform, die: &ShownDie) {
    let s = to_screen.scale().x;
    let half = DIE_SIZE / 2.0;
    let (sin, cos) = die.angle.sin_cos();
    let turn = |v: Vec2| to_screen * (die.at + vec2(v.x * cos - v.y * sin, v.x * sin + v.y * cos));
    let corners = [
        vec2(-half, -half),
        vec2(half, -half),
        vec2(half, half),
        vec2(-half, half),
    ];
    let fill = if die.spent {
        Color32::from_rgb(180, 170, 150)
    } else {
        theme::DIE_IVORY
    };
    let shadow: Vec<Pos2> = corners
        .iter()
        .map(|&c| turn(c) + vec2(2.0, 3.0) * s)
        .collect();
    painter.add(Shape::convex_polygon(
        shadow,
        Color32::from_black_alpha(80),
        Stroke::NONE,
    ));
    let body: Vec<Pos2> = corners.iter().map(|&c| turn(c)).collect();
    painter.add(Shape::convex_polygon(
        body,
        fill,
        Stroke::new(1.2 * s, Color32::from_rgb(120, 100, 70)),
    ));
    let q = DIE_SIZE * 0.27;
    let pips = pips(die.face);
    let pip = if die.spent {
        Color32::from_rgb(110, 100, 90)
    } else {
        theme::DIE_PIP
    };
    for &(x, y) in pips {
        painter.circle_filled(turn(vec2(x * q, y * q)), DIE_SIZE * 0.085 * s, pip);
    }
}

/// Paints a dice cup (box) in leather, banded in the side's colour; lit when it is that side's
/// turn to throw.
pub fn paint_cup(painter: &Painter, rect: Rect, colour: Colour, lit: bool, mouth_up: bool) {
    let (band, _) = theme::man_colours(colour);
    let w = rect.width();
    let (top, bottom) = if mouth_up {
        (rect.min.y, rect.max.y)
    } else {
        (rect.max.y, rect.min.y)
    };
    let taper = w * 0.12;
    let body = vec![
        pos2(rect.min.x, top),
        pos2(rect.max.x, top),
        pos2(rect.max.x - taper, bottom),
        pos2(rect.min.x + taper, bottom),
    ];
    painter.add(Shape::convex_polygon(
        body,
        theme::CUP_LEATHER,
        Stroke::new(w * 0.03, Color32::from_rgb(50, 20, 12)),
    ));
    let band_y = top + (bottom - top) * 0.35;
    let band_rect = Rect::from_center_size(
        pos2(rect.center().x, band_y),
        vec2(w * 0.86, rect.height() * 0.14),
    );
    painter.rect_filled(band_rect, CornerRadius::ZERO, band);
    painter.circle_stroke(pos2(rect.center().x, top), 0.0, Stroke::NONE);
    if lit {
        painter.rect_stroke(
            rect.expand(w * 0.08),
            CornerRadius::same((w * 0.1) as u8),
            Stroke::new(w * 0.05, theme::SELECTED),
            StrokeKind::Outside,
        );
    }
}

/// Where the pips of a face lie, in steps of a third of the face from its centre: the one
/// arrangement of the faces, whatever the look.
#[must_use]
pub fn pips(face: u8) -> &'static [(f32, f32)] {
    match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_tips_during_a_throw_and_stands_again_when_the_dice_land() {
        // Given a throw started at 10 s
        let throw = ThrowAnimation {
            started: 10.0,
            from: pos2(890.0, 395.0),
            dice: vec![(pos2(600.0, 350.0), 3, Colour::White)],
        };
        // Then it is upright at the start and the end, and over in the middle
        assert!(throw.tipping(10.0) < 0.01);
        assert!(throw.tipping(10.0 + THROW_SECONDS * 0.4) > 0.99);
        assert!(throw.tipping(10.0 + THROW_SECONDS) < 0.01);
        assert!(throw.tipping(20.0) < 0.01);
    }
}
