//! The game offered over the network, in words a player reads: what the host offers (the game
//! New game would start), its rules and score, how far it has gone, and the names the players
//! go by when they gave none.

use gamester_core::Family;
use gamester_net::{GameRules, NetAction, Setup};

use crate::ui::shell::file_names;
use crate::ui::shell::settings::Settings;

/// The game the host offers: the game New game would start in `family` (at tables, at the
/// tiles, or a pastime), every seat but the host's a friend's, the host named `host`.
#[must_use]
pub fn offer(settings: &Settings, family: Family, host: &str) -> Setup {
    match family {
        Family::Tiles => Setup::new(GameRules::Tiles(settings.tiles.rules), host),
        Family::Pastimes => Setup::new(GameRules::Pastimes(settings.pastimes.rules), host),
        Family::Tables => {
            let mut setup = Setup::new(GameRules::Tables(settings.rules.clone()), host);
            setup.colours = vec![settings.table.white.colour, settings.table.black.colour];
            setup
        }
    }
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
/// changed, named as the window's title names it; in a match past 0-0, the score.
#[must_use]
pub fn describe(setup: &Setup) -> String {
    let game = describe_game(setup);
    match (&setup.rules, setup.score) {
        (GameRules::Tables(rules), Some(t))
            if rules.match_to > 0 && (t.white, t.black) != (0, 0) =>
        {
            let name = |seat: usize, colour: &'static str| {
                setup
                    .owners
                    .get(seat)
                    .and_then(|&p| setup.names.get(p))
                    .map_or(colour, String::as_str)
            };
            let (white, black) = (name(0, "White"), name(1, "Black"));
            format!(
                "{game}, the match standing at {white} {}, {black} {}",
                t.white, t.black
            )
        }
        _ => game,
    }
}

/// The game offered, without its score.
fn describe_game(setup: &Setup) -> String {
    match &setup.rules {
        GameRules::Tables(rules) => match crate::teaching::rules_text::changes(rules) {
            None => file_names::game_name(rules).to_string(),
            // Few changes: the title the game has in the window ("Irish (Willughby), with the
            // doubling cube").
            Some((_, changed)) if changed.len() <= 2 => crate::teaching::rules_text::title(rules),
            Some((preset, changed)) => format!(
                "house rules, changed from {}: {}",
                preset.title(),
                changed.join("; ")
            ),
        },
        GameRules::Tiles(rules) => format!(
            "{}, {} players",
            crate::ui::tiles::setup::title_of(rules),
            rules.players
        ),
        GameRules::Pastimes(rules) => format!(
            "{}, {} players",
            crate::ui::pastimes::story::title(rules.kind),
            rules.seats
        ),
    }
}

