//! The two-sided database: for every pair of small positions (each side at most
//! [`TWO_SIDED_MEN`] men on its home points), the exact chance that the side on roll bears all
//! its men off first, each side playing to make its own chance greatest; and what the pair is
//! worth for stakes with the cube, both sides doubling, taking and passing perfectly, with
//! the cube in the middle, the roller's own, or its adversary's (GNU Backgammon's two-sided
//! database holds the same). No gammon is left in such a pair: each side has borne men off.

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
    /// `cube[(a * len + b) * 3 + c]`: what the side on roll at `a` against `b` has for stakes,
    /// in units of the cube, with the cube in the middle (`c` 0), its own (1) or its
    /// adversary's (2), both sides playing the cube perfectly.
    cube: Vec<f32>,
}

/// Which cube value of a pair: in the middle, the roller's own, its adversary's.
const CENTRED: usize = 0;
const MINE: usize = 1;
const THEIRS: usize = 2;

/// The four values of one side on roll of a pair: its chance, and its cube values with the
/// cube in the middle, its own and its adversary's.
type Values = [f64; 4];

/// One side's values from the values of each throw's best play for each (chance, not
/// doubling with the cube in the middle, not doubling with its own cube, its adversary's
/// cube): a double is made when both its take and its pass are worth at least not doubling,
/// and is then taken or passed, whichever costs the doubler more (GNU Backgammon's rule).
fn decided(avg: Values) -> Values {
    let [w, centred, own, theirs] = avg;
    // Doubled and taken, the adversary owns a cube twice as big.
    let take = 2.0 * theirs;
    let with = |no_double: f64| {
        if take >= no_double && 1.0 >= no_double {
            take.min(1.0)
        } else {
            no_double
        }
    };
    [w, with(centred), with(own), theirs]
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
        let mut cube = vec![0.0f32; 3 * n * n];
        let chances: Vec<f64> = dice.throws.iter().map(|t| t.1).collect();
        // For one side of a pair, each throw's best play other than standing still by each of
        // the four values, and whether standing still is a play.
        let mut moved = [
            [(); 4].map(|()| vec![0.0f64; throws]),
            [(); 4].map(|()| vec![0.0f64; throws]),
        ];
        let mut stays = [vec![false; throws], vec![false; throws]];
        let mut values = vec![0.0f64; throws];
        for &(a, b) in &pairs {
            let (a, b) = (a as usize, b as usize);
            if empty[a] || empty[b] {
                // A side with no man left has won, a single game at the cube.
                for (me, you) in [(a, b), (b, a)] {
                    let won = empty[me];
                    win[me * n + you] = if won { 1.0 } else { 0.0 };
                    let v = if won { 1.0 } else { -1.0 };
                    cube[(me * n + you) * 3..(me * n + you) * 3 + 3].fill(v);
                }
                continue;
            }
            for (s, (me, you)) in [(a, b), (b, a)].into_iter().enumerate() {
                for t in 0..throws {
                    let mut best = [f64::NEG_INFINITY; 4];
                    stays[s][t] = false;
                    for &k in &kids[at[me * throws + t]..at[me * throws + t + 1]] {
                        let k = k as usize;
                        if k == me {
                            stays[s][t] = true;
                            continue;
                        }
                        // The adversary is on roll at (you, k): the mover's chance and its
                        // cube values are the adversary's turned round (not doubling, the
                        // cube the mover's own is the adversary's adversary's).
                        let v: Values = if empty[k] {
                            [1.0; 4]
                        } else {
                            let at = (you * n + k) * 3;
                            [
                                1.0 - f64::from(win[you * n + k]),
                                -f64::from(cube[at + CENTRED]),
                                -f64::from(cube[at + THEIRS]),
                                -f64::from(cube[at + MINE]),
                            ]
                        };
                        for j in 0..4 {
                            best[j] = best[j].max(v[j]);
                        }
                    }
                    for j in 0..4 {
                        moved[s][j][t] = best[j];
                    }
                }
            }
            // x: the values of the side on roll at a; y: at b. Standing still hands the other
            // the same pair.
            let mut x: Values = [0.5, 0.0, 0.0, 0.0];
            let mut y: Values = x;
            let loops = stays[0].iter().chain(&stays[1]).any(|&s| s);
            for _ in 0..if loops { 10_000 } else { 1 } {
                let mut side = |s: usize, other: Values| -> Values {
                    let still = [1.0 - other[0], -other[1], -other[3], -other[2]];
                    let mut avg = [0.0; 4];
                    for j in 0..4 {
                        for t in 0..throws {
                            values[t] = if stays[s][t] {
                                moved[s][j][t].max(still[j])
                            } else {
                                moved[s][j][t]
                            };
                        }
                        let w = weights(&values, &chances, dice.double_hand, true);
                        avg[j] = w.iter().zip(&values).map(|(w, v)| w * v).sum::<f64>();
                    }
                    decided(avg)
                };
                let nx = side(0, y);
                let ny = if a == b { nx } else { side(1, nx) };
                let change: f64 = (0..4)
                    .map(|j| (nx[j] - x[j]).abs() + (ny[j] - y[j]).abs())
                    .sum();
                (x, y) = (nx, ny);
                if change < 1e-12 {
                    break;
                }
            }
            for (me, you, v) in [(a, b, x), (b, a, y)] {
                win[me * n + you] = v[0] as f32;
                for c in 0..3 {
                    cube[(me * n + you) * 3 + c] = v[c + 1] as f32;
                }
            }
        }
        TwoSided {
            universe: u,
            win,
            cube,
        }
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

    /// What the side on roll at `a` has against `b` for stakes, in units of the cube, with
    /// the cube in the middle, its own and its adversary's, both sides playing the cube
    /// perfectly; if both are small enough.
    #[must_use]
    pub fn cube(&self, a: &Home, b: &Home) -> Option<[f32; 3]> {
        let most = self.universe.men;
        if men(a) > most || men(b) > most {
            return None;
        }
        let n = self.universe.len();
        let at = (self.universe.index(a) * n + self.universe.index(b)) * 3;
        Some([self.cube[at], self.cube[at + 1], self.cube[at + 2]])
    }

    /// Its numbers, to keep on disk ([`super::disk`]): the chances, and the cube values as
    /// chances (`(v + 1) / 2`).
    #[must_use]
    pub fn parts(&self) -> [Vec<u32>; 2] {
        let cube: Vec<f32> = self.cube.iter().map(|v| (v + 1.0) / 2.0).collect();
        [disk::bits(&self.win), disk::bits(&cube)]
    }

    /// The database of positions of at most `most` men of these numbers, if they are whole
    /// and each a chance.
    #[must_use]
    pub fn from_parts(parts: Vec<Vec<u32>>, most: u8) -> Option<TwoSided> {
        let [win, cube]: [Vec<u32>; 2] = parts.try_into().ok()?;
        let universe = Universe::new(most);
        let n = universe.len();
        (win.len() == n * n && cube.len() == 3 * n * n).then_some(())?;
        let chance = super::one_sided::CHANCE_MOST;
        Some(TwoSided {
            universe,
            win: disk::numbers(win, chance)?,
            cube: disk::numbers(cube, chance)?
                .into_iter()
                .map(|c| 2.0 * c - 1.0)
                .collect(),
        })
    }

    /// Bytes the database holds.
    #[must_use]
    pub fn bytes(&self) -> usize {
        4 * (self.win.len() + self.cube.len()) + 6 * self.universe.len()
    }
}
