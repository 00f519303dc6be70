//! A tile of the double-six set: two ends of 0 (blank) to 6 pips, 28 tiles in all.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::error::DominoError;

/// The most pips on an end of a tile in a double-six set.
pub const MAX_PIPS: u8 = 6;

/// How many tiles the double-six set has.
pub const SET_SIZE: usize = 28;

/// One tile, its ends kept highest first. A save cannot make a tile of more than six pips: it is
/// read through [`Tile::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
pub struct Tile {
    high: u8,
    low: u8,
}

impl Tile {
    /// The tile with these two ends, in either order.
    pub fn new(a: u8, b: u8) -> Result<Tile, DominoError> {
        if a > MAX_PIPS || b > MAX_PIPS {
            return Err(DominoError::NoSuchTile(a, b));
        }
        Ok(Tile {
            high: a.max(b),
            low: a.min(b),
        })
    }

    /// Every tile of the double-six set, the double blank first.
    #[must_use]
    pub fn set() -> Vec<Tile> {
        (0..=MAX_PIPS)
            .flat_map(|high| (0..=high).map(move |low| Tile { high, low }))
            .collect()
    }

    #[must_use]
    pub fn high(self) -> u8 {
        self.high
    }

    #[must_use]
    pub fn low(self) -> u8 {
        self.low
    }

    /// Both ends alike: laid crosswise in the line.
    #[must_use]
    pub fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The pips on both ends together.
    #[must_use]
    pub fn pips(self) -> u32 {
        u32::from(self.high) + u32::from(self.low)
    }

    /// Whether one end shows `n`.
    #[must_use]
    pub fn has(self, n: u8) -> bool {
        self.high == n || self.low == n
    }

    /// The end left open when the tile is matched to `n`; `None` when neither end shows `n`.
    #[must_use]
    pub fn other(self, n: u8) -> Option<u8> {
        if self.high == n {
            Some(self.low)
        } else if self.low == n {
            Some(self.high)
        } else {
            None
        }
    }

    /// Its place in [`Tile::set`] (0 to 27), for sets of tiles kept as bits.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.high) * (usize::from(self.high) + 1) / 2 + usize::from(self.low)
    }

    /// The tile's name in the period words: "double sice", "sice-cater", "cinque-blank".
    #[must_use]
    pub fn words(self) -> String {
        if self.is_double() {
            format!("double {}", end_word(self.high))
        } else {
            format!("{}-{}", end_word(self.high), end_word(self.low))
        }
    }
}

/// An end's number in the period words: blank, ace, deuce, trey, cater, cinque, sice.
#[must_use]
pub fn end_word(n: u8) -> &'static str {
    match n {
        0 => "blank",
        1 => "ace",
        2 => "deuce",
        3 => "trey",
        4 => "cater",
        5 => "cinque",
        _ => "sice",
    }
}

impl TryFrom<(u8, u8)> for Tile {
    type Error = DominoError;

    fn try_from((a, b): (u8, u8)) -> Result<Tile, DominoError> {
        Tile::new(a, b)
    }
}

impl From<Tile> for (u8, u8) {
    fn from(t: Tile) -> (u8, u8) {
        (t.high, t.low)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

impl FromStr for Tile {
    type Err = DominoError;

    /// "6-4" (either order).
    fn from_str(s: &str) -> Result<Tile, DominoError> {
        let bad = || DominoError::BadTileText(s.chars().take(20).collect());
        let (a, b) = s.trim().split_once('-').ok_or_else(bad)?;
        let a: u8 = a.trim().parse().map_err(|_| bad())?;
        let b: u8 = b.trim().parse().map_err(|_| bad())?;
        Tile::new(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_has_28_tiles_each_once_in_index_order() {
        let set = Tile::set();
        assert_eq!(set.len(), SET_SIZE);
        for (i, t) in set.iter().enumerate() {
            assert_eq!(t.index(), i);
        }
        assert_eq!(set.iter().filter(|t| t.is_double()).count(), 7);
        assert_eq!(set.iter().map(|t| t.pips()).sum::<u32>(), 168);
    }

    #[test]
    fn a_tile_is_read_in_either_order_and_a_seven_is_refused() {
        assert_eq!("4-6".parse::<Tile>().unwrap(), Tile::new(6, 4).unwrap());
        assert!(Tile::new(7, 1).is_err());
        assert!("6".parse::<Tile>().is_err());
        assert!("x-1".parse::<Tile>().is_err());
    }

    #[test]
    fn tiles_are_named_in_the_period_words() {
        assert_eq!(Tile::new(6, 6).unwrap().words(), "double sice");
        assert_eq!(Tile::new(4, 6).unwrap().words(), "sice-cater");
        assert_eq!(Tile::new(0, 5).unwrap().words(), "cinque-blank");
    }
}
