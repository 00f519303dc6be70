//! The race's plug, as the shell and the network window ask it (`FamilyPlug`): its saves
//! recognised by their mark, its part of New game and of the settings (kept under the
//! family's name), its screen made, its game offered at a distance; and its registration,
//! with the window and with the network, through the same doors any family would use.

use std::path::Path;

use gamester::ui::shell::leaving::Next;
use gamester::ui::shell::plug::{FamilyPlug, count};
use gamester::ui::shell::reading::Read;
use gamester::ui::shell::screen::{Screen, Shell};
use gamester::ui::shell::settings::Settings;
use gamester_core::Family;
use gamester_core::teaching::plain::capitalised;
use gamester_net::{GameRules, Setup};
use serde::{Deserialize, Serialize};

use super::game::{FAMILY, Race, RaceNet, Rules};
use super::screen::{RaceOpened, RaceScreen};

/// What New game offers, beside the other families.
pub const OFFERED: &str = "a race to twenty, with one die";

/// The race's part of the settings, under the family's name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceSettings {
    pub chosen: bool,
    pub at_table: bool,
}

pub struct RacePlug;

static PLUG: RacePlug = RacePlug;
static NET: RaceNet = RaceNet;

/// Registers the race with the window and with the network (again: nothing changes).
pub fn register() {
    gamester::ui::families::register(&PLUG);
    gamester_net::open::register(&NET);
}

impl FamilyPlug for RacePlug {
    fn family(&self) -> Family {
        FAMILY
    }

    fn make(&self, next: Next, shell: &mut Shell) -> Option<Box<dyn Screen>> {
        gamester::ui::shell::made::go_to::<RaceScreen>(next, shell)
            .map(|s| Box::new(s) as Box<dyn Screen>)
    }

    fn resume(&self, shell: &mut Shell) -> Option<Box<dyn Screen>> {
        let path = super::screen::kept_at_close(&shell.launch)?;
        let text = std::fs::read_to_string(&path).ok()?;
        match Race::from_text(&text)? {
            Ok(race) => Some(Box::new(RaceScreen::kept(race, &shell.launch))),
            Err(e) => {
                shell.message = Some(gamester::ui::shell::message::Message::error(format!(
                    "The race in progress could not be read back: {e}"
                )));
                None
            }
        }
    }

    fn at_table(&self, settings: &Settings) -> bool {
        settings.part::<RaceSettings>(FAMILY).at_table
    }

    fn set_at_table(&self, settings: &mut Settings, at_table: bool) {
        let part = RaceSettings {
            at_table,
            ..settings.part(FAMILY)
        };
        settings.set_part(FAMILY, &part);
    }

    fn has_rules_page(&self) -> bool {
        true
    }

    fn read(&self, text: &str, path: &Path) -> Option<Result<Read, String>> {
        Race::from_text(text).map(|race| {
            race.map(|race| {
                Read::new(FAMILY, move |path, _launch| {
                    Next::own(
                        FAMILY,
                        "Leave it and open the race",
                        RaceOpened { race, path },
                    )
                })
            })
            .map_err(|e| format!("{}: {e}", gamester::ui::shell::file_names::shown(path)))
        })
    }

    fn new_game_words(&self) -> &'static str {
        OFFERED
    }

    fn chosen(&self, settings: &Settings) -> bool {
        settings.part::<RaceSettings>(FAMILY).chosen
    }

    fn choose(&self, settings: &mut Settings, chosen: bool) {
        let part = RaceSettings {
            chosen,
            ..settings.part(FAMILY)
        };
        settings.set_part(FAMILY, &part);
    }

    fn new_game(
        &self,
        ui: &mut egui::Ui,
        _draft: &mut Settings,
        _held: Option<&dyn Screen>,
        _kept: &Settings,
    ) -> bool {
        ui.label("Two players throw one die in turn; the first to twenty wins.");
        false
    }

    fn offer(&self, _settings: &Settings, host: &str) -> Setup {
        let rules = GameRules::Open {
            family: FAMILY.name().to_string(),
            rules: Rules::TWENTY.text(),
        };
        Setup::new(rules, host)
    }

    fn describe(&self, setup: &Setup) -> String {
        match &setup.rules {
            GameRules::Open { rules, .. } => match Rules::read(rules) {
                Ok(rules) => format!("A race to {}, 2 players", rules.goal),
                Err(e) => capitalised(&e),
            },
            _ => String::new(),
        }
    }

    fn under_way(&self, setup: &Setup) -> String {
        format!(
            "the die has been thrown {}",
            count(setup.record.len(), "time", "times")
        )
    }
}
