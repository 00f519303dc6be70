//! The tiles table's keys: what Help → Keys lists, and the presses read into what the person
//! asks of the table.

use egui::{Key, Modifiers};

use crate::players::Controller;
use crate::tiles::{Action, End};
use crate::ui::shell::screen::NUMBER_KEYS;
use crate::ui::tiles::view::{self, Spot, TilesIntent};

use super::TilesScreen;

/// The keys of the tiles table, as Help → Keys lists them.
pub const TILES_KEYS: &[(&str, &str)] = &[
    (
        "Right, Left",
        "pick up the next (or the last) tile of your hand that may be laid",
    ),
    ("1 … 9", "pick up the first … ninth tile of your hand"),
    (
        "Enter",
        "lay the tile picked where it fits (after a hand: the next hand)",
    ),
    (
        "Home, End",
        "lay the tile picked at the left end, at the right end",
    ),
    ("D", "draw from the boneyard"),
    ("K", "knock: you cannot lay, and play passes on"),
    (
        "Space",
        "throw for the set; at a shared screen, show your tiles",
    ),
    ("Escape", "put the tile back"),
    (
        "Left, Right, Home, End, Escape",
        "in a replay: a move back, a move on, the start, the end; leave",
    ),
];

impl TilesScreen {
    /// The keys of the table: tiles picked and laid, the boneyard, a knock, the set, the next
    /// hand. They act only for the person whose turn it is.
    pub(super) fn keys(&self, ctx: &egui::Context) -> Vec<TilesIntent> {
        let table = &self.session;
        let game = table.game();
        let plain = Modifiers::NONE;
        let mut out = Vec::new();
        let pressed = |key: Key| ctx.input_mut(|i| i.consume_key(plain, key));
        if pressed(Key::Space) {
            if table.to_throw() && table.sitters().contains(&Controller::Person) {
                out.push(TilesIntent::Throw);
            } else if table.waits_to_reveal() {
                out.push(TilesIntent::Reveal);
            }
        }
        if table.waits_to_reveal() {
            if pressed(Key::Enter) {
                out.push(TilesIntent::Reveal);
            }
            return out;
        }
        if table.waits_for_next() && pressed(Key::Enter) {
            out.push(TilesIntent::GoOn);
        }
        let Some(me) = table.person_to_act() else {
            return out;
        };
        let hand = game.hand(me);
        let may_lay = |tile: &&crate::tiles::Tile| {
            matches!(
                view::clicked(table, Spot::Hand(**tile)),
                Some(TilesIntent::Pick(_))
            )
        };
        let at = table.picked.and_then(|t| hand.iter().position(|h| *h == t));
        if pressed(Key::ArrowRight) {
            let next = hand
                .iter()
                .enumerate()
                .filter(|(i, _)| at.is_none_or(|a| *i > a))
                .map(|(_, t)| t)
                .find(may_lay)
                .or_else(|| hand.iter().find(may_lay));
            // The arrows only ever pick up: the one tile that may be laid stays picked up.
            out.extend(
                next.filter(|t| table.picked != Some(**t))
                    .map(|t| TilesIntent::Pick(*t)),
            );
        }
        if pressed(Key::ArrowLeft) {
            let before = hand
                .iter()
                .enumerate()
                .rev()
                .filter(|(i, _)| at.is_none_or(|a| *i < a))
                .map(|(_, t)| t)
                .find(may_lay)
                .or_else(|| hand.iter().rev().find(may_lay));
            out.extend(
                before
                    .filter(|t| table.picked != Some(**t))
                    .map(|t| TilesIntent::Pick(*t)),
            );
        }
        for (n, key) in NUMBER_KEYS.into_iter().enumerate() {
            if pressed(key)
                && let Some(&tile) = hand.get(n)
            {
                out.extend(view::clicked(table, Spot::Hand(tile)));
            }
        }
        if let Some(tile) = table.picked {
            let offered = view::ends_to_offer(table, tile);
            if pressed(Key::Enter) {
                out.push(match offered.as_slice() {
                    [end] => TilesIntent::Act(Action::Lay { tile, end: *end }),
                    _ => TilesIntent::Say(format!(
                        "The {} fits both ends: Home lays it at the left end, End at the right.",
                        tile.words()
                    )),
                });
            }
            for (key, end) in [(Key::Home, End::Left), (Key::End, End::Right)] {
                if pressed(key) {
                    let fits = offered.contains(&end) || game.ends_for(tile).contains(&end);
                    out.push(if fits {
                        TilesIntent::Act(Action::Lay { tile, end })
                    } else {
                        TilesIntent::Say(format!("The {} does not fit that end.", tile.words()))
                    });
                }
            }
            if pressed(Key::Escape) {
                out.push(TilesIntent::Pick(tile));
            }
        }
        if pressed(Key::D) {
            out.extend(view::clicked(table, Spot::Boneyard));
        }
        if pressed(Key::K) {
            out.push(if game.legal_actions().contains(&Action::Pass) {
                TilesIntent::Act(Action::Pass)
            } else {
                TilesIntent::Say("You may not knock now: you can lay or draw.".into())
            });
        }
        out
    }
}
