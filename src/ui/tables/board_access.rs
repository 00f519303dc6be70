//! The board to the keyboard and to a screen reader. Each place (a point, a bar, a tray, a dice
//! box, a die) is a node of the accessibility tree, named in the period words
//! ([`crate::ui::tables::tooltips::Spoken`]), that takes the screen reader's click exactly as a click of
//! the mouse there. The keyboard's focus walks along the same places in the order of play, and
//! Enter or Space on one is a click on it: the person's hands (the `Hands` of `input`) say
//! what that click means, as they do for the mouse, so the rules are asked in one place.

use egui::emath::RectTransform;
use egui::{CornerRadius, Id, Key, Modifiers, Painter, Stroke, StrokeKind};

use crate::tables::Side;
use crate::ui::access;
use crate::ui::tables::board_view::{BoardView, Place};
use crate::ui::tables::orientation::Orientation;

/// The most dice the board shows at once (Double-hand's two throws of doublets, played four
/// times, fit well under it).
pub const MOST_DICE: usize = 8;

/// The colour of the keyboard's focus ring: a clear blue that no wood, man or light of the
/// board uses, so it is seen on every look.
pub const FOCUS: egui::Color32 = egui::Color32::from_rgb(40, 120, 255);

/// The id of a place's node: the same every frame, so the focus stays on it.
#[must_use]
pub fn id_of(place: Place) -> Id {
    Id::unique("gamester board place").with(place)
}

/// The id of the board's own node, the parent of the places.
#[must_use]
pub fn board_id() -> Id {
    Id::unique("gamester board")
}

/// Every place the board may show, dice up to [`MOST_DICE`].
fn every_place() -> impl Iterator<Item = Place> {
    (1..=24u8)
        .map(Place::Point)
        .chain(
            Side::BOTH
                .into_iter()
                .flat_map(|s| [Place::Bar(s), Place::Tray(s), Place::Cup(s)]),
        )
        .chain((0..MOST_DICE).map(Place::Die))
}

/// The place that has the keyboard's focus, if one has.
#[must_use]
pub fn focused(ctx: &egui::Context) -> Option<Place> {
    let id = ctx.memory(egui::Memory::focused)?;
    every_place().find(|&p| id_of(p) == id)
}

/// The places in the order of play of `mover`: his bar, his points from his 24 down to his ace,
/// his tray; then the other side's tray and bar, the two dice boxes (his first) and the `dice`
/// shown.
#[must_use]
pub fn in_order(view: Orientation, mover: Side, dice: usize) -> Vec<Place> {
    let mut out = vec![Place::Bar(mover)];
    out.extend((1..=24u8).rev().map(|p| view.mover_to_bottom(mover, p)));
    out.extend([
        Place::Tray(mover),
        Place::Tray(mover.other()),
        Place::Bar(mover.other()),
        Place::Cup(mover),
        Place::Cup(mover.other()),
    ]);
    out.extend((0..dice.min(MOST_DICE)).map(Place::Die));
    out
}

/// The next place of `order` after `from` (before it, unless `onward`) among those `wanted`,
/// going round; from no place, the first (or the last) wanted.
#[must_use]
pub fn next(
    order: &[Place],
    from: Option<Place>,
    onward: bool,
    wanted: impl Fn(Place) -> bool,
) -> Option<Place> {
    let n = order.len();
    if n == 0 {
        return None;
    }
    let start = from.and_then(|f| order.iter().position(|&p| p == f));
    (1..=n)
        .map(|k| match (start, onward) {
            (Some(s), true) => (s + k) % n,
            (Some(s), false) => (s + n - k) % n,
            (None, true) => k - 1,
            (None, false) => n - k,
        })
        .map(|i| order[i])
        .find(|&p| wanted(p))
}

/// What a key on the board asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKey {
    /// Enter or Space on a place: a click there.
    Press(Place),
    /// The focus to this place.
    Focus(Place),
    /// Escape with a man picked up: put him down.
    PutDown,
    /// Escape with no man picked up: the focus leaves the board.
    Leave,
}

/// The board's keys this frame, while the board has the keys: the arrows walk the places
/// (Right and Left one place on or back in the order of play, Down and Up to the next or the
/// last place where a click does something, `live`), and Enter or Space press the place with
/// the focus. `space`: Space is the board's (not the throw's) now.
#[must_use]
pub fn keys(
    ctx: &egui::Context,
    order: &[Place],
    live: &[Place],
    picked: bool,
    space: bool,
) -> Vec<BoardKey> {
    let at = focused(ctx);
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        let plain = Modifiers::NONE;
        let is_live = |p: Place| live.contains(&p);
        let mut walk = |key: Key, onward: bool, only_live: bool| {
            if i.consume_key(plain, key) {
                let to = if only_live {
                    next(order, at, onward, is_live)
                } else {
                    next(order, at, onward, |_| true)
                };
                // With nothing live, Down and Up still bring the focus onto the board.
                let to = to.or_else(|| next(order, at, onward, |_| true));
                if let Some(to) = to {
                    out.push(BoardKey::Focus(to));
                }
            }
        };
        walk(Key::ArrowRight, true, false);
        walk(Key::ArrowLeft, false, false);
        walk(Key::ArrowDown, true, true);
        walk(Key::ArrowUp, false, true);
        let Some(at) = at else {
            return;
        };
        if i.consume_key(plain, Key::Enter) || (space && i.consume_key(plain, Key::Space)) {
            out.push(BoardKey::Press(at));
        }
        if i.consume_key(plain, Key::Escape) {
            out.push(if picked {
                BoardKey::PutDown
            } else {
                BoardKey::Leave
            });
        }
    });
    out
}

