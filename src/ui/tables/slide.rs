//! The men's moves shown as they happen, so a player can follow every play: each step slides the
//! man from where he stood to where he lands, a man hit then flies to the bar, and a man borne
//! off goes to the tray. The steps are queued from the game's events, never from timing, and the
//! men advance by the window's clock at most a little each frame: a play made while the window
//! was hidden or busy is still shown in full when it draws again. Each man landing is heard as
//! the eye sees him land (at once where nothing slides). Pure: the window advances it, draws
//! its frame and plays its sounds; tests need no window.

use std::collections::VecDeque;

use egui::Painter;
use egui::emath::RectTransform;

use crate::tables::movegen::play_step;
use crate::tables::{BearOff, Event, Position, Side};
use crate::ui::sound::Cue;
use crate::ui::tables::board_view::{BoardView, MAN_R, Place};
use crate::ui::tables::orientation::Orientation;

/// The most of the window's clock one frame may move the men on: after a stall (a busy
/// machine, a hidden window) they go on from where they were instead of leaping to the end.
pub const MAX_FRAME: f64 = 0.25;
/// How long a man hit takes to fly to the bar once the hitter has landed, as a share of a step.
const HIT_SHARE: f64 = 0.7;
/// A short rest after each step, as a share of a step, so that two steps of one man read as two.
const REST_SHARE: f64 = 0.2;

/// A man moving between two places (in the bottom side's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManMove {
    pub side: Side,
    pub from: Place,
    pub to: Place,
}

/// One step to show: the men as they stand after it (seen from the bottom side), the man who
/// moved, the man he hit (if any), and how long the step takes to slide.
#[derive(Clone, Debug, PartialEq)]
pub struct SlideStep {
    pub after: Position,
    pub mover: ManMove,
    pub hit: Option<ManMove>,
    pub seconds: f64,
}

impl SlideStep {
    /// The sound of the man landing: on a blot, in the tray, or on a point.
    #[must_use]
    pub fn cue(&self) -> Cue {
        match (self.hit, self.mover.to) {
            (Some(_), _) => Cue::Hit,
            (None, Place::Tray(_)) => Cue::BorneOff,
            (None, _) => Cue::SetDown,
        }
    }

    /// The whole time the step is shown: the slide, the hit man's flight, a rest.
    #[must_use]
    pub fn duration(&self) -> f64 {
        let hit = if self.hit.is_some() { HIT_SHARE } else { 0.0 };
        self.seconds * (1.0 + hit + REST_SHARE)
    }
}

/// A man in flight this frame, `t` of the way (0 to 1, eased).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flight {
    pub man: ManMove,
    pub t: f32,
}

/// What the board draws while a step slides: the men as after the step, and the men in flight
/// (each left out at his destination, drawn on the way there).
#[derive(Clone, Debug, PartialEq)]
pub struct SlideFrame {
    pub after: Position,
    pub flights: Vec<Flight>,
}

/// The steps waiting to be shown, the first being shown now.
#[derive(Clone, Debug, Default)]
pub struct Slides {
    queue: VecDeque<SlideStep>,
    /// How long the first step has been shown, in seconds.
    shown_for: f64,
    /// The window's clock at the last frame that advanced the men.
    last_now: Option<f64>,
    /// Whether the first step's man has landed (and been heard).
    first_landed: bool,
    /// The sounds of the men landed since the window last took them.
    landed: Vec<Cue>,
}

/// Whether an input event ends the men's slide: any key or button pressed.
#[must_use]
pub fn skips(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::Key { pressed: true, .. } | egui::Event::PointerButton { pressed: true, .. }
    )
}

/// The position seen from `side`, from a position seen from White (and back again).
fn seen_from(position: Position, side: Side) -> Position {
    match side {
        Side::White => position,
        Side::Black => position.switched(),
    }
}

/// Slow at both ends, as a hand moves a man.
fn ease(t: f64) -> f32 {
    let t = t.clamp(0.0, 1.0);
    (t * t * (3.0 - 2.0 * t)) as f32
}

