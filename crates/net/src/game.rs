//! The game played at a distance, of any family (the games at tables, the tiles games, Cotton's
//! pastimes, and a family registered with [`crate::open`]): what the host offers ([`Setup`]), the actions that go over the line
//! ([`NetAction`]), and the game itself ([`Board`]), which asks the rules every question (whose
//! turn, whether chance is due, what chance does) and changes only through the rules'
//! `Game::apply`.

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};

use gamester_core::Family;

use crate::open::{self, OpenBoard};
use crate::sign::{Hash, Public, Sig};
use gamester_rules::pastimes;
use gamester_rules::tables::{self, DiceRoller};
use gamester_rules::tiles;

/// The most parties at one game: five at Sice-Ace, the largest table.
pub const MOST_PARTIES: usize = 5;

/// Why a setup gives no game, or the game refuses an action: in the player's words, as the
/// window and the command line show them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game has {seats} seats, and {given} were given out")]
    Seats { seats: usize, given: usize },
    #[error("{0} players cannot play at a distance")]
    Parties(usize),
    /// A seat given to a party (counted from 0) that is not there.
    #[error("a seat went to player {}, who is not there", .0 + 1)]
    Absent(usize),
    #[error("every player must have a seat")]
    Unseated,
    #[error("the sides' colours must be two, and differ")]
    Colours,
    /// The action at `at` (counted from 0) of the record given is refused.
    #[error("a move of its record is refused: {why}")]
    Record { at: usize, why: Box<GameError> },
    #[error("the match's score cannot be: {0}")]
    Score(tables::RuleError),
    #[error("a game at the tiles has no match score to carry")]
    TilesScore,
    #[error("a pastime has no match score to carry")]
    PastimesScore,
    #[error(transparent)]
    Tables(#[from] tables::RuleError),
    #[error(transparent)]
    Tiles(#[from] tiles::DominoError),
    #[error(transparent)]
    Pastimes(#[from] pastimes::PastimeError),
    #[error("an action of the other family of games")]
    OtherFamily,
    /// A game of a family this program has not registered (its name as given, cut short).
    #[error("a game of a family this program does not know ({0:?})")]
    UnknownFamily(String),
    /// What a registered family's rules refuse, in their words.
    #[error("{0}")]
    Open(String),
    #[error("this game has no match score to carry")]
    OpenScore,
}

impl GameError {
    /// A family named `name` is not registered here: the name kept short, as it came from
    /// the other side.
    fn unknown(name: &str) -> GameError {
        GameError::UnknownFamily(name.chars().take(40).collect())
    }
}

/// The rules of the game, of any family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameRules {
    Tables(tables::Rules),
    Tiles(tiles::Rules),
    Pastimes(pastimes::Rules),
    /// A game of a family registered with [`crate::open`], its rules as the family writes
    /// them.
    Open {
        family: String,
        rules: String,
    },
}

impl GameRules {
    /// The family these rules are of.
    #[must_use]
    pub fn family(&self) -> Family {
        match self {
            GameRules::Tables(_) => Family::TABLES,
            GameRules::Tiles(_) => Family::TILES,
            GameRules::Pastimes(_) => Family::PASTIMES,
            GameRules::Open { family, .. } => {
                open::game(family).map_or(open::UNKNOWN, |g| g.family())
            }
        }
    }

    /// The seats of a game under these rules: at tables two, at the tiles and the pastimes one
    /// a player.
    #[must_use]
    pub fn seats(&self) -> usize {
        match self {
            GameRules::Tables(_) => 2,
            GameRules::Tiles(rules) => usize::from(rules.players),
            GameRules::Pastimes(rules) => usize::from(rules.seats),
            GameRules::Open { family, rules } => open::game(family)
                .and_then(|g| g.seats(rules).ok())
                .unwrap_or(0),
        }
    }
}

/// One action of the record, of any family.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NetAction {
    Tables(tables::Action),
    Tiles(tiles::Action),
    Pastimes(pastimes::Action),
    /// An action of a family registered with [`crate::open`], as its rules write it.
    Open {
        family: String,
        action: String,
    },
}

