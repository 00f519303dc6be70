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

use crate::tables::{
    Crawford, Game, Layout, MATCH_MOST, Preset, Rules, Side, Tally, match_id, position_id, xgid,
};

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
    /// How many times the window has been opened: each opening is a window of its own, so it
    /// opens where the first did, however the last one grew (a refusal) or was moved.
    openings: u32,
}

/// The Position ID of a game's position, seen from the side on roll as GNU Backgammon gives it
/// (before the throw-off, from White).
#[must_use]
pub fn id_of(game: &Game) -> String {
    position_id::encode(&game.position_for(game.turn()))
}

/// GNU Backgammon's whole ID of `game`, as gnubg shows and takes it: the Position ID, a colon,
/// and the Match ID (the cube, the side on roll and the side to decide, the dice; a money
/// session, White as gnubg's player 1).
#[must_use]
pub fn gnubg_id_of(game: &Game) -> String {
    format!(
        "{}:{}",
        id_of(game),
        match_id::encode(&match_id::of_game(game))
    )
}

/// Copies GNU Backgammon's whole ID of `game` to the clipboard, and says so.
pub fn copy_gnubg_id(ctx: &egui::Context, game: &Game) -> String {
    let id = gnubg_id_of(game);
    ctx.copy_text(id.clone());
    format!(
        "GNU Backgammon ID {id} copied to the clipboard: the Position ID, then the Match ID \
         (the cube, who is on roll, the dice); paste it into GNU Backgammon's ID box"
    )
}

/// eXtreme Gammon's XGID of `game`, White as its X (the player at the bottom).
#[must_use]
pub fn xgid_of(game: &Game) -> String {
    xgid::encode(&xgid::of_game(game))
}

