//! The game offered over the network, in words a player reads: what the host offers (the game
//! New game would start), its rules and score, how far it has gone, and the names the players
//! go by when they gave none.

use gamester_core::Family;
use gamester_net::Setup;

use crate::ui::shell::settings::Settings;

/// The game the host offers: the game New game would start in `family`, every seat but the
/// host's a friend's, the host named `host` (the family's plug makes it).
#[must_use]
pub fn offer(settings: &Settings, family: Family, host: &str) -> Setup {
    crate::ui::families::plug(family).offer(settings, host)
}

/// What the host is called when the person hosting gave no name.
pub(super) const HOST: &str = "The host";

/// What a friend joining is called when the person joining gave no name.
pub(super) const FRIEND: &str = "Your friend";

/// Names as they read inside a sentence: the words that stand for a person who gave no name
/// ("The host", "Your friend") lose their capital there ("against the host").
#[must_use]
pub fn within_sentence(names: &str) -> String {
    names
        .replace(HOST, "the host")
        .replace(FRIEND, "your friend")
}

/// The name a person plays under: as typed, else the one New game knows the person by, else
/// `plain` (what the others may call them: [`HOST`], [`FRIEND`]).
pub(super) fn name_or(typed: &str, settings: &Settings, plain: &str) -> String {
    let name = crate::players::clean_name(typed.trim());
    if !name.is_empty() {
        return name;
    }
    settings_name(settings).unwrap_or_else(|| plain.to_string())
}

/// The person's name in New game, if they gave one: the one person at the table, unless named
/// as New game names a player it knows nothing of ("You", a colour).
fn settings_name(settings: &Settings) -> Option<String> {
    let table = &settings.table;
    let mut people = [&table.white, &table.black]
        .into_iter()
        .flat_map(|seat| &seat.players)
        .filter(|p| p.controller == crate::players::Controller::Person);
    let (Some(person), None) = (people.next(), people.next()) else {
        return None;
    };
    let name = crate::players::clean_name(person.name.trim());
    let stock = name.is_empty()
        || name == "You"
        || crate::players::Colour::ALL.iter().any(|c| c.name() == name);
    (!stock).then_some(name)
}

/// The game offered, in words a player reads: its name and, for house rules, each option
/// changed, named as the window's title names it; in a match past 0-0, the score (the family's
/// plug says it).
#[must_use]
pub fn describe(setup: &Setup) -> String {
    crate::ui::families::plug(setup.rules.family()).describe(setup)
}

/// How far the game offered has gone, in words a player reads, and that it was played so far
/// without the friend it is offered to; `None` for a new game.
#[must_use]
pub fn under_way(setup: &Setup) -> Option<String> {
    if setup.record.is_empty() {
        return None;
    }
    let far = crate::ui::families::plug(setup.rules.family()).under_way(setup);
    Some(format!(
        "The game is under way, played so far without you: {far}."
    ))
}

/// Where the party `me` sits in the game offered, in a sentence, if its family says so.
#[must_use]
pub fn your_place(setup: &Setup, me: usize) -> Option<String> {
    crate::ui::families::plug(setup.rules.family()).your_place(setup, me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::plain::capitalised;

    #[test]
    fn a_person_who_gave_no_name_is_named_in_small_letters_inside_a_sentence() {
        assert_eq!(within_sentence(HOST), "the host");
        assert_eq!(
            within_sentence(&format!("{FRIEND} and Robin")),
            "your friend and Robin"
        );
        assert_eq!(within_sentence("Kate"), "Kate");
        assert_eq!(capitalised(&within_sentence(FRIEND)), FRIEND);
    }
    use crate::players::{Controller, Seats};

    #[test]
    fn a_new_game_offered_is_not_under_way_and_each_family_describes_its_own() {
        let settings = Settings::default();
        for family in [Family::TABLES, Family::TILES, Family::PASTIMES] {
            let setup = offer(&settings, family, "Robin");
            assert_eq!(setup.rules.family(), family);
            assert_eq!(under_way(&setup), None);
            assert!(!describe(&setup).is_empty(), "{family:?}");
        }
    }

    #[test]
    fn a_person_who_gives_no_name_is_named_plainly_and_in_the_right_place() {
        let mut settings = Settings::default();
        // Nobody named in New game: the host is the host, the friend a friend
        assert_eq!(name_or("  ", &settings, HOST), "The host");
        assert_eq!(name_or("", &settings, FRIEND), "Your friend");
        // A name typed is the name
        assert_eq!(name_or(" Robin ", &settings, HOST), "Robin");
        // New game's name for the one person at the table, when it is a name
        settings.table = Seats::two_people();
        assert_eq!(name_or("", &settings, HOST), "The host");
        settings.table.black.players[0].controller =
            Controller::Computer(crate::level::Level::Fair);
        settings.table.white.players[0].name = "Kate".into();
        assert_eq!(name_or("", &settings, HOST), "Kate");
        assert_eq!(name_or("Robin", &settings, HOST), "Robin");
    }

    #[test]
    fn the_host_offers_under_the_name_it_was_given_never_as_its_friend() {
        let settings = Settings::default();
        let setup = offer(&settings, Family::TABLES, &name_or("", &settings, HOST));
        assert_eq!(setup.names[0], "The host");
    }
}
