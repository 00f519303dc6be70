//! Resignations: when the computer offers to give a game up, and whether it accepts one
//! offered to it. Both weigh the same thing: what the game is worth played on, by the cubeful
//! search of the cube's decisions ([`super::cubeful`]: the cube's value and who may turn it
//! count, and each side's cube decisions as the game goes on), against what the resignation
//! gives, in stakes for a session and in chances of winning the match in a match.
//!
//! A resignation is offered only where playing on is worth no more than it (nothing is given
//! away by it) and no less either, within a hair (so that it is worth accepting): in practice,
//! where the end is certain; where the two are close, the expert looks a throw deeper before
//! it decides. One is accepted only where it gives at least what playing on is worth.

use std::ops::RangeInclusive;

use crate::level::Level;
use crate::tables::{Action, Crawford, Game, Phase, Position, Rules, Side};

use super::cube::{Access, match_score};
use super::cubeful::{Cube, Cubeful};
use super::search::Searcher;
use super::search::position_depth;

/// How far, in units of the cube, a resignation may differ from what playing on is worth
/// and still be offered or accepted: a hair, for the rounding of the search's sums. Offers and
/// acceptances use the same worth, so the computer accepts its own offers.
const HAIR: f32 = 0.001;

/// The most, in units of the cube, a resignation the computer offers may be worth less than
/// playing on: the rounding of the search's sums alone, well under half the last digit the
/// hint prints, so that a resignation offered is never shown worth less than playing on.
const GIVEN_AWAY: f32 = 0.0001;

/// The chance of winning, by the evaluation alone, above which the side on roll does not look
/// for a resignation.
const HOPE: f32 = 0.1;

/// How close (in units of the cube) a resignation and playing on must be for the search to
/// look a throw deeper.
const CLOSE: f32 = 0.15;

/// The cube in `game` seen from `side`.
fn cube_of(game: &Game, side: Side) -> Cube {
    let rules = game.rules();
    let cube = game.cube();
    Cube {
        value: cube.value,
        access: match cube.owner {
            None => Access::Centred,
            Some(owner) if owner == side => Access::Mine,
            Some(_) => Access::Theirs,
        },
        score: match_score(game, side),
        jacoby: cube.single_only(rules),
        live: rules.cube && game.tally_before().crawford() != Crawford::ThisGame,
    }
}

/// A position before the throw of the side on roll, with the cube as it sees it: what a
/// resignation there is weighed against.
#[derive(Clone, Copy, Debug)]
pub struct Standing {
    pub position: Position,
    pub cube: Cube,
}

impl Standing {
    /// What playing on is worth to the side on roll (its own cube decision included),
    /// looking `plies` throws ahead: money (times the cube) or the chance of the match.
    fn played_on(&self, searcher: &Searcher, stakes: crate::tables::Stakes, plies: u8) -> f32 {
        let chooser = match &self.cube.score {
            Some(score) => searcher.in_match(score),
            None => searcher.clone(),
        };
        let search = Cubeful {
            searcher: &chooser,
            stakes,
            plays_by: self.cube,
        };
        search.decided(&self.position, &[self.cube], plies, true)[0]
    }

    /// The value to the side on roll of resigning `stake` stakes now.
    fn resigned(&self, stake: u8) -> f32 {
        self.cube.ended(-i64::from(stake))
    }

    /// A difference of values in units of the cube.
    fn in_cubes(&self, d: f32) -> f32 {
        match self.cube.score {
            Some(_) => {
                let span = self.cube.cashed() - self.cube.ended(-1);
                if span > 1e-6 { 2.0 * d / span } else { 0.0 }
            }
            None => d / self.cube.value.max(1) as f32,
        }
    }

    /// What playing on is worth to the side on roll, weighed against resigning any of
    /// `stakes`: at least a throw ahead (the throw on roll may bear a man off and save the
    /// gammon, which the evaluation's chances alone may not see), and for the expert a throw
    /// deeper where one of them is close to it.
    fn worth(&self, rules: &Rules, level: Level, stakes: RangeInclusive<u8>) -> f32 {
        let searcher = Searcher::new(rules);
        let plies = position_depth(level).plies.max(1);
        let played_on = self.played_on(&searcher, rules.stakes, plies);
        let close = stakes
            .into_iter()
            .any(|k| self.in_cubes(self.resigned(k) - played_on).abs() < CLOSE);
        if close && plies < 2 && level == Level::Expert {
            return self.played_on(&searcher, rules.stakes, plies + 1);
        }
        played_on
    }

