//! What a player or chance does ([`Action`], the only way a pastime changes), and what came of
//! it ([`Event`], the story the window tells).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table, counted from 0 (the window says "player 1" for seat 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", u16::from(self.0) + 1)
    }
}

/// One thing done at the table. A game's record is the list of its actions. A point is
/// counted 1 (ace) to 6 (sice), as the die that names it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: the dice thrown. At the throw-off one die for each seat, in seat order; after
    /// it two dice, by the seat whose turn it is.
    Throw { dice: Vec<u8> },
    /// Ketch-Dolt: a man laid from the heap on the thrower's point of a die he has not used.
    /// Where a draw is owed from the adversary's point this dolts him: he loses, at once or
    /// when the adversary claims it (`dolt_claimed`).
    Lay { point: u8 },
    /// Ketch-Dolt: drawn from the adversary's point to the same point of the thrower's (one man
    /// or the whole point, `draws`).
    Draw { point: u8 },
    /// Ketch-Dolt: a man borne off the thrower's point. Where a draw is owed this dolts him
    /// too.
    Bear { point: u8 },
    /// Ketch-Dolt (`dolt_claimed = by_adversary`): the player to throw claims that his
    /// adversary was dolted in the turn just played; he wins if it is so.
    Claim,
    /// Sice-Ace (`load_to = chosen`): an ace loads one of the thrower's men onto this seat.
    Load { seat: Seat },
}

impl Action {
    /// Whether the action is chance's (a throw), not a player's choice.
    #[must_use]
    pub fn is_chance(&self) -> bool {
        matches!(self, Action::Throw { .. })
    }
}

/// What an action brought about.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// The throw-off: one die a seat; `first` threw highest (none on a tie: throw again).
    ThrewOff { dice: Vec<u8>, first: Option<Seat> },
    /// `seat` threw these dice; `uses` are the numbers the throw gives, one a man (a doublet
    /// may give more than two).
    Threw {
        seat: Seat,
        dice: Vec<u8>,
        uses: Vec<u8>,
    },
    /// Doublets: a standing man of `seat` laid down on his `point`; `by_adversary` when the
    /// die was the adversary's, who could not use it.
    LaidDown {
        seat: Seat,
        point: u8,
        by_adversary: bool,
    },
    /// Ketch-Dolt: a man of `seat` laid from the heap on his `point`.
    Entered { seat: Seat, point: u8 },
    /// Ketch-Dolt: `seat` drew `men` from `from`'s `point`; they became his, or went back to
    /// `from`'s heap (`to_heap`).
    Drew {
        seat: Seat,
        from: Seat,
        point: u8,
        men: u8,
        to_heap: bool,
    },
    /// A man of `seat` borne off (at Sice-Ace no point: `None`).
    Bore { seat: Seat, point: Option<u8> },
    /// Sice-Ace: an ace loaded one of `from`'s men onto `to`.
    Loaded { from: Seat, to: Seat },
    /// A number of the throw nobody could use.
    Lost { seat: Seat, point: u8 },
    /// Ketch-Dolt: `seat` took from the heap or bore where he owed a draw on `point`: told when
    /// he does it (`dolt_claimed = by_rules`) or when his adversary claims it.
    Dolted { seat: Seat, point: u8 },
    /// Sice-Ace: `seat` has no man left: he is out.
    Out { seat: Seat },
    /// Sice-Ace: a doublet; the thrower throws again.
    ThrowsAgain { seat: Seat },
    /// The turn passed to `seat`.
    Turn { seat: Seat },
    /// The game is over: who won and who lost (at Sice-Ace the others "go free").
    GameOver {
        winners: Vec<Seat>,
        losers: Vec<Seat>,
    },
}
