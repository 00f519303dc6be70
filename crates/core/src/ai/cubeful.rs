//! The cube inside the search: what a position is worth with the cube, looking throws ahead,
//! each side taking its own cube decisions at every turn of the tree, as GNU Backgammon's
//! cubeful evaluation does (`EvaluatePositionCubeful4`).
//!
//! At the leaves the cubeless chances become cubeful by Janowski's mix of the dead cube and
//! the live one ([`super::cube`]), with the cube's efficiency of the kind of position
//! ([`efficiency`]: gnubg's values). Above them, each throw's play is the one the root side
//! prefers by the cube at the root ([`Cubeful::plays_by`]), or the adversary by its cubeless
//! value, and the side on roll at every inner turn doubles when that is worth more
//! to it than not doubling, the other side taking or passing, whichever is worse for the
//! doubler. The root's own decision is the caller's: [`Cubeful::no_double`] values not
//! doubling and a double taken.
//!
//! Values are money (points, with the cube's value) for stakes and chances of winning the
//! match in a match, always for the side on roll.

use crate::tables::{Position, Stakes, TurnStart, legal_plays};

use super::cube::{Access, MatchScore};
use super::ends::Outcomes;
use super::eval::{Evaluator, ThrowInfo};
use super::search::{Depth, Searcher};

/// The cube as one side sees it at its turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cube {
    /// The cube's value.
    pub value: u32,
    /// Who may double next, from the side on roll.
    pub access: Access,
    /// The match's score from the side on roll, with `cube` the cube's value; `None` for
    /// stakes.
    pub score: Option<MatchScore>,
    /// Stakes under the Jacoby rule: gammons count only once the cube has turned.
    pub jacoby: bool,
    /// Whether the cube may be turned at all in this game (the rules' cube, and not the
    /// Crawford game): a cube that may not is dead.
    pub live: bool,
}

impl Cube {
    /// The same cube seen from the other side.
    pub(crate) fn switched(self) -> Cube {
        Cube {
            access: match self.access {
                Access::Centred => Access::Centred,
                Access::Mine => Access::Theirs,
                Access::Theirs => Access::Mine,
            },
            score: self.score.map(|s| s.switched()),
            ..self
        }
    }

    /// The cube once the side on roll has doubled and been taken.
    pub(crate) fn doubled(self) -> Cube {
        let value = self.value.saturating_mul(2);
        Cube {
            value,
            access: Access::Theirs,
            score: self.score.map(|s| MatchScore { cube: value, ..s }),
            ..self
        }
    }

    /// Whether the side on roll may double.
    fn may_double(self) -> bool {
        self.live && self.access != Access::Theirs && !self.score.is_some_and(|s| s.dead_for_me())
    }

    /// A value to the side on roll, seen from the other side.
    pub(crate) fn flip(self, v: f32) -> f32 {
        if self.score.is_some() { 1.0 - v } else { -v }
    }

    /// What the side on roll has once the game ends with `points` (before the cube) to it
    /// (negative: to its adversary).
    pub(crate) fn ended(self, points: i64) -> f32 {
        let points = if self.jacoby && self.access == Access::Centred {
            points.signum()
        } else {
            points
        };
        match self.score {
            Some(s) => s.after(points * i64::from(self.value)),
            None => (points * i64::from(self.value)) as f32,
        }
    }

    /// The side on roll's value of a double passed.
    pub(crate) fn cashed(self) -> f32 {
        self.ended(1)
    }

    /// The cubeful value of outcomes `o` with this cube, its efficiency `x`: the side on roll
    /// throws (no double now).
    fn janowski(self, o: &Outcomes, x: f32) -> f32 {
        let x = if self.live { x } else { 0.0 };
        let o = if self.jacoby && self.access == Access::Centred {
            Outcomes {
                wins: [1.0, 0.0, 0.0, 0.0],
                losses: [1.0, 0.0, 0.0, 0.0],
                ..*o
            }
        } else {
            *o
        };
        match self.score {
            Some(s) => s.cubeful_with(&o, self.access, x),
            None => money_live(&o, self.access, x) * self.value as f32,
        }
    }

