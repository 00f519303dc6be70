//! The window as eframe sees it: made at start (the fonts and style set, the settings read
//! back, the first-game guide offered once), told where a screenshot run leaves its outcome,
//! and eframe's `App`: a frame drawn, the settings kept, the autosave finished at exit.

use super::GamesterApp;
use crate::ui::launch::Launch;
use crate::ui::screen::Screen;
use crate::ui::screenshot::ScreenshotResult;
use crate::ui::settings::Settings;
use crate::ui::theme;

/// The key under which the settings are kept between runs.
const STORAGE_KEY: &str = "gamester-settings";

impl GamesterApp {
    /// The window as eframe creates it: fonts and style set, settings read back.
    #[must_use]
    pub fn from_creation(cc: &eframe::CreationContext<'_>, launch: Launch) -> GamesterApp {
        theme::apply(&cc.egui_ctx);
        let settings = if launch.ephemeral {
            Settings::default()
        } else {
            cc.storage
                .and_then(|s| eframe::get_value::<Settings>(s, STORAGE_KEY))
                .unwrap_or_default()
        };
        let first_run = !launch.ephemeral && launch.screenshot.is_none() && !settings.guide_offered;
        let mut app = GamesterApp::new(settings, launch);
        if first_run {
            app.shell.help.guide = Some(0);
            app.shell.settings.guide_offered = true;
        }
        app
    }

    /// Where a screenshot run leaves its outcome.
    pub fn report_screenshot_to(&mut self, slot: ScreenshotResult) {
        self.screenshot.result = slot;
    }
}

impl eframe::App for GamesterApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if !self.shell.launch.ephemeral {
            eframe::set_value(storage, STORAGE_KEY, &self.shell.settings);
        }
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.tables.finish(&self.shell);
        if let Some(tiles) = &mut self.tiles {
            tiles.finish(&self.shell);
        }
    }
}
