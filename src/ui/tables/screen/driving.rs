//! The computer driven from the frame: its answers to offers and its turns, taken when the
//! board is still, and what it did shown as events or said as a refusal.

use super::TablesScreen;
use crate::tables::Position;
use crate::ui::shell::message::Message;
use crate::ui::shell::screen::Shell;
use crate::ui::tables::computer::Move;

impl TablesScreen {
    /// Lets the computer answer and take its turn (not while a replay is shown, dice are in
    /// flight, men slide, or a screenshot is being taken).
    pub(super) fn drive_computer(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        let now = self.frame.now;
        let before = self.session.game().position();
        if let Some(done) = self.helpers.computer.answer(&mut self.session, now) {
            self.after_computer(ctx, before, done, shell);
        }
        if self.board.replaying.is_some()
            || self.board.animation.is_some()
            || self.board.slides.running()
            || shell.launch.screenshot.is_some()
        {
            return;
        }
        let before = self.session.game().position();
        if let Some(done) = self.helpers.computer.act(ctx, &mut self.session, now) {
            self.after_computer(ctx, before, done, shell);
        }
    }

    pub(super) fn after_computer(
        &mut self,
        ctx: &egui::Context,
        before: Position,
        done: Move,
        shell: &mut Shell,
    ) {
        match done {
            Move::Made(events) => self.show_events(ctx, before, &events, true, shell),
            Move::Refused(e) => {
                shell.message = Some(Message::error(format!(
                    "The computer's move was refused: {e}"
                )));
            }
            Move::Undecided => {
                shell.message = Some(Message::error("The computer could not decide."));
            }
        }
        ctx.request_repaint();
    }
}
