//! Where the men stand: `Setup` (plain data anyone may write) and `Position` (checked, seen
//! from one side).
//!
//! Each side counts its own points 1 to 24 from its ace point; a man only ever moves to lower
//! numbers, so my point p is the adversary's point 25 − p. A `Position` is always seen from one
//! side, "the mover": its own men are counted positive, the adversary's negative.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

use super::side::Side;

/// Men a side plays with.
pub const MEN: u8 = 15;
/// The index of the mover's bar in [`Position::pips`]: a man on the bar enters as if from point 25.
pub const BAR: usize = 25;
/// The index holding the adversary's bar (as a count ≤ 0) in [`Position::pips`].
pub const ADVERSARY_BAR: usize = 0;

/// Why a setup is not a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("{side} has {count} men; each side plays with exactly 15")]
    WrongMenCount { side: Side, count: u32 },
    #[error("point {point} (White's numbering) holds men of both sides")]
    PointHeldByBoth { point: u8 },
    #[error("cannot read the position {text:?}: {reason}")]
    Unreadable { text: String, reason: String },
}

/// One side's men as plain data, in that side's own numbering: `points[p - 1]` men on its
/// point p, `bar` men waiting to enter, `off` men borne off.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Men {
    pub points: [u8; 24],
    pub bar: u8,
    pub off: u8,
}

impl Men {
    /// Men given as `(point, count)` pairs, with none on the bar or off.
    #[must_use]
    pub fn from_pairs(pairs: &[(u8, u8)]) -> Men {
        let mut men = Men::default();
        for &(point, count) in pairs {
            if (1..=24).contains(&point) {
                men.points[usize::from(point) - 1] =
                    men.points[usize::from(point) - 1].saturating_add(count);
            }
        }
        men
    }

    fn total(&self) -> u32 {
        self.points.iter().map(|&n| u32::from(n)).sum::<u32>()
            + u32::from(self.bar)
            + u32::from(self.off)
    }
}

/// Both sides' men as plain data: what a save file or a custom layout holds. Not checked;
/// turn it into a [`Position`] with [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub white: Men,
    pub black: Men,
}

impl Setup {
    /// Both sides arrayed alike, each in its own numbering.
    #[must_use]
    pub fn mirrored(men: Men) -> Setup {
        Setup {
            white: men.clone(),
            black: men,
        }
    }

    #[must_use]
    pub fn men(&self, side: Side) -> &Men {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

/// A checked position, seen from one side (the mover).
///
/// Invariants, kept by every constructor and every move: each side has exactly 15 men
/// (on the points, on the bar and borne off together); no point holds men of both sides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// `pips[1..=24]`: the mover's points (+ own men, − adversary's men); `pips[25]`: the
    /// mover's bar (≥ 0); `pips[0]`: the adversary's bar (≤ 0).
    pips: [i8; 26],
}

impl Position {
    /// Checks a setup and sees it from `side`.
    pub fn from_setup(setup: &Setup, side: Side) -> Result<Position, PositionError> {
        for s in Side::BOTH {
            let count = setup.men(s).total();
            if count != u32::from(MEN) {
                return Err(PositionError::WrongMenCount { side: s, count });
            }
        }
        let (mine, theirs) = (setup.men(side), setup.men(side.other()));
        let mut pips = [0i8; 26];
        for p in 1..=24usize {
            let (m, t) = (mine.points[p - 1], theirs.points[24 - p]);
            if m > 0 && t > 0 {
                let white_point = if side == Side::White { p } else { 25 - p };
                return Err(PositionError::PointHeldByBoth {
                    point: white_point as u8,
                });
            }
            // Both counts are at most 15 (the totals were checked), so they fit an i8.
            pips[p] = m as i8 - t as i8;
        }
        pips[BAR] = mine.bar as i8;
        pips[ADVERSARY_BAR] = -(theirs.bar as i8);
        Ok(Position { pips })
    }

    /// Builds a position from the raw mover's-view array. Checked like [`Position::from_setup`].
    pub fn from_pips(pips: [i8; 26]) -> Result<Position, PositionError> {
        let mut setup = Setup::default();
        for p in 1..=24usize {
            let n = pips[p];
            if n > 0 {
                setup.white.points[p - 1] = n as u8;
            } else if n < 0 {
                setup.black.points[24 - p] = n.unsigned_abs();
            }
        }
        if pips[BAR] < 0 || pips[ADVERSARY_BAR] > 0 {
            return Err(PositionError::Unreadable {
                text: format!("{pips:?}"),
                reason: "a bar count has the wrong sign".into(),
            });
        }
        setup.white.bar = pips[BAR] as u8;
        setup.black.bar = pips[ADVERSARY_BAR].unsigned_abs();
        for (men, side) in [
            (&mut setup.white, Side::White),
            (&mut setup.black, Side::Black),
        ] {
            let on = men.total();
            if on > u32::from(MEN) {
                return Err(PositionError::WrongMenCount { side, count: on });
            }
            men.off = MEN - on as u8;
        }
        Position::from_setup(&setup, Side::White)
    }

