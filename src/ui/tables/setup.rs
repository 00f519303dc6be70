//! The games at tables' part of New game: the game by its preset, who sits at each side and in
//! what colour, the tutor, the match and the cube, and every option of RULES.md with its
//! explanation and sources; the rules of the game in progress beside them, not changed.

use egui::{ComboBox, RichText};

use crate::players::{Colour, NAME_LIMIT, Player, check_name, clean_name};
use crate::tables::options::{OF_THE_MATCH, OPTIONS, RuleOption, source_name, source_short};
use crate::tables::{Players, Preset, Rules, Side};
use crate::teaching::rules_text::{in_words, value_explanation};
use crate::ui::shell::settings::{Settings, Tutoring};
use crate::ui::shell::setup_rows::{IN_PROGRESS, choice, name_list, who_sits};

/// The option's sources, each named once and short ("Sources: Murray, the Irish Game"); the
/// full references, and what the sources disagree on, on hover.
fn sources_line(ui: &mut egui::Ui, option: &RuleOption) {
    let (short, hover) = sources_words(option);
    ui.label(RichText::new(short).small().italics())
        .on_hover_text(hover);
}

/// An option's sources in words: short ("Sources: Murray, the Irish Game"), and in full with
/// what they disagree on (for a hover).
pub(crate) fn sources_words(option: &RuleOption) -> (String, String) {
    let short: Vec<&str> = option.sources.iter().map(|s| source_short(s)).collect();
    let full: Vec<&str> = option.sources.iter().map(|s| source_name(s)).collect();
    let mut hover = full.join("\n");
    if !option.disagreement.is_empty() {
        hover = format!("{hover}\n\n{}", option.disagreement);
    }
    (format!("Sources: {}", short.join(", ")), hover)
}

/// An option in words: its name, every value offered side by side (the chosen one marked, its
/// meaning on hover), what it does, what the value chosen means with its numbers (the stakes
/// each win scores, where the men stand), and its sources. A value that needs more than its
/// name (a custom layout's position) is shown when in force but not offered. The identifiers
/// of RULES.md stay for the command line and save files: a player never sees them.
fn option_row(ui: &mut egui::Ui, option: &RuleOption, rules: &mut Rules) -> bool {
    let mut changed = false;
    let chosen = option.chosen(rules);
    ui.horizontal_wrapped(|ui| {
        if option.is_flag() {
            let mut on = option.value(rules).parse().unwrap_or(false);
            let ticked = ui
                .checkbox(&mut on, RichText::new(option.words).strong())
                .changed();
            if ticked {
                changed = option.set(rules, &on.to_string()).is_ok();
            }
            return;
        }
        ui.label(RichText::new(format!("{}:", option.words)).strong());
        // Many values (a match's length) are a list to open, not a row of buttons.
        if option.values.len() > MOST_SIDE_BY_SIDE {
            let shown = chosen.map_or_else(|| option.value(rules), |v| v.words.to_string());
            let list = egui::ComboBox::from_id_salt(option.name)
                .selected_text(shown.clone())
                .show_ui(ui, |ui| {
                    for value in option.values.iter().filter(|v| v.parameter.is_none()) {
                        let selected = chosen == Some(value);
                        if ui
                            .selectable_label(selected, value.words)
                            .on_hover_text(value_explanation(option, value))
                            .clicked()
                            && !selected
                        {
                            changed |= option.set(rules, value.name).is_ok();
                        }
                    }
                })
                .response;
            name_list(ui, &list, option.words, &shown);
            return;
        }
        let offered = option
            .values
            .iter()
            .filter(|v| v.parameter.is_none() || chosen == Some(*v));
        for (i, value) in offered.enumerate() {
            if i > 0 {
                ui.label("/");
            }
            let selected = chosen == Some(value);
            let clicked = choice(ui, selected, value.words, option.words)
                .on_hover_text(value_explanation(option, value))
                .clicked();
            if clicked && !selected && value.parameter.is_none() {
                changed |= option.set(rules, value.name).is_ok();
            }
        }
    });
    ui.label(option.explanation);
    // What the value chosen means, with its numbers ("Cotton's table: 1 stake for a plain
    // win, 2 for …"); a flag's "yes" or "no" says nothing more.
    if let Some(value) = option.chosen(rules).filter(|_| !option.is_flag()) {
        ui.label(
            RichText::new(format!(
                "{}: {}",
                value.words,
                value_explanation(option, value)
            ))
            .italics(),
        );
    }
    sources_line(ui, option);
    ui.add_space(6.0);
    changed
}

/// The most values of an option offered side by side; more are a list to open.
const MOST_SIDE_BY_SIDE: usize = 6;

/// Every option of the game (the options of the match apart), editable. Returns whether any
/// changed.
pub fn rules_editor(ui: &mut egui::Ui, rules: &mut Rules) -> bool {
    let mut changed = false;
    for option in OPTIONS.iter().filter(|o| !o.of_the_match()) {
        changed |= option_row(ui, option, rules);
    }
    changed
}

/// The match and the cube, editable: they change no rule of the game, so the game keeps its
/// preset's name.
fn match_editor(ui: &mut egui::Ui, rules: &mut Rules) {
    for option in OF_THE_MATCH {
        option_row(ui, option, rules);
    }
}

