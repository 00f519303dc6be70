//! The tiles games as the shell and the network window ask a family (`FamilyPlug`): a tiles
//! save recognised and read, and the tiles game offered at a distance, in a player's words.

use std::path::Path;

use gamester_core::Family;
use gamester_net::{GameRules, NetAction, Setup};

use crate::ui::shell::plug::{FamilyPlug, count};
use crate::ui::shell::reading::Read;
use crate::ui::shell::settings::Settings;
use crate::ui::tiles::screen::{TilesOpened, TilesScreen};

/// The tiles games' plug, registered in `ui::families`.
pub struct TilesPlug;

impl FamilyPlug for TilesPlug {
    fn family(&self) -> Family {
        Family::Tiles
    }

    fn read(&self, text: &str, path: &Path) -> Option<Result<Read, String>> {
        crate::save::tiles::is_tiles(text).then(|| {
            crate::save::tiles::from_str(text)
                .map(|loaded| {
                    Read::new(Family::Tiles, move |path, launch| {
                        TilesOpened {
                            session: Box::new(TilesScreen::session_of(
                                loaded,
                                Some(path.clone()),
                                launch,
                            )),
                            path,
                        }
                        .into_next()
                    })
                })
                .map_err(|e| e.in_file(path).to_string())
        })
    }

    fn offer(&self, settings: &Settings, host: &str) -> Setup {
        Setup::new(GameRules::Tiles(settings.tiles.rules), host)
    }

    fn describe(&self, setup: &Setup) -> String {
        match &setup.rules {
            GameRules::Tiles(rules) => format!(
                "{}, {} players",
                crate::ui::tiles::setup::title_of(rules),
                rules.players
            ),
            _ => String::new(),
        }
    }

    fn under_way(&self, setup: &Setup) -> String {
        let laid = setup
            .record
            .iter()
            .filter(|a| matches!(a, NetAction::Tiles(crate::tiles::Action::Lay { .. })))
            .count();
        if laid == 0 {
            "the tiles are dealt".into()
        } else {
            format!("{} laid", count(laid, "tile", "tiles"))
        }
    }
}
