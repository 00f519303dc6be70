//! The story beside the table, the same in every family: its lines in a scrolled area that
//! follows their end as they come, each period word a link to its glossary entry.

use egui::RichText;

use crate::ui::shell::glossary::{Glossary, linked_text};

/// The heights of a story's lines as last laid out, at one width and one size of text: a line
/// out of sight whose height is known takes its room without being laid out again, so a frame
/// costs the lines in sight, not the whole game's.
#[derive(Clone, Default)]
struct Heights {
    width: f32,
    body: f32,
    /// Each line's key (what it says, hashed) and its height.
    lines: Vec<(u64, f32)>,
}

/// A scrolled area of `count` lines, line `i` saying `text(i)` and shown by `line(ui, text)`, kept
/// at its end as lines come. egui scrolls a stuck area to its end only after laying it out, so
/// the frame in which lines come shows them out of sight below: one more frame is asked for
/// then, or a game that ends with no other frame to come would rest with its last lines hidden.
///
/// Only the lines in sight, and those not laid out before at this width, are laid out: the
/// others take the room they took last time, so a whole game's story costs a frame little more
/// than the few lines it shows. A line out of sight is still read by a screen reader, whole,
/// as one label.
pub fn follow_the_end<'t>(
    ui: &mut egui::Ui,
    count: usize,
    text: impl Fn(usize) -> std::borrow::Cow<'t, str>,
    mut line: impl FnMut(&mut egui::Ui, &str),
) {
    let id = ui.scope_id().with("story lines");
    if ui.data(|d| d.get_temp::<usize>(id)) != Some(count) {
        ui.data_mut(|d| d.insert_temp(id, count));
        ui.ctx().request_repaint();
    }
    let heights_id = id.with("heights");
    // However little room a short window leaves, the area takes no more than it (two lines at
    // least, where it has them), so that its lines are never drawn cut past the panel's foot.
    let least = ui.text_style_height(&egui::TextStyle::Body) * 2.0;
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .min_scrolled_height(least.min(ui.available_height().max(0.0)))
        .show_viewport(ui, |ui, viewport| {
            let width = ui.available_width();
            let body = ui.text_style_height(&egui::TextStyle::Body);
            let mut known = ui
                .data_mut(|d| d.remove_temp::<Heights>(heights_id))
                .filter(|h| h.width == width && h.body == body)
                .unwrap_or(Heights {
                    width,
                    body,
                    lines: Vec::new(),
                });
            known.lines.truncate(count);
            let gap = ui.spacing().item_spacing.y;
            // Where the next line begins, from the top of the lines.
            let mut y = 0.0;
            for i in 0..count {
                let says = text(i);
                let k = line_key((i, says.as_ref()));
                let before = known.lines.get(i).filter(|(was, _)| *was == k).map(|l| l.1);
                if let Some(h) = before
                    && (y + h < viewport.min.y || y > viewport.max.y)
                {
                    // Its room, and its words for a screen reader; nothing laid out.
                    let room = ui.allocate_response(egui::vec2(width, h), egui::Sense::hover());
                    room.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Label, true, says.as_ref())
                    });
                    y += h + gap;
                    continue;
                }
                let h = ui.push_id(k, |ui| line(ui, &says)).response.rect.height();
                if i < known.lines.len() {
                    known.lines[i] = (k, h);
                } else {
                    known.lines.push((k, h));
                }
                y += h + gap;
            }
            ui.data_mut(|d| d.insert_temp(heights_id, known));
        });
}

/// The key a line's height is kept under: a hash of where it stands and what it says.
fn line_key(line: impl std::hash::Hash) -> u64 {
    use std::hash::BuildHasher as _;
    std::hash::BuildHasherDefault::<std::hash::DefaultHasher>::default().hash_one(line)
}

/// The story's lines (an empty line: a rule between two games), followed to their end.
pub fn story_lines(ui: &mut egui::Ui, lines: &[String], glossary: &mut Glossary) {
    follow_the_end(
        ui,
        lines.len(),
        |i| std::borrow::Cow::Borrowed(lines[i].as_str()),
        |ui, line| {
            if line.is_empty() {
                ui.separator();
            } else {
                linked_text(ui, line, RichText::new, glossary);
            }
        },
    );
}
