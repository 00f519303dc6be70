//! The window's side of the analysis: Game → Analyse this game asked of the game in play, the
//! panel drawn in the story's place, the decision selected drawn over the board, the analysis
//! kept when the game is saved and given back when it is opened. The analysis itself, its job
//! and its panel are `ui::analysis_view`'s.

use egui::Painter;
use egui::emath::RectTransform;

use super::TablesScreen;
use crate::ai::analysis::DEFAULT_LEVEL;
use crate::tables::Side;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::analysis_marks::{BEST_INK, PLAYED_INK, paint_steps};
use crate::ui::tables::analysis_view::{AnalysisPanel, GivenBack};
use crate::ui::tables::board_view::BoardView;
use crate::ui::tables::intent::Intent;
use crate::ui::tables::replaying::ReplayView;
use crate::ui::tables::rollout_view::RolloutView;

/// How far the play made and the best play bow apart on the board (board units).
const BOW: f32 = 26.0;

impl TablesScreen {
    /// The analysis of the game in play, for tests and the frame.
    #[must_use]
    pub fn analysis_panel(&self) -> &AnalysisPanel {
        &self.helpers.analysis
    }

    /// Game → Analyse this game: the game up to now judged on threads of its own, the window
    /// woken as each decision is judged.
    pub(super) fn analyse(&mut self, ctx: &egui::Context) {
        let wake = ctx.clone();
        self.helpers
            .analysis
            .ask(self.session.game(), DEFAULT_LEVEL, move || {
                wake.request_repaint()
            });
    }

    /// The Roll out window and its rollout, for tests and the frame.
    #[must_use]
    pub fn rollout_view(&self) -> &RolloutView {
        &self.helpers.rollout
    }

    /// The same, to change how the next rollout is run.
    pub fn rollout_view_mut(&mut self) -> &mut RolloutView {
        &mut self.helpers.rollout
    }

    /// Game → Roll out this position…: the game's position before the throw played out on
    /// threads of their own, the window woken as games are counted.
    pub(super) fn roll_out(&mut self, ctx: &egui::Context) {
        let wake = ctx.clone();
        let game = self.session.game();
        let names = [Side::White, Side::Black].map(|s| self.session.colour_name(s).to_string());
        self.helpers
            .rollout
            .start(game, names, move || wake.request_repaint());
    }

    /// The analysis panel, drawn in the story's place while it is open.
    pub(super) fn analysis_ui(&mut self, ui: &mut egui::Ui) {
        let at = self.board.replaying.as_ref().map(ReplayView::shown_at);
        let asked: Vec<Intent> = self.helpers.analysis.show(ui, &self.session, at);
        self.frame.intents.extend(asked);
    }

    /// The play made and the best play of the decision selected, over the board, while the
    /// replay shows its position.
    pub(super) fn paint_analysis(
        &self,
        board: &BoardView,
        painter: &Painter,
        to_screen: &RectTransform,
        settings: &Settings,
    ) {
        let at = self.board.replaying.as_ref().map(ReplayView::shown_at);
        if let Some((side, played, best)) = self.helpers.analysis.on_board(at) {
            let view = self.view(settings);
            paint_steps(
                board, view, side, &played, PLAYED_INK, BOW, painter, to_screen,
            );
            paint_steps(board, view, side, &best, BEST_INK, -BOW, painter, to_screen);
        }
    }

    /// Takes in the analysis a file opened kept, and says what became of it after `said`.
    pub(super) fn take_kept_analysis(&mut self, kept: GivenBack, said: &str, shell: &mut Shell) {
        match kept {
            Ok(None) => shell.message = Some(Message::info(said)),
            Ok(Some(kept)) => {
                let (analysis, record) = *kept;
                self.helpers.analysis.hold(analysis, record, &self.session);
                shell.message = Some(Message::info(format!("{said}, with its analysis")));
            }
            Err(why) => shell.message = Some(Message::info(format!("{said}. {why}"))),
        }
    }
}
