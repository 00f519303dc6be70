//! The rows that every family's part of New game (its setup) is built from, written once so
//! that each family says them in the same words: the game chosen from its presets, what the
//! game is in a line with where its rules come from, who sits at a seat (a person, or the
//! computer at a level), and the line that says the rules are the house's.

use egui::{ComboBox, RichText};

use crate::level::Level;
use crate::players::Controller;

/// The heading of the rules of the game in progress, shown under New game's draft.
pub const IN_PROGRESS: &str = "The rules of the game in progress (not changed by this window)";

/// Names a list (a combo box) for a screen reader by what it chooses and its choice now
/// ("Game: Irish (Willughby)"): over AT-SPI a list says its name and not its value, so a list
/// named by neither was read as a bare "combo box".
pub fn name_list(ui: &egui::Ui, list: &egui::Response, what: &str, chosen: &str) {
    ui.ctx().accesskit_node_builder(list.id, |node| {
        node.set_label(format!("{what}: {chosen}"));
    });
}

/// A radio button of a row that answers `question`, named for a screen reader with the
/// question and its own words ("Players: 3"), since a row's label is not read with it.
pub fn choice(ui: &mut egui::Ui, selected: bool, words: &str, question: &str) -> egui::Response {
    let button = ui.radio(selected, words);
    ui.ctx().accesskit_node_builder(button.id, |node| {
        node.set_label(format!("{question}: {words}"));
    });
    button
}

/// Who sits at a seat, in words: "a person", "the computer (fair)".
fn sitter_words(c: Controller) -> String {
    c.words()
}

/// The list that chooses who sits at a seat: a person, or the computer at each level. `id`
/// tells it from the seats' other lists; `seat` names the seat to a screen reader ("Player
/// 2").
pub fn who_sits(ui: &mut egui::Ui, id: &str, seat: &str, who: &mut Controller) {
    let list = ComboBox::from_id_salt(id)
        .selected_text(sitter_words(*who))
        .show_ui(ui, |ui| {
            ui.selectable_value(who, Controller::Person, sitter_words(Controller::Person));
            for level in Level::ALL {
                let c = Controller::Computer(level);
                ui.selectable_value(who, c, sitter_words(c));
            }
        })
        .response;
    name_list(ui, &list, &format!("{seat} played by"), &sitter_words(*who));
}

/// The row that chooses the game: a button for each of `presets`, named by `title`. Returns
/// the game chosen anew, if another was chosen (its rules are then the family's to set).
pub fn game_row<P: Copy + PartialEq>(
    ui: &mut egui::Ui,
    chosen: &mut P,
    presets: &[P],
    title: fn(P) -> &'static str,
) -> Option<P> {
    let mut anew = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Game").strong());
        for &p in presets {
            if choice(ui, *chosen == p, title(p), "Game").clicked() && *chosen != p {
                *chosen = p;
                anew = Some(p);
            }
        }
    });
    anew
}

/// What the game chosen is, in a line (`about`), and where its rules come from (`source`).
pub fn about_game(ui: &mut egui::Ui, about: &str, source: &str) {
    ui.label(RichText::new(about).italics());
    ui.label(RichText::new(source).small().italics());
    ui.add_space(6.0);
}

/// Says, if the rules are `changed` from the game's own, that they are house rules.
pub fn house_rules(ui: &mut egui::Ui, changed: bool) {
    if changed {
        ui.label(RichText::new("House rules: changed from the game's own.").italics());
    }
}
