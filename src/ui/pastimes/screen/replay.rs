//! Stepping through a pastime's record, move by move: the game as it stood after so many of
//! its actions, made again through the rules' gate (`Game::replay`, which applies each action
//! in turn), shown in the table's place with its story, as the shell's replay asks; what the status
//! line says of it; and playing on from the point shown.

use crate::pastimes::{Action, Game, Phase};
use crate::ui::pastimes::session::PastimesSession;
use crate::ui::pastimes::story::player;
use crate::ui::shell::game_file;
use crate::ui::shell::message::Message;
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
        let mut shown = PastimesSession::holding(game, self.sitters().to_vec(), Some(0));
        keep_names(self, &mut shown);
        Some(shown)
    }
}

/// The seats of `to` named as those of `from` are (friends who sat there by their names).
fn keep_names(from: &PastimesSession, to: &mut PastimesSession) {
    let names = from.names().all();
    if !names.is_empty() {
        to.rename(names.to_vec());
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

/// What "Play on from here" is answered with in a game with friends at a distance.
const ONE_GAME: &str = "A game with friends at a distance is one game: it is not cut short \
                        here. Offer another from Game → Play a friend over the network.";

impl PastimesScreen {
    /// Steps the replay, or starts or leaves it, or plays on from the point shown.
    pub(super) fn step(&mut self, stepping: Stepping, shell: &mut Shell) {
        let Some(r) = replay::step(&mut self.replaying, &self.session, stepping, shell) else {
            return;
        };
        // The game at a distance is everyone's: the replay stays, and says why.
        if self.remote.is_some() || self.session.at_a_distance() {
            self.replaying = Some(r);
            shell.message = Some(Message::info(ONE_GAME));
            return;
        }
        self.play_on(r, shell);
    }

    /// The game in play becomes the record cut at the point `r` shows, at the same seats and
    /// with the same players, its file kept; the whole game, when moves are set aside, is kept
    /// in Open recent first, as a game left for another is.
    fn play_on(&mut self, r: PastimesReplay, shell: &mut Shell) {
        let cut = r.at() < r.len();
        let kept = if cut {
            Some(game_file::keep_left(&self.session, shell))
        } else {
            None
        };
        let mut session = PastimesSession::holding(
            r.shown.game().clone(),
            self.session.sitters().to_vec(),
            shell.launch.seed,
        );
        keep_names(&self.session, &mut session);
        session.file = self.session.file.take();
        session.pace = self.session.pace;
        self.told = session.story().len();
        self.session = session;
        let here = "You play on from here";
        shell.message = Some(match kept {
            None => Message::info(format!("{here}.")),
            Some(Ok(Some(path))) => Message::info(format!(
                "{here}: the rest of the record is set aside, and the whole game is kept in \
                 Open recent, as {}",
                path.file_stem().unwrap_or_default().to_string_lossy()
            )),
            Some(Ok(None)) => Message::info(format!(
                "{here}: the rest of the record is set aside, and nothing is kept in this run \
                 (--fresh)."
            )),
            Some(Err(e)) => Message::error(format!(
                "{here}: the rest of the record is set aside. The whole game could not be kept \
                 in Open recent: {e}"
            )),
        });
    }
}
