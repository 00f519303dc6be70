//! What the window answers about itself: the game it plays and the game it shows, where it
//! drew the board's places, what it shows of the plays (men sliding, the last play, the dice at
//! rest), and how it sees the table now (the board to draw, what the hands answer to). Questions
//! only, for the window's frame and for tests; nothing here changes the game.

use super::TablesScreen;
use crate::players::Colour;
use crate::session::Session;
use crate::tables::{Phase, Position, Side};
use crate::ui::shell::screen::Shell;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::board_view::{BoardView, Place};
use crate::ui::tables::dice_view::ShownDie;
use crate::ui::tables::guide;
use crate::ui::tables::input::Hands;
use crate::ui::tables::last_play::LastPlay;
use crate::ui::tables::orientation::{self, Orientation};
use crate::ui::tables::replaying::ReplayView;

impl TablesScreen {
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session whose game the board shows: the one in play, or a point of a replay.
    #[must_use]
    pub fn shown(&self) -> &Session {
        self.board
            .replaying
            .as_ref()
            .map_or(&self.session, ReplayView::shown)
    }

    /// Whether the person is stepping through a record.
    #[must_use]
    pub fn is_replaying(&self) -> bool {
        self.board.replaying.is_some()
    }

    /// The session, for driving a game from outside the window (benchmarks, tests).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// Where on the window a point of `side` (in its own numbering; 25 the bar, 0 its tray)
    /// was last drawn, for tests that click on the board.
    #[must_use]
    pub fn screen_pos(&self, shell: &Shell, side: Side, point: u8) -> Option<egui::Pos2> {
        let to_screen = self.board.to_screen?;
        let place = self.view(&shell.settings).mover_to_bottom(side, point);
        Some(to_screen * self.board_view(shell).centre_of(place))
    }

    /// The name written beside a point of `side` (in its own numbering), and where on the
    /// window it was last drawn, for tests that read the board.
    #[must_use]
    pub fn point_label(
        &self,
        shell: &Shell,
        side: Side,
        point: u8,
    ) -> Option<(egui::Pos2, String)> {
        let to_screen = self.board.to_screen?;
        let Place::Point(pt) = self.view(&shell.settings).mover_to_bottom(side, point) else {
            return None;
        };
        let (at, label) = self.board_view(shell).point_label(pt);
        Some((to_screen * at, label))
    }

    /// Where the board was last drawn on the window, and the size of the points' names there.
    #[must_use]
    pub fn board_drawn(&self) -> Option<(egui::Rect, f32)> {
        let to_screen = self.board.to_screen?;
        let scale = to_screen.to().width() / crate::ui::tables::board_view::SIZE.x;
        Some((
            *to_screen.to(),
            crate::ui::tables::board_view::label_size(scale, self.board.zoom),
        ))
    }

    /// Where a side's dice cup was last drawn.
    #[must_use]
    pub fn cup_pos(&self, shell: &Shell, side: Side) -> Option<egui::Pos2> {
        let to_screen = self.board.to_screen?;
        Some(to_screen * self.board_view(shell).centre_of(Place::Cup(side)))
    }

    /// Whether the computer is working out its next action.
    #[must_use]
    pub fn computer_thinking(&self) -> bool {
        self.helpers.computer.is_thinking()
    }

    /// The tutor: whether he judges a choice, what he says of one.
    #[must_use]
    pub fn tutor(&self) -> &crate::ui::tables::tutor::Tutor {
        &self.helpers.tutor
    }

    /// Whether men are sliding on the board: a play being shown step by step.
    #[must_use]
    pub fn sliding(&self) -> bool {
        self.board.slides.running()
    }

    /// The men as the board draws them now, seen from the side at the bottom: while a step
    /// slides, as after that step (the man sliding is drawn on his way there).
    #[must_use]
    pub fn men_drawn(&self, settings: &Settings) -> Position {
        self.board.slides.frame().map_or_else(
            || self.shown().game().position_for(self.view(settings).bottom),
            |frame| frame.after,
        )
    }

    /// The point (in the mover's numbering) of the man picked up, if one is.
    #[must_use]
    pub fn picked_up(&self) -> Option<u8> {
        self.board.picked.from
    }

    /// The last play of the game shown, marked on the board until the next throw.
    #[must_use]
    pub fn last_play(&self) -> &LastPlay {
        self.board
            .replaying
            .as_ref()
            .map_or(&self.board.last_play, ReplayView::last_play)
    }

    /// The dice at rest on the board (a throw in flight is not counted), each with the throw it
    /// belongs to in Double-hand.
    #[must_use]
    pub fn resting_dice(&self, settings: &Settings) -> Vec<(ShownDie, Option<usize>)> {
        let last = self.last_play().dice();
        self.view(settings).resting_dice(
            self.shown().game(),
            &self.board.throw_off_dice,
            last,
            self.colours(),
        )
    }

    /// How the table is seen now.
    pub(crate) fn view(&self, settings: &Settings) -> Orientation {
        Orientation::of(self.session.seats(), settings.ace_left, settings.numbers)
    }

    pub fn colours(&self) -> [Colour; 2] {
        orientation::colours(self.shown().seats())
    }

    /// What the keys and the board answer to now.
    pub(super) fn hands(&self, settings: &Settings) -> Hands<'_> {
        Hands {
            session: &self.session,
            view: self.view(settings),
            picked: &self.board.picked,
            animating: self.board.animation.is_some(),
            replaying: self.board.replaying.is_some(),
        }
    }

    /// The board to draw, without its dice: the game shown, the man picked up and his
    /// targets, and what is lit (the guide's points, the hint's play, the points to break).
    pub(crate) fn board_view(&self, shell: &Shell) -> BoardView {
        let view = self.view(&shell.settings);
        let shown = self.shown();
        let game = shown.game();
        let mover = game.turn();
        let mut targets = Vec::new();
        let mut selected = None;
        if let Some(from) = self.board.picked.from {
            selected = Some(view.mover_to_bottom(mover, from));
            targets = self
                .board
                .picked
                .targets
                .iter()
                .map(|(to, _)| view.mover_to_bottom(mover, *to))
                .collect();
        }
        let mut choosable = Vec::new();
        if let Some(index) = shell.help.guide
            && self.board.replaying.is_none()
            && let Some(step) =
                guide::lessons(game.rules(), game, view.bottom, view.ace_left).get(index)
        {
            choosable = guide::places(step);
        }
        if let Some(plays) = self.helpers.computer.hint_for(self.session.game())
            && self.board.replaying.is_none()
            && let Some((best, _)) = plays.first()
        {
            for step in best.steps.iter() {
                choosable.push(view.mover_to_bottom(mover, step.from()));
                choosable.push(view.mover_to_bottom(mover, step.to()));
            }
        }
        if let Phase::ChooseBreak { chooser, binder } = game.phase()
            && self.session.seats().has_person(chooser)
        {
            choosable = view.breakable(game, binder);
        }
        if self.board.replaying.is_none()
            && let Some(better) = self.helpers.tutor.lit(game, view)
        {
            choosable = better;
        }
        let mut board = view.board(shown, selected, targets, choosable);
        board.look = shell.settings.look;
        board
    }
}
