//! What a game waits for ([`Phase`]), who must act in it, and the one way that is put in
//! plain words (the status line, the command line's summary and the gate's refusals all use
//! [`Phase::waiting`]).

use serde::{Deserialize, Serialize};

use super::dice::Throw;
use super::endings::Outcome;
use super::side::Side;
use super::stakes::won_words;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The opening throw-off ([`Action::ThrowOff`](super::Action::ThrowOff)).
    ThrowOff,
    /// The break throw-off ([`Action::BreakThrowOff`](super::Action::BreakThrowOff));
    /// `binder`'s table is bound.
    BreakThrowOff { binder: Side },
    /// `chooser` picks the point of `binder`'s table to break
    /// ([`Action::Break`](super::Action::Break)).
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
    /// `by` offered to resign, losing `stake` stakes before the cube; the adversary accepts
    /// or declines, and on a decline the game goes back to what it waited for.
    ResignOffered { by: Side, stake: u8 },
    /// The game is over.
    Over(Outcome),
}

impl Phase {
    /// The side that must act now, when `turn` is the side to move: the chooser at a break,
    /// the taker when a double is offered. `None` while both sides throw together (the
    /// throw-offs) and when the game is over.
    #[must_use]
    pub fn actor(self, turn: Side) -> Option<Side> {
        match self {
            Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::Over(_) => None,
            Phase::ChooseBreak { chooser, .. } => Some(chooser),
            Phase::DoubleOffered => Some(turn.other()),
            Phase::ResignOffered { by, .. } => Some(by.other()),
            Phase::ToThrow | Phase::SecondThrow | Phase::ChooseThrow | Phase::Playing => Some(turn),
        }
    }

    /// Which partner of the acting side acts (Double-hand): the second (1) throws the second
    /// throw; otherwise the first (0).
    #[must_use]
    pub fn partner(self) -> usize {
        usize::from(self == Phase::SecondThrow)
    }

    /// Whether the game waits for dice to be thrown (a throw-off or a throw).
    #[must_use]
    pub fn waits_for_dice(self) -> bool {
        matches!(
            self,
            Phase::ThrowOff | Phase::BreakThrowOff { .. } | Phase::ToThrow | Phase::SecondThrow
        )
    }

    /// What is due now, in plain words: `turn` is the side to move, `throw` the throw being
    /// played, if any, and `match_to` the match's length (a game's win is said in its points;
    /// 0, a session for stakes: in stakes).
    #[must_use]
    pub fn waiting(self, turn: Side, throw: Option<Throw>, match_to: u16) -> Waiting {
        let (who, what) = match self {
            Phase::ThrowOff => (None, "the opening throw-off is next".to_string()),
            Phase::BreakThrowOff { .. } => {
                (None, "the throw-off to break the table is next".to_string())
            }
            Phase::ChooseBreak { chooser, .. } => {
                (Some(chooser), "to choose the point to break".to_string())
            }
            Phase::ToThrow => (Some(turn), "to throw".to_string()),
            Phase::SecondThrow => (Some(turn), "to throw".to_string()),
            Phase::ChooseThrow => (Some(turn), "to choose a throw".to_string()),
            Phase::Playing => (
                Some(turn),
                throw.map_or_else(|| "to play".to_string(), |t| format!("to play {t}")),
            ),
            Phase::DoubleOffered => (Some(turn.other()), "to take or drop".to_string()),
            Phase::ResignOffered { by, .. } => (
                Some(by.other()),
                "to accept or decline the resignation".to_string(),
            ),
            Phase::Over(outcome) => match outcome.winner {
                Some(w) => (
                    Some(w),
                    format!("won {}", won_words(outcome.stake, match_to)),
                ),
                None => (None, "over: drawn".to_string()),
            },
        };
        Waiting {
            who,
            partner: self == Phase::SecondThrow,
            over: matches!(self, Phase::Over(_)),
            what,
        }
    }
}

/// What a game waits for, in plain words: who must act (if one side must), and what is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    pub who: Option<Side>,
    /// Whether it is the partner of `who` who acts (Double-hand's second throw).
    pub partner: bool,
    /// Whether the game is over (`who` is then the winner).
    pub over: bool,
    /// What is due: "to throw", "to take or drop", "the opening throw-off is next", …
    pub what: String,
}

impl Waiting {
    /// The words, naming each side with `name`: "Red to throw", "the opening throw-off is
    /// next", "over: Red won 2 stakes" (in a match, "over: Red won 2 points").
    #[must_use]
    pub fn words(&self, name: &dyn Fn(Side) -> String) -> String {
        self.joined(name, " ")
    }

    /// The words as a sentence with a verb: "White is to throw".
    #[must_use]
    pub fn sentence(&self, name: &dyn Fn(Side) -> String) -> String {
        self.joined(name, " is ")
    }

    fn joined(&self, name: &dyn Fn(Side) -> String, link: &str) -> String {
        let Some(who) = self.who else {
            return self.what.clone();
        };
        if self.over {
            return format!("over: {} {}", name(who), self.what);
        }
        let who = if self.partner {
            format!("{}'s partner", name(who))
        } else {
            name(who)
        };
        format!("{who}{link}{}", self.what)
    }
}

impl std::fmt::Display for Waiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.sentence(&|s: Side| s.name().to_string()))
    }
}
