//! A game at tables, from the throw-off to the last man borne off: the one gate through which
//! anything changes (`Game::apply`).

mod answers;

use super::action::{Action, Attempt, Event};
use super::board::Position;
use super::dice::{DiceRoller, Moves, Throw, check_face};
use super::endings::{self, EndReason, Endings, Outcome, TurnStart};
use super::movegen::{self, Reach};
use super::phase::Phase;
use super::play::{Play, Step};
use super::refusal::{CubeRefusal, RuleError, why_not};
use super::rules::{Dice, Opening, Players, Rules};
use super::side::Side;
use super::stakes::{Cube, Tally};
use super::stepwise;

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
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        match (action, self.phase) {
            (Action::ThrowOff { white, black }, Phase::ThrowOff) => {
                check_face(white)?;
                check_face(black)?;
                events.push(Event::ThrewOff { white, black });
                if white == black {
                    events.push(Event::ThrowOffTied);
                } else {
                    let starter = if white > black {
                        Side::White
                    } else {
                        Side::Black
                    };
                    let (mine, theirs) = if starter == Side::White {
                        (white, black)
                    } else {
                        (black, white)
                    };
                    self.turn = starter;
                    events.push(Event::Begins(starter));
                    if self.rules.opening == Opening::PlayOpening && self.rules.dice != Dice::Three
                    {
                        self.opening_throw = Some(Throw::two(mine, theirs)?);
                    }
                    self.begin_turn(&mut events);
                }
            }
            (Action::BreakThrowOff { white, black }, Phase::BreakThrowOff { binder }) => {
                for f in white.iter().chain(&black) {
                    check_face(*f)?;
                }
                events.push(Event::BreakThrewOff { white, black });
                let (w, b) = (white[0] + white[1], black[0] + black[1]);
                if w == b {
                    events.push(Event::ThrowOffTied);
                } else {
                    let chooser = if w > b { Side::White } else { Side::Black };
                    self.phase = Phase::ChooseBreak { chooser, binder };
                    events.push(Event::ChoosesBreak { chooser, binder });
                }
            }
            (Action::Break(point), Phase::ChooseBreak { binder, .. }) => {
                let (pos, taken) = endings::break_table(&self.position_for(binder), point)
                    .ok_or(RuleError::BadBreakPoint(point))?;
                self.set_position_for(binder, pos);
                events.push(Event::TableBroken {
                    binder,
                    point,
                    men: taken,
                });
                self.phase = Phase::ToThrow;
            }
            (Action::Double, Phase::ToThrow) => {
                if !self.rules.cube {
                    return Err(RuleError::CubeRefused(CubeRefusal::NoCube));
                }
                if self.is_crawford_game() {
                    return Err(RuleError::CubeRefused(CubeRefusal::Crawford));
                }
                if !self.cube.may_double(self.turn) {
                    return Err(RuleError::CubeRefused(
                        if self.cube.value >= super::stakes::CUBE_MAX {
                            CubeRefusal::AtMost
                        } else {
                            CubeRefusal::AdversaryOwns
                        },
                    ));
                }
                events.push(Event::DoubleOffered {
                    by: self.turn,
                    value: self.cube.value * 2,
                });
                self.phase = Phase::DoubleOffered;
            }
            (Action::Take, Phase::DoubleOffered) => {
                let taker = self.turn.other();
                self.cube = Cube {
                    value: self.cube.value * 2,
                    owner: Some(taker),
                };
                events.push(Event::DoubleTaken {
                    by: taker,
                    value: self.cube.value,
                });
                self.phase = Phase::ToThrow;
            }
            (Action::Drop, Phase::DoubleOffered) => {
                events.push(Event::DoubleDropped {
                    by: self.turn.other(),
                });
                self.finish(Some(self.turn), 1, EndReason::Dropped, &mut events);
            }
            (Action::Throw(throw), Phase::ToThrow | Phase::SecondThrow) => {
                let expected = self.rules.dice_count();
                if throw.faces().len() != expected {
                    return Err(RuleError::WrongDiceCount {
                        expected,
                        got: throw.faces().len(),
                    });
                }
                events.push(Event::Threw {
                    side: self.turn,
                    throw,
                });
                let double_hand = self.rules.players == Players::DoubleHand && !self.first_turn;
                match (double_hand, self.phase) {
                    (true, Phase::ToThrow) => {
                        self.throws = vec![throw];
                        self.phase = Phase::SecondThrow;
                    }
                    (true, _) => {
                        self.throws.push(throw);
                        self.phase = Phase::ChooseThrow;
                    }
                    (false, _) => self.start_play(throw, &mut events),
                }
            }
            (Action::ChooseThrow(i), Phase::ChooseThrow) => {
                let throw = *self
                    .throws
                    .get(usize::from(i))
                    .ok_or(RuleError::BadChoice(i))?;
                events.push(Event::ThrowChosen {
                    side: self.turn,
                    throw,
                });
                self.start_play(throw, &mut events);
            }
            (Action::Step(step), Phase::Playing) => {
                let pos = self.position_for(self.turn);
                let rules = self.move_rules();
                if !stepwise::step_allowed(&pos, self.moves, self.used, self.best, step, rules) {
                    return Err(RuleError::StepNotAllowed(why_not(
                        &pos,
                        self.moves,
                        step,
                        rules.bear_off,
                    )));
                }
                let refused =
                    || RuleError::StepNotAllowed(why_not(&pos, self.moves, step, rules.bear_off));
                let (next, hit) =
                    movegen::play_step(&pos, step, rules.bear_off).ok_or_else(refused)?;
                let rest = self.moves.without(step.die()).ok_or_else(refused)?;
                self.played.push(Played {
                    step,
                    before: pos,
                    moves_before: self.moves,
                    used_before: self.used,
                });
                self.moves = rest;
                self.used = Reach {
                    dice: self.used.dice + 1,
                    pips: self.used.pips + u16::from(step.die()),
                };
                self.set_position_for(self.turn, next);
                events.push(Event::Moved {
                    side: self.turn,
                    step,
                    hit,
                });
            }
            (Action::Undo, Phase::Playing) => {
                let last = self.played.pop().ok_or(RuleError::NothingToUndo)?;
                self.set_position_for(self.turn, last.before);
                self.moves = last.moves_before;
                self.used = last.used_before;
                events.push(Event::StepUndone {
                    side: self.turn,
                    step: last.step,
                });
            }
            (Action::Confirm, Phase::Playing) => {
                if !self.may_confirm() {
                    return Err(RuleError::PlayNotFinished(usize::from(
                        self.best.dice - self.used.dice,
                    )));
                }
                let steps = self.steps_played();
                events.push(Event::Played {
                    side: self.turn,
                    steps,
                });
                self.end_play(&mut events);
            }
            (Action::Resign(stake), phase) => {
                let by = self
                    .may_resign()
                    .ok_or_else(|| self.not_now(Attempt::Resign))?;
                let most = self.most_resigned();
                if stake == 0 || stake > most {
                    return Err(RuleError::BadResignation { stake, most });
                }
                events.push(Event::ResignationOffered { by, stake });
                self.resumed = phase;
                self.phase = Phase::ResignOffered { by, stake };
            }
            (Action::AcceptResignation, Phase::ResignOffered { by, stake }) => {
                self.finish(
                    Some(by.other()),
                    u32::from(stake),
                    EndReason::Resigned,
                    &mut events,
                );
            }
            (Action::DeclineResignation, Phase::ResignOffered { by, .. }) => {
                events.push(Event::ResignationDeclined { by: by.other() });
                self.phase = self.resumed;
            }
            (action, _) => return Err(self.not_now(Attempt::from(action))),
        }
        self.record.push(action);
        Ok(events)
    }

    fn set_position_for(&mut self, side: Side, pos: Position) {
        self.board = match side {
            Side::White => pos,
            Side::Black => pos.switched(),
        };
    }

    fn endings(&self) -> Endings {
        Endings::from(&self.rules)
    }

    /// Start of a side's turn, before its throw: the bound table, then a blocked board.
    fn begin_turn(&mut self, events: &mut Vec<Event>) {
        match self.endings().turn_start(&self.position_for(self.turn)) {
            TurnStart::LosesToPrime => {
                self.finish(Some(self.turn.other()), 1, EndReason::PrimeOfTables, events);
                return;
            }
            TurnStart::BreakTable => {
                let binder = self.turn.other();
                events.push(Event::TableMustBreak { binder });
                self.phase = Phase::BreakThrowOff { binder };
                return;
            }
            TurnStart::Drawn => {
                self.finish(None, 0, EndReason::Blocked, events);
                return;
            }
            TurnStart::Throw => {}
        }
        self.phase = Phase::ToThrow;
        if let Some(throw) = self.opening_throw.take() {
            events.push(Event::Threw {
                side: self.turn,
                throw,
            });
            self.start_play(throw, events);
        }
    }

    fn start_play(&mut self, throw: Throw, events: &mut Vec<Event>) {
        let pos = self.position_for(self.turn);
        self.throw = Some(throw);
        self.last_doublets[self.turn.index()] = throw.is_doublets();
        self.moves = throw.moves(self.rules.dice, self.rules.doublets);
        self.used = Reach::default();
        self.best = stepwise::reach(&pos, self.moves, self.rules.bear_off);
        self.played.clear();
        if self.endings().unplayable(&pos, self.best, self.moves) {
            self.finish(Some(self.turn.other()), 1, EndReason::UnplayableDie, events);
            return;
        }
        if self.best.dice == 0 {
            events.push(Event::Forfeited {
                side: self.turn,
                throw,
            });
            self.end_turn(events);
            return;
        }
        self.phase = Phase::Playing;
    }

    /// After a confirmed play: has anyone won? Else the turn passes.
    fn end_play(&mut self, events: &mut Vec<Event>) {
        let pos = self.position_for(self.turn);
        let doublets = self.last_doublets[self.turn.index()];
        if let Some(win) = self.endings().after_play(&pos, doublets) {
            self.finish(Some(self.turn), win.stake, win.reason, events);
            return;
        }
        self.end_turn(events);
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.turns += 1;
        self.first_turn = false;
        self.throw = None;
        self.throws.clear();
        self.played.clear();
        self.moves = Moves::default();
        self.turn = self.turn.other();
        self.begin_turn(events);
    }

    /// Ends the game; `stake` is before the cube, which multiplies it.
    fn finish(
        &mut self,
        winner: Option<Side>,
        stake: u32,
        reason: EndReason,
        events: &mut Vec<Event>,
    ) {
        let stake = self.cube.scored(stake, &self.rules);
        let outcome = Outcome {
            winner,
            stake: if winner.is_some() { stake } else { 0 },
            reason,
        };
        self.tally.record_in_match(
            outcome.winner,
            outcome.stake,
            self.rules.match_to,
            self.rules.crawford,
        );
        self.played.clear();
        self.phase = Phase::Over(outcome);
        events.push(Event::GameOver(outcome));
    }
}
