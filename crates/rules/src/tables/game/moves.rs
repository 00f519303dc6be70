//! The men's part of the gate: a step played, the last step taken back, the play confirmed.

use super::{Game, Played};
use crate::tables::action::Event;
use crate::tables::movegen::{self, Reach};
use crate::tables::play::Step;
use crate::tables::refusal::{RuleError, why_not};
use crate::tables::stepwise;

impl Game {
    /// `Step` in `Phase::Playing`: one man moved by one die, if the rules allow it now.
    pub(super) fn play_one_step(
        &mut self,
        step: Step,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let pos = self.position_for(self.turn);
        let rules = self.move_rules();
        if !stepwise::step_allowed(&pos, self.moves, self.used, self.best, step, rules) {
            return Err(RuleError::StepNotAllowed(why_not(
                &pos, self.moves, step, rules,
            )));
        }
        let refused = || RuleError::StepNotAllowed(why_not(&pos, self.moves, step, rules));
        let (next, hit) = movegen::play_step(&pos, step, rules).ok_or_else(refused)?;
        let rest = self.moves.without(step.die()).ok_or_else(refused)?;
        self.played.push(Played {
            step,
            before: pos,
            moves_before: self.moves,
            used_before: self.used,
        });
        self.moves = rest;
        self.used = Reach {
            dice: self.used.dice + 1,
            pips: self.used.pips + u16::from(step.die()),
        };
        self.set_position_for(self.turn, next);
        events.push(Event::Moved {
            side: self.turn,
            step,
            hit,
        });
        Ok(())
    }

    /// `Undo` in `Phase::Playing`: the last step of this throw taken back exactly.
    pub(super) fn undo_step(&mut self, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.rules.touch_and_take && !self.played.is_empty() {
            return Err(RuleError::TouchAndTake);
        }
        let last = self.played.pop().ok_or(RuleError::NothingToUndo)?;
        self.set_position_for(self.turn, last.before);
        self.moves = last.moves_before;
        self.used = last.used_before;
        events.push(Event::StepUndone {
            side: self.turn,
            step: last.step,
        });
        Ok(())
    }

    /// `Confirm` in `Phase::Playing`: the play ends, once it uses as many dice as it must.
    pub(super) fn confirm_play(&mut self, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.may_confirm() {
            return Err(RuleError::PlayNotFinished(usize::from(
                self.best.dice - self.used.dice,
            )));
        }
        let steps = self.steps_played();
        events.push(Event::Played {
            side: self.turn,
            steps,
        });
        self.end_play(events);
        Ok(())
    }
}
