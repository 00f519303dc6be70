//! What the commands that take rules, a position and dice read from their arguments
//! (`--preset`, `--set`, `--position`, `--dice`, and each command's own options), and why a
//! command could not run. `cli` and `cli_ai` both read their arguments here.

use thiserror::Error;

use crate::ai::contest::ContestError;
use crate::level::UnknownLevel;
use crate::save::SaveError;
use crate::tables::position_id::{self, PositionIdError};
use crate::tables::{Position, Preset, Rules, RulesError, Throw};

/// Why a command could not run. Each is printed on one line; the exit code is 2.
#[derive(Debug, Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Rules(#[from] RulesError),
    #[error("bad position: {0}")]
    Position(#[from] PositionIdError),
    #[error("bad dice {}: {reason}", quote(text))]
    Dice { text: String, reason: String },
    #[error("{0}")]
    Save(#[from] SaveError),
    #[error("{0}")]
    Level(#[from] UnknownLevel),
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

/// The whole number `value` gives for the option `name`, or `default` when it is not given.
pub(crate) fn number<T: std::str::FromStr>(
    value: Option<&str>,
    name: &str,
    default: T,
) -> Result<T, CliError> {
    match value {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| {
            CliError::Usage(format!("{name} needs a whole number, not {}", quote(text)))
        }),
    }
}

/// Refuses the arguments left over when `command` takes no more.
pub(crate) fn no_more(command: &str, rest: &[String]) -> Result<(), CliError> {
    match rest.first() {
        None => Ok(()),
        Some(extra) => Err(CliError::Usage(format!(
            "{command} takes no more arguments, not {}",
            quote(extra)
        ))),
    }
}

/// The options shared by the commands that take rules, a position and dice, and the command's
/// own options (`--name value`, those in `own`).
pub(crate) struct Query {
    pub(crate) rules: Rules,
    pub(crate) position: Option<Position>,
    pub(crate) dice: Option<Vec<u8>>,
    own: Vec<(String, String)>,
}

impl Query {
    /// The value of one of the command's own options.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.own
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads the shared options only.
pub(crate) fn read_query(args: &[String]) -> Result<Query, CliError> {
    read_query_with(args, &[])
}

/// Reads the shared options and the command's own (`own_names`, each followed by its value).
pub(crate) fn read_query_with(args: &[String], own_names: &[&str]) -> Result<Query, CliError> {
    let mut own = Vec::new();
    let mut preset = None;
    let mut sets = Vec::new();
    let mut position = None;
    let mut dice = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| CliError::Usage(format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--preset" => preset = Some(value()?.parse::<Preset>()?),
            "--set" => sets.push(value()?),
            "--position" => position = Some(position_id::decode(&value()?)?),
            "--dice" => {
                let text = value()?;
                let faces = text
                    .split(',')
                    .map(|f| f.trim().parse::<u8>())
                    .collect::<Result<Vec<u8>, _>>()
                    .map_err(|_| CliError::Dice {
                        text: text.clone(),
                        reason: "write the faces as 6,5".into(),
                    })?;
                dice = Some(faces);
            }
            other if own_names.contains(&other) => own.push((other.to_string(), value()?)),
            other => {
                return Err(CliError::Usage(format!("unknown option {}", quote(other))));
            }
        }
    }
    let mut rules =
        Rules::preset(preset.ok_or_else(|| CliError::Usage("--preset <name> is required".into()))?);
    for s in &sets {
        rules.set_assignment(s)?;
    }
    Ok(Query {
        rules,
        position,
        dice,
        own,
    })
}

/// The throw of `faces`, refused unless it is a throw of as many dice as `rules` throw.
pub(crate) fn read_throw(rules: &Rules, faces: &[u8]) -> Result<Throw, CliError> {
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
