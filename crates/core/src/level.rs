//! How strongly the computer plays: a name the table (players) and the computer (ai) both use,
//! so neither depends on the other for it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The computer's levels, quickest first. Their command-line names are `novice`, `fair` and
/// `expert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Novice,
    Fair,
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Novice, Level::Fair, Level::Expert];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Fair => "fair",
            Level::Expert => "expert",
        }
    }
}

/// A level name that is not one of `novice`, `fair`, `expert`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no level is called `{0}` (levels: novice, fair, expert)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
