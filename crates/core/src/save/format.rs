//! The save file as plain data: what a file holds, before anything in it is believed.
//!
//! The record is written in the file's own words ([`SavedAction`]) rather than through the
//! engine's `Action` serde, so that the file format stays fixed when the engine's types change,
//! and so that a die of 7 or a step from point 30 is read without complaint and then refused
//! by the loader with the turn it belongs to.

use ron::ser::PrettyConfig;
use serde::{Deserialize, Serialize};

use crate::players::Seats;
use crate::tables::{Action, Claim, Game, Rules, Setup, Side, Step, Tally, Throw};

use super::analysis::SavedAnalysis;
use super::error::SaveError;
pub use super::version::FORMAT;

/// A saved game: the rules in force, who sits at the table, where the men started, the
/// session's tally before this game, and every action of the game in order.
///
/// Plain data: nothing in it is checked until [`super::load`] or [`super::from_str`] replays
/// the record through `Game::apply`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// The version of this format ([`FORMAT`]); a higher number was made by a newer Gamester.
    pub format: u32,
    /// Every option in force.
    pub rules: Rules,
    /// The players, their colours and who moves for them.
    pub table: Seats,
    /// Where the men stood before the opening throw-off, each side in its own numbering. It
    /// must be the starting array of `rules.layout`.
    pub start: Setup,
    /// The session's tally when this game began; replaying the record adds this game's result.
    pub tally_before: Tally,
    /// Every action accepted by the game, in order, including steps later taken back (each
    /// followed by its `undo`): replaying it gives the game exactly as it was.
    pub record: Vec<SavedAction>,
    /// A match's games before this one, each as it ended, in order (added in format 1 without
    /// a new version: a file without them is as before). Under the same rules and table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<EarlierGame>,
    /// Why the file's earlier games could not be replayed, if they could not: the game in
    /// play is read without them ([`super::replay_file`]). Never written.
    #[serde(skip)]
    pub earlier_unread: Option<String>,
    /// The game's analysis, if it was analysed and saved with it (added in format 1 without a
    /// new version: a file without it is as before, and an older Gamester never wrote one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<SavedAnalysis>,
    /// Why the file's analysis could not be read, if it could not: the game is read without
    /// it ([`super::parse`]). Never written.
    #[serde(skip)]
    pub analysis_unread: Option<String>,
    /// Why the game was ended before the rules ended it, as an older Gamester kept it: words
    /// alone, which name nobody (added in format 1 without a new version). Read, never
    /// written: [`SaveFile::abandonment`] keeps it now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandoned: Option<String>,
    /// Who left the game before the rules ended it (a friend at a distance who kept it
    /// waiting, or did not come back), why, when, and how far the record both sides signed
    /// went: the side that left loses it, which the tally counts as the file is read (added in
    /// format 1 without a new version: a file without it is as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandonment: Option<crate::abandonment::Abandonment>,
}

/// One of a match's earlier games, as the file writes it: the tally it began with and its
/// record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EarlierGame {
    pub tally_before: Tally,
    pub record: Vec<SavedAction>,
}

impl EarlierGame {
    /// The file's words of a game's record.
    #[must_use]
    pub fn of(record: &super::GameRecord) -> EarlierGame {
        EarlierGame {
            tally_before: record.tally_before(),
            record: record.record().iter().map(|&a| a.into()).collect(),
        }
    }
}

/// One action of the record, as the file writes it.
///
/// Dice are written as thrown: `throw_off(white: 5, black: 2)`, `throw([6, 4])`,
/// `break_throw_off(white: (3, 4), black: (6, 6))`; a step is a man moved from a point (1 to
/// 24, or 25 for the bar) by one die, in the mover's own numbering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SavedAction {
    /// The opening throw-off: one die each.
    ThrowOff { white: u8, black: u8 },
    /// The throw-off to break a bound table: two dice each.
    BreakThrowOff { white: [u8; 2], black: [u8; 2] },
    /// The side to move throws (in Double-hand each partner's throw is one action).
    Throw(Vec<u8>),
    /// Double-hand: the side plays its first (0) or second (1) throw.
    ChooseThrow(u8),
    /// The point of the bound table broken, 1 to 6 in the binder's numbering.
    Break(u8),
    /// One man moved by one die.
    Step { from: u8, die: u8 },
    /// The last step of this throw taken back.
    Undo,
    /// The dice lifted: the play is done.
    Confirm,
    /// The cube offered.
    Double,
    /// The double taken.
    Take,
    /// The double dropped.
    Drop,
    /// A resignation offered, giving up this many stakes before the cube.
    Resign(u8),
    /// The resignation accepted: the game is over.
    AcceptResignation,
    /// The resignation declined: the game goes on.
    DeclineResignation,
    /// Tick-tack: a score claimed (`hit`, `why_not`, `missed_going_in`).
    Claim(Claim),
}

/// Why a saved action is not an action at all (before any rule is asked).
pub(crate) enum NotAction {
    /// A die that does not show 1 to 6.
    Face(u8),
    /// Anything else, said in words.
    Other(String),
}

