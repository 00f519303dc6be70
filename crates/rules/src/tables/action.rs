//! What goes into the gate and what comes out of it: the [`Action`]s a player (or the dice)
//! submits to [`Game::apply`](super::Game::apply), and the [`Event`]s that say what happened.

use serde::{Deserialize, Serialize};

use super::dice::Throw;
use super::endings::Outcome;
use super::play::Step;
use super::side::Side;
use super::ticktack::{Claim, Score};

/// Something a player (or the dice, through a [`DiceRoller`](super::DiceRoller)) does. The
/// record of a game is the list of its actions.
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
    /// The side to act offers to resign (to yield the game), losing this many stakes before
    /// the cube: 1 a single game, 2 a gammon (or a double game), 3 a backgammon, and so on up
    /// to the most a game is worth under the rules.
    Resign(u8),
    /// The adversary accepts the resignation offered: the game is over.
    AcceptResignation,
    /// The adversary declines it: the game goes on where it stood.
    DeclineResignation,
    /// Tick-tack: the side to act claims a score (his hit, or a chance the adversary missed).
    Claim(Claim),
}

impl Action {
    /// Whether the action is the dice's, not a player's: a throw-off or a throw. Once shown,
    /// such an action must never be made again (a second throw), so the window keeps it on the
    /// disk before it shows it.
    #[must_use]
    pub fn is_chance(&self) -> bool {
        matches!(
            self,
            Action::ThrowOff { .. } | Action::BreakThrowOff { .. } | Action::Throw(_)
        )
    }
}

/// The kind of an action, without its dice or men: what a refusal names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attempt {
    ThrowOff,
    BreakThrowOff,
    Throw,
    ChooseThrow,
    Break,
    Step,
    Undo,
    Confirm,
    Double,
    Take,
    Drop,
    Resign,
    AcceptResignation,
    DeclineResignation,
    Claim,
}

impl From<Action> for Attempt {
    fn from(action: Action) -> Attempt {
        match action {
            Action::ThrowOff { .. } => Attempt::ThrowOff,
            Action::BreakThrowOff { .. } => Attempt::BreakThrowOff,
            Action::Throw(_) => Attempt::Throw,
            Action::ChooseThrow(_) => Attempt::ChooseThrow,
            Action::Break(_) => Attempt::Break,
            Action::Step(_) => Attempt::Step,
            Action::Undo => Attempt::Undo,
            Action::Confirm => Attempt::Confirm,
            Action::Double => Attempt::Double,
            Action::Take => Attempt::Take,
            Action::Drop => Attempt::Drop,
            Action::Resign(_) => Attempt::Resign,
            Action::AcceptResignation => Attempt::AcceptResignation,
            Action::DeclineResignation => Attempt::DeclineResignation,
            Action::Claim(_) => Attempt::Claim,
        }
    }
}

impl std::fmt::Display for Attempt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Attempt::ThrowOff => "the opening throw-off",
            Attempt::BreakThrowOff => "the break throw-off",
            Attempt::Throw => "throwing",
            Attempt::ChooseThrow => "choosing a throw",
            Attempt::Break => "breaking a point",
            Attempt::Step => "moving a man",
            Attempt::Undo => "undoing a step",
            Attempt::Confirm => "lifting the dice",
            Attempt::Double => "doubling",
            Attempt::Take => "taking",
            Attempt::Drop => "dropping",
            Attempt::Resign => "resigning",
            Attempt::AcceptResignation => "accepting a resignation",
            Attempt::DeclineResignation => "declining a resignation",
            Attempt::Claim => "claiming a score",
        })
    }
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
    /// `by` offers to resign, losing `stake` stakes before the cube.
    ResignationOffered {
        by: Side,
        stake: u8,
    },
    /// `by` declined the resignation offered to him; the game goes on.
    ResignationDeclined {
        by: Side,
    },
    /// Tick-tack: `side` scored `score`, worth `games` (a single or a double game); `why`
    /// says how, in the numbering of the side whose throw it was.
    Scored {
        side: Side,
        score: Score,
        games: u32,
        #[serde(default)]
        why: super::ticktack::Why,
    },
    GameOver(Outcome),
}

impl Event {
    /// Whether this event ends a turn: a play made, a throw forfeit, or the game over.
    #[must_use]
    pub fn ends_turn(&self) -> bool {
        matches!(
            self,
            Event::Played { .. } | Event::Forfeited { .. } | Event::GameOver(_)
        )
    }
}