/// Copies the XGID of `game` to the clipboard, and says so.
pub fn copy_xgid(ctx: &egui::Context, game: &Game) -> String {
    let id = xgid_of(game);
    ctx.copy_text(id.clone());
    format!(
        "{id} copied to the clipboard: eXtreme Gammon's ID of the position, the cube, the dice \
         and the score (White is its X, at the bottom); XG and GNU Backgammon take it"
    )
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

/// The Position ID in what a person pasted, with the Match ID if one came with it: the text
/// itself; the word after "Position ID:" (and "Match ID :") when the lines GNU Backgammon shows
/// were copied; or both halves of its whole ID, `POSITION:MATCH` (after "GNUBg ID:", if that
/// came too).
fn ids_in(text: &str) -> (&str, Option<&str>) {
    let text = text.trim();
    let after = |label: &str| {
        text.find(label).map(|at| {
            text[at + label.len()..]
                .trim_start_matches([' ', ':'])
                .split_whitespace()
                .next()
                .unwrap_or("")
        })
    };
    let whole = after("GNUBg ID").unwrap_or(text);
    if let Some(position) = after("Position ID:") {
        return (position, after("Match ID"));
    }
    match whole.split_once(':') {
        Some((position, matched)) => (position.trim(), Some(matched.trim())),
        None => (whole, None),
    }
}

/// The match an ID gives: its length and the score, White's first (0 for money), and whether
/// the game is the Crawford game.
struct MatchGiven {
    length: u16,
    score: [u32; 2],
    crawford_game: bool,
}

/// `rules` set to a pasted ID's match, and the tally the new game begins with: the match's
/// length and score, and where the Crawford rule stands. Money leaves both as they were.
fn in_match(rules: &Rules, given: Option<MatchGiven>) -> Result<(Rules, Tally), String> {
    let Some(m) = given.filter(|m| m.length > 0) else {
        return Ok((rules.clone(), Tally::default()));
    };
    if m.length > MATCH_MOST {
        return Err(format!(
            "The ID is of a match to {} points; Gamester plays matches to {MATCH_MOST} at most. \
             Nothing was changed.",
            m.length
        ));
    }
    let mut set_up = rules.clone();
    set_up.match_to = m.length;
    set_up.crawford = true;
    let near = m.score.iter().any(|&s| s + 1 == u32::from(m.length));
    let tally = Tally {
        white: m.score[0],
        black: m.score[1],
        crawford: match (near, m.crawford_game) {
            (_, true) => Crawford::ThisGame,
            (true, false) => Crawford::Played,
            (false, false) => Crawford::Ahead,
        },
        ..Tally::default()
    };
    Ok((set_up, tally))
}

/// The rules and the tally of a game set up at the position `text` names: `rules` with that
/// position as the array, the side it is seen from as White (an XGID's X), and a match's
/// length and score where the ID gives them (a Match ID or an XGID). Refused, in words, when
/// the text is not an ID or its position cannot start a game.
pub fn rules_at(rules: &Rules, text: &str) -> Result<(Rules, Tally), String> {
    let refused_start = |e: &dyn std::fmt::Display| {
        format!(
            "No game can start from `{}`: {e}. Nothing was changed.",
            text.trim()
        )
    };
    if xgid::looks_like(text) {
        let id = xgid::decode(text).map_err(|e| {
            format!(
                "`{}` is not an XGID: {e}. Nothing was changed.",
                text.trim()
            )
        })?;
        let (mut set_up, tally) = in_match(
            rules,
            Some(MatchGiven {
                length: id.length,
                score: id.score,
                crawford_game: id.rule_bits & 1 == 1,
            }),
        )?;
        set_up.layout = Layout::Custom(id.position.to_setup(Side::White));
        Game::with_tally(set_up.clone(), tally).map_err(|e| refused_start(&e))?;
        return Ok((set_up, tally));
    }
    let (id, matched) = ids_in(text);
    if id.is_empty() {
        return Err("Paste or type a Position ID first.".into());
    }
    let key = match matched.map(match_id::decode) {
        Some(Err(e)) => {
            return Err(format!(
                "`{}` is not a Match ID: {e}. Nothing was changed.",
                matched.unwrap_or_default()
            ));
        }
        Some(Ok(key)) => Some(key),
        None => None,
    };
    let position = position_id::decode(id)
        .map_err(|e| format!("`{id}` is not a Position ID: {e}. Nothing was changed."))?;
    // The Position ID is seen from the player on roll, who plays White here.
    let given = key.map(|k| {
        let (mine, theirs) = if k.on_roll == 1 { (1, 0) } else { (0, 1) };
        MatchGiven {
            length: k.length,
            score: [u32::from(k.score[mine]), u32::from(k.score[theirs])],
            crawford_game: k.crawford,
        }
    });
    let (mut set_up, tally) = in_match(rules, given)?;
    set_up.layout = Layout::Custom(position.to_setup(Side::White));
    Game::with_tally(set_up.clone(), tally).map_err(|e| refused_start(&e))?;
    Ok((set_up, tally))
}

impl PositionSetup {
    /// Opens the window, empty.
    pub fn open(&mut self) {
        *self = PositionSetup {
            open: true,
            focus: true,
            openings: self.openings.wrapping_add(1),
            ..PositionSetup::default()
        };
    }

    /// Opens the window with `text` in its field (pasted on the table), to set up at Enter.
    pub fn open_with(&mut self, text: &str) {
        self.open();
        self.text = text.trim().to_string();
    }

    /// Whether the window is open (and so has the keys).
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Shows the window while it is open. Returns the rules of the new game when the person
    /// sets up a position whose ID is good; a bad one is refused in the window, which stays
    /// open with the text, so it can be mended.
    pub fn show(&mut self, ctx: &egui::Context, rules: &Rules) -> Option<(Rules, Tally)> {
        if !self.open {
            return None;
        }
        let game = Preset::of(rules).map_or("these house rules", |p| p.title());
        let mut open = true;
        let mut set_up = false;
        let mut cancel = false;
        // Hung from its top, a fifth of the way down the window: a refusal lengthens it
        // downwards, leaving the field where it was.
        let area = ctx.content_rect();
        egui::Window::new("Set up a position")
            .id(egui::Id::unique("set up a position").with(self.openings))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(420.0)
            .pivot(egui::Align2::CENTER_TOP)
            .default_pos(egui::pos2(
                area.center().x,
                area.top() + area.height() / 5.0,
            ))
            .show(ctx, |ui| {
                ui.label(format!(
                    "Paste a Position ID (GNU Backgammon's, 14 characters), its whole ID \
                     (the Position ID, a colon and the Match ID), or an XGID (eXtreme \
                     Gammon's). A new game of {game} starts with the men there, with the \
                     throw-off; the side a Position ID is seen from plays White, and an XGID's \
                     X. A match's length and score are taken (from the Match ID or the XGID); \
                     the cube and the dice are not: the game begins as any game does."
                ));
                let field = ui.add(
                    egui::TextEdit::singleline(&mut self.text)
                        .hint_text("for example 4HPwATDgc/ABMA")
                        .desired_width(f32::INFINITY),
                );
                ui.ctx().accesskit_node_builder(field.id, |node| {
                    node.set_label("Position ID or XGID");
                });
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
    fn the_ids_are_found_in_gnubgs_lines_and_in_its_whole_id() {
        let both = ("4HPwATDgc/ABMA", Some("cAkAAAAAAAAA"));
        assert_eq!(
            ids_in("  Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA "),
            both
        );
        // The two lines GNU Backgammon shows, as copied from its window
        assert_eq!(
            ids_in(
                " GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n                 Match ID   : cAkAAAAAAAAA"
            ),
            both
        );
        assert_eq!(ids_in("4HPwATDgc/ABMA:cAkAAAAAAAAA"), both);
        assert_eq!(ids_in(" GNUBg ID   : 4HPwATDgc/ABMA:cAkAAAAAAAAA "), both);
        assert_eq!(ids_in(" 4HPwATDgc/ABMA\n"), ("4HPwATDgc/ABMA", None));
    }

    #[test]
    fn a_whole_id_sets_up_its_position_and_a_broken_match_id_is_refused() {
        let rules = Rules::preset(Preset::Modern);
        let game = Game::new(rules.clone()).unwrap();
        let whole = gnubg_id_of(&game);
        assert_eq!(
            rules_at(&rules, &whole).unwrap(),
            rules_at(&rules, "4HPwATDgc/ABMA").unwrap()
        );
        // A match's ID gives the match and its score, the side on roll's as White's: gnubg's
        // player 1 on roll in a match to 7, and (tests/data/xgids.txt, line 9) player 0 on roll
        // at 8 to 6 in a match to 9
        for (whole, on_roll, length) in [
            ("4HPwATDgc/ABMA:cAngAEAAEAAE", 1, 7),
            ("4HPkICLgM/gAVA:MAEgAYAAMAAE", 0, 9),
        ] {
            let (set_up, tally) = rules_at(&rules, whole).unwrap();
            let key = match_id::decode(&whole[15..]).unwrap();
            assert_eq!((key.length, key.on_roll), (length, on_roll));
            assert_eq!(set_up.match_to, length);
            let (mine, theirs) = (usize::from(on_roll), usize::from(1 - on_roll));
            assert_eq!(
                (tally.white, tally.black),
                (u32::from(key.score[mine]), u32::from(key.score[theirs]))
            );
        }
        let (_, tally) = rules_at(&rules, "4HPkICLgM/gAVA:MAEgAYAAMAAE").unwrap();
        assert_eq!((tally.white, tally.black), (8, 6));
        // and an XGID its own, X's (White's) first, the Crawford game as it says
        let (set_up, tally) = rules_at(
            &rules,
            "XGID=-b---BE-B-B-dB---bBe--b---:0:0:1:61:5:8:1:9:10",
        )
        .unwrap();
        assert_eq!(set_up.match_to, 9);
        assert_eq!((tally.white, tally.black), (5, 8));
        assert_eq!(tally.crawford(), Crawford::ThisGame);
        assert!(Game::with_tally(set_up, tally).unwrap().is_crawford_game());
        let refused = rules_at(&rules, "4HPwATDgc/ABMA:cAkAAAAA!AAA").unwrap_err();
        assert!(refused.contains("is not a Match ID"), "{refused}");
    }

    #[test]
    fn a_position_keeps_every_rule_but_the_array() {
        let rules = Rules::preset(Preset::Fails);
        let (set_up, tally) = rules_at(&rules, "4HPwATDgc/ABMA").unwrap();
        assert_eq!(tally, Tally::default());
        assert_eq!(set_up.dice, rules.dice);
        assert_eq!(
            Game::new(set_up).unwrap().position(),
            position_id::decode("4HPwATDgc/ABMA").unwrap()
        );
        assert!(rules_at(&rules, "").is_err());
        assert!(rules_at(&rules, "4HPwATDgc/ABM!").is_err());
    }
}
