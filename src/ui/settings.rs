//! The New game window: a preset, who plays each side and in what colour, and every option of
//! RULES.md with its explanation and sources. Changes apply to the next game; the rules of the
//! game in progress are shown, not changed.

use egui::{ComboBox, RichText};
use serde::{Deserialize, Serialize};

use super::slide::Speed;
use crate::engine::options::{OPTIONS, RuleOption, source_name};
use crate::engine::{Players, Preset, Rules, Side};
use crate::level::Level;
use crate::players::{Colour, Controller, Player, Table};
use crate::save::RecentFiles;

/// What a person chooses once and keeps between runs: the next game's rules and table, and how
/// the board is shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub preset: Option<Preset>,
    pub rules: Rules,
    pub table: Table,
    pub numbers: bool,
    pub ace_left: bool,
    /// How fast the men slide and the dice fly (instant: no animation).
    pub speed: Speed,
    pub recent: RecentFiles,
    /// Whether the first-game guide was offered already (it opens by itself once).
    pub guide_offered: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            preset: Some(Preset::Irish),
            rules: Rules::preset(Preset::Irish),
            table: Table::against_computer(Level::Fair),
            numbers: false,
            ace_left: false,
            speed: Speed::Normal,
            recent: RecentFiles::default(),
            guide_offered: false,
        }
    }
}

/// What the person did with the window this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Editing,
    Start,
    Cancel,
}

fn sources_line(option: &RuleOption) -> String {
    let names: Vec<&str> = option.sources.iter().map(|s| source_name(s)).collect();
    format!("Sources: {}", names.join("; "))
}

/// The option's explanation and sources, what the sources disagree on when hovered.
fn explained(ui: &mut egui::Ui, option: &RuleOption) {
    ui.label(option.explanation);
    let sources = ui.label(RichText::new(sources_line(option)).small().italics());
    if !option.disagreement.is_empty() {
        sources.on_hover_text(option.disagreement);
    }
    ui.add_space(4.0);
}

/// An option with values of its own: a list of its values in words. A value that needs more
/// than its name (a custom layout's position) is shown when in force but not offered.
fn option_row(ui: &mut egui::Ui, option: &RuleOption, rules: &mut Rules) -> bool {
    let mut changed = false;
    let chosen = option.chosen(rules);
    ui.horizontal(|ui| {
        ui.label(RichText::new(option.words).strong())
            .on_hover_text(option.name);
        ComboBox::from_id_salt(option.name)
            .selected_text(chosen.map_or("", |v| v.words))
            .show_ui(ui, |ui| {
                for value in option.values.iter().filter(|v| v.parameter.is_none()) {
                    let selected = chosen == Some(value);
                    let clicked = ui
                        .selectable_label(selected, value.words)
                        .on_hover_text(value.explanation)
                        .clicked();
                    if clicked && !selected {
                        changed |= option.set(rules, value.name).is_ok();
                    }
                }
            });
    });
    explained(ui, option);
    changed
}

/// A flag (`false` / `true`): a checkbox.
fn flag_row(ui: &mut egui::Ui, option: &RuleOption, rules: &mut Rules) -> bool {
    let mut on = option.value(rules).parse().unwrap_or(false);
    let mut changed = ui
        .checkbox(&mut on, RichText::new(option.words).strong())
        .on_hover_text(option.name)
        .changed();
    if changed {
        changed = option.set(rules, &on.to_string()).is_ok();
    }
    explained(ui, option);
    changed
}

/// Every option of the table, editable. Returns whether any changed.
pub fn rules_editor(ui: &mut egui::Ui, rules: &mut Rules) -> bool {
    let mut changed = false;
    for option in OPTIONS {
        changed |= if option.is_flag() {
            flag_row(ui, option, rules)
        } else {
            option_row(ui, option, rules)
        };
    }
    changed
}

fn controller_label(c: Controller) -> String {
    match c {
        Controller::Person => "a person".to_string(),
        Controller::Computer(level) => format!("the computer ({level})"),
    }
}

fn player_row(ui: &mut egui::Ui, id: &str, player: &mut Player) {
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut player.name)
                .desired_width(140.0)
                .id_salt(format!("{id}-name")),
        );
        ComboBox::from_id_salt(format!("{id}-who"))
            .selected_text(controller_label(player.controller))
            .show_ui(ui, |ui| {
                ui.selectable_value(
                    &mut player.controller,
                    Controller::Person,
                    controller_label(Controller::Person),
                );
                for level in Level::ALL {
                    let c = Controller::Computer(level);
                    ui.selectable_value(&mut player.controller, c, controller_label(c));
                }
            });
    });
}

/// The New game window. `current` is the rules of the game in progress, shown read-only.
pub fn new_game_window(ctx: &egui::Context, draft: &mut Settings, current: &Rules) -> Choice {
    let mut choice = Choice::Editing;
    let mut open = true;
    egui::Window::new("New game")
        .open(&mut open)
        .default_width(560.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Game").strong());
                let title = draft.preset.map_or("House rules (changed)", |p| p.title());
                ComboBox::from_id_salt("preset")
                    .selected_text(title)
                    .width(300.0)
                    .show_ui(ui, |ui| {
                        for p in Preset::ALL {
                            if ui
                                .selectable_label(draft.preset == Some(p), p.title())
                                .clicked()
                            {
                                draft.preset = Some(p);
                                draft.rules = Rules::preset(p);
                            }
                        }
                    });
            });
            ui.label("A preset sets every option at once; any option may then be changed below.");
            ui.separator();
            ui.label(RichText::new("At the table").strong());
            let double_hand = draft.rules.players == Players::DoubleHand;
            for side in Side::BOTH {
                let seat = draft.table.seat_mut(side);
                let want = if double_hand { 2 } else { 1 };
                while seat.players.len() < want {
                    let n = seat.players.len() + 1;
                    seat.players.push(Player {
                        name: format!("{side} {n}"),
                        controller: Controller::Person,
                    });
                }
                seat.players.truncate(want);
                ui.horizontal(|ui| {
                    ui.label(if side == Side::White {
                        "First side, men of"
                    } else {
                        "Second side, men of"
                    });
                    ComboBox::from_id_salt(format!("{side}-colour"))
                        .selected_text(seat.colour.name())
                        .show_ui(ui, |ui| {
                            for c in Colour::ALL {
                                ui.selectable_value(&mut seat.colour, c, c.name());
                            }
                        });
                });
                for (i, player) in seat.players.iter_mut().enumerate() {
                    player_row(ui, &format!("{side}-{i}"), player);
                }
            }
            let same_colour = draft.table.white.colour == draft.table.black.colour;
            if same_colour {
                ui.label(
                    RichText::new("The two sides need different colours.")
                        .color(egui::Color32::from_rgb(140, 30, 20)),
                );
            }
            ui.separator();
            egui::CollapsingHeader::new("House rules: every option")
                .default_open(false)
                .show(ui, |ui| {
                    if rules_editor(ui, &mut draft.rules) {
                        draft.preset = Preset::of(&draft.rules);
                    }
                });
            egui::CollapsingHeader::new(
                "The rules of the game in progress (not changed by this window)",
            )
            .show(ui, |ui| {
                for (name, value) in current.values() {
                    ui.label(format!("{name} = {value}"));
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        !same_colour,
                        egui::Button::new(RichText::new("Start the new game").strong()),
                    )
                    .clicked()
                {
                    choice = Choice::Start;
                }
                if ui.button("Cancel").clicked() {
                    choice = Choice::Cancel;
                }
            });
        });
    if !open {
        choice = Choice::Cancel;
    }
    choice
}
