//! The families of games Gamester plays, named once for the whole program: the games at
//! tables (Irish, backgammon and their relatives), the tiles games (Block, Draw, Muggins) and
//! Cotton's pastimes at the tables (Doublets, Ketch-Dolt, Sice-Ace), and any family registered
//! later by its name (the window's `families::register`, the network's `open::register`).
//! The network, the command line and the window each ask which family a thing belongs to, and
//! name it with this type.

/// A family of games, known by its name in the player's words: each has its own rules, its
/// own session and its own screen. The set is open: the three built in are the constants
/// below, and another is made with [`Family::new`] by whoever registers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Family(&'static str);

impl Family {
    /// The games at tables: two sides, fifteen men each, the dice.
    pub const TABLES: Family = Family("games at tables");
    /// The tiles games: two to four players, a set of dominoes.
    pub const TILES: Family = Family("tiles games");
    /// Cotton's three pastimes at the tables: men laid down, drawn, loaded and borne by the
    /// number a die shows, two to five players.
    pub const PASTIMES: Family = Family("pastimes at the tables");

    /// The families built in, in the order the window offers them.
    pub const ALL: [Family; 3] = [Family::TABLES, Family::TILES, Family::PASTIMES];

    /// A family registered later, named `name` in the player's words (its name is the family:
    /// two families of one name are one).
    #[must_use]
    pub const fn new(name: &'static str) -> Family {
        Family(name)
    }

    /// The family's name in the player's words.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0
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

    #[test]
    fn a_family_registered_later_is_known_by_its_name() {
        let race = Family::new("races to twenty");
        assert_eq!(race, Family::new("races to twenty"));
        assert!(!Family::ALL.contains(&race));
        assert!(matches!(Family::new("tiles games"), Family::TILES));
    }
}
