//! Cotton's pastimes' answers to the window's tests, asked of the window (`GamesterApp`) and
//! answered by its screen of the pastimes, which the shell finds by its type.

use crate::ui::pastimes::screen::PastimesScreen;
use crate::ui::pastimes::session::PastimesSession;
use crate::ui::shell::app::GamesterApp;
use gamester_core::Family;

impl GamesterApp {
    /// Whether a pastime is shown.
    #[must_use]
    pub fn playing_pastime(&self) -> bool {
        self.family_shown() == Family::PASTIMES
    }

    /// The pastime at the table, while it is shown.
    #[must_use]
    pub fn pastime(&self) -> Option<&PastimesSession> {
        self.shown_screen().map(PastimesScreen::session)
    }

    /// The pastime the table shows: the one in play, or a point of its replay.
    #[must_use]
    pub fn pastime_shown(&self) -> Option<&PastimesSession> {
        self.shown_screen().map(PastimesScreen::shown)
    }

    /// The pastime held (shown or waiting), if one has been played.
    #[must_use]
    pub fn pastime_held(&self) -> Option<&PastimesSession> {
        self.screen().map(PastimesScreen::session)
    }

    /// Whether the pastime is played with friends at a distance.
    #[must_use]
    pub fn pastime_remote(&self) -> bool {
        self.screen().is_some_and(PastimesScreen::is_remote)
    }
}
