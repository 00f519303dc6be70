//! The computer at Cotton's pastimes. Doublets leaves no choice at all; at Ketch-Dolt the
//! choice is which number to use first and how, where one way dolts the player; at Sice-Ace,
//! with the loads chosen, whom to load. The rules are the engine's
//! ([`crate::pastimes`]); this module only chooses among the actions it lists.
//!
//! The levels differ in what they see: the expert never dolts himself and claims every dolt
//! of his adversary; fair overlooks one in five, the novice one in two, and then does as a
//! careless player would, anything the rules allow. What a level overlooks is fixed by the
//! game (a hash of its record), so the same game always gives the same decision.

use super::sight;
use crate::level::Level;
use crate::pastimes::{Action, Ending, Game, Kind, Seat};

/// What the computer does now for the seat to act, or `None` when only chance acts (a throw)
/// or the game is over.
#[must_use]
pub fn decide(game: &Game, level: Level) -> Option<Action> {
    let actions = game.legal_actions();
    if actions.is_empty() {
        return None;
    }
    if actions.contains(&Action::Claim) {
        // Before his throw: a dolt to claim, which a level sees or lets pass (he throws).
        return sight::sees(game.record(), level, 1).then_some(Action::Claim);
    }
    if !sight::sees(game.record(), level, 2) {
        let pick = (sight::hash_of(game.record(), 3) % actions.len() as u64) as usize;
        return actions.get(pick).cloned();
    }
    match game.rules().kind {
        Kind::KetchDolt => best_at_ketch_dolt(game, &actions),
        Kind::SiceAce => best_load(game, &actions),
        Kind::Doublets => actions.first().cloned(),
    }
}

/// Ketch-Dolt: never a dolting action; of the rest, the one that leaves the mover the fewest
/// men to get rid of against his adversary's (the game is a race once no one is dolted).
fn best_at_ketch_dolt(game: &Game, actions: &[Action]) -> Option<Action> {
    let me = game.actor()?;
    let left = |g: &Game, seat: Seat| g.men(seat).map_or(0, |m| i64::from(m.in_play()));
    let other = Seat(1 - me.0.min(1));
    actions
        .iter()
        .filter(|a| !game.dolts(a))
        .min_by_key(|a| {
            let mut after = game.clone();
            if after.apply((*a).clone()).is_err() {
                return i64::MAX;
            }
            left(&after, me) - left(&after, other)
        })
        .cloned()
        .or_else(|| actions.first().cloned())
}

/// Sice-Ace: where the first out wins, load the seat with the fewest men, the nearest to
/// winning; where the last (or last two) lose, the seat the mover must stay ahead of: of those
/// no further behind than he is, the one with the most men (or, if all are behind him, the
/// furthest behind).
fn best_load(game: &Game, actions: &[Action]) -> Option<Action> {
    let me = game
        .actor()
        .and_then(|s| game.men(s))
        .map_or(0, |m| i64::from(m.in_play()));
    let men = |a: &Action| match a {
        Action::Load { seat } => game.men(*seat).map(|m| i64::from(m.in_play())),
        _ => None,
    };
    let loads: Vec<(&Action, i64)> = actions
        .iter()
        .filter_map(|a| men(a).map(|n| (a, n)))
        .collect();
    let chosen = if game.rules().result == Ending::FirstOutWins {
        loads.iter().min_by_key(|(_, n)| *n)
    } else {
        loads
            .iter()
            .filter(|(_, n)| *n <= me)
            .max_by_key(|(_, n)| *n)
            .or_else(|| loads.iter().max_by_key(|(_, n)| *n))
    };
    chosen
        .map(|(a, _)| (*a).clone())
        .or_else(|| actions.first().cloned())
}
