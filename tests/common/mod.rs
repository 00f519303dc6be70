//! Helpers shared by the integration tests: games set up in one readable line.
#![allow(dead_code)]

use proptest::prelude::*;

use gamester::engine::{
    Action, BearOff, BoundTable, Compulsion, Dice, Doublets, Event, Game, Layout, Opening, Players,
    Position, Rules, Side, Stakes, Step, Throw,
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
    rules.opening = gamester::engine::Opening::ThrowAgain;
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

/// Picks one of a list of values.
pub fn pick<T: Clone + std::fmt::Debug + 'static>(all: &'static [T]) -> impl Strategy<Value = T> {
    (0..all.len()).prop_map(move |i| all[i].clone())
}

pub const LAYOUTS: &[Layout] = &[
    Layout::Willughby,
    Layout::CottonFirst,
    Layout::Fails,
    Layout::Nard,
];

/// Any set of options (every layout but a custom one).
pub fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        (
            pick(LAYOUTS),
            pick(Dice::ALL),
            pick(Doublets::ALL),
            pick(Opening::ALL),
            pick(BoundTable::ALL),
        ),
        (
            pick(BearOff::ALL),
            pick(Compulsion::ALL),
            pick(Stakes::ALL),
            pick(Players::ALL),
        ),
        (
            prop::bool::weighted(0.25),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (layout, dice, doublets, opening, bound_table),
                (bear_off, compulsion, stakes, players),
                (unplayable_die_loses, all_captured_wins, blocked_is_draw, cube),
            )| Rules {
                layout,
                dice,
                doublets,
                opening,
                bound_table,
                bear_off,
                compulsion,
                stakes,
                unplayable_die_loses,
                all_captured_wins,
                blocked_is_draw,
                cube,
                players,
            },
        )
}
