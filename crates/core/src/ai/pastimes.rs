//! The computer at Cotton's pastimes. Doublets leaves no choice at all; at Ketch-Dolt the
//! choice is which number to use first and how, where one way dolts the player; at Sice-Ace,
//! with the loads chosen, whom to load. The rules are the engine's
//! ([`crate::pastimes`]); this module only chooses among the actions it lists.
//!
//! The levels differ in what they see: the expert never dolts himself and claims every dolt
//! of his adversary; fair overlooks one in five, the novice one in two, and then does as a
//! careless player would, anything the rules allow. What a level overlooks is fixed by the
//! game (a hash of its record), so the same game always gives the same decision.

use crate::level::Level;
use crate::pastimes::{Action, Game, Kind, Seat};

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
        return sees(game, level, 1).then_some(Action::Claim);
    }
    if !sees(game, level, 2) {
        let pick = (hash_of(game, 3) % actions.len() as u64) as usize;
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

/// Sice-Ace: load the seat still in with the fewest men, the nearest to going out.
fn best_load(game: &Game, actions: &[Action]) -> Option<Action> {
    actions
        .iter()
        .min_by_key(|a| match a {
            Action::Load { seat } => game.men(*seat).map_or(u32::MAX, |m| m.in_play()),
            _ => u32::MAX,
        })
        .cloned()
}

/// Whether `level` sees what matters now in `game` (`salt` tells moments apart).
fn sees(game: &Game, level: Level, salt: u64) -> bool {
    let one_in = match level {
        Level::Expert => return true,
        Level::Fair => 5,
        Level::Novice => 2,
    };
    !hash_of(game, salt).is_multiple_of(one_in)
}

/// A number fixed by the game's record and `salt` (FNV-1a, the same on every machine).
fn hash_of(game: &Game, salt: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for b in format!("{:?}", game.record()).bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}
