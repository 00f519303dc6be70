//! The kinds of games at tables that each have a network of their own: games whose rules give
//! a position the same worth share one. (A kind is not a [`crate::Family`]: the families are
//! the tables and the tiles; the kinds divide the tables' games by what a position is worth.)
//!
//! Which kind a set of rules belongs to is decided by the options that change what a
//! position is worth, in this order: Nard's count; three dice (or the minoret); a bound table
//! that loses, or a win by capturing every man (Todas Tablas); doublets played once (Irish);
//! the modern bearing off with a bound table waited out (modern backgammon); a man borne off
//! only by an exact die (the Incompleat Gamester's Backgammon); and otherwise the early
//! Backgammons (doublets twice over, the break, a man borne off by any die that carries him
//! over the edge).

use std::sync::{Arc, OnceLock};

use crate::tables::{BearOff, BoundTable, Dice, Doublets, Preset, Rules, Stakes};

use super::net::Net;
use super::net_file::NetFile;

/// A kind of games with a network of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Modern,
    Irish,
    EarlyBackgammon,
    IncompleatBackgammon,
    Fails,
    Nard,
    TodasTablas,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::Modern,
        Kind::Irish,
        Kind::EarlyBackgammon,
        Kind::IncompleatBackgammon,
        Kind::Fails,
        Kind::Nard,
        Kind::TodasTablas,
    ];

    /// The family's name, in files and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Modern => "modern",
            Kind::Irish => "irish",
            Kind::EarlyBackgammon => "early-backgammon",
            Kind::IncompleatBackgammon => "incompleat-backgammon",
            Kind::Fails => "fails",
            Kind::Nard => "nard",
            Kind::TodasTablas => "todas-tablas",
        }
    }

    /// The family called `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The family whose network judges positions under `rules`.
    #[must_use]
    pub fn of(rules: &Rules) -> Kind {
        if rules.stakes == Stakes::Nard {
            Kind::Nard
        } else if rules.dice != Dice::Two {
            Kind::Fails
        } else if rules.bound_table == BoundTable::Loses || rules.all_captured_wins {
            Kind::TodasTablas
        } else if rules.doublets == Doublets::Single {
            Kind::Irish
        } else if rules.bear_off == BearOff::Modern && rules.bound_table == BoundTable::Wait {
            Kind::Modern
        } else if rules.bear_off == BearOff::Exact {
            Kind::IncompleatBackgammon
        } else {
            Kind::EarlyBackgammon
        }
    }

    /// The preset the family's network is trained on.
    #[must_use]
    pub fn preset(self) -> Preset {
        match self {
            Kind::Modern => Preset::Modern,
            Kind::Irish => Preset::Irish,
            Kind::EarlyBackgammon => Preset::BackgammonWillughby,
            Kind::IncompleatBackgammon => Preset::BackgammonIncompleat,
            Kind::Fails => Preset::Fails,
            Kind::Nard => Preset::Nard,
            Kind::TodasTablas => Preset::TodasTablas,
        }
    }

    /// The weights file shipped for the family, if it has one of its own.
    fn shipped_bytes(self) -> Option<&'static [u8]> {
        match self {
            Kind::Modern => Some(super::data::NET_MODERN),
            // Trained by `examples/train.rs`; each shipped network beat the modern one at its
            // own game (docs/networks.md).
            Kind::Irish => Some(super::data::NET_IRISH),
            Kind::TodasTablas => Some(super::data::NET_TODAS_TABLAS),
            Kind::Fails => Some(super::data::NET_FAILS),
            Kind::Nard => Some(super::data::NET_NARD),
            Kind::IncompleatBackgammon => Some(super::data::NET_INCOMPLEAT_BACKGAMMON),
            // No network trained for Willughby's and Cotton's Backgammons has yet beaten the
            // modern one at their game (docs/networks.md).
            Kind::EarlyBackgammon => None,
        }
    }

    /// The screening network shipped for the family's own network, if any.
    fn screen_bytes(self) -> Option<&'static [u8]> {
        match self {
            Kind::Modern => Some(super::data::SCREEN_MODERN),
            Kind::Irish => Some(super::data::SCREEN_IRISH),
            Kind::Fails => Some(super::data::SCREEN_FAILS),
            Kind::TodasTablas => Some(super::data::SCREEN_TODAS_TABLAS),
            Kind::IncompleatBackgammon => Some(super::data::SCREEN_INCOMPLEAT_BACKGAMMON),
            // Nard's network judges the stakes, not chances: it has no screen.
            Kind::Nard | Kind::EarlyBackgammon => None,
        }
    }

    /// The network of its own for crashed positions ([`super::Evaluator::crashed`]): the
    /// modern family's alone (`examples/fit_eval.rs`, docs/networks.md).
    #[must_use]
    pub fn shipped_crashed(self) -> Option<Arc<Net>> {
        static CRASHED: OnceLock<Option<Arc<Net>>> = OnceLock::new();
        if self != Kind::Modern {
            return None;
        }
        CRASHED
            .get_or_init(|| {
                NetFile::parse(super::data::CRASHED_MODERN)
                    .ok()
                    .filter(|file| {
                        file.family == Kind::Modern.name() && file.note("role") == Some("crashed")
                    })
                    .map(|file| Arc::new(file.net))
            })
            .clone()
    }

    /// The screening network for the network the family is judged by (see
    /// [`Kind::shipped`]): its own network's, or the modern one's where it borrows that;
    /// `None` where there is none (each play is then judged in full).
    #[must_use]
    pub fn shipped_screen(self) -> Option<Arc<Net>> {
        static SCREENS: OnceLock<Vec<Option<Arc<Net>>>> = OnceLock::new();
        let screens = SCREENS.get_or_init(|| {
            let own = |f: Kind| {
                f.screen_bytes()
                    .and_then(|b| NetFile::parse(b).ok())
                    .filter(|file| file.family == f.name() && file.note("role") == Some("screen"))
                    .map(|file| Arc::new(file.net))
            };
            let modern = own(Kind::Modern);
            Kind::ALL
                .iter()
                .map(|&f| {
                    if f == Kind::Modern || f.shipped_bytes().is_none() {
                        modern.clone()
                    } else {
                        own(f)
                    }
                })
                .collect()
        });
        let index = |f: Kind| Kind::ALL.iter().position(|&g| g == f).unwrap_or(0);
        screens[index(self)].clone()
    }

    /// `net`, trained for the family named `trained_for`, as this family judges by it: a
    /// network of chances lent to another family leaves that family's races to the race model,
    /// which counts its own bearing off (the network learnt races under its own).
    #[must_use]
    pub fn judging(self, mut net: Net, trained_for: &str) -> Net {
        if trained_for != self.name() && net.outputs == super::net::Outputs::Chances {
            net.races = false;
        }
        net
    }

    /// The shipped network for the family: its own, or the modern one should it have none.
    /// A family that borrows the modern network leaves its races to the race model, which
    /// counts its own bearing off: the modern network learnt races under the modern one.
    /// `None` only if no shipped file can be read (the evaluation then falls back to its
    /// logistic model).
    #[must_use]
    pub fn shipped(self) -> Option<Arc<Net>> {
        static NETS: OnceLock<Vec<Option<Arc<Net>>>> = OnceLock::new();
        let nets = NETS.get_or_init(|| {
            let own = |f: Kind| {
                f.shipped_bytes()
                    .and_then(|b| NetFile::parse(b).ok())
                    .filter(|file| file.family == f.name())
                    .map(|file| file.net)
            };
            let modern = own(Kind::Modern);
            Kind::ALL
                .iter()
                .map(|&f| {
                    own(f)
                        .or_else(|| {
                            modern
                                .clone()
                                .map(|net| f.judging(net, Kind::Modern.name()))
                        })
                        .map(Arc::new)
                })
                .collect()
        });
        let index = |f: Kind| Kind::ALL.iter().position(|&g| g == f).unwrap_or(0);
        nets[index(self)].clone()
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_falls_in_the_family_its_rules_say() {
        let family = |p| Kind::of(&Rules::preset(p));
        assert_eq!(family(Preset::Modern), Kind::Modern);
        assert_eq!(family(Preset::Irish), Kind::Irish);
        assert_eq!(family(Preset::IrishCotton), Kind::Irish);
        assert_eq!(family(Preset::DoubleHandIrish), Kind::Irish);
        assert_eq!(family(Preset::BackgammonWillughby), Kind::EarlyBackgammon);
        assert_eq!(family(Preset::BackgammonCotton), Kind::EarlyBackgammon);
        assert_eq!(
            family(Preset::BackgammonIncompleat),
            Kind::IncompleatBackgammon
        );
        assert_eq!(family(Preset::Fails), Kind::Fails);
        assert_eq!(family(Preset::Nard), Kind::Nard);
        assert_eq!(family(Preset::TodasTablas), Kind::TodasTablas);
        for f in Kind::ALL {
            assert_eq!(Kind::of(&Rules::preset(f.preset())), f, "{f}");
            assert_eq!(Kind::from_name(f.name()), Some(f));
        }
    }

    #[test]
    fn every_shipped_network_reads_and_names_its_own_family() {
        // A file of the wrong size or family would silently leave the family to another's
        // network, or to the logistic model.
        for f in Kind::ALL {
            if let Some(bytes) = f.shipped_bytes() {
                let file = NetFile::parse(bytes).unwrap_or_else(|e| panic!("{f}: {e}"));
                assert_eq!(file.family, f.name());
                assert!(file.note("recipe").is_some(), "{f} has no recipe");
                // Nard is scored by the count of the loser's men, which its network judges
                // as the stakes; every other game by its chances.
                let outputs = if f == Kind::Nard {
                    super::super::net::Outputs::Stakes
                } else {
                    super::super::net::Outputs::Chances
                };
                assert_eq!(file.net.outputs, outputs, "{f}");
            }
            assert!(f.shipped().is_some(), "{f} has no network");
        }
        assert!(Kind::Modern.shipped_bytes().is_some());
    }

    #[test]
    fn every_network_of_chances_has_its_screen_and_the_borrowers_borrow_it() {
        for f in Kind::ALL {
            let screen = f.shipped_screen();
            let Some(net) = f.shipped() else {
                panic!("{f}: no network");
            };
            if net.outputs != super::super::net::Outputs::Chances {
                assert!(
                    screen.is_none(),
                    "{f}: a network of the stakes has no screen"
                );
                continue;
            }
            let screen = screen.unwrap_or_else(|| panic!("{f}: no screen"));
            assert_eq!(screen.hidden_units(), 64, "{f}");
            // It was trained on the network shipped now, or its borrowed one's.
            let own = if f.shipped_bytes().is_some() {
                f
            } else {
                Kind::Modern
            };
            let file = own
                .screen_bytes()
                .and_then(|b| NetFile::parse(b).ok())
                .unwrap_or_else(|| panic!("{f}: the screen's file"));
            assert_eq!(file.note("imitates"), Some(net.digest().as_str()), "{f}");
            // It reads the men alone: its rows for the hand-made features were never moved from
            // where they started, and it judges without them.
            let mut pips = [0i8; 26];
            for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
                pips[p] = n;
                pips[25 - p] = -n;
            }
            let start = crate::tables::Position::from_pips(pips).unwrap_or_default();
            let out = screen.forward(&Net::encode(&start, &[]));
            assert!((out[0] - 0.5).abs() < 0.1, "{f}: {out:?}");
        }
        let (early, modern) = (
            Kind::EarlyBackgammon.shipped_screen(),
            Kind::Modern.shipped_screen(),
        );
        assert!(early.zip(modern).is_some_and(|(e, m)| Arc::ptr_eq(&e, &m)));
        let rules = Rules::preset(Preset::Modern);
        assert!(crate::ai::eval::Evaluator::new(&rules).screens());
        let nard = Rules::preset(Preset::Nard);
        assert!(!crate::ai::eval::Evaluator::new(&nard).screens());
    }

    #[test]
    fn a_family_with_a_network_of_its_own_is_judged_by_it() {
        for preset in [
            Preset::TodasTablas,
            Preset::Irish,
            Preset::IrishCotton,
            Preset::DoubleHandIrish,
            Preset::BackgammonIncompleat,
        ] {
            // Given a position with contact under the preset's rules
            let rules = Rules::preset(preset);
            let pos = crate::tables::Game::new(rules.clone()).unwrap().start();
            // When it is judged by the family's evaluation and by the modern network's
            let own = super::super::eval::Evaluator::new(&rules).value(&pos);
            let modern =
                super::super::eval::Evaluator::with_net(&rules, Kind::Modern.shipped()).value(&pos);
            // Then the two differ: the family's own network was used
            assert!((own - modern).abs() > 1e-4, "{preset:?}: {own} {modern}");
        }
    }

    #[test]
    fn the_modern_network_judges_its_own_races_and_lends_none() {
        use super::super::eval::Evaluator;
        // Given a race with a man still outside the home table
        let race: crate::tables::Position = "8:2 6:1 4:4 2:4 1:2 off:2 / 6:5 5:5 3:4 off:1"
            .parse()
            .unwrap();
        assert!(!Evaluator::contact(&race));
        // Then under modern rules the modern network judges it (it learnt gnubg's races)
        let modern = Evaluator::new(&Rules::preset(Preset::Modern));
        assert!(modern.inputs(&race).is_some());
        // But Willughby's Backgammon, which borrows the network, bears off over the edge and
        // leaves the race to the race model, which counts that
        let rules = Rules::preset(Preset::BackgammonWillughby);
        assert_eq!(Kind::of(&rules), Kind::EarlyBackgammon);
        let early = Evaluator::new(&rules);
        assert!(early.inputs(&race).is_none());
        // And with every man home, the modern game judges by the exact bear-off databases
        let home: crate::tables::Position =
            "6:3 4:4 2:4 1:2 off:2 / 6:5 5:5 3:4 off:1".parse().unwrap();
        let exact = modern.chances(&home);
        assert!((exact.win - modern.without_bearoff().chances(&home).win).abs() > 1e-4);
    }

    #[test]
    fn the_incompleat_network_judges_races_the_bear_off_databases_do_not() {
        use super::super::eval::Evaluator;
        let rules = Rules::preset(Preset::BackgammonIncompleat);
        // Given a race under the Incompleat Gamester's rule that a man is borne off only by an
        // exact die, with two men still outside the home table
        let race: crate::tables::Position = "8:2 6:1 4:4 2:4 1:2 off:2 / 6:5 5:5 3:4 off:1"
            .parse()
            .unwrap();
        assert!(!Evaluator::contact(&race));
        // Then the family's own network judges it, where the modern one, as a family that
        // borrows it has it, leaves it to the race model (whose allowance for the exact die is
        // a guess)
        let own = Evaluator::new(&rules);
        assert!(own.inputs(&race).is_some());
        let modern = Evaluator::with_net(&rules, Kind::EarlyBackgammon.shipped());
        assert!(modern.inputs(&race).is_none());
        assert!((own.value(&race) - modern.value(&race)).abs() > 1e-3);
        // But once every man is home, both judge by the exact bear-off databases
        let home: crate::tables::Position =
            "6:3 4:4 2:4 1:2 off:2 / 6:5 5:5 3:4 off:1".parse().unwrap();
        assert_eq!(own.value(&home), modern.value(&home));
    }

    #[test]
    fn nards_network_judges_the_count_in_races_too() {
        use super::super::eval::Evaluator;
        let rules = Rules::preset(Preset::Nard);
        // Given a race: the side on roll has one man left on its ace point, the other all
        // fifteen in its home table (a count of 15, as the rules count it)
        let race: crate::tables::Position = "1:1 off:14 / 6:5 5:5 4:5".parse().unwrap();
        assert!(!Evaluator::contact(&race));
        // Then Nard's own network judges it, where the modern one, borrowed, leaves it to the
        // race model
        let own = Evaluator::new(&rules);
        assert!(own.inputs(&race).is_some());
        let modern = Evaluator::with_net(&rules, Kind::EarlyBackgammon.shipped());
        assert!(modern.inputs(&race).is_none());
        // And it expects about the count the side on roll wins with any throw
        let v = own.value(&race);
        assert!((12.0..=18.0).contains(&v), "{v}");
        // Under Irish's single stakes the same network judges a single game at most
        let irish = Evaluator::with_net(&Rules::preset(Preset::Irish), Kind::Nard.shipped());
        assert!(irish.value(&race).abs() <= 1.0);
    }
}
