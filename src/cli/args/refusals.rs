//! Why a command could not run ([`CliError`], one line each), and the checks that refuse what
//! a command was given: a flag of the other family, rules that are not rules, a throw that is
//! not one of these rules'. An argument in a message is quoted so the message stays one line.

use thiserror::Error;

use super::ThrowArgs;
use crate::ai::contest::ContestError;
use crate::save::SaveError;
use crate::tables::{Position, RulesError, Throw};
use crate::{tables, tiles};

/// Why a command could not run. Each is printed on one line; the exit code is 2.
#[derive(Debug, Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Rules(#[from] RulesError),
    #[error("bad dice {}: {reason}", quote(text))]
    Dice { text: String, reason: String },
    #[error("{0}")]
    Save(#[from] SaveError),
    #[error("{0}")]
    Contest(#[from] ContestError),
    #[error("{0}")]
    Rule(#[from] crate::tables::RuleError),
    /// No thread could be started to play on.
    #[error("cannot start a thread: {0}")]
    Thread(#[source] std::io::Error),
    /// A network file the command was given could not be read.
    #[error("cannot read the network {}: {reason}", quote(path))]
    Network { path: String, reason: String },
    /// A file the command was asked to write could not be written.
    #[error("cannot write {}: {source}", quote(path))]
    Write {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// An argument as an error message shows it: in quotes, with a newline or any other control
/// character escaped (`"a\nb"`), so a message stays one line and an empty argument shows.
pub(crate) fn quote(argument: &str) -> String {
    format!("{argument:?}")
}

/// A path as an error message shows it, quoted as [`quote`] does (a name that is not UTF-8
/// with its odd bytes replaced).
pub(crate) fn quote_path(path: &std::path::Path) -> String {
    quote(&path.to_string_lossy())
}

/// Refuses, at the tiles, a flag given that only the games at tables take.
pub(crate) fn at_tables_only(
    preset: tiles::Preset,
    given: &[(&str, bool)],
) -> Result<(), CliError> {
    refuse_any(given, |flag| {
        format!(
            "{flag} is for the games at tables, and {} is a tiles game",
            preset.name()
        )
    })
}

/// Refuses, at tables, a flag given that only the tiles games take.
pub(crate) fn at_tiles_only(
    preset: tables::Preset,
    given: &[(&str, bool)],
) -> Result<(), CliError> {
    refuse_any(given, |flag| {
        format!(
            "{flag} is for the tiles games, and {} is a game at tables",
            preset.name()
        )
    })
}

/// Refuses the first flag of `given` that was given, in the words `why` says of it.
fn refuse_any(given: &[(&str, bool)], why: impl FnOnce(&str) -> String) -> Result<(), CliError> {
    match given.iter().find(|(_, is)| *is) {
        None => Ok(()),
        Some((flag, _)) => Err(CliError::Usage(why(flag))),
    }
}

/// The rules of a preset at tables with the `--set` assignments made, in order.
pub(crate) fn tables_rules(
    preset: tables::Preset,
    sets: &[String],
) -> Result<tables::Rules, CliError> {
    let mut rules = tables::Rules::preset(preset);
    for s in sets {
        rules.set_assignment(s)?;
    }
    Ok(rules)
}

/// The position and the faces of a throw, each required.
pub(crate) fn position_and_faces(throw: &ThrowArgs) -> Result<(Position, &[u8]), CliError> {
    let pos = throw
        .position
        .ok_or_else(|| CliError::Usage("--position <position id> is required".into()))?;
    let faces = throw
        .dice
        .as_ref()
        .ok_or_else(|| CliError::Usage("--dice <d1>,<d2> is required".into()))?;
    Ok((pos, &faces.0))
}

/// The throw of `faces`, refused unless it is a throw of as many dice as `rules` throw.
pub(crate) fn read_throw(rules: &tables::Rules, faces: &[u8]) -> Result<Throw, CliError> {
    let text = faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let throw = Throw::new(faces).map_err(|e| CliError::Dice {
        text: text.clone(),
        reason: e.to_string(),
    })?;
    if faces.len() != rules.dice_count() {
        return Err(CliError::Dice {
            text,
            reason: format!("these rules throw {} dice", rules.dice_count()),
        });
    }
    Ok(throw)
}
