//! Cotton's pastimes as the shell and the network window ask a family (`FamilyPlug`): a
//! pastime's save recognised and read, and the pastime offered at a distance, in a player's
//! words.

use std::path::Path;

use gamester_core::Family;
use gamester_net::{GameRules, Setup};

use crate::teaching::lessons::{Exercise, Given, Lesson, PastimeTable};
use crate::ui::pastimes::screen::{PastimesOpened, PastimesScreen};
use crate::ui::shell::plug::{FamilyPlug, count};
use crate::ui::shell::reading::Read;
use crate::ui::shell::screen::Screen;
use crate::ui::shell::settings::Settings;
use crate::ui::shell::setup_rows::IN_PROGRESS;
use crate::ui::sound::Cue;

/// The pastimes' plug, registered in `ui::families`.
pub struct PastimesPlug;

impl FamilyPlug for PastimesPlug {
    fn family(&self) -> Family {
        Family::PASTIMES
    }

    fn make(
        &self,
        next: crate::ui::shell::leaving::Next,
        shell: &mut crate::ui::shell::screen::Shell,
    ) -> Option<Box<dyn Screen>> {
        PastimesScreen::go_to(next, shell).map(|s| Box::new(s) as Box<dyn Screen>)
    }

    fn read(&self, text: &str, path: &Path) -> Option<Result<Read, String>> {
        crate::save::pastimes::is_pastimes(text).then(|| {
            crate::save::pastimes::from_str(text)
                .map(|loaded| {
                    Read::new(Family::PASTIMES, move |path, launch| {
                        PastimesOpened {
                            session: Box::new(PastimesScreen::session_of(
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
        "a pastime at the tables: Doublets, Ketch-Dolt or Sice-Ace"
    }

    fn chosen(&self, settings: &Settings) -> bool {
        settings.pastimes.chosen
    }

    fn choose(&self, settings: &mut Settings, chosen: bool) {
        settings.pastimes.chosen = chosen;
    }

    fn new_game(
        &self,
        ui: &mut egui::Ui,
        draft: &mut Settings,
        held: Option<&dyn Screen>,
        _kept: &Settings,
    ) -> bool {
        crate::ui::pastimes::setup::editor(ui, &mut draft.pastimes);
        if let Some(screen) = held.and_then(|s| s.as_any().downcast_ref::<PastimesScreen>()) {
            let rules = *screen.session().game().rules();
            ui.separator();
            egui::CollapsingHeader::new(IN_PROGRESS)
                .id_salt("pastime in progress")
                .show(ui, |ui| crate::ui::pastimes::setup::in_progress(ui, &rules));
        }
        false
    }

    /// The table of an exercise at a pastime.
    fn exercise_ui(
        &self,
        ui: &mut egui::Ui,
        exercise: &Exercise,
        _answered: bool,
        _settings: &Settings,
    ) -> Option<Given> {
        if let Some(table) = &exercise.pastime {
            ui.add_space(8.0);
            pastime_ui(ui, table);
        }
        None
    }

    /// At a pastime the adversary is named by the colour of his men on the pastimes' table.
    fn adversary_in_lesson(&self, lesson: Lesson) -> Option<&'static str> {
        matches!(lesson, Lesson::KetchDolt | Lesson::Pastimes)
            .then(|| crate::ui::pastimes::view::colour_of(crate::pastimes::Seat(1)).name())
    }

    fn offer(&self, settings: &Settings, host: &str) -> Setup {
        Setup::new(GameRules::Pastimes(settings.pastimes.rules), host)
    }

    fn describe(&self, setup: &Setup) -> String {
        match &setup.rules {
            GameRules::Pastimes(rules) => format!(
                "{}, {} players",
                crate::ui::pastimes::story::title(rules.kind),
                rules.seats
            ),
            _ => String::new(),
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
        let seat = setup.owners.iter().position(|&p| p == me)?;
        Some(format!("You are player {}.", seat + 1))
    }
}

/// The table of an exercise at a pastime, drawn by the pastimes' own painter, and in words for
/// a screen reader ("The table: Your heap: 9 men; your cinque point: 2 men; …").
fn pastime_ui(ui: &mut egui::Ui, table: &PastimeTable) {
    use crate::ui::pastimes::view::{Seating, in_words, paint};
    let seating = Seating {
        painted: table.seats.clone(),
        named: table.seats.clone(),
    };
    let size = egui::vec2(
        ui.available_width(),
        ui.available_height().clamp(220.0, 420.0),
    );
    let (response, painter) = ui.allocate_painter(size, egui::Sense::hover());
    let words = in_words(&table.game, &seating);
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::accesskit::Role::Image, true, words.clone())
    });
    let _ = paint(&painter, response.rect, &table.game, &seating);
}

impl Cue {
    /// The sound of an action at a pastime: the dice, a man set down (laid, drawn or loaded),
    /// a man borne off; a claim says nothing.
    #[must_use]
    pub fn of_pastime(action: &crate::pastimes::Action) -> Option<Cue> {
        use crate::pastimes::Action;
        match action {
            Action::Throw { .. } => Some(Cue::DiceAtOnce),
            Action::Lay { .. } | Action::Draw { .. } | Action::Load { .. } => Some(Cue::SetDown),
            Action::Bear { .. } => Some(Cue::BorneOff),
            Action::Claim => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pastime_is_offered_as_new_game_has_it_with_its_players_and_its_throws() {
        // Given New game's pastime, Sice-Ace for three
        let mut settings = Settings::default();
        settings.pastimes.rules =
            crate::pastimes::Rules::preset(crate::pastimes::Preset::SiceAce).with_seats(3);
        // Then the host offers it, a seat to each of two friends, in a player's words
        let mut setup = PastimesPlug.offer(&settings, "Robin");
        assert_eq!(setup.parties(), 3);
        assert_eq!(PastimesPlug.describe(&setup), "Sice-Ace, 3 players");
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
            PastimesPlug.under_way(&setup),
            format!("the dice have been thrown {thrown} times")
        );
    }
}
