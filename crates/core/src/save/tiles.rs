//! Saved tiles games: the rules, who sat at each place, the session's tally before the game,
//! and the record, every action from the first deal (each deal with its shuffled set, so the
//! game is the same game when read back). A file is believed only once its record has been
//! replayed through the tiles game's own gate (`dominoes::Game::apply`), with the care the
//! tables saves get: a file too large, cut short, not text, of a newer format, naming rules no
//! game is played by, or breaking a rule anywhere in its record is refused with the reason,
//! and nothing is half read.
//!
//! ```
//! use gamester_rules::tiles::{Action, Deck, Game, Preset, Rules};
//! use gamester_core::players::Controller;
//! use gamester_core::save::tiles::{TilesFile, from_str};
//!
//! let mut game = Game::new(Rules::preset(Preset::Draw)).unwrap();
//! game.apply(Action::Deal(Deck::shuffled(1))).unwrap();
//! let seats = vec![Controller::Person, Controller::Person];
//! let text = TilesFile::of(&game, &seats, &[0, 0]).to_ron().unwrap();
//! assert_eq!(from_str(&text).unwrap().game, game);
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::{SaveError, TallyProblem};
use crate::players::Controller;
use crate::tiles::{Action, Game, Phase, Rules};

pub use super::version::TILES_FORMAT;

/// A saved tiles game, as the file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "TilesFile", deny_unknown_fields)]
pub struct TilesFile {
    /// The format of tiles saves (its own count: a tables save has `format` instead).
    pub tiles_format: u32,
    pub rules: Rules,
    /// Who sat at each place, the first place first.
    pub seats: Vec<Controller>,
    /// Games each side had won in the session before this one.
    pub tally_before: Vec<u32>,
    /// Every action from the first deal.
    pub record: Vec<Action>,
    /// Why the game was ended before the rules ended it, as an older Gamester kept it: words
    /// alone, which name nobody (added without a new format). Read, never written:
    /// [`TilesFile::abandonment`] keeps it now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandoned: Option<String>,
    /// Who left the game before the rules ended it (a friend at a distance), why, when, and
    /// how far the record every side signed went: that side loses the game, which the tally
    /// counts as the file is read (added without a new format: a file without it is as
    /// before). `tally_before` never counts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandonment: Option<crate::abandonment::Abandonment>,
    /// The names the places were played under, the first place first, kept for a game with
    /// friends at a distance (added without a new format: a file without them is as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
}

/// A tiles game read back, replayed and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct TilesLoaded {
    pub game: Game,
    pub seats: Vec<Controller>,
    /// The session's tally, the game read back counted in it if it is over.
    pub tally: Vec<u32>,
    /// Who left the game before the rules ended it, and why, if anyone did (an older file's
    /// words name nobody). `tally` does not count it: the session it is given to does
    /// ([`crate::tiles_session::TilesSession::abandon`]).
    pub abandoned: Option<crate::abandonment::Abandonment>,
    /// The names the file kept, one a place, cleaned of what a name may not hold; none if it
    /// kept none.
    pub names: Vec<String>,
}

impl TilesFile {
    /// The file of `game` with these seats and the session's tally now (the game counted in it
    /// if over).
    #[must_use]
    pub fn of(game: &Game, seats: &[Controller], tally: &[u32]) -> TilesFile {
        let mut tally_before = tally.to_vec();
        if let Some(Some(side)) = game.winner()
            && let Some(t) = tally_before.get_mut(side)
        {
            *t = t.saturating_sub(1);
        }
        TilesFile {
            tiles_format: TILES_FORMAT,
            rules: *game.rules(),
            seats: seats.to_vec(),
            tally_before,
            record: game.record().to_vec(),
            abandoned: None,
            abandonment: None,
            names: Vec::new(),
        }
    }

    /// The file keeping the names the places are played under, one a place.
    #[must_use]
    pub fn named(mut self, names: &[String]) -> TilesFile {
        self.names = names.to_vec();
        self
    }

    /// The file as RON text.
    ///
    /// # Errors
    /// Only if RON cannot write it.
    pub fn to_ron(&self) -> Result<String, SaveError> {
        super::family::to_ron(self)
    }
}

/// Just what tells a tiles save from a tables save, read first.
#[derive(Deserialize)]
#[serde(rename = "TilesFile")]
struct Header {
    tiles_format: u32,
}

impl super::family::Header for Header {
    fn format(&self) -> u32 {
        self.tiles_format
    }
}

/// Whether `text` is a tiles save (of any format), not a game at tables.
#[must_use]
pub fn is_tiles(text: &str) -> bool {
    super::family::is::<Header>(text)
}

/// Whether `path` is a regular file holding a tiles save (never read if it is a pipe or a
/// device, which could keep a reader waiting for ever).
#[must_use]
pub fn is_tiles_file(path: &std::path::Path) -> bool {
    super::family::is_file::<Header>(path)
}

