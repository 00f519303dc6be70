//! Stepping through a game's record, move by move, the same way for every family whose game is
//! its record and its seats (the tiles, the pastimes): the game as it stood after so many of its
//! actions, made again through the rules' gate, shown in the table's place; the replay's
//! buttons and keys (`stepper`), which every family's replay shares; and the steps the person asks of it.
//! A family says how its game is made again through [`Replayed`]; this module names no family.

use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::shell::stepper::{Go, Steps, stepper_buttons, stepper_keys};

/// A game in play (with its seats) whose record can be stepped through.
pub trait Replayed: Sized {
    /// One action of the game's record.
    type Action: Clone;
    /// Every action of the game, the first first.
    fn record(&self) -> &[Self::Action];
    /// The game after `actions` (the first of its record), at the same seats, to be looked at;
    /// `None` when the rules refuse them.
    fn replayed(&self, actions: &[Self::Action]) -> Option<Self>;
}

/// A game's record being stepped through, move by move.
pub struct Replay<S: Replayed> {
    record: Vec<S::Action>,
    at: usize,
    /// The game after the first `at` actions of the record, at the same seats.
    pub shown: S,
}

impl<S: Replayed> Replay<S> {
    /// The record of the game at `table`, shown after `at` actions; `None` when the rules
    /// refuse the record (it was not made by them).
    fn of(table: &S, record: Vec<S::Action>, at: usize) -> Option<Replay<S>> {
        let at = at.min(record.len());
        let shown = table.replayed(&record[..at])?;
        Some(Replay { record, at, shown })
    }

    /// The same record shown after `at` actions.
    fn go_to(self, table: &S, at: usize) -> Replay<S> {
        let record = self.record.clone();
        Replay::of(table, record, at).unwrap_or(self)
    }

    /// How many actions of the record are shown as done.
    #[must_use]
    pub fn at(&self) -> usize {
        self.at
    }

    /// How many actions the whole record has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.record.len()
    }

    /// Whether the record has no action.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.record.is_empty()
    }

    /// Where the replay may step: one action back or on; `play_on`, whether "Play on from
    /// here" is offered.
    fn steps(&self, play_on: bool) -> Steps {
        let (at, len) = (self.at, self.record.len());
        Steps {
            at,
            len,
            back: at.saturating_sub(1),
            on: (at + 1).min(len),
            play_on,
        }
    }

    /// What the replay's line says: how far into the record it stands.
    #[must_use]
    pub fn said(&self) -> String {
        format!("Replay: move {} of {}", self.at, self.record.len())
    }

    /// The replay's line of buttons, in place of the game's.
    pub fn buttons(&self, ui: &mut egui::Ui, play_on: bool, stepping: &mut Vec<Stepping>) {
        stepping.extend(stepper_buttons(ui, &self.said(), self.steps(play_on)).map(Stepping::Go));
    }

    /// The replay's keys: a move back or on, the start, the end, and Escape to leave.
    pub fn keys(&self, ctx: &egui::Context) -> Vec<Stepping> {
        stepper_keys(ctx, self.steps(false))
            .into_iter()
            .map(Stepping::Go)
            .collect()
    }
}

/// What the person asked of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepping {
    Start,
    Go(Go),
}

/// Steps the replay of the game at `table`, or starts or leaves it; the replay to play on
/// from, taken out of `replaying`, when the person asked to play on from the point shown.
pub fn step<S: Replayed>(
    replaying: &mut Option<Replay<S>>,
    table: &S,
    stepping: Stepping,
    shell: &mut Shell,
) -> Option<Replay<S>> {
    match stepping {
        Stepping::Start => {
            let record = table.record().to_vec();
            let end = record.len();
            *replaying = Replay::of(table, record, end);
            if replaying.is_none() {
                shell.message = Some(Message::error("This game's record does not replay."));
            }
        }
        Stepping::Go(Go::To(at)) => {
            if let Some(r) = replaying.take() {
                *replaying = Some(r.go_to(table, at));
            }
        }
        Stepping::Go(Go::TakeOver) => return replaying.take(),
        Stepping::Go(Go::Leave) => *replaying = None,
    }
    None
}