    /// The starting array of a layout given as the mover's `(point, men)` pairs, the same for
    /// both sides.
    pub fn mirrored(pairs: &[(u8, u8)]) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::mirrored(Men::from_pairs(pairs)), Side::White)
    }

    /// The same position seen from the adversary's side.
    #[must_use]
    pub fn switched(&self) -> Position {
        let mut pips = [0i8; 26];
        for (i, p) in pips.iter_mut().enumerate() {
            *p = -self.pips[25 - i];
        }
        Position { pips }
    }

    /// The plain data of this position, given which side it is seen from.
    #[must_use]
    pub fn to_setup(&self, seen_from: Side) -> Setup {
        let mut mover = Men::default();
        let mut adversary = Men::default();
        for p in 1..=24usize {
            let n = self.pips[p];
            if n > 0 {
                mover.points[p - 1] = n as u8;
            } else if n < 0 {
                adversary.points[24 - p] = n.unsigned_abs();
            }
        }
        mover.bar = self.bar();
        adversary.bar = self.adversary_bar();
        mover.off = self.off();
        adversary.off = self.adversary_off();
        match seen_from {
            Side::White => Setup {
                white: mover,
                black: adversary,
            },
            Side::Black => Setup {
                white: adversary,
                black: mover,
            },
        }
    }

    /// The raw array (see the field's documentation).
    #[must_use]
    pub fn pips(&self) -> &[i8; 26] {
        &self.pips
    }

    /// Men on the mover's point `p` (1..=24): positive for the mover's, negative for the
    /// adversary's.
    #[must_use]
    pub fn at(&self, point: usize) -> i8 {
        self.pips[point]
    }

    /// The mover's men on the bar.
    #[must_use]
    pub fn bar(&self) -> u8 {
        self.pips[BAR] as u8
    }

    /// The adversary's men on the bar.
    #[must_use]
    pub fn adversary_bar(&self) -> u8 {
        self.pips[ADVERSARY_BAR].unsigned_abs()
    }

    /// The mover's men borne off.
    #[must_use]
    pub fn off(&self) -> u8 {
        let on: i32 = self.pips[1..]
            .iter()
            .filter(|&&n| n > 0)
            .map(|&n| i32::from(n))
            .sum();
        (i32::from(MEN) - on) as u8
    }

    /// The adversary's men borne off.
    #[must_use]
    pub fn adversary_off(&self) -> u8 {
        let on: i32 = self.pips[..25]
            .iter()
            .filter(|&&n| n < 0)
            .map(|&n| -i32::from(n))
            .sum();
        (i32::from(MEN) - on) as u8
    }

    /// Whether all the mover's men on the board are in the home table (points 1–6) and none is
    /// on the bar: the condition for bearing off.
    #[must_use]
    pub fn all_home(&self) -> bool {
        self.pips[7..].iter().all(|&n| n <= 0)
    }

    /// The mover's highest occupied point (25 for the bar), or 0 when all are off.
    #[must_use]
    pub fn highest(&self) -> usize {
        (1..=25).rev().find(|&p| self.pips[p] > 0).unwrap_or(0)
    }

    /// The mover's pip count: the pips still to travel to bear every man off.
    #[must_use]
    pub fn pip_count(&self) -> u32 {
        (1..=25)
            .map(|p| p as u32 * self.pips[p].max(0) as u32)
            .sum()
    }

    /// Whether the mover's home table is bound: two or more of his men on each of points 1–6.
    #[must_use]
    pub fn home_bound(&self) -> bool {
        self.pips[1..=6].iter().all(|&n| n >= 2)
    }

    /// Whether the adversary's home table is bound (the mover's points 19–24 each held by
    /// two or more of the adversary's men).
    #[must_use]
    pub fn adversary_home_bound(&self) -> bool {
        self.pips[19..=24].iter().all(|&n| n <= -2)
    }

    /// Whether the mover has won: all 15 men borne off.
    #[must_use]
    pub fn borne_off_all(&self) -> bool {
        self.pips[1..].iter().all(|&n| n <= 0)
    }

    /// Whether the adversary has borne off all his men.
    #[must_use]
    pub fn adversary_borne_off_all(&self) -> bool {
        self.pips[..25].iter().all(|&n| n >= 0)
    }

    /// Engine use only: the raw array, for moving men. Callers keep the invariants.
    pub(crate) fn pips_mut(&mut self) -> &mut [i8; 26] {
        &mut self.pips
    }

    /// Moves `count` of the mover's men from `point` (1..=6, his home table, or any point) to
    /// the bar, as when a bound table is broken. The caller guarantees the men are there.
    pub(crate) fn send_to_bar(&mut self, point: usize, count: u8) {
        self.pips[point] -= count as i8;
        self.pips[BAR] += count as i8;
    }
}

