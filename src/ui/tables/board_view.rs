//! The pair of tables, drawn with egui's painter in the board's own coordinates (960 × 700,
//! mapped onto the window with a `RectTransform`), and clicks mapped back to places.
//!
//! Points are numbered from the side at the bottom of the screen: its ace point is at the
//! bottom right (or bottom left when the board is flipped), its 24 point straight above.

use egui::emath::RectTransform;
use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Sense, Shape, Stroke, StrokeKind,
    Vec2, pos2, vec2,
};

use crate::players::Colour;
use crate::tables::{Cube, Position, Side};
use crate::teaching::points::{Naming, PointName};
use crate::ui::tables::dice_view::{self, ShownDie};
use crate::ui::tables::look::Look;
use crate::ui::tables::period;
use crate::ui::tables::theme;
pub use crate::ui::tables::theme::MIN_TEXT;

use crate::ui::tables::geometry::{
    BAR_X0, BAR_X1, BORDER, FIELD_X1, MID_Y, Marked, POINT_LEN, POINT_W, TRAY_X0, TRAY_X1,
};
pub use crate::ui::tables::geometry::{MAN_R, Place, SIZE, label_font, label_size};

const MAX_SHOWN: usize = 5;

/// Everything the board shows: a plain snapshot the window fills in each frame.
pub struct BoardView {
    /// The men, seen from the side at the bottom.
    pub position: Position,
    pub bottom: Side,
    /// Colours of White's and Black's men.
    pub colours: [Colour; 2],
    pub ace_left: bool,
    pub numbers: bool,
    /// Whether the points' names are written on the board (a lesson on them hides them).
    pub labels: bool,
    /// Which way the game names its points (Tick-tack's from where the men start).
    pub naming: Naming,
    pub selected: Option<Place>,
    pub targets: Vec<Place>,
    /// Points to ring as choosable (e.g. the points of a bound table to break).
    pub choosable: Vec<Place>,
    pub dice: Vec<ShownDie>,
    pub cube: Option<Cube>,
    /// The side whose turn it is, to mark its cup.
    pub turn: Option<Side>,
    /// Men in flight, not drawn in their places: one man of the side fewer at each place
    /// (the men sliding are drawn over the board by `slide`).
    pub hidden: Vec<(Place, Side)>,
    /// How the board is painted.
    pub look: Look,
    /// The dice box tipped by a throw in flight, if one is.
    pub cup_tip: Option<period::dice::CupTip>,
}

/// Where the pointer acted on the board this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardInput {
    pub clicked: Option<Place>,
    pub drag_started: Option<Place>,
    pub dropped_on: Option<Place>,
    pub hovered: Option<Place>,
}

impl BoardView {
    fn top(&self) -> Side {
        self.bottom.other()
    }

    fn colour_of(&self, side: Side) -> Colour {
        self.colours[side.index()]
    }

    /// The centre x of a point's column.
    #[must_use]
    pub fn point_x(&self, p: u8) -> f32 {
        let i = f32::from((p - 1) % 6);
        let x = match p {
            1..=6 => FIELD_X1 - POINT_W / 2.0 - i * POINT_W,
            7..=12 => BAR_X0 - POINT_W / 2.0 - i * POINT_W,
            13..=18 => BORDER + POINT_W / 2.0 + i * POINT_W,
            _ => BAR_X1 + POINT_W / 2.0 + i * POINT_W,
        };
        if self.ace_left {
            FIELD_X1 + BORDER - x
        } else {
            x
        }
    }

    /// The centre of the `i`-th man (from the edge) on point `p`.
    #[must_use]
    pub fn man_pos(&self, p: u8, i: usize) -> Pos2 {
        let step = 2.0 * MAN_R * (i.min(MAX_SHOWN - 1) as f32);
        let x = self.point_x(p);
        if p <= 12 {
            pos2(x, SIZE.y - BORDER - MAN_R - step)
        } else {
            pos2(x, BORDER + MAN_R + step)
        }
    }

    fn bar_pos(&self, side: Side, i: usize) -> Pos2 {
        let x = (BAR_X0 + BAR_X1) / 2.0;
        let step = 2.0 * MAN_R * (i.min(3) as f32);
        if side == self.bottom {
            pos2(x, MID_Y + 75.0 + step)
        } else {
            pos2(x, MID_Y - 75.0 - step)
        }
    }

