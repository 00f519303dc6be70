//! The rules in force: every option of RULES.md as a value, and the presets that set them all.
//!
//! Option and value names are those of RULES.md (`bear_off = over_edge`, …), both in save
//! files (serde, snake_case) and on the command line (`--set bear_off=exact`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

use super::board::{Position, PositionError, Setup};
use super::position_id;
use super::side::Side;

/// Why an option, a value or a preset was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("no preset is called `{0}` (try: {list})", list = Preset::ALL.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "))]
    UnknownPreset(String),
    #[error("no option is called `{0}` (options: {list})", list = OPTION_NAMES.join(", "))]
    UnknownOption(String),
    #[error("`{value}` is not a value of `{option}` (values: {values})")]
    UnknownValue {
        option: &'static str,
        value: String,
        values: &'static str,
    },
    #[error("`{0}` is not option=value")]
    NotAnAssignment(String),
    #[error("the custom layout is not a position: {0}")]
    BadLayout(#[from] PositionError),
}

macro_rules! option_enum {
    ($(#[$meta:meta])* $name:ident, $option:literal { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// Every value, in the order RULES.md lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The option's name in RULES.md.
            pub const OPTION: &'static str = $option;
            /// The value's name in RULES.md.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl FromStr for $name {
            type Err = RulesError;
            fn from_str(s: &str) -> Result<$name, RulesError> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(RulesError::UnknownValue {
                        option: $option,
                        value: s.to_string(),
                        values: concat!($($text, " "),+),
                    }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

option_enum!(
    /// How many dice a throw has.
    Dice, "dice" {
        Two = "two",
        Three = "three",
        /// Two dice; the lower is used a third time (Fails with two dice).
        TwoMinoret = "two_minoret",
    }
);
option_enum!(
    /// What doublets give (with two dice).
    Doublets, "doublets" {
        /// Two moves, as any throw.
        Single = "single",
        /// Four moves.
        Double = "double",
        /// Three moves (house rule).
        Treble = "treble",
    }
);
option_enum!(
    /// How the first turn begins.
    Opening, "opening" {
        /// Each throws one die; the higher begins and throws both dice.
        ThrowAgain = "throw_again",
        /// The two single dice are the first throw.
        PlayOpening = "play_opening",
    }
);
option_enum!(
    /// What happens when a side must enter and the adversary's home table is bound.
    BoundTable, "bound_table" {
        /// The table is broken (Willughby).
        Break = "break",
        /// The side simply cannot enter.
        Wait = "wait",
        /// The side loses (Alfonso's prime of tables).
        Loses = "loses",
    }
);
option_enum!(
    /// Which dice bear a man off.
    BearOff, "bear_off" {
        /// Any die that carries a man past the ace point.
        OverEdge = "over_edge",
        /// An exact die, or a higher die from the highest occupied point.
        Modern = "modern",
        /// Only an exact die.
        Exact = "exact",
    }
);
option_enum!(
    /// How much of a throw must be played.
    Compulsion, "compulsion" {
        /// As many dice as can be played, then the most pips.
        Max = "max",
        /// The player may stop at any step.
        Free = "free",
    }
);
option_enum!(
    /// What the winner scores.
    Stakes, "stakes" {
        Single = "single",
        Willughby = "willughby",
        Cotton = "cotton",
        Gammons = "gammons",
        Nard = "nard",
    }
);
option_enum!(
    /// Two players, or four in two partnerships.
    Players, "players" {
        Two = "two",
        DoubleHand = "double_hand",
    }
);

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
    /// 24:2 13:3 8:3 7:2 6:3 3:2.
    Nard,
    /// Any position.
    Custom(Setup),
}

impl Layout {
    /// The layout names of RULES.md.
    pub const NAMES: &'static str = "willughby cotton_first fails nard custom:<position id>";

    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Layout::Willughby => "willughby",
            Layout::CottonFirst => "cotton_first",
            Layout::Fails => "fails",
            Layout::Nard => "nard",
            Layout::Custom(_) => "custom",
        }
    }

    /// The starting position, seen from `side`.
    pub fn position(&self, side: Side) -> Result<Position, PositionError> {
        let pairs: &[(u8, u8)] = match self {
            Layout::Willughby => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Layout::CottonFirst => &[(24, 2), (19, 5), (17, 3), (13, 5)],
            Layout::Fails => &[(24, 2), (6, 13)],
            Layout::Nard => &[(24, 2), (13, 3), (8, 3), (7, 2), (6, 3), (3, 2)],
            Layout::Custom(setup) => return Position::from_setup(setup, side),
        };
        Position::mirrored(pairs)
    }
}

/// Every option of RULES.md. Build one with [`Rules::preset`] and change fields freely: every
/// combination is playable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub layout: Layout,
    pub dice: Dice,
    pub doublets: Doublets,
    pub opening: Opening,
    pub bound_table: BoundTable,
    pub bear_off: BearOff,
    pub compulsion: Compulsion,
    pub stakes: Stakes,
    pub unplayable_die_loses: bool,
    pub all_captured_wins: bool,
    pub blocked_is_draw: bool,
    pub cube: bool,
    pub players: Players,
}

