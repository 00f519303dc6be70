//! What the computer answers at a game at tables, whichever judge chose it: the one of the
//! games where men are taken up ([`super::decide`]) or Tick-tack's ([`super::ticktack`]). It
//! stands apart so that neither judge depends on the other.

use crate::tables::{Action, Play};

/// What the computer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A whole play of the throw in [`Phase::Playing`](crate::tables::Phase::Playing): apply it
    /// with [`Game::apply_play`](crate::tables::Game::apply_play).
    Play(Play),
    /// Any other action: `Double`, `Take`, `Drop`, `ChooseThrow(i)`, `Break(point)`.
    Action(Action),
}
