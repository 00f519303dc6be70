//! The computer at Tick-tack. No man is ever taken up there: a game is won by the first score
//! (a hit, going in, the second table filled, bearing off), so a play is judged by what it
//! scores at once, what it leaves the adversary to score on his next throw, and what it leaves
//! the mover to score on his own next one. The scores themselves are the engine's
//! ([`crate::tables::ticktack`]); this module only weighs them.
//!
//! The levels differ in what they see, as players do: the expert sees every hit and every
//! chance the adversary missed and weighs every play exactly; fair overlooks one chance in five
//! and judges a little loosely; the novice overlooks one in two and judges loosely. What a
//! level overlooks depends on the game alone (a hash of its record), so the same game always
//! gives the same decision.

use super::decision::Decision;
use super::sight;
use crate::level::Level;
use crate::tables::ticktack::{self, Chances, Claim, Score};
use crate::tables::{Action, Game, Phase, Play, Position, Rules, Throw};

/// What the computer does at Tick-tack now, for the side whose decision it is; `None` when
/// the game waits for dice (it simply throws) or is over.
#[must_use]
pub fn decide(game: &Game, level: Level) -> Option<Decision> {
    let side = game.actor()?;
    let rules = game.rules();
    let open = game.open_claims(side);
    match game.phase() {
        Phase::Playing => {
            let before = game.position_for(side);
            let plays = game.legal_plays();
            let judged: Vec<(Play, f32)> = plays
                .iter()
                .enumerate()
                .map(|(i, p)| (*p, judge(game, &before, p, level, i)))
                .collect();
            let best = judged
                .iter()
                .copied()
                .fold(None, |best: Option<(Play, f32)>, (p, v)| match best {
                    Some((_, bv)) if bv >= v => best,
                    _ => Some((p, v)),
                });
            // A hit seen is claimed, unless a play scores more (going in is worth two), or the
            // engine says the hit taken would lose two (Cotton: going in was open).
            if open.contains(&Claim::Hit)
                && !game.hit_loses_two()
                && sight::sees(game.record(), level, 1)
                && best.is_none_or(|(_, v)| v < hit_claimed_value(rules))
            {
                return Some(Decision::Action(Action::Claim(Claim::Hit)));
            }
            best.map(|(p, _)| Decision::Play(p))
        }
        Phase::ToThrow => {
            // The adversary's chances missed, the double one first, as far as the level sees.
            for (salt, claim) in [(2, Claim::MissedGoingIn), (3, Claim::WhyNot)] {
                if open.contains(&claim) && sight::sees(game.record(), level, salt) {
                    return Some(Decision::Action(Action::Claim(claim)));
                }
            }
            if game.choices().contains(&Action::Double) && level != Level::Novice {
                let mine = scoring_chance(&game.position_for(side), rules);
                // A vie is worth offering when this throw more likely scores than not.
                return (mine > 0.55).then_some(Decision::Action(Action::Double));
            }
            None
        }
        Phase::DoubleOffered => {
            // The vier throws next: he wins about when he scores now, else it is even.
            let his = scoring_chance(&game.position_for(side.other()), rules);
            let lose = his + (1.0 - his) * 0.5;
            let stake = game.cube().value as f32;
            let raised = stake + 1.0;
            let see = raised * (1.0 - 2.0 * lose);
            Some(Decision::Action(if see >= -stake {
                Action::Take
            } else {
                Action::Drop
            }))
        }
        Phase::ChooseThrow => {
            // Double-hand: the throw that may score the more, else the first.
            let pos = game.position_for(side);
            let second = game
                .throws()
                .get(..2)
                .is_some_and(|t| best_score(&pos, t[1], rules) > best_score(&pos, t[0], rules));
            Some(Decision::Action(Action::ChooseThrow(u8::from(second))))
        }
        Phase::ResignOffered { stake, .. } => {
            // Offered at least what the game is like to bring, the computer takes it.
            let mine = scoring_chance(&game.position_for(side), rules);
            Some(Decision::Action(if f32::from(stake) >= 2.0 * mine {
                Action::AcceptResignation
            } else {
                Action::DeclineResignation
            }))
        }
        _ => None,
    }
}

/// The best `n` plays of the throw being played, best first, each with its worth to the side
/// playing as the level judges it (see [`decide`]).
#[must_use]
pub fn rank_plays(game: &Game, level: Level, n: usize) -> Vec<(Play, f32)> {
    let Some(side) = game.actor() else {
        return Vec::new();
    };
    let before = game.position_for(side);
    let mut judged: Vec<(Play, f32)> = game
        .legal_plays()
        .iter()
        .enumerate()
        .map(|(i, p)| (*p, judge(game, &before, p, level, i)))
        .collect();
    judged.sort_by(|a, b| b.1.total_cmp(&a.1));
    judged.truncate(n);
    judged
}

