//! Shots at a blot: how many throws let a side hit the adversary's man standing alone, which the
//! board's tooltips tell a learner. Worked out from the engine's legal plays.

use crate::tables::Throw;
use crate::tables::movegen::{MoveRules, legal_plays};
use crate::tables::{Compulsion, Position, Rules};

/// How many throws, out of all the throws of the dice (36 for two, 216 for three), let the
/// mover hit the adversary's blot on `point` (in the mover's numbering) under these rules.
#[must_use]
pub fn hitting_throws(pos: &Position, point: usize, rules: &Rules) -> (u32, u32) {
    if !(1..=24).contains(&point) || pos.pips()[point] != -1 {
        return (0, 0);
    }
    let count = rules.dice_count();
    let mut hits = 0;
    let mut all = 0;
    for (throw, ways) in Throw::all(count) {
        all += ways;
        let moves = throw.moves(rules.dice, rules.doublets);
        // Under any compulsion, every legal play is a prefix of a full one, so look at the
        // longest plays: a hit on the way still shows (the blot is gone from its point).
        let full = MoveRules {
            bear_off: rules.bear_off,
            compulsion: Compulsion::Free,
            no_hitting: rules.tick_tack,
        };
        if legal_plays(pos, moves, full)
            .iter()
            .any(|p| p.position.pips()[point] >= 0)
        {
            hits += ways;
        }
    }
    (hits, all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Preset;

    #[test]
    fn a_blot_six_away_is_hit_by_seventeen_throws_in_modern_backgammon() {
        // Given the mover's man on his 13 and an adversary's blot six points in front, on his 7
        let pos: Position = "13:1 1:14 / 18:1 1:14".parse().unwrap();
        // Direct sixes (11), 5-1 and 4-2 (4), 3-3 and 2-2 (2): 17 of 36
        assert_eq!(
            hitting_throws(&pos, 7, &Rules::preset(Preset::Modern)),
            (17, 36)
        );
        // In Irish doublets are played twice only: 2-2 no longer reaches (3-3 still does)
        assert_eq!(
            hitting_throws(&pos, 7, &Rules::preset(Preset::Irish)),
            (16, 36)
        );
    }

    #[test]
    fn no_blot_no_shots() {
        assert_eq!(
            hitting_throws(&Position::default(), 7, &Rules::default()),
            (0, 0)
        );
    }
}
