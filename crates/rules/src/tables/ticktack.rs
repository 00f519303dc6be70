//! Tick-tack's scores, written once: what a throw allows (a hit, going in), what a play made
//! scores (going in, the second table filled, Cotton's toots, boveries and flyers), the claims
//! a player makes and why one is refused. Pure functions of positions (seen from the mover)
//! and the rules; [`Game`](super::Game) keeps the chances of each throw and checks every claim
//! against them.
//!
//! Points are the engine's, seen from the mover: the route point `r` of RULES.md is the engine
//! point `25 − r`. The home table is route 1–6 (engine 24–19), the second table route 7–12
//! (engine 18–13), the adversary's eleventh point route 14 (engine 11), the bearing table route
//! 19–24 (engine 6–1).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::Position;
use super::dice::Moves;
use super::movegen::{MoveRules, legal_plays};
use super::play::Step;
use super::rules::{GoingInOpen, HitBy, Rules};

/// The adversary's eleventh point (route 14), where a side goes in.
pub const GOING_IN_POINT: usize = 11;
/// The side's own eleventh point (route 11), half of boveries.
pub const OWN_ELEVENTH: usize = 14;
/// The second table (route 7–12).
pub const SECOND_TABLE: [usize; 6] = [13, 14, 15, 16, 17, 18];
/// The home table (route 1–6), where the men start.
pub const HOME_TABLE: [usize; 6] = [19, 20, 21, 22, 23, 24];
/// The bearing table (route 19–24), whence men are borne off.
pub const BEARING_TABLE: [usize; 6] = [1, 2, 3, 4, 5, 6];

/// One of Tick-tack's scores, each worth a single or a double game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// The throw let a man reach a lone man of the adversary (1).
    Hit,
    /// Two men went into the adversary's eleventh point with one throw (2).
    GoingIn,
    /// All six points of the side's second table hold his men (2).
    SecondTable,
    /// All the side's men borne off (2).
    BearingOff,
    /// The adversary's hit, neither taken nor bettered by going in: 1 to the side.
    WhyNot,
    /// The adversary could go in and did not: 2 to the side.
    MissedGoingIn,
    /// Cotton's variant: all six points of the home table held.
    Toots,
    /// Cotton's variant: a man on each eleventh point, directly answering.
    Boveries,
    /// Cotton's variant: a man brought round into the bearing table while the adversary's men
    /// are all still in his home table.
    Flyers,
}

impl Score {
    /// What the score wins under `rules`: a single (1) or double (2) game; Cotton's variant as
    /// its option says.
    #[must_use]
    pub fn worth(self, rules: &Rules) -> u32 {
        match self {
            Score::Hit | Score::WhyNot => 1,
            Score::GoingIn | Score::SecondTable | Score::BearingOff | Score::MissedGoingIn => 2,
            Score::Toots => u32::from(rules.toots),
            Score::Boveries => u32::from(rules.boveries),
            Score::Flyers => u32::from(rules.flyers),
        }
    }

    /// The score in plain words, for the story of the game.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Score::Hit => "a hit",
            Score::GoingIn => "going in",
            Score::SecondTable => "the second table filled",
            Score::BearingOff => "bearing off every man",
            Score::WhyNot => "a why-not",
            Score::MissedGoingIn => "a going-in missed",
            Score::Toots => "toots",
            Score::Boveries => "boveries",
            Score::Flyers => "a flyer",
        }
    }
}

/// What a player claims at Tick-tack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    /// The thrower claims the hit his throw gives.
    Hit,
    /// The adversary's throw gave a hit he neither took nor bettered by going in.
    WhyNot,
    /// The adversary's throw let him go in, and he did not.
    MissedGoingIn,
}

impl Claim {
    /// The score a claim accepted counts.
    #[must_use]
    pub fn score(self) -> Score {
        match self {
            Claim::Hit => Score::Hit,
            Claim::WhyNot => Score::WhyNot,
            Claim::MissedGoingIn => Score::MissedGoingIn,
        }
    }
}

/// Why a claim was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum ClaimRefusal {
    #[error("this game has no claims")]
    NotThisGame,
    #[error("the rules count every hit and penalty themselves")]
    CountedByRules,
    #[error("{}", match .0 {
        Claim::Hit => "the throw reaches no lone man",
        Claim::WhyNot => "the adversary's throw gave no hit left untaken",
        Claim::MissedGoingIn => "the adversary's throw gave no going in left untaken",
    })]
    NoSuchChance(Claim),
}

/// What a throw allows before any man moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chances {
    /// Some man reaches a lone man of the adversary.
    pub hit: bool,
    /// Some legal play goes in.
    pub going_in: bool,
}

/// What the throw giving `moves` allows the side `pos` is seen from.
#[must_use]
pub fn chances(pos: &Position, moves: Moves, rules: &Rules) -> Chances {
    Chances {
        hit: hit_open(pos, moves, rules.hit_by),
        going_in: going_in_open(pos, moves, MoveRules::from(rules)),
    }
}

