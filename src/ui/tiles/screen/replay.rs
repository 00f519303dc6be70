//! Stepping through a tiles game's record, move by move: the game made again as the shell's
//! replay asks (the tally kept), and playing on from the point shown.

use crate::tiles::{Action, Game};
use crate::tiles_session::TilesSession;
use crate::ui::shell::message::Message;
use crate::ui::shell::replay::{self, Replay, Replayed, Stepping};
use crate::ui::shell::screen::Shell;

use super::TilesScreen;

/// A tiles game's record being stepped through, move by move.
pub(super) type TilesReplay = Replay<TilesSession>;

impl Replayed for TilesSession {
    type Action = Action;

    fn record(&self) -> &[Action] {
        self.game().record()
    }

    fn replayed(&self, actions: &[Action]) -> Option<TilesSession> {
        let game = Game::replay(*self.game().rules(), actions).ok()?;
        let mut shown = TilesSession::holding(game, self.sitters().to_vec(), Some(0));
        shown.set_tally(self.tally().to_vec());
        Some(shown)
    }
}

impl TilesScreen {
    /// Steps the replay, or starts or leaves it, or plays on from the point shown.
    pub(super) fn step(&mut self, stepping: Stepping, shell: &mut Shell) {
        if let Some(r) = replay::step(&mut self.replaying, &self.session, stepping, shell) {
            let file = self.session.file.take();
            let mut session = r.shown;
            session.file = file;
            session.pace = self.session.pace;
            self.told = session.story().len();
            self.session = session;
            shell.message = Some(Message::info(
                "You play on from here: the rest of the record is set aside",
            ));
        }
    }
}
