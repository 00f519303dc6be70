//! What the cube is worth: the one model by which the computer doubles, takes and drops, and by
//! which the analysis and the tutor judge those actions.
//!
//! The evaluation gives a cubeless value `v` (stakes per unit of the cube, for the side on
//! roll). The cube's worth is Janowski's: a cubeful value is a mix of the dead cube (the
//! cubeless value) and the fully live cube of Keeler and Spencer, in which a side doubles its
//! adversary out at 80% and takes at 20%:
//! `cubeful = (1 − x)·v + x·live(p)`, with `p = (v + 1)/2` the chance of winning the value
//! stands for, and `x` the cube's efficiency ([`EFFICIENCY`]). Gammons enter through `v`
//! alone: a side whose cubeless value is above a single game plays on for more
//! ("too good to double").
//!
//! All values here are for the doubler, in units of the cube before the double.
//!
//! In a match the stakes are the chance of winning the match, read from a match equity table
//! (GNU Backgammon's Kazaross-XG2, [`super::data::met`]): [`MatchScore`] and [`Outcomes`]
//! give the cubeful chance by the same mix of a dead and a live cube, the live cube's cash
//! points found level by level from the top of the cube down, as in GNU Backgammon
//! (Jørn Thyssen's notes on cube efficiency in match play). [`CubeValues::in_match`] turns those
//! chances back into the units above, one unit being what winning or losing the cube's value
//! is worth at this score, so that every decision and every loss reads the same way in a match
//! as for stakes.

use super::ends::MatchWeights;
pub use super::ends::Outcomes;
pub use crate::tables::CubeChoice;
use crate::tables::{Crawford, Game, Side};

/// Janowski's cube efficiency, x: 0 is a dead cube, 1 a fully live one. 0.68 is the value he
/// and GNU Backgammon's authors found for money play in the middle game.
pub const EFFICIENCY: f32 = 0.68;

/// Who may turn the cube next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Either side may double.
    Centred,
    /// Only the side on roll may double (it owns the cube).
    Mine,
    /// Only the adversary may double.
    Theirs,
}

/// The value to the side on roll of a position whose cubeless value is `v`, with the cube's
/// access as given, in units of the cube as it stands.
#[must_use]
pub fn cubeful(v: f32, access: Access) -> f32 {
    let p = ((v + 1.0) / 2.0).clamp(0.0, 1.0);
    // The live cube: a straight line between the points at which one side cashes.
    let line = |lo: f32, hi: f32| ((p - lo) / (hi - lo) * 2.0 - 1.0).clamp(-1.0, 1.0);
    let live = match access {
        Access::Centred => line(0.2, 0.8),
        Access::Mine => line(0.0, 0.8),
        Access::Theirs => line(0.2, 1.0),
    };
    (1.0 - EFFICIENCY) * v + EFFICIENCY * live
}

/// The doubler's values of the three ways a double can go, for a position whose cubeless
/// value to him (on roll) is `v`, with `access` the cube's access before the double.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeValues {
    /// He does not double (and throws).
    pub no_double: f32,
    /// He doubles and is taken: twice the cube, which the taker then owns.
    pub double_take: f32,
    /// He doubles and is dropped: one unit won.
    pub double_drop: f32,
}

impl CubeValues {
    #[must_use]
    pub fn new(v: f32, access: Access) -> CubeValues {
        CubeValues {
            no_double: cubeful(v, access),
            double_take: 2.0 * cubeful(v, Access::Theirs),
            double_drop: 1.0,
        }
    }

    /// The values of a double for stakes under the Jacoby rule, the cube in the middle: not
    /// doubling plays on for a single game (`single`, the value with every end a single game),
    /// a double taken plays for the full stakes (`full`), the taker then owning the cube.
    #[must_use]
    pub fn jacoby(single: f32, full: f32) -> CubeValues {
        CubeValues {
            no_double: cubeful(single, Access::Centred),
            double_take: 2.0 * cubeful(full, Access::Theirs),
            double_drop: 1.0,
        }
    }

