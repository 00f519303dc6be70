//! What the window answers about itself, for its tests and benchmarks: the settings, the
//! screen shown, the lessons, and the screen of a family by its type (`screen`), which that
//! family asks its own questions of (each family's answers are beside its screen:
//! `ui::tables::window_answers`, …). Questions only; nothing here changes a game, but for the
//! `_mut` answers a family gives to drive its game from outside.

use super::GamesterApp;
use crate::ui::shell::screen::Shell;
use crate::ui::shell::settings::Settings;
use gamester_core::Family;

impl GamesterApp {
    /// The screen held of type `S` (one family's own screen), shown or waiting: the one way a
    /// family's answers reach its screen.
    #[must_use]
    pub fn screen<S: 'static>(&self) -> Option<&S> {
        self.screens
            .all()
            .find_map(|s| s.as_any().downcast_ref::<S>())
    }

    /// The same, to drive its game from outside the window (benchmarks, tests).
    pub fn screen_mut<S: 'static>(&mut self) -> Option<&mut S> {
        self.screens
            .all_mut()
            .find_map(|s| s.as_any_mut().downcast_mut::<S>())
    }

    /// The screen of type `S`, while it is the one shown.
    #[must_use]
    pub fn shown_screen<S: 'static>(&self) -> Option<&S> {
        self.screens.shown().as_any().downcast_ref::<S>()
    }

    /// The family whose game is shown.
    #[must_use]
    pub fn family_shown(&self) -> Family {
        self.screens.showing()
    }

    /// What the shell lends its screens (the settings, the zoom), for the answers that depend
    /// on it (where a thing was drawn).
    #[must_use]
    pub(crate) fn lent(&self) -> &Shell {
        &self.shell
    }

    /// Where the last frame drew the status panel (the status line, its message and the
    /// buttons' row) and the story's panel beside the table, if it was shown.
    #[must_use]
    pub fn panels_drawn(&self) -> (Option<egui::Rect>, Option<egui::Rect>) {
        (self.drawn.status, self.drawn.story)
    }

    /// The exercise shown in Help → Lessons, if the lessons are open at one.
    #[must_use]
    pub fn lesson_exercise(&self) -> Option<&crate::teaching::lessons::Exercise> {
        self.modal.lessons.as_ref()?.exercise()
    }

    /// Whether the lessons are open.
    #[must_use]
    pub fn in_lessons(&self) -> bool {
        self.modal.lessons.is_some()
    }

    /// The settings in force (and remembered when the window closes).
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.shell.settings
    }

    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.shell.settings
    }

    /// The sounds the window has played (the last few), oldest first.
    #[must_use]
    pub fn sounds_played(&self) -> Vec<crate::ui::sound::Cue> {
        self.shell.sounds.played()
    }

    /// The settings being chosen in the New game window, while it is open.
    #[must_use]
    pub fn draft(&self) -> Option<&Settings> {
        self.modal.draft.as_ref()
    }

    /// The status line of the game shown.
    #[must_use]
    pub fn status_line(&self) -> String {
        self.screens.shown().status()
    }
}
