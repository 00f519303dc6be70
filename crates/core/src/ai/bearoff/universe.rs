//! The positions of a side's men on its home points alone, their perfect index, and the
//! positions a throw can leave from one (one side's bearing off, without an adversary).

use crate::tables::BearOff;

/// Men on a side's home points: `home[i]` men on point `i + 1`. The rest are borne off.
pub type Home = [u8; 6];

/// How men may be borne off, and whether a player may stop before his throw is used up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub bear_off: BearOff,
    /// `compulsion = free`: any part of a play is a play (the empty play too).
    pub free: bool,
}

/// Every position of at most `men` men on the six home points, with a perfect index: the
/// combinatorial number system over the places of six bars among `men + 6` places (the men
/// on point 1, a bar, on point 2, a bar, …, on point 6, a bar, then the men borne off).
#[derive(Clone, Debug)]
pub struct Universe {
    pub men: u8,
    binom: [[u32; 7]; 22],
    /// Every position, by its index.
    pub homes: Vec<Home>,
}

impl Universe {
    /// The universe of at most `men` men (1 to 15).
    #[must_use]
    pub fn new(men: u8) -> Universe {
        let mut binom = [[0u32; 7]; 22];
        for (n, row) in binom.iter_mut().enumerate() {
            row[0] = 1;
            for k in 1..7 {
                // C(n, k), exact in integers (0 when k > n).
                let mut c: u64 = 1;
                for j in 0..k as u64 {
                    c = c * (n as u64).saturating_sub(j) / (j + 1);
                }
                row[k] = c as u32;
            }
        }
        let mut u = Universe {
            men,
            binom,
            homes: Vec::new(),
        };
        let size = u.binom[usize::from(men) + 6][6] as usize;
        u.homes = vec![[0; 6]; size];
        let mut h = [0u8; 6];
        u.fill(&mut h, 0, men);
        u
    }

    fn fill(&mut self, h: &mut Home, point: usize, left: u8) {
        if point == 6 {
            let i = self.index(h);
            self.homes[i] = *h;
            return;
        }
        for n in 0..=left {
            h[point] = n;
            self.fill(h, point + 1, left - n);
        }
        h[point] = 0;
    }

    /// How many positions there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.homes.len()
    }

    /// Never: the position without men is one of them.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.homes.is_empty()
    }

    /// The index of a position of at most [`Universe::men`] men.
    #[inline]
    #[must_use]
    pub fn index(&self, h: &Home) -> usize {
        let mut at = 0usize;
        let mut sum = 0usize;
        for (k, &n) in h.iter().enumerate() {
            sum += usize::from(n);
            // The bar after point k + 1 stands at place (men so far) + k.
            at += self.binom[sum + k][k + 1] as usize;
        }
        at
    }
}

/// Men still on the points.
#[inline]
#[must_use]
pub fn men(h: &Home) -> u8 {
    h.iter().sum()
}

/// The pips still to go.
#[inline]
#[must_use]
pub fn pips(h: &Home) -> u32 {
    h.iter()
        .zip(1..)
        .map(|(&n, p): (&u8, u32)| u32::from(n) * p)
        .sum()
}

/// Where a man on point `from` (1..=6) lands with `die`, 0 when borne off; `None` if the step
/// is not allowed.
#[inline]
fn step(h: &Home, from: usize, die: usize, bear_off: BearOff) -> Option<usize> {
    if h[from - 1] == 0 {
        return None;
    }
    if from > die {
        return Some(from - die);
    }
    let allowed = match bear_off {
        BearOff::OverEdge => true,
        BearOff::Exact => from == die,
        BearOff::Modern => from == die || h[from..].iter().all(|&n| n == 0),
    };
    allowed.then_some(0)
}

/// A state of a play being made: the men, the faces not yet used (sorted, 0 = none), and for
/// a throw of alike faces the highest point a man may still move from (any order of the same
/// steps leaves the same men, so men are moved from the highest point down only).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    home: Home,
    left: [u8; 4],
    last: u8,
}

/// Room for making plays, kept from one position to the next.
#[derive(Default)]
pub struct PlayBuf {
    level: Vec<State>,
    next: Vec<State>,
    /// The plays found, each packed into a number that sorts as the men do.
    ends: Vec<u32>,
}

/// A position packed four bits a point, point 1 highest: packed numbers sort as positions do.
#[inline]
fn pack(h: &Home) -> u32 {
    h.iter().fold(0, |k, &n| (k << 4) | u32::from(n))
}

#[inline]
fn unpack(mut k: u32) -> Home {
    let mut h = [0u8; 6];
    for n in h.iter_mut().rev() {
        *n = (k & 15) as u8;
        k >>= 4;
    }
    h
}

/// Every distinct position a throw of `faces` (at most four moves) can leave from `h` under
/// `rule`, into `out` (cleared first), sorted: under `compulsion = max` the plays that use the
/// most dice, then the most pips, as the engine's own generator; under `free` every part of a
/// play.
pub fn plays(h: &Home, faces: &[u8], rule: Rule, out: &mut Vec<Home>) {
    plays_in(&mut PlayBuf::default(), h, faces, rule, out);
}

/// [`plays`] with room kept by the caller.
pub fn plays_in(buf: &mut PlayBuf, h: &Home, faces: &[u8], rule: Rule, out: &mut Vec<Home>) {
    out.clear();
    let mut left = [0u8; 4];
    for (l, &f) in left.iter_mut().zip(faces) {
        *l = f;
    }
    left.sort_unstable_by(|a, b| b.cmp(a));
    let alike = faces.iter().all(|&f| f == faces[0]);
    let total: u32 = faces.iter().map(|&f| u32::from(f)).sum();
    let PlayBuf { level, next, ends } = buf;
    ends.clear();
    level.clear();
    level.push(State {
        home: *h,
        left,
        last: 6,
    });
    let mut best = (0usize, 0u32);
    ends.push(pack(h));
    for used in 1..=faces.len() {
        next.clear();
        for s in level.iter() {
            for (i, &f) in s.left.iter().enumerate() {
                if f == 0 || (i > 0 && s.left[i - 1] == f) {
                    continue;
                }
                for from in 1..=usize::from(s.last) {
                    let Some(to) = step(&s.home, from, usize::from(f), rule.bear_off) else {
                        continue;
                    };
                    let mut n = *s;
                    n.home[from - 1] -= 1;
                    if to > 0 {
                        n.home[to - 1] += 1;
                    }
                    // The faces stay highest first, the used one taken out.
                    n.left.copy_within(i + 1.., i);
                    n.left[3] = 0;
                    if alike {
                        n.last = from as u8;
                    }
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        // Two orders of different faces may meet: merge them before going deeper (the last
        // level's repeats go with the plays' own).
        if !alike && used < faces.len() {
            next.sort_unstable();
            next.dedup();
        }
        for s in next.iter() {
            let rest: u32 = s.left.iter().map(|&f| u32::from(f)).sum();
            let reach = (used, total - rest);
            if rule.free {
                ends.push(pack(&s.home));
            } else if reach > best {
                best = reach;
                ends.clear();
                ends.push(pack(&s.home));
            } else if reach == best {
                ends.push(pack(&s.home));
            }
        }
        std::mem::swap(level, next);
    }
    ends.sort_unstable();
    ends.dedup();
    out.extend(ends.iter().map(|&k| unpack(k)));
}
