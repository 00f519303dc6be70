//! What the events of a play show on the board: the dice thrown from a cup, the men sliding
//! step by step (or heard landing at once, carried by hand), and the last play kept; and the
//! board cleared of a game before.

use super::TablesScreen;
use crate::players::Colour;
use crate::tables::{Event, Position, Side};
use crate::ui::shell::screen::Shell;
use crate::ui::shell::settings::Speed;
use crate::ui::sound::Cue;
use crate::ui::tables::dice_view::ThrowAnimation;

impl TablesScreen {
    /// Clears what the board kept of the game before: the dice, the last play, the men sliding.
    pub(super) fn clear_table(&mut self) {
        self.board.throw_off_dice.clear();
        self.board.last_play.forget();
        self.board.slides.skip();
    }

    /// Starts the animations the events call for (`slide`: the men's steps too, made from the
    /// position `before`), and keeps the last play.
    pub(super) fn show_events(
        &mut self,
        ctx: &egui::Context,
        before: Position,
        events: &[Event],
        slide: bool,
        shell: &Shell,
    ) {
        self.board.last_play.note(events);
        if slide {
            self.slide(before, events, shell);
        }
        let view = self.view(&shell.settings);
        let colours = self.colours();
        let now = ctx.input(|i| i.time);
        let shown = self.shown().game().phase();
        for event in events {
            let phase = self.session.game().phase();
            if let Some((side, dice)) =
                view.thrown(event, phase, shown, colours, &mut self.board.throw_off_dice)
            {
                self.animate(now, side, dice, shell);
            }
        }
    }

    /// Queues the steps of `events`, made from `before`, to slide on the board.
    pub(super) fn slide(&mut self, before: Position, events: &[Event], shell: &Shell) {
        if shell.launch.screenshot.is_none() {
            let bear_off = self.shown().game().rules().bear_off;
            let seconds = shell.settings.speed.step_seconds();
            let view = self.view(&shell.settings);
            self.board
                .slides
                .queue(before, events, view, bear_off, seconds);
        }
    }

    /// The men of `events`, made from `before`, heard landing at once (they do not slide).
    pub(super) fn land(&mut self, before: Position, events: &[Event], shell: &Shell) {
        let bear_off = self.shown().game().rules().bear_off;
        let view = self.view(&shell.settings);
        self.board.slides.queue(before, events, view, bear_off, 0.0);
    }

    /// Throws the dice from the side's cup: they are heard rattled and thrown, and seen flying
    /// to where they rest (at the speed instant, both at once).
    pub(super) fn animate(
        &mut self,
        now: f64,
        side: Side,
        dice: Vec<(egui::Pos2, u8, Colour)>,
        shell: &Shell,
    ) {
        let instant = shell.settings.speed == Speed::Instant;
        shell.play(if instant { Cue::DiceAtOnce } else { Cue::Dice });
        if instant || shell.launch.screenshot.is_some() {
            return;
        }
        let from = self.board_view(shell).cup_rect(side).center();
        self.board.animation = Some(ThrowAnimation {
            started: now,
            from,
            dice,
        });
    }
}
