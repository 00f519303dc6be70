//! A turn's course and the game's end, as the gate's parts lead to them: the turn begun (a
//! bound table or a blocked board first), the throw's play set up, the turn passed, and the
//! game finished and counted in the session's tally.

use super::Game;
use crate::tables::action::Event;
use crate::tables::dice::{Moves, Throw};
use crate::tables::endings::{EndReason, Endings, Outcome, TurnStart};
use crate::tables::movegen::Reach;
use crate::tables::phase::Phase;
use crate::tables::side::Side;
use crate::tables::stepwise;

impl Game {
    fn endings(&self) -> Endings {
        Endings::from(&self.rules)
    }

    /// Start of a side's turn, before its throw: the bound table, then a blocked board.
    pub(super) fn begin_turn(&mut self, events: &mut Vec<Event>) {
        match self.endings().turn_start(&self.position_for(self.turn)) {
            TurnStart::LosesToPrime => {
                self.finish(Some(self.turn.other()), 1, EndReason::PrimeOfTables, events);
                return;
            }
            TurnStart::BreakTable => {
                let binder = self.turn.other();
                events.push(Event::TableMustBreak { binder });
                self.phase = Phase::BreakThrowOff { binder };
                return;
            }
            TurnStart::Drawn => {
                self.finish(None, 0, EndReason::Blocked, events);
                return;
            }
            TurnStart::Throw => {}
        }
        self.phase = Phase::ToThrow;
        if let Some(throw) = self.opening_throw.take() {
            events.push(Event::Threw {
                side: self.turn,
                throw,
            });
            self.start_play(throw, events);
        }
    }

    pub(super) fn start_play(&mut self, throw: Throw, events: &mut Vec<Event>) {
        let pos = self.position_for(self.turn);
        self.throw = Some(throw);
        self.last_doublets[self.turn.index()] = throw.is_doublets();
        self.moves = throw.moves(self.rules.dice, self.rules.doublets);
        self.used = Reach::default();
        self.best = stepwise::reach(&pos, self.moves, self.move_rules());
        self.played.clear();
        self.record_chances();
        if self.endings().unplayable(&pos, self.best, self.moves) {
            self.finish(Some(self.turn.other()), 1, EndReason::UnplayableDie, events);
            return;
        }
        if self.best.dice == 0 {
            if self.waits_for_a_claim() {
                // Nothing moves, but the throw may hit: the thrower claims it or lifts the dice.
                self.phase = Phase::Playing;
                return;
            }
            events.push(Event::Forfeited {
                side: self.turn,
                throw,
            });
            if self.rules.tick_tack && self.tick_tack_after_play(events) {
                return;
            }
            self.end_turn(events);
            return;
        }
        self.phase = Phase::Playing;
    }

    /// After a confirmed play: has anyone won? Else the turn passes.
    pub(super) fn end_play(&mut self, events: &mut Vec<Event>) {
        if self.rules.tick_tack {
            if !self.tick_tack_after_play(events) {
                self.end_turn(events);
            }
            return;
        }
        let pos = self.position_for(self.turn);
        let doublets = self.last_doublets[self.turn.index()];
        if let Some(win) = self.endings().after_play(&pos, doublets) {
            self.finish(Some(self.turn), win.stake, win.reason, events);
            return;
        }
        self.end_turn(events);
    }

    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.turns += 1;
        self.first_turn = false;
        self.throw = None;
        self.throws.clear();
        self.played.clear();
        self.moves = Moves::default();
        self.turn = self.turn.other();
        self.begin_turn(events);
    }

    /// Ends the game; `stake` is before the cube, which multiplies it.
    pub(super) fn finish(
        &mut self,
        winner: Option<Side>,
        stake: u32,
        reason: EndReason,
        events: &mut Vec<Event>,
    ) {
        let stake = self.cube.scored(stake, &self.rules);
        let outcome = Outcome {
            winner,
            stake: if winner.is_some() { stake } else { 0 },
            reason,
        };
        self.tally.record_in_match(
            outcome.winner,
            outcome.stake,
            self.rules.match_to,
            self.rules.crawford,
        );
        self.played.clear();
        self.phase = Phase::Over(outcome);
        events.push(Event::GameOver(outcome));
    }
}