/// One way a man of the mover would reach a lone man of the adversary with the dice of a
/// throw: where he stands and where the lone man stands (the mover's numbering), the dice in
/// the order taken, and the first resting point on the way that the adversary holds, if one
/// does (Cotton's "stop in the way": then the way counts for nothing).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reach {
    pub from: usize,
    pub to: usize,
    pub dice: Vec<u8>,
    pub stop: Option<usize>,
}

/// How a score came about, for the story and the board, in the numbering of the side whose
/// throw it was (the scorer for a hit or going in; his adversary for a why-not or a going in
/// missed): the way that throw's hit reached a lone man, and a play of it that goes in (the
/// one made, or one let pass).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Why {
    /// The way the throw reached a lone man with no stop in the way, when it gave a hit.
    pub hit: Option<Reach>,
    /// A play of the throw that goes in, when it let the thrower go in.
    pub going_in: Option<Vec<Step>>,
    /// A going in let pass because a hit was taken in its place (Cotton's "eager prosecution
    /// of a hit").
    pub hit_taken: bool,
}

impl Why {
    /// What a throw giving `moves` to the side `before` is seen from allowed: its first hit
    /// with no stop in the way, and its first play that goes in.
    #[must_use]
    pub fn of_throw(before: &Position, moves: Moves, rules: &Rules) -> Why {
        Why {
            hit: reaches(before, moves, rules.hit_by)
                .into_iter()
                .find(|w| w.stop.is_none()),
            going_in: legal_plays(before, moves, MoveRules::from(rules))
                .into_iter()
                .find(|p| went_in(before, &p.position))
                .map(|p| p.steps.to_vec()),
            hit_taken: false,
        }
    }
}

/// Whether, under `rules`, a hit taken with a throw that allowed `chances` loses two instead
/// of scoring: Cotton's "if ... your cast is such that you may also go into your Adversaries
/// eleventh point by two other men, and you see it not, either by carelesness or eager
/// prosecution of a hit ... you lose two irrecoverably" (`going_in_open = hit_loses_two`).
/// Then a hit left untaken is no why-not either: going in was the play.
#[must_use]
pub fn hit_loses_two(rules: &Rules, chances: Chances) -> bool {
    rules.tick_tack && rules.going_in_open == GoingInOpen::HitLosesTwo && chances.going_in
}

/// What a walk calls at each lone man reached: where he stands, the dice taken, the first stop
/// rested on; `true` ends the walk.
type Seen<'a> = &'a mut dyn FnMut(usize, &[u8], Option<usize>) -> bool;

/// Walks the ways from `at` with `moves`, one die after another (each face once in each
/// position of the order), calling `seen(to, dice, stop)` at each lone man of the adversary
/// reached; a way goes on past a resting point only under `die_or_both`, and notes the first
/// stop it rests on. Stops when `seen` says so, and returns whether it did.
fn walk(
    pos: &Position,
    at: usize,
    moves: Moves,
    hit_by: HitBy,
    path: &mut ([u8; 4], usize),
    stop: Option<usize>,
    seen: Seen<'_>,
) -> bool {
    let faces = moves.faces();
    for (i, &die) in faces.iter().enumerate() {
        let d = usize::from(die);
        if (i > 0 && faces[i - 1] == die) || at <= d || path.1 >= path.0.len() {
            continue;
        }
        let to = at - d;
        path.0[path.1] = die;
        path.1 += 1;
        let done = if pos.at(to) == -1 {
            seen(to, &path.0[..path.1], stop)
        } else if hit_by == HitBy::DieOrBoth
            && let Some(rest) = moves.without(die)
        {
            let stop = stop.or((pos.at(to) < 0).then_some(to));
            walk(pos, to, rest, hit_by, path, stop, seen)
        } else {
            false
        };
        path.1 -= 1;
        if done {
            return true;
        }
    }
    false
}

/// Whether some man of the mover reaches a lone man of the adversary with `moves`: by one
/// die, or (`die_or_both`) by several in turn, each resting point one he may stand on (not a
/// stop: a point held by any adversary man). No man moves.
#[must_use]
pub fn hit_open(pos: &Position, moves: Moves, hit_by: HitBy) -> bool {
    (1..=24).any(|from| {
        pos.at(from) > 0
            && walk(
                pos,
                from,
                moves,
                hit_by,
                &mut ([0; 4], 0),
                None,
                &mut |_, _, stop| stop.is_none(),
            )
    })
}

/// Every way a man of the mover would reach a lone man of the adversary with `moves`, those
/// that rest on a stop included (each says which): the hit [`hit_open`] finds is a way with no
/// stop. Under `one_die` only single dice reach.
#[must_use]
pub fn reaches(pos: &Position, moves: Moves, hit_by: HitBy) -> Vec<Reach> {
    let mut out = Vec::new();
    for from in (1..=24).filter(|&p| pos.at(p) > 0) {
        walk(
            pos,
            from,
            moves,
            hit_by,
            &mut ([0; 4], 0),
            None,
            &mut |to, dice, stop| {
                out.push(Reach {
                    from,
                    to,
                    dice: dice.to_vec(),
                    stop,
                });
                false
            },
        );
    }
    out
}