/// Moves the keyboard's focus as `key` asks (a press or a put-down is the caller's).
pub fn follow(ctx: &egui::Context, key: BoardKey) {
    match key {
        BoardKey::Focus(place) => access::take_focus(ctx, id_of(place)),
        BoardKey::Leave => {
            if let Some(place) = focused(ctx) {
                ctx.memory_mut(|m| m.surrender_focus(id_of(place)));
            }
        }
        BoardKey::Press(_) | BoardKey::PutDown => {}
    }
}

/// Makes the board and its places nodes of the accessibility tree, each named by `name` (and
/// described, when it has the focus, by `describe`), and returns the places the screen reader
/// clicked this frame (see [`crate::ui::access::nodes`]). `focusable`: whether the places may
/// take the keys (not while a window asks something over the board).
pub fn nodes(
    ui: &mut egui::Ui,
    (board, focusable): (&BoardView, bool),
    board_rect: egui::Rect,
    to_screen: &RectTransform,
    order: &[Place],
    name: &dyn Fn(Place) -> String,
    describe: &dyn Fn(Place) -> String,
) -> Vec<Place> {
    let spots: Vec<access::Spot<Place>> = order
        .iter()
        .map(|&place| access::Spot {
            place,
            id: id_of(place),
            rect: to_screen.transform_rect(board.rect_of(place)),
        })
        .collect();
    access::nodes(
        ui,
        (board_id(), "The board", board_rect),
        &spots,
        name,
        Some(describe),
        (true, focusable),
    )
}

/// Rings the place with the keyboard's focus, if one has it.
pub fn paint_focus(
    ctx: &egui::Context,
    painter: &Painter,
    board: &BoardView,
    to_screen: &RectTransform,
) {
    if let Some(place) = focused(ctx) {
        let s = to_screen.scale().x;
        let rect = to_screen.transform_rect(board.rect_of(place).expand(3.0));
        painter.rect_stroke(
            rect,
            CornerRadius::same((4.0 * s) as u8),
            Stroke::new((4.0 * s).max(2.0), FOCUS),
            StrokeKind::Outside,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(bottom: Side) -> Orientation {
        Orientation {
            bottom,
            ace_left: false,
            numbers: false,
        }
    }

    #[test]
    fn the_order_of_play_runs_from_the_bar_down_to_the_ace_point_and_off() {
        // For the side at the bottom, his 24 point is drawn as point 24
        let order = in_order(view(Side::White), Side::White, 2);
        assert_eq!(order[0], Place::Bar(Side::White));
        assert_eq!(order[1], Place::Point(24));
        assert_eq!(order[24], Place::Point(1));
        assert_eq!(order[25], Place::Tray(Side::White));
        assert_eq!(order.len(), 1 + 24 + 5 + 2);
        // For the side at the top, his 24 point is the bottom side's ace point
        let order = in_order(view(Side::White), Side::Black, 0);
        assert_eq!(order[1], Place::Point(1));
        assert_eq!(order[24], Place::Point(24));
        assert_eq!(order[25], Place::Tray(Side::Black));
    }

    #[test]
    fn every_place_is_once_in_the_order_and_has_its_own_id() {
        let order = in_order(view(Side::Black), Side::White, MOST_DICE);
        let ids: std::collections::HashSet<Id> = order.iter().map(|&p| id_of(p)).collect();
        assert_eq!(ids.len(), order.len());
        assert_eq!(order.len(), every_place().count());
    }

    #[test]
    fn the_next_place_goes_round_and_skips_what_is_not_wanted() {
        let order = [Place::Point(3), Place::Point(2), Place::Point(1)];
        let all = |_| true;
        assert_eq!(
            next(&order, Some(Place::Point(1)), true, all),
            Some(Place::Point(3))
        );
        assert_eq!(
            next(&order, Some(Place::Point(3)), false, all),
            Some(Place::Point(1))
        );
        assert_eq!(next(&order, None, true, all), Some(Place::Point(3)));
        assert_eq!(next(&order, None, false, all), Some(Place::Point(1)));
        let only_two = |p| p == Place::Point(2);
        assert_eq!(
            next(&order, Some(Place::Point(2)), true, only_two),
            Some(Place::Point(2))
        );
        assert_eq!(next(&order, None, true, |_| false), None);
    }
}