    /// The cubeful value of a small bear-off whose exact stakes values with perfect cube play
    /// are `exact` (the cube in the middle, the roller's own, its adversary's; see
    /// [`super::bearoff::Databases::cube`]), its chances `o`, as GNU Backgammon values one of
    /// its two-sided database: for stakes the exact value; in a match, Janowski's mix with the
    /// cube's efficiency that the exact stakes value shows (how far it goes from the dead
    /// cube towards the fully live one), kept between 0 and `most`.
    fn bearing_off(self, o: &Outcomes, exact: &[f32; 3], most: f32) -> f32 {
        if !self.live {
            return self.janowski(o, most);
        }
        let i = match self.access {
            Access::Centred => 0,
            Access::Mine => 1,
            Access::Theirs => 2,
        };
        if self.score.is_none() {
            return exact[i] * self.value as f32;
        }
        let dead = money_live(o, self.access, 0.0);
        let live = money_live(o, self.access, 1.0);
        let x = if (live - dead).abs() > 1e-4 {
            ((exact[i] - dead) / (live - dead)).clamp(0.0, most)
        } else {
            most
        };
        self.janowski(o, x)
    }
}

/// GNU Backgammon's Janowski for stakes with gammons (`Cl2CfMoney`): the dead cube (the
/// cubeless value) mixed with the live cube, whose cash and take points come from the
/// average win `w` and loss `l`. In units of the cube.
pub(crate) fn money_live(o: &Outcomes, access: Access, x: f32) -> f32 {
    let mean = |s: &[f32; 4]| -> f32 { s.iter().zip(1..).map(|(s, k)| s * k as f32).sum() };
    let (w, l, p) = (mean(&o.wins), mean(&o.losses), o.win);
    let dead = p * w - (1.0 - p) * l;
    if p <= 1e-6 || p >= 1.0 - 1e-6 {
        return dead;
    }
    let take = (l - 0.5) / (w + l + 0.5);
    let cash = (l + 1.0) / (w + l + 0.5);
    let live = match access {
        Access::Centred => {
            if p < take {
                -l + (l - 1.0) * p / take
            } else if p < cash {
                -1.0 + 2.0 * (p - take) / (cash - take)
            } else {
                1.0 + (w - 1.0) * (p - cash) / (1.0 - cash)
            }
        }
        Access::Mine => {
            if p < cash {
                -l + (1.0 + l) * p / cash
            } else {
                1.0 + (w - 1.0) * (p - cash) / (1.0 - cash)
            }
        }
        Access::Theirs => {
            if p < take {
                -l + (l - 1.0) * p / take
            } else {
                -1.0 + (w + 1.0) * (p - take) / (1.0 - take)
            }
        }
    };
    (1.0 - x) * dead + x * live
}

/// The cube's efficiency in `pos` (side on roll), as GNU Backgammon sets it by the kind of
/// position: 0.68 with contact; in a race from 0.6 to 0.7 by the side's pips; 0.6 when both
/// sides are bearing off.
#[must_use]
pub fn efficiency(pos: &Position) -> f32 {
    if Evaluator::contact(pos) {
        return super::cube::EFFICIENCY;
    }
    let home = |p: &Position| (7..=25).all(|i| p.pips()[i] <= 0);
    if home(pos) && home(&pos.switched()) {
        return 0.6;
    }
    (0.55 + 0.00125 * pos.pip_count() as f32).clamp(0.6, 0.7)
}

/// A cubeful search under one set of rules.
pub(crate) struct Cubeful<'a> {
    /// Judges the leaves' chances, and ranks the plays of each throw for the few judged.
    pub searcher: &'a Searcher,
    pub stakes: Stakes,
    /// The cube by which the root side's plays inside the search are chosen, as that side
    /// sees it: the cube at the root, before its decision. GNU Backgammon's rule (its
    /// `pciMove`): a play is scored by its cubeful value with that cube, one throw being as
    /// far as its choice looks, the next side's cube decision included. Where a double makes
    /// gammons count for nothing (a side two points from the match), the doubler then plays
    /// safe where the cubeless value would play for the gammon. The adversary's plays are
    /// chosen by their cubeless value: chosen by the cube too, as gnubg does, they made the
    /// double taken worth more than gnubg finds it, and the hint agree with gnubg's less often
    /// (docs/computer.md).
    pub plays_by: Cube,
}

const ZERO: Depth = Depth {
    plies: 0,
    root_candidates: 0,
    inner_candidates: 0,
};