    /// A double answered rightly: the taker picks what is worse for the doubler.
    #[must_use]
    pub fn double(&self) -> f32 {
        self.double_take.min(self.double_drop)
    }

    /// Whether doubling is right.
    #[must_use]
    pub fn should_double(&self) -> bool {
        self.double() > self.no_double
    }

    /// Whether the taker should take (his value, `-double_take`, is no worse than `-1`).
    #[must_use]
    pub fn should_take(&self) -> bool {
        self.double_take <= self.double_drop
    }

    /// The best cube action for the side that chooses, and what `chosen` lost against it, in
    /// units of the cube before the double (always ≥ 0). `chosen` is one of `Double`, `Throw`
    /// (no double: any action that is not `Double` counts as that), `Take` and `Drop`.
    #[must_use]
    pub fn judge(&self, chosen: CubeChoice) -> (CubeChoice, f32) {
        match chosen {
            CubeChoice::Double | CubeChoice::NoDouble => {
                let (best, best_v) = if self.should_double() {
                    (CubeChoice::Double, self.double())
                } else {
                    (CubeChoice::NoDouble, self.no_double)
                };
                let chosen_v = if chosen == CubeChoice::Double {
                    self.double()
                } else {
                    self.no_double
                };
                (best, (best_v - chosen_v).max(0.0))
            }
            CubeChoice::Take | CubeChoice::Drop => {
                // The taker's own values: minus the doubler's.
                let (take, drop) = (-self.double_take, -self.double_drop);
                let best = if take >= drop {
                    CubeChoice::Take
                } else {
                    CubeChoice::Drop
                };
                let chosen_v = if chosen == CubeChoice::Take {
                    take
                } else {
                    drop
                };
                (best, (take.max(drop) - chosen_v).max(0.0))
            }
        }
    }
}

/// The chance of winning the match for a side `me` points away against a side `them` away
/// (0 away: the match is won). `post_crawford`: a side one away plays after the Crawford game
/// (or under no Crawford rule), and its adversary doubles freely; otherwise a side one away is
/// about to play the Crawford game. Scores beyond the table are read as its longest match.
#[must_use]
pub fn match_equity(me: u32, them: u32, post_crawford: bool) -> f32 {
    use super::data::met::{MET_LENGTH, POST, PRE};
    let most = MET_LENGTH as u32;
    let (a, b) = (me.min(most) as usize, them.min(most) as usize);
    match (a, b) {
        (0, _) => 1.0,
        (_, 0) => 0.0,
        (1, 1) => 0.5,
        (1, b) if post_crawford => 1.0 - POST[b - 1],
        (a, 1) if post_crawford => POST[a - 1],
        (a, b) => PRE[a - 1][b - 1],
    }
}

/// A match's score as the cube sees it, from the side that may double (or has doubled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchScore {
    /// Points that side still needs.
    pub me: u32,
    /// Points its adversary still needs.
    pub them: u32,
    /// The cube's value now (before any double).
    pub cube: u32,
    /// Whether the first side to come within a point of the match will then play a Crawford
    /// game: the rule is played and its game has not come yet.
    pub crawford_to_come: bool,
}

/// The match's score seen from `side`, in a match (`None` in a session for stakes).
#[must_use]
pub fn match_score(game: &Game, side: Side) -> Option<MatchScore> {
    let to = u32::from(game.rules().match_to);
    if to == 0 {
        return None;
    }
    let tally = game.tally_before();
    Some(MatchScore {
        me: to.saturating_sub(tally.stakes(side)),
        them: to.saturating_sub(tally.stakes(side.other())),
        cube: game.cube().value,
        crawford_to_come: game.rules().crawford && tally.crawford() == Crawford::Ahead,
    })
}

