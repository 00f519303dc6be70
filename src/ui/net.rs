//! Game → Play a friend over the network: the shell's window for it, written once for both
//! families. The host offers the game New game would start (its rules and names) and shows
//! the invitation to copy; the friend pastes it, sees the game offered, and accepts. Opening
//! the line never holds the window up: it is done on a thread, and the line wakes the window
//! when something comes. Once everyone is seated the party is handed to the screen of its
//! family, which plays it (see `tables::screen::remote`).
//!
//! `window` is the window, `offer` the game offered in words, `remote` the game in play at a
//! distance as a screen holds it, `driver` the one driver of its actions for both families, and `kept` the game at a distance kept when Gamester stops.

mod driver;
pub mod kept;
mod offer;
mod remote;
mod window;

pub use driver::{AtADistance, drive};
pub use offer::within_sentence;
pub use remote::Remote;
pub use window::NetWindow;

/// What a game with friends at a distance says when its line is not open and cannot be taken
/// up again by itself: nothing is played or thrown here for the friends.
pub const NO_LINE: &str = "This game was played with friends at a distance, and the way back to \
    it was not kept: nothing is played or thrown here for them. Play on against the computer, \
    or start a New game (this one is kept in Open recent).";

/// The button that plays such a game on here, the computer in the friends' seats.
pub const PLAY_ON: &str = "Play on against the computer";

/// What is said once such a game is played on here: the computer at `level` sits for the
/// friends `names`, under their names.
#[must_use]
pub fn played_on(names: &[String], level: gamester_core::level::Level) -> String {
    let who = match names {
        [] => "your friends".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    format!("The computer plays on for {who}, at the {level} level: the game goes on here.")
}