impl NetAction {
    /// Whether the action is chance's (the dice, the deal): such an action never comes over
    /// the line; both sides make it from their shares.
    #[must_use]
    pub fn is_chance(&self) -> bool {
        match self {
            NetAction::Tables(a) => a.is_chance(),
            NetAction::Tiles(a) => a.is_chance(),
            NetAction::Pastimes(a) => a.is_chance(),
            // The family's rules say, not whoever sent it; an unknown family's is refused
            // when applied.
            NetAction::Open { family, action } => {
                open::game(family).is_some_and(|g| g.is_chance(action))
            }
        }
    }
}

impl From<pastimes::Action> for NetAction {
    fn from(action: pastimes::Action) -> NetAction {
        NetAction::Pastimes(action)
    }
}

impl From<tables::Action> for NetAction {
    fn from(action: tables::Action) -> NetAction {
        NetAction::Tables(action)
    }
}

impl From<tiles::Action> for NetAction {
    fn from(action: tiles::Action) -> NetAction {
        NetAction::Tiles(action)
    }
}

/// A game's record, of any family, as it goes over the line: what a screen or a save holds
/// (`game.record()`), for the party to compare with its own and to bring back.
#[must_use]
pub fn net_record<A: Clone + Into<NetAction>>(record: &[A]) -> Vec<NetAction> {
    record.iter().cloned().map(Into::into).collect()
}

/// What the host offers and both sides then hold: the rules, each party's name (the host
/// first), the party that plays each seat (at tables White then Black; at tiles each player in
/// turn; at the pastimes each seat in turn), the record so far (empty for a new game), and at tables the sides' colours as the
/// host's New game has them (none: white and black).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rules (named `family` on the line and on disk, as before).
    #[serde(rename = "family")]
    pub rules: GameRules,
    pub names: Vec<String>,
    pub owners: Vec<usize>,
    pub record: Vec<NetAction>,
    #[serde(default)]
    pub colours: Vec<gamester_core::players::Colour>,
    /// At tables, the session's tally when the game began: in a match, the score and the
    /// Crawford rule's place, so that a match goes on at a distance where it stood. None: 0-0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<tables::Tally>,
    /// How many actions of the record were made before the parties sat down: a game taken
    /// under way, played so far without them. Every action after these is signed.
    #[serde(default)]
    pub start: usize,
    /// The host's mark for this game, new for each, so that nothing signed for one game can
    /// stand in another between the same players.
    #[serde(default)]
    pub game: Hash,
    /// Each party's public key, the host's first, as each sat down (empty: nobody yet).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<Public>,
    /// Each party's signature of the game it sat down to ([`Setup::offer`]); the host's, of the
    /// whole seating ([`Setup::seating`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accepts: Vec<Option<Sig>>,
}

impl Setup {
    /// A new game under these rules, the host named `host` at the first seat and a friend at
    /// each other ("Player 2", … until they say their names).
    #[must_use]
    pub fn new(rules: GameRules, host: &str) -> Setup {
        let seats = rules.seats();
        let mut names = vec![host.to_string()];
        names.extend((1..seats).map(|p| format!("Player {}", p + 1)));
        Setup {
            rules,
            names,
            owners: (0..seats).collect(),
            record: Vec::new(),
            colours: Vec::new(),
            score: None,
            start: 0,
            game: Hash(rand::random()),
            keys: Vec::new(),
            accepts: Vec::new(),
        }
    }

    /// How many parties play: the host and each joiner.
    #[must_use]
    pub fn parties(&self) -> usize {
        self.names.len()
    }