/// A match's weights are read from the match's score, which is the cube's business: the
/// evaluation keeps the weights and never names the score.
impl MatchWeights {
    /// The weights of a match's score, from the side deciding.
    #[must_use]
    pub fn of(score: &MatchScore) -> MatchWeights {
        let cube = i64::from(score.cube.max(1));
        let (cash, cashed) = (score.after(cube), score.after(-cube));
        let unit = |m: f32| {
            if cash - cashed > 1e-6 {
                2.0 * (m - cashed) / (cash - cashed) - 1.0
            } else {
                0.0
            }
        };
        let mut won = [0.0; 4];
        let mut lost = [0.0; 4];
        for k in 0..4 {
            let points = (k as i64 + 1) * cube;
            won[k] = unit(score.after(points));
            lost[k] = unit(score.after(-points));
        }
        MatchWeights { won, lost }
    }
}

/// `from + (to - from) · num / den`, or `to` where the span is empty.
fn along(from: f32, to: f32, num: f32, den: f32) -> f32 {
    if den > 1e-6 {
        from + (to - from) * (num / den).clamp(0.0, 1.0)
    } else {
        to
    }
}

impl MatchScore {
    /// The side's chance of winning the match once this game has scored `won` points for it
    /// (negative: against it).
    #[must_use]
    pub fn after(&self, won: i64) -> f32 {
        let gone =
            |away: u32, points: i64| u32::try_from((i64::from(away) - points).max(0)).unwrap_or(0);
        let (me, them) = if won >= 0 {
            (gone(self.me, won), self.them)
        } else {
            (self.me, gone(self.them, -won))
        };
        match_equity(me, them, !self.crawford_to_come)
    }

    /// The same score seen from the adversary.
    #[must_use]
    pub fn switched(&self) -> MatchScore {
        MatchScore {
            me: self.them,
            them: self.me,
            ..*self
        }
    }

    /// The chance of winning the match now, with the cube as it stands.
    #[must_use]
    pub fn now(&self) -> f32 {
        self.after(0)
    }

    /// The side's chance of winning the match if it wins this game with the cube at `cube`,
    /// over the ways it may win.
    fn won(&self, o: &Outcomes, cube: u32) -> f32 {
        (1..)
            .zip(o.wins)
            .map(|(k, s)| s * self.after(k * i64::from(cube)))
            .sum()
    }

    /// The same if it loses.
    fn lost(&self, o: &Outcomes, cube: u32) -> f32 {
        (1..)
            .zip(o.losses)
            .map(|(k, s)| s * self.after(-k * i64::from(cube)))
            .sum()
    }

    /// The chance of winning the match with the cube dead at `cube`.
    #[must_use]
    pub fn dead(&self, o: &Outcomes, cube: u32) -> f32 {
        o.win * self.won(o, cube) + (1.0 - o.win) * self.lost(o, cube)
    }

