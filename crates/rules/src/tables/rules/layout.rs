//! Where the men stand when a game begins: the named arrays of the sources (Willughby's,
//! Cotton's first, Fails', Nard's, Tick-tack's), or any position given by its Position ID.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::RulesError;
use crate::tables::board::{Position, PositionError, Setup};
use crate::tables::option_value::OptionValue;
use crate::tables::position_id;
use crate::tables::side::Side;

/// The starting array of the men.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// 24:2 13:5 8:3 6:5, the array of modern backgammon.
    Willughby,
    /// 24:2 19:5 17:3 13:5, the todas tablas array.
    CottonFirst,
    /// 24:2 6:13.
    Fails,
    /// 24:15: all fifteen men on the ace point of the route (Tick-tack).
    TickTack,
    /// 24:2 13:3 8:3 7:2 6:3 3:2.
    Nard,
    /// Any position.
    Custom(Setup),
}

impl Layout {
    /// The option's name in RULES.md.
    pub const OPTION: &'static str = "layout";
    /// The name of a custom layout, written `custom:<position id>`.
    pub const CUSTOM: &'static str = "custom";
    /// The layouts with a name of their own (every one but a custom position).
    pub const NAMED: [Layout; 5] = [
        Layout::Willughby,
        Layout::CottonFirst,
        Layout::Fails,
        Layout::Nard,
        Layout::TickTack,
    ];

    /// Every layout as the table of options gives it: the named ones, then a custom position.
    pub const VALUES: &'static [OptionValue] = &[
        OptionValue {
            name: Layout::Willughby.name(),
            words: "Willughby's array",
            explanation: "The array of modern backgammon.",
            parameter: None,
        },
        OptionValue {
            name: Layout::CottonFirst.name(),
            words: "Cotton's first array",
            explanation: "The array of Todas Tablas: every man starts on the adversary's side.",
            parameter: None,
        },
        OptionValue {
            name: Layout::Fails.name(),
            words: "the array of Fails",
            explanation: "Thirteen men wait on the sice point.",
            parameter: None,
        },
        OptionValue {
            name: Layout::Nard.name(),
            words: "the array of Nard",
            explanation: "The array of Nard.",
            parameter: None,
        },
        OptionValue {
            name: Layout::TickTack.name(),
            words: "all on the ace point",
            explanation: "All fifteen men stand on the ace point, as at Tick-tack.",
            parameter: None,
        },
        OptionValue {
            name: Layout::CUSTOM,
            words: "a position of your own",
            explanation: "Any position, given by its GNU Backgammon Position ID.",
            parameter: Some("position id"),
        },
    ];

    /// The layout's name in RULES.md (`custom` for any custom position).
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Layout::Willughby => "willughby",
            Layout::CottonFirst => "cotton_first",
            Layout::Fails => "fails",
            Layout::Nard => "nard",
            Layout::TickTack => "tick_tack",
            Layout::Custom(_) => Layout::CUSTOM,
        }
    }

    /// The starting position, seen from `side`.
    pub fn position(&self, side: Side) -> Result<Position, PositionError> {
        let pairs: &[(u8, u8)] = match self {
            Layout::Willughby => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Layout::CottonFirst => &[(24, 2), (19, 5), (17, 3), (13, 5)],
            Layout::Fails => &[(24, 2), (6, 13)],
            Layout::Nard => &[(24, 2), (13, 3), (8, 3), (7, 2), (6, 3), (3, 2)],
            Layout::TickTack => &[(24, 15)],
            Layout::Custom(setup) => return Position::from_setup(setup, side),
        };
        Position::mirrored(pairs)
    }
}

impl FromStr for Layout {
    type Err = RulesError;
    /// A named layout, or a custom one from a gnubg Position ID: `custom:4HPwATDgc/ABMA`.
    fn from_str(value: &str) -> Result<Layout, RulesError> {
        if let Some(layout) = Layout::NAMED.into_iter().find(|l| l.name() == value) {
            return Ok(layout);
        }
        let unknown = |value: String| RulesError::UnknownValue {
            option: Layout::OPTION,
            value,
            values: Layout::VALUES,
        };
        let id = value
            .strip_prefix(Layout::CUSTOM)
            .and_then(|rest| rest.strip_prefix(':'))
            .ok_or_else(|| unknown(value.to_string()))?;
        let pos = position_id::decode(id).map_err(|e| unknown(format!("{value} ({e})")))?;
        Ok(Layout::Custom(pos.to_setup(Side::White)))
    }
}

impl fmt::Display for Layout {
    /// The layout as RULES.md writes it; a custom one as `custom:<position id>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Layout::Custom(setup) => match Position::from_setup(setup, Side::White) {
                Ok(pos) => write!(f, "{}:{}", Layout::CUSTOM, position_id::encode(&pos)),
                Err(_) => write!(f, "{}:(not a position)", Layout::CUSTOM),
            },
            named => f.write_str(named.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_have_fifteen_men() {
        for layout in Layout::NAMED {
            let pos = layout.position(Side::White).unwrap();
            assert_eq!(pos.off(), 0);
            assert_eq!(pos.adversary_off(), 0);
        }
    }
}
