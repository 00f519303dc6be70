//! What New game offers for the pastimes: the game (Doublets, Ketch-Dolt, Sice-Ace), how many
//! play at Sice-Ace, who sits at each seat, and every option of the game in words with its
//! sources, as the rules crate's table of options gives them. Remembered with the other
//! settings.

use egui::RichText;
use serde::{Deserialize, Serialize};

use crate::level::Level;
use crate::pastimes::{Kind, OPTIONS, Preset, Rules};
use crate::players::Controller;
use crate::ui::shell::setup_rows::{self, about_game, game_row, house_rules, who_sits};

/// The most seats a pastime has (Sice-Ace: "Five may play").
pub const MOST_SEATS: usize = 5;

/// The pastime New game starts, as the person chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PastimesSettings {
    /// Whether New game starts a pastime.
    pub chosen: bool,
    pub preset: Preset,
    pub rules: Rules,
    /// Who sits at each seat, the first seat first (those past the game's seats unused).
    pub sitters: [Controller; MOST_SEATS],
    /// Whether the person was at the pastime when the window last closed (it is then resumed
    /// from its autosave and shown).
    pub at_table: bool,
}

impl Default for PastimesSettings {
    /// Ketch-Dolt, you against the computer at a fair level (at Sice-Ace, the computer in every
    /// other seat).
    fn default() -> PastimesSettings {
        let computer = Controller::Computer(Level::Fair);
        PastimesSettings {
            chosen: false,
            preset: Preset::KetchDolt,
            rules: Rules::preset(Preset::KetchDolt),
            sitters: [Controller::Person, computer, computer, computer, computer],
            at_table: false,
        }
    }
}

impl PastimesSettings {
    /// Who sits at each seat of the game chosen.
    #[must_use]
    pub fn seated(&self) -> Vec<Controller> {
        self.sitters
            .iter()
            .take(usize::from(self.rules.seats))
            .copied()
            .collect()
    }
}

/// What a pastime is, in a line.
fn about(kind: Kind) -> &'static str {
    match kind {
        Kind::Doublets => {
            "Fifteen men a player stand piled on his six home points; each number thrown lays \
             one down, and once all are down each number bears one off. The first to bear all \
             wins. Pure chance: there is nothing to choose."
        }
        Kind::KetchDolt => {
            "Fifteen men a player start in a heap beside the tables; each number lays a man on \
             his point of it, but where the adversary has men on that point he must draw one \
             from it instead: taking from the heap then dolts him, and he loses."
        }
        Kind::SiceAce => {
            "Two to five players, six men each: every sice bears a man off, every ace loads one \
             on the next player, and doublets throw again. The last with men loses."
        }
    }
}

/// The pastimes' part of New game. Returns whether anything changed.
pub fn editor(ui: &mut egui::Ui, s: &mut PastimesSettings) -> bool {
    let before = *s;
    if let Some(p) = game_row(ui, &mut s.preset, &Preset::ALL, Preset::title) {
        s.rules = Rules::preset(p);
    }
    about_game(
        ui,
        about(s.rules.kind),
        "Source: Cotton, The Compleat Gamester (1674); Holme; where they are silent, Gamester's \
         choice.",
    );
    if s.rules.kind == Kind::SiceAce {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Players").strong());
            let seats = crate::pastimes::option("seats").map_or(&[][..], |o| o.values);
            for n in seats.iter().filter_map(|v| v.name.parse::<u8>().ok()) {
                if setup_rows::choice(ui, s.rules.seats == n, &n.to_string(), "Players").clicked() {
                    s.rules = s.rules.with_seats(n);
                }
            }
        });
    }
    ui.label(RichText::new("At the table").strong());
    for seat in 0..usize::from(s.rules.seats).min(MOST_SEATS) {
        ui.horizontal(|ui| {
            ui.label(format!("Player {}:", seat + 1));
            who_sits(
                ui,
                &format!("pastime-seat-{seat}"),
                &format!("Player {}", seat + 1),
                &mut s.sitters[seat],
            );
        });
    }
    ui.separator();
    ui.label(RichText::new("The rules").strong());
    let kind = s.rules.kind;
    for option in OPTIONS
        .iter()
        .filter(|o| o.games.contains(&kind) && o.name != "seats")
    {
        let chosen = option.value(&s.rules);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{}:", option.words)).strong());
            for (i, value) in option.values.iter().enumerate() {
                if i > 0 {
                    ui.label("/");
                }
                let selected = chosen == value.name;
                if setup_rows::choice(ui, selected, value.words, option.words).clicked()
                    && !selected
                {
                    // Every value offered is one of the option's own: the rules take it.
                    let _ = s.rules.set(option.name, value.name);
                }
            }
        });
        ui.label(option.explanation);
        ui.label(
            RichText::new(format!("Sources: {}", option.sources))
                .small()
                .italics(),
        );
        ui.add_space(4.0);
    }
    house_rules(
        ui,
        s.rules != Rules::preset(s.preset).with_seats(s.rules.seats),
    );
    *s != before
}

/// The rules of the pastime in progress in words, one option a line, as its rules window and
/// New game's part word them.
pub fn in_progress(ui: &mut egui::Ui, rules: &Rules) {
    ui.label(format!(
        "Game: {}",
        crate::teaching::pastime_rules::title(rules)
    ));
    for (option, value) in rules_in_words(rules) {
        ui.label(format!("{option}: {value}"));
    }
}

/// The rules of a pastime in words, one option a line: "A draw takes: one man".
#[must_use]
pub fn rules_in_words(rules: &Rules) -> Vec<(String, String)> {
    OPTIONS
        .iter()
        .filter(|o| o.games.contains(&rules.kind))
        .map(|o| {
            let words = o.value_words(rules);
            (o.words.to_string(), format!("{words} ({})", o.sources))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_default_you_sit_first_and_the_computer_in_every_other_seat() {
        let mut s = PastimesSettings::default();
        assert_eq!(s.seated().len(), 2);
        s.rules = Rules::preset(Preset::SiceAce);
        let seated = s.seated();
        assert_eq!(seated.len(), 5);
        assert_eq!(seated[0], Controller::Person);
        assert!(
            seated[1..]
                .iter()
                .all(|c| matches!(c, Controller::Computer(_)))
        );
    }
}