impl SavedAction {
    /// The engine's action for this, or why there is none.
    pub(crate) fn to_action(&self) -> Result<Action, NotAction> {
        let face = |f: u8| {
            if (1..=6).contains(&f) {
                Ok(f)
            } else {
                Err(NotAction::Face(f))
            }
        };
        Ok(match self {
            SavedAction::ThrowOff { white, black } => Action::ThrowOff {
                white: face(*white)?,
                black: face(*black)?,
            },
            SavedAction::BreakThrowOff { white, black } => {
                for &f in white.iter().chain(black) {
                    face(f)?;
                }
                Action::BreakThrowOff {
                    white: *white,
                    black: *black,
                }
            }
            SavedAction::Throw(faces) => {
                for &f in faces {
                    face(f)?;
                }
                Action::Throw(
                    Throw::new(faces).map_err(|e| NotAction::Other(format!("not a throw: {e}")))?,
                )
            }
            SavedAction::ChooseThrow(i) => Action::ChooseThrow(*i),
            SavedAction::Break(p) => Action::Break(*p),
            SavedAction::Step { from, die } => {
                face(*die)?;
                Action::Step(Step::new(*from, *die).map_err(|e| NotAction::Other(e.to_string()))?)
            }
            SavedAction::Undo => Action::Undo,
            SavedAction::Confirm => Action::Confirm,
            SavedAction::Double => Action::Double,
            SavedAction::Take => Action::Take,
            SavedAction::Drop => Action::Drop,
            SavedAction::Resign(stake) => Action::Resign(*stake),
            SavedAction::AcceptResignation => Action::AcceptResignation,
            SavedAction::DeclineResignation => Action::DeclineResignation,
            SavedAction::Claim(claim) => Action::Claim(*claim),
        })
    }

    /// How the file writes this action, for messages: `step(from: 13, die: 4)`.
    #[must_use]
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_else(|_| format!("{self:?}"))
    }
}

impl From<Action> for SavedAction {
    fn from(action: Action) -> SavedAction {
        match action {
            Action::ThrowOff { white, black } => SavedAction::ThrowOff { white, black },
            Action::BreakThrowOff { white, black } => SavedAction::BreakThrowOff { white, black },
            Action::Throw(t) => SavedAction::Throw(t.faces().to_vec()),
            Action::ChooseThrow(i) => SavedAction::ChooseThrow(i),
            Action::Break(p) => SavedAction::Break(p),
            Action::Step(s) => SavedAction::Step {
                from: s.from(),
                die: s.die(),
            },
            Action::Undo => SavedAction::Undo,
            Action::Confirm => SavedAction::Confirm,
            Action::Double => SavedAction::Double,
            Action::Take => SavedAction::Take,
            Action::Drop => SavedAction::Drop,
            Action::Resign(stake) => SavedAction::Resign(stake),
            Action::AcceptResignation => SavedAction::AcceptResignation,
            Action::DeclineResignation => SavedAction::DeclineResignation,
            Action::Claim(claim) => SavedAction::Claim(claim),
        }
    }
}

impl SaveFile {
    /// The save file of a game as it stands, with the players at its table.
    ///
    /// Loading it gives this game again: the same rules, position, phase, tally and record.
    #[must_use]
    pub fn from_game(game: &Game, table: &Seats) -> SaveFile {
        SaveFile {
            format: FORMAT,
            rules: game.rules().clone(),
            table: table.clone(),
            start: game.start().to_setup(Side::White),
            tally_before: tally_before(game),
            record: game.record().iter().map(|&a| a.into()).collect(),
            earlier: Vec::new(),
            earlier_unread: None,
            analysis: None,
            analysis_unread: None,
            abandoned: None,
            abandonment: None,
        }
    }

    /// The save file of a game as it stands, with the players at its table and the match's
    /// games before it.
    #[must_use]
    pub fn from_match(game: &Game, table: &Seats, earlier: &[super::GameRecord]) -> SaveFile {
        SaveFile {
            earlier: earlier.iter().map(EarlierGame::of).collect(),
            ..SaveFile::from_game(game, table)
        }
    }
}

/// The tally the game began with: its own result, once it has one, taken back out.
pub(crate) fn tally_before(game: &Game) -> Tally {
    game.tally_before()
}

/// How deep the pretty printer lays things out on lines of their own: the file's fields, then
/// one line per action, per seat and per side's men.
const PRETTY_DEPTH: usize = 2;

/// The file's text: pretty-printed RON, one action a line (and one decision of its analysis a
/// line, last).
pub fn to_string(file: &SaveFile) -> Result<String, SaveError> {
    let config = PrettyConfig::new()
        .depth_limit(PRETTY_DEPTH)
        .indentor("  ".to_string());
    let mut text = match &file.analysis {
        None => ron::ser::to_string_pretty(file, config),
        Some(_) => ron::ser::to_string_pretty(
            &SaveFile {
                analysis: None,
                ..file.clone()
            },
            config,
        ),
    }
    .map_err(SaveError::Unwritable)?;
    if let Some(analysis) = &file.analysis
        && let Some(end) = text.rfind(')')
    {
        text.insert_str(end, &analysis.lines().map_err(SaveError::Unwritable)?);
    }
    text.push('\n');
    Ok(text)
}