impl Cubeful<'_> {
    /// For each cube of `cubes`, the value to the side on roll in `pos` if it does not double
    /// now and throws, looking `plies` throws ahead; `mine`: the side on roll is the one the
    /// searcher chooses plays for (in a match the two value a game's ends differently).
    pub fn no_double(&self, pos: &Position, cubes: &[Cube], plies: u8, mine: bool) -> Vec<f32> {
        if plies == 0 {
            let o = Outcomes::of(self.searcher.eval.chances(pos), self.stakes);
            let x = efficiency(pos);
            let exact = self.searcher.eval.bearoff_cube(pos);
            return cubes
                .iter()
                .map(|c| match exact {
                    Some(e) => c.bearing_off(&o, &e, x),
                    None => c.janowski(&o, x),
                })
                .collect();
        }
        // A search two throws deep or more (the root of the cube's decision, of a play valued
        // with the cube, of a resignation) shares its throws among the cores; the throws below
        // are searched where they are.
        let throws = self.searcher.throws();
        let per_throw: Vec<Vec<f32>> = if plies >= 2 {
            super::search::every_core(throws.len(), |k| {
                self.after_throw(pos, &throws[k], cubes, plies, mine)
            })
        } else {
            throws
                .iter()
                .map(|t| self.after_throw(pos, t, cubes, plies, mine))
                .collect()
        };
        // A value every throw gives alike (a certain end) is that value exactly, not a rounding
        // of the throws' chances away from it, so that ties between the cube's values are ties,
        // as gnubg's rule reads them; otherwise the expectation, over the chances as summed.
        let whole = self.searcher.expect(&vec![1.0; per_throw.len()]);
        (0..cubes.len())
            .map(|i| {
                let vals: Vec<f32> = per_throw.iter().map(|v| v[i]).collect();
                match vals.first() {
                    Some(&first) if vals.iter().all(|&v| v == first) => first,
                    _ => self.searcher.expect(&vals) / whole,
                }
            })
            .collect()
    }

    /// For each cube, the value to the side on roll in `pos` of throwing `t` and playing it as
    /// [`Cubeful::plays_by`] says, the adversary then on roll with `plies − 1` throws to look
    /// at (`plies` at least 1).
    pub fn after_throw(
        &self,
        pos: &Position,
        t: &ThrowInfo,
        cubes: &[Cube],
        plies: u8,
        mine: bool,
    ) -> Vec<f32> {
        if self.searcher.throw_loses(pos, t) {
            return cubes.iter().map(|c| c.ended(-1)).collect();
        }
        let plays = legal_plays(pos, t.moves, self.searcher.eval.move_rules);
        let plays = self.searcher.worth_judging(
            plays.iter().map(|p| p.position).collect(),
            t.doublets,
            mine,
        );
        let best = plays
            .iter()
            .map(|p| {
                let v = if mine {
                    self.after_play(p, t.doublets, &[self.plays_by], 0, mine)[0]
                } else {
                    self.searcher.after_play_as(p, t.doublets, ZERO, mine)
                };
                (*p, v)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(*pos, |(p, _)| p);
        self.after_play(&best, t.doublets, cubes, plies.saturating_sub(1), mine)
    }

    /// For each cube, the value to the side that played of the position its play leaves
    /// (`after`, seen from that side), the adversary then on roll taking its own cube decision
    /// and looking `plies` throws ahead: GNU Backgammon's cubeful value of a play.
    pub fn after_play(
        &self,
        after: &Position,
        doublets: bool,
        cubes: &[Cube],
        plies: u8,
        mine: bool,
    ) -> Vec<f32> {
        if let Some(win) = self.searcher.endings().after_play(after, doublets) {
            return cubes
                .iter()
                .map(|c| c.ended(i64::from(win.stake)))
                .collect();
        }
        let theirs: Vec<Cube> = cubes.iter().map(|c| c.switched()).collect();
        let next = after.switched();
        let vals = match self.searcher.endings().turn_start(&next) {
            TurnStart::Throw => self.decided(&next, &theirs, plies, !mine),
            // A turn that does not begin with a throw: the cubeless search's value, the cube
            // dead.
            _ => {
                let v = self.searcher.on_roll(&next, ZERO);
                theirs.iter().map(|c| dead_value(*c, v)).collect()
            }
        };
        cubes.iter().zip(vals).map(|(c, v)| c.flip(v)).collect()
    }

    /// For each cube, the value to the side on roll with its cube decision taken: it doubles
    /// where a double (taken or passed, whichever is worse for it) is worth more than not.
    pub fn decided(&self, pos: &Position, cubes: &[Cube], plies: u8, mine: bool) -> Vec<f32> {
        let mut all = Vec::with_capacity(cubes.len() * 2);
        for c in cubes {
            all.push(*c);
            if c.may_double() {
                all.push(c.doubled());
            }
        }
        let vals = self.no_double(pos, &all, plies, mine);
        let mut out = Vec::with_capacity(cubes.len());
        let mut i = 0;
        for c in cubes {
            let nd = vals[i];
            i += 1;
            if c.may_double() {
                let dt = vals[i];
                i += 1;
                out.push(nd.max(dt.min(c.cashed())));
            } else {
                out.push(nd);
            }
        }
        out
    }
}

/// A cubeless value `v` (stakes at a cube of 1) as a value with the cube dead: money times the
/// cube; in a match, the chance it stands for between a game won and lost.
fn dead_value(c: Cube, v: f32) -> f32 {
    match c.score {
        Some(s) => {
            let (won, lost) = (s.after(i64::from(c.value)), s.after(-i64::from(c.value)));
            let p = ((v.clamp(-1.0, 1.0) + 1.0) / 2.0).clamp(0.0, 1.0);
            lost + (won - lost) * p
        }
        None => v * c.value as f32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{Preset, Rules};

    fn plain(p: f32) -> Outcomes {
        Outcomes {
            win: p,
            wins: [1.0, 0.0, 0.0, 0.0],
            losses: [1.0, 0.0, 0.0, 0.0],
        }
    }

    fn money(access: Access) -> Cube {
        Cube {
            value: 1,
            access,
            score: None,
            jacoby: false,
            live: true,
        }
    }

    #[test]
    fn the_live_cube_without_gammons_is_keeler_and_spencers() {
        // Fully live (x = 1): centred, a side cashes at 80% and is cashed at 20%
        let live = |p: f32, a: Access| money_live(&plain(p), a, 1.0);
        for (p, want) in [(0.2, -1.0), (0.5, 0.0), (0.8, 1.0), (0.9, 1.0)] {
            assert!((live(p, Access::Centred) - want).abs() < 1e-5, "{p}");
        }
        // Owning the cube, the line runs from a sure loss to the cash at 80%; without it, from
        // being cashed at 20% to a sure win
        assert!((live(0.4, Access::Mine) - 0.0).abs() < 1e-5);
        assert!((live(0.6, Access::Theirs) - 0.0).abs() < 1e-5);
        // A dead cube (x = 0) is the cubeless value
        assert!((money_live(&plain(0.7), Access::Centred, 0.0) - 0.4).abs() < 1e-5);
    }

    #[test]
    fn gammons_move_the_cash_point_down_and_a_sure_end_is_exact() {
        // Every win a gammon: the doubler cashes sooner, (L + 1)/(W + L + 0.5) = 2/3.5
        let o = Outcomes {
            win: 2.0 / 3.5,
            wins: [0.0, 1.0, 0.0, 0.0],
            losses: [1.0, 0.0, 0.0, 0.0],
        };
        assert!((money_live(&o, Access::Centred, 1.0) - 1.0).abs() < 1e-5);
        // A game surely won by a back-gammon is worth exactly three, whatever the cube
        let sure = Outcomes {
            win: 1.0,
            wins: [0.0, 0.0, 1.0, 0.0],
            losses: [1.0, 0.0, 0.0, 0.0],
        };
        for a in [Access::Centred, Access::Mine, Access::Theirs] {
            assert_eq!(money(a).janowski(&sure, 0.68), 3.0);
        }
    }

    #[test]
    fn the_efficiency_is_gnubgs_by_kind_of_position() {
        let mut pips = [0i8; 26];
        pips[6] = 15;
        pips[19] = -15;
        let race = Position::from_pips(pips).unwrap_or_default();
        assert!((efficiency(&race) - 0.6).abs() < 1e-6);
        let mut pips = [0i8; 26];
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            pips[p] = n;
            pips[25 - p] = -n;
        }
        let opening = Position::from_pips(pips).unwrap_or_default();
        assert!((efficiency(&opening) - super::super::cube::EFFICIENCY).abs() < 1e-6);
    }

    #[test]
    fn a_sure_win_next_throw_is_valued_exactly_at_every_depth_and_cube() {
        // The side on roll has one man left on its ace point; the adversary's men are all in
        // his outer board: a gammon, whatever he throws
        let rules = Rules::preset(Preset::Modern);
        let mut pips = [0i8; 26];
        pips[1] = 1;
        pips[12] = -15;
        let pos = Position::from_pips(pips).unwrap_or_default();
        let searcher = Searcher::new(&rules);
        let centred = money(Access::Centred);
        let search = Cubeful {
            searcher: &searcher,
            stakes: rules.stakes,
            plays_by: centred,
        };
        for plies in [1, 2] {
            let v = search.no_double(&pos, &[centred, centred.doubled()], plies, true);
            assert_eq!(v, vec![2.0, 4.0], "{plies}");
            // Playing on for the gammon beats cashing a single game
            assert_eq!(search.decided(&pos, &[centred], plies, true), vec![2.0]);
        }
    }
}
