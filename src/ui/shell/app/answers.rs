//! What the window answers about itself, for its tests and benchmarks: the settings, the
//! screen shown, and the questions each screen answers, asked of the screen that holds the
//! answer. Questions only; nothing here changes a game, but for `session_mut`.

use super::GamesterApp;
use crate::players::Colour;
use crate::session::Session;
use crate::tables::{Position, Side};
use crate::tiles_session::TilesSession;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::analysis_view::AnalysisPanel;
use crate::ui::tables::dice_view::ShownDie;
use crate::ui::tables::last_play::LastPlay;
use crate::ui::tables::rollout_view::RolloutView;
use crate::ui::tables::screen::TablesScreen;
use crate::ui::tables::tutor::Tutor;
use crate::ui::tiles::screen::TilesScreen;
use crate::ui::tiles::view::Spot;
use gamester_core::Family;

impl GamesterApp {
    /// The screen of the games at tables, which the window always holds.
    fn tables(&self) -> &TablesScreen {
        #[allow(clippy::expect_used)] // `families::first` holds it from the start, for good.
        self.screens
            .of(Family::Tables)
            .and_then(|s| s.as_any().downcast_ref())
            .expect("the window always holds the games at tables")
    }

    fn tables_mut(&mut self) -> &mut TablesScreen {
        #[allow(clippy::expect_used)] // As `tables`.
        self.screens
            .of_mut(Family::Tables)
            .and_then(|s| s.as_any_mut().downcast_mut())
            .expect("the window always holds the games at tables")
    }

