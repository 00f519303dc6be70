//! The glossary window (searchable), and text whose period words link to their glossary
//! entries (the rules window of each family links its words so).

use egui::{RichText, ScrollArea};

use crate::teaching::terms::{GLOSSARY, Term, links, search};

/// The glossary window's state: open or not, the search, and the entry a link asked for.
#[derive(Clone, Debug, Default)]
pub struct Glossary {
    pub open: bool,
    pub query: String,
    /// The entry to show first and mark (a link was followed to it).
    pub focus: Option<&'static str>,
}

impl Glossary {
    /// Opens the glossary at a term.
    pub fn show_term(&mut self, term: &'static Term) {
        self.open = true;
        self.focus = Some(term.name);
        self.query.clear();
    }
}

/// Shows `text`, its period words as links; a followed link opens the glossary at its entry.
pub fn linked_text(
    ui: &mut egui::Ui,
    text: &str,
    rich: impl Fn(String) -> RichText,
    glossary: &mut Glossary,
) {
    let found = links(text);
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        let mut at = 0;
        for (range, term) in found {
            if range.start > at {
                ui.label(rich(text[at..range.start].to_string()));
            }
            // The punctuation that ends the word ("blot.", "cater,") stays on its row: where
            // the word would fit and its full stop not, the word goes to the next row too.
            let rest = &text[range.end..];
            let stuck = rest
                .find(|c: char| c.is_whitespace() || c.is_alphanumeric())
                .unwrap_or(rest.len());
            if stuck > 0 {
                let piece =
                    egui::WidgetText::from(rich(text[range.start..range.end + stuck].to_string()))
                        .into_galley(
                            ui,
                            Some(egui::TextWrapMode::Extend),
                            f32::INFINITY,
                            egui::TextStyle::Body,
                        );
                let room = ui.available_size_before_wrap().x;
                let row_begun = room < ui.max_rect().width() - 1.0;
                if row_begun && piece.size().x > room {
                    ui.end_row();
                }
            }
            let link = ui
                .link(rich(text[range.clone()].to_string()))
                .on_hover_text(term.meaning);
            if link.clicked() {
                glossary.show_term(term);
            }
            at = range.end;
        }
        if at < text.len() {
            ui.label(rich(text[at..].to_string()));
        }
    });
}

fn entry(ui: &mut egui::Ui, term: &Term, marked: bool) {
    let name = RichText::new(term.name).strong().size(18.0);
    ui.label(if marked {
        name.background_color(egui::Color32::from_rgb(240, 220, 150))
    } else {
        name
    });
    let others: Vec<&str> = term
        .forms
        .iter()
        .copied()
        .filter(|f| *f != term.name)
        .take(6)
        .collect();
    if !others.is_empty() {
        ui.label(
            RichText::new(format!("also: {}", others.join(", ")))
                .small()
                .italics(),
        );
    }
    ui.label(term.meaning);
    let sources = term.source_names();
    if !sources.is_empty() {
        ui.label(RichText::new(format!("Source: {}", sources.join("; "))).small());
    }
    ui.add_space(6.0);
}

/// The glossary window.
pub fn glossary_window(ctx: &egui::Context, state: &mut Glossary) {
    let mut open = state.open;
    egui::Window::new("Glossary of the tables")
        .open(&mut open)
        .default_width(440.0)
        .default_height(560.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Search");
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(&mut state.query)
                            .hint_text("blot, cater, bound table…"),
                    )
                    .labelled_by(label.id);
                if edit.changed() {
                    state.focus = None;
                }
            });
            ui.label(
                RichText::new("Every word is explained in our own words; its sources are named.")
                    .small(),
            );
            ui.separator();
            ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let terms: Vec<&'static Term> = if state.query.trim().is_empty() {
                        GLOSSARY.iter().collect()
                    } else {
                        search(&state.query)
                    };
                    if terms.is_empty() {
                        ui.label("No entry matches.");
                    }
                    if let Some(focus) = state.focus
                        && let Some(term) = terms.iter().find(|t| t.name == focus)
                    {
                        entry(ui, term, true);
                        ui.separator();
                    }
                    for term in terms {
                        if Some(term.name) != state.focus {
                            entry(ui, term, false);
                        }
                    }
                });
        });
    state.open = open;
}
