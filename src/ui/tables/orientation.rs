//! How the window sees the board (its orientation): which side sits at the bottom, and the mapping between a
//! side's own numbering of the points (1–24; 25 its bar, 0 its tray) and the places drawn; where
//! thrown dice come to rest; and the board to draw from a game and what is marked on it.

use egui::pos2;

use crate::players::{Colour, Seats};
use crate::session::Session;
use crate::tables::{Action, Event, Game, Phase, Side};
use crate::ui::tables::board_view::{BoardView, Place};
use crate::ui::tables::dice_view::ShownDie;
use crate::ui::tables::look::Look;

/// The table as drawn: the side at the bottom and the person's view options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orientation {
    pub bottom: Side,
    pub ace_left: bool,
    pub numbers: bool,
}

/// Dice setting out from a side's cup: each with where it comes to rest, its face and colour.
pub type Thrown = (Side, Vec<(egui::Pos2, u8, Colour)>);

/// The colours of the two sides' men, White's first.
#[must_use]
pub fn colours(table: &Seats) -> [Colour; 2] {
    [table.white.colour, table.black.colour]
}

/// Whether two throws show at once (Double-hand's partners), one row each.
fn two_rows(phase: Phase) -> bool {
    matches!(phase, Phase::ChooseThrow | Phase::SecondThrow)
}

impl Orientation {
    /// The view of `table`: the one person playing against the computer sits at the bottom,
    /// else White.
    #[must_use]
    pub fn of(table: &Seats, ace_left: bool, numbers: bool) -> Orientation {
        let bottom = if table.has_person(Side::Black) && !table.has_person(Side::White) {
            Side::Black
        } else {
            Side::White
        };
        Orientation {
            bottom,
            ace_left,
            numbers,
        }
    }

    /// Where a point of `mover` (in his own numbering) is drawn.
    #[must_use]
    pub fn mover_to_bottom(&self, mover: Side, point: u8) -> Place {
        match point {
            0 => Place::Tray(mover),
            25 => Place::Bar(mover),
            p if mover == self.bottom => Place::Point(p),
            p => Place::Point(25 - p),
        }
    }

    /// Which point of `mover` (in his own numbering) a place drawn is, if it is one of his.
    #[must_use]
    pub fn bottom_to_mover(&self, mover: Side, place: Place) -> Option<u8> {
        match place {
            Place::Point(p) if mover == self.bottom => Some(p),
            Place::Point(p) => Some(25 - p),
            Place::Bar(s) if s == mover => Some(25),
            Place::Tray(s) if s == mover => Some(0),
            _ => None,
        }
    }

    /// Where die `i` of `n` of `side`'s throw rests: in row `row` when two throws show (the
    /// shown game's phase says whether they do).
    #[must_use]
    pub fn rest(&self, side: Side, i: usize, n: usize, row: usize, shown: Phase) -> egui::Pos2 {
        let p = BoardView::dice_rest(side == self.bottom, i, n);
        if two_rows(shown) || row > 0 {
            pos2(p.x, p.y - 28.0 + 56.0 * row as f32)
        } else {
            p
        }
    }

    /// The dice an event sets rolling, if it throws any. `now` is the phase of the game in play
    /// after the event, `shown` that of the game the board shows; `throw_off` keeps the dice of
    /// the last throw-off, shown until the next throw.
    pub fn thrown(
        &self,
        event: &Event,
        now: Phase,
        shown: Phase,
        colours: [Colour; 2],
        throw_off: &mut Vec<(Side, u8)>,
    ) -> Option<Thrown> {
        let bottom = self.bottom;
        match event {
            Event::ThrewOff { white, black } => {
                *throw_off = vec![(Side::White, *white), (Side::Black, *black)];
                let dice = throw_off
                    .iter()
                    .map(|&(s, f)| {
                        (
                            BoardView::dice_rest(s == bottom, 0, 1),
                            f,
                            colours[s.index()],
                        )
                    })
                    .collect();
                Some((bottom, dice))
            }
            Event::BreakThrewOff { white, black } => {
                throw_off.clear();
                let mut dice = Vec::new();
                for (s, faces) in [(Side::White, white), (Side::Black, black)] {
                    for (i, &f) in faces.iter().enumerate() {
                        dice.push((
                            BoardView::dice_rest(s == bottom, i, 2),
                            f,
                            colours[s.index()],
                        ));
                    }
                }
                Some((bottom, dice))
            }
            Event::Threw { side, throw } => {
                throw_off.clear();
                let row = usize::from(now == Phase::ChooseThrow);
                let n = throw.faces().len();
                let dice = throw
                    .faces()
                    .iter()
                    .enumerate()
                    .map(|(i, &f)| (self.rest(*side, i, n, row, shown), f, colours[side.index()]))
                    .collect();
                Some((*side, dice))
            }
            _ => None,
        }
    }

