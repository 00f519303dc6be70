//! The shuffled set, face down, in the order the tiles will be dealt and drawn. A game's record
//! keeps it, so that a saved game deals the same tiles again.

use serde::{Deserialize, Serialize};

use super::error::DominoError;
use super::tile::{SET_SIZE, Tile};

/// The 28 tiles of the set, each once, in dealing order. A save cannot make a deck of missing
/// or repeated tiles: it is read through [`Deck::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Tile>", into = "Vec<Tile>")]
pub struct Deck(Vec<Tile>);

impl Deck {
    /// These tiles as a deck, if they are the whole set, each once.
    pub fn new(tiles: Vec<Tile>) -> Result<Deck, DominoError> {
        if tiles.len() != SET_SIZE {
            return Err(DominoError::BadDeck(format!(
                "{} tiles, not {SET_SIZE}",
                tiles.len()
            )));
        }
        let mut seen = [false; SET_SIZE];
        for t in &tiles {
            if std::mem::replace(&mut seen[t.index()], true) {
                return Err(DominoError::BadDeck(format!("{t} twice")));
            }
        }
        Ok(Deck(tiles))
    }

    /// The set shuffled from `seed` (the same seed, the same deck), by Fisher and Yates's
    /// shuffle over the SplitMix64 sequence, so that the rules depend on nothing outside.
    #[must_use]
    pub fn shuffled(seed: u64) -> Deck {
        let mut tiles = Tile::set();
        let mut state = seed;
        for i in (1..tiles.len()).rev() {
            let j = (split_mix(&mut state) % (i as u64 + 1)) as usize;
            tiles.swap(i, j);
        }
        Deck(tiles)
    }

    #[must_use]
    pub fn tiles(&self) -> &[Tile] {
        &self.0
    }
}

fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl TryFrom<Vec<Tile>> for Deck {
    type Error = DominoError;

    fn try_from(tiles: Vec<Tile>) -> Result<Deck, DominoError> {
        Deck::new(tiles)
    }
}

impl From<Deck> for Vec<Tile> {
    fn from(d: Deck) -> Vec<Tile> {
        d.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffle_is_the_whole_set_and_the_seed_decides_it() {
        let a = Deck::shuffled(1);
        assert!(Deck::new(a.tiles().to_vec()).is_ok());
        assert_eq!(a, Deck::shuffled(1));
        assert_ne!(a, Deck::shuffled(2));
        assert_ne!(a.tiles(), Tile::set().as_slice());
    }

    #[test]
    fn a_deck_missing_or_repeating_a_tile_is_refused() {
        let mut tiles = Tile::set();
        tiles.pop();
        assert!(Deck::new(tiles.clone()).is_err());
        tiles.push(tiles[0]);
        assert!(Deck::new(tiles).is_err());
    }
}
