//! The named rule sets of RULES.md (Irish, the early backgammons, Todas Tablas, Fails, Nard,
//! Tick-tack and the others): their names, their titles, and every option each one sets.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::{
    BearOff, BoundTable, Claims, Compulsion, Dice, Doublets, GoingInOpen, HitBy, Layout, Opening,
    Players, Rules, RulesError, SCORE_TO, Stakes,
};

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
            going_in_open: GoingInOpen::HitLosesTwo,
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
    /// [`OF_THE_MATCH`](crate::tables::options::OF_THE_MATCH)).
    #[must_use]
    pub fn of_game(rules: &Rules) -> Option<Preset> {
        Preset::of(&rules.without_the_match())
    }

    /// The preset whose game these rules play, whatever their match and cube, and whatever
    /// position the men were set up in (`Layout::Custom`, a position set up from an ID): a
    /// game of Irish set up from a position is still Irish. The first of [`Preset::ALL`] when
    /// two presets differ only in their array (Irish before Cotton's first array of it).
    #[must_use]
    pub fn of_game_set_up(rules: &Rules) -> Option<Preset> {
        Preset::of_game(rules).or_else(|| {
            if !matches!(rules.layout, Layout::Custom(_)) {
                return None;
            }
            let game = rules.without_the_match();
            Preset::ALL.into_iter().find(|&p| {
                let preset = Rules::preset(p);
                Rules {
                    layout: preset.layout.clone(),
                    ..game.clone()
                } == preset
            })
        })
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
    fn a_game_set_up_from_a_position_keeps_its_game() {
        // Given Irish and Fails with their men set up in a position of their own
        for (preset, game) in [
            (Preset::Irish, Preset::Irish),
            (Preset::Fails, Preset::Fails),
        ] {
            let mut rules = Rules::preset(preset);
            rules.set("layout", "custom:4HPwATDgc/ABMA").unwrap();
            rules.match_to = 3;
            // Then the game is the preset's still, though no preset starts there
            assert_eq!(Preset::of_game(&rules), None);
            assert_eq!(Preset::of_game_set_up(&rules), Some(game));
        }
        // A rule changed besides is house rules, as is a preset's game from another's array
        let mut house = Rules::preset(Preset::Irish);
        house.set("layout", "custom:4HPwATDgc/ABMA").unwrap();
        house.set("bear_off", "exact").unwrap();
        assert_eq!(Preset::of_game_set_up(&house), None);
        let mut other = Rules::preset(Preset::Irish);
        other.layout = Layout::Nard;
        assert_eq!(Preset::of_game_set_up(&other), None);
    }

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
}
