//! What a player or the table does ([`Action`], the only way a game changes), and what came
//! of it ([`Event`], the story the window tells).

use serde::{Deserialize, Serialize};

use super::deck::Deck;
use super::line::End;
use super::tile::Tile;

/// One thing done at the table. A game's record is the list of its actions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// The tiles shuffled face down and dealt from the top of this deck, player 1 first.
    Deal(Deck),
    /// One die thrown by each player, in order, to decide who sets (`first = die`).
    Throw(Vec<u8>),
    /// The player to act lays a tile of his hand at an end (the set when the line is empty).
    Lay { tile: Tile, end: End },
    /// The player to act, unable to play, draws the top tile of the boneyard.
    Draw,
    /// The player to act, unable to play and unable to draw, knocks.
    Pass,
}

impl Action {
    /// Whether the action is chance's, not a player's: a deal (the shuffle) or the dice thrown
    /// for the set. A draw is not: the boneyard's order was settled by the deal.
    #[must_use]
    pub fn is_chance(&self) -> bool {
        matches!(self, Action::Deal(_) | Action::Throw(_))
    }
}

/// What an action brought about. Players and sides are counted from 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// The hands were dealt; `boneyard` tiles are left.
    Dealt {
        hand: u32,
        boneyard: usize,
    },
    /// The dice for the set were thrown; `setter` threw highest (none on a tie: throw again).
    Threw {
        faces: Vec<u8>,
        setter: Option<usize>,
    },
    /// `player` is to set the first tile (and must set `tile` when the rule names one).
    ToSet {
        player: usize,
        tile: Option<Tile>,
    },
    /// A tile laid.
    Laid {
        player: usize,
        tile: Tile,
        end: End,
    },
    /// Muggins: the ends counted a multiple of five.
    Scored {
        player: usize,
        count: u32,
        points: u32,
    },
    Drew {
        player: usize,
    },
    Knocked {
        player: usize,
    },
    /// `player` laid his last tile.
    Domino {
        player: usize,
    },
    /// No one could play: the hands are shown.
    Blocked {
        pips: Vec<u32>,
    },
    /// The hand's winner and the points his side took from the other hands.
    HandWon {
        player: usize,
        side: usize,
        points: u32,
    },
    /// A blocked hand with the lowest count tied between sides: nobody scores its pips.
    HandDrawn,
    /// The game is over; `side` reached the target (or won the single hand). None: drawn.
    GameOver {
        side: Option<usize>,
    },
}