/// The rules of a game in words, one option a line: "Bearing off: any die over the edge".
fn rules_in_words(ui: &mut egui::Ui, rules: &Rules) {
    for (option, value) in in_words(rules) {
        ui.label(format!("{option}: {value}"));
    }
}

/// A player's name and who moves for him. The name keeps to the rule of names as it is typed
/// or pasted: no more than [`NAME_LIMIT`] characters, control characters (a tab) dropped.
fn player_row(ui: &mut egui::Ui, id: &str, seat: &str, player: &mut Player) {
    ui.horizontal(|ui| {
        let name = ui.add(
            egui::TextEdit::singleline(&mut player.name)
                .char_limit(NAME_LIMIT)
                .desired_width(140.0)
                .id_salt(format!("{id}-name")),
        );
        ui.ctx().accesskit_node_builder(name.id, |node| {
            node.set_label(format!("{seat}'s name"));
        });
        if check_name(&player.name).is_err() {
            player.name = clean_name(&player.name);
        }
        who_sits(ui, &format!("{id}-who"), seat, &mut player.controller);
    });
}

/// The tutor: off, or the least mark of the choices he points out.
fn tutor_row(ui: &mut egui::Ui, tutor: &mut Tutoring) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("The tutor: point out plays that lose at least").strong());
        for (i, t) in Tutoring::ALL.into_iter().enumerate() {
            if i > 0 {
                ui.label("/");
            }
            ui.radio_value(tutor, t, t.words());
        }
    });
    ui.label(
        "Before a person's dice are lifted, and before he doubles, takes, drops or breaks a \
         bound table, the tutor points out a choice that loses at least this much, with the \
         better one; he may take it back or play on.",
    );
}

/// The games at tables' part of New game, under the choice of the family: `in_play` is the
/// rules of the game in progress, shown read-only. Whether the two sides have been given one
/// colour, which cannot start.
pub fn editor(ui: &mut egui::Ui, draft: &mut Settings, in_play: &Rules) -> bool {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Game").strong());
        // The match and the cube are not rules of the game: Modern backgammon in a match to 5
        // is Modern backgammon still.
        draft.preset = Preset::of_game(&draft.rules);
        let title = draft.preset.map_or("House rules (changed)", |p| p.title());
        let list = ComboBox::from_id_salt("preset")
            .selected_text(title)
            .width(300.0)
            // Every preset in view at once, with no scrolling inside the list.
            .height(f32::INFINITY)
            .show_ui(ui, |ui| {
                for p in Preset::ALL {
                    if ui
                        .selectable_label(draft.preset == Some(p), p.title())
                        .clicked()
                    {
                        // The game chosen is the game its preset says, its match and its
                        // cube too: nothing set for another game is carried to it.
                        draft.preset = Some(p);
                        draft.rules = Rules::preset(p);
                    }
                }
            })
            .response;
        let title = Preset::of_game(&draft.rules).map_or("House rules (changed)", |p| p.title());
        name_list(ui, &list, "Game", title);
    });
    ui.label(
        "Choosing a game sets every rule of it at once, its match and its cube too, as its \
         preset says; any of them may then be changed below.",
    );
    ui.separator();
    ui.label(RichText::new("At the table").strong());
    draft.table.fit(draft.rules.players == Players::DoubleHand);
    for side in Side::BOTH {
        let seat = draft.table.seat_mut(side);
        ui.horizontal(|ui| {
            let words = if side == Side::White {
                "First side, men of"
            } else {
                "Second side, men of"
            };
            ui.label(words);
            let list = ComboBox::from_id_salt(format!("{side}-colour"))
                .selected_text(seat.colour.name())
                .show_ui(ui, |ui| {
                    for c in Colour::ALL {
                        ui.selectable_value(&mut seat.colour, c, c.name());
                    }
                })
                .response;
            name_list(ui, &list, words, seat.colour.name());
        });
        let first = side == Side::White;
        let partners = seat.players.len() > 1;
        for (i, player) in seat.players.iter_mut().enumerate() {
            let who = match (first, partners, i) {
                (true, false, _) => "The first side's player".to_string(),
                (false, false, _) => "The second side's player".to_string(),
                (true, true, i) => format!("The first side's player {}", i + 1),
                (false, true, i) => format!("The second side's player {}", i + 1),
            };
            player_row(ui, &format!("{side}-{i}"), &who, player);
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
    tutor_row(ui, &mut draft.tutor);
    ui.separator();
    ui.label(RichText::new("The match and the cube").strong());
    match_editor(ui, &mut draft.rules);
    ui.separator();
    egui::CollapsingHeader::new("House rules: every option")
        .default_open(false)
        .show(ui, |ui| {
            if rules_editor(ui, &mut draft.rules) {
                draft.preset = Preset::of_game(&draft.rules);
            }
        });
    egui::CollapsingHeader::new(IN_PROGRESS).show(ui, |ui| rules_in_words(ui, in_play));
    same_colour
}

impl Settings {
    /// The level New game gives the computer at tables (fair where it seats none).
    #[must_use]
    pub fn tables_level(&self) -> crate::level::Level {
        [&self.table.white, &self.table.black]
            .iter()
            .flat_map(|seat| &seat.players)
            .find_map(|p| match p.controller {
                crate::players::Controller::Computer(level) => Some(level),
                _ => None,
            })
            .unwrap_or(crate::level::Level::Fair)
    }
}