impl Default for Position {
    /// An empty board is not a position; the default is the Willughby (modern) array.
    fn default() -> Position {
        let mut pips = [0i8; 26];
        for (p, n) in [(24usize, 2i8), (13, 5), (8, 3), (6, 5)] {
            pips[p] += n;
            pips[25 - p] -= n;
        }
        Position { pips }
    }
}

/// Writes `24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5`: the mover's men, then the adversary's,
/// each in its own numbering, highest point first, with `bar:n` first and `off:n` last where
/// there are such men.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write_side = |f: &mut fmt::Formatter<'_>, pos: &Position| -> fmt::Result {
            let mut parts = Vec::new();
            if pos.bar() > 0 {
                parts.push(format!("bar:{}", pos.bar()));
            }
            for p in (1..=24).rev() {
                if pos.pips[p] > 0 {
                    parts.push(format!("{p}:{}", pos.pips[p]));
                }
            }
            if pos.off() > 0 {
                parts.push(format!("off:{}", pos.off()));
            }
            f.write_str(&parts.join(" "))
        };
        write_side(f, self)?;
        f.write_str(" / ")?;
        write_side(f, &self.switched())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Reads what [`Display`](fmt::Display) writes. Men not mentioned are off.
impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let bad = |reason: String| PositionError::Unreadable {
            text: text.to_string(),
            reason,
        };
        let (mine, theirs) = text
            .split_once('/')
            .ok_or_else(|| bad("expected `mover's men / adversary's men`".into()))?;
        let mut setup = Setup::default();
        for (part, men) in [(mine, &mut setup.white), (theirs, &mut setup.black)] {
            let mut explicit_off = false;
            for item in part.split_whitespace() {
                let (place, count) = item
                    .split_once(':')
                    .ok_or_else(|| bad(format!("`{item}` is not point:men")))?;
                let count: u8 = count
                    .parse()
                    .ok()
                    .filter(|&n| n <= MEN)
                    .ok_or_else(|| bad(format!("`{item}`: bad count")))?;
                match place {
                    "bar" => men.bar = men.bar.saturating_add(count),
                    "off" => {
                        men.off = men.off.saturating_add(count);
                        explicit_off = true;
                    }
                    _ => {
                        let p: usize = place
                            .parse()
                            .ok()
                            .filter(|p| (1..=24).contains(p))
                            .ok_or_else(|| bad(format!("`{item}`: no such point")))?;
                        men.points[p - 1] = men.points[p - 1].saturating_add(count);
                    }
                }
            }
            if !explicit_off {
                let on = men.total();
                men.off = u8::try_from(u32::from(MEN).saturating_sub(on)).unwrap_or(0);
            }
        }
        Position::from_setup(&setup, Side::White)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switching_twice_is_the_same_position() {
        let pos: Position = "bar:1 24:1 13:5 8:3 6:5 / 24:2 13:5 8:3 6:4"
            .parse()
            .unwrap();
        assert_eq!(pos.switched().switched(), pos);
        assert_eq!(pos.switched().bar(), 0);
        assert_eq!(pos.switched().adversary_bar(), 1);
        assert_eq!(pos.adversary_off(), 1);
    }

    #[test]
    fn display_reads_back() {
        let pos: Position = "bar:2 20:3 6:5 3:1 off:4 / 24:2 18:1 12:5 off:7"
            .parse()
            .unwrap();
        assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        assert_eq!(pos.off(), 4);
    }

    #[test]
    fn a_point_held_by_both_is_refused() {
        // Given the mover on his 6 point and the adversary on his 19 (the same point)
        let err = "6:15 / 19:1 6:14".parse::<Position>().unwrap_err();
        assert_eq!(err, PositionError::PointHeldByBoth { point: 6 });
    }

    #[test]
    fn sixteen_men_are_refused() {
        let mut setup = Position::default().to_setup(Side::White);
        setup.black.points[5] += 1;
        assert_eq!(
            Position::from_setup(&setup, Side::White),
            Err(PositionError::WrongMenCount {
                side: Side::Black,
                count: 16
            })
        );
    }

    #[test]
    fn setup_round_trips_from_either_side() {
        let pos: Position = "bar:1 20:3 6:5 off:6 / 24:2 12:5 off:8".parse().unwrap();
        for side in Side::BOTH {
            let setup = pos.to_setup(side);
            assert_eq!(Position::from_setup(&setup, side).unwrap(), pos);
        }
    }
}
