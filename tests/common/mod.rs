//! Helpers shared by the integration tests: games set up in one readable line.
#![allow(dead_code)]

use gamester::engine::{Action, Event, Game, Layout, Position, Rules, Side, Step, Throw};

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
