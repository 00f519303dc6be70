//! A game at tables, from the throw-off to the last man borne off: the one gate through which
//! anything changes (`Game::apply`), which hands each action to its part: the opening
//! (`opening`), the cube (`cube`), the throws (`throws`), the men's steps (`moves`) and
//! resignations (`resignations`); a turn's course and the game's end are in `turns`, and what a
//! game answers about itself in `answers`.

mod answers;
mod claims;
mod cube;
mod moves;
mod opening;
mod resignations;
mod throws;
mod turns;

use super::action::{Action, Attempt, Event};
use super::board::Position;
use super::dice::{DiceRoller, Moves, Throw};
use super::endings::Outcome;
use super::movegen::Reach;
use super::phase::Phase;
use super::play::{Play, Step};
use super::refusal::RuleError;
use super::rules::Rules;
use super::side::Side;
use super::stakes::{Cube, Tally};
use super::ticktack::Chances;

/// Tick-tack: the chances `side`'s adversary missed in the play just made, which `side` may
/// claim until he throws or acts otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Missed {
    side: Side,
    why_not: bool,
    going_in: bool,
    /// How the chances came about, for the story and the board (boxed: the game stays small).
    why: Box<super::ticktack::Why>,
}

/// One step played this throw, with what it takes to take it back exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    step: Step,
    before: Position,
    moves_before: Moves,
    used_before: Reach,
}

/// A game: its rules, where the men stand, whose turn it is and what it waits for.
///
/// Invariants: the position always has 15 men a side; only [`Game::apply`] changes a game, and
/// an action it refuses changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    start: Position,
    /// Seen from White.
    board: Position,
    turn: Side,
    phase: Phase,
    /// The throw being played, and in Double-hand the throws to choose from.
    throw: Option<Throw>,
    throws: Vec<Throw>,
    /// The opening throw when `opening = play_opening`: played as the first throw.
    opening_throw: Option<Throw>,
    moves: Moves,
    used: Reach,
    best: Reach,
    played: Vec<Played>,
    first_turn: bool,
    last_doublets: [bool; 2],
    cube: Cube,
    tally: Tally,
    /// The session's tally when the game began.
    tally_before: Tally,
    turns: u32,
    /// While a resignation is offered, what the game waited for before it (and waits for
    /// again if it is declined).
    resumed: Phase,
    record: Vec<Action>,
    /// Tick-tack: what the throw being played allows, recorded when it was thrown.
    chances: Chances,
    /// Tick-tack: whether the hit of the throw being played has been claimed.
    hit_claimed: bool,
    /// Tick-tack: where the men stood when the throw being played was thrown (seen from White).
    throw_start: Position,
    /// Tick-tack: the chances missed that the side to throw may claim.
    missed: Option<Missed>,
    /// Tick-tack, when scores add up: each side's points in this game (White, Black).
    points: [u32; 2],
}

impl Game {
    /// A new game under these rules, waiting for the opening throw-off.
    pub fn new(rules: Rules) -> Result<Game, RuleError> {
        Game::with_tally(rules, Tally::default())
    }

    /// A new game that carries on a session's tally.
    pub fn with_tally(rules: Rules, tally: Tally) -> Result<Game, RuleError> {
        let start = rules.layout.position(Side::White)?;
        Ok(Game::fresh(rules, start, tally))
    }

    /// A game under these rules that has come to `position` (seen from `side`), `side` to
    /// move and past its first turn: the start of its turn is looked at as in play (a bound
    /// table, a blocked board), so the game waits for `side`'s throw, a break, or is over. For
    /// rolling out a position given by an ID, where no game led to it.
    #[must_use]
    pub fn on_roll(rules: Rules, position: Position, side: Side) -> Game {
        let board = match side {
            Side::White => position,
            Side::Black => position.switched(),
        };
        let mut game = Game::fresh(rules, board, Tally::default());
        game.turn = side;
        game.first_turn = false;
        game.begin_turn(&mut Vec::new());
        game
    }

    /// This game as it began, before its first action: the same rules, starting position and
    /// session tally (so, in a match, the same score and Crawford state). Replaying the record
    /// on it gives this game again; the analysis judges every decision from it.
    #[must_use]
    pub fn beginning(&self) -> Game {
        Game::fresh(self.rules.clone(), self.start, self.tally_before)
    }