    /// Where the cube lies on the bar: in the middle while nobody owns it, else on its owner's
    /// half, beyond his men on the bar (never over them).
    #[must_use]
    pub fn cube_rect(&self) -> Option<Rect> {
        let cube = self.cube?;
        let size = vec2(40.0, 40.0);
        let x = (BAR_X0 + BAR_X1) / 2.0;
        let Some(owner) = cube.owner else {
            return Some(Rect::from_center_size(pos2(x, MID_Y), size));
        };
        let on_bar = self.count(Place::Bar(owner), owner);
        // Past the last man drawn on the bar (at most four are drawn), with a little room.
        let from_mid = match on_bar {
            0 | 1 => 150.0,
            n => 75.0 + 2.0 * MAN_R * ((n - 1).min(3) as f32) + MAN_R + 4.0 + size.y / 2.0,
        };
        let y = if owner == self.bottom {
            MID_Y + from_mid
        } else {
            MID_Y - from_mid
        };
        Some(Rect::from_center_size(pos2(x, y), size))
    }

    pub(crate) fn tray_rect(&self, side: Side) -> Rect {
        if side == self.bottom {
            Rect::from_min_max(pos2(TRAY_X0, 440.0), pos2(TRAY_X1, SIZE.y - BORDER))
        } else {
            Rect::from_min_max(pos2(TRAY_X0, BORDER), pos2(TRAY_X1, 260.0))
        }
    }

    /// How many men of `side` the board draws at `place` (those in flight left out).
    #[must_use]
    pub fn count(&self, place: Place, side: Side) -> usize {
        let mine = side == self.bottom;
        let n = match place {
            Place::Point(p) => {
                let n = self.position.at(usize::from(p));
                usize::from(if mine { n.max(0) } else { (-n).max(0) }.unsigned_abs())
            }
            Place::Bar(s) if s == side && mine => usize::from(self.position.bar()),
            Place::Bar(s) if s == side => usize::from(self.position.adversary_bar()),
            Place::Tray(s) if s == side && mine => usize::from(self.position.off()),
            Place::Tray(s) if s == side => usize::from(self.position.adversary_off()),
            _ => 0,
        };
        let hidden = self.hidden.iter().filter(|&&h| h == (place, side)).count();
        n.saturating_sub(hidden)
    }

    /// Where the `i`-th man (from the edge) stands at `place`: on a point, on the bar, or
    /// edge-on in a tray.
    #[must_use]
    pub fn slot(&self, place: Place, i: usize) -> Pos2 {
        match place {
            Place::Point(p) => self.man_pos(p, i),
            Place::Bar(s) => self.bar_pos(s, i),
            Place::Tray(s) => {
                let tray = self.tray_rect(s);
                let y = if s == self.bottom {
                    tray.max.y - 8.0 - 15.0 * i as f32
                } else {
                    tray.min.y + 8.0 + 15.0 * i as f32
                };
                pos2(tray.center().x, y)
            }
            Place::Cup(_) | Place::Die(_) => self.centre_of(place),
        }
    }

    /// The rectangle of a side's dice cup.
    #[must_use]
    pub fn cup_rect(&self, side: Side) -> Rect {
        let c = if side == self.bottom {
            pos2(890.0, 395.0)
        } else {
            pos2(890.0, 305.0)
        };
        Rect::from_center_size(c, vec2(56.0, 60.0))
    }

    /// Where a side's dice come to rest: the table on its right hand, side by side.
    #[must_use]
    pub fn dice_rest(side_is_bottom: bool, index: usize, count: usize) -> Pos2 {
        let spacing = 56.0;
        let centre_x = if side_is_bottom { 620.0 } else { 200.0 };
        pos2(
            centre_x + (index as f32 - (count as f32 - 1.0) / 2.0) * spacing,
            MID_Y,
        )
    }

