//! Positions to share: the Position ID of the game shown, copied to the clipboard, and the
//! Set up a position window, which starts a new game from a pasted ID.
//!
//! Backgammon players trade positions as GNU Backgammon's Position IDs, and a teacher sets up a
//! lesson from one. An ID names where the men stand, seen from the side on roll, and nothing
//! else: not the colours, the rules, the dice or the score. So a position set up from an ID is
//! a *new game* under the rules in play whose array is that position (`Layout::Custom`, as
//! `--set layout=custom:<id>` makes on the command line), begun with the throw-off like any
//! game. The side the ID is seen from plays White.

use egui::{Color32, RichText};

use crate::tables::{Game, Layout, Preset, Rules, Side, position_id};

/// The Set up a position window: whether it is open, the text typed or pasted into it, and why
/// the last ID offered was refused.
#[derive(Debug, Default)]
pub struct PositionSetup {
    open: bool,
    /// Whether the field is yet to take the keys (it does when the window opens, so an ID
    /// can be pasted at once).
    focus: bool,
    text: String,
    refused: Option<String>,
}

/// The Position ID of a game's position, seen from the side on roll as GNU Backgammon gives it
/// (before the throw-off, from White).
#[must_use]
pub fn id_of(game: &Game) -> String {
    position_id::encode(&game.position_for(game.turn()))
}

/// Copies the Position ID of `game` to the clipboard, and says so for the message line.
pub fn copy(ctx: &egui::Context, game: &Game) -> String {
    let id = id_of(game);
    ctx.copy_text(id.clone());
    let side = match game.turn() {
        Side::White => "White",
        Side::Black => "Black",
    };
    format!("Position ID {id} copied to the clipboard (seen from {side}, on roll)")
}

/// The ID in what a person pasted: the text itself, or the word after "Position ID:" when the
/// whole line GNU Backgammon shows was copied.
fn id_in(text: &str) -> &str {
    let text = text.trim();
    match text.find("Position ID:") {
        Some(at) => text[at + "Position ID:".len()..]
            .split_whitespace()
            .next()
            .unwrap_or(""),
        None => text,
    }
}

/// The rules of a game set up at the position `text` names: `rules` with that position as
/// the array, the side it is seen from as White. Refused, in words, when the text is not a
/// Position ID or its position cannot start a game.
pub fn rules_at(rules: &Rules, text: &str) -> Result<Rules, String> {
    let id = id_in(text);
    if id.is_empty() {
        return Err("Paste or type a Position ID first.".into());
    }
    let position = position_id::decode(id)
        .map_err(|e| format!("`{id}` is not a Position ID: {e}. Nothing was changed."))?;
    let mut set_up = rules.clone();
    set_up.layout = Layout::Custom(position.to_setup(Side::White));
    Game::new(set_up.clone())
        .map_err(|e| format!("No game can start from `{id}`: {e}. Nothing was changed."))?;
    Ok(set_up)
}

impl PositionSetup {
    /// Opens the window, empty.
    pub fn open(&mut self) {
        *self = PositionSetup {
            open: true,
            focus: true,
            ..PositionSetup::default()
        };
    }

    /// Whether the window is open (and so has the keys).
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Shows the window while it is open. Returns the rules of the new game when the person
    /// sets up a position whose ID is good; a bad one is refused in the window, which stays
    /// open with the text, so it can be mended.
    pub fn show(&mut self, ctx: &egui::Context, rules: &Rules) -> Option<Rules> {
        if !self.open {
            return None;
        }
        let game = Preset::of(rules).map_or("these house rules", |p| p.title());
        let mut open = true;
        let mut set_up = false;
        let mut cancel = false;
        egui::Window::new("Set up a position")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(420.0)
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(ctx.content_rect().center())
            .show(ctx, |ui| {
                ui.label(format!(
                    "Paste a Position ID (GNU Backgammon's, 14 characters). A new game of \
                     {game} starts with the men there, with the throw-off; the side the ID is \
                     seen from plays White."
                ));
                let field = ui.add(
                    egui::TextEdit::singleline(&mut self.text)
                        .hint_text("for example 4HPwATDgc/ABMA")
                        .desired_width(f32::INFINITY),
                );
                if std::mem::take(&mut self.focus) {
                    field.request_focus();
                }
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if let Some(why) = &self.refused {
                    ui.label(RichText::new(why).color(Color32::from_rgb(140, 30, 20)));
                }
                ui.horizontal(|ui| {
                    set_up = ui.button("Set up").clicked() || entered;
                    cancel = ui.button("Cancel").clicked();
                });
            });
        if !open || cancel {
            self.open = false;
            return None;
        }
        if !set_up {
            return None;
        }
        match rules_at(rules, &self.text) {
            Ok(rules) => {
                self.open = false;
                Some(rules)
            }
            Err(why) => {
                self.refused = Some(why);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_is_found_in_gnubgs_whole_line() {
        assert_eq!(
            id_in("  Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA "),
            "4HPwATDgc/ABMA"
        );
        assert_eq!(id_in(" 4HPwATDgc/ABMA\n"), "4HPwATDgc/ABMA");
    }

    #[test]
    fn a_position_keeps_every_rule_but_the_array() {
        let rules = Rules::preset(Preset::Fails);
        let set_up = rules_at(&rules, "4HPwATDgc/ABMA").unwrap();
        assert_eq!(set_up.dice, rules.dice);
        assert_eq!(
            Game::new(set_up).unwrap().position(),
            position_id::decode("4HPwATDgc/ABMA").unwrap()
        );
        assert!(rules_at(&rules, "").is_err());
        assert!(rules_at(&rules, "4HPwATDgc/ABM!").is_err());
    }
}
