//! Stepping through a pastime's record, move by move: the game as it stood after so many of
//! its actions, made again through the rules' gate (`Game::replay`, which applies each action
//! in turn), shown in the table's place with its story, as the shell's replay asks; and what the
//! status line says of it.

use crate::pastimes::{Action, Game, Phase};
use crate::ui::pastimes::session::PastimesSession;
use crate::ui::pastimes::story::player;
use crate::ui::shell::replay::{self, Replay, Replayed, Stepping};
use crate::ui::shell::screen::Shell;

use super::PastimesScreen;

/// A pastime's record being stepped through, move by move.
pub(super) type PastimesReplay = Replay<PastimesSession>;

impl Replayed for PastimesSession {
    type Action = Action;

    fn record(&self) -> &[Action] {
        self.game().record()
    }

    fn replayed(&self, actions: &[Action]) -> Option<PastimesSession> {
        let game = Game::replay(*self.game().rules(), actions).ok()?;
        // The dice of a game replayed are never thrown: its seed is of no matter.
        Some(PastimesSession::holding(
            game,
            self.sitters().to_vec(),
            Some(0),
        ))
    }
}

/// The status line of the replay: where it stands, and what the game waited for there
/// (never a prompt to act: a replay is looked at, not played).
#[must_use]
pub(super) fn status(r: &PastimesReplay) -> String {
    let game = r.shown.game();
    let waiting = match game.phase() {
        Phase::ToThrow => format!("{} is to throw", player(game.turn())),
        Phase::ToPlay => format!("{} uses his throw", player(game.turn())),
        phase => crate::pastimes::waiting_words(phase).to_string(),
    };
    format!(
        "{}: {waiting}. A move back or on: Left, Right; back to the game: Escape.",
        r.said()
    )
}

impl PastimesScreen {
    /// Steps the replay, or starts or leaves it. A pastime's record is its dice and its
    /// choices together: the replay stays a replay.
    pub(super) fn step(&mut self, stepping: Stepping, shell: &mut Shell) {
        let _ = replay::step(&mut self.replaying, &self.session, stepping, shell);
    }
}
