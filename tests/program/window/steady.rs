//! Nothing moves or changes meaning under the pointer between two clicks: the board stays put
//! when a message comes under the status line; at the tiles the buttons keep their places
//! when a game ends; Set up a position opens in the same place each time; the first-game
//! guide follows the game to its end; Escape closes an open menu and does nothing else.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use gamester::ui::GamesterApp;
use gamester::ui::Settings;
use gamester::ui::tables::look::Look;
use gamester_core::level::Level;
use gamester_rules::tables::{Action, Preset, Rules, Side};
use gamester_rules::tiles;

use super::support;
use super::tiles::{at_tiles, click_a_move, tiles_settings};
use support::*;

fn board(h: &Harness<'static, GamesterApp>) -> egui::Rect {
    h.state().board_drawn().unwrap().0
}

#[test]
fn the_board_stays_put_when_a_message_comes_and_goes_under_the_status() {
    for size in [egui::vec2(800.0, 600.0), egui::vec2(1400.0, 900.0)] {
        // Given a broken file among the recent ones, and the board drawn
        let dir = tempfile::tempdir().unwrap();
        let broken = dir.path().join("broken.ron");
        std::fs::write(&broken, "(format: 1, rules: (").unwrap();
        let mut settings = two_people();
        settings.recent.add(broken.clone());
        let mut h = harness(15, settings);
        h.set_size(size);
        h.run();
        h.run();
        let at = board(&h);
        // When opening it fails, and a message says so under the status line
        h.get_by_label("Game").click();
        h.run();
        h.get_by_label("Open recent").click();
        h.run();
        h.get_by_label(&broken.file_name().unwrap().to_string_lossy())
            .click();
        h.run();
        finish_opening(&mut h);
        h.run();
        assert!(h.state().message().is_some());
        // Then the board has not moved
        assert_eq!(board(&h), at, "at {size:?}, with the message");
        // And as the game goes on and the message lapses, it stays where it was
        for turn in 0..6 {
            play_first_plays(&mut h, 1);
            assert_eq!(board(&h), at, "at {size:?}, turn {turn}");
        }
        assert!(h.state().message().is_none());
    }
}

#[test]
fn the_board_stays_put_while_the_computer_thinks_and_the_status_changes() {
    for size in [egui::vec2(800.0, 600.0), egui::vec2(1024.0, 600.0)] {
        // Given a game against the computer on a small window
        let mut h = harness(9, Settings::default());
        h.set_size(size);
        h.run();
        h.run();
        let at = board(&h);
        let mut thought = 0;
        // When turns are played, the computer thinking and the status saying each in its words
        for turn in 0..6 {
            if h.state().session().game().is_over() {
                break;
            }
            throw_until_playing(&mut h);
            let play = h.state().session().game().legal_plays()[0];
            h.state_mut().session_mut().apply_play(&play).unwrap();
            for _ in 0..400 {
                h.step();
                // Then the board never moves
                assert_eq!(board(&h), at, "at {size:?}, turn {turn}");
                thought += usize::from(h.state().computer_thinking());
                let game = h.state().session().game();
                if game.is_over() || (!h.state().computer_thinking() && game.turn() == Side::White)
                {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        assert!(thought > 0, "the computer was seen thinking");
    }
}

#[test]
fn at_the_tiles_no_button_takes_another_ones_place_when_a_game_ends() {
    // Given Muggins for two, the person against the computer
    let preset = tiles::Preset::Muggins;
    let mut h = at_tiles(
        7,
        tiles_settings(preset, tiles::Rules::preset(preset), Level::Fair),
    );
    let new_game = h.get_by_label("New game…").rect();
    // When the person plays the whole game by clicks
    let mut moves = 0;
    while click_a_move(&mut h) {
        moves += 1;
        assert!(moves < 3000, "the game ends");
        // Then New game… never moves
        assert_eq!(h.get_by_label("New game…").rect(), new_game, "move {moves}");
    }
    h.run();
    assert_eq!(h.get_by_label("New game…").rect(), new_game, "at the end");
    // And the boneyard's button is still where it was, and does nothing now
    let draw = h.get_by_label("Draw from the boneyard");
    assert!(draw.accesskit_node().is_disabled());
    assert!(draw.rect().max.x < new_game.min.x);
}

#[test]
fn at_a_shared_screen_showing_a_players_tiles_moves_no_button() {
    // Given Draw for two friends at one screen
    let preset = tiles::Preset::Draw;
    let mut settings = tiles_settings(preset, tiles::Rules::preset(preset), Level::Fair);
    settings.tiles.all_people = true;
    let mut h = at_tiles(61, settings);
    let new_game = h.get_by_label("New game…").rect();
    for turn in 0..6 {
        let t = h.state().tiles().unwrap();
        if t.game().phase() != tiles::Phase::Playing {
            break;
        }
        // When each shows his tiles and plays
        let show = format!("Show {}'s tiles", t.name(t.game().turn()));
        let at = h.get_by_label(&show).rect();
        super::tiles::press(&mut h, &show);
        // Then the button in its place does nothing now, and New game… has not moved
        let there = h.get_by_label("Next hand");
        assert_eq!(there.rect().min, at.min, "turn {turn}");
        assert!(there.accesskit_node().is_disabled(), "turn {turn}");
        assert_eq!(h.get_by_label("New game…").rect(), new_game, "turn {turn}");
        assert!(click_a_move(&mut h));
    }
}

/// Where the parts of Set up a position lie, once it is open.
fn set_up_window(h: &mut Harness<'static, GamesterApp>) -> [egui::Rect; 3] {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Set up a position…").click();
    h.run();
    h.run();
    [
        h.get_by_role(Role::TextInput).rect(),
        h.get_by_label("Set up").rect(),
        h.get_by_label("Cancel").rect(),
    ]
}

#[test]
fn set_up_a_position_opens_in_the_same_place_each_time() {
    for size in [egui::vec2(1280.0, 820.0), egui::vec2(800.0, 600.0)] {
        let mut h = harness(3, two_people());
        h.set_size(size);
        h.run();
        // Given Set up a position opened once, and closed
        let first = set_up_window(&mut h);
        h.get_by_label("Cancel").click();
        h.run();
        // When it is opened again
        let second = set_up_window(&mut h);
        // Then it stands where it stood
        assert_eq!(first, second, "at {size:?}, opened again");
        // And after a refusal, closed and opened again, too
        h.get_by_role(Role::TextInput).focus();
        h.run();
        h.get_by_role(Role::TextInput).type_text("nonsense");
        h.run();
        h.get_by_label("Set up").click();
        h.run();
        h.get_by_label("Cancel").click();
        h.run();
        let third = set_up_window(&mut h);
        assert_eq!(first, third, "at {size:?}, after a refusal");
    }
}

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
