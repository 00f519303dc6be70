//! Where the keys go, whatever the game: to the table, or to a window or menu the person
//! brought in front of it.

/// Where the keys go: to the board, or to a window the person brought in front of it.
///
/// The one-key shortcuts (Space, U, Enter, H, 1, 2…) act on the game only while the board has
/// the keys: no text field has focus, the New game window is not open, and the window (or menu)
/// the person last pressed the pointer on, if any, has been closed or left for the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyFocus {
    /// The window or menu last pressed on, while it may still be in front.
    front: Option<egui::LayerId>,
}

impl KeyFocus {
    /// Notes where the pointer was pressed this frame: a window or a menu takes the keys in
    /// front of the board; the board, the panels around it (no window) give them back.
    pub fn note_press(&mut self, ctx: &egui::Context) {
        let pressed_at = ctx.input(|i| {
            i.pointer
                .any_pressed()
                .then(|| i.pointer.interact_pos())
                .flatten()
        });
        if let Some(pos) = pressed_at {
            self.front = ctx.layer_id_at(pos).filter(|layer| {
                !matches!(layer.order, egui::Order::Background | egui::Order::Tooltip)
            });
        }
    }

    /// Whether the board has the keys now (`dialog_open`: the New game window is open).
    #[must_use]
    pub fn board_has_keys(&self, ctx: &egui::Context, dialog_open: bool) -> bool {
        if dialog_open || ctx.text_edit_focused() {
            return false;
        }
        self.front
            .is_none_or(|layer| !ctx.memory(|m| m.areas().is_visible(&layer)))
    }
}