    fn point_rect_of(&self, p: u8) -> Rect {
        let x = self.point_x(p);
        let (y0, y1) = if p <= 12 {
            (SIZE.y - BORDER - POINT_LEN, SIZE.y - BORDER)
        } else {
            (BORDER, BORDER + POINT_LEN)
        };
        Rect::from_min_max(pos2(x - POINT_W / 2.0, y0), pos2(x + POINT_W / 2.0, y1))
    }

    /// The rectangle of a place, in board units: what a click on it covers, and what the
    /// keyboard's focus ring goes round.
    #[must_use]
    pub fn rect_of(&self, place: Place) -> Rect {
        match place {
            Place::Point(p) => self.point_rect_of(p),
            Place::Bar(side) => {
                let (y0, y1) = if side == self.bottom {
                    (MID_Y + 40.0, SIZE.y - BORDER)
                } else {
                    (BORDER, MID_Y - 40.0)
                };
                Rect::from_min_max(pos2(BAR_X0, y0), pos2(BAR_X1, y1))
            }
            Place::Tray(side) => self.tray_rect(side),
            Place::Cup(side) => self.cup_rect(side),
            Place::Die(_) => Rect::from_center_size(
                self.centre_of(place),
                Vec2::splat(dice_view::DIE_SIZE + 6.0),
            ),
        }
    }

    /// The place under a point of the board, if any.
    #[must_use]
    pub fn place_at(&self, at: Pos2) -> Option<Place> {
        for (i, die) in self.dice.iter().enumerate() {
            if Rect::from_center_size(die.at, Vec2::splat(dice_view::DIE_SIZE + 6.0)).contains(at) {
                return Some(Place::Die(i));
            }
        }
        for side in Side::BOTH {
            if self.cup_rect(side).expand(4.0).contains(at) {
                return Some(Place::Cup(side));
            }
            if self.tray_rect(side).contains(at) {
                return Some(Place::Tray(side));
            }
        }
        if (BAR_X0..=BAR_X1).contains(&at.x) && (BORDER..=SIZE.y - BORDER).contains(&at.y) {
            return Some(Place::Bar(if at.y > MID_Y {
                self.bottom
            } else {
                self.top()
            }));
        }
        (1..=24u8)
            .find(|&p| {
                let r = self.point_rect_of(p);
                // The half of the field nearest the point's base belongs to it.
                let half = if p <= 12 {
                    Rect::from_min_max(pos2(r.min.x, MID_Y), r.max)
                } else {
                    Rect::from_min_max(r.min, pos2(r.max.x, MID_Y))
                };
                half.contains(at)
            })
            .map(Place::Point)
    }

    /// Lays out and paints the board in the space given, and reports what the pointer did.
    pub fn show(&self, ui: &mut egui::Ui) -> (egui::Response, BoardInput, RectTransform) {
        let avail = ui.available_size();
        let scale = (avail.x / SIZE.x).min(avail.y / SIZE.y).max(0.1);
        let (response, painter) = ui.allocate_painter(avail, Sense::click_and_drag());
        let screen = Rect::from_center_size(response.rect.center(), SIZE * scale);
        let to_screen = RectTransform::from_to(Rect::from_min_size(Pos2::ZERO, SIZE), screen);
        let from_screen = to_screen.inverse();
        self.paint(&painter, &to_screen);

        let place_of = |p: Option<Pos2>| p.and_then(|p| self.place_at(from_screen * p));
        let mut input = BoardInput {
            hovered: place_of(response.hover_pos()),
            ..BoardInput::default()
        };
        if response.clicked() {
            input.clicked = place_of(response.interact_pointer_pos());
        }
        if response.drag_started() {
            // Where the press began: a quick hand may be a point further on when the drag is
            // known to be one.
            input.drag_started = place_of(ui.ctx().input(|i| i.pointer.press_origin()));
        }
        if response.drag_stopped() {
            input.dropped_on = place_of(ui.ctx().input(|i| i.pointer.latest_pos()));
        }
        (response, input, to_screen)
    }

    /// The name written beside point `pt` (in the bottom side's numbering), and where (board
    /// units, in the frame at the point's base): its owner's name for it ([`PointName`]), or
    /// the bottom side's number when the view asks for numbers.
    #[must_use]
    pub fn point_label(&self, pt: u8) -> (Pos2, String) {
        let y = if pt <= 12 {
            SIZE.y - BORDER / 2.0
        } else {
            BORDER / 2.0
        };
        let label = if !self.labels {
            String::new()
        } else if self.numbers {
            pt.to_string()
        } else {
            PointName::named(pt, self.naming).label()
        };
        (pos2(self.point_x(pt), y), label)
    }

