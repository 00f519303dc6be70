//! The games at tables as the shell and the network window ask a family (`FamilyPlug`): a
//! save of the tables read (the fallback, asked last: a save with no family's mark is one of
//! ours), and the game at tables offered at a distance, in a player's words.

use std::path::Path;

use gamester_core::Family;
use gamester_net::{GameRules, Setup};

use crate::tables::{Preset, Rules};
use crate::teaching::lessons::{Exercise, Given};
use crate::ui::shell::plug::{FamilyPlug, count};
use crate::ui::shell::reading::Read;
use crate::ui::shell::screen::Screen;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::screen::{TablesNext, TablesScreen};

/// The games at tables' plug, registered in `ui::families`.
pub struct TablesPlug;

impl FamilyPlug for TablesPlug {
    fn family(&self) -> Family {
        Family::TABLES
    }

    fn read(&self, text: &str, path: &Path) -> Option<Result<Read, String>> {
        Some(
            crate::save::from_str(text)
                .map(|loaded| {
                    Read::new(Family::TABLES, move |path, launch| {
                        let analysis = crate::ui::tables::analysis_view::given_back(&loaded);
                        let note = crate::ui::tables::start::earlier_note(&loaded);
                        let session = crate::ui::tables::start::resumed(loaded, launch);
                        TablesNext::Opened {
                            session: Box::new(session),
                            path,
                            analysis,
                            note,
                        }
                        .into_next()
                    })
                })
                .map_err(|e| e.in_file(path).to_string()),
        )
    }

    fn new_game_words(&self) -> &'static str {
        "a game at tables"
    }

    fn new_game(
        &self,
        ui: &mut egui::Ui,
        draft: &mut Settings,
        held: Option<&dyn Screen>,
        kept: &Settings,
    ) -> bool {
        let in_play = held
            .and_then(|s| s.as_any().downcast_ref::<TablesScreen>())
            .map_or(&kept.rules, |s| s.session().game().rules());
        crate::ui::tables::setup::editor(ui, draft, in_play)
    }

    fn sensible(&self, settings: &mut Settings, reset: &mut Vec<String>) {
        if crate::tables::Game::new(settings.rules.clone()).is_err() {
            let preset = settings.preset.unwrap_or(Preset::Irish);
            settings.rules = Rules::preset(preset);
            settings.preset = Some(preset);
            reset.push("the rules of the next game".to_string());
        }
        if settings
            .table
            .fit(settings.rules.players == crate::tables::Players::DoubleHand)
        {
            reset.push("the players at the table".to_string());
        }
    }

    fn exercise_ui(
        &self,
        ui: &mut egui::Ui,
        exercise: &Exercise,
        answered: bool,
        settings: &Settings,
    ) -> Option<Given> {
        crate::ui::tables::lessons::exercise_ui(ui, exercise, answered, settings).map(Given::Point)
    }

    fn offer(&self, settings: &Settings, host: &str) -> Setup {
        let mut setup = Setup::new(GameRules::Tables(settings.rules.clone()), host);
        setup.colours = vec![settings.table.white.colour, settings.table.black.colour];
        setup
    }

    /// In a match past 0-0, the score as well, with the players' names.
    fn describe(&self, setup: &Setup) -> String {
        let GameRules::Tables(rules) = &setup.rules else {
            return String::new();
        };
        let game = match crate::teaching::rules_text::changes(rules) {
            None => crate::ui::tables::left::game_name(rules).to_string(),
            // Few changes: the title the game has in the window ("Irish (Willughby), with the
            // doubling cube").
            Some((_, changed)) if changed.len() <= 2 => crate::teaching::rules_text::title(rules),
            Some((preset, changed)) => format!(
                "house rules, changed from {}: {}",
                preset.title(),
                changed.join("; ")
            ),
        };
        match setup.score {
            Some(t) if rules.match_to > 0 && (t.white, t.black) != (0, 0) => {
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

    fn under_way(&self, setup: &Setup) -> String {
        let throws = setup.record.iter().filter(|a| a.is_chance()).count();
        format!(
            "the dice have been thrown {}",
            count(throws, "time", "times")
        )
    }

    fn your_place(&self, setup: &Setup, me: usize) -> Option<String> {
        let side = if setup.owners.first() == Some(&me) {
            "White"
        } else {
            "Black"
        };
        Some(format!("You play {side}."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables(rules: Rules) -> Setup {
        Setup::new(GameRules::Tables(rules), "Robin")
    }

    fn describe(setup: &Setup) -> String {
        TablesPlug.describe(setup)
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
        // A game played at random until the dice are to be thrown a fourth time (the
        // throw-off, then two throws, men moved after each)
        let mut setup = tables(Rules::preset(Preset::Irish));
        let mut game = crate::tables::Game::new(Rules::preset(Preset::Irish)).unwrap();
        let mut player = crate::ai::random::RandomPlayer::seeded(3);
        let thrown = |g: &crate::tables::Game| g.record().iter().filter(|a| a.is_chance()).count();
        while !(thrown(&game) == 3 && game.phase() == crate::tables::Phase::ToThrow) {
            player.act(&mut game).unwrap();
        }
        setup.record = gamester_net::net_record(game.record());
        assert!(setup.record.len() > 3, "men were moved");
        assert_eq!(
            TablesPlug.under_way(&setup),
            "the dice have been thrown 3 times"
        );
    }
}
