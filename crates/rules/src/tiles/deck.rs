//! The shuffled set, face down, in the order the tiles will be dealt and drawn. A game's record
//! keeps it, so that a saved game deals the same tiles again. A deck shuffled from a seed is
//! written as that seed, not as its tiles: a save opened in a text editor does not show the
//! hands and the boneyard (the program shuffles the seed again when it reads the file).

use serde::{Deserialize, Serialize};

use super::error::DominoError;
use super::tile::{SET_SIZE, Tile};

/// The 28 tiles of the set, each once, in dealing order, and the seed they were shuffled from
/// if they were. A save cannot make a deck of missing or repeated tiles: it is read through
/// [`Deck::new`] or [`Deck::shuffled`]. Two decks are equal when their tiles are.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "DeckText", into = "DeckText")]
pub struct Deck {
    tiles: Vec<Tile>,
    seed: Option<u64>,
}

impl PartialEq for Deck {
    fn eq(&self, other: &Deck) -> bool {
        self.tiles == other.tiles
    }
}

impl Eq for Deck {}

impl std::hash::Hash for Deck {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.tiles.hash(state);
    }
}

/// A deck as a file has it: the seed it was shuffled from, or (laid out by hand, or written by
/// an older Gamester) its tiles.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum DeckText {
    Shuffled { shuffled: u64 },
    Tiles(Vec<Tile>),
}

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
        Ok(Deck { tiles, seed: None })
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
        Deck {
            tiles,
            seed: Some(seed),
        }
    }

    #[must_use]
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }
}

fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl TryFrom<DeckText> for Deck {
    type Error = DominoError;

    fn try_from(text: DeckText) -> Result<Deck, DominoError> {
        match text {
            DeckText::Shuffled { shuffled } => Ok(Deck::shuffled(shuffled)),
            DeckText::Tiles(tiles) => Deck::new(tiles),
        }
    }
}

impl From<Deck> for DeckText {
    fn from(d: Deck) -> DeckText {
        match d.seed {
            Some(shuffled) => DeckText::Shuffled { shuffled },
            None => DeckText::Tiles(d.tiles),
        }
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
    fn a_shuffled_deck_is_written_as_its_seed_and_read_back_the_same() {
        let deck = Deck::shuffled(0x0123_4567_89ab_cdef);
        let text = ron::to_string(&deck).unwrap();
        assert_eq!(text, "(shuffled:81985529216486895)");
        let back: Deck = ron::from_str(&text).unwrap();
        assert_eq!(back.tiles(), deck.tiles());
        // Written again the same way: a save read and saved again shows no tiles either.
        assert_eq!(ron::to_string(&back).unwrap(), text);
        // A deck laid out tile by tile (an older save) is still read, and written as it was.
        let laid = Deck::new(deck.tiles().to_vec()).unwrap();
        let listed = ron::to_string(&laid).unwrap();
        assert!(listed.starts_with("[("), "{listed}");
        let back: Deck = ron::from_str(&listed).unwrap();
        assert_eq!(back, deck);
        // Neither form can make a deck of 27 tiles.
        let short = listed.rsplit_once(",(").unwrap().0.to_string() + "]";
        assert!(ron::from_str::<Deck>(&short).is_err());
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
