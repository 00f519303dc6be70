//! A game at tables, from the throw-off to the last man borne off: the one gate through which
//! anything changes (`Game::apply`).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{BAR, Position, PositionError};
use super::dice::{DiceError, DiceRoller, Moves, Throw, check_face};
use super::movegen::{self, MoveRules, Reach};
use super::play::{Play, Step};
use super::rules::{BoundTable, Compulsion, Dice, Opening, Players, Rules};
use super::side::Side;
use super::stakes::{Cube, Tally, WinKind, bear_off_stake};

/// Something a player (or the dice, through a [`DiceRoller`]) does. The record of a game is
/// the list of its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// The opening throw-off: each side throws one die.
    ThrowOff { white: u8, black: u8 },
    /// The throw-off to break a bound table: each side throws two dice.
    BreakThrowOff { white: [u8; 2], black: [u8; 2] },
    /// The side to move throws (in Double-hand Irish each partner's throw is one action).
    Throw(Throw),
    /// Double-hand Irish: the side plays its first (0) or second (1) throw.
    ChooseThrow(u8),
    /// The winner of the break throw-off breaks this point of the bound table (in the
    /// binder's numbering, 1 to 6).
    Break(u8),
    /// One man moved by one die.
    Step(Step),
    /// Takes back the last step of this throw.
    Undo,
    /// Lifts the dice: the play is done and the turn passes.
    Confirm,
    /// The side to throw offers to double the stake.
    Double,
    /// The adversary takes the double.
    Take,
    /// The adversary drops: he loses the stake as it stood.
    Drop,
}

