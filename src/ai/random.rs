//! A player who picks uniformly among the legal plays and choices: the baseline opponent, and a
//! driver for random games in tests and benchmarks.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::{Action, DiceRoller, FairDice, Game, Phase, RuleError};

/// Plays any game to its end with random choices and seeded dice.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: StdRng,
    dice: FairDice,
}

impl RandomPlayer {
    /// Choices and dice both seeded from `seed`.
    #[must_use]
    pub fn seeded(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: StdRng::seed_from_u64(seed),
            dice: FairDice::seeded(seed ^ 0x9e37_79b9_7f4a_7c15),
        }
    }

    /// Does whatever the game waits for next: throws dice when they are due, else makes a
    /// random choice (a whole legal play at once when a play is due).
    pub fn act(&mut self, game: &mut Game) -> Result<(), RuleError> {
        if game.is_over() {
            return Ok(());
        }
        if let Some(action) = game.throw_action(&mut self.dice) {
            // Offer the cube now and then before throwing.
            if game.phase() == Phase::ToThrow
                && game.choices().contains(&Action::Double)
                && self.rng.random_ratio(1, 50)
            {
                game.apply(Action::Double)?;
                return Ok(());
            }
            game.apply(action)?;
            return Ok(());
        }
        match game.phase() {
            Phase::Playing => {
                let plays = game.legal_plays();
                let play = plays[self.rng.random_range(0..plays.len())];
                game.apply_play(&play)?;
            }
            Phase::ChooseBreak { binder, .. } => {
                let pos = game.position_for(binder);
                let points: Vec<u8> = (1..=6u8).filter(|&p| pos.at(usize::from(p)) >= 2).collect();
                let point = points[self.rng.random_range(0..points.len())];
                game.apply(Action::Break(point))?;
            }
            Phase::DoubleOffered => {
                // Take more often than drop, so that random games mostly run their course.
                let answer = if self.rng.random_ratio(3, 4) {
                    Action::Take
                } else {
                    Action::Drop
                };
                game.apply(answer)?;
            }
            _ => {
                let choices = game.choices();
                let pick = choices[self.rng.random_range(0..choices.len())];
                game.apply(pick)?;
            }
        }
        Ok(())
    }

    /// Plays the game to its end, or until `max_actions` actions; returns the actions taken.
    pub fn play_out(&mut self, game: &mut Game, max_actions: usize) -> Result<usize, RuleError> {
        let mut n = 0;
        while !game.is_over() && n < max_actions {
            self.act(game)?;
            n += 1;
        }
        Ok(n)
    }

    /// The dice this player throws with.
    pub fn dice(&mut self) -> &mut dyn DiceRoller {
        &mut self.dice
    }
}