    /// The dice to show when none is in flight, each with the throw it belongs to (for choosing
    /// in Double-hand). Between turns, the last throw-off's dice, else the dice of the last play
    /// (`last`: its side, faces and whether they were played), left where they fell.
    #[must_use]
    pub fn resting_dice(
        &self,
        game: &Game,
        throw_off: &[(Side, u8)],
        last: Option<(Side, &[u8], bool)>,
        colours: [Colour; 2],
    ) -> Vec<(ShownDie, Option<usize>)> {
        let shown = game.phase();
        let mut out = Vec::new();
        let die = |at, face, side: Side, spent| ShownDie {
            at,
            face,
            angle: 0.0,
            spent,
            colour: colours[side.index()],
        };
        match game.phase() {
            Phase::Playing => {
                let side = game.turn();
                if let Some(throw) = game.throw() {
                    let n = throw.faces().len();
                    let spent = game.spent_dice();
                    for (i, (&f, &spent)) in throw.faces().iter().zip(&spent).enumerate() {
                        out.push((die(self.rest(side, i, n, 0, shown), f, side, spent), None));
                    }
                }
            }
            Phase::SecondThrow | Phase::ChooseThrow => {
                let side = game.turn();
                for (row, throw) in game.throws().iter().enumerate() {
                    let n = throw.faces().len();
                    for (i, &f) in throw.faces().iter().enumerate() {
                        out.push((
                            die(self.rest(side, i, n, row, shown), f, side, false),
                            Some(row),
                        ));
                    }
                }
            }
            _ if throw_off.is_empty() => {
                if let Some((side, faces, played)) = last {
                    let n = faces.len();
                    for (i, &f) in faces.iter().enumerate() {
                        let at = self.rest(side, i, n, 0, shown);
                        out.push((die(at, f, side, played), None));
                    }
                }
            }
            _ => {
                for &(side, f) in throw_off {
                    out.push((
                        die(
                            BoardView::dice_rest(side == self.bottom, 0, 1),
                            f,
                            side,
                            false,
                        ),
                        None,
                    ));
                }
            }
        }
        out
    }

    /// The points of `binder`'s home table the chooser may break, as the game offers them.
    #[must_use]
    pub fn breakable(&self, game: &Game, binder: Side) -> Vec<Place> {
        game.choices()
            .into_iter()
            .filter_map(|choice| match choice {
                Action::Break(p) => Some(self.mover_to_bottom(binder, p)),
                _ => None,
            })
            .collect()
    }

    /// The board to draw: the game `shown` from the bottom side, the man picked up
    /// (`selected`) and where he may go (`targets`), and the places lit for a choice or a
    /// lesson (`choosable`). The dice are added by the caller.
    #[must_use]
    pub fn board(
        &self,
        shown: &Session,
        selected: Option<Place>,
        targets: Vec<Place>,
        choosable: Vec<Place>,
    ) -> BoardView {
        let game = shown.game();
        let turn = match game.phase() {
            Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::Over(_) => None,
            _ if shown.game().waits_for_dice() => Some(game.turn()),
            _ => None,
        };
        BoardView {
            position: game.position_for(self.bottom),
            bottom: self.bottom,
            colours: colours(shown.seats()),
            ace_left: self.ace_left,
            numbers: self.numbers,
            labels: true,
            naming: crate::teaching::points::Naming::of(game.rules()),
            selected,
            targets,
            choosable,
            dice: Vec::new(),
            cube: game.rules().cube.then(|| game.cube()),
            turn,
            hidden: Vec::new(),
            look: Look::default(),
            cup_tip: None,
        }
    }
}
