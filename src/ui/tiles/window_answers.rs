//! The tiles games' answers to the window's tests, asked of the window (`GamesterApp`) and
//! answered by its tiles screen, which the shell finds by its type.

use crate::tiles_session::TilesSession;
use crate::ui::shell::app::GamesterApp;
use crate::ui::tiles::screen::TilesScreen;
use crate::ui::tiles::view::Spot;
use gamester_core::Family;

impl GamesterApp {
    /// Whether the tiles game is shown.
    #[must_use]
    pub fn playing_tiles(&self) -> bool {
        self.family_shown() == Family::TILES
    }

    /// The tiles game at the table, while it is shown.
    #[must_use]
    pub fn tiles(&self) -> Option<&TilesSession> {
        self.shown_screen().map(TilesScreen::session)
    }

    /// Where each thing lay on the tiles table in the last frame, on the screen: what a click
    /// there would touch.
    #[must_use]
    pub fn tiles_spots(&self) -> &[(egui::Rect, Spot)] {
        self.screen::<TilesScreen>().map_or(&[], TilesScreen::spots)
    }

    /// Whether the tiles game is played with friends at a distance.
    #[must_use]
    pub fn tiles_remote(&self) -> bool {
        self.screen::<TilesScreen>()
            .is_some_and(TilesScreen::is_remote)
    }
}
