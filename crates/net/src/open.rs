//! A game the network plays that this crate does not know: a family registered by the program
//! that plays it ([`register`]), its rules and its actions carried on the line as text that only
//! its own rules read ([`crate::GameRules::Open`], [`crate::NetAction::Open`]). The table, the
//! fair dice and the signed record treat it as any other: whatever the family's rules refuse is
//! refused, and a family this program has not registered gives no game at all.

use std::fmt::Debug;
use std::sync::RwLock;

use rand::rngs::StdRng;

use gamester_core::Family;

/// A family of games registered with the network: what it makes of the rules' text a host
/// offers, and which of its actions are chance's.
pub trait OpenGame: Sync + Send {
    /// The family it plays (its name is the family's name on the line).
    fn family(&self) -> Family;

    /// The seats of a game under `rules`, or why the text gives no game.
    ///
    /// # Errors
    /// Why not, in the player's words.
    fn seats(&self, rules: &str) -> Result<usize, String>;

    /// A new game under `rules`, or why the text gives no game.
    ///
    /// # Errors
    /// Why not, in the player's words.
    fn board(&self, rules: &str) -> Result<Box<dyn OpenBoard>, String>;

    /// Whether `action` is chance's (made from the parties' joint seed, never sent): the
    /// family's rules decide it, not whoever sent it.
    fn is_chance(&self, action: &str) -> bool;
}

/// A game of a registered family, as the table holds it: it asks the family's rules everything.
pub trait OpenBoard: Send + Sync + Debug {
    /// The family whose game it is.
    fn family(&self) -> Family;

    /// The same game, apart.
    fn clone_box(&self) -> Box<dyn OpenBoard>;

    /// The record, each action as its text.
    fn record(&self) -> Vec<String>;

    fn is_over(&self) -> bool;

    /// Whether chance acts next.
    fn wants_chance(&self) -> bool;

    /// The seat that acts now (also the seat that alone starts chance's action, where one
    /// does), if any.
    fn actor(&self) -> Option<usize>;

    /// Chance's action, drawn from `rng` (seeded with what all the parties made together).
    fn chance(&self, rng: &mut StdRng) -> Option<String>;

    /// Does `action` through the family's rules, or says why not and changes nothing.
    ///
    /// # Errors
    /// Why the rules refuse it, in the player's words.
    fn apply(&mut self, action: &str) -> Result<(), String>;

    /// The computer's next action at the seat that acts, for a party the computer plays;
    /// `None` when it would start chance's action (or has nothing to do).
    fn computer(&self) -> Option<String> {
        None
    }

    /// The game itself, for the family's own screen to read.
    fn as_any(&self) -> &dyn std::any::Any;
}

impl Clone for Box<dyn OpenBoard> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The families registered, in the order they came.
static GAMES: RwLock<Vec<&'static dyn OpenGame>> = RwLock::new(Vec::new());

/// Registers `game`, so that its family can be played at a distance; registering it again
/// changes nothing.
pub fn register(game: &'static dyn OpenGame) {
    let mut games = GAMES
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !games.iter().any(|g| g.family() == game.family()) {
        games.push(game);
    }
}

/// The registered game of the family named `family`, if any.
#[must_use]
pub fn game(family: &str) -> Option<&'static dyn OpenGame> {
    GAMES
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .find(|g| g.family().name() == family)
        .copied()
}

