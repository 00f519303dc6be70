//! The rules in force: every option of RULES.md as a value, and the presets that set them all.
//!
//! Option and value names are those of RULES.md (`bear_off = over_edge`, …), both in save
//! files (serde, snake_case) and on the command line (`--set bear_off=exact`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

use super::board::{Position, PositionError, Setup};
use super::option_value::{self, OptionValue};
use super::position_id;
use super::side::Side;

/// Why an option, a value or a preset was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("no preset is called `{0}` (try: {list})", list = Preset::ALL.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "))]
    UnknownPreset(String),
    /// `known` names every option there is.
    #[error("no option is called `{option}` (options: {})", known.join(", "))]
    UnknownOption {
        option: String,
        known: Vec<&'static str>,
    },
    /// `values` are every value of the option.
    #[error(
        "`{value}` is not a value of `{option}` (values: {})",
        option_value::list(values)
    )]
    UnknownValue {
        option: &'static str,
        value: String,
        values: &'static [OptionValue],
    },
    #[error("`{0}` is not option=value")]
    NotAnAssignment(String),
    #[error("the custom layout is not a position: {0}")]
    BadLayout(#[from] PositionError),
}

/// An option whose values are a plain enum: each value is declared once, with its RULES.md name,
/// its words for people and its explanation; `ALL`, `VALUES`, `name`, `FromStr` and `Display`
/// all come from that one declaration.
macro_rules! option_enum {
    ($(#[$meta:meta])* $name:ident, $option:literal {
        $($variant:ident = $text:literal ($words:literal, $explanation:literal)),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $(#[doc = $explanation] $variant),+ }

        impl $name {
            /// Every value, in the order RULES.md lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The option's name in RULES.md.
            pub const OPTION: &'static str = $option;
            /// Every value as the table of options gives it, in the order of `ALL`.
            pub const VALUES: &'static [OptionValue] = &[$(OptionValue {
                name: $text,
                words: $words,
                explanation: $explanation,
                parameter: None,
            }),+];
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
                    _ => Err(RulesError::UnknownValue { option: $option, value: s.to_string(), values: Self::VALUES }),
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
        Two = "two" ("two dice", "Two dice, as at backgammon."),
        Three = "three" ("three dice", "Three dice, each played (Fails)."),
        TwoMinoret = "two_minoret" ("two dice and the minoret", "Two dice; the lower is used a third time (Fails with two dice)."),
    }
);
option_enum!(
    /// What doublets give (with two dice).
    Doublets, "doublets" {
        Single = "single" ("played as any throw", "Two moves, as any throw."),
        Double = "double" ("played twice over", "Four moves."),
        Treble = "treble" ("played three times", "Three moves (house rule)."),
    }
);
option_enum!(
    /// How the first turn begins.
    Opening, "opening" {
        ThrowAgain = "throw_again" ("the higher die throws again", "Each throws one die; the higher begins and throws both dice."),
        PlayOpening = "play_opening" ("the single dice are played", "The two single dice are the first throw."),
    }
);
option_enum!(
    /// What happens when a side must enter and the adversary's home table is bound.
    BoundTable, "bound_table" {
        Break = "break" ("the table is broken", "The table is broken (Willughby)."),
        Wait = "wait" ("the side waits", "The side simply cannot enter."),
        Loses = "loses" ("the side loses", "The side loses (Alfonso's prime of tables)."),
    }
);
option_enum!(
    /// Which dice bear a man off.
    BearOff, "bear_off" {
        OverEdge = "over_edge" ("any die over the edge", "Any die that carries a man past the ace point."),
        Modern = "modern" ("exact, or higher from the highest point", "An exact die, or a higher die from the highest occupied point."),
        Exact = "exact" ("only an exact die", "Only an exact die."),
    }
);
option_enum!(
    /// How much of a throw must be played.
    Compulsion, "compulsion" {
        Max = "max" ("as much as can be played", "As many dice as can be played, then the most pips."),
        Free = "free" ("the player may stop", "The player may stop at any step."),
    }
);
option_enum!(
    /// What the winner scores.
    Stakes, "stakes" {
        Single = "single" ("one stake", "One stake for any win (Irish)."),
        Willughby = "willughby" ("Willughby's table", "More for a last throw of doublets or a back-gammon, as Willughby scores."),
        Cotton = "cotton" ("Cotton's table", "As Willughby, with more for a back-gammon, as Cotton scores."),
        Gammons = "gammons" ("gammons and backgammons", "One stake, two for a gammon, three for a backgammon."),
        Nard = "nard" ("Nard's count", "A count of the loser's men left, by where they stand."),
    }
);
option_enum!(
    /// Tick-tack: what a throw may use to reach (hit) an adversary's lone man.
    HitBy, "hit_by" {
        OneDie = "one_die" ("one die", "A man reaches the lone man with one die."),
        DieOrBoth = "die_or_both" ("one die or both", "With one die, or with both in either order, the point between not a stop (Cotton)."),
    }
);
option_enum!(
    /// Tick-tack: who scores a hit and the penalties of a chance missed.
    Claims, "claims" {
        ByAdversary = "by_adversary" ("the players claim them", "The thrower claims his hit; the adversary claims a why-not or a missed going-in before he throws (Cotton)."),
        ByRules = "by_rules" ("counted by the rules", "Every hit and every penalty is counted without a claim."),
    }
);
option_enum!(
    /// Two players, or four in two partnerships.
    Players, "players" {
        Two = "two" ("two players", "One player a side."),
        DoubleHand = "double_hand" ("four, in two partnerships", "Two partners a side; both throw, the side plays the better throw."),
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

/// Every option of RULES.md. Build one with [`Rules::preset`] and change fields freely: every
/// combination is playable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The points a match is played to; 0 for a session for stakes (the period's way, and
    /// the default). A side that reaches them wins the match.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub match_to: u16,
    /// In a match, the Crawford rule: the game after a side first comes within one point of
    /// winning is played without the cube.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub crawford: bool,
    /// In a session for stakes, the Jacoby rule: a gammon or back-gammon counts as a single
    /// game while the cube has not been turned.
    #[serde(default, skip_serializing_if = "is_no")]
    pub jacoby: bool,
    /// Tick-tack: no man is hit, and a game is won by the scores of [`super::ticktack`]
    /// (hits, going in, the second table filled, bearing off, the penalties) instead of by
    /// bearing off alone.
    #[serde(default, skip_serializing_if = "is_no")]
    pub tick_tack: bool,
    /// Tick-tack: what a throw may use to reach a lone man.
    #[serde(default = "die_or_both", skip_serializing_if = "is_die_or_both")]
    pub hit_by: HitBy,
    /// Tick-tack: whether hits and penalties are claimed by the players or counted by the rules.
    #[serde(default = "by_adversary", skip_serializing_if = "is_by_adversary")]
    pub claims: Claims,
    /// Tick-tack: the first score ends the game (else scores add up to `score_to`).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub first_score_ends: bool,
    /// Tick-tack, when scores add up: the points that end the game.
    #[serde(default = "twelve", skip_serializing_if = "is_twelve")]
    pub score_to: u8,
    /// A step once made cannot be taken back ("if you touch a man you must play him").
    #[serde(default, skip_serializing_if = "is_no")]
    pub touch_and_take: bool,
    /// The cube's raises are vies: each adds one stake instead of doubling (Vie Tick-tack).
    /// With it, a side may vie whether or not the cube is played.
    #[serde(default, skip_serializing_if = "is_no")]
    pub vie: bool,
    /// Tick-tack, Cotton's variant: what toots are worth (0: not played).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub toots: u8,
    /// Tick-tack, Cotton's variant: what boveries are worth (0: not played).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub boveries: u8,
    /// Tick-tack, Cotton's variant: what flyers are worth (0: not played).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub flyers: u8,
}

fn die_or_both() -> HitBy {
    HitBy::DieOrBoth
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_die_or_both(h: &HitBy) -> bool {
    *h == HitBy::DieOrBoth
}

fn by_adversary() -> Claims {
    Claims::ByAdversary
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_by_adversary(c: &Claims) -> bool {
    *c == Claims::ByAdversary
}

/// Tick-tack's target when scores add up (our choice, after Trictrac's twelve holes).
pub const SCORE_TO: u8 = 12;

fn twelve() -> u8 {
    SCORE_TO
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_twelve(n: &u8) -> bool {
    *n == SCORE_TO
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// Whether a flag that is off by default is off: left out of files.
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_no(on: &bool) -> bool {
    !*on
}

/// The Crawford rule's default: played.
fn yes() -> bool {
    true
}

/// Whether the Crawford rule is at its default, so files without matches stay as they were.
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_yes(on: &bool) -> bool {
    *on
}

/// Whether no match is played.
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// The longest match the options offer.
pub const MATCH_MOST: u16 = 25;

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
            match_to: 0,
            crawford: true,
            jacoby: false,
            tick_tack: false,
            hit_by: HitBy::DieOrBoth,
            claims: Claims::ByAdversary,
            first_score_ends: true,
            score_to: SCORE_TO,
            touch_and_take: false,
            vie: false,
            toots: 0,
            boveries: 0,
            flyers: 0,
        };
        let tick_tack = Rules {
            layout: Layout::TickTack,
            tick_tack: true,
            touch_and_take: true,
            ..irish.clone()
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
            Preset::TickTack => tick_tack,
            Preset::VieTickTack => Rules {
                vie: true,
                ..tick_tack
            },
        }
    }

    /// Whether the stake may be raised before a throw: by the doubling cube, or by vying.
    #[must_use]
    pub fn raises_stake(&self) -> bool {
        self.cube || self.vie
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
    TickTack,
    VieTickTack,
}

impl Preset {
    pub const ALL: [Preset; 12] = [
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
        Preset::TickTack,
        Preset::VieTickTack,
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
            Preset::TickTack => "tick-tack",
            Preset::VieTickTack => "vie-tick-tack",
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
            Preset::TickTack => "Tick-tack",
            Preset::VieTickTack => "Vie Tick-tack",
        }
    }

    /// The preset whose rules these are, if they are exactly a preset's.
    #[must_use]
    pub fn of(rules: &Rules) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|&p| Rules::preset(p) == *rules)
    }

    /// The preset whose game these rules play, whatever their match and cube (the options of
    /// [`OF_THE_MATCH`](super::options::OF_THE_MATCH)).
    #[must_use]
    pub fn of_game(rules: &Rules) -> Option<Preset> {
        Preset::of(&rules.without_the_match())
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
            Err(RulesError::UnknownOption { .. })
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
        for layout in Layout::NAMED {
            let pos = layout.position(Side::White).unwrap();
            assert_eq!(pos.off(), 0);
            assert_eq!(pos.adversary_off(), 0);
        }
    }
}