    /// Each side's cash point with the cube at its value now: the chance of winning at which
    /// its double makes the adversary's take and drop equal, the cube being live above it
    /// (`[this side, its adversary]`, each its own chance).
    #[must_use]
    pub fn cash_points(&self, o: &Outcomes) -> [f32; 2] {
        // The cube is dead once it covers what both sides need.
        let top = self.me.max(self.them).max(1);
        let mut levels = vec![self.cube.max(1)];
        while levels.last().is_some_and(|&c| c < top) && levels.len() < 16 {
            levels.push(levels.last().map_or(1, |c| c.saturating_mul(2)));
        }
        let sides = [(*self, *o), (self.switched(), o.switched())];
        let mut above: Option<[f32; 2]> = None;
        for &cube in levels.iter().rev() {
            let mut here = [1.0; 2];
            for (i, (score, o)) in sides.iter().enumerate() {
                let score = MatchScore { cube, ..*score };
                let drop = score.after(i64::from(cube));
                let take_win = score.won(o, 2 * cube);
                let take_lose = score.lost(o, 2 * cube);
                let dead = if take_lose - take_win < -1e-6 {
                    ((take_lose - drop) / (take_lose - take_win)).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                here[i] = match above {
                    None => dead,
                    Some(above) => {
                        // The taker owns the cube at twice the value and cashes at his own
                        // point there: the doubler's chance after the take runs straight from
                        // that cash to his own win.
                        let redoubled_drop = score.after(-2 * i64::from(cube));
                        let span = redoubled_drop - take_win;
                        if span.abs() > 1e-6 {
                            (1.0 - above[1 - i] * (drop - take_win) / span).clamp(0.0, 1.0)
                        } else {
                            dead
                        }
                    }
                };
            }
            above = Some(here);
        }
        above.unwrap_or([1.0; 2])
    }

    /// The side's chance of winning the match with the cube at its value now and the access
    /// given, a mix of the dead cube and the live one by the cube's efficiency.
    #[must_use]
    pub fn cubeful(&self, o: &Outcomes, access: Access) -> f32 {
        self.cubeful_with(o, access, EFFICIENCY)
    }

    /// [`MatchScore::cubeful`] with the cube's efficiency `x`.
    #[must_use]
    pub fn cubeful_with(&self, o: &Outcomes, access: Access, x: f32) -> f32 {
        let [mine, theirs] = self.cash_points(o);
        let (to_cash, to_be_cashed) = (mine, 1.0 - theirs);
        let p = o.win;
        let (won, lost) = (self.won(o, self.cube), self.lost(o, self.cube));
        let (cash, cashed) = (
            self.after(i64::from(self.cube)),
            self.after(-i64::from(self.cube)),
        );
        let (cashes, is_cashed) = (access != Access::Theirs, access != Access::Mine);
        let live = if is_cashed && p <= to_be_cashed {
            // The adversary doubles me out: my chance runs from a sure loss to his cash.
            along(lost, cashed, p, to_be_cashed)
        } else if cashes && p >= to_cash {
            // I double him out, or play on for more.
            along(cash, won, p - to_cash, 1.0 - to_cash)
        } else {
            let (from, from_p) = if is_cashed {
                (cashed, to_be_cashed)
            } else {
                (lost, 0.0)
            };
            let (to, to_p) = if cashes { (cash, to_cash) } else { (won, 1.0) };
            along(from, to, p - from_p, to_p - from_p)
        };
        (1.0 - x) * self.dead(o, self.cube) + x * live
    }

    /// Whether the cube is dead for this side: winning the game at the cube as it stands
    /// already wins it the match, so a double could only give the adversary more to win
    /// (GNU Backgammon's "dead cube").
    #[must_use]
    pub fn dead_for_me(&self) -> bool {
        self.me <= self.cube
    }

    /// The score once the cube is doubled.
    #[must_use]
    pub fn doubled(&self) -> MatchScore {
        MatchScore {
            cube: self.cube.saturating_mul(2),
            ..*self
        }
    }
}

impl CubeValues {
    /// The values of a double in a match, for the side that may double with `access`: its
    /// chances of winning the match, in units of what winning or losing the cube's value now
    /// is worth at this score (so a drop is worth 1, as for stakes).
    #[must_use]
    pub fn in_match(o: &Outcomes, score: &MatchScore, access: Access) -> CubeValues {
        CubeValues::of_chances(&MatchChances::of(o, score, access), score)
    }

    /// The chances of [`MatchChances`] in units of what winning or losing the cube's value
    /// now is worth at `score` (GNU Backgammon's "normalised" match equity): a drop is 1.
    #[must_use]
    pub fn of_chances(chances: &MatchChances, score: &MatchScore) -> CubeValues {
        let (cash, cashed) = (
            score.after(i64::from(score.cube)),
            score.after(-i64::from(score.cube)),
        );
        let unit = |mwc: f32| {
            if cash - cashed > 1e-6 {
                2.0 * (mwc - cashed) / (cash - cashed) - 1.0
            } else {
                0.0
            }
        };
        CubeValues {
            no_double: unit(chances.no_double),
            double_take: unit(chances.double_take),
            double_drop: unit(chances.double_drop),
        }
    }
}

/// The doubler's chances of winning the match (0 to 1) after each way a double can go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchChances {
    pub no_double: f32,
    pub double_take: f32,
    pub double_drop: f32,
}