    fn fresh(rules: Rules, start: Position, tally: Tally) -> Game {
        Game {
            rules,
            start,
            board: start,
            turn: Side::White,
            phase: Phase::ThrowOff,
            throw: None,
            throws: Vec::new(),
            opening_throw: None,
            moves: Moves::default(),
            used: Reach::default(),
            best: Reach::default(),
            played: Vec::new(),
            first_turn: true,
            last_doublets: [false; 2],
            cube: Cube::default(),
            tally,
            tally_before: tally,
            turns: 0,
            resumed: Phase::ThrowOff,
            record: Vec::new(),
            chances: Chances::default(),
            hit_claimed: false,
            throw_start: start,
            missed: None,
            points: [0; 2],
        }
    }

    /// The next game of the session: the same rules, the tally carried on. Refused once a
    /// side has won the match.
    pub fn next_game(&self) -> Result<Game, RuleError> {
        if let Some(winner) = self.match_winner() {
            return Err(RuleError::MatchOver(winner));
        }
        Game::with_tally(self.rules.clone(), self.tally)
    }

    /// Whether this game is a match's Crawford game, played without the cube.
    #[must_use]
    pub fn is_crawford_game(&self) -> bool {
        self.rules.match_to > 0
            && self.rules.crawford
            && self.tally_before.crawford() == super::stakes::Crawford::ThisGame
    }

    /// The most stakes (before the cube) a resignation may give up under these rules: what the
    /// best win is worth, at most 255.
    #[must_use]
    pub fn most_resigned(&self) -> u8 {
        if self.rules.tick_tack {
            return 2;
        }
        u8::try_from(super::stakes::most_stake(self.rules.stakes)).unwrap_or(u8::MAX)
    }

    /// The side that may offer to resign now: the side that must act, unless a resignation is
    /// already offered. `None` while both throw together and once the game is over.
    #[must_use]
    pub fn may_resign(&self) -> Option<Side> {
        match self.phase {
            Phase::ResignOffered { .. } => None,
            phase => phase.actor(self.turn),
        }
    }

    /// The session's tally when this game began (the tally counts the game once it is over).
    #[must_use]
    pub fn tally_before(&self) -> Tally {
        self.tally_before
    }

    /// The side that has won the match, in a match that is over.
    #[must_use]
    pub fn match_winner(&self) -> Option<Side> {
        self.tally.match_winner(self.rules.match_to)
    }

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position, seen from White.
    #[must_use]
    pub fn position(&self) -> Position {
        self.board
    }

    /// The position seen from `side`.
    #[must_use]
    pub fn position_for(&self, side: Side) -> Position {
        match side {
            Side::White => self.board,
            Side::Black => self.board.switched(),
        }
    }

    /// The starting position, seen from White.
    #[must_use]
    pub fn start(&self) -> Position {
        self.start
    }