    /// The game this setup describes, its record replayed through the rules; or why not.
    pub fn board(&self) -> Result<Board, GameError> {
        if let GameRules::Open { family, rules } = &self.rules {
            let game = open::game(family).ok_or_else(|| GameError::unknown(family))?;
            game.seats(rules).map_err(GameError::Open)?;
        }
        if self.owners.len() != self.rules.seats() {
            return Err(GameError::Seats {
                seats: self.rules.seats(),
                given: self.owners.len(),
            });
        }
        if self.parties() < 2 || self.parties() > MOST_PARTIES {
            return Err(GameError::Parties(self.parties()));
        }
        if let Some(&p) = self.owners.iter().find(|&&p| p >= self.parties()) {
            return Err(GameError::Absent(p));
        }
        if (0..self.parties()).any(|p| !self.owners.contains(&p)) {
            return Err(GameError::Unseated);
        }
        match self.colours.as_slice() {
            [] => {}
            [a, b] if a != b && matches!(self.rules, GameRules::Tables(_)) => {}
            _ => return Err(GameError::Colours),
        }
        let mut board = Board::new(&self.rules, self.score)?;
        for (at, action) in self.record.iter().enumerate() {
            board.apply(action).map_err(|why| GameError::Record {
                at,
                why: Box::new(why),
            })?;
        }
        Ok(board)
    }
}

/// Dice thrown from a seeded generator (the seed both sides made together).
struct SeededDice<'a>(&'a mut StdRng);

impl DiceRoller for SeededDice<'_> {
    fn die(&mut self) -> u8 {
        rand::Rng::random_range(self.0, 1..=6)
    }
}

/// The game, of any family.
#[derive(Clone, Debug)]
pub enum Board {
    Tables(tables::Game),
    Tiles(tiles::Game),
    Pastimes(pastimes::Game),
    /// A game of a family registered with [`crate::open`].
    Open(Box<dyn OpenBoard>),
}

impl Board {
    /// A new game under these rules, at tables from the session's tally `score` (none: 0-0),
    /// refused where a match could not stand at it.
    pub fn new(rules: &GameRules, score: Option<tables::Tally>) -> Result<Board, GameError> {
        Ok(match rules {
            GameRules::Tables(rules) => {
                let tally = score.unwrap_or_default();
                tally.check(rules).map_err(GameError::Score)?;
                Board::Tables(tables::Game::with_tally(rules.clone(), tally)?)
            }
            GameRules::Tiles(_) if score.is_some() => return Err(GameError::TilesScore),
            GameRules::Tiles(rules) => Board::Tiles(tiles::Game::new(*rules)?),
            GameRules::Pastimes(_) if score.is_some() => return Err(GameError::PastimesScore),
            GameRules::Pastimes(rules) => Board::Pastimes(pastimes::Game::new(*rules)?),
            GameRules::Open { .. } if score.is_some() => return Err(GameError::OpenScore),
            GameRules::Open { family, rules } => {
                let game = open::game(family).ok_or_else(|| GameError::unknown(family))?;
                Board::Open(game.board(rules).map_err(GameError::Open)?)
            }
        })
    }