/// The option names of RULES.md, in its order.
pub const OPTION_NAMES: [&str; 13] = [
    "layout",
    "dice",
    "doublets",
    "opening",
    "bound_table",
    "bear_off",
    "compulsion",
    "stakes",
    "unplayable_die_loses",
    "all_captured_wins",
    "blocked_is_draw",
    "cube",
    "players",
];

impl Default for Rules {
    /// Irish, as Willughby gives it.
    fn default() -> Rules {
        Rules::preset(Preset::Irish)
    }
}

impl Rules {
    /// The rules of a preset.
    #[must_use]
    pub fn preset(preset: Preset) -> Rules {
        let irish = Rules {
            layout: Layout::Willughby,
            dice: Dice::Two,
            doublets: Doublets::Single,
            opening: Opening::ThrowAgain,
            bound_table: BoundTable::Break,
            bear_off: BearOff::OverEdge,
            compulsion: Compulsion::Max,
            stakes: Stakes::Single,
            unplayable_die_loses: false,
            all_captured_wins: false,
            blocked_is_draw: false,
            cube: false,
            players: Players::Two,
        };
        match preset {
            Preset::Irish => irish,
            Preset::IrishCotton => Rules {
                layout: Layout::CottonFirst,
                ..irish
            },
            Preset::BackgammonWillughby => Rules {
                doublets: Doublets::Double,
                stakes: Stakes::Willughby,
                ..irish
            },
            Preset::BackgammonCotton => Rules {
                doublets: Doublets::Double,
                stakes: Stakes::Cotton,
                ..irish
            },
            Preset::BackgammonIncompleat => Rules {
                doublets: Doublets::Double,
                bear_off: BearOff::Exact,
                stakes: Stakes::Gammons,
                ..irish
            },
            Preset::Modern => Rules {
                doublets: Doublets::Double,
                opening: Opening::PlayOpening,
                bound_table: BoundTable::Wait,
                bear_off: BearOff::Modern,
                stakes: Stakes::Gammons,
                ..irish
            },
            Preset::TodasTablas => Rules {
                layout: Layout::CottonFirst,
                bound_table: BoundTable::Loses,
                all_captured_wins: true,
                blocked_is_draw: true,
                ..irish
            },
            Preset::Fails => Rules {
                layout: Layout::Fails,
                dice: Dice::Three,
                unplayable_die_loses: true,
                ..irish
            },
            Preset::Nard => Rules {
                layout: Layout::Nard,
                bound_table: BoundTable::Wait,
                bear_off: BearOff::Exact,
                stakes: Stakes::Nard,
                ..irish
            },
            Preset::DoubleHandIrish => Rules {
                players: Players::DoubleHand,
                ..irish
            },
        }
    }

