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

pub use crate::tables::CubeChoice;

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
}