    /// The middle of a place, in board units: where a click lands on it.
    #[must_use]
    pub fn centre_of(&self, place: Place) -> Pos2 {
        match place {
            Place::Point(p) => {
                let r = self.point_rect_of(p);
                if p <= 12 {
                    pos2(r.center().x, r.max.y - 60.0)
                } else {
                    pos2(r.center().x, r.min.y + 60.0)
                }
            }
            Place::Bar(side) => self.bar_pos(side, 0),
            Place::Tray(side) => self.tray_rect(side).center(),
            Place::Cup(side) => self.cup_rect(side).center(),
            Place::Die(i) => self.dice.get(i).map_or(pos2(0.0, 0.0), |d| d.at),
        }
    }

    /// Paints the whole board through `to_screen`, in the look chosen.
    pub fn paint(&self, painter: &Painter, to_screen: &RectTransform) {
        match self.look {
            Look::Plain => self.paint_plain_box(painter, to_screen),
            Look::Period => period::board::paint_box(self, painter, to_screen),
        }
        self.paint_men_and_dice(painter, to_screen);
    }

    /// The plain box: flat wood, two-coloured points with their names, and the tray.
    pub fn paint_plain_box(&self, painter: &Painter, to_screen: &RectTransform) {
        let s = to_screen.scale().x;
        let r = |rect: Rect| to_screen.transform_rect(rect);
        let p = |pos: Pos2| to_screen * pos;

        // The box: frame, the two tables, the hinge (bar), the tray.
        painter.rect_filled(
            r(Rect::from_min_max(
                pos2(0.0, 0.0),
                pos2(FIELD_X1 + BORDER, SIZE.y),
            )),
            CornerRadius::same((6.0 * s) as u8),
            theme::FRAME_WOOD,
        );
        painter.rect_stroke(
            r(Rect::from_min_max(
                pos2(0.0, 0.0),
                pos2(FIELD_X1 + BORDER, SIZE.y),
            )),
            CornerRadius::same((6.0 * s) as u8),
            Stroke::new(2.0 * s, theme::FRAME_EDGE),
            StrokeKind::Inside,
        );
        for (x0, x1) in [(BORDER, BAR_X0), (BAR_X1, FIELD_X1)] {
            let field = Rect::from_min_max(pos2(x0, BORDER), pos2(x1, SIZE.y - BORDER));
            painter.rect_filled(r(field), CornerRadius::ZERO, theme::FIELD_WOOD);
            // A little grain in the wood.
            for k in 0..14 {
                let y = BORDER + 23.0 + 47.0 * k as f32 + if k % 2 == 0 { 0.0 } else { 9.0 };
                painter.line_segment(
                    [p(pos2(x0 + 4.0, y)), p(pos2(x1 - 4.0, y + 3.0))],
                    Stroke::new(1.2 * s, theme::FIELD_GRAIN),
                );
            }
            painter.rect_stroke(
                r(field),
                CornerRadius::ZERO,
                Stroke::new(1.5 * s, theme::FRAME_EDGE),
                StrokeKind::Outside,
            );
        }
        painter.rect_filled(
            r(Rect::from_min_max(
                pos2(BAR_X0, BORDER),
                pos2(BAR_X1, SIZE.y - BORDER),
            )),
            CornerRadius::ZERO,
            theme::BAR_WOOD,
        );
        // Hinges.
        for y in [120.0, SIZE.y - 120.0] {
            painter.rect_filled(
                r(Rect::from_center_size(
                    pos2((BAR_X0 + BAR_X1) / 2.0, y),
                    vec2(30.0, 46.0),
                )),
                CornerRadius::same((3.0 * s) as u8),
                Color32::from_rgb(150, 120, 70),
            );
        }
        let tray_box = Rect::from_min_max(
            pos2(TRAY_X0 - 6.0, BORDER - 6.0),
            pos2(TRAY_X1 + 6.0, SIZE.y - BORDER + 6.0),
        );
        painter.rect_filled(
            r(tray_box),
            CornerRadius::same((5.0 * s) as u8),
            theme::FRAME_WOOD,
        );
        for side in Side::BOTH {
            painter.rect_filled(
                r(self.tray_rect(side)),
                CornerRadius::same((3.0 * s) as u8),
                theme::TRAY_WOOD,
            );
        }

        // The points, painted in two colours, with their names.
        let font = label_font(label_size(s, painter.ctx().zoom_factor()));
        for pt in 1..=24u8 {
            let x = self.point_x(pt);
            let (base, tip) = if pt <= 12 {
                (SIZE.y - BORDER, SIZE.y - BORDER - POINT_LEN)
            } else {
                (BORDER, BORDER + POINT_LEN)
            };
            let colour = if pt % 2 == 0 {
                theme::POINT_RED
            } else {
                theme::POINT_GREEN
            };
            let tri = vec![
                p(pos2(x - POINT_W / 2.0 + 2.0, base)),
                p(pos2(x + POINT_W / 2.0 - 2.0, base)),
                p(pos2(x, tip)),
            ];
            painter.add(Shape::convex_polygon(
                tri.clone(),
                colour,
                Stroke::new(1.0 * s, theme::FRAME_EDGE),
            ));
            if self.targets.contains(&Place::Point(pt)) {
                painter.add(Shape::convex_polygon(
                    tri.clone(),
                    theme::HIGHLIGHT,
                    Stroke::new(2.5 * s, theme::SELECTED),
                ));
            }
            if self.choosable.contains(&Place::Point(pt)) {
                painter.add(Shape::closed_line(
                    tri,
                    Stroke::new(3.0 * s, theme::SELECTED),
                ));
            }
            let (at, label) = self.point_label(pt);
            painter.text(
                p(at),
                Align2::CENTER_CENTER,
                label,
                font.clone(),
                theme::LABEL_INK,
            );
        }
    }

