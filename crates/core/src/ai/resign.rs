//! Resignations: when the computer offers to give a game up, and whether it accepts one
//! offered to it. Both weigh the same thing: what the game is worth played on, against what
//! the resignation gives, in stakes for a session and in chances of winning the match in a
//! match. A resignation is offered only where nothing is lost by it (the game is as good as
//! lost by that much), and accepted wherever playing on could not win more.

use crate::level::Level;
use crate::tables::{Action, Game, Phase, Position, Side, Stakes, bear_off_stake, legal_plays};

use super::cube::match_score;
use super::ends::Chances;
use super::ends::Outcomes;
use super::search::Searcher;

/// How much of a stake (or, in a match, of the chance of winning it) a resignation may give
/// away against playing on: next to nothing.
const GIVEN_AWAY: f32 = 0.01;

/// What the game is worth to `side` played on, and what it is worth to him to lose `stake`
/// stakes (before the cube) now, in the same units: stakes in a session, chances of winning
/// the match in a match.
struct Worth {
    played_on: f32,
    lost: Vec<f32>,
}

fn worth(game: &Game, side: Side, searcher: &Searcher) -> Worth {
    let on_roll = game.turn();
    let mut outcomes = Outcomes::of(
        rolled_chances(&game.position_for(on_roll), game.rules().stakes, searcher),
        game.rules().stakes,
    );
    if side != on_roll {
        outcomes = outcomes.switched();
    }
    let cube = game.cube();
    let rules = game.rules();
    let scored = |k: u32| i64::from(cube.scored(k, rules));
    let most = u32::from(game.most_resigned());
    match match_score(game, side) {
        Some(score) => {
            let mut played_on = 0.0;
            for (k, (w, l)) in (1..).zip(outcomes.wins.iter().zip(&outcomes.losses)) {
                played_on += outcomes.win * w * score.after(scored(k));
                played_on += (1.0 - outcomes.win) * l * score.after(-scored(k));
            }
            Worth {
                played_on,
                lost: (1..=most).map(|k| score.after(-scored(k))).collect(),
            }
        }
        None => {
            let mut played_on = 0.0;
            for (k, (w, l)) in (1..).zip(outcomes.wins.iter().zip(&outcomes.losses)) {
                played_on += outcomes.win * w * scored(k) as f32;
                played_on -= (1.0 - outcomes.win) * l * scored(k) as f32;
            }
            Worth {
                played_on,
                lost: (1..=most).map(|k| -(scored(k) as f32)).collect(),
            }
        }
    }
}

/// The stakes (before the cube) the side to throw offers to give up, if the computer would
/// resign here: the least resignation worth next to what playing on is worth (one worth more
/// to him would be declined, one worth less gives the game away). Offered
/// only before a throw, and never again in a game where a resignation was declined (the
/// adversary has said he would rather play on).
#[must_use]
pub fn offer(game: &Game, searcher: &Searcher, _level: Level) -> Option<u8> {
    if game.phase() != Phase::ToThrow
        || game.record().contains(&Action::DeclineResignation)
        || game.may_resign() != Some(game.turn())
    {
        return None;
    }
    let w = worth(game, game.turn(), searcher);
    (1..)
        .zip(&w.lost)
        .find(|&(_, &lost)| (lost - w.played_on).abs() <= GIVEN_AWAY)
        .map(|(k, _)| k)
}

/// Whether the side a resignation is offered to accepts it: what it gives is at least what
/// playing on is worth to him, give or take next to nothing.
#[must_use]
pub fn accepts(game: &Game, searcher: &Searcher, _level: Level) -> bool {
    let Phase::ResignOffered { by, stake } = game.phase() else {
        return false;
    };
    let w = worth(game, by, searcher);
    // What the resigner loses is what the adversary wins: a side's worth, turned about.
    let given = w.lost.get(usize::from(stake).saturating_sub(1)).copied();
    given.is_some_and(|lost| lost <= w.played_on + GIVEN_AWAY)
}

/// The chances of the side on roll in `pos`, looked at one throw ahead: each throw played as
/// best for these chances, then the adversary's chances on roll, or the game won. The
/// evaluation's own chances of a big win are rough where a side is about to bear off (they do
/// not see that the throw on roll takes a man off and saves the gammon); a throw ahead, they
/// are right.
fn rolled_chances(pos: &Position, stakes: Stakes, searcher: &Searcher) -> Chances {
    let mut sum = Chances {
        win: 0.0,
        win_big: 0.0,
        lose_big: 0.0,
        win_triple: 0.0,
        lose_triple: 0.0,
    };
    let equity =
        |c: &Chances| 2.0 * c.win - 1.0 + c.win_big - c.lose_big + c.win_triple - c.lose_triple;
    for t in searcher.throws() {
        let plays = legal_plays(pos, t.moves, searcher.eval.move_rules);
        let c = plays
            .iter()
            .map(|p| after_play(&p.position, t.doublets, stakes, searcher))
            .max_by(|a, b| equity(a).total_cmp(&equity(b)))
            .unwrap_or_else(|| after_play(pos, t.doublets, stakes, searcher));
        sum.win += t.chance * c.win;
        sum.win_big += t.chance * c.win_big;
        sum.lose_big += t.chance * c.lose_big;
        sum.win_triple += t.chance * c.win_triple;
        sum.lose_triple += t.chance * c.lose_triple;
    }
    sum
}

/// The chances of the side that has just played and left `after` (seen from him): the game
/// won, or the adversary's chances on roll turned about. Under modern stakes a side that has
/// borne a man off cannot lose a gammon, whatever the evaluation's rough share says.
fn after_play(after: &Position, doublets: bool, stakes: Stakes, searcher: &Searcher) -> Chances {
    if after.off() >= 15 {
        let (stake, _) = bear_off_stake(stakes, &after.switched(), doublets);
        return Chances {
            win: 1.0,
            win_big: f32::from(u8::from(stake >= 2)),
            lose_big: 0.0,
            win_triple: f32::from(u8::from(stake >= 3 && stakes == Stakes::Gammons)),
            lose_triple: 0.0,
        };
    }
    let b = searcher.eval.chances(&after.switched());
    let saved = |side: &Position| stakes == Stakes::Gammons && side.off() > 0;
    let (a_saved, b_saved) = (saved(after), saved(&after.switched()));
    Chances {
        win: 1.0 - b.win,
        win_big: if b_saved { 0.0 } else { b.lose_big },
        lose_big: if a_saved { 0.0 } else { b.win_big },
        win_triple: if b_saved { 0.0 } else { b.lose_triple },
        lose_triple: if a_saved { 0.0 } else { b.win_triple },
    }
}
