//! Nothing moves or changes meaning under the pointer between two clicks: the board stays put
//! when a message comes under the status line; at the tiles the buttons keep their places
//! when a game ends; Set up a position opens in the same place each time; the first-game
//! guide follows the game to its end; Escape closes an open menu and does nothing else.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui_kittest::kittest::Queryable;

use gamester::ui::Settings;
use gamester::ui::look::Look;
use gamester_rules::tables::{Action, Preset, Rules};

use super::support;
use support::*;

#[test]
fn the_first_game_guide_follows_the_game_to_its_end() {
    // Given a game of modern backgammon between two people, the guide open at its start
    let settings = Settings {
        preset: Some(Preset::Modern),
        rules: Rules::preset(Preset::Modern),
        ..two_people()
    };
    let mut h = harness(4, settings);
    h.run();
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("First game guide").click();
    h.run();
    for _ in 0..2 {
        h.get_by_label("Next").click();
        h.run();
    }
    // When the game is played to its end
    let mut seen = Vec::new();
    for _ in 0..3000 {
        let game = h.state().session().game().clone();
        if game.is_over() {
            break;
        }
        let session = h.state_mut().session_mut();
        if game.waits_for_dice() {
            session.throw().unwrap();
        } else if let Some(play) = game.legal_plays().first() {
            session.apply_play(play).unwrap();
        } else {
            session.apply(Action::Confirm).unwrap();
        }
        h.run();
        h.run();
        for n in 5..=8 {
            if h.query_by_label_contains(&format!("({n}/8)")).is_some() && !seen.contains(&n) {
                seen.push(n);
            }
        }
    }
    assert!(h.state().session().game().is_over());
    h.run();
    h.run();
    // Then the guide went on as the game did: bearing off, then winning
    assert!(
        h.query_by_label_contains("Winning (8/8)").is_some(),
        "the guide stayed on {seen:?}"
    );
    assert!(seen.contains(&7), "bearing off was shown: {seen:?}");
}

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
