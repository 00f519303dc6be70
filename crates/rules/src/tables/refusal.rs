//! Why the gate refused an action: [`RuleError`], with a reason a caller can act on for each
//! refusal (a [`StepRefusal`] for a step, a [`CubeRefusal`] for the cube, the phase and side for
//! an action out of its time). The game is always as it was before.

use thiserror::Error;

use super::action::Attempt;
use super::board::{BAR, Position, PositionError};
use super::dice::{DiceError, Moves};
use super::movegen::{Landing, can_move, landing};
use super::phase::Phase;
use super::play::Step;
use super::side::Side;

/// Why an action was refused. The game is as it was before.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The action is not one the game waits for: `phase` is what it waits for, `turn` the
    /// side to move, `match_to` the match's length (0: a session for stakes).
    #[error("{attempt} is not possible now: {}", phase.waiting(*turn, None, *match_to))]
    NotNow {
        attempt: Attempt,
        phase: Phase,
        turn: Side,
        match_to: u16,
    },
    #[error("{0}")]
    Dice(#[from] DiceError),
    #[error("the throw has {got} dice; this game throws {expected}")]
    WrongDiceCount { expected: usize, got: usize },
    #[error("that step is not allowed: {0}")]
    StepNotAllowed(StepRefusal),
    #[error("the throw is not played out: {0} more to play")]
    PlayNotFinished(usize),
    #[error("no step of this throw is left to take back")]
    NothingToUndo,
    #[error("{0} is not a point of the bound table (1 to 6)")]
    BadBreakPoint(u8),
    #[error("there is no throw {0} to choose (0 or 1)")]
    BadChoice(u8),
    #[error("the cube cannot be offered: {0}")]
    CubeRefused(CubeRefusal),
    #[error("the starting layout is not a position: {0}")]
    Layout(#[from] PositionError),
    #[error("the match is over: {0} has won it")]
    MatchOver(Side),
    #[error(
        "the score does not fit the Crawford rule: its game comes once, when a side is first one point from the match"
    )]
    CrawfordOutOfPlace,
    #[error("a resignation gives up from 1 to {most} stakes before the cube, not {stake}")]
    BadResignation { stake: u8, most: u8 },
    #[error("a step once made stands: a man touched must be played")]
    TouchAndTake,
    #[error("that claim is refused: {0}")]
    ClaimRefused(super::ticktack::ClaimRefusal),
}

/// Why a step may not be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum StepRefusal {
    /// No die of this face is left to play.
    #[error("no {0} is left to play")]
    NoSuchDie(u8),
    /// The step enters from the bar, but no man of the mover is there.
    #[error("no man is on the bar")]
    NothingOnTheBar,
    /// A man of the mover is on the bar: he must enter before any other man moves.
    #[error("men on the bar must enter first")]
    MustEnterFirst,
    /// The mover has no man on the point the step starts from.
    #[error("there is no man of yours on point {0}")]
    NoManThere(u8),
    /// The step would bear a man off before all fifteen are home.
    #[error("men bear off only when all fifteen are in the home table")]
    NotAllHome,
    /// The step would bear a man off with a die the bearing-off rule does not allow.
    #[error("that die does not bear this man off")]
    DieDoesNotBearOff,
    /// The point the man would land on is held by two or more of the adversary's men.
    #[error("point {0} is held by two or more of the adversary's men")]
    PointHeld(u8),
    /// Tick-tack: the point holds a lone man of the adversary, and no man is ever hit.
    #[error("point {0} holds a man of the adversary's, and at this game no man is hit")]
    NoHitting(u8),
    /// The step is possible, but the rest of the throw could not then be played in full.
    #[error("the rest of the throw could not then be played in full")]
    RestUnplayable,
}

/// Why a die left in the throw cannot be played now, in the order a player would look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DieRefusal {
    /// The mover has men on the bar, and the point where this die enters them (this point, in
    /// the mover's numbering) is held by two or more of the adversary's men.
    EntryHeld(u8),
    /// Every point the die would carry a man to is held; `bearing_off` says why no man may be
    /// borne off with it instead, where one stands near enough to try.
    AllHeld { bearing_off: Option<StepRefusal> },
    /// No man stands far enough from home for the die to carry him to a point, and the
    /// bearing-off rule lets the die bear none off (an exact bear-off): no point is held.
    BearsNone,
    /// The mover has borne off his last man: nothing is left to play, and the game is won.
    NoManLeft,
    /// A man could move by it, but the rules ask for the most of the throw that can be played,
    /// and the steps already taken are that most.
    RestUnplayable,
}

