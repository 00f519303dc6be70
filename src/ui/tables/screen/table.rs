//! The table of the games at tables in the window's middle: the board painted (men, dice, the
//! men sliding or the last play, the analysis's marks), what the pointer rests on said, and the
//! person's hands on it, by the mouse, the keys and the screen reader, each becoming an intent.

use egui::emath::RectTransform;

use super::TablesScreen;
use crate::tables::Side;
use crate::ui::shell::screen::Shell;
use crate::ui::tables::board_view::{self, BoardInput, BoardView, Place};
use crate::ui::tables::intent::Intent;
use crate::ui::tables::orientation::Orientation;
use crate::ui::tables::period::dice::CupTip;
use crate::ui::tables::replaying::ReplayView;
use crate::ui::tables::{board_access, tooltips};

/// The board as painted this frame, and what the pointer did on it.
struct Painted {
    board: BoardView,
    view: Orientation,
    response: egui::Response,
    input: BoardInput,
    to_screen: RectTransform,
    /// The throw each die at rest belongs to (Double-hand), in the order drawn.
    owners: Vec<Option<usize>>,
}

impl TablesScreen {
    /// The table, in the central panel: painted, its hover text, and what was asked of it.
    pub(super) fn table_ui(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let painted = self.paint_table(ui, shell);
        self.hover_text(&painted);
        let asked = self.hands_on(ui, shell, &painted);
        self.frame.intents.extend(asked);
    }

    /// Paints the board: the men (sliding, or with the last play marked), the dice at rest or
    /// in flight, and the analysis's marks.
    fn paint_table(&mut self, ui: &mut egui::Ui, shell: &mut Shell) -> Painted {
        let now = self.frame.now;
        let view = self.view(&shell.settings);
        let mut board = self.board_view(shell);
        let sliding = self.board.slides.frame();
        if let Some(frame) = &sliding {
            frame.dress(&mut board);
        }
        let resting = self.resting_dice(&shell.settings);
        let owners: Vec<Option<usize>> = resting.iter().map(|(_, o)| *o).collect();
        board.cup_tip = self.board.animation.as_ref().map(|a| CupTip {
            mouth_up: a.from.y > board_view::SIZE.y / 2.0,
            tip: a.tipping(now),
        });
        board.dice = match &self.board.animation {
            Some(a) => a.frame(now),
            None => resting.into_iter().map(|(d, _)| d).collect(),
        };
        let (response, input, to_screen) = board.show(ui);
        self.board.to_screen = Some(to_screen);
        self.board.zoom = ui.ctx().zoom_factor();
        match &sliding {
            Some(frame) => frame.paint(&board, ui.painter(), &to_screen),
            None => self
                .last_play()
                .paint(&board, view, ui.painter(), &to_screen),
        }
        self.paint_analysis(&board, ui.painter(), &to_screen, &shell.settings);
        Painted {
            board,
            view,
            response,
            input,
            to_screen,
            owners,
        }
    }

    /// What the pointer rests on, said beside it (not while the dice fly or a man is dragged).
    fn hover_text(&mut self, painted: &Painted) {
        let Painted {
            board,
            view,
            response,
            input,
            ..
        } = painted;
        if let Some(place) = input.hovered
            && self.board.animation.is_none()
            && !response.dragged()
        {
            let shown = self
                .board
                .replaying
                .as_ref()
                .map_or(&self.session, ReplayView::shown);
            let text = self
                .board
                .hover
                .text(place, shown, view.bottom, &board.dice);
            if !text.is_empty() {
                response.clone().on_hover_ui_at_pointer(|ui| {
                    ui.set_max_width(380.0);
                    ui.label(text);
                });
            }
        }
    }

    /// The person's hands on the board: a click, a drag and a drop; the same board to the keys
    /// and to the screen reader, where a press is a click. Each becomes an intent.
    fn hands_on(&self, ui: &mut egui::Ui, shell: &Shell, painted: &Painted) -> Vec<Intent> {
        let Painted {
            board,
            view,
            response,
            input,
            to_screen,
            owners,
        } = painted;
        let (view, board_rect) = (*view, response.rect);
        let hands = self.hands(&shell.settings);
        let asked = [
            input.clicked.and_then(|p| hands.click(p, owners, false)),
            input.drag_started.and_then(|p| hands.drag_start(p)),
            input.dropped_on.and_then(|p| hands.drop_on(p, owners)),
        ];
        let mut asked: Vec<Intent> = asked.into_iter().flatten().collect();

        // The same board to the keyboard and the screen reader: a press there is a click.
        let shown = self
            .board
            .replaying
            .as_ref()
            .map_or(&self.session, ReplayView::shown);
        let game = shown.game();
        let mover = game.turn();
        let order = board_access::in_order(view, mover, board.dice.len());
        let live: Vec<Place> = order
            .iter()
            .copied()
            .filter(|&p| hands.does_something(p, owners))
            .collect();
        let from_mover = game.position_for(mover);
        let bear_off = game.rules().bear_off;
        let lit_by: Vec<tooltips::Lit> = self
            .board
            .picked
            .targets
            .iter()
            .map(|(to, steps)| {
                tooltips::Lit::of(
                    view.mover_to_bottom(mover, *to),
                    steps,
                    from_mover,
                    bear_off,
                )
            })
            .collect();
        let names = [
            shown.colour_name(Side::White),
            shown.colour_name(Side::Black),
        ];
        let spoken = tooltips::Spoken {
            board,
            game,
            names,
            lit_by: &lit_by,
            live: &live,
        };
        // The keys first: a place given the focus is named and described in this same frame.
        let ctx = ui.ctx().clone();
        let mut pressed = Vec::new();
        if self.board.board_keys {
            let picked = self.board.picked.from.is_some();
            // With a man picked up, Down and Up go among the places lit for him (and back to
            // him), not to the other men who may move.
            let stops: Vec<Place> = match board.selected {
                Some(at) if picked => lit_by.iter().map(|l| l.place).chain([at]).collect(),
                _ => live.clone(),
            };
            for key in board_access::keys(&ctx, &order, &stops, picked, !hands.space_throws()) {
                board_access::follow(&ctx, key);
                match key {
                    board_access::BoardKey::Press(place) => pressed.push(place),
                    board_access::BoardKey::PutDown => asked.push(Intent::Select(None)),
                    board_access::BoardKey::Focus(_) | board_access::BoardKey::Leave => {}
                }
            }
        }
        let dice = &board.dice;
        pressed.extend(board_access::nodes(
            ui,
            (board, self.board.board_keys),
            board_rect,
            to_screen,
            &order,
            &|p| spoken.name(p),
            &|p| tooltips::describe(p, game, view.bottom, names, dice),
        ));
        asked.extend(
            pressed
                .into_iter()
                .filter_map(|p| hands.click(p, owners, false)),
        );
        board_access::paint_focus(&ctx, ui.painter(), board, to_screen);
        asked
    }
}
