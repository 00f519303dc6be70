//! Steps and plays: one man moved by one die, and all the steps of a throw.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{BAR, Position};
use super::dice::MAX_MOVES;

/// Why a step is not a step at all (whether it is legal is for the rules to say).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StepError {
    #[error("a man moves from a point 1 to 24 or from the bar (25), not from {0}")]
    BadSource(u8),
    #[error("a die shows 1 to 6, not {0}")]
    BadDie(u8),
}

/// One man moved by one die, in the mover's numbering: from a point (1..=24) or the bar (25),
/// `die` points towards the ace point; past it, the man is borne off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
pub struct Step {
    from: u8,
    die: u8,
}

impl Step {
    /// A step from a point (1..=24) or the bar (25) by a die (1..=6).
    pub fn new(from: u8, die: u8) -> Result<Step, StepError> {
        if !(1..=25).contains(&from) {
            return Err(StepError::BadSource(from));
        }
        if !(1..=6).contains(&die) {
            return Err(StepError::BadDie(die));
        }
        Ok(Step { from, die })
    }

    /// Engine use: a step whose parts are known to be in range.
    pub(crate) fn unchecked(from: usize, die: u8) -> Step {
        Step {
            from: from as u8,
            die,
        }
    }

    /// Where the man starts: 1..=24, or 25 for the bar.
    #[must_use]
    pub fn from(&self) -> u8 {
        self.from
    }

    /// The die played.
    #[must_use]
    pub fn die(&self) -> u8 {
        self.die
    }

    /// Whether the man enters from the bar.
    #[must_use]
    pub fn enters(&self) -> bool {
        usize::from(self.from) == BAR
    }

    /// Where the man lands: 1..=24, or 0 when he is borne off.
    #[must_use]
    pub fn to(&self) -> u8 {
        self.from.saturating_sub(self.die)
    }

    /// Whether the man is borne off.
    #[must_use]
    pub fn bears_off(&self) -> bool {
        self.to() == 0
    }
}

impl TryFrom<(u8, u8)> for Step {
    type Error = StepError;
    fn try_from((from, die): (u8, u8)) -> Result<Step, StepError> {
        Step::new(from, die)
    }
}

impl From<Step> for (u8, u8) {
    fn from(s: Step) -> (u8, u8) {
        (s.from, s.die)
    }
}

/// The steps of one play, in order: at most [`MAX_MOVES`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Steps {
    steps: [Option<Step>; MAX_MOVES],
    len: u8,
}

impl Steps {
    /// Adds a step (beyond [`MAX_MOVES`] it is ignored; no throw gives more).
    pub fn push(&mut self, step: Step) {
        if usize::from(self.len) < MAX_MOVES {
            self.steps[usize::from(self.len)] = Some(step);
            self.len += 1;
        }
    }

    /// Removes the last step.
    pub fn pop(&mut self) -> Option<Step> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        self.steps[usize::from(self.len)].take()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The steps in order.
    pub fn iter(&self) -> impl Iterator<Item = Step> + '_ {
        self.steps[..self.len()].iter().flatten().copied()
    }

    #[must_use]
    pub fn to_vec(&self) -> Vec<Step> {
        self.iter().collect()
    }
}

impl FromIterator<Step> for Steps {
    fn from_iter<I: IntoIterator<Item = Step>>(iter: I) -> Steps {
        let mut s = Steps::default();
        for step in iter {
            s.push(step);
        }
        s
    }
}

/// A legal play: the position it leaves (still seen from the side that moved) and one way of
/// moving that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    pub position: Position,
    pub steps: Steps,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_past_the_ace_point_bears_off() {
        let s = Step::new(3, 5).unwrap();
        assert!(s.bears_off());
        assert_eq!(Step::new(25, 3).unwrap().to(), 22);
        assert!(Step::new(25, 3).unwrap().enters());
    }

    #[test]
    fn nonsense_steps_are_refused() {
        assert_eq!(Step::new(0, 3), Err(StepError::BadSource(0)));
        assert_eq!(Step::new(26, 3), Err(StepError::BadSource(26)));
        assert_eq!(Step::new(6, 0), Err(StepError::BadDie(0)));
    }
}
