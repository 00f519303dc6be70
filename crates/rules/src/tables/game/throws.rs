//! The throws' part of the gate: the dice thrown, and in Double-hand the second throw and the
//! one chosen to play.

use super::Game;
use crate::tables::action::Event;
use crate::tables::dice::Throw;
use crate::tables::phase::Phase;
use crate::tables::refusal::RuleError;
use crate::tables::rules::Players;

impl Game {
    /// `Throw` in `Phase::ToThrow` or `Phase::SecondThrow`: the throw played at once, or in
    /// Double-hand (after the first turn) kept until the second is thrown and one chosen.
    pub(super) fn throw_dice(
        &mut self,
        throw: Throw,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let expected = self.rules.dice_count();
        if throw.faces().len() != expected {
            return Err(RuleError::WrongDiceCount {
                expected,
                got: throw.faces().len(),
            });
        }
        events.push(Event::Threw {
            side: self.turn,
            throw,
        });
        let double_hand = self.rules.players == Players::DoubleHand && !self.first_turn;
        match (double_hand, self.phase) {
            (true, Phase::ToThrow) => {
                self.throws = vec![throw];
                self.phase = Phase::SecondThrow;
            }
            (true, _) => {
                self.throws.push(throw);
                self.phase = Phase::ChooseThrow;
            }
            (false, _) => self.start_play(throw, events),
        }
        Ok(())
    }

    /// `ChooseThrow` in `Phase::ChooseThrow`: the chosen throw of the two is played.
    pub(super) fn choose_throw(&mut self, i: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let throw = *self
            .throws
            .get(usize::from(i))
            .ok_or(RuleError::BadChoice(i))?;
        events.push(Event::ThrowChosen {
            side: self.turn,
            throw,
        });
        self.start_play(throw, events);
        Ok(())
    }
}
