//! Helpers shared by the integration tests: games set up in one readable line.
#![allow(dead_code)]

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use gamester_rules::tables::options::{OPTIONS, UNPLAYABLE_DIE_LOSES};
use gamester_rules::tables::{
    Action, Event, FairDice, Game, Layout, Phase, Position, Preset, RuleError, Rules, Side, Step,
    Throw,
};

/// A position written from White's view: `white's men / black's men`, each in its own numbering.
pub fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("test position {text:?}: {e}"))
}

/// A game under `rules` from the position `text` (White's view), with `starter` having won
/// the opening throw-off (the rules' opening is set to `throw_again` unless told otherwise).
pub fn game_at(mut rules: Rules, text: &str, starter: Side) -> (Game, Vec<Event>) {
    rules.layout = Layout::Custom(pos(text).to_setup(Side::White));
    rules.opening = gamester_rules::tables::Opening::ThrowAgain;
    let mut game = Game::new(rules).expect("custom layout");
    let (white, black) = if starter == Side::White {
        (6, 1)
    } else {
        (1, 6)
    };
    let events = game
        .apply(Action::ThrowOff { white, black })
        .expect("throw-off");
    (game, events)
}

pub fn throw(faces: &[u8]) -> Action {
    Action::Throw(Throw::new(faces).expect("test throw"))
}

pub fn step(from: u8, die: u8) -> Action {
    Action::Step(Step::new(from, die).expect("test step"))
}

/// A modern game with the cube in which Black offers a double from `text` (White's view).
pub fn offered(text: &str) -> Game {
    let mut rules = gamester_rules::tables::Rules::preset(gamester_rules::tables::Preset::Modern);
    rules.cube = true;
    let (mut game, _) = game_at(rules, text, Side::Black);
    play(&mut game, &[Action::Double]);
    game
}

/// Applies actions that must all be accepted, returning every event.
pub fn play(game: &mut Game, actions: &[Action]) -> Vec<Event> {
    let mut events = Vec::new();
    for &a in actions {
        events.extend(
            game.apply(a)
                .unwrap_or_else(|e| panic!("{a:?} refused: {e}")),
        );
    }
    events
}

/// Any set of options: each option of the table set to one of its values, picked at random
/// (every value but a custom layout). `unplayable_die_loses` is `true` one time in four, so
/// that most games are not cut short by an unplayable die.
pub fn arb_rules() -> impl Strategy<Value = Rules> {
    let choices: Vec<BoxedStrategy<&'static str>> = OPTIONS
        .iter()
        .map(|option| {
            if option.name == UNPLAYABLE_DIE_LOSES.name {
                prop::bool::weighted(0.25)
                    .prop_map(|on| if on { "true" } else { "false" })
                    .boxed()
            } else {
                let values: Vec<&'static str> = option
                    .values
                    .iter()
                    .filter(|v| v.parameter.is_none())
                    .map(|v| v.name)
                    .collect();
                prop::sample::select(values).boxed()
            }
        })
        .collect();
    choices.prop_map(|values| {
        let mut rules = Rules::default();
        for (option, value) in OPTIONS.iter().zip(values) {
            option
                .set(&mut rules, value)
                .unwrap_or_else(|e| panic!("the table's own value {value}: {e}"));
        }
        rules
    })
}

/// A player who picks at random among what the rules list (the legal plays, the choices), with
/// seeded dice: it plays any game to its end. It decides as the core's `RandomPlayer` does
/// (the same seeds give the same games), so that the rules' tests need nothing of the core.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: StdRng,
    dice: FairDice,
}

impl RandomPlayer {
    /// Choices and dice both seeded from `seed`.
    pub fn seeded(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: StdRng::seed_from_u64(seed),
            dice: FairDice::seeded(seed ^ 0x9e37_79b9_7f4a_7c15),
        }
    }

    /// Does whatever the game waits for next: a whole legal play when a play is due; before a
    /// throw, now and then a double; offered a double, a take three times in four; offered a
    /// resignation, accept or decline; a throw or a point to break among the choices; else
    /// throws the dice that are due.
    pub fn act(&mut self, game: &mut Game) -> Result<(), RuleError> {
        let pick = |rng: &mut StdRng, n: usize| rng.random_range(0..n.max(1));
        // Tick-tack: an open claim is made half the time (the other half it is let pass).
        if let Some(side) = game.actor() {
            let claims = game.open_claims(side);
            if !claims.is_empty() && self.rng.random_ratio(1, 2) {
                let claim = claims[pick(&mut self.rng, claims.len())];
                return game.apply(Action::Claim(claim)).map(drop);
            }
        }
        let action = match game.phase() {
            Phase::Playing => {
                let plays = game.legal_plays();
                if let Some(play) = plays.get(pick(&mut self.rng, plays.len())) {
                    return game.apply_play(play).map(drop);
                }
                None
            }
            Phase::ToThrow => (game.choices().contains(&Action::Double)
                && self.rng.random_ratio(1, 50))
            .then_some(Action::Double),
            Phase::DoubleOffered => Some(if self.rng.random_ratio(3, 4) {
                Action::Take
            } else {
                Action::Drop
            }),
            Phase::ResignOffered { .. } => Some(if self.rng.random_ratio(1, 2) {
                Action::AcceptResignation
            } else {
                Action::DeclineResignation
            }),
            Phase::ChooseThrow | Phase::ChooseBreak { .. } => {
                let choices = game.choices();
                choices.get(pick(&mut self.rng, choices.len())).copied()
            }
            Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::SecondThrow | Phase::Over(_) => {
                None
            }
        };
        match action {
            Some(action) => game.apply(action).map(drop),
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
}

/// Modern backgammon with the cube, as a match to `to` points, with or without the Crawford
/// rule.
pub fn match_rules(to: u16, crawford: bool) -> Rules {
    let mut rules = Rules::preset(Preset::Modern);
    rules.cube = true;
    rules.match_to = to;
    rules.crawford = crawford;
    rules
}

/// Every game of a match played at random from `seed`, in order, each as it ended.
pub fn play_match(rules: &Rules, seed: u64) -> Vec<Game> {
    let mut games = Vec::new();
    let mut game = Game::new(rules.clone()).unwrap();
    for g in 0..200u64 {
        RandomPlayer::seeded(seed * 1000 + g)
            .play_out(&mut game, 20_000)
            .unwrap();
        assert!(game.is_over());
        let next = game.next_game();
        games.push(game.clone());
        match next {
            Ok(n) => game = n,
            Err(RuleError::MatchOver(winner)) => {
                assert_eq!(game.match_winner(), Some(winner));
                return games;
            }
            Err(e) => panic!("{e}"),
        }
    }
    panic!("a match of 200 games");
}
