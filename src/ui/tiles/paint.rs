//! Painting the tiles game: the walnut table (the tables board's own wood), and tiles of bone
//! faced on ebony, pinned through the middle with brass, as the period made them, each with
//! its shadow on the table.

use egui::emath::RectTransform;
use egui::{Color32, Mesh, Painter, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};

use crate::ui::tables::period::wood;
use crate::ui::tables::theme;

/// A tile's bone face.
pub const BONE: Color32 = theme::PERIOD_BONE;
/// Its ebony back, sides and pips.
pub const EBONY: Color32 = theme::PERIOD_EBONY;

/// Paints the table's top: four boards of walnut across `rect`.
pub fn paint_table(painter: &Painter, rect: Rect) {
    let grain = wood::grain(painter.ctx());
    let mut mesh = Mesh::with_texture(grain.id());
    let identity = RectTransform::identity(rect);
    let boards = 4;
    let h = rect.height() / boards as f32;
    let seams: Vec<f32> = (0..=boards).map(|k| rect.min.y + h * k as f32).collect();
    wood::add_table_boards(&mut mesh, &identity, (rect.min.x, rect.max.x), &seams, 1.0);
    painter.add(Shape::mesh(mesh));
    for k in 1..boards {
        let y = rect.min.y + h * k as f32;
        painter.line_segment(
            [pos2(rect.min.x, y), pos2(rect.max.x, y)],
            Stroke::new(1.5, Color32::from_black_alpha(110)),
        );
    }
}

/// How a tile is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileLook {
    /// Its middle, on the screen.
    pub centre: Pos2,
    /// From its middle to the middle of its first half (left or top).
    pub half: Vec2,
    /// Half its width.
    pub width: f32,
    /// The numbers of its halves, first half first; `None`: face down.
    pub faces: Option<(u8, u8)>,
    /// Outlined in gold (picked up, or lit as a place to lay).
    pub lit: bool,
}

impl TileLook {
    /// A tile filling `rect` (its long side along the rectangle's longer one).
    #[must_use]
    pub fn in_rect(rect: Rect, faces: Option<(u8, u8)>) -> TileLook {
        let (half, width) = if rect.height() > rect.width() {
            (vec2(0.0, -rect.height() / 4.0), rect.width() / 2.0)
        } else {
            (vec2(-rect.width() / 4.0, 0.0), rect.height() / 2.0)
        };
        TileLook {
            centre: rect.center(),
            half,
            width,
            faces,
            lit: false,
        }
    }

    /// The same tile turned by `angle` (radians).
    #[must_use]
    pub fn turned(mut self, angle: f32) -> TileLook {
        self.half = egui::emath::Rot2::from_angle(angle) * self.half;
        self
    }

    /// The corners of the tile made `inset` smaller all round, its corners cut a little.
    fn outline(&self, inset: f32, grow: f32) -> Vec<Pos2> {
        let along = self.half.normalized();
        let across = vec2(-along.y, along.x);
        let l = self.half.length() * 2.0 - inset + grow;
        let w = self.width - inset + grow;
        let cut = (w * 0.18).max(0.5);
        let p = |u: f32, v: f32| self.centre + along * u + across * v;
        vec![
            p(-l + cut, -w),
            p(l - cut, -w),
            p(l, -w + cut),
            p(l, w - cut),
            p(l - cut, w),
            p(-l + cut, w),
            p(-l, w - cut),
            p(-l, -w + cut),
        ]
    }
}

/// Where the pips of `n` lie in a half, in units of the half's own half-width (-1..1), along
/// the tile and across it.
fn pip_places(n: u8) -> &'static [(f32, f32)] {
    const D: f32 = 0.5;
    match n {
        0 => &[],
        1 => &[(0.0, 0.0)],
        2 => &[(-D, -D), (D, D)],
        3 => &[(-D, -D), (0.0, 0.0), (D, D)],
        4 => &[(-D, -D), (-D, D), (D, -D), (D, D)],
        5 => &[(-D, -D), (-D, D), (0.0, 0.0), (D, -D), (D, D)],
        _ => &[(-D, -D), (0.0, -D), (D, -D), (-D, D), (0.0, D), (D, D)],
    }
}