/// How far the game offered has gone, in words a player reads, and that it was played so far
/// without the friend it is offered to; `None` for a new game.
#[must_use]
pub fn under_way(setup: &Setup) -> Option<String> {
    if setup.record.is_empty() {
        return None;
    }
    let count = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let throws = setup
        .record
        .iter()
        .filter(|a| matches!(a, NetAction::Tables(_) | NetAction::Pastimes(_) if a.is_chance()))
        .count();
    let laid = setup
        .record
        .iter()
        .filter(|a| matches!(a, NetAction::Tiles(crate::tiles::Action::Lay { .. })))
        .count();
    Some(match &setup.rules {
        GameRules::Tables(_) | GameRules::Pastimes(_) => format!(
            "The game is under way, played so far without you: the dice have been thrown {}.",
            count(throws, "time", "times")
        ),
        GameRules::Tiles(_) if laid == 0 => {
            "The game is under way, played so far without you: the tiles are dealt.".into()
        }
        GameRules::Tiles(_) => format!(
            "The game is under way, played so far without you: {} laid.",
            count(laid, "tile", "tiles")
        ),
    })
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
    use crate::tables::{Preset, Rules};

    fn tables(rules: Rules) -> Setup {
        Setup::new(GameRules::Tables(rules), "Robin")
    }

    #[test]
    fn house_rules_are_offered_in_a_players_words() {
        // Given Irish with three options changed
        let mut rules = Rules::preset(Preset::Irish);
        for (option, value) in [
            ("cube", "true"),
            ("dice", "three"),
            ("blocked_is_draw", "true"),
        ] {
            rules.set(option, value).unwrap();
        }
        let said = describe(&tables(rules));
        // Then each change is told as a player reads it, from the game it changes
        assert!(said.contains("Irish"), "{said}");
        assert!(said.contains("with the doubling cube"), "{said}");
        assert!(said.contains("three dice"), "{said}");
        // And no word of a save file or the command line shows
        assert!(!said.contains('='), "{said}");
        assert!(!said.contains('_'), "{said}");
        assert!(!said.contains("true"), "{said}");
    }

    #[test]
    fn a_preset_is_offered_by_its_name_and_a_near_one_as_the_window_titles_it() {
        assert_eq!(describe(&tables(Rules::preset(Preset::Irish))), "Irish");
        let mut rules = Rules::preset(Preset::Irish);
        rules.set("cube", "true").unwrap();
        assert_eq!(
            describe(&tables(rules.clone())),
            crate::teaching::rules_text::title(&rules)
        );
        assert!(describe(&tables(rules)).contains("with the doubling cube"));
    }

    #[test]
    fn a_match_game_offered_past_0_0_says_the_score_with_the_players_names() {
        let mut rules = Rules::preset(Preset::Modern);
        rules.set("cube", "true").unwrap();
        rules.set("match", "5").unwrap();
        let mut setup = tables(rules);
        setup.names[1] = "Kate".into();
        let plain = describe(&setup);
        assert!(!plain.contains("standing"), "{plain}");
        setup.score = Some(crate::tables::Tally {
            white: 3,
            black: 1,
            games: 2,
            draws: 0,
            crawford: crate::tables::Crawford::Ahead,
        });
        assert_eq!(
            describe(&setup),
            format!("{plain}, the match standing at Robin 3, Kate 1")
        );
    }

    #[test]
    fn a_game_under_way_says_how_far_it_has_gone() {
        // A new game: nothing to say
        let mut setup = tables(Rules::preset(Preset::Irish));
        assert_eq!(under_way(&setup), None);
        // A game played at random until the dice are to be thrown a fourth time (the
        // throw-off, then two throws, men moved after each)
        let mut game = crate::tables::Game::new(Rules::preset(Preset::Irish)).unwrap();
        let mut player = crate::ai::random::RandomPlayer::seeded(3);
        let thrown = |g: &crate::tables::Game| g.record().iter().filter(|a| a.is_chance()).count();
        while !(thrown(&game) == 3 && game.phase() == crate::tables::Phase::ToThrow) {
            player.act(&mut game).unwrap();
        }
        setup.record = gamester_net::net_record(game.record());
        assert!(setup.record.len() > 3, "men were moved");
        let said = under_way(&setup).unwrap();
        assert_eq!(
            said,
            "The game is under way, played so far without you: the dice have been thrown 3 times."
        );
    }

    #[test]
    fn a_pastime_is_offered_as_new_game_has_it_with_its_players_and_its_throws() {
        // Given New game's pastime, Sice-Ace for three
        let mut settings = Settings::default();
        settings.pastimes.rules =
            crate::pastimes::Rules::preset(crate::pastimes::Preset::SiceAce).with_seats(3);
        // Then the host offers it, a seat to each of two friends, in a player's words
        let mut setup = offer(&settings, Family::Pastimes, "Robin");
        assert_eq!(setup.parties(), 3);
        assert_eq!(describe(&setup), "Sice-Ace, 3 players");
        assert_eq!(under_way(&setup), None);
        // And a game under way says how often the dice were thrown (the throw-off, one more)
        let mut board = setup.board().unwrap();
        let mut seed = 0;
        while board.actor().is_none() || board.record().len() < 2 {
            seed += 1;
            if !board.wants_chance() {
                break;
            }
            let throw = board.chance([seed; 32]).unwrap();
            board.apply(&throw).unwrap();
        }
        setup.record = board.record();
        let thrown = setup.record.len();
        assert_eq!(
            under_way(&setup).unwrap(),
            format!(
                "The game is under way, played so far without you: the dice have been thrown \
                 {thrown} times."
            )
        );
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
        let setup = offer(&settings, Family::Tables, &name_or("", &settings, HOST));
        assert_eq!(setup.names[0], "The host");
    }
}
