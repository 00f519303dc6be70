//! The one-sided database: for every position of up to 15 men on a side's home points, the
//! distribution of the number of turns it needs to bear every man off, each turn's play chosen
//! to make the expected number least (as GNU Backgammon's one-sided database); and for every
//! position of all 15 men, the distribution of the turns to bear the first man off.

use super::universe::{Home, PlayBuf, Rule, Universe, men, pips, plays_in};
use super::{DiceSpec, disk, weights};

/// The most a chance read back from disk may be (a sum of rounded chances may pass 1 by a
/// rounding).
pub(super) const CHANCE_MOST: f32 = 1.0 + 1e-3;

/// Turns a distribution holds: the chance of needing more is put in the last (it is below
/// 1e-6 for every rule the engine plays).
pub const TURNS: usize = 32;

/// The one-sided database of one bearing-off rule and one set of dice.
#[derive(Debug)]
pub struct OneSided {
    pub universe: Universe,
    /// `off[i * TURNS + n]`: the chance that position `i` needs exactly `n` turns.
    off: Vec<f32>,
    mean: Vec<f32>,
    /// For a position of 15 men, its slot in `first` (else `u32::MAX`).
    first_slot: Vec<u32>,
    /// `first[slot * TURNS + n]`: the chance that the first man is off after exactly `n` turns.
    first: Vec<f32>,
}

/// What the best play of one throw leads to.
#[derive(Clone, Copy)]
enum Choice {
    /// The goal is reached with this throw.
    Done,
    /// A position already solved.
    To(usize),
    /// No play moves a man (or standing still is best): the position itself.
    Stay,
}

impl OneSided {
    /// Solves every position (children before parents: by their pips).
    #[must_use]
    pub fn build(dice: &DiceSpec, rule: Rule) -> OneSided {
        let universe = Universe::new(15);
        let mut order: Vec<usize> = (0..universe.len()).collect();
        order.sort_by_key(|&i| pips(&universe.homes[i]));
        let (mean, off) = solve(&universe, &order, dice, rule, None);
        let (fmean, fdist) = solve(&universe, &order, dice, rule, Some(15));
        drop(fmean);
        let mut first_slot = vec![u32::MAX; universe.len()];
        let mut first = Vec::new();
        for (i, h) in universe.homes.iter().enumerate() {
            if men(h) == 15 {
                first_slot[i] = (first.len() / TURNS) as u32;
                first.extend_from_slice(&fdist[i * TURNS..(i + 1) * TURNS]);
            }
        }
        OneSided {
            universe,
            off,
            mean: mean.into_iter().map(|m| m as f32).collect(),
            first_slot,
            first,
        }
    }

    /// The chance of needing exactly `n` turns to bear every man off, `n` = 0 to `TURNS - 1`.
    #[must_use]
    pub fn off(&self, h: &Home) -> &[f32] {
        self.off_at(self.universe.index(h))
    }

    /// [`OneSided::off`] of the position of index `i`.
    #[must_use]
    pub fn off_at(&self, i: usize) -> &[f32] {
        &self.off[i * TURNS..(i + 1) * TURNS]
    }

    /// The expected number of turns to bear every man off.
    #[must_use]
    pub fn mean(&self, h: &Home) -> f32 {
        self.mean[self.universe.index(h)]
    }

    /// For a position of all 15 men, the chance that the first man is off after exactly `n`
    /// turns.
    #[must_use]
    pub fn first(&self, h: &Home) -> Option<&[f32]> {
        self.first_at(self.universe.index(h))
    }

    /// [`OneSided::first`] of the position of index `i`.
    #[must_use]
    pub fn first_at(&self, i: usize) -> Option<&[f32]> {
        let slot = self.first_slot[i];
        (slot != u32::MAX).then(|| &self.first[slot as usize * TURNS..(slot as usize + 1) * TURNS])
    }

    /// Its numbers, to keep on disk ([`super::disk`]).
    #[must_use]
    pub fn parts(&self) -> [Vec<u32>; 4] {
        [
            disk::bits(&self.off),
            disk::bits(&self.mean),
            self.first_slot.clone(),
            disk::bits(&self.first),
        ]
    }