/// Paints one tile: its shadow on the table, its ebony body, and face up the bone face with
/// its pips, the line across its middle and the brass pin; face down, the ebony back.
pub fn paint_tile(painter: &Painter, tile: &TileLook) {
    let w = tile.width;
    let shadow: Vec<Pos2> = tile
        .outline(0.0, 0.0)
        .into_iter()
        .map(|p| p + vec2(w * 0.16, w * 0.22))
        .collect();
    painter.add(Shape::convex_polygon(
        shadow,
        Color32::from_black_alpha(90),
        Stroke::NONE,
    ));
    if tile.lit {
        painter.add(Shape::convex_polygon(
            tile.outline(0.0, w * 0.22),
            theme::PERIOD_BRASS_LIGHT,
            Stroke::NONE,
        ));
    }
    painter.add(Shape::convex_polygon(
        tile.outline(0.0, 0.0),
        EBONY,
        Stroke::new(1.0, Color32::from_rgb(20, 14, 10)),
    ));
    let along = tile.half.normalized();
    let across = vec2(-along.y, along.x);
    let Some((first, second)) = tile.faces else {
        // The back: ebony, a lighter edge where the light falls, and the brass pin's head.
        painter.add(Shape::convex_polygon(
            tile.outline(w * 0.16, 0.0),
            Color32::from_rgb(58, 42, 34),
            Stroke::NONE,
        ));
        painter.circle_filled(tile.centre, w * 0.1, theme::PERIOD_BRASS_DARK);
        return;
    };
    painter.add(Shape::convex_polygon(
        tile.outline(w * 0.12, 0.0),
        BONE,
        Stroke::new(w * 0.04, Color32::from_rgb(246, 238, 216)),
    ));
    let l = tile.half.length();
    painter.line_segment(
        [
            tile.centre - across * (w * 0.8),
            tile.centre + across * (w * 0.8),
        ],
        Stroke::new((w * 0.07).max(1.0), EBONY),
    );
    for (n, sign) in [(first, 1.0), (second, -1.0)] {
        let middle = tile.centre + tile.half * sign;
        for &(u, v) in pip_places(n) {
            let at = middle + along * (u * l * 0.9) + across * (v * w * 0.9);
            painter.circle_filled(at, (w * 0.15).max(1.2), EBONY);
        }
    }
    painter.circle_filled(tile.centre, (w * 0.11).max(1.0), theme::PERIOD_BRASS);
    painter.circle_filled(
        tile.centre - vec2(w * 0.03, w * 0.03),
        (w * 0.05).max(0.5),
        theme::PERIOD_BRASS_LIGHT,
    );
}

/// Paints where a tile may be laid: a glowing outline of the place.
pub fn paint_place(painter: &Painter, rect: Rect, hovered: bool) {
    let glow = if hovered {
        theme::PERIOD_BRASS_LIGHT
    } else {
        theme::PERIOD_BRASS
    };
    painter.rect_filled(
        rect,
        rect.width().min(rect.height()) * 0.15,
        glow.gamma_multiply(0.35),
    );
    painter.rect_stroke(
        rect,
        rect.width().min(rect.height()) * 0.15,
        Stroke::new(2.5, glow),
        egui::StrokeKind::Inside,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_number_has_its_own_count_of_pips_placed_inside_the_half() {
        for n in 0..=6u8 {
            let places = pip_places(n);
            assert_eq!(places.len(), usize::from(n));
            assert!(places.iter().all(|(u, v)| u.abs() < 1.0 && v.abs() < 1.0));
        }
    }

    #[test]
    fn a_tile_in_a_tall_rect_stands_its_first_half_on_top() {
        let t = TileLook::in_rect(Rect::from_min_size(pos2(0.0, 0.0), vec2(20.0, 40.0)), None);
        assert!(t.half.y < 0.0 && t.half.x == 0.0);
        assert!((t.width - 10.0).abs() < 1e-6);
    }
}
