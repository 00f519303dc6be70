//! The analysis of a game as its save file keeps it, as plain data: the level it was judged at
//! and, for each decision, where it stands in the record, the best choice and the loss. Nothing
//! in it is believed until the analysis is rebuilt against the replayed record (which the
//! computer's side does); a file whose analysis does not fit still gives its game.
//!
//! ```ron
//! analysis: Some((
//!   level: expert,
//!   decisions: [
//!     (at: 2, made: 5, best: play([(from: 13, die: 6), (from: 8, die: 4)]), loss: 0.0183, values: Some((0.021, 0.0393))),
//!     (at: 40, made: 41, best: cube(take), loss: 0.0),
//!   ],
//! )),
//! ```

use ron::ser::PrettyConfig;
use serde::{Deserialize, Serialize};

use crate::level::Level;

/// An analysis kept with its game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedAnalysis {
    /// The level the decisions were judged at.
    pub level: Level,
    /// The decisions judged, in the record's order.
    pub decisions: Vec<SavedDecision>,
    /// Whether the decisions were judged at the game's own match score. Analyses kept before
    /// Gamester did so (which judged every game of a match as at 0-0) lack it.
    #[serde(default)]
    pub at_score: bool,
}

impl SavedAnalysis {
    /// The file's `analysis` field as it is written, one decision a line, indented to stand
    /// among the save file's fields.
    pub(crate) fn lines(&self) -> Result<String, ron::Error> {
        let mut out = format!(
            "  analysis: Some((\n    level: {},\n    at_score: {},\n    decisions: [\n",
            compact(&self.level)?,
            self.at_score
        );
        for d in &self.decisions {
            out.push_str(&format!("      {},\n", compact(d)?));
        }
        out.push_str("    ],\n  )),\n");
        Ok(out)
    }
}

/// A value on one line, spaced as the pretty printer spaces it.
fn compact<T: Serialize>(value: &T) -> Result<String, ron::Error> {
    ron::ser::to_string_pretty(value, PrettyConfig::new().depth_limit(0))
}

/// One decision judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedDecision {
    /// How many actions of the record stood before the decision.
    pub at: usize,
    /// How many stood once it was made.
    pub made: usize,
    /// The best choice.
    pub best: SavedBest,
    /// What the choice made lost against the best, in stakes per unit of the cube.
    pub loss: f32,
    /// For a play: what the play made and the best play were worth to the mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<(f32, f32)>,
}

/// The best choice of a decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SavedBest {
    /// The best play's steps, each a man moved from a point by one die, in the mover's numbering.
    Play(Vec<SavedStep>),
    Cube(SavedCube),
    /// The best point to break of a bound table, in the binder's numbering.
    Break(u8),
    /// Double-hand: the better throw, 0 or 1.
    Throw(u8),
    /// Tick-tack: the score let pass, which claiming was best (`hit`, `why_not`,
    /// `missed_going_in`).
    Claim(crate::tables::ticktack::Claim),
}

/// One step of a play: as the record writes a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedStep {
    pub from: u8,
    pub die: u8,
}

/// A choice about the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SavedCube {
    Double,
    NoDouble,
    Take,
    Drop,
}
