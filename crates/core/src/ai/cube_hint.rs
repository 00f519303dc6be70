//! The cube hint: at a cube decision (the side on roll before it throws, or the taker's
//! answer to a double), the three cubeful values a double can lead to, no double, double and
//! take, double and pass, with the right action in GNU Backgammon's words, and in a match the
//! doubler's chances of winning the match after each. The window's Hint and `gamester hint`
//! both ask here; the values are those by which the computer doubles, takes and drops
//! ([`super::decide`]) and the analysis judges ([`super::judge`]).
//!
//! Values are for the doubler, in units of the cube before the double (in a match GNU
//! Backgammon's "normalised" equity: winning the cube's value now is +1, losing it −1), so a
//! pass is always +1.000, as gnubg prints them.

use crate::level::Level;
use crate::tables::{Action, Game, Phase, Rules, Side};

use super::cube::{Access, CubeValues, MatchChances};
use super::decide::{CubeAt, cube_values_at};
use super::search::Searcher;

/// The right cube action, as GNU Backgammon names it ("Proper cube action").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// Not yet: the doubler plays on, and a double would be taken.
    NoDoubleTake,
    DoubleTake,
    DoublePass,
    /// So good that the doubler plays on for more than the cube's value; a double would be
    /// taken (a take the taker should be glad of).
    TooGoodTake,
    /// So good that the doubler plays on; a double would be passed.
    TooGoodPass,
    /// In a match, the cube cannot help the doubler: winning this game at the cube as it
    /// stands already wins him the match (after the Crawford game, the leader's cube).
    DeadCube,
}

impl CubeAction {
    /// The action in GNU Backgammon's words, "Redouble" where the cube has turned already.
    #[must_use]
    pub fn gnubg_words(self, redouble: bool) -> &'static str {
        match (self, redouble) {
            (CubeAction::NoDoubleTake, false) => "No double, take",
            (CubeAction::NoDoubleTake, true) => "No redouble, take",
            (CubeAction::DoubleTake, false) => "Double, take",
            (CubeAction::DoubleTake, true) => "Redouble, take",
            (CubeAction::DoublePass, false) => "Double, pass",
            (CubeAction::DoublePass, true) => "Redouble, pass",
            (CubeAction::TooGoodTake, false) => "Too good to double, take",
            (CubeAction::TooGoodTake, true) => "Too good to redouble, take",
            (CubeAction::TooGoodPass, false) => "Too good to double, pass",
            (CubeAction::TooGoodPass, true) => "Too good to redouble, pass",
            (CubeAction::DeadCube, false) => "Never double, take (dead cube)",
            (CubeAction::DeadCube, true) => "Never redouble, take (dead cube)",
        }
    }

    /// Whether the doubler should double.
    #[must_use]
    pub fn doubles(self) -> bool {
        matches!(self, CubeAction::DoubleTake | CubeAction::DoublePass)
    }

    /// Whether a double, if made, should be taken.
    #[must_use]
    pub fn takes(self) -> bool {
        matches!(
            self,
            CubeAction::NoDoubleTake
                | CubeAction::DoubleTake
                | CubeAction::TooGoodTake
                | CubeAction::DeadCube
        )
    }

    /// The action of three values, by GNU Backgammon's rule (`FindBestCubeDecision`): a double
    /// when both the take and the pass are worth at least not doubling; too good when not
    /// doubling is worth more than the pass.
    #[must_use]
    pub fn of(values: &CubeValues) -> CubeAction {
        let (nd, dt, dp) = (values.no_double, values.double_take, values.double_drop);
        let pass = dt >= dp;
        if dt >= nd && dp >= nd {
            if pass {
                CubeAction::DoublePass
            } else {
                CubeAction::DoubleTake
            }
        } else if nd > dp {
            if dt > dp {
                CubeAction::TooGoodPass
            } else {
                CubeAction::TooGoodTake
            }
        } else {
            CubeAction::NoDoubleTake
        }
    }
}

/// The cube hint at one decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeHint {
    /// The side that may double (or has doubled).
    pub doubler: Side,
    /// The doubler's values of no double, double and take, double and pass.
    pub values: CubeValues,
    /// In a match, the doubler's chances of winning the match after each (0 to 1).
    pub chances: Option<MatchChances>,
    pub action: CubeAction,
    /// The cube has turned already (a redouble).
    pub redouble: bool,
    /// The double has been offered: the hint is for the taker's answer.
    pub offered: bool,
}

impl CubeHint {
    /// The action in GNU Backgammon's words.
    #[must_use]
    pub fn gnubg_words(&self) -> &'static str {
        self.action.gnubg_words(self.redouble)
    }
}

/// The cube hint for `game` at `level`, or `None` when the game waits for no cube decision:
/// the side on roll may not double now (no cube, the Crawford game, the cube its adversary's
/// or at its highest), or the game waits for something else.
#[must_use]
pub fn cube_hint(game: &Game, level: Level) -> Option<CubeHint> {
    let offered = match game.phase() {
        Phase::ToThrow if game.choices().contains(&Action::Double) => false,
        Phase::DoubleOffered => true,
        _ => return None,
    };
    let searcher = Searcher::new(game.rules());
    Some(hint_with(
        &searcher,
        &CubeAt::of(game),
        game.turn(),
        game.cube().owner.is_some(),
        offered,
        level,
    ))
}

/// The cube hint at `at` under `rules`, for a decision set up without a game (the command
/// line's). `doubler` names the side on roll; `redouble` whether the cube has turned;
/// `offered` whether the hint is for the taker's answer.
#[must_use]
pub fn cube_hint_at(
    rules: &Rules,
    at: &CubeAt,
    doubler: Side,
    redouble: bool,
    offered: bool,
    level: Level,
) -> CubeHint {
    hint_with(&Searcher::new(rules), at, doubler, redouble, offered, level)
}

fn hint_with(
    searcher: &Searcher,
    at: &CubeAt,
    doubler: Side,
    redouble: bool,
    offered: bool,
    level: Level,
) -> CubeHint {
    let (values, chances) = cube_values_at(at, searcher, level);
    let dead = at.score.is_some_and(|s| s.dead_for_me()) && at.access != Access::Theirs;
    let action = if dead && !offered {
        CubeAction::DeadCube
    } else {
        CubeAction::of(&values)
    };
    CubeHint {
        doubler,
        values,
        chances,
        action,
        redouble,
        offered,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(nd: f32, dt: f32) -> CubeValues {
        CubeValues {
            no_double: nd,
            double_take: dt,
            double_drop: 1.0,
        }
    }

    #[test]
    fn the_action_follows_gnubgs_rule() {
        assert_eq!(CubeAction::of(&values(0.1, -0.2)), CubeAction::NoDoubleTake);
        assert_eq!(CubeAction::of(&values(0.6, 0.7)), CubeAction::DoubleTake);
        assert_eq!(CubeAction::of(&values(0.8, 1.2)), CubeAction::DoublePass);
        assert_eq!(CubeAction::of(&values(1.3, 1.6)), CubeAction::TooGoodPass);
        assert_eq!(CubeAction::of(&values(1.3, 0.9)), CubeAction::TooGoodTake);
        // The take worth exactly the pass: gnubg calls it a pass.
        assert_eq!(CubeAction::of(&values(0.8, 1.0)), CubeAction::DoublePass);
        assert_eq!(CubeAction::DoublePass.gnubg_words(true), "Redouble, pass");
        assert!(CubeAction::DoubleTake.doubles() && CubeAction::DoubleTake.takes());
        assert!(!CubeAction::TooGoodPass.doubles() && !CubeAction::TooGoodPass.takes());
    }
}
