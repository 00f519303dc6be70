//! Stepping through a pastime's record, move by move: the game as it stood after so many of
//! its actions, made again through the rules' gate (`Game::replay`, which applies each action
//! in turn), shown in the table's place with its story; the replay's buttons and keys, which
//! are the tiles' and the games at tables' own.

use crate::pastimes::{Action, Game, Phase};
use crate::ui::pastimes::session::PastimesSession;
use crate::ui::pastimes::story::player;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::tables::replaying::{Go, Steps, stepper_buttons, stepper_keys};

use super::PastimesScreen;

/// A pastime's record being stepped through, move by move.
pub(super) struct PastimesReplay {
    record: Vec<Action>,
    at: usize,
    /// The game after the first `at` actions of the record, at the same seats.
    pub(super) shown: PastimesSession,
}

impl PastimesReplay {
    /// The record of the game at `table`, shown after `at` actions; `None` when the rules
    /// refuse the record (it was not made by them).
    fn of(table: &PastimesSession, record: Vec<Action>, at: usize) -> Option<PastimesReplay> {
        let at = at.min(record.len());
        let game = Game::replay(*table.game().rules(), &record[..at]).ok()?;
        // The dice of a game replayed are never thrown: its seed is of no matter.
        let shown = PastimesSession::holding(game, table.sitters().to_vec(), Some(0));
        Some(PastimesReplay { record, at, shown })
    }

    /// The same record shown after `at` actions.
    fn go_to(self, table: &PastimesSession, at: usize) -> PastimesReplay {
        let record = self.record.clone();
        PastimesReplay::of(table, record, at).unwrap_or(self)
    }

    /// Where the replay may step: one action back or on. A pastime's record is its dice and
    /// its choices together, so a game is not played on from a point of it.
    fn steps(&self) -> Steps {
        let (at, len) = (self.at, self.record.len());
        Steps {
            at,
            len,
            back: at.saturating_sub(1),
            on: (at + 1).min(len),
            play_on: false,
        }
    }

    /// What the replay's line says: how far into the record it stands.
    #[must_use]
    pub(super) fn said(&self) -> String {
        format!("Replay: move {} of {}", self.at, self.record.len())
    }

    /// The status line of the replay: where it stands, and what the game waited for there
    /// (never a prompt to act: a replay is looked at, not played).
    #[must_use]
    pub(super) fn status(&self) -> String {
        let game = self.shown.game();
        let waiting = match game.phase() {
            Phase::ToThrow => format!("{} is to throw", player(game.turn())),
            Phase::ToPlay => format!("{} uses his throw", player(game.turn())),
            phase => crate::pastimes::waiting_words(phase).to_string(),
        };
        format!(
            "{}: {waiting}. A move back or on: Left, Right; back to the game: Escape.",
            self.said()
        )
    }

    pub(super) fn buttons(&self, ui: &mut egui::Ui, stepping: &mut Vec<Stepping>) {
        stepping.extend(stepper_buttons(ui, &self.said(), self.steps()).map(Stepping::Go));
    }

    pub(super) fn keys(&self, ctx: &egui::Context) -> Vec<Stepping> {
        stepper_keys(ctx, self.steps())
            .into_iter()
            .map(Stepping::Go)
            .collect()
    }
}

/// What the person asked of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stepping {
    Start,
    Go(Go),
}

impl PastimesScreen {
    /// Steps the replay, or starts or leaves it.
    pub(super) fn step(&mut self, stepping: Stepping, shell: &mut Shell) {
        match stepping {
            Stepping::Start => {
                let record = self.session.game().record().to_vec();
                let end = record.len();
                self.replaying = PastimesReplay::of(&self.session, record, end);
                if self.replaying.is_none() {
                    shell.message = Some(Message::error("This game's record does not replay."));
                }
            }
            Stepping::Go(Go::To(at)) => {
                if let Some(r) = self.replaying.take() {
                    self.replaying = Some(r.go_to(&self.session, at));
                }
            }
            // Not offered: the replay stays a replay.
            Stepping::Go(Go::TakeOver) => {}
            Stepping::Go(Go::Leave) => self.replaying = None,
        }
    }
}
