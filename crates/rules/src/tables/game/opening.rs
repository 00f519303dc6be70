//! The game's opening part of the gate: the throw-off that decides who begins (and, under
//! `play_opening`, his first throw), and a bound table's throw-off and the point broken.

use super::Game;
use crate::tables::action::Event;
use crate::tables::dice::{Throw, check_face};
use crate::tables::endings;
use crate::tables::phase::Phase;
use crate::tables::refusal::RuleError;
use crate::tables::rules::{Dice, Opening};
use crate::tables::side::Side;

impl Game {
    /// `ThrowOff` in `Phase::ThrowOff`: the higher die begins; a tie throws again.
    pub(super) fn throw_off(
        &mut self,
        white: u8,
        black: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        check_face(white)?;
        check_face(black)?;
        events.push(Event::ThrewOff { white, black });
        if white == black {
            events.push(Event::ThrowOffTied);
            return Ok(());
        }
        let starter = if white > black {
            Side::White
        } else {
            Side::Black
        };
        let (mine, theirs) = if starter == Side::White {
            (white, black)
        } else {
            (black, white)
        };
        self.turn = starter;
        events.push(Event::Begins(starter));
        if self.rules.opening == Opening::PlayOpening && self.rules.dice != Dice::Three {
            self.opening_throw = Some(Throw::two(mine, theirs)?);
        }
        self.begin_turn(events);
        Ok(())
    }

    /// `BreakThrowOff` in `Phase::BreakThrowOff`: the higher pair chooses the point to break;
    /// a tie throws again.
    pub(super) fn break_throw_off(
        &mut self,
        white: [u8; 2],
        black: [u8; 2],
        binder: Side,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        for f in white.iter().chain(&black) {
            check_face(*f)?;
        }
        events.push(Event::BreakThrewOff { white, black });
        let (w, b) = (white[0] + white[1], black[0] + black[1]);
        if w == b {
            events.push(Event::ThrowOffTied);
        } else {
            let chooser = if w > b { Side::White } else { Side::Black };
            self.phase = Phase::ChooseBreak { chooser, binder };
            events.push(Event::ChoosesBreak { chooser, binder });
        }
        Ok(())
    }

    /// `Break` in `Phase::ChooseBreak`: the binder's point broken, then the turn's throw.
    pub(super) fn break_table(
        &mut self,
        binder: Side,
        point: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (pos, taken) = endings::break_table(&self.position_for(binder), point)
            .ok_or(RuleError::BadBreakPoint(point))?;
        self.set_position_for(binder, pos);
        events.push(Event::TableBroken {
            binder,
            point,
            men: taken,
        });
        self.phase = Phase::ToThrow;
        Ok(())
    }
}