    /// The men, the cups, the cube and the dice, over the box.
    fn paint_men_and_dice(&self, painter: &Painter, to_screen: &RectTransform) {
        let s = to_screen.scale().x;
        let r = |rect: Rect| to_screen.transform_rect(rect);
        let p = |pos: Pos2| to_screen * pos;
        // The men on the points.
        for pt in 1..=24u8 {
            let side = if self.position.at(usize::from(pt)) > 0 {
                self.bottom
            } else {
                self.top()
            };
            let count = self.count(Place::Point(pt), side);
            for i in 0..count.min(MAX_SHOWN) {
                let label = (i == MAX_SHOWN - 1 && count > MAX_SHOWN).then_some(count);
                let selected =
                    self.selected == Some(Place::Point(pt)) && i + 1 == count.min(MAX_SHOWN);
                self.look.paint_man(
                    painter,
                    p(self.man_pos(pt, i)),
                    MAN_R * s,
                    self.colour_of(side),
                    label,
                    selected,
                );
            }
        }
        // The men on the bar.
        for side in Side::BOTH {
            let count = self.count(Place::Bar(side), side);
            for i in 0..count.min(4) {
                let label = (i == 3 && count > 4).then_some(count);
                let selected = self.selected == Some(Place::Bar(side)) && i + 1 == count.min(4);
                self.look.paint_man(
                    painter,
                    p(self.bar_pos(side, i)),
                    MAN_R * s,
                    self.colour_of(side),
                    label,
                    selected,
                );
            }
            if self.choosable.contains(&Place::Tray(side))
                || self.choosable.contains(&Place::Bar(side))
            {
                let rect = if self.choosable.contains(&Place::Tray(side)) {
                    self.tray_rect(side)
                } else {
                    Rect::from_center_size(
                        self.bar_pos(side, 0),
                        vec2(2.0 * MAN_R + 6.0, 2.0 * MAN_R + 6.0),
                    )
                };
                painter.rect_stroke(
                    r(rect),
                    CornerRadius::same((3.0 * s) as u8),
                    Stroke::new(3.0 * s, theme::SELECTED),
                    StrokeKind::Outside,
                );
            }
            if self.targets.contains(&Place::Tray(side)) {
                painter.rect_filled(
                    r(self.tray_rect(side)),
                    CornerRadius::same((3.0 * s) as u8),
                    theme::HIGHLIGHT,
                );
                painter.rect_stroke(
                    r(self.tray_rect(side)),
                    CornerRadius::same((3.0 * s) as u8),
                    Stroke::new(2.5 * s, theme::SELECTED),
                    StrokeKind::Inside,
                );
            }
            // Men borne off: seen edge-on, stacked in the tray.
            let off = self.count(Place::Tray(side), side);
            for i in 0..off {
                let at = self.slot(Place::Tray(side), i);
                self.look
                    .paint_off(painter, to_screen, at, self.colour_of(side));
            }
        }

        // The cups, the cube and the dice.
        for side in Side::BOTH {
            let (rect, colour) = (r(self.cup_rect(side)), self.colour_of(side));
            let (lit, mouth_up) = (self.turn == Some(side), side == self.bottom);
            self.look
                .paint_cup(painter, rect, colour, lit, mouth_up, self.cup_tip);
        }
        if let (Some(cube), Some(rect)) = (self.cube, self.cube_rect()) {
            painter.rect_filled(
                r(rect),
                CornerRadius::same((5.0 * s) as u8),
                theme::DIE_IVORY,
            );
            painter.rect_stroke(
                r(rect),
                CornerRadius::same((5.0 * s) as u8),
                Stroke::new(1.5 * s, theme::DIE_PIP),
                StrokeKind::Inside,
            );
            let face = if cube.value == 1 { 64 } else { cube.value };
            painter.text(
                p(rect.center()),
                Align2::CENTER_CENTER,
                face.to_string(),
                FontId::proportional(20.0 * s),
                theme::DIE_PIP,
            );
        }
        for die in &self.dice {
            self.look.paint_die(painter, to_screen, die);
        }
    }
}