impl Slides {
    /// Queues the steps of `events`, which the game gave from the position `before` (seen from
    /// White): each step is played from there by the engine's own `play_step`, which says where
    /// the man lands and whether he hits. `seconds` a step (0: nothing is queued, and each man
    /// is heard landing at once). A step taken back or a table broken is not slid: the board
    /// then shows the game as it stands.
    pub fn queue(
        &mut self,
        before: Position,
        events: &[Event],
        view: Orientation,
        bear_off: BearOff,
        seconds: f64,
    ) {
        let mut white = before;
        for event in events {
            match event {
                Event::Moved { side, step, .. } => {
                    let Some((next, hit)) = play_step(&seen_from(white, *side), *step, bear_off)
                    else {
                        self.skip();
                        return;
                    };
                    white = seen_from(next, *side);
                    let to = view.mover_to_bottom(*side, step.to());
                    let adversary = side.other();
                    let step = SlideStep {
                        after: seen_from(white, view.bottom),
                        mover: ManMove {
                            side: *side,
                            from: view.mover_to_bottom(*side, step.from()),
                            to,
                        },
                        hit: hit.then_some(ManMove {
                            side: adversary,
                            from: to,
                            to: Place::Bar(adversary),
                        }),
                        seconds,
                    };
                    if seconds > 0.0 {
                        self.queue.push_back(step);
                    } else {
                        self.landed.push(step.cue());
                    }
                }
                Event::StepUndone { .. } | Event::TableBroken { .. } => {
                    self.skip();
                    return;
                }
                _ => {}
            }
        }
    }

    /// Whether any step is still to be shown.
    #[must_use]
    pub fn running(&self) -> bool {
        !self.queue.is_empty()
    }

    /// How many steps are still to be shown (the one sliding now among them).
    #[must_use]
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    /// Whether nothing is left to show.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Ends the show: the board shows the game as it stands (the men still to land are not
    /// heard).
    pub fn skip(&mut self) {
        self.queue.clear();
        self.shown_for = 0.0;
        self.last_now = None;
        self.first_landed = false;
    }

    /// The sounds of the men landed since last asked, each once (men landing together, as at
    /// the speed instant, are heard as one).
    pub fn take_landed(&mut self) -> Vec<Cue> {
        let mut landed = std::mem::take(&mut self.landed);
        landed.sort_unstable();
        landed.dedup();
        landed
    }

    /// Moves the men on to the window's clock `now`, by at most [`MAX_FRAME`] since the last
    /// frame; not at all while the window is not `visible`.
    pub fn advance(&mut self, now: f64, visible: bool) {
        if self.queue.is_empty() {
            self.skip();
            return;
        }
        let dt = self
            .last_now
            .map_or(0.0, |last| (now - last).clamp(0.0, MAX_FRAME));
        self.last_now = Some(now);
        if !visible {
            return;
        }
        self.shown_for += dt;
        while let Some(first) = self.queue.front() {
            if !self.first_landed && self.shown_for >= first.seconds {
                self.landed.push(first.cue());
                self.first_landed = true;
            }
            let d = first.duration();
            if self.shown_for < d {
                break;
            }
            self.shown_for -= d;
            self.queue.pop_front();
            self.first_landed = false;
        }
        if self.queue.is_empty() {
            self.skip();
        }
    }

    /// What to draw now, while a step is being shown: the man sliding to his point, then the
    /// man he hit flying to the bar.
    #[must_use]
    pub fn frame(&self) -> Option<SlideFrame> {
        let step = self.queue.front()?;
        let s = self.shown_for / step.seconds;
        let mut flights = Vec::new();
        if let Some(hit) = step.hit {
            flights.push(Flight {
                man: hit,
                t: ease((s - 1.0) / HIT_SHARE),
            });
        }
        flights.push(Flight {
            man: step.mover,
            t: ease(s),
        });
        Some(SlideFrame {
            after: step.after,
            flights,
        })
    }
}

impl SlideFrame {
    /// Sets `board` to draw this frame: the men as after the step, those in flight left out at
    /// their destinations.
    pub fn dress(&self, board: &mut BoardView) {
        board.position = self.after;
        board.hidden = self
            .flights
            .iter()
            .map(|f| (f.man.to, f.man.side))
            .collect();
    }

