//! Saved pastimes (Doublets, Ketch-Dolt, Sice-Ace): the game, written as its rules and its
//! record, and who sat at each seat. A file is believed only once its record has been replayed
//! through the pastime's own gate (`pastimes::Game::apply`, which the game's reading does), with
//! the care the other saves get: too large, not text, of a newer format, or breaking a rule
//! anywhere is refused with the reason, and nothing is half read.
//!
//! ```
//! use gamester_rules::pastimes::{Action, Game, Preset, Rules};
//! use gamester_core::players::Controller;
//! use gamester_core::save::pastimes::{PastimesFile, from_str};
//!
//! let mut game = Game::new(Rules::preset(Preset::KetchDolt)).unwrap();
//! game.apply(Action::Throw { dice: vec![5, 2] }).unwrap();
//! let seats = vec![Controller::Person, Controller::Person];
//! let text = PastimesFile::of(&game, &seats).to_ron().unwrap();
//! assert_eq!(from_str(&text).unwrap().game, game);
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::SaveError;
use crate::pastimes::Game;
use crate::players::Controller;

pub use super::version::PASTIMES_FORMAT;

/// A saved pastime, as the file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "PastimesFile", deny_unknown_fields)]
pub struct PastimesFile {
    pub pastimes_format: u32,
    /// The game: its rules and its record, read back by replaying the record.
    pub game: Game,
    /// Who sat at each seat, the first seat first.
    pub seats: Vec<Controller>,
    /// The names the seats were played under, the first seat first, kept for a game with
    /// friends at a distance ("You", "Robin"; an empty one is said by its seat's number).
    /// Added without a new format: a file without them is read as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Who left the game before the rules ended it (a friend at a distance who kept it
    /// waiting, or did not come back), why, when, and how far the record every side signed
    /// went: that player loses (added without a new format: a file without it is as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandonment: Option<crate::abandonment::Abandonment>,
}

/// A pastime read back, replayed and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct PastimesLoaded {
    pub game: Game,
    pub seats: Vec<Controller>,
    /// The names the file kept, one a seat, cleaned of what a name may not hold; none if it
    /// kept none.
    pub names: Vec<String>,
    /// Who left the game before the rules ended it, and why, if anyone did: counted by the
    /// session it is given to.
    pub abandoned: Option<crate::abandonment::Abandonment>,
}

impl PastimesFile {
    /// The file of `game` with these seats.
    #[must_use]
    pub fn of(game: &Game, seats: &[Controller]) -> PastimesFile {
        PastimesFile {
            pastimes_format: PASTIMES_FORMAT,
            game: game.clone(),
            seats: seats.to_vec(),
            names: Vec::new(),
            abandonment: None,
        }
    }