impl MatchChances {
    /// The chances of the side that may double with `access` at `score`, for a game whose
    /// outcomes are `o`.
    #[must_use]
    pub fn of(o: &Outcomes, score: &MatchScore, access: Access) -> MatchChances {
        MatchChances {
            no_double: score.cubeful(o, access),
            double_take: score.doubled().cubeful(o, Access::Theirs),
            double_drop: score.after(i64::from(score.cube)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn take_point() -> f32 {
        // The doubler's value at which the taker is indifferent, by bisection.
        let (mut lo, mut hi) = (0.0_f32, 1.0_f32);
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if CubeValues::new(mid, Access::Centred).should_take() {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    #[test]
    fn the_take_point_is_janowskis() {
        // Janowski: the taker needs 1/(4 + x) of the games, gammonless.
        let v = take_point();
        let taker_p = 1.0 - (v + 1.0) / 2.0;
        assert!(
            (taker_p - 1.0 / (4.0 + EFFICIENCY)).abs() < 0.002,
            "{taker_p}"
        );
    }

    #[test]
    fn a_middling_position_is_no_double_and_a_crushing_one_too_good() {
        assert!(!CubeValues::new(0.1, Access::Centred).should_double());
        assert!(CubeValues::new(0.6, Access::Centred).should_double());
        // Far above a single game: playing on for the gammon beats the drop's one unit.
        assert!(!CubeValues::new(1.4, Access::Centred).should_double());
    }

    #[test]
    fn under_the_jacoby_rule_no_position_is_too_good_to_double() {
        // Far above a single game: for stakes the side plays on for the gammon, but under the
        // Jacoby rule a gammon counts only once the cube has turned, so it doubles and cashes.
        assert!(!CubeValues::new(1.4, Access::Centred).should_double());
        let jacoby = CubeValues::jacoby(0.9, 1.4);
        assert!(jacoby.should_double() && !jacoby.should_take());
        // A middling position is no double either way
        assert!(!CubeValues::jacoby(0.1, 0.15).should_double());
    }

    #[test]
    fn the_right_choice_loses_nothing_and_the_wrong_one_loses_the_difference() {
        let values = CubeValues::new(0.6, Access::Centred);
        let (best, loss) = values.judge(CubeChoice::Double);
        assert_eq!((best, loss), (CubeChoice::Double, 0.0));
        let (best, loss) = values.judge(CubeChoice::NoDouble);
        assert_eq!(best, CubeChoice::Double);
        assert!((loss - (values.double() - values.no_double)).abs() < 1e-6);
        assert!(loss > 0.0);
        // Far behind, the taker drops, and a take costs what it does.
        let hopeless = CubeValues::new(0.95, Access::Centred);
        let (best, loss) = hopeless.judge(CubeChoice::Take);
        assert_eq!(best, CubeChoice::Drop);
        assert!((loss - (hopeless.double_take - 1.0)).abs() < 1e-6);
    }

    /// Outcomes without gammons, winning `p`.
    fn plain(p: f32) -> Outcomes {
        Outcomes {
            win: p,
            wins: [1.0, 0.0, 0.0, 0.0],
            losses: [1.0, 0.0, 0.0, 0.0],
        }
    }

    fn score(me: u32, them: u32, cube: u32, crawford_to_come: bool) -> MatchScore {
        MatchScore {
            me,
            them,
            cube,
            crawford_to_come,
        }
    }

    #[test]
    fn the_table_gives_each_side_the_rest_of_the_chances() {
        for a in 0..=27 {
            for b in 0..=27 {
                if a == 0 && b == 0 {
                    continue;
                }
                for post in [false, true] {
                    let (me, them) = (match_equity(a, b, post), match_equity(b, a, post));
                    assert!(
                        (me + them - 1.0).abs() < 1e-4,
                        "{a} {b} {post}: {me} {them}"
                    );
                    assert!((0.0..=1.0).contains(&me));
                }
            }
        }
        // Nearer the match is better, whoever is away
        for a in 2..=25 {
            for b in 1..=25 {
                assert!(match_equity(a - 1, b, false) > match_equity(a, b, false));
            }
        }
        assert_eq!(match_equity(0, 3, false), 1.0);
        assert_eq!(match_equity(3, 0, true), 0.0);
        // Kazaross-XG2, as gnubg ships it: 2-away against 4-away before the Crawford game
        assert!((match_equity(2, 4, false) - 0.6687).abs() < 1e-6);
        assert!((match_equity(2, 1, true) - 0.48803).abs() < 1e-6);
    }

    #[test]
    fn the_taker_at_two_away_all_takes_what_the_table_says_and_no_less() {
        // A double at 2-away, 2-away ends the match at once: the taker needs only what a drop
        // leaves him, the Crawford game at 1-away against 2-away: 1 - 0.67736.
        let at = score(2, 2, 1, true);
        let needs = 1.0 - match_equity(1, 2, false);
        for (taker, takes) in [(needs + 0.01, true), (needs - 0.01, false)] {
            let values = CubeValues::in_match(&plain(1.0 - taker), &at, Access::Centred);
            assert_eq!(values.should_take(), takes, "{taker}");
        }
    }

    #[test]
    fn at_double_match_point_the_cube_is_never_turned() {
        let at = score(1, 1, 1, false);
        for i in 1..20 {
            let p = i as f32 / 20.0;
            assert!(!CubeValues::in_match(&plain(p), &at, Access::Centred).should_double());
        }
    }

    #[test]
    fn after_the_crawford_game_the_trailer_doubles_and_the_leader_drops_freely() {
        // The trailer 4 away against a leader 1 away: the leader gives up little by dropping
        // (4-away and 3-away are nearly the same to the trailer), so he drops a game he would
        // take for stakes.
        let trailer = score(4, 1, 1, false);
        let (leader_wins, money_v) = (0.3, 0.4);
        let values = CubeValues::in_match(&plain(1.0 - leader_wins), &trailer, Access::Centred);
        assert!(!values.should_take(), "{values:?}");
        assert!(CubeValues::new(money_v, Access::Centred).should_take());
        // With more than even chances he takes.
        let values = CubeValues::in_match(&plain(0.45), &trailer, Access::Centred);
        assert!(values.should_take(), "{values:?}");
        // The trailer doubles even as the underdog: the leader's cube is dead.
        let values = CubeValues::in_match(&plain(0.45), &trailer, Access::Centred);
        assert!(values.should_double(), "{values:?}");
        // The leader himself never doubles: one game wins him the match.
        let leader = trailer.switched();
        for i in 1..20 {
            let p = i as f32 / 20.0;
            assert!(!CubeValues::in_match(&plain(p), &leader, Access::Centred).should_double());
        }
    }

    #[test]
    fn gammons_count_only_where_the_score_pays_them() {
        // 2-away against 2-away, cube on 1: a gammon wins the match as a single game cannot.
        // The same chance of winning with gammons is worth more; at 1-away post-Crawford a
        // gammon is worth no more than a single win.
        let gammons = Outcomes {
            win: 0.6,
            wins: [0.7, 0.3, 0.0, 0.0],
            losses: [1.0, 0.0, 0.0, 0.0],
        };
        let two = score(2, 2, 1, true);
        assert!(two.dead(&gammons, 1) > two.dead(&plain(0.6), 1) + 0.05);
        let one = score(1, 3, 1, false);
        assert!((one.dead(&gammons, 1) - one.dead(&plain(0.6), 1)).abs() < 1e-6);
    }

    #[test]
    fn a_long_match_plays_the_cube_much_as_for_stakes() {
        let long = score(25, 25, 1, true);
        let take_point = |values: fn(f32) -> CubeValues| {
            let (mut lo, mut hi) = (0.5_f32, 1.0_f32);
            for _ in 0..40 {
                let mid = (lo + hi) / 2.0;
                if values(mid).should_take() {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            1.0 - lo
        };
        let in_match = take_point(|p| {
            CubeValues::in_match(&plain(p), &score(25, 25, 1, true), Access::Centred)
        });
        let money = take_point(|p| CubeValues::new(2.0 * p - 1.0, Access::Centred));
        assert!((in_match - money).abs() < 0.03, "{in_match} {money}");
        assert!(long.cash_points(&plain(0.5))[0] > 0.6);
    }
}
