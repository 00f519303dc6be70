//! Stepping through a tiles game's record, move by move: the replay shown in the table's
//! place, its buttons and keys, and the steps the person asks of it.

use crate::tiles::{Action, Game};
use crate::tiles_session::TilesSession;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::tables::replaying::{Go, Steps, stepper_buttons, stepper_keys};

use super::TilesScreen;

/// A tiles game's record being stepped through, move by move.
pub(super) struct TilesReplay {
    pub(super) record: Vec<Action>,
    pub(super) at: usize,
    pub(super) shown: TilesSession,
}

impl TilesReplay {
    /// The record of the game at `table`, shown after `at` actions.
    pub(super) fn of(table: &TilesSession, record: Vec<Action>, at: usize) -> Option<TilesReplay> {
        let at = at.min(record.len());
        let game = Game::replay(*table.game().rules(), &record[..at]).ok()?;
        let mut shown = TilesSession::holding(game, table.sitters().to_vec(), Some(0));
        shown.set_tally(table.tally().to_vec());
        Some(TilesReplay { record, at, shown })
    }

    /// The same record shown after `at` actions.
    pub(super) fn go_to(self, table: &TilesSession, at: usize) -> TilesReplay {
        let record = self.record.clone();
        TilesReplay::of(table, record, at).unwrap_or(self)
    }

    /// Where the replay may step: one action back or on.
    pub(super) fn steps(&self) -> Steps {
        let (at, len) = (self.at, self.record.len());
        Steps {
            at,
            len,
            back: at.saturating_sub(1),
            on: (at + 1).min(len),
            play_on: true,
        }
    }

    pub(super) fn buttons(&self, ui: &mut egui::Ui, intents: &mut Vec<Stepping>) {
        let said = format!("Replay: move {} of {}", self.at, self.record.len());
        intents.extend(stepper_buttons(ui, &said, self.steps()).map(Stepping::Go));
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

impl TilesScreen {
    /// Steps the replay, or starts or leaves it.
    pub(super) fn step(&mut self, stepping: Stepping, shell: &mut Shell) {
        match stepping {
            Stepping::Start => {
                let record = self.session.game().record().to_vec();
                let end = record.len();
                self.replaying = TilesReplay::of(&self.session, record, end);
                if self.replaying.is_none() {
                    shell.message = Some(Message::error("This game's record does not replay."));
                }
            }
            Stepping::Go(Go::To(at)) => {
                if let Some(r) = self.replaying.take() {
                    self.replaying = Some(r.go_to(&self.session, at));
                }
            }
            Stepping::Go(Go::TakeOver) => {
                if let Some(r) = self.replaying.take() {
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
            Stepping::Go(Go::Leave) => self.replaying = None,
        }
    }
}
