//! Stepping through a game's record: the game after its first n actions, and where its turns
//! end, so the window can go backwards and forwards turn by turn and take over play anywhere.

use crate::tables::{Action, Event, Game, RuleError, Rules, Tally};

use super::error::SaveError;
use super::format::{SavedAction, tally_before};

/// A game's record, checked: every action was accepted by the rules when it was replayed.
///
/// Positions in the record are counts of actions: `0` is the game before anything was done,
/// [`GameRecord::len`] the game as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game before its first action.
    start: Game,
    record: Vec<Action>,
    turn_ends: Vec<usize>,
}

impl GameRecord {
    /// Checks a record by replaying it under `rules` from a session tally of `tally_before`.
    pub fn new(
        rules: Rules,
        tally_before: Tally,
        record: &[Action],
    ) -> Result<GameRecord, SaveError> {
        let mut builder = RecordBuilder::new(rules, tally_before)?;
        for (i, &action) in record.iter().enumerate() {
            builder.apply(i + 1, action)?;
        }
        Ok(builder.finish().1)
    }

    /// The record of a game being played, to step through.
    pub fn of_game(game: &Game) -> Result<GameRecord, SaveError> {
        GameRecord::new(game.rules().clone(), tally_before(game), game.record())
    }

    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.start.rules()
    }

    /// The game before its first action: its rules, and the session's tally (in a match, the
    /// score and the Crawford rule where they stood).
    #[must_use]
    pub fn start(&self) -> &Game {
        &self.start
    }

    /// The session's tally when the game began.
    #[must_use]
    pub fn tally_before(&self) -> Tally {
        self.start.tally()
    }

    /// Every action of the game, in order.
    #[must_use]
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// How many actions the record holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.record.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.record.is_empty()
    }

    /// The game after its first `n` actions (all of them if `n` is larger): a game of its own,
    /// which can be played on from there.
    #[must_use]
    pub fn game_at(&self, n: usize) -> Game {
        let n = n.min(self.record.len());
        let mut game = self.start.clone();
        for &action in &self.record[..n] {
            // The whole record was accepted when this replay was made, and a game is a pure
            // function of its rules and its actions: no action here is refused. Were one
            // refused, the game would stop where it was.
            if game.apply(action).is_err() {
                break;
            }
        }
        game
    }

    /// Where the turns end: every `n` (in increasing order, never 0) such that after the first
    /// `n` actions a play was lifted, a throw was forfeit, or the game ended. The last turn
    /// of an unfinished game has no end yet.
    #[must_use]
    pub fn turn_ends(&self) -> &[usize] {
        &self.turn_ends
    }

    /// The end of the turn before the one running at `n`: the largest turn end below `n`, or 0.
    #[must_use]
    pub fn turn_before(&self, n: usize) -> usize {
        self.turn_ends
            .iter()
            .rev()
            .copied()
            .find(|&end| end < n)
            .unwrap_or(0)
    }

    /// The end of the turn running at `n`: the smallest turn end above `n`, or the whole record.
    #[must_use]
    pub fn turn_after(&self, n: usize) -> usize {
        self.turn_ends
            .iter()
            .copied()
            .find(|&end| end > n)
            .unwrap_or(self.record.len())
    }
}

/// The game after the first `n` actions of `record` under `rules`, from a session tally of
/// `tally_before`: the record's first refused action is an error, naming its turn.
pub fn replay_to(
    rules: Rules,
    tally_before: Tally,
    record: &[Action],
    n: usize,
) -> Result<Game, SaveError> {
    let mut builder = RecordBuilder::new(rules, tally_before)?;
    for (i, &action) in record.iter().take(n).enumerate() {
        builder.apply(i + 1, action)?;
    }
    Ok(builder.game)
}

/// Replays actions one by one, noting where turns end and naming the turn of a refusal.
pub(crate) struct RecordBuilder {
    start: Game,
    game: Game,
    turn_ends: Vec<usize>,
}

impl RecordBuilder {
    pub(crate) fn new(rules: Rules, tally: Tally) -> Result<RecordBuilder, SaveError> {
        let game = Game::with_tally(rules, tally).map_err(|e| match e {
            RuleError::Layout(p) => SaveError::Setup(p),
            other => SaveError::Illegal {
                turn: 1,
                number: 0,
                action: "(the start)".into(),
                reason: other,
            },
        })?;
        Ok(RecordBuilder {
            start: game.clone(),
            game,
            turn_ends: Vec::new(),
        })
    }

    /// The turn the next action belongs to, counted from 1 as people count.
    pub(crate) fn turn(&self) -> u32 {
        self.game.turns().saturating_add(1)
    }

    /// Applies the `number`-th action (counted from 1).
    pub(crate) fn apply(&mut self, number: usize, action: Action) -> Result<(), SaveError> {
        let turn = self.turn();
        let events = self
            .game
            .apply(action)
            .map_err(|reason| SaveError::Illegal {
                turn,
                number,
                action: super::error::quoted(&SavedAction::from(action).to_ron()),
                reason,
            })?;
        if events.iter().any(Event::ends_turn) {
            self.turn_ends.push(number);
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> (Game, GameRecord) {
        let replay = GameRecord {
            start: self.start,
            record: self.game.record().to_vec(),
            turn_ends: self.turn_ends,
        };
        (self.game, replay)
    }
}