    /// The database of these numbers, if they are whole and sound: each distribution of
    /// chances, each mean a number of turns, each slot of a position of 15 men in range.
    #[must_use]
    pub fn from_parts(parts: Vec<Vec<u32>>) -> Option<OneSided> {
        let [off, mean, first_slot, first]: [Vec<u32>; 4] = parts.try_into().ok()?;
        let universe = Universe::new(15);
        let n = universe.len();
        let slots = first.len() / TURNS;
        let sound = off.len() == n * TURNS
            && mean.len() == n
            && first_slot.len() == n
            && first.len() % TURNS == 0
            && first_slot.iter().enumerate().all(|(i, &s)| {
                if men(&universe.homes[i]) == 15 {
                    (s as usize) < slots
                } else {
                    s == u32::MAX
                }
            });
        if !sound {
            return None;
        }
        Some(OneSided {
            universe,
            off: disk::numbers(off, CHANCE_MOST)?,
            mean: disk::numbers(mean, TURNS as f32)?,
            first_slot,
            first: disk::numbers(first, CHANCE_MOST)?,
        })
    }

    /// Bytes the database holds.
    #[must_use]
    pub fn bytes(&self) -> usize {
        4 * (self.off.len() + self.mean.len() + self.first_slot.len() + self.first.len())
            + 6 * self.universe.len()
    }
}

/// Solves the goal "every man off" (`first` = `None`) or "the first man off" from positions of
/// `first` men: the least expected turns and each position's distribution.
fn solve(
    u: &Universe,
    order: &[usize],
    dice: &DiceSpec,
    rule: Rule,
    first: Option<u8>,
) -> (Vec<f64>, Vec<f32>) {
    let n = u.len();
    let mut mean = vec![0.0f64; n];
    let mut dist = vec![0.0f32; n * TURNS];
    let mut kids = Vec::new();
    let mut room = PlayBuf::default();
    let chances: Vec<f64> = dice.throws.iter().map(|t| t.1).collect();
    let mut best = vec![(f64::INFINITY, Choice::Stay); chances.len()];
    let mut stay = vec![false; chances.len()];
    let mut values = vec![0.0f64; chances.len()];
    for &i in order {
        let h = u.homes[i];
        let m = men(&h);
        let done = |k: &Home| match first {
            None => men(k) == 0,
            Some(all) => men(k) < all,
        };
        if done(&h) {
            dist[i * TURNS] = 1.0;
            continue;
        }
        if first.is_some_and(|all| m != all) {
            continue;
        }
        for (t, (faces, _)) in dice.throws.iter().enumerate() {
            plays_in(&mut room, &h, faces, rule, &mut kids);
            best[t] = (f64::INFINITY, Choice::Stay);
            stay[t] = false;
            for k in &kids {
                if *k == h {
                    stay[t] = true;
                    continue;
                }
                let (v, c) = if done(k) {
                    (0.0, Choice::Done)
                } else {
                    let j = u.index(k);
                    (mean[j], Choice::To(j))
                };
                if v < best[t].0 {
                    best[t] = (v, c);
                }
            }
        }
        // The expected turns M solve M = 1 + E[best of each throw], where standing still is
        // worth M itself: iterate from below (standing still is rarely forced for long).
        let mut guess = 0.0f64;
        let mut w = Vec::new();
        for _ in 0..10_000 {
            for t in 0..values.len() {
                values[t] = if stay[t] && best[t].0 > guess {
                    guess
                } else {
                    best[t].0
                };
            }
            w = weights(&values, &chances, dice.double_hand, false);
            let next = 1.0 + w.iter().zip(&values).map(|(w, v)| w * v).sum::<f64>();
            let change = (next - guess).abs();
            guess = next;
            if change < 1e-12 {
                break;
            }
        }
        mean[i] = guess;
        let choice: Vec<Choice> = (0..values.len())
            .map(|t| {
                if stay[t] && best[t].0 > guess {
                    Choice::Stay
                } else {
                    best[t].1
                }
            })
            .collect();
        let mut total = 0.0f32;
        for turn in 1..TURNS - 1 {
            let mut p = 0.0f64;
            for (t, c) in choice.iter().enumerate() {
                p += w[t]
                    * match c {
                        Choice::Done => f64::from(u8::from(turn == 1)),
                        Choice::To(j) => f64::from(dist[j * TURNS + turn - 1]),
                        Choice::Stay => f64::from(dist[i * TURNS + turn - 1]),
                    };
            }
            dist[i * TURNS + turn] = p as f32;
            total += p as f32;
        }
        dist[i * TURNS + TURNS - 1] = (1.0 - total).max(0.0);
    }
    (mean, dist)
}
