//! The tiles games as the shell and the network window ask a family (`FamilyPlug`): a tiles
//! save recognised and read, and the tiles game offered at a distance, in a player's words.

use std::path::Path;

use gamester_core::Family;
use gamester_net::{GameRules, NetAction, Setup};

use crate::teaching::lessons::{Exercise, Given};
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
        Family::TILES
    }

    fn make(
        &self,
        next: crate::ui::shell::leaving::Next,
        shell: &mut crate::ui::shell::screen::Shell,
    ) -> Option<Box<dyn Screen>> {
        TilesScreen::go_to(next, shell).map(|s| Box::new(s) as Box<dyn Screen>)
    }

    fn read(&self, text: &str, path: &Path) -> Option<Result<Read, String>> {
        crate::save::tiles::is_tiles(text).then(|| {
            crate::save::tiles::from_str(text)
                .map(|loaded| {
                    Read::new(Family::TILES, move |path, launch| {
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

    /// The line of an exercise at the tiles.
    fn exercise_ui(
        &self,
        ui: &mut egui::Ui,
        exercise: &Exercise,
        _answered: bool,
        _settings: &Settings,
    ) -> Option<Given> {
        if let Some(line) = &exercise.line {
            ui.add_space(8.0);
            line_ui(ui, line);
        }
        None
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

/// The line of an exercise at the tiles, on the tiles' own table, and in words for a screen
/// reader ("The line, from the left: the ace-cinque, the cinque-cater").
fn line_ui(ui: &mut egui::Ui, line: &crate::tiles::Line) {
    use crate::ui::tiles::paint::{TileLook, paint_table, paint_tile};
    let words: Vec<String> = line
        .laid()
        .map(|l| {
            let (a, b) = (l.left, l.right);
            if a == b {
                format!("the double {}", crate::tiles::end_word(a))
            } else {
                format!(
                    "the {}-{}",
                    crate::tiles::end_word(a),
                    crate::tiles::end_word(b)
                )
            }
        })
        .collect();
    let size = egui::vec2(
        ui.available_width(),
        ui.available_height().clamp(80.0, 220.0),
    );
    let (response, painter) = ui.allocate_painter(size, egui::Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::accesskit::Role::Image,
            true,
            format!("The line, from the left: {}", words.join(", ")),
        )
    });
    let rect = response.rect;
    paint_table(&painter, rect);
    let (wind, scale, offset) =
        crate::ui::tiles::winding::fit(line, rect.shrink(12.0), (rect.height() * 0.6).max(40.0));
    for lying in &wind.tiles {
        let r = egui::Rect::from_min_max(
            (lying.rect.min.to_vec2() * scale + offset).to_pos2(),
            (lying.rect.max.to_vec2() * scale + offset).to_pos2(),
        )
        .shrink(scale * 0.03);
        paint_tile(&painter, &TileLook::in_rect(r, Some(lying.halves)));
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
