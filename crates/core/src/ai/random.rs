//! A player who picks uniformly among the legal plays and choices: the baseline opponent, and a
//! driver for random games in tests and benchmarks.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::decide::Decision;
use crate::tables::{Action, DiceRoller, FairDice, Game, Phase, RuleError};

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

    /// Does whatever the game waits for next: throws dice when they are due (now and then
    /// offering the cube first), else makes a random choice (a whole legal play at once when a
    /// play is due).
    pub fn act(&mut self, game: &mut Game) -> Result<(), RuleError> {
        match random_decision(game, &mut self.rng) {
            Some(Decision::Play(play)) => game.apply_play(&play).map(drop),
            Some(Decision::Action(action)) => game.apply(action).map(drop),
            None if game.waits_for_dice() => game.throw_with(&mut self.dice).map(drop),
            None => Ok(()),
        }
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

/// The random player's decision, the one way random choices are made (by [`RandomPlayer`] and
/// by the contest's random contender): a uniformly chosen legal play, throw or point to break;
/// before a throw, now and then the cube; offered a double, a take more often than a drop, so
/// that random games mostly run their course. `None` when the game waits only for dice or is
/// over.
pub fn random_decision(game: &Game, rng: &mut impl Rng) -> Option<Decision> {
    let pick = |rng: &mut dyn rand::RngCore, n: usize| rng.random_range(0..n.max(1));
    // Tick-tack: an open claim is made half the time (the other half it is let pass).
    if let Some(side) = game.actor() {
        let claims = game.open_claims(side);
        if !claims.is_empty() && rng.random_ratio(1, 2) {
            return Some(Decision::Action(Action::Claim(
                claims[pick(rng, claims.len())],
            )));
        }
    }
    match game.phase() {
        Phase::Playing => {
            let plays = game.legal_plays();
            plays
                .get(pick(rng, plays.len()))
                .map(|p| Decision::Play(*p))
        }
        Phase::ToThrow => (game.choices().contains(&Action::Double) && rng.random_ratio(1, 50))
            .then_some(Decision::Action(Action::Double)),
        Phase::DoubleOffered => Some(Decision::Action(if rng.random_ratio(3, 4) {
            Action::Take
        } else {
            Action::Drop
        })),
        Phase::ResignOffered { .. } => Some(Decision::Action(if rng.random_ratio(1, 2) {
            Action::AcceptResignation
        } else {
            Action::DeclineResignation
        })),
        Phase::ChooseThrow | Phase::ChooseBreak { .. } => {
            let choices = game.choices();
            choices
                .get(pick(rng, choices.len()))
                .map(|&a| Decision::Action(a))
        }
        Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::SecondThrow | Phase::Over(_) => None,
    }
}
