//! The options of the tiles games (seed 004, and common practice where it is silent), and the
//! presets that set them all at once.

use serde::{Deserialize, Serialize};

use super::error::DominoError;
use super::tile::SET_SIZE;

/// Which of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A player who cannot play passes; the rest of the tiles stay aside.
    Block,
    /// A player who cannot play draws from the boneyard until he can.
    Draw,
    /// Drawn as in Draw, and the ends of the line score when they make a multiple of five.
    Muggins,
}

/// Who sets the first tile of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstSet {
    /// Each player throws a die; the highest sets (a tie for highest throws again).
    Die,
    /// The player holding the highest double sets it (with no double dealt, the heaviest
    /// tile).
    HighestDouble,
    /// The players set in turn, hand by hand.
    Turns,
}

/// What a multiple of five at the ends scores in Muggins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MugginsScore {
    /// One point for each five (seed 004).
    PerFive,
    /// The pips themselves (many houses).
    Pips,
}

/// The most points a game may be played to: Muggins is played to 61 or 121, and ten times the
/// longest of those is longer than any evening.
pub const MOST_POINTS: u32 = 1000;

/// How long a game lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// Hands are played until a side has this many points.
    Points(u32),
    /// One hand is the game.
    SingleHand,
}

/// Every option of a game of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub kind: Kind,
    /// Two to four.
    pub players: u8,
    /// Tiles dealt to each player.
    pub hand_size: u8,
    pub first: FirstSet,
    pub muggins: MugginsScore,
    /// Four players in two partnerships, partners opposite (players 1 and 3 against 2 and 4).
    pub teams: bool,
    pub target: Target,
}

/// The rules set all at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    Block,
    Draw,
    Muggins,
    MugginsTeams,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Block,
        Preset::Draw,
        Preset::Muggins,
        Preset::MugginsTeams,
    ];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Preset::Block => "block",
            Preset::Draw => "draw",
            Preset::Muggins => "muggins",
            Preset::MugginsTeams => "muggins-teams",
        }
    }

    /// The name people read, as New game and `gamester presets` give it.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Preset::Block => "Block dominoes",
            Preset::Draw => "Draw dominoes",
            Preset::Muggins => "Muggins dominoes",
            Preset::MugginsTeams => "Muggins for four, in two partnerships",
        }
    }

    /// The preset of this command-line name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl Rules {
    /// A preset for two players (four in teams for `muggins-teams`).
    #[must_use]
    pub fn preset(preset: Preset) -> Rules {
        let (kind, players, teams, target) = match preset {
            Preset::Block => (Kind::Block, 2, false, Target::Points(100)),
            Preset::Draw => (Kind::Draw, 2, false, Target::Points(100)),
            Preset::Muggins => (Kind::Muggins, 2, false, Target::Points(61)),
            Preset::MugginsTeams => (Kind::Muggins, 4, true, Target::Points(61)),
        };
        Rules {
            kind,
            players,
            hand_size: usual_hand(kind, players),
            first: FirstSet::HighestDouble,
            muggins: MugginsScore::PerFive,
            teams,
            target,
        }
    }

    /// These rules for `players` players, with the usual hand for that many.
    #[must_use]
    pub fn with_players(mut self, players: u8) -> Rules {
        self.players = players;
        self.hand_size = usual_hand(self.kind, players);
        self.teams = self.teams && players == 4;
        self
    }

    /// The tiles that stay in the boneyard when it is exhausted: two for two players, one for
    /// three or four (seed 004).
    #[must_use]
    pub fn reserve(&self) -> usize {
        if self.players == 2 { 2 } else { 1 }
    }

    /// How many sides score: the players, or two partnerships.
    #[must_use]
    pub fn sides(&self) -> usize {
        if self.teams {
            2
        } else {
            usize::from(self.players)
        }
    }

    /// The side a player scores for.
    #[must_use]
    pub fn side_of(&self, player: usize) -> usize {
        if self.teams { player % 2 } else { player }
    }

    /// Refuses rules no game can be played by.
    pub fn check(&self) -> Result<(), DominoError> {
        let bad = |why: &str| Err(DominoError::BadRules(why.to_string()));
        if !(2..=4).contains(&self.players) {
            return bad("two to four players play");
        }
        if self.teams && self.players != 4 {
            return bad("teams are two partnerships of two: four players");
        }
        if self.hand_size == 0 {
            return bad("each player needs at least one tile");
        }
        let dealt = usize::from(self.hand_size) * usize::from(self.players);
        if dealt + self.reserve() > SET_SIZE {
            return bad("the hands and the boneyard's reserve need more than 28 tiles");
        }
        if self.target == Target::Points(0) {
            return bad("a game to 0 points is over before it starts");
        }
        if let Target::Points(points) = self.target
            && points > MOST_POINTS
        {
            return bad("a game to more than 1000 points would never be played out");
        }
        Ok(())
    }
}

/// The usual hand: in Block and Draw seven each for two players and five for three or four;
/// five each in Muggins (seed 004).
#[must_use]
pub fn usual_hand(kind: Kind, players: u8) -> u8 {
    match kind {
        Kind::Muggins => 5,
        Kind::Block | Kind::Draw if players == 2 => 7,
        Kind::Block | Kind::Draw => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_presets_are_playable_and_deal_as_seed_004_says() {
        for p in Preset::ALL {
            let r = Rules::preset(p);
            assert!(r.check().is_ok(), "{}", p.name());
            assert_eq!(Preset::from_name(p.name()), Some(p));
        }
        assert_eq!(Rules::preset(Preset::Block).hand_size, 7);
        assert_eq!(Rules::preset(Preset::Draw).with_players(3).hand_size, 5);
        assert_eq!(Rules::preset(Preset::Muggins).hand_size, 5);
        assert_eq!(Rules::preset(Preset::MugginsTeams).sides(), 2);
    }

    #[test]
    fn impossible_rules_are_refused_with_the_reason() {
        let mut r = Rules::preset(Preset::Draw);
        r.hand_size = 14;
        assert!(
            r.check().is_err(),
            "28 tiles to two players leaves no reserve"
        );
        let mut r = Rules::preset(Preset::Muggins);
        r.teams = true;
        assert!(r.check().is_err());
        let mut r = Rules::preset(Preset::Block);
        r.players = 5;
        assert!(r.check().is_err());
    }
}