/// Whether some legal play of `moves` goes in.
#[must_use]
pub fn going_in_open(pos: &Position, moves: Moves, rules: MoveRules) -> bool {
    legal_plays(pos, moves, rules)
        .iter()
        .any(|play| went_in(pos, &play.position))
}

/// Whether the play from `before` to `after` went in: two men or more more on the adversary's
/// eleventh point than before.
#[must_use]
pub fn went_in(before: &Position, after: &Position) -> bool {
    let had = before.at(GOING_IN_POINT).max(0);
    after.at(GOING_IN_POINT) >= had + 2
}

/// Whether all six points of the second table hold the mover's men.
#[must_use]
pub fn second_table_filled(pos: &Position) -> bool {
    SECOND_TABLE.iter().all(|&p| pos.at(p) > 0)
}

/// Whether all six points of the home table hold the mover's men (toots).
#[must_use]
pub fn home_table_filled(pos: &Position) -> bool {
    HOME_TABLE.iter().all(|&p| pos.at(p) > 0)
}

/// Whether the mover has a man on each eleventh point (boveries).
#[must_use]
pub fn boveries(pos: &Position) -> bool {
    pos.at(OWN_ELEVENTH) > 0 && pos.at(GOING_IN_POINT) > 0
}

/// Whether the play from `before` to `after` brought a man into the bearing table while every
/// man of the adversary is still in his home table (a flyer).
#[must_use]
pub fn flyer(before: &Position, after: &Position) -> bool {
    let in_bearing = |pos: &Position| -> i32 {
        BEARING_TABLE
            .iter()
            .map(|&p| i32::from(pos.at(p).max(0)))
            .sum::<i32>()
            + i32::from(pos.off())
    };
    in_bearing(after) > in_bearing(before)
        && after.adversary_bar() == 0
        && (7..=24).all(|p| after.at(p) >= 0)
}

/// The scores a play from `before` to `after` makes for the mover, in the order they count:
/// going in, then the second table, toots, boveries and flyers (each only when the play
/// brings it about, and Cotton's three only when played). Bearing off and the hit are the
/// game's to count.
#[must_use]
pub fn play_scores(before: &Position, after: &Position, rules: &Rules) -> Vec<Score> {
    let mut out = Vec::new();
    if went_in(before, after) {
        out.push(Score::GoingIn);
    }
    if second_table_filled(after) && !second_table_filled(before) {
        out.push(Score::SecondTable);
    }
    if rules.toots > 0 && home_table_filled(after) && !home_table_filled(before) {
        out.push(Score::Toots);
    }
    if rules.boveries > 0 && boveries(after) && !boveries(before) {
        out.push(Score::Boveries);
    }
    if rules.flyers > 0 && flyer(before, after) {
        out.push(Score::Flyers);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::dice::Throw;
    use crate::tables::rules::{Dice, Doublets};

    fn moves(a: u8, b: u8) -> Moves {
        Throw::two(a, b).unwrap().moves(Dice::Two, Doublets::Single)
    }

    #[test]
    fn a_hit_by_one_die_reaches_a_lone_man() {
        // White's man on 20 reaches Black's lone man on 17 with a trey
        let pos: Position = "20:1 22:14 / 8:1 1:14".parse().unwrap();
        assert_eq!(pos.at(17), -1);
        assert!(hit_open(&pos, moves(3, 5), HitBy::OneDie));
        assert!(!hit_open(&pos, moves(4, 6), HitBy::OneDie));
    }

    #[test]
    fn a_way_that_rests_on_a_stop_reaches_but_does_not_hit() {
        // Given White's man on 20, Black's lone man on 11 and two of Black's on 15 and 16
        let pos: Position = "20:1 22:14 / 14:1 10:2 9:2 1:10".parse().unwrap();
        assert_eq!((pos.at(11), pos.at(15), pos.at(16)), (-1, -2, -2));
        // When White throws cater and cinque, which together carry the man to 11
        let ways = reaches(&pos, moves(4, 5), HitBy::DieOrBoth);
        // Then both orders reach it, each resting on a stop, and there is no hit
        assert_eq!(ways.len(), 2, "{ways:?}");
        assert!(ways.iter().all(|w| w.from == 20 && w.to == 11));
        let stops: Vec<_> = ways.iter().map(|w| (w.dice.clone(), w.stop)).collect();
        assert!(stops.contains(&(vec![5, 4], Some(15))), "{stops:?}");
        assert!(stops.contains(&(vec![4, 5], Some(16))), "{stops:?}");
        assert!(!hit_open(&pos, moves(4, 5), HitBy::DieOrBoth));
    }
}
