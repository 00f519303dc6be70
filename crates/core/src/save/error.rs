//! Why a game could not be saved or loaded, each reason one a person can act on.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::version::{FORMAT, PASTIMES_FORMAT, TILES_FORMAT};
use crate::players::{Colour, NameError};
use crate::tables::{PositionError, RuleError, Side};

/// Why a game could not be saved or loaded. A refused file changes nothing: loading returns a
/// new game or this error, never half a game.
#[derive(Debug, Error)]
pub enum SaveError {
    /// Any of the reasons below, in a named file.
    #[error("{}: {error}", path.display())]
    InFile {
        path: PathBuf,
        #[source]
        error: Box<SaveError>,
    },
    #[error("cannot read the file: {0}")]
    Read(#[source] io::Error),
    #[error("it is not a regular file but {0}, so it is not read")]
    NotRegular(&'static str),
    #[error("cannot write the file: {0}")]
    Write(#[source] io::Error),
    #[error("the file is {size} bytes; a saved game is never more than {max} bytes")]
    TooLarge { size: u64, max: u64 },
    #[error("the file is empty")]
    Empty,
    #[error("line {line}, column {column}: the file is not text (a byte that is not UTF-8)")]
    NotText { line: usize, column: usize },
    #[error("line {line}, column {column}: not a saved game: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "the file was made by a newer Gamester (format {found}; this one reads format {FORMAT} and older)"
    )]
    NewerFormat { found: u32 },
    #[error("format {0} is not a format of Gamester's saved games (they begin at 1)")]
    UnknownFormat(u32),
    #[error("the starting setup is not a position: {0}")]
    Setup(#[source] PositionError),
    /// `layout`: the array the rules name, in a player's words ("Willughby's array").
    #[error("the men do not begin as the rules array them ({layout})")]
    SetupNotLayout { layout: String },
    #[error("the players: {0}")]
    Players(TableProblem),
    #[error("the session's tally is not believable: {0}")]
    Tally(TallyProblem),
    /// `turn` counts turns as people do (the first is 1); `number` counts the record's
    /// actions from 1; `action` is the action as the file writes it.
    #[error(
        "turn {turn}, action {number} of the record `{action}`: a die shows 1 to 6, not {face}"
    )]
    BadDie {
        turn: u32,
        number: usize,
        action: String,
        face: u8,
    },
    #[error("turn {turn}, action {number} of the record `{action}`: {reason}")]
    NotAnAction {
        turn: u32,
        number: usize,
        action: String,
        reason: String,
    },
    /// The rules refused an action of the record.
    #[error("turn {turn}, action {number} of the record `{action}` breaks the rules: {reason}")]
    Illegal {
        turn: u32,
        number: usize,
        action: String,
        #[source]
        reason: RuleError,
    },
    #[error("the game cannot be written as RON: {0}")]
    Unwritable(#[source] ron::Error),
    #[error(
        "the file was made by a newer Gamester (tiles format {found}; this one reads tiles format {TILES_FORMAT} and older)"
    )]
    NewerTilesFormat { found: u32 },
    #[error("the rules of the tiles game: {0}")]
    TilesRules(String),
    #[error("the file seats {found} players, and the rules have {players}")]
    TilesSeats { found: usize, players: usize },
    #[error("the file names {found} players, and the rules have {players}")]
    TilesNames { found: usize, players: usize },
    #[error("the tally counts {found} sides, and the rules have {sides}")]
    TilesTally { found: usize, sides: usize },
    #[error("action {number} of the record `{action}` breaks the rules: {reason}")]
    TilesIllegal {
        number: usize,
        action: String,
        reason: String,
    },
    #[error(
        "the file was made by a newer Gamester (pastimes format {found}; this one reads pastimes format {PASTIMES_FORMAT} and older)"
    )]
    NewerPastimesFormat { found: u32 },
    /// A pastime's file that cannot be played back: its rules, its seats or its record.
    #[error("the pastime cannot be played back: {0}")]
    Pastime(String),
}

/// The most of an action a refusal quotes: enough to find it in the file, never a line that
/// runs off the window (a throw of 400,000 dice).
pub(crate) const QUOTED: usize = 80;

/// An action as a refusal quotes it: as the file writes it, cut to [`QUOTED`] characters.
pub(crate) fn quoted(action: &str) -> String {
    if action.chars().count() <= QUOTED {
        return action.to_string();
    }
    let mut cut: String = action.chars().take(QUOTED).collect();
    cut.push('…');
    cut
}

/// What is wrong with the players a file names.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableProblem {
    #[error("the side that plays {side} has {players} players; a side has one, or two partners")]
    PlayerCount { side: Side, players: usize },
    #[error("the side that plays {side} has {players} players; only Double-hand has partners")]
    PartnersOutOfDoubleHand { side: Side, players: usize },
    #[error("both sides play with {} men; the two colours must differ", .0.name())]
    SameColour(Colour),
    /// A name [`crate::players::check_name`] refuses. `partner` is `None` for a side's only
    /// player, else 0 or 1 (the first or second partner in Double-hand).
    #[error("the name of {side}'s {}player {problem}", partner_words(*.partner))]
    Name {
        side: Side,
        partner: Option<usize>,
        problem: NameError,
    },
}

fn partner_words(partner: Option<usize>) -> &'static str {
    match partner {
        None => "",
        Some(0) => "first ",
        Some(_) => "second ",
    }
}

/// What is wrong with the session's tally a file gives.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TallyProblem {
    /// A count past what any session could reach (`count` names it: "games", "draws"…).
    #[error("{count} count {value}, more than {max}")]
    TooHigh {
        count: &'static str,
        value: u32,
        max: u32,
    },
    #[error("{draws} draws in {games} games")]
    MoreDrawsThanGames { draws: u32, games: u32 },
}

impl From<crate::files::ReadError> for SaveError {
    fn from(e: crate::files::ReadError) -> SaveError {
        use crate::files::ReadError;
        match e {
            ReadError::Io(e) => SaveError::Read(e),
            ReadError::NotRegular(kind) => SaveError::NotRegular(kind),
            ReadError::TooLarge { size, max } => SaveError::TooLarge { size, max },
        }
    }
}

impl SaveError {
    /// The reason, without the file it was found in.
    #[must_use]
    pub fn reason(&self) -> &SaveError {
        match self {
            SaveError::InFile { error, .. } => error.reason(),
            other => other,
        }
    }

    /// The file the error was found in, if one was named.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            SaveError::InFile { path, .. } => Some(path),
            _ => None,
        }
    }

    pub fn in_file(self, path: &Path) -> SaveError {
        SaveError::InFile {
            path: path.to_path_buf(),
            error: Box::new(self),
        }
    }
}

#[cfg(test)]
mod quoting {
    #[test]
    fn a_refusal_quotes_a_long_action_cut_short() {
        // Given a saved game whose second action throws 300,000 dice
        let text = include_str!("../../../../tests/data/irish_short.ron").replacen(
            "throw([4, 6]),",
            &format!("throw([{}1]),", "1,".repeat(300_000)),
            1,
        );
        // When it is read, it is refused, in a line a window can show
        let e = crate::save::from_str(&text).unwrap_err().to_string();
        assert!(
            e.starts_with("turn 1, action 2 of the record `throw([1,1,"),
            "{e}"
        );
        assert!(e.chars().count() < 300, "{} characters", e.chars().count());
        assert!(e.contains("1,1…`"), "{e}");
    }
}
