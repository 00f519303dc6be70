//! What a click, a key or a button asks of the window, as a value: collected while a frame is
//! drawn and applied after it (by `app`), so drawing never changes the game it draws. Intents
//! that play go through the session, and so through `Game::apply`.

use crate::tables::{Action, Rules, Step};

/// One thing the person asked for this frame.
#[must_use = "an intent does nothing until applied"]
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Throw,
    Action(Action),
    /// A man carried over several dice: his steps, in order.
    Steps(Vec<Step>),
    /// The same, the man dragged there by the person's own hand: not slid again.
    Placed(Vec<Step>),
    /// Pick up the man on this point (in the mover's numbering), or put him down.
    Select(Option<u8>),
    SkipAnimation,
    /// A man was clicked before the dice were thrown: say to throw first.
    ThrowFirst,
    NextGame,
    /// Step through the record: start, or go to the game after this many actions.
    ReplayStart,
    /// Step through an earlier game of the match (its place among the earlier games).
    ReplayEarlier(usize),
    ReplayTo(usize),
    /// Play on from the point shown, leaving the rest of the record.
    ReplayTakeOver,
    ReplayLeave,
    Hint,
    /// Say where every man stands (the W key).
    Survey,
    /// Game → Analyse this game: judge every decision of the game up to now.
    Analyse,
    /// Game → Roll out this position…: play the position before the throw out many times.
    RollOut,
    /// Positions to share: copy one's ID, or set one up.
    Share(Share),
}

/// What the person asked of a position to share.
#[derive(Clone, Debug, PartialEq)]
pub enum Share {
    /// Put the Position ID of the position shown on the clipboard.
    CopyId,
    /// Put GNU Backgammon's whole ID of the game shown (Position ID and Match ID) on the
    /// clipboard.
    CopyGnubgId,
    /// Put eXtreme Gammon's XGID of the game shown on the clipboard.
    CopyXgid,
    /// Open the Set up a position window.
    OpenSetup,
    /// Start a new game under these rules (those in play, with a pasted position as the
    /// array, and a pasted match's length), its tally the pasted match's score.
    SetUp(Rules, crate::tables::Tally),
}

impl Intent {
    /// Whether anyone may ask it, even while the computer is to act: the window's own business
    /// (skipping the dice's flight, the next game, an analysis), not a player's move.
    #[must_use]
    pub fn is_for_anyone(&self) -> bool {
        matches!(
            self,
            Intent::SkipAnimation
                | Intent::NextGame
                | Intent::Analyse
                | Intent::RollOut
                | Intent::Survey
        )
    }
}