    /// Paints the men in flight over `board` (dressed by [`SlideFrame::dress`]): each from the
    /// place he left (the top of what stands there now) to his own place at his destination.
    pub fn paint(&self, board: &BoardView, painter: &Painter, to_screen: &RectTransform) {
        let s = to_screen.scale().x;
        for flight in &self.flights {
            let ManMove { side, from, to } = flight.man;
            let start = board.slot(from, board.count(from, side));
            let end = board.slot(to, board.count(to, side));
            let colour = board.colours[side.index()];
            let at = start.lerp(end, flight.t);
            if matches!(to, Place::Tray(_)) && flight.t >= 1.0 {
                board.look.paint_off(painter, to_screen, at, colour);
            } else {
                board
                    .look
                    .paint_man(painter, to_screen * at, MAN_R * s, colour, None, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{Game, Preset, Rules, Step};

    fn view() -> Orientation {
        Orientation {
            bottom: Side::White,
            ace_left: false,
            numbers: false,
        }
    }

    /// White's steps from the modern array after throwing 6-5: 13/8, 24/18.
    fn two_steps() -> (Position, Vec<Event>) {
        let game = Game::new(Rules::preset(Preset::Modern)).unwrap();
        let before = game.position();
        let events = [(13, 5), (24, 6)]
            .into_iter()
            .map(|(from, die)| Event::Moved {
                side: Side::White,
                step: Step::new(from, die).unwrap(),
                hit: false,
            })
            .collect();
        (before, events)
    }

    #[test]
    fn each_step_slides_in_turn_at_the_speed_chosen() {
        let (before, events) = two_steps();
        let mut slides = Slides::default();
        slides.queue(before, &events, view(), BearOff::OverEdge, 0.5);
        assert_eq!(slides.len(), 2);
        slides.advance(10.0, true);
        let first = slides.frame().unwrap();
        assert_eq!(first.flights.len(), 1);
        assert_eq!(
            first.flights[0].man,
            ManMove {
                side: Side::White,
                from: Place::Point(13),
                to: Place::Point(8)
            }
        );
        assert!(first.flights[0].t < 0.01);
        // Half way through the first slide the man is on his way; the men stand as after it
        slides.advance(10.25, true);
        let mid = slides.frame().unwrap();
        assert!(mid.flights[0].t > 0.3 && mid.flights[0].t < 0.7);
        assert_eq!(mid.after.at(13), 4);
        assert_eq!(mid.after.at(8), 4);
        assert_eq!(mid.after.at(24), 2, "the second man has not moved yet");
        // The first step ends (slide and rest: 0.6 s), and the second slides
        slides.advance(10.5, true);
        slides.advance(10.7, true);
        let second = slides.frame().unwrap();
        assert_eq!(second.flights[0].man.from, Place::Point(24));
        assert_eq!(second.after.at(24), 1);
        for t in [10.95, 11.2, 11.45] {
            slides.advance(t, true);
        }
        assert!(!slides.running());
        assert!(slides.frame().is_none());
    }

    #[test]
    fn a_stall_or_a_hidden_window_never_skips_a_step() {
        let (before, events) = two_steps();
        let mut slides = Slides::default();
        slides.queue(before, &events, view(), BearOff::OverEdge, 0.5);
        slides.advance(0.0, true);
        // The window was busy (or hidden) for a minute: the men move on one frame's worth
        slides.advance(60.0, true);
        assert_eq!(slides.len(), 2);
        // Hidden, they do not move at all
        slides.advance(60.2, false);
        slides.advance(60.4, false);
        assert_eq!(slides.len(), 2);
        let t = slides.frame().unwrap().flights[0].t;
        slides.advance(60.5, true);
        assert!(slides.frame().unwrap().flights[0].t > t);
    }

    #[test]
    fn a_man_hit_flies_to_the_bar_after_the_hitter_lands() {
        // White's man on 8 hits Black's blot on White's 5 point with a trey
        let position: Position = "8:1 6:14 / 20:1 24:14".parse().unwrap();
        let step = Step::new(8, 3).unwrap();
        let events = [Event::Moved {
            side: Side::White,
            step,
            hit: true,
        }];
        let mut slides = Slides::default();
        slides.queue(position, &events, view(), BearOff::OverEdge, 1.0);
        let hit = ManMove {
            side: Side::Black,
            from: Place::Point(5),
            to: Place::Bar(Side::Black),
        };
        slides.advance(0.0, true);
        slides.advance(0.25, true);
        let early = slides.frame().unwrap();
        assert_eq!(early.flights[0], Flight { man: hit, t: 0.0 });
        assert!(early.flights[1].t > 0.0 && early.flights[1].t < 1.0);
        assert_eq!(early.after.adversary_bar(), 1);
        for t in [0.5, 0.75, 1.0, 1.25, 1.5] {
            slides.advance(t, true);
        }
        let late = slides.frame().unwrap();
        assert_eq!(late.flights[1].t, 1.0, "the hitter has landed");
        assert!(
            late.flights[0].t > 0.5,
            "the man hit is on his way to the bar"
        );
    }

    #[test]
    fn the_board_leaves_out_the_men_in_flight_and_counts_stay_right() {
        // Black, seen from White at the bottom, bears a man off from his ace point
        let position: Position = "6:15 / 1:1 2:14".parse().unwrap();
        let events = [Event::Moved {
            side: Side::Black,
            step: Step::new(1, 1).unwrap(),
            hit: false,
        }];
        let mut slides = Slides::default();
        slides.queue(position, &events, view(), BearOff::OverEdge, 0.5);
        let frame = slides.frame().unwrap();
        assert_eq!(
            frame.flights[0].man,
            ManMove {
                side: Side::Black,
                from: Place::Point(24),
                to: Place::Tray(Side::Black)
            }
        );
        let game = Game::new(Rules::preset(Preset::Irish)).unwrap();
        let session = crate::session::Session::resume(
            game,
            crate::players::Seats::two_people(),
            Box::new(crate::tables::LoadedDice::new(&[1])),
        );
        let mut board = view().board(&session, None, Vec::new(), Vec::new());
        frame.dress(&mut board);
        // The tray holds the man borne off, left out while he flies there; the point he left
        // is empty; all the other men stand
        assert_eq!(board.count(Place::Tray(Side::Black), Side::Black), 0);
        assert_eq!(board.count(Place::Point(24), Side::Black), 0);
        assert_eq!(board.count(Place::Point(23), Side::Black), 14);
    }

    #[test]
    fn each_man_is_heard_as_he_lands_not_before() {
        let (before, events) = two_steps();
        let mut slides = Slides::default();
        slides.queue(before, &events, view(), BearOff::OverEdge, 0.5);
        slides.advance(10.0, true);
        // On his way, the first man is not heard
        slides.advance(10.25, true);
        assert_eq!(slides.take_landed(), vec![]);
        // As he lands, he is, once
        slides.advance(10.5, true);
        assert_eq!(slides.take_landed(), vec![Cue::SetDown]);
        slides.advance(10.55, true);
        assert_eq!(slides.take_landed(), vec![]);
        // And the second as he lands in his turn
        for t in [10.7, 10.95] {
            slides.advance(t, true);
        }
        assert_eq!(slides.take_landed(), vec![]);
        slides.advance(11.2, true);
        assert_eq!(slides.take_landed(), vec![Cue::SetDown]);
    }

    #[test]
    fn a_hit_and_a_man_borne_off_are_heard_as_such() {
        // White hits Black's blot on White's 5 point; Black, seen from White, bears a man off
        let hitting: Position = "8:1 6:14 / 20:1 24:14".parse().unwrap();
        let hit = [Event::Moved {
            side: Side::White,
            step: Step::new(8, 3).unwrap(),
            hit: true,
        }];
        let bearing: Position = "6:15 / 1:1 2:14".parse().unwrap();
        let off = [Event::Moved {
            side: Side::Black,
            step: Step::new(1, 1).unwrap(),
            hit: false,
        }];
        for (position, events, cue) in [(hitting, hit, Cue::Hit), (bearing, off, Cue::BorneOff)] {
            // Sliding, heard as the man lands
            let mut slides = Slides::default();
            slides.queue(position, &events, view(), BearOff::OverEdge, 0.5);
            slides.advance(0.0, true);
            slides.advance(0.25, true);
            slides.advance(0.5, true);
            assert_eq!(slides.take_landed(), vec![cue]);
            // At once, heard at once
            slides.queue(position, &events, view(), BearOff::OverEdge, 0.0);
            assert_eq!(slides.take_landed(), vec![cue]);
        }
    }

    #[test]
    fn men_skipped_are_not_heard_and_men_landing_together_are_heard_once() {
        let (before, events) = two_steps();
        let mut slides = Slides::default();
        slides.queue(before, &events, view(), BearOff::OverEdge, 0.5);
        slides.advance(0.0, true);
        slides.skip();
        slides.advance(5.0, true);
        assert_eq!(slides.take_landed(), vec![]);
        slides.queue(before, &events, view(), BearOff::OverEdge, 0.0);
        assert_eq!(slides.take_landed(), vec![Cue::SetDown]);
    }

    #[test]
    fn instant_queues_nothing_and_an_undo_ends_the_show() {
        let (before, events) = two_steps();
        let mut slides = Slides::default();
        slides.queue(before, &events, view(), BearOff::OverEdge, 0.0);
        assert!(!slides.running());
        slides.queue(before, &events, view(), BearOff::OverEdge, 0.5);
        let undo = [Event::StepUndone {
            side: Side::White,
            step: Step::new(24, 6).unwrap(),
        }];
        slides.queue(before, &undo, view(), BearOff::OverEdge, 0.5);
        assert!(!slides.running());
    }
}
