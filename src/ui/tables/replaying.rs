//! Stepping through a game's record, turn by turn: the game as it stood at each point (with its
//! story, and the play that led there marked), the replay's buttons and keys, and playing on from
//! the point shown.

use crate::players::Seats;
use crate::save::{GameRecord, SaveError};
use crate::session::Session;
use crate::tables::{DiceRoller, Event, Game, LoadedDice};
use crate::ui::shell::stepper::{Go, Steps, stepper_buttons, stepper_keys};
use crate::ui::tables::intent::Intent;
use crate::ui::tables::last_play::LastPlay;

/// A game's record being stepped through: the whole record, how far, the game as it stood
/// there (with its story), and the play stepped on through, if the last step went on.
pub struct ReplayView {
    replay: GameRecord,
    at: usize,
    shown: Session,
    last_play: LastPlay,
    /// An earlier game of the match, by its number in the match: only to look at (playing on
    /// from it would throw away the games after it).
    earlier: Option<u32>,
}

impl ReplayView {
    /// The record of `game`, shown at its end; `Ok(None)` if its record does not replay.
    pub fn start(game: &Game, table: &Seats) -> Result<Option<ReplayView>, SaveError> {
        let replay = GameRecord::of_game(game)?;
        let end = replay.len();
        Ok(ReplayView::at(replay, end, table))
    }

    /// An earlier game of the match, shown from its start, to look at only; `number` is its
    /// number in the match.
    #[must_use]
    pub fn earlier(replay: GameRecord, number: u32, table: &Seats) -> Option<ReplayView> {
        let mut view = ReplayView::at(replay, 0, table)?;
        view.earlier = Some(number);
        Some(view)
    }

    /// Whether play may go on from the point shown (not in an earlier game of the match).
    #[must_use]
    pub fn may_play_on(&self) -> bool {
        self.earlier.is_none()
    }

    fn at(replay: GameRecord, at: usize, table: &Seats) -> Option<ReplayView> {
        let at = at.min(replay.len());
        let shown = Session::from_record(
            replay.rules().clone(),
            replay.tally_before(),
            &replay.record()[..at],
            table.clone(),
            Box::new(LoadedDice::new(&[1])),
        )
        .ok()?;
        Some(ReplayView {
            replay,
            at,
            shown,
            last_play: LastPlay::default(),
            earlier: None,
        })
    }

    /// The same record, shown after `n` actions; `events` are those of the actions stepped
    /// through ([`ReplayView::events_to`]), whose play stays marked.
    #[must_use]
    pub fn go_to(self, n: usize, events: &[Event]) -> Option<ReplayView> {
        let table = self.shown.seats().clone();
        let earlier = self.earlier;
        let mut view = ReplayView::at(self.replay, n, &table)?;
        view.last_play.note(events);
        view.earlier = earlier;
        Some(view)
    }

    /// The events of the actions from the point shown on to `n` actions, to show them happen;
    /// none when `n` is a step back.
    #[must_use]
    pub fn events_to(&self, n: usize) -> Vec<Event> {
        let mut game = self.shown.game().clone();
        let mut out = Vec::new();
        for action in self.replay.record().get(self.at..n).unwrap_or_default() {
            match game.apply(*action) {
                Ok(events) => out.extend(events),
                Err(_) => return Vec::new(),
            }
        }
        out
    }

    /// How many actions of the record are shown as done.
    #[must_use]
    pub fn shown_at(&self) -> usize {
        self.at
    }

    /// The play stepped on through, marked on the board.
    #[must_use]
    pub fn last_play(&self) -> &LastPlay {
        &self.last_play
    }

    /// The game at the point shown, with its story.
    #[must_use]
    pub fn shown(&self) -> &Session {
        &self.shown
    }

    /// A session to play on from the point shown, with `table` and `dice`: the record up to
    /// here, the rest set aside.
    #[must_use]
    pub fn take_over(self, table: &Seats, dice: Box<dyn DiceRoller + Send>) -> Session {
        Session::from_record(
            self.replay.rules().clone(),
            self.replay.tally_before(),
            &self.replay.record()[..self.at],
            table.clone(),
            dice,
        )
        .unwrap_or(self.shown)
    }

    /// The turn shown, counted as the analysis counts it (the turns completed before the
    /// point shown, plus one: 1 at the start), and how many turns the record has.
    fn turn(&self) -> (usize, usize) {
        let ends = self.replay.turn_ends();
        let done = ends.iter().filter(|&&e| e <= self.at).count();
        let total = ends.len() + usize::from(ends.last().copied().unwrap_or(0) < self.replay.len());
        (done + 1, total)
    }

    /// The replay's line of buttons, in place of the game's.
    pub fn buttons(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        let (turn, total) = self.turn();
        let said = if turn > total {
            format!("Replay: after turn {total} of {total}")
        } else {
            format!("Replay: turn {turn} of {total}")
        };
        let said = match self.earlier {
            Some(n) => said.replacen("Replay", &format!("Replay of game {n}"), 1),
            None => said,
        };
        intents.extend(stepper_buttons(ui, &said, self.steps()).map(intent));
    }

    /// The replay's keys: a turn back or on, the start, the end, and Escape to leave.
    pub fn keys(&self, ctx: &egui::Context) -> Vec<Intent> {
        stepper_keys(ctx, self.steps())
            .into_iter()
            .map(intent)
            .collect()
    }

    /// Where the replay's buttons and keys go from the point shown.
    fn steps(&self) -> Steps {
        let (r, at) = (&self.replay, self.at);
        Steps {
            at,
            len: r.len(),
            back: r.turn_before(at),
            on: r.turn_after(at),
            play_on: self.may_play_on(),
        }
    }
}

/// What a replay's buttons and keys ask of the games at tables.
fn intent(go: Go) -> Intent {
    match go {
        Go::To(n) => Intent::ReplayTo(n),
        Go::TakeOver => Intent::ReplayTakeOver,
        Go::Leave => Intent::ReplayLeave,
    }
}