    /// Sets one option from its RULES.md name and value, as `--set option=value` does.
    /// A custom layout is given by a gnubg Position ID: `layout=custom:4HPwATDgc/ABMA`.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RulesError> {
        let flag = |value: &str, option: &'static str| match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(RulesError::UnknownValue {
                option,
                value: value.to_string(),
                values: "true false",
            }),
        };
        match option {
            "layout" => {
                self.layout = match value {
                    "willughby" => Layout::Willughby,
                    "cotton_first" => Layout::CottonFirst,
                    "fails" => Layout::Fails,
                    "nard" => Layout::Nard,
                    _ => match value.strip_prefix("custom:") {
                        Some(id) => {
                            let pos =
                                position_id::decode(id).map_err(|e| RulesError::UnknownValue {
                                    option: "layout",
                                    value: format!("{value} ({e})"),
                                    values: Layout::NAMES,
                                })?;
                            Layout::Custom(pos.to_setup(Side::White))
                        }
                        None => {
                            return Err(RulesError::UnknownValue {
                                option: "layout",
                                value: value.to_string(),
                                values: Layout::NAMES,
                            });
                        }
                    },
                }
            }
            "dice" => self.dice = value.parse()?,
            "doublets" => self.doublets = value.parse()?,
            "opening" => self.opening = value.parse()?,
            "bound_table" => self.bound_table = value.parse()?,
            "bear_off" => self.bear_off = value.parse()?,
            "compulsion" => self.compulsion = value.parse()?,
            "stakes" => self.stakes = value.parse()?,
            "unplayable_die_loses" => {
                self.unplayable_die_loses = flag(value, "unplayable_die_loses")?
            }
            "all_captured_wins" => self.all_captured_wins = flag(value, "all_captured_wins")?,
            "blocked_is_draw" => self.blocked_is_draw = flag(value, "blocked_is_draw")?,
            "cube" => self.cube = flag(value, "cube")?,
            "players" => self.players = value.parse()?,
            _ => return Err(RulesError::UnknownOption(option.to_string())),
        }
        Ok(())
    }

    /// Sets one option from `option=value`.
    pub fn set_assignment(&mut self, assignment: &str) -> Result<(), RulesError> {
        let (option, value) = assignment
            .split_once('=')
            .ok_or_else(|| RulesError::NotAnAssignment(assignment.to_string()))?;
        self.set(option.trim(), value.trim())
    }

    /// Every option with its value as RULES.md writes it, in RULES.md's order.
    #[must_use]
    pub fn values(&self) -> Vec<(&'static str, String)> {
        let layout = match &self.layout {
            Layout::Custom(setup) => match Position::from_setup(setup, Side::White) {
                Ok(pos) => format!("custom:{}", position_id::encode(&pos)),
                Err(_) => "custom:(not a position)".to_string(),
            },
            other => other.name().to_string(),
        };
        vec![
            ("layout", layout),
            ("dice", self.dice.to_string()),
            ("doublets", self.doublets.to_string()),
            ("opening", self.opening.to_string()),
            ("bound_table", self.bound_table.to_string()),
            ("bear_off", self.bear_off.to_string()),
            ("compulsion", self.compulsion.to_string()),
            ("stakes", self.stakes.to_string()),
            (
                "unplayable_die_loses",
                self.unplayable_die_loses.to_string(),
            ),
            ("all_captured_wins", self.all_captured_wins.to_string()),
            ("blocked_is_draw", self.blocked_is_draw.to_string()),
            ("cube", self.cube.to_string()),
            ("players", self.players.to_string()),
        ]
    }

    /// How many dice are thrown in a turn.
    #[must_use]
    pub fn dice_count(&self) -> usize {
        match self.dice {
            Dice::Three => 3,
            Dice::Two | Dice::TwoMinoret => 2,
        }
    }
}

/// The named rule sets of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    Irish,
    IrishCotton,
    BackgammonWillughby,
    BackgammonCotton,
    BackgammonIncompleat,
    Modern,
    TodasTablas,
    Fails,
    Nard,
    DoubleHandIrish,
}

impl Preset {
    pub const ALL: [Preset; 10] = [
        Preset::Irish,
        Preset::IrishCotton,
        Preset::BackgammonWillughby,
        Preset::BackgammonCotton,
        Preset::BackgammonIncompleat,
        Preset::Modern,
        Preset::TodasTablas,
        Preset::Fails,
        Preset::Nard,
        Preset::DoubleHandIrish,
    ];

    /// The command-line name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Preset::Irish => "irish",
            Preset::IrishCotton => "irish-cotton",
            Preset::BackgammonWillughby => "backgammon-willughby",
            Preset::BackgammonCotton => "backgammon-cotton",
            Preset::BackgammonIncompleat => "backgammon-incompleat",
            Preset::Modern => "modern",
            Preset::TodasTablas => "todas-tablas",
            Preset::Fails => "fails",
            Preset::Nard => "nard",
            Preset::DoubleHandIrish => "double-hand-irish",
        }
    }

    /// The name people read.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Preset::Irish => "Irish (Willughby)",
            Preset::IrishCotton => "Irish, Cotton's first array",
            Preset::BackgammonWillughby => "Early Backgammon (Willughby)",
            Preset::BackgammonCotton => "Early Backgammon (Cotton)",
            Preset::BackgammonIncompleat => "Backgammon (Incompleat Gamester)",
            Preset::Modern => "Modern backgammon (reference)",
            Preset::TodasTablas => "Todas Tablas",
            Preset::Fails => "Fails",
            Preset::Nard => "Nard",
            Preset::DoubleHandIrish => "Double-hand Irish",
        }
    }

    /// The preset whose rules these are, if they are exactly a preset's.
    #[must_use]
    pub fn of(rules: &Rules) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|&p| Rules::preset(p) == *rules)
    }
}

