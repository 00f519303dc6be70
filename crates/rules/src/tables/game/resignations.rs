//! Resignations' part of the gate: offered by the side that must act, accepted or declined.

use super::Game;
use crate::tables::action::{Attempt, Event};
use crate::tables::endings::EndReason;
use crate::tables::phase::Phase;
use crate::tables::refusal::RuleError;
use crate::tables::side::Side;

impl Game {
    /// `Resign` in any phase: offered by the side that may resign now, for a stake from one
    /// to the most a game is worth; the phase it interrupts is kept to go back to.
    pub(super) fn offer_resignation(
        &mut self,
        stake: u8,
        phase: Phase,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let by = self
            .may_resign()
            .ok_or_else(|| self.not_now(Attempt::Resign))?;
        let most = self.most_resigned();
        if stake == 0 || stake > most {
            return Err(RuleError::BadResignation { stake, most });
        }
        events.push(Event::ResignationOffered { by, stake });
        self.resumed = phase;
        self.phase = Phase::ResignOffered { by, stake };
        Ok(())
    }

    /// `AcceptResignation` in `Phase::ResignOffered`: the game ends at the stake offered.
    pub(super) fn accept_resignation(&mut self, by: Side, stake: u8, events: &mut Vec<Event>) {
        self.finish(
            Some(by.other()),
            u32::from(stake),
            EndReason::Resigned,
            events,
        );
    }

    /// `DeclineResignation` in `Phase::ResignOffered`: the game goes back to what it waited for.
    pub(super) fn decline_resignation(&mut self, by: Side, events: &mut Vec<Event>) {
        events.push(Event::ResignationDeclined { by: by.other() });
        self.phase = self.resumed;
    }
}