    /// The stake the side on roll would resign, if any, of stakes 1 to `most`: the least
    /// whose worth lies between what playing on is worth to it (less [`GIVEN_AWAY`]) and a
    /// hair above.
    #[must_use]
    pub fn offer(&self, rules: &Rules, most: u8, level: Level) -> Option<u8> {
        // A side with a real chance to win resigns nothing: no need to search (a resignation
        // is worth at most a single game lost, so playing on must be worth about that).
        if Searcher::new(rules).eval.chances(&self.position).win > HOPE {
            return None;
        }
        let played_on = self.worth(rules, level, 1..=most);
        (1..=most).find(|&k| {
            let over = self.in_cubes(self.resigned(k) - played_on);
            (-GIVEN_AWAY..=HAIR).contains(&over)
        })
    }

    /// Whether the side on roll's adversary accepts `stake` offered by the side on roll:
    /// it gives him at least what playing on is worth to him, give or take a hair.
    #[must_use]
    pub fn accepted(&self, rules: &Rules, stake: u8, level: Level) -> bool {
        let played_on = self.worth(rules, level, stake..=stake);
        self.in_cubes(self.resigned(stake) - played_on) <= HAIR
    }
}

/// The stakes (before the cube) the side to throw offers to give up, if the computer would
/// resign here. Offered only before a throw, and never again in a game where a resignation
/// was declined (the adversary has said he would rather play on).
#[must_use]
pub fn offer(game: &Game, _searcher: &Searcher, level: Level) -> Option<u8> {
    if game.phase() != Phase::ToThrow
        || game.record().contains(&Action::DeclineResignation)
        || game.may_resign() != Some(game.turn())
    {
        return None;
    }
    let side = game.turn();
    let standing = Standing {
        position: game.position_for(side),
        cube: cube_of(game, side),
    };
    standing.offer(game.rules(), game.most_resigned(), level)
}

/// Whether the side a resignation is offered to accepts it: what it gives is at least what
/// playing on is worth to him.
#[must_use]
pub fn accepts(game: &Game, searcher: &Searcher, level: Level) -> bool {
    let Phase::ResignOffered { by, stake } = game.phase() else {
        return false;
    };
    let roller = game.turn();
    let cube = cube_of(game, roller);
    let position = game.position_for(roller);
    if by == roller && game.throw().is_none() {
        // Offered before a throw: weighed as the side on roll weighs its own offers.
        let standing = Standing { position, cube };
        return standing.accepted(game.rules(), stake, level);
    }
    let plies = position_depth(level).plies.max(1);
    let chooser = match &cube.score {
        Some(score) => searcher.in_match(score),
        None => searcher.clone(),
    };
    let search = Cubeful {
        searcher: &chooser,
        stakes: game.rules().stakes,
        plays_by: cube,
    };
    // What playing on is worth to the side on roll, had the resignation not come.
    let on_roll = if by != roller {
        // The taker resigns instead of answering a double: the double answered rightly.
        let taken = search.no_double(&position, &[cube.doubled()], plies, true)[0];
        taken.min(cube.cashed())
    } else {
        // Offered after the throw: that throw's best play.
        match game.throw().and_then(|throw| searcher.throw_info(throw)) {
            Some(t) => search.after_throw(&position, t, &[cube], plies, true)[0],
            None => search.decided(&position, &[cube], plies, true)[0],
        }
    };
    // Everything from the side the resignation is offered to.
    let (played_on, given) = if by == roller {
        (cube.flip(on_roll), cube.switched().ended(i64::from(stake)))
    } else {
        (on_roll, cube.ended(i64::from(stake)))
    };
    let standing = Standing {
        position,
        cube: if by == roller { cube.switched() } else { cube },
    };
    standing.in_cubes(given - played_on) >= -HAIR
}