/// Why an action was refused. The game is as it was before.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("{action} is not possible now: {now}")]
    NotNow { action: &'static str, now: String },
    #[error("{0}")]
    Dice(#[from] DiceError),
    #[error("the throw has {got} dice; this game throws {expected}")]
    WrongDiceCount { expected: usize, got: usize },
    #[error("that step is not allowed: {0}")]
    StepNotAllowed(String),
    #[error("the throw is not played out: {0} more to play")]
    PlayNotFinished(usize),
    #[error("no step of this throw is left to take back")]
    NothingToUndo,
    #[error("{0} is not a point of the bound table (1 to 6)")]
    BadBreakPoint(u8),
    #[error("there is no throw {0} to choose (0 or 1)")]
    BadChoice(u8),
    #[error("the cube cannot be offered: {0}")]
    CubeRefused(&'static str),
    #[error("the starting layout is not a position: {0}")]
    Layout(#[from] PositionError),
}

/// What happened, for the board to draw and the log to tell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    ThrewOff {
        white: u8,
        black: u8,
    },
    ThrowOffTied,
    Begins(Side),
    /// The side to move must enter and the adversary's table is bound: it is to be broken.
    TableMustBreak {
        binder: Side,
    },
    BreakThrewOff {
        white: [u8; 2],
        black: [u8; 2],
    },
    ChoosesBreak {
        chooser: Side,
        binder: Side,
    },
    /// Men of `binder` were taken from his `point` to the bar.
    TableBroken {
        binder: Side,
        point: u8,
        men: u8,
    },
    Threw {
        side: Side,
        throw: Throw,
    },
    ThrowChosen {
        side: Side,
        throw: Throw,
    },
    Moved {
        side: Side,
        step: Step,
        hit: bool,
    },
    StepUndone {
        side: Side,
        step: Step,
    },
    /// Nothing of the throw could be played.
    Forfeited {
        side: Side,
        throw: Throw,
    },
    /// The play is done (the dice lifted).
    Played {
        side: Side,
        steps: Vec<Step>,
    },
    DoubleOffered {
        by: Side,
        value: u32,
    },
    DoubleTaken {
        by: Side,
        value: u32,
    },
    DoubleDropped {
        by: Side,
    },
    GameOver(Outcome),
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The winner bore off all his men.
    BoreOff(WinKind),
    /// The loser dropped a double.
    Dropped,
    /// Fails: a die of the loser's throw could not be played.
    UnplayableDie,
    /// Todas Tablas: the loser had to enter and found all six points held.
    PrimeOfTables,
    /// Todas Tablas: all the loser's men left were on the bar.
    AllCaptured,
    /// Neither side could move whatever it threw: a draw.
    Blocked,
}

/// How a game ended: who won (none for a draw), the stakes won (cube included), and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub stake: u32,
    pub reason: EndReason,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The opening throw-off ([`Action::ThrowOff`]).
    ThrowOff,
    /// The break throw-off ([`Action::BreakThrowOff`]); `binder`'s table is bound.
    BreakThrowOff { binder: Side },
    /// `chooser` picks the point of `binder`'s table to break ([`Action::Break`]).
    ChooseBreak { chooser: Side, binder: Side },
    /// The side to move throws (or offers the cube).
    ToThrow,
    /// Double-hand: the partner throws the second throw.
    SecondThrow,
    /// Double-hand: the side chooses which throw to play.
    ChooseThrow,
    /// The side to move plays steps, undoes them, and confirms.
    Playing,
    /// The side to move offered the cube; the adversary takes or drops.
    DoubleOffered,
    /// The game is over.
    Over(Outcome),
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
    turns: u32,
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
        Ok(Game {
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
            turns: 0,
            record: Vec::new(),
        })
    }

    /// The next game of the session: the same rules, the tally carried on.
    pub fn next_game(&self) -> Result<Game, RuleError> {
        Game::with_tally(self.rules.clone(), self.tally)
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

    fn move_rules(&self) -> MoveRules {
        MoveRules::from(&self.rules)
    }

    /// The steps the side to move may play now (empty outside [`Phase::Playing`]).
    #[must_use]
    pub fn allowed_steps(&self) -> Vec<Step> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        movegen::allowed_steps(
            &self.position_for(self.turn),
            self.moves,
            self.used,
            self.best,
            self.move_rules(),
        )
    }

    /// The legal plays of the rest of this throw, from where the men stand now: each a
    /// distinct resulting position (seen from the side to move) and one way to reach it.
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Play> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        movegen::legal_plays(&self.position_for(self.turn), self.moves, self.move_rules())
    }

    /// Whether the play so far may be confirmed.
    #[must_use]
    pub fn may_confirm(&self) -> bool {
        self.phase == Phase::Playing
            && (self.rules.compulsion == Compulsion::Free || self.used == self.best)
    }

    /// The actions possible now that need no dice (for a player or a random tester).
    #[must_use]
    pub fn choices(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::ToThrow if self.rules.cube && self.cube.may_double(self.turn) => {
                out.push(Action::Double)
            }
            Phase::DoubleOffered => out.extend([Action::Take, Action::Drop]),
            Phase::ChooseThrow => out.extend([Action::ChooseThrow(0), Action::ChooseThrow(1)]),
            Phase::ChooseBreak { .. } => out.extend((1..=6).map(Action::Break)),
            Phase::Playing => {
                out.extend(self.allowed_steps().into_iter().map(Action::Step));
                if !self.played.is_empty() {
                    out.push(Action::Undo);
                }
                if self.may_confirm() {
                    out.push(Action::Confirm);
                }
            }
            _ => {}
        }
        out
    }

    /// The dice action due now, thrown with `dice`, if the game waits for dice.
    pub fn throw_action(&self, dice: &mut dyn DiceRoller) -> Option<Action> {
        match self.phase {
            Phase::ThrowOff => Some(Action::ThrowOff {
                white: dice.die(),
                black: dice.die(),
            }),
            Phase::BreakThrowOff { .. } => Some(Action::BreakThrowOff {
                white: [dice.die(), dice.die()],
                black: [dice.die(), dice.die()],
            }),
            Phase::ToThrow | Phase::SecondThrow => {
                let faces: Vec<u8> = (0..self.rules.dice_count()).map(|_| dice.die()).collect();
                Throw::new(&faces).ok().map(Action::Throw)
            }
            _ => None,
        }
    }

    /// Throws whatever dice are due, if any: a shorthand for [`Game::throw_action`] and
    /// [`Game::apply`].
    pub fn throw_with(&mut self, dice: &mut dyn DiceRoller) -> Result<Vec<Event>, RuleError> {
        match self.throw_action(dice) {
            Some(action) => self.apply(action),
            None => Err(self.not_now("throwing")),
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

    fn not_now(&self, action: &'static str) -> RuleError {
        let now = match self.phase {
            Phase::ThrowOff => "the game waits for the opening throw-off".to_string(),
            Phase::BreakThrowOff { .. } => {
                "both sides must throw to break the bound table".to_string()
            }
            Phase::ChooseBreak { chooser, .. } => {
                format!("{chooser} must choose the point to break")
            }
            Phase::ToThrow => format!("{} is to throw", self.turn),
            Phase::SecondThrow => format!("{}'s partner is to throw", self.turn),
            Phase::ChooseThrow => format!("{} must choose a throw to play", self.turn),
            Phase::Playing => format!("{} is playing a throw", self.turn),
            Phase::DoubleOffered => format!("{} must take or drop the double", self.turn.other()),
            Phase::Over(_) => "the game is over".to_string(),
        };
        RuleError::NotNow { action, now }
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
                if !(1..=6).contains(&point) {
                    return Err(RuleError::BadBreakPoint(point));
                }
                let mut pos = self.position_for(binder);
                let men = pos.at(usize::from(point));
                if men < 2 {
                    return Err(RuleError::BadBreakPoint(point));
                }
                let taken = (men - 1) as u8;
                pos.send_to_bar(usize::from(point), taken);
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
                    return Err(RuleError::CubeRefused(
                        "this game is played without the cube",
                    ));
                }
                if !self.cube.may_double(self.turn) {
                    return Err(RuleError::CubeRefused(
                        if self.cube.value >= super::stakes::CUBE_MAX {
                            "the cube is at 64"
                        } else {
                            "the adversary owns the cube"
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
                if !movegen::step_allowed(&pos, self.moves, self.used, self.best, step, rules) {
                    return Err(RuleError::StepNotAllowed(self.why_not(&pos, step)));
                }
                let Some((next, hit)) = movegen::play_step(&pos, step, rules.bear_off) else {
                    return Err(RuleError::StepNotAllowed(
                        "the man cannot land there".into(),
                    ));
                };
                let Some(rest) = self.moves.without(step.die()) else {
                    return Err(RuleError::StepNotAllowed(format!(
                        "no {} is left to play",
                        step.die()
                    )));
                };
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
            (action, _) => {
                let name = match action {
                    Action::ThrowOff { .. } => "the opening throw-off",
                    Action::BreakThrowOff { .. } => "the break throw-off",
                    Action::Throw(_) => "throwing",
                    Action::ChooseThrow(_) => "choosing a throw",
                    Action::Break(_) => "breaking a point",
                    Action::Step(_) => "moving a man",
                    Action::Undo => "undoing a step",
                    Action::Confirm => "lifting the dice",
                    Action::Double => "doubling",
                    Action::Take => "taking",
                    Action::Drop => "dropping",
                };
                return Err(self.not_now(name));
            }
        }
        self.record.push(action);
        Ok(events)
    }

    fn why_not(&self, pos: &Position, step: Step) -> String {
        let from = usize::from(step.from());
        if self.moves.without(step.die()).is_none() {
            return format!("no {} is left to play", step.die());
        }
        if from == BAR && pos.bar() == 0 {
            return "no man is on the bar".into();
        }
        if pos.bar() > 0 && from != BAR {
            return "men on the bar must enter first".into();
        }
        if pos.at(from) <= 0 {
            return format!("there is no man of yours on point {from}");
        }
        match movegen::landing(pos, from, step.die(), self.rules.bear_off) {
            None if from <= usize::from(step.die()) && !pos.all_home() => {
                "men bear off only when all fifteen are in the home table".into()
            }
            None if from <= usize::from(step.die()) => "that die does not bear this man off".into(),
            None => format!(
                "point {} is held by two or more of the adversary's men",
                from - usize::from(step.die())
            ),
            Some(_) => "the rest of the throw could not then be played in full".into(),
        }
    }

    fn set_position_for(&mut self, side: Side, pos: Position) {
        self.board = match side {
            Side::White => pos,
            Side::Black => pos.switched(),
        };
    }

    /// Start of a side's turn, before its throw: the bound table, then a blocked board.
    fn begin_turn(&mut self, events: &mut Vec<Event>) {
        let pos = self.position_for(self.turn);
        if pos.bar() > 0 && pos.adversary_home_bound() {
            match self.rules.bound_table {
                BoundTable::Loses => {
                    self.finish(Some(self.turn.other()), 1, EndReason::PrimeOfTables, events);
                    return;
                }
                BoundTable::Break => {
                    events.push(Event::TableMustBreak {
                        binder: self.turn.other(),
                    });
                    self.phase = Phase::BreakThrowOff {
                        binder: self.turn.other(),
                    };
                    return;
                }
                BoundTable::Wait => {}
            }
        }
        if self.rules.blocked_is_draw && self.stuck(Side::White) && self.stuck(Side::Black) {
            self.finish(None, 0, EndReason::Blocked, events);
            return;
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

    /// Whether `side` could move nothing whatever it threw (a bound table it would break does
    /// not count as stuck).
    fn stuck(&self, side: Side) -> bool {
        let pos = self.position_for(side);
        if self.rules.bound_table == BoundTable::Break
            && pos.bar() > 0
            && pos.adversary_home_bound()
        {
            return false;
        }
        !(1..=6).any(|die| movegen::can_move(&pos, die, self.rules.bear_off))
    }

    fn start_play(&mut self, throw: Throw, events: &mut Vec<Event>) {
        let pos = self.position_for(self.turn);
        self.throw = Some(throw);
        self.last_doublets[self.turn.index()] = throw.is_doublets();
        self.moves = throw.moves(self.rules.dice, self.rules.doublets);
        self.used = Reach::default();
        self.best = movegen::reach(&pos, self.moves, self.rules.bear_off);
        self.played.clear();
        if self.rules.unplayable_die_loses && usize::from(self.best.dice) < self.moves.len() {
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
        if pos.borne_off_all() {
            let doublets = self.last_doublets[self.turn.index()];
            let (stake, kind) = bear_off_stake(self.rules.stakes, &pos.switched(), doublets);
            self.finish(Some(self.turn), stake, EndReason::BoreOff(kind), events);
            return;
        }
        if self.rules.all_captured_wins {
            let theirs = pos.switched();
            if theirs.bar() > 0 && (1..=24).all(|p| theirs.at(p) <= 0) {
                self.finish(Some(self.turn), 1, EndReason::AllCaptured, events);
                return;
            }
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
        let stake = stake * self.cube.value;
        let outcome = Outcome {
            winner,
            stake: if winner.is_some() { stake } else { 0 },
            reason,
        };
        self.tally.record(outcome.winner, outcome.stake);
        self.played.clear();
        self.phase = Phase::Over(outcome);
        events.push(Event::GameOver(outcome));
    }
}