    /// How many actions the record holds: the place of the next.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Board::Tables(g) => g.record().len(),
            Board::Tiles(g) => g.record().len(),
            Board::Pastimes(g) => g.record().len(),
            Board::Open(b) => b.record().len(),
        }
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The record, as it goes over the line.
    #[must_use]
    pub fn record(&self) -> Vec<NetAction> {
        match self {
            Board::Tables(g) => net_record(g.record()),
            Board::Tiles(g) => net_record(g.record()),
            Board::Pastimes(g) => net_record(g.record()),
            Board::Open(b) => {
                let family = b.family().name();
                b.record()
                    .into_iter()
                    .map(|action| NetAction::Open {
                        family: family.to_string(),
                        action,
                    })
                    .collect()
            }
        }
    }

    #[must_use]
    pub fn is_over(&self) -> bool {
        match self {
            Board::Tables(g) => g.is_over(),
            Board::Tiles(g) => g.phase() == tiles::Phase::GameOver,
            Board::Pastimes(g) => g.phase() == pastimes::Phase::GameOver,
            Board::Open(b) => b.is_over(),
        }
    }

    /// Whether chance acts next (dice or a deal).
    #[must_use]
    pub fn wants_chance(&self) -> bool {
        match self {
            Board::Tables(g) => g.waits_for_dice(),
            Board::Tiles(g) => matches!(g.phase(), tiles::Phase::ToDeal | tiles::Phase::ToThrow),
            Board::Pastimes(g) => {
                matches!(
                    g.phase(),
                    pastimes::Phase::ThrowOff | pastimes::Phase::ToThrow
                )
            }
            Board::Open(b) => b.wants_chance(),
        }
    }

    /// The seat that acts now: at tables the side to move, to take or to choose (also the side
    /// to throw, who alone may start the throw, since he may double instead); at the pastimes
    /// the thrower using his dice, or the player to throw, who alone may start his throw
    /// (since he may claim a dolt instead); none while everyone throws together, while the
    /// tiles are dealt or thrown for, and at the end.
    #[must_use]
    pub fn actor(&self) -> Option<usize> {
        match self {
            Board::Tables(g) => g.actor().map(tables::Side::index),
            Board::Tiles(g) => g.actor(),
            Board::Pastimes(g) => g.actor().or_else(|| g.thrower()).map(pastimes::Seat::index),
            Board::Open(b) => b.actor(),
        }
    }

    /// Chance's action, made from the seed all the parties made together.
    #[must_use]
    pub fn chance(&self, seed: [u8; 32]) -> Option<NetAction> {
        let mut rng = StdRng::from_seed(seed);
        match self {
            Board::Tables(g) => g
                .throw_action(&mut SeededDice(&mut rng))
                .map(NetAction::Tables),
            Board::Tiles(g) => g.chance_action(&mut rng).map(NetAction::Tiles),
            Board::Pastimes(g) => g.chance_action(&mut rng).map(NetAction::Pastimes),
            Board::Open(b) => b.chance(&mut rng).map(|action| NetAction::Open {
                family: b.family().name().to_string(),
                action,
            }),
        }
    }

    /// Does the action through the rules' gate, or says why not and changes nothing.
    pub fn apply(&mut self, action: &NetAction) -> Result<(), GameError> {
        match (self, action) {
            (Board::Tables(g), NetAction::Tables(a)) => Ok(g.apply(*a).map(|_| ())?),
            (Board::Tiles(g), NetAction::Tiles(a)) => Ok(g.apply(a.clone()).map(|_| ())?),
            (Board::Pastimes(g), NetAction::Pastimes(a)) => Ok(g.apply(a.clone()).map(|_| ())?),
            (Board::Open(b), NetAction::Open { family, action }) if family == b.family().name() => {
                b.apply(action).map_err(GameError::Open)
            }
            _ => Err(GameError::OtherFamily),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn irish() -> GameRules {
        GameRules::Tables(tables::Rules::preset(tables::Preset::Irish))
    }

    fn muggins(players: u8) -> GameRules {
        GameRules::Tiles(tiles::Rules::preset(tiles::Preset::Muggins).with_players(players))
    }

    fn sice_ace(seats: u8) -> GameRules {
        GameRules::Pastimes(pastimes::Rules::preset(pastimes::Preset::SiceAce).with_seats(seats))
    }

    #[test]
    fn the_rules_name_their_family_and_their_seats() {
        assert_eq!(irish().family(), Family::TABLES);
        assert_eq!(irish().seats(), 2);
        assert_eq!(muggins(3).family(), Family::TILES);
        assert_eq!(muggins(3).seats(), 3);
        assert_eq!(sice_ace(5).family(), Family::PASTIMES);
        assert_eq!(sice_ace(5).seats(), 5);
    }

    #[test]
    fn sice_ace_seats_five_parties_and_a_pastime_carries_no_score() {
        // Given Sice-Ace for five, each seat a party
        let setup = Setup::new(sice_ace(5), "Robin");
        assert_eq!(setup.parties(), 5);
        // Then it is a game, waiting for everyone's throw-off
        let board = setup.board().unwrap();
        assert!(board.wants_chance());
        assert_eq!(board.actor(), None, "everyone throws off together");
        // And a sixth party has no seat to sit at, nor has a pastime a score to carry
        let mut six = setup.clone();
        six.names.push("Kate".into());
        assert_eq!(six.board().unwrap_err(), GameError::Parties(6));
        let scored = Board::new(&sice_ace(3), Some(tables::Tally::default()));
        assert_eq!(
            scored.unwrap_err().to_string(),
            "a pastime has no match score to carry"
        );
    }

    #[test]
    fn at_a_pastime_the_player_to_throw_alone_starts_his_throw_and_chance_is_the_rules() {
        // Given Ketch-Dolt after the throw-off
        let rules = GameRules::Pastimes(pastimes::Rules::preset(pastimes::Preset::KetchDolt));
        let mut board = Board::new(&rules, None).unwrap();
        let mut seed = 0;
        while board.actor().is_none() {
            seed += 1;
            let throw = board.chance([seed; 32]).unwrap();
            assert!(throw.is_chance());
            board.apply(&throw).unwrap();
        }
        // Then chance is due, and the player to throw is the one who acts
        let Board::Pastimes(game) = &board else {
            unreachable!()
        };
        assert!(board.wants_chance());
        assert_eq!(board.actor(), game.thrower().map(pastimes::Seat::index));
        // And an action of another family is refused, changing nothing
        let before = board.len();
        let tiles = NetAction::Tiles(tiles::Action::Pass);
        assert_eq!(board.apply(&tiles), Err(GameError::OtherFamily));
        assert_eq!(board.len(), before);
    }

    #[test]
    fn a_setup_keeps_its_rules_under_the_name_family_on_the_line_and_on_disk() {
        let setup = Setup::new(irish(), "Robin");
        let text = ron::to_string(&setup).unwrap();
        assert!(text.contains("family:"), "{text}");
        assert_eq!(ron::from_str::<Setup>(&text).unwrap(), setup);
    }

    #[test]
    fn a_setup_that_gives_no_game_says_why_in_the_players_words() {
        let mut setup = Setup::new(irish(), "Robin");
        setup.owners = vec![0];
        assert_eq!(
            setup.board().unwrap_err().to_string(),
            "the game has 2 seats, and 1 were given out"
        );
        setup.owners = vec![0, 2];
        assert_eq!(setup.board().unwrap_err(), GameError::Absent(2));
        assert_eq!(
            GameError::Absent(2).to_string(),
            "a seat went to player 3, who is not there"
        );
        setup.owners = vec![0, 0];
        assert_eq!(
            setup.board().unwrap_err().to_string(),
            "every player must have a seat"
        );
        setup.owners = vec![0, 1];
        setup.record = vec![NetAction::Tiles(tiles::Action::Pass)];
        let err = setup.board().unwrap_err();
        assert!(matches!(err, GameError::Record { at: 0, .. }), "{err:?}");
        assert_eq!(
            err.to_string(),
            "a move of its record is refused: an action of the other family of games"
        );
        let tiles_with_a_score = Board::new(&muggins(2), Some(tables::Tally::default()));
        assert_eq!(
            tiles_with_a_score.unwrap_err().to_string(),
            "a game at the tiles has no match score to carry"
        );
    }

    /// A board after chance has acted (once or more, while it is due): a record to send.
    fn thrown(rules: &GameRules) -> Board {
        let mut board = Board::new(rules, None).unwrap();
        let mut seed = 0;
        while board.wants_chance() && board.len() < 3 {
            seed += 1;
            let action = board.chance([seed; 32]).unwrap();
            board.apply(&action).unwrap();
        }
        assert!(!board.is_empty());
        board
    }

    #[test]
    fn a_record_of_either_family_goes_over_the_line_action_by_action_in_order() {
        let Board::Tables(game) = thrown(&irish()) else {
            unreachable!()
        };
        let ours = net_record(game.record());
        let back: Vec<tables::Action> = ours
            .iter()
            .map(|a| match a {
                NetAction::Tables(a) => *a,
                _ => panic!("an action of another family in a game at tables"),
            })
            .collect();
        assert_eq!(back, game.record());
        assert_eq!(ours, Board::Tables(game).record());

        let Board::Tiles(game) = thrown(&muggins(2)) else {
            unreachable!()
        };
        let ours = net_record(game.record());
        let back: Vec<tiles::Action> = ours
            .iter()
            .map(|a| match a {
                NetAction::Tiles(a) => a.clone(),
                _ => panic!("an action of another family in a tiles game"),
            })
            .collect();
        assert_eq!(back, game.record());
        assert!(net_record::<tiles::Action>(&[]).is_empty());
    }
}
