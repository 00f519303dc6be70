//! The two-sided database: for every pair of small positions (each side at most
//! [`TWO_SIDED_MEN`] men on its home points), the exact chance that the side on roll bears all
//! its men off first, each side playing to make its own chance greatest.

use super::universe::{Home, PlayBuf, Rule, Universe, men, pips, plays_in};
use super::{DiceSpec, disk, weights};

/// Men a side may have left for the two-sided database: 924 positions a side, 853,776 pairs.
pub const TWO_SIDED_MEN: u8 = 6;

/// The two-sided database of one bearing-off rule and one set of dice.
#[derive(Debug)]
pub struct TwoSided {
    pub universe: Universe,
    /// `win[a * len + b]`: the chance that the side on roll, at `a`, wins against `b`.
    win: Vec<f32>,
}

impl TwoSided {
    /// Solves every pair of positions of at most `most` men a side, by their pips together
    /// (each play lowers the mover's pips; a side that cannot move stands still, and the two
    /// orders of such a pair are solved together).
    #[must_use]
    pub fn build(dice: &DiceSpec, rule: Rule, most: u8) -> TwoSided {
        let u = Universe::new(most);
        let n = u.len();
        let throws = dice.throws.len();
        // Each position's plays of each throw, as indices (the empty position included).
        let mut kids: Vec<u32> = Vec::new();
        let mut at = vec![0usize; n * throws + 1];
        let mut buf = Vec::new();
        let mut room = PlayBuf::default();
        for (i, h) in u.homes.iter().enumerate() {
            for (t, (faces, _)) in dice.throws.iter().enumerate() {
                plays_in(&mut room, h, faces, rule, &mut buf);
                kids.extend(buf.iter().map(|k| u.index(k) as u32));
                at[i * throws + t + 1] = kids.len();
            }
        }
        let pip: Vec<u32> = u.homes.iter().map(pips).collect();
        let empty: Vec<bool> = u.homes.iter().map(|h| men(h) == 0).collect();
        let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(n * (n + 1) / 2);
        for a in 0..n {
            for b in a..n {
                pairs.push((a as u32, b as u32));
            }
        }
        pairs.sort_by_key(|&(a, b)| pip[a as usize] + pip[b as usize]);
        let mut win = vec![0.0f32; n * n];
        let chances: Vec<f64> = dice.throws.iter().map(|t| t.1).collect();
        // For one side of a pair: each throw's best play other than standing still, and
        // whether standing still is a play.
        let mut moved = [vec![0.0f64; throws], vec![0.0f64; throws]];
        let mut stays = [vec![false; throws], vec![false; throws]];
        let mut values = vec![0.0f64; throws];
        for &(a, b) in &pairs {
            let (a, b) = (a as usize, b as usize);
            if empty[a] || empty[b] {
                // A side with no man left has won.
                win[a * n + b] = if empty[a] { 1.0 } else { 0.0 };
                win[b * n + a] = if empty[b] { 1.0 } else { 0.0 };
                continue;
            }
            for (s, (me, you)) in [(a, b), (b, a)].into_iter().enumerate() {
                for t in 0..throws {
                    let mut best = f64::NEG_INFINITY;
                    stays[s][t] = false;
                    for &k in &kids[at[me * throws + t]..at[me * throws + t + 1]] {
                        let k = k as usize;
                        if k == me {
                            stays[s][t] = true;
                        } else {
                            let v = if empty[k] {
                                1.0
                            } else {
                                1.0 - f64::from(win[you * n + k])
                            };
                            best = best.max(v);
                        }
                    }
                    moved[s][t] = best;
                }
            }
            // x: the chance of the side on roll at a; y: at b. Standing still hands the
            // other the same pair.
            let (mut x, mut y) = (0.5f64, 0.5f64);
            let loops = stays[0].iter().chain(&stays[1]).any(|&s| s);
            for _ in 0..if loops { 10_000 } else { 1 } {
                let mut side = |s: usize, other: f64| {
                    for t in 0..throws {
                        values[t] = if stays[s][t] {
                            moved[s][t].max(1.0 - other)
                        } else {
                            moved[s][t]
                        };
                    }
                    let w = weights(&values, &chances, dice.double_hand, true);
                    w.iter().zip(&values).map(|(w, v)| w * v).sum::<f64>()
                };
                let nx = side(0, y);
                let ny = if a == b { nx } else { side(1, nx) };
                let change = (nx - x).abs() + (ny - y).abs();
                (x, y) = (nx, ny);
                if change < 1e-12 {
                    break;
                }
            }
            win[a * n + b] = x as f32;
            win[b * n + a] = y as f32;
        }
        TwoSided { universe: u, win }
    }

    /// The chance that the side on roll at `a` wins against `b`, if both are small enough.
    #[must_use]
    pub fn win(&self, a: &Home, b: &Home) -> Option<f32> {
        let most = self.universe.men;
        if men(a) > most || men(b) > most {
            return None;
        }
        let n = self.universe.len();
        Some(self.win[self.universe.index(a) * n + self.universe.index(b)])
    }

    /// Its numbers, to keep on disk ([`super::disk`]).
    #[must_use]
    pub fn parts(&self) -> [Vec<u32>; 1] {
        [disk::bits(&self.win)]
    }

    /// The database of positions of at most `most` men of these numbers, if they are whole
    /// and each a chance.
    #[must_use]
    pub fn from_parts(parts: &[Vec<u32>], most: u8) -> Option<TwoSided> {
        let [win] = parts else {
            return None;
        };
        let universe = Universe::new(most);
        let n = universe.len();
        (win.len() == n * n).then_some(())?;
        Some(TwoSided {
            universe,
            win: disk::numbers(win, super::one_sided::CHANCE_MOST)?,
        })
    }

    /// Bytes the database holds.
    #[must_use]
    pub fn bytes(&self) -> usize {
        4 * self.win.len() + 6 * self.universe.len()
    }
}
