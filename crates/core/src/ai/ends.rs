//! How a game may end, and what each end is worth: the chances the evaluation gives
//! ([`Chances`]), how a side's wins and losses are shared among the stakes ([`Outcomes`]), and
//! in a match what each end is worth at the score ([`MatchWeights`]).
//!
//! Plain values below both the evaluation ([`super::eval`]), which gives them, and the cube
//! ([`super::cube`]), which reads a match's score into them: neither needs the other for them.

use crate::tables::Stakes;

/// What a game's end is worth in a match to the side deciding (`me`), in units of what winning
/// or losing the cube's value is worth at the score: `won[k]` for a win of `k + 1` times the
/// cube, `lost[k]` for a loss (so `won[0]` is 1 and `lost[0]` is −1). Ends beyond the arrays
/// are worth their last entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchWeights {
    pub won: [f32; 4],
    pub lost: [f32; 4],
}

impl MatchWeights {
    /// Every end a single game, won or lost: the Jacoby rule before the cube has turned.
    #[must_use]
    pub fn single() -> MatchWeights {
        MatchWeights {
            won: [1.0; 4],
            lost: [-1.0; 4],
        }
    }

    /// A win of `points` times the cube, to the side deciding (`mine`) or to its adversary
    /// (then worth, to the adversary, minus what the loss is worth to the side deciding).
    #[must_use]
    pub fn win(&self, points: u32, mine: bool) -> f32 {
        let k = (points.max(1) as usize - 1).min(3);
        if mine { self.won[k] } else { -self.lost[k] }
    }

    /// The same for a loss.
    #[must_use]
    pub fn loss(&self, points: u32, mine: bool) -> f32 {
        let k = (points.max(1) as usize - 1).min(3);
        if mine { self.lost[k] } else { -self.won[k] }
    }
}

/// A's chances, from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chances {
    /// A wins.
    pub win: f32,
    /// A wins big (and `win` includes it).
    pub win_big: f32,
    /// B wins big.
    pub lose_big: f32,
    /// A wins a modern back-gammon (and `win_big` includes it); counted only under modern
    /// stakes, where it pays three.
    pub win_triple: f32,
    /// B wins a modern back-gammon.
    pub lose_triple: f32,
}

/// How a game may end, for the side on roll: its chance of winning, and how its wins and its
/// losses are shared among 1, 2, 3 and 4 times the cube (a gammon scores 2, a back-gammon 3;
/// Willughby's and Cotton's stakes add doublets' bonus).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcomes {
    pub win: f32,
    /// `wins[k]`: the share of the side's wins that score `k + 1` times the cube (sums to 1).
    pub wins: [f32; 4],
    /// The same of its losses.
    pub losses: [f32; 4],
}

impl Outcomes {
    /// The outcomes of the evaluation's chances under a stakes table.
    #[must_use]
    pub fn of(c: Chances, stakes: Stakes) -> Outcomes {
        let share = |part: f32, whole: f32| {
            if whole > 1e-6 {
                (part / whole).clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        let lose = 1.0 - c.win;
        let (win_big, lose_big) = (share(c.win_big, c.win), share(c.lose_big, lose));
        let (win_triple, lose_triple) = (share(c.win_triple, c.win), share(c.lose_triple, lose));
        let spread = |big: f32, triple: f32| -> [f32; 4] {
            match stakes {
                // Nard's count has no share by points here: a win is a win.
                Stakes::Single | Stakes::Nard => [1.0, 0.0, 0.0, 0.0],
                Stakes::Gammons => [1.0 - big, big - triple, triple, 0.0],
                // A last throw of doublets (one in six) adds one.
                Stakes::Willughby | Stakes::Cotton => {
                    let d = 1.0 / 6.0;
                    let plain = 1.0 - big;
                    let mut s = [plain * (1.0 - d), plain * d, 0.0, 0.0];
                    let at = if stakes == Stakes::Cotton { 2 } else { 1 };
                    s[at] += big * (1.0 - d);
                    s[at + 1] += big * d;
                    s
                }
            }
        };
        Outcomes {
            win: c.win.clamp(0.0, 1.0),
            wins: spread(win_big, win_triple),
            losses: spread(lose_big, lose_triple),
        }
    }

    /// The same outcomes seen from the other side.
    #[must_use]
    pub fn switched(&self) -> Outcomes {
        Outcomes {
            win: 1.0 - self.win,
            wins: self.losses,
            losses: self.wins,
        }
    }

    fn mean(shares: &[f32; 4]) -> f32 {
        shares.iter().zip(1..).map(|(s, k)| s * k as f32).sum()
    }

    /// The same shares with the chance of winning that makes the cubeless value (in units of
    /// the cube) `v`: how a searched value, deeper than the chances, is carried into a match.
    #[must_use]
    pub fn valued(&self, v: f32) -> Outcomes {
        let (w, l) = (Outcomes::mean(&self.wins), Outcomes::mean(&self.losses));
        Outcomes {
            win: ((v + l) / (w + l)).clamp(0.0, 1.0),
            ..*self
        }
    }
}
