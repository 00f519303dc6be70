//! The line of tiles on the table: the set, then tiles matched to its two open ends. A double
//! is laid crosswise and nothing is played on its sides (no spinner).

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::error::DominoError;
use super::tile::Tile;

/// One end of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    Left,
    Right,
}

impl End {
    pub const BOTH: [End; 2] = [End::Left, End::Right];

    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            End::Left => "left",
            End::Right => "right",
        }
    }
}

/// A tile as it lies in the line, its ends from left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Laid {
    pub tile: Tile,
    pub left: u8,
    pub right: u8,
}

/// The tiles laid, left to right.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Line {
    laid: VecDeque<Laid>,
    /// Where the set lies among the tiles, counted from the left.
    set: usize,
}

impl Line {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.laid.is_empty()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.laid.len()
    }

    /// The tiles from left to right.
    pub fn laid(&self) -> impl Iterator<Item = &Laid> {
        self.laid.iter()
    }

    /// The line as written from left to right, each tile's numbers in the order they lie
    /// (`[(2, 6), (6, 6), (6, 4)]`: a deuce open at the left, a cater at the right); the set is
    /// taken to be the first.
    pub fn from_left_to_right(tiles: &[(u8, u8)]) -> Result<Line, DominoError> {
        let mut laid = VecDeque::new();
        let mut seen = Vec::new();
        for (i, &(left, right)) in tiles.iter().enumerate() {
            let tile = Tile::new(left, right)?;
            if seen.contains(&tile) {
                return Err(DominoError::BadPosition(format!(
                    "the {tile} is in the line twice"
                )));
            }
            if i > 0 && tiles[i - 1].1 != left {
                return Err(DominoError::BadPosition(format!(
                    "the {}-{} and the {left}-{right} do not match where they meet",
                    tiles[i - 1].0,
                    tiles[i - 1].1
                )));
            }
            seen.push(tile);
            laid.push_back(Laid { tile, left, right });
        }
        Ok(Line { laid, set: 0 })
    }

    /// Where the set lies among the tiles from the left (0 before the set): the tiles before
    /// it were laid at the left end, those after it at the right.
    #[must_use]
    pub fn set_index(&self) -> usize {
        self.set
    }

    /// The number open at an end; `None` before the set.
    #[must_use]
    pub fn open(&self, end: End) -> Option<u8> {
        match end {
            End::Left => self.laid.front().map(|l| l.left),
            End::Right => self.laid.back().map(|l| l.right),
        }
    }

    /// The ends `tile` may be laid at: before the set, only `Left` (the set has no end to
    /// match); when both ends show the same number, both (the tile goes on either side).
    #[must_use]
    pub fn fits(&self, tile: Tile) -> Vec<End> {
        if self.is_empty() {
            return vec![End::Left];
        }
        End::BOTH
            .into_iter()
            .filter(|&e| self.open(e).is_some_and(|n| tile.has(n)))
            .collect()
    }

    /// Lays `tile` at `end` (the set, at `Left`, when the line is empty), or says why it does
    /// not fit.
    pub fn lay(&mut self, tile: Tile, end: End) -> Result<(), DominoError> {
        let Some(open) = self.open(end) else {
            if end != End::Left {
                return Err(DominoError::SetStartsTheLine);
            }
            self.laid.push_back(Laid {
                tile,
                left: tile.high(),
                right: tile.low(),
            });
            return Ok(());
        };
        let outer = tile.other(open).ok_or_else(|| DominoError::DoesNotFit {
            tile: tile.to_string(),
            end: end.words(),
            open,
        })?;
        match end {
            End::Left => {
                self.laid.push_front(Laid {
                    tile,
                    left: outer,
                    right: open,
                });
                self.set += 1;
            }
            End::Right => self.laid.push_back(Laid {
                tile,
                left: open,
                right: outer,
            }),
        }
        Ok(())
    }

    /// The count at the ends, as Muggins scores it: each end's open number, a double at an end
    /// counting both its halves; the set alone counts all its pips.
    #[must_use]
    pub fn end_count(&self) -> u32 {
        match (self.laid.front(), self.laid.back()) {
            (Some(first), _) if self.laid.len() == 1 => first.tile.pips(),
            (Some(left), Some(right)) => end_value(left, left.left) + end_value(right, right.right),
            _ => 0,
        }
    }
}

fn end_value(laid: &Laid, open: u8) -> u32 {
    if laid.tile.is_double() {
        laid.tile.pips()
    } else {
        u32::from(open)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(a: u8, b: u8) -> Tile {
        Tile::new(a, b).unwrap()
    }

    #[test]
    fn tiles_match_the_open_ends_and_a_stranger_is_refused() {
        // Given the set sice-cater
        let mut line = Line::default();
        line.lay(t(6, 4), End::Left).unwrap();
        // When the cater-ace is laid on the cater (right) and the sice-deuce on the sice
        assert_eq!(line.fits(t(4, 1)), vec![End::Right]);
        line.lay(t(4, 1), End::Right).unwrap();
        line.lay(t(6, 2), End::Left).unwrap();
        // Then the ends are the deuce and the ace, and a trey-cinque fits nowhere
        assert_eq!(line.open(End::Left), Some(2));
        assert_eq!(line.open(End::Right), Some(1));
        assert!(line.fits(t(3, 5)).is_empty());
        assert!(line.lay(t(3, 5), End::Left).is_err());
        assert_eq!(line.len(), 3);
        // And the same line written from left to right is the same line, but for where the set is
        let written: Vec<(u8, u8)> = line.laid().map(|l| (l.left, l.right)).collect();
        let again = Line::from_left_to_right(&written).unwrap();
        assert_eq!(again.open(End::Left), Some(2));
        assert_eq!(again.open(End::Right), Some(1));
        assert!(Line::from_left_to_right(&[(2, 6), (4, 6)]).is_err());
        assert!(Line::from_left_to_right(&[(6, 6), (6, 6)]).is_err());
        // And the set is second from the left, the one tile laid at the left before it
        assert_eq!(line.set_index(), 1);
        assert_eq!(line.laid().nth(1).map(|l| l.tile), Some(t(6, 4)));
    }

    #[test]
    fn a_double_at_an_end_counts_both_halves() {
        // Given the set cinque-blank (5 at the ends)
        let mut line = Line::default();
        line.lay(t(5, 0), End::Left).unwrap();
        assert_eq!(line.end_count(), 5);
        // When the double cinque is laid on the cinque
        line.lay(t(5, 5), End::Left).unwrap();
        // Then the ends count 10 (the double) + 0
        assert_eq!(line.end_count(), 10);
        // And a double set alone counts its pips
        let mut set = Line::default();
        set.lay(t(5, 5), End::Left).unwrap();
        assert_eq!(set.end_count(), 10);
    }
}
