//! The hand-made features of a position that the networks read beside where the men stand
//! (the race, the bar, shots, primes, anchors, stacks, blots, men off, the points made), and
//! the chance of a shot they count.

use super::{Evaluator, FEATURES, HEAD};
use crate::tables::Position;

impl Evaluator {
    /// The contact features of `pos` (see [`FEATURE_NAMES`]), with the race's probit `race_z`.
    #[must_use]
    pub fn features(&self, pos: &Position, race_z: f32) -> [f32; FEATURES] {
        let p = pos.pips();
        let made = |i: usize| p[i] >= 2;
        let b_made = |i: usize| p[i] <= -2;
        let a_home = (1..=6).filter(|&i| made(i)).count() as f32;
        let b_home = (19..=24).filter(|&i| b_made(i)).count() as f32;
        let a_bar = f32::from(pos.bar());
        let b_bar = f32::from(pos.adversary_bar());
        let (a_shots, a_loss) = self.shots(pos);
        let bview = pos.switched();
        let (b_shots, b_loss) = self.shots(&bview);
        // Primes: the longest run of made points with an adversary's man behind it.
        let b_rearmost = (0..=24).find(|&i| p[i] < 0).unwrap_or(25); // B moves upwards
        let a_rearmost = (1..=25).rev().find(|&i| p[i] > 0).unwrap_or(0);
        let run = |is_made: &dyn Fn(usize) -> bool, range: std::ops::RangeInclusive<usize>| {
            let (mut best, mut cur) = (0usize, 0usize);
            for i in range {
                if is_made(i) {
                    cur += 1;
                    best = best.max(cur);
                } else {
                    cur = 0;
                }
            }
            best
        };
        let a_prime = if b_rearmost < 24 {
            run(&made, b_rearmost + 1..=24)
        } else {
            0
        };
        let b_prime = if a_rearmost > 1 {
            run(&b_made, 1..=a_rearmost - 1)
        } else {
            0
        };
        let a_anchors = (19..=24).filter(|&i| made(i)).count() as f32;
        let b_anchors = (1..=6).filter(|&i| b_made(i)).count() as f32;
        let a_stack: i32 = (1..=24).map(|i| (i32::from(p[i]) - 3).max(0)).sum();
        let b_stack: i32 = (1..=24).map(|i| (-i32::from(p[i]) - 3).max(0)).sum();
        let a_back = f32::from(pos.bar()) + (19..=24).map(|i| f32::from(p[i].max(0))).sum::<f32>();
        let b_back = b_bar + (1..=6).map(|i| f32::from((-p[i]).max(0))).sum::<f32>();
        let a_blots = (1..=24).filter(|&i| p[i] == 1).count() as f32;
        let b_blots = (1..=24).filter(|&i| p[i] == -1).count() as f32;
        let pip_diff = (bview.pip_count() as f32 - pos.pip_count() as f32) / 50.0;
        let mut f = [0.0f32; FEATURES];
        let head = [
            1.0,
            race_z.clamp(-4.0, 4.0),
            pip_diff,
            a_bar,
            b_bar,
            a_bar.min(3.0) * b_home / 6.0,
            b_bar.min(3.0) * a_home / 6.0,
            a_shots,
            a_shots * a_loss / 24.0,
            a_shots * a_home / 6.0,
            b_shots,
            b_shots * b_loss / 24.0,
            b_shots * b_home / 6.0,
            (a_prime as f32 - 2.0).max(0.0),
            (b_prime as f32 - 2.0).max(0.0),
            a_anchors,
            b_anchors,
            a_stack as f32 / 4.0,
            b_stack as f32 / 4.0,
            if b_bar > 0.0 && a_home == 6.0 {
                1.0
            } else {
                0.0
            },
            if a_bar > 0.0 && b_home == 6.0 {
                1.0
            } else {
                0.0
            },
            a_back / 4.0,
            b_back / 4.0,
            f32::from(pos.off()) / 5.0,
            f32::from(pos.adversary_off()) / 5.0,
            a_blots / 3.0,
            b_blots / 3.0,
        ];
        f[..HEAD].copy_from_slice(&head);
        // Each side's made points 1 to 12 (its home and outer tables).
        for i in 1..=12 {
            f[HEAD + i - 1] = if made(i) { 1.0 } else { 0.0 };
            f[HEAD + 12 + i - 1] = if b_made(25 - i) { 1.0 } else { 0.0 };
        }
        f
    }

    /// The chance that the side on roll hits at least one of the adversary's blots with its
    /// throw, and the most pips a blot it can hit would lose. Intermediate landings of a man
    /// that uses several dice must be open; men on the bar must enter first.
    pub(crate) fn shots(&self, pos: &Position) -> (f32, f32) {
        let board = crate::ai::shots::Board::new(pos);
        if !board.any_blot() {
            return (0.0, 0.0);
        }
        let mut chance = 0.0f32;
        let mut worst = 0u32;
        for t in &self.throws {
            let hit = board.hit(t.moves.faces());
            if hit != 0 {
                chance += t.chance;
                worst = worst.max(63 - hit.leading_zeros());
            }
        }
        if self.double_hand {
            chance = 1.0 - (1.0 - chance) * (1.0 - chance);
        }
        (chance, worst as f32)
    }
}
