//! The play made and the best play of a decision in the analysis, drawn over the board as it
//! stood before the play: each man's path from where he stood to where he went, the play made
//! in one ink and the best in another, bowed to either side so that where the two agree both
//! still show. The board beneath is untouched: the men stand as before the play.

use egui::emath::RectTransform;
use egui::epaint::QuadraticBezierShape;
use egui::{Color32, Painter, Pos2, Stroke, Vec2};

use crate::tables::{Side, Step};
use crate::ui::tables::board_view::{BoardView, MAN_R, Place};
use crate::ui::tables::orientation::Orientation;

/// The ink of the play made: the blue of the last play's marks, for it is the play that was.
pub const PLAYED_INK: Color32 = Color32::from_rgb(60, 150, 225);
/// The ink of the best play: green, as the list's sign of a choice well made.
pub const BEST_INK: Color32 = Color32::from_rgb(70, 200, 90);

/// Where each step of `steps` (of `side`, in his numbering) leaves from and lands, in board
/// units: the men are counted as the steps move them, so a man carried on is taken from where
/// he landed, and men landing on one point stack.
#[must_use]
pub fn paths(
    board: &BoardView,
    view: Orientation,
    side: Side,
    steps: &[Step],
) -> Vec<(Pos2, Pos2)> {
    let mut counts: Vec<(Place, usize)> = Vec::new();
    let mut count = |place: Place, change: isize| -> usize {
        let i = match counts.iter().position(|(p, _)| *p == place) {
            Some(i) => i,
            None => {
                counts.push((place, board.count(place, side)));
                counts.len() - 1
            }
        };
        let n = counts[i].1;
        counts[i].1 = n.saturating_add_signed(change);
        n
    };
    steps
        .iter()
        .map(|step| {
            let from = view.mover_to_bottom(side, step.from());
            let to = view.mover_to_bottom(side, step.to());
            let leaving = count(from, -1).saturating_sub(1);
            let landing = count(to, 1);
            (board.slot(from, leaving), board.slot(to, landing))
        })
        .collect()
}

/// Paints the paths of `steps` in `ink`, each bowed by `bow` (board units, to the left of the
/// way he goes; negative to the right), ending in an arrowhead and a ring where he lands.
#[allow(clippy::too_many_arguments)]
pub fn paint_steps(
    board: &BoardView,
    view: Orientation,
    side: Side,
    steps: &[Step],
    ink: Color32,
    bow: f32,
    painter: &Painter,
    to_screen: &RectTransform,
) {
    let s = to_screen.scale().x;
    let stroke = Stroke::new(4.0 * s, ink);
    for (from, to) in paths(board, view, side, steps) {
        let along = to - from;
        if along.length() < 1.0 {
            continue;
        }
        let left = Vec2::new(along.y, -along.x).normalized();
        let control = from + along / 2.0 + left * bow;
        let points = [from, control, to].map(|p| to_screen * p);
        painter.add(QuadraticBezierShape::from_points_stroke(
            points,
            false,
            Color32::TRANSPARENT,
            stroke,
        ));
        // The head points along the curve's last stretch.
        let back = (control - to).normalized() * 22.0;
        for turn in [0.45_f32, -0.45] {
            let (sin, cos) = turn.sin_cos();
            let wing = Vec2::new(back.x * cos - back.y * sin, back.x * sin + back.y * cos);
            painter.line_segment([to_screen * to, to_screen * (to + wing)], stroke);
        }
        painter.circle_stroke(to_screen * to, (MAN_R - 4.0) * s, Stroke::new(2.5 * s, ink));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Seats;
    use crate::session::Session;
    use crate::tables::{Game, Rules};

    #[test]
    fn a_man_carried_on_leaves_from_where_he_landed() {
        // Given White at the bottom, at the start of a game of Irish
        let game = Game::new(Rules::default()).unwrap();
        let session = Session::resume(
            game,
            Seats::two_people(),
            Box::new(crate::tables::LoadedDice::new(&[1])),
        );
        let view = Orientation::of(session.seats(), false, false);
        let board = view.board(&session, None, Vec::new(), Vec::new());
        // When one man goes 13 to 9 and on to 5
        let steps = [Step::new(13, 4).unwrap(), Step::new(9, 4).unwrap()];
        let p = paths(&board, view, Side::White, &steps);
        // Then the second path starts where the first ended
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].1, p[1].0);
        assert_eq!(p[0].0, board.slot(Place::Point(13), 4));
        assert_eq!(p[1].1, board.slot(Place::Point(5), 0));
    }
}
