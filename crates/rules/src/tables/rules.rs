//! The rules in force: every option of RULES.md as a field of [`Rules`], and why an option, a
//! value or a preset was not understood. The values of each option are declared in `values`,
//! where the men start in `layout`, and the named rule sets that set them all in `presets`.
//!
//! Option and value names are those of RULES.md (`bear_off = over_edge`, …), both in save
//! files (serde, snake_case) and on the command line (`--set bear_off=exact`).

mod layout;
mod presets;
mod values;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::PositionError;
use super::option_value::{self, OptionValue};

pub use layout::Layout;
pub use presets::Preset;
pub use values::{
    BearOff, BoundTable, Claims, Compulsion, Dice, Doublets, GoingInOpen, HitBy, Opening, Players,
    Stakes,
};

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
    /// Tick-tack: what a hit taken, or a going in let pass, costs when the throw let the
    /// thrower go in. A save that does not name it reads Cotton's: both lose two.
    #[serde(default = "hit_loses_two", skip_serializing_if = "is_hit_loses_two")]
    pub going_in_open: GoingInOpen,
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

fn hit_loses_two() -> GoingInOpen {
    GoingInOpen::HitLosesTwo
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if takes a reference"
)]
fn is_hit_loses_two(g: &GoingInOpen) -> bool {
    *g == GoingInOpen::HitLosesTwo
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::board::Position;
    use crate::tables::side::Side;

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
}