impl FromStr for Preset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| RulesError::UnknownPreset(s.to_string()))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_reads_back_by_name() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
        }
        assert!(matches!(
            "chess".parse::<Preset>(),
            Err(RulesError::UnknownPreset(_))
        ));
    }

    #[test]
    fn presets_follow_the_table_of_rules_md() {
        let modern = Rules::preset(Preset::Modern);
        assert_eq!(
            (
                modern.doublets,
                modern.opening,
                modern.bound_table,
                modern.bear_off,
                modern.stakes
            ),
            (
                Doublets::Double,
                Opening::PlayOpening,
                BoundTable::Wait,
                BearOff::Modern,
                Stakes::Gammons
            )
        );
        let fails = Rules::preset(Preset::Fails);
        assert_eq!(
            (fails.layout.clone(), fails.dice, fails.unplayable_die_loses),
            (Layout::Fails, Dice::Three, true)
        );
        let todas = Rules::preset(Preset::TodasTablas);
        assert!(
            todas.all_captured_wins
                && todas.blocked_is_draw
                && todas.bound_table == BoundTable::Loses
        );
        assert_eq!(
            Rules::preset(Preset::DoubleHandIrish).players,
            Players::DoubleHand
        );
        assert_eq!(Rules::preset(Preset::Nard).stakes, Stakes::Nard);
        assert_eq!(
            Rules::preset(Preset::BackgammonIncompleat).bear_off,
            BearOff::Exact
        );
        assert_eq!(
            Rules::preset(Preset::BackgammonCotton).stakes,
            Stakes::Cotton
        );
        assert_eq!(
            Rules::preset(Preset::IrishCotton).layout,
            Layout::CottonFirst
        );
    }

    #[test]
    fn every_value_of_every_option_can_be_set_by_name() {
        let mut rules = Rules::default();
        for (option, value) in Rules::preset(Preset::Fails).values() {
            rules.set(option, &value).unwrap();
        }
        assert_eq!(rules, Rules::preset(Preset::Fails));
        for v in BearOff::ALL {
            rules.set("bear_off", v.name()).unwrap();
            assert_eq!(rules.bear_off, *v);
        }
        assert!(matches!(
            rules.set("bear_off", "sideways"),
            Err(RulesError::UnknownValue { .. })
        ));
        assert!(matches!(
            rules.set("castling", "true"),
            Err(RulesError::UnknownOption(_))
        ));
    }

    #[test]
    fn a_custom_layout_is_set_from_a_position_id() {
        let mut rules = Rules::default();
        rules.set("layout", "custom:4HPwATDgc/ABMA").unwrap();
        assert_eq!(
            rules.layout.position(Side::White).unwrap(),
            Position::default()
        );
        assert!(rules.set("layout", "custom:!!").is_err());
    }

    #[test]
    fn layouts_have_fifteen_men() {
        for layout in [
            Layout::Willughby,
            Layout::CottonFirst,
            Layout::Fails,
            Layout::Nard,
        ] {
            let pos = layout.position(Side::White).unwrap();
            assert_eq!(pos.off(), 0);
            assert_eq!(pos.adversary_off(), 0);
        }
    }
}

/// The source texts RULES.md cites, by their number there, with how the app names them.
pub const SOURCES: [(&str, &str); 5] = [
    ("000", "du Coeur's letter on Irish (after Willughby)"),
    (
        "001",
        "du Coeur's game report on Irish and early Backgammon (Willughby, Cotton)",
    ),
    ("002", "the Irish Game (Willughby, Cotton, Alfonso X)"),
    ("003", "Murray, A History of Board-Games: Irish and Fails"),
    ("004", "the Incompleat Gamester"),
];