/// Why a die of `die` pips cannot be played from `pos` (seen from the mover). Called for a die
/// the game offers no step for.
#[must_use]
pub fn why_die_unplayable(pos: &Position, die: u8, rules: impl Into<Landing>) -> DieRefusal {
    let rules = rules.into();
    if can_move(pos, die, rules) {
        return DieRefusal::RestUnplayable;
    }
    if pos.borne_off_all() {
        return DieRefusal::NoManLeft;
    }
    if pos.bar() > 0 {
        return DieRefusal::EntryHeld(25 - die.min(24));
    }
    // A man beyond the die's reach of home would land on a point: that point is held. With
    // none, every man is nearer home than the die carries, and the die bears none off.
    if !(usize::from(die) + 1..=24).any(|p| pos.at(p) > 0) {
        return DieRefusal::BearsNone;
    }
    let near = (1..=usize::from(die).min(24)).any(|p| pos.at(p) > 0);
    let bearing_off = near.then(|| {
        if pos.all_home() {
            StepRefusal::DieDoesNotBearOff
        } else {
            StepRefusal::NotAllHome
        }
    });
    DieRefusal::AllHeld { bearing_off }
}

/// Why the cube may not be offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum CubeRefusal {
    #[error("this game is played without the cube")]
    NoCube,
    #[error("the cube is at 64")]
    AtMost,
    #[error("the adversary owns the cube")]
    AdversaryOwns,
    #[error("this is the Crawford game of the match, played without the cube")]
    Crawford,
}

/// Why `step` may not be played from `pos` (seen from the mover) with `moves` left: the first
/// reason that holds, in the order a player would look for it.
#[must_use]
pub fn why_not(pos: &Position, moves: Moves, step: Step, rules: impl Into<Landing>) -> StepRefusal {
    let rules = rules.into();
    let from = usize::from(step.from());
    let die = usize::from(step.die());
    if moves.without(step.die()).is_none() {
        return StepRefusal::NoSuchDie(step.die());
    }
    if from == BAR && pos.bar() == 0 {
        return StepRefusal::NothingOnTheBar;
    }
    if pos.bar() > 0 && from != BAR {
        return StepRefusal::MustEnterFirst;
    }
    if pos.at(from) <= 0 {
        return StepRefusal::NoManThere(step.from());
    }
    match landing(pos, from, step.die(), rules) {
        None if from <= die && !pos.all_home() => StepRefusal::NotAllHome,
        None if from <= die => StepRefusal::DieDoesNotBearOff,
        None if pos.at(from - die) == -1 => StepRefusal::NoHitting((from - die) as u8),
        None => StepRefusal::PointHeld((from - die) as u8),
        Some(_) => StepRefusal::RestUnplayable,
    }
}

// A tally is checked here, beside the refusals it may give, so that the stakes (which the
// phases and the endings read) need nothing of the refusals.
impl super::stakes::Tally {
    /// Whether a match under `rules` can stand at this tally when a game begins: no side has
    /// yet won it, and the Crawford rule's place agrees with the score (its game only with a
    /// side one point away, and only under the rule). A session for stakes takes any tally.
    pub fn check(&self, rules: &super::rules::Rules) -> Result<(), RuleError> {
        let to = u32::from(rules.match_to);
        if to == 0 {
            return Ok(());
        }
        if let Some(winner) = self.match_winner(rules.match_to) {
            return Err(RuleError::MatchOver(winner));
        }
        let one_away = Side::BOTH.iter().any(|&s| self.stakes(s) + 1 == to);
        let fits = match self.crawford() {
            super::stakes::Crawford::Ahead => !(rules.crawford && one_away && to > 1),
            super::stakes::Crawford::ThisGame => rules.crawford && one_away,
            super::stakes::Crawford::Played => rules.crawford,
        };
        if fits {
            Ok(())
        } else {
            Err(RuleError::CrawfordOutOfPlace)
        }
    }
}
