//! The story beside the table, the same in every family: its lines in a scrolled area that
//! follows their end as they come, each period word a link to its glossary entry.

use egui::RichText;

use crate::ui::shell::glossary::{Glossary, linked_text};

/// A scrolled area of `lines` lines, shown by `add`, kept at its end as lines come. egui
/// scrolls a stuck area to its end only after laying it out, so the frame in which lines come
/// shows them out of sight below: one more frame is asked for then, or a game that ends with
/// no other frame to come would rest with its last lines hidden.
pub fn follow_the_end(ui: &mut egui::Ui, lines: usize, add: impl FnOnce(&mut egui::Ui)) {
    let id = ui.scope_id().with("story lines");
    if ui.data(|d| d.get_temp::<usize>(id)) != Some(lines) {
        ui.data_mut(|d| d.insert_temp(id, lines));
        ui.ctx().request_repaint();
    }
    // However little room a short window leaves, the area takes no more than it (two lines at
    // least, where it has them), so that its lines are never drawn cut past the panel's foot.
    let least = ui.text_style_height(&egui::TextStyle::Body) * 2.0;
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .min_scrolled_height(least.min(ui.available_height().max(0.0)))
        .show(ui, add);
}

/// The story's lines (an empty line: a rule between two games), followed to their end.
pub fn story_lines(ui: &mut egui::Ui, lines: &[String], glossary: &mut Glossary) {
    follow_the_end(ui, lines.len(), |ui| {
        for line in lines {
            if line.is_empty() {
                ui.separator();
            } else {
                linked_text(ui, line, RichText::new, glossary);
            }
        }
    });
}