/// The name the app gives a source number ("003" → "Murray, …"), or the number itself.
#[must_use]
pub fn source_name(id: &str) -> &str {
    SOURCES
        .iter()
        .find(|(n, _)| *n == id)
        .map_or(id, |(_, name)| name)
}

/// What an option of RULES.md does, in one line, and which sources it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    pub name: &'static str,
    pub explanation: &'static str,
    pub sources: &'static [&'static str],
    /// What the sources disagree on, where they do.
    pub disagreement: &'static str,
}

/// Every option, in RULES.md's order, explained.
pub const OPTIONS: [OptionInfo; 13] = [
    OptionInfo {
        name: "layout",
        explanation: "How the fifteen men of each side are arrayed at the start.",
        sources: &["000", "001", "002", "003", "004"],
        disagreement: "Willughby arrays the men as modern backgammon does; Cotton's first array (and Todas Tablas) sets them further back; Fails and Nard have arrays of their own.",
    },
    OptionInfo {
        name: "dice",
        explanation: "Two dice, three dice, or two with the lower thrown a third time (minoret).",
        sources: &["003"],
        disagreement: "Fails is played with three dice; with only two, the lower counts again (minoret).",
    },
    OptionInfo {
        name: "doublets",
        explanation: "Whether a throw of doublets is played twice (as any throw), four times, or three times.",
        sources: &["000", "001", "002", "004"],
        disagreement: "In Irish doublets mean nothing special; in Backgammon they are played twice over; a house rule plays them three times.",
    },
    OptionInfo {
        name: "opening",
        explanation: "Whether the winner of the throw-off throws again, or plays the two single dice.",
        sources: &["000", "001"],
        disagreement: "The period sources have the higher die begin and throw both dice; today the two single dice are played.",
    },
    OptionInfo {
        name: "bound_table",
        explanation: "When a side must enter against a bound table: break it, wait, or lose.",
        sources: &["000", "001", "002", "004"],
        disagreement: "Willughby has the bound table broken; elsewhere the side simply cannot enter; Alfonso's prime of tables loses the game.",
    },
    OptionInfo {
        name: "bear_off",
        explanation: "Which dice bear a man off: any die past the edge, the modern rule, or only an exact die.",
        sources: &["000", "001", "004"],
        disagreement: "Willughby lets any die carry a man off; the Incompleat Gamester and Nard want an exact die; modern play allows a higher die from the highest point.",
    },
    OptionInfo {
        name: "compulsion",
        explanation: "Whether as much of a throw as possible must be played, or the player may stop.",
        sources: &["003"],
        disagreement: "Murray has the throw used to the full; the older sources are silent, and modern practice plays as much as possible.",
    },
    OptionInfo {
        name: "stakes",
        explanation: "What the winner scores: one stake, Willughby's or Cotton's table, gammons, or Nard's count.",
        sources: &["000", "001", "002", "004"],
        disagreement: "Irish wins one stake; Willughby and Cotton score doublets and back-gammons differently; 002 reads Cotton's back-gammon as winning before any of the loser's men reached his home table.",
    },
    OptionInfo {
        name: "unplayable_die_loses",
        explanation: "Fails: a die that cannot be played loses the game outright.",
        sources: &["003"],
        disagreement: "",
    },
    OptionInfo {
        name: "all_captured_wins",
        explanation: "Todas Tablas: a side whose men left are all on the bar loses.",
        sources: &["002", "004"],
        disagreement: "",
    },
    OptionInfo {
        name: "blocked_is_draw",
        explanation: "Todas Tablas: when neither side can move whatever it throws, the game is drawn.",
        sources: &["002", "004"],
        disagreement: "",
    },
    OptionInfo {
        name: "cube",
        explanation: "The doubling cube (2 to 64): a side may offer to double the stake before throwing.",
        sources: &["004"],
        disagreement: "The cube is a modern invention: no period source knows it.",
    },
    OptionInfo {
        name: "players",
        explanation: "Two players, or four in two partnerships (Double-hand): both partners throw, the side plays the better throw.",
        sources: &["002"],
        disagreement: "Willughby thought the double-hand game duller than the single.",
    },
];

/// The explanation of an option by its RULES.md name.
#[must_use]
pub fn option_info(name: &str) -> Option<&'static OptionInfo> {
    OPTIONS.iter().find(|o| o.name == name)
}
