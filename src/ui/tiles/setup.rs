//! What New game offers for the tiles games: the game (Block, Draw, Muggins, Muggins in
//! teams), how many play, who sets first, how Muggins scores, how long a game lasts, and who
//! sits at the table. Remembered with the other settings.

use egui::RichText;
use serde::{Deserialize, Serialize};

use crate::level::Level;
use crate::tiles::{FirstSet, Kind, MugginsScore, Preset, Rules, Target};

use crate::players::Controller;
use crate::tiles_session::NAMES;
use crate::ui::shell::setup_rows::{about_game, game_row, house_rules};

/// The tiles game New game starts, as the person chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TilesSettings {
    /// Whether New game starts a tiles game rather than a game at tables.
    pub chosen: bool,
    pub preset: Preset,
    pub rules: Rules,
    /// Whether every place is a person's (friends at one screen); otherwise the person plays
    /// the first place and the computer the others.
    pub all_people: bool,
    pub level: Level,
    /// Whether the person was at the tiles table when the window last closed (the tiles game
    /// in progress is then resumed from its autosave).
    pub at_table: bool,
}

impl Default for TilesSettings {
    fn default() -> TilesSettings {
        TilesSettings {
            chosen: false,
            preset: Preset::Draw,
            rules: Rules::preset(Preset::Draw),
            all_people: false,
            level: Level::Fair,
            at_table: false,
        }
    }
}

impl TilesSettings {
    /// Who sits at each place.
    #[must_use]
    pub fn sitters(&self) -> Vec<Controller> {
        (0..self.rules.players)
            .map(|p| {
                if p == 0 || self.all_people {
                    Controller::Person
                } else {
                    Controller::Computer(self.level)
                }
            })
            .collect()
    }
}

// The title and the rules in words are the core's (`teaching::tiles_rules`), which the
// command line's rules page reads too.
pub use crate::teaching::tiles_rules::{rules_in_words, title_of};

/// What a game is, in a line.
fn about(kind: Kind) -> &'static str {
    match kind {
        Kind::Block => {
            "A player who cannot lay knocks and passes; when no one can lay, the least pips in hand win."
        }
        Kind::Draw => {
            "A player who cannot lay draws from the boneyard until he can; the last tiles of the boneyard are never drawn."
        }
        Kind::Muggins => {
            "Drawn as in Draw, and whenever the ends of the line add to a multiple of five, the player who made it scores."
        }
    }
}

/// The tiles games' part of New game. Returns whether anything changed.
pub fn editor(ui: &mut egui::Ui, s: &mut TilesSettings) -> bool {
    let before = *s;
    if let Some(p) = game_row(ui, &mut s.preset, &Preset::ALL, Preset::title) {
        s.rules = Rules::preset(p);
    }
    about_game(
        ui,
        about(s.rules.kind),
        "Source: the Incompleat Gamester; where it is silent, common practice.",
    );
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Players").strong());
        if s.rules.teams {
            ui.label("four, partners sitting opposite: You and Kate against Robin and Tom");
        } else {
            for n in 2..=4u8 {
                if crate::ui::shell::setup_rows::choice(
                    ui,
                    s.rules.players == n,
                    &n.to_string(),
                    "Players",
                )
                .clicked()
                {
                    s.rules = s.rules.with_players(n);
                }
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("At the table").strong());
        ui.radio_value(&mut s.all_people, false, "you against the computer");
        ui.radio_value(&mut s.all_people, true, "friends at this screen");
        if !s.all_people {
            ui.label("at");
            for l in Level::ALL {
                ui.radio_value(&mut s.level, l, l.name());
            }
        }
    });
    if !s.all_people {
        let others: Vec<&str> = NAMES[1..usize::from(s.rules.players)].to_vec();
        ui.label(format!("The computer plays {}.", others.join(", ")));
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Tiles in each hand").strong());
        let mut n = i32::from(s.rules.hand_size);
        let most = (28 - s.rules.reserve() as i32) / i32::from(s.rules.players);
        ui.add(egui::Slider::new(&mut n, 1..=most.clamp(1, 9)));
        s.rules.hand_size = u8::try_from(n).unwrap_or(s.rules.hand_size);
        ui.label("(the book: seven each for two, five for three or four; five in Muggins)");
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Who sets first").strong());
        ui.radio_value(&mut s.rules.first, FirstSet::HighestDouble, "the highest double")
            .on_hover_text("The player dealt the highest double sets it (with no double dealt, the heaviest tile).");
        ui.radio_value(&mut s.rules.first, FirstSet::Die, "a throw of a die each")
            .on_hover_text("Each player throws a die; the highest sets any tile.");
        ui.radio_value(&mut s.rules.first, FirstSet::Turns, "each in turn")
            .on_hover_text("The players set in turn, hand by hand.");
    });
    if s.rules.kind == Kind::Muggins {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Muggins scores").strong());
            ui.radio_value(
                &mut s.rules.muggins,
                MugginsScore::PerFive,
                "a point for each five (the book)",
            );
            ui.radio_value(
                &mut s.rules.muggins,
                MugginsScore::Pips,
                "the pips at the ends (many houses)",
            );
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("A game is").strong());
        for (t, words) in [
            (Target::Points(61), "to 61 points"),
            (Target::Points(100), "to 100 points"),
            (Target::SingleHand, "a single hand"),
        ] {
            ui.radio_value(&mut s.rules.target, t, words);
        }
    });
    house_rules(ui, s.rules != Rules::preset(s.preset));
    *s != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn against_the_computer_the_person_sits_first_and_the_computer_elsewhere() {
        let mut s = TilesSettings {
            preset: Preset::MugginsTeams,
            rules: Rules::preset(Preset::MugginsTeams),
            level: Level::Expert,
            ..TilesSettings::default()
        };
        assert_eq!(
            s.sitters(),
            vec![
                Controller::Person,
                Controller::Computer(Level::Expert),
                Controller::Computer(Level::Expert),
                Controller::Computer(Level::Expert)
            ]
        );
        s.all_people = true;
        assert!(s.sitters().iter().all(|x| *x == Controller::Person));
    }
}
