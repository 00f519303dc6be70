//! A table's places to a screen reader and to the keyboard, for both families: the table is a
//! group node, each place on it (a point or a dice box; a tile, an end or the boneyard) a
//! button node with a name in words that takes the screen reader's click, and the arrow keys
//! are the table's while one of its places has the focus. Which places there are, what they are
//! called and what a click on one means are each family's (`board_access`, `tiles::view`).

pub mod announce;

use egui::accesskit;
use egui::{Id, Rect, Sense, WidgetInfo};

/// One place of a table: what it is to its family, its node's id, and where it lies on the
/// screen.
pub struct Spot<P> {
    pub place: P,
    pub id: Id,
    pub rect: Rect,
}

/// Makes the table (`group_id`, named `group`) and its `spots` nodes of the accessibility
/// tree, each named by `name` (and described, when it has the focus, by `describe`), and
/// returns the places the screen reader clicked this frame. The places sense no pointer: the
/// table under them keeps the mouse's clicks and drags. While one of them has the focus, the
/// arrows (and Escape, with `escape`) are the table's: egui would otherwise move the focus by
/// the places' shapes. Not `focusable` (a window asks something over the table), the places
/// are read but take no focus, so the keys stay in that window.
pub fn nodes<P: Copy>(
    ui: &mut egui::Ui,
    (group_id, group, rect): (Id, &str, Rect),
    spots: &[Spot<P>],
    name: &dyn Fn(P) -> String,
    describe: Option<&dyn Fn(P) -> String>,
    (escape, focusable): (bool, bool),
) -> Vec<P> {
    let ctx = ui.ctx().clone();
    let table = ui.interact(rect, group_id, Sense::hover());
    table.widget_info(|| WidgetInfo::labeled(accesskit::Role::Group, true, group));
    let child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .accessibility_parent(group_id),
    );
    let focused = ctx.memory(egui::Memory::focused);
    let mut clicked = Vec::new();
    for spot in spots {
        let sense = if focusable {
            Sense::FOCUSABLE
        } else {
            Sense::hover()
        };
        let response = child.interact(spot.rect, spot.id, sense);
        if !focusable && focused == Some(spot.id) {
            ctx.memory_mut(|m| m.surrender_focus(spot.id));
        }
        response
            .widget_info(|| WidgetInfo::labeled(accesskit::Role::Button, true, name(spot.place)));
        let has_focus = focusable && focused == Some(spot.id);
        ctx.accesskit_node_builder(spot.id, |node| {
            node.add_action(accesskit::Action::Click);
            if let Some(describe) = describe.filter(|_| has_focus) {
                node.set_description(describe(spot.place));
            }
        });
        if ctx.input(|i| i.has_accesskit_action_request(spot.id, accesskit::Action::Click)) {
            clicked.push(spot.place);
        }
        if has_focus {
            ctx.memory_mut(|m| {
                m.set_focus_lock_filter(
                    spot.id,
                    egui::EventFilter {
                        tab: false,
                        horizontal_arrows: true,
                        vertical_arrows: true,
                        escape,
                    },
                );
            });
        }
    }
    clicked
}

/// Gives the focus to `id` in answer to a key of the table's: egui must not move it on by the
/// places' shapes at the end of the frame, and the next frame locks the arrows to it.
pub fn take_focus(ctx: &egui::Context, id: Id) {
    ctx.memory_mut(|m| {
        m.request_focus(id);
        m.move_focus(egui::FocusDirection::None);
    });
    ctx.request_repaint();
}