    /// The file keeping the names the seats are played under, one a seat.
    #[must_use]
    pub fn named(mut self, names: &[String]) -> PastimesFile {
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

/// Just what tells a pastime's save from the others, read first.
#[derive(Deserialize)]
#[serde(rename = "PastimesFile")]
struct Header {
    pastimes_format: u32,
}

impl super::family::Header for Header {
    fn format(&self) -> u32 {
        self.pastimes_format
    }
}

/// Whether `text` is a pastime's save (of any format).
#[must_use]
pub fn is_pastimes(text: &str) -> bool {
    super::family::is::<Header>(text)
}

/// Whether `path` is a regular file holding a pastime's save.
#[must_use]
pub fn is_pastimes_file(path: &Path) -> bool {
    super::family::is_file::<Header>(path)
}

/// Parses and replays the text of a pastime's save.
///
/// # Errors
/// Too large, empty, of a newer format, not RON of a pastime's save (with the line and
/// column), its rules refused, an action its rules refuse, or seats that are not the game's.
pub fn from_str(text: &str) -> Result<PastimesLoaded, SaveError> {
    // The game is read by replaying its record through the gate (`Game`'s reading): a
    // refusal is a syntax error's message, with where it came.
    let file: PastimesFile = super::family::parse::<Header, _>(text, PASTIMES_FORMAT, |found| {
        SaveError::NewerPastimesFormat { found }
    })?;
    if file.seats.len() != file.game.seats() {
        return Err(SaveError::Pastime(format!(
            "the file seats {} players, and the rules have {}",
            file.seats.len(),
            file.game.seats()
        )));
    }
    if !file.names.is_empty() && file.names.len() != file.seats.len() {
        return Err(SaveError::Pastime(format!(
            "the file names {} players, and seats {}",
            file.names.len(),
            file.seats.len()
        )));
    }
    Ok(PastimesLoaded {
        game: file.game,
        seats: file.seats,
        names: file
            .names
            .iter()
            .map(|n| crate::players::clean_name(n))
            .collect(),
        abandoned: file.abandonment,
    })
}

/// Reads, parses and replays the pastime's save at `path`. Errors name the file.
///
/// # Errors
/// As [`from_str`], and the file's own reading.
pub fn load(path: &Path) -> Result<PastimesLoaded, SaveError> {
    super::load::read_text(path)
        .and_then(|text| from_str(&text))
        .map_err(|e| e.in_file(path))
}

/// Writes `file` to `path` so that no crash leaves half a file (as the other saves).
///
/// # Errors
/// Why it could not be written, naming the file.
pub fn write_atomic(path: &Path, file: &PastimesFile) -> Result<(), SaveError> {
    let text = file.to_ron().map_err(|e| e.in_file(path))?;
    super::write::replace_atomically(path, |out| std::io::Write::write_all(out, text.as_bytes()))
        .map_err(|e| SaveError::Write(e).in_file(path))
}

/// One line about a pastime read back, for `gamester check`: `pastime <preset> for <N>,
/// <M> actions, <what is next>`, where what is next is the engine's waiting words, or `over:`
/// and who won and lost (seats counted from 1).
#[must_use]
pub fn summary(loaded: &PastimesLoaded) -> String {
    use crate::pastimes::{Kind, Phase, Preset, waiting_words};
    let game = &loaded.game;
    let preset = match game.rules().kind {
        Kind::Doublets => Preset::Doublets,
        Kind::KetchDolt => Preset::KetchDolt,
        Kind::SiceAce => Preset::SiceAce,
    };
    let seats = |s: &[crate::pastimes::Seat]| {
        s.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" and ")
    };
    // A game left by a player ends as the session ends it.
    let left = loaded
        .abandoned
        .as_ref()
        .and_then(|a| crate::abandonment::at_pastime(game, a));
    let next = match (game.phase(), game.result().or(left.as_ref())) {
        (_, Some(r)) if left.is_some() => format!(
            "abandoned: won by {}, lost by {}",
            if r.winners.is_empty() {
                "none".to_string()
            } else {
                seats(&r.winners)
            },
            seats(&r.losers)
        ),
        (Phase::GameOver, Some(r)) => format!(
            "over: won by {}, lost by {}",
            if r.winners.is_empty() {
                "none".to_string()
            } else {
                seats(&r.winners)
            },
            if r.losers.is_empty() {
                "none".to_string()
            } else {
                seats(&r.losers)
            }
        ),
        (phase, _) => waiting_words(phase).to_string(),
    };
    format!(
        "pastime {} for {}, {} actions, {next}",
        preset.name(),
        game.seats(),
        game.record().len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pastimes::{Action, Preset, Rules};

    #[test]
    fn a_record_the_rules_refuse_is_not_read_back() {
        let mut game = Game::new(Rules::preset(Preset::Doublets)).unwrap_or_else(|e| panic!("{e}"));
        let _ = game.apply(Action::Throw { dice: vec![5, 2] });
        let text = PastimesFile::of(&game, &[Controller::Person, Controller::Person])
            .to_ron()
            .unwrap_or_default();
        assert!(from_str(&text).is_ok());
        // A second throw-off where the first seat now has to throw two dice.
        let broken = text.replacen("dice: [\n", "dice: [\n                9,\n", 1);
        assert_ne!(broken, text, "the record holds the dice");
        assert!(from_str(&broken).is_err());
        let short = PastimesFile::of(&game, &[Controller::Person])
            .to_ron()
            .unwrap_or_default();
        assert!(
            matches!(from_str(&short), Err(SaveError::Pastime(_))),
            "one seat short"
        );
    }

    #[test]
    fn a_newer_format_is_refused_in_words() {
        let game = Game::new(Rules::preset(Preset::SiceAce)).unwrap_or_else(|e| panic!("{e}"));
        let text = PastimesFile::of(&game, &[Controller::Person; 5])
            .to_ron()
            .unwrap_or_default()
            .replace("pastimes_format: 1", "pastimes_format: 99");
        assert!(matches!(
            from_str(&text),
            Err(SaveError::NewerPastimesFormat { found: 99 })
        ));
        assert!(is_pastimes(&text));
    }

    #[test]
    fn the_names_the_seats_sat_under_are_read_back_cleaned_and_a_file_without_them_as_before() {
        let game = Game::new(Rules::preset(Preset::KetchDolt)).unwrap_or_else(|e| panic!("{e}"));
        let seats = [Controller::Person, Controller::Distance];
        let plain = PastimesFile::of(&game, &seats).to_ron().unwrap_or_default();
        assert!(!plain.contains("names"), "no names, no field: {plain}");
        assert_eq!(from_str(&plain).map(|l| l.names).ok(), Some(Vec::new()));
        let named = PastimesFile::of(&game, &seats)
            .named(&["You".into(), "Rob\u{7}in\u{202e}".into()])
            .to_ron()
            .unwrap_or_default();
        assert_eq!(
            from_str(&named).map(|l| l.names).ok(),
            Some(vec!["You".to_string(), "Robin".to_string()])
        );
        let one_short = PastimesFile::of(&game, &seats)
            .named(&["You".into()])
            .to_ron()
            .unwrap_or_default();
        assert!(matches!(from_str(&one_short), Err(SaveError::Pastime(_))));
    }
}
