//! The computer at tiles. It decides from what its player can see ([`Seen`]) alone: its hand,
//! the line, how many tiles each holds, and what each has shown he lacks.
//!
//! - `novice` lays the heaviest tile that fits, as a learner does, and counts nothing;
//! - `fair` weighs each tile by what it scores at the ends (Muggins), the pips it sheds, a
//!   double got rid of, and the tiles left that will fit the new ends;
//! - `expert` guesses the hidden tiles many times over, each guess consistent with what it has
//!   seen (a player who knocked or drew holds none of the numbers that were open), plays out
//!   the hand from each guess with every player at `fair`, and lays the tile that did best on
//!   the same guesses (determinized Monte Carlo).

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::level::Level;
use crate::tiles::{Action, Event, Game, Kind, Phase, Seen, Tile};

/// How many guesses at the hidden tiles the expert plays out.
const GUESSES: usize = 48;

/// What the player whose view `seen` is does now; `None` when he is not to act.
#[must_use]
pub fn decide(seen: &Seen, level: Level, seed: u64) -> Option<Action> {
    if seen.phase != Phase::Playing || seen.turn != seen.player {
        return None;
    }
    let game = Game::from_seen(seen, &seen.unseen()).ok()?;
    let legal = game.legal_actions();
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    match level {
        Level::Novice => legal.into_iter().max_by_key(lay_pips),
        Level::Fair => Some(fair(&game, legal)),
        Level::Expert => Some(expert(seen, legal, seed)),
    }
}

/// A legal action chosen at random (the random player).
#[must_use]
pub fn random_action(game: &Game, rng: &mut impl Rng) -> Option<Action> {
    let legal = game.legal_actions();
    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())].clone())
}

fn lay_pips(action: &Action) -> u32 {
    match action {
        Action::Lay { tile, .. } => tile.pips(),
        _ => 0,
    }
}

/// Fair's choice among `legal` in `game` (whose player to act it plays for).
fn fair(game: &Game, legal: Vec<Action>) -> Action {
    let mut best: Option<(i64, Action)> = None;
    for action in legal {
        let worth = fair_worth(game, &action);
        if best.as_ref().is_none_or(|(w, _)| worth > *w) {
            best = Some((worth, action));
        }
    }
    best.map_or(Action::Pass, |(_, a)| a)
}

fn fair_worth(game: &Game, action: &Action) -> i64 {
    let Action::Lay { tile, .. } = action else {
        return 0;
    };
    let player = game.turn();
    let mut after = game.clone();
    let Ok(events) = after.apply(action.clone()) else {
        return i64::MIN;
    };
    let scored: u32 = events
        .iter()
        .map(|e| match e {
            Event::Scored { points, .. } | Event::HandWon { points, .. } => *points,
            _ => 0,
        })
        .sum();
    let points_weight = if game.rules().kind == Kind::Muggins {
        if game.rules().muggins == crate::tiles::MugginsScore::Pips {
            4
        } else {
            20
        }
    } else {
        1
    };
    let fitting_left = after
        .hand(player)
        .iter()
        .filter(|t| !after.line().fits(**t).is_empty())
        .count();
    i64::from(scored) * points_weight
        + i64::from(tile.pips())
        + if tile.is_double() { 4 } else { 0 }
        + 2 * fitting_left as i64
}

/// The expert: the same guesses for every action, each played out to the end of the hand.
fn expert(seen: &Seen, legal: Vec<Action>, seed: u64) -> Action {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x7469_6c65_7300_0000);
    let mut totals = vec![0i64; legal.len()];
    for _ in 0..GUESSES {
        let hidden = guess(seen, &mut rng);
        let Ok(world) = Game::from_seen(seen, &hidden) else {
            continue;
        };
        for (i, action) in legal.iter().enumerate() {
            totals[i] += play_out(&world, action, seen.player);
        }
    }
    let best = (0..legal.len()).max_by_key(|&i| totals[i]).unwrap_or(0);
    legal[best].clone()
}

/// The points `player`'s side gains over the best other side from `action` to the hand's end.
fn play_out(world: &Game, action: &Action, player: usize) -> i64 {
    let mut game = world.clone();
    let before = game.scores().to_vec();
    if game.apply(action.clone()).is_err() {
        return i64::MIN / 4;
    }
    let mut moves = 0;
    while game.phase() == Phase::Playing && moves < 400 {
        moves += 1;
        let legal = game.legal_actions();
        let next = if legal.len() == 1 {
            legal[0].clone()
        } else {
            fair(&game, legal)
        };
        if game.apply(next).is_err() {
            break;
        }
    }
    let rules = game.rules();
    let mine = rules.side_of(player);
    let gain = |s: usize| i64::from(game.scores()[s]) - i64::from(before[s]);
    let others = (0..rules.sides())
        .filter(|&s| s != mine)
        .map(gain)
        .max()
        .unwrap_or(0);
    gain(mine) - others
}

/// A guess at the hidden tiles, for [`Game::from_seen`]: the others' hands in turn, then the
/// boneyard. Each player gets only tiles he may hold, if the tiles allow it.
fn guess(seen: &Seen, rng: &mut StdRng) -> Vec<Tile> {
    let mut pool = seen.unseen();
    for _ in 0..20 {
        pool.shuffle(rng);
        if let Some(hidden) = deal_out(seen, &pool) {
            return hidden;
        }
    }
    pool
}

fn deal_out(seen: &Seen, pool: &[Tile]) -> Option<Vec<Tile>> {
    let mut left: Vec<Tile> = pool.to_vec();
    let mut hidden = Vec::with_capacity(pool.len());
    for (p, &n) in seen.hand_sizes.iter().enumerate() {
        if p == seen.player {
            continue;
        }
        for _ in 0..n {
            let at = left.iter().position(|t| seen.lacks[p].may_hold(*t))?;
            hidden.push(left.remove(at));
        }
    }
    hidden.extend(left);
    Some(hidden)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{Deck, Preset, Rules};

    #[test]
    fn every_level_takes_a_legal_action_from_its_own_view() {
        for preset in Preset::ALL {
            let mut game = Game::new(Rules::preset(preset)).unwrap();
            game.apply(Action::Deal(Deck::shuffled(5))).unwrap();
            for level in Level::ALL {
                let p = game.turn();
                let a = decide(&game.seen_by(p), level, 1).unwrap();
                assert!(game.legal_actions().contains(&a), "{preset:?} {level:?}");
                assert_eq!(decide(&game.seen_by((p + 1) % 2), level, 1), None);
            }
        }
    }
}
