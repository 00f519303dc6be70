//! Nothing moves or changes meaning under the pointer between two clicks: the board stays put
//! when a message comes under the status line; at the tiles the buttons keep their places
//! when a game ends; Set up a position opens in the same place each time; the first-game
//! guide follows the game to its end; Escape closes an open menu and does nothing else.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui_kittest::kittest::Queryable;

use gamester::ui::look::Look;

use super::support;
use support::*;

#[test]
fn escape_closes_an_open_menu_and_does_nothing_else() {
    // Given a game replayed, turn by turn (where Escape leaves the replay)
    let mut h = harness(21, two_people());
    h.run();
    play_first_plays(&mut h, 2);
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Replay this game, turn by turn").click();
    h.run();
    assert!(h.state().is_replaying());
    // And the View menu open
    h.get_by_label("View").click();
    h.run();
    assert!(h.query_by_label(Look::Plain.words()).is_some());
    // When Escape is pressed
    h.key_press(egui::Key::Escape);
    h.run();
    // Then the menu is closed, and the replay goes on
    assert!(
        h.query_by_label(Look::Plain.words()).is_none(),
        "the menu closed"
    );
    assert!(h.state().is_replaying(), "the replay was not left");
    // And a second Escape leaves the replay, as it does with no menu open
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.state().is_replaying());
}
