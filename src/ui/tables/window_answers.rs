//! The games at tables' answers to the window's tests and benchmarks, asked of the window
//! (`GamesterApp`) and answered by its screen of the tables, which the shell finds by its type.

use crate::players::Colour;
use crate::session::Session;
use crate::tables::{Position, Side};
use crate::ui::shell::app::GamesterApp;
use crate::ui::tables::analysis_view::AnalysisPanel;
use crate::ui::tables::dice_view::ShownDie;
use crate::ui::tables::last_play::LastPlay;
use crate::ui::tables::rollout_view::RolloutView;
use crate::ui::tables::screen::TablesScreen;
use crate::ui::tables::tutor::Tutor;

impl GamesterApp {
    /// The screen of the games at tables, which the window always holds.
    fn tables(&self) -> &TablesScreen {
        #[allow(clippy::expect_used)] // `families::first` holds it from the start, for good.
        self.screen()
            .expect("the window always holds the games at tables")
    }

    fn tables_mut(&mut self) -> &mut TablesScreen {
        #[allow(clippy::expect_used)] // As `tables`.
        self.screen_mut()
            .expect("the window always holds the games at tables")
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

    /// Where on the window a point of `side` (in its own numbering; 25 the bar, 0 its tray)
    /// was last drawn, for tests that click on the board.
    #[must_use]
    pub fn screen_pos(&self, side: Side, point: u8) -> Option<egui::Pos2> {
        self.tables().screen_pos(self.lent(), side, point)
    }

    /// The name written beside a point of `side` (in its own numbering), and where on the
    /// window it was last drawn, for tests that read the board.
    #[must_use]
    pub fn point_label(&self, side: Side, point: u8) -> Option<(egui::Pos2, String)> {
        self.tables().point_label(self.lent(), side, point)
    }

    /// Where the board was last drawn on the window, and the size of the points' names there.
    #[must_use]
    pub fn board_drawn(&self) -> Option<(egui::Rect, f32)> {
        self.tables().board_drawn()
    }

    /// Where a side's dice cup was last drawn.
    #[must_use]
    pub fn cup_pos(&self, side: Side) -> Option<egui::Pos2> {
        self.tables().cup_pos(self.lent(), side)
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
        self.tables().men_drawn(&self.lent().settings)
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
        self.tables().resting_dice(&self.lent().settings)
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
