//! The tiles games as the shell and the network window ask a family (`FamilyPlug`): a tiles
//! save recognised and read, and the tiles game offered at a distance, in a player's words.

use std::path::Path;

use gamester_core::Family;
use gamester_net::{GameRules, NetAction, Setup};

use crate::ui::shell::plug::{FamilyPlug, count};
use crate::ui::shell::reading::Read;
use crate::ui::shell::screen::Screen;
use crate::ui::shell::settings::Settings;
use crate::ui::sound::Cue;
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

    fn new_game_words(&self) -> &'static str {
        "a tiles game: Block, Draw or Muggins dominoes"
    }

    fn chosen(&self, settings: &Settings) -> bool {
        settings.tiles.chosen
    }

    fn choose(&self, settings: &mut Settings, chosen: bool) {
        settings.tiles.chosen = chosen;
    }

    fn new_game(
        &self,
        ui: &mut egui::Ui,
        draft: &mut Settings,
        _held: Option<&dyn Screen>,
        _kept: &Settings,
    ) -> bool {
        crate::ui::tiles::setup::editor(ui, &mut draft.tiles);
        false
    }

    fn sensible(&self, settings: &mut Settings, reset: &mut Vec<String>) {
        if settings.tiles.rules.check().is_err() {
            settings.tiles.rules = crate::tiles::Rules::preset(settings.tiles.preset);
            reset.push("the rules of the next tiles game".to_string());
        }
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

impl Cue {
    /// The sound of a tiles game's action, if it makes one: a tile laid, the dice for the set, a
    /// knock.
    #[must_use]
    pub fn of_tiles(action: &crate::tiles::Action) -> Option<Cue> {
        use crate::tiles::Action;
        match action {
            Action::Lay { .. } => Some(Cue::Tile),
            Action::Throw(_) => Some(Cue::DiceAtOnce),
            Action::Pass => Some(Cue::Knock),
            Action::Deal(_) | Action::Draw => None,
        }
    }
}
