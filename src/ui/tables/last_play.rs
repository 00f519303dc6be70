//! The last play, kept on the board until the next throw: the dice the side played, left on its
//! side of the table, and where each man came from and went to, marked on the points. A player
//! who looked away, or was hit, sees what happened without reading the story. Gathered from the
//! game's events; pure but for its painting.

use egui::emath::RectTransform;
use egui::{Color32, CornerRadius, Painter, Rect, Stroke, StrokeKind, vec2};

use crate::tables::ticktack::{GOING_IN_POINT, Score, Why};
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

/// Tick-tack: the last score and how it came about, shown until the next throw: the side whose
/// throw it was (the points of `why` are his), the score and whom it went to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreMark {
    pub thrower: Side,
    pub scorer: Side,
    pub score: Score,
    pub why: Why,
}

impl ScoreMark {
    /// Where the man who hit stood and where the lone man he reached stands, with the dice
    /// taken, in the thrower's numbering: a hit, a why-not, or a hit taken when going in was
    /// open.
    #[must_use]
    pub fn hit(&self) -> Option<(u8, u8, &[u8])> {
        let reach = self.why.hit.as_ref()?;
        Some((
            u8::try_from(reach.from).ok()?,
            u8::try_from(reach.to).ok()?,
            reach.dice.as_slice(),
        ))
    }

    /// Where the men who went in, or could have, stood, and the point they went to, in the
    /// thrower's numbering.
    #[must_use]
    pub fn going_in(&self) -> Option<(Vec<u8>, u8)> {
        let steps = self.why.going_in.as_ref()?;
        let point = u8::try_from(GOING_IN_POINT).ok()?;
        let mut men: Vec<(u8, u8)> = Vec::new();
        for step in steps {
            match men.iter_mut().rev().find(|(_, at)| *at == step.from()) {
                Some(man) => man.1 = step.to(),
                None => men.push((step.from(), step.to())),
            }
        }
        let from = men
            .into_iter()
            .filter(|&(_, at)| at == point)
            .map(|(f, _)| f)
            .collect();
        Some((from, point))
    }
}

/// The last throw and what was played of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastPlay {
    /// Tick-tack: the last score, with how it came about.
    scored: Option<ScoreMark>,
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
                Event::Scored {
                    side, score, why, ..
                } => {
                    let thrower = match score {
                        Score::WhyNot | Score::MissedGoingIn => side.other(),
                        _ => *side,
                    };
                    self.scored = Some(ScoreMark {
                        thrower,
                        scorer: *side,
                        score: *score,
                        why: why.clone(),
                    });
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

    /// Tick-tack: the last score, with how it came about, until the next throw.
    #[must_use]
    pub fn scored(&self) -> Option<&ScoreMark> {
        self.scored.as_ref()
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
        if let Some(mark) = &self.scored {
            paint_score(mark, board, view, painter, to_screen);
        }
    }
}

/// Tick-tack: rings the men of the last score, as the last play's men are ringed: the man who
/// hit and the lone man he reached, with the die written by the lone man; the men who went
/// in, or could have, and the adversary's eleventh point.
fn paint_score(
    mark: &ScoreMark,
    board: &BoardView,
    view: Orientation,
    painter: &Painter,
    to_screen: &RectTransform,
) {
    let s = to_screen.scale().x;
    let top = |place: Place, side: Side| {
        let n = board.count(place, side);
        board.slot(place, n.saturating_sub(1))
    };
    let ring = |at: egui::Pos2, colour: Color32| {
        painter.circle_stroke(
            to_screen * at,
            (MAN_R + 3.0) * s,
            Stroke::new(3.5 * s, colour),
        );
    };
    let adversary = mark.thrower.other();
    if let Some((from, to, dice)) = mark.hit() {
        let hitter = view.mover_to_bottom(mark.thrower, from);
        let lone = view.mover_to_bottom(mark.thrower, to);
        ring(top(hitter, mark.thrower), HIT);
        let at = top(lone, adversary);
        ring(at, HIT);
        let words: Vec<String> = dice
            .iter()
            .map(|&d| crate::teaching::faces::face_name(d))
            .collect();
        painter.text(
            to_screen * (at + vec2(0.0, MAN_R + 6.0)),
            egui::Align2::CENTER_TOP,
            words.join(" + "),
            egui::FontId::proportional(13.0 * s),
            HIT,
        );
    }
    if matches!(mark.score, Score::GoingIn | Score::MissedGoingIn)
        && let Some((from, point)) = mark.going_in()
    {
        for f in from {
            ring(
                top(view.mover_to_bottom(mark.thrower, f), mark.thrower),
                GOING_IN,
            );
        }
        ring(
            board.slot(view.mover_to_bottom(mark.thrower, point), 0),
            GOING_IN,
        );
    }
}

/// The ring of a going in, made or let pass: gold, as the points a man may reach.
const GOING_IN: Color32 = Color32::from_rgb(230, 180, 40);

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
