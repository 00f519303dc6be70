//! The tiles games of the Incompleat Gamester (seed 004): Block, Draw and Muggins dominoes for
//! two to four players. Pure like [`crate::tables`], and apart from it: the tables rules are
//! not bent to fit tiles. A game changes only through [`Game::apply`].

mod action;
mod deck;
mod error;
mod game;
mod line;
mod phase;
mod rules;
mod seen;
mod tile;

pub use action::{Action, Event};
pub use deck::Deck;
pub use error::DominoError;
pub use game::{Game, pip_count};
pub use line::{End, Laid, Line};
pub use phase::{Phase, waiting_words};
pub use rules::{FirstSet, Kind, MOST_POINTS, MugginsScore, Preset, Rules, Target};
pub use seen::{Lacks, Seen};
pub use tile::{Tile, end_word};
