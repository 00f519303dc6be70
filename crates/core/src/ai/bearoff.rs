//! Bear-off databases: exact races once both sides have every man left on their home points.
//!
//! - The one-sided database ([`OneSided`]): for each of the 54,264 positions of up to 15 men
//!   on a side's six home points (a perfect index by the combinatorial number system,
//!   [`Universe`]), the distribution of the turns it needs to bear every man off, each turn's
//!   play chosen to make the expected number least, as GNU Backgammon's one-sided database;
//!   and for each of the 15,504 positions of all 15 men, the distribution of the turns to bear
//!   the first man off (for gammons). A race's chances come from these by convolution, as if
//!   each side played alone ([`Databases::race`]).
//! - The two-sided database ([`TwoSided`]): for every pair of positions of at most
//!   [`TWO_SIDED_MEN`] men a side, the exact chance that the side on roll wins, each side
//!   playing for its own chance.
//!
//! A database is made for one bearing-off rule (modern, over the edge, exact), one compulsion
//! and one set of dice (the moves each throw gives and its chance, and whether a side plays the
//! better of two throws, Double-hand's way): the [`Key`]. Each is made on first use, by the
//! thread that first asks (the computer's, never the window's), and kept for the life of the
//! program in a small cache ([`databases`]), and on disk between runs ([`disk`]). What each
//! costs is in docs/computer.md.

pub mod disk;
mod one_sided;
#[cfg(test)]
mod tests;
mod two_sided;
mod universe;

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use crate::tables::{BearOff, Moves};

pub use one_sided::{OneSided, TURNS};
pub use two_sided::{TWO_SIDED_MEN, TwoSided};
pub use universe::{Home, PlayBuf, Rule, Universe, men, pips, plays, plays_in};

/// The dice a database is made for: each throw's moves (highest first) and its chance, and
/// whether a side plays the better of two throws.
#[derive(Clone, Debug)]
pub struct DiceSpec {
    pub throws: Vec<(Vec<u8>, f64)>,
    pub double_hand: bool,
}

/// What a database is made for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub rule: Rule,
    /// Each throw's moves and its ways out of 216 (36 ways of two dice count six each).
    pub throws: Vec<(Moves, u32)>,
    pub double_hand: bool,
}

impl Key {
    /// The key of these throws (moves and chance) under `rule`.
    #[must_use]
    pub fn new(rule: Rule, throws: impl Iterator<Item = (Moves, f32)>, double_hand: bool) -> Key {
        Key {
            rule,
            throws: throws
                .map(|(m, c)| (m, (f64::from(c) * 216.0).round() as u32))
                .collect(),
            double_hand,
        }
    }

    fn dice(&self) -> DiceSpec {
        DiceSpec {
            throws: self
                .throws
                .iter()
                .map(|(m, w)| (m.faces().to_vec(), f64::from(*w) / 216.0))
                .collect(),
            double_hand: self.double_hand,
        }
    }
}

/// The weight each throw's value has in a turn's expectation, the side choosing the highest
/// (`highest`) or the lowest value: its chance, or in Double-hand the chance that it is the
/// better of the two throws (ties go to the earlier throw).
#[must_use]
pub fn weights(values: &[f64], chances: &[f64], double_hand: bool, highest: bool) -> Vec<f64> {
    if !double_hand {
        return chances.to_vec();
    }
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&i, &j| {
        let o = values[i].total_cmp(&values[j]);
        if highest { o.reverse() } else { o }
    });
    let mut w = vec![0.0; values.len()];
    // The chance left to the throws after this one in the order.
    let mut after: f64 = order.iter().map(|&i| chances[i]).sum();
    for &i in &order {
        after -= chances[i];
        w[i] = chances[i] * chances[i] + 2.0 * chances[i] * after.max(0.0);
    }
    w
}

/// The databases of one [`Key`], each made when first asked for.
#[derive(Debug)]
pub struct Databases {
    key: Key,
    /// Where the databases are kept between runs ([`disk`]), if anywhere.
    dir: Option<PathBuf>,
    one: OnceLock<OneSided>,
    two: OnceLock<TwoSided>,
}

/// A race's chances for the side on roll, from the databases.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Race {
    pub win: f32,
    /// It wins a gammon: the other side has all 15 men left (0 otherwise).
    pub win_gammon: f32,
    /// It loses a gammon: it has all 15 men left (0 otherwise).
    pub lose_gammon: f32,
}

impl Databases {
    /// The databases of `key`, kept in `dir` between runs (none: in memory only).
    #[must_use]
    pub fn new(key: Key, dir: Option<PathBuf>) -> Databases {
        Databases {
            key,
            dir,
            one: OnceLock::new(),
            two: OnceLock::new(),
        }
    }

    /// The one-sided database: read from disk, or made now and kept there.
    pub fn one_sided(&self) -> &OneSided {
        self.one.get_or_init(|| {
            self.kept(
                "one-sided",
                OneSided::from_parts,
                || OneSided::build(&self.key.dice(), self.key.rule),
                |d| d.parts().to_vec(),
            )
        })
    }

    /// The two-sided database: read from disk, or made now and kept there.
    pub fn two_sided(&self) -> &TwoSided {
        self.two.get_or_init(|| {
            self.kept(
                "two-sided",
                |p| TwoSided::from_parts(p, TWO_SIDED_MEN),
                || TwoSided::build(&self.key.dice(), self.key.rule, TWO_SIDED_MEN),
                |d| d.parts().to_vec(),
            )
        })
    }