/// What claiming the throw's hit brings: a single game when the first score ends it; else a
/// point, with the play still to come.
fn hit_claimed_value(rules: &Rules) -> f32 {
    if rules.first_score_ends { 1.0 } else { 0.5 }
}

/// What a play from `before` is worth to the mover: what it scores at once, less what the
/// adversary may score on his next throw, plus a share of what the mover may score on his;
/// the lower levels judge with some noise (`i` tells the plays apart).
fn judge(game: &Game, before: &Position, play: &Play, level: Level, i: usize) -> f32 {
    let rules = game.rules();
    let mut value = worth(rules, before, game.chances(), &play.position);
    let noise = match level {
        Level::Expert => 0.0,
        Level::Fair => 0.15,
        Level::Novice => 0.6,
    };
    if noise > 0.0 {
        let u = (sight::hash_of(game.record(), 100 + i as u64) % 1000) as f32 / 1000.0;
        value += noise * (u - 0.5);
    }
    value
}

/// What the play from `before` to `after` is worth to the mover, as the expert judges it, the
/// throw having given `chances`: what it scores at once (a first score ends the game), less
/// a going in left untaken and what the adversary may expect to score on his next throw, plus
/// three tenths of what the mover may expect on his own, and a little for men carried forward.
/// The judge of plays (hint, tutor, analysis) asks this too.
#[must_use]
pub fn worth(rules: &Rules, before: &Position, chances: Chances, after: &Position) -> f32 {
    let made: u32 = ticktack::play_scores(before, after, rules)
        .iter()
        .map(|s| s.worth(rules))
        .sum::<u32>()
        + if after.borne_off_all() {
            Score::BearingOff.worth(rules)
        } else {
            0
        };
    let went_in = ticktack::went_in(before, after);
    let mut value = made as f32;
    if rules.first_score_ends && made > 0 {
        return value;
    }
    // A going in left untaken is two to the adversary, who is sure to see it.
    if chances.going_in && !went_in {
        value -= 2.0;
    }
    let threat = scoring_chance_worth(&after.switched(), rules);
    let attack = scoring_chance_worth(after, rules);
    value += -threat + 0.3 * attack;
    // Men carried forward, a little: the game must go on.
    value + 0.002 * (pips(before) - pips(after)) as f32
}

/// The mover's pips to go (men off count none).
fn pips(pos: &Position) -> i32 {
    (1..=24)
        .map(|p| i32::from(pos.at(p).max(0)) * p as i32)
        .sum()
}

/// The chance that the side `pos` is seen from scores on the throw it is about to make.
fn scoring_chance(pos: &Position, rules: &Rules) -> f32 {
    throws(rules)
        .map(|(t, w)| {
            if best_score(pos, t, rules) > 0 {
                w
            } else {
                0.0
            }
        })
        .sum()
}

/// What the side `pos` is seen from may expect to score on the throw it is about to make.
fn scoring_chance_worth(pos: &Position, rules: &Rules) -> f32 {
    throws(rules)
        .map(|(t, w)| w * best_score(pos, t, rules) as f32)
        .sum()
}

/// Every throw with its chance.
fn throws(rules: &Rules) -> impl Iterator<Item = (Throw, f32)> {
    let all = Throw::all(rules.dice_count());
    let total: u32 = all.iter().map(|(_, w)| w).sum();
    all.into_iter()
        .map(move |(t, w)| (t, w as f32 / total.max(1) as f32))
}

/// The most the side `pos` is seen from could score with throw `t`: going in or filling its
/// second table (two), a hit (one), or nothing.
fn best_score(pos: &Position, t: Throw, rules: &Rules) -> u32 {
    let moves = t.moves(rules.dice, rules.doublets);
    // Going in needs the point open and two men within reach of it.
    let reach: usize = moves.faces().iter().map(|&f| usize::from(f)).sum();
    let near = (ticktack::GOING_IN_POINT + 1..=(ticktack::GOING_IN_POINT + reach).min(24))
        .map(|p| i32::from(pos.at(p).max(0)))
        .sum::<i32>();
    if pos.at(ticktack::GOING_IN_POINT) >= 0
        && near >= 2
        && ticktack::going_in_open(pos, moves, crate::tables::MoveRules::from(rules))
    {
        return 2;
    }
    let held = ticktack::SECOND_TABLE
        .iter()
        .filter(|&&p| pos.at(p) > 0)
        .count();
    if held >= 4
        && crate::tables::legal_plays(pos, moves, crate::tables::MoveRules::from(rules))
            .iter()
            .any(|p| ticktack::second_table_filled(&p.position))
    {
        return 2;
    }
    u32::from(ticktack::hit_open(pos, moves, rules.hit_by))
}