    /// The side whose turn it is (before the throw-off: White, by convention).
    #[must_use]
    pub fn turn(&self) -> Side {
        self.turn
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The throw being played, if any.
    #[must_use]
    pub fn throw(&self) -> Option<Throw> {
        self.throw
    }

    /// Double-hand: the throws thrown this turn, to choose from.
    #[must_use]
    pub fn throws(&self) -> &[Throw] {
        &self.throws
    }

    /// The dice of the throw still to play.
    #[must_use]
    pub fn moves_left(&self) -> Moves {
        self.moves
    }

    /// The steps played so far this throw.
    #[must_use]
    pub fn steps_played(&self) -> Vec<Step> {
        self.played.iter().map(|p| p.step).collect()
    }

    #[must_use]
    pub fn cube(&self) -> Cube {
        self.cube
    }

    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Turns completed (plays confirmed or throws forfeit).
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Every action accepted so far, in order: replaying them on a new game with the same rules
    /// gives this game again.
    #[must_use]
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// Plays several steps of this throw at once (a man carried at length): all of them, or,
    /// if any is refused, none, and the game is as it was.
    pub fn apply_steps(&mut self, steps: &[Step]) -> Result<Vec<Event>, RuleError> {
        let mut trial = self.clone();
        let mut events = Vec::new();
        for &step in steps {
            events.extend(trial.apply(Action::Step(step))?);
        }
        *self = trial;
        Ok(events)
    }

    /// Throws whatever dice are due, if any: a shorthand for [`Game::throw_action`] and
    /// [`Game::apply`].
    pub fn throw_with(&mut self, dice: &mut dyn DiceRoller) -> Result<Vec<Event>, RuleError> {
        match self.throw_action(dice) {
            Some(action) => self.apply(action),
            None => Err(self.not_now(Attempt::Throw)),
        }
    }

    /// Plays a whole play (its steps, then confirms). All or nothing.
    pub fn apply_play(&mut self, play: &Play) -> Result<Vec<Event>, RuleError> {
        let mut trial = self.clone();
        let mut events = Vec::new();
        for step in play.steps.iter() {
            events.extend(trial.apply(Action::Step(step))?);
        }
        events.extend(trial.apply(Action::Confirm)?);
        *self = trial;
        Ok(events)
    }

    fn not_now(&self, attempt: Attempt) -> RuleError {
        RuleError::NotNow {
            attempt,
            phase: self.phase,
            turn: self.turn,
            match_to: self.rules.match_to,
        }
    }

    /// The one way to change a game. On success, what happened; on error, why not, and the game
    /// is unchanged.
    ///
    /// The gate: which action is taken in which phase, each handed to its part (the opening,
    /// the cube, the throws, the men's steps, resignations); any other is refused as not now.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        // Chances missed are claimed before the claimant throws or does anything else in the
        // game (an offer to resign, answered, leaves the game as it stood, claims included).
        let missed = self.missed.clone();
        if !matches!(
            action,
            Action::Claim(_)
                | Action::Resign(_)
                | Action::AcceptResignation
                | Action::DeclineResignation
        ) {
            self.missed = None;
        }
        if let Err(refusal) = self.dispatch(action, &mut events) {
            self.missed = missed;
            return Err(refusal);
        }
        self.record.push(action);
        Ok(events)
    }

    /// The gate's parts, by action and phase; on a refusal nothing has changed.
    fn dispatch(&mut self, action: Action, e: &mut Vec<Event>) -> Result<(), RuleError> {
        match (action, self.phase) {
            (Action::ThrowOff { white, black }, Phase::ThrowOff) => {
                self.throw_off(white, black, e)?
            }
            (Action::BreakThrowOff { white, black }, Phase::BreakThrowOff { binder }) => {
                self.break_throw_off(white, black, binder, e)?;
            }
            (Action::Break(point), Phase::ChooseBreak { binder, .. }) => {
                self.break_table(binder, point, e)?;
            }
            (Action::Double, Phase::ToThrow) => self.offer_double(e)?,
            (Action::Take, Phase::DoubleOffered) => self.take_double(e),
            (Action::Drop, Phase::DoubleOffered) => self.drop_double(e),
            (Action::Throw(throw), Phase::ToThrow | Phase::SecondThrow) => {
                self.throw_dice(throw, e)?
            }
            (Action::ChooseThrow(i), Phase::ChooseThrow) => self.choose_throw(i, e)?,
            (Action::Step(step), Phase::Playing) => self.play_one_step(step, e)?,
            (Action::Undo, Phase::Playing) => self.undo_step(e)?,
            (Action::Confirm, Phase::Playing) => self.confirm_play(e)?,
            (Action::Resign(stake), phase) => self.offer_resignation(stake, phase, e)?,
            (Action::AcceptResignation, Phase::ResignOffered { by, stake }) => {
                self.accept_resignation(by, stake, e);
            }
            (Action::DeclineResignation, Phase::ResignOffered { by, .. }) => {
                self.decline_resignation(by, e);
            }
            (Action::Claim(claim), Phase::Playing | Phase::ToThrow) => self.claim(claim, e)?,
            (action, _) => return Err(self.not_now(Attempt::from(action))),
        }
        Ok(())
    }

    fn set_position_for(&mut self, side: Side, pos: Position) {
        self.board = match side {
            Side::White => pos,
            Side::Black => pos.switched(),
        };
    }
}