    /// The database of `kind` read from the folder if a sound one is there, else made by
    /// `make` and kept there (its numbers by `parts`); with no folder, made in memory only.
    fn kept<T>(
        &self,
        kind: &str,
        read: impl FnOnce(Vec<Vec<u32>>) -> Option<T>,
        make: impl FnOnce() -> T,
        parts: impl FnOnce(&T) -> Vec<Vec<u32>>,
    ) -> T {
        let Some(dir) = &self.dir else {
            return make();
        };
        if let Some(t) = disk::load(dir, kind, &self.key).and_then(read) {
            return t;
        }
        let made = make();
        let arrays = parts(&made);
        let views: Vec<&[u32]> = arrays.iter().map(Vec::as_slice).collect();
        disk::store(dir, kind, &self.key, &views);
        made
    }

    /// What the side on roll at `a` has against `b` for stakes with perfect cube play, in
    /// units of the cube, with the cube in the middle, its own and its adversary's ([`Access`]
    /// order): the two-sided database's, when both are small enough.
    ///
    /// [`Access`]: crate::ai::cube::Access
    #[must_use]
    pub fn cube(&self, a: &Home, b: &Home) -> Option<[f32; 3]> {
        let small = men(a) <= TWO_SIDED_MEN && men(b) <= TWO_SIDED_MEN;
        small.then(|| self.two_sided().cube(a, b)).flatten()
    }

    /// The chances of the side on roll at `a` against `b`, neither without men: exact by the
    /// two-sided database when both are small, else by the one-sided distributions as if each
    /// side played alone; gammons (if `gammons`) by the turns to bear the first man off. A
    /// result that is certain comes out exact either way (a side done in one turn for sure).
    #[must_use]
    pub fn race(&self, a: &Home, b: &Home, gammons: bool) -> Race {
        let one = self.one_sided();
        let (ia, ib) = (one.universe.index(a), one.universe.index(b));
        let (pa, pb) = (one.off_at(ia), one.off_at(ib));
        let small = men(a) <= TWO_SIDED_MEN && men(b) <= TWO_SIDED_MEN;
        let win = match small.then(|| self.two_sided().win(a, b)).flatten() {
            Some(w) => w,
            None => first_finishes(pa, pb),
        };
        if !gammons {
            return Race {
                win,
                win_gammon: 0.0,
                lose_gammon: 0.0,
            };
        }
        let win_gammon = one.first_at(ib).map_or(0.0, |fb| first_finishes(pa, fb));
        let lose_gammon = one
            .first_at(ia)
            .map_or(0.0, |fa| 1.0 - first_finishes(fa, pb));
        Race {
            win,
            win_gammon: win_gammon.min(win),
            lose_gammon: lose_gammon.min(1.0 - win),
        }
    }
}

/// The chance that the side on roll, needing `a` turns (a distribution), is done no later
/// than the other side, needing `b`: it throws first.
#[must_use]
pub fn first_finishes(a: &[f32], b: &[f32]) -> f32 {
    // `left`: the chance that the other side needs at least n turns.
    let mut left = 1.0f32;
    let mut p = 0.0f32;
    for (pa, pb) in a.iter().zip(b) {
        p += pa * left;
        left -= pb;
    }
    p.clamp(0.0, 1.0)
}

/// The databases of `key`: from the cache, or new (each part made when first used).
#[must_use]
pub fn databases(key: &Key) -> Arc<Databases> {
    static CACHE: OnceLock<Mutex<Vec<Arc<Databases>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut list = match cache.lock() {
        Ok(l) => l,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(d) = list.iter().find(|d| d.key == *key) {
        return Arc::clone(d);
    }
    let d = Arc::new(Databases::new(key.clone(), disk::folder()));
    list.push(Arc::clone(&d));
    d
}

/// The bear-off databases an evaluator uses, found in the cache when first needed.
#[derive(Clone, Debug)]
pub(crate) struct Link {
    key: Arc<Key>,
    databases: OnceLock<Arc<Databases>>,
}

impl Link {
    pub(crate) fn new(key: Key) -> Link {
        Link {
            key: Arc::new(key),
            databases: OnceLock::new(),
        }
    }

    pub(crate) fn get(&self) -> &Databases {
        self.databases.get_or_init(|| databases(&self.key))
    }
}

/// The side on roll's men and the other side's, each on its own home points, if every man
/// either has left is there (none on the bar, none outside the home table).
#[must_use]
pub fn homes(pos: &crate::tables::Position) -> Option<(Home, Home)> {
    let p = pos.pips();
    if p[7..=25].iter().any(|&n| n > 0) || p[0..=18].iter().any(|&n| n < 0) {
        return None;
    }
    let mut a = [0u8; 6];
    let mut b = [0u8; 6];
    for i in 0..6 {
        a[i] = p[i + 1].max(0) as u8;
        b[i] = (-p[24 - i]).max(0) as u8;
    }
    Some((a, b))
}

/// The rule of a bearing-off rule and a compulsion.
#[must_use]
pub fn rule(bear_off: BearOff, free: bool) -> Rule {
    Rule { bear_off, free }
}
