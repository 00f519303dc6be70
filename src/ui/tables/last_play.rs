//! The last play, kept on the board until the next throw: the dice the side played, left on its
//! side of the table, and where each man came from and went to, marked on the points. A player
//! who looked away, or was hit, sees what happened without reading the story. Gathered from the
//! game's events; pure but for its painting.

use egui::emath::RectTransform;
use egui::{Color32, CornerRadius, Painter, Rect, Stroke, StrokeKind, vec2};

use crate::tables::{Event, Side, Step};
use crate::ui::tables::board_view::{BoardView, MAN_R, Place};
use crate::ui::tables::orientation::Orientation;

/// A step of the last play, in the mover's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub side: Side,
    pub step: Step,
    pub hit: bool,
}

/// The last throw and what was played of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastPlay {
    /// The side that threw, and its dice.
    throw: Option<(Side, Vec<u8>)>,
    /// The steps played of the throw so far, in order.
    marks: Vec<Mark>,
    /// Whether the play is over: the dice lifted, or nothing could be played.
    done: bool,
    /// Whether the dice were lifted after a play (not forfeit).
    played: bool,
}

/// The ring where a man left: faint, so the point stays readable. Blue, not the gold of the
/// man picked up and the points he may reach, so the last play is never taken for a choice.
const LEFT: Color32 = Color32::from_rgba_premultiplied(40, 80, 110, 140);
/// The ring round a man who landed.
const LANDED: Color32 = Color32::from_rgb(70, 160, 225);
/// The ring round a man who landed on a blot and hit it.
const HIT: Color32 = Color32::from_rgb(220, 60, 40);

impl LastPlay {
    /// Notes what the events tell: a throw starts afresh, a step is marked (or taken back), the
    /// dice lifted end the play; a throw-off forgets the last play.
    pub fn note(&mut self, events: &[Event]) {
        for event in events {
            match event {
                Event::Threw { side, throw } => {
                    *self = LastPlay {
                        throw: Some((*side, throw.faces().to_vec())),
                        ..LastPlay::default()
                    };
                }
                Event::ThrowChosen { side, throw } => {
                    self.throw = Some((*side, throw.faces().to_vec()));
                }
                Event::Moved { side, step, hit } => self.marks.push(Mark {
                    side: *side,
                    step: *step,
                    hit: *hit,
                }),
                Event::StepUndone { .. } => {
                    self.marks.pop();
                }
                Event::Played { .. } => {
                    self.done = true;
                    self.played = true;
                }
                Event::Forfeited { side, throw } => {
                    *self = LastPlay {
                        throw: Some((*side, throw.faces().to_vec())),
                        done: true,
                        ..LastPlay::default()
                    };
                }
                Event::ThrewOff { .. } | Event::BreakThrewOff { .. } => self.forget(),
                _ => {}
            }
        }
    }

    /// Forgets the last play (a new game, another game opened).
    pub fn forget(&mut self) {
        *self = LastPlay::default();
    }

    /// The steps of the last play (or of the play being made), in order.
    #[must_use]
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The dice of a play that is over, to leave on the side's table until the next throw:
    /// the side, the faces, and whether they were played.
    #[must_use]
    pub fn dice(&self) -> Option<(Side, &[u8], bool)> {
        let (side, faces) = self.throw.as_ref()?;
        self.done.then_some((*side, faces.as_slice(), self.played))
    }

    /// Paints the marks over `board`: a faint ring where each man stood, and a ring round each
    /// man where he landed (red when he hit a blot).
    pub fn paint(
        &self,
        board: &BoardView,
        view: Orientation,
        painter: &Painter,
        to_screen: &RectTransform,
    ) {
        let s = to_screen.scale().x;
        // How many marks each place has had: several men leaving or landing on one point
        // are marked one above another.
        let mut left: Vec<(Place, Side)> = Vec::new();
        let mut landed: Vec<(Place, Side)> = Vec::new();
        for mark in &self.marks {
            let from = view.mover_to_bottom(mark.side, mark.step.from());
            let to = view.mover_to_bottom(mark.side, mark.step.to());
            let gone = left.iter().filter(|&&l| l == (from, mark.side)).count();
            left.push((from, mark.side));
            let at = board.slot(from, board.count(from, mark.side) + gone);
            painter.circle_stroke(
                to_screen * at,
                (MAN_R - 2.0) * s,
                Stroke::new(2.5 * s, LEFT),
            );
            let earlier = landed.iter().filter(|&&l| l == (to, mark.side)).count();
            landed.push((to, mark.side));
            let index = board.count(to, mark.side).saturating_sub(1 + earlier);
            let at = board.slot(to, index);
            let colour = if mark.hit { HIT } else { LANDED };
            if matches!(to, Place::Tray(_)) {
                painter.rect_stroke(
                    to_screen.transform_rect(Rect::from_center_size(at, vec2(98.0, 16.0))),
                    CornerRadius::same((4.0 * s) as u8),
                    Stroke::new(2.0 * s, colour),
                    StrokeKind::Outside,
                );
            } else {
                painter.circle_stroke(
                    to_screen * at,
                    (MAN_R + 1.0) * s,
                    Stroke::new(3.0 * s, colour),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Throw;

    fn moved(from: u8, die: u8, hit: bool) -> Event {
        Event::Moved {
            side: Side::Black,
            step: Step::new(from, die).unwrap(),
            hit,
        }
    }

    fn threw(side: Side, a: u8, b: u8) -> Event {
        Event::Threw {
            side,
            throw: Throw::two(a, b).unwrap(),
        }
    }

    #[test]
    fn the_play_stays_marked_with_its_dice_until_the_next_throw() {
        let mut last = LastPlay::default();
        last.note(&[threw(Side::Black, 6, 5), moved(13, 6, false)]);
        assert_eq!(last.marks().len(), 1);
        assert_eq!(last.dice(), None, "the dice are still in play");
        last.note(&[
            moved(24, 5, true),
            Event::Played {
                side: Side::Black,
                steps: Vec::new(),
            },
        ]);
        assert_eq!(last.marks().len(), 2);
        assert!(last.marks()[1].hit);
        assert_eq!(last.dice(), Some((Side::Black, &[6, 5][..], true)));
        last.note(&[threw(Side::White, 2, 1)]);
        assert!(last.marks().is_empty());
        assert_eq!(last.dice(), None);
    }

    #[test]
    fn a_step_taken_back_loses_its_mark() {
        let mut last = LastPlay::default();
        last.note(&[threw(Side::Black, 6, 5), moved(13, 6, false)]);
        last.note(&[Event::StepUndone {
            side: Side::Black,
            step: Step::new(13, 6).unwrap(),
        }]);
        assert!(last.marks().is_empty());
    }

    #[test]
    fn a_forfeit_leaves_its_dice_unplayed() {
        let mut last = LastPlay::default();
        let throw = Throw::two(6, 6).unwrap();
        last.note(&[Event::Forfeited {
            side: Side::White,
            throw,
        }]);
        assert_eq!(last.dice(), Some((Side::White, &[6, 6][..], false)));
    }
}
