//! Helpers shared by the integration tests: games set up in one readable line.
#![allow(dead_code)]

use proptest::prelude::*;

use gamester_rules::tables::options::{OPTIONS, UNPLAYABLE_DIE_LOSES};
use gamester_rules::tables::{Action, Event, Game, Layout, Position, Rules, Side, Step, Throw};

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
