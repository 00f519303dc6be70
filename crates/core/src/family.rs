//! The families of games Gamester plays, named once for the whole program: the games at
//! tables (Irish, backgammon and their relatives), the tiles games (Block, Draw, Muggins) and
//! Cotton's pastimes at the tables (Doublets, Ketch-Dolt, Sice-Ace).
//! The network, the command line and the window each ask which family a thing belongs to, and
//! name it with this type.

use serde::{Deserialize, Serialize};

/// A family of games: each has its own rules crate module, its own session and its own screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Family {
    /// The games at tables: two sides, fifteen men each, the dice.
    Tables,
    /// The tiles games: two to four players, a set of dominoes.
    Tiles,
    /// Cotton's three pastimes at the tables: men laid down, drawn, loaded and borne by the
    /// number a die shows, two to five players.
    Pastimes,
}

impl Family {
    /// Every family, in the order the window offers them.
    pub const ALL: [Family; 3] = [Family::Tables, Family::Tiles, Family::Pastimes];

    /// The family's name in the player's words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Family::Tables => "games at tables",
            Family::Tiles => "tiles games",
            Family::Pastimes => "pastimes at the tables",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_listed_once_with_a_name_of_its_own() {
        let names: std::collections::BTreeSet<_> = Family::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(names.len(), Family::ALL.len());
    }
}
