//! Why the tiles engine refused something: the one error of [`super`]. It names tiles and ends
//! in words, so that it imports nothing of the engine's (and the engine's files no cycle).

use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DominoError {
    #[error("there is no tile {0}-{1} in a double-six set")]
    NoSuchTile(u8, u8),
    #[error("{0:?} is not a tile: write it as two numbers 0 to 6, such as 6-4")]
    BadTileText(String),
    #[error("not a deck of the set: {0}")]
    BadDeck(String),
    #[error("these rules cannot be played: {0}")]
    BadRules(String),
    #[error("not now: {0}")]
    NotNow(&'static str),
    #[error("the throw for the set needs one die of 1 to 6 for each of the {0} players")]
    BadThrow(usize),
    #[error("{0} is not in the hand of the player to act")]
    NotInHand(String),
    #[error("the {tile} does not fit the {end} end, which shows {open}")]
    DoesNotFit {
        tile: String,
        end: &'static str,
        open: u8,
    },
    #[error("the set starts the line: it is laid at the left end")]
    SetStartsTheLine,
    #[error("the set must be the {0}")]
    MustSet(String),
    #[error("a player who can play may not draw or knock")]
    CanPlay,
    #[error("the boneyard is exhausted: knock instead")]
    BoneyardExhausted,
    #[error("draw from the boneyard first: a player knocks only when he cannot draw")]
    MustDraw,
    #[error("not a position: {0}")]
    BadPosition(String),
}