/// Parses a tiles save without believing it yet.
///
/// # Errors
/// Too large, empty, of a newer format, or not RON of a tiles save (with the line and
/// column).
pub fn parse(text: &str) -> Result<TilesFile, SaveError> {
    super::family::parse::<Header, _>(text, TILES_FORMAT, |found| SaveError::NewerTilesFormat {
        found,
    })
}

/// Checks a parsed file and replays its record through the game's gate.
///
/// # Errors
/// The first thing wrong: the rules, the seats, the tally, or an action the rules refuse
/// (counted from 1).
pub fn replay(file: TilesFile) -> Result<TilesLoaded, SaveError> {
    file.rules
        .check()
        .map_err(|e| SaveError::TilesRules(e.to_string()))?;
    let players = usize::from(file.rules.players);
    if file.seats.len() != players {
        return Err(SaveError::TilesSeats {
            found: file.seats.len(),
            players,
        });
    }
    if !file.names.is_empty() && file.names.len() != players {
        return Err(SaveError::TilesNames {
            found: file.names.len(),
            players,
        });
    }
    if file.tally_before.len() != file.rules.sides() {
        return Err(SaveError::TilesTally {
            found: file.tally_before.len(),
            sides: file.rules.sides(),
        });
    }
    if let Some(&value) = file
        .tally_before
        .iter()
        .find(|&&v| v > super::load::TALLY_MAX)
    {
        return Err(SaveError::Tally(TallyProblem::TooHigh {
            count: "a side's games",
            value,
            max: super::load::TALLY_MAX,
        }));
    }
    let game = Game::replay(file.rules, &file.record).map_err(|(i, e)| {
        let action = file
            .record
            .get(i)
            .map(|a| format!("{a:?}"))
            .unwrap_or_default();
        SaveError::TilesIllegal {
            number: i + 1,
            action: super::error::quoted(&action),
            reason: e.to_string(),
        }
    })?;
    let mut tally = file.tally_before;
    if let Some(Some(side)) = game.winner()
        && let Some(t) = tally.get_mut(side)
    {
        *t = t.saturating_add(1);
    }
    Ok(TilesLoaded {
        game,
        seats: file.seats,
        tally,
        abandoned: crate::abandonment::Abandonment::of_file(file.abandonment, file.abandoned),
        names: file
            .names
            .iter()
            .map(|n| crate::players::clean_name(n))
            .collect(),
    })
}

/// Parses and replays the text of a tiles save.
///
/// # Errors
/// As [`parse`] and [`replay`].
pub fn from_str(text: &str) -> Result<TilesLoaded, SaveError> {
    replay(parse(text)?)
}

/// Reads, parses and replays the tiles save at `path`. Errors name the file.
///
/// # Errors
/// As [`from_str`], and the file's own reading.
pub fn load(path: &Path) -> Result<TilesLoaded, SaveError> {
    super::load::read_text(path)
        .and_then(|text| from_str(&text))
        .map_err(|e| e.in_file(path))
}

/// Writes `file` to `path` so that no crash leaves half a file (as the tables saves).
///
/// # Errors
/// Why it could not be written, naming the file; the old file is then untouched.
pub fn write_atomic(path: &Path, file: &TilesFile) -> Result<(), SaveError> {
    let text = file.to_ron().map_err(|e| e.in_file(path))?;
    super::write::replace_atomically(path, |out| std::io::Write::write_all(out, text.as_bytes()))
        .map_err(|e| SaveError::Write(e).in_file(path))
}

/// One line about a tiles game read back, for `gamester check`.
#[must_use]
pub fn summary(loaded: &TilesLoaded) -> String {
    let game = &loaded.game;
    let scores: Vec<String> = game.scores().iter().map(u32::to_string).collect();
    // A game left by a side is counted as the session counts it.
    let lost = loaded
        .abandoned
        .as_ref()
        .and_then(|a| crate::abandonment::at_tiles(game, a));
    let mut tally = loaded.tally.clone();
    if let Some(t) = lost.and_then(|l| l.winner).and_then(|w| tally.get_mut(w)) {
        *t = t.saturating_add(1);
    }
    let tally: Vec<String> = tally.iter().map(u32::to_string).collect();
    let state = match (game.phase(), lost, &loaded.abandoned) {
        (_, Some(lost), _) => format!("abandoned: side {} loses", lost.loser + 1),
        (_, None, Some(_)) => "abandoned".into(),
        (Phase::GameOver, ..) => "the game is over".into(),
        (Phase::ToDeal, ..) => "the next hand is to be dealt".into(),
        (Phase::ToThrow, ..) => "the players throw for the set".into(),
        (Phase::Playing, ..) => "a hand is in play".into(),
    };
    format!(
        "tiles {:?} for {}, {} actions, hand {}, {state}, points {}, games {}",
        game.rules().kind,
        game.rules().players,
        game.record().len(),
        game.hands_dealt(),
        scores.join("-"),
        tally.join("-")
    )
    .to_lowercase()
}
