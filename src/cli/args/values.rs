//! The values the flags take, typed as they are read: a preset says which family of games it
//! is, dice are faces, tiles are pairs of numbers, a position is a position, and a level, a
//! player or a count is one of those offered. Each value's reader says what is wrong with bad
//! input in a player's words.

use clap::builder::{PossibleValue, PossibleValuesParser, RangedU64ValueParser, TypedValueParser};

use super::refusals::{CliError, quote};
use crate::ai::contest::Contender;
use crate::level::Level;
use crate::tables::Position;
use crate::tables::position_id::{self, PositionIdError};
use crate::{pastimes, tables, tiles};

/// A preset, of its family: the games at tables, the pastimes at the tables or the tiles
/// games. The names are the rules' own lists' ([`tables::Preset::ALL`],
/// [`pastimes::Preset::ALL`], [`tiles::Preset::ALL`]), in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GamePreset {
    Tables(tables::Preset),
    Pastimes(pastimes::Preset),
    Tiles(tiles::Preset),
}

impl GamePreset {
    /// Every preset: the games at tables, the pastimes, then the tiles games.
    pub fn all() -> impl Iterator<Item = GamePreset> {
        tables::Preset::ALL
            .into_iter()
            .map(GamePreset::Tables)
            .chain(pastimes::Preset::ALL.into_iter().map(GamePreset::Pastimes))
            .chain(tiles::Preset::ALL.into_iter().map(GamePreset::Tiles))
    }

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GamePreset::Tables(p) => p.name(),
            GamePreset::Pastimes(p) => p.name(),
            GamePreset::Tiles(p) => p.name(),
        }
    }

    /// The name people read.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            GamePreset::Tables(p) => p.title(),
            GamePreset::Pastimes(p) => p.title(),
            GamePreset::Tiles(p) => p.title(),
        }
    }

    /// What kind of game it is, in words: "a game at tables", "a pastime at the tables", "a
    /// tiles game".
    #[must_use]
    pub fn kind_words(self) -> &'static str {
        match self {
            GamePreset::Tables(_) => "a game at tables",
            GamePreset::Pastimes(_) => "a pastime at the tables",
            GamePreset::Tiles(_) => "a tiles game",
        }
    }

    /// The refusal of a command (`what` it does) that only the games at tables have.
    #[must_use]
    pub fn not_at_tables(self, what: &str) -> CliError {
        CliError::Usage(format!(
            "{what}, and {} is {}",
            self.name(),
            self.kind_words()
        ))
    }

    /// The preset of this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<GamePreset> {
        GamePreset::all().find(|p| p.name() == name)
    }
}

/// Faces of dice, as `--dice` gives them.
#[derive(Clone, Debug)]
pub struct Faces(pub Vec<u8>);

/// Tiles as written, `6-4,5-5`, each pair in the order given.
#[derive(Clone, Debug)]
pub struct TileList(pub Vec<(u8, u8)>);

/// Counts of tiles, `5,4,6`.
#[derive(Clone, Debug)]
pub struct Counts(pub Vec<usize>);

/// `--preset`: one of the names of [`GamePreset::all`], which `--help` lists with their titles.
pub(super) fn preset() -> impl TypedValueParser<Value = GamePreset> {
    PossibleValuesParser::new(
        GamePreset::all().map(|p| PossibleValue::new(p.name()).help(p.title())),
    )
    .try_map(|name| GamePreset::from_name(&name).ok_or(format!("no preset is called {name}")))
}

/// `--level`: a level's name.
pub(super) fn level() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(|l| PossibleValue::new(l.name())))
        .try_map(|name| name.parse::<Level>())
}

/// `--white` and `--black`: a level, or `random`.
pub(super) fn contender() -> impl TypedValueParser<Value = Contender> {
    let names = Level::ALL.map(|l| PossibleValue::new(l.name()));
    let random = PossibleValue::new("random").help("uniformly random legal plays and choices");
    PossibleValuesParser::new(names.into_iter().chain([random]))
        .try_map(|name| name.parse::<Contender>())
}

/// `--players`: two to five (the tiles seat four at most, and say so; Sice-Ace five).
pub(super) fn players() -> impl TypedValueParser<Value = u8> {
    RangedU64ValueParser::<u8>::new().range(2..=5)
}

/// A whole number of at least 1 (games, threads).
pub(super) fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(
    text: &str,
) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        Ok(_) => Err("at least 1 is needed".into()),
        Err(_) => Err("a whole number is needed".into()),
    }
}

/// A number above 0 (an interval's width).
pub(super) fn above_zero(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        Ok(_) => Err("a number above 0 is needed".into()),
        Err(_) => Err("a number is needed, such as 0.05".into()),
    }
}

pub(super) fn position(text: &str) -> Result<Position, PositionIdError> {
    position_id::decode(text)
}

pub(super) fn dice(text: &str) -> Result<Faces, String> {
    text.split(',')
        .map(|f| f.trim().parse::<u8>())
        .collect::<Result<Vec<u8>, _>>()
        .map(Faces)
        .map_err(|_| "write the faces as 6,5".to_string())
}

pub(super) fn tile_list(text: &str) -> Result<TileList, String> {
    text.split(',')
        .map(|t| {
            let bad = || {
                format!(
                    "{} is not a tile: write it as two numbers 0 to 6, such as 6-4",
                    quote(t)
                )
            };
            let (a, b) = t.trim().split_once('-').ok_or_else(bad)?;
            let a: u8 = a.trim().parse().map_err(|_| bad())?;
            let b: u8 = b.trim().parse().map_err(|_| bad())?;
            tiles::Tile::new(a, b).map_err(|e| e.to_string())?;
            Ok((a, b))
        })
        .collect::<Result<_, _>>()
        .map(TileList)
}

pub(super) fn counts(text: &str) -> Result<Counts, String> {
    text.split(',')
        .map(|n| n.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map(Counts)
        .map_err(|_| "write whole numbers separated by commas, such as 5,4".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_presets_share_a_name() {
        let names: Vec<&str> = GamePreset::all().map(GamePreset::name).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for p in GamePreset::all() {
            assert_eq!(GamePreset::from_name(p.name()), Some(p));
        }
    }
}