/// The family a game of a family this program does not know stands under.
pub const UNKNOWN: Family = Family::new("a family of games this program does not know");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, GameError, GameRules, NetAction, Setup};

    /// A tiny game for the tests: two seats take turns; each turn is chance's throw of one
    /// die ("3"), started by the seat to throw; the first past 9 wins.
    struct Tens;

    #[derive(Clone, Debug)]
    struct TensBoard(Vec<u8>);

    static TENS: Tens = Tens;
    const FAMILY: Family = Family::new("tens, for the network's tests");

    fn register_tens() {
        register(&TENS);
    }

    impl OpenGame for Tens {
        fn family(&self) -> Family {
            FAMILY
        }
        fn seats(&self, rules: &str) -> Result<usize, String> {
            (rules == "tens").then_some(2).ok_or("no such game".into())
        }
        fn board(&self, rules: &str) -> Result<Box<dyn OpenBoard>, String> {
            self.seats(rules)?;
            Ok(Box::new(TensBoard(Vec::new())))
        }
        fn is_chance(&self, action: &str) -> bool {
            matches!(action.parse::<u8>(), Ok(1..=6))
        }
    }

    impl TensBoard {
        fn count(&self, seat: usize) -> u32 {
            self.0
                .iter()
                .skip(seat)
                .step_by(2)
                .map(|&d| u32::from(d))
                .sum()
        }
    }

    impl OpenBoard for TensBoard {
        fn family(&self) -> Family {
            FAMILY
        }
        fn clone_box(&self) -> Box<dyn OpenBoard> {
            Box::new(self.clone())
        }
        fn record(&self) -> Vec<String> {
            self.0.iter().map(u8::to_string).collect()
        }
        fn is_over(&self) -> bool {
            self.count(0) > 9 || self.count(1) > 9
        }
        fn wants_chance(&self) -> bool {
            !self.is_over()
        }
        fn actor(&self) -> Option<usize> {
            (!self.is_over()).then_some(self.0.len() % 2)
        }
        fn chance(&self, rng: &mut StdRng) -> Option<String> {
            self.wants_chance()
                .then(|| rand::Rng::random_range(rng, 1..=6u8).to_string())
        }
        fn apply(&mut self, action: &str) -> Result<(), String> {
            match action.parse::<u8>() {
                Ok(d @ 1..=6) if !self.is_over() => {
                    self.0.push(d);
                    Ok(())
                }
                Ok(1..=6) => Err("the game is over".into()),
                _ => Err(format!("{action:?} is no throw of a die")),
            }
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    }

    fn tens() -> GameRules {
        GameRules::Open {
            family: FAMILY.name().into(),
            rules: "tens".into(),
        }
    }

    fn throw(action: &str) -> NetAction {
        NetAction::Open {
            family: FAMILY.name().into(),
            action: action.into(),
        }
    }

    #[test]
    fn a_registered_family_is_played_through_its_own_rules_chance_and_all() {
        register_tens();
        register_tens();
        assert_eq!(
            GAMES
                .read()
                .unwrap()
                .iter()
                .filter(|g| g.family() == FAMILY)
                .count(),
            1,
            "registered once however often"
        );
        let setup = Setup::new(tens(), "Robin");
        assert_eq!(setup.rules.family(), FAMILY);
        assert_eq!(setup.parties(), 2);
        let mut board = setup.board().unwrap();
        let mut seed = 0;
        while !board.is_over() {
            assert!(board.wants_chance());
            assert_eq!(board.actor(), Some(board.len() % 2));
            seed += 1;
            let action = board.chance([seed; 32]).unwrap();
            assert!(action.is_chance(), "the family's rules say so");
            board.apply(&action).unwrap();
            let copy = board.clone();
            assert_eq!(copy.record(), board.record());
        }
        assert!(board.record().iter().all(NetAction::is_chance));
        // And the record goes over the line as text, and comes back the same
        let text = ron::to_string(&board.record()).unwrap();
        assert_eq!(
            ron::from_str::<Vec<NetAction>>(&text).unwrap(),
            board.record()
        );
    }

    #[test]
    fn a_peer_naming_a_family_not_registered_here_is_refused_in_words() {
        register_tens();
        let stranger = GameRules::Open {
            family: "whist".into(),
            rules: "tens".into(),
        };
        let setup = Setup::new(stranger.clone(), "Mallory");
        assert_eq!(stranger.family(), UNKNOWN);
        let err = setup.board().unwrap_err();
        assert_eq!(err, GameError::UnknownFamily("whist".into()));
        assert_eq!(
            err.to_string(),
            "a game of a family this program does not know (\"whist\")"
        );
        assert!(matches!(
            Board::new(&stranger, None),
            Err(GameError::UnknownFamily(_))
        ));
        // A name as long as a hostile peer likes is cut short in the words
        let long = GameRules::Open {
            family: "x".repeat(10_000),
            rules: String::new(),
        };
        assert!(
            Setup::new(long, "Mallory")
                .board()
                .unwrap_err()
                .to_string()
                .len()
                < 100
        );
        // An action of a family nobody registered is no chance's, whatever its sender says
        let foreign = NetAction::Open {
            family: "whist".into(),
            action: "3".into(),
        };
        assert!(!foreign.is_chance());
    }

    #[test]
    fn rules_and_actions_the_registered_rules_refuse_are_refused_and_change_nothing() {
        register_tens();
        // Rules the family cannot read give no game
        let odd = GameRules::Open {
            family: FAMILY.name().into(),
            rules: "elevens".into(),
        };
        assert_eq!(
            Setup::new(odd, "Robin").board().unwrap_err(),
            GameError::Open("no such game".into())
        );
        assert_eq!(
            Board::new(&tens(), Some(gamester_rules::tables::Tally::default())).unwrap_err(),
            GameError::OpenScore
        );
        let mut board = Board::new(&tens(), None).unwrap();
        // An action its rules refuse, another family's action, an action under another
        // family's name: each refused, the game unchanged
        assert_eq!(
            board.apply(&throw("9")),
            Err(GameError::Open("\"9\" is no throw of a die".into()))
        );
        assert!(!throw("9").is_chance());
        let tiles = NetAction::Tiles(gamester_rules::tiles::Action::Pass);
        assert_eq!(board.apply(&tiles), Err(GameError::OtherFamily));
        let renamed = NetAction::Open {
            family: "whist".into(),
            action: "3".into(),
        };
        assert_eq!(board.apply(&renamed), Err(GameError::OtherFamily));
        assert!(board.is_empty());
        // And a record holding one is refused at its place
        let mut setup = Setup::new(tens(), "Robin");
        setup.record = vec![throw("4"), throw("seven")];
        assert!(matches!(
            setup.board(),
            Err(GameError::Record { at: 1, .. })
        ));
        // While a game at tables meets an open action as another family's
        let mut irish = Board::new(
            &GameRules::Tables(gamester_rules::tables::Rules::preset(
                gamester_rules::tables::Preset::Irish,
            )),
            None,
        )
        .unwrap();
        assert_eq!(irish.apply(&throw("3")), Err(GameError::OtherFamily));
    }
}
