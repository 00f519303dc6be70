//! The story of the game (each turn in period words and in notation), the session's score and
//! the rules in force.

use egui::{RichText, ScrollArea};

use crate::session::Session;
use crate::tables::options::OPTIONS;
use crate::tables::{Preset, Side};

/// The side panel: rules in force, score, and the story so far.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    glossary: &mut super::glossary::Glossary,
    show_rules: &mut bool,
) {
    let game = session.game();
    ui.add_space(6.0);
    let title = Preset::of(game.rules()).map_or("House rules", |p| p.title());
    ui.heading(title);
    let tally = game.tally();
    ui.label(format!(
        "Session: {} {} · {} {}{}",
        session.colour_name(Side::White),
        tally.white,
        session.colour_name(Side::Black),
        tally.black,
        if tally.draws > 0 {
            format!(" · {} drawn", tally.draws)
        } else {
            String::new()
        }
    ));
    for side in Side::BOTH {
        ui.label(
            RichText::new(format!(
                "{}: {}",
                session.colour_name(side),
                session.side_name(side)
            ))
            .small(),
        );
    }
    ui.horizontal(|ui| {
        if ui.link("The rules of this game, explained").clicked() {
            *show_rules = true;
        }
        ui.label(" · ");
        if ui.link("Glossary").clicked() {
            glossary.open = true;
        }
    });
    ui.collapsing("Its options", |ui| {
        for ((name, value), info) in game.rules().values().into_iter().zip(OPTIONS.iter()) {
            ui.label(RichText::new(format!("{name} = {value}")).strong())
                .on_hover_text(info.explanation);
        }
    });
    ui.separator();
    ui.label(RichText::new("The play").strong());
    ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for entry in session.log() {
                let text = match &entry.notation {
                    Some(n) if !n.is_empty() => format!("{} ({n})", entry.words),
                    _ => entry.words.clone(),
                };
                super::glossary::linked_text(ui, &text, RichText::new, glossary);
            }
        });
}
