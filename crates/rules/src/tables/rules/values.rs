//! The options of RULES.md whose values are a plain list of words: how many dice, what
//! doublets give, how the first turn begins, a bound table, bearing off, how much of a throw
//! must be played, the stakes, the players, and Tick-tack's hits and claims. Each value is
//! declared once, with its name, its words for people and its explanation.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::RulesError;
use crate::tables::option_value::OptionValue;

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
    /// Tick-tack: what a hit taken, or a going in let pass, costs when the throw let the
    /// thrower go in.
    GoingInOpen, "going_in_open" {
        HitLosesTwo = "hit_loses_two" ("a hit taken then loses two", "When the throw lets you go in, going in is the only good play: a hit taken instead, or the going in let pass, loses two, and a hit left untaken is no why-not (Cotton)."),
        HitScores = "hit_scores" ("a hit taken then scores", "A hit taken scores though the throw let you go in; the going in let pass is a penalty apart, claimed or counted after the hit (Gamester's own reading)."),
    }
);
option_enum!(
    /// Two players, or four in two partnerships.
    Players, "players" {
        Two = "two" ("two players", "One player a side."),
        DoubleHand = "double_hand" ("four, in two partnerships", "Two partners a side; both throw, the side plays the better throw."),
    }
);
