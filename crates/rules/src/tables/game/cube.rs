//! The cube's part of the gate: a double offered before a throw, taken or dropped.

use super::Game;
use crate::tables::action::Event;
use crate::tables::endings::EndReason;
use crate::tables::phase::Phase;
use crate::tables::refusal::{CubeRefusal, RuleError};
use crate::tables::stakes::{CUBE_MAX, Cube};

impl Game {
    /// `Double` in `Phase::ToThrow`: refused without the cube, in the Crawford game, or when
    /// the cube is not the doubler's to turn.
    pub(super) fn offer_double(&mut self, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.rules.raises_stake() {
            return Err(RuleError::CubeRefused(CubeRefusal::NoCube));
        }
        if self.is_crawford_game() {
            return Err(RuleError::CubeRefused(CubeRefusal::Crawford));
        }
        if !self.cube.may_double(self.turn) {
            return Err(RuleError::CubeRefused(if self.cube.value >= CUBE_MAX {
                CubeRefusal::AtMost
            } else {
                CubeRefusal::AdversaryOwns
            }));
        }
        events.push(Event::DoubleOffered {
            by: self.turn,
            value: self.cube.raised(self.rules.vie),
        });
        self.phase = Phase::DoubleOffered;
        Ok(())
    }

    /// `Take` in `Phase::DoubleOffered` (at Vie Tick-tack, "I see it"): the cube raised and the taker's; the doubler throws.
    pub(super) fn take_double(&mut self, events: &mut Vec<Event>) {
        let taker = self.turn.other();
        self.cube = Cube {
            value: self.cube.raised(self.rules.vie),
            owner: Some(taker),
        };
        events.push(Event::DoubleTaken {
            by: taker,
            value: self.cube.value,
        });
        self.phase = Phase::ToThrow;
    }

    /// `Drop` in `Phase::DoubleOffered`: the doubler wins the game at the cube's value.
    pub(super) fn drop_double(&mut self, events: &mut Vec<Event>) {
        events.push(Event::DoubleDropped {
            by: self.turn.other(),
        });
        self.finish(Some(self.turn), 1, EndReason::Dropped, events);
    }
}