impl Marked for BoardView {
    fn point_rect(&self, p: u8) -> Rect {
        self.point_rect_of(p)
    }

    fn point_label(&self, p: u8) -> (Pos2, String) {
        BoardView::point_label(self, p)
    }

    fn is_target(&self, place: Place) -> bool {
        self.targets.contains(&place)
    }

    fn is_choosable(&self, place: Place) -> bool {
        self.choosable.contains(&place)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(position: &str, cube: Option<Cube>, bottom: Side) -> BoardView {
        BoardView {
            position: position.parse().unwrap(),
            bottom,
            colours: [Colour::White, Colour::Black],
            ace_left: false,
            numbers: false,
            labels: true,
            naming: Naming::Homeward,
            selected: None,
            targets: Vec::new(),
            choosable: Vec::new(),
            dice: Vec::new(),
            cube,
            turn: None,
            hidden: Vec::new(),
            look: Look::Period,
            cup_tip: None,
        }
    }

    #[test]
    fn the_cube_never_lies_over_its_owners_men_on_the_bar() {
        for bottom in Side::BOTH {
            for owner in Side::BOTH {
                for on_bar in 0..=5u8 {
                    // Given the owner of the cube with men on the bar (the position seen from
                    // the side at the bottom)
                    let rest = 15 - on_bar;
                    let position = if owner == bottom {
                        format!("bar:{on_bar} 6:{rest} / 6:15")
                    } else {
                        format!("6:15 / bar:{on_bar} 6:{rest}")
                    };
                    let cube = Cube {
                        value: 2,
                        owner: Some(owner),
                    };
                    let view = board(&position, Some(cube), bottom);
                    let rect = view.cube_rect().unwrap();
                    // Then the cube touches none of the men drawn there, and stays on the board
                    for i in 0..usize::from(on_bar) {
                        let man = Rect::from_center_size(
                            view.slot(Place::Bar(owner), i),
                            vec2(2.0 * MAN_R, 2.0 * MAN_R),
                        );
                        assert!(
                            !man.intersects(rect),
                            "{on_bar} on the bar, man {i} at {man:?}, cube at {rect:?}"
                        );
                    }
                    assert!(rect.min.y >= BORDER && rect.max.y <= SIZE.y - BORDER);
                    // And on its owner's half
                    assert_eq!(rect.center().y > MID_Y, owner == bottom);
                }
            }
        }
    }
}
