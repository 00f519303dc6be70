//! The window as eframe sees it: made at start (the fonts and style set, the settings read
//! back and what was wrong with them said, the first-game guide offered once), told where a screenshot run leaves its outcome,
//! and eframe's `App`: a frame drawn, the settings kept, the autosave finished at exit.

use super::GamesterApp;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;
use crate::ui::shell::screenshot::ScreenshotResult;
use crate::ui::shell::settings_file::Remembered;
use crate::ui::sound::Sounds;

impl GamesterApp {
    /// The window as eframe creates it: fonts and style set, with the settings `remembered`
    /// (and what the person is to be told of them).
    #[must_use]
    pub fn from_creation(
        cc: &eframe::CreationContext<'_>,
        launch: Launch,
        remembered: Remembered,
    ) -> GamesterApp {
        crate::ui::families::apply_look(&cc.egui_ctx);
        // Only the real window is heard, and not while it takes a screenshot.
        let heard = launch.screenshot.is_none();
        let mut app = GamesterApp::remembering(launch, remembered);
        if heard {
            app.shell.sounds = Sounds::on_device();
        }
        app
    }

    /// A window on the settings `remembered`: the first-game guide offered if it never was,
    /// and what was wrong with the settings file said.
    #[must_use]
    pub fn remembering(launch: Launch, remembered: Remembered) -> GamesterApp {
        let Remembered { settings, told } = remembered;
        let first_run = !launch.ephemeral && launch.screenshot.is_none() && !settings.guide_offered;
        let mut app = GamesterApp::new(settings, launch);
        if first_run {
            app.shell.help.guide = Some(0);
            app.shell.settings.guide_offered = true;
        }
        if let Some(told) = told {
            let told = Message::error(told);
            app.shell.message = Some(match app.shell.message.take() {
                Some(first) => told.and(&first),
                None => told,
            });
        }
        app
    }

    /// Where a screenshot run leaves its outcome.
    pub fn report_screenshot_to(&mut self, slot: ScreenshotResult) {
        self.screenshot.result = slot;
    }
}

impl eframe::App for GamesterApp {
    /// Run before each frame, and alone while the window is covered or minimised whenever the
    /// line or the disk asks: a game at a distance never waits on the window being drawn.
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.serve(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.finish();
    }
}

impl GamesterApp {
    /// The work that goes on whether the window is drawn or not: the line to a friend served
    /// (a game being opened, or one in play), what came over it taken into the game, and the
    /// games kept on disk. eframe calls it as [`eframe::App::logic`]; a test may call it alone,
    /// as eframe does for a covered window.
    pub fn serve(&mut self, ctx: &egui::Context) {
        let shown = ctx.input(|i| i.viewport().visible()).unwrap_or(true);
        if !std::mem::replace(&mut self.looked_for_distance, true) {
            self.take_up_distance(ctx);
        }
        self.modal.network.advance(ctx);
        for screen in self.screens.all_mut() {
            screen.serve(ctx, &mut self.shell, shown);
        }
    }

    /// A game at a distance the window was playing when it stopped (the autosave's game, kept
    /// with this side's way back to it) is taken up again at once.
    fn take_up_distance(&mut self, ctx: &egui::Context) {
        let launch = &self.shell.launch;
        let kept = self
            .screens
            .all()
            .find_map(|screen| screen.kept_at_distance(launch));
        if let Some(kept) = kept {
            self.modal.network.reopen(ctx, kept, launch.local_network);
        } else if self.screens.all().any(|screen| screen.lacks_its_line()) {
            self.shell.message = Some(Message::info(crate::ui::net::NO_LINE).lasting());
        }
    }

    /// As the window ends: the settings, with the window's place, and the games in progress
    /// written, and every write waited for. Done again it does nothing more.
    fn finish(&mut self) {
        self.settings_kept
            .finish(&mut self.shell.settings, &self.shell.launch);
        for screen in self.screens.all_mut() {
            screen.finish(&self.shell);
        }
    }
}

impl Drop for GamesterApp {
    /// However the window ends (closed, or unwound when the window system fails under it, as
    /// when another program destroys the window), nothing given to the disk is left unwritten.
    fn drop(&mut self) {
        self.finish();
    }
}