    /// The tiles screen, if a tiles game has been played.
    fn tiles_screen(&self) -> Option<&TilesScreen> {
        self.screens.of(Family::Tiles)?.as_any().downcast_ref()
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

    /// The game at tables in play (shown, or waiting while the tiles are played).
    #[must_use]
    pub fn session(&self) -> &Session {
        self.tables().session()
    }

    /// The session, for driving a game from outside the window (benchmarks, tests).
    pub fn session_mut(&mut self) -> &mut Session {
        self.tables_mut().session_mut()
    }

    /// The session whose game the board shows: the one in play, or a point of a replay.
    #[must_use]
    pub fn shown(&self) -> &Session {
        self.tables().shown()
    }

    /// Whether the person is stepping through a record of the game at tables.
    #[must_use]
    pub fn is_replaying(&self) -> bool {
        self.tables().is_replaying()
    }

    /// The status line of the game shown.
    #[must_use]
    pub fn status_line(&self) -> String {
        self.screens.shown().status()
    }

    /// Whether a pastime is shown.
    #[must_use]
    pub fn playing_pastime(&self) -> bool {
        self.screens.showing() == Family::Pastimes
    }

    /// The pastime at the table, while it is shown.
    #[must_use]
    pub fn pastime(&self) -> Option<&crate::ui::pastimes::session::PastimesSession> {
        self.screens
            .of(Family::Pastimes)
            .filter(|_| self.screens.showing() == Family::Pastimes)?
            .as_any()
            .downcast_ref::<crate::ui::pastimes::screen::PastimesScreen>()
            .map(crate::ui::pastimes::screen::PastimesScreen::session)
    }

    /// The pastime the table shows: the one in play, or a point of its replay.
    #[must_use]
    pub fn pastime_shown(&self) -> Option<&crate::ui::pastimes::session::PastimesSession> {
        self.screens
            .of(Family::Pastimes)
            .filter(|_| self.screens.showing() == Family::Pastimes)?
            .as_any()
            .downcast_ref::<crate::ui::pastimes::screen::PastimesScreen>()
            .map(crate::ui::pastimes::screen::PastimesScreen::shown)
    }

    /// The pastime held (shown or waiting), if one has been played.
    #[must_use]
    pub fn pastime_held(&self) -> Option<&crate::ui::pastimes::session::PastimesSession> {
        self.screens
            .of(Family::Pastimes)?
            .as_any()
            .downcast_ref::<crate::ui::pastimes::screen::PastimesScreen>()
            .map(crate::ui::pastimes::screen::PastimesScreen::session)
    }

    /// Whether the tiles game is shown.
    #[must_use]
    pub fn playing_tiles(&self) -> bool {
        self.screens.showing() == Family::Tiles
    }

    /// The tiles game at the table, while it is shown.
    #[must_use]
    pub fn tiles(&self) -> Option<&TilesSession> {
        self.tiles_screen()
            .filter(|_| self.screens.showing() == Family::Tiles)
            .map(TilesScreen::session)
    }

    /// Where each thing lay on the tiles table in the last frame, on the screen: what a click
    /// there would touch.
    #[must_use]
    pub fn tiles_spots(&self) -> &[(egui::Rect, Spot)] {
        self.tiles_screen().map_or(&[], TilesScreen::spots)
    }

    /// Where on the window a point of `side` (in its own numbering; 25 the bar, 0 its tray)
    /// was last drawn, for tests that click on the board.
    #[must_use]
    pub fn screen_pos(&self, side: Side, point: u8) -> Option<egui::Pos2> {
        self.tables().screen_pos(&self.shell, side, point)
    }

    /// The name written beside a point of `side` (in its own numbering), and where on the
    /// window it was last drawn, for tests that read the board.
    #[must_use]
    pub fn point_label(&self, side: Side, point: u8) -> Option<(egui::Pos2, String)> {
        self.tables().point_label(&self.shell, side, point)
    }

    /// Where the board was last drawn on the window, and the size of the points' names there.
    #[must_use]
    pub fn board_drawn(&self) -> Option<(egui::Rect, f32)> {
        self.tables().board_drawn()
    }

    /// Where a side's dice cup was last drawn.
    #[must_use]
    pub fn cup_pos(&self, side: Side) -> Option<egui::Pos2> {
        self.tables().cup_pos(&self.shell, side)
    }

    /// Whether the tiles game is played with friends at a distance.
    #[must_use]
    pub fn tiles_remote(&self) -> bool {
        self.tiles_screen().is_some_and(TilesScreen::is_remote)
    }

    /// Whether the pastime is played with friends at a distance.
    #[must_use]
    pub fn pastime_remote(&self) -> bool {
        self.screens
            .of(Family::Pastimes)
            .and_then(|s| {
                s.as_any()
                    .downcast_ref::<crate::ui::pastimes::screen::PastimesScreen>()
            })
            .is_some_and(crate::ui::pastimes::screen::PastimesScreen::is_remote)
    }

    /// Whether the game at tables is played with a friend at a distance.
    #[must_use]
    pub fn is_remote(&self) -> bool {
        self.tables().is_remote()
    }

    /// Whether the computer is working out its next action at tables.
    #[must_use]
    pub fn computer_thinking(&self) -> bool {
        self.tables().computer_thinking()
    }

    /// The tutor: whether he judges a choice, what he says of one.
    #[must_use]
    pub fn tutor(&self) -> &Tutor {
        self.tables().tutor()
    }

    /// Whether men are sliding on the board: a play being shown step by step.
    #[must_use]
    pub fn sliding(&self) -> bool {
        self.tables().sliding()
    }

    /// The men as the board draws them now, seen from the side at the bottom.
    #[must_use]
    pub fn men_drawn(&self) -> Position {
        self.tables().men_drawn(&self.shell.settings)
    }

    /// The last play of the game shown, marked on the board until the next throw.
    #[must_use]
    pub fn last_play(&self) -> &LastPlay {
        self.tables().last_play()
    }

    /// The point (in the mover's numbering) of the man picked up on the board, if one is.
    #[must_use]
    pub fn picked_up(&self) -> Option<u8> {
        self.tables().picked_up()
    }

    /// The dice at rest on the board, each with the throw it belongs to in Double-hand.
    #[must_use]
    pub fn resting_dice(&self) -> Vec<(ShownDie, Option<usize>)> {
        self.tables().resting_dice(&self.shell.settings)
    }

    /// The colours of the two sides at tables.
    #[must_use]
    pub fn colours(&self) -> [Colour; 2] {
        self.tables().colours()
    }

    /// The analysis of the game at tables, its job and its panel.
    #[must_use]
    pub fn analysis_panel(&self) -> &AnalysisPanel {
        self.tables().analysis_panel()
    }

    /// The Roll out window of the games at tables, and its rollout.
    #[must_use]
    pub fn rollout_view(&self) -> &RolloutView {
        self.tables().rollout_view()
    }

    /// The same, to change how the next rollout is run.
    pub fn rollout_view_mut(&mut self) -> &mut RolloutView {
        self.tables_mut().rollout_view_mut()
    }
}
